/*
 * play_keys.c - what the keys do while a human seat decides, and the keys that work
 * on every game screen.
 *
 * A decision offers only the moves carc_legal listed from the deciding seat's view
 * (s->moves), so nothing typed can ask for an illegal move; carc_apply still checks,
 * and a refusal goes to the status line and the log.
 *
 *   place      a cursor on the legal spots of the chosen tile: arrows / hjkl jump to
 *              the nearest spot that way, Tab / Shift-Tab step through them, r / R
 *              turn through the rotations that fit there, t switches between two tiles,
 *              Enter places;
 *   any other  a list of the legal moves (a pass first, except for the follower, where
 *              the segments come first and p passes): j / k / Tab select, the arrows jump
 *              to the nearest choice whose target on the board lies that way, 1-9 pick
 *              by number, Enter confirms, p passes when allowed; in a window Enter on the
 *              pass does nothing (only p closes it). In the follower step the list
 *              shows one figure's places at a time: f / F switch between the figures
 *              that can go on the tile (meeple, large meeple, builder, pig). The double
 *              turn's question takes y (a second tile) or n.
 *
 * Everywhere: H J K L scroll the board a tile (and arrows / hjkl when they have no
 * other use), c fits the board, PgUp / PgDn scroll the log, u undo (while deciding),
 * i tiles left, ? help, q quit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "play_ui.h"

enum { RULER_W = 4 };

int play_key_enter(int ch)
{
    return ch == '\n' || ch == '\r' || ch == KEY_ENTER;
}

/* ---- the viewport ----------------------------------------------------------
 *
 * The whole board stays in view while it fits, centred, and the view does not move
 * while it keeps fitting (issue 11, point 10). When the board is larger than the
 * area, the view scrolls just enough to keep the focus (cursor, selected target, last
 * tile; while the dragon moves, its track, itself and the tile selected) inside. Scrolling by hand turns following off until the next decision; c fits
 * the board again. */

static int vis_cols(const play_ui *ui) { int n = (ui->board_w - RULER_W) / PT_COLS; return n < 1 ? 1 : n; }
static int vis_rows(const play_ui *ui) { int n = (ui->board_h - 1) / PT_ROWS; return n < 1 ? 1 : n; }

/* The board's extent in positions, with one free position around it (where tiles
 * can go). */
static void board_box(const carc_game *v, int *x0, int *y0, int *x1, int *y1)
{
    int n = carc_board_count(v), i, kind, x, y, rot;
    *x0 = *y0 = -1;
    *x1 = *y1 = 1;
    for (i = 0; i < n; i++) {
        carc_board_tile(v, i, &kind, &x, &y, &rot);
        if (x - 1 < *x0) *x0 = x - 1;
        if (y - 1 < *y0) *y0 = y - 1;
        if (x + 1 > *x1) *x1 = x + 1;
        if (y + 1 > *y1) *y1 = y + 1;
    }
}

/* Centres the board if it fits; returns 1 if it does. */
static int fit_board(play_ui *ui, const carc_game *v)
{
    int x0, y0, x1, y1, cols = vis_cols(ui), rows = vis_rows(ui);
    board_box(v, &x0, &y0, &x1, &y1);
    if (x1 - x0 + 1 > cols || y1 - y0 + 1 > rows)
        return 0;
    ui->org_x = x0 - (cols - (x1 - x0 + 1)) / 2;
    ui->org_y = y0 - (rows - (y1 - y0 + 1)) / 2;
    ui->org_set = 1;
    return 1;
}

/* 1 if the whole board is in the current view. */
static int board_shown(const play_ui *ui, const carc_game *v)
{
    int x0, y0, x1, y1;
    board_box(v, &x0, &y0, &x1, &y1);
    return x0 >= ui->org_x && x1 < ui->org_x + vis_cols(ui) && y0 >= ui->org_y &&
           y1 < ui->org_y + vis_rows(ui);
}

void play_keys_focus(play_ui *ui, int x, int y)
{
    int cols = vis_cols(ui), rows = vis_rows(ui);
    if (!ui->org_set) {
        ui->org_x = x - (cols - 1) / 2;
        ui->org_y = y - (rows - 1) / 2;
        ui->org_set = 1;
        return;
    }
    /* scroll only as far as needed */
    if (x < ui->org_x) ui->org_x = x;
    if (x >= ui->org_x + cols) ui->org_x = x - cols + 1;
    if (y < ui->org_y) ui->org_y = y;
    if (y >= ui->org_y + rows) ui->org_y = y - rows + 1;
}

