/*
 * check.c - carc_check: recomputes everything the state keeps incrementally and
 * compares. Slow on purpose (quadratic in places); the tests call it after every
 * move. The invariants:
 *
 *   1. Tiles: placed + removed + in hand + in the stack + left out by a short fixed
 *      stack = the tiles of the game's set, and no kind appears more often than
 *      the set has it.
 *   2. Position table: its slots hold no keys, so each slot names a placed tile
 *      or a frontier spot (CELL_TILE + t < CELL_TILE + ntiles, CELL_SPOT + i <
 *      CELL_SPOT + nfrontier) or is empty (0), and every tile and spot is named by
 *      exactly one slot, with an empty slot left (a probe ends there); checked
 *      before any lookup, which would read a tile or spot a bad slot names.
 *      Every placed tile is found at its position; every frontier
 *      spot is empty, touches a tile, and demands exactly its neighbours' edges;
 *      every empty neighbour of a tile is a frontier spot.
 *   3. Features: roots are their own parents and every node's parent is a root;
 *      every root has a feature record of its own and every node names its
 *      root's; the other records are on the free list (zero but for the link),
 *      and at most nnodes - (ntiles - 1) are live (the bound in struct feature);
 *      sizes, open edges, pennants, road ends and follower counts in each record
 *      equal a recount over its nodes, and its type is each node's segment type; the circular list of a feature holds
 *      exactly its nodes; a city or road is completed iff it has no open edge, a
 *      cloister iff 8 tiles surround it.
 *   4. Figures: each player has the figures of the game's expansions (7 meeples,
 *      the large meeple with I&C, builder and pig with T&B), on board or in
 *      supply, and the supply count matches; a figure stands on a node of a placed
 *      tile whose type it may stand on; no figure stands on a scored, unlocked
 *      feature; every builder and pig is supported (§0); a feature's strengths per
 *      seat are its followers' strengths; goods: each kind's tokens, held and in
 *      the common supply, add up to the symbols of the set (TB1); a city's goods
 *      are its segments' symbols; inn and cathedral flags match the segments.
 *   5. Tiles with a cloister are listed in cloisters[] in placement order, and
 *      their neighbour counts (around) match the board; other tiles count 0;
 *      cloisters_near marks those around the tile placed last, but for itself;
 *      last_sides its sides that have a neighbour;
 *      cloister_zone marks the positions around the unfinished ones.
 *   6. The expansions' plan matches the configuration (expansion.h), and each
 *      expansion's own invariants hold (its hook `check`, on or off: one that is
 *      off holds nothing).
 *   7. Events: at most CARC_MAX_EVENTS, and every byte past the last one is zero
 *      (event_clear), so that equal games are equal byte for byte.
 *   8. The state's tails (state.h, the three parts, which carc_copy relies on):
 *      every array of part 3 is zero past its count (feature records, events,
 *      nodes, placed tiles, frontier spots, removed tiles), and the card
 *      expansions' block is zero in a game with neither card expansion.
 */
#include <stdio.h>
#include <stdlib.h>
#include "expansion.h"

#define FAIL(...)                                        \
    do {                                                 \
        error_set(err, CARC_E_INVALID, __VA_ARGS__);     \
        return CARC_E_INVALID;                           \
    } while (0)

static int check_tiles(const carc_game *g, carc_error *err)
{
    int count[CARC_TILE_KINDS] = {0};
    for (int i = 0; i < g->ntiles; i++)
        count[g->tiles[i].kind]++;
    for (int i = 0; i < g->nremoved; i++)
        count[g->removed[i]]++;
    for (int i = 0; i < g->nhand; i++)
        count[g->hand[i]]++;
    for (int i = 0; i < g->stack_len; i++)
        count[g->stack[i]]++;
    uint8_t aside[CARC_TILES];
    int naside = g->exp_asides ? exp_aside(g, aside) : 0;  /* PD4: tiles set aside */
    for (int i = 0; i < naside; i++)
        count[aside[i]]++;
    int total = g->ntiles + g->nremoved + g->nhand + g->stack_len + g->unused + naside;
    int in_set = stack_size(g->expansions) + 1;
    /* the tiles each player was given outside the stack (the abbeys, AM2): those out
     * of the players' hands; the module checks those still held */
    int given[CARC_TILE_KINDS] = {0};
    EXP_EACH_ACTIVE(g, h)
        if (h->player_kind) {
            given[h->player_kind] = g->players;
            in_set += count[h->player_kind];
        }
    if (total != in_set)
        FAIL("tiles: %d placed + %d removed + %d in hand + %d in stack + %d unused != %d",
             g->ntiles, g->nremoved, g->nhand, g->stack_len, g->unused, in_set);
    uint8_t most[CARC_TILE_KINDS];
    int kinds = tile_counts(g->expansions, most);
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        if (count[k] > (k < kinds ? most[k] : 0) + given[k])
            FAIL("tiles: %d of kind %s, more than %d", count[k], tile_def(k)->name,
                 (k < kinds ? most[k] : 0) + given[k]);
    return CARC_OK;
}

