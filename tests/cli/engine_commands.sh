#!/bin/sh
# carc engine: the commands a bot author needs beyond play (docs/PROTOCOL.md):
# genmove with each player, undo back to the start, load of a record with fixed
# stack and decks, new with the deck options, pending as JSON; and every bad form of
# them fails with one line and changes nothing (state and record compared).
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
line() { sed -n "$1p" "$2"; }
# runs the engine on file $1, replies into $2; one reply per command line
run() {
    "$carc" engine <"$1" >"$2" 2>"$dir/err" || fail "engine exited $? on $1"
    [ -s "$dir/err" ] && fail "engine wrote to stderr: $(cat "$dir/err")"
    [ "$(wc -l <"$2")" -eq "$(grep -cv '^$' "$1")" ] || fail "not one reply per command in $2"
}
# the reply of the command with id $1 in file $2, without its "=ID " prefix
reply() { sed -n "s/^[=?]$1 //p" "$2"; }

# ---- failing commands change nothing ------------------------------------------------
{
    echo "new players=3 seed=9 expansions=gifts,christmas"
    i=0
    while [ $i -lt 25 ]; do echo genmove; i=$((i + 1)); done
    echo "1 state"
    echo "2 record"
    echo "3 new expansions="
    echo "4 new expansions=gifts,,christmas"
    echo "5 new expansions=,gifts"
    echo "6 new stack="
    echo "7 new expansions=christmas cloister_deck="
    echo "8 new expansions=christmas cloister_deck=score_three,,draw_two"
    echo "9 new expansions=christmas roadside_deck=score_three"
    echo "10 new gift_deck=synod"
    echo "11 new return_pos=2"
    echo "12 new stack=UU stack=UU"
    echo "13 new expansions=christmas cloister_deck=bogus"
    echo "14 new players=3 seed=9 expansions=gifts,christmas gift_deck=synod,synod,synod,synod,synod,synod"
    echo "15 load"
    echo "16 load {\"carc\":1"
    echo "17 load {\"carc\":1,\"players\":2,\"seed\":1,\"moves\":[\"pass\"]}"
    echo "18 genmove player=nobody"
    echo "19 genmove ms=10"
    echo "20 genmove player=mcts ms=10 iterations=10"
    echo "21 genmove player=mcts ms=0"
    echo "22 genmove player=greedy player=greedy"
    echo "23 state legal extra"
    echo "24 undo now"
    echo "25 pending now"
    echo "26 play nonsense"
    echo "27 state"
    echo "28 record"
} >"$dir/in1"
run "$dir/in1" "$dir/out1"
expect() {  # id, expected message
    [ "$(grep "^?$1 " "$dir/out1" | cut -d' ' -f2-)" = "$2" ] \
        || fail "command $1: got '$(grep "^[=?]$1 " "$dir/out1")', want '? $2'"
}
expect 3 "new: expansions: empty expansion list (want base, gifts, christmas, inns, traders, river, abbot, dragon, tower, abbey)"
expect 4 'new: expansions: empty entry in expansion list "gifts,,christmas"'
expect 5 'new: expansions: empty entry in expansion list ",gifts"'
expect 6 "new: stack: empty value"
expect 7 "new: cloister_deck: empty value"
expect 8 "new: cloister_deck: empty entry in the list (write 'none' for an empty deck)"
grep -q '^?9 new: Roadside deck position 0: score_three is not a card of that deck' "$dir/out1" \
    || fail "roadside deck with a cloister card: $(grep '^[=?]9 ' "$dir/out1")"
expect 10 "new: gift_deck needs expansions=gifts"
expect 11 "new: return_pos needs a fixed stack"
expect 12 "new: option 'stack' given twice"
expect 13 "new: cloister_deck: unknown card 'bogus'"
grep -q '^?14 new: the gift deck has more than 5 synod' "$dir/out1" \
    || fail "six synods: $(grep '^[=?]14 ' "$dir/out1")"
expect 15 "load: missing record (one line of JSON, docs/RECORD.md)"
grep -q '^?16 load: bad JSON' "$dir/out1" || fail "load of bad JSON: $(grep '^[=?]16 ' "$dir/out1")"
grep -q '^?17 load: move 1 "pass": ' "$dir/out1" || fail "load of an illegal move: $(grep '^[=?]17 ' "$dir/out1")"
expect 18 "genmove: unknown player 'nobody' (players: random, greedy, mcts, mcts-2026a, mcts-2026b, mcts-2026c, mcts-2026d, easy, medium, hard)"
expect 19 "genmove: ms and iterations are for player=mcts only, not random"
expect 20 "genmove: give ms or iterations, not both"
expect 21 "genmove: ms must be 1..600000, got 0"
expect 22 "genmove: option 'player' given twice"
expect 23 "state: unexpected argument 'extra' after 'legal'"
expect 24 "undo takes no arguments, got 'now'"
expect 25 "pending takes no arguments, got 'now'"
grep -q '^?26 play: ' "$dir/out1" || fail "play nonsense succeeded"
[ "$(reply 1 "$dir/out1")" = "$(reply 27 "$dir/out1")" ] || fail "a failed command changed the state"
[ "$(reply 2 "$dir/out1")" = "$(reply 28 "$dir/out1")" ] || fail "a failed command changed the record"

