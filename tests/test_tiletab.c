/*
 * test_tiletab.c - the tables of src/engine/tiletab.c against the catalogue.
 *
 * The engine's hot paths read tables derived from the tile catalogue (tiles.c)
 * instead of recomputing rotations every game. This test derives every table
 * again from carc_tile_def_of alone, with its own rotation arithmetic, and
 * compares entry by entry (and checks that the catalogue's segments and
 * cloister tiles fit the state's arrays for them). Run as `test_tiletab --print` it prints the tables as C
 * source: that is how tiletab.c was written, and how to rewrite it after a change
 * to the catalogue; `--print-place` prints tiletab_place.c's tables likewise.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "state.h"
#include "expansion.h"
#include "abbot/abbot.h"
#include "river/river.h"

/* Edge or slot mask of segment s of kind k after rotating the tile r quarter turns
 * clockwise: edge e moves to e+r, half-edge slot i to i+2r. */
static unsigned rotated(const carc_segment_def *s, int r)
{
    if (s->type == CARC_FEAT_FIELD) {
        unsigned m = 0;
        for (int i = 0; i < 8; i++)
            if (s->mask & (1u << i))
                m |= 1u << ((i + 2 * r) & 7);
        return m;
    }
    if (s->type >= CARC_FEAT_CLOISTER)  /* a cloister or a garden: no edge */
        return 0;
    unsigned m = 0;
    for (int e = 0; e < 4; e++)
        if (s->mask & (1u << e))
            m |= 1u << ((e + r) & 3);
    return m;
}

/* Edge type on side `side` of kind k turned r times. */
static int edge_type(int k, int r, int side)
{
    return carc_tile_def_of(k)->edges[(side - r) & 3];
}

static uint32_t expect_packed4(int k)
{
    uint32_t p = 0;
    for (int r = 0; r < 4; r++)
        for (int side = 0; side < 4; side++)
            p |= (uint32_t)edge_type(k, r, side) << (8 * r + 2 * side);
    return p;
}

/* Turning by p gives the same tile: every segment lands on an equal one. */
static int same_after(int k, int p)
{
    const carc_tile_def *d = carc_tile_def_of(k);
    for (int side = 0; side < 4; side++)  /* the river's edges are no segment's */
        if (edge_type(k, 0, side) != edge_type(k, p, side))
            return 0;
    for (int i = 0; i < d->nseg; i++) {
        int found = 0;
        for (int j = 0; j < d->nseg; j++)
            found |= d->seg[j].type == d->seg[i].type && d->seg[j].flags == d->seg[i].flags &&
                     d->seg[j].goods == d->seg[i].goods &&
                     rotated(&d->seg[j], 0) == rotated(&d->seg[i], p);
        if (!found)
            return 0;
    }
    return 1;
}

static int expect_period(int k)
{
    return same_after(k, 1) ? 1 : same_after(k, 2) ? 2 : 4;
}

/* Whether kind k has a river edge. */
static int has_river(int k)
{
    for (int e = 0; e < 4; e++)
        if (carc_tile_def_of(k)->edges[e] == CARC_EDGE_RIVER)
            return 1;
    return 0;
}

/* The rotations r < period of kind k that fit a spot of signature sig, as a bit
 * mask. A signature gives each side (N at bits 0-1) the edge type a tile must show
 * there, or 3 where the spot has no neighbour. A river tile fits by R5, which the
 * river module decides (the table says 0), and no tile fits signature 0xFF: a spot
 * with no neighbour but a river edge (the river's open end, or a dead one, R6). */
static int expect_fit_rots(int k, int sig)
{
    int rots = 0;
    if (has_river(k) || sig == 0xFF)
        return 0;
    for (int r = 0; r < expect_period(k); r++) {
        int ok = 1;
        for (int side = 0; side < 4; side++) {
            int want = (sig >> (2 * side)) & 3;
            ok &= want == 3 || want == edge_type(k, r, side);
        }
        rots |= ok << r;
    }
    return rots;
}