static const int dx[4] = {0, 1, 0, -1};
static const int dy[4] = {-1, 0, 1, 0};

/* The slots of the position table (invariant 2): what each names exists, and
 * every tile and spot is named once. */
static int check_cells(const carc_game *g, carc_error *err)
{
    uint8_t named[CELL_SPOT + MAX_FRONTIER] = {0};
    int used = 0;
    for (int c = 0; c < CELL_SLOTS; c++) {
        int v = g->cell[c];
        if (v == 0)
            continue;
        if (v >= CELL_TILE + g->ntiles && (v < CELL_SPOT || v >= CELL_SPOT + g->nfrontier))
            FAIL("board: slot %d names %d, neither one of the %d tiles nor of the %d spots",
                 c, v, g->ntiles, g->nfrontier);
        if (named[v]++)
            FAIL("board: two slots name %s %d", v < CELL_SPOT ? "tile" : "spot",
                 v < CELL_SPOT ? v - CELL_TILE : v - CELL_SPOT);
        used++;
    }
    if (used != g->ntiles + g->nfrontier || used == CELL_SLOTS)
        FAIL("board: %d slots used for %d tiles and %d spots", used, g->ntiles, g->nfrontier);
    return CARC_OK;
}

static int check_board(const carc_game *g, carc_error *err)
{
    int ncloisters = 0;
    if (check_cells(g, err) != CARC_OK)
        return CARC_E_INVALID;
    for (int t = 0; t < g->ntiles; t++) {
        const placed *p = &g->tiles[t];
        if (board_lookup(g, p->x, p->y) != t)
            FAIL("board: tile %d not found at (%d,%d)", t, p->x, p->y);
        int around = 0;
        for (int oy = -1; oy <= 1; oy++)
            for (int ox = -1; ox <= 1; ox++)
                around += (ox || oy) && board_lookup(g, p->x + ox, p->y + oy) >= 0;
        if (tiletab_port_seg[p->kind][p->rot][PORT_MONASTIC] == 0xFF)
            around = 0;
        else if (ncloisters >= g->ncloisters || g->cloisters[ncloisters++] != t)
            FAIL("board: the tile at (%d,%d) with a cloister or garden is not in the list",
                 p->x, p->y);
        if (around != board_around(g, t))
            FAIL("board: tile at (%d,%d) counts %d neighbours, has %d", p->x, p->y,
                 board_around(g, t), around);
        for (int d = 0; d < 4; d++) {
            int nx = p->x + dx[d], ny = p->y + dy[d];
            if (board_lookup(g, nx, ny) < 0 && board_spot_index(g, nx, ny) < 0)
                FAIL("board: empty (%d,%d) next to a tile is not in the frontier", nx, ny);
        }
    }
    if (ncloisters != g->ncloisters)
        FAIL("board: %d tiles with a cloister or garden, %d listed", ncloisters, g->ncloisters);
    uint64_t near = 0;
    for (int i = 0; g->last != TILE_NONE && i < g->ncloisters; i++) {
        const placed *p = &g->tiles[g->last], *q = &g->tiles[g->cloisters[i]];
        int ox = q->x - p->x, oy = q->y - p->y;
        near |= (uint64_t)((ox || oy) && abs(ox) <= 1 && abs(oy) <= 1) << i;
    }
    if (g->last != TILE_NONE && near != g->cloisters_near)
        FAIL("board: cloisters around the last tile %#llx, marked %#llx",
             (unsigned long long)near, (unsigned long long)g->cloisters_near);
    if (g->last != TILE_NONE && g->last_sides != board_sides(g, g->last))
        FAIL("board: the last tile's neighbours 0x%x, noted 0x%x", board_sides(g, g->last),
             g->last_sides);
    uint64_t zone[4];
    board_cloister_zone(g, zone);
    if (memcmp(zone, g->cloister_zone, sizeof zone))
        FAIL("board: the cloister zone is not the unfinished cloisters' surroundings");
    int closed = exp_any(g) ? exp_closed_spot(g) : -1;
    for (int i = 0; i < g->nfrontier; i++) {
        const spot *s = &g->frontier[i];
        if (board_spot_index(g, s->x, s->y) != i)
            FAIL("board: frontier spot %d not found at (%d,%d)", i, s->x, s->y);
        uint8_t need = 0, mask = 0;
        int river = 0;
        for (int d = 0; d < 4; d++) {
            int nb = board_lookup(g, s->x + dx[d], s->y + dy[d]);
            if (nb < 0)
                continue;
            const placed *q = &g->tiles[nb];
            int type = (tile_edges_packed(q->kind, q->rot) >> (2 * ((d + 2) & 3))) & 3;
            river |= type == CARC_EDGE_RIVER;
            if (type == CARC_EDGE_RIVER)
                continue;  /* a river edge demands nothing (state.h) */
            need |= (uint8_t)(type << (2 * d));
            mask |= (uint8_t)(3 << (2 * d));
        }
        /* a spot an expansion keeps closed (the river's dead end) keeps SIG_DEAD;
         * the expansion's own check says why */
        int dead = i == closed;
        if (dead ? s->sig != SIG_DEAD
                 : (!mask && !river) || need != spot_need(s->sig) || mask != spot_mask(s->sig))
            FAIL("board: frontier spot (%d,%d) demands %02x/%02x, neighbours say %02x/%02x",
                 s->x, s->y, spot_need(s->sig), spot_mask(s->sig), need, mask);
    }
    return CARC_OK;
}

