#!/bin/sh
# A reconnecting seat is back in its game within 2 s whatever process it reaches,
# through kills, restarts and rolling restarts (issue 33, High 1): three processes on
# PostgreSQL behind the shipped nginx configuration (nginx_lib.sh), games played
# through it by clients that reconnect and must each be back within 2 s of losing a
# session (--rejoin-max). The case of the issue: the owner of live games is killed
# (SIGKILL), their seats reopen on another process, the killed process comes back a
# second later, and one seat of every game reloads while the other stays: the
# reloading seat reaches the restarted process (nginx sends it there again at once:
# deploy/nginx marks no process down) and must be in within 2 s (the holder hands the
# game over, its sessions reconnect and follow it). Then every
# process is restarted in turn (SIGTERM, as a rolling upgrade does) during the games,
# and seats reload again. Every game finishes, no state seen goes back, every record
# replays. Skipped (exit 77) without nginx or PostgreSQL.
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
. "$(dirname "$0")/nginx_lib.sh"
pg_start
CARC_TEST_DB=$(pg_uri rejoin)
export CARC_TEST_DB
OPTS="--idle-evict 2 --trusted-proxy 127.0.0.1"
# shellcheck disable=SC2086
procs_start 3 $OPTS
nginx_start
np=$NGINX_PORT
"$CLIENT" play "$np" --games 6 --seed 33 --reconnect --delay-ms 80 --timeout 240 \
    --rejoin-max 2 --paths "$DIR/paths" --records "$DIR/r.jsonl" > "$DIR/play.out" 2>&1 &
PLAY=$!
rejoin() {
    "$CLIENT" rejoin "$np" --paths "$DIR/paths" --within 2 > "$DIR/rejoin.out" 2>&1 ||
        { echo "FAIL: $1: $(tail -3 "$DIR/rejoin.out")"; tail -3 "$DIR/play.out"; exit 1; }
    echo "  $1: $(tail -1 "$DIR/rejoin.out")"
}
sleep 2
# the owner of the most sessions killed, back a second later
victim=$(proc_busiest)
proc_stop "$victim" 9
sleep 1
# shellcheck disable=SC2086
proc_restart "$victim" $OPTS
sleep 1
rejoin "a seat reloads after the owner's kill and restart"
# a rolling restart: each process in turn stopped (SIGTERM) and started again
for i in 1 2 3; do
    proc_stop "$i" TERM
    # shellcheck disable=SC2086
    proc_restart "$i" $OPTS
    sleep 1
done
sleep 0.5
rejoin "a seat reloads after a rolling restart"
rc=0
wait "$PLAY" || rc=$?
[ "$rc" -eq 0 ] || { echo "FAIL: games through nginx: $(tail -3 "$DIR/play.out")"; exit 1; }
"$CARC" replay "$DIR/r.jsonl" > /dev/null || { echo "FAIL: a record does not replay"; exit 1; }
[ "$(wc -l < "$DIR/r.jsonl")" -eq 6 ] || { echo "FAIL: $(wc -l < "$DIR/r.jsonl") records of 6 games"; exit 1; }
grep -q 'sessions lost and back' "$DIR/play.out" ||
    { echo "FAIL: no session was lost and back: $(tail -2 "$DIR/play.out")"; exit 1; }
echo "server rejoin: ok ($(tail -2 "$DIR/play.out" | tr '\n' ' '))"
