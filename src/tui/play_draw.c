/*
 * play_draw.c - drawing the game screen of `carc play` with ncursesw.
 *
 *   +--------------------------------------+---------------------+
 *   | x ruler                              | title, whose turn   |
 *   | board (tiles 7 x 3 cells), scrolled  | tiles in hand       |
 *   | by org_x/org_y                       | decks, scores       |
 *   +-- log -------------------------------+ your gifts, cards   |
 *   | the viewer's log, newest at bottom   | the decision        |
 *   +--------------------------------------+---------------------+
 *   status line (hints, errors)
 *   key line (the keys of this state)
 *
 * Everything drawn comes from the view `v` of the seat at the keyboard and from that
 * seat's log; nothing here reads the full state. Colours: fields green, cities
 * yellow (brown), roads heavy box lines, cloisters white with a red cross, followers
 * their seat's colour (a meeple its seat's digit; a large meeple, builder or pig a
 * letter L, B or P before it, an abbot A); an inn a house by its road, a cathedral a red
 * cross in its city, goods w, g, c in theirs; the river waves on blue, a garden a flower;
 * a tower a castle and its height; the dragon a red <D> across its tile's middle, the
 * tiles it went through in a movement a red dot there, a volcano a red triangle at its
 * foot; the fairy a magenta star by its follower (play_draw_neutral).
 * Without colours, cells use characters ('.' field, '#' city, '[+]' cloister); in a
 * locale that is not UTF-8, box lines become ASCII.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "play_ui.h"



void play_draw_layout(play_ui *ui)
{
    getmaxyx(stdscr, ui->H, ui->W);
    /* the panes grow with the window (issue 21): the panel up to 60 columns, the log a
     * quarter of the rows (5 at 80x24, 12 at 50 rows) */
    ui->panel_w = ui->W >= 160 ? 60 : ui->W >= 120 ? 46 : ui->W >= 100 ? 44 : 40;
    ui->log_h = ui->H < 30 ? 5 : ui->H / 4 < 20 ? ui->H / 4 : 20;
    ui->board_x = 0;
    ui->board_y = 0;
    ui->board_w = ui->W - ui->panel_w - 1;
    ui->board_h = ui->H - 3 - ui->log_h;
    ui->log_y = ui->board_h + 1;
}

/* ---- the board -------------------------------------------------------------- */

enum { RULER_W = 4 };




static void world_to_screen(const play_ui *ui, int x, int y, int *sx, int *sy)
{
    *sx = ui->board_x + RULER_W + (x - ui->org_x) * PT_COLS;
    *sy = ui->board_y + 1 + (y - ui->org_y) * PT_ROWS;
}

/* Corner marks around position (x,y) in attribute attr. */
static void corners(play_ui *ui, int x, int y, int attr)
{
    int sx, sy;
    world_to_screen(ui, x, y, &sx, &sy);
    if (play_paint_in_board(ui, sy, sx)) play_glyph(ui, sy, sx, L'\u250f', '+', attr);
    if (play_paint_in_board(ui, sy, sx + PT_COLS - 1)) play_glyph(ui, sy, sx + PT_COLS - 1, L'\u2513', '+', attr);
    if (play_paint_in_board(ui, sy + PT_ROWS - 1, sx)) play_glyph(ui, sy + PT_ROWS - 1, sx, L'\u2517', '+', attr);
    if (play_paint_in_board(ui, sy + PT_ROWS - 1, sx + PT_COLS - 1))
        play_glyph(ui, sy + PT_ROWS - 1, sx + PT_COLS - 1, L'\u251b', '+', attr);
}

/* A mark on the cell of the segment (x,y,port) of a placed tile, moved `k` cells
 * along the row (the k-th follower on one segment stands beside the first). */
