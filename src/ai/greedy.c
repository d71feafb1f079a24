/*
 * greedy.c - the one-ply player: tries every legal move on one determinization of
 * its view and keeps the move whose resulting state evaluates best (docs/AI.md).
 *
 * Evaluation (ai_evaluate): the projected final score of the seat (ai_project:
 * carc_projection, the current score plus what every unfinished feature, field,
 * banked point and unopened gift would pay if the game ended now, with the terms of
 * Inns & Cathedrals and Traders & Builders it leaves out), minus the best projected
 * score among the others, plus 0.3 per follower in supply (0.6 for the large
 * meeple), so that a follower is spent only where it is worth at least a point. The
 * abbot's recall pays now what carc_projection counts its cloister or garden for (1 + the
 * tiles around), so greedy recalls as soon as the abbot back in supply is worth more
 * than what the feature may still grow: measured, at its first chance (docs/AI.md).
 * Ties go to the first move listed. The double turn (TB11) is always taken.
 */
#include <math.h>
#include "ai_int.h"

typedef struct {
    carc_player base;
    uint64_t rng;
    carc_move moves[CARC_MAX_MOVES];
    carc_game *det, *trial;
} greedy_player;

/* 0 leaves the terms of Inns & Cathedrals and Traders & Builders out of ai_project
 * (carc_projection alone), to measure what they are worth (docs/AI.md). */
#ifndef AI_BIGBOX_TERMS
#define AI_BIGBOX_TERMS 1
#endif

/* Points a builder on its owner's unfinished road or city is worth: the double turns
 * it may still bring (TB6), a tile placed each. */
#define BUILDER_BONUS 1.5
/* The chance that an unfinished feature with `open` open edges is completed before
 * the end: exp(-lambda * open / (tiles each seat still places + 1)), lambda 1.5 for
 * a road and 2.5 for a city (harder to close). A guess, not a measurement: it only
 * has to rank an inn or a cathedral (worth 0 unfinished, I7) between nothing and
 * its full value. */
static double completion_chance(const carc_game *g, int type, int open)
{
    double lambda = type == CARC_FEAT_ROAD ? 1.5 : 2.5;
    double left = (double)carc_stack_left(g) / carc_players(g);
    return exp(-lambda * open / (left + 1.0));
}

/* Tiles in the 8 positions around (x,y). */
static int tiles_around(const carc_game *g, int x, int y)
{
    int n = 0, kind, rot;
    for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
            n += (dx || dy) && carc_tile_at(g, x + dx, y + dy, &kind, &rot);
    return n;
}

/* 1 adds the abbot's terms (ai_move_value, ABBOT_SUPPLY): a recall charged with the
 * growth its feature gives up, the abbot in supply worth 0.2. Measured against random
 * they cost greedy 14 to 46 points of margin (docs/AI.md): off by default, the abbot then
 * counts as a meeple in supply and a recall at the points it pays now. */
#ifndef AI_ABBOT_TERMS
#define AI_ABBOT_TERMS 0
#endif

/* The Abbot: the tiles left in the stack at which an empty position next to a
 * cloister or garden is filled with chance 1 - 1/e. A guess, not a measurement: it
 * only has to make the growth still to come outweigh the abbot's return early in the
 * game, and not late (docs/AI.md). */
#define FILL_TILES 30.0
/* What the abbot in supply is worth, below a meeple's 0.3: it goes only on a
 * cloister or a garden. */
#define ABBOT_SUPPLY 0.2

/* An unfinished cloister or garden: the points its holders may still expect, each
 * empty position around it filled with chance 1 - exp(-tiles left / FILL_TILES)
 * (carc_projection counts only the tiles around it now). Only a recall is charged
 * with it (ai_move_value): added to every held cloister in ai_project, it took away
 * greedy's reason to fill the positions around its own (docs/AI.md). */
static double cloister_growth(const carc_game *g, int x, int y)
{
    int empty = 8 - tiles_around(g, x, y);
    return empty * (1.0 - exp(-(double)carc_stack_left(g) / FILL_TILES));
}

