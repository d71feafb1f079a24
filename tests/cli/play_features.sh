#!/bin/sh
# carc play, what a new player found missing (issue 11), each check on a real terminal
# through tmux (tests/cli/play/lib.sh): two followers on one segment both drawn, the
# whole board in view and c fitting it, tokens and locks drawn and logged, log lines
# wrapped rather than cut, a modifier question's feature, no undo past a draw, the
# tiles-left screen, at 80x24 a full hand (7 gifts, 5 cards) with the whole choice list
# reachable and no two options reading the same (Enter closing a window:
# play_issue32.sh), arrows to the targets with their value, the card pages of the help,
# city borders in monochrome, a pennant not hidden by the cursor, saving on quit and
# --resume (with the record's players when --players is not given: issue 32), pass-only
# windows skipped, the hot-seat turn result, the record viewer (--view). Positions come
# from records in tests/cli/play/ (partial games, resumed with --resume).
set -u
carc=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/play/lib.sh"

# ---- two followers on one field (an intrusion), a board that fits, 120x40 ---------
start syn 120 40 --resume "$here/play/synod.json" --players human,random --save "$dir/syn.json"
wait_for syn 'Your decision: place the tile' 30 || fail "syn: the resumed game shows no decision"
settle syn
grep -q 'carc play  seed 3  turn 21' "$dir/screen" || fail "syn: not turn 21 of seed 3"
# every follower on the board is drawn: digits in the board area (the rows above the
# log, right of the y ruler) = followers not in supply (7 - Left per seat)
drawn=$(sed -n '2,/── log of/p' "$dir/screen" | grep -v '── log of' | sed 's/│.*//; s/^....//' | tr -cd '0-9' | wc -c)
placed=$(panel | awk '$1 ~ /^>?[0-9]$/ && NF >= 4 && $3 ~ /^[0-9]+$/ { n += 7 - $4 } END { print n }')
[ "$drawn" -eq "$placed" ] || fail "syn: $placed followers on the board, $drawn drawn"
head -n 1 "$dir/screen" | grep -q ' -5 .* 4 *│' || fail "syn: the board (x -5..4) is not all in view"
# issue 21: a gift received says why (whose road or city the tile extended)
grep -q 'receives a gift: it \(extended\|completed\) \(your\|seat [0-9]\)' "$dir/screen" \
    || fail "syn: the log does not say why a gift was received"
grep -q 'they may block it with Shield.)' "$dir/screen" || fail "syn: a long log line is cut"
grep -q 'aims the card at the field at -4,-1 (south side, east end)' "$dir/screen" || fail "syn: the log does not say the target in words"
T send-keys -t syn H H
wait_for syn '^ *-7 ' 15 || fail "syn: H does not scroll"
T send-keys -t syn c
wait_for syn '^ *-5 .* 4 *│' 15 || fail "syn: c does not fit the board"
T send-keys -t syn i
wait_for syn 'Tiles left in the stack: 50' 15 || fail "syn: i shows no tiles left"
# issue 21: the tiles left as pictures with their counts, not as letters
grep -q ' x[0-9]' "$dir/screen" || fail "syn: i shows no count beside a tile"
grep -q '  A [0-9]  *B [0-9]' "$dir/screen" && fail "syn: i lists the tiles by letter"
grep -q 'Points by category' "$dir/screen" || fail "syn: i shows no points by category"
grep -q '^ *0 you  *[0-9]' "$dir/screen" || fail "syn: no category row for seat 0"
T send-keys -t syn i
wait_for syn 'Your decision: place the tile' 15 || fail "syn: i does not close"
T send-keys -t syn u
wait_for syn 'nothing to undo' 15 || fail "syn: undo goes back past the draw of the tile"
T send-keys -t syn q
wait_for syn 'Quit?  s save' 15 || fail "syn: q does not offer to save"
T send-keys -t syn y
ended syn

