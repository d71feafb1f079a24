/*
 * play_tile.c - a tile as a grid of 3 rows by 7 columns for the game screen.
 *
 * Each cell is owned by one segment of the tile (after rotation), painted in layers:
 *
 *   1. fields: every cell belongs to the field half-edge nearest to it
 *          row 0:  WN NW NW NW NE NE EN
 *          row 1:  WN WN WN  .  EN EN EN
 *          row 2:  WS SW SW SE SE SE ES
 *      (a half-edge that is not a field slot of this tile leaves its cell open);
 *   2. cities: a city edge fills its side (north: row 0, south: row 2, west: columns
 *      0-1, east: columns 5-6); a corner cell stays field when a field slot there lies
 *      on a road edge (the narrow field of D and L must show), else it is city when
 *      either side is; a city through opposite sides or three sides fills the middle
 *      row, two adjacent sides the two middle cells next to them; a cell claimed by two
 *      separate cities stays open, so separate caps do not touch;
 *   3. roads: an edge's arm (north (0,3), south (2,3), west (1,0..2), east (1,4..6)) and
 *      the centre, whose line joins every arm that reaches it (a junction shows as a
 *      three- or four-way line);
 *   4. the cloister owns the three middle cells (1,2..4);
 *   5. an inner field (port I: a field touching no edge, IC/CCCC and four T&B tiles)
 *      takes the cells two cities both claimed inside the tile and the centre when no
 *      city holds it; if that gave it none (a city crosses the middle), the outer cells
 *      of a one-edge city on the north or south side, which keep their middle cell;
 *   6. open cells take the field of a neighbour; a cell left between two cities the
 *      tile's field (the inner field first); any other the tile's city (C has no field);
 *   7. the river (The River: edges, no segment) as water over what lies there: an
 *      edge's arm as a road's, through the centre, which a road passing through the
 *      tile keeps (the bridge RI.1/RIrI: the road's centre cell drawn over the water;
 *      RI.1/RrII: the river's curve cuts the corner beside the centre instead); on a
 *      cloister's tile the river goes round the cloister's three cells on the side of
 *      the tile's field edge (RI.1/LIRI: north, its road leaving south). One river
 *      edge: the spring (RI/s) rises in the centre, the lake fills the three middle
 *      cells;
 *   8. a garden (The Abbot) takes one field cell that no follower's port uses, away
 *      from the corners: (2,4) first (its port G's cell), then (0,4), (2,2), (0,2),
 *      (1,4), (1,2), then any field cell no port uses, then (1,4) or (1,2) whatever
 *      holds it.
 *
 * A follower is drawn on the cell of its segment's port (N (0,3), E (1,5), S (2,3),
 * W (1,1), NW (0,1), NE (0,5), EN (0,6), ES (2,6), SE (2,5), SW (2,1), WS (2,0),
 * WN (0,0), C (1,3), I (1,3), G (2,4) or wherever the garden went), or on the first
 * cell its segment owns if another segment took that cell. Marks go on cells that are
 * no follower's: a pennant, a cathedral (the centre first) and a goods symbol on cells
 * of their city, never a corner; an inn on a cell of its road beside the follower's (the
 * centre first), or on the field cell beside a road that has only one cell.
 */
#include <string.h>

#include "play_ui.h"

/* Field half-edge slot of each cell, -1 for the centre. */
static const signed char cell_slot[PT_ROWS][PT_COLS] = {
    {7, 0, 0, 0, 1, 1, 2},
    {7, 7, 7, -1, 2, 2, 2},
    {6, 5, 5, 4, 4, 4, 3},
};

/* Follower cell of each port (enum carc_port). */
static const unsigned char port_cell[CARC_PORTS][2] = {
    {0, 3}, {1, 5}, {2, 3}, {1, 1},
    {0, 1}, {0, 5}, {0, 6}, {2, 6}, {2, 5}, {2, 1}, {2, 0}, {0, 0},
    {1, 3}, {1, 3}, {2, 4}, {1, 4},
};

/* Where a pennant, a cathedral or goods go: the first of these cells its city owns. Never a corner (the
 * cursor's and the last tile's corner marks cover corners) and never a follower's cell
 * of a city edge (N (0,3), E (1,5), S (2,3), W (1,1)). */
static const unsigned char pennant_cells[][2] = {
    {0, 4}, {2, 4}, {0, 2}, {2, 2}, {1, 4}, {1, 2}, {0, 5}, {2, 5}, {0, 1}, {2, 1},
    {1, 6}, {1, 0}, {1, 3},
};

