/*
 * board.c - where tiles are: the position table, the frontier of empty positions
 * next to the board, and placing a tile (its segments become feature nodes and
 * join the features of its neighbours).
 *
 * The position table maps (x,y) to a placed tile (cell = CELL_TILE + index) or to
 * a frontier spot (CELL_SPOT + index); 0 is an empty slot. Slots are never
 * emptied: a spot becomes a tile in place. Open addressing with linear probing;
 * at most 125 tiles + 252 spots live in 512 slots (a random base game: about 130).
 * The table keeps no keys (512 bytes fewer to copy): a probe compares (x,y) with
 * the x,y of the tile or spot the slot names, one 16-bit load through the byte
 * it has just read. A spot that moves to another index (spot_fill) takes its key
 * along; its slot is renamed.
 *
 * Frontier spots carry the edge types their neighbours demand as one signature
 * byte, so "in which rotations does tile k fit here" is one byte of a table
 * (tiletab_fit_rots, spot_fits in state.h).
 *
 * Placing a tile looks up the 4 positions that share an edge with it, to join
 * features or to add a demand to a spot. A river edge (The River) is no segment: it
 * joins the fields on its two banks with the neighbour's, as a road edge does, and
 * demands nothing of an empty neighbour (state.h, SIG_DEAD). Only the tiles with a
 * cloister or a garden (6 of 72 in a base game) count their 8 neighbours: a new tile adds itself to the counts of the listed
 * cloister tiles next to it, and a new cloister tile counts its own once.
 */
#include <stddef.h>
#include "expansion.h"

static const int dx[4] = {0, 1, 0, -1};
static const int dy[4] = {-1, 0, 1, 0};

/* The position (x,y) as the 16-bit word its two int8_t bytes make in placed and
 * spot (x, then y): the table keeps no keys, a slot's cell value names the tile or
 * spot whose own x,y are compared in one 16-bit load. */
static inline unsigned cell_pos(int x, int y)
{
    /* the two bytes in memory order, built in registers (through memory it is a
     * store and a load more at each of the ~7 lookups of a placement) */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (unsigned)(uint8_t)x << 8 | (uint8_t)y;
#else
    return (uint8_t)x | (unsigned)(uint8_t)y << 8;
#endif
}

/* The x,y word of what cell value v (not 0) names: placed tile v - CELL_TILE or
 * frontier spot v - CELL_SPOT. The address is picked without a branch (a cmov):
 * which of the two a probe meets is random. */
static inline unsigned cell_pos_of(const carc_game *g, unsigned v)
{
    size_t t = offsetof(carc_game, tiles) + offsetof(placed, x) + sizeof(placed) * (v - CELL_TILE);
    size_t s = offsetof(carc_game, frontier) + offsetof(spot, x) + sizeof(spot) * (v - CELL_SPOT);
    uint16_t k;
    memcpy(&k, (const uint8_t *)g + (v < CELL_SPOT ? t : s), 2);
    return k;
}

_Static_assert(offsetof(placed, y) == offsetof(placed, x) + 1 &&
               offsetof(spot, y) == offsetof(spot, x) + 1, "x,y make one 16-bit word");

/* Slot holding (x,y), or -1 - (the free slot where it would go). */
static inline int cell_find(const carc_game *g, int x, int y)
{
    unsigned k = cell_pos(x, y);
    unsigned h = (k * 2654435761u) >> (32 - CELL_BITS);
    for (;;) {
        unsigned v = g->cell[h];
        if (v == 0)
            return -1 - (int)h;
        if (cell_pos_of(g, v) == k)
            return (int)h;
        h = (h + 1) & (CELL_SLOTS - 1);
    }
}

/* Whether (x,y) can be on the board at all: a position is two int8_t, and one
 * past that range would wrap onto another (carc_tile_at passes any int). */
static inline int cell_in_range(int x, int y)
{
    return ((unsigned)(x + 128) | (unsigned)(y + 128)) < 256;
}

/* Whether a tile is at (x,y), a position in range. */
static inline int cell_has_tile(const carc_game *g, int x, int y)
{
    int c = cell_find(g, x, y);
    return c >= 0 && g->cell[c] < CELL_SPOT;
}

int board_lookup(const carc_game *g, int x, int y)
{
    if (!cell_in_range(x, y))
        return -1;
    int c = cell_find(g, x, y);
    if (c < 0 || g->cell[c] >= CELL_SPOT)
        return -1;
    return g->cell[c] - CELL_TILE;
}

