#!/bin/sh
# bench/instructions.sh [--full-list] [BUILD_DIR] [EXPANSIONS...] - instructions per complete
# random 2-player game, counted by valgrind's callgrind (the count does not depend
# on the machine's load): `carc bench --games 1500` minus `carc bench --games 500`,
# divided by 1000, so the fixed costs of a run (start-up, the signature games, the
# copy timing, the MCTS figure) cancel. Only instructions inside bench_game (one
# game: carc_new, every carc_legal and carc_apply, carc_free) are collected: the
# copy_ns loop runs until 0.1 s has passed, so its length, unlike a game's, varies
# from run to run. Default expansion sets: base and gifts,christmas.
# With --full-list the random players take every move from carc_legal's whole list
# (`carc bench --full-list`) instead of carc_legal_pick, which writes only the move
# drawn: the same games, so the figure a caller that writes every list pays.
# Run by `make bench-instructions`; prints one line per expansion set.
set -u
flags=
if [ "${1:-}" = --full-list ]; then
    flags=--full-list
    shift
fi
build=${1:-build}
[ $# -gt 0 ] && shift
[ $# -eq 0 ] && set -- base gifts,christmas
carc=$build/carc
command -v valgrind >/dev/null 2>&1 || { echo "bench-instructions: valgrind is not installed" >&2; exit 1; }
[ -x "$carc" ] || { echo "bench-instructions: no $carc (run make first)" >&2; exit 1; }
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT

# Instructions collected in bench_game for `carc bench --games N --expansions E`.
count() {
    valgrind --tool=callgrind --toggle-collect=bench_game --callgrind-out-file="$dir/out.$1.$2" \
        "$carc" bench --games "$1" --expansions "$2" $flags >"$dir/stdout.$1.$2" 2>"$dir/log.$1.$2" || {
        echo "bench-instructions: carc bench --games $1 --expansions $2 failed:" >&2
        tail -5 "$dir/log.$1.$2" >&2
        return 1
    }
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\).*/\1/p' "$dir/log.$1.$2"
}

base_per_game=
for exp in "$@"; do
    a=$(count 500 "$exp") && b=$(count 1500 "$exp") || exit 1
    [ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ] || {
        echo "bench-instructions: callgrind collected nothing in bench_game (inlined?)" >&2
        exit 1
    }
    per=$(( (b - a) / 1000 ))
    line="$exp: $per instructions per game"
    if [ "$exp" = base ]; then
        base_per_game=$per
    elif [ -n "$base_per_game" ]; then
        line="$line ($(awk "BEGIN { printf \"%.2f\", $per / $base_per_game }")x base)"
    fi
    echo "$line"
    grep '^signature' "$dir/stdout.1500.$exp"
done