# ---- tie-break tokens and locks drawn on the board and told in the log (X11, X12) -----
start tok 160 50 --resume "$here/play/token.json" --players human,random
wait_for tok 'Your decision: ' 30 || fail "tok: the resumed game shows no decision"
settle tok
sed -n '2,38p' "$dir/screen" | sed 's/│.*//' | grep -q '▲' || fail "tok: no tie-break token on the board"
sed -n '2,38p' "$dir/screen" | sed 's/│.*//' | grep -q '≡' || fail "tok: no lock on the board"
grep -q 'seat 0 puts a tie-break token on a road' "$dir/screen" \
    || fail "tok: the token is not in the log"
T send-keys -t tok q y
ended tok
start lock 160 50 --resume "$here/play/lock.json" --players human,random
wait_for lock 'Your decision: ' 30 || fail "lock: the resumed game shows no decision"
settle lock
sed -n '2,38p' "$dir/screen" | sed 's/│.*//' | grep -q '≡' || fail "lock: no lock on the board"
grep -q 'seat 0 locks a road' "$dir/screen" || fail "lock: the lock is not in the log"
grep -q 'and its points *$' "$dir/screen" && grep -q 'An attack on the othe)' "$dir/screen" \
    && fail "lock: the card's text is cut in the log"
T send-keys -t lock q y
ended lock

# ---- a scoring-modifier question names and rings the feature it is about (X8) ------
start mod 120 40 --resume "$here/play/modifier.json" --players human,random
wait_for mod 'Your decision: scoring: play a modifier' 30 || fail "mod: no modifier question"
settle mod
panel | tr '\n' ' ' | tr -s ' ' | grep -q 'Scoring now: The city at -6,-1 (south): city of 3 tiles, 1 pennant, complete' \
    || fail "mod: the question does not say which feature it is about"
sed -n '2,28p' "$dir/screen" | sed 's/│.*//' | grep -q '◎' || fail "mod: the feature is not marked on the board"
T send-keys -t mod q y
ended mod

# ---- a full hand at 80x24: the choice list, wrapped, every option reachable -------
start hand 80 24 --resume "$here/play/hand.json" --players human,random --save "$dir/hand.json"
wait_for hand '-- choose (1 of [0-9]*) --' 30 || fail "hand: no choice list at 80x24 with a full hand"
settle hand
n=$(sed -n 's/.*-- choose (1 of \([0-9]*\)) --.*/\1/p' "$dir/screen")
[ "$n" -gt 50 ] || fail "hand: only $n choices"
panel | tr '\n' ' ' | tr -s ' ' | grep -q 'Your gifts: Synod, Road Sweeper, Cash Out, Change Position x2, Take 2 x2' \
    || fail "hand: the gifts are not named in full"
panel | tr '\n' ' ' | tr -s ' ' | grep -q 'Your cards: Swap: Road x2, Swap: Field, Mastermind, Tie-break: Field' \
    || fail "hand: the cards are not named in full"
[ "$(panel | grep -c '^[> ] *[0-9][0-9]* ')" -ge 3 ] || fail "hand: fewer than 3 options shown"
# every option, selected in turn, reads differently from every other (none cut)
: >"$dir/options"
k=1
while :; do
    panel | awk '/^> *[0-9]+ / { on = 1; print; next } on && /^     [^ ]/ { print; next } { on = 0 }' \
        | tr '\n' ' ' >>"$dir/options"
    echo >>"$dir/options"
    [ "$k" -ge "$n" ] && break
    k=$((k + 1))
    T send-keys -t hand j
    wait_for hand "-- choose ($k of $n) --" 15 || fail "hand: j does not reach choice $k"
    settle hand
done
[ "$(grep -c . "$dir/options")" -eq "$n" ] || fail "hand: not every option could be read"
dups=$(sed 's/^> *[0-9]* //' "$dir/options" | sort | uniq -d)
[ -z "$dups" ] || fail "hand: options read the same: $dups"
# the arrows move to a target on the board and say what it is worth
T send-keys -t hand Home
wait_for hand '-- choose (1 of' 15 || fail "hand: Home does not go to the first choice"
T send-keys -t hand Right
wait_for hand '│The [a-z]* at [-0-9]*,[-0-9]* (' 15 || fail "hand: an arrow does not select a target"
settle hand
panel | tr '\n' ' ' | tr -s ' ' | grep -q ' of [0-9]* tiles*,.* worth [0-9]* now' \
    || fail "hand: the selected target's value is not shown"
