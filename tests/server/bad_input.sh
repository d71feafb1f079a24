#!/bin/sh
# Every bad input of docs/SERVER.md: malformed and oversized requests and messages,
# unknown types and keys, wrong or missing tokens, unknown games, moves from the
# wrong seat, from a spectator, stale and resent moves, too many connections from
# one address. Each gets an error (or a refused connection) and the game does not
# change (ws_client.c, run_bad); the server is still serving afterwards.
set -eu
. "$(dirname "$0")/lib.sh"
start_server --max-per-ip 12
"$CLIENT" bad "$PORT" --max-per-ip 12
"$CLIENT" play "$PORT" --games 1 --seed 5 --records "$DIR/r.jsonl"
"$CARC" replay "$DIR/r.jsonl"
# a port already taken
rc=0
"$CARC" serve --port "$PORT" --db "$DIR/other.sqlite" > /dev/null 2> "$DIR/err" || rc=$?
[ "$rc" -eq 1 ] && grep -q "cannot listen on 127.0.0.1:$PORT" "$DIR/err" ||
    { echo "FAIL: a taken port: exit $rc: $(cat "$DIR/err")"; exit 1; }
# a second server on the database the first one holds (issue 22, H4: it accepted moves
# the first never saw, and the games were lost): refused, and the first serves on
rc=0
timeout 10 "$CARC" serve --port 0 --db "$DIR/games.sqlite" > /dev/null 2> "$DIR/err" || rc=$?
[ "$rc" -eq 1 ] && grep -q "database .*games.sqlite is in use by another carc serve" "$DIR/err" ||
    { echo "FAIL: a second server on one database: exit $rc: $(cat "$DIR/err")"; exit 1; }
[ "$(stat -c %a "$DIR/games.sqlite")" = 600 ] ||
    { echo "FAIL: the database is $(stat -c %a "$DIR/games.sqlite"), not 600"; exit 1; }
"$CLIENT" play "$PORT" --games 1 --seed 6 > /dev/null
stop_server
# the command line: one line on stderr, nothing on stdout, exit 2
expect_usage() {  # expect_usage PREFIX ARGS...
    prefix=$1
    shift
    rc=0
    "$CARC" serve "$@" > "$DIR/out" 2> "$DIR/err" < /dev/null || rc=$?
    [ "$rc" -eq 2 ] || { echo "FAIL: carc serve $*: exit $rc, expected 2"; exit 1; }
    [ -s "$DIR/out" ] && { echo "FAIL: carc serve $*: wrote to stdout"; exit 1; }
    [ "$(wc -l < "$DIR/err")" -eq 1 ] || { echo "FAIL: carc serve $*: $(cat "$DIR/err")"; exit 1; }
    case $(cat "$DIR/err") in
    "$prefix"*) ;;
    *) echo "FAIL: carc serve $*: '$(cat "$DIR/err")' does not start with '$prefix'"; exit 1 ;;
    esac
}
expect_usage "carc serve: --port must be 0..65535, got 70000" --port 70000
expect_usage "carc serve: --port must be" --port 80x
expect_usage "carc serve: --workers must be 1..64, got 0" --workers 0
expect_usage "carc serve: --max-per-ip must be" --max-per-ip -3
expect_usage "carc serve: --absent-after must be 1..2592000, got 0" --absent-after 0
expect_usage "carc serve: --undo-seconds must be 1..3600, got 0" --undo-seconds 0
expect_usage "carc serve: --undo-seconds must be" --undo-seconds 1h
expect_usage "carc serve: unknown option '--bogus'" --bogus
expect_usage "carc serve: unexpected argument 'extra'" extra
expect_usage "carc serve: --host, --db and --web must not be empty" --db ""
"$CARC" serve --help | grep -q "^usage: carc serve" || { echo "FAIL: carc serve --help"; exit 1; }
rc=0
"$CARC" serve --db /nonexistent/dir/x.sqlite --port 0 > /dev/null 2> "$DIR/err" || rc=$?
[ "$rc" -eq 1 ] || { echo "FAIL: an unwritable database: exit $rc, expected 1"; exit 1; }
grep -q "cannot open database.*does its directory exist" "$DIR/err" || { echo "FAIL: no message for a bad database"; cat "$DIR/err"; exit 1; }
echo "server bad input: ok"