/* Corner cells with the two half-edge slots beside them and their two edges. */
static const struct corner {
    unsigned char r, c, slot_a, edge_a, slot_b, edge_b;
} corners[4] = {
    {0, 0, 0, 0, 7, 3},  /* NW on N, WN on W */
    {0, 6, 1, 0, 2, 1},  /* NE on N, EN on E */
    {2, 6, 4, 2, 3, 1},  /* SE on S, ES on E */
    {2, 0, 5, 2, 6, 3},  /* SW on S, WS on W */
};

static unsigned rot4(unsigned m, int rot)
{
    return ((m << rot) | (m >> (4 - rot))) & 0xFu;
}

static unsigned rot8(unsigned m, int rot)
{
    int k = 2 * rot;
    return k ? ((m << k) | (m >> (8 - k))) & 0xFFu : m & 0xFFu;
}

static int bits(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* Claims a cell for city segment seg, whose edges (after rotation) are `m`: open
 * cells and fields give way; a cell of another city becomes open (-2 marks
 * "contested" until the fill pass). A cell on the tile's border (row 0, row 2,
 * column 0, column 6) is refused unless the city crosses that edge (both edges for a
 * corner): a city then touches the neighbouring tile's cells only where the two join,
 * so two separate cities of neighbouring tiles never look like one. */
static void claim_city(play_cell g[PT_ROWS][PT_COLS], int r, int c, int seg, unsigned m)
{
    play_cell *p = &g[r][c];
    if ((r == 0 && !(m & 1u)) || (r == PT_ROWS - 1 && !(m & 4u)) || (c == 0 && !(m & 8u)) ||
        (c == PT_COLS - 1 && !(m & 2u)))
        return;
    if (p->type == PC_CITY && p->seg != seg && p->seg >= 0) {
        p->seg = -2;
        return;
    }
    if (p->seg == -2)
        return;
    p->type = PC_CITY;
    p->seg = (signed char)seg;
}

/* 1 if (r,c) is the cell where a follower on some port is drawn. */
static int port_cell_at(int r, int c)
{
    for (int p = 0; p < CARC_PORTS; p++)
        if (port_cell[p][0] == r && port_cell[p][1] == c)
            return 1;
    return 0;
}

/* Marks a cell of city segment seg (the centre first when centre is set). */
static void mark_city(play_cell g[PT_ROWS][PT_COLS], int seg, int mark, int centre)
{
    if (centre && g[1][3].seg == seg && !g[1][3].mark) {
        g[1][3].mark = (unsigned char)mark;
        return;
    }
    for (size_t k = 0; k < sizeof pennant_cells / sizeof pennant_cells[0]; k++) {
        play_cell *p = &g[pennant_cells[k][0]][pennant_cells[k][1]];
        if (p->type == PC_CITY && p->seg == seg && !p->mark) {
            p->mark = (unsigned char)mark;
            return;
        }
    }
}

/* Marks the inn of road segment seg: the centre, else a cell of the road where no
 * follower is drawn, else a field cell beside its one cell (a road arm north or
 * south that ends on the tile). */
static void mark_inn(play_cell g[PT_ROWS][PT_COLS], int seg)
{
    static const unsigned char road_cells[][2] = {{1, 3}, {1, 4}, {1, 2}, {1, 6}, {1, 0}};
    static const unsigned char beside[][2] = {{0, 4}, {0, 2}, {2, 4}, {2, 2}};
    size_t k;
    for (k = 0; k < sizeof road_cells / sizeof road_cells[0]; k++) {
        play_cell *p = &g[road_cells[k][0]][road_cells[k][1]];
        if (p->type == PC_ROAD && p->seg == seg && !p->mark) {
            p->mark = PMK_INN;
            return;
        }
    }
    for (k = 0; k < sizeof beside / sizeof beside[0]; k++) {
        int r = beside[k][0], c = beside[k][1];
        play_cell *road = &g[r][3], *p = &g[r][c];
        if (road->type == PC_ROAD && road->seg == seg && p->type != PC_ROAD && !p->mark &&
            !port_cell_at(r, c)) {
            p->mark = PMK_INN;
            return;
        }
    }
}

/* Two roads that cross the tile without meeting (TB/RRrr's bridge, IC/RrRr's two
 * curves): the first keeps the centre; a second straight road passes under it (the
 * centre drawn as a crossing with a light line), a second curve turns in the corner
 * beside the centre. Returns 1 if the tile has such roads (the centre is drawn). */
