#!/bin/sh
# carc bench prints its figures as "name: value"; the signature is the same on
# every run (it depends only on the engine's behaviour).
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
exit 0
