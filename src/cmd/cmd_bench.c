/*
 * cmd_bench.c - `carc bench`: speed figures of the engine on one thread, and a
 * signature that changes whenever the engine's behaviour does.
 *
 * Every figure is one line "name: value". The throughput figures come from
 * complete 2-player games between random players (game i: seed i for both the
 * game and the players), played for --seconds or for --games. The signature
 * plays the fixed set of seeds 1..SIG_GAMES and hashes the number of legal moves
 * at every decision and the final scores, so a change in legal move generation,
 * move order, chance or scoring shows there. Benchmarks never pass or fail.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>

#include "carc_ai.h"
#include "cmd.h"

enum { SIG_GAMES = 100 };

static const char bench_usage[] =
    "usage: carc bench [--seconds T | --games N] [--expansions LIST] [--full-list]\n"
    "\n"
    "Prints, one per line as 'name: value':\n"
    "  games, moves, seconds   what the timed run played\n"
    "  random_games_per_s      complete random 2-player games per second\n"
    "  moves_per_s             carc_apply calls per second in those games\n"
    "  state_bytes             carc_state_size()\n"
    "  copy_bytes              bytes carc_copy moves for the game copy_ns copies\n"
    "                          (carc_copy_bytes: the part of the state it uses)\n"
    "  copy_ns                 nanoseconds per carc_copy of seed 1 after 60 decisions\n"
    "  mcts_iterations_per_s   ISMCTS iterations per second, from the first decision\n"
    "                          of seed 1 (2000 iterations)\n"
    "  signature               turns, moves and a hash over seeds 1..100; it changes\n"
    "                          when the engine's behaviour changes\n"
    "\n"
    "  --seconds T             play for about T seconds (default 2)\n"
    "  --games N               play exactly N games instead, 1..100000000\n"
    "  --expansions LIST       base, or any of gifts,christmas,inns,traders,\n"
    "                          river,abbot,dragon,tower,abbey, comma-separated (default base)\n"
    "  --full-list             the random players take their moves from carc_legal's\n"
    "                          whole list at every decision, instead of counting the\n"
    "                          moves and writing only the one drawn (carc_legal_pick):\n"
    "                          the same games, at the cost of writing every list\n"
    "  --help                  this text\n";

/* ISMCTS iterations per second on the first placement of seed 1, searched from
 * seat 0's view; -1 on failure. */
static double mcts_rate(const carc_config *base)
{
    enum { ITERATIONS = 2000 };
    carc_config cfg = *base;
    carc_ai_options opt;
    carc_error err;
    carc_move m;
    cfg.seed = 1;
    carc_ai_options_init(&opt);
    opt.budget_ms = 0;
    opt.iterations = ITERATIONS;
    carc_game *g = carc_new(&cfg, &err);
    carc_game *view = g ? carc_clone(g) : NULL;
    carc_player *p = carc_player_new("mcts", &opt, &err);
    double rate = -1;
    if (g && view && p) {
        carc_view(g, carc_pending_decision(g).seat, view);
        double t0 = cli_now();
        if (p->choose(p, view, &m, NULL, 0) == CARC_OK)
            rate = ITERATIONS / (cli_now() - t0);
    }
    carc_player_free(p);
    carc_free(view);
    carc_free(g);
    return rate;
}

/* Plays one seeded game to the end into res; returns 0, or 1 after reporting. */
static int bench_game(carc_config *cfg, uint64_t seed, carc_playout *rp, carc_playout_result *res)
{
    carc_error err = {0, ""};
    carc_game *g;
    int rc;
    cfg->seed = seed;
    if (!(g = carc_new(cfg, &err))) {
        cli_error("bench", "seed %" PRIu64 ": %s", seed, err.msg);
        return 1;
    }
    rp->rng = seed;
    rc = carc_playout_game(g, rp, NULL, NULL, 0, res, &err);
    if (rc != CARC_OK)
        cli_error("bench", "seed %" PRIu64 ", turn %d: %s", seed, carc_turn(g), err.msg);
    carc_free(g);
    return rc != CARC_OK;
}

/* Nanoseconds per carc_copy, timed over enough copies to last about 0.1 s, and in
 * *bytes what each copy moves (carc_copy_bytes). */
