#!/bin/sh
# `carc sim --record` stopped by SIGINT or SIGTERM: the record file holds only complete
# lines, every one a record that replays; the summary covers exactly the games in the
# file; the exit code is 128 + the signal number.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
pid=
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

for sig in INT TERM; do
    rec=$dir/$sig.jsonl
    "$carc" sim --games 100000000 --seed 11 --expansions gifts,christmas --record "$rec" \
        >"$dir/out" 2>"$dir/err" &
    pid=$!
    # wait until a few games are in the file, then interrupt the run mid-game
    n=0
    while [ "$( { wc -l <"$rec"; } 2>/dev/null || echo 0)" -lt 3 ]; do
        n=$((n + 1))
        [ $n -gt 300 ] && fail "SIG$sig: no records after 30 s"
        sleep 0.1
    done
    kill -"$sig" "$pid"
    n=0
    while kill -0 "$pid" 2>/dev/null; do
        n=$((n + 1))
        [ $n -gt 100 ] && fail "SIG$sig: sim still running 10 s after the signal"
        sleep 0.1
    done
    wait "$pid"
    rc=$?
    pid=
    case $sig in INT) want=130 ;; TERM) want=143 ;; esac
    [ $rc -eq $want ] || fail "SIG$sig: exit $rc, expected $want"
    [ "$(tail -c 1 "$rec" | od -An -c | tr -d ' ')" = '\n' ] || fail "SIG$sig: the file ends mid-line"
    lines=$(wc -l <"$rec")
    grep -q "^games: $lines (2 players, gifts,christmas, seeds 11\.\.$((10 + lines)))$" "$dir/out" \
        || fail "SIG$sig: no summary of $lines games in: $(cat "$dir/out")"
    grep -q "^carc sim: stopped by signal" "$dir/err" || fail "SIG$sig: stderr: $(cat "$dir/err")"
    "$carc" replay "$rec" >"$dir/replay" 2>&1 || fail "SIG$sig: replay: $(cat "$dir/replay")"
    grep -q "^$lines records replayed" "$dir/replay" || fail "SIG$sig: $(cat "$dir/replay")"
done
exit 0
