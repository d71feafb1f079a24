/*
 * feature.c - features as union-find over segment nodes.
 *
 * Every node points straight at its root: a union relabels the nodes of the
 * smaller feature (walking its circular list, below), so each node is relabelled
 * at most log2(426) < 9 times in a game, and a root is found in one step by every
 * query, which stays read-only. The engine asks for roots far more often than it
 * joins features (the Christmas Present target lists ask for the root of every
 * node). Which node becomes the root is decided by size alone (the larger; the
 * first on a tie), as before the relabelling. The feature's totals (open edges,
 * pennants, road ends, followers per seat, tokens, flags) are in a record of a
 * table of live features (struct feature in state.h) that every node names; the
 * nodes of a feature also form one circular list, which a union
 * splices in O(1). Totals that cannot simply be added (distinct tiles, the
 * completed cities a field borders) are counted by walking that list.
 */
#include <stddef.h>
#include "expansion.h"

int feat_join(carc_game *g, int a, int b)
{
    int ra = g->nodes[a].parent, rb = g->nodes[b].parent;
    /* every node names its feature's record as well as its root: read from a and
     * b, not one dependent load further through the roots */
    int fa = g->nodes[a].feat, fb = g->nodes[b].feat;
    if (g->feats[fa].size < g->feats[fb].size) {
        int t = ra;
        ra = rb;
        rb = t;
        t = fa;
        fa = fb;
        fb = t;
    }
    /* B's list, before the splice below joins it to A's: parent and feat, the first
     * two bytes of a node, in one store */
    _Static_assert(offsetof(node, parent) == 0 && offsetof(node, feat) == 2, "struct node");
    _Static_assert(offsetof(carc_game, feats) % 8 == 0, "records on words (state.h)");
    const uint16_t label_halves[2] = {(uint16_t)ra, (uint16_t)fa};
    uint32_t label;
    memcpy(&label, label_halves, 4);
    int v = rb;
    do {
        memcpy(&g->nodes[v], &label, 4);
        v = g->nodes[v].next;
    } while (v != rb);
    feat_add(&g->feats[fa], &g->feats[fb]);
    /* B's record goes onto the free list: zero but for the link */
    g->feats[fb] = (feature){.open = g->feat_free};
    g->feat_free = (uint16_t)fb;
    uint16_t t = g->nodes[a].next;
    g->nodes[a].next = g->nodes[b].next;
    g->nodes[b].next = t;
    return ra;
}

int feat_tiles(const carc_game *g, int root)
{
    if (feat_of(g, root)->size == 1)
        return 1;
    uint64_t seen[(CARC_TILES + 63) / 64] = {0};
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

void feat_strengths(const carc_game *g, int root, int strength[CARC_MAX_PLAYERS])
{
    const feature *r = feat_of(g, root);
    for (int p = 0; p < g->players; p++) {
        strength[p] = feat_follow(r, p);
        if (!(g->figures & fig_strength_kinds))
            continue;
        for (int i = CARC_FOLLOWERS; i < FIG_FOLLOWER_SLOTS; i++) {
            unsigned v = g->fnode[p][i];
            const struct exp_figure *d = exp_figure_of[fig_slot_kind[i]];
            if (d->strength_on && fig_placed(v) && feat_root(g, (int)v) == root)
                strength[p] += d->strength_on(g, root) - fig_slot_strength[i];
        }
    }
}

/* feat_holders where a figure's strength is a hook's (the game has such a kind):
 * each seat's `follow` corrected by its figures of those kinds on the feature. A
 * seat of strength 0 holds nothing (§0: a pennant-less mayor alone). */
static __attribute__((noinline)) unsigned holders_counted(const carc_game *g, int root)
{
    const feature *r = feat_of(g, root);
    int strength[CARC_MAX_PLAYERS], most = 0;
    feat_strengths(g, root, strength);
    for (int p = 0; p < g->players; p++)
        if (strength[p] > most)
            most = strength[p];
    unsigned holders = 0;
    for (int p = 0; most > 0 && p < g->players; p++)
        if (strength[p] == most)
            holders |= 1u << p;
    if (holders & r->tokens)  /* X11, among tied leaders of strength 1 or more */
        holders &= r->tokens;
    return holders;
}

unsigned feat_holders(const carc_game *g, int root)
{
    const feature *r = feat_of(g, root);
    if (r->follow == 0)
        return 0;
    if (g->figures & fig_strength_kinds)
        return holders_counted(g, root);
    int most = 0;
    for (int p = 0; p < g->players; p++)
        if (feat_follow(r, p) > most)
            most = feat_follow(r, p);
    unsigned holders = 0;
    for (int p = 0; p < g->players; p++)
        if (feat_follow(r, p) == most)
            holders |= 1u << p;
    /* X11: among tied leaders, those with a token are the only holders. */
    if (holders & r->tokens)
        holders &= r->tokens;
    return holders;
}

int feat_value_completed(const carc_game *g, int root)
{
    const feature *r = feat_of(g, root);
    switch (feat_type(r)) {
    case CARC_FEAT_ROAD:  /* I5: 2 a tile with an inn */
        return feat_tiles(g, root) << ((r->flags & NF_INN) != 0);
    case CARC_FEAT_CITY:  /* I6: 3 a tile and a pennant with a cathedral */
        return (2 + ((r->flags & NF_CATHEDRAL) != 0)) * (feat_tiles(g, root) + r->pennants);
    case CARC_FEAT_CLOISTER: case CARC_FEAT_GARDEN:  /* A5: a garden as a cloister */
        return 9;
    default:
        return 0;
    }
}

int feat_value_end(const carc_game *g, int root)
{
    const feature *r = feat_of(g, root);
    if (r->flags & (NF_INN | NF_CATHEDRAL))
        return 0;  /* I7: an unfinished inn road or cathedral city is worth nothing */
    switch (feat_type(r)) {
    case CARC_FEAT_ROAD:
        return feat_tiles(g, root);
    case CARC_FEAT_CITY:
        return feat_tiles(g, root) + r->pennants;
    case CARC_FEAT_CLOISTER: case CARC_FEAT_GARDEN:
        return 1 + board_around(g, g->nodes[root].tile);
    default:
        return 3 * feat_field_cities(g, root);
    }
}

int feat_field_cities(const carc_game *g, int root)
{
    return feat_field_city_roots(g, root, 1, NULL);
}

int feat_field_city_roots(const carc_game *g, int root, int completed, uint16_t *out)
{
    uint64_t seen[MAX_NODES / 64 + 1] = {0};
    int count = 0, n = root;
    do {
        const node *nd = &g->nodes[n];
        const placed *p = &g->tiles[nd->tile];
        unsigned cities = tile_def(p->kind)->seg[n - p->first].cities;
        for (int i = 0; cities; i++, cities >>= 1) {
            if (!(cities & 1))
                continue;
            int c = feat_root(g, p->first + i);
            if (((feat_of(g, c)->flags & NF_COMPLETED) != 0) != completed)
                continue;
            uint64_t bit = 1ull << (c & 63);
            if (!(seen[c >> 6] & bit)) {
                seen[c >> 6] |= bit;
                if (out)
                    out[count] = (uint16_t)c;
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