unsigned board_sides(const carc_game *g, int t)
{
    const placed *p = &g->tiles[t];
    unsigned sides = 0;
    for (int d = 0; d < 4; d++) {
        int x = p->x + dx[d], y = p->y + dy[d];
        sides |= (unsigned)(cell_in_range(x, y) && cell_has_tile(g, x, y)) << d;
    }
    return sides;
}

/* No range test: the callers pass a move's int8_t x,y. */
int board_find(const carc_game *g, int x, int y)
{
    int c = cell_find(g, x, y);
    if (c < 0)
        return -1;
    int v = g->cell[c];
    return v < CELL_SPOT ? v - CELL_TILE : CELL_FRONTIER + v - CELL_SPOT;
}

int board_spot_index(const carc_game *g, int x, int y)
{
    if (!cell_in_range(x, y))
        return -1;
    int c = cell_find(g, x, y);
    if (c < 0 || g->cell[c] < CELL_SPOT)
        return -1;
    return g->cell[c] - CELL_SPOT;
}

unsigned spot_fit_rots(const carc_game *g, int si, int kind)
{
    /* a kind the table places nowhere here may still go where an expansion places
     * it (R5: a river tile, whose rows of the table are zero) */
    unsigned fit = tiletab_fit_rots[kind][g->frontier[si].sig];
    return fit || !exp_any(g) ? fit : exp_fit_rots(g, si, kind);
}

int board_placeable(const carc_game *g, int kind)
{
    const uint8_t *fits = tiletab_fit_rots[kind];
    const spot *s = g->frontier, *end = s + g->nfrontier;
    for (; s < end; s++)
        if (fits[s->sig])
            return 1;
    /* the table places no river tile: The River does, at its open end (R5) */
    return exp_any(g) && exp_placeable(g, kind);
}

/* The bit of position (x,y) in the cloister zone: x and y modulo 16, a board
 * rarely spans more than 16 tiles where its cloisters are (a wider one only makes
 * the zone less sharp, never wrong). */
static inline unsigned zone_bit(int x, int y)
{
    return (unsigned)(x & 15) | (unsigned)(y & 15) << 4;
}

static inline int zone_has(const uint64_t zone[4], int x, int y)
{
    unsigned b = zone_bit(x, y);
    return (int)(zone[b >> 6] >> (b & 63) & 1);
}

/* Adds the 3x3 positions centred on (x,y) to the zone: the zone's bit x + 16y
 * (zone_bit) makes each y a row of 16 bits, so three rows get the same three bits,
 * x-1..x+1 turned around the row's end. */
static void zone_add(uint64_t zone[4], int x, int y)
{
    unsigned c = (unsigned)(x - 1) & 15;
    uint64_t row = ((7u << c) | (7u >> (16 - c))) & 0xFFFFu;
    for (int oy = -1; oy <= 1; oy++) {
        unsigned r = (unsigned)(y + oy) & 15;
        zone[r >> 2] |= row << (16 * (r & 3));
    }
}

void board_cloister_zone(const carc_game *g, uint64_t zone[4])
{
    memset(zone, 0, 4 * sizeof *zone);
    for (int i = 0; i < g->ncloisters; i++)
        if (g->around[i] < 8) {
            const placed *q = &g->tiles[g->cloisters[i]];
            zone_add(zone, q->x, q->y);
        }
}

/* A new frontier spot at (x,y), in the free slot `slot` of the position table,
 * demanding nothing yet. */
static spot *spot_new(carc_game *g, int slot, int x, int y)
{
    g->cell[slot] = (uint16_t)(CELL_SPOT + g->nfrontier);
    spot *s = &g->frontier[g->nfrontier++];
    s->x = (int8_t)x;
    s->y = (int8_t)y;
    s->sig = 0xFF;
    return s;
}

/* Records that the empty position (x,y) at cell c (cell_find's answer) has a
 * neighbour demanding edge type `type` on its side `side`, creating the spot if
 * needed. */
static void spot_demand(carc_game *g, int c, int x, int y, int side, int type)
{
    /* a position past the int8_t range gets no spot: the board ends there (only a set
     * of more than 128 tiles can reach it; its wrapped key found no tile or spot,
     * those would lie 256 positions away) */
    if (c < 0 && g->ntiles > 127 && !cell_in_range(x, y))
        return;
    spot *s = c < 0 ? spot_new(g, -1 - c, x, y) : &g->frontier[g->cell[c] - CELL_SPOT];
    s->sig = (uint8_t)((s->sig & ~(SIG_FREE << (2 * side))) | (type << (2 * side)));
}

