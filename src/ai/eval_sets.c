/*
 * eval_sets.c - mcts's evaluation weights by the game's expansions (docs/AI.md,
 * "Fifth round"): the rows of eval_sets.def, each the linear weights fitted to
 * self-play with one set of expansions. A game takes the row of the most
 * expansions it has all of, so that a game with a set and more (the abbey and the
 * dragon) still gets the nearest fit; without one, eval_weights.def's (the base
 * game's), and the margin that the searcher's reward squashes (the sets' scores
 * differ by more or less than the base game's). The rows name their expansions as the registry does, never by bit, so
 * that the computer player names no expansion (scripts/expansion_names.sh).
 */
#include <math.h>
#include "ai_int.h"
#include "eval.h"

typedef struct {
    const char *expansions;  /* registry names, comma-separated */
    double margin_scale;     /* the searcher's reward squash (mcts.c) */
    int fitted;              /* 1: the linear weights below; 0: eval_weights.def's */
    double city_close, cloister_fill, supply, returns, field_tiles;
    const char *weights;     /* AI_EVAL_WEIGHTS: "name=value ..." over the others; or NULL */
} eval_sets_row;

static const eval_sets_row eval_sets_rows[] = {
#define AI_EVAL_SET(names, margin, city, cloister, supply, returns, field) \
    {names, margin, 1, city, cloister, supply, returns, field, NULL},
#define AI_EVAL_SCALE(names, margin) {names, margin, 0, 0, 0, 0, 0, 0, NULL},
#define AI_EVAL_WEIGHTS(names, margin, weights) {names, margin, 0, 0, 0, 0, 0, 0, weights},
#include "eval_sets.def"
#undef AI_EVAL_SET
#undef AI_EVAL_SCALE
#undef AI_EVAL_WEIGHTS
    {NULL, 0, 0, 0, 0, 0, 0, 0, NULL},  /* the end, so that the file may have no row */
};

/* The rows' sets alone, for ai_eval_set_choose. */
static const char *const eval_sets_names[] = {
#define AI_EVAL_SET(names, margin, city, cloister, supply, returns, field) names,
#define AI_EVAL_SCALE(names, margin) names,
#define AI_EVAL_WEIGHTS(names, margin, weights) names,
#include "eval_sets.def"
#undef AI_EVAL_SET
#undef AI_EVAL_SCALE
#undef AI_EVAL_WEIGHTS
    NULL,
};

enum { EVAL_SETS = sizeof eval_sets_rows / sizeof eval_sets_rows[0] - 1 };

/* The expansion bits a comma-separated list of registry names stands for; 0 when
 * a name is not in the registry (the row then fits no game). */
static unsigned eval_sets_bits(const char *names)
{
    unsigned bits = 0;
    for (const char *s = names; *s;) {
        size_t len = strcspn(s, ",");
        unsigned bit = 0;
        for (int i = 0; i < carc_expansion_count(); i++) {
            const carc_expansion_info *e = carc_expansion_at(i);
            if (strlen(e->name) == len && !memcmp(e->name, s, len))
                bit = e->bit;
        }
        if (!bit)
            return 0;
        bits |= bit;
        s += len + (s[len] == ',');
    }
    return bits;
}

int ai_eval_weights_parse(ai_eval_weights *w, const char *text)
{
    ai_eval_weights out = *w;
    const char *s = text;
    for (;;) {
        s += strspn(s, " ");
        if (!*s)
            break;
        size_t len = strcspn(s, "= ");
        char *end;
        if (s[len] != '=')
            return 0;
        double value = strtod(s + len + 1, &end);
        if (end == s + len + 1 || (*end && *end != ' ') || !isfinite(value) ||
            !ai_eval_weight_set(&out, s, len, value))
            return 0;
        s = end;
    }
    *w = out;
    return 1;
}

int ai_eval_set_count(void)
{
    return EVAL_SETS;
}

const char *ai_eval_set_name(int i)
{
    return i >= 0 && i < EVAL_SETS ? eval_sets_rows[i].expansions : NULL;
}

int ai_eval_set_choose(const char *const *sets, int n, unsigned expansions)
{
    int best = -1, best_size = 0;
    for (int i = 0; i < n; i++) {
        unsigned bits = eval_sets_bits(sets[i]);
        int size = __builtin_popcount(bits);
        if (bits && (bits & ~expansions) == 0 && size > best_size) {
            best = i;
            best_size = size;
        }
    }
    return best;
}

int ai_eval_set_weights(unsigned expansions, ai_eval_weights *w, double *margin_scale)
{
    int best = ai_eval_set_choose(eval_sets_names, EVAL_SETS, expansions);
    *w = *ai_eval_default();
    if (best < 0)
        return -1;
    const eval_sets_row *r = &eval_sets_rows[best];
    *margin_scale = r->margin_scale;
    if (r->fitted) {
        w->city_close = r->city_close;
        w->cloister_fill = r->cloister_fill;
        w->supply = r->supply;
        w->returns = r->returns;
        w->field_tiles = r->field_tiles;
    }
    if (r->weights)
        ai_eval_weights_parse(w, r->weights);  /* checked by test_ai_eval */
    return best;
}