# ---- undo: back to the start, the record shrinks, replaying gives the same game ------
{
    echo "new players=2 seed=21 expansions=gifts,christmas"
    echo "1 state"
    echo "2 record"
    i=0
    while [ $i -lt 40 ]; do echo "g$i genmove"; i=$((i + 1)); done
    echo "3 state"
    echo "4 record"
    echo "5 pending"
} | sed 's/^g[0-9]* //' >"$dir/in2"
run "$dir/in2" "$dir/out2"
# the moves played, in order, from the move replies
sed -n 's/^= {"events":.*"move":"\([^"]*\)".*/\1/p' "$dir/out2" >"$dir/moves"
[ "$(wc -l <"$dir/moves")" -eq 40 ] || fail "expected 40 genmove replies, got $(wc -l <"$dir/moves")"
{
    cat "$dir/in2"
    i=40
    while [ $i -gt 0 ]; do echo "u$i undo"; i=$((i - 1)); done
    echo "6 undo"
    echo "7 state"
    echo "8 record"
    while read -r m; do echo "play $m"; done <"$dir/moves"
    echo "9 state"
    echo "10 record"
    echo "11 undo"
    echo "12 genmove"
    echo "13 undo"
    echo "14 genmove"
} | sed 's/^u\([0-9]*\) undo/u\1 undo/' >"$dir/in3"
# ids for the undos must be numbers
sed -i 's/^u\([0-9]*\) /10\1 /' "$dir/in3"
run "$dir/in3" "$dir/out3"
[ "$(reply 101 "$dir/out3" | sed 's/.*"moves":\([0-9]*\).*/\1/')" = 0 ] || fail "last undo: $(reply 101 "$dir/out3")"
[ "$(reply 1040 "$dir/out3" | sed 's/.*"moves":\([0-9]*\).*/\1/')" = 39 ] || fail "first undo: $(reply 1040 "$dir/out3")"
reply 1040 "$dir/out3" | grep -qF "\"undone\":\"$(tail -n 1 "$dir/moves")\"" || fail "first undo names another move: $(reply 1040 "$dir/out3")"
[ "$(grep '^?6 ' "$dir/out3")" = "?6 undo: no move to take back" ] || fail "undo at the start: $(grep '^[=?]6 ' "$dir/out3")"
[ "$(reply 1 "$dir/out3")" = "$(reply 7 "$dir/out3")" ] || fail "undo to the start: another state"
[ "$(reply 2 "$dir/out3")" = "$(reply 8 "$dir/out3")" ] || fail "undo to the start: another record"
[ "$(reply 3 "$dir/out3")" = "$(reply 9 "$dir/out3")" ] || fail "replay after undo: another state"
[ "$(reply 4 "$dir/out3")" = "$(reply 10 "$dir/out3")" ] || fail "replay after undo: another record"
# genmove depends on the game only: the undone move is chosen again
[ "$(reply 12 "$dir/out3")" = "$(reply 14 "$dir/out3")" ] || fail "genmove after undo chose another move"
[ "$(reply 11 "$dir/out3" | sed 's/.*"undone":"\([^"]*\)".*/\1/')" = "$(tail -n 1 "$dir/moves")" ] \
    || fail "undo: $(reply 11 "$dir/out3")"

# ---- load: the record of issue 8's X13 case, fixed stack and decks ------------------
x13='{"carc":1,"players":2,"seed":1,"expansions":"christmas","stack":"UUUE","cloister_deck":[],"roadside_deck":["mastermind","mastermind"],"moves":["U (1,0) r1","draw","pass","pass","U (-1,0) r1","draw","pass","pass","play mastermind (0,-1)","pass","U (2,0) r1","pass","pass","play mastermind (3,0)"'
{
    echo "new seed=4"
    echo "1 state"
    echo "2 load $x13,\"E (1,-1) r0\"]}"
    echo "3 state"
    echo "4 load $x13]}"
    echo "5 state"
    echo "6 record"
    echo "7 view 0"
    echo "8 undo"
    echo "9 play play mastermind (3,0)"
    echo "10 state"
    echo "11 legal"
} >"$dir/in4"
run "$dir/in4" "$dir/out4"
grep -q '^?2 load: move 15 "E (1,-1) r0": ' "$dir/out4" || fail "load of the refused move 15: $(grep '^[=?]2 ' "$dir/out4")"
[ "$(reply 1 "$dir/out4")" = "$(reply 3 "$dir/out4")" ] || fail "a failed load changed the game"
[ "$(reply 4 "$dir/out4")" = '{"moves":14,"pending":{"active":1,"decision":"place","seat":1}}' ] \
    || fail "load: $(reply 4 "$dir/out4")"
reply 5 "$dir/out4" | grep -q '"binds":\[{"turn":[0-9]*,"x":0,"y":-1},{"turn":[0-9]*,"x":3,"y":0}\]' \
    || fail "state after load: no Mastermind positions: $(reply 5 "$dir/out4")"
reply 6 "$dir/out4" | grep -qF '"stack":"UUUE"' || fail "record after load: $(reply 6 "$dir/out4")"
reply 6 "$dir/out4" | grep -qF '"cloister_deck":[]' || fail "record after load: $(reply 6 "$dir/out4")"
reply 7 "$dir/out4" | grep -q '"binds":\[{' || fail "view after load: $(reply 7 "$dir/out4")"
[ "$(reply 5 "$dir/out4")" = "$(reply 10 "$dir/out4")" ] || fail "undo and replay after load: another state"
reply 11 "$dir/out4" | grep -qF '"E (1,-1) r0"' && fail "X13: E (1,-1) r0 is legal after load"

# ---- new with the deck options reproduces a record's game; load gives the same state -
{
    echo "new players=2 seed=3 expansions=gifts,christmas stack=UUVVWKEA return_pos=1 gift_deck=take_two,synod cloister_deck=draw_two,score_three roadside_deck=none"
    i=0
    while [ $i -lt 20 ]; do echo genmove; i=$((i + 1)); done
    echo "1 state"
    echo "2 record"
    echo "3 view public"
} >"$dir/in5"
run "$dir/in5" "$dir/out5"
# the public view (a spectator's) names no card in any hand; the state does here
reply 1 "$dir/out5" | grep -q '"cards":\["' || fail "state of in5: no hand holds a card, the next check proves nothing"
reply 3 "$dir/out5" | grep -q '"cards":\["' && fail "view public shows a hand: $(reply 3 "$dir/out5")"
reply 3 "$dir/out5" | grep -qF '"view":"public"' || fail "view public: $(reply 3 "$dir/out5")"
reply 2 "$dir/out5" | grep -qF '"gift_deck":["take_two","synod"]' || fail "record of new with decks: $(reply 2 "$dir/out5")"
reply 2 "$dir/out5" | grep -qF '"roadside_deck":[]' || fail "record of new with decks: $(reply 2 "$dir/out5")"
reply 2 "$dir/out5" | grep -qF '"return_pos":1' || fail "record of new with decks: $(reply 2 "$dir/out5")"
printf 'new\n1 load %s\n2 state\n3 record\n' "$(reply 2 "$dir/out5")" >"$dir/in6"
run "$dir/in6" "$dir/out6"
[ "$(reply 1 "$dir/out5")" = "$(reply 2 "$dir/out6")" ] || fail "load of a record: another state"
[ "$(reply 2 "$dir/out5")" = "$(reply 3 "$dir/out6")" ] || fail "load of a record: another record"

# ---- genmove with each player; random, greedy and mcts with iterations are deterministic
{
    echo "new players=3 seed=11 expansions=gifts,christmas"
    i=0
    while [ $i -lt 6 ]; do
        echo "genmove player=random"
        echo "genmove player=greedy"
        echo "genmove player=mcts iterations=40"
        i=$((i + 1))
    done
    echo "genmove player=mcts ms=20"
    echo "check"
} >"$dir/in7"
run "$dir/in7" "$dir/out7"
grep -q '^?' "$dir/out7" && fail "genmove failed: $(grep '^?' "$dir/out7" | head -n 1)"
[ "$(grep -c '"move":' "$dir/out7")" -eq 19 ] || fail "not 19 moves played"
[ "$(tail -n 1 "$dir/out7")" = "= ok" ] || fail "check after genmoves"
head -n 19 "$dir/in7" >"$dir/in8"
run "$dir/in8" "$dir/out8"
head -n 19 "$dir/out7" | cmp -s - "$dir/out8" || fail "genmove is not deterministic"
# ---- a swap in play names whose follower it takes (seat 1 of two owners, X10): the
# state and every seat's view show it while seat 1 is asked to block
rec='{"carc":1,"players":3,"seed":1,"expansions":"christmas","stack":"UVUE","roadside_deck":["swap_road","swap_city","intrude_road"],"moves":["U (1,0) r1","draw","road:E","pass","V (1,1) r3","draw","road:E","pass","U (-1,0) r1","draw","target (1,1) road:E","pass","pass","play swap_road (1,0) road:E (1,1) road:E seat:1"]}'
printf '1 load %s\n2 state\n3 view 2\n4 pending\n' "$rec" >"$dir/in9"
run "$dir/in9" "$dir/out9"
target='"target":[{"port":"E","type":"road","x":1,"y":0},{"port":"E","seat":1,"type":"road","x":1,"y":1}]'
reply 2 "$dir/out9" | grep -qF "$target" || fail "state: the swap's target lacks its seat: $(reply 2 "$dir/out9" | grep -o '"in_play":[^]]*]')"
reply 3 "$dir/out9" | grep -qF "$target" || fail "view: the swap's target lacks its seat"
reply 4 "$dir/out9" | grep -qF '"decision":"block","seat":1' || fail "seat 1 is not asked: $(reply 4 "$dir/out9")"
exit 0
