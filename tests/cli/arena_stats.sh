#!/bin/sh
# carc arena's figures on a handful of games: the 95% interval is a Wilson score
# interval, never a point such as 100.0-100.0%, and the Elo has the sign of the win
# rate against the equal share 1/P (a player that never won gets a negative Elo,
# whatever the number of players).
set -u
carc=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

# field LINE: the player's win rate, interval bounds and Elo, blank separated
field() { echo "$1" | sed -n 's/^[^:]*: win \([0-9.]*\)% (95% CI \([0-9.]*\)-\([0-9.]*\)%), mean score [0-9.]*, Elo \([-+][0-9]*\)$/\1 \2 \3 \4/p'; }

# greedy beats random in every one of 4 games: 100% with the Wilson interval 51.0-100.0
out=$("$carc" arena --players greedy,random --games 4 --seed 1) || fail "arena exited $?"
set -- $(field "$(echo "$out" | grep '^greedy:')")
[ "$1 $2 $3" = "100.0 51.0 100.0" ] || fail "greedy 4 of 4: win $1% CI $2-$3%: $out"
[ "$4" -gt 0 ] || fail "greedy won every game but its Elo is $4"
set -- $(field "$(echo "$out" | grep '^random:')")
[ "$1 $2 $3" = "0.0 0.0 49.0" ] || fail "random 0 of 4: win $1% CI $2-$3%: $out"
[ "$4" -lt 0 ] || fail "random never won but its Elo is $4"

# five players, one game: the four that did not win get a negative Elo, the winner a
# positive one (the old estimate gave every loser +241)
out=$("$carc" arena --players greedy,random,random,random,random --games 1 --seed 1) \
    || fail "arena exited $?"
echo "$out" | grep -v '^games:' | while read -r line; do
    set -- $(field "$line")
    [ $# -eq 4 ] || fail "unexpected line: $line"
    case $1 in
    0.0) [ "$4" -lt 0 ] || fail "0% and Elo $4: $line" ;;
    100.0) [ "$4" -gt 0 ] || fail "100% and Elo $4: $line" ;;
    esac
    [ "$2" != "$3" ] || fail "an interval of one point: $line"
done || exit 1
exit 0
