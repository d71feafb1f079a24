#!/bin/sh
# Behind a reverse proxy (issue 22, M2): with --trusted-proxy, the per-address limits
# count the client named by X-Forwarded-For (the last address in it that is not a
# trusted proxy; what a client writes before it is not believed); without it, or from
# a peer that is not a trusted proxy, the header is ignored. Before, every player behind
# the proxy shared the proxy's budget.
set -eu
. "$(dirname "$0")/lib.sh"
body='{"players":["human","human"]}'
# create XFF: the status of POST /api/games sent with that X-Forwarded-For
create() {
    "$RAW" "$PORT" "send:POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Forwarded-For: $1\r\nContent-Length: ${#body}\r\n\r\n$body" read:5 |
        head -1 | cut -d' ' -f2
}
expect() {  # expect XFF STATUS WHY
    got=$(create "$1")
    [ "$got" = "$2" ] || { echo "FAIL: $3: X-Forwarded-For $1: $got, expected $2"; exit 1; }
}
start_server --trusted-proxy 10.9.9.9,127.0.0.1 --games-per-minute 2
expect 10.0.0.1 201 "the first client's first game"
expect 10.0.0.1 201 "the first client's second game"
expect 10.0.0.1 429 "the first client's third game"
expect 10.0.0.2 201 "another client behind the proxy"
expect "10.0.0.7, 10.0.0.2" 201 "a client naming another address before its own"
expect "10.0.0.8, 10.0.0.2" 429 "a client naming a third address before its own"
expect "10.0.0.3, 10.9.9.9" 201 "a client behind two trusted proxies"
expect "10.0.0.3,10.9.9.9" 201 "the same client again"
expect "10.0.0.3, 10.9.9.9" 429 "the same client a third time"
stop_server
# no trusted proxy: the header is ignored, every request is the peer's
start_server --games-per-minute 2
expect 10.0.0.1 201 "first"
expect 10.0.0.2 201 "second"
expect 10.0.0.3 429 "a third game from one peer, whatever it says"
stop_server
# the option's value: IPv4 addresses
rc=0
"$CARC" serve --trusted-proxy 'localhost' > /dev/null 2> "$DIR/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q "^carc serve: --trusted-proxy: 'localhost' is not an IPv4 address" "$DIR/err" ||
    { echo "FAIL: --trusted-proxy localhost: exit $rc: $(cat "$DIR/err")"; exit 1; }
echo "server proxy: ok"
