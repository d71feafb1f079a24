/*
 * window.c - the windows of T2 and T8 (B13, X6): while the active player holds a
 * card the window is owed, whatever the hand holds, so that no decision reveals a
 * card; the anytime cards it may play there and playing one (draw_two, C3;
 * return_follower; swap_*; mastermind, X13).
 */
#include "christmas.h"

/* Asked at T2 and T8 of every turn: whether any byte of the hand row is non-zero
 * (xmas_deck_hand > 0), a word at a time (the last word overlaps the fourth). The
 * steps' hook itself (an at[] hook takes carc_game *), so that a step is one call. */
int xmas_window_owed(carc_game *g)
{
    _Static_assert(CARC_CARDS == 38, "a hand row is 4 words and 6 bytes");
    if (!xmas_on(g))
        return 0;
    const uint8_t *h = xmas_st(g)->hand[g->active];
    uint64_t w[5];
    memcpy(w, h, 32);
    memcpy(&w[4], h + CARC_CARDS - 8, 8);
    return (w[0] | w[1] | w[2] | w[3] | w[4]) != 0;
}

/* Whether the active player may play anytime card c in this window (X6, C3, X13). */
static int playable_in_window(const carc_game *g, int c, int decision)
{
    switch (c) {
    case CARC_XC_DRAW_TWO:  /* XI32: not in a part whose tile was not drawn (an abbey) */
        return decision == CARC_DEC_WINDOW_BEFORE && g->extra_tile == EXTRA_NONE &&
               g->t1 != T1_CHOSEN;
    case CARC_XC_RETURN_FOLLOWER: case CARC_XR_SWAP_CLOISTER: case CARC_XR_SWAP_CITY:
    case CARC_XR_SWAP_ROAD: case CARC_XR_SWAP_FIELD:
        return 1;
    case CARC_XR_MASTERMIND:
        return !xmas_st(g)->mm_used;
    default:
        return 0;
    }
}

/* A swap names whose follower it takes: required when followers of several other
 * seats stand on the other segment, and it must be one of them. */
static int check_swap_owner(const carc_game *g, int c, const carc_move *m, carc_error *err)
{
    int w = m->port == CARC_PORT_NONE ? NODE_NONE : board_node_at(g, m->x2, m->y2, m->port2);
    if (w == NODE_NONE)
        return CARC_OK;  /* no second segment: not a target (is_target says so) */
    unsigned owners = xmas_target_swap_owners(g, g->active, w, feat_root(g, w));
    const char *type = carc_feature_name(node_type(g, w)), *port = carc_port_name(m->port2);
    if (m->seat2 == CARC_SEAT_NONE && (owners & (owners - 1))) {
        error_set(err, CARC_E_ILLEGAL, "%s: followers of several seats stand at (%d,%d) %s:%s: "
                  "name whose it takes (seat:N)", carc_card_name(c), m->x2, m->y2, type, port);
        return CARC_E_ILLEGAL;
    }
    if (m->seat2 != CARC_SEAT_NONE && (m->seat2 >= g->players || !(owners & (1u << m->seat2)))) {
        error_set(err, CARC_E_ILLEGAL, "%s takes another seat's follower: seat %d has none at "
                  "(%d,%d) %s:%s (X10)", carc_card_name(c), m->seat2, m->x2, m->y2, type, port);
        return CARC_E_ILLEGAL;
    }
    return CARC_OK;
}

