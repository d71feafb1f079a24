/*
 * cmd_play.c - `carc play`: options and --help; starts the session, then either the
 * full-screen game (play_tui.c) or, with --headless, a game between computer seats
 * told on stdout.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "play_ui.h"

static const char play_usage[] =
    "usage: carc play [--players LIST] [--expansions LIST] [--seed S] [--budget-ms M]\n"
    "                 [--save FILE] [--delay-ms D] [--headless] [--debug-log FILE]\n"
    "       carc play --resume FILE [--players LIST] [--save FILE] [...]\n"
    "       carc play --view FILE\n"
    "\n"
    "Plays one game of Carcassonne on the terminal, full screen: the board in colour,\n"
    "your tiles, gifts and cards, scores, a log of every move. Each seat is a human at\n"
    "this keyboard or a computer player; several humans pass the keyboard between\n"
    "turns (a hand-over screen hides the previous player's cards). Every screen shows\n"
    "only what its seat may know. At the end: the final scoring per category and the\n"
    "winner(s); `s` saves the game record (JSON, accepted by `carc replay`). Quitting\n"
    "an unfinished game offers to save it; --resume goes on with it later.\n"
    "\n"
    "  --players LIST      2..5 seats (6 with inns) in turn order, comma-separated:\n"
    "                      human, easy, medium or hard (the computer's levels), or\n"
    "                      random, greedy or mcts (default human,mcts)\n"
    "  --expansions LIST   base, or any of gifts,christmas,inns,traders,\n"
    "                      river,abbot,dragon,tower,abbey, comma-separated (default base)\n"
    "  --seed S            game seed (default: from the clock; shown on screen)\n"
    "  --budget-ms M       mcts thinking time per decision in ms (default 500; a\n"
    "                      level's is its own)\n"
    "  --save FILE         where `s` writes the record (default carc-SEED.json)\n"
    "  --delay-ms D        with no human seat, pause D ms after each computer move\n"
    "                      (default 300)\n"
    "  --headless          no screen: computer seats only; prints every move and the\n"
    "                      final scoring on stdout, and writes the record to --save\n"
    "                      when given\n"
    "  --resume FILE       go on with a game saved by `s` or on quitting (a record):\n"
    "                      its seed, expansions and moves; --players must give as many\n"
    "                      seats as it has (default: the players the record names,\n"
    "                      else you, then mcts); `s` saves back\n"
    "                      to FILE unless --save says otherwise\n"
    "  --view FILE         step through a saved game (a record): arrows back and\n"
    "                      forward, Home/End to either end, Tab the next seat's view\n"
    "  --debug-log FILE    append the computer players' notes on each choice (search\n"
    "                      statistics) to FILE; they are never shown on the screen,\n"
    "                      where they could hint at a computer's hidden cards\n"
    "  --help              this text\n"
    "\n"
    "Keys (also on screen, and under ?): placing a tile, arrows/hjkl jump between the\n"
    "spots where it fits, Tab steps through them, r turns it, t switches between two\n"
    "tiles, Enter places; any other decision is a list of the legal moves: up/down\n"
    "select (arrows jump between targets on the board), Enter confirms, p passes (no\n"
    "follower, close a window, decline). u undoes your last decision (back to the last\n"
    "draw), i lists the tiles left and the points per category, H J K L scroll the\n"
    "board, c fits it, PgUp/PgDn scroll the log, q quits. The terminal must be at\n"
    "least 80x24.\n";

enum { MAX_LIST = 256 };

/* Parses "human,mcts" into kinds; returns the number of seats or -1 after an error. */
static int parse_players(const char *list, char kinds[][PLAY_KIND_LEN])
{
    char buf[MAX_LIST], *items[CARC_MAX_PLAYERS];
    int n = cli_list("play", "--players", list, buf, sizeof buf, items, CARC_MAX_PLAYERS), i;
    if (n < 0)
        return -1;
    if (n > CARC_MAX_PLAYERS) {
        cli_error("play", "--players takes %d..%d players (%d with inns)", CARC_MIN_PLAYERS,
                  CARC_MAX_PLAYERS - 1, CARC_MAX_PLAYERS);
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (strcmp(items[i], "human") != 0) {
            carc_error err = {0, ""};
            carc_player *p = carc_player_new(items[i], NULL, &err);
            if (!p) {
                cli_error("play", "--players: unknown player '%.40s' (players: human, %s)",
                          items[i], carc_player_names());
                return -1;
            }
            carc_player_free(p);
        }
        snprintf(kinds[i], PLAY_KIND_LEN, "%s", items[i]);
    }
    return n;  /* 2..5, or 6 with inns: checked once the expansions are known */
}

