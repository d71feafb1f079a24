/*
 * attack.c - a card in play (X4, X10): a drawn lightning card waits for its
 * target; a card whose target attacks other seats waits for their replies, asked
 * one at a time in turn order after the active player; a prevent_attack reply
 * blocks it (both cards discarded), otherwise it resolves (resolve.c).
 */
#include "christmas.h"

/* X10: the seats card c with target m attacks. */
static unsigned attacked(const carc_game *g, int c, const carc_move *m)
{
    unsigned mask = 0;
    int seat = g->active;
    if (c == CARC_XR_MASTERMIND)
        return 1u << ((seat + 1) % g->players);
    if (xmas_card_deck(c) != DECK_ROADSIDE || m->port == CARC_PORT_NONE)
        return 0;
    if (xmas_card_is_swap(c))
        return m->seat2 < g->players ? 1u << m->seat2 : 0;  /* X10: the owner chosen */
    const feature *rn = feat_of(g, board_node_at(g, m->x, m->y, m->port));
    for (int s = 0; s < g->players; s++)
        if (s != seat && feat_follow(rn, s))
            mask |= 1u << s;
    return mask;
}

/* The next seat in turn order after the active player among `mask`, or -1. */
static int next_replier(const carc_game *g, unsigned mask)
{
    for (int k = 1; k < g->players; k++) {
        int s = (g->active + k) % g->players;
        if (mask & (1u << s))
            return s;
    }
    return -1;
}

/* Card c with target m is named: ask the attacked seats with cards, or resolve. */
void xmas_attack_start(carc_game *g, int c, const carc_move *m, int drawn)
{
    unsigned ask = 0, mask = attacked(g, c, m);
    for (int s = 0; s < g->players; s++)
        if ((mask & (1u << s)) && xmas_deck_hand(g, s) > 0)
            ask |= 1u << s;
    if (!ask) {
        xmas_st(g)->play = CARC_CARD_NONE;
        xmas_resolve(g, c, m);
        return;
    }
    xmas_st(g)->play = (uint8_t)c;
    xmas_st(g)->play_drawn = (uint8_t)drawn;
    xmas_st(g)->play_target = *m;
    xmas_st(g)->play_phase = XP_REPLY;
    xmas_st(g)->reply_seat = (uint8_t)next_replier(g, ask);
    xmas_st(g)->reply_left = (uint8_t)(ask & ~(1u << xmas_st(g)->reply_seat));
}

static void finish_reply_round(carc_game *g, int blocked_by)
{
    int c = xmas_st(g)->play;
    xmas_st(g)->play = CARC_CARD_NONE;
    if (blocked_by >= 0) {
        xmas_st(g)->hand[blocked_by][CARC_XC_PREVENT_ATTACK]--;
        event_emit(g, CARC_EV_CARD_PLAYED, blocked_by, 0, 0, CARC_XC_PREVENT_ATTACK,
                   CARC_PORT_NONE, 0);
        xmas_deck_discard(g, CARC_XC_PREVENT_ATTACK);
        xmas_deck_discard(g, c);
        return;
    }
    xmas_resolve(g, c, &xmas_st(g)->play_target);
}

int xmas_attack_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    int n = 0;
    carc_move proto = carc_move_pass();
    if (decision == CARC_DEC_CARD_TARGET) {
        proto.kind = CARC_MOVE_TARGET;
        return xmas_target_list(g, xmas_st(g)->play, g->active, proto, out, cap);
    }
    if (xmas_st(g)->hand[xmas_st(g)->reply_seat][CARC_XC_PREVENT_ATTACK]) {
        proto.kind = CARC_MOVE_BLOCK;
        out[n++] = proto;
    }
    if (n < cap)
        out[n++] = carc_move_pass();
    return n;
}

/* The target of the card in play (CARC_DEC_CARD_TARGET) or a reply to it
 * (CARC_DEC_BLOCK). */
int xmas_attack_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    if (decision == CARC_DEC_CARD_TARGET) {
        int c = xmas_st(g)->play;
        carc_move want = *m;
        want.card = 0;
        if (!xmas_target_canonical(g, c, &want))
            return xmas_fail(err, "%s: no segment at the position and port named",
                             carc_card_name(c));
        if (!xmas_target_is(g, c, g->active, &want))
            return xmas_fail(err, "not a legal target for %s", carc_card_name(c));
        event_clear(g);
        xmas_attack_start(g, c, &want, 1);
        return CARC_OK;
    }
    int s = xmas_st(g)->reply_seat;
    if (m->kind == CARC_MOVE_BLOCK && !xmas_st(g)->hand[s][CARC_XC_PREVENT_ATTACK])
        return xmas_fail(err, "%s: the seat asked holds none to block with (X10)",
                    carc_card_name(CARC_XC_PREVENT_ATTACK));
    event_clear(g);
    if (m->kind == CARC_MOVE_BLOCK) {
        finish_reply_round(g, s);
    } else if (xmas_st(g)->reply_left) {
        xmas_st(g)->reply_seat = (uint8_t)next_replier(g, xmas_st(g)->reply_left);
        xmas_st(g)->reply_left &= (uint8_t)~(1u << xmas_st(g)->reply_seat);
    } else {
        finish_reply_round(g, -1);
    }
    return CARC_OK;
}

int carc_card_in_play(const carc_game *g, carc_move *target)
{
    if (xmas_st(g)->play && target)
        *target = xmas_st(g)->play_phase == XP_REPLY ? xmas_st(g)->play_target : carc_move_pass();
    return xmas_st(g)->play;
}