panel | tr '\n' ' ' | tr -s ' ' | grep -q 'Road Sweeper here: [0-9]* points* for whoever holds the road' \
    || fail "hand: what Road Sweeper would score there is not shown"
sed -n '2,16p' "$dir/screen" | sed 's/│.*//' | grep -q '○' || fail "hand: the other targets are not ringed on the board"
sed -n '2,16p' "$dir/screen" | sed 's/│.*//' | grep -q '◎' || fail "hand: the selected target is not marked"
# the card pages of the help
T send-keys -t hand '?'
wait_for hand 'carc play - keys' 15 || fail "hand: ? shows no help"
T send-keys -t hand Space
# issue 21: first how the expansions work, in players' words
wait_for hand 'The Gifts: how you receive a gift' 15 || fail "hand: the help does not say how a gift is received"
grep -q 'For example' "$dir/screen" || fail "hand: no example of a gift received"
k=0
while [ $k -lt 8 ] && ! grep -q 'Synod (gift deck, gift, you hold 1): Put a follower' "$dir/screen"; do
    T send-keys -t hand Space
    k=$((k + 1))
    settle hand
done
grep -q 'Synod (gift deck, gift, you hold 1): Put a follower' "$dir/screen" || fail "hand: no card page in the help"
T send-keys -t hand x
wait_for hand '-- choose (' 15 || fail "hand: the help does not close"
# Space pages through the cards and, after the last page, back to the game
T send-keys -t hand '?'
wait_for hand 'carc play - keys' 15 || fail "hand: ? shows no help"
k=0
while [ $k -lt 24 ]; do
    T send-keys -t hand Space
    k=$((k + 1))
    wait_for hand 'page [0-9]* of\|-- choose (' 15 || fail "hand: Space shows neither a page nor the game"
    settle hand
    grep -q -- '-- choose (' "$dir/screen" && break
done
grep -q -- '-- choose (' "$dir/screen" || fail "hand: Space never goes back to the game"
T send-keys -t hand q
wait_for hand 'Quit?' 15 || fail "hand: q does not ask"
T send-keys -t hand y
ended hand

# ---- cities of different tiles kept apart, in monochrome: the N cap of E leaves its
# corners field (seed 28 draws E first) ---------------------------------------------
T new-session -d -s mono -x 100 -y 30 -c "$dir" \
    "TERM=vt100 LC_ALL=C.UTF-8 '$carc' play --players human,random --seed 28 2>'$dir/mono.err'; echo \$? >'$dir/mono.rc'" \
    || fail "tmux could not start a session"
wait_for mono 'Tile in hand: City cap [NESW] only' 30 || fail "mono: seed 28 does not draw E"
settle mono
panel | grep -q '^  \.#####\.' || fail "mono: the city cap of E reaches its corners (cities of neighbours would touch)"
T send-keys -t mono q y
ended mono

# ---- a pennant under the cursor stays visible (seed 58 draws M, a city through a corner)
start pen 100 30 --players human,random --seed 58
wait_for pen 'Tile in hand: Diagonal city [NESW]+[NESW], pennant' 30 || fail "pen: seed 58 does not draw M"
settle pen
sed -n '2,20p' "$dir/screen" | sed 's/│.*//' | grep -q '◆' || fail "pen: the pennant under the cursor is hidden"
T send-keys -t pen q y
ended pen

