#!/bin/sh
# carc sim --record writes one JSON record per game; carc replay re-plays them all
# through the engine (every move legal, every score matching).
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$carc" sim --games 200 --seed 1 --record "$dir/r.jsonl" >"$dir/out" 2>"$dir/err" \
    || fail "sim exited $?: $(cat "$dir/err")"
[ "$(wc -l <"$dir/r.jsonl")" -eq 200 ] || fail "expected 200 records, got $(wc -l <"$dir/r.jsonl")"
grep -q '^games: 200 (2 players, base, seeds 1..200)$' "$dir/out" || fail "no games line: $(cat "$dir/out")"
grep -q '^seat 0: mean [0-9.]*  sd [0-9.]*  wins [0-9]*$' "$dir/out" || fail "no seat 0 line"
grep -q '^seat 1: mean ' "$dir/out" || fail "no seat 1 line"
grep -q '^all seats: mean [0-9.]*  sd [0-9.]*$' "$dir/out" || fail "no overall line"
grep -q '^turns: mean [0-9.]*$' "$dir/out" || fail "no turns line"
grep -q '^games_per_s: [0-9.]*$' "$dir/out" || fail "no games_per_s line"

"$carc" replay "$dir/r.jsonl" >"$dir/out" 2>"$dir/err" || fail "replay exited $?: $(cat "$dir/err")"
[ "$(cat "$dir/out")" = "200 records replayed, all moves legal, all scores match" ] \
    || fail "unexpected replay output: $(cat "$dir/out")"

# blank lines are skipped; stdin works as '-'
{ head -n 2 "$dir/r.jsonl"; echo; echo "   "; tail -n 1 "$dir/r.jsonl"; } >"$dir/gaps.jsonl"
"$carc" replay - <"$dir/gaps.jsonl" >"$dir/out" 2>"$dir/err" || fail "replay - failed: $(cat "$dir/err")"
[ "$(cat "$dir/out")" = "3 records replayed, all moves legal, all scores match" ] \
    || fail "unexpected replay output: $(cat "$dir/out")"

# records on stdout, the summary then on stderr; expansions and more players
"$carc" sim --games 20 --seed 7 --players 3 --record - >"$dir/r3.jsonl" 2>"$dir/sum" \
    || fail "sim --record - failed: $(cat "$dir/sum")"
[ "$(wc -l <"$dir/r3.jsonl")" -eq 20 ] || fail "expected 20 records on stdout"
grep -q '^seat 2: mean ' "$dir/sum" || fail "no summary on stderr with --record -"
"$carc" replay "$dir/r3.jsonl" >/dev/null 2>"$dir/err" || fail "replay of 3-player records: $(cat "$dir/err")"

# The River and The Abbot, alone, together and with all six: every record replays
for set in river abbot river,abbot gifts,christmas,inns,traders,river,abbot; do
    "$carc" sim --games 12 --seed 3 --players 3 --expansions "$set" --record "$dir/x.jsonl" \
        >/dev/null 2>"$dir/err" || fail "sim --expansions $set failed: $(cat "$dir/err")"
    grep -q "\"expansions\":\"$set\"" "$dir/x.jsonl" || fail "$set: the records name another set"
    "$carc" replay "$dir/x.jsonl" >"$dir/out" 2>"$dir/err" || fail "replay of $set records: $(cat "$dir/err")"
    [ "$(cat "$dir/out")" = "12 records replayed, all moves legal, all scores match" ] \
        || fail "$set: unexpected replay output: $(cat "$dir/out")"
done
grep -q '"recall (' "$dir/x.jsonl" || fail "no recall in the records of all six"
exit 0
