#!/bin/sh
# carc play, issue 32's terminal bugs, each on a real terminal through tmux
# (tests/cli/play/lib.sh): at 80x24 with all six expansions `i` shows every kind left,
# page by page, its header whole (bug 1); Enter on a window's highlighted "go on to
# placing" does it (bug 7); "Tile in hand" says what the turned picture shows (bug 11).
# Bug 4 (--resume without --players keeps the record's players) is checked where
# play_features.sh saves and resumes a game.
set -u
carc=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/play/lib.sh"

# ---- bug 1: every kind left, on pages; the counts add up to the stack ----------------
start inf 80 24 --players human,greedy --seed 1 --expansions gifts,christmas,inns,traders,river,abbot
wait_for inf 'Your decision: place the tile' 30 || fail "inf: no first decision"
T send-keys -t inf i
wait_for inf 'page 1 of [0-9]' 15 || fail "inf: i at 80x24 shows no pages"
grep -q "Tiles left: 123, the first 10 the river's (the lake last)" "$dir/screen" \
    || fail "inf: the header is cut or wrong"
pages=$(sed -n 's/.*page 1 of \([0-9]*\).*/\1/p' "$dir/screen")
sum=0 p=1
while :; do
    grep -q 'Points by category' "$dir/screen" || fail "inf: page $p shows no points"
    for n in $(grep -o 'x[0-9][0-9]*' "$dir/screen" | tr -d x); do
        sum=$((sum + n))
    done
    [ "$p" -ge "$pages" ] && break
    p=$((p + 1))
    T send-keys -t inf Space
    wait_for inf "page $p of $pages" 15 || fail "inf: Space does not show page $p"
done
[ "$sum" -eq 123 ] || fail "inf: the pages count $sum tiles, the stack holds 123"
T send-keys -t inf Space
wait_for inf 'Your decision: place the tile' 15 || fail "inf: Space after the last page is not the game"
T send-keys -t inf q y
ended inf

# ---- bug 7: Enter on the highlighted "go on to placing" closes the window ----------
start hand 80 24 --resume "$here/play/hand.json" --players human,random
wait_for hand '-- choose (1 of [0-9]*) --' 30 || fail "hand: no choice list"
settle hand
panel | grep -q '^> *1 .*go on to placing' || fail "hand: the first choice is not the window's close"
T send-keys -t hand Enter
wait_for hand 'Your decision: place the tile' 15 || fail "hand: Enter on go on to placing did not close the window"
T send-keys -t hand q y
ended hand

# ---- bug 11: the words of the tile in hand turn with it (seed 58 draws M) ----------
start pen 100 30 --players human,random --seed 58
wait_for pen 'Tile in hand: Diagonal city' 30 || fail "pen: seed 58 does not draw M"
settle pen
first=$(sed -n 's/.*Tile in hand: \(Diagonal city [NESW+]*\).*/\1/p' "$dir/screen")
# M is a city over N and E unturned; the first rotation that fits is shown turned
[ "$first" = "Diagonal city E+S" ] || fail "pen: the tile shown turned once reads '$first'"
T send-keys -t pen r
wait_for pen 'Tile in hand: Diagonal city S+W' 15 || fail "pen: r does not turn the words with the tile"
T send-keys -t pen q y
ended pen

echo "ok: play_issue32"
