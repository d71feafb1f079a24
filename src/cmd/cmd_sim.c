/*
 * cmd_sim.c - `carc sim`: N games between uniform random players and a summary
 * of the scores; optionally every game as a JSON record, one per line.
 *
 * Game i (0-based) uses config seed S+i, and the random player is seeded with the
 * same value, so one game of a run can be played again alone with --seed S+i
 * --games 1.
 *
 * A record file only ever holds complete lines: each record goes out with one
 * write(2) as soon as its game ends (so a failing file stops the run at the first
 * game), and SIGINT or SIGTERM only set a flag that the loop checks between games;
 * the run then stops, prints the summary of the games finished and exits 128 + the
 * signal number.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

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
    "  --players P         2..5 players, 2..6 with inns (default 2)\n"
    "  --seed S            seed of the first game (default 1)\n"
    "  --expansions LIST   base, or any of gifts,christmas,inns,traders,\n"
    "                      river,abbot,dragon,tower,abbey, comma-separated (default base)\n"
    "  --record FILE       write each game as one JSON record per line ('-': stdout,\n"
    "                      the summary then goes to stderr)\n"
    "  --check             verify the engine's invariants after every move (slow)\n"
    "  --help              this text\n"
    "\n"
    "SIGINT or SIGTERM stop the run after the game being played: the record file then\n"
    "holds every finished game, the summary covers them, and the exit code is 128 + the\n"
    "signal number.\n";

/* The signal that asked the run to stop, or 0; set by sim_on_signal only. */
static volatile sig_atomic_t sim_stop;

static void sim_on_signal(int sig)
{
    sim_stop = sig;
}

/* Writes all of text (len bytes) to fd; returns 0, or -1 with errno set. */
static int write_all(int fd, const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return -1;
        }
        text += n;
        len -= (size_t)n;
    }
    return 0;
}

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
    char names[CARC_EXPANSIONS_NAME_SIZE];
    fprintf(out, "games: %ld (%d players, %s, seeds %" PRIu64 "..%" PRIu64 ")\n", st->games,
            p, carc_expansions_name(cfg->expansions, names, sizeof names), seed,
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

/* Plays one game of the run and adds it to st (and its record, one line, to the
 * file descriptor rec_fd unless it is -1; rec_name names it in messages). Returns 0,
 * or 1 after printing what failed. */
/* carc_playout_game's hook: each move into the record. */
static int sim_record_move(void *rec, const carc_game *before, const carc_move *m,
                           const carc_game *after, carc_error *err)
{
    int rc = carc_recorder_add(rec, before, m, after);
    if (rc != CARC_OK) {
        err->code = rc;
        snprintf(err->msg, sizeof err->msg, "the recorder refused a move");
    }
    return rc;
}

static int sim_one(const carc_config *cfg, int check, int rec_fd, const char *rec_name,
                   sim_stats *st)
{
    carc_error err = {0, ""};
    carc_recorder *rec = NULL;
    carc_playout rp;
    carc_playout_result res;
    carc_game *g;
    unsigned winners;
    int seat, rc;

    if (!(g = carc_new(cfg, &err))) {
        cli_error("sim", "seed %" PRIu64 ": %s", cfg->seed, err.msg);
        return 1;
    }
    if (carc_playout_init(&rp, cfg->seed) ||
        (rec_fd >= 0 && !(rec = carc_recorder_new(cfg, g)))) {
        cli_error("sim", "out of memory");
        carc_playout_free(&rp);
        carc_free(g);
        return 1;
    }
    rc = carc_playout_game(g, &rp, rec ? sim_record_move : NULL, rec, check, &res, &err);
    if (rc != CARC_OK) {
        cli_error("sim", "seed %" PRIu64 ", turn %d: %s", cfg->seed, carc_turn(g), err.msg);
    } else {
        if (rec) {
            char *json = carc_recorder_json(rec, g);
            size_t len = json ? strlen(json) : 0;
            if (!json) {
                cli_error("sim", "out of memory");
                rc = 1;
            } else {
                json[len] = '\n';  /* over the NUL: the line goes out in one write */
                if (write_all(rec_fd, json, len + 1) != 0) {
                    cli_error("sim", "cannot write '%s': %s", rec_name, strerror(errno));
                    rc = 1;
                }
                free(json);
            }
            if (rc != 0)
                goto done;
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
done:
    carc_recorder_free(rec);
    carc_playout_free(&rp);
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
    const char *players_text = "2";
    uint64_t seed = 1;
    const char *record = NULL;
    FILE *summary = stdout;
    int opt, check = 0, rc = 0, tty, rec_fd = -1;
    struct sigaction sa;
    double t0;

    carc_config_init(&cfg);
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":n:p:s:e:r:ch", longopts, NULL)) != -1) {
        switch (opt) {
        case 'n':
            if (cli_int("sim", "--games", optarg, 1, 100000000, &games)) return EXIT_USAGE;
            break;
        case 'p':
            players_text = optarg;
            break;
        case 's':
            if (cli_seed("sim", "--seed", optarg, &seed)) return EXIT_USAGE;
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
        cli_extra_arg("sim", argv[optind]);
        return EXIT_USAGE;
    }
    if (cli_seed_range("sim", seed, games))
        return EXIT_USAGE;
    if (cli_players("sim", "--players", players_text, cfg.expansions, &players))
        return EXIT_USAGE;
    cfg.players = (int)players;
    if (record) {
        if (strcmp(record, "-") == 0) {
            rec_fd = STDOUT_FILENO;
            summary = stderr;
        } else if ((rec_fd = open(record, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0) {
            cli_error("sim", "cannot write '%s': %s", record, strerror(errno));
            return 1;
        }
    }

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sim_on_signal;
    sigemptyset(&sa.sa_mask);
    sim_stop = 0;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    memset(&st, 0, sizeof st);
    tty = isatty(STDERR_FILENO);
    t0 = cli_now();
    for (i = 0; i < games && rc == 0 && !sim_stop; i++) {
        cfg.seed = seed + (uint64_t)i;
        rc = sim_one(&cfg, check, rec_fd, record ? record : "", &st);
        if (tty && (i + 1 == games || (i + 1) % (games / 100 + 1) == 0))
            progress(i + 1, games);
    }
    if (tty)
        fprintf(stderr, "\r%*s\r", 70, "");
    if (rec_fd > STDOUT_FILENO && close(rec_fd) != 0) {
        cli_error("sim", "cannot write '%s': %s", record, strerror(errno));
        rc = 1;
    }
    if (sim_stop) {
        cli_error("sim", "stopped by signal %d after %ld of %ld games", (int)sim_stop,
                  st.games, games);
        if (rc == 0)
            rc = 128 + sim_stop;
    }
    if (st.games > 0) {
        print_summary(summary, &st, &cfg, seed, cli_now() - t0);
        if (fflush(summary) != 0 && rc == 0) {
            cli_error("sim", "cannot write the summary: %s", strerror(errno));
            rc = 1;
        }
    }
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    return rc;
}
