#!/bin/sh
# The PostgreSQL store (issue 22, Part 2): a PostgreSQL of the test's own (pg_lib.sh),
# the store alone (test_server_pg: the guards of exactly-once, group commit, a failed
# commit, expiry, one server per database), then the server's own tests on it: whole
# games with every frame checked and the records replayed after a restart (play.sh),
# SIGKILL at random moments with no acknowledged move lost (crash.sh), a failed group
# commit (store_fail.sh), idle games leaving memory (idle.sh) and the bad inputs
# (bad_input.sh's WebSocket and HTTP part).
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
pg_start
CARC_TEST_PG=$(pg_uri store)
export CARC_TEST_PG
"$(dirname "$CLIENT")/test_server_pg" || { echo "FAIL: test_server_pg"; exit 1; }
for t in play crash store_fail; do
    CARC_TEST_DB=$(pg_uri "$t")
    export CARC_TEST_DB
    sh "$HERE/$t.sh" "$CARC" "$CLIENT" "$RAW" > "$DIR/$t.out" 2>&1 ||
        { echo "FAIL: $t.sh on PostgreSQL"; tail -20 "$DIR/$t.out"; exit 1; }
    tail -1 "$DIR/$t.out"
done
# a second server on the same database
CARC_TEST_DB=$(pg_uri two)
start_server
rc=0
timeout 10 "$CARC" serve --port 0 --db "$CARC_TEST_DB" > /dev/null 2> "$DIR/err" || rc=$?
[ "$rc" -eq 1 ] && grep -q "is in use by another carc serve" "$DIR/err" ||
    { echo "FAIL: a second server on one PostgreSQL database: exit $rc: $(cat "$DIR/err")"; exit 1; }
stop_server
# a database that is not there
rc=0
"$CARC" serve --port 0 --db "postgresql:///nowhere?host=$DIR/pgsock&user=postgres" > /dev/null \
    2> "$DIR/err" || rc=$?
[ "$rc" -eq 1 ] && grep -q "cannot connect to the PostgreSQL database" "$DIR/err" ||
    { echo "FAIL: a missing database: exit $rc: $(cat "$DIR/err")"; exit 1; }
echo "server pg: ok"
