/*
 * test_tiles.c - the tile catalogue (carc_tile_def_of) against the published tile
 * list of the base game (docs/RULES.md §0 summarises it).
 *
 * Reproduces every check of "Checks a tile catalogue must pass" (B1): the totals
 * (72 tiles, 10 pennants, 6 monasteries), the edge counts, the tiles with each edge
 * type, the clockwise edge pairs weighted by count, every non-city half-edge slot in
 * exactly one field segment and no city slot in any, the meeple spots per tile, and
 * the whole bit-mask table of the tile list, kind by kind. The expected data below is
 * copied from the tile list by hand, not from the engine.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "carc.h"

/* One row of the bit-mask table of the tile list. */
typedef struct row {
    char letter;
    int count;
    const char *edges;      /* N E S W as F/C/R */
    int ncity;
    uint8_t city[2];        /* edge masks, in segment order c0, c1 */
    int nroad;
    uint8_t road[4];        /* edge masks */
    uint8_t road_ends[4];   /* 1 where the table marks '*' */
    int nfield;
    uint8_t field[4];       /* slot masks */
    uint8_t field_city[4];  /* bit i: borders city segment i */
    int cloister;
    int pennant;
    int spots;              /* meeple spots: segments + monastery */
} row;

static const row table[CARC_BASE_KINDS] = {
    {'A', 2, "FFRF", 0, {0}, 1, {0x4}, {1}, 1, {0xFF}, {0}, 1, 0, 3},
    {'B', 4, "FFFF", 0, {0}, 0, {0}, {0}, 1, {0xFF}, {0}, 1, 0, 2},
    {'C', 1, "CCCC", 1, {0xF}, 0, {0}, {0}, 0, {0}, {0}, 0, 1, 1},
    {'D', 4, "CRFR", 1, {0x1}, 1, {0xA}, {0}, 2, {0x84, 0x78}, {0x1, 0}, 0, 0, 4},
    {'E', 5, "CFFF", 1, {0x1}, 0, {0}, {0}, 1, {0xFC}, {0x1}, 0, 0, 2},
    {'F', 2, "FCFC", 1, {0xA}, 0, {0}, {0}, 2, {0x03, 0x30}, {0x1, 0x1}, 0, 1, 3},
    {'G', 1, "FCFC", 1, {0xA}, 0, {0}, {0}, 2, {0x03, 0x30}, {0x1, 0x1}, 0, 0, 3},
    {'H', 3, "FCFC", 2, {0x2, 0x8}, 0, {0}, {0}, 1, {0x33}, {0x3}, 0, 0, 3},
    {'I', 2, "CCFF", 2, {0x1, 0x2}, 0, {0}, {0}, 1, {0xF0}, {0x3}, 0, 0, 3},
    {'J', 3, "CRRF", 1, {0x1}, 1, {0x6}, {0}, 2, {0xE4, 0x18}, {0x1, 0}, 0, 0, 4},
    {'K', 3, "CFRR", 1, {0x1}, 1, {0xC}, {0}, 2, {0x9C, 0x60}, {0x1, 0}, 0, 0, 4},
    {'L', 3, "CRRR", 1, {0x1}, 3, {0x2, 0x4, 0x8}, {1, 1, 1}, 3, {0x84, 0x18, 0x60},
     {0x1, 0, 0}, 0, 0, 7},
    {'M', 2, "CCFF", 1, {0x3}, 0, {0}, {0}, 1, {0xF0}, {0x1}, 0, 1, 2},
    {'N', 3, "CCFF", 1, {0x3}, 0, {0}, {0}, 1, {0xF0}, {0x1}, 0, 0, 2},
    {'O', 2, "CRRC", 1, {0x9}, 1, {0x6}, {0}, 2, {0x24, 0x18}, {0x1, 0}, 0, 1, 4},
    {'P', 3, "CRRC", 1, {0x9}, 1, {0x6}, {0}, 2, {0x24, 0x18}, {0x1, 0}, 0, 0, 4},
    {'Q', 1, "CCFC", 1, {0xB}, 0, {0}, {0}, 1, {0x30}, {0x1}, 0, 1, 2},
    {'R', 3, "CCFC", 1, {0xB}, 0, {0}, {0}, 1, {0x30}, {0x1}, 0, 0, 2},
    {'S', 2, "CCRC", 1, {0xB}, 1, {0x4}, {1}, 2, {0x10, 0x20}, {0x1, 0x1}, 0, 1, 4},
    {'T', 1, "CCRC", 1, {0xB}, 1, {0x4}, {1}, 2, {0x10, 0x20}, {0x1, 0x1}, 0, 0, 4},
    {'U', 8, "RFRF", 0, {0}, 1, {0x5}, {0}, 2, {0xE1, 0x1E}, {0, 0}, 0, 0, 3},
    {'V', 9, "FFRR", 0, {0}, 1, {0xC}, {0}, 2, {0x9F, 0x60}, {0, 0}, 0, 0, 3},
    {'W', 4, "FRRR", 0, {0}, 3, {0x2, 0x4, 0x8}, {1, 1, 1}, 3, {0x87, 0x18, 0x60},
     {0, 0, 0}, 0, 0, 6},
    {'X', 1, "RRRR", 0, {0}, 4, {0x1, 0x2, 0x4, 0x8}, {1, 1, 1, 1}, 4,
     {0x81, 0x06, 0x18, 0x60}, {0, 0, 0, 0}, 0, 0, 8},
};

