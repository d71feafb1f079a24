#!/bin/sh
# carc demo: a complete seeded game is told turn by turn and ends with the final
# board, one score line per seat and the winner(s); the same seed prints the same.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$carc" demo --seed 1 >"$dir/a" 2>"$dir/err" || fail "demo --seed 1 exited $?: $(cat "$dir/err")"
[ -s "$dir/err" ] && fail "demo wrote to stderr: $(cat "$dir/err")"
grep -q '^turn 1: seat 0 draws [A-X]$' "$dir/a" || fail "no heading for turn 1"
grep -q '^  seat 0 place: [A-X] (-\{0,1\}[0-9]*,-\{0,1\}[0-9]*) r[0-3]$' "$dir/a" \
    || fail "no placement move of seat 0 in notation"
grep -q '^final board after [0-9]* turns:$' "$dir/a" || fail "no final board heading"
grep -q '^seat 0: [0-9][0-9]* points (roads [0-9]*, cities [0-9]*, cloisters [0-9]*, fields [0-9]*)$' \
    "$dir/a" || fail "no score line for seat 0"
grep -q '^seat 1: [0-9][0-9]* points' "$dir/a" || fail "no score line for seat 1"
grep -q '^winners\{0,1\}: seat [01]' "$dir/a" || fail "no winner line"
# the final board shows one tile letter per placement announced, plus the start tile
placed=$(grep -c '^  seat [0-9] place: ' "$dir/a")
letters=$(awk '/^final board/ { on = 1; next } /^# city/ { on = 0 }
    on { n += gsub(/[A-X]/, "") } END { print n + 0 }' "$dir/a")
[ "$placed" -ge 1 ] || fail "no placements"
[ "$letters" -eq $((placed + 1)) ] || fail "board shows $letters tiles, $placed placed + the start"

"$carc" demo --seed 1 >"$dir/b" 2>/dev/null || fail "second demo failed"
cmp -s "$dir/a" "$dir/b" || fail "demo --seed 1 is not deterministic"
"$carc" demo --seed 2 >"$dir/c" 2>/dev/null || fail "demo --seed 2 failed"
cmp -s "$dir/a" "$dir/c" && fail "seeds 1 and 2 printed the same game"

"$carc" demo --seed 9 --players 4 >"$dir/d" 2>"$dir/err" || fail "demo --players 4 failed: $(cat "$dir/err")"
grep -q '^seat 3: [0-9][0-9]* points' "$dir/d" || fail "no score line for seat 3 of 4"
exit 0
