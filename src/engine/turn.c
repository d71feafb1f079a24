/*
 * turn.c - the turn as an explicit machine over the steps of B13 (T1-T10) and the
 * end of the game (E1-E6).
 *
 * g->step names where the game stands. turn_advance() runs steps that need no
 * decision and stops at the first step that owes one; carc_apply() resolves that
 * decision and calls turn_advance() again. Each step states the condition under
 * which it owes a decision; an expansion that is off makes its steps pass straight
 * through (the base game stops only at T3 and T6).
 */
#include "state.h"

/* T1 and B5 (and the extra draws of G10, X9): draws until a placeable tile comes
 * up and adds it to the hand; removes the others. Returns 0 if the stack runs out
 * first. */
int draw_placeable(carc_game *g)
{
    while (g->stack_len > 0) {
        int k = g->stack[--g->stack_len];
        emit(g, CARC_EV_TILE_DRAWN, g->active, 0, 0, k, 0, 0);
        if (board_placeable(g, k)) {
            g->hand[g->nhand++] = (uint8_t)k;
            return 1;
        }
        g->removed[g->nremoved++] = (uint8_t)k;
        emit(g, CARC_EV_TILE_REMOVED, g->active, 0, 0, k, 0, 0);
    }
    return 0;
}

/* T6 owes a decision when the active player could place a follower (B6). */
static int follower_owed(const carc_game *g)
{
    if (carc_supply(g, g->active) == 0)
        return 0;
    const placed *p = &g->tiles[g->last];
    int nseg = carc_tile_def_of(p->kind)->nseg;
    for (int i = 0; i < nseg; i++)
        if (g->nodes[feat_root(g, p->first + i)].nfollow == 0)
            return 1;
    return 0;
}

static void end_turn(carc_game *g)
{
    g->nhand = 0;
    if (g->stack_len == 0) {
        g->step = ST_E2_END_CARDS;
        return;
    }
    g->active = (uint8_t)((g->active + 1) % g->players);
    g->step = ST_T1_DRAW;
}

void turn_advance(carc_game *g)
{
    for (;;) {
        if (g->xplay)
            return;  /* a card in play waits for its target or replies (X4, X10) */
        switch ((enum step)g->step) {
        case ST_T1_DRAW:
            g->turn++;
            g->last = TILE_NONE;
            g->ndone = 0;
            g->nhand = 0;
            g->gift_opened = 0;
            g->extra_tile = EXTRA_NONE;
            g->mm_used = 0;
            g->qready = g->nquestions = g->question = 0;
            memset(g->modifier, 0, sizeof g->modifier);
            g->step = draw_placeable(g) ? ST_T2_WINDOW : ST_E2_END_CARDS;
            break;
        case ST_T2_WINDOW:
            /* Owed when the active player holds a gift or a Christmas card (B13). */
            if (gifts_window_owed(g) || xmas_window_owed(g))
                return;
            g->step = ST_T3_PLACE;
            break;
        case ST_T3_PLACE:
            return;
        case ST_T4_GIFT:
            gifts_check(g);
            g->step = ST_T5_CLOISTER;
            break;
        case ST_T5_CLOISTER:
            if (xmas_offer_owed(g, 0))  /* X2 */
                return;
            g->step = ST_T5_ROADSIDE;
            break;
        case ST_T5_ROADSIDE:
            if (xmas_offer_owed(g, 1))  /* X3 */
                return;
            g->step = ST_T6_FOLLOWER;
            break;
        case ST_T6_FOLLOWER:
            if (follower_owed(g))
                return;
            g->step = ST_T7_MODIFIERS;
            break;
        case ST_T7_MODIFIERS:
            /* one question per completed city / road loop the active player
             * controls, while the hand is not empty (X8) */
            if (xmas_modifiers_owed(g))
                return;
            g->step = ST_T7_SCORE;
            break;
        case ST_T7_SCORE:
            for (int i = 0; i < g->ndone; i++)
                score_completed(g, i);
            g->step = ST_T8_WINDOW;
            break;
        case ST_T8_WINDOW:
            if (xmas_window_owed(g))  /* B13, X6 */
                return;
            g->step = ST_T9_HAND;
            break;
        case ST_T9_HAND:
            if (xmas_hand_owed(g))  /* X5 */
                return;
            g->step = ST_T10_END;
            break;
        case ST_T10_END:
            xmas_lapse(g);  /* a Mastermind that applied to this turn */
            end_turn(g);
            break;
        case ST_E2_END_CARDS:
            if (xmas_end_owed(g))  /* E2 */
                return;
            g->step = ST_E3_FINAL;
            break;
        case ST_E3_FINAL:
            g->nhand = 0;
            score_final(g);   /* E3, E4 */
            gifts_final(g);   /* E5 */
            score_winners(g); /* E6 */
            g->over = 1;
            g->step = ST_OVER;
            emit(g, CARC_EV_GAME_OVER, -1, 0, 0, 0, 0, 0);
            return;
        case ST_OVER:
            return;
        }
    }
}

int turn_pending(const carc_game *g, carc_pending *p)
{
    static const uint8_t decision_of_step[] = {
        [ST_T1_DRAW] = CARC_DEC_NONE,        [ST_T2_WINDOW] = CARC_DEC_WINDOW_BEFORE,
        [ST_T3_PLACE] = CARC_DEC_PLACE,      [ST_T4_GIFT] = CARC_DEC_NONE,
        [ST_T5_CLOISTER] = CARC_DEC_CARD_DRAW, [ST_T5_ROADSIDE] = CARC_DEC_CARD_DRAW,
        [ST_T6_FOLLOWER] = CARC_DEC_FOLLOWER, [ST_T7_MODIFIERS] = CARC_DEC_MODIFIER,
        [ST_T7_SCORE] = CARC_DEC_NONE,       [ST_T8_WINDOW] = CARC_DEC_WINDOW_AFTER,
        [ST_T9_HAND] = CARC_DEC_DISCARD,     [ST_T10_END] = CARC_DEC_NONE,
        [ST_E2_END_CARDS] = CARC_DEC_END_CHOICE, [ST_E3_FINAL] = CARC_DEC_NONE,
        [ST_OVER] = CARC_DEC_NONE};
    p->decision = decision_of_step[g->step];
    p->active = g->active;
    p->seat = p->decision == CARC_DEC_NONE ? -1 : g->active;
    if (g->xplay) {
        p->decision = g->xplay_phase == XP_TARGET ? CARC_DEC_CARD_TARGET : CARC_DEC_BLOCK;
        p->seat = g->xplay_phase == XP_TARGET ? g->active : g->xreply_seat;
    } else if (g->step == ST_E2_END_CARDS) {
        p->seat = g->end_seat;
    }
    return p->decision;
}
