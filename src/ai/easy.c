/*
 * easy.c - the "easy" level: a player that makes the mistakes a person new to the
 * game makes, not random ones (docs/AI.md, levels).
 *
 * Like greedy it tries every legal move on one determinization of its view, but:
 * - it values the result by the projected margin alone (ai_project: what the
 *   board would pay if the game ended now), without greedy's worth of a follower
 *   kept in supply, so it spends its followers on anything that pays a point and
 *   runs short of them later (no long-term plan);
 * - it does not always take the best: it draws among the EASY_TOP best moves with
 *   a softmax of temperature EASY_TEMPERATURE points, so a near-best move (a
 *   completion missed, a field joined a turn late) is chosen now and then, a bad one
 *   never.
 * The double turn (TB11) is always taken, as greedy takes it. Its generator is its
 * own (the seed), so a seed gives the same choices.
 */
#include <math.h>
#include "ai_int.h"

enum { EASY_TOP = 4 };              /* the moves the softmax draws among */
#ifndef EASY_TEMPERATURE  /* points of margin that make a move e times rarer */
#define EASY_TEMPERATURE 2.0
#endif

typedef struct {
    carc_player base;
    uint64_t rng;
    carc_move moves[CARC_MAX_MOVES];
    carc_game *det, *trial;
} easy_player;

/* The projected margin of `seat` in g: its projected score less the best other's. */
static double easy_margin(const carc_game *g, int seat, unsigned terms)
{
    double proj[CARC_MAX_PLAYERS], best_other = -1e9;
    ai_project(g, terms, proj);
    for (int s = 0; s < carc_players(g); s++)
        if (s != seat && proj[s] > best_other)
            best_other = proj[s];
    return proj[seat] - best_other;
}

/* Inserts move i with value v into the k best so far (top[], val[], best first;
 * an equal value stays behind the earlier move, as greedy's ties go to the first). */
static void easy_keep(int top[EASY_TOP], double val[EASY_TOP], int *k, int i, double v)
{
    int at = *k < EASY_TOP ? (*k)++ : EASY_TOP;
    while (at > 0 && val[at - 1] < v) {
        if (at < EASY_TOP) {
            top[at] = top[at - 1];
            val[at] = val[at - 1];
        }
        at--;
    }
    if (at < EASY_TOP) {
        top[at] = i;
        val[at] = v;
    }
}

static int easy_choose(carc_player *self, const carc_game *view, carc_move *out, char *note,
                       size_t note_size)
{
    easy_player *p = (easy_player *)self;
    int n = carc_legal(view, p->moves, CARC_MAX_MOVES);
    if (n == 0)
        return CARC_E_OVER;
    carc_pending pd = carc_pending_decision(view);
    if (pd.decision == CARC_DEC_DOUBLE_TURN)  /* TB11: a tile more is worth taking */
        for (int i = 0; i < n; i++)
            if (p->moves[i].kind == CARC_MOVE_AGAIN) {
                *out = p->moves[i];
                return CARC_OK;
            }
    unsigned terms = ai_terms(view);
    carc_determinize(view, mix_next(&p->rng), p->det);
    int top[EASY_TOP], k = 0;
    double val[EASY_TOP];
    for (int i = 0; i < n; i++) {
        carc_copy(p->trial, p->det);
        if (carc_apply(p->trial, &p->moves[i], NULL) == CARC_OK)
            easy_keep(top, val, &k, i, easy_margin(p->trial, pd.seat, terms));
    }
    if (k == 0) {
        *out = p->moves[0];
        return CARC_OK;
    }
    double w[EASY_TOP], sum = 0;
    for (int j = 0; j < k; j++)
        sum += w[j] = exp((val[j] - val[0]) / EASY_TEMPERATURE);
    double u = (double)(mix_next(&p->rng) >> 11) * 0x1p-53 * sum;
    int pick = 0;
    while (pick + 1 < k && u >= w[pick]) {
        u -= w[pick];
        pick++;
    }
    *out = p->moves[top[pick]];
    if (note_size)
        snprintf(note, note_size, "move %d of the %d best of %d, margin %+.1f (best %+.1f)",
                 pick + 1, k, n, val[pick], val[0]);
    return CARC_OK;
}

static void easy_destroy(carc_player *self)
{
    easy_player *p = (easy_player *)self;
    carc_free(p->det);
    carc_free(p->trial);
    free(p);
}

carc_player *ai_easy_new(const carc_ai_options *opt)
{
    easy_player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->det = calloc(1, carc_state_size());  /* zeroed: carc_copy reads its counts */
    p->trial = calloc(1, carc_state_size());
    if (!p->det || !p->trial) {
        easy_destroy(&p->base);
        return NULL;
    }
    p->base.name = "easy";
    p->base.choose = easy_choose;
    p->base.destroy = easy_destroy;
    p->rng = opt->seed;
    return &p->base;
}