static int expect_port_seg(int k, int r, int port)
{
    const carc_tile_def *d = carc_tile_def_of(k);
    for (int i = 0; i < d->nseg; i++) {
        const carc_segment_def *s = &d->seg[i];
        unsigned m = rotated(s, r);
        if (port < 4 && (s->type == CARC_FEAT_CITY || s->type == CARC_FEAT_ROAD) &&
            (m & (1u << port)))
            return i;
        if (port >= 4 && port < 12 && s->type == CARC_FEAT_FIELD && (m & (1u << (port - 4))))
            return i;
        if (port == CARC_PORT_C && s->type == CARC_FEAT_CLOISTER)
            return i;
        if (port == CARC_PORT_G && s->type == CARC_FEAT_GARDEN)
            return i;
        /* port 15, the engine's own: the cloister or garden counting its neighbours */
        if (port == 15 && (s->type == CARC_FEAT_CLOISTER || s->type == CARC_FEAT_GARDEN))
            return i;
        if (port == CARC_PORT_I && s->type == CARC_FEAT_FIELD && s->mask == 0)
            return i;
    }
    return 0xFF;
}

/* The canonical port of a segment: its lowest port. */
static int expect_seg_port(int k, int r, int i)
{
    if (i >= carc_tile_def_of(k)->nseg)
        return 0xFF;
    for (int port = 0; port < CARC_PORTS; port++)
        if (expect_port_seg(k, r, port) == i)
            return port;
    return 0xFF;
}

static void test_packed_and_period(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        assert_int_equal(tiletab_packed4[k], expect_packed4(k));
        assert_int_equal(tiletab_period[k], expect_period(k));
        /* and the engine's own functions agree */
        assert_int_equal(tiletab_period[k], tile_period(k));
        for (int r = 0; r < 4; r++)
            assert_int_equal((tiletab_packed4[k] >> (8 * r)) & 0xFF, tile_edges_packed(k, r));
    }
}

static void test_fit_rots(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        for (int sig = 0; sig < 256; sig++)
            assert_int_equal(tiletab_fit_rots[k][sig], expect_fit_rots(k, sig));
}

/* The totals segment i of kind k starts its feature with (tiletab_seg_init): its
 * type with its inn or cathedral, size 1, a city's or road's edges as open edges,
 * its pennant, road end and goods symbol; zero past the kind's segments. */
static feature expect_seg_init(int k, int i)
{
    const carc_tile_def *d = carc_tile_def_of(k);
    feature f = {0};
    if (i >= d->nseg)
        return f;
    const carc_segment_def *s = &d->seg[i];
    f.flags = (uint8_t)(s->type | (s->flags & CARC_SEG_INN ? NF_INN : 0) |
                        (s->flags & CARC_SEG_CATHEDRAL ? NF_CATHEDRAL : 0));
    f.size = 1;
    if (s->type == CARC_FEAT_CITY || s->type == CARC_FEAT_ROAD) {
        f.open = (uint16_t)__builtin_popcount(s->mask & 15);
        f.pennants = (s->flags & CARC_SEG_PENNANT) != 0;
        f.ends = s->ends;
    }
    f.goods = (uint16_t)(s->goods ? 1u << (4 * (s->goods - 1)) : 0);
    return f;
}

static void test_seg_init(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        for (int i = 0; i < 8; i++) {
            feature f = expect_seg_init(k, i);
            assert_memory_equal(&tiletab_seg_init[k][i], &f, sizeof f);
        }
}

/* tiletab_place.c: the rotations of each fit, counted */
static int expect_fit_count(int k, int sig)
{
    return __builtin_popcount((unsigned)expect_fit_rots(k, sig));
}

static void test_fit_count(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        for (int sig = 0; sig < 256; sig++)
            assert_int_equal(tiletab_fit_count[k][sig],
                             __builtin_popcount(tiletab_fit_rots[k][sig]));
}

static void test_ports(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        for (int r = 0; r < 4; r++) {
            for (int port = 0; port < 16; port++)
                assert_int_equal(tiletab_port_seg[k][r][port],
                                 port < CARC_PORTS || port == 15 ? expect_port_seg(k, r, port)
                                                                 : 0xFF);
            for (int i = 0; i < 8; i++)
                assert_int_equal(tiletab_seg_port[k][r][i], expect_seg_port(k, r, i));
        }
}

/* The most of each kind of thing one game holds, over every set of expansions:
 * what the state's arrays are sized for. */
static int most_in_a_game(int (*per_tile)(const carc_tile_def *d))
{
    int most = 0;
    for (unsigned exp = 0; exp < 64; exp++) {
        int n = 0;
        for (int k = 0; k < CARC_TILE_KINDS; k++)
            n += carc_tile_count(exp, k) * per_tile(carc_tile_def_of(k));
        if (n > most)
            most = n;
    }
    return most;
}

