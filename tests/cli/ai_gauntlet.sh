#!/bin/sh
# bench/ai_gauntlet.sh on a tiny run: one row per set and opponent with the
# arena's figures, and --write replaces only the block between the markers of a
# doc (a doc without them is refused); --block NAME another block of the same doc, and
# --iterations own the players' own budgets (the levels).
set -u
carc=$1
script=$(dirname "$0")/../../bench/ai_gauntlet.sh
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
printf 'before\n<!-- gauntlet -->\nold table\n<!-- end -->\nafter\n' >"$dir/doc.md"
out=$(sh "$script" --carc "$carc" --iterations 5 --games 2 --sets "base;river,abbot" \
    --opponents random --write "$dir/doc.md") || fail "gauntlet exited $?"
rows=$(echo "$out" | grep -c '^| [a-z,]* | random | 2 | [0-9.]*% ([0-9.]*% to [0-9.]*%) | [0-9]*/[0-9]*/[0-9]* | [-+][0-9.]* (.*) | [-+][0-9inf]* (.*) | - | 5 | [0-9]* |$')
[ "$rows" -eq 2 ] || fail "expected 2 rows, got $rows: $out"
[ "$(sed -n 1p "$dir/doc.md")" = before ] && [ "$(tail -n 1 "$dir/doc.md")" = after ] \
    || fail "the text around the block changed: $(cat "$dir/doc.md")"
grep -q '^old table$' "$dir/doc.md" && fail "the old table is still there"
grep -q '^Measured .* with `bench/ai_gauntlet.sh ' "$dir/doc.md" || fail "no dated command line"
[ "$(grep -c '^| ' "$dir/doc.md")" -eq 4 ] || fail "not a header, a rule and 2 rows: $(cat "$dir/doc.md")"
# a second block: the levels, at their own budgets; the first block stays
out=$(sh "$script" --carc "$carc" --player easy --iterations own --games 2 --sets base \
    --opponents random --write "$dir/doc.md" --block levels 2>&1) && fail "no levels block, accepted"
printf '<!-- levels -->\nold levels\n<!-- end -->\n' >>"$dir/doc.md"
out=$(sh "$script" --carc "$carc" --player easy --iterations own --games 2 --sets base \
    --opponents random --write "$dir/doc.md" --block levels) || fail "gauntlet --block exited $?"
echo "$out" | grep -q '`carc arena --players easy,OPPONENT --paired --games 2 --seed 1`' \
    || fail "--iterations own gave a budget: $out"
echo "$out" | grep -q '^| base | random | 2 | [0-9.]*% ([0-9.]*% to [0-9.]*%) | .* | - | - | - |$' || fail "the level's row: $out"
grep -q '^old levels$' "$dir/doc.md" && fail "the old levels table is still there"
[ "$(grep -c '^| ' "$dir/doc.md")" -eq 7 ] || fail "not 4 + 3 table lines: $(cat "$dir/doc.md")"
printf 'no markers\n' >"$dir/bare.md"
sh "$script" --carc "$carc" --iterations 5 --games 2 --sets base --opponents random \
    --write "$dir/bare.md" >/dev/null 2>&1 && fail "a doc without markers was accepted"
[ "$(cat "$dir/bare.md")" = "no markers" ] || fail "a doc without markers was changed"
exit 0
