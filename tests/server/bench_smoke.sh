#!/bin/sh
# The benchmark's load generator (bench_client.c) plays a few complete games with both
# expansions against a real server as fast as it answers; every record it fetches
# replays, and it reports its figures.
set -eu
. "$(dirname "$0")/lib.sh"
BENCH=$(dirname "$CLIENT")/bench_client
start_server
"$BENCH" "$PORT" --games 6 --expansions gifts,christmas --seed 3 --server-pid "$SERVER_PID" \
    --records "$DIR/r.jsonl" --timeout 120 > "$DIR/out" || { cat "$DIR/out"; exit 1; }
grep -q '^games 6, moves [1-9][0-9]* in ' "$DIR/out" || { echo "FAIL: no figures"; cat "$DIR/out"; exit 1; }
# the latency at the kernel's arrival (SO_TIMESTAMPNS), at epoll's return, client-seen
for what in 'kernel arrival' 'epoll return' 'client-seen'; do
    grep -q "^latency move -> state, $what.*: p50 [0-9.]* ms, p99 " "$DIR/out" \
        || { echo "FAIL: no latency ($what)"; cat "$DIR/out"; exit 1; }
done
[ "$(wc -l < "$DIR/r.jsonl")" -eq 6 ] || { echo "FAIL: not 6 records"; exit 1; }
"$CARC" replay "$DIR/r.jsonl"
# it takes delta frames: one full frame per session, then deltas; --frames full none
grep -q '^frames received: 12 full, [1-9][0-9]* delta' "$DIR/out" \
    || { echo "FAIL: no delta frames"; cat "$DIR/out"; exit 1; }
"$BENCH" "$PORT" --games 2 --expansions base --seed 5 --timeout 120 --frames full > "$DIR/out" \
    || { cat "$DIR/out"; exit 1; }
grep -q '^frames received: [1-9][0-9]* full, 0 delta' "$DIR/out" \
    || { echo "FAIL: --frames full got deltas"; cat "$DIR/out"; exit 1; }
stop_server
echo "server bench_smoke: ok"
