#!/bin/sh
# The static pages and the read-only API: / is index.html, /play/ID/TOKEN and
# /watch/ID are game.html, /replay/ID is replay.html, other paths are files under
# --web with their content types; nothing outside --web is served; /api/tiles and /api/cards
# are what `carc tiles --json` and `carc cards --json` print (?expansions=LIST: a set's tiles); a game's summary hides its seed
# until the end.
set -eu
. "$(dirname "$0")/lib.sh"
mkdir -p "$DIR/web/js" "$DIR/secret"
echo "<p>lobby</p>" > "$DIR/web/index.html"
echo "<p>game</p>" > "$DIR/web/game.html"
echo "<p>replay</p>" > "$DIR/web/replay.html"
echo "export const x = 1;" > "$DIR/web/js/app.js"
echo "body {}" > "$DIR/web/style.css"
echo "<svg/>" > "$DIR/web/a.svg"
echo "top secret" > "$DIR/secret/key.txt"
start_server --web "$DIR/web"
expect() {  # expect PATH STATUS TYPE TEXT
    "$CLIENT" get "$PORT" "$1" > "$DIR/got"
    head -1 "$DIR/got" | grep -q "^$2 $3" || { echo "FAIL: GET $1: $(head -1 "$DIR/got"), expected $2 $3"; exit 1; }
    grep -q -- "$4" "$DIR/got" || { echo "FAIL: GET $1: no \"$4\" in the body"; cat "$DIR/got"; exit 1; }
}
expect / 200 text/html lobby
expect /play/0123456789ab/00112233445566778899aabbccddeeff 200 text/html game
expect /watch/0123456789ab 200 text/html game
expect /replay/0123456789ab 200 text/html replay
expect /js/app.js 200 text/javascript "export const"
expect /style.css 200 text/css "body"
expect /a.svg 200 image/svg+xml "svg"
expect /missing.html 404 application/json "no such page"
expect /../secret/key.txt 404 application/json "no such page"
expect /%2e%2e/secret/key.txt 404 application/json "no such page"
"$CLIENT" get "$PORT" /api/tiles | tail -n +2 > "$DIR/tiles.json"
"$CARC" tiles --json > "$DIR/tiles2.json"
cmp "$DIR/tiles.json" "$DIR/tiles2.json" || { echo "FAIL: /api/tiles differs from carc tiles --json"; exit 1; }
# ?expansions=LIST: the kinds of that set with their counts in it, as carc tiles prints them
for set in inns traders inns,traders base river abbot river,abbot gifts,christmas,inns,traders,river,abbot dragon,tower,abbey; do
  "$CLIENT" get "$PORT" "/api/tiles?expansions=$set" | tail -n +2 > "$DIR/tiles.json"
  "$CARC" tiles --json --expansions "$set" > "$DIR/tiles2.json"
  cmp "$DIR/tiles.json" "$DIR/tiles2.json" || { echo "FAIL: /api/tiles?expansions=$set differs from carc tiles --json --expansions $set"; exit 1; }
done
expect "/api/tiles?expansions=inns%2Ctraders" 200 application/json '"id":"TB/'
expect "/api/tiles?expansions=river%2Cabbot" 200 application/json '"id":"RI.1/IIG"'
# the marks a page draws, from the catalogue (no page reads them from descriptions)
expect "/api/tiles?expansions=dragon%2Ctower" 200 application/json '"mark":"volcano"'
expect /api/tiles 200 application/json '"mark":"abbey"'
expect "/api/tiles?expansions=snow" 400 application/json 'unknown expansion'
expect "/api/tiles?colour=red" 400 application/json 'unknown query'
"$CLIENT" get "$PORT" /api/cards | tail -n +2 > "$DIR/cards.json"
"$CARC" cards --json > "$DIR/cards2.json"
cmp "$DIR/cards.json" "$DIR/cards2.json" || { echo "FAIL: /api/cards differs from carc cards --json"; exit 1; }
# a POST on a keep-alive connection (as browsers send it): completing the transaction
# frees the session, which the server must not touch after answering (ASan found a use
# after free there; the server then dies)
for i in 1 2 3; do
  "$CLIENT" post-keepalive "$PORT" /api/games '{"players":["human","human"]}' | head -1 |
    grep -q '^201 ' || { echo "FAIL: a keep-alive POST /api/games is not answered 201"; exit 1; }
done
expect /api/tiles 200 application/json '"id"'
# a finished game shows its seed (ws_client bad checks a live one does not)
"$CLIENT" play "$PORT" --games 1 --seed 77 --ids "$DIR/ids" > /dev/null
expect "/api/games/$(cat "$DIR/ids")" 200 application/json '"seed":77'
# the end is "over" here too, as in the state JSON and `carc engine`
expect "/api/games/$(cat "$DIR/ids")" 200 application/json '"pending":{"decision":"over"'
# POST /api/replay: a record's steps as a spectator saw them, one per move and the start;
# the last step's scores are the record's; a record with a refused move or no record is 400
"$CLIENT" get "$PORT" "/api/games/$(cat "$DIR/ids")/record" | tail -n +2 > "$DIR/rec.json"
moves=$(grep -o '"moves":\[[^]]*\]' "$DIR/rec.json" | grep -o '","' | wc -l)
scores=$(grep -o '"scores":\[[0-9,]*\]' "$DIR/rec.json" | tail -1)
"$CLIENT" post "$PORT" /api/replay "$(cat "$DIR/rec.json")" > "$DIR/steps"
head -1 "$DIR/steps" | grep -q '^200 ' || { echo "FAIL: POST /api/replay: $(head -c 200 "$DIR/steps")"; exit 1; }
[ "$(grep -o '"move":' "$DIR/steps" | wc -l)" -eq $((moves + 2)) ] ||
  { echo "FAIL: /api/replay: $(grep -o '"move":' "$DIR/steps" | wc -l) steps for $((moves + 1)) moves"; exit 1; }
[ "$(grep -o '"scores":\[[0-9,]*\]' "$DIR/steps" | tail -1)" = "$scores" ] ||
  { echo "FAIL: /api/replay ends with other scores than the record's $scores"; exit 1; }
grep -q '"view":"public"' "$DIR/steps" || { echo "FAIL: /api/replay steps are not public views"; exit 1; }
"$CLIENT" post "$PORT" /api/replay '{"carc":1,"players":2,"seed":1,"moves":["X (9,9) r0"]}' |
  head -2 | grep -q 'error.*move 1 .*X (9,9) r0' || { echo "FAIL: /api/replay took a refused move"; exit 1; }
"$CLIENT" post "$PORT" /api/replay 'nonsense' | head -1 | grep -q '^400 ' ||
  { echo "FAIL: /api/replay took no record"; exit 1; }
stop_server
echo "server http: ok"
