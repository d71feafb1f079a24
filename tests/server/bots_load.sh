#!/bin/sh
# Computer players do not starve other games (issue 33, H2): while games of computers
# only think with a budget of 600 ms on the two workers, more of them than the workers
# can keep up with, a random seat in a game with a person answers with a p99 under
# 300 ms, and an mcts:100 seat with a median under 300 ms and a p99 under 1200 ms.
# What is checked is the order, scaled down from the issue's 40 games of plain mcts,
# with bounds this noisy shared machine keeps (ASan included): a person's computer
# opponent does not wait for a background search to end (the medians and a random
# seat's p99 under half the background's budget), nor an mcts seat for two (before, a
# decision's deadline put every overdue background search first: with a budget of 300
# ms in the background, a random seat's replies took 770 ms at the median here, 1 s at
# p99). Then the per-address cap on live games of computers only (--bot-games-per-ip):
# one more is 429.
set -eu
. "$(dirname "$0")/lib.sh"
start_server --workers 2 --bot-games-per-ip 8
for i in 1 2 3 4 5 6 7 8; do
    "$CLIENT" post "$PORT" /api/games '{"players":["mcts:600","mcts:600"]}' | head -1 |
        grep -q '^201 ' || { echo "FAIL: a game of computers $i not created"; exit 1; }
done
"$CLIENT" post "$PORT" /api/games '{"players":["greedy","random"]}' > "$DIR/ninth"
head -2 "$DIR/ninth" | tr '\n' ' ' | grep -q '^429 .*at most 8 at once' ||
    { echo "FAIL: a ninth game of computers only: $(cat "$DIR/ninth")"; exit 1; }
sleep 1
"$CLIENT" play "$PORT" --games 2 --seats human,random --seed 5 --timeout 60 \
    --bot-p99-max 300 > "$DIR/random.out" 2>&1 ||
    { echo "FAIL: a random seat under load: $(tail -2 "$DIR/random.out")"; exit 1; }
"$CLIENT" play "$PORT" --games 1 --seats human,mcts:100 --expansions base --seed 6 \
    --timeout 60 --bot-p50-max 300 --bot-p99-max 1200 > "$DIR/mcts.out" 2>&1 ||
    { echo "FAIL: an mcts:100 seat under load: $(tail -2 "$DIR/mcts.out")"; exit 1; }
stop_server
echo "server bots load: ok (random: $(grep 'computer decisions' "$DIR/random.out" | cut -d: -f2-);" \
    "mcts:100: $(grep 'computer decisions' "$DIR/mcts.out" | cut -d: -f2-))"
