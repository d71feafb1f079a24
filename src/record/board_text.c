/*
 * board_text.c - the board as plain ASCII text.
 *
 * Each placed tile is a cell of 3 lines by 5 columns, drawn after rotation:
 *
 *     #####     row 0: corner, north edge (3 columns), corner
 *     --D--     row 1: west edge, inside, tile letter, inside, east edge
 *     .....     row 2: corner, south edge (3 columns), corner
 *
 * '#' is city, '|' and '-' road, '~' river, '.' field, '+' a cloister, '*' a garden,
 * the capital letter the tile kind (docs/RULES.md §0); an expansion's tile, whose name
 * does not fit, shows 'i' (Inns & Cathedrals), 't' (Traders & Builders), 'r' (The
 * River) or 'g' (a garden tile of The Abbot) there. A river edge shows '~' in the middle
 * of its side, and on the inside cell next to a west or east river edge. A city edge
 * fills its side; a corner is city when either
 * side is. A road edge shows in the middle of its side, and a road or city segment
 * that reaches the west or east edge also fills the inside cell next to it when it
 * runs on (a city spanning more than that edge, any road). A follower shows as its
 * seat digit on the cell of its segment's canonical port: N (0,2), E (1,3), S (2,2),
 * W (1,1), the half-edges on the cell next to their edge (NW (0,1), NE (0,3),
 * EN (0,4), ES (2,4), SE (2,3), SW (2,1), WS (2,0), WN (0,0)), C (1,1), the inner
 * field I (1,3) and the garden G (1,1: no tile has both a cloister and a garden). Every figure shows as its seat's digit (a large meeple, a builder, a
 * pig alike).
 *
 * Empty positions are blank. x coordinates head the columns (the last digit over
 * the tile letter), y coordinates label the middle line of each row of cells. Trailing blanks are trimmed.
 */
#include <stdlib.h>
#include <string.h>

#include "record_int.h"

enum { CELL_H = 3, CELL_W = 5, LABEL_W = 5 };

/* Cell (row, column) of each port, in the order of enum carc_port. */
static const unsigned char port_cell[CARC_PORTS][2] = {
    {0, 2}, {1, 3}, {2, 2}, {1, 1},                          /* N E S W */
    {0, 1}, {0, 3}, {0, 4}, {2, 4}, {2, 3}, {2, 1}, {2, 0}, {0, 0}, /* NW..WN */
    {1, 1},                                                  /* C */
    {1, 3},                                                  /* I */
    {1, 1},                                                  /* G */
    {1, 2}                                                   /* I2 */
};

/* The cells of each side's edge: N, E, S, W. */
static const unsigned char side_cells[4][3][2] = {
    {{0, 1}, {0, 2}, {0, 3}},
    {{1, 4}, {1, 4}, {1, 4}},
    {{2, 1}, {2, 2}, {2, 3}},
    {{1, 0}, {1, 0}, {1, 0}},
};

static unsigned rot_mask4(unsigned m, int rot)
{
    return ((m << rot) | (m >> (4 - rot))) & 0xFu;
}

/* Draws tile kind `kind` in rotation `rot` into cell. */
static void draw_tile(char cell[CELL_H][CELL_W], int kind, int rot)
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    int side, i, r, c;
    int edge[4];

    memset(cell, '.', CELL_H * CELL_W);
    if (!d) {
        cell[1][2] = '?';
        return;
    }
    for (side = 0; side < 4; side++)
        edge[side] = d->edges[(side + 4 - rot) % 4];
    for (side = 0; side < 4; side++) {
        if (edge[side] == CARC_EDGE_CITY) {
            for (i = 0; i < 3; i++)
                cell[side_cells[side][i][0]][side_cells[side][i][1]] = '#';
        } else if (edge[side] == CARC_EDGE_ROAD || edge[side] == CARC_EDGE_RIVER) {
            r = side_cells[side][1][0];
            c = side_cells[side][1][1];
            cell[r][c] = edge[side] == CARC_EDGE_RIVER ? '~' : (side == 0 || side == 2) ? '|' : '-';
        }
    }
    if (edge[3] == CARC_EDGE_RIVER)
        cell[1][1] = '~';
    if (edge[1] == CARC_EDGE_RIVER)
        cell[1][3] = '~';
    /* corners: NW touches N and W, NE N and E, SE S and E, SW S and W */
    if (edge[0] == CARC_EDGE_CITY || edge[3] == CARC_EDGE_CITY) cell[0][0] = '#';
    if (edge[0] == CARC_EDGE_CITY || edge[1] == CARC_EDGE_CITY) cell[0][4] = '#';
    if (edge[2] == CARC_EDGE_CITY || edge[1] == CARC_EDGE_CITY) cell[2][4] = '#';
    if (edge[2] == CARC_EDGE_CITY || edge[3] == CARC_EDGE_CITY) cell[2][0] = '#';
    /* insides next to the west and east edges */
    for (i = 0; i < d->nseg; i++) {
        const carc_segment_def *s = &d->seg[i];
        unsigned m;
        if (s->type != CARC_FEAT_CITY && s->type != CARC_FEAT_ROAD)
            continue;
        m = rot_mask4(s->mask, rot);
        if (s->type == CARC_FEAT_CITY && (m == 8u || m == 2u))
            continue; /* a city cap on W or E stays at the edge */
        if (m & 8u)
            cell[1][1] = s->type == CARC_FEAT_CITY ? '#' : '-';
        if (m & 2u)
            cell[1][3] = s->type == CARC_FEAT_CITY ? '#' : '-';
    }
    int river = 0;
    for (i = 0; i < d->nseg; i++)
        if (d->seg[i].type == CARC_FEAT_GARDEN) {
            cell[1][1] = '*';
            cell[1][3] = '*';
        }
    for (side = 0; side < 4; side++)
        river |= d->edges[side] == CARC_EDGE_RIVER;
    if (d->cloister) {
        cell[1][1] = '+';
        cell[1][3] = '+';
    }
    /* an expansion tile: its expansion's mark from the registry; a tile of two
     * expansions (a garden twin) has none, so '?', but a river tile is 'r' by its edges */
    const carc_expansion_info *x = carc_expansion_of(d->expansion);
    cell[1][2] = d->letter ? d->letter
                 : river ? 'r'
                 : x != NULL && x->tile_mark ? x->tile_mark : '?';
}

