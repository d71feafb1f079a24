/*
 * wagon.c - Abbey & Mayor's wagon (AM7, AM8): a follower of strength 1 on a road,
 * in a city or on a cloister (the abbey included), never in a field, on a garden
 * or on a tower's top; placed and scored like a meeple.
 *
 *   AM8  T7a (the step ST_T7_AFTER, after the barn scorings): a wagon that stood on
 *        a feature completed and scored in this part's T7 (not a locked one, which
 *        keeps it) may move, its owners asked in turn order from the active player:
 *        onto a segment of an unfinished road, city or cloister holding no follower
 *        on the tile where it stood or one of the 8 around (C2), not the dragon's
 *        tile (PD5), or stay in supply (pass). Only T7's scoring of a completed
 *        feature moves a wagon: any other scoring or removal simply returns it.
 *
 * The module's state keeps, per seat, the tile the wagon stood on when its feature
 * was scored (feature_scored, asked while it still stands there), until its owner
 * decides.
 */
#include "abbey.h"

const struct exp_figure abbey_wagon = {
    .kind = CARC_FIG_WAGON, .strength = 1, .count = 1,
    .stands = 1u << CARC_FEAT_ROAD | 1u << CARC_FEAT_CITY | 1u << CARC_FEAT_CLOISTER,
    .name = "wagon", .word = "wagon",
    .not_there = "the wagon goes on a road, in a city or on a cloister, not on a %s (AM7)",
    .taken = "the %s at %s already holds a follower (B6)",
};

static int wagon_slot(void)
{
    return figure_slot_of(CARC_FIG_WAGON);
}

/* T7's scoring of the completed feature `root` (feature_scored): each wagon on it
 * that returns may move (AM8). A locked feature keeps its followers (XI20), and a
 * scoring outside T7 moves none. */
void abbey_wagon_scored(carc_game *g, int root, int name)
{
    (void)name;
    if (g->step != ST_T7_SCORE || (feat_of(g, root)->flags & NF_LOCKED))
        return;
    for (int s = 0; s < g->players; s++) {
        unsigned v = g->fnode[s][wagon_slot()];
        if (fig_placed(v) && feat_root(g, (int)v) == root)
            abbey_st(g)->wagon_from[s] = (uint8_t)(g->nodes[v].tile + 1);
    }
}

/* The segment nodes seat's wagon may move to from tile `from` (AM8), written to
 * out in the order of the tiles (placement order) and their segments. */
static int wagon_targets(const carc_game *g, int from, uint16_t *out, int cap)
{
    const placed *f = &g->tiles[from];
    int n = 0;
    for (int t = 0; t < g->ntiles && n < cap; t++) {
        const placed *p = &g->tiles[t];
        int dx = p->x - f->x, dy = p->y - f->y;
        if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || exp_no_figure_on(g, t))
            continue;  /* C2: the tile or the 8 around; never the dragon's tile (PD5) */
        int nseg = tile_def(p->kind)->nseg;
        for (int i = 0; i < nseg && n < cap; i++) {
            const feature *r = feat_of(g, p->first + i);
            if ((abbey_wagon.stands >> feat_type(r) & 1) && !r->follow &&
                !(r->flags & (NF_COMPLETED | NF_SCORED | NF_LOCKED)))
                out[n++] = (uint16_t)(p->first + i);
        }
    }
    return n;
}

/* The seat that owes the wagon decision now, first in turn order from the active
 * player, or -1. */
static int wagon_seat(const carc_game *g)
{
    for (int k = 0; k < g->players; k++) {
        int s = (g->active + k) % g->players;
        if (abbey_st(g)->wagon_from[s])
            return s;
    }
    return -1;
}

/* ST_T7_AFTER: whether a wagon move is owed; a wagon that did not come back (a
 * card kept it) or has nowhere to go is passed over. */
int abbey_wagon_at_scored(carc_game *g)
{
    int s;
    while ((s = wagon_seat(g)) >= 0) {
        uint16_t t[1];
        if (g->fnode[s][wagon_slot()] == NODE_NONE &&
            wagon_targets(g, abbey_st(g)->wagon_from[s] - 1, t, 1) > 0)
            return 1;
        abbey_st(g)->wagon_from[s] = 0;
    }
    return 0;
}

void abbey_wagon_pending(const carc_game *g, carc_pending *p)
{
    int s = g->step == ST_T7_AFTER ? wagon_seat(g) : -1;
    if (s >= 0) {
        p->decision = CARC_DEC_WAGON;
        p->seat = s;
    }
}

/* The move that puts seat's wagon on node n. */
static carc_move wagon_move(const carc_game *g, int n)
{
    carc_move m = move_pass();
    const placed *p = &g->tiles[g->nodes[n].tile];
    m.kind = CARC_MOVE_FOLLOWER;
    m.figure = CARC_FIG_WAGON;
    m.x = p->x;
    m.y = p->y;
    m.port = (uint8_t)board_node_port(g, n);
    return m;
}

int abbey_wagon_legal(const carc_game *g, carc_move *out, int cap)
{
    int s = wagon_seat(g), n = 0;
    if (s < 0 || cap < 1)
        return 0;
    uint16_t t[CARC_MAX_SEGMENTS];
    int nt = wagon_targets(g, abbey_st(g)->wagon_from[s] - 1, t, CARC_MAX_SEGMENTS);
    for (int i = 0; i < nt && n < cap - 1; i++)
        out[n++] = wagon_move(g, t[i]);
    out[n++] = move_pass();  /* AM8: the wagon stays in supply */
    return n;
}

int abbey_wagon_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    int s = wagon_seat(g);
    if (m->kind == CARC_MOVE_PASS) {
        event_clear(g);
        abbey_st(g)->wagon_from[s] = 0;
        return CARC_OK;
    }
    if (m->kind != CARC_MOVE_FOLLOWER)
        return EXP_NOT_MINE;
    int n = board_node_at(g, m->x, m->y, m->port), from = abbey_st(g)->wagon_from[s] - 1;
    uint16_t t[CARC_MAX_SEGMENTS];
    int nt = wagon_targets(g, from, t, CARC_MAX_SEGMENTS), ok = 0;
    for (int i = 0; i < nt && !ok; i++)
        ok = t[i] == n;
    if (m->figure != CARC_FIG_WAGON || !ok) {
        error_set(err, CARC_E_ILLEGAL,
                  "player %d's wagon moves to an unfinished road, city or cloister holding no "
                  "follower on (%d,%d) or a tile around it, not the dragon's (AM8)", s,
                  g->tiles[from].x, g->tiles[from].y);
        return CARC_E_ILLEGAL;
    }
    event_clear(g);
    figure_put(g, s, CARC_FIG_WAGON, n);
    abbey_st(g)->wagon_from[s] = 0;
    return CARC_OK;
}
