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
 *      on the way (its play, discard, token or lock), a double turn due (TB6)    7
 *   followers (6 seats x 8 with I&C: 48 at most): each at most two events in
 *      all, in whichever step scores it (X7, G7, T7: scored or banked, then
 *      returned; E3: scored, then a field bonus, or with its pig the pig's
 *      points, TB8), and each holder of a feature has a follower on it          144
 *   builders and pigs (12): returned (TB5) or the pig's event above            12
 *   goods taken in T7 (TB9): one a kind and completed city, at most 3 x 16      48
 *   T1 of the turn that never comes: B5 draws and removes unplaceable tiles, 2
 *      events each. A tile fits the empty spot above any tile of the board's top
 *      row (its one neighbour) iff it has an edge of the type that neighbour
 *      demands, so the unplaceable tiles all lack one edge type: the tiles with
 *      no city edge (A B U V W X, and 7 of I&C and T&B: 35)                     70
 *   E2: at most 30 cards in hand (5 per seat), each voided or revealed (1), with
 *      2 supply_bonus (+2 each: played, scored) and 4 field bonuses (+1: played)  38
 *   E3: goods majorities (TB10): 3 kinds x 6 seats                             18
 *   E4: one payment per seat and score category a lock can bank (4)             24
 *   E5: one per seat; the game-over event                                         7
 *   in all 368 <= 384. event_emit() refuses more rather than write past the end.
 */
/*
 * What an event's bit-fields (carc.h) must hold: kind 1..18 (5 bits), category
 * 0..6 (3), seat -1..5 (4 bits, signed), x and y within +-113 and a, b, port bytes
 * (8 each), and value (12 bits, signed: -2048..2047). A value is one of:
 *   - a stack depth (TILE_RETURNED): -1..113; a figure (FOLLOWER, RETURNED): 0..4;
 *     goods tokens taken (GOODS): at most 9;
 *   - twice the followers in supply, gifts held or followers taken back (supply_bonus,
 *     E5 gifts, cash_out): at most 2 * 48; score_three: 3; a goods majority: 10;
 *   - the points of one feature for one seat (SCORED, BANKED): a road at most 4 a
 *     tile (loop_road_double on an inn road, XI7), a city at most 4 a tile and 4 a
 *     pennant (a cathedral city with plain_city_worth_three or
 *     pennants_worth_three), a cloister at most 1 + 2 * 8 (score_cloister_bonus),
 *     so at most 4 * 114 + 4 * 13 = 508; a field 3 per completed city it borders
 *     and 1 more with the pig, and its field bonuses one per city and card: a
 *     completed city has two segments at least, so at most 114 cities, and
 *     4 * 114 plus a bonus of at most (2 cards in hand, 2 ways) * 114 stays below
 *     1,000;
 *   - the banked points of one seat and category (BANK_PAID): a sum over disjoint
 *     locked features, so over disjoint segments, at most 4 a segment and 4 a
 *     pennant: 4 * 426 + 52 = 1,756.
 * So every value fits.
 */
_Static_assert(sizeof(carc_event) == 8, "an event is one word (carc.h)");

/* Appends an event, built whole and stored once (a bit-field written one at a time
 * is a load and a store each). */
static carc_event *event_put(carc_game *g, int kind, int seat, int x, int y, int a, int b,
                             int port, int category, int value)
{
    if (g->nevents >= CARC_MAX_EVENTS)
        return NULL;  /* cannot happen: CARC_MAX_EVENTS covers the worst case (above) */
    carc_event *e = &g->events[g->nevents++];
    *e = (carc_event){.kind = (unsigned)kind, .category = (unsigned)category, .x = x, .y = y,
                      .a = (unsigned)a, .b = (unsigned)b, .port = (unsigned)port,
                      .seat = seat, .value = value};
    return e;
}

carc_event *event_emit(carc_game *g, int kind, int seat, int x, int y, int a, int b, int value)
{
    return event_put(g, kind, seat, x, y, a, b, CARC_PORT_NONE, 0, value);
}

void event_emit_at(carc_game *g, int kind, int seat, int n, int a, int b, int category, int value)
{
    const placed *p = &g->tiles[g->nodes[n].tile];
    event_put(g, kind, seat, p->x, p->y, a, b, board_node_port(g, n), category, value);
}

void event_emit_follower(carc_game *g, int kind, int seat, int n, int figure)
{
    const placed *p = &g->tiles[g->nodes[n].tile];
    int port = board_node_port(g, n);
    event_put(g, kind, seat, p->x, p->y, port, node_type(g, n), port, 0, figure);
}

void event_emit_played(carc_game *g, int seat, int x, int y, int card, int port)
{
    event_put(g, CARC_EV_CARD_PLAYED, seat, x, y, card, port, port, 0, 0);
}
