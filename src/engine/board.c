/*
 * board.c - where tiles are: the position table, the frontier of empty positions
 * next to the board, and placing a tile (its segments become feature nodes and
 * join the features of its neighbours).
 *
 * The position table maps (x,y) to a placed tile (cell_val < 128) or to a frontier
 * spot (cell_val - 128). Keys are never deleted: a spot becomes a tile in place.
 * Open addressing with linear probing; at most 72 tiles + 146 spots live in 512
 * slots, so probes stay short.
 *
 * Frontier spots carry the edge types their neighbours demand, so "does tile k fit
 * here, and in which rotations" is one mask comparison (spot_fits in state.h).
 */
#include "state.h"

static const int dx[4] = {0, 1, 0, -1};
static const int dy[4] = {-1, 0, 1, 0};

static uint16_t cell_key(int x, int y)
{
    return (uint16_t)(((x + 128) << 8) | (y + 128));
}

/* Slot holding (x,y), or -1 - (the free slot where it would go). */
static int cell_find(const carc_game *g, int x, int y)
{
    uint16_t k = cell_key(x, y);
    unsigned h = ((uint32_t)k * 2654435761u) >> 23;
    for (;;) {
        if (g->cell_key[h] == k)
            return (int)h;
        if (g->cell_key[h] == 0)
            return -1 - (int)h;
        h = (h + 1) & (CELL_SLOTS - 1);
    }
}

int board_lookup(const carc_game *g, int x, int y)
{
    int c = cell_find(g, x, y);
    if (c < 0 || g->cell_val[c] >= CELL_FRONTIER)
        return -1;
    return g->cell_val[c];
}

int board_spot_index(const carc_game *g, int x, int y)
{
    int c = cell_find(g, x, y);
    if (c < 0 || g->cell_val[c] < CELL_FRONTIER)
        return -1;
    return g->cell_val[c] - CELL_FRONTIER;
}

int board_placeable(const carc_game *g, int kind)
{
    for (int i = 0; i < g->nfrontier; i++)
        if (spot_fits(g, &g->frontier[i], kind))
            return 1;
    return 0;
}

/* Records that the empty position (x,y) has a neighbour demanding edge type
 * `type` on its side `side`, creating the spot if needed. */
static void spot_demand(carc_game *g, int x, int y, int side, int type)
{
    int c = cell_find(g, x, y);
    spot *s;
    if (c < 0) {
        c = -1 - c;
        g->cell_key[c] = cell_key(x, y);
        g->cell_val[c] = (uint8_t)(CELL_FRONTIER + g->nfrontier);
        s = &g->frontier[g->nfrontier++];
        s->x = (int8_t)x;
        s->y = (int8_t)y;
        s->need = 0;
        s->mask = 0;
    } else {
        s = &g->frontier[g->cell_val[c] - CELL_FRONTIER];
    }
    s->need |= (uint8_t)(type << (2 * side));
    s->mask |= (uint8_t)(3 << (2 * side));
}

/* Turns the spot at cell c into tile t: the last spot moves into its index. */
static void spot_fill(carc_game *g, int c, int t)
{
    int i = g->cell_val[c] - CELL_FRONTIER;
    int last = --g->nfrontier;
    if (i != last) {
        g->frontier[i] = g->frontier[last];
        int lc = cell_find(g, g->frontier[i].x, g->frontier[i].y);
        g->cell_val[lc] = (uint8_t)(CELL_FRONTIER + i);
    }
    g->cell_val[c] = (uint8_t)t;
}

int board_port_node(const carc_game *g, int t, int port)
{
    const placed *p = &g->tiles[t];
    if (port < 4)
        return p->edge_node[port];
    if (port < 12)
        return p->slot_node[port - 4];
    if (port == CARC_PORT_C)
        return p->cloister;
    return NODE_NONE;
}

int board_node_port(const carc_game *g, int n)
{
    const node *nd = &g->nodes[n];
    const placed *p = &g->tiles[nd->tile];
    const carc_segment_def *s = &carc_tile_def_of(p->kind)->seg[nd->seg];
    switch (s->type) {
    case CARC_FEAT_CLOISTER:
        return CARC_PORT_C;
    case CARC_FEAT_FIELD:
        return CARC_PORT_NW + __builtin_ctz(tile_rot_slots(s->mask, p->rot));
    default:
        return __builtin_ctz(tile_rot_edges(s->mask, p->rot));
    }
}

