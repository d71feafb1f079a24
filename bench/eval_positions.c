/*
 * eval_positions.c - positions of played games with their evaluation terms and the
 * game's final scores, for fitting eval_weights.def (bench/eval_fit.py, docs/AI.md
 * "Fourth round").
 *
 *   eval_positions [--games N] [--seed S] [--expansions LIST] [--players A,B]
 *                  [--iterations K] [--every T] [--weight NAME=VALUE]... [--sources]
 *
 * Plays N two-seat games (game i seeded S+i; the seats' players named as for carc
 * arena, searchers at K iterations a decision, default 200) and, at every T-th tile
 * placement decision (default 1), writes one CSV row per seat: the game, the tiles
 * left, the seat, ai_project's projected score, each term of ai_eval_terms (under the
 * weights' shape constants, eval_weights.def's unless --weight changes them; the
 * field term is always computed) and, once the game is over, the seat's final score.
 * The rows of a game are written when it ends. Deterministic: the same arguments
 * give the same file.
 *
 * --sources (docs/AI.md, "Sixth round: the evaluation"): where each player's points
 * come from, to see what one scores that the other does not. The games are played
 * in pairs (game i seeded S + i/2, the players' seats swapped in the odd game), and
 * instead of the rows it prints, for each source (the scoring reason and the
 * feature's type of every CARC_EV_SCORED and CARC_EV_BANKED event), each player's
 * mean points a game and the difference, then the totals, which are the mean final
 * scores.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "carc.h"
#include "carc_ai.h"
#include "ai_int.h"
#include "eval.h"

enum { POS_MAX_ROWS = 4096,
       POS_TYPES = CARC_FEAT_CORNER + 2,  /* the feature types and "none" */
       POS_SOURCES = CARC_REASONS * POS_TYPES };

/* --sources: points by player (not seat) and source, summed over the games. */
typedef struct {
    double points[2][POS_SOURCES];
    int games;
} pos_sources;

typedef struct {
    int left, seat;
    double proj, term[AI_EVAL_TERMS];
} pos_row;

static int pos_usage(void)
{
    fprintf(stderr, "usage: eval_positions [--games N] [--seed S] [--expansions LIST] "
                    "[--players A,B] [--iterations K] [--every T] [--weight NAME=VALUE]... "
                    "[--sources]\n");
    return 2;
}

/* A source's index: the reason and the feature type (CARC_FEAT_NONE the last). */
static int pos_source(const carc_event *e)
{
    int type = e->a < POS_TYPES - 1 ? e->a : POS_TYPES - 1;
    return e->b * POS_TYPES + type;
}

/* Adds the points of g's last events to src, seat s's to the player in seat s (the
 * players swapped when `swapped`). */
static void pos_count(const carc_game *g, int swapped, pos_sources *src)
{
    int n;
    const carc_event *ev = carc_events(g, &n);
    for (int i = 0; i < n; i++)
        if ((ev[i].kind == CARC_EV_SCORED || ev[i].kind == CARC_EV_BANKED) &&
            ev[i].seat >= 0 && ev[i].seat < 2 && ev[i].b < CARC_REASONS)
            src->points[ev[i].seat ^ swapped][pos_source(&ev[i])] += ev[i].value;
}

/* Prints --sources's table: a line a source that scored, the totals last. */
static void pos_print_sources(const pos_sources *src, char names[2][64])
{
    static const char *const types[POS_TYPES] = {"city", "road", "field", "cloister",
                                                 "garden", "tower", "corner", "none"};
    double total[2] = {0, 0};
    printf("source,%s,%s,difference\n", names[0], names[1]);
    for (int i = 0; i < POS_SOURCES; i++) {
        double a = src->points[0][i] / src->games, b = src->points[1][i] / src->games;
        total[0] += a;
        total[1] += b;
        if (src->points[0][i] != 0 || src->points[1][i] != 0)
            printf("%s/%s,%.2f,%.2f,%+.2f\n", carc_score_reason_name(i / POS_TYPES),
                   types[i % POS_TYPES], a, b, a - b);
    }
    printf("total,%.2f,%.2f,%+.2f\n", total[0], total[1], total[0] - total[1]);
}

/* Plays game `seed` and writes its rows, or with src adds its points to src (the
 * players in seats swapped when `swapped`); 0, or 1 on an error (said on stderr). */