static int edge_letter(int e)
{
    switch (e) {
    case CARC_EDGE_FIELD: return 'F';
    case CARC_EDGE_CITY: return 'C';
    case CARC_EDGE_ROAD: return 'R';
    default: return '?';
    }
}

static const carc_tile_def *def(int k)
{
    const carc_tile_def *d = carc_tile_def_of(k);
    assert_non_null(d);
    return d;
}

static int popcount8(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* ---- lookups ---------------------------------------------------------------- */

static void test_lookup(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        assert_int_equal(def(k)->letter, 'A' + k);
        assert_int_equal(carc_tile_kind((char)('A' + k)), k);
    }
    assert_null(carc_tile_def_of(-1));
    assert_null(carc_tile_def_of(CARC_TILE_KINDS));
    assert_int_equal(carc_tile_kind('Y'), -1);
    assert_int_equal(carc_tile_kind('a'), -1);
}

/* ---- the totals ----------------------------------------------------------------- */

static void test_totals(void **state)
{
    int tiles = 0, pennants = 0, monasteries = 0;
    (void)state;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        const carc_tile_def *d = def(k);
        tiles += d->count;
        pennants += d->count * d->pennant;
        monasteries += d->count * d->cloister;
    }
    assert_int_equal(tiles, 72);
    assert_int_equal(tiles, CARC_BASE_TILES);
    assert_int_equal(pennants, 10);
    assert_int_equal(monasteries, 6);
}

static void test_edge_counts(void **state)
{
    int edges[3] = {0, 0, 0}, with[3] = {0, 0, 0};
    (void)state;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        const carc_tile_def *d = def(k);
        int has[3] = {0, 0, 0};
        for (int e = 0; e < 4; e++) {
            assert_true(d->edges[e] <= CARC_EDGE_ROAD);
            edges[d->edges[e]] += d->count;
            has[d->edges[e]] = 1;
        }
        for (int t = 0; t < 3; t++)
            with[t] += has[t] * d->count;
    }
    assert_int_equal(edges[CARC_EDGE_CITY], 79);
    assert_int_equal(edges[CARC_EDGE_ROAD], 94);
    assert_int_equal(edges[CARC_EDGE_FIELD], 115);
    assert_int_equal(with[CARC_EDGE_CITY], 44);
    assert_int_equal(with[CARC_EDGE_ROAD], 45);
    assert_int_equal(with[CARC_EDGE_FIELD], 59);
}

/* Clockwise pairs N->E, E->S, S->W, W->N weighted by count. */
static void test_edge_pairs(void **state)
{
    static const struct { const char *pair; int n; } want[] = {
        {"CC", 30}, {"CF", 31}, {"FC", 31}, {"CR", 18}, {"RC", 18},
        {"FF", 46}, {"FR", 38}, {"RF", 38}, {"RR", 38},
    };
    int got[3][3];
    (void)state;
    memset(got, 0, sizeof got);
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        const carc_tile_def *d = def(k);
        for (int e = 0; e < 4; e++)
            got[d->edges[e]][d->edges[(e + 1) % 4]] += d->count;
    }
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int a = want[i].pair[0] == 'C' ? CARC_EDGE_CITY
                : want[i].pair[0] == 'R' ? CARC_EDGE_ROAD : CARC_EDGE_FIELD;
        int b = want[i].pair[1] == 'C' ? CARC_EDGE_CITY
                : want[i].pair[1] == 'R' ? CARC_EDGE_ROAD : CARC_EDGE_FIELD;
        if (got[a][b] != want[i].n)
            fail_msg("edge pair %s: expected %d, got %d", want[i].pair, want[i].n, got[a][b]);
    }
    /* the nine named pairs add up to every edge: no other pair occurs */
    int total = 0;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            total += got[a][b];
    assert_int_equal(total, 72 * 4);
}

/* ---- segments ----------------------------------------------------------------------- */