static int two_roads(const carc_tile_def *d, int rot, play_cell g[PT_ROWS][PT_COLS])
{
    int i, seg[2], n = 0;
    unsigned m[2];
    for (i = 0; i < d->nseg; i++)
        if (d->seg[i].type == CARC_FEAT_ROAD) {
            if (n == 2 || d->seg[i].ends)
                return 0;
            seg[n] = i;
            m[n++] = rot4(d->seg[i].mask, rot);
        }
    if (n != 2 || d->cloister)
        return 0;
    g[1][3].type = PC_ROAD;
    g[1][3].seg = (signed char)seg[0];
    g[1][3].arms = (unsigned char)m[0];
    if (m[1] == 5u || m[1] == 10u) {
        g[1][3].mark = m[0] == 5u ? PMK_BRIDGE_NS : PMK_BRIDGE_EW;
        return 1;
    }
    {
        unsigned v = m[1] & 5u, h = m[1] & 10u;  /* its north or south arm, east or west */
        unsigned ov = v == 1u ? 4u : 1u, oh = h == 2u ? 8u : 2u;
        int rv = v == 1u ? 0 : PT_ROWS - 1, ch = h == 2u ? 4 : 2;
        g[rv][3].arms = (unsigned char)(v | h);
        g[rv][ch].type = PC_ROAD;
        g[rv][ch].seg = (signed char)seg[1];
        g[rv][ch].arms = (unsigned char)(oh | ov);
        g[1][ch].arms = (unsigned char)(v | h);
    }
    return 1;
}

/* 7. The river: water cells over whatever step 1-6 put there (see the comment above). */
static void paint_river(const carc_tile_def *d, const unsigned edge[4],
                        play_cell g[PT_ROWS][PT_COLS])
{
    static const unsigned char arm[4][3][2] = {
        {{0, 3}, {0, 3}, {0, 3}}, {{1, 4}, {1, 5}, {1, 6}},
        {{2, 3}, {2, 3}, {2, 3}}, {{1, 0}, {1, 1}, {1, 2}},
    };
    unsigned rm = 0;
    int e, k, c, n, road_centre;
    for (e = 0; e < 4; e++)
        if (edge[e] == CARC_EDGE_RIVER)
            rm |= 1u << e;
    if (!rm)
        return;
    n = bits(rm);
    /* a road through the centre (not one ending there) keeps it */
    road_centre = g[1][3].type == PC_ROAD &&
                  (g[1][3].seg < 0 || !d->seg[g[1][3].seg].ends);
    for (e = 0; e < 4; e++)
        if (rm >> e & 1u)
            for (k = 0; k < 3; k++) {
                play_cell *p = &g[arm[e][k][0]][arm[e][k][1]];
                p->type = PC_RIVER;
                p->seg = -1;
                p->arms = 0;
                p->mark = PMK_NONE;
            }
    if (d->cloister) {
        /* the river goes round the cloister's three cells on the side of the tile's
         * field edge (RI.1/LIRI: north of it, the road leaving south) */
        static const unsigned char round[4][5][2] = {
            {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}}, {{0, 4}, {0, 5}, {1, 5}, {2, 5}, {2, 4}},
            {{2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}}, {{0, 2}, {0, 1}, {1, 1}, {2, 1}, {2, 2}},
        };
        for (c = 2; c <= 4; c++)
            if (g[1][c].type == PC_RIVER)
                g[1][c].type = PC_CLOISTER, g[1][c].seg = g[1][3].seg;
        for (e = 0; e < 4; e++)
            if (edge[e] == CARC_EDGE_FIELD)
                break;
        for (k = 0; e < 4 && k < 5; k++) {
            play_cell *p = &g[round[e][k][0]][round[e][k][1]];
            p->type = PC_RIVER;
            p->seg = -1;
            p->arms = 0;
            p->mark = PMK_NONE;
        }
        return;
    }
    if (n == 1) {
        /* the spring rises in the centre; the lake fills the three middle cells */
        int spring = strcmp(d->name, "RI/s") == 0;
        for (c = spring ? 3 : 2; c <= (spring ? 3 : 4); c++) {
            g[1][c].type = PC_RIVER;
            g[1][c].seg = -1;
            g[1][c].arms = 0;
            g[1][c].mark = spring ? PMK_SPRING : PMK_LAKE;
        }
        return;
    }
    if (!road_centre) {
        g[1][3].type = PC_RIVER;
        g[1][3].seg = -1;
        g[1][3].arms = 0;
        g[1][3].mark = PMK_NONE;
        return;
    }
    if ((rm & 5u) == 5u || (rm & 10u) == 10u) {
        /* straight under a road through the centre: the bridge */
        g[1][3].mark = PMK_BRIDGE_RIVER;
        return;
    }
    /* a curve beside a road's curve: the corner cell between its two arms */
    {
        int r = rm & 1u ? 0 : PT_ROWS - 1, cc = rm & 8u ? 2 : 4;
        g[r][cc].type = PC_RIVER;
        g[r][cc].seg = -1;
        g[r][cc].mark = PMK_NONE;
    }
}