static int pos_game(const carc_config *cfg, carc_player *pl[2], const ai_eval_weights *w,
                    int every, int game, pos_row *rows, pos_sources *src, int swapped)
{
    carc_error err;
    carc_game *g = carc_new(cfg, &err), *view = g ? carc_clone(g) : NULL;
    if (!g || !view) {
        fprintf(stderr, "eval_positions: %s\n", g ? "out of memory" : err.msg);
        carc_free(g);
        return 1;
    }
    int n = 0, places = 0, rc = 0;
    while (!carc_is_over(g)) {
        carc_pending pd = carc_pending_decision(g);
        if (!src && pd.decision == CARC_DEC_PLACE && places++ % every == 0 &&
            n + 2 <= POS_MAX_ROWS) {
            double proj[CARC_MAX_PLAYERS], term[AI_EVAL_TERMS][CARC_MAX_PLAYERS];
            ai_project(g, ai_terms(g), proj);
            ai_eval_terms(g, w, term);
            for (int s = 0; s < 2; s++, n++) {
                rows[n].left = carc_stack_left(g);
                rows[n].seat = s;
                rows[n].proj = proj[s];
                for (int t = 0; t < AI_EVAL_TERMS; t++)
                    rows[n].term[t] = term[t][s];
            }
        }
        carc_move m;
        carc_view(g, pd.seat, view);
        if (carc_player_choose(pl[pd.seat], view, &m, NULL, 0) != CARC_OK ||
            carc_apply(g, &m, NULL) != CARC_OK) {
            fprintf(stderr, "eval_positions: game %d: a player's move was refused\n", game);
            rc = 1;
            break;
        }
        if (src)
            pos_count(g, swapped, src);
    }
    if (src && !rc)
        src->games++;
    for (int i = 0; !rc && i < n; i++) {
        printf("%d,%d,%d,%.6f", game, rows[i].left, rows[i].seat, rows[i].proj);
        for (int t = 0; t < AI_EVAL_TERMS; t++)
            printf(",%.6f", rows[i].term[t]);
        printf(",%d\n", carc_score(g, rows[i].seat));
    }
    carc_free(view);
    carc_free(g);
    return rc;
}

int main(int argc, char **argv)
{
    int games = 100, iterations = 200, every = 1, sources = 0;
    uint64_t seed = 1;
    const char *expansions = "", *players = "greedy,greedy";
    ai_eval_weights w = *ai_eval_default();
    w.field_tiles = 1;  /* so that the field term is computed */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--sources")) {
            sources = 1;
            continue;
        }
        if (i + 1 >= argc)
            return pos_usage();
        const char *a = argv[i], *v = argv[++i];
        if (!strcmp(a, "--games"))
            games = atoi(v);
        else if (!strcmp(a, "--seed"))
            seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--expansions"))
            expansions = v;
        else if (!strcmp(a, "--players"))
            players = v;
        else if (!strcmp(a, "--iterations"))
            iterations = atoi(v);
        else if (!strcmp(a, "--every"))
            every = atoi(v);
        else if (!strcmp(a, "--weight")) {
            const char *eq = strchr(v, '=');
            if (!eq || !ai_eval_weight_set(&w, v, (size_t)(eq - v), atof(eq + 1))) {
                fprintf(stderr, "eval_positions: --weight %s: not NAME=VALUE of a weight\n", v);
                return 2;
            }
        } else
            return pos_usage();
    }
    const char *comma = strchr(players, ',');
    if (games < 1 || iterations < 1 || every < 1 || !comma)
        return pos_usage();
    carc_config cfg;
    carc_config_init(&cfg);
    cfg.players = 2;
    for (const char *e = expansions; *e && strcmp(e, "base");) {
        size_t len = strcspn(e, ",");
        unsigned bit = carc_expansion_parse(e, len);
        if (!bit) {
            fprintf(stderr, "eval_positions: --expansions: unknown '%.*s'\n", (int)len, e);
            return 2;
        }
        cfg.expansions |= bit;
        e += len + (e[len] == ',');
    }
    char names[2][64];
    snprintf(names[0], sizeof names[0], "%.*s", (int)(comma - players), players);
    snprintf(names[1], sizeof names[1], "%s", comma + 1);
    pos_row *rows = malloc(sizeof(pos_row) * POS_MAX_ROWS);
    pos_sources *src = sources ? calloc(1, sizeof *src) : NULL;
    if (!rows || (sources && !src)) {
        free(rows);
        return 1;
    }
    if (!src) {
        printf("game,left,seat,proj");
        for (int t = 0; t < AI_EVAL_TERMS; t++)
            printf(",term%d", t);
        printf(",final\n");
    }
    int rc = 0;
    for (int i = 0; i < games && !rc; i++) {
        carc_player *pl[2] = {NULL, NULL};
        /* --sources: a pair of games a seed, the players' seats swapped in the second */
        int swapped = src ? i % 2 : 0;
        uint64_t game = (uint64_t)(src ? i / 2 : i), game_seed = seed + game;
        for (int s = 0; s < 2; s++) {
            carc_ai_options opt;
            carc_ai_options_init(&opt);
            opt.seed = seed + game * 2 + (uint64_t)s;
            opt.budget_ms = 0;
            opt.iterations = iterations;
            carc_error err;
            pl[s] = carc_player_new(names[s ^ swapped], &opt, &err);
            if (!pl[s]) {
                fprintf(stderr, "eval_positions: %s\n", err.msg);
                rc = 2;
            }
        }
        cfg.seed = game_seed;
        if (!rc)
            rc = pos_game(&cfg, pl, &w, every, i, rows, src, swapped);
        for (int s = 0; s < 2; s++)
            if (pl[s])
                pl[s]->destroy(pl[s]);
    }
    if (src && !rc)
        pos_print_sources(src, names);
    free(src);
    free(rows);
    return rc;
}
