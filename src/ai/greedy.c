/*
 * greedy.c - the one-ply player: tries every legal move on one determinization of
 * its view and keeps the move whose resulting state evaluates best (docs/AI.md).
 *
 * Evaluation (ai_evaluate): the projected final score (carc_projection: current
 * score plus what every unfinished feature, field, banked point and unopened gift
 * would pay if the game ended now) of the seat, minus the best projected score
 * among the others, plus 0.3 per follower in supply, so that a follower is spent
 * only where it is worth at least a point. Ties go to the first move listed.
 */
#include "ai_int.h"

typedef struct {
    carc_player base;
    uint64_t rng;
    carc_move moves[CARC_MAX_MOVES];
    carc_game *det, *trial;
} greedy_player;

double ai_evaluate(const carc_game *g, int seat)
{
    int proj[CARC_MAX_PLAYERS];
    carc_projection(g, proj);
    int best_other = -1000000;
    for (int s = 0; s < carc_players(g); s++)
        if (s != seat && proj[s] > best_other)
            best_other = proj[s];
    return proj[seat] - best_other + 0.3 * carc_supply(g, seat);
}

static int greedy_choose(carc_player *self, const carc_game *view, carc_move *out, char *note,
                         size_t note_size)
{
    greedy_player *p = (greedy_player *)self;
    int n = carc_legal(view, p->moves, CARC_MAX_MOVES);
    if (n == 0)
        return CARC_E_OVER;
    int seat = carc_pending_decision(view).seat;
    carc_determinize(view, mix_next(&p->rng), p->det);
    double best = -1e9;
    int pick = 0;
    for (int i = 0; i < n; i++) {
        carc_copy(p->trial, p->det);
        if (carc_apply(p->trial, &p->moves[i], NULL) != CARC_OK)
            continue;
        double v = ai_evaluate(p->trial, seat);
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
    p->det = malloc(carc_state_size());
    p->trial = malloc(carc_state_size());
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
