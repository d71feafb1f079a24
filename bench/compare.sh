#!/bin/sh
# bench/compare.sh OLD NEW [RUNS] [EXPANSIONS] [GAMES] - timed figures of two carc
# binaries side by side: runs `carc bench --games GAMES --expansions EXPANSIONS`
# alternately with OLD and NEW, RUNS times each (default 5, base, 20000), so both
# see the same machine load, and prints for random_games_per_s,
# mcts_iterations_per_s and copy_ns the median of each binary and the median of
# the per-round ratios NEW/OLD. Then, as a figure less sensitive to other load on
# the machine, the user CPU seconds of `carc sim --games GAMES` (the same games,
# nothing timed inside), alternated the same way, and their median ratio
# OLD/NEW (a speed-up). Build the old binary from the commit to compare
# with, e.g. `git worktree add /tmp/old COMMIT && make -C /tmp/old`.
set -u
[ $# -ge 2 ] || { echo "usage: bench/compare.sh OLD NEW [RUNS] [EXPANSIONS] [GAMES]" >&2; exit 2; }
old=$1 new=$2 runs=${3:-5} exp=${4:-base} games=${5:-20000}
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
i=0
while [ "$i" -lt "$runs" ]; do
    "$old" bench --games "$games" --expansions "$exp" >"$dir/old.$i" || exit 1
    "$new" bench --games "$games" --expansions "$exp" >"$dir/new.$i" || exit 1
    i=$((i + 1))
done
i=0
while [ "$i" -lt "$runs" ]; do
    for which in old new; do
        eval "bin=\$$which"
        /usr/bin/time -f %U -o "$dir/cpu.$which.$i" "$bin" sim --games "$games" --expansions "$exp" \
            >/dev/null || exit 1
    done
    i=$((i + 1))
done
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "expansions $exp, $runs runs of $games games each, alternating"
for fig in random_games_per_s mcts_iterations_per_s copy_ns state_bytes; do
    i=0
    : >"$dir/o" ; : >"$dir/n" ; : >"$dir/r"
    while [ "$i" -lt "$runs" ]; do
        o=$(sed -n "s/^$fig: //p" "$dir/old.$i") n=$(sed -n "s/^$fig: //p" "$dir/new.$i")
        echo "$o" >>"$dir/o"; echo "$n" >>"$dir/n"
        awk "BEGIN { print $n / $o }" >>"$dir/r"
        i=$((i + 1))
    done
    printf '%-22s old %12s  new %12s  ratio %s\n' "$fig" "$(median <"$dir/o")" "$(median <"$dir/n")" \
        "$(median <"$dir/r" | awk '{ printf "%.2f", $1 }')"
done
i=0
: >"$dir/o" ; : >"$dir/n" ; : >"$dir/r"
while [ "$i" -lt "$runs" ]; do
    o=$(cat "$dir/cpu.old.$i") n=$(cat "$dir/cpu.new.$i")
    echo "$o" >>"$dir/o"; echo "$n" >>"$dir/n"
    awk "BEGIN { print ($n > 0 ? $o / $n : 0) }" >>"$dir/r"
    i=$((i + 1))
done
printf '%-22s old %12s  new %12s  speed-up %s\n' "sim_cpu_seconds" "$(median <"$dir/o")" \
    "$(median <"$dir/n")" "$(median <"$dir/r" | awk '{ printf "%.2f", $1 }')"
