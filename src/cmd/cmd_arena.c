/*
 * cmd_arena.c - `carc arena`: computer players against each other, seats rotated,
 * with win rates, confidence intervals, mean scores and Elo differences; for two
 * players the head-to-head score, score difference and Elo with 95% intervals, and
 * a sequential probability ratio test that stops the match once it decides
 * (src/ai/match_stats.c; docs/AI.md, measuring).
 *
 * Game i is seeded S+i and seats player (s + i) mod P in seat s, so every player
 * sits in every seat equally often. With --paired the games come in units of P on
 * one seed: game j of unit u is seeded S+u and seats player (s + j) mod P, so each
 * player meets the same tiles from every seat and tile luck cancels. Each game is
 * played by fresh player instances seeded from (seed, seat), and each decision is
 * made from the deciding seat's view only; games run in parallel worker threads
 * (--threads), one game per thread at a time. The results are folded into the
 * totals in the order of the games, never of their ends, through a ring of
 * finished games that the workers may not run ahead of: the report, and where the
 * SPRT stops, are the same whatever the number of threads (with --iterations, the
 * same seed gives the same output).
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "carc_ai.h"
#include "cmd.h"

enum { MAX_ENTRANTS = CARC_MAX_PLAYERS, NAME_LEN = 32,
       RING = 256 };  /* finished games waiting to be folded in order */

/* One finished game, waiting in the ring to be folded into the totals. */
typedef struct arena_game {
    int done;
    int who[MAX_ENTRANTS];                /* entrant in each seat */
    double score[MAX_ENTRANTS];           /* by seat */
    unsigned winners;
    long iterations[MAX_ENTRANTS];        /* by seat: search iterations, */
    long searches[MAX_ENTRANTS];          /* decisions searched, */
    double seconds[MAX_ENTRANTS];         /* time spent choosing */
} arena_game;

typedef struct arena {
    int entrants;
    char names[MAX_ENTRANTS][NAME_LEN];   /* player kinds */
    char labels[MAX_ENTRANTS][NAME_LEN];  /* as printed: kind, or kind#k when repeated */
    long games;
    uint64_t seed;
    unsigned expansions;
    int budget_ms, iterations;            /* iterations > 0: a fixed count, no clock */
    int per_unit;                         /* games on one seed: P with --paired, else 1 */
    int use_sprt;
    carc_sprt sprt;
    /* shared, under lock */
    pthread_mutex_t lock;
    pthread_cond_t room;                  /* signalled when the ring has room again */
    long next, done;
    arena_game ring[RING];
    long folded;                          /* games folded into the totals, in order */
    int stopped;                          /* the SPRT decided: take no more games */
    double wins[MAX_ENTRANTS];
    double score_sum[MAX_ENTRANTS];
    long played[MAX_ENTRANTS];
    long iters[MAX_ENTRANTS], searches[MAX_ENTRANTS];  /* the searchers' speed */
    double seconds[MAX_ENTRANTS];
    /* two players: the first one's side, by game and by unit */
    long won, shared, lost;
    double unit_points, unit_diff;        /* of the unit being folded */
    carc_match_tally tally;
    double diff_sum, diff_sq;             /* score differences, one per unit */
    carc_sprt_state sprt_state;
    int failed;
    char error[PROTO_MSG];
    int progress;
} arena;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: carc arena --players A,B[,...] [--games N] [--seed S] [--expansions LIST]\n"
            "                  [--budget-ms M | --iterations N] [--paired]\n"
            "                  [--sprt ELO0,ELO1 [--alpha A] [--beta B]] [--threads T]\n\n"
            "Plays N games between computer players (%s), seats rotated, and prints per\n"
            "player: win rate (a victory shared by k players counts 1/k), its 95%% confidence\n"
            "interval (Wilson score), mean score and the Elo difference the win rate implies\n"
            "(counting one more game at the equal rate 1/P, so 0%% and 100%% stay finite).\n"
            "With two players, then the first one's score, mean score difference and Elo,\n"
            "each with a 95%% interval (per pair of games with --paired).\n\n"
            "  --players LIST      2..5 players (6 with inns), comma-separated\n"
            "                      (repeats allowed)\n"
            "  --games N           games to play (default 100; at most, with --sprt)\n"
            "  --seed S            game i uses seed S+i (default 1)\n"
            "  --expansions LIST   base, or any of gifts,christmas,inns,traders,\n"
            "                      river,abbot,dragon,tower,abbey, comma-separated (default base)\n"
            "  --budget-ms M       mcts time per decision in ms (default 100)\n"
            "  --iterations N      mcts iterations per decision instead of a time: the\n"
            "                      same search whatever the machine's load\n"
            "  --paired            every seed played P times, the seats rotated each\n"
            "                      time (N a multiple of P): tile luck cancels\n"
            "  --sprt ELO0,ELO1    two players: stop once a sequential probability\n"
            "                      ratio test tells Elo ELO0 from ELO1 (logistic Elo of\n"
            "                      the first player; GSPRT, pairs with --paired)\n"
            "  --alpha A, --beta B the test's errors (default 0.05 each)\n"
            "  --threads T         games played in parallel (default 1)\n"
            "  --help              this text\n",
            carc_player_names());
}

