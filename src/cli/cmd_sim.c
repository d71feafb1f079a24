/*
 * cmd_sim.c - `carc sim`: N games between uniform random players and a summary
 * of the scores; optionally every game as a JSON record, one per line.
 *
 * Game i (0-based) uses config seed S+i, and the random player is seeded with the
 * same value, so one game of a run can be played again alone with --seed S+i
 * --games 1.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char sim_usage[] =
    "usage: carc sim [--games N] [--players P] [--seed S] [--expansions LIST]\n"
    "                [--record FILE] [--check]\n"
    "\n"
    "Plays N games between players that pick uniformly random legal moves and prints\n"
    "the mean and standard deviation of the scores per seat and over all seats, the\n"
    "wins per seat (a shared win counts for each winner), the mean number of turns\n"
    "and the games per second. Game i (from 0) uses seed S+i for the game and for\n"
    "the players.\n"
    "\n"
    "  --games N           number of games, 1..100000000 (default 100)\n"
    "  --players P         2..5 players (default 2)\n"
    "  --seed S            seed of the first game (default 1)\n"
    "  --expansions LIST   base, gifts, christmas or gifts,christmas (default base)\n"
    "  --record FILE       write each game as one JSON record per line ('-': stdout,\n"
    "                      the summary then goes to stderr)\n"
    "  --check             verify the engine's invariants after every move (slow)\n"
    "  --help              this text\n";

typedef struct sim_stats {
    double sum[CARC_MAX_PLAYERS], sumsq[CARC_MAX_PLAYERS];
    long wins[CARC_MAX_PLAYERS];
    double turns;
    long games;
} sim_stats;

/* Sample standard deviation from a count, a sum and a sum of squares. */
static double stddev(double n, double sum, double sumsq)
{
    double var;
    if (n < 2)
        return 0;
    var = (sumsq - sum * sum / n) / (n - 1);
    return var > 0 ? sqrt(var) : 0;
}

static void progress(long done, long total)
{
    enum { WIDTH = 40 };
    char bar[WIDTH + 1];
    long fill = total ? done * WIDTH / total : WIDTH;
    memset(bar, '#', (size_t)fill);
    memset(bar + fill, '.', (size_t)(WIDTH - fill));
    bar[WIDTH] = '\0';
    fprintf(stderr, "\rsim [%s] %ld/%ld", bar, done, total);
    fflush(stderr);
}

static void print_summary(FILE *out, const sim_stats *st, const carc_config *cfg,
                          uint64_t seed, double seconds)
{
    int seat, p = cfg->players;
    double all = 0, allsq = 0;
    fprintf(out, "games: %ld (%d players, %s, seeds %" PRIu64 "..%" PRIu64 ")\n", st->games,
            p, carc_expansions_name(cfg->expansions), seed,
            seed + (uint64_t)(st->games - 1));
    for (seat = 0; seat < p; seat++) {
        fprintf(out, "seat %d: mean %.2f  sd %.2f  wins %ld\n", seat,
                st->sum[seat] / (double)st->games,
                stddev((double)st->games, st->sum[seat], st->sumsq[seat]), st->wins[seat]);
        all += st->sum[seat];
        allsq += st->sumsq[seat];
    }
    fprintf(out, "all seats: mean %.2f  sd %.2f\n", all / (double)(st->games * p),
            stddev((double)(st->games * p), all, allsq));
    fprintf(out, "turns: mean %.2f\n", st->turns / (double)st->games);
    fprintf(out, "games_per_s: %.1f\n", seconds > 0 ? (double)st->games / seconds : 0.0);
}

/* Plays one game of the run and adds it to st (and to rec_out). Returns 0, or 1
 * after printing what failed. */
