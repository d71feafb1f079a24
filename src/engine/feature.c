/*
 * feature.c - features as union-find over segment nodes.
 *
 * Every node points straight at its root: a union relabels the nodes of the
 * smaller feature (walking its circular list, below), so each node is relabelled
 * at most log2(243) < 8 times in a game, and a root is found in one step by every
 * query, which stays read-only. The engine asks for roots far more often than it
 * joins features (the Christmas Present target lists ask for the root of every
 * node). Which node becomes the root is decided by size alone (the larger; the
 * first on a tie), as before the relabelling. A root holds the feature's totals (open edges, pennants, road ends, followers per seat, tokens,
 * flags); the nodes of a feature also form one circular list, which a union
 * splices in O(1). Totals that cannot simply be added (distinct tiles, the
 * completed cities a field borders) are counted by walking that list.
 */
#include <stddef.h>
#include "state.h"

int feat_union(carc_game *g, int a, int b)
{
    int ra = g->nodes[a].parent, rb = g->nodes[b].parent;
    if (ra == rb)
        return ra;
    if (g->nodes[ra].size < g->nodes[rb].size) {
        int t = ra;
        ra = rb;
        rb = t;
    }
    node *A = &g->nodes[ra], *B = &g->nodes[rb];
    int v = rb;
    do {  /* B's list, before the splice below joins it to A's */
        g->nodes[v].parent = (uint8_t)ra;
        v = g->nodes[v].next;
    } while (v != rb);
    A->flags |= B->flags;
    A->tokens |= B->tokens;
    /* the totals, bytewise: see struct node for why no byte carries */
    _Static_assert(NODE_SUMS == 10 && offsetof(node, follow) - offsetof(node, size) == 5,
                   "the totals of struct node are 10 contiguous bytes");
    uint8_t *sa = (uint8_t *)A + offsetof(node, size);
    const uint8_t *sb = (const uint8_t *)B + offsetof(node, size);
    uint64_t a8, b8;
    uint16_t a2, b2;
    memcpy(&a8, sa, 8);
    memcpy(&b8, sb, 8);
    memcpy(&a2, sa + 8, 2);
    memcpy(&b2, sb + 8, 2);
    a8 += b8;
    a2 = (uint16_t)(a2 + b2);
    memcpy(sa, &a8, 8);
    memcpy(sa + 8, &a2, 2);
    uint8_t t = g->nodes[a].next;
    g->nodes[a].next = g->nodes[b].next;
    g->nodes[b].next = t;
    return ra;
}

int feat_tiles(const carc_game *g, int root)
{
    if (g->nodes[root].size == 1)
        return 1;
    uint64_t seen[2] = {0, 0};
    int count = 0, n = root;
    do {
        int t = g->nodes[n].tile;
        uint64_t bit = 1ull << (t & 63);
        if (!(seen[t >> 6] & bit)) {
            seen[t >> 6] |= bit;
            count++;
        }
        n = g->nodes[n].next;
    } while (n != root);
    return count;
}

unsigned feat_holders(const carc_game *g, int root)
{
    const node *r = &g->nodes[root];
    if (r->nfollow == 0)
        return 0;
    int most = 0;
    for (int p = 0; p < g->players; p++)
        if (r->follow[p] > most)
            most = r->follow[p];
    unsigned holders = 0;
    for (int p = 0; p < g->players; p++)
        if (r->follow[p] == most)
            holders |= 1u << p;
    /* X11: among tied leaders, those with a token are the only holders. */
    if (holders & r->tokens)
        holders &= r->tokens;
    return holders;
}

int feat_value_completed(const carc_game *g, int root)
{
    const node *r = &g->nodes[root];
    switch (r->type) {
    case CARC_FEAT_ROAD:
        return feat_tiles(g, root);
    case CARC_FEAT_CITY:
        return 2 * feat_tiles(g, root) + 2 * r->pennants;
    case CARC_FEAT_CLOISTER:
        return 9;
    default:
        return 0;
    }
}

int feat_value_end(const carc_game *g, int root)
{
    const node *r = &g->nodes[root];
    switch (r->type) {
    case CARC_FEAT_ROAD:
        return feat_tiles(g, root);
    case CARC_FEAT_CITY:
        return feat_tiles(g, root) + r->pennants;
    case CARC_FEAT_CLOISTER:
        return 1 + g->tiles[r->tile].around;
    default:
        return 3 * feat_field_cities(g, root);
    }
}

int feat_field_cities(const carc_game *g, int root)
{
    uint64_t seen[MAX_NODES / 64 + 1] = {0};
    int count = 0, n = root;
    do {
        const node *nd = &g->nodes[n];
        const placed *p = &g->tiles[nd->tile];
        unsigned cities = carc_tile_def_of(p->kind)->seg[n - p->first].cities;
        for (int i = 0; cities; i++, cities >>= 1) {
            if (!(cities & 1))
                continue;
            int c = feat_root(g, p->first + i);
            if (!(g->nodes[c].flags & NF_COMPLETED))
                continue;
            uint64_t bit = 1ull << (c & 63);
            if (!(seen[c >> 6] & bit)) {
                seen[c >> 6] |= bit;
                count++;
            }
        }
        n = nd->next;
    } while (n != root);
    return count;
}

int feat_first_node(const carc_game *g, int n)
{
    int best = n, v = n;
    do {
        if (v < best)
            best = v;
        v = g->nodes[v].next;
    } while (v != n);
    return best;
}