/* 8. The garden: a field cell no follower's port uses (see the comment above). */
static void paint_garden(const carc_tile_def *d, play_cell g[PT_ROWS][PT_COLS])
{
    static const unsigned char cells[][2] = {{2, 4}, {0, 4}, {2, 2}, {0, 2}, {1, 4}, {1, 2}};
    int i;
    size_t k;
    for (i = 0; i < d->nseg; i++)
        if (d->seg[i].type == CARC_FEAT_GARDEN)
            break;
    if (i == d->nseg)
        return;
    for (k = 0; k < sizeof cells / sizeof cells[0]; k++) {
        play_cell *p = &g[cells[k][0]][cells[k][1]];
        if (p->type == PC_FIELD && !p->mark) {
            p->type = PC_GARDEN;
            p->seg = (signed char)i;
            return;
        }
    }
    /* else any field cell that is no follower's port cell, else a middle cell beside
     * the centre (IC/CCCCG: its cities leave the inner field the centre alone) */
    for (int r = 0; r < PT_ROWS; r++)
        for (int c = 0; c < PT_COLS; c++)
            if (g[r][c].type == PC_FIELD && !g[r][c].mark && !port_cell_at(r, c)) {
                g[r][c].type = PC_GARDEN;
                g[r][c].seg = (signed char)i;
                return;
            }
    for (k = 0; k < 2; k++) {
        play_cell *p = &g[1][k ? 2 : 4];
        if (p->type != PC_ROAD && p->type != PC_RIVER && p->type != PC_CLOISTER && !p->mark) {
            p->type = PC_GARDEN;
            p->seg = (signed char)i;
            return;
        }
    }
}