/* The table of feature records: every root has a record of its own, every node its
 * root's; the other records are on the free list, zero but for the link; and no
 * more are live than the bound of struct feature allows (nnodes - (ntiles - 1)). */
static int check_records(const carc_game *g, carc_error *err)
{
    uint16_t owner[MAX_FEATS];
    for (int f = 0; f < MAX_FEATS; f++)
        owner[f] = NODE_NONE;
    if (g->nfeats > MAX_FEATS)
        FAIL("features: %d records, more than %d", g->nfeats, MAX_FEATS);
    int live = 0;
    for (int n = 0; n < g->nnodes; n++) {
        int r = g->nodes[n].parent, f = g->nodes[n].feat;
        if (f >= g->nfeats)
            FAIL("features: node %d names record %d of %d", n, f, g->nfeats);
        if (f != g->nodes[r].feat)
            FAIL("features: node %d names record %d, its root %d record %d", n, f, r,
                 g->nodes[r].feat);
        if (r != n)
            continue;
        if (owner[f] != NODE_NONE)
            FAIL("features: roots %d and %d share record %d", owner[f], n, f);
        owner[f] = (uint16_t)n;
        if (g->feats[f].size == 0)
            FAIL("features: root %d has a record of size 0", n);
        live++;
    }
    /* a tile that closes (the abbey, AM4) joins none of its nodes: one feature more */
    int closers = 0;
    for (int t = 0; t < g->ntiles; t++)
        closers += tile_closes(g->tiles[t].kind);
    if (g->ntiles > 0 && live > g->nnodes - (g->ntiles - 1) + closers)
        FAIL("features: %d live on %d nodes of %d tiles (%d closing), more than nodes - "
             "(tiles - 1) + closing", live, g->nnodes, g->ntiles, closers);
    int nfree = 0;
    for (int f = g->feat_free; f != FEAT_NONE; f = g->feats[f].open) {
        if (f >= g->nfeats)
            FAIL("features: free list reaches record %d of %d", f, g->nfeats);
        if (owner[f] == NODE_NONE - 1)
            FAIL("features: the free list loops at record %d", f);
        if (owner[f] != NODE_NONE)
            FAIL("features: record %d is free and live (root %d)", f, owner[f]);
        feature z = {.open = g->feats[f].open};
        if (memcmp(&z, &g->feats[f], sizeof z))
            FAIL("features: free record %d is not zero", f);
        owner[f] = NODE_NONE - 1;  /* seen on the free list */
        nfree++;
    }
    if (live + nfree != g->nfeats)
        FAIL("features: %d live and %d free records of %d", live, nfree, g->nfeats);
    for (int f = g->nfeats; f < MAX_FEATS; f++) {
        feature z = {0};
        if (memcmp(&z, &g->feats[f], sizeof z))
            FAIL("features: record %d past the %d used is not zero", f, g->nfeats);
    }
    return CARC_OK;
}