int xmas_window_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    int seat = g->active, c = m->card;
    const char *name = carc_card_name(c);
    if (!xmas_card_is(c))
        return xmas_fail(err, "'%s' is not a Christmas card", name);
    if (!xmas_st(g)->hand[seat][c])
        return xmas_fail(err, "the active player holds no %s card", name);
    if (xmas_card_timing(c) != ANYTIME)
        return xmas_fail(err, "%s is not an anytime card: it cannot be played (X6)", name);
    if (c == CARC_XC_PREVENT_ATTACK)
        return xmas_fail(err, "%s is played only as a reply to an attack (X10)", name);
    if (c == CARC_XC_LOOP_ROAD_DOUBLE || c == CARC_XC_PENNANTS_WORTH_THREE ||
        c == CARC_XC_PLAIN_CITY_WORTH_THREE)
        return xmas_fail(err, "%s is a scoring modifier, played only when asked in T7 (X8)", name);
    if (c == CARC_XC_DRAW_TWO && decision != CARC_DEC_WINDOW_BEFORE)
        return xmas_fail(err, "%s is played only before placing the tile (X6)", name);
    if (c == CARC_XC_DRAW_TWO && g->extra_tile != EXTRA_NONE)
        return xmas_fail(err, "%s: only one extra-tile card per turn (C3)", name);
    if (c == CARC_XC_DRAW_TWO && g->t1 == T1_CHOSEN)
        return xmas_fail(err, "%s: nothing was drawn in this part, the abbey is placed (XI32)",
                         name);
    if (c == CARC_XR_MASTERMIND && xmas_st(g)->mm_used)
        return xmas_fail(err, "%s: only one per turn (X13)", name);
    carc_move want = *m;
    if (!xmas_target_canonical(g, c, &want))
        return xmas_fail(err, "%s: no segment at the position and port named", name);
    if (xmas_card_is_swap(c) && check_swap_owner(g, c, &want, err) != CARC_OK)
        return CARC_E_ILLEGAL;
    if (!xmas_target_is(g, c, seat, &want))
        return xmas_fail(err, "not a legal target for %s", name);
    event_clear(g);
    xmas_st(g)->hand[seat][c]--;
    event_emit_played(g, seat, want.x, want.y, c, want.port);
    if (c == CARC_XC_DRAW_TWO) {
        g->extra_tile = EXTRA_REMOVE;
        stack_draw_extra(g);  /* R9, XI18: in the river phase, the river stack only */
        xmas_deck_discard(g, c);
    } else if (c == CARC_XR_MASTERMIND || xmas_card_grain(c) == BY_FOLLOWER) {
        if (c == CARC_XR_MASTERMIND)
            xmas_st(g)->mm_used = 1;
        xmas_attack_start(g, c, &want, 0);
    }
    return CARC_OK;
}

int xmas_window_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    int n = 0, seat = g->active;
    if (!xmas_on(g))
        return 0;
    /* the anytime cards playable_in_window may allow, in ascending order */
    static const uint8_t window_cards[] = {
        CARC_XC_DRAW_TWO, CARC_XC_RETURN_FOLLOWER, CARC_XR_SWAP_CLOISTER, CARC_XR_SWAP_CITY,
        CARC_XR_SWAP_ROAD, CARC_XR_SWAP_FIELD, CARC_XR_MASTERMIND,
    };
    const uint8_t *h = xmas_st(g)->hand[seat];
    if (!(h[CARC_XC_DRAW_TWO] | h[CARC_XC_RETURN_FOLLOWER] | h[CARC_XR_SWAP_CLOISTER] |
          h[CARC_XR_SWAP_CITY] | h[CARC_XR_SWAP_ROAD] | h[CARC_XR_SWAP_FIELD] |
          h[CARC_XR_MASTERMIND]))
        return 0;  /* the usual case: none of window_cards in hand */
    carc_move proto = carc_move_pass();
    proto.kind = CARC_MOVE_CARD;
    /* The feature types under the seat's followers (bit per type): a card that moves
     * one of them (return_follower, swap_*) has no target without one, which is
     * the usual case and costs a walk of the other seats' followers to find out. */
    unsigned mine = 0;
    if (h[CARC_XC_RETURN_FOLLOWER] | h[CARC_XR_SWAP_CLOISTER] | h[CARC_XR_SWAP_CITY] |
        h[CARC_XR_SWAP_ROAD] | h[CARC_XR_SWAP_FIELD])
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
            int a = g->fnode[seat][i];
            if (fig_placed(a))
                mine |= 1u << node_type(g, a);
        }
    for (size_t i = 0; i < sizeof window_cards && n < cap; i++) {
        int c = window_cards[i];
        if (!h[c] || !playable_in_window(g, c, decision))
            continue;
        if (c == CARC_XC_RETURN_FOLLOWER ? !mine
                                         : xmas_card_is_swap(c) && !(mine >> xmas_card_feature(c) & 1))
            continue;
        proto.card = (uint8_t)c;
        n += xmas_target_list(g, c, seat, proto, out + n, cap - n);
    }
    return n;
}
