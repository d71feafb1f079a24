/*
 * determinize.c - what search needs from hidden information: dealing a playable
 * game consistent with a seat's view (carc_determinize), and projecting final
 * scores from the current board (carc_projection).
 *
 * A view (game.c) keeps every public fact: the stack's contents sorted, deck sizes,
 * discard piles, other seats' hand sizes (and, for Christmas cards, how many came
 * from each deck, since a draw names its deck). Dealing shuffles the unknown cards
 * of each deck, gives each deck its size from them, and deals the rest to the
 * hidden hands by deck of origin: every consistent deal is equally likely.
 */
#include "state.h"

/* Appends `copies - seen[c]` cards of each id in [first, last] to pool. */
static int unknown_pool(uint8_t *pool, int first, int last, int copies, const int *seen)
{
    int n = 0;
    for (int c = first; c <= last; c++)
        for (int k = seen[c]; k < copies; k++)
            pool[n++] = (uint8_t)c;
    return n;
}

static void deal_gifts(carc_game *g, int seat)
{
    int seen[CARC_CARDS] = {0};
    uint8_t pool[25];
    for (int i = 0; i < g->gift_ndiscard; i++)
        seen[g->gift_discard[i]]++;
    for (int c = 1; c <= CARC_GIFT_TAKE_TWO; c++)
        seen[c] += g->gifts[seat][c];
    int n = unknown_pool(pool, CARC_GIFT_SYNOD, CARC_GIFT_TAKE_TWO, 5, seen);
    rng_shuffle(g->rng, pool, n);
    int k = 0;
    for (int i = 0; i < g->gift_deck_len; i++)
        g->gift_deck[i] = pool[k++];
    for (int s = 0; s < g->players; s++) {
        int hidden = g->gifts[s][0];
        g->gifts[s][0] = 0;
        for (int i = 0; i < hidden; i++)
            g->gifts[s][pool[k++]]++;
    }
}

static void deal_cards(carc_game *g, int seat)
{
    for (int d = 0; d < 2; d++) {
        int first = d ? CARC_XR_INTRUDE_FIELD : CARC_XC_SCORE_THREE;
        int seen[CARC_CARDS] = {0};
        uint8_t pool[32];
        for (int i = 0; i < g->xndiscard[d]; i++)
            seen[g->xdiscard[d][i]]++;
        for (int c = first; c < first + 16; c++)
            seen[c] += g->xhand[seat][c];
        if (g->xplay >= first && g->xplay < first + 16)
            seen[g->xplay]++;
        int n = unknown_pool(pool, first, first + 15, 2, seen);
        rng_shuffle(g->rng, pool, n);
        int k = 0;
        for (int i = 0; i < g->xdeck_len[d]; i++)
            g->xdeck[d][i] = pool[k++];
        for (int s = 0; s < g->players; s++)
            for (int i = 0; i < g->xhidden[s][d] && k < n; i++)
                g->xhand[s][pool[k++]]++;
    }
    for (int s = 0; s < g->players; s++) {
        g->xhand[s][0] = 0;
        g->xhidden[s][0] = g->xhidden[s][1] = 0;
    }
}

void carc_determinize(const carc_game *view, uint64_t seed, carc_game *out)
{
    carc_copy(out, view);
    rng_seed(out->rng, seed);
    int seat = out->view_seat;
    if (seat < 0)
        return;
    out->view_seat = -1;
    rng_shuffle(out->rng, out->stack, out->stack_len);
    if (gifts_on(out))
        deal_gifts(out, seat);
    if (xmas_on(out))
        deal_cards(out, seat);
}

void carc_projection(const carc_game *g, int scores[CARC_MAX_PLAYERS])
{
    for (int s = 0; s < CARC_MAX_PLAYERS; s++)
        scores[s] = s < g->players ? carc_score(g, s) : 0;
    if (g->over)
        return;
    for (int n = 0; n < g->nnodes; n++) {
        const node *r = &g->nodes[n];
        if (r->parent != n || r->nfollow == 0 || (r->flags & NF_SCORED))
            continue;
        int value = feat_value_end(g, n);
        unsigned holders = feat_holders(g, n);
        for (int s = 0; s < g->players; s++)
            if (holders & (1u << s))
                scores[s] += value;
    }
    for (int s = 0; s < g->players; s++) {
        for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
            scores[s] += g->banked[s][c];
        scores[s] += 2 * gifts_held(g, s);
    }
}
