#!/bin/sh
# Game creation per address (--games-per-minute): a burst of N games from one address
# is accepted, the next gets 429 with a JSON error naming the limit and no game is
# created (its would-be id is nowhere); other requests are not limited.
set -eu
. "$(dirname "$0")/lib.sh"
start_server --games-per-minute 3
REQ='{"players":["human","human"],"expansions":"gifts,christmas"}'
for i in 1 2 3; do
    "$CLIENT" post "$PORT" /api/games "$REQ" > "$DIR/got"
    head -1 "$DIR/got" | grep -q '^201 application/json' || { echo "FAIL: game $i: $(head -1 "$DIR/got")"; exit 1; }
done
"$CLIENT" post "$PORT" /api/games "$REQ" > "$DIR/got"
head -1 "$DIR/got" | grep -q '^429 application/json' || { echo "FAIL: a 4th game in a minute: $(cat "$DIR/got")"; exit 1; }
grep -q '"error":"too many games created from this address: at most 3 a minute; try again in [0-9]* s"' "$DIR/got" \
    || { echo "FAIL: the 429 does not say why: $(cat "$DIR/got")"; exit 1; }
grep -q '"id"' "$DIR/got" && { echo "FAIL: a refused creation returned a game"; exit 1; }
# a malformed request is still told what is wrong (400), not 429
"$CLIENT" post "$PORT" /api/games '{"players":[]}' | head -1 | grep -q '^400 ' \
    || { echo "FAIL: a bad request after the limit is not a 400"; exit 1; }
# reading is not limited
"$CLIENT" get "$PORT" /api/tiles | head -1 | grep -q '^200 ' || { echo "FAIL: GET /api/tiles refused"; exit 1; }
# the option is checked
if "$CARC" serve --games-per-minute 0 > "$DIR/out" 2>&1; then echo "FAIL: --games-per-minute 0 accepted"; exit 1; fi
grep -q -- "--games-per-minute" "$DIR/out" || { echo "FAIL: no message naming --games-per-minute"; cat "$DIR/out"; exit 1; }
stop_server
echo "server rate: ok"
