#!/bin/sh
# Games created but never joined (issue 33, M4): a game a person must open first is
# not held in memory until a session opens it (20,000 such games held 1 GB for 15
# minutes, 33 KB each): 300 of them leave the server's memory about as it was (under
# 3 MB more, where they took 10 MB), and each loads when its first session opens.
# One address may have at most --unjoined-per-ip of them within --idle-evict seconds:
# one more is 429; a joined game no longer counts.
set -eu
. "$(dirname "$0")/lib.sh"
# (under ASan, freed memory waits in its quarantine: none here, so that it is reused)
ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=0:thread_local_quarantine_size_kb=0"
export ASAN_OPTIONS
start_server --games-per-minute 100000 --unjoined-per-ip 400
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$SERVER_PID/status"; }
"$CLIENT" post "$PORT" /api/games '{"players":["human","human"]}' > /dev/null
before=$(rss)
[ -n "$before" ] || { echo "FAIL: no VmRSS of the server"; exit 1; }
i=0
while [ $i -lt 300 ]; do
    "$CLIENT" post "$PORT" /api/games '{"players":["human","human"],"expansions":"gifts,christmas,inns,traders,river,abbot"}' > "$DIR/game"
    i=$((i + 1))
done
after=$(rss)
[ $((after - before)) -lt 3072 ] ||
    { echo "FAIL: 300 unjoined games took $((after - before)) KiB"; exit 1; }
# the last one loads when its seat opens it
id=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
tok=$(sed -n 's/.*"seat":0,"player":"human","token":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
"$RAW" "$PORT" "ws:/ws/$id/$tok" read:1 > "$DIR/got"
grep -a -q '"type":"state".*"seat":0,' "$DIR/got" ||
    { echo "FAIL: an unjoined game does not open: $(tail -c 200 "$DIR/got")"; exit 1; }
"$CLIENT" play "$PORT" --games 1 --seed 4 > /dev/null
stop_server
# the cap
start_server --unjoined-per-ip 2
"$CLIENT" post "$PORT" /api/games '{"players":["human","human"]}' > "$DIR/game"
"$CLIENT" post "$PORT" /api/games '{"players":["human","random"]}' > /dev/null
"$CLIENT" post "$PORT" /api/games '{"players":["human","human"]}' > "$DIR/third"
head -2 "$DIR/third" | tr '\n' ' ' | grep -q '^429 .*nobody has joined from this address: at most 2' ||
    { echo "FAIL: a third unjoined game: $(cat "$DIR/third")"; exit 1; }
"$CLIENT" post "$PORT" /api/games '{"players":["random","greedy"]}' | head -1 | grep -q '^201 ' ||
    { echo "FAIL: a game of computers only counted as unjoined"; exit 1; }
id=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' "$DIR/game")
"$RAW" "$PORT" "ws:/ws/$id" read:1 > /dev/null
"$CLIENT" post "$PORT" /api/games '{"players":["human","human"]}' | head -1 | grep -q '^201 ' ||
    { echo "FAIL: a joined game still counted as unjoined"; exit 1; }
stop_server
echo "server unjoined: ok (300 unjoined games: $((after - before)) KiB)"
