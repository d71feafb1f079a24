#!/bin/sh
# Without --web, `carc serve` serves the pages beside its binary's folder (build/carc
# -> web/), so a copied or moved checkout serves its own pages, not those of the tree
# it was built in; --web still wins.
set -eu
. "$(dirname "$0")/lib.sh"
mkdir -p "$DIR/copy/build" "$DIR/copy/web" "$DIR/other"
cp "$CARC" "$DIR/copy/build/carc"
echo "<p>the copied checkout</p>" > "$DIR/copy/web/index.html"
echo "<p>given with --web</p>" > "$DIR/other/index.html"
serve() {  # serve [options]: the copied binary, without start_server's --web
    : > "$DIR/serve.out"
    "$DIR/copy/build/carc" serve --port 0 --db "$DIR/games.sqlite" --quiet "$@" \
        > "$DIR/serve.out" 2>> "$DIR/serve.err" &
    SERVER_PID=$!
    i=0
    until grep -q '^carc serve: http://' "$DIR/serve.out"; do
        i=$((i + 1))
        [ $i -le 200 ] && kill -0 "$SERVER_PID" 2>/dev/null \
            || { echo "FAIL: the server did not start"; cat "$DIR/serve.err"; exit 1; }
        sleep 0.05
    done
    PORT=$(sed -n 's|^carc serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$DIR/serve.out")
}
serve
"$CLIENT" get "$PORT" / > "$DIR/got"
grep -q 'the copied checkout' "$DIR/got" || { echo "FAIL: / is not the copy's web/index.html"; cat "$DIR/got"; exit 1; }
stop_server
serve --web "$DIR/other"
"$CLIENT" get "$PORT" / > "$DIR/got"
grep -q 'given with --web' "$DIR/got" || { echo "FAIL: --web was not used"; cat "$DIR/got"; exit 1; }
stop_server