/* One feature's totals as carc_check counts them from its nodes and figures. */
typedef struct {
    int16_t size, open, pennants, ends, nfollow;
    int16_t follow[CARC_MAX_PLAYERS];
    uint8_t flags;
    unsigned goods;
} check_tally;

static int check_features(const carc_game *g, carc_error *err)
{
    int expected_nodes = 0;
    for (int t = 0; t < g->ntiles; t++)
        expected_nodes += tile_def(g->tiles[t].kind)->nseg;
    if (expected_nodes != g->nnodes)
        FAIL("features: %d nodes for tiles that have %d segments", g->nnodes, expected_nodes);
    for (int n = 0; n < g->nnodes; n++)
        if (g->nodes[n].parent >= g->nnodes ||
            g->nodes[g->nodes[n].parent].parent != g->nodes[n].parent)
            FAIL("features: node %d names %d as its root, which is not one", n,
                 g->nodes[n].parent);
    int rc = check_records(g, err);
    if (rc != CARC_OK)
        return rc;
    /* What each feature's nodes and followers add up to, counted afresh: one pass over
     * the nodes and one over the figures, kept by root (a pass per root was quadratic
     * and made carc_check nine tenths of a fully checked random game). */
    check_tally tally[MAX_NODES];
    memset(tally, 0, sizeof tally[0] * (size_t)g->nnodes);
    for (int n = 0; n < g->nnodes; n++) {
        int r = feat_root(g, n);
        const feature *rn = feat_of(g, r);
        check_tally *t = &tally[r];
        const node *nd = &g->nodes[n];
        const placed *p = &g->tiles[nd->tile];
        const carc_tile_def *d = tile_def(p->kind);
        const carc_segment_def *s = &d->seg[node_seg(g, n)];
        if (nd->feat != g->nodes[r].feat || s->type != feat_type(rn))
            FAIL("features: node %d (%s, record %d) in a feature of type %s (record %d)", n,
                 carc_feature_name(s->type), nd->feat, carc_feature_name(feat_type(rn)),
                 g->nodes[r].feat);
        t->size++;
        t->ends += s->ends;
        t->pennants += tile_seg_pennants(d, node_seg(g, n));
        t->flags |= (s->flags & CARC_SEG_INN ? NF_INN : 0) |
                    (s->flags & CARC_SEG_CATHEDRAL ? NF_CATHEDRAL : 0);
        if (s->goods)
            t->goods += 1u << (4 * (s->goods - 1));
        if (s->type == CARC_FEAT_CITY || s->type == CARC_FEAT_ROAD) {
            uint8_t m = tile_rot_edges(s->mask, p->rot);
            for (int e = 0; e < 4; e++) {
                if (!(m & (1u << e)))
                    continue;
                int nb = board_lookup(g, p->x + dx[e], p->y + dy[e]);
                t->open += nb < 0;
                /* a road ends at a side that closes it (the abbey, AM4) */
                t->ends += nb >= 0 && s->type == CARC_FEAT_ROAD && tile_closes(g->tiles[nb].kind);
            }
        }
    }
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
            /* a node past the last is check_figure_slots' to name, after this */
            if (fig_placed(g->fnode[s][i]) && g->fnode[s][i] < g->nnodes) {
                check_tally *t = &tally[feat_root(g, g->fnode[s][i])];
                t->follow[s] += fig_slot_strength[i];
                t->nfollow += fig_slot_strength[i];
            }
    for (int r = 0; r < g->nnodes; r++) {
        const feature *rn = feat_of(g, r);
        if (g->nodes[r].parent != r)
            continue;
        const check_tally *t = &tally[r];
        int size = t->size, open = t->open, pennants = t->pennants, ends = t->ends;
        int flags = t->flags, nfollow = t->nfollow, listed = 0;
        unsigned goods = t->goods;
        int n = r;
        do {
            listed++;
            if (feat_root(g, n) != r)
                FAIL("features: list of root %d reaches node %d of another feature", r, n);
            n = g->nodes[n].next;
        } while (n != r && listed <= g->nnodes);
        if (size != rn->size || listed != size)
            FAIL("features: root %d has size %d, list %d, counted %d", r, rn->size, listed, size);
        if (open != rn->open || pennants != rn->pennants || ends != rn->ends)
            FAIL("features: root %d open/pennants/ends %d/%d/%d, counted %d/%d/%d", r, rn->open,
                 rn->pennants, rn->ends, open, pennants, ends);
        if ((rn->flags & (NF_INN | NF_CATHEDRAL)) != flags || rn->goods != goods)
            FAIL("features: root %d inn/cathedral flags 0x%x goods 0x%x, counted 0x%x 0x%x", r,
                 rn->flags & (NF_INN | NF_CATHEDRAL), rn->goods, flags, goods);
        if (rn->follow >> (4 * CARC_MAX_PLAYERS))
            FAIL("features: root %d has follower bits past the last seat", r);
        if (nfollow != feat_nfollow(rn))
            FAIL("features: root %d has strength %d, counted %d", r, feat_nfollow(rn), nfollow);
        for (int s = 0; s < CARC_MAX_PLAYERS; s++)
            if (t->follow[s] != feat_follow(rn, s))
                FAIL("features: root %d has strength %d of seat %d, counted %d", r,
                     feat_follow(rn, s), s, t->follow[s]);
        int completed = (rn->flags & NF_COMPLETED) != 0;
        int type = feat_type(rn);
        int should = type >= CARC_FEAT_CLOISTER ? board_around(g, g->nodes[r].tile) == 8
                   : type == CARC_FEAT_FIELD    ? 0
                                                : open == 0;
        if (completed != should)
            FAIL("features: root %d (%s) completed flag %d, should be %d", r,
                 carc_feature_name(type), completed, should);
        if ((rn->flags & NF_SCORED) && !(rn->flags & NF_LOCKED) && nfollow)
            FAIL("features: scored feature %d still holds followers of strength %d", r, nfollow);
    }
    return CARC_OK;
}

