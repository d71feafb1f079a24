#!/bin/sh
# Several processes behind nginx (issue 22, Part 2): three `carc serve` processes on one
# PostgreSQL database (pg_lib.sh), behind nginx with deploy/nginx's routing and
# locations (the upstream's addresses replaced by the test's ports). Games are played
# through the proxy; one process is killed with SIGKILL mid-game; its games' clients
# reconnect through the proxy, which sends them to another process, which takes the
# games over from the database; every game finishes, no state a client saw ever goes
# back (no acknowledged move lost) and every record replays. Skipped (exit 77) without
# nginx or PostgreSQL.
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
DEPLOY=$(cd "$(dirname "$0")/../../deploy/nginx" && pwd)
command -v nginx > /dev/null || [ -x /usr/sbin/nginx ] ||
    { echo "SKIP: no nginx (scripts/deps.sh installs it)"; exit 77; }
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
pg_start
CARC_TEST_DB=$(pg_uri multi)
export CARC_TEST_DB
SERVE_QUIET=
ports= pids=
for i in 1 2 3; do
    PORT=
    start_server --idle-evict 1 --trusted-proxy 127.0.0.1
    ports="$ports $PORT"
    pids="$pids $SERVER_PID"
    mv "$DIR/serve.err" "$DIR/serve$i.err"
done
SERVER_PID=
stop_all() {
    if [ -f "$DIR/nginx/nginx.pid" ]; then kill "$(cat "$DIR/nginx/nginx.pid")" 2>/dev/null || true; fi
    for p in $pids; do kill "$p" 2>/dev/null || true; done
    for p in $pids; do wait "$p" 2>/dev/null || true; done
    pg_stop
    rm -rf "$DIR"
}
trap stop_all EXIT
# nginx's configuration: the shipped routing with the test's ports, the shipped
# locations, a port of its own
mkdir -p "$DIR/nginx/tmp"
chmod 755 "$DIR" "$DIR/nginx"
awk -v ports="$ports" '
    /^ *server 127\.0\.0\.1:808[0-9]/ {
        if (!done) { n = split(ports, p, " "); for (i = 1; i <= n; i++)
            printf "    server 127.0.0.1:%s max_fails=1 fail_timeout=5s;\n", p[i]; done = 1 }
        next }
    { print }' "$DEPLOY/carc-routing.conf" > "$DIR/nginx/carc-routing.conf"
grep -c '^    server 127' "$DIR/nginx/carc-routing.conf" | grep -q '^3$' ||
    { echo "FAIL: the routing's upstream was not rewritten"; exit 1; }
np=$((20000 + $$ % 20000))
tries=0
while :; do
    cat > "$DIR/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $DIR/nginx/nginx.pid;
error_log $DIR/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $DIR/nginx/tmp/body;
    proxy_temp_path $DIR/nginx/tmp/proxy;
    fastcgi_temp_path $DIR/nginx/tmp/fastcgi;
    uwsgi_temp_path $DIR/nginx/tmp/uwsgi;
    scgi_temp_path $DIR/nginx/tmp/scgi;
    include $DIR/nginx/carc-routing.conf;
    server {
        listen 127.0.0.1:$np;
        include $DEPLOY/carc-locations.conf;
    }
}
CONF
    "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" 2> "$DIR/nginx/start.err" && break
    tries=$((tries + 1))
    [ $tries -lt 5 ] || { echo "FAIL: nginx does not start"; cat "$DIR/nginx/start.err"; exit 1; }
    np=$((np + 1))
done
i=0
until "$CLIENT" get "$np" /api/tiles 2> /dev/null | head -1 | grep -q '^200 '; do
    i=$((i + 1))
    [ $i -lt 50 ] || { echo "FAIL: nothing answers through nginx"; cat "$DIR/nginx/error.log"; exit 1; }
    sleep 0.1
done
# games through the proxy; the process with the most sessions killed mid-game
"$CLIENT" play "$np" --games 6 --seed 31 --reconnect --delay-ms 50 --timeout 240 \
    --records "$DIR/r.jsonl" > "$DIR/play.out" 2>&1 &
PLAY=$!
sleep 3
# the victim: the process with the most sockets open (the most sessions)
victim= most=-1
for p in $pids; do
    n=$(ls -l "/proc/$p/fd" 2>/dev/null | grep -c 'socket:' || true)
    [ "$n" -gt "$most" ] && { most=$n; victim=$p; }
done
kill -9 "$victim"
wait "$victim" 2>/dev/null || true
pids=$(for p in $pids; do [ "$p" = "$victim" ] || echo "$p"; done)
rc=0
wait "$PLAY" || rc=$?
[ "$rc" -eq 0 ] || { echo "FAIL: games through nginx: $(tail -5 "$DIR/play.out")"; tail -5 "$DIR/nginx/error.log"; exit 1; }
"$CARC" replay "$DIR/r.jsonl" > /dev/null || { echo "FAIL: a record does not replay"; exit 1; }
[ "$(wc -l < "$DIR/r.jsonl")" -eq 6 ] || { echo "FAIL: $(wc -l < "$DIR/r.jsonl") records of 6 games"; exit 1; }
# sessions were opened again (each is sent a history when it opens: 18 at first, 3 a
# game): the killed process's games were taken over
opened=$(sed -n 's/.* \([0-9]*\) histories .*/\1/p' "$DIR/play.out")
[ -n "$opened" ] && [ "$opened" -gt 18 ] ||
    { echo "FAIL: no session reconnected after the kill: $(tail -1 "$DIR/play.out")"; exit 1; }
echo "server nginx: ok ($(tail -1 "$DIR/play.out"))"