/* Appends s without its trailing blanks, then a newline. */
static void put_line(strbuf *b, const char *s, size_t n)
{
    while (n > 0 && s[n - 1] == ' ')
        n--;
    while (n--)
        sb_putc(b, *s++);
    sb_putc(b, '\n');
}

char *carc_board_text(const carc_game *g)
{
    carc_follower fol[REC_MAX_FIGURES];
    int n = carc_board_count(g), nf, i, x, y, kind, rot;
    int minx = 0, maxx = 0, miny = 0, maxy = 0, width;
    char *line, *rows;
    strbuf b;

    for (i = 0; i < n; i++) {
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        if (x < minx) minx = x;
        if (x > maxx) maxx = x;
        if (y < miny) miny = y;
        if (y > maxy) maxy = y;
    }
    nf = carc_followers(g, fol, (int)(sizeof fol / sizeof fol[0]));
    width = LABEL_W + CELL_W * (maxx - minx + 1);
    /* one line of x coordinates, then the CELL_H lines of one row of cells */
    line = malloc((size_t)width * (CELL_H + 1));
    if (!line)
        return NULL;
    rows = line + width;
    sb_init(&b, 0);

    /* x coordinates, the last digit over the tile letter of each cell */
    memset(line, ' ', (size_t)width);
    for (x = minx; x <= maxx; x++) {
        char num[16];
        int len = snprintf(num, sizeof num, "%d", x);
        int at = LABEL_W + CELL_W * (x - minx) + 3 - len;
        if (at < LABEL_W + CELL_W * (x - minx))
            at = LABEL_W + CELL_W * (x - minx);
        memcpy(line + at, num, (size_t)len);
    }
    put_line(&b, line, (size_t)width);

    for (y = miny; y <= maxy; y++) {
        char label[16];
        int r, len;
        memset(rows, ' ', (size_t)width * CELL_H);
        len = snprintf(label, sizeof label, "%4d", y);
        memcpy(rows + width + (LABEL_W - 1 - len > 0 ? LABEL_W - 1 - len : 0), label,
               (size_t)(len < LABEL_W - 1 ? len : LABEL_W - 1));
        for (x = minx; x <= maxx; x++) {
            char cell[CELL_H][CELL_W];
            int col = LABEL_W + CELL_W * (x - minx);
            if (!carc_tile_at(g, x, y, &kind, &rot))
                continue;
            draw_tile(cell, kind, rot);
            for (i = 0; i < nf; i++) {
                if (fol[i].x != x || fol[i].y != y || fol[i].port >= CARC_PORTS)
                    continue;
                cell[port_cell[fol[i].port][0]][port_cell[fol[i].port][1]] =
                    (char)('0' + fol[i].seat);
            }
            for (r = 0; r < CELL_H; r++)
                memcpy(rows + (size_t)width * r + col, cell[r], CELL_W);
        }
        for (r = 0; r < CELL_H; r++)
            put_line(&b, rows + (size_t)width * r, (size_t)width);
    }
    free(line);
    return sb_take(&b);
}

const char *carc_board_text_legend(void)
{
    return "# city   | - road   ~ river   . field   + cloister   * garden\n"
           "A-X i t r g tile   0-5 a seat's figure\n";
}
