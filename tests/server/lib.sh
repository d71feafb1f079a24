# What the server tests share (sourced): a scratch directory, starting `carc serve`
# on a free port of loopback and stopping it. Usage: . lib.sh CARC WS_CLIENT [RAW_CLIENT]
CARC=$1
CLIENT=$2
RAW=${3-}
DIR=$(mktemp -d "${TMPDIR:-/tmp}/carc-server.XXXXXX")
SERVER_PID=
PORT=
trap 'kill_server; rm -rf "$DIR"' EXIT

# start_server [extra options]: starts the server on $DIR/games.sqlite, sets SERVER_PID
# and PORT (the same port again if PORT is already set); with --quiet unless SERVE_QUIET
# is set (SERVE_QUIET= : the server's log in $DIR/serve.err); on CARC_TEST_DB if it is set
# (a postgresql:// URI: tests/server/pg.sh runs tests against PostgreSQL so).
start_server() {
    : > "$DIR/serve.out"
    "$CARC" serve --port "${PORT:-0}" --db "${CARC_TEST_DB:-$DIR/games.sqlite}" --web "$DIR" \
        ${SERVE_QUIET---quiet} "$@" \
        > "$DIR/serve.out" 2>> "$DIR/serve.err" &
    SERVER_PID=$!
    i=0
    while ! grep -q '^carc serve: http://' "$DIR/serve.out"; do
        i=$((i + 1))
        if [ $i -gt 200 ] || ! kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "FAIL: the server did not start"; cat "$DIR/serve.err"; exit 1
        fi
        sleep 0.05
    done
    PORT=$(sed -n 's|^carc serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$DIR/serve.out")
}

# stop_server: SIGTERM, and the server must exit 0 (under ASan: with no leak).
stop_server() {
    kill "$SERVER_PID"
    rc=0
    wait "$SERVER_PID" || rc=$?
    SERVER_PID=
    if [ "$rc" -ne 0 ]; then
        echo "FAIL: the server exited with status $rc"; cat "$DIR/serve.err"; exit 1
    fi
}

kill_server() {
    if [ -n "$SERVER_PID" ]; then
        kill "$SERVER_PID" 2>/dev/null
        wait "$SERVER_PID" 2>/dev/null
        SERVER_PID=
    fi
}

# move_on PORT TOKEN INDEX: the seat of TOKEN in game $id plays its first legal move at
# INDEX, and the state after it must show INDEX + 1 (pg.sh, nginx.sh)
move_on() {
    "$RAW" "$1" "ws:/ws/$id/$2" read:2 > "$DIR/st"
    mv=$(grep -a -o '"legal":\["[^"]*"' "$DIR/st" | tail -1 | sed 's/"legal":\["//; s/"$//')
    [ -n "$mv" ] || { echo "FAIL: no legal move for the seat at $3: $(tail -c 300 "$DIR/st")"; exit 1; }
    "$RAW" "$1" "ws:/ws/$id/$2" sleep:0.5 "frame:1:1:{\"type\":\"move\",\"index\":$3,\"move\":\"$mv\"}" \
        read:2 > "$DIR/st"
    grep -a -q "\"index\":$(($3 + 1))," "$DIR/st" ||
        { echo "FAIL: the move $mv at $3 was not played: $(tail -c 300 "$DIR/st")"; exit 1; }
}

# move_undone PORT: a new game of a person (seat 0, token $tok0) against greedy (game $id),
# whose first move is taken back by an undo by agreement at once (greedy accepts): the
# state after it shows index 0 again (pg.sh, nginx.sh: issue 32)
move_undone() {
    "$CLIENT" post "$1" /api/games '{"players":["human","greedy"],"seed":21}' > "$DIR/game"
    id=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
    tok0=$(sed -n 's/.*"seat":0,"player":"human","token":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
    [ -n "$id" ] && [ -n "$tok0" ] || { echo "FAIL: no undo game: $(cat "$DIR/game")"; exit 1; }
    move_on "$1" "$tok0" 0
    "$RAW" "$1" "ws:/ws/$id/$tok0" sleep:0.5 'frame:1:1:{"type":"undo","index":1}' read:2 > "$DIR/got"
    grep -a -q '"status":"done"' "$DIR/got" && grep -a -q '"type":"state".*"index":0,' "$DIR/got" ||
        { echo "FAIL: the undo on $1: $(tail -c 300 "$DIR/got")"; exit 1; }
}