/* Folds one game's result into the per-player totals and, with two players, into
 * the first player's side: its game, and its unit once the unit is complete (the
 * tally, the score difference, the SPRT). Under the lock, games in order. */
static void fold_game(arena *a, const arena_game *r, long i)
{
    int k = __builtin_popcount(r->winners);
    double points[MAX_ENTRANTS] = {0}, score[MAX_ENTRANTS] = {0};
    for (int s = 0; s < a->entrants; s++) {
        int e = r->who[s];
        a->played[e]++;
        a->score_sum[e] += r->score[s];
        score[e] = r->score[s];
        if (r->winners & (1u << s))
            points[e] = 1.0 / k;
        a->wins[e] += points[e];
        a->iters[e] += r->iterations[s];
        a->searches[e] += r->searches[s];
        a->seconds[e] += r->seconds[s];
    }
    if (a->entrants != 2)
        return;
    if (points[0] == 1)
        a->won++;
    else if (points[0] > 0)
        a->shared++;
    else
        a->lost++;
    a->unit_points += points[0];
    a->unit_diff += score[0] - score[1];
    if ((i + 1) % a->per_unit)
        return;
    double diff = a->unit_diff / a->per_unit;
    a->tally.count[(int)lround(a->unit_points * 2)]++;
    a->diff_sum += diff;
    a->diff_sq += diff * diff;
    a->unit_points = a->unit_diff = 0;
    if (a->use_sprt && carc_sprt_check(&a->sprt, &a->tally, &a->sprt_state))
        a->stopped = 1;
}

/* Plays game i; returns 0, or -1 with a.error set. */
static int play_one(arena *a, long i)
{
    carc_config cfg;
    carc_error err;
    long unit = i / a->per_unit, turn = a->per_unit > 1 ? i % a->per_unit : i;
    carc_config_init(&cfg);
    cfg.players = a->entrants;
    cfg.seed = a->seed + (uint64_t)unit;
    cfg.expansions = a->expansions;
    carc_game *g = carc_new(&cfg, &err);
    carc_game *view = g ? carc_clone(g) : NULL;
    carc_player *seat_player[MAX_ENTRANTS] = {0};
    arena_game r = {.done = 1};
    int rc = 0;
    char msg[PROTO_MSG] = "";
    for (int s = 0; g && view && s < a->entrants; s++) {
        carc_ai_options opt;
        carc_ai_options_init(&opt);
        opt.seed = mix_seeds(cfg.seed, (uint64_t)s);
        opt.budget_ms = a->iterations > 0 ? 0 : a->budget_ms;
        if (a->iterations > 0)
            opt.iterations = a->iterations;
        r.who[s] = (int)((s + turn) % a->entrants);
        seat_player[s] = carc_player_new(a->names[r.who[s]], &opt, &err);
        if (!seat_player[s])
            rc = -1;
    }
    if (!g || !view || rc) {
        snprintf(msg, sizeof msg, "game %ld: %s", i, err.msg);
        rc = -1;
    }
    while (rc == 0 && !carc_is_over(g)) {
        carc_pending p = carc_pending_decision(g);
        carc_move m;
        carc_player *who = seat_player[p.seat];
        long before = who->iterations;
        double t0 = cli_now();
        carc_view(g, p.seat, view);
        int chose = carc_player_choose(who, view, &m, NULL, 0);
        r.seconds[p.seat] += cli_now() - t0;
        r.searches[p.seat] += who->iterations > before;
        if (chose != CARC_OK || carc_apply(g, &m, &err) != CARC_OK) {
            snprintf(msg, sizeof msg, "game %ld: %s chose an illegal move: %s", i,
                     a->labels[r.who[p.seat]], err.msg);
            rc = -1;
        }
    }
    if (rc == 0) {
        r.winners = carc_winners(g);
        for (int s = 0; s < a->entrants; s++) {
            r.score[s] = carc_score(g, s);
            r.iterations[s] = seat_player[s]->iterations;
        }
    }
    pthread_mutex_lock(&a->lock);
    if (rc == 0) {
        a->ring[i % RING] = r;
        for (arena_game *f; !a->stopped && (f = &a->ring[a->folded % RING])->done;
             a->folded++) {
            fold_game(a, f, a->folded);
            f->done = 0;
        }
        pthread_cond_broadcast(&a->room);
    } else if (!a->failed) {
        a->failed = 1;
        snprintf(a->error, sizeof a->error, "%s", msg);
        pthread_cond_broadcast(&a->room);
    }
    a->done++;
    if (a->progress) {
        fprintf(stderr, "\r[%-40.*s] %ld/%ld", (int)(40 * a->done / a->games),
                "========================================", a->done, a->games);
        fflush(stderr);
    }
    pthread_mutex_unlock(&a->lock);
    for (int s = 0; s < a->entrants; s++)
        carc_player_free(seat_player[s]);
    carc_free(view);
    carc_free(g);
    return rc;
}

