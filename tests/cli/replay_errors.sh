#!/bin/sh
# carc replay stops at the first bad record with FILE:LINE: <message> and exit 1:
# a tampered move is named, malformed JSON is reported the same way.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$carc" sim --games 3 --seed 21 --record "$dir/r.jsonl" >/dev/null 2>&1 || fail "sim failed"

# line 4 (after two good records and a blank line): the first move, a placement of
# the tile in hand, moved to a position that touches no tile
head -n 1 "$dir/r.jsonl" \
    | sed 's/"moves": *\["\([A-X]\) ([-0-9]*,[-0-9]*) \(r[0-3]\)"/"moves":["\1 (40,40) \2"/' >"$dir/bad1"
bad=$(sed -n 's/.*"moves":\["\([A-X] (40,40) r[0-3]\)".*/\1/p' "$dir/bad1")
[ -n "$bad" ] || fail "could not tamper the first move: $(cut -c1-200 "$dir/bad1")"
{ head -n 2 "$dir/r.jsonl"; echo; cat "$dir/bad1"; } >"$dir/t.jsonl"
"$carc" replay "$dir/t.jsonl" >"$dir/out" 2>"$dir/err"
rc=$?
[ $rc -eq 1 ] || fail "tampered move: exit $rc, expected 1"
grep -q "^$dir/t.jsonl:4: " "$dir/err" || fail "no FILE:LINE: prefix: $(cat "$dir/err")"
grep -qF "move 1 \"$bad\"" "$dir/err" || fail "the bad move is not named: $(cat "$dir/err")"
[ "$(wc -l <"$dir/err")" -eq 1 ] || fail "more than one line on stderr"
[ -s "$dir/out" ] && fail "stdout not empty on failure"

# changed final scores
head -n 1 "$dir/r.jsonl" | sed 's/"scores": *\[[0-9]*/"scores":[999/' >"$dir/s.jsonl"
grep -q '"scores":\[999' "$dir/s.jsonl" || fail "could not tamper the scores"
"$carc" replay "$dir/s.jsonl" >/dev/null 2>"$dir/err"
rc=$?
[ $rc -eq 1 ] || fail "tampered scores: exit $rc, expected 1"
grep -q "^$dir/s.jsonl:1: " "$dir/err" || fail "no FILE:LINE: for scores: $(cat "$dir/err")"

# malformed JSON on line 2
{ head -n 1 "$dir/r.jsonl"; echo '{"moves": [ "pass", '; } >"$dir/m.jsonl"
"$carc" replay "$dir/m.jsonl" >/dev/null 2>"$dir/err"
rc=$?
[ $rc -eq 1 ] || fail "malformed JSON: exit $rc, expected 1"
grep -q "^$dir/m.jsonl:2: ." "$dir/err" || fail "no FILE:LINE: for malformed JSON: $(cat "$dir/err")"

# a missing file is a failure (1), a missing argument bad usage (2)
"$carc" replay "$dir/nope.jsonl" >/dev/null 2>&1
[ $? -eq 1 ] || fail "missing file should exit 1"
"$carc" replay >/dev/null 2>&1
[ $? -eq 2 ] || fail "no FILE should exit 2"
exit 0
