#!/bin/sh
# Crash safety: while random clients play games with both expansions against a
# computer seat (which the server must set thinking again after each restart), the server is
# killed with SIGKILL at random moments and started again on the same database and
# port. The clients reconnect and finish every game; no state they are sent ever
# goes back behind one they saw (no acknowledged move lost, ws_client.c); every
# record replays; after one more kill, the records loaded back from the store are
# the same bytes. The clients take delta frames (a reconnected session starts again
# from a full frame), each checked against a full-frame mirror session (ws_client.c).
set -eu
. "$(dirname "$0")/lib.sh"
start_server
"$CLIENT" play "$PORT" --games 4 --seats human,human,random --expansions gifts,christmas --seed 41 \
    --delay-ms 5 --frames delta --reconnect --timeout 240 --records "$DIR/r.jsonl" --ids "$DIR/ids" \
    > "$DIR/client.out" 2>&1 &
CLIENT_PID=$!
kills=0
while kill -0 "$CLIENT_PID" 2>/dev/null; do
    sleep "$(awk -v s="$kills" 'BEGIN { srand(s + 7); printf "%.2f", 0.2 + rand() * 0.6 }')"
    kill -0 "$CLIENT_PID" 2>/dev/null || break
    kill -9 "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
    kills=$((kills + 1))
    start_server
done
if ! wait "$CLIENT_PID"; then
    cat "$DIR/client.out"; echo "FAIL: the client failed after $kills kills"; exit 1
fi
cat "$DIR/client.out"
[ "$kills" -ge 3 ] || { echo "FAIL: only $kills kills happened during the games"; exit 1; }
"$CARC" replay "$DIR/r.jsonl"
kill -9 "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=
start_server
"$CLIENT" records "$PORT" --ids "$DIR/ids" --records "$DIR/r2.jsonl"
cmp "$DIR/r.jsonl" "$DIR/r2.jsonl" || { echo "FAIL: records differ after a restart"; exit 1; }
stop_server
echo "server crash: ok after $kills kills"