static void segment_mark(play_ui *ui, const carc_game *v, int x, int y, int port, int k,
                         wchar_t w, char a, int attr)
{
    int kind, rot, r, c, sx, sy;
    play_cell grid[PT_ROWS][PT_COLS];
    if (port == CARC_PORT_NONE || !carc_tile_at(v, x, y, &kind, &rot))
        return;
    play_tile_paint(kind, rot, grid);
    if (!play_tile_port_cell(kind, rot, port, grid, &r, &c))
        return;
    if (k > 0)
        c = c + k < PT_COLS ? c + k : c - k >= 0 ? c - k : c;
    world_to_screen(ui, x, y, &sx, &sy);
    if (play_paint_in_board(ui, sy + r, sx + c))
        play_glyph(ui, sy + r, sx + c, w, a, attr);
}

/* Draws up to two figure cells at tile cell (r,c) of the tile at screen (sy,sx),
 * moved left when they would run past the tile's east side. */
static void put_cells(play_ui *ui, int sy, int sx, int r, int c, const char *t, int attr)
{
    int n = (int)strlen(t), k;
    if (c + n > PT_COLS)
        c = PT_COLS - n;
    for (k = 0; k < n; k++)
        if (c + k >= 0 && play_paint_in_board(ui, sy + r, sx + c + k))
            play_glyph(ui, sy + r, sx + c + k, (wchar_t)t[k], t[k], attr);
}

/* The cells the figures on the segment (x,y,port) take: a target's mark goes beside
 * them, never over one. */
static int followers_on(const carc_game *v, int x, int y, int port)
{
    carc_follower fol[CARC_MAX_PLAYERS * (CARC_FOLLOWERS + CARC_FIGURES)];
    int cap = (int)(sizeof fol / sizeof fol[0]), n = carc_followers(v, fol, cap), i, k = 0, canon;
    n = n < cap ? n : cap;
    char t[3];
    if (port == CARC_PORT_T)  /* a tower's top */
        canon = port;
    else if (port == CARC_PORT_NONE || carc_segment(v, x, y, port, &canon) < 0)
        return 0;
    for (i = 0; i < n; i++)
        if (fol[i].x == x && fol[i].y == y && fol[i].port == canon)
            k += play_figure_glyphs(fol[i].figure, fol[i].seat, t);
    return k;
}

/* Every figure in its seat's colour (a meeple its seat's digit, the others a letter and
 * the digit); several on one segment (a Synod, a claim, an intrusion, a builder or a
 * pig beside a follower) stand side by side in one row, so none hides another. */
static void draw_followers(play_ui *ui, const carc_game *v)
{
    carc_follower fol[CARC_MAX_PLAYERS * (CARC_FOLLOWERS + CARC_FIGURES)];
    int cap = (int)(sizeof fol / sizeof fol[0]), n = carc_followers(v, fol, cap), i, j;
    n = n < cap ? n : cap;
    for (i = 0; i < n; i++) {
        int attr = play_attr(ui, PCOL_SEAT0 + fol[i].seat), before = 0, total = 0, kind, rot;
        int r, c, sx, sy, w;
        char t[3], u[3];
        play_cell grid[PT_ROWS][PT_COLS];
        for (j = 0; j < n; j++)
            if (fol[j].x == fol[i].x && fol[j].y == fol[i].y && fol[j].port == fol[i].port) {
                w = play_figure_glyphs(fol[j].figure, fol[j].seat, u);
                total += w;
                if (j < i)
                    before += w;
            }
        if (fol[i].locked)
            attr |= AT_UNDERLINE;
        if (!carc_tile_at(v, fol[i].x, fol[i].y, &kind, &rot))
            continue;
        play_tile_paint(kind, rot, grid);
        if (fol[i].type == CARC_FEAT_CORNER) {  /* a barn (AM9): stored as this tile's SE corner */
            r = PT_ROWS - 1;
            c = PT_COLS - 2;
        } else if (!play_tile_port_cell(kind, rot, fol[i].port, grid, &r, &c)) {
            continue;
        }
        if (c + total > PT_COLS)
            c = PT_COLS - total > 0 ? PT_COLS - total : 0;
        world_to_screen(ui, fol[i].x, fol[i].y, &sx, &sy);
        play_figure_glyphs(fol[i].figure, fol[i].seat, t);
        put_cells(ui, sy, sx, r, c + before, t, attr);
    }
}

