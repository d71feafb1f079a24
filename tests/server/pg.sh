#!/bin/sh
# The PostgreSQL store (issue 22, Part 2): a PostgreSQL of the test's own (pg_lib.sh),
# the store alone (test_server_pg: the guards of exactly-once, group commit, a failed
# commit, expiry, one owner per game, chat), then the server's own tests on it: whole
# games with every frame checked and the records replayed after a restart (play.sh),
# SIGKILL at random moments with no acknowledged move lost (crash.sh), a failed group
# commit (store_fail.sh), the ladder (ladder.sh); chat kept across a restart; two processes on one database,
# one owner per game, and a game taken over after its owner is killed; a turn-based clock
# taken over with its game keeps its deadline (issue 32); a move taken back by an undo
# stays taken back when another process takes the game over (issue 32).
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
pg_start
CARC_TEST_PG=$(pg_uri store)
export CARC_TEST_PG
"$(dirname "$CLIENT")/test_server_pg" || { echo "FAIL: test_server_pg"; exit 1; }
for t in play crash store_fail ladder; do
    CARC_TEST_DB=$(pg_uri "$t")
    export CARC_TEST_DB
    sh "$HERE/$t.sh" "$CARC" "$CLIENT" "$RAW" > "$DIR/$t.out" 2>&1 ||
        { echo "FAIL: $t.sh on PostgreSQL"; tail -20 "$DIR/$t.out"; exit 1; }
    tail -1 "$DIR/$t.out"