void play_tile_paint(int kind, int rot, play_cell g[PT_ROWS][PT_COLS])
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    unsigned edge[4];
    int r, c, i, e, pass, inner;
    int field_slot[8];

    memset(g, 0, sizeof(play_cell) * PT_ROWS * PT_COLS);
    for (r = 0; r < PT_ROWS; r++)
        for (c = 0; c < PT_COLS; c++)
            g[r][c].seg = -1;
    if (!d)
        return;
    rot &= 3;
    for (e = 0; e < 4; e++)
        edge[e] = d->edges[(e + 4 - rot) % 4];
    for (i = 0; i < 8; i++)
        field_slot[i] = -1;
    for (i = 0; i < d->nseg; i++)
        if (d->seg[i].type == CARC_FEAT_FIELD) {
            unsigned m = rot8(d->seg[i].mask, rot);
            for (int s = 0; s < 8; s++)
                if (m & (1u << s))
                    field_slot[s] = i;
        }

    /* 1. fields */
    for (r = 0; r < PT_ROWS; r++)
        for (c = 0; c < PT_COLS; c++) {
            int s = cell_slot[r][c];
            if (s >= 0 && field_slot[s] >= 0) {
                g[r][c].type = PC_FIELD;
                g[r][c].seg = (signed char)field_slot[s];
            }
        }

    /* 2. cities */
    for (i = 0; i < d->nseg; i++) {
        unsigned m;
        if (d->seg[i].type != CARC_FEAT_CITY)
            continue;
        m = rot4(d->seg[i].mask, rot);
        if (m & 1u)
            for (c = 1; c <= 5; c++) claim_city(g, 0, c, i, m);
        if (m & 4u)
            for (c = 1; c <= 5; c++) claim_city(g, 2, c, i, m);
        if (m & 8u)
            for (c = 0; c <= 2; c++) claim_city(g, 1, c, i, m), claim_city(g, c, 1, i, m);
        if (m & 2u)
            for (c = 4; c <= 6; c++) claim_city(g, 1, c, i, m), claim_city(g, c - 4, 5, i, m);
        if ((m & 5u) == 5u || (m & 10u) == 10u || bits(m) >= 3) {
            for (c = 1; c <= 5; c++)
                claim_city(g, 1, c, i, m);
        } else if (bits(m) == 2) {
            int west = (m & 8u) != 0;
            claim_city(g, 1, 3, i, m);
            claim_city(g, 1, west ? 2 : 4, i, m);
        }
        /* corners */
        for (int k = 0; k < 4; k++) {
            const struct corner *q = &corners[k];
            int road_slot = (field_slot[q->slot_a] >= 0 && edge[q->edge_a] == CARC_EDGE_ROAD) ||
                            (field_slot[q->slot_b] >= 0 && edge[q->edge_b] == CARC_EDGE_ROAD);
            int mine = (m >> q->edge_a & 1u) || (m >> q->edge_b & 1u);
            if (mine && !road_slot)
                claim_city(g, q->r, q->c, i, m);
        }
    }

    /* the inner field (5. in the comment above) */
    inner = -1;
    for (i = 0; i < d->nseg; i++)
        if (d->seg[i].type == CARC_FEAT_FIELD && d->seg[i].mask == 0)
            inner = i;
    if (inner >= 0) {
        int got = 0;
        for (c = 1; c < PT_COLS - 1; c++)
            if (g[1][c].seg == -2)
                g[1][c].type = PC_FIELD, g[1][c].seg = (signed char)inner, got++;
        if (g[1][3].type != PC_CITY || g[1][3].seg < 0)
            g[1][3].type = PC_FIELD, g[1][3].seg = (signed char)inner, got++;
        for (i = 0; i < d->nseg && !got; i++) {
            unsigned m = rot4(d->seg[i].mask, rot);
            if (d->seg[i].type != CARC_FEAT_CITY || (m != 1u && m != 4u))
                continue;
            r = m == 1u ? 0 : PT_ROWS - 1;
            for (c = 1; c < PT_COLS - 1; c++)
                if (c != 3 && g[r][c].seg == i)
                    g[r][c].type = PC_FIELD, g[r][c].seg = (signed char)inner, got++;
        }
    }

    /* 3. roads */
    {
        unsigned centre = 0;
        int centre_seg = -1, centre_segs = 0;
        for (i = 0; i < d->nseg; i++) {
            unsigned m;
            if (d->seg[i].type != CARC_FEAT_ROAD)
                continue;
            m = rot4(d->seg[i].mask, rot);
            if (m & 1u) {
                g[0][3].type = PC_ROAD, g[0][3].seg = (signed char)i, g[0][3].arms = 5;
            }
            if (m & 4u) {
                g[2][3].type = PC_ROAD, g[2][3].seg = (signed char)i, g[2][3].arms = 5;
            }
            if (m & 8u)
                for (c = 0; c <= 2; c++)
                    g[1][c].type = PC_ROAD, g[1][c].seg = (signed char)i, g[1][c].arms = 10;
            if (m & 2u)
                for (c = 4; c <= 6; c++)
                    g[1][c].type = PC_ROAD, g[1][c].seg = (signed char)i, g[1][c].arms = 10;
            centre |= m;
            centre_seg = i;
            centre_segs++;
        }
        if (centre && !d->cloister && !two_roads(d, rot, g)) {
            g[1][3].type = PC_ROAD;
            g[1][3].arms = (unsigned char)centre;
            g[1][3].seg = (signed char)(centre_segs == 1 ? centre_seg : -3);
        }
    }

    /* 4. the cloister */
    if (d->cloister)
        for (i = 0; i < d->nseg; i++)
            if (d->seg[i].type == CARC_FEAT_CLOISTER)
                for (c = 2; c <= 4; c++) {
                    g[1][c].type = PC_CLOISTER;
                    g[1][c].seg = (signed char)i;
                    g[1][c].arms = 0;
                }

    /* 5. open cells take a neighbouring field, or a city */
    for (pass = 0; pass < 8; pass++) {
        int open = 0;
        for (r = 0; r < PT_ROWS; r++)
            for (c = 0; c < PT_COLS; c++) {
                static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
                if (g[r][c].seg != -1 && g[r][c].seg != -2)
                    continue;
                open = 1;
                for (int k = 0; k < 4; k++) {
                    int rr = r + dr[k], cc = c + dc[k];
                    if (rr < 0 || rr >= PT_ROWS || cc < 0 || cc >= PT_COLS)
                        continue;
                    if (g[rr][cc].type == PC_FIELD && g[rr][cc].seg >= 0) {
                        g[r][c].type = PC_FIELD;
                        g[r][c].seg = g[rr][cc].seg;
                        g[r][c].arms = 0;
                        break;
                    }
                }
            }
        if (!open)
            break;
    }
    {
        int city = -1, field = -1;
        for (i = 0; i < d->nseg; i++) {
            if (d->seg[i].type == CARC_FEAT_CITY && city < 0)
                city = i;
            if (d->seg[i].type == CARC_FEAT_FIELD && field < 0)
                field = i;
        }
        if (inner >= 0)
            field = inner;
        for (r = 0; r < PT_ROWS; r++)
            for (c = 0; c < PT_COLS; c++) {
                /* a cell between two cities, or on the border where no city crosses,
                 * keeps them apart as field */
                int border = r == 0 || r == PT_ROWS - 1 || c == 0 || c == PT_COLS - 1;
                int f = g[r][c].seg == -2 || border ? field : -1;
                if (g[r][c].seg != -1 && g[r][c].seg != -2)
                    continue;
                if (f < 0)
                    f = city >= 0 ? city : field;
                g[r][c].type = f >= 0 && d->seg[f].type == CARC_FEAT_CITY ? PC_CITY : PC_FIELD;
                g[r][c].seg = (signed char)f;
            }
    }
    for (r = 0; r < PT_ROWS; r++)
        for (c = 0; c < PT_COLS; c++)
            if (g[r][c].seg == -3)
                g[r][c].seg = -1;  /* a junction belongs to no road */

    paint_river(d, edge, g);

    /* pennants, cathedrals, goods, inns */
    for (i = 0; i < d->nseg; i++) {
        const carc_segment_def *sd = &d->seg[i];
        if (sd->type == CARC_FEAT_CITY) {
            if (sd->flags & CARC_SEG_CATHEDRAL)
                mark_city(g, i, PMK_CATHEDRAL, 1);
            if (sd->flags & CARC_SEG_PENNANT)
                mark_city(g, i, PMK_PENNANT, 0);
            if (sd->goods)
                mark_city(g, i, PMK_WINE + sd->goods - 1, 0);
        } else if (sd->type == CARC_FEAT_ROAD && (sd->flags & CARC_SEG_INN)) {
            mark_inn(g, i);
        }
    }
    paint_garden(d, g);
}

