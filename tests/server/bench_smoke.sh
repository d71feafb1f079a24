#!/bin/sh
# The benchmark's load generator (bench_client.c) plays a few complete games with both
# expansions against a real server as fast as it answers; every record it fetches
# replays, and it reports its figures; and at a person's pace over a bounded window (the
# scale benchmark's options).
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
# the scale benchmark's pace (bench/serve_scale.sh): 10 games, a move per game every
# 100 ms, 1 s of warm-up, then 2 s measured: about 200 moves, every latency written,
# the games not over (no records)
"$BENCH" "$PORT" --games 10 --expansions base --seed 7 --think-ms 100 --warmup 1 --duration 2 \
    --server-pid "$SERVER_PID" --latencies "$DIR/lat" --records "$DIR/r2.jsonl" > "$DIR/out" \
    || { cat "$DIR/out"; exit 1; }
grep -q '^measuring: 2 s from now' "$DIR/out" || { echo "FAIL: no window"; cat "$DIR/out"; exit 1; }
moves=$(sed -n 's/^games 10, moves \([0-9]*\) in 2\.[0-9]* s: .*(moves sent in the window)$/\1/p' "$DIR/out")
[ -n "$moves" ] && [ "$moves" -ge 100 ] && [ "$moves" -le 300 ] ||
    { echo "FAIL: not about 200 moves in 2 s at 100 ms a move per game"; cat "$DIR/out"; exit 1; }
[ "$(wc -l < "$DIR/lat")" -eq "$moves" ] || { echo "FAIL: not one latency a move"; exit 1; }
grep -q '^records: not written' "$DIR/out" && [ ! -e "$DIR/r2.jsonl" ] ||
    { echo "FAIL: records of unfinished games"; cat "$DIR/out"; exit 1; }
"$BENCH" "$PORT" --games 1 --warmup 1 > "$DIR/out" 2>&1 && { echo "FAIL: --warmup without --duration"; exit 1; }
grep -q 'bad arguments' "$DIR/out" || { echo "FAIL: no message"; cat "$DIR/out"; exit 1; }
stop_server
echo "server bench_smoke: ok"
