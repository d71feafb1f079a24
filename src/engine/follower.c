/*
 * follower.c - followers arriving on, leaving and moving between nodes. Each keeps
 * the follower counts at feature roots in step with fnode[][], and emits events.
 */
#include "state.h"

void follower_put(carc_game *g, int seat, int n)
{
    for (int i = 0; i < CARC_FOLLOWERS; i++) {
        if (g->fnode[seat][i] != NODE_NONE)
            continue;
        g->fnode[seat][i] = (uint8_t)n;
        node *r = &g->nodes[feat_root(g, n)];
        r->follow[seat]++;
        r->nfollow++;
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
        node *r = &g->nodes[feat_root(g, n)];
        r->follow[seat]--;
        r->nfollow--;
        event_emit_follower(g, CARC_EV_RETURNED, seat, n);
        return;
    }
}

void follower_move(carc_game *g, int seat, int from, int to)
{
    for (int i = 0; i < CARC_FOLLOWERS; i++) {
        if (g->fnode[seat][i] != from)
            continue;
        node *a = &g->nodes[feat_root(g, from)];
        a->follow[seat]--;
        a->nfollow--;
        node *b = &g->nodes[feat_root(g, to)];
        b->follow[seat]++;
        b->nfollow++;
        g->fnode[seat][i] = (uint8_t)to;
        event_emit_follower(g, CARC_EV_FOLLOWER, seat, to);
        return;
    }
}

int carc_supply(const carc_game *g, int seat)
{
    return follower_supply(g, seat);
}

