/*
 * resolve.c - what a card does once it resolves (neither blocked nor voided):
 * points now (score_three, score_* of X7), a follower placed (claim_*, intrude_*,
 * X14), a lock (X12), a tie-break token (X11), a follower returned or swapped, a
 * Mastermind mark for the next turn (X13). The card is then discarded.
 */
#include "christmas.h"

/* X7: the feature of node v scores now; the card's holder gets the card's value,
 * the other holders the end-of-game value; then its followers return and tokens
 * leave. */
static void score_now(carc_game *g, int c, int v)
{
    int r = feat_root(g, v);
    unsigned holders = feat_holders(g, r);
    int tiles = node_type(g, r) >= CARC_FEAT_CLOISTER ? 1 : feat_tiles(g, r);
    int card_value = c == CARC_XC_SCORE_ROAD_DOUBLE ? 2 * tiles
                   : c == CARC_XC_SCORE_CITY_BONUS ? 2 * tiles + feat_of(g, r)->pennants
                   : 1 + 2 * board_around(g, g->nodes[r].tile);
    if (feat_of(g, r)->flags & (NF_INN | NF_CATHEDRAL))
        card_value = 0;  /* XI6: an unfinished inn road or cathedral city is worth 0 */
    int normal = feat_value_end(g, r);
    for (int s = 0; s < g->players; s++) {
        if (!(holders & (1u << s)))
            continue;
        if (s == g->active)
            score_add(g, s, CARC_SCORE_CARDS, card_value, CARC_REASON_SCORE_CARD, v);
        else
            score_add(g, s, score_category(node_type(g, r)), normal, CARC_REASON_SCORE_CARD, v);
    }
    score_return_followers(g, r);
}

/* Applies card c with target m (already validated, not blocked). */
void xmas_resolve(carc_game *g, int c, const carc_move *m)
{
    int seat = g->active;
    int v = m->port == CARC_PORT_NONE ? NODE_NONE : board_node_at(g, m->x, m->y, m->port);
    int r = v == NODE_NONE ? NODE_NONE : feat_root(g, v);
    switch (c) {
    case CARC_XC_SCORE_THREE:
        score_add(g, seat, CARC_SCORE_CARDS, 3, CARC_REASON_SCORE_THREE, NODE_NONE);
        break;
    case CARC_XC_SCORE_ROAD_DOUBLE: case CARC_XC_SCORE_CITY_BONUS:
    case CARC_XC_SCORE_CLOISTER_BONUS:
        score_now(g, c, v);
        break;
    case CARC_XC_CLAIM_FIELD: case CARC_XC_CLAIM_ROAD: case CARC_XC_CLAIM_CITY:
    case CARC_XR_INTRUDE_FIELD: case CARC_XR_INTRUDE_ROAD: case CARC_XR_INTRUDE_CITY:
    case CARC_XR_INTRUDE_CLOISTER:
        figure_put(g, seat, m->figure, v);  /* XI1: the follower chosen */
        break;
    case CARC_XR_LOCK_CLOISTER: case CARC_XR_LOCK_ROAD: case CARC_XR_LOCK_CITY:
        feat_mut(g, r)->flags |= NF_LOCKED;
        event_emit_at(g, CARC_EV_LOCKED, seat, v, node_type(g, r), c, 0, 0);
        break;
    case CARC_XR_TIEBREAK_ROAD: case CARC_XR_TIEBREAK_CITY: case CARC_XR_TIEBREAK_CLOISTER:
        feat_mut(g, r)->tokens |= (uint8_t)(1u << seat);
        event_emit_at(g, CARC_EV_TOKEN, seat, v, node_type(g, r), c, 0, 0);
        break;
    case CARC_XC_RETURN_FOLLOWER:
        follower_take(g, seat, m->figure, v);  /* XI12 */
        break;
    case CARC_XR_SWAP_CLOISTER: case CARC_XR_SWAP_CITY: case CARC_XR_SWAP_ROAD:
    case CARC_XR_SWAP_FIELD: {
        int w = board_node_at(g, m->x2, m->y2, m->port2);
        follower_move(g, seat, m->figure, v, w);  /* XI11: strength moves along */
        follower_move(g, m->seat2, -1, w, v);     /* theirs: a meeple before the large */
        break;
    }
    case CARC_XR_MASTERMIND: {
        int slot = (g->turn + 1) & 1;  /* never the slot binding this turn */
        xmas_st(g)->mm_pending |= (uint8_t)(1u << slot);
        xmas_st(g)->mm_x[slot] = m->x;
        xmas_st(g)->mm_y[slot] = m->y;
        xmas_st(g)->mm_turn[slot] = (uint16_t)(g->turn + 1);
        break;
    }
    }
    xmas_deck_discard(g, c);
}