/* Turns the spot at cell c into tile t: the last spot moves into its index, and
 * the slot it leaves is zeroed (the frontier past nfrontier is zero: state.h). */
static void spot_fill(carc_game *g, int c, int t)
{
    int i = g->cell[c] - CELL_SPOT;
    int last = g->nfrontier - 1;
    g->cell[c] = (uint16_t)(CELL_TILE + t);
    if (i != last) {
        g->frontier[i] = g->frontier[last];
        int lc = cell_find(g, g->frontier[i].x, g->frontier[i].y);
        g->cell[lc] = (uint16_t)(CELL_SPOT + i);
    }
    g->frontier[last] = (spot){0, 0, 0};
    g->nfrontier = (uint16_t)last;
}

int board_node_port(const carc_game *g, int n)
{
    const node *nd = &g->nodes[n];
    const placed *p = &g->tiles[nd->tile];
    return tiletab_seg_port[p->kind][p->rot][n - p->first];
}

/* The nodes of tile t's segments, labelled with their tile only: board_place joins
 * most of them to an old feature at once (feat_attach) and makes a feature of its
 * own (feat_make) only for those left, each with the totals its segment starts
 * with (tiletab_seg_init). Returns the number of segments. */
static int make_nodes(carc_game *g, int t)
{
    placed *p = &g->tiles[t];
    int first = p->first = g->nnodes, nseg = tile_def(p->kind)->nseg;
    g->nnodes = (uint16_t)(first + nseg);
    for (int i = 0; i < nseg; i++)
        g->nodes[first + i].tile = (uint8_t)t;
    return nseg;
}

/* Joins segment seg of the tile being placed (its first node `first`) to the
 * feature of old node b: the segment's first join adds it to b's feature
 * (feat_attach), a later one joins two features. `fresh` has a bit per segment not
 * joined yet. Returns the root. */
static inline int place_join(carc_game *g, int first, int seg, int b, const feature *init,
                             unsigned *fresh)
{
    if (*fresh >> seg & 1) {
        *fresh &= ~(1u << seg);
        return feat_attach(g, first + seg, &init[seg], b);
    }
    return feat_union(g, first + seg, b);
}

static void mark_done(carc_game *g, int root)
{
    feat_mut(g, root)->flags |= NF_COMPLETED;
    g->done[g->ndone++] = (uint16_t)root;
}

/* The sides of a tile that closes (tile_closes: the abbey, AM4), placed at
 * (x,y), a hole (the fit table places it nowhere else: every side has a tile):
 * each closes the city or road that meets it (one open edge less; a road ends
 * there) and joins no field. The cities and roads it completes go to done[], in
 * the order of its sides. Apart from board_place, whose other tiles never come
 * here. */
static __attribute__((noinline)) void close_sides(carc_game *g, int x, int y)
{
    for (int d = 0; d < 4; d++) {
        int c = cell_find(g, x + dx[d], y + dy[d]);
        const placed *q = &g->tiles[g->cell[c] - CELL_TILE];
        int seg = tiletab_port_seg[q->kind][q->rot][(d + 2) & 3];
        if (seg == 0xFF)
            continue;  /* a field or river edge */
        int r = feat_root(g, q->first + seg);
        feature *f = feat_mut(g, r);
        f->open--;
        f->ends += feat_type(f) == CARC_FEAT_ROAD;
        if (f->open == 0 && !(f->flags & NF_COMPLETED))
            mark_done(g, r);
    }
}

