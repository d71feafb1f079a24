/*
 * tiletab_gen.c - writes src/engine/tiletab.c: the tables the engine's hot paths
 * read instead of turning tiles at every move (packed edges of each rotation, the
 * rotation period, the rotations that fit each spot signature, port to segment and
 * back); with the argument `place`, src/engine/tiletab_place.c (how many rotations
 * fit, the totals each segment starts its feature with); both derived from the
 * tile catalogue's rows alone (catalogue.c, the only engine file it is built
 * with), with its own rotation arithmetic.
 *
 * The tables are checked in, so that every build (CMake, the Python package's)
 * compiles them as they are; ctest `tiletab_current` fails when the catalogue
 * changed and they were not written again:
 *     build/tiletab_gen > src/engine/tiletab.c
 *     build/tiletab_gen place > src/engine/tiletab_place.c
 * A build with a test-only module (CARC_TEST_MODULE, tests/toy) writes its own copy
 * with the module's kinds into the build directory instead.
 */
#include <stdio.h>
#include <string.h>
#include "state.h"

static const carc_tile_def *def_of(int k)
{
    return &tiles_catalogue[k];
}

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
    return def_of(k)->edges[(side - r) & 3];
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
    const carc_tile_def *d = def_of(k);
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
        if (def_of(k)->edges[e] == CARC_EDGE_RIVER)
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
    if (tile_closes(k)) {  /* a tile that closes (AM4): a spot with four neighbours */
        int free = 0;
        for (int side = 0; side < 4; side++)
            free |= ((sig >> (2 * side)) & 3) == 3;
        return !free;
    }
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
    const carc_tile_def *d = def_of(k);
    int inner = 0;
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
        /* the engine's own port: the cloister or garden counting its neighbours */
        if (port == PORT_MONASTIC &&
            (s->type == CARC_FEAT_CLOISTER || s->type == CARC_FEAT_GARDEN))
            return i;
        /* the inner fields: I the first, I2 the second (AM12) */
        if ((port == CARC_PORT_I || port == CARC_PORT_I2) && s->type == CARC_FEAT_FIELD &&
            s->mask == 0 && inner++ == (port == CARC_PORT_I2))
            return i;
    }
    return 0xFF;
}

/* The canonical port of a segment: its lowest port. */
static int expect_seg_port(int k, int r, int i)
{
    if (i >= def_of(k)->nseg)
        return 0xFF;
    for (int port = 0; port < CARC_PORTS; port++)
        if (expect_port_seg(k, r, port) == i)
            return port;
    return 0xFF;
}

/* The totals segment i of kind k starts its feature with (tiletab_seg_init): its
 * type with its inn or cathedral, size 1, a city's or road's edges as open edges,
 * its pennant, road end and goods symbol; zero past the kind's segments. */
static feature expect_seg_init(int k, int i)
{
    const carc_tile_def *d = def_of(k);
    feature f = {0};
    if (i >= d->nseg)
        return f;
    const carc_segment_def *s = &d->seg[i];
    f.flags = (uint8_t)(s->type | (s->flags & CARC_SEG_INN ? NF_INN : 0) |
                        (s->flags & CARC_SEG_CATHEDRAL ? NF_CATHEDRAL : 0));
    f.size = 1;
    if (s->type == CARC_FEAT_CITY || s->type == CARC_FEAT_ROAD) {
        f.open = (uint16_t)__builtin_popcount(s->mask & 15);
        f.pennants = (uint8_t)tile_seg_pennants(d, i);
        f.ends = s->ends;
    }
    f.goods = (uint16_t)(s->goods ? 1u << (4 * (s->goods - 1)) : 0);
    return f;
}

/* tiletab_place.c: the rotations of each fit, counted */
static int expect_fit_count(int k, int sig)
{
    return __builtin_popcount((unsigned)expect_fit_rots(k, sig));
}

/* The rows of a table by kind and spot signature, each entry value(k, sig) printed
 * with fmt (a line break or nothing, then the entry), 32 to a line. */
static void print_sig_rows(const char *fmt, int (*value)(int k, int sig))
{
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        printf("    { /* %s */", def_of(k)->name);
        for (int sig = 0; sig < 256; sig++)
            printf(fmt, sig % 32 ? "" : "\n     ", value(k, sig));
        printf("\n    },\n");
    }
}

