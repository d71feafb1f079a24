#!/bin/sh
# The levels for people (docs/AI.md, levels) in the server: a game is created with
# easy, medium or hard at a seat (the lobby offers them), and each plays its seat:
# a person's game against easy and one against medium played to the end, hard's first
# turn made in a game where it opens. mcts-2026a is accepted (for testing) though the
# lobby does not offer it; an unknown name is refused with the names to use.
set -eu
. "$(dirname "$0")/lib.sh"
start_server
for who in easy medium hard mcts-2026a; do
    "$CLIENT" post "$PORT" /api/games "{\"players\":[\"human\",\"$who\"]}" | head -1 |
        grep -q '^201 ' || { echo "FAIL: a game against $who not created"; exit 1; }
done
"$CLIENT" post "$PORT" /api/games '{"players":["human","expert"]}' > "$DIR/bad"
head -2 "$DIR/bad" | tr '\n' ' ' | grep -q '^400 .*unknown player \\"expert\\": human, easy, medium, hard' ||
    { echo "FAIL: an unknown level: $(cat "$DIR/bad")"; exit 1; }
for who in easy medium; do
    "$CLIENT" play "$PORT" --games 1 --seats "human,$who" --expansions base --seed 3 \
        --timeout 120 > "$DIR/$who.out" 2>&1 ||
        { echo "FAIL: a game against $who: $(tail -2 "$DIR/$who.out")"; exit 1; }
done
"$CLIENT" post "$PORT" /api/games '{"players":["hard","human"]}' > "$DIR/hard"
id=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/hard")
i=0
until "$CLIENT" get "$PORT" "/api/games/$id" | grep -q '"pending":{"decision":"place","seat":1}'; do
    i=$((i + 1))
    [ $i -le 600 ] || { echo "FAIL: hard did not play its first turn in 60 s"; exit 1; }
    sleep 0.1
done
stop_server
echo "server levels: ok"
