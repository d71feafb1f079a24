#!/bin/sh
# carc play with The Princess & the Dragon and The Tower on a real terminal (tmux): a
# whole game, human against greedy, the first choice taken at every decision (Enter), so
# that the human places followers until none is left and then moves the fairy. Its log
# line names the choice ("chooses: put the fairy ..."), never "discards" (a regression:
# the log's verb for the dragon's moves, the fairy's and the princess's fell to the card
# moves' default). Skips (exit 0) only when tmux is missing.
set -u
carc=$1
seed_var=CARC_DRAGON_TMUX_SEED seeds="5 6 7"
# shellcheck source-path=SCRIPTDIR source=play/game.sh
. "$(dirname "$0")/play/game.sh"

seen=0
look() {
    grep -q '(you) discards' "$dir/screen" && fail "a move of the human logged as 'discards'"
    grep -q '(you) chooses: .*fairy' "$dir/screen" && seen=1
    return 0
}
decide() { act Enter; return 0; }

start g 120 40 --players human,greedy --expansions dragon,tower --seed "$seed"
wait_for g 'Your decision: ' 30 || fail "no decision on the first screen"
settle g
play_out g 240
[ "$seen" = 1 ] || fail "the human never moved the fairy (seed $seed)"
echo "play_tmux_dragon: ok (seed $seed)"
