#!/bin/sh
# carc play with all six expansions on a real terminal (tmux, tests/cli/play/game.sh): a
# complete game with --expansions gifts,christmas,inns,traders,river,abbot, human against
# greedy, with a river phase, an abbot on a garden and a recall. At every follower step
# a recall is taken when the list offers one ("Recall your abbot: N points"), else the
# figures are cycled with f and the abbot goes on a garden when it can (never on a
# cloister), else a meeple or the first choice; double turns are declined with n;
# windows and offers are passed. Checks on the way: the spring and the river drawn as
# water (never a road's line), the river phase's line in the panel (river tiles left,
# the lake last, where the river goes on) while it lasts and gone after it, the abbot in
# the figure choice and the supply table, the abbot drawn on the board (A and the seat's
# digit), the recall's points in the list and its details, the recall in the log, the
# help's pages on both expansions; at the end the gardens category in the breakdown,
# the saved record replayed and viewed. Then '@' and '~' without Unicode and colours,
# and the overview's river.
# Without CARC_RIVER_SEED the seeds below are tried in turn until one game meets every
# situation (an abbot on a garden needs a garden tile in the human's hand and a recall a
# later turn with it still unfinished): a check that fails for every seed fails the
# test, each failed seed says why on stderr (play/game.sh). Skips (exit 0) only when tmux
# is missing.
set -u
carc=$1
seed_var=CARC_RIVER_SEED seeds="1 2 3 4 5 6"
# shellcheck source-path=SCRIPTDIR source=play/game.sh
. "$(dirname "$0")/play/game.sh"
all=gifts,christmas,inns,traders,river,abbot

# board: the board and the log, left of the panel's border
board() { sed 's/│.*//' "$dir/screen"; }

start g 120 40 --players human,greedy --expansions "$all" --seed "$seed"
wait_for g 'Your decision: ' 30 || fail "no decision on the first screen"
settle g
# the spring at 0,0 and the river's first stretch: water, never a road's line
board | grep -q '◉≈≈≈' || fail "the spring is not drawn as water rising in its tile"
panel_text | grep -q 'River phase: 1[01] river tiles left, the lake last; the river goes on at 1,0' \
    || fail "no river phase line with 10 or 11 river tiles left and the open end at 1,0"
panel | grep -q 'Figures in supply, goods' || fail "no supply and goods table"
panel | grep -q '^>0 you  *7 L A B P ' || fail "the table does not show 7 meeples, L A B P"

# the help: the legend of the keys page, then both expansions in the project's words
help_open g
grep -q 'The River: ≈ water, never a road' "$dir/screen" || fail "the keys page has no river legend"
grep -q 'The Abbot: ✿ a garden; A0 seat 0' "$dir/screen" || fail "the keys page has no abbot legend"
guide_open g
guide_find g 5 'a bend may not turn the same way as the bend just before it' \
    'Instead of placing a figure, you may take your abbot back'
help_close g 'Your decision: '

