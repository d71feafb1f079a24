#!/bin/sh
# carc tiles: the catalogue as a table (152 kinds: the base game's 24, the 41 of
# Inns & Cathedrals and Traders & Builders, the 10 of The River, the 13 garden tiles
# of The Abbot, the 29 of The Princess & the Dragon and its 2 garden tiles, the 17 of
# The Tower and its 2 garden twins, the 12 of Abbey & Mayor, its garden twin and the
# abbey, count 0: never in a stack) and as one
# JSON array; with --expansions the kinds of that set and
# their counts in it (base: 24 kinds, 72 tiles; inns: 41 kinds, 90 tiles; traders: 48
# kinds, 96 tiles; river: 34 kinds, 83 tiles; abbot: 32 kinds, 72 tiles); checked with
# grep/awk only.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$carc" tiles >"$dir/t" 2>"$dir/err" || fail "tiles exited $?"
[ "$(grep -c '^[A-X] ' "$dir/t")" -eq 24 ] || fail "table: expected 24 base kinds"
[ "$(grep -c '^IC/[^ ]*[^G ] ' "$dir/t")" -eq 17 ] || fail "table: expected 17 I&C kinds"
[ "$(grep -c '^TB/[^ ]*[^G ] ' "$dir/t")" -eq 24 ] || fail "table: expected 24 T&B kinds"
[ "$(grep -c '^RI[^ ]*[^G ] ' "$dir/t")" -eq 10 ] || fail "table: expected 10 river kinds"
[ "$(grep -c '^DG/[^ ]*[^G ] ' "$dir/t")" -eq 29 ] || fail "table: expected 29 P&D kinds"
[ "$(grep -c ' garden:G' "$dir/t")" -eq 18 ] || fail "table: expected 18 garden kinds"
[ "$(grep -c '^AM/[^ ]*[^G ] ' "$dir/t")" -eq 13 ] || fail "table: expected 12 A&M kinds and the abbey"
grep -q '^AM/A  *0  F F F F  -   yes  cloister:C; ' "$dir/t" || fail "table: row AM/A: $(grep '^AM/A ' "$dir/t")"
grep -q '^AM/CCcc+ .*field:I>c0,c1 field:I2>c0,c1;' "$dir/t" \
    || fail "table: AM/CCcc+ has no second inner field: $(grep '^AM/CCcc+ ' "$dir/t")"