static void *worker(void *arg)
{
    arena *a = arg;
    for (;;) {
        pthread_mutex_lock(&a->lock);
        while (!a->failed && !a->stopped && a->next - a->folded >= RING)
            pthread_cond_wait(&a->room, &a->lock);  /* a slow game holds the fold */
        long i = a->failed || a->stopped ? a->games : a->next++;
        pthread_mutex_unlock(&a->lock);
        if (i >= a->games)
            return NULL;
        play_one(a, i);
    }
}

static int parse_players(arena *a, const char *list)
{
    char buf[256], *items[MAX_ENTRANTS];
    int n = cli_list("arena", "--players", list, buf, sizeof buf, items, MAX_ENTRANTS);
    if (n < 0)
        return -1;
    if (n > MAX_ENTRANTS) {
        cli_error("arena", "--players takes %d..%d players (%d with inns)", CARC_MIN_PLAYERS,
                  CARC_MAX_PLAYERS - 1, CARC_MAX_PLAYERS);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        carc_error err;
        carc_ai_options opt;
        carc_ai_options_init(&opt);
        carc_player *p = carc_player_new(items[i], &opt, &err);
        if (!p) {
            cli_error("arena", "--players: %s", err.msg);
            return -1;
        }
        carc_player_free(p);
        snprintf(a->names[i], NAME_LEN, "%s", items[i]);
    }
    a->entrants = n;  /* 2..5, or 6 with inns: checked once the expansions are known */
    for (int i = 0; i < a->entrants; i++) {
        int same = 0, nth = 0;
        for (int j = 0; j < a->entrants; j++)
            if (!strcmp(a->names[i], a->names[j])) {
                same++;
                if (j <= i)
                    nth++;
            }
        if (same > 1)
            snprintf(a->labels[i], NAME_LEN, "%.24s#%d", a->names[i], nth % 10);
        else
            snprintf(a->labels[i], NAME_LEN, "%s", a->names[i]);
    }
    return 0;
}

/* "+12.3" or "+inf": a bound that the normal approximation puts past a score of 0
 * or 1 is printed as infinite. */
static const char *arena_elo_text(double elo, char *buf, size_t size)
{
    if (isinf(elo))
        snprintf(buf, size, "%cinf", elo > 0 ? '+' : '-');
    else
        snprintf(buf, size, "%+.0f", elo);
    return buf;
}

/* Two players: the first one's games, score difference, Elo and the SPRT. */
static void report_pair(const arena *a)
{
    long units = carc_tally_units(&a->tally);
    carc_elo_estimate e;
    double mean, half;
    char lo[16], hi[16], elo[16];
    if (carc_match_elo(&a->tally, &e) < 0)
        return;
    carc_mean_interval(a->diff_sum, a->diff_sq, units, &mean, &half);
    double games = (double)(a->won + a->shared + a->lost);
    /* the score's interval is the Elo's mapped back: the same units (pairs with --paired) */
    printf("%s vs %s: score %.1f%% (95%% CI %.1f%% to %.1f%%; %ld won, %ld shared, %ld lost), "
           "score difference %+.1f (95%% CI %+.1f to %+.1f), Elo %s (95%% CI %s to %s)\n",
           a->labels[0], a->labels[1], 100 * (a->won + 0.5 * a->shared) / games,
           100 * carc_elo_score(e.elo_lo), 100 * carc_elo_score(e.elo_hi), a->won, a->shared, a->lost, mean,
           mean - half, mean + half, arena_elo_text(e.elo, elo, sizeof elo),
           arena_elo_text(e.elo_lo, lo, sizeof lo), arena_elo_text(e.elo_hi, hi, sizeof hi));
    if (a->tally.paired)
        printf("pairs: %ld, by %s's points 0, 1/2, 1, 3/2, 2: %ld %ld %ld %ld %ld\n", units,
               a->labels[0], a->tally.count[0], a->tally.count[1], a->tally.count[2],
               a->tally.count[3], a->tally.count[4]);
    if (a->use_sprt) {
        const carc_sprt_state *st = &a->sprt_state;
        printf("sprt: Elo %g against %g (alpha %g, beta %g): LLR %.2f (bounds %.2f, %.2f), %s\n",
               a->sprt.elo0, a->sprt.elo1, a->sprt.alpha, a->sprt.beta, st->llr, st->lower,
               st->upper,
               st->decision > 0   ? "H1 accepted"
               : st->decision < 0 ? "H0 accepted"
                                  : "no decision");
    }
}

