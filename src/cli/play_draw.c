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
 * their seat's colour.
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

/* Heavy box lines by arms N=1 E=2 S=4 W=8. */
static const wchar_t road_wide[16] = {
    L' ',      L'\u2579', L'\u257a', L'\u2517', L'\u257b', L'\u2503', L'\u250f', L'\u2523',
    L'\u2578', L'\u251b', L'\u2501', L'\u253b', L'\u2513', L'\u252b', L'\u2533', L'\u254b',
};
static const char road_ascii[16] = {
    ' ', '|', '-', '+', '|', '|', '+', '+', '-', '+', '-', '+', '+', '+', '+', '+',
};

static const short seat_bg[CARC_MAX_PLAYERS] = {COLOR_BLUE, COLOR_RED, COLOR_MAGENTA,
                                                COLOR_CYAN, COLOR_BLACK};

void play_draw_init_colors(play_ui *ui)
{
    short bg = COLOR_BLACK;
    int i;
    ui->colors = has_colors() && start_color() == OK && COLOR_PAIRS > PCOL_COUNT;
    if (!ui->colors)
        return;
    if (use_default_colors() == OK)
        bg = -1;
    init_pair(PCOL_FIELD, COLOR_BLACK, COLOR_GREEN);
    init_pair(PCOL_CITY, COLOR_BLACK, COLOR_YELLOW);
    init_pair(PCOL_ROAD, COLOR_WHITE, COLOR_GREEN);
    init_pair(PCOL_CLOISTER, COLOR_RED, COLOR_WHITE);
    init_pair(PCOL_PENNANT, COLOR_BLUE, COLOR_YELLOW);
    init_pair(PCOL_SPOT, COLOR_CYAN, bg);
    init_pair(PCOL_CURSOR, COLOR_CYAN, bg);
    init_pair(PCOL_TARGET, COLOR_MAGENTA, bg);
    init_pair(PCOL_LAST, COLOR_WHITE, bg);
    init_pair(PCOL_TITLE, COLOR_CYAN, bg);
    init_pair(PCOL_ERROR, COLOR_RED, bg);
    init_pair(PCOL_HINT, COLOR_YELLOW, bg);
    init_pair(PCOL_INFO, COLOR_GREEN, bg);
    for (i = 0; i < CARC_MAX_PLAYERS; i++)
        init_pair((short)(PCOL_SEAT0 + i), COLOR_WHITE, seat_bg[i]);
}

int play_attr(const play_ui *ui, int role)
{
    if (ui->colors) {
        int a = COLOR_PAIR(role);
        if (role == PCOL_CURSOR || role == PCOL_TARGET || role == PCOL_TITLE ||
            role == PCOL_ERROR || role >= PCOL_SEAT0 || role == PCOL_ROAD || role == PCOL_LAST)
            a |= AT_BOLD;
        return a;
    }
    switch (role) {
    case PCOL_CURSOR: return AT_BOLD | AT_REVERSE;
    case PCOL_TARGET: return AT_BOLD | AT_UNDERLINE;
    case PCOL_TITLE: case PCOL_ERROR: case PCOL_LAST: return AT_BOLD;
    case PCOL_SPOT: return AT_DIM;
    default: return role >= PCOL_SEAT0 ? AT_BOLD | AT_REVERSE : AT_NORMAL;
    }
}

/* One character cell: a wide character, or its ASCII stand-in. */
static void glyph(const play_ui *ui, int y, int x, wchar_t w, char a, int attr)
{
    if (ui->unicode && w > 0x7f) {
        cchar_t cc;
        wchar_t s[2];
        s[0] = w;
        s[1] = L'\0';
        setcchar(&cc, s, (attr_t)attr & ~A_COLOR, (short)PAIR_NUMBER(attr), NULL);
        mvadd_wch(y, x, &cc);
    } else {
        mvaddch(y, x, (chtype)(unsigned char)(w <= 0x7f ? (char)w : a) | (chtype)attr);
    }
}

int play_put(play_ui *ui, int y, int x, int n, const char *text, int attr)
{
    int len = (int)strlen(text);
    if (n <= 0 || y < 0 || y >= ui->H)
        return 0;
    if (len > n)
        len = n;
    attron(attr);
    mvaddnstr(y, x, text, len);
    attroff(attr);
    return len;
}

