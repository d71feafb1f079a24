#!/bin/sh
# carc engine: one reply line per command, "=" or "?", ids echoed, bad lines
# change nothing (an illegal move leaves `state` byte for byte as it was), and a
# game played through the protocol gives a record that `carc replay` accepts.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# line N of a file
line() { sed -n "$1p" "$2"; }

# ---- session 1: errors, ids, comments, an illegal move -------------------------
cat >"$dir/in1" <<'IN'
pending
help

# a comment gets no reply
new players=7
new colour=red
new seed=5 seed=6
new stack=AZ
new seed=5
1 pending
2 state
3 play TILE (40,40) r0
4 play this is not a move
5 play
6 state
7 legal now
8 bogus
9 scores
10 view 2
11 view 1
12 winners
13 quit
state
IN
# the illegal move places the tile in hand (the first draw of seed 5) far away
tile=$(printf 'new seed=5\n' | "$carc" engine | sed -n 's/^= {"events":\["draw \([A-X]\)".*/\1/p')
[ -n "$tile" ] || fail "no tile drawn by new seed=5"
sed "s/TILE/$tile/" "$dir/in1" >"$dir/in1t" && mv "$dir/in1t" "$dir/in1"
"$carc" engine <"$dir/in1" >"$dir/out1" 2>"$dir/err1" || fail "engine exited $?"
[ -s "$dir/err1" ] && fail "engine wrote to stderr: $(cat "$dir/err1")"
[ "$(wc -l <"$dir/out1")" -eq 20 ] || fail "expected 20 reply lines, got $(wc -l <"$dir/out1"):
$(cat "$dir/out1")"
[ "$(line 1 "$dir/out1")" = "? pending: no game yet, send 'new' first" ] || fail "pending before new: $(line 1 "$dir/out1")"
line 2 "$dir/out1" | grep -q '^= \["new \[players=2..5|6 with inns\] \[seed=N\] \[expansions=base|LIST of gifts,christmas,inns,traders,river,abbot,dragon,tower,abbey\] .*","pending","legal","play MOVE",.*"quit"\]$' || fail "help: $(line 2 "$dir/out1")"
[ "$(line 3 "$dir/out1")" = "? new: players must be 2..5 (6 with inns), got 7" ] || fail "players=7: $(line 3 "$dir/out1")"
line 4 "$dir/out1" | grep -q "^? new: unknown option 'colour'" || fail "colour: $(line 4 "$dir/out1")"
line 5 "$dir/out1" | grep -q "^? new: option 'seed' given twice" || fail "seed twice: $(line 5 "$dir/out1")"
line 6 "$dir/out1" | grep -q "^? new: stack: 'Z' is not a tile letter" || fail "stack: $(line 6 "$dir/out1")"
line 7 "$dir/out1" | grep -q '^= {"events":\["draw [A-X]"\],"pending":{"active":0,"decision":"place","seat":0}}$' \
    || fail "new: $(line 7 "$dir/out1")"
[ "$(line 8 "$dir/out1")" = '=1 {"active":0,"decision":"place","seat":0}' ] || fail "pending: $(line 8 "$dir/out1")"
line 9 "$dir/out1" | grep -q '^=2 {' || fail "state: $(line 9 "$dir/out1")"
line 10 "$dir/out1" | grep -q '^?3 play: ' || fail "illegal move: $(line 10 "$dir/out1")"
line 11 "$dir/out1" | grep -q '^?4 play: ' || fail "unparseable move: $(line 11 "$dir/out1")"
[ "$(line 12 "$dir/out1")" = "?5 play: missing move (see 'legal')" ] || fail "empty play: $(line 12 "$dir/out1")"
# the state after the bad moves is the state before them
[ "$(line 9 "$dir/out1" | cut -c4-)" = "$(line 13 "$dir/out1" | cut -c4-)" ] \
    || fail "state changed after an illegal move"
[ "$(line 14 "$dir/out1")" = "?7 legal takes no arguments, got 'now'" ] || fail "legal now: $(line 14 "$dir/out1")"
[ "$(line 15 "$dir/out1")" = "?8 unknown command 'bogus' (see 'help')" ] || fail "bogus: $(line 15 "$dir/out1")"
[ "$(line 16 "$dir/out1")" = "=9 [0,0]" ] || fail "scores: $(line 16 "$dir/out1")"
[ "$(line 17 "$dir/out1")" = "?10 view: seat must be 0..1, got 2" ] || fail "view 2: $(line 17 "$dir/out1")"
line 18 "$dir/out1" | grep -q '^=11 {' || fail "view 1: $(line 18 "$dir/out1")"
[ "$(line 19 "$dir/out1")" = "=12 []" ] || fail "winners: $(line 19 "$dir/out1")"
[ "$(line 20 "$dir/out1")" = "=13" ] || fail "quit: $(line 20 "$dir/out1")"

