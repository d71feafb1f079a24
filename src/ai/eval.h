/*
 * eval.h - mcts's evaluation of a position (eval.c, docs/AI.md "The evaluation"):
 * greedy's projected final scores plus what a held feature may still become and
 * what the followers are worth by how much of the game is left, weighted by the
 * data of eval_weights.def.
 */
#ifndef CARC_AI_EVAL_H
#define CARC_AI_EVAL_H

#include <stddef.h>
#include "carc.h"

/* The weights, one field a row of eval_weights.def. */
typedef struct ai_eval_weights {
#define AI_WEIGHT(name, value) double name;
#include "eval_weights.def"
#undef AI_WEIGHT
} ai_eval_weights;

/* The terms the weights multiply, per seat (eval.c). */
enum {
    AI_EVAL_CITY, AI_EVAL_CLOISTER, AI_EVAL_SUPPLY, AI_EVAL_RETURNS, AI_EVAL_FIELD,
    AI_EVAL_RECALLABLE,  /* the cloister term of a figure that may be recalled (A6) */
    AI_EVAL_BARN,        /* the completed cities of a barn's field (AM11) */
    AI_EVAL_BARN_FIELD,  /* the tiles of a barn's field x the share left */
    AI_EVAL_FIELD_CITIES, /* a held field's unfinished cities x their completion chance */
    AI_EVAL_RECALL_SUPPLY, /* the supply term of the figures that may be recalled (A6) */
    AI_EVAL_INN,         /* a held unfinished inn road or cathedral city, ai_project's value */
    AI_EVAL_BUILDER,     /* the share left, for a builder on an unfinished feature (TB4) */
    AI_EVAL_TERMS
};

/* The weights as eval_weights.def has them. */
const ai_eval_weights *ai_eval_default(void);
/* The count of weights, and the name and value of the i-th (0 <= i < count) of w,
 * in the file's order; NULL past the end. */
int ai_eval_weight_count(void);
const char *ai_eval_weight_at(const ai_eval_weights *w, int i, double *value);
/* Sets the weight of w named by name's first len characters to value: 1, or 0 (w
 * unchanged) when no weight has that name. For tuning tools. */
int ai_eval_weight_set(ai_eval_weights *w, const char *name, size_t len, double value);
/* eval_sets.c: the rows of eval_sets.def (weights fitted to one set of expansions):
 * their count, and the i-th's expansions as registry names ("inns,traders"; NULL
 * past the end). */
int ai_eval_set_count(void);
/* eval_sets.c: sets the weights that text names ("name=value", space-separated, as
 * an AI_EVAL_WEIGHTS row of eval_sets.def has them) in w: 1, or 0 (w unchanged)
 * when a name is unknown or a value not a finite number. */
int ai_eval_weights_parse(ai_eval_weights *w, const char *text);
const char *ai_eval_set_name(int i);
/* eval_sets.c: which of n sets (registry names, comma-separated) a game with these
 * expansions (CARC_EXP_* bits) takes: the one of the most expansions it has all of,
 * the first on a tie; -1 when none (a set naming an unknown expansion fits none). */
int ai_eval_set_choose(const char *const *sets, int n, unsigned expansions);
/* eval_sets.c: sets w to the weights for a game with these expansions (CARC_EXP_*
 * bits, carc_config's): eval_weights.def's, the linear ones replaced by the row of
 * the most expansions the game has all of (the first on a tie), and *margin_scale to
 * that row's (mcts's reward squash). Returns the row's index, or -1 when none fits
 * (w is then eval_weights.def's, *margin_scale unchanged). */
int ai_eval_set_weights(unsigned expansions, ai_eval_weights *w, double *margin_scale);
/* Each seat's terms (term[AI_EVAL_...][seat]) of g under w's shape constants (the
 * lambdas, fill_tiles, supply_half): the unweighted features, for tests and tuning.
 * The field term is left at 0 while w->field_tiles is 0 (its feature is the dearest
 * to ask for), the field cities' while w->field_cities is 0; all are 0 once the
 * game is over. */
void ai_eval_terms(const carc_game *g, const ai_eval_weights *w,
                   double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS]);
/* Each seat's value: ai_project (terms: ai_terms' bits) plus the weighted terms. */
void ai_eval_values(const carc_game *g, unsigned terms, const ai_eval_weights *w,
                    double value[CARC_MAX_PLAYERS]);

#endif