void board_place(carc_game *g, int kind, int rot, int x, int y)
{
    int t = g->ntiles++;
    placed *p = &g->tiles[t];
    const uint8_t *ps = tiletab_port_seg[kind][rot];
    p->kind = (uint8_t)kind;
    p->rot = (uint8_t)rot;
    p->x = (int8_t)x;
    p->y = (int8_t)y;
    const feature *init = tiletab_seg_init[kind];
    int nseg = make_nodes(g, t), first = p->first;
    unsigned fresh = (1u << nseg) - 1;
    spot_fill(g, cell_find(g, x, y), t);
    g->last = (uint8_t)t;
    g->ndone = 0;
    g->last_sides = 0;
    /* whether a join closed a city or road (no open edge left): only then can the
     * tile have completed one */
    int closed = 0;

    /* a tile of a cloister alone, its first segment (the abbey, tile_closes): its
     * sides close what meets them (AM4); a port table's entry, no other load */
    if (ps[PORT_MONASTIC] == 0) {
        close_sides(g, x, y);
        g->last_sides = (uint8_t)board_sides(g, t);
    } else {
        unsigned packed = tiletab_packed(kind, rot);
        for (int d = 0; d < 4; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            int type = (packed >> (2 * d)) & 3;
            int c = cell_find(g, nx, ny);
            if (c < 0 || g->cell[c] >= CELL_SPOT) {
                spot_demand(g, c, nx, ny, (d + 2) & 3, type);
                continue;
            }
            g->last_sides |= (uint8_t)(1u << d);
            const placed *q = &g->tiles[g->cell[c] - CELL_TILE];
            const uint8_t *qs = tiletab_port_seg[q->kind][q->rot];
            if (ps[d] != 0xFF) {  /* a city or road edge (a field or river edge has no node) */
                int r = place_join(g, first, ps[d], q->first + qs[(d + 2) & 3], init, &fresh);
                feature *f = feat_mut(g, r);
                f->open -= 2;
                closed |= f->open == 0;
            }
            if (type != CARC_EDGE_CITY) {  /* field, road, river: the fields on both sides */
                for (int s = 2 * d; s < 2 * d + 2; s++)
                    place_join(g, first, ps[CARC_PORT_NW + s],
                               q->first + qs[CARC_PORT_NW + (s ^ 5)], init, &fresh);
            }
        }
    }
    /* the segments no neighbour joined: a feature each */
    for (; fresh; fresh &= fresh - 1) {
        int i = __builtin_ctz(fresh);
        feat_make(g, first + i, &init[i]);
    }
    /* cities and roads come first among a kind's segments */
    for (int n = first; closed && n < g->nnodes; n++) {
        const feature *f = feat_of(g, n);
        if (feat_type(f) > CARC_FEAT_ROAD)
            break;
        if (f->open == 0 && !(f->flags & NF_COMPLETED))
            mark_done(g, feat_root(g, n));
    }
    /* Cloisters: only the few tiles with one count their neighbours. Those around
     * this tile that it completes are marked in rows from the top left (NW N NE W
     * E SW S SE), then its own. */
    uint16_t completed[9];
    int ncompleted = 0;
    uint64_t near_mask = 0;
    if (zone_has(g->cloister_zone, x, y))  /* else no unfinished cloister is near */
        for (int i = 0; i < g->ncloisters; i++) {
            const placed *q = &g->tiles[g->cloisters[i]];
            unsigned ox = (unsigned)(q->x - x + 1), oy = (unsigned)(q->y - y + 1);
            near_mask |= (uint64_t)((ox <= 2) & (oy <= 2)) << i;  /* no branch: which is near is random */
        }
    for (uint64_t m = near_mask; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        if (++g->around[i] != 8)
            continue;
        const placed *q = &g->tiles[g->cloisters[i]];
        unsigned ox = (unsigned)(q->x - x + 1), oy = (unsigned)(q->y - y + 1);
        if (!ncompleted++)
            for (int j = 0; j < 9; j++)
                completed[j] = NODE_NONE;
        completed[3 * oy + ox] =
            (uint16_t)(q->first + tiletab_port_seg[q->kind][q->rot][PORT_MONASTIC]);
    }
    g->cloisters_near = near_mask;  /* before this tile's own cloister joins the list */
    for (int i = 0; ncompleted && i < 9; i++)
        if (completed[i] != NODE_NONE)
            mark_done(g, completed[i]);
    if (ncompleted)  /* finished cloisters leave the zone */
        board_cloister_zone(g, g->cloister_zone);
    if (ps[PORT_MONASTIC] != 0xFF && g->ncloisters < MAX_CLOISTERS) {  /* always: 22 at most */
        int around = 0;
        for (int oy = -1; oy <= 1; oy++)
            for (int ox = -1; ox <= 1; ox++)
                around += (ox || oy) && cell_has_tile(g, x + ox, y + oy);
        g->around[g->ncloisters] = (uint8_t)around;
        g->cloisters[g->ncloisters++] = (uint8_t)t;
        if (around == 8)
            mark_done(g, p->first + ps[PORT_MONASTIC]);
        else
            zone_add(g->cloister_zone, x, y);
    }
}

void board_init(carc_game *g, int start_kind)
{
    g->ntiles = g->nnodes = g->nfrontier = g->ncloisters = g->nfeats = 0;
    g->feat_free = FEAT_NONE;  /* the position table is zero: carc_new zeroed the state */
    spot_new(g, -1 - cell_find(g, 0, 0), 0, 0);
    board_place(g, start_kind, 0, 0, 0);
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