/* Towers (TW10): near the top right corner of their tile, a castle and the height
 * (ASCII: T and the height), bold; a follower on the top stands left of it. */
static void draw_towers(play_ui *ui, const carc_game *v)
{
    int n = carc_board_count(v);
    for (int i = 0; i < n; i++) {
        int kind, x, y, rot, closed, h, sx, sy;
        carc_board_tile(v, i, &kind, &x, &y, &rot);
        if ((h = carc_tower_height(v, x, y, &closed)) < 0)
            continue;
        world_to_screen(ui, x, y, &sx, &sy);
        int attr = play_attr(ui, PCOL_TITLE) | AT_BOLD;
        if (play_paint_in_board(ui, sy, sx + 4))
            play_glyph(ui, sy, sx + 4, L'\u265c', 'T', attr);
        if (play_paint_in_board(ui, sy, sx + 5))
            play_glyph(ui, sy, sx + 5, (wchar_t)(h < 10 ? '0' + h : '+'),
                       (char)(h < 10 ? '0' + h : '+'), attr);
    }
}

/* The Princess & the Dragon (PD14: all public), over the figures: a volcano's
 * triangle at the foot of its tile (left); the dragon as <D> across its tile's
 * middle row, in red on the background where every follower is a white figure on
 * its seat's colour; while it moves, a red dot in the middle of each tile it went
 * through (the start first); the fairy a magenta star just right of the figures of
 * its follower (alone: at the foot of its tile, right). */
static void draw_neutral(play_ui *ui, const carc_game *v)
{
    carc_dragon_info d;
    int n = carc_board_count(v), sx, sy, i;
    int red = play_attr(ui, PCOL_DRAGON) | AT_BOLD;
    if (!carc_dragon_status(v, &d))
        return;
    for (i = 0; i < n; i++) {
        int kind, x, y, rot;
        carc_board_tile(v, i, &kind, &x, &y, &rot);
        world_to_screen(ui, x, y, &sx, &sy);
        if (carc_tile_symbol(kind) == CARC_SYMBOL_VOLCANO && play_paint_in_board(ui, sy + 2, sx + 1))
            play_glyph(ui, sy + 2, sx + 1, L'\u25b2', 'v', red);
    }
    for (i = 0; d.walking && i < d.walked; i++) {  /* the track, without where it stands */
        world_to_screen(ui, d.visited_x[i], d.visited_y[i], &sx, &sy);
        if (play_paint_in_board(ui, sy + 1, sx + 3))
            play_glyph(ui, sy + 1, sx + 3, L'\u2022', '.', red);
    }
    if (d.dragon_on) {
        world_to_screen(ui, d.dragon_x, d.dragon_y, &sx, &sy);
        for (i = 0; i < 3; i++)
            if (play_paint_in_board(ui, sy + 1, sx + 2 + i))
                play_glyph(ui, sy + 1, sx + 2 + i, (wchar_t)"<D>"[i], "<D>"[i], red);
    }
    if (d.fairy_on) {
        int kind, rot, r = 2, c = PT_COLS - 2;
        play_cell grid[PT_ROWS][PT_COLS];
        if (d.fairy_seat >= 0 && carc_tile_at(v, d.fairy_x, d.fairy_y, &kind, &rot)) {
            play_tile_paint(kind, rot, grid);
            if (play_tile_port_cell(kind, rot, d.fairy_port, grid, &r, &c))
                c += followers_on(v, d.fairy_x, d.fairy_y, d.fairy_port);
            if (c >= PT_COLS)
                c = PT_COLS - 1;
        }
        world_to_screen(ui, d.fairy_x, d.fairy_y, &sx, &sy);
        if (play_paint_in_board(ui, sy + r, sx + c))
            play_glyph(ui, sy + r, sx + c, L'\u2727', 'f', play_attr(ui, PCOL_FAIRY) | AT_BOLD);
    }
}