/* Every non-city half-edge slot lies in exactly one field segment, city slots in none. */
static void test_field_slots_partition(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        const carc_tile_def *d = def(k);
        int owners[8] = {0};
        for (int s = 0; s < d->nseg; s++) {
            if (d->seg[s].type != CARC_FEAT_FIELD)
                continue;
            for (int i = 0; i < 8; i++)
                if (d->seg[s].mask & (1u << i))
                    owners[i]++;
        }
        for (int i = 0; i < 8; i++) {
            int city = d->edges[i / 2] == CARC_EDGE_CITY;
            if (owners[i] != (city ? 0 : 1))
                fail_msg("tile %c: half-edge slot %d (edge %c) lies in %d field segments, "
                         "expected %d", d->letter, i, edge_letter(d->edges[i / 2]), owners[i],
                         city ? 0 : 1);
        }
    }
}

/* Road and city segments cover exactly the road and city edges, each once. */
static void test_edge_segments_partition(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        const carc_tile_def *d = def(k);
        int owners[4] = {0};
        for (int s = 0; s < d->nseg; s++) {
            int t = d->seg[s].type;
            if (t != CARC_FEAT_CITY && t != CARC_FEAT_ROAD)
                continue;
            for (int e = 0; e < 4; e++) {
                if (!(d->seg[s].mask & (1u << e)))
                    continue;
                owners[e]++;
                int want = t == CARC_FEAT_CITY ? CARC_EDGE_CITY : CARC_EDGE_ROAD;
                if (d->edges[e] != want)
                    fail_msg("tile %c: segment %d covers edge %d of the wrong type", d->letter,
                             s, e);
            }
        }
        for (int e = 0; e < 4; e++)
            if (owners[e] != (d->edges[e] == CARC_EDGE_FIELD ? 0 : 1))
                fail_msg("tile %c: edge %d lies in %d segments", d->letter, e, owners[e]);
    }
}

static void test_meeple_spots(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        const carc_tile_def *d = def(k);
        if (d->nseg != table[k].spots)
            fail_msg("tile %c: %d segments, the tile list gives %d meeple spots", d->letter, d->nseg,
                     table[k].spots);
    }
}

/* Segments are listed cities, roads, fields, cloister (carc.h). */
static void test_segment_order(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        const carc_tile_def *d = def(k);
        static const int rank[4] = {[CARC_FEAT_CITY] = 0, [CARC_FEAT_ROAD] = 1,
                                    [CARC_FEAT_FIELD] = 2, [CARC_FEAT_CLOISTER] = 3};
        for (int s = 1; s < d->nseg; s++)
            if (rank[d->seg[s - 1].type] > rank[d->seg[s].type])
                fail_msg("tile %c: segment %d (type %d) is listed after type %d", d->letter, s,
                         d->seg[s].type, d->seg[s - 1].type);
    }
}

/* The bit-mask table of the tile list, kind by kind. City segments are compared in order
 * (a field's adjacent city indices refer to it); roads and fields as sets. */
