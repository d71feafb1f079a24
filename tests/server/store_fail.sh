#!/bin/sh
# A commit that fails (injected: CARC_SERVE_FAIL_COMMIT=K fails the K-th group
# commit once, rolled back as an I/O error would be): nobody was told of the moves in
# it; each game that moved in that pass goes back to its log, its sessions get an error
# saying the move could not be stored and the stored state, and play goes on. The
# games end, every frame passes ws_client's checks (no state ever goes back behind one
# a session saw), and every record replays.
set -eu
. "$(dirname "$0")/lib.sh"
CARC_SERVE_FAIL_COMMIT=25 start_server
"$CLIENT" play "$PORT" --games 3 --expansions gifts,christmas --seed 61 --store-failure \
    --records "$DIR/r.jsonl" --timeout 120 > "$DIR/client.out" 2>&1 \
    || { cat "$DIR/client.out"; echo "FAIL: the client failed"; exit 1; }
cat "$DIR/client.out"
grep -q "injected failure" "$DIR/serve.err" || { echo "FAIL: no failed commit reported"; cat "$DIR/serve.err"; exit 1; }
"$CARC" replay "$DIR/r.jsonl"
stop_server
echo "server store_fail: ok"
