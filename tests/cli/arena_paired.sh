#!/bin/sh
# carc arena --paired, --iterations and --sprt (docs/AI.md, measuring): every seed
# played with the seats swapped (rotated for three players), the head-to-head lines,
# the same output for the same seed whatever the number of threads, and a match
# stopped by the SPRT where it decides. The speed line (iterations per second) is
# the only one that depends on the machine and is left out of the comparisons.
set -u
carc=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
fixed() { grep -v 'iterations per second$'; }

# greedy against random, paired: greedy wins all 10 pairs of 20 games
out=$("$carc" arena --players greedy,random --games 20 --seed 3 --paired) || fail "arena exited $?"
echo "$out" | grep -q '^greedy vs random: score 100.0% (95% CI 9[0-9].[0-9]% to 100.0%; 20 won, 0 shared, 0 lost), score difference +[0-9.]* (95% CI +[0-9.]* to +[0-9.]*), Elo +[0-9]* (95% CI +[0-9]* to +inf)$' \
    || fail "no head-to-head line in: $out"
echo "$out" | grep -q '^pairs: 10, by greedy.s points 0, 1/2, 1, 3/2, 2: 0 0 0 0 10$' \
    || fail "no pairs line in: $out"
echo "$out" | grep -q '^games: 20, expansions: base$' || fail "no summary in: $out"

# a pair is one seed played twice, seats swapped: the scores of the two games
# of seed 3 sum, seat by seat, to what the two players scored on it
one=$("$carc" arena --players greedy,random --games 2 --seed 3 --paired) || fail "arena exited $?"
swap=$("$carc" arena --players random,greedy --games 2 --seed 3 --paired) || fail "arena exited $?"
g1=$(echo "$one" | sed -n 's/^greedy: .*mean score \([0-9.]*\),.*/\1/p')
g2=$(echo "$swap" | sed -n 's/^greedy: .*mean score \([0-9.]*\),.*/\1/p')
[ -n "$g1" ] && [ "$g1" = "$g2" ] || fail "seed 3 paired, greedy's mean score $g1 then $g2 with the players listed the other way"

# a player against itself, paired: each pair is one game played twice from the two
# sides with the same seeds, so the score is exactly even
out=$("$carc" arena --players greedy,greedy --games 6 --paired --expansions inns,traders) \
    || fail "arena exited $?"
echo "$out" | grep -q '^greedy#1 vs greedy#2: score 50.0% (95% CI 4[89].[0-9]% to 5[01].[0-9]%; 3 won, 0 shared, 3 lost), score difference +0.0 ' \
    || fail "greedy against itself, paired, not even: $out"

# three players: each seed three times, every player in every seat
out=$("$carc" arena --players greedy,random,random --games 6 --paired) || fail "arena exited $?"
echo "$out" | grep -q '^games: 6, expansions: base$' || fail "three players paired: $out"
echo "$out" | grep -q ' vs ' && fail "a head-to-head line with three players: $out"

# mcts at a fixed iteration count: the same output with one thread and two, and
# the speed line
a=$("$carc" arena --players mcts,greedy --games 4 --paired --iterations 30 --threads 1 \
    --expansions gifts,christmas) || fail "arena exited $?"
b=$("$carc" arena --players mcts,greedy --games 4 --paired --iterations 30 --threads 2 \
    --expansions gifts,christmas) || fail "arena exited $?"
echo "$a" | grep -q '^mcts: [0-9]* iterations a decision searched, [0-9]* iterations per second$' \
    || fail "no speed line in: $a"
echo "$a" | grep -q '^mcts: 30 iterations a decision' || fail "not 30 iterations a decision: $a"
[ "$(echo "$a" | fixed)" = "$(echo "$b" | fixed)" ] || fail "one thread and two differ: $a // $b"
# the score's interval holds the score and is the Elo's interval mapped back
line=$(echo "$a" | grep '^mcts vs greedy: ') || fail "no head-to-head line: $a"
echo "$line" | awk '{
    match($0, /score [0-9.]+% \(95% CI [0-9.]+% to [0-9.]+%;/); split(substr($0, RSTART, RLENGTH), s, /[ %]+/)
    match($0, /Elo [-+0-9inf]+ \(95% CI [-+0-9inf]+ to [-+0-9inf]+\)/); split(substr($0, RSTART, RLENGTH), e, /[ ()]+/)
    lo = e[5] == "-inf" ? 0 : 100 / (1 + 10 ^ (-e[5] / 400)); hi = e[7] == "+inf" ? 100 : 100 / (1 + 10 ^ (-e[7] / 400))
    ok = s[5] <= s[2] && s[2] <= s[7] && (lo - s[5]) ^ 2 < 0.5 && (hi - s[7]) ^ 2 < 0.5
    exit !ok }' || fail "the score's interval does not hold the score or match the Elo's: $line"

# the SPRT: greedy wins every pair against random, one kind of outcome only, so
# the spread is unknown and the test goes on to the last game; mcts at 20
# iterations against greedy decides within 80 games (not before 20 pairs), at the
# same game with one thread and two
out=$("$carc" arena --players greedy,random --games 12 --paired --sprt 0,200) || fail "arena exited $?"
echo "$out" | grep -q '^sprt: Elo 0 against 200 (alpha 0.05, beta 0.05): LLR [0-9.]* (bounds -2.94, 2.94), no decision$' \
    || fail "greedy always winning decided: $out"
echo "$out" | grep -q '^games: 12,' || fail "the match stopped early: $out"
for t in 1 2; do
    out=$("$carc" arena --players mcts,greedy --games 80 --paired --iterations 20 --sprt 0,200 \
        --threads $t) || fail "arena exited $?"
    line=$(echo "$out" | grep '^sprt: ') || fail "no sprt line: $out"
    case $line in
    *"H0 accepted"|*"H1 accepted") ;;
    *) fail "80 games of mcts at 20 iterations against greedy did not decide: $out" ;;
    esac
    games=$(echo "$out" | sed -n 's/^games: \([0-9]*\),.*/\1/p')
    [ "$games" -ge 40 ] && [ "$games" -lt 80 ] || fail "the SPRT decided after $games of 80 games: $out"
    eval "run$t=\$(echo \"\$out\" | fixed)"
done
[ "$run1" = "$run2" ] || fail "the SPRT stopped elsewhere with two threads: $run1 // $run2"
exit 0
