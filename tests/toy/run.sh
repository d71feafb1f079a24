#!/bin/sh
# tests/toy/run.sh SRC BUILD - ctest expansion_module_toy (issue 29's proof): an
# expansion is one folder and one line. Builds carc with the test-only module of this
# folder (CMake's CARC_TEST_MODULE: its module.cmake, toy.c, tiles.inc) into BUILD,
# then shows that the toy expansion plays, records, replays and explains itself
# through every layer, with no file of the engine or the layers above naming it:
#   - the registry's and the tile tables' own tests pass with the module in
#     (test_engine, test_tiletab: its bit is 1 << its place, its figure's slot and
#     name, its tiles fit the state);
#   - its rule scenarios (scenarios/T*.json, run by test_scenarios);
#   - random games alone and with all six expansions, every move checked (sim
#     --check), their records replayed;
#   - `carc tiles` lists its tile, `carc engine` plays it and its state JSON counts
#     the torch;
#   - the terminal game (tmux): its guide page, the torch in the supply table, a
#     whole game against greedy, whose saved record replays.
set -u
src=$1 bin=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
cmake -S "$src" -B "$bin" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARC_WERROR=ON \
    -DCARC_TEST_MODULE="$src/tests/toy" >"$bin.log" 2>&1 \
    || { cat "$bin.log" >&2; fail "cmake could not configure the toy build"; }
cmake --build "$bin" -j "$(nproc 2>/dev/null || echo 2)" \
    --target carc test_scenarios test_tiletab test_engine >"$bin.log" 2>&1 \
    || { tail -n 40 "$bin.log" >&2; fail "the toy build failed"; }
carc=$bin/carc
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

"$bin/tests/test_tiletab" >"$work/out" 2>&1 || { cat "$work/out" >&2; fail "test_tiletab"; }
"$bin/tests/test_engine" >"$work/out" 2>&1 || { cat "$work/out" >&2; fail "test_engine"; }
for sc in "$src"/tests/toy/scenarios/*.json; do
    "$bin/tests/test_scenarios" "$sc" >&2 || fail "scenario $(basename "$sc")"
done

# random games, every move checked, recorded and replayed
all=gifts,christmas,inns,traders,river,abbot,dragon,tower,abbey,toy
"$carc" sim --check --games 200 --expansions toy --record "$work/toy.jsonl" >/dev/null 2>&1 \
    || fail "sim --expansions toy"
"$carc" sim --check --games 30 --players 3 --expansions "$all" --record "$work/all.jsonl" \
    >/dev/null 2>&1 || fail "sim --expansions $all"
for r in toy all; do
    "$carc" replay "$work/$r.jsonl" >"$work/out" 2>&1 || { cat "$work/out" >&2; fail "replay $r"; }
done
grep -q '"torch road:[NESW]"' "$work/toy.jsonl" || fail "no game put a torch on a road"
grep -q '"expansions":"toy"' "$work/toy.jsonl" || fail "the records do not name the expansion"

# the catalogue and the protocol
"$carc" tiles --expansions toy | grep -q 'TY/CRCR' || fail "carc tiles does not list TY/CRCR"
printf 'new expansions=toy seed=3\nstate\n' | "$carc" engine >"$work/engine" 2>&1
sed -n 2p "$work/engine" | grep -q '"torch":1' || fail "the state JSON counts no torch: $(cat "$work/engine")"
printf 'new expansions=toy,bogus\n' | "$carc" engine | grep -q '^?' \
    || fail "an unknown expansion beside toy is accepted"

# the terminal game: the guide, the supply, a whole game, its record
# shellcheck source=tests/cli/play/game.sh
play_dir=$src/tests/cli/play
. "$play_dir/game.sh"
trap 'cleanup; rm -rf "$work"' EXIT  # lib.sh's tmux server and directory, and ours
start g 120 40 --players human,greedy --expansions toy --seed 1
wait_for g 'Your decision: ' 30 || fail "no decision on the first screen"
settle g
panel | grep -q '^>0 you  *7 T' || fail "the supply table does not show the torch (T)"
help_open g
guide_open g
guide_find g 5 'a completed road with your torch pays you one more point per tile'
help_close g 'Your decision: '
look() { :; }
decide() { return 1; }
play_out g 120
save_record g carc-1.json  # saved, replayed whole
echo "expansion_module_toy: the toy expansion plays, records, replays and explains itself"
