/*
 * feature_list.c - features as lists of segments in board order (carc_marked_features,
 * carc_feature_segments), and the cities a field borders (carc_field_cities, for
 * the computer players' evaluation): what a reader of the state shows of the features, the
 * game server's state JSON at every move. The engine's nodes come in placement
 * order, a tile's nodes together, so board order is node order except within a
 * tile, where it is by canonical port: a tile's few nodes are put in that order
 * by hand.
 */
#include "state.h"

/* A node's place in board order: its tile, then its canonical port (< 16). */
static inline unsigned flist_key(const carc_game *g, int n)
{
    return (unsigned)g->nodes[n].tile << 4 | (unsigned)board_node_port(g, n);
}

static carc_segment_pos flist_pos(const carc_game *g, unsigned key)
{
    const placed *p = &g->tiles[key >> 4];
    carc_segment_pos s = {p->x, p->y, (uint8_t)(key & 15)};
    return s;
}

/* Sorts keys[0..n) ascending (insertion: the lists are nearly sorted, only a
 * tile's nodes out of port order). */
static void flist_sort(unsigned *keys, int n)
{
    for (int i = 1; i < n; i++) {
        unsigned k = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] > k; j--)
            keys[j] = keys[j - 1];
        keys[j] = k;
    }
}

int carc_marked_features(const carc_game *g, carc_segment_pos *out, int cap)
{
    uint8_t seen[MAX_FEATS] = {0};
    unsigned keys[MAX_NODES];
    int n = 0;
    for (int v = 0; v < g->nnodes; v++) {
        int f = g->nodes[v].feat;
        if (seen[f])
            continue;
        seen[f] = 1;
        const feature *rec = &g->feats[f];
        if (!rec->follow && !rec->tokens && !(rec->flags & NF_LOCKED) &&
            !(rec->flags2 & NF2_BARRED))
            continue;
        /* v is the feature's lowest node, so its tile is the feature's first; of
         * the feature's nodes on that tile, the lowest port comes first */
        unsigned key = flist_key(g, v);
        for (int w = v + 1; w < g->nnodes && g->nodes[w].tile == g->nodes[v].tile; w++)
            if (g->nodes[w].feat == f && flist_key(g, w) < key)
                key = flist_key(g, w);
        keys[n++] = key;
    }
    flist_sort(keys, n);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = flist_pos(g, keys[i]);
    return n < cap ? n : cap;
}

int carc_feature_segments(const carc_game *g, int x, int y, int port, carc_segment_pos *out,
                          int cap)
{
    int v = board_node_at(g, x, y, port);
    if (v == NODE_NONE)
        return 0;
    /* the feature's circular list is in no order: its nodes are marked, then read
     * in node order, which leaves only a tile's own nodes to put in port order */
    enum { WORDS = (MAX_NODES + 63) / 64 };
    uint64_t in[WORDS] = {0};
    int w = v, count = 0;
    do {
        in[w >> 6] |= 1ull << (w & 63);
        w = g->nodes[w].next;
    } while (w != v && ++count < MAX_NODES);
    unsigned keys[MAX_NODES];
    int n = 0;
    for (int i = 0; i < WORDS; i++)
        for (uint64_t left = in[i]; left; left &= left - 1)
            keys[n++] = flist_key(g, i * 64 + __builtin_ctzll(left));
    flist_sort(keys, n);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = flist_pos(g, keys[i]);
    return n < cap ? n : cap;
}

int carc_field_cities(const carc_game *g, int x, int y, int port, carc_segment_pos *open,
                      int cap, int *nopen)
{
    *nopen = 0;
    int v = board_node_at(g, x, y, port);
    if (v == NODE_NONE || node_type(g, v) != CARC_FEAT_FIELD)
        return -1;
    uint16_t cities[MAX_FEATS];
    int n = feat_field_city_roots(g, v, 0, cities);
    for (int i = 0; i < n && i < cap; i++)
        open[i] = flist_pos(g, flist_key(g, cities[i]));
    *nopen = n < cap ? n : cap;
    return feat_field_cities(g, v);
}