# ---- quitting saves; --resume goes on ----------------------------------------------
start sv 100 30 --players human,random --seed 5 --save "$dir/sv.json"
wait_for sv 'Your decision: place the tile' 30 || fail "sv: no decision"
T send-keys -t sv Enter
wait_for sv 'place a follower' 15 || fail "sv: no follower decision"
T send-keys -t sv p
wait_for sv 'carc play  seed 5  turn 3' 30 || fail "sv: the computer did not play"
wait_for sv 'Your decision: place the tile' 30 || fail "sv: no decision in turn 3"
T send-keys -t sv q
wait_for sv 'Quit?  s save to .*sv.json and quit' 15 || fail "sv: q does not offer to save"
T send-keys -t sv s
ended sv
[ -s "$dir/sv.json" ] || fail "sv: quitting with s saved nothing"
"$carc" replay "$dir/sv.json" >"$dir/out" 2>&1 || fail "sv: the saved game does not replay: $(cat "$dir/out")"
start rs 100 30 --resume "$dir/sv.json" --players human,random
wait_for rs 'carc play  seed 5  turn 3' 30 || fail "rs: --resume does not continue at turn 3"
grep -q 'Your decision: place the tile' "$dir/screen" || fail "rs: no decision after resuming"
grep -q 'seat 1 (random) places' "$dir/screen" || fail "rs: the log of the resumed game is missing"
T send-keys -t rs q y
ended rs
# issue 32, bug 4: the record names the players, and --resume without --players keeps
# them (it played mcts instead, and called random's past moves mcts's)
grep -q '"seats":\["human","random"\]' "$dir/sv.json" || fail "sv: the record does not name the players"
start rs2 100 30 --resume "$dir/sv.json"
wait_for rs2 'carc play  seed 5  turn 3' 30 || fail "rs2: --resume alone does not continue at turn 3"
grep -q ' 1 random  *[0-9]' "$dir/screen" || fail "rs2: seat 1 is no longer random"
grep -q 'seat 1 (random) places' "$dir/screen" || fail "rs2: random's past moves are relabelled"
grep -q 'mcts' "$dir/screen" && fail "rs2: mcts plays a seat the record gives to random"
T send-keys -t rs2 q y
ended rs2
"$carc" play --resume "$dir/sv.json" --seed 3 >/dev/null 2>"$dir/err" && fail "--resume with --seed accepted"
grep -q 'drop --seed' "$dir/err" || fail "--resume with --seed: $(cat "$dir/err")"
"$carc" play --resume "$dir/sv.json" --players human,random,random >/dev/null 2>"$dir/err" \
    && fail "--resume with 3 seats for a 2-seat game accepted"
grep -q 'gives 3 seats, the game in .* has 2' "$dir/err" || fail "--resume seats: $(cat "$dir/err")"

# ---- a window where seat 0 holds nothing it could play there: skipped ---------------
start po 120 40 --resume "$here/play/passonly.json" --players human,random --save "$dir/po.json"
wait_for po 'passed without asking' 30 || fail "po: a window with only a pass was not skipped"
grep -q 'before placing: open a\|after scoring: play a card' "$dir/screen" \
    && fail "po: the pass-only window is still asked"
T send-keys -t po q y
ended po

# ---- issue 21: the panes grow with the window: at 100x30 the selected card's text is
# whole, at 100x50 the log has more than 8 rows
start gr 100 30 --resume "$here/play/hand.json" --players human,random
wait_for gr '-- choose (' 30 || fail "gr: no choice list at 100x30"
T send-keys -t gr j j
wait_for gr 'follower on it goes home\.' 15 || fail "gr: the selected card's text is cut at 100x30"
T send-keys -t gr q y
ended gr
start gl 100 50 --resume "$here/play/hand.json" --players human,random
wait_for gl '-- choose (' 30 || fail "gl: no choice list at 100x50"
settle gl
rows=$(awk '/── log of/ { on = 1; next } on' "$dir/screen" | sed '$d' | wc -l)
[ "$rows" -ge 11 ] || fail "gl: the log has $rows rows at 100x50"
T send-keys -t gl q y
ended gl

# ---- issue 21: a Mastermind spot the tile did not fit is said to have had no effect
"$carc" play --players greedy,greedy --expansions christmas --seed 1 --headless >"$dir/mm.txt" 2>&1 \
    || fail "mm: the headless game failed"
grep -B1 'Mastermind had no effect: the tile did not fit the spot it named' "$dir/mm.txt" \
    | grep -q 'places a tile at' || fail "mm: a lapsed Mastermind is not said, after the placement"