static void report(const arena *a)
{
    for (int i = 0; i < a->entrants; i++) {
        double n = (double)a->played[i], lo, hi;
        double p = n > 0 ? a->wins[i] / n : 0;
        carc_wilson(p, n, &lo, &hi);
        printf("%s: win %.1f%% (95%% CI %.1f-%.1f%%), mean score %.1f, Elo %+.0f\n", a->labels[i],
               100 * p, 100 * lo, 100 * hi, n > 0 ? a->score_sum[i] / n : 0.0,
               carc_share_elo(a->wins[i], n, a->entrants));
    }
    if (a->entrants == 2)
        report_pair(a);
    /* the searchers' speed, the one line that depends on the machine */
    for (int i = 0; i < a->entrants; i++)
        if (a->iters[i] > 0)
            printf("%s: %.0f iterations a decision searched, %.0f iterations per second\n",
                   a->labels[i], (double)a->iters[i] / (double)a->searches[i],
                   (double)a->iters[i] / fmax(a->seconds[i], 1e-9));
    char names[CARC_EXPANSIONS_NAME_SIZE];
    printf("games: %ld, expansions: %s\n", a->folded,
           carc_expansions_name(a->expansions, names, sizeof names));
}

/* A number lo < x < hi for option `name`: 0, or -1 after a one-line message. */
static int arena_number(const char *name, const char *text, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !(v > lo && v < hi)) {
        char echo[CLIP_ECHO_SIZE];
        cli_error("arena", "%s must be a number above %g and below %g, got '%s'", name, lo, hi,
                  clip_text(text, CLIP_ECHO, echo, sizeof echo));
        return -1;
    }
    *out = v;
    return 0;
}

/* --sprt ELO0,ELO1: two Elo differences, ELO0 below ELO1. */
static int arena_sprt_bounds(arena *a, const char *text)
{
    char buf[64], *items[2];
    int n = cli_list("arena", "--sprt", text, buf, sizeof buf, items, 2);
    if (n < 0)
        return -1;
    if (n != 2) {
        cli_error("arena", "--sprt takes two Elo differences ELO0,ELO1, e.g. --sprt 0,50");
        return -1;
    }
    if (arena_number("--sprt's ELO0", items[0], -2000, 2000, &a->sprt.elo0) < 0 ||
        arena_number("--sprt's ELO1", items[1], -2000, 2000, &a->sprt.elo1) < 0)
        return -1;
    if (!(a->sprt.elo0 < a->sprt.elo1)) {
        cli_error("arena", "--sprt: ELO0 must be below ELO1, got %g,%g", a->sprt.elo0,
                  a->sprt.elo1);
        return -1;
    }
    a->use_sprt = 1;
    return 0;
}

/* The options that only make sense together, once all are read: EXIT_USAGE after a
 * one-line message, or 0 (the games' units and the seeds they use set). */
static int arena_check(arena *a, int paired, int have_budget, int have_errors)
{
    if (have_budget && a->iterations) {
        cli_error("arena", "give --budget-ms or --iterations, not both");
        return EXIT_USAGE;
    }
    if (have_errors && !a->use_sprt) {
        cli_error("arena", "--alpha and --beta are the errors of --sprt, which is missing");
        return EXIT_USAGE;
    }
    if (a->use_sprt && a->entrants != 2) {
        cli_error("arena", "--sprt needs two players, got %d", a->entrants);
        return EXIT_USAGE;
    }
    a->per_unit = paired ? a->entrants : 1;
    a->tally.paired = paired && a->entrants == 2;
    if (a->games % a->per_unit) {
        cli_error("arena", "--paired plays every seed %d times: --games must be a multiple of %d, "
                  "got %ld", a->per_unit, a->per_unit, a->games);
        return EXIT_USAGE;
    }
    long seeds = a->games / a->per_unit;
    if (paired && a->seed > PROTO_SEED_MAX - (uint64_t)(seeds - 1)) {
        cli_error("arena", "--seed %" PRIu64 " with --games %ld --paired (%ld seeds) runs past "
                  "the largest seed %" PRIu64, a->seed, a->games, seeds, PROTO_SEED_MAX);
        return EXIT_USAGE;
    }
    if (cli_seed_range("arena", a->seed, seeds) < 0)
        return EXIT_USAGE;
    return 0;
}

