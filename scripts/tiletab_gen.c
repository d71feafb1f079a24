/*
 * tiletab_gen.c - writes src/engine/tiletab.c: the tables the engine's hot paths
 * read instead of turning tiles at every move (packed edges of each rotation, the
 * rotation period, the rotations that fit each spot signature, port to segment and
 * back), derived from the tile catalogue's rows alone (catalogue.c, the only engine
 * file it is built with), with its own rotation arithmetic.
 *
 * The tables are checked in, so that every build (CMake, the Python package's)
 * compiles them as they are; ctest `tiletab_current` fails when the catalogue
 * changed and they were not written again:
 *     build/tiletab_gen > src/engine/tiletab.c
 * A build with a test-only module (CARC_TEST_MODULE, tests/toy) writes its own copy
 * with the module's kinds into the build directory instead.
 */
#include <stdio.h>
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
    if (i >= def_of(k)->nseg)
        return 0xFF;
    for (int port = 0; port < CARC_PORTS; port++)
        if (expect_port_seg(k, r, port) == i)
            return port;
    return 0xFF;
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
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        printf("    { /* %s */", def_of(k)->name);
        for (int sig = 0; sig < 256; sig++)
            printf("%s%2d,", sig % 32 ? "" : "\n     ", expect_fit_rots(k, sig));
        printf("\n    },\n");
    }
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
        printf("}, /* %s */\n", def_of(k)->name);
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
        printf("}, /* %s */\n", def_of(k)->name);
    }
    printf("};\n");
}

int main(void)
{
    print_head();
    print_tables();
    return 0;
}