static int cloister_or_garden(const carc_tile_def *d)
{
    for (int i = 0; i < d->nseg; i++)
        if (d->seg[i].type == CARC_FEAT_CLOISTER || d->seg[i].type == CARC_FEAT_GARDEN)
            return 1;
    return 0;
}

static int segments(const carc_tile_def *d) { return d->nseg; }

/* stack.c's closed form of the stack's size is the sum of its kinds' counts: the
 * tiles each expansion's descriptor says it adds (stack_tiles) are the catalogue's. */
static void test_stack_size(void **state)
{
    (void)state;
    for (unsigned exp = 0; exp <= carc_expansion_bits(); exp++) {
        int n = 0;
        for (int k = 0; k < CARC_TILE_KINDS; k++)
            n += stack_count(exp, k);
        assert_int_equal(stack_size(exp), n);
    }
}
static int one(const carc_tile_def *d) { (void)d; return 1; }

/* board.c lists the tiles with a cloister or garden in a fixed array. */
static void test_cloister_tiles_fit_the_list(void **state)
{
    (void)state;
    assert_int_equal(most_in_a_game(cloister_or_garden), MAX_CLOISTERS);
}

/* The state has a node for every segment of every tile, and room for every tile. */
static void test_segments_fit_the_nodes(void **state)
{
    (void)state;
    assert_int_equal(most_in_a_game(segments), MAX_NODES);
    assert_int_equal(most_in_a_game(one), CARC_TILES);
}

/* The kinds the engine names (state.h) are the catalogue's: the start tile D, the
 * River's tiles from the spring and the lake on, then the garden twins. */
static void test_named_kinds(void **state)
{
    (void)state;
    assert_int_equal(carc_tile_kind_named("D", 1), KIND_D);
    assert_int_equal(carc_tile_kind_named("RI/s", 4), KIND_SPRING);
    assert_int_equal(carc_tile_kind_named("RI.1/I.e", 8), KIND_LAKE);
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        const carc_tile_def *d = carc_tile_def_of(k);
        assert_int_equal(tile_river(k), has_river(k));
        assert_int_equal(k >= KIND_GARDEN_FIRST, (d->expansion & CARC_EXP_ABBOT) != 0);
        if (k >= KIND_GARDEN_FIRST) {  /* the twin's plain tile: its name less the last letter */
            int plain = abbot_twin_plain[k - KIND_GARDEN_FIRST];
            assert_int_equal(plain, carc_tile_kind_named(d->name, strlen(d->name) - 1));
            /* one copy fewer with the twin's expansions, none without The Abbot */
            unsigned with = d->expansion | carc_tile_def_of(plain)->expansion;
            assert_int_equal(carc_tile_count(with, plain),
                             carc_tile_def_of(plain)->count - 1);
            assert_int_equal(carc_tile_count(with & ~CARC_EXP_ABBOT, plain),
                             carc_tile_def_of(plain)->count);
        }
    }
}

/* The registry's figure data (registry.c) is what the modules' descriptors say:
 * each figure by kind is its module's (or the core's meeple), its module's
 * info.figures names it, the slot layout gives each kind its count of slots with its
 * strength, followers before special figures, and the sets of special and
 * recallable kinds are the descriptors'. */
static void test_figure_registry(void **state)
{
    (void)state;
    unsigned listed = 1u << CARC_FIG_MEEPLE, special = 0, recall = 0, field = 0;
    assert_ptr_equal(exp_figure_of[CARC_FIG_MEEPLE], &figure_meeple);
    EXP_EACH(h) {
        unsigned mine = 0;
        for (int i = 0; i < EXP_MAX_FIGS && h->figs[i]; i++) {
            const struct exp_figure *d = h->figs[i];
            assert_ptr_equal(exp_figure_of[d->kind], d);
            mine |= 1u << d->kind;
        }
        assert_int_equal(mine, h->info.figures);
        assert_int_equal(listed & mine, 0);  /* one module a figure */
        listed |= mine;
    }
    assert_int_equal(listed, (1u << CARC_FIGURES) - 1);
    int slots[CARC_FIGURES] = {0};
    for (int i = 0; i < FIG_SLOTS; i++) {
        const struct exp_figure *d = exp_figure_of[fig_slot_kind[i]];
        assert_int_equal(fig_slot_strength[i], d->strength);
        assert_int_equal(d->special != 0, i >= FIG_FOLLOWER_SLOTS);
        if (slots[d->kind]++ == 0)
            assert_int_equal(fig_kind_slot[d->kind], i);
    }
    for (int k = 0; k < CARC_FIGURES; k++) {
        const struct exp_figure *d = exp_figure_of[k];
        assert_int_equal(d->kind, k);
        assert_int_equal(slots[k], d->count);
        assert_int_equal(carc_figure_strength(k), d->strength);
        assert_int_equal(d->special != 0, d->strength == 0);
        special |= (unsigned)(d->special != 0) << k;
        recall |= (unsigned)(d->recall_move != NULL) << k;
        field |= (unsigned)(d->field_bonus != NULL) << k;
    }
    assert_int_equal(fig_special_kinds, special);
    assert_int_equal(fig_recall_kinds, recall);
    assert_int_equal(fig_field_kinds, field);
}