void play_set_status(play_ui *ui, int kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->status, sizeof ui->status, fmt, ap);
    va_end(ap);
    ui->status_kind = kind;
}

const char *play_decision_text(int decision)
{
    switch (decision) {
    case CARC_DEC_WINDOW_BEFORE: return "before placing: open a gift, play a card, or close";
    case CARC_DEC_PLACE: return "place the tile";
    case CARC_DEC_CARD_DRAW: return "draw the offered card, or decline";
    case CARC_DEC_CARD_TARGET: return "choose the target of the card in play";
    case CARC_DEC_BLOCK: return "you are attacked: block it, or let it pass";
    case CARC_DEC_FOLLOWER: return "place a follower, or pass";
    case CARC_DEC_MODIFIER: return "scoring: play a modifier, or decline";
    case CARC_DEC_WINDOW_AFTER: return "after scoring: play a card, or close";
    case CARC_DEC_DISCARD: return "over the hand limit: discard a card";
    case CARC_DEC_END_CHOICE: return "game end: put a tie-break token on a field";
    default: return "the game is over";
    }
}

void play_draw_layout(play_ui *ui)
{
    getmaxyx(stdscr, ui->H, ui->W);
    ui->panel_w = ui->W >= 120 ? 46 : 40;
    ui->log_h = ui->H >= 40 ? 9 : ui->H >= 30 ? 7 : 5;
    ui->board_x = 0;
    ui->board_y = 0;
    ui->board_w = ui->W - ui->panel_w - 1;
    ui->board_h = ui->H - 3 - ui->log_h;
    ui->log_y = ui->board_h + 1;
}

/* ---- the board -------------------------------------------------------------- */

enum { RULER_W = 4 };

static int cell_attr(const play_ui *ui, const play_cell *c)
{
    switch (c->type) {
    case PC_CITY: return play_attr(ui, c->pennant ? PCOL_PENNANT : PCOL_CITY);
    case PC_ROAD: return play_attr(ui, PCOL_ROAD);
    case PC_CLOISTER: return play_attr(ui, PCOL_CLOISTER);
    default: return play_attr(ui, PCOL_FIELD);
    }
}

static int in_board(const play_ui *ui, int y, int x)
{
    return x >= ui->board_x + RULER_W && x < ui->board_x + ui->board_w && y >= ui->board_y + 1 &&
           y < ui->board_y + ui->board_h;
}

void play_draw_tile(play_ui *ui, int y, int x, play_cell g[PT_ROWS][PT_COLS], int clip)
{
    int r, c;
    for (r = 0; r < PT_ROWS; r++)
        for (c = 0; c < PT_COLS; c++) {
            const play_cell *p = &g[r][c];
            int sy = y + r, sx = x + c, attr = cell_attr(ui, p);
            if (clip && !in_board(ui, sy, sx))
                continue;
            if (p->pennant) {
                glyph(ui, sy, sx, L'\u25c6', '*', attr);
            } else if (p->type == PC_ROAD) {
                glyph(ui, sy, sx, road_wide[p->arms & 15], road_ascii[p->arms & 15], attr);
            } else if (p->type == PC_CLOISTER) {
                if (c == 3)
                    glyph(ui, sy, sx, L'\u271a', '+', attr);
                else
                    mvaddch(sy, sx, (chtype)(ui->colors ? ' ' : c < 3 ? '[' : ']') | (chtype)attr);
            } else if (p->type == PC_CITY) {
                mvaddch(sy, sx, (chtype)(ui->colors ? ' ' : '#') | (chtype)attr);
            } else {
                mvaddch(sy, sx, (chtype)(ui->colors ? ' ' : '.') | (chtype)attr);
            }
        }
}

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
    if (in_board(ui, sy, sx)) glyph(ui, sy, sx, L'\u250f', '+', attr);
    if (in_board(ui, sy, sx + PT_COLS - 1)) glyph(ui, sy, sx + PT_COLS - 1, L'\u2513', '+', attr);
    if (in_board(ui, sy + PT_ROWS - 1, sx)) glyph(ui, sy + PT_ROWS - 1, sx, L'\u2517', '+', attr);
    if (in_board(ui, sy + PT_ROWS - 1, sx + PT_COLS - 1))
        glyph(ui, sy + PT_ROWS - 1, sx + PT_COLS - 1, L'\u251b', '+', attr);
}

