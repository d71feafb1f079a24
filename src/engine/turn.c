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

/* T6 owes a decision when the active player could place a follower (B6): a
 * follower in supply and a segment of the placed tile on an empty feature
 * (legal_follower lists them). The base game's check, inline in turn_advance_base. */
static inline int follower_owed_core(const carc_game *g)
{
    if (fig_choice(g))
        return figure_owed(g);
    if (follower_supply(g, g->active) == 0)
        return 0;
    const placed *p = &g->tiles[g->last];
    const uint8_t *port = tiletab_seg_port[p->kind][p->rot];  /* 0xFF past the segments */
    for (int i = 0; i < CARC_TILE_SEGMENTS && port[i] != 0xFF; i++)
        if (feat_of(g, p->first + i)->follow == 0)
            return 1;
    return 0;
}

/* T6 with expansions that add choices (PD9, PD11, PD12, TW3, TW4, TW8) besides the core's or close a
 * tile to figures (PD5: then only those and a recall). Apart, so that the other
 * games' check stays as short as it was. */
static __attribute__((noinline)) int follower_owed_added(const carc_game *g)
{
    if (exp_t6_owed(g))
        return 1;
    if (exp_no_figure_on(g, g->last))
        return fig_choice(g) && figure_owed(g);
    return follower_owed_core(g);
}

/* T6 with expansions: the core's check unless one adds choices or closes a tile. */
static int follower_owed_exp(const carc_game *g)
{
    if (g->exp_t6 | g->exp_closers)
        return follower_owed_added(g);
    return follower_owed_core(g);
}

/* The steps the machine runs itself (the cases of turn_advance's switch). */
static const uint8_t turn_own_step[ST_OVER + 1] = {
    [ST_T1_DRAW] = 1, [ST_T3_PLACE] = 1, [ST_T6_FOLLOWER] = 1, [ST_T7_SCORE] = 1,
    [ST_T10_END] = 1, [ST_E3_FINAL] = 1, [ST_OVER] = 1};

/* The first of the machine's own steps at or after each step: where a game with
 * no expansion goes next (turn_next). */
static const uint8_t turn_next_own[ST_OVER + 1] = {
    [ST_T1_DRAW] = ST_T1_DRAW,          [ST_T2_WINDOW] = ST_T3_PLACE,
    [ST_T3_PLACE] = ST_T3_PLACE,        [ST_T4_GIFT] = ST_T6_FOLLOWER,
    [ST_T5_CLOISTER] = ST_T6_FOLLOWER,  [ST_T5_ROADSIDE] = ST_T6_FOLLOWER,
    [ST_T6_FOLLOWER] = ST_T6_FOLLOWER,  [ST_T6_AFTER] = ST_T7_SCORE,
    [ST_T7_MODIFIERS] = ST_T7_SCORE,
    [ST_T7_SCORE] = ST_T7_SCORE,        [ST_T7_AFTER] = ST_T10_END,
    [ST_TD_DOUBLE] = ST_T10_END,
    [ST_T8_WINDOW] = ST_T10_END,
    [ST_T9_HAND] = ST_T10_END,          [ST_T10_END] = ST_T10_END,
    [ST_E2_END_CARDS] = ST_E3_FINAL,    [ST_E3_FINAL] = ST_E3_FINAL,
    [ST_OVER] = ST_OVER};

/* The first step at or after `step` where something happens in a game with
 * expansions: one of the machine's own or one some active expansion acts at. The
 * others pass without a turn of turn_advance's switch each. A table of the game's
 * plan (turn_plan), since the turn machine asks at every step it runs. */
static inline int turn_next(const carc_game *g, int step)
{
    return g->exp_next[step];
}

/* turn_next's table: every step's first acting step at or after it. */
static void turn_plan_write(const carc_game *g, uint8_t next[ST_OVER + 1])
{
    int acting = ST_OVER;  /* the machine's own: the walk below always stops there */
    for (int s = ST_OVER; s >= 0; s--) {
        if (turn_own_step[s] || g->exp_at[s])
            acting = s;
        next[s] = (uint8_t)acting;
    }
}

void turn_plan(carc_game *g)
{
    turn_plan_write(g, g->exp_next);
}

int turn_plan_ok(const carc_game *g)
{
    uint8_t next[ST_OVER + 1];
    turn_plan_write(g, next);
    return memcmp(next, g->exp_next, sizeof next) == 0;
}

/* T1: a new turn's tile. 1 if one was drawn, 0 if the stack ran out (B5). The
 * second part of a double turn draws too, but the turn and what counts per turn
 * (TB13: the extra-tile card, the gift opened, the expansions' turn state) go on. */
static inline void turn_start(carc_game *g)
{
    g->last = TILE_NONE;
    g->ndone = 0;
    g->nhand = 0;
    if (!g->part) {
        g->turn++;
        g->extra_tile = EXTRA_NONE;
        exp_turn_begin(g);
    }
}

static inline int turn_draw(carc_game *g)
{
    turn_start(g);
    return stack_draw_placeable(g);
}