/* Reads and parses a record file; NULL after an error message. */
static carc_record *load_record(const char *path)
{
    char msg[PLAY_LINE];
    carc_record *rec = play_record_load(path, msg, sizeof msg);
    if (!rec)
        cli_error("play", "--resume: %s", msg);
    return rec;
}

static int run_headless(play_session *s, const char *save, const carc_record *rec)
{
    carc_error err = {0, ""};
    char msg[PLAY_LINE], names[CARC_EXPANSIONS_NAME_SIZE];
    int i;

    printf("carc play: seed %" PRIu64 ", %s;", s->cfg.seed,
           carc_expansions_name(s->cfg.expansions, names, sizeof names));
    for (i = 0; i < s->nseats; i++)
        printf(" seat %d %s%s", i, s->seat[i].kind, i + 1 < s->nseats ? "," : "\n");
    play_session_start(s);
    if (rec && play_session_resume(s, rec, msg, sizeof msg) != 0) {
        cli_error("play", "--resume: %s", msg);
        return 1;
    }
    while (!carc_is_over(play_session_view(s, 0))) {
        if (play_session_computer(s, &err) != CARC_OK) {
            cli_error("play", "%s", err.msg);
            return 1;
        }
    }
    play_final_text(s, play_session_view(s, 0), stdout);
    if (save) {
        if (play_session_save(s, save, msg, sizeof msg) != 0) {
            cli_error("play", "%s", msg);
            return 1;
        }
        printf("%s\n", msg);
    }
    return 0;
}