/* A mark on the cell of the segment (x,y,port) of a placed tile. */
static void segment_mark(play_ui *ui, const carc_game *v, int x, int y, int port, wchar_t w,
                         char a, int attr)
{
    int kind, rot, r, c, sx, sy;
    play_cell grid[PT_ROWS][PT_COLS];
    if (port == CARC_PORT_NONE || !carc_tile_at(v, x, y, &kind, &rot))
        return;
    play_tile_paint(kind, rot, grid);
    if (!play_tile_port_cell(kind, rot, port, grid, &r, &c))
        return;
    world_to_screen(ui, x, y, &sx, &sy);
    if (in_board(ui, sy + r, sx + c))
        glyph(ui, sy + r, sx + c, w, a, attr);
}

static void draw_followers(play_ui *ui, const carc_game *v)
{
    carc_follower fol[CARC_MAX_PLAYERS * CARC_FOLLOWERS + 8];
    int n = carc_followers(v, fol, (int)(sizeof fol / sizeof fol[0])), i;
    for (i = 0; i < n; i++) {
        int attr = play_attr(ui, PCOL_SEAT0 + fol[i].seat);
        if (fol[i].locked)
            attr |= AT_UNDERLINE;
        segment_mark(ui, v, fol[i].x, fol[i].y, fol[i].port, (wchar_t)('0' + fol[i].seat),
                     (char)('0' + fol[i].seat), attr);
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
                if (in_board(ui, sy + r, sx + c) && (r == 1 || c % 2 == 1))
                    glyph(ui, sy + r, sx + c, L'\u00b7', '.', play_attr(ui, PCOL_SPOT));
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
        play_draw_tile(ui, sy, sx, grid, 1);
    }
    draw_followers(ui, v);
    if (ui->s->have_last && ui->mode != PM_HANDOVER)
        corners(ui, ui->s->last_x, ui->s->last_y,
                ui->colors ? (int)(COLOR_PAIR(PCOL_SEAT0 + ui->s->last_seat) | AT_BOLD)
                           : play_attr(ui, PCOL_LAST));
    if (carc_mastermind(v, &mx, &my) && !carc_tile_at(v, mx, my, &kind, &rot)) {
        world_to_screen(ui, mx, my, &sx, &sy);
        if (in_board(ui, sy + 1, sx + 2))
            play_put(ui, sy + 1, sx + 2, 3, "(M)", play_attr(ui, PCOL_HINT) | AT_BOLD);
    }
    if (!decides || !play_keys_current(ui, &cur))
        return;
    if (p.decision == CARC_DEC_PLACE) {
        draw_spots(ui);
        world_to_screen(ui, cur.x, cur.y, &sx, &sy);
        play_tile_paint(cur.tile, cur.rot, grid);
        play_draw_tile(ui, sy, sx, grid, 1);
        corners(ui, cur.x, cur.y, play_attr(ui, PCOL_CURSOR));
        return;
    }
    /* a target of the selected choice */
    switch (cur.kind) {
    case CARC_MOVE_FOLLOWER:
        corners(ui, cur.x, cur.y, play_attr(ui, PCOL_TARGET));
        segment_mark(ui, v, cur.x, cur.y, cur.port, (wchar_t)('0' + ui->viewer),
                     (char)('0' + ui->viewer),
                     play_attr(ui, PCOL_SEAT0 + ui->viewer) | AT_BLINK | AT_UNDERLINE);
        break;
    case CARC_MOVE_GIFT: case CARC_MOVE_CARD: case CARC_MOVE_TARGET:
        if (cur.port == CARC_PORT_NONE && !(cur.kind == CARC_MOVE_TARGET ||
                                            cur.card == CARC_XR_MASTERMIND))
            break;
        corners(ui, cur.x, cur.y, play_attr(ui, PCOL_TARGET));
        segment_mark(ui, v, cur.x, cur.y, cur.port, L'\u25ce', '@', play_attr(ui, PCOL_TARGET));
        if (cur.port2 != CARC_PORT_NONE) {
            corners(ui, cur.x2, cur.y2, play_attr(ui, PCOL_TARGET));
            segment_mark(ui, v, cur.x2, cur.y2, cur.port2, L'\u25ce', '@',
                         play_attr(ui, PCOL_CURSOR));
        }
        break;
    default:
        break;
    }
}

/* ---- the side panel --------------------------------------------------------- */

