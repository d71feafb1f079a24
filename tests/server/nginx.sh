#!/bin/sh
# Several processes behind nginx (issue 22, Part 2): three `carc serve` processes on one
# PostgreSQL database (pg_lib.sh), behind nginx with deploy/nginx's routing and
# locations (nginx_lib.sh). Games are played through the proxy; one process is killed
# with SIGKILL mid-game; its games' clients reconnect through the proxy, which sends
# them to another process, which takes the games over from the database; every game
# finishes, no state a client saw ever goes back (no acknowledged move lost) and every
# record replays; a move taken back by an undo through the proxy stays taken back after
# its holder is killed. Skipped (exit 77) without nginx or PostgreSQL.
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
. "$(dirname "$0")/nginx_lib.sh"
pg_start
CARC_TEST_DB=$(pg_uri multi)
export CARC_TEST_DB
procs_start 3 --idle-evict 1 --trusted-proxy 127.0.0.1
nginx_start
np=$NGINX_PORT
# games through the proxy; the process with the most sessions killed mid-game
"$CLIENT" play "$np" --games 6 --seed 31 --reconnect --delay-ms 50 --timeout 240 \
    --records "$DIR/r.jsonl" > "$DIR/play.out" 2>&1 &
PLAY=$!
sleep 3
victim=$(proc_busiest)
proc_stop "$victim" 9
rc=0
wait "$PLAY" || rc=$?
[ "$rc" -eq 0 ] || { echo "FAIL: games through nginx: $(tail -5 "$DIR/play.out")"; tail -5 "$DIR/nginx/error.log"; exit 1; }
"$CARC" replay "$DIR/r.jsonl" > /dev/null || { echo "FAIL: a record does not replay"; exit 1; }
[ "$(wc -l < "$DIR/r.jsonl")" -eq 6 ] || { echo "FAIL: $(wc -l < "$DIR/r.jsonl") records of 6 games"; exit 1; }
# sessions were opened again (each is sent a history when it opens: 18 at first, 3 a
# game): the killed process's games were taken over
opened=$(sed -n 's/.* \([0-9]*\) histories .*/\1/p' "$DIR/play.out")
[ -n "$opened" ] && [ "$opened" -gt 18 ] ||
    { echo "FAIL: no session reconnected after the kill: $(tail -1 "$DIR/play.out")"; exit 1; }
# Undo by agreement through the proxy (issue 32): a seat moves and asks to take the move
# back over nginx's WebSocket; greedy accepts at once; the process holding the game is
# killed, and through nginx the game comes back (from another process) without the move,
# and the seat plays on.
move_undone "$np"
# the holder: the process that answers for the game itself
holder=0 k=0
for p in $PORTS; do
    k=$((k + 1))
    "$CLIENT" get "$p" "/api/games/$id" | head -1 | grep -q '^200 ' && holder=$k
done
[ "$holder" -gt 0 ] || { echo "FAIL: no process holds the undo game $id"; exit 1; }
proc_stop "$holder" 9
k=0
until "$CLIENT" get "$np" "/api/games/$id" > "$DIR/after" && head -1 "$DIR/after" | grep -q '^200 '; do
    k=$((k + 1))
    [ $k -lt 50 ] || { echo "FAIL: the undo game is not served after its holder died"; exit 1; }
    sleep 0.1
done
grep -q '"index":0,' "$DIR/after" ||
    { echo "FAIL: the move taken back came back after the failover: $(tail -c 300 "$DIR/after")"; exit 1; }
move_on "$np" "$tok0" 0
echo "server nginx: ok ($(tail -2 "$DIR/play.out" | tr '\n' ' ')); undo kept through a failover"