static void test_bitmask_table(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        const carc_tile_def *d = def(k);
        const row *r = &table[k];
        char edges[5];
        for (int e = 0; e < 4; e++)
            edges[e] = (char)edge_letter(d->edges[e]);
        edges[4] = 0;
        if (d->letter != r->letter || d->count != r->count)
            fail_msg("tile %c: count %d, expected %c x%d", d->letter, d->count, r->letter,
                     r->count);
        if (strcmp(edges, r->edges) != 0)
            fail_msg("tile %c: edges %s, expected %s", d->letter, edges, r->edges);
        if (d->pennant != r->pennant || d->cloister != r->cloister)
            fail_msg("tile %c: pennant %d cloister %d, expected %d %d", d->letter, d->pennant,
                     d->cloister, r->pennant, r->cloister);

        int nc = 0, nr = 0, nf = 0, ncl = 0;
        int road_used[4] = {0}, field_used[4] = {0};
        for (int s = 0; s < d->nseg; s++) {
            const carc_segment_def *sg = &d->seg[s];
            switch (sg->type) {
            case CARC_FEAT_CITY:
                if (nc >= r->ncity || sg->mask != r->city[nc])
                    fail_msg("tile %c: city segment %d has mask 0x%x, expected 0x%x", d->letter,
                             nc, sg->mask, nc < r->ncity ? r->city[nc] : 0);
                nc++;
                break;
            case CARC_FEAT_ROAD: {
                int found = -1;
                for (int i = 0; i < r->nroad; i++)
                    if (!road_used[i] && r->road[i] == sg->mask)
                        found = i;
                if (found < 0) {
                    fail_msg("tile %c: unexpected road segment 0x%x", d->letter, sg->mask);
                } else {
                    road_used[found] = 1;
                    if ((sg->ends != 0) != (r->road_ends[found] != 0))
                        fail_msg("tile %c: road 0x%x ends=%d, expected %d", d->letter, sg->mask,
                                 sg->ends, r->road_ends[found]);
                }
                nr++;
                break;
            }
            case CARC_FEAT_FIELD: {
                int found = -1;
                for (int i = 0; i < r->nfield; i++)
                    if (!field_used[i] && r->field[i] == sg->mask)
                        found = i;
                if (found < 0) {
                    fail_msg("tile %c: unexpected field segment 0x%02x", d->letter, sg->mask);
                } else {
                    field_used[found] = 1;
                    if (sg->cities != r->field_city[found])
                        fail_msg("tile %c: field 0x%02x borders cities 0x%x, expected 0x%x",
                                 d->letter, sg->mask, sg->cities, r->field_city[found]);
                }
                nf++;
                break;
            }
            case CARC_FEAT_CLOISTER:
                ncl++;
                break;
            default:
                fail_msg("tile %c: segment %d has unknown type %d", d->letter, s, sg->type);
            }
        }
        if (nc != r->ncity || nr != r->nroad || nf != r->nfield || ncl != r->cloister)
            fail_msg("tile %c: %d cities %d roads %d fields %d cloisters, expected %d %d %d %d",
                     d->letter, nc, nr, nf, ncl, r->ncity, r->nroad, r->nfield, r->cloister);
        /* the table's own consistency: its spots are its segments */
        assert_int_equal(r->spots, r->ncity + r->nroad + r->nfield + r->cloister);
        /* a field never borders a city segment the tile does not have */
        for (int s = 0; s < d->nseg; s++)
            if (d->seg[s].type == CARC_FEAT_FIELD && (d->seg[s].cities >> r->ncity))
                fail_msg("tile %c: a field borders a city segment index >= %d", d->letter,
                         r->ncity);
    }
}

/* Sums over the table itself, so that a typo in it cannot hide a catalogue error. */
static void test_table_matches_tiles_md_totals(void **state)
{
    int tiles = 0, pennants = 0, monasteries = 0, road = 0, city = 0, field = 0;
    (void)state;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        tiles += table[k].count;
        pennants += table[k].count * table[k].pennant;
        monasteries += table[k].count * table[k].cloister;
        for (int e = 0; e < 4; e++) {
            road += (table[k].edges[e] == 'R') * table[k].count;
            city += (table[k].edges[e] == 'C') * table[k].count;
            field += (table[k].edges[e] == 'F') * table[k].count;
        }
        int fslots = 0;
        for (int i = 0; i < table[k].nfield; i++) {
            assert_int_equal(fslots & table[k].field[i], 0);
            fslots |= table[k].field[i];
        }
        int non_city_slots = 0;
        for (int e = 0; e < 4; e++)
            if (table[k].edges[e] != 'C')
                non_city_slots += 2;
        assert_int_equal(popcount8((unsigned)fslots), non_city_slots);
    }
    assert_int_equal(tiles, 72);
    assert_int_equal(pennants, 10);
    assert_int_equal(monasteries, 6);
    assert_int_equal(city, 79);
    assert_int_equal(road, 94);
    assert_int_equal(field, 115);
}

/* Port names round-trip (RULES.md 0): N E S W, NW..WN, C, I, G, I2 (AM12). */
static void test_port_names(void **state)
{
    static const char *const names[CARC_PORTS] = {"N",  "E",  "S",  "W",  "NW", "NE",
                                                  "EN", "ES", "SE", "SW", "WS", "WN",
                                                  "C",  "I",  "G",  "I2"};
    (void)state;
    for (int p = 0; p < CARC_PORTS; p++) {
        assert_string_equal(carc_port_name(p), names[p]);
        assert_int_equal(carc_port_parse(names[p], strlen(names[p])), p);
    }
    assert_int_equal(carc_port_parse("X", 1), CARC_PORT_NONE);
    assert_int_equal(carc_port_parse("NN", 2), CARC_PORT_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookup),
        cmocka_unit_test(test_totals),
        cmocka_unit_test(test_edge_counts),
        cmocka_unit_test(test_edge_pairs),
        cmocka_unit_test(test_field_slots_partition),
        cmocka_unit_test(test_edge_segments_partition),
        cmocka_unit_test(test_meeple_spots),
        cmocka_unit_test(test_segment_order),
        cmocka_unit_test(test_bitmask_table),
        cmocka_unit_test(test_table_matches_tiles_md_totals),
        cmocka_unit_test(test_port_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
