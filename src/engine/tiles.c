/*
 * tiles.c - the tile catalogue's queries (its rows: catalogue.c, the base game's
 * and each expansion's own), how many tiles of a kind a set holds, and the
 * arithmetic of rotation.
 *
 * Each kind lists its segments in a fixed order: cities, roads, fields, cloister
 * (tile_rows.h).
 */
#include "expansion.h"

const carc_tile_def *carc_tile_def_of(int kind)
{
    if (kind < 0 || kind >= CARC_TILE_KINDS)
        return NULL;
    return &tiles_catalogue[kind];
}

int carc_tile_kind(char letter)
{
    if (letter < 'A' || letter > 'X')
        return -1;
    return letter - 'A';
}

int carc_tile_kind_named(const char *name, size_t len)
{
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        if (strlen(tiles_catalogue[k].name) == len &&
            memcmp(tiles_catalogue[k].name, name, len) == 0)
            return k;
    return -1;
}

int carc_tile_count(unsigned expansions, int kind)
{
    if (kind < 0 || kind >= CARC_TILE_KINDS)
        return 0;
    const carc_tile_def *d = &tiles_catalogue[kind];
    if ((expansions & d->expansion) != d->expansion)
        return 0;
    int n = d->count;
    if (kind == KIND_D && exp_start_kind(expansions) != KIND_D)
        n--;  /* another start tile (the spring): the base one leaves the game (R2) */
    /* a kind of an expansion in the set may replace it one for one (CI11) */
    return n - (expansions && exp_replaced(expansions, kind));
}

int tile_counts(unsigned expansions, uint8_t count[CARC_TILE_KINDS])
{
    /* carc_tile_count of every kind at once (carc_new and carc_check ask for all):
     * the base kinds, then the expansions' (none in a base game) */
    unsigned e = expansions;
    int kinds = e && exp_has_tiles(e) ? CARC_TILE_KINDS : CARC_BASE_KINDS;
    for (int k = 0; k < kinds; k++) {
        const carc_tile_def *d = tile_def(k);
        count[k] = (e & d->expansion) == d->expansion ? d->count : 0;
    }
    if (e)
        exp_replace_counts(e, count);  /* CI11: twins in place of their plain tiles */
    count[KIND_D] -= (e ? exp_start_kind(e) : KIND_D) != KIND_D;  /* R2 */
    return kinds;
}

uint8_t tile_rot_edges(uint8_t mask, int rot)
{
    return (uint8_t)(((mask << rot) | (mask >> (4 - rot))) & 0xF);
}

uint8_t tile_rot_slots(uint8_t mask, int rot)
{
    int s = 2 * rot;
    return (uint8_t)(((unsigned)mask << s | (unsigned)mask >> (8 - s)) & 0xFF);
}

uint8_t tile_edges_packed(int kind, int rot)
{
    const carc_tile_def *d = &tiles_catalogue[kind];
    unsigned p = 0;
    for (int e = 0; e < 4; e++)
        p |= (unsigned)d->edges[e] << (2 * ((e + rot) & 3));
    return (uint8_t)p;
}

/* Two rotations give the same tile when every segment maps onto a segment of the
 * same type with the same mask (the catalogue never has two equal segments). */
static int same_after(const carc_tile_def *d, int rot)
{
    unsigned e0 = 0, er = 0;
    for (int e = 0; e < 4; e++) {
        e0 |= (unsigned)d->edges[e] << (2 * e);
        er |= (unsigned)d->edges[e] << (2 * ((e + rot) & 3));
    }
    if (e0 != er)  /* the river's edges: the only edges no segment shows */
        return 0;
    for (int i = 0; i < d->nseg; i++) {
        const carc_segment_def *s = &d->seg[i];
        uint8_t m = s->type == CARC_FEAT_FIELD ? tile_rot_slots(s->mask, rot)
                  : s->type >= CARC_FEAT_CLOISTER ? 0 : tile_rot_edges(s->mask, rot);
        int found = 0;
        for (int j = 0; j < d->nseg && !found; j++)
            found = d->seg[j].type == s->type && d->seg[j].mask == m &&
                    d->seg[j].flags == s->flags && d->seg[j].goods == s->goods;
        if (!found)
            return 0;
    }
    return 1;
}

int tile_period(int kind)
{
    const carc_tile_def *d = &tiles_catalogue[kind];
    if (same_after(d, 1))
        return 1;
    return same_after(d, 2) ? 2 : 4;
}
