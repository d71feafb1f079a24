/*
 * move.c - moves as values: the pass, and equality of every field, the figure of a
 * follower move included (a large meeple on a segment is not a meeple there; canonical
 * form is legal.c's, since it needs the pending decision's expansions).
 */
#include "state.h"

carc_move carc_move_pass(void)
{
    return move_pass();
}

int carc_move_equal(const carc_move *a, const carc_move *b)
{
    return a->kind == b->kind && a->card == b->card && a->tile == b->tile &&
           a->rot == b->rot && a->x == b->x && a->y == b->y && a->port == b->port &&
           a->x2 == b->x2 && a->y2 == b->y2 && a->port2 == b->port2 && a->seat2 == b->seat2 &&
           a->figure == b->figure;
}