double ai_move_value(const carc_game *before, const carc_move *m, int seat)
{
    carc_feature_info fi;
    /* a recall is legal only in a game with a figure to recall: no need to ask which */
    if (!AI_ABBOT_TERMS || m->kind != CARC_MOVE_RECALL ||
        !carc_feature_at(before, m->x, m->y, m->port, &fi))
        return 0;
    /* the seat's other followers there (a large meeple put there by a card) keep the
     * feature's growth */
    if (fi.followers[seat] > carc_figure_strength(m->figure))
        return 0;
    return -cloister_growth(before, m->x, m->y);
}

/* What carc_projection leaves out of Inns & Cathedrals and Traders & Builders, added
 * to proj: an inn road or cathedral city held (I5-I7) at its full value times the
 * chance it is completed (1 once completed: carc_projection counts a completed
 * feature not yet scored at its end value, 0 for these); a builder on its owner's
 * unfinished feature (BUILDER_BONUS). The pig (TB8) and the goods majorities (TB10)
 * are carc_projection's own since debc9e4. */
static void bigbox_terms(const carc_game *g, double proj[CARC_MAX_PLAYERS])
{
    int players = carc_players(g);
    carc_segment_pos feats[CARC_MAX_SEGMENTS];
    int n = carc_marked_features(g, feats, CARC_MAX_SEGMENTS);
    for (int i = 0; i < n; i++) {
        carc_feature_info fi;
        if (!carc_feature_at(g, feats[i].x, feats[i].y, feats[i].port, &fi))
            continue;
        int most = 0;
        for (int s = 0; s < players; s++)
            if (fi.followers[s] > most)
                most = fi.followers[s];
        if (most == 0)
            continue;  /* held by nobody: only tokens or a lock */
        unsigned holders = 0;
        for (int s = 0; s < players; s++)
            if (fi.followers[s] == most)
                holders |= 1u << s;
        double value = 0;
        if ((fi.inn || fi.cathedral) && !fi.locked) {
            double chance = fi.completed ? 1.0 : completion_chance(g, fi.type, fi.open);
            if (fi.completed)
                value = fi.value;
            else if (fi.type == CARC_FEAT_ROAD)
                value = 2.0 * fi.tiles * chance;
            else
                value = 3.0 * (fi.tiles + fi.pennants) * chance;
        }
        for (int s = 0; s < players; s++) {
            if (holders & (1u << s))
                proj[s] += value;
            if ((fi.builders & holders & (1u << s)) && !fi.completed)
                proj[s] += BUILDER_BONUS;
        }
    }
}

/* Whether a game's tiles hold an inn or a cathedral (I5, I6): a segment so flagged
 * on a kind the game's expansions put in it. */
static int has_inns(unsigned expansions)
{
    const carc_tile_def *d;
    for (int k = 0; (d = carc_tile_def_of(k)) != NULL; k++) {
        if (!carc_tile_count(expansions, k))
            continue;
        for (int i = 0; i < d->nseg; i++)
            if (d->seg[i].flags & (CARC_SEG_INN | CARC_SEG_CATHEDRAL))
                return 1;
    }
    return 0;
}

/* The terms are asked by what a game has (its figures from the registry, its tiles
 * from the catalogue), never by which expansions it plays: a new expansion with
 * inns or figures gets them without a word here. */
unsigned ai_terms(const carc_game *g)
{
    unsigned expansions = carc_config_of(g).expansions;
    unsigned figures = carc_figures_of(expansions), terms = 0;
    for (int f = 0; f < CARC_FIGURES; f++)
        if ((figures >> f & 1) && f != CARC_FIG_MEEPLE) {
            terms |= AI_FIGURES;
            /* a figure of no strength: the builder (TB4, with the pig) */
            if (carc_figure_strength(f) == 0)
                terms |= AI_BIGBOX;
        }
    if (has_inns(expansions))
        terms |= AI_BIGBOX;
    return terms;
}

