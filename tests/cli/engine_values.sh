#!/bin/sh
# Values in protocol commands follow the same rules as options: seeds 0..2^63-1 (what a
# record holds; 2^63 used to be accepted and then fail as "out of memory"), no empty
# expansion list or entry; a refused `new` leaves the game as it was.
set -u
carc=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$(printf '%s\n' 'new seed=4' '1 new seed=9223372036854775808' '2 new seed=18446744073709551615' \
    '3 new expansions=' '4 new expansions=gifts,,christmas' '5 new expansions=,gifts' 'record' \
    '6 new seed=9223372036854775807 expansions=gifts' '7 record' | "$carc" engine) || fail "engine exited $?"
line() { echo "$out" | sed -n "$1p"; }
[ "$(line 2)" = "?1 new: seed must be an integer 0..9223372036854775807, got 9223372036854775808" ] \
    || fail "seed 2^63: $(line 2)"
[ "$(line 3)" = "?2 new: seed must be an integer 0..9223372036854775807, got 18446744073709551615" ] \
    || fail "seed 2^64-1: $(line 3)"
[ "$(line 4)" = "?3 new: expansions: empty expansion list (want base, gifts, christmas, inns, traders, river, abbot, dragon, tower, abbey)" ] \
    || fail "expansions=: $(line 4)"
[ "$(line 5)" = "?4 new: expansions: empty entry in expansion list \"gifts,,christmas\"" ] \
    || fail "expansions=gifts,,christmas: $(line 5)"
line 6 | grep -q '^?5 new: expansions: empty entry' || fail "expansions=,gifts: $(line 6)"
line 7 | grep -q '"expansions":"base".*"seed":4}$' || fail "a refused new changed the game: $(line 7)"
line 8 | grep -q '^=6 ' || fail "largest seed refused: $(line 8)"
line 9 | grep -q '^=7 {.*"seed":9223372036854775807}$' || fail "record of the largest seed: $(line 9)"

# players: 2..5, 6 only with inns (checked once every key is read); the new names
out=$(printf '%s\n' '1 new players=6' '2 new players=6 expansions=gifts,christmas' \
    '3 new expansions=snow' '4 new players=7 expansions=inns' | "$carc" engine) || fail "engine exited $?"
[ "$(line 1)" = "?1 new: players must be 2..5 (6 with inns), got 6" ] || fail "players=6: $(line 1)"
[ "$(line 2)" = "?2 new: players must be 2..5 (6 with inns), got 6" ] || fail "players=6 gifts: $(line 2)"
[ "$(line 3)" = "?3 new: expansions: unknown expansion \"snow\" in \"snow\" (want base, gifts, christmas, inns, traders, river, abbot, dragon, tower, abbey)" ] \
    || fail "expansions=snow: $(line 3)"
[ "$(line 4)" = "?4 new: players must be 2..5 (6 with inns), got 7" ] || fail "players=7 inns: $(line 4)"

# a fixed stack of tile names; a tile of an expansion not in play is refused
out=$(printf '%s\n' '1 new expansions=inns stack=U,IC/CCCC,V' '2 record' '3 new stack=U,IC/CCCC' \
    '4 new stack=U,IC/nope' '5 new players=6 expansions=inns,traders seed=3' | "$carc" engine) \
    || fail "engine exited $?"
line 1 | grep -q '^=1 {"events":\["draw U"\]' || fail "stack of names: $(line 1)"
line 2 | grep -qF '"stack":["U","IC/CCCC","V"]' || fail "record of a stack of names: $(line 2)"
[ "$(line 3)" = "?3 new: stack: tile IC/CCCC needs expansions=inns" ] || fail "IC tile in base: $(line 3)"
[ "$(line 4)" = "?4 new: stack: unknown tile 'IC/nope'" ] || fail "unknown tile: $(line 4)"
line 5 | grep -q '^=5 ' || fail "6 players with inns: $(line 5)"
exit 0