typedef struct pen {
    play_ui *ui;
    int y, x, w, ymax;
} pen;

static void pen_line(pen *p, int attr, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void pen_line(pen *p, int attr, const char *fmt, ...)
{
    char buf[PLAY_LINE];
    va_list ap;
    if (p->y >= p->ymax)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    play_put(p->ui, p->y, p->x, p->w, buf, attr);
    p->y++;
}

/* Appends "name xN, " for each card held; returns the number of kinds. */
static int card_list(char *buf, size_t size, const int *counts, int lo, int hi)
{
    int c, kinds = 0;
    size_t len = 0;
    buf[0] = '\0';
    for (c = lo; c <= hi; c++) {
        if (counts[c] <= 0)
            continue;
        len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s", kinds ? ", " : "",
                                carc_card_name(c));
        if (counts[c] > 1 && len < size)
            len += (size_t)snprintf(buf + len, size - len, " x%d", counts[c]);
        kinds++;
        if (len >= size)
            break;
    }
    return kinds;
}

/* Writes text over several panel lines, breaking at spaces. */
static void pen_wrap(pen *p, int attr, const char *head, const char *text)
{
    size_t hl = strlen(head);
    const char *t = text;
    int first = 1;
    while (*t || first) {
        int room = p->w - (int)hl, n = (int)strlen(t);
        if (room < 10)
            room = 10;
        if (n > room) {
            int cut = room;
            while (cut > 0 && t[cut] != ' ')
                cut--;
            n = cut > 0 ? cut : room;
        }
        if (first)
            pen_line(p, attr, "%s%.*s", head, n, t);
        else
            pen_line(p, attr, "%*s%.*s", (int)hl, "", n, t);
        t += n;
        while (*t == ' ')
            t++;
        first = 0;
    }
}

static void draw_hand_tiles(play_ui *ui, pen *p, const carc_game *v, int decides)
{
    int kinds[2], n = carc_hand_tiles(v, kinds), i;
    carc_pending pd = carc_pending_decision(v);
    play_cell grid[PT_ROWS][PT_COLS];
    char label[PLAY_LINE];
    const carc_tile_def *d;

    if (n <= 0) {
        if (ui->s->have_last && carc_tile_at(v, ui->s->last_x, ui->s->last_y, &i, &i)) {
            int kind, rot;
            carc_tile_at(v, ui->s->last_x, ui->s->last_y, &kind, &rot);
            d = carc_tile_def_of(kind);
            pen_line(p, AT_NORMAL, "Last placed: %c at (%d,%d) by seat %d", d ? d->letter : '?',
                     ui->s->last_x, ui->s->last_y, ui->s->last_seat);
        } else {
            pen_line(p, AT_NORMAL, "No tile in hand");
        }
        return;
    }
    if (n == 2)
        snprintf(label, sizeof label, "Tiles in hand: %c and %c%s",
                 carc_tile_def_of(kinds[0])->letter, carc_tile_def_of(kinds[1])->letter,
                 decides && pd.decision == CARC_DEC_PLACE && ui->ntiles > 1 ? " (t switches)" : "");
    else
        snprintf(label, sizeof label, "Tile in hand: %c  %s", carc_tile_def_of(kinds[0])->letter,
                 carc_tile_def_of(kinds[0])->description);
    pen_line(p, AT_BOLD, "%s", label);
    if (p->y + PT_ROWS > p->ymax)
        return;
    for (i = 0; i < n; i++) {
        int rot = 0, x = p->x + 2 + i * (PT_COLS + 6);
        if (decides && pd.decision == CARC_DEC_PLACE && kinds[i] == ui->tiles[ui->tile_i])
            rot = ui->crot;
        play_tile_paint(kinds[i], rot, grid);
        play_draw_tile(ui, p->y, x, grid, 0);
        d = carc_tile_def_of(kinds[i]);
        snprintf(label, sizeof label, "%c r%d", d->letter, rot);
        play_put(ui, p->y + 1, x + PT_COLS + 1, 4, label,
                 n == 2 && kinds[i] == ui->tiles[ui->tile_i] && decides ? play_attr(ui, PCOL_CURSOR)
                                                                        : AT_NORMAL);
    }
    p->y += PT_ROWS;
}

