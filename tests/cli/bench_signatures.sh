#!/bin/sh
# The behaviour signatures of `carc bench` (seeds 1..100, 2-player random games; it
# changes whenever legal moves, their order, chance or scoring change) of the four
# expansion sets, pinned in tests/cli/signatures.txt: one line per set, the set then
# the exact signature line bench prints. A mismatch prints both lines of every set
# that differs.
#
# When a change of behaviour is meant, rewrite the file with the binary that has it
# and commit the new lines with the change (and the table in docs/PERFORMANCE.md):
#
#     CARC_UPDATE_SIGNATURES=1 sh tests/cli/bench_signatures.sh build/carc
#
# The signature is always over its own 100 games, so `--games 1` keeps the run short
# (about a quarter of a second per set in build/).
set -u
carc=$1
here=$(cd "$(dirname "$0")" && pwd) || exit 1
file=$here/signatures.txt
sets="base gifts christmas gifts,christmas"
update="CARC_UPDATE_SIGNATURES=1 sh tests/cli/bench_signatures.sh build/carc"
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# the signature line of each set, as this binary prints it
for set in $sets; do
    "$carc" bench --games 1 --expansions "$set" >"$dir/out" 2>"$dir/err" \
        || fail "bench --expansions $set exited $?: $(cat "$dir/err")"
    line=$(grep '^signature: ' "$dir/out") || fail "bench --expansions $set: no signature line"
    printf '%s %s\n' "$set" "$line" >>"$dir/got"
done

if [ "${CARC_UPDATE_SIGNATURES:-}" = 1 ]; then
    if [ -f "$file" ] && cmp -s "$dir/got" "$file"; then
        echo "signatures unchanged: $file"
    else
        [ -f "$file" ] && diff "$file" "$dir/got"
        cp "$dir/got" "$file" || fail "cannot write $file"
        echo "signatures written: $file"
    fi
    exit 0
fi

[ -f "$file" ] || fail "no $file; write it with: $update"
bad=0
for set in $sets; do
    want=$(grep "^$set signature: " "$file")
    got=$(grep "^$set signature: " "$dir/got")
    if [ "$want" != "$got" ]; then
        echo "FAIL: the bench signature of --expansions $set changed" >&2
        echo "  pinned:   ${want#"$set "}" >&2
        echo "  this run: ${got#"$set "}" >&2
        bad=1
    fi
done
# nothing else in the file: a set dropped from $sets or a stray line is an error too
if ! cmp -s "$dir/got" "$file"; then
    [ $bad = 1 ] || { echo "FAIL: $file holds other lines than the four sets':" >&2;
                     diff "$file" "$dir/got" >&2; bad=1; }
fi
if [ $bad = 1 ]; then
    echo "If this change of behaviour is meant, rewrite the pinned signatures (from the" >&2
    echo "source directory) and commit them with the change:" >&2
    echo "    $update" >&2
    exit 1
fi
exit 0