int cmd_play(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"players", required_argument, NULL, 'p'},
        {"expansions", required_argument, NULL, 'e'},
        {"seed", required_argument, NULL, 's'},
        {"budget-ms", required_argument, NULL, 'b'},
        {"save", required_argument, NULL, 'o'},
        {"delay-ms", required_argument, NULL, 'd'},
        {"headless", no_argument, NULL, 'H'},
        {"debug-log", required_argument, NULL, 'D'},
        {"resume", required_argument, NULL, 'R'},
        {"view", required_argument, NULL, 'V'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    char kinds[CARC_MAX_PLAYERS][PLAY_KIND_LEN];
    carc_config cfg;
    carc_error err = {0, ""};
    play_options opt;
    play_session *s;
    const char *save = NULL, *debug = NULL, *resume = NULL, *view = NULL;
    carc_record *rec = NULL;
    long v, budget = 500, delay = 300;
    int c, nseats, headless = 0, have_seed = 0, have_players = 0, have_exp = 0, rc;

    carc_config_init(&cfg);
    memset(&opt, 0, sizeof opt);
    snprintf(kinds[0], PLAY_KIND_LEN, "human");
    snprintf(kinds[1], PLAY_KIND_LEN, "mcts");
    nseats = 2;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'p':
            if ((nseats = parse_players(optarg, kinds)) < 0)
                return EXIT_USAGE;
            have_players = 1;
            break;
        case 'e':
            if (cli_expansions("play", "--expansions", optarg, &cfg.expansions))
                return EXIT_USAGE;
            have_exp = 1;
            break;
        case 's':
            if (cli_seed("play", "--seed", optarg, &cfg.seed))
                return EXIT_USAGE;
            have_seed = 1;
            break;
        case 'b':
            if (cli_int("play", "--budget-ms", optarg, 1, 600000, &v))
                return EXIT_USAGE;
            budget = v;
            break;
        case 'o':
            if (!optarg[0] || strlen(optarg) >= sizeof opt.save_path) {
                cli_error("play", "--save needs a file name shorter than %d bytes",
                          (int)sizeof opt.save_path);
                return EXIT_USAGE;
            }
            save = optarg;
            break;
        case 'd':
            if (cli_int("play", "--delay-ms", optarg, 0, 60000, &v))
                return EXIT_USAGE;
            delay = v;
            break;
        case 'H': headless = 1; break;
        case 'V':
            if (!optarg[0]) {
                cli_error("play", "--view needs a file name");
                return EXIT_USAGE;
            }
            view = optarg;
            break;
        case 'R':
            if (!optarg[0] || strlen(optarg) >= sizeof opt.save_path) {
                cli_error("play", "--resume needs a file name shorter than %d bytes",
                          (int)sizeof opt.save_path);
                return EXIT_USAGE;
            }
            resume = optarg;
            break;
        case 'D':
            if (!optarg[0]) {
                cli_error("play", "--debug-log needs a file name");
                return EXIT_USAGE;
            }
            debug = optarg;
            break;
        case 'h': fputs(play_usage, stdout); return 0;
        default: cli_bad_option("play", c, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_extra_arg("play", argv[optind]);
        return EXIT_USAGE;
    }
    if (view) {
        if (resume || headless || have_players || have_seed || have_exp) {
            cli_error("play", "--view shows a record as it is: it takes no %s",
                      resume ? "--resume" : headless ? "--headless" : have_players ? "--players"
                      : have_seed ? "--seed" : "--expansions");
            return EXIT_USAGE;
        }
        if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
            cli_error("play", "--view needs a terminal");
            return EXIT_USAGE;
        }
        return play_view_run(view);
    }
    if (resume && (have_seed || have_exp)) {
        cli_error("play", "--resume takes the seed and expansions from the record; drop %s",
                  have_seed ? "--seed" : "--expansions");
        return EXIT_USAGE;
    }
    if (have_players && !resume &&
        cli_players_count("play", "--players", nseats, cfg.expansions) < 0)
        return EXIT_USAGE;
    if (resume) {
        if (!(rec = load_record(resume)))
            return 1;
        cfg = *carc_record_config(rec);
        if (!have_players) {
            /* the players the record names (issue 32), else you against mcts */
            for (c = 0; c < cfg.players; c++) {
                const char *k = carc_record_seat(rec, c);
                snprintf(kinds[c], PLAY_KIND_LEN, "%s", k ? k : c ? "mcts" : "human");
            }
            nseats = cfg.players;
        } else if (nseats != cfg.players) {
            cli_error("play", "--players gives %d seats, the game in %s has %d", nseats,
                      resume, cfg.players);
            carc_record_free(rec);
            return EXIT_USAGE;
        }
        have_seed = 1;
        if (!save)
            save = resume;
    }
    if (headless) {
        for (c = 0; c < nseats; c++)
            if (strcmp(kinds[c], "human") == 0) {
                cli_error("play", "--headless needs computer seats only, seat %d is human", c);
                carc_record_free(rec);
                return EXIT_USAGE;
            }
    } else if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        cli_error("play", "needs a terminal (or --headless with computer seats only)");
        carc_record_free(rec);
        return EXIT_USAGE;
    }
    if (!have_seed)
        cfg.seed = (uint64_t)time(NULL) % 1000000u + 1u;
    cfg.players = nseats;
    if (save)
        snprintf(opt.save_path, sizeof opt.save_path, "%s", save);
    else
        snprintf(opt.save_path, sizeof opt.save_path, "carc-%" PRIu64 ".json", cfg.seed);
    opt.delay_ms = (int)delay;

    if (!(s = malloc(sizeof *s))) {
        cli_error("play", "out of memory");
        carc_record_free(rec);
        return 1;
    }
    if (play_session_init(s, &cfg, nseats, (const char(*)[PLAY_KIND_LEN])kinds, (int)budget,
                          &err) != 0) {
        cli_error("play", "%s", err.msg);
        carc_record_free(rec);
        free(s);
        return 1;
    }
    s->headless = headless;
    if (debug && !(s->debug = fopen(debug, "a"))) {
        cli_error("play", "--debug-log: cannot open '%s': %s", debug, strerror(errno));
        carc_record_free(rec);
        play_session_free(s);
        free(s);
        return 1;
    }
    if (headless) {
        rc = run_headless(s, save, rec);
    } else {
        char msg[PLAY_LINE];
        play_session_start(s);
        if (rec && play_session_resume(s, rec, msg, sizeof msg) != 0) {
            cli_error("play", "%s: %s", resume, msg);
            rc = 1;
        } else {
            rc = play_tui_run(s, &opt);
        }
    }
    carc_record_free(rec);
    if (s->debug && fclose(s->debug) != 0 && rc == 0) {
        cli_error("play", "--debug-log: write failed");
        rc = 1;
    }
    s->debug = NULL;
    play_session_free(s);
    free(s);
    return rc;
}
