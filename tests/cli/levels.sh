#!/bin/sh
# The levels for people (docs/AI.md, levels): easy, medium and hard are reachable from
# every front end that names players (carc play --players, carc arena, the protocol's
# genmove player=; the server's are tests/server/levels.sh, the lobby's
# tests/web/lobby.mjs), easy and medium deterministic with a seed (hard is medium's
# search with more iterations), and each with a budget of its own that the caller
# cannot change.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# moves SEED PLAYER N: the engine's replies to N genmoves of PLAYER from a new game
moves() {
    { echo "new seed=$1 expansions=gifts,christmas"
      i=0
      while [ $i -lt "$3" ]; do echo "genmove player=$2"; i=$((i + 1)); done
    } | "$carc" engine
}
for level in easy:12 medium:6; do
    name=${level%:*} n=${level#*:}
    moves 5 "$name" "$n" >"$dir/a"
    moves 5 "$name" "$n" >"$dir/b"
    [ "$(grep -c '^= {.*"move":' "$dir/a")" -eq "$n" ] || fail "genmove player=$name: $(cat "$dir/a")"
    cmp -s "$dir/a" "$dir/b" || fail "genmove player=$name: not the same moves twice from seed 5"
    mv "$dir/a" "$dir/$name"
done
# hard (medium's search at 100 times the iterations: a second under ASan) answers
moves 5 hard 1 >"$dir/h"
grep -q '^= {.*"move":' "$dir/h" || fail "genmove player=hard: $(cat "$dir/h")"
# easy draws among near-best moves: another game's seed, other moves
moves 6 easy 12 >"$dir/c"
cmp -s "$dir/easy" "$dir/c" && fail "easy: the same replies from seeds 5 and 6"
# a level's budget is its own
printf 'new seed=5\ngenmove player=hard iterations=10\n' | "$carc" engine >"$dir/err"
grep -q '^? genmove: ms and iterations are for player=mcts only, not hard$' "$dir/err" ||
    fail "genmove player=hard iterations=10: $(cat "$dir/err")"
# carc play: a headless game of two levels, twice the same; a person against hard
"$carc" play --headless --players easy,medium --seed 3 >"$dir/p1" || fail "play easy,medium"
"$carc" play --headless --players easy,medium --seed 3 >"$dir/p2" || fail "play easy,medium"
cmp -s "$dir/p1" "$dir/p2" || fail "play --headless --players easy,medium: two games differ"
grep -q 'seat 0 easy, seat 1 medium' "$dir/p1" || fail "play: $(head -1 "$dir/p1")"
"$carc" play --headless --players human,hard 2>"$dir/err"
grep -q 'needs computer seats only, seat 0 is human' "$dir/err" ||
    fail "play --players human,hard: $(cat "$dir/err")"  # hard parsed, the person refused
# carc arena takes them
"$carc" arena --players easy,medium --paired --games 2 >"$dir/arena" || fail "arena easy,medium"
grep -q '^easy vs medium: score' "$dir/arena" || fail "arena: $(cat "$dir/arena")"
exit 0
