#!/bin/sh
# The ladder (issue 32, docs/SERVER.md "The ladder"): names made (bad ones, taken ones
# and the computers' refused); ladder games refused when they cannot be rated; a seat
# signed with a wrong secret, by a spectator, twice, or after its first turn began
# refused with a one-line error; two named players' game played to the end and rated by
# the formula (K = 32: +16 and -16 from 1500 and 1500, or 0 for a tie); a person against
# greedy moves greedy's row; a game with a seat unsigned closed unrated; a game rated
# once, also across a restart; a game over whose rating was lost (the process died
# between) rated at the next start, to the same numbers; a game whose seats a computer
# played after their clocks ran out rated as the persons'; a ladder game's rematch a
# ladder game with the same names signed. On CARC_TEST_DB (pg.sh) too.
set -eu
. "$(dirname "$0")/lib.sh"
start_server
fail() { echo "FAIL: $*"; exit 1; }
# expect STATUS BODY-PATTERN METHOD PATH [BODY]
expect() {
    st=$1 pat=$2
    shift 2
    if [ "$1" = post ]; then "$CLIENT" post "$PORT" "$2" "$3"; else "$CLIENT" get "$PORT" "$2"; fi > "$DIR/got"
    head -1 "$DIR/got" | grep -q "^$st " || fail "$*: $(cat "$DIR/got") (wanted $st)"
    grep -q -- "$pat" "$DIR/got" || fail "$*: $(cat "$DIR/got") (wanted $pat)"
}
secret() { sed -n 's/.*"secret":"\([0-9a-f]*\)".*/\1/p' "$DIR/got"; }
rating() {  # rating NAME: from GET /api/ladder
    "$CLIENT" get "$PORT" /api/ladder | tr '{' '\n' | sed -n "s/^\"name\":\"$1\",\"rating\":\([-0-9]*\).*/\1/p"
}

