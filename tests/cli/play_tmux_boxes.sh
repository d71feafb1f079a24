#!/bin/sh
# carc play with the three boxes of issue 30 on a real terminal (tmux,
# tests/cli/play/game.sh): a complete game with --expansions dragon,tower,abbey, human
# against greedy, with a third seat random: greedy built no floor in these games (one
# ply: a floor scores nothing by itself) and pays no ransom (3 points for a follower
# worth less to it), so that without random nobody would capture the human's followers
# or buy theirs back. Played by keys. The human's answers: a ransom whenever the list offers
# one; else a tower floor whenever one is offered, then the capture of another seat's
# follower (or nobody); the barn, then the mayor and then the wagon with f the
# first time each has a place; else the first choice; the dragon's first choice; a
# wagon moved when it may; the abbey declined during the game (n) and placed in the
# final round (y) after the last tile. Checks on the way, each from the screen: the
# dragon's red <D> on the board and its track while it moves; a tower's height of 1 or
# more; a prisoner in the panel's tower table; a capture and a ransom (or an exchange) in
# the log; the barn (R0), the mayor (M0) and the wagon (W0) on the board, and the words
# of their choices; a barn field scored; the panel's abbeys held; the final round's
# question and the abbey in hand after the stack is empty. Then the keys page's and the
# guide's words on all three boxes, the tiles left with the three boxes' marks, the
# final breakdown's ransoms, and the record saved and replayed.
# Without CARC_BOXES_SEED the seeds below are tried in turn until one game meets every
# situation (seed 2 does, with a ransom, an exchange and a wagon moved; seed 3 with an
# exchange: the final round needs a hole left at the end, a ransom a capture while the
# captive's owner has 3 points): a check that fails for every seed fails the test, each
# failed seed says why on stderr (play/game.sh). 100 s on 2 cores shared with six other
# sessions (load 12 to 18; 120 s under ASan), the script's own CPU 9 s: most of it waits
# for the computers and for screens to settle. Skips (exit 0) only when tmux is missing.
set -u
carc=$1
seed_var=CARC_BOXES_SEED seeds="2 3 1 4 5 6"
# shellcheck source-path=SCRIPTDIR source=play/game.sh
. "$(dirname "$0")/play/game.sh"
boxes=dragon,tower,abbey

# board: the board, above the log and left of the panel's border; logtext: the log
board() { sed -n '2,/── log of/p' "$dir/screen" | sed 's/│.*//'; }
logtext() { sed -n '/── log of/,$p' "$dir/screen" | sed 's/│.*//'; }
# choose PATTERN: selects the first visible choice of the list matching PATTERN (grep),
# by j or k from the selected one; returns 1 when the list shows none
choose() {
    want=$(panel | grep '^[> ]  *[0-9][0-9]* ' | grep -- "$1" | head -n 1 \
        | sed 's/^[> ]  *\([0-9][0-9]*\) .*/\1/')
    [ -n "$want" ] || return 1
    k=0
    while :; do
        cur=$(panel_sel | sed 's/^>  *\([0-9][0-9]*\) .*/\1/')
        [ -n "$cur" ] || fail "no choice selected in the list"
        [ "$cur" = "$want" ] && return 0
        k=$((k + 1))
        [ $k -le 40 ] || fail "j and k never select choice $want ($1)"
        if [ "$cur" -lt "$want" ]; then press g j; else press g k; fi
    done
}
# figure NAME: f until the list shows NAME's places (fig_of); returns 1 when f never does
# (f is offered only when several figures have places)
figure() {
    [ "$(fig_of)" = "$1" ] && return 0
    keyline | grep -q 'f figure' || return 1
    first=$(fig_of) k=0
    while [ "$(fig_of)" != "$1" ]; do
        press g f
        k=$((k + 1))
        [ $k -le 5 ] && [ "$(fig_of)" != "$first" ] || return 1
    done
}

start g 120 40 --players human,greedy,random --expansions "$boxes" --seed "$seed"
wait_for g 'Your decision: ' 30 || fail "no decision on the first screen"
settle g
panel | grep -q '^>0 you  *7 M W R' || fail "the supply table does not show 7 meeples, M W R"
panel_text | grep -q 'Abbeys held: 0 (you), 1, 2' || fail "the panel does not say who holds an abbey"
panel_text | grep -q '<D> no volcano yet, [0-9] dragon tiles\{0,1\} set aside' \
    || fail "the panel's dragon line is not whole"

# the keys page: a line for each box; the guide: the three boxes' pages
help_open g
grep -q 'The Princess & the Dragon: <D> the dragon' "$dir/screen" || fail "no dragon legend"
grep -q 'The Tower: ♜ and the height' "$dir/screen" || fail "no tower legend"
grep -q "Abbey & Mayor: M0 W0 seat 0's mayor and wagon; R0 its barn" "$dir/screen" \
    || fail "no Abbey & Mayor legend"
grep -q 'Space: how the expansions work' "$dir/screen" || fail "the keys page's last line is cut"
guide_open g
guide_find g 6 'R and a digit at the bottom right of a tile is a barn' \
    'the dragon moves up to six tiles' 'buy back one of your prisoners for 3 points' \
    'may place it in a hole, once round the table' \
    'Abbey & Mayor: the mayor and the wagon' 'The mayor goes only into a city' \
    'Abbey & Mayor: the barn' 'each barn scores 4 for every completed city'
help_close g 'Your decision: '