done
# Chat kept across a restart on PostgreSQL: a seat and a spectator send a message, the
# server is stopped and started again, and a new session gets both, oldest first.
CARC_TEST_DB=$(pg_uri chat)
start_server
"$CLIENT" post "$PORT" /api/games '{"players":["human","human"],"seed":5}' > "$DIR/game"
id=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
tok0=$(sed -n 's/.*"seat":0,"player":"human","token":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
[ -n "$id" ] && [ -n "$tok0" ] || { echo "FAIL: no game for the chat: $(cat "$DIR/game")"; exit 1; }
"$RAW" "$PORT" "ws:/ws/$id/$tok0" sleep:0.3 'frame:1:1:{"type":"chat","text":"seat says hi"}' \
    read:1 > "$DIR/got"
grep -a -q '"seat":0,"text":"seat says hi"' "$DIR/got" ||
    { echo "FAIL: the seat's chat was not sent back: $(tail -c 300 "$DIR/got")"; exit 1; }
"$RAW" "$PORT" "ws:/ws/$id" sleep:0.3 'frame:1:1:{"type":"chat","text":"spectator \\"too\\""}' \
    read:1 > /dev/null
stop_server
start_server
"$RAW" "$PORT" "ws:/ws/$id" read:1 > "$DIR/got"
grep -a -q '"messages":\[{"at":[0-9]*,"seat":0,"text":"seat says hi"},{"at":[0-9]*,"seat":-1,"text":"spectator \\"too\\""}\]' \
    "$DIR/got" || { echo "FAIL: the chat was not kept across a restart: $(tail -c 400 "$DIR/got")"; exit 1; }
stop_server
PORT=
# Two processes on one database, one owner per game: a game created on A is refused by
# B's HTTP (503) while A holds it, so B cannot accept a move of it; a WebSocket of it
# on B makes A hand it over, and back; A plays a move; A is killed (SIGKILL); B takes
# the game over from its log with that move, and plays the next.
CARC_TEST_DB=$(pg_uri two)
start_server
PA=$PORT APID=$SERVER_PID
# on any exit, A too (stop_server and kill_server know only the last one started)
trap 'kill "$APID" 2>/dev/null || true; kill_server; pg_stop; rm -rf "$DIR"' EXIT
PORT=
start_server --request-timeout 3
PB=$PORT BPID=$SERVER_PID
"$CLIENT" post "$PA" /api/games '{"players":["human","human"],"seed":21}' > "$DIR/game"
id=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
tok0=$(sed -n 's/.*"seat":0,"player":"human","token":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
tok1=$(sed -n 's/.*"seat":1,"player":"human","token":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
[ -n "$id" ] && [ -n "$tok0" ] && [ -n "$tok1" ] || { echo "FAIL: no game: $(cat "$DIR/game")"; exit 1; }
# a game nobody joined is not held in memory (issue 33, M4): a session opens it on A
"$RAW" "$PA" "ws:/ws/$id" read:1 > /dev/null
"$CLIENT" get "$PB" "/api/games/$id" | head -2 | tr '\n' ' ' > "$DIR/got"
grep -q '^503 .*another server process' "$DIR/got" ||
    { echo "FAIL: B hosts A's game: $(cat "$DIR/got")"; exit 1; }
# while a session on A uses the game, a session of it on B takes it over (issue 33,
# H1): A hands it over, its session told to reconnect (1012, "moved to another server
# process"), and B's session joins
"$RAW" "$PA" "ws:/ws/$id" read:4 > "$DIR/held" &
HOLD=$!
sleep 0.5
"$RAW" "$PB" "ws:/ws/$id/$tok0" read:2 > "$DIR/got"
grep -a -q '"type":"state"' "$DIR/got" ||
    { echo "FAIL: B did not take over the game A's session used: $(tail -c 300 "$DIR/got")"; exit 1; }
wait "$HOLD"
grep -a -q 'the game moved to another server process: reconnect' "$DIR/held" &&
    grep -a -q 'closed after' "$DIR/held" ||
    { echo "FAIL: A's session was not told to reconnect: $(tail -c 300 "$DIR/held")"; exit 1; }
# nobody uses it on B now: A's session asks for it (NOTIFY), B lets it go, A joins
sleep 1
"$RAW" "$PA" "ws:/ws/$id" read:3 > "$DIR/got"
grep -a -q '"type":"state"' "$DIR/got" ||
    { echo "FAIL: B did not hand its idle game over to A: $(tail -c 300 "$DIR/got")"; exit 1; }
sleep 1
move_on "$PA" "$tok0" 0
# a session on A holds the game; A is killed; a session on B takes the game over
# with its moves (A's lock died with it)
"$RAW" "$PA" "ws:/ws/$id" read:10 > /dev/null &
sleep 0.5
kill -9 "$APID"
wait "$APID" 2>/dev/null || true
"$RAW" "$PB" "ws:/ws/$id" read:2 > "$DIR/waited"
grep -a -q '"type":"state".*"index":1,' "$DIR/waited" ||
    { echo "FAIL: the session on B did not join: $(tail -c 300 "$DIR/waited")"; exit 1; }
# taken_over: B serves the game $id within 5 s (its owner A died), or the test fails
taken_over() {
    i=0
    until "$CLIENT" get "$PB" "/api/games/$id" | head -1 | grep -q '^200 '; do
        i=$((i + 1))
        [ $i -lt 50 ] || { echo "FAIL: B does not take game $id over after A died"; exit 1; }
        sleep 0.1
    done
}
taken_over
"$CLIENT" get "$PB" "/api/games/$id" | grep -q '"index":1,' ||
    { echo "FAIL: the move A acknowledged is not in B's game"; exit 1; }
# the seat that owes index 1 (seat 0 may still owe it: a follower's decision)
if "$RAW" "$PB" "ws:/ws/$id/$tok1" read:2 | grep -a -q '"legal":\["'; then
    move_on "$PB" "$tok1" 1
else
    move_on "$PB" "$tok0" 1
fi
"$CLIENT" get "$PB" "/api/games/$id" | grep -q '"index":2,' ||
    { echo "FAIL: B's move is not in the game"; exit 1; }
SERVER_PID=$BPID
stop_server

# Clocks (issue 32): a turn-based clock's deadline is the store's, so the process that takes a
# game over after its owner's SIGKILL shows the time left before less the time that passed.
CARC_TEST_DB=$(pg_uri clock)
PORT=
start_server
PA=$PORT APID=$SERVER_PID
PORT=
start_server
PB=$PORT BPID=$SERVER_PID
"$CLIENT" post "$PA" /api/games '{"players":["greedy","human"],"seed":7,"clock":{"hours":1}}' > "$DIR/game"
id=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
tok1=$(sed -n 's/.*"seat":1,"player":"human","token":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
[ -n "$id" ] && [ -n "$tok1" ] || { echo "FAIL: no clock game: $(cat "$DIR/game")"; exit 1; }
sleep 0.5  # greedy's first turn: then seat 1's clock runs
# clock_left PORT: seat 1's milliseconds left in the clock frame a session of it gets as it
# opens (the caller notes the time just before); the clock must be running for seat 1
clock_left() {
    "$RAW" "$1" "ws:/ws/$id/$tok1" read:1 > "$DIR/clock"
    grep -a -q '"running":1,' "$DIR/clock" ||
        { echo "FAIL: seat 1's clock does not run: $(tail -c 300 "$DIR/clock")"; exit 1; }
    grep -a -o '"left":\[[0-9]*,[0-9]*\]' "$DIR/clock" | tail -1 | sed 's/.*,\([0-9]*\)\]/\1/'
}
t1=$(date +%s%3N)
left1=$(clock_left "$PA")
[ "$left1" -gt 3590000 ] || { echo "FAIL: a turn-based hour: $left1 ms left"; exit 1; }
kill -9 "$APID"
wait "$APID" 2>/dev/null || true
sleep 2  # the time nobody hosts the game counts
taken_over
t2=$(date +%s%3N)
left2=$(clock_left "$PB")
off=$((left2 - (left1 - (t2 - t1))))
[ "$off" -lt 1500 ] && [ "$off" -gt -1500 ] ||
    { echo "FAIL: after the takeover $left2 ms left, expected $((left1 - (t2 - t1)))"; exit 1; }
SERVER_PID=$BPID
stop_server
# Undo by agreement (issue 32): a move taken back on A is out of the database's log, so
# that B, taking the game over after A's SIGKILL (a failover behind nginx), shows the game
# without it, and the seat plays on there. Against greedy the undo is granted at once.
CARC_TEST_DB=$(pg_uri undo)
PORT=
start_server
PA=$PORT APID=$SERVER_PID
PORT=
start_server
PB=$PORT BPID=$SERVER_PID
move_undone "$PA"
kill -9 "$APID"
wait "$APID" 2>/dev/null || true
taken_over
"$CLIENT" get "$PB" "/api/games/$id" | grep -q '"index":0,' ||
    { echo "FAIL: B's game still has the move taken back on A"; exit 1; }
move_on "$PB" "$tok0" 0
SERVER_PID=$BPID
stop_server
# a database that is not there
rc=0
"$CARC" serve --port 0 --db "postgresql:///nowhere?host=$DIR/pgsock&user=postgres" > /dev/null \
    2> "$DIR/err" || rc=$?
[ "$rc" -eq 1 ] && grep -q "cannot connect to the PostgreSQL database" "$DIR/err" ||
    { echo "FAIL: a missing database: exit $rc: $(cat "$DIR/err")"; exit 1; }
echo "server pg: ok"
