#!/bin/sh
# Complete games through the WebSocket between random clients, with both
# expansions, with three seats, and against computer seats: every frame checked for hidden information
# (ws_client.c), every record replayed by `carc replay`; then the server is
# stopped and started again, and the finished games' records (loaded back from the
# store) are the same bytes.
set -eu
. "$(dirname "$0")/lib.sh"
start_server
"$CLIENT" play "$PORT" --games 3 --players 2 --expansions gifts,christmas --seed 11 \
    --records "$DIR/a.jsonl" --ids "$DIR/a.ids"
"$CLIENT" play "$PORT" --games 2 --players 3 --expansions gifts,christmas --seed 21 \
    --records "$DIR/b.jsonl"
"$CLIENT" play "$PORT" --games 1 --players 2 --expansions base --seed 31 --records "$DIR/c.jsonl"
# computer seats, thinking on the server's worker threads, against one human
"$CLIENT" play "$PORT" --games 2 --seats human,random,greedy,mcts:5 \
    --expansions gifts,christmas --seed 51 --records "$DIR/d.jsonl"
# delta frames (?frames=delta): every seat and the spectator rebuild each state from
# deltas, and it must equal the full frame a mirror session of the same seat is sent
"$CLIENT" play "$PORT" --games 2 --players 2 --expansions gifts,christmas --seed 61 \
    --frames delta --records "$DIR/e.jsonl"
"$CLIENT" play "$PORT" --games 1 --players 3 --expansions gifts,christmas --seed 71 \
    --frames delta --records "$DIR/f.jsonl"
# two computer seats answer at once: a game moves twice in one pass, and a delta's
# base is still being written (srv_game_delta drains the pool first)
"$CLIENT" play "$PORT" --games 2 --seats human,random,random --expansions gifts,christmas \
    --seed 91 --frames delta --records "$DIR/g.jsonl"
# all six expansions (The River's phase, the abbot and its recalls among them), full and
# delta frames
"$CLIENT" play "$PORT" --games 1 --players 3 --expansions gifts,christmas,inns,traders,river,abbot \
    --seed 81 --records "$DIR/h.jsonl"
"$CLIENT" play "$PORT" --games 1 --seats human,random,greedy --expansions river,abbot \
    --seed 83 --frames delta --records "$DIR/i.jsonl"
cat "$DIR/a.jsonl" "$DIR/b.jsonl" "$DIR/c.jsonl" "$DIR/d.jsonl" "$DIR/e.jsonl" "$DIR/f.jsonl" \
    "$DIR/g.jsonl" "$DIR/h.jsonl" "$DIR/i.jsonl" > "$DIR/all.jsonl"
"$CARC" replay "$DIR/all.jsonl"
[ "$(wc -l < "$DIR/all.jsonl")" -eq 15 ] || { echo "FAIL: expected 15 records"; exit 1; }
stop_server
start_server
"$CLIENT" records "$PORT" --ids "$DIR/a.ids" --records "$DIR/a2.jsonl"
cmp "$DIR/a.jsonl" "$DIR/a2.jsonl" || { echo "FAIL: records differ after a restart"; exit 1; }
stop_server
echo "server play: ok"
