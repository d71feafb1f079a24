#!/bin/sh
# The line input of `carc engine` and `carc replay` (docs/PROTOCOL.md "Lines"): a
# line holding a NUL byte, a line over the 16 MiB limit, a line memory cannot hold
# each give one clear error (one '?' reply, after which the session goes on; one
# FILE:LINE message and exit 1 for replay), never silence, a cut line or success.
# Echoed input is clipped and control bytes come back escaped. An input without a
# record is a failed replay.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
limit=16777216

# xs N: N bytes 'x', no newline
xs() { head -c "$1" /dev/zero | tr '\0' x; }

# ---- the protocol ----------------------------------------------------------------
printf '1 le\000gal\n\000\nhelp\n' | "$carc" engine >"$dir/out" || fail "engine exited $?"
[ "$(wc -l <"$dir/out")" -eq 3 ] || fail "NUL lines: expected 3 replies, got: $(cat "$dir/out")"
sed -n 1p "$dir/out" | grep -q '^?1 line holds a NUL byte (at byte 5)$' \
    || fail "NUL line: $(sed -n 1p "$dir/out")"
sed -n 2p "$dir/out" | grep -q '^? line holds a NUL byte' || fail "lone NUL: $(sed -n 2p "$dir/out")"
sed -n 3p "$dir/out" | grep -q '^= \["new ' || fail "no reply to help after NUL lines"

# a line of exactly the limit is read whole (an unknown command, echoed clipped);
# one byte more is too long; the session goes on after both
{ printf '2 '; xs $((limit - 2)); printf '\n3 '; xs $((limit - 1)); printf '\r\n4 help\n'; } \
    | "$carc" engine >"$dir/out" || fail "engine exited $? on long lines"
[ "$(wc -l <"$dir/out")" -eq 3 ] || fail "long lines: expected 3 replies"
[ "$(sed -n 1p "$dir/out")" = "?2 unknown command 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (see 'help')" ] \
    || fail "line at the limit: $(sed -n 1p "$dir/out" | cut -c1-200)"
[ "$(sed -n 2p "$dir/out")" = "?3 line longer than $limit bytes" ] \
    || fail "line over the limit: $(sed -n 2p "$dir/out" | cut -c1-200)"
sed -n 3p "$dir/out" | grep -q '^=4 \["new ' || fail "no reply to help after a long line"

# a 1 MB argument is clipped too, whatever echoes it
{ printf 'new\n5 legal '; xs 1000000; printf '\n'; } | "$carc" engine >"$dir/out"
sed -n 2p "$dir/out" | grep -q "^?5 legal takes no arguments, got 'xxxx" || fail "legal 1 MB: $(cut -c1-200 "$dir/out")"
[ "$(sed -n 2p "$dir/out" | wc -c)" -lt 1100 ] || fail "a 1 MB argument gave a reply of $(wc -c <"$dir/out") bytes"

# control bytes come back escaped, on one line
printf '6 bo\033[31mgus\001\n' | "$carc" engine >"$dir/out"
[ "$(cat "$dir/out")" = "?6 unknown command 'bo\\x1b[31mgus\\x01' (see 'help')" ] \
    || fail "control bytes: $(cat -v "$dir/out")"

# ---- records ---------------------------------------------------------------------
"$carc" sim --games 2 --seed 3 --record "$dir/good.jsonl" >/dev/null || fail "sim exited $?"
first=$(sed -n 1p "$dir/good.jsonl")

# expect_replay_error FILE MESSAGE: exit 1, one stderr line equal to MESSAGE, no stdout
expect_replay_error() {
    "$carc" replay "$1" >"$dir/out" 2>"$dir/err"
    rc=$?
    [ $rc -eq 1 ] || fail "replay $1: exit $rc, expected 1 ($2)"
    [ -s "$dir/out" ] && fail "replay $1 wrote: $(cat "$dir/out")"
    [ "$(cat "$dir/err")" = "$2" ] || fail "replay $1: '$(cat "$dir/err")', expected '$2'"
}

# a NUL after a complete record is not cut off, a lone NUL is not a blank line
{ echo "$first"; printf '%s\000junk\n' "$first"; } >"$dir/nul1"
expect_replay_error "$dir/nul1" "$dir/nul1:2: line holds a NUL byte (at byte $((${#first} + 1)))"
{ echo "$first"; printf '\000\n'; } >"$dir/nul2"
expect_replay_error "$dir/nul2" "$dir/nul2:2: line holds a NUL byte (at byte 1)"
{ echo "$first"; xs $((limit + 1)); echo; } >"$dir/long"
expect_replay_error "$dir/long" "$dir/long:2: line longer than $limit bytes"
: >"$dir/empty"
expect_replay_error "$dir/empty" "$dir/empty: no records (the input is empty or holds only blank lines)"
printf '\n  \r\n\n' >"$dir/blank"
expect_replay_error "$dir/blank" "$dir/blank: no records (the input is empty or holds only blank lines)"
printf '' | "$carc" replay - >/dev/null 2>&1 && fail "replay of empty stdin succeeded"
# a record error quoting control bytes stays on one line
printf '{"carc":1,"players":2,"seed":1,"moves":[],"a\\u0001\\nb":1}\n' >"$dir/ctl"
expect_replay_error "$dir/ctl" "$dir/ctl:1: unknown record key \"a\\x01\\x0ab\""

# ---- out of memory: a line that fits the limit but not the memory -------------
# Run only where a tight address-space limit works (not under AddressSanitizer).
if (ulimit -v 20000 && echo help | "$carc" engine >/dev/null 2>&1); then
    { printf '7 '; xs 15000000; printf '\n8 help\n'; } >"$dir/big"
    (ulimit -v 20000 && "$carc" engine <"$dir/big" >"$dir/out" 2>"$dir/err")
    rc=$?
    [ $rc -eq 0 ] || fail "engine out of memory: exit $rc: $(cat "$dir/err")"
    [ "$(sed -n 1p "$dir/out")" = "?7 out of memory reading the line" ] \
        || fail "engine out of memory: '$(sed -n 1p "$dir/out" | cut -c1-200)'"
    sed -n 2p "$dir/out" | grep -q '^=8 \["new ' || fail "no reply after the line memory could not hold"
    { echo "$first"; xs 15000000; echo; } >"$dir/bigrec"
    (ulimit -v 20000 && "$carc" replay "$dir/bigrec" >"$dir/out" 2>"$dir/err")
    rc=$?
    [ $rc -eq 1 ] || fail "replay out of memory: exit $rc: $(cat "$dir/out")"
    [ "$(cat "$dir/err")" = "$dir/bigrec:2: out of memory reading the line" ] \
        || fail "replay out of memory: $(cat "$dir/err")"
else
    echo "out-of-memory cases skipped: carc does not run under ulimit -v 20000"
fi
exit 0
