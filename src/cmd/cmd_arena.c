/*
 * cmd_arena.c - `carc arena`: computer players against each other, seats rotated,
 * with win rates, confidence intervals, mean scores and Elo differences.
 *
 * Game i is seeded S+i and seats player (s + i) mod P in seat s, so every player
 * sits in every seat equally often. Each game is played by fresh player instances
 * seeded from (S, i, seat), and each decision is made from the deciding seat's
 * view only; games run in parallel worker threads (--threads), one game per thread
 * at a time, results collected under a lock.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "carc_ai.h"
#include "cmd.h"

enum { MAX_ENTRANTS = CARC_MAX_PLAYERS, NAME_LEN = 32 };

typedef struct arena {
    int entrants;
    char names[MAX_ENTRANTS][NAME_LEN];   /* player kinds */
    char labels[MAX_ENTRANTS][NAME_LEN];  /* as printed: kind, or kind#k when repeated */
    long games;
    uint64_t seed;
    unsigned expansions;
    int budget_ms;
    /* shared, under lock */
    pthread_mutex_t lock;
    long next, done;
    double wins[MAX_ENTRANTS];
    double score_sum[MAX_ENTRANTS];
    long played[MAX_ENTRANTS];
    int failed;
    char error[PROTO_MSG];
    int progress;
} arena;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: carc arena --players A,B[,...] [--games N] [--seed S] [--expansions LIST]\n"
            "                  [--budget-ms M] [--threads T]\n\n"
            "Plays N games between computer players (%s), seats rotated, and prints per\n"
            "player: win rate (a victory shared by k players counts 1/k), its 95%% confidence\n"
            "interval (Wilson score), mean score and the Elo difference the win rate implies\n"
            "(counting one more game at the equal rate 1/P, so 0%% and 100%% stay finite).\n\n"
            "  --players LIST      2..5 players (6 with inns), comma-separated\n"
            "                      (repeats allowed)\n"
            "  --games N           games to play (default 100)\n"
            "  --seed S            game i uses seed S+i (default 1)\n"
            "  --expansions LIST   base, or any of gifts,christmas,inns,traders,\n"
            "                      river,abbot, comma-separated (default base)\n"
            "  --budget-ms M       mcts time per decision in ms (default 100)\n"
            "  --threads T         games played in parallel (default 1)\n"
            "  --help              this text\n",
            carc_player_names());
}

/* Plays game i; returns 0, or -1 with a.error set. */
static int play_one(arena *a, long i)
{
    carc_config cfg;
    carc_error err;
    carc_config_init(&cfg);
    cfg.players = a->entrants;
    cfg.seed = a->seed + (uint64_t)i;
    cfg.expansions = a->expansions;
    carc_game *g = carc_new(&cfg, &err);
    carc_game *view = g ? carc_clone(g) : NULL;
    carc_player *seat_player[MAX_ENTRANTS] = {0};
    int who[MAX_ENTRANTS], rc = 0;
    char msg[PROTO_MSG] = "";
    for (int s = 0; g && view && s < a->entrants; s++) {
        carc_ai_options opt;
        carc_ai_options_init(&opt);
        opt.seed = mix_seeds(cfg.seed, (uint64_t)s);
        opt.budget_ms = a->budget_ms;
        who[s] = (int)((s + i) % a->entrants);
        seat_player[s] = carc_player_new(a->names[who[s]], &opt, &err);
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
        carc_view(g, p.seat, view);
        if (carc_player_choose(seat_player[p.seat], view, &m, NULL, 0) != CARC_OK ||
            carc_apply(g, &m, &err) != CARC_OK) {
            snprintf(msg, sizeof msg, "game %ld: %s chose an illegal move: %s", i,
                     a->labels[who[p.seat]], err.msg);
            rc = -1;
        }
    }
    pthread_mutex_lock(&a->lock);
    if (rc == 0) {
        unsigned w = carc_winners(g);
        int k = __builtin_popcount(w);
        for (int s = 0; s < a->entrants; s++) {
            a->played[who[s]]++;
            a->score_sum[who[s]] += carc_score(g, s);
            if (w & (1u << s))
                a->wins[who[s]] += 1.0 / k;
        }
    } else if (!a->failed) {
        a->failed = 1;
        snprintf(a->error, sizeof a->error, "%s", msg);
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
        long i = a->failed ? a->games : a->next++;
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

/* The Wilson score interval of a proportion p observed over n games, at 95%: unlike
 * p +- 1.96 sqrt(p(1-p)/n) it never shrinks to a point at 0% or 100%, so a few games
 * won give a wide interval, not 100.0-100.0%. */
static void wilson(double p, double n, double *lo, double *hi)
{
    const double z = 1.96, z2 = z * z;
    double centre, half;
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    half = z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    *lo = fmax(0, centre - half);
    *hi = fmin(1, centre + half);
}

/* The Elo difference against the others that a win rate implies. With P players an
 * equal player wins 1/P of the games, so the odds are taken against that: rate q
 * gives 400 log10(q (P - 1) / (1 - q)). q is the win rate with one more game added
 * at the equal rate 1/P, which keeps it finite at 0% and 100% and on the same side
 * of 1/P as the observed rate: a player that won less than its share gets a
 * negative Elo, one that won more a positive one. */
static double elo(double wins, double n, int players)
{
    double q = (wins + 1.0 / players) / (n + 1);
    return 400.0 * log10(q * (players - 1) / (1 - q));
}

static void report(const arena *a)
{
    for (int i = 0; i < a->entrants; i++) {
        double n = (double)a->played[i], lo, hi;
        double p = n > 0 ? a->wins[i] / n : 0;
        wilson(p, n, &lo, &hi);
        printf("%s: win %.1f%% (95%% CI %.1f-%.1f%%), mean score %.1f, Elo %+.0f\n", a->labels[i],
               100 * p, 100 * lo, 100 * hi, n > 0 ? a->score_sum[i] / n : 0.0,
               elo(a->wins[i], n, a->entrants));
    }
    char names[CARC_EXPANSIONS_NAME_SIZE];
    printf("games: %ld, expansions: %s\n", a->done,
           carc_expansions_name(a->expansions, names, sizeof names));
}

int cmd_arena(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"players", required_argument, NULL, 'p'},  {"games", required_argument, NULL, 'g'},
        {"seed", required_argument, NULL, 's'},     {"expansions", required_argument, NULL, 'e'},
        {"budget-ms", required_argument, NULL, 'b'}, {"threads", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0}};
    arena *a = calloc(1, sizeof *a);
    long v, threads = 1;
    int c, have_players = 0, rc = 0;
    if (!a)
        return 1;
    a->games = 100;
    a->seed = 1;
    a->budget_ms = 100;
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
    if (!rc && cli_seed_range("arena", a->seed, a->games) < 0)
        rc = EXIT_USAGE;
    if (!rc && !have_players) {
        cli_error("arena", "--players is required, e.g. --players greedy,random");
        rc = EXIT_USAGE;
    }
    if (!rc && cli_players_count("arena", "--players", a->entrants, a->expansions) < 0)
        rc = EXIT_USAGE;
    if (rc) {
        free(a);
        return rc;
    }
    pthread_mutex_init(&a->lock, NULL);
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
    pthread_mutex_destroy(&a->lock);
    free(a);
    return rc;
}