# ---- issue 21: o shows the whole board zoomed out, even a 15 x 10 one at 80x24
start ov 80 24 --resume "$here/play/hand.json" --players human,random
wait_for ov '-- choose (' 30 || fail "ov: no choice list"
T send-keys -t ov o
wait_for ov 'Overview: the whole board, 53 tiles' 15 || fail "ov: o shows no overview"
cells=$(sed -n '2,22p' "$dir/screen" | tr -cd '▓▒═┼✝·0123456789' | wc -m)
[ "$cells" -ge 106 ] || fail "ov: $cells cells drawn for 53 tiles"
T send-keys -t ov x
wait_for ov '-- choose (' 15 || fail "ov: the overview does not close"
T send-keys -t ov q y
ended ov

# ---- issue 21: a window whose only choice besides passing is a gift that would be wasted
# (Synod with nothing to act on): skipped too, the gift kept for its 2 points at the end
start wg 80 24 --resume "$here/play/wasted.json" --players human,random --save "$dir/wg.json"
wait_for wg 'nothing to play there' 30 || fail "wg: a window with only a wasted gift was not skipped"
grep -q 'open Synod' "$dir/screen" && fail "wg: the wasted Synod is still offered"
T send-keys -t wg q y
ended wg

# a record that cannot be resumed: one line naming what is wrong, exit 1
"$carc" play --resume "$dir/none.json" >/dev/null 2>"$dir/err" && fail "--resume of a missing file accepted"
[ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q "cannot open '.*none.json'" "$dir/err" \
    || fail "--resume of a missing file: $(cat "$dir/err")"
sed 's/"moves":\["[^"]*"/"moves":["Z (9,9) r0"/' "$dir/sv.json" >"$dir/bad.json"
"$carc" play --resume "$dir/bad.json" --players random,random --headless >/dev/null 2>"$dir/err" \
    && fail "--resume of a record with a bad move accepted"
grep -q "move 1 'Z (9,9) r0'" "$dir/err" || fail "--resume of a bad move: $(cat "$dir/err")"
"$carc" play --resume "$dir/sv.json" --players random,random --headless --save "$dir/hl.json" \
    >"$dir/out" 2>"$dir/err" || fail "--resume --headless: $(cat "$dir/err")"
grep -q '^Winners\{0,1\}: seat' "$dir/out" || fail "--resume --headless does not play the game out"
"$carc" replay "$dir/hl.json" >/dev/null 2>&1 || fail "the record of a resumed game does not replay"

# ---- the record viewer: a whole game step by step --------------------------------
"$carc" play --players random,greedy --expansions gifts,christmas --seed 2 --headless \
    --save "$dir/full.json" >/dev/null 2>&1 || fail "view: no headless game to view"
total=$(sed -n 's/.*"moves":\[\([^]]*\)\].*/\1/p' "$dir/full.json" | tr -cd '"' | wc -c)
total=$((total / 2))
start vw 120 40 --view "$dir/full.json"
wait_for vw "Replay: move 0 of $total, turn [0-9]*, seat 0's view" 30 || fail "view: the viewer does not start at move 0 of $total"
grep -q -- '-- turn 1, seat 0.*: A tile is drawn' "$dir/screen" || fail "view: no log at the start"
T send-keys -t vw l
wait_for vw "Replay: move 1 of $total" 15 || fail "view: l does not step forward"
grep -q 'seat 0 places a tile at ' "$dir/screen" || fail "view: the first move is not in the log"
# issue 21: the seats by name, not "player"; ] goes to the next turn, [ back
grep -q ' seat 1 ' "$dir/screen" || fail "view: the seats are not named"
grep -q 'player' "$dir/screen" && fail "view: a seat is called 'player'"
T send-keys -t vw ']'
wait_for vw "Replay: move [0-9]* of $total, turn 2," 30 || fail "view: ] does not go to turn 2"
T send-keys -t vw ']'
wait_for vw "Replay: move [0-9]* of $total, turn 3," 30 || fail "view: ] does not go to turn 3"
T send-keys -t vw '['
wait_for vw "Replay: move [0-9]* of $total, turn 2," 30 || fail "view: [ does not go back to turn 2"
T send-keys -t vw End
wait_for vw "Replay: move $total of $total" 30 || fail "view: End does not go to the end"
wait_for vw 'Final scoring' 15 || fail "view: no final scoring at the end"
T send-keys -t vw Left
wait_for vw "Replay: move $((total - 1)) of $total" 30 || fail "view: left does not step back"
grep -q 'Final scoring' "$dir/screen" && fail "view: the final scoring shows before the end"
T send-keys -t vw Tab
wait_for vw "seat 1's view" 15 || fail "view: Tab does not show the next seat"
grep -q 'log of seat 1' "$dir/screen" || fail "view: Tab does not show seat 1's log"
T send-keys -t vw Home
wait_for vw "Replay: move 0 of $total" 30 || fail "view: Home does not go to the start"
T send-keys -t vw q
ended vw
# the same viewer as `carc replay --view`
T new-session -d -s rv -x 120 -y 40 -c "$dir" \
    "LC_ALL=C.UTF-8 '$carc' replay --view '$dir/full.json' 2>'$dir/rv.err'; echo \$? >'$dir/rv.rc'" \
    || fail "tmux could not start a session"
wait_for rv "Replay: move 0 of $total, turn [0-9]*, seat 0's view" 30 || fail "replay --view: the viewer does not start"
T send-keys -t rv End
wait_for rv 'Final scoring' 30 || fail "replay --view: End does not reach the final scoring"
T send-keys -t rv q
ended rv
"$carc" replay --view "$dir/full.json" </dev/null >/dev/null 2>"$dir/err" && fail "replay --view without a terminal accepted"
grep -q -- '--view needs a terminal' "$dir/err" || fail "replay --view without a terminal: $(cat "$dir/err")"
"$carc" play --view "$dir/full.json" --seed 3 >/dev/null 2>"$dir/err" && fail "--view with --seed accepted"
grep -q -- '--view shows a record as it is: it takes no --seed' "$dir/err" || fail "--view --seed: $(cat "$dir/err")"

# ---- hot seat: the turn's result before the hand-over --------------------------------
start hs 120 40 --players human,human --expansions gifts,christmas --seed 5
wait_for hs 'Pass the keyboard to seat 0 - press Enter' 30 || fail "hs: no hand-over"
T send-keys -t hs Enter
wait_for hs 'Your decision: ' 15 || fail "hs: no decision"
T send-keys -t hs Enter
wait_for hs 'place a follower' 15 || fail "hs: no follower decision"
T send-keys -t hs p
wait_for hs 'End of your turn: seat 0 (you) [-+][0-9]*, seat 1 (human) [-+][0-9]*' 15 \
    || fail "hs: the turn's result is not shown before the hand-over"
T send-keys -t hs Enter
wait_for hs 'Pass the keyboard to seat 1 - press Enter' 15 || fail "hs: no hand-over after the turn's result"
T send-keys -t hs q y
ended hs
# a human, a computer, a human: the first human's turn result comes before the
# computer plays
start h3 120 40 --players human,random,human --seed 6
wait_for h3 'Pass the keyboard to seat 0 - press Enter' 30 || fail "h3: no hand-over"
T send-keys -t h3 Enter
wait_for h3 'Your decision: place the tile' 15 || fail "h3: no decision"
T send-keys -t h3 Enter
wait_for h3 'place a follower' 15 || fail "h3: no follower decision"
T send-keys -t h3 p
wait_for h3 'End of your turn: seat 0 (you) [-+][0-9]*' 15 || fail "h3: no turn result before the computer plays"
settle h3
grep -q 'seat 1 (random) places' "$dir/screen" && fail "h3: the computer played before the turn result was seen"
T send-keys -t h3 Enter
wait_for h3 'Pass the keyboard to seat 2 - press Enter' 30 || fail "h3: no hand-over to seat 2"
T send-keys -t h3 q y
ended h3

exit 0
