/*
 * eval.c - mcts's evaluation of a position (docs/AI.md, "The evaluation").
 *
 * greedy's projection (ai_project) values the board as if the game ended now: an
 * unfinished city at 1 a tile, a cloister at the tiles around it now, a follower in
 * supply at a flat 0.3. A searcher that stops its playouts a few moves in values
 * its leaves with that, and so learns nothing of what a feature will likely become.
 * These terms add it, per seat, to the seats that hold the feature (the greatest
 * strength, as the majorities go):
 *
 *   city      (tiles + pennants) x the chance the city is completed (it then pays
 *             2 a tile, not 1), exp(-city_lambda x open edges / (tiles a seat still
 *             places + 1)); an inn road or a cathedral city is ai_project's already
 *   cloister  each empty position around a cloister or garden x the chance it is
 *             filled, 1 - exp(-tiles left / fill_tiles)
 *   supply    the followers' strength in supply x the share of the game left, l /
 *             (l + supply_half), l the tiles a seat still places; a figure
 *             that may be recalled (A6, the abbot: it goes only on a cloister or
 *             garden, and comes back at will) is weighted apart, recall supply
 *   returns   the strength a seat has on unfinished roads, cities, cloisters and
 *             gardens x the chance the feature is completed (the follower comes
 *             back) x the same share
 *   field     the tiles of a held field x the same share (the cities around it
 *             still to be completed, which ai_project does not count yet)
 *   recallable the cloister term of a cloister or garden held by a figure that may
 *             be recalled (A6, the abbot), weighted apart: a recall trades that
 *             growth for points now and the figure back
 *   field cities the points a held field's unfinished cities will pay its holder
 *             at the end if completed (3 each; a barn's 4): each x its chance of
 *             completion, as the city term's (ai_project counts the completed ones)
 *   barn      the completed cities bordering a field that holds the seat's barn (a
 *             figure on a tile's corner, carc_feature_info.barns: AM11 pays each 4
 *             at the end, and ai_project counts no barn)
 *   barn field the tiles of that field x the share left, as the field term (the
 *             cities around it still to be completed), weighted apart: a barn
 *             pays 4 a city where farmers get 3
 *   inn       a held unfinished inn road or cathedral city at ai_project's value
 *             of it (its end value x its completion chance, greedy.c), so that a
 *             weight may price the risk: unfinished at the end it pays 0 (I7)
 *   builder   the share of the game left, for a builder (TB4) on an unfinished
 *             road or city: the double turns it may still bring (ai_project adds
 *             a flat 1.5 points whatever is left)
 *
 * Each term has a weight of eval_weights.def, data measured by the paired test.
 */
#include <math.h>
#include <stddef.h>
#include "ai_int.h"
#include "eval.h"

static const ai_eval_weights eval_defaults = {
#define AI_WEIGHT(name, value) value,
#include "eval_weights.def"
#undef AI_WEIGHT
};

static const char *const eval_names[] = {
#define AI_WEIGHT(name, value) #name,
#include "eval_weights.def"
#undef AI_WEIGHT
};

static const size_t eval_offsets[] = {
#define AI_WEIGHT(name, value) offsetof(ai_eval_weights, name),
#include "eval_weights.def"
#undef AI_WEIGHT
};

enum { EVAL_WEIGHTS = sizeof eval_names / sizeof eval_names[0] };

const ai_eval_weights *ai_eval_default(void)
{
    return &eval_defaults;
}

int ai_eval_weight_count(void)
{
    return EVAL_WEIGHTS;
}

const char *ai_eval_weight_at(const ai_eval_weights *w, int i, double *value)
{
    if (i < 0 || i >= EVAL_WEIGHTS)
        return NULL;
    memcpy(value, (const char *)w + eval_offsets[i], sizeof *value);
    return eval_names[i];
}

int ai_eval_weight_set(ai_eval_weights *w, const char *name, size_t len, double value)
{
    for (int i = 0; i < EVAL_WEIGHTS; i++)
        if (strlen(eval_names[i]) == len && !memcmp(eval_names[i], name, len)) {
            memcpy((char *)w + eval_offsets[i], &value, sizeof value);
            return 1;
        }
    return 0;
}

