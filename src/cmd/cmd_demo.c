/*
 * cmd_demo.c - `carc demo`: one complete seeded game between uniform random
 * players, told turn by turn, then the final board, the scores and the winners.
 *
 * The output depends only on the options: the game uses config seed S and the
 * random player is seeded with S too, as in `carc sim`.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>

#include "cmd.h"

static const char demo_usage[] =
    "usage: carc demo [--seed S] [--players P] [--expansions LIST]\n"
    "\n"
    "Plays one complete game between computer players that pick uniformly random\n"
    "legal moves, printing every turn (the tile drawn, each move in notation, what it\n"
    "scored), then the final board, the scores and the winner(s).\n"
    "\n"
    "  --seed S            game seed, also the players' seed (default 1)\n"
    "  --players P         2..5 players, 2..6 with inns (default 2)\n"
    "  --expansions LIST   base, or any of gifts,christmas,inns,traders,\n"
    "                      river,abbot,dragon,tower,abbey, comma-separated (default base)\n"
    "  --help              this text\n";


/* Prints the events of the last apply (or of carc_new). A tile draw that starts a
 * new turn is a heading naming the tile (the demo shows moves in notation, so its
 * headings name tiles as the notation does: a base letter, an expansion tile's id); PLACED and FOLLOWER repeat the move just printed
 * and are left out; everything else is indented under the move, in the sentences every
 * front end shares. */
static void print_events(const carc_game *g, int *turn_shown)
{
    int n, i;
    const carc_event *ev = carc_events(g, &n);
    char text[160];
    for (i = 0; i < n; i++) {
        const carc_event *e = &ev[i];
        if (e->kind == CARC_EV_PLACED || e->kind == CARC_EV_FOLLOWER ||
            e->kind == CARC_EV_GAME_OVER)
            continue;
        carc_event_text(e, text, sizeof text);
        if (e->kind == CARC_EV_TILE_DRAWN && carc_turn(g) != *turn_shown) {
            const carc_tile_def *d = carc_tile_def_of(e->a);
            *turn_shown = carc_turn(g);
            printf("turn %d: seat %d draws %s\n", *turn_shown, e->seat, d ? d->name : "?");
        } else {
            printf("    %s\n", text);
        }
    }
}

static void print_result(const carc_game *g, unsigned expansions)
{
    int seat, c, players = carc_players(g), nwin = 0;
    unsigned winners = carc_winners(g);
    char *board = carc_board_text(g);

    printf("\nfinal board after %d turns:\n\n", carc_turn(g));
    fputs(board ? board : "(out of memory)\n", stdout);
    free(board);
    fputs(carc_board_text_legend(), stdout);
    printf("\n");
    for (seat = 0; seat < players; seat++) {
        printf("seat %d: %d points (", seat, carc_score(g, seat));
        for (c = 0; c < CARC_SCORE_CATEGORIES; c++) {
            if (!(carc_categories_of(expansions) >> c & 1))
                continue;  /* a category of an expansion not in play */
            printf("%s%s %d", c ? ", " : "", carc_score_category_name(c),
                   carc_score_part(g, seat, c));
        }
        printf(")\n");
    }
    for (seat = 0; seat < players; seat++)
        nwin += (winners >> seat) & 1u;
    printf("%s:", nwin > 1 ? "winners" : "winner");
    for (seat = 0; seat < players; seat++)
        if (winners & (1u << seat))
            printf(" seat %d", seat);
    printf("\n");
}

int cmd_demo(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"seed", required_argument, NULL, 's'},
        {"players", required_argument, NULL, 'p'},
        {"expansions", required_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    carc_config cfg;
    carc_error err = {0, ""};
    carc_game *g;
    carc_playout rp;
    char names[CARC_EXPANSIONS_NAME_SIZE];
    long players = 2;
    const char *players_text = "2";
    int opt, turn_shown = 0, rc = 0;

    carc_config_init(&cfg);
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":s:p:e:h", longopts, NULL)) != -1) {
        switch (opt) {
        case 's':
            if (cli_seed("demo", "--seed", optarg, &cfg.seed)) return EXIT_USAGE;
            break;
        case 'p':
            players_text = optarg;
            break;
        case 'e':
            if (cli_expansions("demo", "--expansions", optarg, &cfg.expansions))
                return EXIT_USAGE;
            break;
        case 'h': fputs(demo_usage, stdout); return 0;
        default: cli_bad_option("demo", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_extra_arg("demo", argv[optind]);
        return EXIT_USAGE;
    }
    if (cli_players("demo", "--players", players_text, cfg.expansions, &players))
        return EXIT_USAGE;
    cfg.players = (int)players;

    if (!(g = carc_new(&cfg, &err))) {
        cli_error("demo", "%s", err.msg);
        return 1;
    }
    if (carc_playout_init(&rp, cfg.seed)) {
        carc_free(g);
        cli_error("demo", "out of memory");
        return 1;
    }
    printf("carc demo: seed %" PRIu64 ", %d players, %s; every seat plays uniformly random "
           "legal moves\n\n",
           cfg.seed, cfg.players, carc_expansions_name(cfg.expansions, names, sizeof names));
    print_events(g, &turn_shown);
    for (;;) {
        carc_move m;
        carc_pending pd = carc_pending_decision(g);
        char text[CARC_NOTATION_MAX];
        if (!carc_playout_pick(&rp, g, &m)) {
            if (!carc_is_over(g)) {
                cli_error("demo", "no legal move but the game is not over");
                rc = 1;
            }
            break;
        }
        if (carc_move_format(g, &m, text, sizeof text) < 0)
            snprintf(text, sizeof text, "(move kind %d)", m.kind);
        printf("  seat %d %s: %s\n", pd.seat, carc_decision_name(pd.decision), text);
        if (carc_apply(g, &m, &err) != CARC_OK) {
            cli_error("demo", "seat %d, move '%s' refused: %s", pd.seat, text, err.msg);
            rc = 1;
            break;
        }
        print_events(g, &turn_shown);
    }
    if (rc == 0)
        print_result(g, cfg.expansions);
    carc_playout_free(&rp);
    carc_free(g);
    return rc;
}
