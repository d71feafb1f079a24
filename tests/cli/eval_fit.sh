#!/bin/sh
# bench/eval_positions and bench/eval_fit.py (docs/AI.md, fourth round): the same
# arguments give the same positions; a row per seat and position, the seat's final
# score on each of its rows; bad arguments refused with one line; the fit reads the
# file and prints every weight the set has, and refuses rows that are not pairs;
# --sources prints each player's mean points by source.
set -u
carc=$1
positions=$(dirname "$carc")/eval_positions
fit=$(dirname "$0")/../../bench/eval_fit.py
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
"$positions" --games 3 --seed 5 --expansions river,abbot >"$dir/a.csv" || fail "eval_positions failed"
"$positions" --games 3 --seed 5 --expansions river,abbot >"$dir/b.csv" || fail "second run failed"
cmp -s "$dir/a.csv" "$dir/b.csv" || fail "not deterministic"
[ "$(head -1 "$dir/a.csv")" = "game,left,seat,proj,term0,term1,term2,term3,term4,term5,term6,term7,term8,term9,term10,term11,final" ] \
    || fail "header: $(head -1 "$dir/a.csv")"
awk -F, 'NR > 1 { n++; if (NF != 17) bad = "fields " NF
                  if ($3 != (n + 1) % 2) bad = "seat order at row " NR
                  key = $1 "," $3; if (key in fin && fin[key] != $17) bad = "final differs"
                  fin[key] = $17 }
         END { if (n < 100 || n % 2) bad = bad " rows " n; if (bad != "") { print bad; exit 1 } }' \
    "$dir/a.csv" || fail "rows"
# three games of the base game (71 placements each), every 5th placement: 15 a game
n=$("$positions" --games 3 --every 5 | wc -l)
[ "$n" -gt 80 ] && [ "$n" -lt 100 ] || fail "--every 5 gave $n lines"
err=$("$positions" --weight nope=1 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [ "$(echo "$err" | wc -l)" -eq 1 ] || fail "bad weight: rc $rc, $err"
err=$("$positions" --expansions rivr 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [ "$(echo "$err" | wc -l)" -eq 1 ] || fail "bad set: rc $rc, $err"
# --sources: each player's mean points by source over pairs of games (seats swapped),
# the total line the sum of the sources; the same arguments give the same table
"$positions" --games 4 --seed 2 --expansions abbey --players greedy,random --sources \
    >"$dir/s.txt" || fail "--sources failed"
"$positions" --games 4 --seed 2 --expansions abbey --players greedy,random --sources \
    | cmp -s - "$dir/s.txt" || fail "--sources not deterministic"
[ "$(head -1 "$dir/s.txt")" = "source,greedy,random,difference" ] || fail "sources header"
grep -q '^completed/city,' "$dir/s.txt" || fail "no completed/city in: $(cat "$dir/s.txt")"
awk -F, 'NR > 1 && $1 != "total" { a += $2; b += $3 }
         $1 == "total" { t = 1; if ((a - $2)^2 > 0.01 || (b - $3)^2 > 0.01 || $2 <= $3) bad = 1 }
         END { exit !(t && !bad) }' "$dir/s.txt" || fail "sources total: $(cat "$dir/s.txt")"
out=$(python3 "$fit" "$dir/a.csv") || fail "eval_fit failed"
for w in city_close cloister_fill supply returns field_tiles abbot_fill; do
    echo "$out" | grep -q "^$w -\{0,1\}[0-9.]* +- " || fail "no $w in: $out"
done
echo "$out" | grep -q "^positions: [0-9]" || fail "no positions line"
# --without holds a weight at 0: it is not fitted, the others are
out=$(python3 "$fit" --without abbot_fill "$dir/a.csv") || fail "eval_fit --without failed"
echo "$out" | grep -q "^abbot_fill " && fail "--without abbot_fill still fits it: $out"
echo "$out" | grep -q "^supply " || fail "--without abbot_fill lost supply: $out"
err=$(python3 "$fit" --without nope "$dir/a.csv" 2>&1 >/dev/null) && fail "--without nope accepted"
[ "$(echo "$err" | wc -l)" -eq 1 ] || fail "--without nope: $err"
sed 3d "$dir/a.csv" >"$dir/bad.csv"
python3 "$fit" "$dir/bad.csv" >/dev/null 2>&1 && fail "unpaired rows accepted"
exit 0
