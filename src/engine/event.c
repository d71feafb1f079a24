/*
 * event.c - the events a call reports (carc_events): appending one, about a
 * position, a segment, a follower or a card played. The buffer past the last event
 * stays zero (event_clear in state.h), so equal games are equal byte for byte.
 */
#include "state.h"

/*
 * The most events one carc_apply can report, which CARC_MAX_EVENTS must cover. The
 * worst move is one that ends the game: say a placement whose turn then runs
 * through T4-T10 and the final steps with no further decision.
 *   the move: placed, a tile put back (G10, X9), a gift (G2); a card resolved
 *      on the way (its play, discard, token or lock)                             6
 *   followers (35 at most): each at most two events in all, in whichever step
 *      scores it (X7, G7, T7: scored or banked, then returned; E3: scored, then a
 *      field bonus), and each holder of a feature has a follower on it           70
 *   T1 of the turn that never comes: B5 draws and removes unplaceable tiles, 2
 *      events each. A tile fits the empty spot above any tile of the board's top
 *      row (its one neighbour) iff it has an edge of the type that neighbour
 *      demands, so the unplaceable tiles all lack one edge type: at most the 28
 *      tiles with no city edge (A B U V W X; 27 have no road, 2 no field)        56
 *   E2: at most 25 cards in hand (5 per seat), each voided or revealed (1), with
 *      2 supply_bonus (+2 each: played, scored) and 4 field bonuses (+1: played)  33
 *   E4: one payment per seat and score category a lock can bank (4)             20
 *   E5: one per seat; the game-over event                                         6
 *   in all 191 <= 192. event_emit() refuses more rather than write past the end.
 */
carc_event *event_emit(carc_game *g, int kind, int seat, int x, int y, int a, int b, int value)
{
    if (g->nevents >= CARC_MAX_EVENTS)
        return NULL;  /* cannot happen: CARC_MAX_EVENTS covers the worst case (above) */
    carc_event *e = &g->events[g->nevents++];
    e->kind = (uint8_t)kind;
    e->seat = (int8_t)seat;
    e->x = (int8_t)x;
    e->y = (int8_t)y;
    e->a = (uint8_t)a;
    e->b = (uint8_t)b;
    e->port = CARC_PORT_NONE;
    e->category = 0;
    e->value = (int16_t)value;
    return e;
}

void event_emit_at(carc_game *g, int kind, int seat, int n, int a, int b, int category, int value)
{
    const placed *p = &g->tiles[g->nodes[n].tile];
    carc_event *e = event_emit(g, kind, seat, p->x, p->y, a, b, value);
    if (e) {
        e->port = (uint8_t)board_node_port(g, n);
        e->category = (uint8_t)category;
    }
}

void event_emit_follower(carc_game *g, int kind, int seat, int n)
{
    const placed *p = &g->tiles[g->nodes[n].tile];
    int port = board_node_port(g, n);
    carc_event *e = event_emit(g, kind, seat, p->x, p->y, port, node_type(g, n), 0);
    if (e)
        e->port = (uint8_t)port;
}

void event_emit_played(carc_game *g, int seat, int x, int y, int card, int port)
{
    carc_event *e = event_emit(g, CARC_EV_CARD_PLAYED, seat, x, y, card, port, 0);
    if (e)
        e->port = (uint8_t)port;
}

