/*
 * offer.c - the offers of T5: the Cloister offer when the placed tile touches a
 * cloister holding another seat's follower (X2), the Roadside offer when it is a
 * junction tile U-X (X3); drawing the top card (X4), which goes to the hand or,
 * lightning, comes into play at once.
 */
#include "christmas.h"

/* X4: draws the top card of a deck for the active player. */
static void draw_card(carc_game *g, int deck)
{
    int c = xmas_st(g)->deck[deck][--xmas_st(g)->deck_len[deck]];
    event_emit(g, CARC_EV_CARD_DRAWN, g->active, 0, 0, c, deck, 0);
    if (xmas_card_timing(c) != LIGHTNING) {
        xmas_st(g)->hand[g->active][c]++;
        return;
    }
    if (c == CARC_XC_SCORE_THREE) {
        carc_move none = carc_move_pass();
        xmas_resolve(g, c, &none);
        return;
    }
    if (!xmas_target_any(g, c, g->active)) {
        xmas_deck_discard(g, c);  /* no legal target: no effect */
        return;
    }
    xmas_st(g)->play = (uint8_t)c;
    xmas_st(g)->play_drawn = 1;
    xmas_st(g)->play_phase = XP_TARGET;
}

/* X2: a tile placed in one of the 8 positions around a cloister holding another
 * seat's follower. Only the cloister tiles board_place found around the tile are
 * asked (cloisters_near), not the 8 positions around it. */
static int cloister_trigger(const carc_game *g)
{
    for (uint64_t m = g->cloisters_near; m; m &= m - 1) {
        int n = board_port_node(g, g->cloisters[__builtin_ctzll(m)], CARC_PORT_C);
        if (n != NODE_NONE && xmas_target_others_on(g, n, g->active))  /* a garden: none (XI3) */
            return 1;
    }
    return 0;
}

/* X3, XI5: a tile showing only roads: a road segment, no city, no cloister. */
static int roadside_trigger(const carc_game *g)
{
    /* base kinds are letters from 'A' (carc_tile_kind), asked here at every turn */
    unsigned k = g->tiles[g->last].kind;
    if (k < CARC_BASE_KINDS)
        return k - ('U' - 'A') <= (unsigned)('X' - 'U');
    const carc_tile_def *d = tile_def((int)k);
    int road = 0;
    for (int e = 0; e < 4; e++)
        if (d->edges[e] == CARC_EDGE_RIVER)
            return 0;  /* XI5: a river tile shows a river too */
    for (int i = 0; i < d->nseg; i++) {
        if (d->seg[i].type == CARC_FEAT_CITY || d->seg[i].type == CARC_FEAT_CLOISTER)
            return 0;
        road |= d->seg[i].type == CARC_FEAT_ROAD;
    }
    return road;
}

/* The T5 steps' hooks themselves (christmas.c's hook table), one per deck, so that
 * the step costs one call: they are asked at every tile. */
int xmas_offer_cloister_owed(carc_game *g)
{
    return xmas_on(g) && xmas_st(g)->deck_len[DECK_CLOISTER] != 0 && cloister_trigger(g);
}

int xmas_offer_roadside_owed(carc_game *g)
{
    return xmas_on(g) && xmas_st(g)->deck_len[DECK_ROADSIDE] != 0 && roadside_trigger(g);
}

int xmas_offer_legal(const carc_game *g, carc_move *out, int cap)
{
    int n = 0;
    carc_move proto = carc_move_pass();
    (void)g;
    proto.kind = CARC_MOVE_DRAW;
    out[n++] = proto;
    if (n < cap)
        out[n++] = carc_move_pass();
    return n;
}

/* Draws from the deck on offer (or declines) and moves on to the next offer. */
int xmas_offer_apply(carc_game *g, const carc_move *m)
{
    int deck = g->step == ST_T5_CLOISTER ? DECK_CLOISTER : DECK_ROADSIDE;
    event_clear(g);
    g->step = deck == DECK_CLOISTER ? ST_T5_ROADSIDE : ST_T6_FOLLOWER;
    if (m->kind == CARC_MOVE_DRAW)
        draw_card(g, deck);
    return CARC_OK;
}

/* An offer is pending when the game rests at a T5 step with no card in play: the
 * turn machine stops there only for an offer (xmas_offer_cloister_owed,
 * xmas_offer_roadside_owed). */
int carc_offered_deck(const carc_game *g)
{
    if (xmas_st(g)->play || (g->step != ST_T5_CLOISTER && g->step != ST_T5_ROADSIDE))
        return -1;
    return g->step == ST_T5_CLOISTER ? DECK_CLOISTER : DECK_ROADSIDE;
}
