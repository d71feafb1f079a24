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
stop_server
# the command line
if "$CARC" serve --port 70000 2> "$DIR/err"; then echo "FAIL: --port 70000 accepted"; exit 1; fi
grep -q -- "--port must be" "$DIR/err" || { echo "FAIL: no message for a bad port"; cat "$DIR/err"; exit 1; }
if "$CARC" serve --db /nonexistent/dir/x.sqlite --port 0 > /dev/null 2> "$DIR/err"; then
    echo "FAIL: an unwritable database was accepted"; exit 1
fi
grep -q "cannot open database" "$DIR/err" || { echo "FAIL: no message for a bad database"; cat "$DIR/err"; exit 1; }
echo "server bad input: ok"