int play_tile_port_cell(int kind, int rot, int port, play_cell grid[PT_ROWS][PT_COLS],
                        int *row, int *col)
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    int seg = -1, i, r, c;
    static const unsigned char scan[PT_ROWS] = {1, 0, 2};

    if (d && port == CARC_PORT_T) {  /* a tower's top (TW4): left of its mark (play_draw.c) */
        *row = 0;
        *col = 2;
        return 1;
    }
    if (!d || port < 0 || port >= CARC_PORTS)
        return 0;
    rot &= 3;
    for (i = 0; i < d->nseg && seg < 0; i++) {
        const carc_segment_def *s = &d->seg[i];
        if (port == CARC_PORT_C) {
            if (s->type == CARC_FEAT_CLOISTER)
                seg = i;
        } else if (port == CARC_PORT_I) {
            if (s->type == CARC_FEAT_FIELD && s->mask == 0)
                seg = i;
        } else if (port == CARC_PORT_G) {
            if (s->type == CARC_FEAT_GARDEN)
                seg = i;
        } else if (port < 4) {
            if ((s->type == CARC_FEAT_CITY || s->type == CARC_FEAT_ROAD) &&
                (rot4(s->mask, rot) >> port & 1u))
                seg = i;
        } else if (s->type == CARC_FEAT_FIELD && (rot8(s->mask, rot) >> (port - 4) & 1u)) {
            seg = i;
        }
    }
    if (seg < 0)
        return 0;
    r = port_cell[port][0];
    c = port_cell[port][1];
    if (grid[r][c].seg == seg) {
        *row = r;
        *col = c;
        return 1;
    }
    for (i = 0; i < PT_ROWS; i++)
        for (c = 0; c < PT_COLS; c++)
            if (grid[scan[i]][c].seg == seg && !grid[scan[i]][c].mark) {
                *row = scan[i];
                *col = c;
                return 1;
            }
    for (r = 0; r < PT_ROWS; r++)
        for (c = 0; c < PT_COLS; c++)
            if (grid[r][c].seg == seg) {
                *row = r;
                *col = c;
                return 1;
            }
    return 0;
}
