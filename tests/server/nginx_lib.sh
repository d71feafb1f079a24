# Several `carc serve` processes on one PostgreSQL database behind nginx with
# deploy/nginx's routing and locations (sourced after lib.sh and pg_lib.sh; nginx.sh,
# rejoin.sh). Skips (exit 77) without nginx.
#   procs_start N [options]: N processes on CARC_TEST_DB; PORTS and PIDS list them
#       (the i-th of each is process i, from 1); their logs in $DIR/serveI.err
#   proc_restart I [options]: process I again on its port (after it stopped)
#   proc_stop I SIGNAL: sends SIGNAL to process I and waits for it to end
#   nginx_start: nginx on a port of its own (NGINX_PORT), proxying to PORTS
#   nginx_stop_all: nginx, the processes and PostgreSQL stopped, $DIR removed (EXIT)
DEPLOY=$(cd "$(dirname "$0")/../../deploy/nginx" && pwd)
command -v nginx > /dev/null || [ -x /usr/sbin/nginx ] ||
    { echo "SKIP: no nginx (scripts/deps.sh installs it)"; exit 77; }
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
PORTS= PIDS= NGINX_PORT=

nth() { echo "$2" | tr ' ' '\n' | sed '/^$/d' | sed -n "$1p"; }
set_nth() { echo "$3" | tr ' ' '\n' | sed '/^$/d' | awk -v i="$1" -v v="$2" 'NR == i { $0 = v } { printf "%s ", $0 }'; }

procs_start() {
    nl_n=$1
    shift
    SERVE_QUIET=
    for nl_k in $(seq 1 "$nl_n"); do
        PORT=
        start_server "$@"
        PORTS="$PORTS $PORT"
        PIDS="$PIDS $SERVER_PID"
        mv "$DIR/serve.err" "$DIR/serve$nl_k.err"
    done
    SERVER_PID=
    trap nginx_stop_all EXIT
}

# (start_server uses $i: the process's number is kept in $nl_i)
proc_restart() {
    nl_i=$1
    shift
    PORT=$(nth "$nl_i" "$PORTS")
    start_server "$@"
    mv "$DIR/serve.err" "$DIR/serve$nl_i.$SERVER_PID.err"
    PIDS=$(set_nth "$nl_i" "$SERVER_PID" "$PIDS")
    SERVER_PID=
}

proc_stop() {
    p=$(nth "$1" "$PIDS")
    kill "-$2" "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
}

nginx_stop_all() {
    if [ -f "$DIR/nginx/nginx.pid" ]; then kill "$(cat "$DIR/nginx/nginx.pid")" 2>/dev/null || true; fi
    for p in $PIDS; do kill "$p" 2>/dev/null || true; done
    for p in $PIDS; do wait "$p" 2>/dev/null || true; done
    pg_stop
    rm -rf "$DIR"
}

# nginx with the shipped routing and locations (deploy/nginx/local-conf.sh), on a
# port of its own
nginx_start() {
    mkdir -p "$DIR/nginx"
    chmod 755 "$DIR" "$DIR/nginx"
    NGINX_PORT=$((20000 + $$ % 20000))
    tries=0
    while :; do
        # shellcheck disable=SC2086
        "$DEPLOY/local-conf.sh" "$DIR/nginx" "$NGINX_PORT" 2 $PORTS
        "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" 2> "$DIR/nginx/start.err" && break
        tries=$((tries + 1))
        [ $tries -lt 5 ] || { echo "FAIL: nginx does not start"; cat "$DIR/nginx/start.err"; exit 1; }
        NGINX_PORT=$((NGINX_PORT + 1))
    done
    i=0
    until "$CLIENT" get "$NGINX_PORT" /api/tiles 2> /dev/null | head -1 | grep -q '^200 '; do
        i=$((i + 1))
        [ $i -lt 50 ] || { echo "FAIL: nothing answers through nginx"; cat "$DIR/nginx/error.log"; exit 1; }
        sleep 0.1
    done
}

# The process with the most sockets open (the most sessions): its number (from 1).
proc_busiest() {
    best=1 most=-1 i=0
    for p in $PIDS; do
        i=$((i + 1))
        n=$(ls -l "/proc/$p/fd" 2>/dev/null | grep -c 'socket:' || true)
        [ "$n" -gt "$most" ] && { most=$n; best=$i; }
    done
    echo "$best"
}