/* The figure of the selected follower move, blinking where it would stand. */
static void draw_choice_figure(play_ui *ui, const carc_game *v, const carc_move *m)
{
    int kind, rot, r, c, sx, sy;
    char t[3];
    play_cell grid[PT_ROWS][PT_COLS];
    if (!carc_tile_at(v, m->x, m->y, &kind, &rot))
        return;
    play_tile_paint(kind, rot, grid);
    if (!play_tile_port_cell(kind, rot, m->port, grid, &r, &c))
        return;
    c += followers_on(v, m->x, m->y, m->port);
    world_to_screen(ui, m->x, m->y, &sx, &sy);
    play_figure_glyphs(m->figure, ui->viewer, t);
    put_cells(ui, sy, sx, r, c, t,
              play_attr(ui, PCOL_SEAT0 + ui->viewer) | AT_BLINK | AT_UNDERLINE);
}

/* Tie-break tokens (X11) and locks (X12): on every tile of such a feature, its
 * segment shows a mark left of where its followers stand: a lock as a bold triple bar,
 * each seat's token as a triangle in that seat's colour (ASCII: = and t). */
static void draw_tokens_locks(play_ui *ui, const carc_game *v)
{
    int n = carc_board_count(v), i, port, kind, x, y, rot;
    for (i = 0; i < n; i++) {
        play_cell grid[PT_ROWS][PT_COLS];
        int painted = 0;
        carc_board_tile(v, i, &kind, &x, &y, &rot);
        for (port = 0; port < CARC_PORTS; port++) {
            carc_feature_info fi;
            int canon, r, c, sx, sy, k = 1, seat;
            if (carc_segment(v, x, y, port, &canon) < 0 || canon != port ||
                !carc_feature_at(v, x, y, port, &fi) || (!fi.locked && !fi.tokens))
                continue;
            if (!painted) {
                play_tile_paint(kind, rot, grid);
                painted = 1;
            }
            if (!play_tile_port_cell(kind, rot, port, grid, &r, &c))
                continue;
            world_to_screen(ui, x, y, &sx, &sy);
            if (fi.locked) {
                int cc = c - k >= 0 ? c - k : c + 2 + k;
                if (cc < PT_COLS && play_paint_in_board(ui, sy + r, sx + cc))
                    play_glyph(ui, sy + r, sx + cc, L'\u2261', '=', play_attr(ui, PCOL_TITLE) | AT_BOLD);
                k++;
            }
            for (seat = 0; seat < carc_players(v); seat++) {
                int cc;
                if (!(fi.tokens >> seat & 1u))
                    continue;
                cc = c - k >= 0 ? c - k : c + 2 + k;
                if (cc < PT_COLS && play_paint_in_board(ui, sy + r, sx + cc))
                    play_glyph(ui, sy + r, sx + cc, L'\u25b2', 't', play_attr(ui, PCOL_SEAT0 + seat));
                k++;
            }
        }
    }
}

static int viewer_decides(const play_ui *ui, const carc_game *v)
{
    carc_pending p = carc_pending_decision(v);
    return ui->mode == PM_PLAY && p.seat >= 0 && p.seat == ui->viewer &&
           ui->s->seat[p.seat].human;
}