void ai_project(const carc_game *g, unsigned terms, double proj[CARC_MAX_PLAYERS])
{
    int p[CARC_MAX_PLAYERS];
    carc_projection(g, p);
    for (int s = 0; s < CARC_MAX_PLAYERS; s++)
        proj[s] = p[s];
    if (AI_BIGBOX_TERMS && (terms & AI_BIGBOX) && !carc_is_over(g))
        bigbox_terms(g, proj);
}

#if AI_ABBOT_TERMS
/* The figure a recall takes back (A6), asked by its name: the abbot terms are about
 * it alone. -1 if the engine has none. */
static int recalled_figure(void)
{
    return carc_figure_parse("abbot", 5);
}
#endif

double ai_supply_value(const carc_game *g, int seat, unsigned terms)
{
    double v = 0.3 * carc_supply(g, seat);
    if (terms & AI_FIGURES) {
        /* carc_supply counts a follower once: 0.3 more per point of strength above 1
         * (the large meeple's 0.6) */
        int counts[CARC_FIGURES], above = 0;
        carc_supply_figures(g, seat, counts);
        for (int f = 0; f < CARC_FIGURES; f++)
            if (carc_figure_strength(f) > 1)
                above += (carc_figure_strength(f) - 1) * counts[f];
        int recallable = 0;
#if AI_ABBOT_TERMS
        int r = recalled_figure();
        recallable = r >= 0 ? counts[r] : 0;
#endif
        v += 0.3 * above - (AI_ABBOT_TERMS ? 0.3 - ABBOT_SUPPLY : 0.0) * recallable;
    }
    return v;
}

double ai_evaluate(const carc_game *g, int seat, unsigned terms)
{
    double proj[CARC_MAX_PLAYERS];
    ai_project(g, terms, proj);
    double best_other = -1000000;
    for (int s = 0; s < carc_players(g); s++)
        if (s != seat && proj[s] > best_other)
            best_other = proj[s];
    return proj[seat] - best_other + ai_supply_value(g, seat, terms);
}

static int greedy_choose(carc_player *self, const carc_game *view, carc_move *out, char *note,
                         size_t note_size)
{
    greedy_player *p = (greedy_player *)self;
    int n = carc_legal(view, p->moves, CARC_MAX_MOVES);
    if (n == 0)
        return CARC_E_OVER;
    carc_pending pd = carc_pending_decision(view);
    int seat = pd.seat;
    if (pd.decision == CARC_DEC_DOUBLE_TURN)  /* TB11: a tile more is worth taking */
        for (int i = 0; i < n; i++)
            if (p->moves[i].kind == CARC_MOVE_AGAIN) {
                *out = p->moves[i];
                if (note_size)
                    snprintf(note, note_size, "takes the double turn");
                return CARC_OK;
            }
    unsigned terms = ai_terms(view);
    carc_determinize(view, mix_next(&p->rng), p->det);
    double best = -1e9;
    int pick = 0;
    for (int i = 0; i < n; i++) {
        carc_copy(p->trial, p->det);
        if (carc_apply(p->trial, &p->moves[i], NULL) != CARC_OK)
            continue;
        double v = ai_evaluate(p->trial, seat, terms) +
                   ai_move_value(p->det, &p->moves[i], seat);
        if (v > best) {
            best = v;
            pick = i;
        }
    }
    *out = p->moves[pick];
    if (note_size)
        snprintf(note, note_size, "best of %d moves, evaluation %+.1f", n, best);
    return CARC_OK;
}

static void greedy_destroy(carc_player *self)
{
    greedy_player *p = (greedy_player *)self;
    carc_free(p->det);
    carc_free(p->trial);
    free(p);
}

carc_player *ai_greedy_new(const carc_ai_options *opt)
{
    greedy_player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->det = calloc(1, carc_state_size());  /* zeroed: carc_copy reads its counts */
    p->trial = calloc(1, carc_state_size());
    if (!p->det || !p->trial) {
        greedy_destroy(&p->base);
        return NULL;
    }
    p->base.name = "greedy";
    p->base.choose = greedy_choose;
    p->base.destroy = greedy_destroy;
    p->rng = opt->seed;
    return &p->base;
}