static int sim_one(const carc_config *cfg, int check, FILE *rec_out, sim_stats *st)
{
    carc_error err = {0, ""};
    carc_recorder *rec = NULL;
    random_player rp;
    game_result res;
    carc_game *g;
    unsigned winners;
    int seat, rc;

    if (!(g = carc_new(cfg, &err))) {
        cli_error("sim", "seed %" PRIu64 ": %s", cfg->seed, err.msg);
        return 1;
    }
    if (random_player_init(&rp, cfg->seed) ||
        (rec_out && !(rec = carc_recorder_new(cfg, g)))) {
        cli_error("sim", "out of memory");
        random_player_free(&rp);
        carc_free(g);
        return 1;
    }
    rc = play_random_game(g, &rp, rec, check, &res, &err);
    if (rc != CARC_OK) {
        cli_error("sim", "seed %" PRIu64 ", turn %d: %s", cfg->seed, carc_turn(g), err.msg);
    } else {
        if (rec) {
            char *json = carc_recorder_json(rec, g);
            if (!json) {
                cli_error("sim", "out of memory");
                rc = 1;
            } else {
                fputs(json, rec_out);
                fputc('\n', rec_out);
                free(json);
            }
        }
        winners = carc_winners(g);
        for (seat = 0; seat < cfg->players; seat++) {
            double s = carc_score(g, seat);
            st->sum[seat] += s;
            st->sumsq[seat] += s * s;
            st->wins[seat] += (winners >> seat) & 1u;
        }
        st->turns += res.turns;
        st->games++;
    }
    carc_recorder_free(rec);
    random_player_free(&rp);
    carc_free(g);
    return rc != CARC_OK;
}

int cmd_sim(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"games", required_argument, NULL, 'n'},
        {"players", required_argument, NULL, 'p'},
        {"seed", required_argument, NULL, 's'},
        {"expansions", required_argument, NULL, 'e'},
        {"record", required_argument, NULL, 'r'},
        {"check", no_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    carc_config cfg;
    sim_stats st;
    long games = 100, players = 2, i;
    uint64_t seed = 1;
    const char *record = NULL;
    FILE *rec_out = NULL, *summary = stdout;
    int opt, check = 0, rc = 0, tty;
    double t0;

    carc_config_init(&cfg);
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":n:p:s:e:r:ch", longopts, NULL)) != -1) {
        switch (opt) {
        case 'n':
            if (cli_int("sim", "--games", optarg, 1, 100000000, &games)) return EXIT_USAGE;
            break;
        case 'p':
            if (cli_int("sim", "--players", optarg, CARC_MIN_PLAYERS, CARC_MAX_PLAYERS,
                        &players))
                return EXIT_USAGE;
            break;
        case 's':
            if (cli_u64("sim", "--seed", optarg, &seed)) return EXIT_USAGE;
            break;
        case 'e':
            if (cli_expansions("sim", "--expansions", optarg, &cfg.expansions))
                return EXIT_USAGE;
            break;
        case 'r': record = optarg; break;
        case 'c': check = 1; break;
        case 'h': fputs(sim_usage, stdout); return 0;
        default: cli_bad_option("sim", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("sim", "unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    cfg.players = (int)players;
    if (record) {
        if (strcmp(record, "-") == 0) {
            rec_out = stdout;
            summary = stderr;
        } else if (!(rec_out = fopen(record, "w"))) {
            cli_error("sim", "cannot write '%s': %s", record, strerror(errno));
            return 1;
        }
    }

    memset(&st, 0, sizeof st);
    tty = isatty(STDERR_FILENO);
    t0 = cli_now();
    for (i = 0; i < games && rc == 0; i++) {
        cfg.seed = seed + (uint64_t)i;
        rc = sim_one(&cfg, check, rec_out, &st);
        if (tty && (i + 1 == games || (i + 1) % (games / 100 + 1) == 0))
            progress(i + 1, games);
    }
    if (tty)
        fprintf(stderr, "\r%*s\r", 70, "");
    if (rec_out && rec_out != stdout && fclose(rec_out) != 0) {
        cli_error("sim", "error writing '%s'", record);
        rc = 1;
    } else if (rec_out == stdout && fflush(stdout) != 0) {
        cli_error("sim", "error writing the records");
        rc = 1;
    }
    if (st.games > 0)
        print_summary(summary, &st, &cfg, seed, cli_now() - t0);
    return rc;
}