static void draw_table(play_ui *ui, pen *p, const carc_game *v)
{
    unsigned exp = carc_config_of(v)->expansions;
    carc_pending pd = carc_pending_decision(v);
    int seat, counts[CARC_CARDS];
    char head[PLAY_LINE], row[PLAY_LINE], name[PLAY_KIND_LEN + 8];

    {
        size_t hl = (size_t)snprintf(head, sizeof head, "   %-8s %5s %4s", "Seat", "Score", "Left");
        if (exp & CARC_EXP_GIFTS)
            hl += (size_t)snprintf(head + hl, sizeof head - hl, " %4s", "Gift");
        if (exp & CARC_EXP_CHRISTMAS)
            snprintf(head + hl, sizeof head - hl, " %4s %4s", "Card", "Bank");
    }
    pen_line(p, AT_UNDERLINE, "%s", head);
    for (seat = 0; seat < carc_players(v); seat++) {
        size_t len;
        if (p->y >= p->ymax)
            return;
        if (seat == ui->viewer && ui->s->seat[seat].human)
            snprintf(name, sizeof name, "you");
        else
            snprintf(name, sizeof name, "%s", ui->s->seat[seat].kind);
        len = (size_t)snprintf(row, sizeof row, "%c  %-8.8s %5d %4d", seat == pd.seat ? '>' : ' ',
                               name, carc_score(v, seat), carc_supply(v, seat));
        if (exp & CARC_EXP_GIFTS)
            len += (size_t)snprintf(row + len, sizeof row - len, " %4d",
                                    carc_gifts(v, seat, counts));
        if (exp & CARC_EXP_CHRISTMAS) {
            int held = carc_cards(v, seat, counts);
            snprintf(row + len, sizeof row - len, " %4d %4d", held, carc_banked(v, seat));
        }
        play_put(ui, p->y, p->x, p->w, row, seat == ui->viewer ? AT_BOLD : AT_NORMAL);
        glyph(ui, p->y, p->x + 1, (wchar_t)('0' + seat), (char)('0' + seat),
              play_attr(ui, PCOL_SEAT0 + seat));
        p->y++;
    }
}

static void draw_hand(play_ui *ui, pen *p, const carc_game *v)
{
    unsigned exp = carc_config_of(v)->expansions;
    int counts[CARC_CARDS];
    char list[PLAY_LINE * 2];
    int seat = ui->viewer >= 0 ? ui->viewer : 0;
    char who[16];

    if (ui->s->seat[seat].human)
        snprintf(who, sizeof who, "Your");
    else
        snprintf(who, sizeof who, "Seat %d", seat);
    if (exp & CARC_EXP_GIFTS) {
        char head[32];
        int g[6];
        carc_gifts(v, seat, g);
        snprintf(head, sizeof head, "%s gifts: ", who);
        if (!card_list(list, sizeof list, g, CARC_GIFT_SYNOD, CARC_GIFT_TAKE_TWO))
            snprintf(list, sizeof list, "none");
        pen_wrap(p, AT_NORMAL, head, list);
    }
    if (exp & CARC_EXP_CHRISTMAS) {
        char head[32];
        carc_cards(v, seat, counts);
        snprintf(head, sizeof head, "%s cards: ", who);
        if (!card_list(list, sizeof list, counts, CARC_XC_SCORE_THREE, CARC_XR_TIEBREAK_FIELD))
            snprintf(list, sizeof list, "none");
        pen_wrap(p, AT_NORMAL, head, list);
    }
}