/* Which figures each seat owns, and the nodes they name (before any lookup). */
static int check_figure_slots(const carc_game *g, carc_error *err)
{
    if (g->figures != exp_figures(g->expansions))
        FAIL("figures 0x%x, the expansions give 0x%x", g->figures, exp_figures(g->expansions));
    if (!figure_plan_ok(g))
        FAIL("figures: the places of T6 (fig_spread) are not what the figures give");
    for (int s = 0; s < CARC_MAX_PLAYERS; s++) {
        int supply = 0;
        for (int i = 0; i < FIG_SLOTS; i++) {
            int n = g->fnode[s][i], kind = fig_slot_kind[i];
            int owned = figure_owned(g, s, i);
            if (!owned && n != NODE_NONE)
                FAIL("seat %d has a %s it does not own (slot %d: %d)", s, carc_figure_name(kind),
                     i, n);
            if (owned && fig_placed((unsigned)n) && n >= g->nnodes)
                FAIL("figure %d of seat %d on node %d of %d", i, s, n, g->nnodes);
            /* on no feature or held (TW4, TW6): followers, on a placed tile's place
             * that is no segment, held by another seat of the game; special figures
             * only on a corner (AM9: a barn), where no follower stands */
            if (owned && ((fig_held((unsigned)n) && i >= FIG_FOLLOWER_SLOTS) ||
                          (fig_at_place((unsigned)n) &&
                           port_is_corner(fig_place_port((unsigned)n)) != (i >= FIG_FOLLOWER_SLOTS))))
                FAIL("seat %d's %s (slot %d) is off every feature where it may not be", s,
                     carc_figure_name(kind), i);
            if (owned && fig_at_place((unsigned)n) &&
                (fig_place_tile((unsigned)n) >= g->ntiles || fig_place_port((unsigned)n) < CARC_PORTS ||
                 fig_place_port((unsigned)n) >= CARC_PLACE_PORTS))
                FAIL("figure %d of seat %d at place 0x%x: no such place", i, s, n);
            if (owned && fig_held((unsigned)n) &&
                (n - FIG_HELD >= g->players || n - FIG_HELD == s))
                FAIL("figure %d of seat %d held by seat %d", i, s, n - FIG_HELD);
            supply += owned && n == NODE_NONE && i < FIG_FOLLOWER_SLOTS;
        }
        if (s < g->players && supply != g->supply[s])
            FAIL("seat %d has %d followers in supply, counted %d", s, g->supply[s], supply);
    }
    return CARC_OK;
}

