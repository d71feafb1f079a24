/*
 * mastermind.c - Mastermind (X13): a mark binds one turn's placement to a spot
 * while a tile in hand fits there, and lapses at the end of that turn. Two marks
 * can be pending at once, one slot per turn parity (state.h).
 */
#include "christmas.h"

void xmas_mastermind_lapse(carc_game *g)
{
    for (int slot = 0; slot < 2; slot++)
        if ((xmas_st(g)->mm_pending >> slot & 1) && xmas_st(g)->mm_turn[slot] <= g->turn)
            xmas_st(g)->mm_pending &= (uint8_t)~(1u << slot);
}

int xmas_mastermind_spot(const carc_game *g)
{
    int slot = g->turn & 1;
    if (!(xmas_st(g)->mm_pending >> slot & 1) || xmas_st(g)->mm_turn[slot] != g->turn)
        return -1;
    if (g->part)
        return -1;  /* XI17: only the first tile of a double turn */
    if (g->t1 == T1_CHOSEN)
        return -1;  /* XI31: a tile put in hand, not drawn (an abbey), lifts it */
    int s = board_spot_index(g, xmas_st(g)->mm_x[slot], xmas_st(g)->mm_y[slot]);
    if (s < 0)
        return -1;  /* filled first: no effect */
    for (int h = 0; h < g->nhand; h++)
        if (spot_fits(g, &g->frontier[s], g->hand[h]))
            return s;
    return -1;
}

int carc_masterminds(const carc_game *g, carc_mastermind_mark out[2])
{
    int n = 0;
    if (g->over)
        return 0;  /* the game ended first: no effect (X13) */
    for (int k = 0; k < 2; k++) {
        int slot = (g->turn + k) & 1;  /* this turn's first, then the next turn's */
        if (!(xmas_st(g)->mm_pending >> slot & 1))
            continue;
        out[n].x = xmas_st(g)->mm_x[slot];
        out[n].y = xmas_st(g)->mm_y[slot];
        out[n].turn = xmas_st(g)->mm_turn[slot];
        n++;
    }
    return n;
}

int carc_mastermind(const carc_game *g, int *x, int *y)
{
    carc_mastermind_mark mm[2];
    if (!carc_masterminds(g, mm))
        return 0;
    *x = mm[0].x;
    *y = mm[0].y;
    return 1;
}
