#!/bin/sh
# carc play draws The Princess & the Dragon and The Tower on the board (issue 30), on a
# real terminal (tmux, tests/cli/play/lib.sh), from a record in the middle of a dragon's
# movement (tests/cli/play/dragon.json: a volcano at 2,1, the dragon on 2,2 after one
# move, seat 0 to choose its second; the fairy by seat 0's meeple at 1,0; seat 1's meeple
# on the tower at 2,0, one floor high): the dragon as a red <D> across its tile's middle,
# its track a dot on the tiles it left, the volcano a triangle, the fairy a star just
# right of its follower, the tower a castle with its height and the follower on top left
# of it, the tile the dragon may go to ringed; the panel says where the dragon and the
# fairy are and who moves the dragon. Then the move is made: the track is gone once the
# movement ends and the dragon stands where it stopped. Skips only without tmux.
set -u
carc=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/play/lib.sh"

# row NAME Y: the middle line of board row Y (its ruler label), the board part only
row() { grep "^$(printf '%3d ' "$2")" "$dir/screen" | head -n 1 | sed 's/│.*//'; }
# above Y: the line above board row Y's middle line (the top cells of its tiles)
above() { grep -B1 "^$(printf '%3d ' "$1")" "$dir/screen" | head -n 1 | sed 's/│.*//'; }

start dr 120 40 --resume "$here/play/dragon.json" --players human,random --save "$dir/dr.json"
wait_for dr 'Your decision: the dragon moves' 30 || fail "dr: no dragon move to decide"
settle dr
row dr 2 | grep -q '<D> *○' || fail "dr: no dragon on 2,2 with the ring on 3,2 beside it"
row dr 1 | grep -q '•' || fail "dr: no track on 2,1, where the dragon started"
grep -c '▲' "$dir/screen" | grep -qx 1 || fail "dr: not one volcano drawn"
row dr 0 | grep -q '0✧' || fail "dr: the fairy is not beside seat 0's meeple on 1,0"
above 0 | grep -q '1 ♜1' || fail "dr: the tower at 2,0 (height 1, seat 1's meeple on top) is not drawn"
panel | grep -q '<D> dragon at 2,2: move 2 of 6, seat 0' || fail "dr: the panel does not say the dragon moves"
panel | grep -q 'fairy at 1,0 by seat 0.s meeple' || fail "dr: the panel does not say where the fairy is"
# the move: seat 1 (random) has one step left (3,1), then a dead end ends the movement
T send-keys -t dr Enter
wait_for dr 'Your decision: place' 30 || fail "dr: after the dragon's moves, no tile to place"
settle dr
row dr 1 | grep -q '<D>' || fail "dr: the dragon does not stand on 3,1 where it stopped"
sed -n '2,/── log of/p' "$dir/screen" | sed 's/│.*//' | grep -q '•' \
    && fail "dr: the track is still drawn after the movement"
grep -q 'seat 0 (you) chooses: move the dragon to the tile at 3,2' "$dir/screen" \
    || fail "dr: the log does not say the human's dragon move"
panel | grep -q '<D> dragon at 3,1$' || fail "dr: the panel does not say where the dragon stopped"
T send-keys -t dr q y
ended dr
echo "play_tmux_dragon_board: ok"