static double copy_ns(carc_config *cfg, carc_playout *rp, size_t *bytes)
{
    carc_error err = {0, ""};
    carc_game *a, *b;
    carc_move m;
    long iters = 1024, i;
    double t0, dt;
    int k;

    cfg->seed = 1;
    if (!(a = carc_new(cfg, &err)))
        return -1;
    /* copy a game in the middle of play, not a fresh one */
    for (k = 0; k < 60 && carc_playout_pick(rp, a, &m); k++)
        carc_apply(a, &m, NULL);
    if (!(b = carc_clone(a))) {
        carc_free(a);
        return -1;
    }
    *bytes = carc_copy_bytes(a);
    for (;;) {
        t0 = cli_now();
        for (i = 0; i < iters; i++)
            carc_copy((i & 1) ? a : b, (i & 1) ? b : a);
        dt = cli_now() - t0;
        if (dt >= 0.1 || iters >= (1L << 30))
            break;
        iters *= 2;
    }
    carc_free(a);
    carc_free(b);
    return dt * 1e9 / (double)iters;
}

int cmd_bench(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"games", required_argument, NULL, 'n'},
        {"seconds", required_argument, NULL, 't'},
        {"expansions", required_argument, NULL, 'e'},
        {"full-list", no_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    carc_config cfg;
    carc_playout rp;
    carc_playout_result res;
    long games = 0, played = 0, moves = 0, sig_turns = 0, sig_moves = 0;
    double seconds = 2, t0, dt, ns;
    size_t bytes = 0;
    uint64_t sig = FNV1A_INIT, seed;
    int opt, rc = 0, have_seconds = 0, full_list = 0;

    carc_config_init(&cfg);
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":n:t:e:fh", longopts, NULL)) != -1) {
        switch (opt) {
        case 'n':
            if (cli_int("bench", "--games", optarg, 1, 100000000, &games)) return EXIT_USAGE;
            break;
        case 't':
            if (cli_seconds("bench", "--seconds", optarg, 3600, &seconds)) return EXIT_USAGE;
            have_seconds = 1;
            break;
        case 'e':
            if (cli_expansions("bench", "--expansions", optarg, &cfg.expansions))
                return EXIT_USAGE;
            break;
        case 'f': full_list = 1; break;
        case 'h': fputs(bench_usage, stdout); return 0;
        default: cli_bad_option("bench", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_extra_arg("bench", argv[optind]);
        return EXIT_USAGE;
    }
    if (games && have_seconds) {
        cli_error("bench", "give --games or --seconds, not both");
        return EXIT_USAGE;
    }
    cfg.players = 2;
    if (carc_playout_init(&rp, 1)) {
        cli_error("bench", "out of memory");
        return 1;
    }
    rp.full_list = full_list;

    /* throughput */
    t0 = cli_now();
    for (seed = 1;; seed++) {
        if ((rc = bench_game(&cfg, seed, &rp, &res)))
            break;
        played++;
        moves += res.moves;
        dt = cli_now() - t0;
        if (games ? played >= games : dt >= seconds)
            break;
    }
    dt = cli_now() - t0;

    /* signature over a fixed set of seeds */
    for (seed = 1; rc == 0 && seed <= SIG_GAMES; seed++) {
        if ((rc = bench_game(&cfg, seed, &rp, &res)))
            break;
        sig_turns += res.turns;
        sig_moves += res.moves;
        sig = fnv1a(sig, &res.hash, sizeof res.hash);
    }
    if (rc == 0) {
        ns = copy_ns(&cfg, &rp, &bytes);
        printf("games: %ld\n", played);
        printf("moves: %ld\n", moves);
        printf("seconds: %.3f\n", dt);
        printf("random_games_per_s: %.1f\n", (double)played / dt);
        printf("moves_per_s: %.0f\n", (double)moves / dt);
        printf("state_bytes: %zu\n", carc_state_size());
        printf("copy_bytes: %zu\n", bytes);
        printf("copy_ns: %.1f\n", ns);
        printf("mcts_iterations_per_s: %.0f\n", mcts_rate(&cfg));
        printf("signature: games=%d turns=%ld moves=%ld hash=%016" PRIx64 "\n", SIG_GAMES,
               sig_turns, sig_moves, sig);
    }
    carc_playout_free(&rp);
    return rc;
}