/* Empty positions among the 8 around (x,y). */
static int eval_empty_around(const carc_game *g, int x, int y)
{
    int n = 0, kind, rot;
    for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
            n += (dx || dy) && !carc_tile_at(g, x + dx, y + dy, &kind, &rot);
    return n;
}

/* The unfinished cities the field at (x,y,port) borders, each x its chance of
 * completion (the city term's), summed. */
static double eval_field_cities(const carc_game *g, int x, int y, int port,
                                const ai_eval_weights *w, double left)
{
    carc_segment_pos open[64];
    int n = 0;
    double sum = 0;
    if (carc_field_cities(g, x, y, port, open, 64, &n) < 0)
        return 0;
    for (int i = 0; i < n; i++) {
        carc_feature_info ci;
        if (carc_feature_at(g, open[i].x, open[i].y, open[i].port, &ci))
            sum += exp(-w->city_lambda * ci.open / (left + 1.0));
    }
    return sum;
}

/* The barn term of a figure standing on a tile's corner (AM9: stored as the corner
 * south-east of its tile, the four corner fields one field): when its field lists
 * it among the barns, the completed cities the field borders (its end value is 3
 * each for farmers, B11) and its tiles x the share left. */
static void eval_barn(const carc_game *g, const carc_follower *f, const ai_eval_weights *w,
                      double left, double share, double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS])
{
    carc_feature_info fi;
    if (!carc_feature_at(g, f->x, f->y, CARC_PORT_SE, &fi) || fi.type != CARC_FEAT_FIELD ||
        !(fi.barns >> f->seat & 1))
        return;
    term[AI_EVAL_BARN][f->seat] += fi.value / 3;
    term[AI_EVAL_BARN_FIELD][f->seat] += fi.tiles * share;
    if (w->field_cities != 0)  /* AM11: 4 a city */
        term[AI_EVAL_FIELD_CITIES][f->seat] +=
            4 * eval_field_cities(g, f->x, f->y, CARC_PORT_SE, w, left);
}