# the tiles left: the dragon's symbols and the towers marked, with their legend
key_shows g i 'Tiles left in the stack' "i shows no tiles left"
grep -q 'Tiles left in the stack: [0-9]*  ▲ volcano  D dragon  Ω magic portal  ♛ princess  ♜ tower' \
    "$dir/screen" || fail "the tiles left have no legend of the marks"
[ "$(grep -o '♜' "$dir/screen" | wc -l)" -ge 10 ] || fail "the tower tiles left are not marked"
grep -q 'ransoms' "$dir/screen" || fail "the points by category do not name the ransoms"
T send-keys -t g x
wait_for g 'Your decision: ' 15 || fail "the tiles left do not close"

look() {
    b=$(board)
    l=$(logtext)
    case $b in *'<D>'*) dragon=1 ;; esac
    if grep -q 'Your decision: the dragon moves' "$dir/screen" \
        && panel | grep -q '<D> dragon at .*: move [2-6] of 6'; then
        # the view keeps the dragon's path in sight (play_keys.c): its track shows
        case $b in *'•'*) track=1 ;; *) fail "the dragon's track is not drawn as it moves" ;; esac
    fi
    printf '%s\n' "$b" | grep -q '♜[1-9]' && tower=1
    panel | grep -q '^[0-9]  *[0-9]* floors  [1-9] of seat [0-9]' && prisoner=1
    case $l in *'captures a '*'their prisoner now'*) capture=1 ;; esac
    case $l in *"for a prisoner's ransom"*) ransomlog=1 ;; esac
    case $l in *"prisoner comes back to their supply"*) freed=1 ;; esac
    case $l in *'a barn field'*) barnfield=1 ;; esac
    case $b in *R0*) barnboard=1 ;; esac
    case $b in *M0*) mayorboard=1 ;; esac
    case $b in *W0*) wagonboard=1 ;; esac
    if grep -q 'Your decision: place the tile' "$dir/screen" \
        && panel_text | grep -q 'Tile in hand: Abbey'; then
        grep -q 'Stack 0' "$dir/screen" || fail "the abbey in hand before the stack is empty"
        finalhand=1
    fi
    return 0
}
decide() {
    # (the panel wraps the decision's words: the patterns are its first line's)
    if grep -q 'Your decision: place your abbey in a hole' "$dir/screen"; then
        panel_text | grep -q 'Abbeys held: 0 (you)' || fail "asked for an abbey not held"
        asked=1
        act n
    elif grep -q 'Your decision: the final round: place' "$dir/screen"; then
        grep -q 'Stack 0' "$dir/screen" || fail "the final round's question with tiles left"
        final=1
        act y
    elif grep -q 'Your decision: capture a follower' "$dir/screen"; then
        if choose "capture seat [12]'s"; then act Enter; else act p; fi
    elif grep -q 'Your decision: place a follower, or pass' "$dir/screen"; then
        if choose 'pay seat [12] 3 points to free your'; then
            ransom=1
            act Enter
        elif choose 'a floor on the tower'; then
            act Enter
        elif [ $barn = 0 ] && figure barn && choose 'the barn at the'; then
            barn=1
            act Enter
        elif [ $mayor = 0 ] && figure mayor && choose 'the mayor on the'; then
            mayor=1
            act Enter
        elif [ $wagon = 0 ] && figure wagon && choose 'the wagon on the'; then
            wagon=1
            act Enter
        else
            figure meeple || true
            act Enter
        fi
    elif grep -q "Your decision: your wagon's feature" "$dir/screen"; then
        wagonmove=1
        act Enter
    else
        return 1
    fi
}
dragon=0 track=0 tower=0 prisoner=0 capture=0 ransomlog=0 freed=0 barnfield=0 barnboard=0
mayorboard=0 wagonboard=0 finalhand=0 asked=0 final=0 ransom=0 barn=0 mayor=0 wagon=0
wagonmove=0
play_out g 300
look
# what the game showed, for a seed that fails
echo "seed $seed: dragon $dragon track $track tower $tower prisoner $prisoner capture $capture" \
    "ransom $ransomlog exchange $freed barn $barn/$barnboard mayor $mayor/$mayorboard" \
    "wagon $wagon/$wagonboard barn field $barnfield abbey asked $asked final $final/$finalhand" >&2
[ $dragon = 1 ] || fail "the dragon was never drawn (<D>)"
[ $track = 1 ] || fail "no dragon move of the human after its first step (its track)"
[ $tower = 1 ] || fail "no tower of height 1 or more was drawn"
[ $prisoner = 1 ] || fail "the panel never showed a prisoner"
[ $capture = 1 ] || fail "no capture in the log"
[ $ransomlog = 1 ] || [ $freed = 1 ] || fail "no ransom and no exchange in the log"
[ $barn = 1 ] && [ $barnboard = 1 ] || fail "the human's barn was not placed or not drawn (R0)"
[ $mayor = 1 ] && [ $mayorboard = 1 ] || fail "the human's mayor was not placed or not drawn (M0)"
[ $wagon = 1 ] && [ $wagonboard = 1 ] || fail "the human's wagon was not placed or not drawn (W0)"
[ $barnfield = 1 ] || fail "no barn field was scored"
[ $asked = 1 ] || fail "the human was never offered the abbey during the game"
[ $final = 1 ] && [ $finalhand = 1 ] || fail "no final round of abbeys for the human"
grep -q 'ransoms [0-9-]' "$dir/screen" || fail "the final breakdown does not name the ransoms"
save_record g "carc-$seed.json"
echo "play_tmux_boxes: ok (seed $seed; ransom by the human $ransom, wagon moved $wagonmove)"
