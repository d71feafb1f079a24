/*
 * follower.c - followers arriving on, leaving and moving between nodes. Each keeps
 * the follower counts of the features in step with fnode[][], and emits events.
 */
#include "state.h"

void follower_put(carc_game *g, int seat, int n)
{
    for (int i = 0; i < CARC_FOLLOWERS; i++) {
        if (g->fnode[seat][i] != NODE_NONE)
            continue;
        g->fnode[seat][i] = (uint8_t)n;
        feat_mut(g, n)->follow += (uint16_t)(1u << (3 * seat));
        event_emit_follower(g, CARC_EV_FOLLOWER, seat, n);
        return;
    }
}

void follower_take(carc_game *g, int seat, int n)
{
    for (int i = 0; i < CARC_FOLLOWERS; i++) {
        if (g->fnode[seat][i] != n)
            continue;
        g->fnode[seat][i] = NODE_NONE;
        feat_mut(g, n)->follow -= (uint16_t)(1u << (3 * seat));
        event_emit_follower(g, CARC_EV_RETURNED, seat, n);
        return;
    }
}

void follower_move(carc_game *g, int seat, int from, int to)
{
    for (int i = 0; i < CARC_FOLLOWERS; i++) {
        if (g->fnode[seat][i] != from)
            continue;
        feat_mut(g, from)->follow -= (uint16_t)(1u << (3 * seat));
        feat_mut(g, to)->follow += (uint16_t)(1u << (3 * seat));
        g->fnode[seat][i] = (uint8_t)to;
        event_emit_follower(g, CARC_EV_FOLLOWER, seat, to);
        return;
    }
}

int carc_supply(const carc_game *g, int seat)
{
    return follower_supply(g, seat);
}