# the game: what is seen on the way, and the answers to the double turn and the followers
look() {
    if panel_text | grep -q 'River phase: [0-9]* river tiles\{0,1\} left'; then
        [ $riverover -eq 1 ] && fail "the river phase's line came back after the phase"
        riverline=1
    elif [ $riverline -eq 1 ] && grep -q 'Your decision: place the tile' "$dir/screen"; then
        riverover=1
    fi
    board | grep -q 'A0' && abbotdrawn=1
    grep -q 'recalls the abbot from the \(garden\|cloister\) at -\{0,1\}[0-9]*,-\{0,1\}[0-9]*' \
        "$dir/screen" && recalllog=1
}
decide() {
    if grep -q 'Your decision: double turn' "$dir/screen"; then
        act n
    elif grep -q 'Your decision: place a follower, or pass' "$dir/screen"; then
        if panel | grep -q 'Recall your abbot: [0-9]* points\{0,1\}'; then
            # the recall: selected with j, its points and what it does in the details
            k=0
            while ! panel_sel | grep -q 'Recall your abbot: [0-9]* points\{0,1\}'; do
                k=$((k + 1))
                [ $k -le 40 ] || fail "j never selects the recall"
                press g j
            done
            panel_text | grep -q 'Recalling takes your abbot back to your supply and scores [0-9]* now' \
                || fail "the recall's details do not say what it scores"
            recall=1
            act Enter
        elif keyline | grep -q 'f figure'; then
            panel | grep -q '^Figure (f): meeple large abbot builder pig' || fail "no figure choice line with the abbot"
            # cycle the figures once round: the abbot on a garden when it may go there
            first=$(fig_of) f=$first k=0 pick=
            while [ $k -lt 5 ]; do
                if [ "$f" = abbot ]; then
                    abbotfig=1
                    panel_text | grep -q 'The abbot stands only on a cloister or a garden' \
                        || fail "the abbot's choice does not say what it does"
                    if panel_sel | grep -q 'the abbot on the garden'; then
                        pick=garden
                        break
                    fi
                fi
                press g f
                f=$(fig_of)
                [ "$f" = "$first" ] && break
                k=$((k + 1))
            done
            if [ "$pick" = garden ]; then
                garden=1
            else
                while [ "$(fig_of)" = abbot ] && [ $k -lt 10 ]; do
                    press g f
                    k=$((k + 1))
                done
            fi
            act Enter
        elif panel_sel | grep -q 'the abbot on the cloister'; then
            act p  # the abbot is kept for a garden
        else
            act Enter
        fi
    else
        return 1
    fi
}
riverline=0 riverover=0 abbotfig=0 garden=0 abbotdrawn=0 recall=0 recalllog=0
play_out g 300
[ $riverline -eq 1 ] || fail "no river phase line was shown"
[ $riverover -eq 1 ] || fail "the river phase's line did not go after the phase"
[ $abbotfig -eq 1 ] || fail "f never offered the abbot"
[ $garden -eq 1 ] || fail "the abbot never went on a garden"
[ $abbotdrawn -eq 1 ] || fail "no abbot was drawn on the board (A0)"
[ $recall -eq 1 ] || fail "no recall was offered with its points"
[ $recalllog -eq 1 ] || fail "the recall is not in the log"

grep -q 'gardens [0-9]' "$dir/screen" || fail "the final breakdown has no gardens category"
save_record g "carc-$seed.json"

# the record viewer draws the river and the final breakdown with the gardens
view_open v "carc-$seed.json"
board | grep -q '◉≈≈≈' || fail "the viewer does not draw the spring"
T send-keys -t v End
wait_for v 'gardens [0-9]' 15 || fail "the viewer's final breakdown has no gardens category"
grep -q '≈' "$dir/screen" || fail "the viewer's final board has no river"
T send-keys -t v q
ended v

# without Unicode and colours (vt100, the C locale) the river is '~' and the spring '@',
# never a road's '-' or '|'
T new-session -d -s asc -x 100 -y 30 -c "$dir" \
    "TERM=vt100 LC_ALL=C '$carc' play --players human,greedy --expansions river,abbot --seed $seed 2>'$dir/asc.err'; echo \$? >'$dir/asc.rc'" \
    || fail "tmux could not start a session"
wait_for asc 'Your decision: place the tile' 30 || fail "asc: no placement decision"
settle asc
sed -n '2,20p' "$dir/screen" | grep -q '\.\.\.@~~~' || fail "asc: the spring is not drawn '@~~~'"
grep -q 'River phase: 10 river tiles left' "$dir/screen" || fail "asc: no river phase line"
T send-keys -t asc q y
ended asc

# the overview (o) draws the river as water, apart from roads
start o 120 40 --players human,greedy --expansions river,abbot --seed "$seed"
wait_for o 'Your decision: place the tile' 30 || fail "river,abbot: no placement decision"
panel | grep -q '^>0 you  *7 A *$' || fail "river,abbot: the table does not show 7 meeples and the abbot"
T send-keys -t o o
wait_for o 'Overview: the whole board' 15 || fail "o shows no overview"
grep -q '≈ river' "$dir/screen" || fail "the overview's legend has no river"
T send-keys -t o x
quit o river,abbot
exit 0