/* Legal empty spots of the current tile: a dotted block. */
static void draw_spots(play_ui *ui)
{
    play_session *s = ui->s;
    int i, r, c, sx, sy;
    for (i = 0; i < s->nmoves; i++) {
        const carc_move *m = &s->moves[i];
        if (m->kind != CARC_MOVE_PLACE || m->tile != ui->tiles[ui->tile_i])
            continue;
        if (i > 0 && s->moves[i - 1].kind == CARC_MOVE_PLACE && s->moves[i - 1].x == m->x &&
            s->moves[i - 1].y == m->y && s->moves[i - 1].tile == m->tile)
            continue;
        world_to_screen(ui, m->x, m->y, &sx, &sy);
        for (r = 0; r < PT_ROWS; r++)
            for (c = 0; c < PT_COLS; c++)
                if (play_paint_in_board(ui, sy + r, sx + c) && (r == 1 || c % 2 == 1))
                    play_glyph(ui, sy + r, sx + c, L'\u00b7', '.', play_attr(ui, PCOL_SPOT));
    }
}

static void draw_ruler(play_ui *ui)
{
    int x, y, sx, sy;
    char num[16];
    int cols = (ui->board_w - RULER_W + PT_COLS - 1) / PT_COLS;
    int rows = (ui->board_h - 1 + PT_ROWS - 1) / PT_ROWS;
    int attr = play_attr(ui, PCOL_SPOT);
    for (x = ui->org_x; x < ui->org_x + cols; x++) {
        world_to_screen(ui, x, ui->org_y, &sx, &sy);
        snprintf(num, sizeof num, "%d", x);
        sx += 3 - ((int)strlen(num) - 1) / 2;
        if (sx + (int)strlen(num) <= ui->board_x + ui->board_w)
            play_put(ui, ui->board_y, sx, (int)strlen(num), num, attr);
    }
    for (y = ui->org_y; y < ui->org_y + rows; y++) {
        world_to_screen(ui, ui->org_x, y, &sx, &sy);
        snprintf(num, sizeof num, "%3d", y);
        if (sy + 1 < ui->board_y + ui->board_h)
            play_put(ui, sy + 1, ui->board_x, RULER_W - 1, num, attr);
    }
}

/* The River (R5): the empty position where the river goes on, while river tiles are
 * drawn (play_river_phase): waves in the water's colour in its middle row, under the
 * spots and the cursor. */
static void draw_river_end(play_ui *ui, const carc_game *v)
{
    int x, y, sx, sy, kind, rot, c;
    if (!play_river_phase(v, NULL) || !carc_river_end(v, &x, &y) ||
        carc_tile_at(v, x, y, &kind, &rot))
        return;
    world_to_screen(ui, x, y, &sx, &sy);
    for (c = 1; c < PT_COLS - 1; c++)
        if (play_paint_in_board(ui, sy + 1, sx + c))
            play_glyph(ui, sy + 1, sx + c, c % 2 ? L'\u2248' : L' ', c % 2 ? '~' : ' ',
                       play_attr(ui, PCOL_RIVER));
}

