#!/bin/sh
# Every wrong option or out-of-range value gives one line "carc CMD: ..." on stderr,
# nothing on stdout, and exit code 2; every subcommand has --help.
set -u
carc=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_usage PREFIX ARGS...: exit 2, no stdout, one stderr line starting with PREFIX
expect_usage() {
    prefix=$1
    shift
    "$carc" "$@" >"$dir/out" 2>"$dir/err" </dev/null
    rc=$?
    [ $rc -eq 2 ] || fail "carc $*: exit $rc, expected 2"
    [ -s "$dir/out" ] && fail "carc $*: wrote to stdout"
    [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "carc $*: expected one line on stderr, got: $(cat "$dir/err")"
    case $(cat "$dir/err") in
    "$prefix"*) ;;
    *) fail "carc $*: stderr '$(cat "$dir/err")' does not start with '$prefix'" ;;
    esac
}

expect_usage "carc sim: --players must be 2..5 (6 with inns), got 7" sim --players 7
expect_usage "carc sim: --players must be 2..5 (6 with inns), got 6" sim --players 6 --expansions gifts
expect_usage "carc sim: --players must be 2..5 (6 with inns), got 7" sim --expansions inns --players 7
expect_usage "carc sim: --expansions: unknown expansion \"snow\" in \"inns,snow\" (want base, gifts, christmas, inns, traders, river, abbot, dragon, tower, abbey)" \
    sim --expansions inns,snow
expect_usage "carc sim: --games must be 1..100000000, got 0" sim --games 0
expect_usage "carc sim: --games must be" sim --games 12x
expect_usage "carc sim: --seed must be an integer" sim --seed -1
expect_usage "carc sim: --expansions: " sim --expansions snow
expect_usage "carc sim: unknown option '--bogus'" sim --bogus
expect_usage "carc sim: option '--games' needs a value" sim --games
expect_usage "carc sim: unexpected argument 'extra'" sim extra
expect_usage "carc demo: --players must be 2..5 (6 with inns), got 1" demo --players 1
expect_usage "carc demo: --players must be 2..5 (6 with inns), got 6" demo --players 6 --expansions traders
expect_usage "carc demo: --seed must be an integer" demo --seed abc
expect_usage "carc demo: unknown option '-x'" demo -x
expect_usage "carc tiles: unknown option '--yaml'" tiles --yaml
expect_usage "carc tiles: unexpected argument 'A'" tiles A
expect_usage "carc replay: missing FILE" replay
expect_usage "carc replay: unexpected argument" replay a b
expect_usage "carc engine: unknown option '--port'" engine --port 1
expect_usage "carc bench: give --games or --seconds, not both" bench --games 1 --seconds 1
expect_usage "carc bench: --seconds must be" bench --seconds 0
expect_usage "carc bench: --games must be 1..100000000, got -5" bench --games -5
expect_usage "carc: unknown command 'nosuch'" nosuch

# seeds: 0..2^63-1 everywhere (what a record can hold), and a run's seeds may not wrap
big=9223372036854775808
for cmd in sim demo play; do
    expect_usage "carc $cmd: --seed must be an integer 0..9223372036854775807, got $big" $cmd --seed $big
    expect_usage "carc $cmd: --seed must be an integer 0..9223372036854775807, got 18446744073709551615" \
        $cmd --seed 18446744073709551615
    expect_usage "carc $cmd: --seed must be an integer" $cmd --seed +5
    expect_usage "carc $cmd: --seed must be an integer" $cmd --seed " 5"
done
expect_usage "carc arena: --seed must be an integer 0..9223372036854775807, got $big" \
    arena --players greedy,random --seed $big
expect_usage "carc sim: --seed 9223372036854775807 with --games 2 runs past the largest seed" \
    sim --seed 9223372036854775807 --games 2
expect_usage "carc arena: --seed 9223372036854775806 with --games 3 runs past the largest seed" \
    arena --players greedy,random --games 3 --seed 9223372036854775806
"$carc" sim --seed 9223372036854775806 --games 2 --record "$dir/max.jsonl" >/dev/null \
    || fail "sim with the largest seeds exited $?"
"$carc" replay "$dir/max.jsonl" >/dev/null || fail "records with the largest seeds do not replay"
"$carc" demo --seed 9223372036854775807 >/dev/null || fail "demo with the largest seed"
# empty list entries
expect_usage "carc arena: --players: empty entry in 'random,,greedy'" arena --players random,,greedy
expect_usage "carc arena: --players: empty entry in ',random,greedy'" arena --players ,random,greedy
expect_usage "carc arena: --players: empty entry in 'random,greedy,'" arena --players random,greedy,
expect_usage "carc play: --players: empty entry in 'random,,greedy'" play --players random,,greedy --headless
for cmd in sim demo bench play; do
    expect_usage "carc $cmd: --expansions: empty expansion list" $cmd --expansions ""
    expect_usage "carc $cmd: --expansions: empty entry in expansion list \"gifts,,christmas\"" \
        $cmd --expansions gifts,,christmas
done
expect_usage "carc arena: --expansions: empty entry" arena --players greedy,random --expansions gifts,
# The River and The Abbot: the names are taken by every command, a misspelt or repeated one
# is one clear line, and they bring no sixth seat
for cmd in sim demo bench play tiles; do
    expect_usage "carc $cmd: --expansions: unknown expansion \"abbott\" in \"river,abbott\" (want base, gifts, christmas, inns, traders, river, abbot, dragon, tower, abbey)" \
        $cmd --expansions river,abbott
    expect_usage "carc $cmd: --expansions: expansion \"river\" named twice in \"river,abbot,river\"" \
        $cmd --expansions river,abbot,river
