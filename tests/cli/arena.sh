#!/bin/sh
# carc arena: one line per player beginning "<name>: win <rate>%", seats rotated, results
# reproducible for players without a time budget; mcts plays every decision kind of a
# game with both expansions.
carc=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$("$carc" arena --players greedy,random --games 20 --seed 5 --threads 2) || fail "arena exited $?"
echo "$out" | grep -q '^greedy: win [0-9.]*% (95% CI [0-9.]*-[0-9.]*%), mean score [0-9.]*, Elo [-+][0-9]*$' \
    || fail "no greedy line in: $out"
echo "$out" | grep -q '^random: win ' || fail "no random line in: $out"
echo "$out" | grep -q '^games: 20, expansions: base$' || fail "no summary line in: $out"
again=$("$carc" arena --players greedy,random --games 20 --seed 5 --threads 1) || fail "second run"
[ "$out" = "$again" ] || fail "same seed, different results: $out // $again"
# win rates of the two players add up to 100%
sum=$(echo "$out" | sed -n 's/^[a-z]*: win \([0-9.]*\)%.*/\1/p' | awk '{s += $1} END {print s}')
[ "$sum" = "100" ] || fail "win rates add up to $sum"
out=$("$carc" arena --players mcts,greedy,random --games 3 --budget-ms 5 --expansions gifts,christmas) \
    || fail "mcts arena with both expansions exited $?"
echo "$out" | grep -q '^mcts: win ' || fail "no mcts line in: $out"
echo "$out" | grep -q '^games: 3, expansions: gifts,christmas$' || fail "no summary: $out"
exit 0
