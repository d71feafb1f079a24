/*
 * tiles.c - the tile catalogue of TILES.md as data, and the arithmetic of
 * rotation.
 *
 * Each kind lists its segments in a fixed order: cities, roads, fields, cloister.
 * A field's `cities` bits index the city segments of the same kind (city segment i
 * is segment i, since cities come first). Masks are as printed (rotation 0):
 * edges N=1 E=2 S=4 W=8; field half-edge slots NW NE EN ES SE SW WS WN = bits 0..7.
 */
#include "state.h"

#define C CARC_EDGE_CITY
#define R CARC_EDGE_ROAD
#define F CARC_EDGE_FIELD
#define CITY(m) {CARC_FEAT_CITY, (m), 0, 0}
#define ROAD(m) {CARC_FEAT_ROAD, (m), 0, 0}
#define ROAD_END(m) {CARC_FEAT_ROAD, (m), 1, 0}
#define FIELD(m, c) {CARC_FEAT_FIELD, (m), 0, (c)}
#define CLOISTER {CARC_FEAT_CLOISTER, 0, 0, 0}

static const carc_tile_def catalogue[CARC_TILE_KINDS] = {
    {'A', 2, {F, F, R, F}, 0, 1, 3, {ROAD_END(0x4), FIELD(0xFF, 0), CLOISTER},
     "Monastery with road leaving south"},
    {'B', 4, {F, F, F, F}, 0, 1, 2, {FIELD(0xFF, 0), CLOISTER}, "Monastery, no road"},
    {'C', 1, {C, C, C, C}, 1, 0, 1, {CITY(0xF)}, "City on all four sides"},
    {'D', 4, {C, R, F, R}, 0, 0, 4, {CITY(0x1), ROAD(0xA), FIELD(0x84, 1), FIELD(0x78, 0)},
     "City cap N + straight road W-E (start tile)"},
    {'E', 5, {C, F, F, F}, 0, 0, 2, {CITY(0x1), FIELD(0xFC, 1)}, "City cap N only"},
    {'F', 2, {F, C, F, C}, 1, 0, 3, {CITY(0xA), FIELD(0x03, 1), FIELD(0x30, 1)},
     "City band W-E through centre, pennant"},
    {'G', 1, {F, C, F, C}, 0, 0, 3, {CITY(0xA), FIELD(0x03, 1), FIELD(0x30, 1)},
     "City band W-E through centre"},
    {'H', 3, {F, C, F, C}, 0, 0, 3, {CITY(0x2), CITY(0x8), FIELD(0x33, 3)},
     "Two separate city caps, W and E"},
    {'I', 2, {C, C, F, F}, 0, 0, 3, {CITY(0x1), CITY(0x2), FIELD(0xF0, 3)},
     "Two separate city caps, N and E"},
    {'J', 3, {C, R, R, F}, 0, 0, 4, {CITY(0x1), ROAD(0x6), FIELD(0xE4, 1), FIELD(0x18, 0)},
     "City cap N + road curve E-S"},
    {'K', 3, {C, F, R, R}, 0, 0, 4, {CITY(0x1), ROAD(0xC), FIELD(0x9C, 1), FIELD(0x60, 0)},
     "City cap N + road curve S-W"},
    {'L', 3, {C, R, R, R}, 0, 0, 7,
     {CITY(0x1), ROAD_END(0x2), ROAD_END(0x4), ROAD_END(0x8), FIELD(0x84, 1), FIELD(0x18, 0),
      FIELD(0x60, 0)},
     "City cap N + 3-way junction (roads E, S, W)"},
    {'M', 2, {C, C, F, F}, 1, 0, 2, {CITY(0x3), FIELD(0xF0, 1)}, "Diagonal city N+E, pennant"},
    {'N', 3, {C, C, F, F}, 0, 0, 2, {CITY(0x3), FIELD(0xF0, 1)}, "Diagonal city N+E"},
    {'O', 2, {C, R, R, C}, 1, 0, 4, {CITY(0x9), ROAD(0x6), FIELD(0x24, 1), FIELD(0x18, 0)},
     "Diagonal city N+W + road curve E-S, pennant"},
    {'P', 3, {C, R, R, C}, 0, 0, 4, {CITY(0x9), ROAD(0x6), FIELD(0x24, 1), FIELD(0x18, 0)},
     "Diagonal city N+W + road curve E-S"},
    {'Q', 1, {C, C, F, C}, 1, 0, 2, {CITY(0xB), FIELD(0x30, 1)},
     "City on N, E, W, field S, pennant"},
    {'R', 3, {C, C, F, C}, 0, 0, 2, {CITY(0xB), FIELD(0x30, 1)}, "City on N, E, W, field S"},
    {'S', 2, {C, C, R, C}, 1, 0, 4, {CITY(0xB), ROAD_END(0x4), FIELD(0x10, 1), FIELD(0x20, 1)},
     "City on N, E, W + road S ending at the city, pennant"},
    {'T', 1, {C, C, R, C}, 0, 0, 4, {CITY(0xB), ROAD_END(0x4), FIELD(0x10, 1), FIELD(0x20, 1)},
     "City on N, E, W + road S ending at the city"},
    {'U', 8, {R, F, R, F}, 0, 0, 3, {ROAD(0x5), FIELD(0xE1, 0), FIELD(0x1E, 0)},
     "Straight road N-S"},
    {'V', 9, {F, F, R, R}, 0, 0, 3, {ROAD(0xC), FIELD(0x9F, 0), FIELD(0x60, 0)},
     "Road curve S-W"},
    {'W', 4, {F, R, R, R}, 0, 0, 6,
     {ROAD_END(0x2), ROAD_END(0x4), ROAD_END(0x8), FIELD(0x87, 0), FIELD(0x18, 0),
      FIELD(0x60, 0)},
     "3-way junction (roads E, S, W), field N"},
    {'X', 1, {R, R, R, R}, 0, 0, 8,
     {ROAD_END(0x1), ROAD_END(0x2), ROAD_END(0x4), ROAD_END(0x8), FIELD(0x81, 0),
      FIELD(0x06, 0), FIELD(0x18, 0), FIELD(0x60, 0)},
     "4-way crossroads"},
};