/* Where each figure stands (§0, CI1) and that special figures are supported. */
static int check_figures(const carc_game *g, carc_error *err)
{
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_SLOTS; i++) {
            int n = g->fnode[s][i], kind = fig_slot_kind[i];
            if (!fig_placed(n))
                continue;
            const feature *f = feat_of(g, n);
            if (!(exp_figure_of[kind]->stands >> feat_type(f) & 1))  /* its descriptor's */
                FAIL("seat %d's %s stands on a %s", s, carc_figure_name(kind),
                     carc_feature_name(feat_type(f)));
            if (i >= FIG_FOLLOWER_SLOTS && !feat_follow(f, s))
                FAIL("seat %d's %s stands where it has no follower (unsupported)", s,
                     carc_figure_name(kind));
            if (i >= FIG_FOLLOWER_SLOTS && (f->flags & NF_SCORED))  /* TB5, XI9 */
                FAIL("seat %d's %s stands on a scored feature", s, carc_figure_name(kind));
        }
    return CARC_OK;
}

/* Whether the n bytes at p are all zero: the first is, and each equals the next
 * (memcmp compares a word at a time; the loop over bytes was a sixth of carc_check). */
static int all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    return n == 0 || (b[0] == 0 && memcmp(b, b + 1, n - 1) == 0);
}

/* Invariant 8: what carc_copy does not copy is zero. */
static int check_tails(const carc_game *g, carc_error *err)
{
    static const struct {
        size_t at, size, max;
        const char *name;
    } arrays[] = {
        {offsetof(carc_game, feats), sizeof(feature), MAX_FEATS, "feature records"},
        {offsetof(carc_game, events), sizeof(carc_event), CARC_MAX_EVENTS, "events"},
        {offsetof(carc_game, nodes), sizeof(node), MAX_NODES, "nodes"},
        {offsetof(carc_game, tiles), sizeof(placed), CARC_TILES, "placed tiles"},
        {offsetof(carc_game, frontier), sizeof(spot), MAX_FRONTIER, "frontier spots"},
        {offsetof(carc_game, removed), 1, CARC_TILES, "removed tiles"},
    };
    const size_t count[] = {g->nfeats, g->nevents, g->nnodes, g->ntiles, g->nfrontier,
                            g->nremoved};
    const unsigned char *base = (const unsigned char *)g;
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
        if (count[i] > arrays[i].max)
            FAIL("%zu %s, more than %zu", count[i], arrays[i].name, arrays[i].max);
        if (!all_zero(base + arrays[i].at + count[i] * arrays[i].size,
                      (arrays[i].max - count[i]) * arrays[i].size))
            FAIL("bytes past the last of %zu %s are not zero", count[i], arrays[i].name);
    }
    if (!g->exp_block &&
        !all_zero(base + STATE_CARDS, STATE_ARRAYS - STATE_CARDS))
        FAIL("the card expansions' fields are not zero in a game without them");
    return CARC_OK;
}

int carc_check(const carc_game *g, carc_error *err)
{
    int rc;
    if (g->players < CARC_MIN_PLAYERS || g->players > CARC_MAX_PLAYERS)
        FAIL("players %d", g->players);
    if (g->active >= g->players)
        FAIL("active seat %d of %d", g->active, g->players);
    if ((rc = check_figure_slots(g, err)) != CARC_OK)
        return rc;
    if ((rc = check_tiles(g, err)) != CARC_OK)
        return rc;
    if ((rc = check_board(g, err)) != CARC_OK)
        return rc;
    if ((rc = check_features(g, err)) != CARC_OK)
        return rc;
    if ((rc = check_figures(g, err)) != CARC_OK)
        return rc;
    if ((rc = exp_check(g, err)) != CARC_OK)
        return rc;
    if (!turn_plan_ok(g))
        FAIL("the turn machine's next steps do not match the expansions' plan");
    if (g->nhand > 1 && g->extra_tile == EXTRA_NONE)
        FAIL("two tiles in hand without an extra-tile card");
    if ((rc = check_tails(g, err)) != CARC_OK)
        return rc;
    if (!g->over && g->step == ST_T3_PLACE && g->nhand < 1)
        FAIL("a tile must be placed but none is in hand");
    carc_pending p;
    turn_pending(g, &p);
    if (p.decision != g->pend_decision || p.seat != g->pend_seat)
        FAIL("the decision noted (%d, seat %d) is not the one owed (%d, seat %d)",
             g->pend_decision, g->pend_seat, p.decision, p.seat);
    return CARC_OK;
}