void play_keys_fit(play_ui *ui, const carc_game *v)
{
    carc_move m;
    ui->follow = 1;
    if (fit_board(ui, v))
        return;
    ui->org_set = 0;
    if (ui->dkind != CARC_DEC_NONE && play_model_current(ui, &m))
        play_keys_focus(ui, m.x, m.y);
    else if (ui->s->have_last)
        play_keys_focus(ui, ui->s->last_x, ui->s->last_y);
    else
        play_keys_focus(ui, 0, 0);
}

void play_keys_autofocus(play_ui *ui, const carc_game *v)
{
    carc_move m;
    if (!ui->org_set)
        play_keys_fit(ui, v);
    if (!ui->follow)
        return;
    if (board_shown(ui, v))
        return;
    if (fit_board(ui, v))
        return;
    if (ui->dkind == CARC_DEC_WALK) {
        /* the dragon's path in view as it moves (PD7): the tiles it went through, where
         * it stands and the tile selected, the later ones first when not all fit */
        carc_dragon_info d;
        if (carc_dragon_status(v, &d) && d.dragon_on) {
            for (int i = 0; d.walking && i < d.walked; i++)
                play_keys_focus(ui, d.visited_x[i], d.visited_y[i]);
            play_keys_focus(ui, d.dragon_x, d.dragon_y);
        }
        if (play_model_current(ui, &m))
            play_keys_focus(ui, m.x, m.y);
        return;
    }
    if (ui->dkind != CARC_DEC_NONE && play_model_current(ui, &m) &&
        (m.kind == CARC_MOVE_PLACE || m.kind == CARC_MOVE_FOLLOWER ||
         m.kind == CARC_MOVE_TARGET || m.port != CARC_PORT_NONE ||
         carc_card_target(m.card) == CARC_TARGET_POS)) {
        play_keys_focus(ui, m.x, m.y);
        return;
    }
    if (ui->s->have_last)
        play_keys_focus(ui, ui->s->last_x, ui->s->last_y);
}

static void scroll_by(play_ui *ui, int dx, int dy)
{
    ui->org_x += dx;
    ui->org_y += dy;
    ui->follow = 0;
}

/* ---- placement ---------------------------------------------------------------- */

static int cur_tile(const play_ui *ui) { return ui->tiles[ui->tile_i]; }

/* The legal rotations of the current tile at (x,y) as a bit mask. */
static unsigned rots_at(const play_ui *ui, int x, int y)
{
    unsigned r = 0;
    int i;
    for (i = 0; i < ui->s->nmoves; i++) {
        const carc_move *m = &ui->s->moves[i];
        if (m->kind == CARC_MOVE_PLACE && m->tile == cur_tile(ui) && m->x == x && m->y == y)
            r |= 1u << m->rot;
    }
    return r;
}

static int first_rot(unsigned mask)
{
    int r;
    for (r = 0; r < 4; r++)
        if (mask & (1u << r))
            return r;
    return -1;
}

static void set_cursor(play_ui *ui, int x, int y)
{
    ui->cx = x;
    ui->cy = y;
    ui->crot = first_rot(rots_at(ui, x, y));
    ui->follow = 1;
}

/* Sorts a choice list (indices into moves) so that j / k / Tab visit the targets by
 * position, row then column then port, as the board shows them (issue 21): moves of
 * the same card or kind stay together, and a pass keeps its place. Insertion sort: a
 * list is short. */
static int pos_before(const carc_move *a, const carc_move *b)
{
    if (a->kind != b->kind || a->card != b->card)
        return 0;  /* only within one card's or kind's targets */
    if (a->kind == CARC_MOVE_PASS)
        return 0;
    if (a->y != b->y)
        return a->y < b->y;
    if (a->x != b->x)
        return a->x < b->x;
    if (a->port != b->port)
        return a->port < b->port;
    if (a->y2 != b->y2)
        return a->y2 < b->y2;
    return a->x2 < b->x2;
}

