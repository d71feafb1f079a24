#!/bin/sh
# A write to standard output that fails (a full disk: /dev/full) makes every
# subcommand exit non-zero with one line on stderr, never 0 with the output lost;
# `sim --record` on a full disk stops at the first record, not after every game.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
pid=
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -w /dev/full ] || { echo "skipped: no /dev/full"; exit 0; }

"$carc" sim --games 1 --seed 2 --record "$dir/one.jsonl" >/dev/null || fail "sim exited $?"

# expect_full NAME ARGS...: `carc ARGS > /dev/full` fails with "carc NAME: " on stderr
expect_full() {
    name=$1
    shift
    "$carc" "$@" >/dev/full 2>"$dir/err" </dev/null
    rc=$?
    [ $rc -ne 0 ] || fail "carc $* > /dev/full: exit 0"
    [ $rc -ne 2 ] || fail "carc $* > /dev/full: exit 2 (usage)"
    [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "carc $* > /dev/full: stderr: $(cat "$dir/err")"
    grep -q "^carc $name: .*No space left on device" "$dir/err" \
        || fail "carc $* > /dev/full: stderr: $(cat "$dir/err")"
}
expect_full tiles tiles
expect_full tiles tiles --json
expect_full cards cards
expect_full cards cards --json
expect_full demo demo --seed 4
expect_full sim sim --games 2
expect_full sim sim --games 2 --record -
expect_full replay replay "$dir/one.jsonl"
expect_full bench bench --games 1
expect_full arena arena --players greedy,random --games 2
expect_full play play --players random,random --headless --seed 3
expect_full --help --help
for cmd in demo tiles cards sim replay engine bench arena play; do
    expect_full $cmd $cmd --help
done
printf 'help\nhelp\n' | "$carc" engine >/dev/full 2>"$dir/err"
rc=$?
[ $rc -eq 1 ] || fail "engine > /dev/full: exit $rc"
[ "$(cat "$dir/err")" = "carc engine: cannot write a reply: No space left on device" ] \
    || fail "engine > /dev/full: $(cat "$dir/err")"

# sim --record /dev/full: fails with the first record, long before 10^8 games
"$carc" sim --games 100000000 --record /dev/full >"$dir/out" 2>"$dir/err" &
pid=$!
n=0
while kill -0 "$pid" 2>/dev/null; do
    n=$((n + 1))
    [ $n -gt 100 ] && fail "sim --record /dev/full still running after 10 s"
    sleep 0.1
done
wait "$pid"
rc=$?
pid=
[ $rc -eq 1 ] || fail "sim --record /dev/full: exit $rc"
[ "$(cat "$dir/err")" = "carc sim: cannot write '/dev/full': No space left on device" ] \
    || fail "sim --record /dev/full: $(cat "$dir/err")"
exit 0
