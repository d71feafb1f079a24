#!/bin/sh
# POST /api/replay cannot be turned against the server (issue 22, H2: a 4.8 KB record
# answers 1.37 MB; 500 connections that never read held 683 MB, and the work stalled
# every game on the service thread): at most 2 replays in progress per address (429
# beyond), --replays-per-minute per address (429), the answer written a piece at a
# time; the replay is played on a thread of its own, so the other games play on
# meanwhile. (CARC_SERVE_REPLAY_DELAY_MS=3000, a test hook, makes each replay take 3 s.)
set -eu
. "$(dirname "$0")/lib.sh"
CARC_SERVE_REPLAY_DELAY_MS=3000
export CARC_SERVE_REPLAY_DELAY_MS
start_server --replays-per-minute 100 --request-timeout 10
"$CLIENT" play "$PORT" --games 1 --seed 9 --ids "$DIR/ids" > /dev/null
"$CLIENT" get "$PORT" "/api/games/$(cat "$DIR/ids")/record" | tail -n +2 > "$DIR/rec.json"
body=$(cat "$DIR/rec.json")
req="send:POST /api/replay HTTP/1.1\r\nHost: x\r\nContent-Length: ${#body}\r\n\r\n$body"
# two replays in progress (their answers read only after 5 s, through a 2 KB window)
RAW_RCVBUF=2048 "$RAW" "$PORT" "$req" sleep:5 read:2 > "$DIR/a1" &
A1=$!
RAW_RCVBUF=2048 "$RAW" "$PORT" "$req" sleep:5 read:2 > "$DIR/a2" &
A2=$!
sleep 0.5
"$CLIENT" post "$PORT" /api/replay "$(cat "$DIR/rec.json")" > "$DIR/third"
head -2 "$DIR/third" | tr '\n' ' ' | grep -q '^429 .*at most 2 at a time' ||
    { echo "FAIL: a third replay in progress from one address: $(head -c 200 "$DIR/third")"; exit 1; }
# a game plays on meanwhile: the service thread is not the one replaying
t0=$(date +%s)
"$CLIENT" play "$PORT" --games 1 --seed 10 > /dev/null
t1=$(date +%s)
running=0
kill -0 "$A1" 2>/dev/null && running=1
[ "$running" -eq 1 ] || { echo "FAIL: the game waited for the replays ($((t1 - t0)) s)"; exit 1; }
wait "$A1" "$A2"
for f in "$DIR/a1" "$DIR/a2"; do
    head -1 "$f" | grep -q '^HTTP/1.1 200' || { echo "FAIL: a replay: $(head -c 100 "$f")"; exit 1; }
    grep -q '"view":"public"' "$f" || { echo "FAIL: a replay's answer is not whole"; exit 1; }
done
stop_server
# clients that close at once do not free their places: their replays are still played
start_server --replays-per-minute 100
"$RAW" "$PORT" "$req" sleep:0.3 > /dev/null
"$RAW" "$PORT" "$req" sleep:0.3 > /dev/null
"$CLIENT" post "$PORT" /api/replay "$(cat "$DIR/rec.json")" | head -2 | tr '\n' ' ' > "$DIR/third"
grep -q '^429 .*at most 2 at a time' "$DIR/third" ||
    { echo "FAIL: replays whose clients closed no longer counted: $(head -c 200 "$DIR/third")"; exit 1; }
unset CARC_SERVE_REPLAY_DELAY_MS
stop_server
# --replays-per-minute 3: three, then 429
start_server --replays-per-minute 3
for i in 1 2 3; do
    "$CLIENT" post "$PORT" /api/replay "$(cat "$DIR/rec.json")" | head -1 | grep -q '^200 ' ||
        { echo "FAIL: replay $i of the minute refused"; exit 1; }
done
"$CLIENT" post "$PORT" /api/replay "$(cat "$DIR/rec.json")" > "$DIR/seventh"
head -2 "$DIR/seventh" | tr '\n' ' ' | grep -q '^429 .*at most 3 a minute' ||
    { echo "FAIL: the fourth replay of a minute: $(head -c 200 "$DIR/seventh")"; exit 1; }
stop_server
# The history a session gets when it opens is made by a worker too: with each history
# made to take 2 s (CARC_SERVE_HISTORY_DELAY_MS, a test hook), a whole game still plays
# (its sessions get their history, then their state), and the server answers meanwhile.
CARC_SERVE_HISTORY_DELAY_MS=2000
export CARC_SERVE_HISTORY_DELAY_MS
start_server
"$CLIENT" play "$PORT" --games 1 --seed 11 --timeout 60 > "$DIR/hplay" &
HPLAY=$!
sleep 0.5
t0=$(date +%s%N)
"$CLIENT" get "$PORT" /api/tiles | head -1 | grep -q '^200 ' || { echo "FAIL: no answer while histories are made"; exit 1; }
t1=$(date +%s%N)
[ $(((t1 - t0) / 1000000)) -lt 1500 ] ||
    { echo "FAIL: GET /api/tiles waited $(((t1 - t0) / 1000000)) ms for the histories"; exit 1; }
wait "$HPLAY" || { echo "FAIL: a game with slow histories: $(tail -2 "$DIR/hplay")"; exit 1; }
grep -q '3 histories' "$DIR/hplay" || { echo "FAIL: $(tail -1 "$DIR/hplay")"; exit 1; }
unset CARC_SERVE_HISTORY_DELAY_MS
stop_server
echo "server replay limits: ok"