static void print_head(void)
{
    puts("/*\n"
         " * tiletab.c - tables derived from the tile catalogue (catalogue.c), for the hot paths.\n"
         " *\n"
         " * Written by scripts/tiletab_gen.c (`build/tiletab_gen > src/engine/tiletab.c`); do\n"
         " * not edit: ctest tiletab_current fails when they differ from what it writes. They\n"
         " * replace arithmetic the engine used to redo on every game or every move: the packed\n"
         " * edges of each rotation, the rotation period, which kinds fit a frontier spot of a\n"
         " * given signature and in which rotations, and which segment sits at each port of a\n"
         " * turned tile.\n"
         " *\n"
         " * A spot signature (spot_sig in state.h) has 2 bits per side, N at bits 0-1: the\n"
         " * edge type a tile must show there (enum carc_edge), or 3 where no tile neighbours\n"
         " * that side. __ marks \"no segment\" / \"no port\".\n"
         " */\n"
         "#include \"state.h\"\n"
         "\n"
         "#define __ 0xFF\n");
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
    printf("};\n\nconst uint8_t tiletab_port_seg[CARC_TILE_KINDS][4][PORT_SLOTS] = {\n");
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        printf("    {");
        for (int r = 0; r < 4; r++) {
            printf("%s{", r ? "\n     " : "");
            for (int port = 0; port < PORT_SLOTS; port++) {
                int s = expect_port_seg(k, r, port);
                printf(s == 0xFF ? "%s__" : "%s%2d", port ? "," : "", s);
            }
            printf("}%s", r < 3 ? "," : "");
        }
        printf("}, /* %s */\n", def_of(k)->name);
    }
    printf("};\n\nconst uint8_t tiletab_seg_port[CARC_TILE_KINDS][4][SEG_SLOTS] = {\n");
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        printf("    {");
        for (int r = 0; r < 4; r++) {
            printf("%s{", r ? ", " : "");
            for (int i = 0; i < SEG_SLOTS; i++) {
                int p = expect_seg_port(k, r, i);
                printf(p == 0xFF ? "%s__" : "%s%2d", i ? "," : "", p);
            }
            printf("}");
        }
        printf("}, /* %s */\n", def_of(k)->name);
    }
    printf("};\n");
}

/* The tables of tiletab_place.c. */
static void print_place_tables(void)
{
    printf("const uint8_t tiletab_fit_count[CARC_TILE_KINDS][256] = {\n");
    print_sig_rows("%s%d,", expect_fit_count);
    printf("};\n\n/* {flags, tokens, pennants, ends, size, open, follow, goods, pad} */\n"
           "const feature tiletab_seg_init[CARC_TILE_KINDS][CARC_TILE_SEGMENTS] = {\n");
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        printf("    { /* %s */\n     ", def_of(k)->name);
        for (int i = 0; i < CARC_TILE_SEGMENTS; i++) {
            feature f = expect_seg_init(k, i);
            if (!f.size)
                printf(" {0},");
            else
                printf(" {%#x, 0, %d, %d, 1, %d, 0, %#x, 0},", f.flags, f.pennants, f.ends, f.open,
                       f.goods);
            if (i % 2 && i < CARC_TILE_SEGMENTS - 1)
                printf("\n     ");
        }
        printf("\n    },\n");
    }
    printf("};\n");
}

static void print_place_head(void)
{
    puts("/*\n"
         " * tiletab_place.c - the tables a placement reads beyond tiletab.c's, derived from\n"
         " * the tile catalogue:\n"
         " *   - tiletab_fit_count: how many placements each kind has at a frontier spot of\n"
         " *     each signature, the rotations in tiletab_fit_rots[kind][sig]. A random\n"
         " *     playout's placement (carc_legal_pick) counts the placements at every spot of\n"
         " *     the frontier: one load of this table per spot instead of two.\n"
         " *   - tiletab_seg_init: the totals each segment of a kind starts its feature with\n"
         " *     (struct feature), which board_place adds to the old feature the segment\n"
         " *     joins (feat_attach) or stores as its own: a copy instead of building them from\n"
         " *     the segment's definition at every segment placed.\n"
         " * Written by scripts/tiletab_gen.c (`build/tiletab_gen place >\n"
         " * src/engine/tiletab_place.c`); do not edit: ctest tiletab_current fails when they\n"
         " * differ from what it writes.\n"
         " */\n"
         "#include \"state.h\"\n");
}

/* `tiletab_gen` writes tiletab.c, `tiletab_gen place` tiletab_place.c. */
int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "place")) {
        print_place_head();
        print_place_tables();
        return 0;
    }
    if (argc != 1) {
        fprintf(stderr, "usage: tiletab_gen [place]   (tiletab.c, or tiletab_place.c)\n");
        return 2;
    }
    print_head();
    print_tables();
    return 0;
}