void ai_eval_terms(const carc_game *g, const ai_eval_weights *w,
                   double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS])
{
    int players = carc_players(g);
    memset(term, 0, sizeof(double) * AI_EVAL_TERMS * CARC_MAX_PLAYERS);
    if (carc_is_over(g))
        return;
    double left = (double)carc_stack_left(g) / players;
    double share = left / (left + w->supply_half);
    double fill = 1.0 - exp(-(double)carc_stack_left(g) / w->fill_tiles);
    for (int s = 0; s < players; s++) {
        int counts[CARC_FIGURES], strength = 0, recalls = 0;
        carc_supply_figures(g, s, counts);
        for (int f = 0; f < CARC_FIGURES; f++)
            if (carc_figure_recalls(f))
                recalls += carc_figure_strength(f) * counts[f];
            else
                strength += carc_figure_strength(f) * counts[f];
        term[AI_EVAL_SUPPLY][s] = strength * share;
        term[AI_EVAL_RECALL_SUPPLY][s] = recalls * share;
    }
    /* follower by follower (carc_followers walks the figures, where listing the
     * features walks the board): each of a holder's figures on a feature adds its
     * share of the feature's gain, its strength over the seat's, so that a feature
     * counts once for each holder. A field is the dearest feature to ask for
     * (carc_feature_at values it): left out while its weight is 0. */
    carc_follower fs[CARC_MAX_PLAYERS * CARC_FIGURES * 8];
    int cap = (int)(sizeof fs / sizeof fs[0]), n = carc_followers(g, fs, cap);
    if (n > cap)
        n = cap;  /* more than any game has: the rest go uncounted */
    for (int i = 0; i < n; i++) {
        const carc_follower *f = &fs[i];
        int strength = carc_figure_strength(f->figure);
        carc_feature_info fi;
        if (f->type == CARC_FEAT_CORNER) {
            eval_barn(g, f, w, left, share, term);
            continue;
        }
        if (strength == 0 && (f->type == CARC_FEAT_ROAD || f->type == CARC_FEAT_CITY)) {
            /* a figure of no strength on a road or city: the builder (TB4), whose
             * double turns last while its feature is unfinished */
            if (w->builder != 0 && carc_feature_at(g, f->x, f->y, f->port, &fi) &&
                !fi.completed)
                term[AI_EVAL_BUILDER][f->seat] += share;
            continue;
        }
        if (strength == 0 || f->type == CARC_FEAT_TOWER ||
            (f->type == CARC_FEAT_FIELD && w->field_tiles == 0) ||
            !carc_feature_at(g, f->x, f->y, f->port, &fi) || fi.completed)
            continue;
        int most = 0;
        for (int s = 0; s < players; s++)
            if (fi.followers[s] > most)
                most = fi.followers[s];
        double chance = 0, gain = 0;
        int held = AI_EVAL_CITY;
        if (fi.type == CARC_FEAT_CITY || fi.type == CARC_FEAT_ROAD) {
            /* a road's lambda is the city's scaled as greedy's (1.5 against 2.5) */
            double lambda = fi.type == CARC_FEAT_CITY ? w->city_lambda : w->city_lambda * 0.6;
            chance = exp(-lambda * fi.open / (left + 1.0));
            if (fi.type == CARC_FEAT_CITY && !fi.cathedral && !fi.locked)
                gain = (fi.tiles + fi.pennants) * chance;
            /* ai_project's value of an inn road or cathedral city (greedy.c's
             * bigbox_terms: 0 unfinished at the end, I7), for its risk's weight */
            if ((fi.inn || fi.cathedral) && !fi.locked && most > 0 &&
                fi.followers[f->seat] == most)
                term[AI_EVAL_INN][f->seat] +=
                    (fi.type == CARC_FEAT_ROAD ? 2.0 * fi.tiles : 3.0 * (fi.tiles + fi.pennants)) *
                    chance * strength / most;
        } else if (fi.type == CARC_FEAT_CLOISTER || fi.type == CARC_FEAT_GARDEN) {
            int empty = eval_empty_around(g, f->x, f->y);
            chance = pow(fill, empty);
            gain = empty * fill;
            held = carc_figure_recalls(f->figure) ? AI_EVAL_RECALLABLE : AI_EVAL_CLOISTER;
        } else if (fi.type == CARC_FEAT_FIELD) {
            gain = fi.tiles * share;
            held = AI_EVAL_FIELD;
            if (w->field_cities != 0 && most > 0 && fi.followers[f->seat] == most)
                term[AI_EVAL_FIELD_CITIES][f->seat] +=
                    3 * eval_field_cities(g, f->x, f->y, f->port, w, left) * strength / most;
        } else {
            continue;
        }
        int s = f->seat;
        /* fi.followers is each seat's strength (a mayor's its city's pennants, AM6):
         * a feature held by strength 0 alone (a pennant-less mayor) gains nobody */
        if (most > 0 && fi.followers[s] == most)
            term[held][s] += gain * strength / most;
        if (held != AI_EVAL_FIELD)  /* a farmer never comes back */
            term[AI_EVAL_RETURNS][s] += strength * chance * share;
    }
}

void ai_eval_values(const carc_game *g, unsigned terms, const ai_eval_weights *w,
                    double value[CARC_MAX_PLAYERS])
{
    double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS];
    ai_project(g, terms, value);
    ai_eval_terms(g, w, term);
    for (int s = 0; s < carc_players(g); s++)
        value[s] += w->city_close * term[AI_EVAL_CITY][s] +
                    w->cloister_fill * term[AI_EVAL_CLOISTER][s] +
                    w->supply * term[AI_EVAL_SUPPLY][s] + w->returns * term[AI_EVAL_RETURNS][s] +
                    w->field_tiles * term[AI_EVAL_FIELD][s] +
                    w->abbot_fill * term[AI_EVAL_RECALLABLE][s] +
                    w->barn * term[AI_EVAL_BARN][s] +
                    w->barn_field * term[AI_EVAL_BARN_FIELD][s] +
                    w->field_cities * term[AI_EVAL_FIELD_CITIES][s] +
                    w->abbot_supply * term[AI_EVAL_RECALL_SUPPLY][s] +
                    w->inn_close * term[AI_EVAL_INN][s] + w->builder * term[AI_EVAL_BUILDER][s];
}
