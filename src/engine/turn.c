/*
 * turn.c - the turn as an explicit machine over the steps of B13 (T1-T10) and the
 * end of the game (E1-E6).
 *
 * g->step names where the game stands. turn_advance() runs steps that need no
 * decision and stops at the first step that owes one; carc_apply() resolves that
 * decision and calls turn_advance() again. Each step states the condition under
 * which it owes a decision. The machine runs its own steps (T1, T3, T6, T7 scoring,
 * T10, E3-E6); every other step is the expansions': it owes a decision while an
 * active expansion says so (expansion.h), and with none on it passes straight
 * through, so the base game stops only at T3 and T6.
 */
#include "expansion.h"

/* T6 owes a decision when the active player could place a follower (B6). */
static int follower_owed(const carc_game *g)
{
    if (carc_supply(g, g->active) == 0)
        return 0;
    const placed *p = &g->tiles[g->last];
    int nseg = carc_tile_def_of(p->kind)->nseg;
    for (int i = 0; i < nseg; i++)
        if (feat_of(g, p->first + i)->follow == 0)
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

/* The steps the machine runs itself (the cases of turn_advance's switch). */
static const uint8_t turn_own_step[ST_OVER + 1] = {
    [ST_T1_DRAW] = 1, [ST_T3_PLACE] = 1, [ST_T6_FOLLOWER] = 1, [ST_T7_SCORE] = 1,
    [ST_T10_END] = 1, [ST_E3_FINAL] = 1, [ST_OVER] = 1};

/* Goes to `step`, passing at once the steps from there that no active expansion
 * acts at, without a turn of the switch each (a base game passes seven a turn). */
static void turn_goto(carc_game *g, int step)
{
    while (!turn_own_step[step] && !g->exp_at[step])
        step++;
    g->step = (uint8_t)step;
}

void turn_advance(carc_game *g)
{
    /* A card in play waits for its target or replies (X4, X10). Only a move puts
     * one in play (a step that did would owe a decision), so asking once suffices. */
    if (exp_holds(g))
        return;
    for (;;) {
        switch ((enum step)g->step) {
        case ST_T1_DRAW:
            g->turn++;
            g->last = TILE_NONE;
            g->ndone = 0;
            g->nhand = 0;
            g->extra_tile = EXTRA_NONE;
            exp_turn_begin(g);
            turn_goto(g, stack_draw_placeable(g) ? ST_T2_WINDOW : ST_E2_END_CARDS);
            break;
        case ST_T3_PLACE:
            return;
        case ST_T6_FOLLOWER:
            if (follower_owed(g))
                return;
            turn_goto(g, ST_T7_MODIFIERS);
            break;
        case ST_T7_SCORE:
            for (int i = 0; i < g->ndone; i++)
                score_completed(g, i);
            turn_goto(g, ST_T8_WINDOW);
            break;
        case ST_T10_END:
            if (exp_step(g, ST_T10_END))  /* a Mastermind that applied to this turn lapses */
                return;
            end_turn(g);
            break;
        case ST_E3_FINAL:
            g->nhand = 0;
            score_final(g);        /* E3, E4 */
            exp_final_scoring(g);  /* E5 */
            score_winners(g);      /* E6 */
            g->over = 1;
            g->step = ST_OVER;
            event_emit(g, CARC_EV_GAME_OVER, -1, 0, 0, 0, 0, 0);
            return;
        case ST_OVER:
            return;
        default:
            /* the expansions' steps (T2 and T8 windows, T4 gifts, T5 offers, T7
             * modifiers, T9 hand limit, E2 end cards, and any step a new expansion
             * adds to enum step): owed while an active expansion says so */
            if (exp_step(g, g->step))
                return;
            turn_goto(g, g->step + 1);
            break;
        }
    }
}

int turn_pending(const carc_game *g, carc_pending *p)
{
    /* the decisions of the machine's own steps and windows; every other step's
     * decision is the expansions' (CARC_DEC_NONE here, 0) */
    static const uint8_t decision_of_step[ST_OVER + 1] = {
        [ST_T2_WINDOW] = CARC_DEC_WINDOW_BEFORE, [ST_T3_PLACE] = CARC_DEC_PLACE,
        [ST_T6_FOLLOWER] = CARC_DEC_FOLLOWER,    [ST_T8_WINDOW] = CARC_DEC_WINDOW_AFTER};
    p->decision = decision_of_step[g->step];
    p->active = g->active;
    p->seat = p->decision == CARC_DEC_NONE ? -1 : g->active;
    exp_pending(g, p);
    return p->decision;
}