static void draw_board(play_ui *ui, const carc_game *v)
{
    int n = carc_board_count(v), i, kind, x, y, rot, sx, sy, mx, my;
    int decides = viewer_decides(ui, v);
    carc_pending p = carc_pending_decision(v);
    carc_move cur;
    play_cell grid[PT_ROWS][PT_COLS];

    draw_ruler(ui);
    for (i = 0; i < n; i++) {
        carc_board_tile(v, i, &kind, &x, &y, &rot);
        world_to_screen(ui, x, y, &sx, &sy);
        if (sx + PT_COLS <= ui->board_x + RULER_W || sx >= ui->board_x + ui->board_w ||
            sy + PT_ROWS <= ui->board_y + 1 || sy >= ui->board_y + ui->board_h)
            continue;
        play_tile_paint(kind, rot, grid);
        play_paint_tile(ui, sy, sx, grid, 1);
    }
    if (ui->s->have_last && ui->mode != PM_HANDOVER)
        corners(ui, ui->s->last_x, ui->s->last_y,
                ui->colors ? (int)(COLOR_PAIR(PCOL_SEAT0 + ui->s->last_seat) | AT_BOLD)
                           : play_attr(ui, PCOL_LAST));
    /* followers after the corner marks, which would hide one on a corner field */
    draw_towers(ui, v);
    draw_followers(ui, v);
    draw_tokens_locks(ui, v);
    draw_neutral(ui, v);
    if (carc_mastermind(v, &mx, &my) && !carc_tile_at(v, mx, my, &kind, &rot)) {
        world_to_screen(ui, mx, my, &sx, &sy);
        if (play_paint_in_board(ui, sy + 1, sx + 2))
            play_put(ui, sy + 1, sx + 2, 3, "(M)", play_attr(ui, PCOL_HINT) | AT_BOLD);
    }
    draw_river_end(ui, v);
    if (!decides || !play_model_current(ui, &cur))
        return;
    if (p.decision == CARC_DEC_PLACE) {
        draw_spots(ui);
        draw_river_end(ui, v);
        world_to_screen(ui, cur.x, cur.y, &sx, &sy);
        play_tile_paint(cur.tile, cur.rot, grid);
        play_paint_tile(ui, sy, sx, grid, 1);
        corners(ui, cur.x, cur.y, play_attr(ui, PCOL_CURSOR));
        return;
    }
    /* every target the choices offer, as a ring the arrows move between (point 7);
     * then the selected one over it */
    {
        int o, tx, ty;
        for (o = 0; o < ui->nlist; o++) {
            const carc_move *m = &ui->s->moves[ui->order[o]];
            if (m->kind == CARC_MOVE_FOLLOWER || !play_model_target(m, &tx, &ty))
                continue;
            if (m->kind == CARC_MOVE_WALK) {  /* a ring in the middle of the tile */
                int sx2, sy2;
                world_to_screen(ui, tx, ty, &sx2, &sy2);
                if (play_paint_in_board(ui, sy2 + 1, sx2 + 3))
                    play_glyph(ui, sy2 + 1, sx2 + 3, L'\u25cb', 'o',
                               play_attr(ui, PCOL_TARGET) & ~AT_BOLD);
            } else if (m->port != CARC_PORT_NONE)
                segment_mark(ui, v, tx, ty, m->port, followers_on(v, tx, ty, m->port),
                             L'\u25cb', 'o', play_attr(ui, PCOL_TARGET) & ~AT_BOLD);
        }
    }
    if (p.decision == CARC_DEC_MODIFIER) {
        int qx, qy, qp;
        if (carc_modifier_feature(v, &qx, &qy, &qp)) {
            corners(ui, qx, qy, play_attr(ui, PCOL_TARGET));
            segment_mark(ui, v, qx, qy, qp, followers_on(v, qx, qy, qp), L'\u25ce', '@',
                         play_attr(ui, PCOL_TARGET));
        }
    }
    switch (cur.kind) {
    case CARC_MOVE_FOLLOWER:
        corners(ui, cur.x, cur.y, play_attr(ui, PCOL_TARGET));
        draw_choice_figure(ui, v, &cur);
        break;
    case CARC_MOVE_FLOOR: case CARC_MOVE_CAPTURE:  /* the tower, or the follower taken */
    case CARC_MOVE_WALK:                           /* the tile the dragon goes to */
        corners(ui, cur.x, cur.y, play_attr(ui, PCOL_TARGET));
        break;
    case CARC_MOVE_GIFT: case CARC_MOVE_CARD: case CARC_MOVE_TARGET: case CARC_MOVE_RECALL:
        if (cur.port == CARC_PORT_NONE && !(cur.kind == CARC_MOVE_TARGET ||
                                            carc_card_target(cur.card) == CARC_TARGET_POS))
            break;
        corners(ui, cur.x, cur.y, play_attr(ui, PCOL_TARGET));
        segment_mark(ui, v, cur.x, cur.y, cur.port, followers_on(v, cur.x, cur.y, cur.port),
                     L'\u25ce', '@', play_attr(ui, PCOL_TARGET));
        if (cur.port2 != CARC_PORT_NONE) {
            corners(ui, cur.x2, cur.y2, play_attr(ui, PCOL_TARGET));
            segment_mark(ui, v, cur.x2, cur.y2, cur.port2,
                         followers_on(v, cur.x2, cur.y2, cur.port2), L'\u25ce', '@',
                         play_attr(ui, PCOL_CURSOR));
        }
        break;
    default:
        break;
    }
}