static void sort_by_position(const carc_move *moves, int *order, int n)
{
    for (int i = 1; i < n; i++) {
        int k = order[i], j = i;
        /* only past neighbours of the same group: the groups keep their order */
        while (j > 0 && pos_before(&moves[k], &moves[order[j - 1]])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = k;
    }
}

/* Distinct legal spots of the current tile, sorted by row then column. */
static int spots(const play_ui *ui, int *xs, int *ys)
{
    int n = 0, i, j;
    for (i = 0; i < ui->s->nmoves; i++) {
        const carc_move *m = &ui->s->moves[i];
        int seen = 0;
        if (m->kind != CARC_MOVE_PLACE || m->tile != cur_tile(ui))
            continue;
        for (j = 0; j < n && !seen; j++)
            seen = xs[j] == m->x && ys[j] == m->y;
        if (seen)
            continue;
        for (j = n; j > 0 && (ys[j - 1] > m->y || (ys[j - 1] == m->y && xs[j - 1] > m->x)); j--) {
            xs[j] = xs[j - 1];
            ys[j] = ys[j - 1];
        }
        xs[j] = m->x;
        ys[j] = m->y;
        n++;
    }
    return n;
}

/* Moves the cursor to the nearest spot of the current tile to (x,y). */
static void cursor_near(play_ui *ui, int x, int y)
{
    int xs[CARC_MAX_MOVES], ys[CARC_MAX_MOVES];
    int n = spots(ui, xs, ys), i, best = -1, bd = 0;
    for (i = 0; i < n; i++) {
        int d = abs(xs[i] - x) + abs(ys[i] - y);
        if (best < 0 || d < bd) {
            best = i;
            bd = d;
        }
    }
    if (best >= 0)
        set_cursor(ui, xs[best], ys[best]);
}

static int place_step(play_ui *ui, int dir)
{
    int xs[CARC_MAX_MOVES], ys[CARC_MAX_MOVES];
    int n = spots(ui, xs, ys), i;
    for (i = 0; i < n; i++)
        if (xs[i] == ui->cx && ys[i] == ui->cy)
            break;
    if (n <= 1) {
        play_set_status(ui, PS_HINT, "this is the only spot where the tile fits");
        return 1;
    }
    i = i >= n ? 0 : (i + dir + n) % n;
    set_cursor(ui, xs[i], ys[i]);
    return 1;
}

/* Jumps to the nearest spot in direction (dx,dy). */
static int place_jump(play_ui *ui, int dx, int dy)
{
    int xs[CARC_MAX_MOVES], ys[CARC_MAX_MOVES];
    int n = spots(ui, xs, ys), i, best = -1, bs = 0;
    for (i = 0; i < n; i++) {
        int ax = xs[i] - ui->cx, ay = ys[i] - ui->cy;
        int along = ax * dx + ay * dy, across = abs(ax * dy) + abs(ay * dx), score;
        if (along <= 0)
            continue;
        score = along + 2 * across;
        if (best < 0 || score < bs) {
            best = i;
            bs = score;
        }
    }
    if (best < 0) {
        play_set_status(ui, PS_HINT, "no spot further %s; Tab steps through all %d spots",
                        dx > 0 ? "right" : dx < 0 ? "left" : dy > 0 ? "down" : "up", n);
        return 1;
    }
    set_cursor(ui, xs[best], ys[best]);
    return 1;
}

static int place_rotate(play_ui *ui, int dir)
{
    unsigned mask = rots_at(ui, ui->cx, ui->cy);
    int r = ui->crot, k;
    for (k = 0; k < 4; k++) {
        r = (r + dir + 4) % 4;
        if (mask & (1u << r))
            break;
    }
    if (r == ui->crot)
        play_set_status(ui, PS_HINT, "only one rotation fits here");
    ui->crot = r;
    return 1;
}

static int place_switch(play_ui *ui)
{
    if (ui->ntiles < 2) {
        play_set_status(ui, PS_HINT, "t switches tiles only with two tiles in hand");
        return 1;
    }
    ui->tile_i ^= 1;
    if (rots_at(ui, ui->cx, ui->cy))
        set_cursor(ui, ui->cx, ui->cy);
    else
        cursor_near(ui, ui->cx, ui->cy);
    return 1;
}

/* ---- applying ---------------------------------------------------------------- */

static void apply(play_ui *ui, const carc_move *m)
{
    carc_error err = {0, ""};
    char text[PLAY_LINE];
    const carc_game *v = play_session_view(ui->s, ui->viewer);
    int decision = carc_pending_decision(v).decision;
    play_move_words(v, decision, m, text, sizeof text);
    if (play_session_apply(ui->s, m, NULL, &err) != CARC_OK)
        play_set_status(ui, PS_ERROR, "refused (%s): %s", text, err.msg);
    else
        play_set_status(ui, PS_INFO, "you chose: %s", text);
    ui->log_back = 0;
}


/* ---- the decision -------------------------------------------------------------- */

/* The follower step's list: the places of the chosen figure (ui->figure), in the
 * order carc_legal gives, then the pass. */
static void follower_list(play_ui *ui)
{
    play_session *s = ui->s;
    int i, n = 0;
    for (i = 0; i < s->nmoves; i++)
        if (s->moves[i].kind == CARC_MOVE_FOLLOWER && s->moves[i].figure == ui->figure)
            ui->order[n++] = i;
    for (i = 0; i < s->nmoves; i++)
        if (s->moves[i].kind != CARC_MOVE_FOLLOWER)
            ui->order[n++] = i;
    ui->nlist = n;
    ui->list_top = 0;
    sort_by_position(s->moves, ui->order, n);
}

/* f / F in the follower step: the next (dir 1) or previous figure that has a place
 * on the tile; the selection stays on the same segment when the figure may go there. */
static int figure_step(play_ui *ui, int dir)
{
    int f = ui->figure, k, i;
    carc_move cur;
    int had = play_model_current(ui, &cur) && cur.kind == CARC_MOVE_FOLLOWER;
    for (k = 0; k < CARC_FIGURES; k++) {
        f = (f + dir + CARC_FIGURES) % CARC_FIGURES;
        if (ui->figmask >> f & 1u)
            break;
    }
    if (f == ui->figure) {
        play_set_status(ui, PS_HINT, "no other figure can go on this tile");
        return 1;
    }
    ui->figure = f;
    follower_list(ui);
    ui->sel = 0;
    for (i = 0; had && i < ui->nlist; i++) {
        const carc_move *m = &ui->s->moves[ui->order[i]];
        if (m->kind == CARC_MOVE_FOLLOWER && m->port == cur.port) {
            ui->sel = i;
            break;
        }
    }
    ui->follow = 1;
    return 1;
}

void play_keys_begin(play_ui *ui, const carc_game *v)
{
    play_session *s = ui->s;
    carc_pending p = carc_pending_decision(v);
    int i, n = 0;

    ui->decision = s->applied;
    ui->dkind = p.decision;
    ui->sel = ui->list_top = ui->nlist = 0;
    ui->ntiles = 0;
    ui->tile_i = 0;
    ui->crot = -1;  /* no cursor until a legal spot is found */
    ui->follow = 1;
    play_session_legal(s);
    if (p.decision == CARC_DEC_PLACE) {
        for (i = 0; i < s->nmoves; i++) {
            const carc_move *m = &s->moves[i];
            if (m->kind != CARC_MOVE_PLACE)
                continue;
            if (ui->ntiles == 0 || (ui->ntiles == 1 && ui->tiles[0] != m->tile))
                ui->tiles[ui->ntiles++] = m->tile;
        }
        if (ui->ntiles == 0)
            ui->tiles[ui->ntiles++] = 0;
        if (s->have_last)
            cursor_near(ui, s->last_x, s->last_y);
        else
            cursor_near(ui, 0, 0);
        return;
    }
    if (p.decision == CARC_DEC_FOLLOWER) {
        ui->figmask = 0;
        for (i = 0; i < s->nmoves; i++)
            if (s->moves[i].kind == CARC_MOVE_FOLLOWER)
                ui->figmask |= 1u << s->moves[i].figure;
        ui->figure = CARC_FIG_MEEPLE;  /* a meeple first, else the first figure that fits */
        for (i = 0; i < CARC_FIGURES; i++)
            if (ui->figmask >> i & 1u) {
                ui->figure = i;
                break;
            }
        follower_list(ui);
        return;
    } else if (p.decision == CARC_DEC_DOUBLE_TURN || p.decision == CARC_DEC_ABBEY) {
        /* the second tile (the abbey, AM3) first: y takes it, n or p declines */
        for (i = 0; i < s->nmoves; i++)
            if (s->moves[i].kind != CARC_MOVE_PASS)
                ui->order[n++] = i;
        for (i = 0; i < s->nmoves; i++)
            if (s->moves[i].kind == CARC_MOVE_PASS)
                ui->order[n++] = i;
    } else {
        for (i = 0; i < s->nmoves; i++)
            if (s->moves[i].kind == CARC_MOVE_PASS)
                ui->order[n++] = i;
        for (i = 0; i < s->nmoves; i++)
            if (s->moves[i].kind != CARC_MOVE_PASS)
                ui->order[n++] = i;
    }
    ui->nlist = n;
    sort_by_position(s->moves, ui->order, n);
}


static int keys_place(play_ui *ui, int ch)
{
    carc_move m;
    switch (ch) {
    case KEY_LEFT: case 'h': return place_jump(ui, -1, 0);
    case KEY_RIGHT: case 'l': return place_jump(ui, 1, 0);
    case KEY_UP: case 'k': return place_jump(ui, 0, -1);
    case KEY_DOWN: case 'j': return place_jump(ui, 0, 1);
    case '\t': return place_step(ui, 1);
    case KEY_BTAB: return place_step(ui, -1);
    case 'r': case ' ': return place_rotate(ui, 1);
    case 'R': return place_rotate(ui, -1);
    case 't': return place_switch(ui);
    default:
        if (play_key_enter(ch) && play_model_current(ui, &m)) {
            apply(ui, &m);
            return 1;
        }
        return 0;
    }
}



/* Moves the selection to the option whose board target is nearest in direction
 * (dx,dy) from the selected one's: a cursor over the highlighted targets (point 7).
 * Returns 0 when no option has a target (the arrows then scroll or step the list). */
static int target_jump(play_ui *ui, int dx, int dy)
{
    int i, best = -1, bs = 0, cx, cy, any = 0;
    carc_move cur;
    if (!play_model_current(ui, &cur) || !play_model_target(&cur, &cx, &cy)) {
        for (i = 0; i < ui->nlist && !any; i++)
            any = play_model_target(&ui->s->moves[ui->order[i]], &cx, &cy);
        if (!any)
            return 0;
        for (i = 0; i < ui->nlist; i++)
            if (play_model_target(&ui->s->moves[ui->order[i]], &cx, &cy))
                break;
        ui->sel = i;
        ui->follow = 1;
        return 1;
    }
    for (i = 0; i < ui->nlist; i++) {
        int x, y, ax, ay, along, across, score;
        if (!play_model_target(&ui->s->moves[ui->order[i]], &x, &y))
            continue;
        ax = x - cx;
        ay = y - cy;
        along = ax * dx + ay * dy;
        across = abs(ax * dy) + abs(ay * dx);
        if (along <= 0)
            continue;
        score = along + 2 * across;
        if (best < 0 || score < bs) {
            best = i;
            bs = score;
        }
    }
    if (best < 0)
        play_set_status(ui, PS_HINT, "no target further %s; j/k step through the list",
                        dx > 0 ? "right" : dx < 0 ? "left" : dy > 0 ? "down" : "up");
    else
        ui->sel = best;
    ui->follow = 1;
    return 1;
}

static int keys_list(play_ui *ui, int ch)
{
    int i;
    switch (ch) {
    case KEY_LEFT: case 'h':
        if (!target_jump(ui, -1, 0))
            scroll_by(ui, -1, 0);
        return 1;
    case KEY_RIGHT: case 'l':
        if (!target_jump(ui, 1, 0))
            scroll_by(ui, 1, 0);
        return 1;
    case KEY_UP:
        if (target_jump(ui, 0, -1))
            return 1;
        /* fall through */
    case 'k': case KEY_BTAB:
        if (ui->sel > 0)
            ui->sel--;
        else
            play_set_status(ui, PS_HINT, "this is the first choice");
        ui->follow = 1;
        return 1;
    case KEY_DOWN:
        if (target_jump(ui, 0, 1))
            return 1;
        /* fall through */
    case 'j': case '\t':
        if (ui->sel + 1 < ui->nlist)
            ui->sel++;
        else
            play_set_status(ui, PS_HINT, "this is the last choice");
        ui->follow = 1;
        return 1;
    case 'f': case 'F':
        if (ui->dkind != CARC_DEC_FOLLOWER)
            return 0;
        return figure_step(ui, ch == 'f' ? 1 : -1);
    case 'y': case 'n':
        if (ui->dkind != CARC_DEC_DOUBLE_TURN && ui->dkind != CARC_DEC_ABBEY)
            return 0;
        for (i = 0; i < ui->nlist; i++)
            if ((ui->s->moves[ui->order[i]].kind != CARC_MOVE_PASS) == (ch == 'y')) {
                apply(ui, &ui->s->moves[ui->order[i]]);
                return 1;
            }
        return 0;
    case KEY_HOME: ui->sel = 0; return 1;
    case KEY_END: ui->sel = ui->nlist - 1; return 1;
    case 'p':
        if ((i = play_model_pass_index(ui)) < 0) {
            play_set_status(ui, PS_HINT, "passing is not allowed here: choose one of the list");
            return 1;
        }
        apply(ui, &ui->s->moves[ui->order[i]]);
        return 1;
    default:
        if (ch >= '1' && ch <= '9') {
            if (ch - '1' < ui->nlist) {
                ui->sel = ch - '1';
                ui->follow = 1;
            } else {
                play_set_status(ui, PS_HINT, "there are only %d choices", ui->nlist);
            }
            return 1;
        }
        /* the highlighted item does what it says, closing a window too (issue 32) */
        if (play_key_enter(ch) && ui->sel < ui->nlist) {
            apply(ui, &ui->s->moves[ui->order[ui->sel]]);
            return 1;
        }
        return 0;
    }
}

int play_keys_decision(play_ui *ui, const carc_game *v, int ch)
{
    (void)v;
    if (ui->dkind == CARC_DEC_PLACE)
        return keys_place(ui, ch);
    if (ui->dkind != CARC_DEC_NONE)
        return keys_list(ui, ch);
    return 0;
}

static void undo(play_ui *ui)
{
    char msg[PLAY_LINE];
    if (play_session_undo(ui->s, ui->viewer, msg, sizeof msg) == 0) {
        play_set_status(ui, PS_INFO, "%s", msg);
        ui->decision = -1;  /* a new decision: set up the cursor or the list again */
        ui->log_back = 0;
    } else {
        play_set_status(ui, PS_HINT, "%s", msg);
    }
}

int play_keys_common(play_ui *ui, const carc_game *v, int ch)
{
    int deciding = ui->dkind != CARC_DEC_NONE && ui->mode == PM_PLAY;
    switch (ch) {
    case '?': ui->help = 1; return 1;
    case 'q': ui->confirm_quit = 1; return 1;
    case 'i': ui->info = !ui->info; return 1;
    case 'o': ui->overview = !ui->overview; return 1;
    case 'H': scroll_by(ui, -1, 0); return 1;
    case 'L': scroll_by(ui, 1, 0); return 1;
    case 'K': scroll_by(ui, 0, -1); return 1;
    case 'J': scroll_by(ui, 0, 1); return 1;
    case 'c': play_keys_fit(ui, v); return 1;
    case KEY_PPAGE: ui->log_back += ui->log_h > 1 ? ui->log_h - 1 : 1; return 1;
    case KEY_NPAGE:
        ui->log_back -= ui->log_h > 1 ? ui->log_h - 1 : 1;
        if (ui->log_back < 0)
            ui->log_back = 0;
        return 1;
    case 'u':
        if (!deciding)
            return 0;
        undo(ui);
        return 1;
    default:
        break;
    }
    if (deciding)
        return 0;
    switch (ch) {
    case KEY_LEFT: case 'h': scroll_by(ui, -1, 0); return 1;
    case KEY_RIGHT: case 'l': scroll_by(ui, 1, 0); return 1;
    case KEY_UP: case 'k': scroll_by(ui, 0, -1); return 1;
    case KEY_DOWN: case 'j': scroll_by(ui, 0, 1); return 1;
    default: return 0;
    }
}