/* T1 where an expansion acts before the draw (hook at[ST_T1_DRAW]: the abbey
 * instead of a drawn tile, AM3): the part begins once, though the step is run
 * again after the decision owed there (g->t1); then the tile an expansion put in
 * hand is the part's (T1_CHOSEN: nothing drawn), or one is drawn. -1 while a
 * decision is owed, else turn_draw's answer. */
static __attribute__((noinline)) int turn_draw_exp(carc_game *g)
{
    if (g->t1 != T1_BEGUN) {
        g->t1 = T1_BEGUN;  /* first: the turn_begin hooks see a turn that starts at T1 */
        turn_start(g);
    }
    if (exp_step(g, ST_T1_DRAW))
        return -1;
    g->t1 = g->nhand ? T1_CHOSEN : T1_DRAWN;
    return g->nhand ? 1 : stack_draw_placeable(g);
}

/* T10 after the expansions: the next seat's turn, or with the stack empty the end
 * of the game; returns which step that is. */
static inline int turn_end(carc_game *g)
{
    g->nhand = 0;
    if (g->stack_len == 0)
        return ST_E2_END_CARDS;
    g->active = (uint8_t)((g->active + 1) % g->players);
    return ST_T1_DRAW;
}

/* E3-E6, the game is over. */
static void turn_final(carc_game *g)
{
    g->nhand = 0;
    score_final(g);        /* E3, E4 */
    exp_final_scoring(g);  /* E5 */
    score_winners(g);      /* E6 */
    g->over = 1;
    g->step = ST_OVER;
    event_emit(g, CARC_EV_GAME_OVER, -1, 0, 0, 0, 0, 0);
}

/* turn_advance with no expansion on: only the machine's own steps act, the next
 * of them is one table load away, and nothing but the turn machine asks the step
 * until it stops, so it is stored only there. */
static void turn_advance_base(carc_game *g)
{
    int step = turn_next_own[g->step];  /* a move leaves the step after its decision */
    for (;;) {
        switch ((enum step)step) {
        case ST_T1_DRAW:
            step = turn_draw(g) ? ST_T3_PLACE : ST_E3_FINAL;
            break;
        case ST_T6_FOLLOWER:
            if (follower_owed_core(g)) {
                g->step = ST_T6_FOLLOWER;
                return;
            }
            step = ST_T7_SCORE;
            break;
        case ST_T7_SCORE:
            for (int i = 0; i < g->ndone; i++)
                score_completed(g, i);
            /* T8 and T9 are the expansions' */
            /* fall through */
        case ST_T10_END:
            step = turn_end(g) == ST_T1_DRAW ? ST_T1_DRAW : ST_E3_FINAL;  /* E2: theirs */
            break;
        case ST_E3_FINAL:
            turn_final(g);
            return;
        default:  /* T3, over */
            g->step = (uint8_t)step;
            return;
        }
    }
}

/* turn_advance with expansions on. */
static inline void turn_advance_exp(carc_game *g)
{
    /* A card in play waits for its target or replies (X4, X10). Only a move puts
     * one in play (a step that did would owe a decision), so asking once suffices. */
    if (exp_holds(g))
        return;
    int step = g->step;
    for (;;) {
        g->step = (uint8_t)step;  /* the hooks and scoring below may ask it */
        switch ((enum step)step) {
        case ST_T1_DRAW: {
            int drew = g->exp_at[ST_T1_DRAW] ? turn_draw_exp(g) : turn_draw(g);
            if (drew < 0)
                return;  /* a decision before the draw (AM3) */
            /* TB12: a second part whose draws ran the stack out ends the turn */
            step = turn_next(g, drew ? ST_T2_WINDOW : g->part ? ST_T8_WINDOW : ST_E2_END_CARDS);
            break;
        }
        case ST_T3_PLACE:
            return;
        case ST_T6_FOLLOWER:
            if (follower_owed_exp(g))
                return;
            step = turn_next(g, ST_T6_AFTER);
            break;
        case ST_T7_SCORE:
            /* a builder leaves with its scored feature's followers (TB5), a pig's
             * field is never scored here: nobody loses support (§0) */
            for (int i = 0; i < g->ndone; i++)
                score_completed(g, i);
            step = turn_next(g, ST_T7_AFTER);
            break;
        case ST_T10_END:
            if (exp_step(g, ST_T10_END))  /* a Mastermind that applied to this turn lapses */
                return;
            g->part = 0;  /* the turn's parts are over (TB11; a base game has one) */
            step = turn_next(g, turn_end(g));
            break;
        case ST_E3_FINAL:
            turn_final(g);
            return;
        case ST_OVER:
            return;
        default:
            /* the expansions' steps (T2 and T8 windows, T4 gifts, T5 offers, T7
             * modifiers, T9 hand limit, E2 end cards, and any step a new expansion
             * adds to enum step): owed while an active expansion says so */
            if (exp_step(g, step))
                return;
            step = turn_next(g, step + 1);
            break;
        }
    }
}

void turn_advance(carc_game *g)
{
    if (exp_any(g))
        turn_advance_exp(g);
    else
        turn_advance_base(g);
}

void turn_note(carc_game *g)
{
    carc_pending p;
    g->pend_decision = (uint8_t)turn_pending(g, &p);
    g->pend_seat = (int8_t)p.seat;
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
