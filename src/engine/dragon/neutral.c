/*
 * neutral.c - what the module's files share about its tiles and its two neutral
 * figures: a kind's mark made public (PD1; the marks are dragon.h's, inline), the
 * event of a neutral figure, and the fairy left alone (PD9 e; the follower it is
 * assigned to, PD9 a, is dragon.h's, inline).
 * Called by dragon.c, walk.c and choices.c,
 * calling none of them (scripts/one_way.sh: no circle between the engine's files).
 */
#include "dragon.h"

/* The public name of a mark: the same numbers (carc.h). */
_Static_assert((int)MARK_VOLCANO == (int)CARC_SYMBOL_VOLCANO &&
               (int)MARK_DRAGON == (int)CARC_SYMBOL_DRAGON &&
               (int)MARK_PORTAL == (int)CARC_SYMBOL_PORTAL &&
               (int)MARK_PRINCESS == (int)CARC_SYMBOL_PRINCESS, "carc_tile_symbol");
int carc_tile_symbol(int kind)
{
    return dragon_mark(kind);
}

void dragon_event(carc_game *g, int figure, int how, int seat, int t, int port)
{
    const placed *p = &g->tiles[t];
    carc_event *e = event_emit(g, CARC_EV_NEUTRAL, seat, p->x, p->y, 0, how, figure);
    if (e)
        e->port = (unsigned)port;
}

void dragon_fairy_forget(carc_game *g)
{
    struct dragon_state *st = dragon_st(g);
    if (!st->fairy_seat)
        return;
    st->fairy_seat = 0;
    st->fairy_slot = 0;
    st->fairy_node = 0;
    dragon_event(g, NEUTRAL_FAIRY, NEUTRAL_ALONE, -1, st->fairy - 1, CARC_PORT_NONE);
}

