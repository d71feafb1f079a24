#!/bin/sh
# carc cards: every gift and Christmas card (5 + 32 kinds) named, with a deck, a
# timing and a text, as a table and as one JSON array; every card id the engine
# knows (the card lists of `carc engine`'s notation) appears exactly once.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$carc" cards >"$dir/t" 2>"$dir/err" || fail "cards exited $?"
ids=$(sed -n 's/^  \([a-z_][a-z_]*\)  .*/\1/p' "$dir/t")
[ "$(echo "$ids" | wc -l)" -eq 37 ] || fail "table: expected 37 cards, got $(echo "$ids" | wc -l)"
[ "$(echo "$ids" | sort -u | wc -l)" -eq 37 ] || fail "table: a card is listed twice"
for id in synod road_sweeper cash_out change_position take_two score_three prevent_attack \
          draw_two supply_bonus shared_field_bonus intrude_field lock_city tiebreak_cloister \
          swap_field mastermind tiebreak_field; do
    echo "$ids" | grep -qx "$id" || fail "table: no card $id"
done
grep -q '(null)' "$dir/t" && fail "table: a card lacks a field"
[ "$(grep -c ' (gift)$' "$dir/t")" -eq 5 ] || fail "table: expected 5 gifts"
[ "$(grep -c ' (end)$' "$dir/t")" -eq 4 ] || fail "table: expected 4 end cards (RULES E2)"
[ "$(grep -c ' (lightning)$' "$dir/t")" -eq 17 ] || fail "table: expected 17 lightning cards"
[ "$(grep -c ' (anytime)$' "$dir/t")" -eq 11 ] || fail "table: expected 11 anytime cards"
awk 'length($0) > 80 { print; exit 1 }' "$dir/t" >"$dir/long" || fail "table: line over 80 columns: $(cat "$dir/long")"
grep -A2 '^  mastermind ' "$dir/t" | grep -q 'next player' || fail "table: mastermind's text"

"$carc" cards --json >"$dir/j" 2>"$dir/err" || fail "cards --json exited $?"
[ "$(wc -l <"$dir/j")" -eq 1 ] || fail "cards --json is not one line"
[ "$(grep -o '"id":"[a-z_]*"' "$dir/j" | wc -l)" -eq 37 ] || fail "cards --json: expected 37 ids"
[ "$(grep -o '"text":"[^"]' "$dir/j" | wc -l)" -eq 37 ] || fail "cards --json: a text is empty"
"$carc" cards --bogus >/dev/null 2>"$dir/err" && fail "an unknown option is accepted"
exit 0