# ---- names
expect 400 '2 to 20 letters' post /api/players '{"name":"a"}'
expect 400 '2 to 20 letters' post /api/players '{"name":"two words"}'
expect 400 '2 to 20 letters' post /api/players '{"name":"abcdefghijklmnopqrstu"}'
expect 400 '2 to 20 letters' post /api/players '{"name":"caf\u00e9"}'
expect 400 'computer player' post /api/players '{"name":"Greedy"}'
expect 400 'computer player' post /api/players '{"name":"mcts-fan"}'
expect 400 'computer player' post /api/players '{"name":"Medium"}'
expect 400 'unknown key' post /api/players '{"name":"alice","email":"a@b"}'
expect 400 'must be a name' post /api/players '{"name":7}'
expect 400 'malformed JSON' post /api/players '{"name":'
expect 201 '"name":"alice"' post /api/players '{"name":"alice"}'
A=$(secret)
[ ${#A} -eq 32 ] || fail "no secret: $(cat "$DIR/got")"
expect 409 'is taken' post /api/players '{"name":"ALICE"}'
expect 201 '"name":"Bob_2"' post /api/players '{"name":"Bob_2"}'
B=$(secret)
expect 404 'no such player' get /api/players/carol
expect 200 '"name":"greedy","rating":1500,"games":0,"computer":true' get /api/ladder
# a row for each level the lobby offers (docs/AI.md)
for level in easy medium hard; do
    expect 200 "\"name\":\"$level\",\"rating\":1500,\"games\":0,\"computer\":true" get /api/ladder
done
expect 200 '"name":"alice","rating":1500,"games":0,"computer":false' get /api/ladder
# the secret is stored hashed only
if [ -z "${CARC_TEST_DB-}" ] && command -v sqlite3 > /dev/null; then
    grep -q "$A" "$DIR/games.sqlite" && fail "the secret is in the database"
fi

# ---- ladder games that cannot be rated are refused
expect 400 'has no ladder rating' post /api/games '{"players":["human","mcts:20"],"ladder":true}'
expect 400 'needs a person' post /api/games '{"players":["greedy","random"],"ladder":true}'
expect 201 '"id"' post /api/games '{"players":["human","medium"],"ladder":true}'
expect 400 'ladder.. must be true or false' post /api/games '{"players":["human","human"],"ladder":1}'

# ---- signing refused: a wrong secret, a spectator, a seat signed twice, too late
expect 201 '"id"' post /api/games '{"players":["human","human"],"expansions":"base","seed":3,"ladder":true}'
ID=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/got")
T0=$(sed -n 's/.*"token":"\([0-9a-f]*\)".*"token".*/\1/p' "$DIR/got")
T1=$(sed -n 's/.*"token":"[0-9a-f]*".*"token":"\([0-9a-f]*\)".*/\1/p' "$DIR/got")
sign() { printf '{"type":"sign","name":"%s","secret":"%s"}' "$1" "$2"; }
ws() {  # ws PATH MESSAGE...: each message sent, then what came back
    path=$1
    shift
    n=$#
    for m in "$@"; do set -- "$@" "frame:1:1:$m"; done
    shift "$n"
    "$RAW" "$PORT" "ws:$path" "$@" read:0.5 | tr -c '[:print:]\n' '.'
}
ws "/ws/$ID/$T0" "$(sign alice 00000000000000000000000000000000)" > "$DIR/ws"
grep -q 'no ladder player \\"alice\\" with that secret' "$DIR/ws" || fail "a wrong secret: $(cat "$DIR/ws")"
ws "/ws/$ID/$T0" "$(sign nobody "$A")" > "$DIR/ws"
grep -q 'no ladder player \\"nobody\\" with that secret' "$DIR/ws" || fail "an unknown name: $(cat "$DIR/ws")"
ws "/ws/$ID/$T0" '{"type":"sign","name":"alice","secret":"XYZ"}' > "$DIR/ws"
grep -q '\\"secret\\" must be' "$DIR/ws" || fail "a malformed secret: $(cat "$DIR/ws")"
ws "/ws/$ID/$T0" '{"type":"sign","name":"alice","secret":"'"$A"'","seat":1}' > "$DIR/ws"
grep -q 'unknown key' "$DIR/ws" || fail "an unknown key: $(cat "$DIR/ws")"
ws "/ws/$ID" "$(sign alice "$A")" > "$DIR/ws"
grep -q 'spectators do not sign' "$DIR/ws" || fail "a spectator signed: $(cat "$DIR/ws")"
ws "/ws/$ID/$T1" "$(sign Bob_2 "$B")" "$(sign alice "$A")" > "$DIR/ws"
grep -q '"type":"ladder".*"seat":1,"name":"Bob_2"' "$DIR/ws" || fail "no ladder frame: $(cat "$DIR/ws")"
grep -q 'this seat is signed by Bob_2 already' "$DIR/ws" || fail "a seat signed twice: $(cat "$DIR/ws")"
ws "/ws/$ID/$T0" "$(sign bob_2 "$B")" > "$DIR/ws"
grep -q 'Bob_2 signs another seat of this game already' "$DIR/ws" || fail "one name on two seats: $(cat "$DIR/ws")"
expect 200 '"rated":false,"closed":false,"k":32,"seats":\[{"seat":1,"name":"Bob_2","computer":false}\]' \
    get "/api/games/$ID/ladder"
# seat 0 moves once: its turn has begun, it may no longer sign
ws "/ws/$ID/$T0" > "$DIR/ws"
MOVE=$(sed -n 's/.*"legal":\["\([^"]*\)".*/\1/p' "$DIR/ws" | head -1)
[ -n "$MOVE" ] || fail "no legal move for seat 0: $(cat "$DIR/ws")"
ws "/ws/$ID/$T0" "{\"type\":\"move\",\"index\":0,\"move\":\"$MOVE\"}" "$(sign alice "$A")" > "$DIR/ws"
grep -q 'too late to sign: a seat signs before its first turn' "$DIR/ws" || fail "a late signing: $(cat "$DIR/ws")"
expect 404 'not a ladder game' get /api/games/ffffffffffff/ladder

# ---- two named players play a ladder game to the end: rated by the formula
"$CLIENT" play "$PORT" --games 1 --players 2 --expansions base --seed 11 --ladder \
    --sign "alice:$A,Bob_2:$B" --ids "$DIR/ids" --records "$DIR/records" > /dev/null
G=$(head -1 "$DIR/ids")
S0=$(sed -n 's/.*"scores":\[\([0-9]*\),\([0-9]*\)\].*/\1/p' "$DIR/records")
S1=$(sed -n 's/.*"scores":\[\([0-9]*\),\([0-9]*\)\].*/\2/p' "$DIR/records")
if [ "$S0" -gt "$S1" ]; then RA=1516 RB=1484; elif [ "$S0" -eq "$S1" ]; then RA=1500 RB=1500; else RA=1484 RB=1516; fi
[ "$(rating alice)" = $RA ] && [ "$(rating Bob_2)" = $RB ] ||
    fail "scores $S0:$S1 rated alice $(rating alice) and Bob_2 $(rating Bob_2), not $RA and $RB"
expect 200 "\"rated\":true.*\"seat\":0,\"name\":\"alice\",\"computer\":false,\"rank\":[12],\"before\":1500,\"after\":$RA" \
    get "/api/games/$G/ladder"
expect 200 "\"name\":\"Bob_2\",\"rating\":$RB,\"games\":1,.*\"game\":\"$G\".*\"record\":\"/api/games/$G/record\"" \
    get /api/players/bob_2

# ---- a person against greedy: greedy's row moves by the formula
"$CLIENT" play "$PORT" --games 1 --seats human,greedy --expansions base --seed 12 --ladder \
    --sign "alice:$A" --ids "$DIR/ids2" --records "$DIR/records2" > /dev/null
S0=$(sed -n 's/.*"scores":\[\([0-9]*\),\([0-9]*\)\].*/\1/p' "$DIR/records2")
S1=$(sed -n 's/.*"scores":\[\([0-9]*\),\([0-9]*\)\].*/\2/p' "$DIR/records2")
D=$(awk -v ra=$RA -v s0="$S0" -v s1="$S1" 'BEGIN {
    s = s0 > s1 ? 1 : s0 == s1 ? 0.5 : 0; d = 32 * (s - 1 / (1 + 10 ^ ((1500 - ra) / 400)));
    printf "%d", d < 0 ? d - 0.5 : d + 0.5 }')
[ "$(rating alice)" = $((RA + D)) ] && [ "$(rating greedy)" = $((1500 - D)) ] ||
    fail "alice $RA against greedy 1500, scores $S0:$S1: alice $(rating alice), greedy $(rating greedy), wanted a change of $D"
expect 200 '"name":"greedy","rating":[0-9]*,"games":1,"computer":true' get /api/ladder

# ---- a seat unsigned: over, closed, not rated
"$CLIENT" play "$PORT" --games 1 --players 2 --expansions base --seed 13 --ladder \
    --sign "alice:$A" --ids "$DIR/ids3" > /dev/null
expect 200 '"rated":false,"closed":true' get "/api/games/$(head -1 "$DIR/ids3")/ladder"
expect 200 '"name":"alice","rating":[0-9]*,"games":2,' get /api/ladder

# ---- rated once: a restart changes nothing
"$CLIENT" get "$PORT" /api/ladder > "$DIR/ladder1"
stop_server
start_server
"$CLIENT" get "$PORT" /api/ladder > "$DIR/ladder2"
cmp -s "$DIR/ladder1" "$DIR/ladder2" || fail "a restart changed the ladder: $(cat "$DIR/ladder1" "$DIR/ladder2")"

# ---- a game over whose rating the process did not live to write: rated at the next start
if [ -z "${CARC_TEST_DB-}" ] && command -v sqlite3 > /dev/null; then
    stop_server
    # the database as it was before the last rating, alice's game against greedy (one
    # transaction: all of it or nothing)
    G2=$(head -1 "$DIR/ids2")
    sqlite3 "$DIR/games.sqlite" "UPDATE ladder_games SET rated = 0, at = NULL WHERE id = '$G2';
        DELETE FROM ladder_seats WHERE game = '$G2' AND computer = 1;
        UPDATE ladder_seats SET rank = NULL, before = NULL, after = NULL WHERE game = '$G2';
        UPDATE ladder_players SET rating = rating - ($D), games = games - 1 WHERE key = 'alice';
        UPDATE ladder_players SET rating = 1500, games = 0 WHERE key = 'greedy';"
    start_server
    "$CLIENT" get "$PORT" /api/ladder > "$DIR/ladder3"
    cmp -s "$DIR/ladder1" "$DIR/ladder3" || fail "not rated again at start: $(cat "$DIR/ladder1" "$DIR/ladder3")"
fi

# ---- seats a computer played: rated as the persons' (docs/SERVER.md, "The ladder"). A
# clock of one second each, no increment: carol makes the first move (untimed), then nobody
# plays; each clock runs out, greedy plays both seats to the end, and carol and dave are
# rated by the formula as if they had played
expect 201 '"name":"carol"' post /api/players '{"name":"carol"}'
C=$(secret)
expect 201 '"name":"dave"' post /api/players '{"name":"dave"}'
D=$(secret)
expect 201 '"id"' post /api/games '{"players":["human","human"],"expansions":"base","seed":5,"ladder":true,"clock":{"start":1,"move":0}}'
ID=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/got")
T0=$(sed -n 's/.*"token":"\([0-9a-f]*\)".*"token".*/\1/p' "$DIR/got")
T1=$(sed -n 's/.*"token":"[0-9a-f]*".*"token":"\([0-9a-f]*\)".*/\1/p' "$DIR/got")
ws "/ws/$ID/$T1" "$(sign dave "$D")" > /dev/null
ws "/ws/$ID/$T0" > "$DIR/ws"
MOVE=$(sed -n 's/.*"legal":\["\([^"]*\)".*/\1/p' "$DIR/ws" | head -1)
[ -n "$MOVE" ] || fail "no legal move for carol: $(cat "$DIR/ws")"
ws "/ws/$ID/$T0" "$(sign carol "$C")" "{\"type\":\"move\",\"index\":0,\"move\":\"$MOVE\"}" > /dev/null
i=0
until "$CLIENT" get "$PORT" "/api/games/$ID" | grep -q '"over":true'; do
    i=$((i + 1))
    [ $i -lt 300 ] || fail "greedy did not play the seats whose clocks ran out to the end"
    sleep 0.2
done
"$CLIENT" get "$PORT" "/api/games/$ID" > "$DIR/over"
S0=$(sed -n 's/.*"scores":\[\([0-9]*\),\([0-9]*\)\].*/\1/p' "$DIR/over")
S1=$(sed -n 's/.*"scores":\[\([0-9]*\),\([0-9]*\)\].*/\2/p' "$DIR/over")
if [ "$S0" -gt "$S1" ]; then RC=1516 RD=1484; elif [ "$S0" -eq "$S1" ]; then RC=1500 RD=1500; else RC=1484 RD=1516; fi
expect 200 "\"rated\":true,\"closed\":false.*\"seat\":0,\"name\":\"carol\",\"computer\":false,\"rank\":[12],\"before\":1500,\"after\":$RC.*\"seat\":1,\"name\":\"dave\",\"computer\":false" \
    get "/api/games/$ID/ladder"
[ "$(rating carol)" = $RC ] && [ "$(rating dave)" = $RD ] ||
    fail "scores $S0:$S1 rated carol $(rating carol) and dave $(rating dave), not $RC and $RD"
expect 200 '"name":"greedy","rating":[0-9]*,"games":1,"computer":true' get /api/ladder

# ---- a rematch of a ladder game is one too, its seats signed by the same names (the
# same tokens open them); a page signing again with its name is accepted, another name not
ws "/ws/$ID/$T0" '{"type":"rematch"}' > "$DIR/ws"
R=$(sed -n 's/.*"id":"\([0-9a-f]*\)","now":true,"type":"rematch".*/\1/p' "$DIR/ws" | head -1)
[ -n "$R" ] || fail "no rematch: $(cat "$DIR/ws")"
expect 200 '"rated":false,"closed":false,"k":32,"seats":\[{"seat":0,"name":"carol","computer":false},{"seat":1,"name":"dave","computer":false}\]' \
    get "/api/games/$R/ladder"
ws "/ws/$R/$T0" "$(sign carol "$C")" > "$DIR/ws"
grep -q '"type":"ladder"' "$DIR/ws" && ! grep -q '"type":"error"' "$DIR/ws" ||
    fail "carol signing her rematch seat again: $(cat "$DIR/ws")"
ws "/ws/$R/$T1" "$(sign alice "$A")" > "$DIR/ws"
grep -q 'this seat is signed by dave already' "$DIR/ws" || fail "another name on dave's rematch seat: $(cat "$DIR/ws")"
stop_server
echo "server ladder: ok"
