/*
 * determinize.c - what search needs from hidden information: dealing a playable
 * game consistent with a seat's view (carc_determinize), and projecting final
 * scores from the current board (carc_projection).
 *
 * A view (game.c) keeps every public fact: the stack's contents sorted, deck sizes,
 * discard piles, other seats' hand sizes (and, for Christmas cards, how many came
 * from each deck, since a draw names its deck). Dealing shuffles the stack here;
 * each active expansion deals its own hidden cards (its hook `deal`): it shuffles
 * the unknown cards of each deck, gives each deck its size from them, and deals the
 * rest to the hidden hands by deck of origin, so every consistent deal is equally
 * likely.
 */
#include "expansion.h"

void carc_determinize(const carc_game *view, uint64_t seed, carc_game *out)
{
    carc_copy(out, view);
    rng_seed(out->rng, seed);
    int seat = out->view_seat;
    if (seat < 0)
        return;
    out->view_seat = -1;
    stack_shuffle(out);  /* R10: the river stack apart, the lake last */
    exp_deal(out, seat);
}

void carc_projection(const carc_game *g, int scores[CARC_MAX_PLAYERS])
{
    for (int s = 0; s < CARC_MAX_PLAYERS; s++)
        scores[s] = s < g->players ? carc_score(g, s) : 0;
    if (g->over)
        return;
    for (int n = 0; n < g->nnodes; n++) {
        const feature *r = feat_of(g, n);
        if (g->nodes[n].parent != n || r->follow == 0 || (r->flags & NF_SCORED))
            continue;
        int value = feat_value_end(g, n);
        unsigned holders = feat_holders(g, n);
        int field = feat_type(r) == CARC_FEAT_FIELD;
        for (int s = 0; s < g->players; s++) {
            if (!(holders & (1u << s)))
                continue;
            int reason;  /* TB8: the figures' own bonus (4 a city with the holder's pig) */
            scores[s] += value + (field ? figure_field_bonus(g, s, n, value / 3, &reason) : 0);
        }
    }
    for (int s = 0; s < g->players; s++) {
        for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
            scores[s] += g->banked[s][c];
        scores[s] += exp_held_points(g, s);
    }
}
