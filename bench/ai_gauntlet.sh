#!/bin/sh
# bench/ai_gauntlet.sh [options] - the computer player's strength in every expansion
# set in one run (docs/AI.md, measuring): for each set and each opponent,
# `carc arena --players PLAYER,OPPONENT --paired` (every seed played twice, the seats
# swapped), and one table row: games, PLAYER's score with its 95% interval and won/shared/lost, the mean
# score difference, the Elo with their 95% intervals, the SPRT's verdict if asked,
# and PLAYER's iterations a decision and a second. The table goes to stdout and,
# with --write FILE, into FILE between the lines `<!-- gauntlet -->` (or the
# --block's name) and `<!-- end -->`, headed by the date, the machine and this command.
#
#   --carc PATH          the carc binary (default build/carc)
#   --player NAME        the player measured (default mcts)
#   --opponents LIST     comma-separated (default greedy,mcts-2026a)
#   --sets LIST          expansion sets separated by ';' (default the five below)
#   --iterations N       the search's fixed budget (default 1000); `own`: no budget
#                        given, the players' own (the levels easy, medium, hard); or
#   --budget-ms M        a time budget instead (depends on the machine's load)
#   --games N            games per row, even: N/2 seeds (default 100)
#   --seed S             the first seed (default 1)
#   --sprt ELO0,ELO1     stop each row once the SPRT decides (--games the most)
#   --threads T          games in parallel (default 1)
#   --write FILE         replace the table in FILE (e.g. docs/AI.md)
#   --block NAME         the block of FILE to replace: `<!-- NAME -->` ... `<!-- end -->`
#                        (default gauntlet; docs/AI.md's levels are in `levels`)
set -u
carc=build/carc player=mcts opponents=greedy,mcts-2026a games=100 seed=1 threads=1
sets="base;gifts,christmas;inns,traders;river,abbot;gifts,christmas,inns,traders,river,abbot"
budget="--iterations 1000" sprt="" write="" block=gauntlet
args="$*"
usage() { echo "usage: bench/ai_gauntlet.sh [--carc PATH] [--player NAME] [--opponents LIST] [--sets 'A;B'] [--iterations N | --budget-ms M] [--games N] [--seed S] [--sprt ELO0,ELO1] [--threads T] [--write FILE] [--block NAME]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --carc) carc=$2 ;;
    --player) player=$2 ;;
    --opponents) opponents=$2 ;;
    --sets) sets=$2 ;;
    --iterations) if [ "$2" = own ]; then budget=""; else budget="--iterations $2"; fi ;;
    --budget-ms) budget="--budget-ms $2" ;;
    --games) games=$2 ;;
    --seed) seed=$2 ;;
    --sprt) sprt="--sprt $2" ;;
    --threads) threads=$2 ;;
    --write) write=$2 ;;
    --block) block=$2 ;;
    *) usage ;;
    esac
    shift 2
done
[ -x "$carc" ] || { echo "ai_gauntlet: no carc binary at $carc (make first)" >&2; exit 2; }
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT

{
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) cores ($(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)), load average $(cut -d' ' -f1-3 /proc/loadavg) at the start, with \`bench/ai_gauntlet.sh $args\`: \`carc arena --players $player,OPPONENT --paired${budget:+ $budget} --games $games --seed $seed${sprt:+ $sprt}\` per row ($player's side; a pair is one seed played with the seats swapped)."
    echo
    echo "| set | opponent | games | $player's score (95% CI) | won/shared/lost | score difference | Elo | SPRT | iterations a decision | iterations/s |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
} >"$dir/table"
cat "$dir/table"  # then each row as it is measured: a run stopped early keeps its rows

old_ifs=$IFS
IFS=';'
for set in $sets; do
    IFS=,
    for opp in $opponents; do
        IFS=$old_ifs
        # shellcheck disable=SC2086 # $budget and $sprt are option words
        out=$("$carc" arena --players "$player,$opp" --paired $budget --games "$games" \
            --seed "$seed" --expansions "$set" --threads "$threads" $sprt) \
            || { echo "ai_gauntlet: carc arena failed for $set against $opp" >&2; exit 1; }
        h2h=$(echo "$out" | grep " vs $opp: score ")
        n=$(echo "$out" | sed -n 's/^games: \([0-9]*\),.*/\1/p')
        score=$(echo "$h2h" | sed -n 's/.*: score \([0-9.]*%\) .*/\1/p')
        ci=$(echo "$h2h" | sed -n 's/.*: score [0-9.]*% (95% CI \([0-9.]*%\) to \([0-9.]*%\);.*/\1 to \2/p')
        wsl=$(echo "$h2h" | sed -n 's/.* \([0-9]*\) won, \([0-9]*\) shared, \([0-9]*\) lost).*/\1\/\2\/\3/p')
        diff=$(echo "$h2h" | sed -n 's/.*score difference \([^ ]*\) (95% CI \([^ ]*\) to \([^)]*\)).*/\1 (\2 to \3)/p')
        elo=$(echo "$h2h" | sed -n 's/.*Elo \([^ ]*\) (95% CI \([^ ]*\) to \([^)]*\))$/\1 (\2 to \3)/p')
        verdict=$(echo "$out" | sed -n 's/^sprt: .*, \([^,]*\)$/\1/p')
        speed=$(echo "$out" | grep "^$player: [0-9]* iterations a decision")
        per=$(echo "$speed" | sed -n 's/^[^:]*: \([0-9]*\) iterations a decision.*/\1/p')
        rate=$(echo "$speed" | sed -n 's/.* searched, \([0-9]*\) iterations per second$/\1/p')
        echo "| $set | $opp | $n | $score ($ci) | $wsl | $diff | $elo | ${verdict:--} | ${per:--} | ${rate:--} |" \
            | tee -a "$dir/table"
        IFS=,
    done
    IFS=';'
done
IFS=$old_ifs

if [ -n "$write" ]; then
    grep -q "^<!-- $block -->\$" "$write" && grep -q '^<!-- end -->$' "$write" \
        || { echo "ai_gauntlet: $write has no <!-- $block --> ... <!-- end --> block" >&2; exit 1; }
    awk -v table="$dir/table" -v start="<!-- $block -->" '
        $0 == start { print; while ((getline line < table) > 0) print line; skip = 1; next }
        skip && /^<!-- end -->$/ { skip = 0 }
        !skip { print }' "$write" >"$dir/doc" && cat "$dir/doc" >"$write"
fi
