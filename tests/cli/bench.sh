#!/bin/sh
# carc bench prints its figures as "name: value"; the signature is the same on
# every run (it depends only on the engine's behaviour), and with --full-list.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$carc" bench --games 3 >"$dir/a" 2>"$dir/err" || fail "bench exited $?: $(cat "$dir/err")"
for name in games moves seconds random_games_per_s moves_per_s state_bytes copy_ns signature; do
    grep -q "^$name: [0-9a-z]" "$dir/a" || fail "no $name line"
done
grep -q '^games: 3$' "$dir/a" || fail "--games 3 played $(grep '^games:' "$dir/a")"
grep -q '^signature: games=100 turns=[0-9]* moves=[0-9]* hash=[0-9a-f]\{16\}$' "$dir/a" \
    || fail "signature line: $(grep '^signature' "$dir/a")"
"$carc" bench --seconds 0.05 >"$dir/b" 2>"$dir/err" || fail "bench --seconds exited $?"
[ "$(grep '^signature' "$dir/a")" = "$(grep '^signature' "$dir/b")" ] || fail "signature differs between runs"
[ "$(grep '^state_bytes' "$dir/a")" = "$(grep '^state_bytes' "$dir/b")" ] || fail "state_bytes differs"
# --full-list: the random players take their moves from carc_legal's whole list
# instead of carc_legal_pick; the same moves, so the same games and signature
for exp in base gifts,christmas; do
    "$carc" bench --games 20 --expansions "$exp" >"$dir/pick" 2>"$dir/err" || fail "bench $exp exited $?"
    "$carc" bench --games 20 --expansions "$exp" --full-list >"$dir/full" 2>"$dir/err" \
        || fail "bench --full-list $exp exited $?: $(cat "$dir/err")"
    for name in moves signature; do
        [ "$(grep "^$name:" "$dir/pick")" = "$(grep "^$name:" "$dir/full")" ] \
            || fail "$exp: $name differs with --full-list: $(grep "^$name:" "$dir/full")"
    done
done
exit 0
