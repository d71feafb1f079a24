/*
 * place.c - the abbey instead of a drawn tile (AM3) and the final abbeys (AM5):
 * the decision owed before the draw at T1 and in the final round at the end of
 * the last turn, its moves and refusals. Once chosen, the abbey is the part's tile
 * in hand (the core's T1 then draws nothing: carc_game.t1), placed at T3 in a hole
 * (its cloister's CARC_SEG_CLOSES: the fit table places it there only, the board
 * closes what it meets, AM4).
 */
#include "abbey.h"

/* Hook fit_rots: the abbey (rotation 0) at frontier spot si if it is a hole (§0:
 * its four neighbours hold tiles) that the fit table cannot see, since an
 * expansion keeps it closed whatever its neighbours demand: the river's dead end
 * (R6), which CI19 opens to an abbey (a river edge demands nothing, SIG_DEAD). 0
 * for every other kind. */
unsigned abbey_fit_rots(const carc_game *g, int si, int kind)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    if (kind != ABBEY_KIND || si < 0 || g->frontier[si].sig != SIG_DEAD)
        return 0;
    for (int d = 0; d < 4; d++)
        if (board_lookup(g, g->frontier[si].x + dx[d], g->frontier[si].y + dy[d]) < 0)
            return 0;
    return 1;
}

/* The hook's answer above at the one spot an expansion keeps closed (CI19); out of
 * line, so that abbey_hole's scan stays as short as the fit table makes it. */
static __attribute__((noinline)) int abbey_closed_hole(const carc_game *g)
{
    int closed = exp_closed_spot(g);
    return closed >= 0 && abbey_fit_rots(g, closed, ABBEY_KIND);
}

/* A hole that the abbey fits: the fit table's own answer, or the river's dead end
 * (abbey_closed_hole), so that the choice offered is always placeable. */
static int abbey_hole(const carc_game *g)
{
    const uint8_t *fits = tiletab_fit_rots[ABBEY_KIND];
    for (int i = 0; i < g->nfrontier; i++)
        if (fits[g->frontier[i].sig])
            return 1;
    return abbey_closed_hole(g);
}

/* R3, AM3: the river phase, while river tiles are still to be drawn (they lie on
 * top of the stack). */
static int abbey_river_phase(const carc_game *g)
{
    if (g->stack_len == 0)
        return 0;
    const carc_tile_def *d = tile_def(g->stack[g->stack_len - 1]);
    for (int e = 0; e < 4; e++)
        if (d->edges[e] == CARC_EDGE_RIVER)
            return 1;
    return 0;
}

/* Whether seat may place its abbey now: it still holds it and a hole exists. */
static int abbey_may(const carc_game *g, int seat)
{
    return (abbey_st(g)->held >> seat & 1) && abbey_hole(g);
}

int abbey_before_draw(carc_game *g)
{
    struct abbey_state *as = abbey_st(g);
    if (as->ask == ABBEY_DECLINED) {  /* the answer: draw */
        as->ask = 0;
        return 0;
    }
    if (g->nhand || !abbey_may(g, g->active) || abbey_river_phase(g))
        return 0;  /* chosen (the abbey in hand), or no choice */
    as->ask = ABBEY_ASKED;
    return 1;
}

int abbey_final_round(carc_game *g)
{
    struct abbey_state *as = abbey_st(g);
    if (g->stack_len)
        return 0;  /* not the end of the game (B10) */
    if (!as->final) {  /* AM5: from the player after the one who had the last turn */
        as->final = 1;
        as->ender = g->active;
    }
    for (; as->final <= g->players; as->final++)
        if (abbey_may(g, abbey_asked(g))) {
            as->ask = ABBEY_ASKED;
            return 1;
        }
    return 0;  /* once round: the game ends */
}

int abbey_asked(const carc_game *g)
{
    const struct abbey_state *as = abbey_st(g);
    return as->final ? (as->ender + as->final) % g->players : g->active;
}

void abbey_pending(const carc_game *g, carc_pending *p)
{
    if (abbey_st(g)->ask != ABBEY_ASKED)
        return;
    p->decision = CARC_DEC_ABBEY;
    p->seat = abbey_asked(g);
}

int abbey_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    if (decision != CARC_DEC_ABBEY || abbey_st(g)->ask != ABBEY_ASKED || cap < 2)
        return 0;
    out[0] = move_pass();
    out[0].kind = CARC_MOVE_ABBEY;
    out[1] = move_pass();  /* draw (T1), or keep the abbey (E0) */
    return 2;
}

int abbey_canonical_move(const carc_game *g, carc_move *m)
{
    (void)g;
    if (m->kind != CARC_MOVE_ABBEY)
        return 0;
    *m = move_pass();
    m->kind = CARC_MOVE_ABBEY;
    return 1;
}

/* The abbey chosen: it leaves seat's hands for the hand of the part (AM3). At E0 the
 * seat's abbey turn starts at T2 (AM5: no T0, T1 or TD), a new turn all the same. */
static void abbey_take(carc_game *g, int seat)
{
    struct abbey_state *as = abbey_st(g);
    as->held &= (uint8_t)~(1u << seat);
    g->hand[0] = ABBEY_KIND;
    g->nhand = 1;
    if (!as->final)
        return;  /* T1: the core's step goes on (carc_game.t1) */
    as->final++;
    g->active = (uint8_t)seat;
    g->turn++;
    g->part = 0;
    g->last = TILE_NONE;
    g->ndone = 0;
    g->extra_tile = EXTRA_NONE;
    g->t1 = T1_CHOSEN;
    g->step = ST_T2_WINDOW;
    /* a turn of its own: what counts once per turn starts afresh (TW8's ransom,
     * G5's gift, X13); t1 already says T1_CHOSEN, so no T0 (AM5: no fairy point) */
    exp_turn_begin(g);
}

int abbey_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    if (decision != CARC_DEC_ABBEY)
        return EXP_NOT_MINE;
    struct abbey_state *as = abbey_st(g);
    if (m->kind != CARC_MOVE_ABBEY && m->kind != CARC_MOVE_PASS) {
        error_set(err, CARC_E_ILLEGAL, as->final ? "a final abbey: 'abbey' or 'pass' (AM5)"
                                                 : "before the draw: 'abbey' to place one's "
                                                   "abbey instead, or 'pass' to draw (AM3)");
        return CARC_E_ILLEGAL;
    }
    event_clear(g);
    int seat = abbey_asked(g);
    as->ask = 0;
    if (m->kind == CARC_MOVE_ABBEY)
        abbey_take(g, seat);
    else if (as->final)
        as->final++;  /* declined: not asked again (AM5) */
    else
        as->ask = ABBEY_DECLINED;  /* T1 draws when the step runs again */
    return CARC_OK;
}