const carc_tile_def *carc_tile_def_of(int kind)
{
    if (kind < 0 || kind >= CARC_TILE_KINDS)
        return NULL;
    return &catalogue[kind];
}

int carc_tile_kind(char letter)
{
    if (letter < 'A' || letter > 'X')
        return -1;
    return letter - 'A';
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
    const carc_tile_def *d = &catalogue[kind];
    unsigned p = 0;
    for (int e = 0; e < 4; e++)
        p |= (unsigned)d->edges[e] << (2 * ((e + rot) & 3));
    return (uint8_t)p;
}

/* Two rotations give the same tile when every segment maps onto a segment of the
 * same type with the same mask (the catalogue never has two equal segments). */
static int same_after(const carc_tile_def *d, int rot)
{
    for (int i = 0; i < d->nseg; i++) {
        const carc_segment_def *s = &d->seg[i];
        uint8_t m = s->type == CARC_FEAT_FIELD ? tile_rot_slots(s->mask, rot)
                  : s->type == CARC_FEAT_CLOISTER ? 0 : tile_rot_edges(s->mask, rot);
        int found = 0;
        for (int j = 0; j < d->nseg && !found; j++)
            found = d->seg[j].type == s->type && d->seg[j].mask == m;
        if (!found)
            return 0;
    }
    return 1;
}

int tile_period(int kind)
{
    const carc_tile_def *d = &catalogue[kind];
    if (same_after(d, 1))
        return 1;
    return same_after(d, 2) ? 2 : 4;
}
