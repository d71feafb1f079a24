#!/bin/sh
# Computer seats share the workers fairly (issue 22, H3): long searches in some games
# do not starve a quick seat in another (before, four games of mcts:60000 made a random
# seat answer after 59 s: a first-come queue on 2 workers); a budget over
# --max-think-ms is refused; SIGTERM stops the server at once while searches run
# (before, it waited for them: 45 s and more).
set -eu
. "$(dirname "$0")/lib.sh"
start_server --workers 2 --max-think-ms 20000
# three games of two long searches each: they think for 20 s a decision
for i in 1 2 3; do
    "$CLIENT" post "$PORT" /api/games '{"players":["mcts:20000","mcts:20000"]}' | head -1 |
        grep -q '^201 ' || { echo "FAIL: a game of mcts:20000 not created"; exit 1; }
done
sleep 1
# meanwhile a whole game against a random seat, well within 30 s
"$CLIENT" play "$PORT" --games 1 --seats human,random --seed 12 --timeout 30 > "$DIR/out" ||
    { echo "FAIL: a game against random starved behind long searches"; cat "$DIR/out"; exit 1; }
# a budget over the cap
"$CLIENT" post "$PORT" /api/games '{"players":["human","mcts:30000"]}' > "$DIR/big"
head -2 "$DIR/big" | tr '\n' ' ' | grep -q '^400 .*at most 20000 ms a decision (--max-think-ms)' ||
    { echo "FAIL: mcts:30000 under --max-think-ms 20000: $(cat "$DIR/big")"; exit 1; }
# SIGTERM while two searches run
t0=$(date +%s)
stop_server
t1=$(date +%s)
[ $((t1 - t0)) -le 5 ] || { echo "FAIL: the server took $((t1 - t0)) s to stop"; exit 1; }
echo "server bots fair: ok"
