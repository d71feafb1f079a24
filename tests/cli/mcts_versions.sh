#!/bin/sh
# The searcher's earlier versions stay as they were (docs/AI.md, measuring): 40
# decisions of mcts-2026a (and mcts-2026b; mcts-2026c: main's mcts at 4aa77f7; mcts-2026d:
# main's mcts at 5a6dccc) at 100 iterations, through `carc engine`, give the replies
# that mcts gave at main 14855b1 (their checksums pinned here), in the base game and
# with all six expansions. A change to what mcts-2026a depends on (the evaluation,
# the determinizations, the engine's rules) shows up here: keep the old behaviour
# for the old version, or say why its figures moved.
set -u
carc=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
replies() {  # replies SEED EXPANSIONS PLAYER: cksum of the engine's replies
    { echo "new seed=$1 expansions=$2"
      i=0
      while [ $i -lt 40 ]; do echo "genmove player=$3 iterations=100"; i=$((i + 1)); done
    } | "$carc" engine | cksum
}
got=$(replies 7 base mcts-2026a)
[ "$got" = "1706071977 4771" ] || fail "mcts-2026a, base, seed 7: $got"
got=$(replies 3 gifts,christmas,inns,traders,river,abbot mcts-2026a)
[ "$got" = "2870744196 4957" ] || fail "mcts-2026a, all six, seed 3: $got"
# mcts-2026b, the searcher before eval.c, has mcts-2026a's values: the same replies
got=$(replies 7 base mcts-2026b)
[ "$got" = "1706071977 4771" ] || fail "mcts-2026b, base, seed 7: $got"
# mcts-2026c, mcts with eval.c as it came in: the replies of main's mcts at 4aa77f7
# (without the abbot, whose cloister term it splits off, the sums in the same order)
got=$(replies 7 base mcts-2026c)
[ "$got" = "8513840 4767" ] || fail "mcts-2026c, base, seed 7: $got"
got=$(replies 3 gifts,christmas,inns,traders mcts-2026c)
[ "$got" = "1191019155 5136" ] || fail "mcts-2026c, four expansions, seed 3: $got"
# mcts-2026d, mcts before the weights by set: the replies of main's mcts at 5a6dccc
got=$(replies 7 base mcts-2026d)
[ "$got" = "2628041969 4630" ] || fail "mcts-2026d, base, seed 7: $got"
got=$(replies 3 gifts,christmas,inns,traders,river,abbot mcts-2026d)
[ "$got" = "609227308 4811" ] || fail "mcts-2026d, all six, seed 3: $got"
got=$(replies 3 abbey mcts-2026d)
[ "$got" = "1910617700 4815" ] || fail "mcts-2026d, abbey, seed 3: $got"
# selectable wherever players are named: the arena and the protocol take the name
"$carc" arena --players mcts-2026a,greedy --games 2 --iterations 10 >/dev/null \
    || fail "arena refused mcts-2026a"
"$carc" arena --players mcts-2026b,mcts --games 2 --iterations 10 >/dev/null \
    || fail "arena refused mcts-2026b"
"$carc" arena --players mcts-2026c,mcts --games 2 --iterations 10 >/dev/null \
    || fail "arena refused mcts-2026c"
"$carc" arena --players mcts-2026d,mcts --games 2 --iterations 10 >/dev/null \
    || fail "arena refused mcts-2026d"
exit 0