static void draw_choices(play_ui *ui, pen *p, const carc_game *v)
{
    carc_pending pd = carc_pending_decision(v);
    int rows, i, first;
    char text[CARC_NOTATION_MAX + 40];

    if (pd.decision == CARC_DEC_PLACE) {
        carc_move cur;
        int spots = 0, rots = 0, spot_i = 0, rot_i = 0;
        if (!play_keys_current(ui, &cur))
            return;
        for (i = 0; i < ui->s->nmoves; i++) {
            const carc_move *m = &ui->s->moves[i];
            if (m->kind != CARC_MOVE_PLACE || m->tile != cur.tile)
                continue;
            if (m->x == cur.x && m->y == cur.y) {
                rots++;
                if (m->rot == cur.rot)
                    rot_i = rots;
            }
            if (i == 0 || ui->s->moves[i - 1].x != m->x || ui->s->moves[i - 1].y != m->y ||
                ui->s->moves[i - 1].tile != m->tile) {
                spots++;
                if (m->x == cur.x && m->y == cur.y)
                    spot_i = spots;
            }
        }
        carc_move_format(v, &cur, text, sizeof text);
        pen_line(p, AT_NORMAL, "Cursor: %s", text);
        pen_line(p, AT_NORMAL, "spot %d of %d, rotation %d of %d here", spot_i, spots, rot_i, rots);
        pen_line(p, play_attr(ui, PCOL_HINT), "Enter places the tile here");
        return;
    }
    rows = p->ymax - p->y;
    if (rows <= 0)
        return;
    if (ui->sel < ui->list_top)
        ui->list_top = ui->sel;
    if (ui->sel >= ui->list_top + rows)
        ui->list_top = ui->sel - rows + 1;
    first = ui->list_top;
    for (i = first; i < ui->nlist && i < first + rows; i++) {
        const carc_move *m = &ui->s->moves[ui->order[i]];
        char line[PLAY_LINE];
        if (carc_move_format(v, m, text, sizeof text) < 0)
            snprintf(text, sizeof text, "(move kind %d)", m->kind);
        if (m->kind == CARC_MOVE_PASS) {
            const char *what = pd.decision == CARC_DEC_FOLLOWER   ? " (no follower)"
                               : pd.decision == CARC_DEC_CARD_DRAW ? " (decline the card)"
                               : pd.decision == CARC_DEC_BLOCK     ? " (let it pass)"
                               : pd.decision == CARC_DEC_MODIFIER  ? " (no modifier)"
                                                                   : " (close the window)";
            strncat(text, what, sizeof text - strlen(text) - 1);
        }
        if (m->kind == CARC_MOVE_GIFT && m->card != CARC_GIFT_TAKE_TWO &&
            m->port == CARC_PORT_NONE)
            strncat(text, " (no target: wasted)", sizeof text - strlen(text) - 1);
        if (m->kind == CARC_MOVE_DRAW)
            strncat(text, " (the offered card)", sizeof text - strlen(text) - 1);
        snprintf(line, sizeof line, "%c %2d %s", i == ui->sel ? '>' : ' ', i + 1, text);
        play_put(ui, p->y, p->x, p->w, line,
                 i == ui->sel ? play_attr(ui, PCOL_CURSOR) | AT_REVERSE : AT_NORMAL);
        p->y++;
    }
}

static void draw_panel(play_ui *ui, const carc_game *v)
{
    carc_pending pd = carc_pending_decision(v);
    unsigned exp = carc_config_of(v)->expansions;
    int decides = viewer_decides(ui, v), mx, my, mk, mr;
    carc_move target;
    char who[48];
    pen p;

    p.ui = ui;
    p.x = ui->W - ui->panel_w + 1;
    p.w = ui->panel_w - 1;
    p.y = 0;
    p.ymax = ui->H - 2;
    pen_line(&p, play_attr(ui, PCOL_TITLE), "carc play  seed %llu  turn %d",
             (unsigned long long)ui->s->cfg.seed, carc_turn(v));
    if (ui->mode == PM_OVER) {
        play_screen_final_panel(ui, v, p.y + 1, p.x, p.w, p.ymax - p.y - 1);
        return;
    }
    play_seat_label(ui->s, pd.seat, ui->viewer, who, sizeof who);
    if (decides)
        pen_wrap(&p, play_attr(ui, PCOL_HINT) | AT_BOLD, "Your decision: ",
                 play_decision_text(pd.decision));
    else if (pd.seat >= 0)
        pen_line(&p, AT_NORMAL, "%s to play: %s", who, carc_decision_name(pd.decision));
    if (ui->s->humans == 0)
        pen_line(&p, AT_DIM, "(no human seat: watching seat 0's view)");
    p.y++;
    draw_hand_tiles(ui, &p, v, decides);
    {
        char decks[PLAY_LINE];
        size_t len = (size_t)snprintf(decks, sizeof decks, "Stack %d", carc_stack_left(v));
        if (exp & CARC_EXP_GIFTS)
            len += (size_t)snprintf(decks + len, sizeof decks - len, "  Gift deck %d",
                                    carc_gift_deck_left(v));
        pen_line(&p, AT_NORMAL, "%s", decks);
        if (exp & CARC_EXP_CHRISTMAS)
            pen_line(&p, AT_NORMAL, "Cloister deck %d  Roadside deck %d", carc_xdeck_left(v, 0),
                     carc_xdeck_left(v, 1));
    }
    p.y++;
    draw_table(ui, &p, v);
    draw_hand(ui, &p, v);
    if (carc_card_in_play(v, &target) != CARC_CARD_NONE) {
        char t[CARC_NOTATION_MAX] = "";
        int canon, type;
        if (target.kind == CARC_MOVE_TARGET) {
            type = target.port == CARC_PORT_NONE
                       ? -1
                       : carc_segment(v, target.x, target.y, target.port, &canon);
            if (type >= 0)
                snprintf(t, sizeof t, " on (%d,%d) %s:%s", target.x, target.y,
                         carc_feature_name(type), carc_port_name(canon));
            else
                snprintf(t, sizeof t, " on (%d,%d)", target.x, target.y);
        }
        pen_line(&p, play_attr(ui, PCOL_HINT), "In play: %s%s",
                 carc_card_name(carc_card_in_play(v, &target)), t);
    }
    if (carc_mastermind(v, &mx, &my) && !carc_tile_at(v, mx, my, &mk, &mr)) {
        char mm[PLAY_LINE];
        snprintf(mm, sizeof mm, "the next tile must go to (%d,%d) if it fits there", mx, my);
        pen_wrap(&p, play_attr(ui, PCOL_HINT), "Mastermind (M): ", mm);
    }
    if (!decides)
        return;
    p.y++;
    if (pd.decision == CARC_DEC_PLACE)
        pen_line(&p, play_attr(ui, PCOL_TITLE), "-- place --");
    else
        pen_line(&p, play_attr(ui, PCOL_TITLE), "-- choose (%d of %d) --", ui->sel + 1,
                 ui->nlist);
    draw_choices(ui, &p, v);
}