/* The rows of a table by kind and spot signature, each entry value(k, sig) printed
 * with fmt (a line break or nothing, then the entry), 32 to a line. */
static void print_sig_rows(const char *fmt, int (*value)(int k, int sig))
{
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        printf("    { /* %s */", carc_tile_def_of(k)->name);
        for (int sig = 0; sig < 256; sig++)
            printf(fmt, sig % 32 ? "" : "\n     ", value(k, sig));
        printf("\n    },\n");
    }
}

static void print_tables(void)
{
    printf("const uint32_t tiletab_packed4[CARC_TILE_KINDS] = {");
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        printf("%s0x%08x,", k % 6 ? " " : "\n    ", expect_packed4(k));
    printf("\n};\n\nconst uint8_t tiletab_period[CARC_TILE_KINDS] = {\n   ");
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        printf(" %d,", expect_period(k));
    printf("\n};\n\nconst uint8_t tiletab_fit_rots[CARC_TILE_KINDS][256] = {\n");
    print_sig_rows("%s%2d,", expect_fit_rots);
    printf("};\n\nconst uint8_t tiletab_port_seg[CARC_TILE_KINDS][4][16] = {\n");
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        printf("    {");
        for (int r = 0; r < 4; r++) {
            printf("%s{", r ? "\n     " : "");
            for (int port = 0; port < 16; port++) {
                int s = port < CARC_PORTS || port == 15 ? expect_port_seg(k, r, port) : 0xFF;
                printf(s == 0xFF ? "%s__" : "%s%2d", port ? "," : "", s);
            }
            printf("}%s", r < 3 ? "," : "");
        }
        printf("}, /* %s */\n", carc_tile_def_of(k)->name);
    }
    printf("};\n\nconst uint8_t tiletab_seg_port[CARC_TILE_KINDS][4][8] = {\n");
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        printf("    {");
        for (int r = 0; r < 4; r++) {
            printf("%s{", r ? ", " : "");
            for (int i = 0; i < 8; i++) {
                int p = expect_seg_port(k, r, i);
                printf(p == 0xFF ? "%s__" : "%s%2d", i ? "," : "", p);
            }
            printf("}");
        }
        printf("}, /* %s */\n", carc_tile_def_of(k)->name);
    }
    printf("};\n");
}

/* The tables of tiletab_place.c. */
static void print_place_tables(void)
{
    printf("const uint8_t tiletab_fit_count[CARC_TILE_KINDS][256] = {\n");
    print_sig_rows("%s%d,", expect_fit_count);
    printf("};\n\n/* {flags, tokens, pennants, ends, size, open, follow, goods, pad} */\n"
           "const feature tiletab_seg_init[CARC_TILE_KINDS][8] = {\n");
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        printf("    { /* %s */\n     ", carc_tile_def_of(k)->name);
        for (int i = 0; i < 8; i++) {
            feature f = expect_seg_init(k, i);
            if (!f.size)
                printf(" {0},");
            else
                printf(" {%#x, 0, %d, %d, 1, %d, 0, %#x, 0},", f.flags, f.pennants, f.ends, f.open,
                       f.goods);
            if (i % 2 && i < 7)
                printf("\n     ");
        }
        printf("\n    },\n");
    }
    printf("};\n");
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--print")) {
        print_tables();
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--print-place")) {
        print_place_tables();
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_packed_and_period),
        cmocka_unit_test(test_fit_rots),
        cmocka_unit_test(test_fit_count),
        cmocka_unit_test(test_seg_init),
        cmocka_unit_test(test_ports),
        cmocka_unit_test(test_cloister_tiles_fit_the_list),
        cmocka_unit_test(test_segments_fit_the_nodes),
        cmocka_unit_test(test_named_kinds),
        cmocka_unit_test(test_figure_registry),
        cmocka_unit_test(test_stack_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