/* Creates the nodes of tile t's segments and fills its port tables. */
static void make_nodes(carc_game *g, int t)
{
    placed *p = &g->tiles[t];
    const carc_tile_def *d = carc_tile_def_of(p->kind);
    memset(p->edge_node, NODE_NONE, sizeof p->edge_node);
    memset(p->slot_node, NODE_NONE, sizeof p->slot_node);
    p->cloister = NODE_NONE;
    p->first = g->nnodes;
    for (int i = 0; i < d->nseg; i++) {
        const carc_segment_def *s = &d->seg[i];
        int n = g->nnodes++;
        node *nd = &g->nodes[n];
        memset(nd, 0, sizeof *nd);
        nd->parent = nd->next = (uint8_t)n;
        nd->tile = (uint8_t)t;
        nd->seg = (uint8_t)i;
        nd->type = s->type;
        nd->size = 1;
        if (s->type == CARC_FEAT_CITY || s->type == CARC_FEAT_ROAD) {
            uint8_t m = tile_rot_edges(s->mask, p->rot);
            nd->open = (uint8_t)__builtin_popcount(m);
            nd->ends = s->ends;
            nd->pennants = s->type == CARC_FEAT_CITY ? d->pennant : 0;
            for (int e = 0; e < 4; e++)
                if (m & (1u << e))
                    p->edge_node[e] = (uint8_t)n;
        } else if (s->type == CARC_FEAT_FIELD) {
            uint8_t m = tile_rot_slots(s->mask, p->rot);
            for (int k = 0; k < 8; k++)
                if (m & (1u << k))
                    p->slot_node[k] = (uint8_t)n;
        } else {
            p->cloister = (uint8_t)n;
        }
    }
}

static void mark_done(carc_game *g, int root)
{
    g->nodes[root].flags |= NF_COMPLETED;
    g->done[g->ndone++] = (uint8_t)root;
}

void board_place(carc_game *g, int kind, int rot, int x, int y)
{
    int t = g->ntiles++;
    placed *p = &g->tiles[t];
    p->kind = (uint8_t)kind;
    p->rot = (uint8_t)rot;
    p->x = (int8_t)x;
    p->y = (int8_t)y;
    p->around = 0;
    make_nodes(g, t);
    spot_fill(g, cell_find(g, x, y), t);
    g->last = (uint8_t)t;
    g->ndone = 0;

    uint8_t packed = g->packed[kind][rot];
    for (int d = 0; d < 4; d++) {
        int nx = x + dx[d], ny = y + dy[d];
        int type = (packed >> (2 * d)) & 3;
        int nb = board_lookup(g, nx, ny);
        if (nb < 0) {
            spot_demand(g, nx, ny, (d + 2) & 3, type);
            continue;
        }
        const placed *q = &g->tiles[nb];
        if (type != CARC_EDGE_FIELD) {
            feat_union(g, p->edge_node[d], q->edge_node[(d + 2) & 3]);
            g->nodes[feat_root(g, p->edge_node[d])].open -= 2;
        }
        if (type != CARC_EDGE_CITY)
            for (int s = 2 * d; s < 2 * d + 2; s++)
                feat_union(g, p->slot_node[s], q->slot_node[s ^ 5]);
    }
    for (int i = 0; i < carc_tile_def_of(kind)->nseg; i++) {
        int n = p->first + i;
        if (g->nodes[n].type > CARC_FEAT_ROAD)
            continue;
        int r = feat_root(g, n);
        if (g->nodes[r].open == 0 && !(g->nodes[r].flags & NF_COMPLETED))
            mark_done(g, r);
    }
    /* Cloisters: count tiles in the 8 surrounding positions, both ways. */
    for (int oy = -1; oy <= 1; oy++)
        for (int ox = -1; ox <= 1; ox++) {
            if (!ox && !oy)
                continue;
            int nb = board_lookup(g, x + ox, y + oy);
            if (nb < 0)
                continue;
            placed *q = &g->tiles[nb];
            p->around++;
            if (++q->around == 8 && q->cloister != NODE_NONE)
                mark_done(g, q->cloister);
        }
    if (p->around == 8 && p->cloister != NODE_NONE)
        mark_done(g, p->cloister);
}

void board_init(carc_game *g)
{
    g->ntiles = g->nnodes = g->nfrontier = 0;
    memset(g->cell_key, 0, sizeof g->cell_key);
    spot_demand(g, 0, 0, 0, 0);
    g->frontier[0].mask = 0;
    g->frontier[0].need = 0;
    board_place(g, carc_tile_kind('D'), 0, 0, 0);
    g->ndone = 0;
    g->last = TILE_NONE;
}

/* Node of the segment at (x,y,port), or NODE_NONE. */
int board_node_at(const carc_game *g, int x, int y, int port)
{
    if (x < -100 || x > 100 || y < -100 || y > 100 || port < 0 || port >= CARC_PORTS)
        return NODE_NONE;
    int t = board_lookup(g, x, y);
    return t < 0 ? NODE_NONE : board_port_node(g, t, port);
}