grep -q '^RI/s  *1  F W F F ' "$dir/t" || fail "table: row RI/s: $(grep '^RI/s ' "$dir/t")"
grep -q '^RI.1/IIG  *1  ' "$dir/t" || fail "table: row RI.1/IIG: $(grep '^RI.1/IIG ' "$dir/t")"
[ "$(grep -c '^TO/[^ ]*[^G ] ' "$dir/t")" -eq 17 ] || fail "table: expected 17 tower kinds"
grep -q '^TO/C  *2  C F F F ' "$dir/t" || fail "table: row TO/C: $(grep '^TO/C ' "$dir/t")"
[ "$(wc -l <"$dir/t")" -eq 153 ] || fail "table: expected 152 kinds and a heading"
total=$(awk '/^[A-X] / { n += $2 } END { print n }' "$dir/t")
[ "$total" -eq 72 ] || fail "table: base counts add up to $total, not 72"
grep -q '^D  *4  C R F R ' "$dir/t" || fail "table: row D: $(grep '^D ' "$dir/t")"
grep -q '^IC/CCCC .*field:I>' "$dir/t" || fail "table: IC/CCCC has no inner field"
grep -q '^IC/.*\[inn\]' "$dir/t" || fail "table: no inn"
grep -q '^IC/.*\[cathedral\]' "$dir/t" || fail "table: no cathedral"
grep -q '^TB/.*\[wine\]' "$dir/t" || fail "table: no wine"
for set in base:24:72 inns:41:90 traders:48:96 gifts,inns,traders:65:114 river:34:83 \
           abbot:32:72 river,abbot:43:83 abbot,river,traders,inns,christmas,gifts:84:125 \
           dragon:53:102 dragon,abbot:61:102 abbot,river,traders,inns,dragon:113:155 \
           tower:41:90 tower,abbot:49:90 abbot,river,traders,inns,tower:101:143 \
           abbey:36:84 abbey,abbot:44:84; do
    name=${set%%:*} rest=${set#*:}
    "$carc" tiles --expansions "$name" >"$dir/s" || fail "tiles --expansions $name exited $?"
    got=$(awk 'NR > 1 { k++; n += $2 } END { print k ":" n }' "$dir/s")
    [ "$got" = "$rest" ] || fail "tiles --expansions $name: kinds:tiles $got, not $rest"
done
# with The Abbot a garden tile takes the place of one plain tile (E: 5 -> 4 and Eg 1);
# with The River the spring is the start tile and 3 D are left
"$carc" tiles --expansions abbot >"$dir/s" || fail "tiles --expansions abbot exited $?"
grep -q '^E  *4  ' "$dir/s" || fail "abbot: row E: $(grep '^E ' "$dir/s")"
grep -q '^Eg  *1  .*garden:G' "$dir/s" || fail "abbot: row Eg: $(grep '^Eg ' "$dir/s")"
grep -q '^RI' "$dir/s" && fail "abbot lists river tiles"
"$carc" tiles --expansions river >"$dir/s" || fail "tiles --expansions river exited $?"
grep -q '^D  *3  ' "$dir/s" || fail "river: row D: $(grep '^D ' "$dir/s")"
grep -q '^RI.1/II  *2  ' "$dir/s" || fail "river: row RI.1/II: $(grep '^RI.1/II ' "$dir/s")"
grep -q 'garden' "$dir/s" && fail "river lists a garden"
"$carc" tiles --expansions river,abbot >"$dir/s" || fail "tiles --expansions river,abbot exited $?"
grep -q '^RI.1/II  *1  ' "$dir/s" || fail "river,abbot: row RI.1/II: $(grep '^RI.1/II ' "$dir/s")"
grep -q '^RI.1/IIG  *1  ' "$dir/s" || fail "river,abbot: row RI.1/IIG: $(grep '^RI.1/IIG ' "$dir/s")"
"$carc" tiles --expansions snow >/dev/null 2>"$dir/err" && fail "--expansions snow accepted"
grep -q "^carc tiles: --expansions: unknown expansion \"snow\"" "$dir/err" \
    || fail "--expansions snow: $(cat "$dir/err")"
grep -q '^A .*cloister:C' "$dir/t" || fail "table: A has no cloister segment"
grep -q '^L .*road:E\*' "$dir/t" || fail "table: L's roads do not end on the tile"

count_json() {
# one array of N objects: the first character '[', the last ']', and N objects at
# depth 1 (counted by braces outside strings)
awk -v want="$1" '
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
    if (objs != want) { print "expected " want " entries, got " objs; exit 1 }
}' "$2"
}

"$carc" tiles --json >"$dir/j" 2>"$dir/err" || fail "tiles --json exited $?"
[ "$(wc -l <"$dir/j")" -eq 1 ] || fail "tiles --json is not one line"
count_json 152 "$dir/j" || fail "tiles --json: $(awk 'NR==1' "$dir/j" | cut -c1-80)..."
grep -q '"id":"IC/CCCC"' "$dir/j" || fail "tiles --json: no IC/CCCC"
grep -q '"ports":\["I"\]' "$dir/j" || fail "tiles --json: no inner field"
grep -q '"inn":true' "$dir/j" || fail "tiles --json: no inn"
grep -q '"goods":"cloth"' "$dir/j" || fail "tiles --json: no cloth"
"$carc" tiles --json --expansions base >"$dir/j" || fail "tiles --json --expansions base exited $?"
count_json 24 "$dir/j" || fail "tiles --json --expansions base: $(cut -c1-80 "$dir/j")..."
"$carc" tiles --json --expansions inns >"$dir/j" || fail "tiles --json --expansions inns exited $?"
count_json 41 "$dir/j" || fail "tiles --json --expansions inns: $(cut -c1-80 "$dir/j")..."
grep -q '"id":"TB/' "$dir/j" && fail "tiles --json --expansions inns lists T&B tiles"
"$carc" tiles --json --expansions river,abbot >"$dir/j" || fail "tiles --json --expansions river,abbot exited $?"
count_json 43 "$dir/j" || fail "tiles --json --expansions river,abbot: $(cut -c1-80 "$dir/j")..."
grep -q '"edges":"FWFF","expansion":"river","id":"RI/s"' "$dir/j" || fail "tiles --json: the spring"
grep -q '"expansion":"abbot","id":"RI.1/IIG"' "$dir/j" || fail "tiles --json: the garden curve"
grep -q '"ports":\["G"\],"type":"garden"' "$dir/j" || fail "tiles --json: no garden"
exit 0
