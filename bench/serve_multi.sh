#!/bin/sh
# The server benchmark across stores and processes (issue 22, Part 2; docs/PERFORMANCE.md):
# the same load as bench/serve_bench.sh (bench_client: GAMES concurrent games of two
# seats answering every state at once, delta frames) against
#   sqlite   one process on SQLite, direct
#   sqlite+nginx  the same through nginx
#   pg1      one process on PostgreSQL, through nginx
#   pg3      three processes on one PostgreSQL, through nginx (deploy/nginx's routing)
# side by side in one run: moves/s, latency p50/p99 (the kernel's arrival at the
# client), and the servers' memory per live game (all processes' resident memory, sampled
# mid-run, less before, over the games). PostgreSQL and nginx are started here in a
# scratch folder (as tests/server/pg_lib.sh and nginx.sh do) and stopped at the end.
# A benchmark prints figures; it does not pass or fail on them.
# Usage: bench/serve_multi.sh [GAMES] [BUILD_DIR]   (build first: make)
set -eu
GAMES=${1:-200}
BUILD=${2:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CARC=$BUILD/carc
BENCH=$BUILD/tests/server/bench_client
[ -x "$CARC" ] && [ -x "$BENCH" ] || { echo "serve_multi: build first (make)"; exit 2; }
CARC=$(cd "$(dirname "$CARC")" && pwd)/carc
BENCH=$(cd "$(dirname "$BENCH")" && pwd)/bench_client
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$NGINX" ] || { echo "serve_multi: no nginx (scripts/deps.sh installs it)"; exit 2; }
DIR=$(mktemp -d "${TMPDIR:-/tmp}/carc-serve-multi.XXXXXX")
kill_server() { :; }
. "$ROOT/tests/server/pg_lib.sh"
PIDS=
cleanup() {
    [ -f "$DIR/nginx/nginx.pid" ] && kill "$(cat "$DIR/nginx/nginx.pid")" 2>/dev/null
    for p in $PIDS; do kill "$p" 2>/dev/null; done
    pg_stop
    rm -rf "$DIR"
}
pg_start
trap cleanup EXIT
mkdir -p "$DIR/nginx/tmp"
chmod 755 "$DIR" "$DIR/nginx"

# serve DB N: starts N processes on DB; their ports in PORTS, pids in PIDS
serve() {
    PORTS= PIDS=
    for i in $(seq "$2"); do
        : > "$DIR/out$i"
        "$CARC" serve --port 0 --db "$1" --web "$ROOT/web" --quiet --idle-evict 2 \
            --trusted-proxy 127.0.0.1 --max-per-ip $((GAMES * 2 + 16)) \
            --max-conns-per-ip $((GAMES * 2 + 64)) --unjoined-per-ip $((GAMES + 16)) \
            --games-per-minute $((GAMES + 16)) > "$DIR/out$i" &
        PIDS="$PIDS $!"
        while ! grep -q '^carc serve: http' "$DIR/out$i"; do sleep 0.05; done
        PORTS="$PORTS $(sed -n 's|^carc serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$DIR/out$i")"
    done
}
# proxy: nginx in front of PORTS; its port in NPORT
proxy() {
    NPORT=$((${NPORT:-$((30000 + $$ % 20000))} + 1))
    tries=0
    while :; do
    # shellcheck disable=SC2086
    "$ROOT/deploy/nginx/local-conf.sh" "$DIR/nginx" "$NPORT" 1 $PORTS
    "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" 2> "$DIR/nginx/start.err" && break
    tries=$((tries + 1))
    [ $tries -lt 10 ] || { cat "$DIR/nginx/start.err"; exit 1; }
    NPORT=$((NPORT + 1))
    done
    sleep 0.3
}
unproxy() {
    kill "$(cat "$DIR/nginx/nginx.pid")"
    while [ -f "$DIR/nginx/nginx.pid" ]; do sleep 0.05; done
}
rss() {  # the processes' resident memory, KiB
    t=0
    for p in $PIDS; do t=$((t + $(awk '/^VmRSS/ { print $2 }' "/proc/$p/status"))); done
    echo "$t"
}
# run NAME PORT: the load, and a line of the table
run() {
    r0=$(rss)
    "$BENCH" "$2" --games "$GAMES" --seed 1 --timeout 600 > "$DIR/$1.out" 2>&1 &
    b=$!
    sleep 1.5
    r1=$(rss)
    wait "$b" || { echo "$1: bench_client failed"; tail -3 "$DIR/$1.out"; return; }
    mps=$(sed -n 's/.*: \([0-9]*\) moves\/s$/\1/p' "$DIR/$1.out")
    lat=$(sed -n 's/^latency move -> state, kernel arrival[^:]*: p50 \([0-9.]*\) ms, p99 \([0-9.]*\) ms.*/\1 \2/p' "$DIR/$1.out")
    printf "%-14s %8s %9s %9s %10s\n" "$1" "$mps" "${lat% *}" "${lat#* }" \
        "$(awk -v a="$r0" -v b="$r1" -v g="$GAMES" 'BEGIN { printf "%.1f", (b - a) / g }')"
    for p in $PIDS; do kill "$p"; wait "$p" 2>/dev/null || true; done
    PIDS=
}
echo "carc serve across stores and processes: $GAMES games, 2 seats, gifts,christmas, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-14s %8s %9s %9s %10s\n" setup "moves/s" "p50 ms" "p99 ms" "KiB/game"
serve "$DIR/a.sqlite" 1
run sqlite $(echo $PORTS)
serve "$DIR/b.sqlite" 1
proxy
run sqlite+nginx "$NPORT"
unproxy
serve "$(pg_uri pg1)" 1
proxy
run pg1 "$NPORT"
unproxy
serve "$(pg_uri pg3)" 3
proxy
run pg3 "$NPORT"
unproxy
echo "(memory: all processes' resident set 1.5 s into the run, less before, per game; pg3's"
echo " first move of a game waits for the creating process to hand it over to the one the"
echo " proxy routes it to: NOTIFY, then a claim)"
