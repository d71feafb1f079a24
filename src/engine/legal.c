/*
 * legal.c - every legal move for the pending decision (carc_legal).
 *
 * Placements are listed once per physically distinct placement: a tile whose
 * rotation by 180 or 90 degrees looks the same (B, C, F, G, H, U, X) is listed only
 * in its lowest such rotation; carc_apply accepts the others and stores the lowest.
 * Follower moves name each segment by its canonical port.
 */
#include "expansion.h"

void carc_move_canonical(const carc_game *g, carc_move *m)
{
    carc_move c = move_pass();
    c.kind = m->kind;
    switch (m->kind) {
    case CARC_MOVE_PLACE:
        if (m->tile < CARC_TILE_KINDS && m->rot < 4)
            m->rot = (uint8_t)(m->rot % g->period[m->tile]);
        c.tile = m->tile;
        c.rot = m->rot;
        c.x = m->x;
        c.y = m->y;
        break;
    case CARC_MOVE_FOLLOWER: {
        int canon;
        if (carc_segment(g, m->x, m->y, m->port, &canon) >= 0)
            m->port = (uint8_t)canon;
        c.x = m->x;
        c.y = m->y;
        c.port = m->port;
        break;
    }
    default:
        /* an expansion's kind: it names the targets and clears what it does not use */
        if (exp_canonical(g, m))
            return;
        break;
    }
    *m = c;  /* only what the kind uses, so equal moves compare equal */
}

static int legal_place(const carc_game *g, carc_move *out, int cap)
{
    int n = 0;
    for (int h = 0; h < g->nhand; h++) {
        int k = g->hand[h];
        if (h == 1 && k == g->hand[0])
            break;
        carc_move m = move_pass();
        m.kind = CARC_MOVE_PLACE;
        m.tile = (uint8_t)k;
        int forced = exp_forced_spot(g);  /* X13 */
        for (int i = forced < 0 ? 0 : forced; i < (forced < 0 ? g->nfrontier : forced + 1); i++) {
            const spot *s = &g->frontier[i];
            for (unsigned fit = spot_fits(g, s, k); fit && n < cap; fit &= fit - 1) {
                m.rot = (uint8_t)__builtin_ctz(fit);
                m.x = s->x;
                m.y = s->y;
                out[n++] = m;
            }
        }
    }
    return n;
}

/* B6: a follower may go on a segment of the placed tile whose feature is empty. */
int legal_follower_ok(const carc_game *g, int seg_node)
{
    return g->nodes[feat_root(g, seg_node)].nfollow == 0;
}

static int legal_follower(const carc_game *g, carc_move *out, int cap)
{
    int n = 0;
    const placed *p = &g->tiles[g->last];
    if (carc_supply(g, g->active) > 0) {
        int nseg = carc_tile_def_of(p->kind)->nseg;
        for (int i = 0; i < nseg && n < cap; i++) {
            if (!legal_follower_ok(g, p->first + i))
                continue;
            carc_move *m = &out[n++];
            *m = move_pass();
            m->kind = CARC_MOVE_FOLLOWER;
            m->x = p->x;
            m->y = p->y;
            m->port = (uint8_t)board_node_port(g, p->first + i);
        }
    }
    if (n < cap)
        out[n++] = move_pass();
    return n;
}

int carc_legal(const carc_game *g, carc_move *out, int cap)
{
    carc_pending p;
    switch (turn_pending(g, &p)) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER: {
        int n = exp_legal(g, p.decision, out, cap);
        if (n < cap)
            out[n++] = move_pass();  /* close the window */
        return n;
    }
    case CARC_DEC_PLACE:
        return legal_place(g, out, cap);
    case CARC_DEC_FOLLOWER:
        return legal_follower(g, out, cap);
    case CARC_DEC_NONE:
        return 0;
    default:
        return exp_legal(g, p.decision, out, cap);  /* an expansion's decision */
    }
}
