#!/bin/sh
# The server benchmark (docs/PERFORMANCE.md): starts `carc serve` on a fresh database,
# opens GAMES concurrent games on loopback, two seats each, whose clients answer
# every state with a random legal move at once; prints moves per second, p50/p99
# latency from sending a move to receiving the state it produced, and the server's
# memory per live game, and the server's and the client's CPU per move; then checks that
# every record replays. The client is tests/server/bench_client (plain sockets, epoll);
# SERVE_BENCH_CLIENT=ws_client uses the libwebsockets test client instead. With THINK_MS > 0 each
# client waits that long (rounded up to the client's 20 ms tick) before each move, as a
# person would: the latency then measures the server, not the queue of 2*GAMES clients
# that all answer at once. The clients ask for delta frames (docs/SERVER.md);
# SERVE_BENCH_FRAMES=full makes bench_client take the full state frames instead.
# bench_client prints the latency three ways: at the kernel's arrival of the state on the
# client's socket (what the server gives), at epoll_wait's return, and as this one client
# process got round to it (its own queue of up to 256 sockets' work added). The server
# writes a line per SQLite checkpoint (CARC_SERVE_STORE_TRACE) and the client sets the
# moves in flight during one apart. SERVE_BENCH_NICE=N runs the client at nice N (it
# stands in for 1,000 remote players: below the server in CPU priority, the server's
# service thread is not descheduled for it); the default is 0, the same priority.
# Usage: bench/serve_bench.sh [GAMES] [EXPANSIONS] [BUILD_DIR] [THINK_MS]
# (build first: make). A benchmark prints figures; it does not pass or fail on them.
set -eu
GAMES=${1:-500}
EXP=${2:-gifts,christmas}
BUILD=${3:-build}
THINK=${4:-0}
CARC=$BUILD/carc
CLIENT=$BUILD/tests/server/ws_client
BENCH=$BUILD/tests/server/bench_client
[ -x "$CARC" ] && [ -x "$CLIENT" ] && [ -x "$BENCH" ] || { echo "serve_bench: build first (make)"; exit 2; }
DIR=$(mktemp -d "${TMPDIR:-/tmp}/carc-serve-bench.XXXXXX")
trap 'kill "$PID" 2>/dev/null; rm -rf "$DIR"' EXIT
: > "$DIR/out"
NICE=${SERVE_BENCH_NICE:-0}
CARC_SERVE_STORE_TRACE="$DIR/checkpoints" "$CARC" serve --port 0 --db "$DIR/games.sqlite" --quiet --max-per-ip $((GAMES * 2 + 16)) \
    --max-conns-per-ip $((GAMES * 2 + 64)) --unjoined-per-ip $((GAMES + 16)) \
    --games-per-minute $((GAMES + 16)) \
    > "$DIR/out" &
PID=$!
while ! grep -q '^carc serve: http' "$DIR/out"; do sleep 0.05; done
PORT=$(sed -n 's|^carc serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$DIR/out")
echo "carc serve bench: $GAMES games, 2 seats, $EXP, think $THINK ms, client nice $NICE, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
# the lean client (plain sockets, epoll) unless a think time is asked for or
# SERVE_BENCH_CLIENT=ws_client (the libwebsockets client, which costs about as much CPU
# per move as the server: docs/PERFORMANCE.md)
if [ "$THINK" = 0 ] && [ "${SERVE_BENCH_CLIENT:-bench_client}" = bench_client ]; then
    echo "client: bench_client"
    nice -n "$NICE" "$BENCH" "$PORT" --games "$GAMES" --expansions "$EXP" --seed 1 --server-pid "$PID" \
        --records "$DIR/records.jsonl" --timeout 600 --frames "${SERVE_BENCH_FRAMES:-delta}" \
        --checkpoints "$DIR/checkpoints"
else
    echo "client: ws_client"
    nice -n "$NICE" "$CLIENT" bench "$PORT" --games "$GAMES" --expansions "$EXP" --seed 1 --server-pid "$PID" \
        --delay-ms "$THINK" --records "$DIR/records.jsonl" --timeout 600
fi
"$CARC" replay "$DIR/records.jsonl"
ls -l "$DIR/games.sqlite" "$DIR/games.sqlite-wal" 2>/dev/null | awk '{ print "store: " $NF ": " $5 " bytes" }'