int cmd_arena(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"players", required_argument, NULL, 'p'},  {"games", required_argument, NULL, 'g'},
        {"seed", required_argument, NULL, 's'},     {"expansions", required_argument, NULL, 'e'},
        {"budget-ms", required_argument, NULL, 'b'}, {"threads", required_argument, NULL, 't'},
        {"iterations", required_argument, NULL, 'i'}, {"paired", no_argument, NULL, 'P'},
        {"sprt", required_argument, NULL, 'S'},     {"alpha", required_argument, NULL, 'A'},
        {"beta", required_argument, NULL, 'B'},     {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    arena *a = calloc(1, sizeof *a);
    long v, threads = 1;
    int c, have_players = 0, have_budget = 0, have_errors = 0, paired = 0, rc = 0;
    if (!a)
        return 1;
    a->games = 100;
    a->seed = 1;
    a->budget_ms = 100;
    a->sprt.alpha = a->sprt.beta = 0.05;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case 'p':
            if (parse_players(a, optarg) < 0)
                rc = EXIT_USAGE;
            have_players = 1;
            break;
        case 'g':
            if (cli_int("arena", "--games", optarg, 1, 10000000, &v) < 0)
                rc = EXIT_USAGE;
            a->games = v;
            break;
        case 's':
            if (cli_seed("arena", "--seed", optarg, &a->seed) < 0)
                rc = EXIT_USAGE;
            break;
        case 'e':
            if (cli_expansions("arena", "--expansions", optarg, &a->expansions) < 0)
                rc = EXIT_USAGE;
            break;
        case 'b':
            if (cli_int("arena", "--budget-ms", optarg, 1, 600000, &v) < 0)
                rc = EXIT_USAGE;
            a->budget_ms = (int)v;
            have_budget = 1;
            break;
        case 'i':
            if (cli_int("arena", "--iterations", optarg, 1, 10000000, &v) < 0)
                rc = EXIT_USAGE;
            a->iterations = (int)v;
            break;
        case 'P':
            paired = 1;
            break;
        case 'S':
            if (arena_sprt_bounds(a, optarg) < 0)
                rc = EXIT_USAGE;
            break;
        case 'A':
            if (arena_number("--alpha", optarg, 0, 0.5, &a->sprt.alpha) < 0)
                rc = EXIT_USAGE;
            have_errors = 1;
            break;
        case 'B':
            if (arena_number("--beta", optarg, 0, 0.5, &a->sprt.beta) < 0)
                rc = EXIT_USAGE;
            have_errors = 1;
            break;
        case 't':
            if (cli_int("arena", "--threads", optarg, 1, 64, &threads) < 0)
                rc = EXIT_USAGE;
            break;
        case 'h':
            usage(stdout);
            free(a);
            return 0;
        default:
            cli_bad_option("arena", c, argv);
            rc = EXIT_USAGE;
        }
        if (rc)
            break;
    }
    if (!rc && optind < argc) {
        cli_extra_arg("arena", argv[optind]);
        rc = EXIT_USAGE;
    }
    if (!rc && !have_players) {
        cli_error("arena", "--players is required, e.g. --players greedy,random");
        rc = EXIT_USAGE;
    }
    if (!rc && cli_players_count("arena", "--players", a->entrants, a->expansions) < 0)
        rc = EXIT_USAGE;
    if (!rc)
        rc = arena_check(a, paired, have_budget, have_errors);
    if (rc) {
        free(a);
        return rc;
    }
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->room, NULL);
    a->progress = isatty(STDERR_FILENO);
    if (a->progress) {  /* the bar at once: the first game may take a while */
        fprintf(stderr, "\r[%-40s] 0/%ld", "", a->games);
        fflush(stderr);
    }
    pthread_t tid[64];
    int started = 0;
    for (long t = 0; t < threads; t++)
        if (pthread_create(&tid[t], NULL, worker, a) == 0)
            started++;
    if (started == 0)
        worker(a);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (a->progress)
        fputc('\n', stderr);
    if (a->failed) {
        cli_error("arena", "%s", a->error);
        rc = 1;
    } else {
        report(a);
    }
    pthread_cond_destroy(&a->room);
    pthread_mutex_destroy(&a->lock);
    free(a);
    return rc;
}
