#!/bin/sh
# Abandoned games (issue 22, M1): at start only the games a computer must move in are
# rebuilt and kept (the others load when asked for: 100,000 unfinished games took 3.8 s
# and 1.85 GB to start); an unfinished game nobody moved in for --expire-days expires:
# 410 with a message saying so, and it no longer loads at start; a finished game stays.
# A game whose stored moves do not load is 500 "damaged", not 404 "no such game" (the
# database changed with the sqlite3 shell).
# CARC_SERVE_NOW_OFFSET=SEC, a test hook, puts the store's clock that far ahead.
set -eu
. "$(dirname "$0")/lib.sh"
SERVE_QUIET=
start_server
for i in 1 2 3; do
    "$CLIENT" post "$PORT" /api/games '{"players":["human","human"]}' |
        sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' >> "$DIR/open"
done
"$CLIENT" post "$PORT" /api/games '{"players":["human","random"],"seed":3}' |
    sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' > "$DIR/human_first"
"$CLIENT" play "$PORT" --games 1 --seed 8 --ids "$DIR/done" > /dev/null
stop_server
id=$(cat "$DIR/done")
sqlite3 "$DIR/games.sqlite" "UPDATE games SET moves = 'nonsense' || char(10) || moves WHERE id = '$id'"
start_server
"$CLIENT" get "$PORT" "/api/games/$id" > "$DIR/got"
head -2 "$DIR/got" | tr '\n' ' ' | grep -q '^500 .*this game is damaged' ||
    { echo "FAIL: a damaged game: $(head -2 "$DIR/got")"; exit 1; }
stop_server
sqlite3 "$DIR/games.sqlite" "UPDATE games SET moves = substr(moves, 10) WHERE id = '$id'"
: > "$DIR/serve.err"
start_server
grep -q '4 unfinished games in .*, 0 live' "$DIR/serve.err" ||
    { echo "FAIL: the games nobody must move in were kept live at start"; cat "$DIR/serve.err"; exit 1; }
"$CLIENT" get "$PORT" "/api/games/$(head -1 "$DIR/open")" | head -1 | grep -q '^200 ' ||
    { echo "FAIL: an unfinished game does not load when asked for"; exit 1; }
stop_server
# 31 days later, with --expire-days 0: nothing expires
CARC_SERVE_NOW_OFFSET=$((31 * 86400))
export CARC_SERVE_NOW_OFFSET
start_server --expire-days 0
"$CLIENT" get "$PORT" "/api/games/$(head -1 "$DIR/open")" | head -1 | grep -q '^200 ' ||
    { echo "FAIL: a game expired under --expire-days 0"; exit 1; }
stop_server
# with the default (30 days): they expire, the finished one stays
: > "$DIR/serve.err"
start_server
grep -q '4 games expired: unfinished and untouched for 30 days' "$DIR/serve.err" ||
    { echo "FAIL: no expiry at start"; cat "$DIR/serve.err"; exit 1; }
grep -q '0 unfinished games in' "$DIR/serve.err" ||
    { echo "FAIL: expired games still load at start"; cat "$DIR/serve.err"; exit 1; }
for id in $(cat "$DIR/open" "$DIR/human_first"); do
    "$CLIENT" get "$PORT" "/api/games/$id" > "$DIR/got"
    head -2 "$DIR/got" | tr '\n' ' ' | grep -q '^410 .*this game expired' ||
        { echo "FAIL: an expired game: $(head -2 "$DIR/got")"; exit 1; }
done
"$CLIENT" get "$PORT" "/api/games/$(cat "$DIR/done")" | head -1 | grep -q '^200 ' ||
    { echo "FAIL: a finished game expired"; exit 1; }
"$CLIENT" get "$PORT" "/api/games/000000000000" | head -2 | tr '\n' ' ' | grep -q '^404 .*no such game' ||
    { echo "FAIL: an unknown game is not 404"; exit 1; }
stop_server
echo "server expire: ok"