/* ---- log, status, keys ---------------------------------------------------------- */

static void draw_log(play_ui *ui)
{
    int seat = ui->viewer >= 0 ? ui->viewer : 0;
    const play_log *l = &ui->s->seat[seat].log;
    int n = play_log_count(l), i, cls, last, first, y;
    char head[PLAY_LINE];

    if (ui->log_back > n - ui->log_h)
        ui->log_back = n - ui->log_h > 0 ? n - ui->log_h : 0;
    last = n - 1 - ui->log_back;
    first = last - ui->log_h + 1;
    if (first < 0)
        first = 0;
    for (i = 0; i < ui->board_w; i++)
        glyph(ui, ui->log_y - 1, i, L'\u2500', '-', AT_DIM);
    snprintf(head, sizeof head, " log of seat %d%s ", seat,
             ui->log_back ? " (scrolled back: PgDn)" : "");
    play_put(ui, ui->log_y - 1, 2, ui->board_w - 4, head, AT_DIM);
    for (i = first, y = ui->log_y; i <= last && y < ui->log_y + ui->log_h; i++, y++) {
        const char *t = play_log_line(l, i, &cls);
        int attr = cls == PLOG_TURN    ? AT_BOLD
                   : cls == PLOG_MOVE  ? play_attr(ui, PCOL_TITLE) & ~AT_BOLD
                   : cls == PLOG_ERROR ? play_attr(ui, PCOL_ERROR)
                   : cls == PLOG_INFO  ? play_attr(ui, PCOL_INFO)
                                       : AT_NORMAL;
        play_put(ui, y, 0, ui->board_w, t, attr);
    }
}

void play_draw_game(play_ui *ui, const carc_game *v)
{
    int y;
    erase();
    draw_board(ui, v);
    for (y = 0; y < ui->H - 2; y++)
        glyph(ui, y, ui->W - ui->panel_w, L'\u2502', '|', AT_DIM);
    draw_panel(ui, v);
    draw_log(ui);
    if (ui->status[0]) {
        int attr = ui->status_kind == PS_ERROR  ? play_attr(ui, PCOL_ERROR)
                   : ui->status_kind == PS_INFO ? play_attr(ui, PCOL_INFO)
                                                : play_attr(ui, PCOL_HINT);
        play_put(ui, ui->H - 2, 0, ui->W, ui->status, attr);
    }
    mvhline(ui->H - 1, 0, ' ' | A_REVERSE, ui->W);
    play_put(ui, ui->H - 1, 0, ui->W, play_keys_line(ui, v), AT_REVERSE);
}
