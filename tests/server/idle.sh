#!/bin/sh
# Idle eviction (--idle-evict SEC): an unfinished game nobody touches leaves memory
# after SEC seconds (the server says so on stderr) and comes back from the store
# unchanged when asked for.
set -eu
. "$(dirname "$0")/lib.sh"
# started here rather than by start_server: the eviction is told only when not --quiet
"$CARC" serve --port 0 --db "$DIR/games.sqlite" --web "$DIR" --idle-evict 1 \
    > "$DIR/serve.out" 2> "$DIR/serve.err" &
SERVER_PID=$!
i=0
while ! grep -q '^carc serve: http://' "$DIR/serve.out"; do
    i=$((i + 1)); [ $i -lt 200 ] || { echo "FAIL: the server did not start"; exit 1; }
    sleep 0.05
done
PORT=$(sed -n 's|^carc serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$DIR/serve.out")
"$CLIENT" post "$PORT" /api/games '{"players":["human","human"],"seed":5}' > "$DIR/created"
ID=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/created")
[ -n "$ID" ] || { echo "FAIL: no game created: $(cat "$DIR/created")"; exit 1; }
"$CLIENT" get "$PORT" "/api/games/$ID" | sed 's/"created":[0-9]*//' > "$DIR/before"
i=0
while ! grep -q "game $ID left memory" "$DIR/serve.err"; do
    i=$((i + 1)); [ $i -lt 100 ] || { echo "FAIL: the idle game was not evicted"; cat "$DIR/serve.err"; exit 1; }
    sleep 0.1
done
"$CLIENT" get "$PORT" "/api/games/$ID" | sed 's/"created":[0-9]*//' > "$DIR/after"
cmp "$DIR/before" "$DIR/after" || { echo "FAIL: the game came back different"; cat "$DIR/before" "$DIR/after"; exit 1; }
head -1 "$DIR/after" | grep -q '^200 ' || { echo "FAIL: the evicted game is gone: $(cat "$DIR/after")"; exit 1; }
grep -q '"index":0' "$DIR/after" || { echo "FAIL: unexpected summary: $(cat "$DIR/after")"; exit 1; }
# the option is checked
if "$CARC" serve --idle-evict -1 > "$DIR/out" 2>&1; then echo "FAIL: --idle-evict -1 accepted"; exit 1; fi
stop_server
echo "server idle: ok"