done
expect_usage "carc arena: --expansions: unknown expansion \"rivers\"" arena --players greedy,random --expansions rivers
expect_usage "carc sim: --players must be 2..5 (6 with inns), got 6" sim --players 6 --expansions gifts,christmas,traders,river,abbot
expect_usage "carc demo: --players must be 2..5 (6 with inns), got 6" demo --players 6 --expansions river,abbot
# echoed input is clipped to 64 bytes and control bytes are escaped, on one line
long=$(head -c 5000 /dev/zero | tr '\0' 7)
expect_usage "carc sim: --games must be 1..100000000, got $(echo "$long" | cut -c1-64)..." sim --games "$long"
[ "$(wc -c <"$dir/err")" -lt 200 ] || fail "a 5000-byte value echoed whole"
expect_usage "carc demo: unexpected argument '$(echo "$long" | cut -c1-64)...'" demo "$long"
expect_usage "carc tiles: unknown option '--$(echo "$long" | cut -c1-62)...'" tiles "--$long"
expect_usage "carc sim: --players must be 2..5 (6 with inns), got 2\\x0a3\\x1b[0m" sim --players "$(printf '2\n3\033[0m')"

"$carc" >/dev/null 2>&1
[ $? -eq 2 ] || fail "carc without a command should exit 2"

for cmd in demo tiles sim replay engine bench arena; do
    "$carc" $cmd --help >"$dir/out" 2>"$dir/err" || fail "carc $cmd --help exited $?"
    grep -q "^usage: carc $cmd" "$dir/out" || fail "carc $cmd --help: no usage line"
    [ -s "$dir/err" ] && fail "carc $cmd --help wrote to stderr"
done
# carc arena
expect_usage "carc arena: --players is required" arena
expect_usage "carc arena: --players takes 2..5 players (6 with inns), got 1" arena --players greedy
expect_usage "carc arena: --players takes 2..5 players (6 with inns), got 6" arena --players random,random,random,random,random,random
expect_usage "carc arena: --players takes 2..5 players (6 with inns)" arena --players random,random,random,random,random,random,random --expansions inns
expect_usage "carc arena: --players: unknown player 'robot'" arena --players greedy,robot
expect_usage "carc arena: --budget-ms must be 1..600000, got 0" arena --players greedy,random --budget-ms 0
expect_usage "carc arena: --threads must be 1..64, got 99" arena --players greedy,random --threads 99
expect_usage "carc arena: --iterations must be 1..10000000, got 0" arena --players mcts,greedy --iterations 0
expect_usage "carc arena: give --budget-ms or --iterations, not both" arena --players mcts,greedy --iterations 5 --budget-ms 5
expect_usage "carc arena: --paired plays every seed 2 times: --games must be a multiple of 2, got 5" arena --players mcts,greedy --paired --games 5
expect_usage "carc arena: --paired plays every seed 3 times: --games must be a multiple of 3, got 4" arena --players mcts,greedy,random --paired --games 4
expect_usage "carc arena: --sprt takes two Elo differences ELO0,ELO1, e.g. --sprt 0,50" arena --players mcts,greedy --sprt 10
expect_usage "carc arena: --sprt takes two Elo differences ELO0,ELO1" arena --players mcts,greedy --sprt 0,10,20
expect_usage "carc arena: --sprt: empty entry in '0,'" arena --players mcts,greedy --sprt 0,
expect_usage "carc arena: --sprt's ELO1 must be a number above -2000 and below 2000, got 'ten'" arena --players mcts,greedy --sprt 0,ten
expect_usage "carc arena: --sprt: ELO0 must be below ELO1, got 50,0" arena --players mcts,greedy --sprt 50,0
expect_usage "carc arena: --sprt needs two players, got 3" arena --players mcts,greedy,random --sprt 0,50
expect_usage "carc arena: --alpha must be a number above 0 and below 0.5, got '0.5'" arena --players mcts,greedy --sprt 0,50 --alpha 0.5
expect_usage "carc arena: --beta must be a number above 0 and below 0.5, got 'x'" arena --players mcts,greedy --sprt 0,50 --beta x
expect_usage "carc arena: --alpha and --beta are the errors of --sprt, which is missing" arena --players mcts,greedy --beta 0.1
expect_usage "carc arena: --seed 9223372036854775806 with --games 9 --paired (3 seeds) runs past the largest seed" \
    arena --players greedy,random,random --games 9 --paired --seed 9223372036854775806
# carc play (the terminal game)
expect_usage "carc play: --players takes 2..5 players (6 with inns), got 1" play --players human
expect_usage "carc play: --players: unknown player 'robot'" play --players human,robot
expect_usage "carc play: --players takes 2..5 players (6 with inns), got 6" play --players human,random,random,random,random,random
expect_usage "carc play: --players takes 2..5 players (6 with inns)" play --players human,random,random,random,random,random,random --expansions inns
expect_usage "carc play: --budget-ms must be 1..600000, got 0" play --budget-ms 0
expect_usage "carc play: --seed must be an integer" play --seed x
expect_usage "carc play: --expansions: " play --expansions snow
expect_usage "carc play: unknown option '--bogus'" play --bogus
expect_usage "carc play: --headless needs computer seats only" play --players human,random --headless
expect_usage "carc play: needs a terminal" play --players human,random
"$carc" play --help >"$dir/out" 2>&1 || fail "play --help exited $?"
grep -q '^usage: carc play' "$dir/out" || fail "play --help: no usage line"
"$carc" --help | grep -q '^usage: carc COMMAND' || fail "carc --help"
exit 0