# ---- session 2: a whole game through the protocol, then its record replayed ------
printf 'new seed=5\nlegal\n' | "$carc" engine >"$dir/out2" || fail "engine (legal) failed"
first=$(line 2 "$dir/out2" | sed -n 's/^= \["\([^"]*\)".*/\1/p')
[ -n "$first" ] || fail "no legal move listed: $(line 2 "$dir/out2")"
{
    echo "new seed=5"
    echo "play $first"
    echo "pending"
    i=0
    while [ $i -lt 400 ]; do echo genmove; i=$((i + 1)); done
    echo "pending"
    echo "winners"
    echo "check"
    echo "record"
} >"$dir/in3"
"$carc" engine <"$dir/in3" >"$dir/out3" || fail "engine (game) failed"
[ "$(wc -l <"$dir/out3")" -eq "$(wc -l <"$dir/in3")" ] || fail "not one reply per command"
line 2 "$dir/out3" | grep -q '^= {"events":\["place 0 [A-X] (-\{0,1\}[0-9]*,-\{0,1\}[0-9]*) r[0-3]"' \
    || fail "play reply: $(line 2 "$dir/out3")"
line 2 "$dir/out3" | grep -qF "\"move\":\"$first\"" || fail "play reply lacks the move: $(line 2 "$dir/out3")"
[ "$(line 3 "$dir/out3")" = '= {"active":0,"decision":"follower","seat":0}' ] || fail "pending after a placement: $(line 3 "$dir/out3")"
n=$(wc -l <"$dir/out3")
line $((n - 3)) "$dir/out3" | grep -q '^= {"active":[0-9],"decision":"over","seat":-1}$'  || fail "game not over after 400 genmoves"
grep -q '^? play: the game is over$\|^? genmove: the game is over$' "$dir/out3" \
    || fail "genmove after the end did not fail"
grep -q '"over"' "$dir/out3" || fail "no 'over' event"
line $((n - 2)) "$dir/out3" | grep -q '^= \[[0-9]' || fail "winners: $(line $((n - 2)) "$dir/out3")"
[ "$(line $((n - 1)) "$dir/out3")" = "= ok" ] || fail "check: $(line $((n - 1)) "$dir/out3")"
line "$n" "$dir/out3" | cut -c3- >"$dir/game.jsonl"
"$carc" replay "$dir/game.jsonl" >"$dir/out" 2>"$dir/err" || fail "replay of the engine's record: $(cat "$dir/err")"
[ "$(cat "$dir/out")" = "1 records replayed, all moves legal, all scores match" ] \
    || fail "replay: $(cat "$dir/out")"

# ---- session 4: help with arguments, one word "over" everywhere, per-seat events ----
{
    echo "help genmove"
    echo "help bogus"
    echo "help play now"
    echo "new players=2 seed=4 expansions=gifts,christmas"
    i=0
    while [ $i -lt 400 ]; do echo genmove; echo "events"; echo "events 0"; echo "events 1"; echo "events public"; i=$((i + 1)); done
    echo "events 2"
    echo "events 0 x"
    echo "pending"
    echo "state"
    echo "view 1"
    echo "view public"
    echo "undo"
    echo "record"
} >"$dir/in4"
"$carc" engine <"$dir/in4" >"$dir/out4" || fail "engine (session 4) failed"
[ "$(line 1 "$dir/out4")" = '= "genmove [player=random|greedy|mcts] [ms=N | iterations=N]: a computer player chooses the move and plays it; a move reply"' ] \
    || fail "help genmove: $(line 1 "$dir/out4")"
