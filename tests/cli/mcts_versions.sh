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
pin() {  # pin SEED EXPANSIONS PLAYER CKSUM: the player's replies have that checksum
    got=$(replies "$1" "$2" "$3")
    [ "$got" = "$4" ] || fail "$3, $2, seed $1: $got"
}
pin 7 base mcts-2026a "1706071977 4771"
pin 3 gifts,christmas,inns,traders,river,abbot mcts-2026a "2870744196 4957"
# mcts-2026b, the searcher before eval.c, has mcts-2026a's values: the same replies
pin 7 base mcts-2026b "1706071977 4771"
# mcts-2026c, mcts with eval.c as it came in: the replies of main's mcts at 4aa77f7
# (without the abbot, whose cloister term it splits off, the sums in the same order)
pin 7 base mcts-2026c "8513840 4767"
pin 3 gifts,christmas,inns,traders mcts-2026c "1191019155 5136"
# mcts-2026d, mcts before the weights by set: the replies of main's mcts at 5a6dccc
pin 7 base mcts-2026d "2628041969 4630"
pin 3 gifts,christmas,inns,traders,river,abbot mcts-2026d "609227308 4811"
pin 3 abbey mcts-2026d "1910617700 4815"
# selectable wherever players are named: the arena and the protocol take the name
for v in mcts-2026a mcts-2026b mcts-2026c mcts-2026d; do
    "$carc" arena --players "$v",mcts --games 2 --iterations 10 >/dev/null \
        || fail "arena refused $v"
done
exit 0
