/*
 * modifier.c - the scoring modifiers of T7 (X8): one question per completed city
 * or road loop the active player controls, while the hand is not empty; the cards
 * that fit each; and the value a modified feature pays its player.
 */
#include "christmas.h"

/* X8: the completed cities, then the completed road loops, that the active player
 * controls, in the order of the placed tile's ports from N clockwise. */
static __attribute__((noinline)) void list_questions(carc_game *g)
{
    xmas_st(g)->nquestions = xmas_st(g)->question = 0;
    int edge[4];
    for (int d = 0; d < 4; d++)
        edge[d] = board_port_node(g, g->last, d);
    for (int type = CARC_FEAT_CITY; type <= CARC_FEAT_ROAD; type++)
        for (int d = 0; d < 4; d++) {
            int v = edge[d];
            if (v == NODE_NONE || node_type(g, v) != type)
                continue;
            int r = feat_root(g, v), done = 0, dup = 0;
            for (int i = 0; i < g->ndone; i++)
                done |= g->done[i] == r;
            for (int i = 0; i < xmas_st(g)->nquestions; i++)
                dup |= xmas_st(g)->qroot[i] == r;
            if (!done || dup || !(feat_holders(g, r) & (1u << g->active)))
                continue;
            if (type == CARC_FEAT_ROAD && feat_of(g, r)->ends)
                continue;  /* not a loop */
            xmas_st(g)->qroot[xmas_st(g)->nquestions++] = (uint8_t)r;
        }
}

int xmas_modifier_owed(carc_game *g)
{
    if (!xmas_on(g))
        return 0;
    if (xmas_st(g)->qready != (uint8_t)(g->last + 1)) {
        /* XI16: each part of a double turn has its own T7 with X8, so questions and
         * modifiers are listed for the tile placed (qready = its index + 1); the
         * first part's must not carry over to the second's completed features */
        if (xmas_st(g)->qready)
            memset(xmas_st(g)->modifier, 0, sizeof xmas_st(g)->modifier);
        /* nothing completed: no question (most turns), and no call or frame for
         * list_questions, which stays out of line for that */
        if (g->ndone == 0)
            xmas_st(g)->nquestions = xmas_st(g)->question = 0;
        else
            list_questions(g);
        xmas_st(g)->qready = (uint8_t)(g->last + 1);
    }
    while (xmas_st(g)->question < xmas_st(g)->nquestions && xmas_deck_hand(g, g->active) == 0)
        xmas_st(g)->question++;
    return xmas_st(g)->question < xmas_st(g)->nquestions;
}

static int modifier_fits(const carc_game *g, int c, int r)
{
    if (node_type(g, r) == CARC_FEAT_ROAD)
        return c == CARC_XC_LOOP_ROAD_DOUBLE;
    if (c == CARC_XC_PENNANTS_WORTH_THREE)
        return feat_of(g, r)->pennants > 0;
    return c == CARC_XC_PLAIN_CITY_WORTH_THREE && feat_of(g, r)->pennants == 0;
}

int xmas_modifier_value(const carc_game *g, int i, int seat, int *category)
{
    int r = g->done[i], c = xmas_st(g)->modifier[i];
    if (!c || seat != g->active)
        return -1;  /* the value of B9 (score.c) */
    *category = CARC_SCORE_CARDS;
    /* XI7: a bonus over the usual value (I5, I6 on inn roads and cathedral cities);
     * without I&C exactly X8's values */
    int normal = feat_value_completed(g, r);
    switch (c) {
    case CARC_XC_PENNANTS_WORTH_THREE:
        return normal + feat_of(g, r)->pennants;
    case CARC_XC_PLAIN_CITY_WORTH_THREE:
        return normal + feat_tiles(g, r);
    default: /* loop_road_double */
        return 2 * normal;
    }
}

int xmas_modifier_legal(const carc_game *g, carc_move *out, int cap)
{
    int n = 0, seat = g->active, r = xmas_st(g)->qroot[xmas_st(g)->question];
    carc_move proto = carc_move_pass();
    proto.kind = CARC_MOVE_CARD;
    for (int c = CARC_XC_LOOP_ROAD_DOUBLE; c <= CARC_XC_PLAIN_CITY_WORTH_THREE && n < cap; c++)
        if (xmas_st(g)->hand[seat][c] && modifier_fits(g, c, r)) {
            proto.card = (uint8_t)c;
            out[n++] = proto;
        }
    if (n < cap)
        out[n++] = carc_move_pass();
    return n;
}

/* A modifier played on the feature asked about now, or declined; then the next
 * question. */
int xmas_modifier_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    int seat = g->active, r = xmas_st(g)->qroot[xmas_st(g)->question];
    if (m->kind == CARC_MOVE_CARD) {
        const char *name = carc_card_name(m->card);
        if (!xmas_card_is(m->card) || !xmas_st(g)->hand[seat][m->card])
            return xmas_fail(err, "the active player holds no %s card", name);
        if (!modifier_fits(g, m->card, r))
            return xmas_fail(err, "%s does not fit this feature (X8)", name);
        event_clear(g);
        xmas_st(g)->hand[seat][m->card]--;
        for (int i = 0; i < g->ndone; i++)
            if (g->done[i] == r)
                xmas_st(g)->modifier[i] = m->card;
        event_emit(g, CARC_EV_CARD_PLAYED, seat, 0, 0, m->card, CARC_PORT_NONE, 0);
        xmas_deck_discard(g, m->card);
    } else {
        event_clear(g);
    }
    xmas_st(g)->question++;
    return CARC_OK;
}

/* The feature of the pending question, named by its segment on the tile just placed
 * (every question is about a feature that tile completed). */
int carc_modifier_feature(const carc_game *g, int *x, int *y, int *port)
{
    if (carc_pending_decision(g).decision != CARC_DEC_MODIFIER)
        return 0;
    const placed *p = &g->tiles[g->last];
    int r = xmas_st(g)->qroot[xmas_st(g)->question];
    for (int d = 0; d < 4; d++) {
        int n = board_port_node(g, g->last, d);
        if (n != NODE_NONE && feat_root(g, n) == r) {
            *x = p->x;
            *y = p->y;
            *port = board_node_port(g, n);
            return 1;
        }
    }
    return 0;
}
