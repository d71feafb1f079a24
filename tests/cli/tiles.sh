#!/bin/sh
# carc tiles: the catalogue as a table (24 kinds, 72 tiles) and as one JSON array
# with 24 entries, checked with grep/awk only.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$carc" tiles >"$dir/t" 2>"$dir/err" || fail "tiles exited $?"
[ "$(grep -c '^[A-X] ' "$dir/t")" -eq 24 ] || fail "table: expected 24 kinds"
total=$(awk '/^[A-X] / { n += $2 } END { print n }' "$dir/t")
[ "$total" -eq 72 ] || fail "table: counts add up to $total, not 72"
grep -q '^D   4  C R F R ' "$dir/t" || fail "table: row D: $(grep '^D ' "$dir/t")"
grep -q '^A .*cloister:C' "$dir/t" || fail "table: A has no cloister segment"
grep -q '^L .*road:E\*' "$dir/t" || fail "table: L's roads do not end on the tile"

"$carc" tiles --json >"$dir/j" 2>"$dir/err" || fail "tiles --json exited $?"
[ "$(wc -l <"$dir/j")" -eq 1 ] || fail "tiles --json is not one line"
# one array of 24 objects: the first character '[', the last ']', and 24 objects
# at depth 1 (counted by braces outside strings)
awk '
{
    depth = 0; objs = 0; instr = 0; esc = 0; ok = 1
    for (i = 1; i <= length($0); i++) {
        c = substr($0, i, 1)
        if (instr) {
            if (esc) esc = 0
            else if (c == "\\") esc = 1
            else if (c == "\"") instr = 0
            continue
        }
        if (c == "\"") instr = 1
        else if (c == "[" || c == "{") { depth++; if (c == "{" && depth == 2) objs++ }
        else if (c == "]" || c == "}") { depth--; if (depth < 0) ok = 0 }
    }
    if (depth != 0 || instr) ok = 0
    if (substr($0, 1, 1) != "[" || substr($0, length($0), 1) != "]") ok = 0
    if (!ok) { print "unbalanced JSON"; exit 1 }
    if (objs != 24) { print "expected 24 entries, got " objs; exit 1 }
}' "$dir/j" || fail "tiles --json: $(awk 'NR==1' "$dir/j" | cut -c1-80)..."
exit 0
