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
    turn_note(out);
}

void carc_projection(const carc_game *g, int scores[CARC_MAX_PLAYERS])
{
    for (int s = 0; s < CARC_MAX_PLAYERS; s++)
        scores[s] = s < g->players ? carc_score(g, s) : 0;
    if (g->over)
        return;
    /* Only a feature with a follower on it counts (follow != 0), so the features
     * are found through the followers' slots (at most 6 x 9) rather than by a walk
     * of every node (search projects at every iteration); each once, and the
     * order does not matter to the sums. */
    uint16_t roots[CARC_MAX_PLAYERS * FIG_FOLLOWER_SLOTS];
    int nroots = 0;
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
            int fn = g->fnode[s][i];
            if (!fig_placed(fn))
                continue;
            int root = feat_root(g, fn), k = 0;
            while (k < nroots && roots[k] != root)
                k++;
            if (k == nroots)
                roots[nroots++] = (uint16_t)root;
        }
    for (int k = 0; k < nroots; k++) {
        int n = roots[k];
        const feature *r = feat_of(g, n);
        if (r->follow == 0 || (r->flags & NF_SCORED))
            continue;
        int value = feat_value_end(g, n);
        unsigned holders = feat_holders(g, n);
        int field = feat_type(r) == CARC_FEAT_FIELD;
        for (int s = 0; s < g->players; s++) {
            if (!(holders & (1u << s)))
                continue;
            int reason;  /* TB8: the figures' own bonus (4 a city with the holder's pig) */
            scores[s] += value + (field && (g->figures & fig_field_kinds)
                                      ? figure_field_bonus(g, s, n, value / 3, &reason) : 0);
        }
    }
    for (int s = 0; s < g->players; s++) {
        for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
            scores[s] += g->banked[s][c];
        scores[s] += exp_held_points(g, s);
    }
}