/* ---- log, status, keys ---------------------------------------------------------- */

/* The log, newest at the bottom; a line wider than the area wraps (indented), so
 * nothing in it is cut. log_back counts lines scrolled back. */
static void draw_log(play_ui *ui)
{
    int seat = ui->viewer >= 0 ? ui->viewer : 0;
    const play_log *l = &ui->s->seat[seat].log;
    int n = play_log_count(l), i, cls, last, y, w = ui->board_w;
    char head[PLAY_LINE];

    if (ui->log_back > n - 1)
        ui->log_back = n > 0 ? n - 1 : 0;
    last = n - 1 - ui->log_back;
    for (i = 0; i < ui->board_w; i++)
        play_glyph(ui, ui->log_y - 1, i, L'\u2500', '-', AT_DIM);
    snprintf(head, sizeof head, " log of seat %d%s ", seat,
             ui->log_back ? " (scrolled back: PgDn)" : "");
    play_put(ui, ui->log_y - 1, 2, ui->board_w - 4, head, AT_DIM);
    /* the row below the newest line: the bottom, or higher while the log is short */
    y = ui->log_y;
    for (i = last; i >= 0 && y < ui->log_y + ui->log_h; i--)
        y += play_wrap_count(play_log_line(l, i, &cls), w, 4);
    if (y > ui->log_y + ui->log_h)
        y = ui->log_y + ui->log_h;
    for (i = last; i >= 0 && y > ui->log_y; i--) {
        const char *t = play_log_line(l, i, &cls);
        int attr = cls == PLOG_TURN    ? AT_BOLD
                   : cls == PLOG_MOVE  ? play_attr(ui, PCOL_TITLE) & ~AT_BOLD
                   : cls == PLOG_ERROR ? play_attr(ui, PCOL_ERROR)
                   : cls == PLOG_INFO  ? play_attr(ui, PCOL_INFO)
                                       : AT_NORMAL;
        int rows = play_wrap_count(t, w, 4), r, first = 1;
        y -= rows;
        for (r = y; *t || first; r++) {
            int k = play_wrap_next(t, first ? w : w - 4);
            if (r >= ui->log_y) {
                char line[PLAY_LINE + 8];
                snprintf(line, sizeof line, "%s%.*s", first ? "" : "    ", k, t);
                play_put(ui, r, 0, w, line, attr);
            }
            t += k;
            while (*t == ' ')
                t++;
            first = 0;
        }
    }
}

void play_draw_game(play_ui *ui, const carc_game *v)
{
    int y;
    erase();
    draw_board(ui, v);
    for (y = 0; y < ui->H - 2; y++)
        play_glyph(ui, y, ui->W - ui->panel_w, L'\u2502', '|', AT_DIM);
    play_panel_draw(ui, v, viewer_decides(ui, v));
    draw_log(ui);
    if (ui->status[0]) {
        int attr = ui->status_kind == PS_ERROR  ? play_attr(ui, PCOL_ERROR)
                   : ui->status_kind == PS_INFO ? play_attr(ui, PCOL_INFO)
                                                : play_attr(ui, PCOL_HINT);
        play_put(ui, ui->H - 2, 0, ui->W, ui->status, attr);
    }
    mvhline(ui->H - 1, 0, ' ' | A_REVERSE, ui->W);
    play_put(ui, ui->H - 1, 0, ui->W, play_model_keyline(ui), AT_REVERSE);
}