[ "$(line 2 "$dir/out4")" = "? help: unknown command 'bogus' (see 'help')" ] || fail "help bogus: $(line 2 "$dir/out4")"
line 3 "$dir/out4" | grep -q "^? " || fail "help play now: $(line 3 "$dir/out4")"
# every genmove is followed by its events: all of them, then as seat 0, 1 and a spectator
# know them; a seat's list is the full one with other seats' hidden cards as "?"
awk -v out="$dir/seats" '
    /^= \{"events":/ { full = $0; sub(/^= \{"events":/, "", full); sub(/,"move".*/, "", full); k = 0; next }
    /^= \[/ && full != "" { k++; ev[k] = substr($0, 3)
        if (k == 4) { print full "\t" ev[1] "\t" ev[2] "\t" ev[3] "\t" ev[4] > out; full = "" } }
' "$dir/out4"
[ "$(wc -l <"$dir/seats")" -gt 100 ] || fail "too few genmoves with events: $(wc -l <"$dir/seats")"
while IFS="$(printf '\t')" read -r full all s0 s1 pub; do
    [ "$full" = "$all" ] || fail "events differs from the move reply: $full / $all"
    for seen in "$s0:0" "$s1:1" "$pub:p"; do
        list=${seen%:*} seat=${seen##*:}
        # the same number of events, hidden cards of other seats as "?"
        exp=$(printf '%s' "$full" | sed -E "s/\"(gift|card) ([0-9]) [a-z_]+\"/\"\1 \2 SEAT\"/g")
        got=$(printf '%s' "$list" | sed -E "s/\"(gift|card) ([0-9]) [a-z_?]+\"/\"\1 \2 SEAT\"/g")
        [ "$exp" = "$got" ] || fail "events as seat $seat differ beyond cards: $full / $list"
        printf '%s' "$list" | grep -o '"\(gift\|card\) [0-9] [a-z_?]*"' | while read -r e; do
            owner=$(printf '%s' "$e" | cut -d' ' -f2)
            case "$e" in
            *'?"') [ "$owner" != "$seat" ] || fail "seat $seat does not see its own card: $list" ;;
            *) printf '%s' "$full" | grep -qF "$e" || fail "seat $seat sees $e not in $full" ;;
            esac
        done || exit 1
    done
done <"$dir/seats"
grep -q '"gift [0-9] ?"\|"card [0-9] ?"' "$dir/seats" || fail "no hidden card in any seat's events"
n=$(wc -l <"$dir/out4")
[ "$(line $((n - 7)) "$dir/out4")" = "? events: seat must be 0..1, got 2" ] || fail "events 2: $(line $((n - 7)) "$dir/out4")"
[ "$(line $((n - 6)) "$dir/out4")" = "? events: unexpected argument 'x' after the seat" ] || fail "events 0 x"
# the end is "over" in pending, state, view and load alike, never "none"
line $((n - 5)) "$dir/out4" | grep -q '"decision":"over","seat":-1}$' || fail "pending at the end: $(line $((n - 5)) "$dir/out4")"
for k in 4 3 2; do
    line $((n - k)) "$dir/out4" | grep -q '"over":true,"pending":{"decision":"over","feature":null,"seat":-1}' \
        || fail "state/view at the end: $(line $((n - k)) "$dir/out4" | grep -o '"pending":{[^}]*}')"
done
grep -q '"none"' "$dir/out4" && fail "a reply says \"none\""
line "$n" "$dir/out4" | cut -c3- >"$dir/undone.json"
printf 'load %s\nplay %s\npending\n' "$(cat "$dir/undone.json")" \
    "$(line $((n - 1)) "$dir/out4" | sed -n 's/.*"undone":"\([^"]*\)".*/\1/p')" | "$carc" engine >"$dir/out5"
line 2 "$dir/out5" | grep -q '"decision":"over","seat":-1}}$' || fail "play of the last move after load: $(line 2 "$dir/out5")"
[ "$(line 3 "$dir/out5")" = "$(line $((n - 5)) "$dir/out4")" ] || fail "pending after load and the last move"

# ---- session 5: PROTOCOL.md's opening example is a real session, reply for reply ----
doc=$(dirname "$0")/../../docs/PROTOCOL.md
if [ -f "$doc" ]; then
    sed -n '/^\$ carc engine$/,/^```$/p' "$doc" | sed '1d;$d' >"$dir/example"
    grep -v '^[=?]' "$dir/example" >"$dir/in6"
    grep '^[=?]' "$dir/example" >"$dir/want6"
    [ "$(wc -l <"$dir/in6")" -gt 5 ] || fail "no example in $doc"
    "$carc" engine <"$dir/in6" >"$dir/out6" || fail "engine (the example) failed"
    diff "$dir/want6" "$dir/out6" >&2 || fail "PROTOCOL.md's example differs from a real session"
fi
exit 0
