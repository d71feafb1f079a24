/*
 * play_paint.c - the drawing primitives of `carc play` (ncursesw): colour pairs and
 * their monochrome fallbacks, one character cell (wide, or its ASCII stand-in), a
 * clipped string, a tile's 3 x 7 cells. Everything else that draws (play_draw.c,
 * play_panel.c, play_screens.c) goes through these; they read only the layout of
 * play_ui, never the game.
 */
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "play_ui.h"

enum { RULER_W = 4 };

/* Heavy box lines by arms N=1 E=2 S=4 W=8. */
static const wchar_t road_wide[16] = {
    L' ',      L'\u2579', L'\u257a', L'\u2517', L'\u257b', L'\u2503', L'\u250f', L'\u2523',
    L'\u2578', L'\u251b', L'\u2501', L'\u253b', L'\u2513', L'\u252b', L'\u2533', L'\u254b',
};
static const char road_ascii[16] = {
    ' ', '|', '-', '+', '|', '|', '+', '+', '-', '+', '-', '+', '+', '+', '+', '+',
};

/* Seat colours; the sixth seat (Inns & Cathedrals) is pink where the terminal has 256
 * colours, else white with a black figure. */
static const short seat_bg[CARC_MAX_PLAYERS] = {COLOR_BLUE, COLOR_RED, COLOR_MAGENTA,
                                                COLOR_CYAN, COLOR_BLACK, COLOR_WHITE};
/* Goods in the panel and on a city: wine, grain, cloth. */
static const short goods_fg[CARC_GOODS_KINDS] = {COLOR_MAGENTA, COLOR_RED, COLOR_BLUE};

/* A mark's glyph and its ASCII stand-in (enum play_mark). */
static const wchar_t mark_wide[] = {L' ', L'\u25c6', L'\u2302', L'\u2020', L'w', L'g', L'c',
                                    L'\u2542', L'\u253f', L'\u25c9', L'\u224b', L' '};
static const char mark_ascii[] = {' ', '*', '^', 'T', 'w', 'g', 'c', '|', '-', '@', '~', ' '};

/* Water (The River): a wave on blue, never a road's line (ASCII ~); a garden (The
 * Abbot): a flower on the field (ASCII %). */
#define WATER_WIDE L'\u2248'
#define WATER_ASCII '~'
#define GARDEN_WIDE L'\u273f'
#define GARDEN_ASCII '%'

void play_paint_init(play_ui *ui)
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
    init_pair(PCOL_INN, COLOR_BLACK, COLOR_GREEN);
    init_pair(PCOL_CATHEDRAL, COLOR_RED, COLOR_YELLOW);
    init_pair(PCOL_RIVER, COLOR_CYAN, COLOR_BLUE);
    init_pair(PCOL_BRIDGE, COLOR_WHITE, COLOR_BLUE);
    init_pair(PCOL_GARDEN, COLOR_MAGENTA, COLOR_GREEN);
    for (i = 0; i < CARC_GOODS_KINDS; i++) {
        init_pair((short)(PCOL_WINE + i), goods_fg[i], COLOR_YELLOW);
        init_pair((short)(PCOL_GOODS_TEXT + i), goods_fg[i], bg);
    }
    for (i = 0; i < CARC_MAX_PLAYERS; i++)
        init_pair((short)(PCOL_SEAT0 + i), COLOR_WHITE, seat_bg[i]);
    if (COLORS >= 256)
        init_pair((short)(PCOL_SEAT0 + 5), COLOR_WHITE, 205);
    else
        init_pair((short)(PCOL_SEAT0 + 5), COLOR_BLACK, COLOR_WHITE);
    /* the neutral figures in no seat's colour: red and magenta letters on the
     * background, where every follower is a white figure on its seat's colour */
    init_pair(PCOL_DRAGON, COLOR_RED, bg);
    init_pair(PCOL_FAIRY, COLOR_MAGENTA, bg);
}

int play_attr(const play_ui *ui, int role)
{
    if (ui->colors) {
        int a = COLOR_PAIR(role);
        if (role == PCOL_CURSOR || role == PCOL_TARGET || role == PCOL_TITLE ||
            role == PCOL_ERROR || role >= PCOL_SEAT0 || role == PCOL_ROAD || role == PCOL_LAST ||
            role == PCOL_CATHEDRAL || role == PCOL_GARDEN || role == PCOL_BRIDGE ||
            (role >= PCOL_WINE && role < PCOL_SEAT0))
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
void play_glyph(const play_ui *ui, int y, int x, wchar_t w, char a, int attr)
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


/* The cells figure `figure` of `seat` takes on a tile, its characters and their ASCII
 * stand-ins: a meeple is its seat's digit; a large meeple, a builder, a pig and an
 * abbot are a letter before the digit (L, B, P, A), two cells in the seat's colour, so that they
 * stand out from meeples at a glance and still name their seat without colours.
 * Returns the number of cells (1 or 2). */
/* The engine gives a figure a name but no letter yet: the capital of the first letter of
 * its name that no figure before it in enum carc_figure took ("large" L, "abbot" A,
 * "builder" B, "pig" P, "mayor" M, "wagon" W, "barn" R: B and A were taken), so a new
 * figure has one too and no two share one. */
char play_figure_letter(int figure)
{
    const char *name = figure > CARC_FIG_MEEPLE ? carc_figure_name(figure) : NULL;
    for (; name && *name >= 'a' && *name <= 'z'; name++) {
        char letter = (char)(*name - 'a' + 'A');
        int taken = 0;
        for (int k = CARC_FIG_MEEPLE + 1; k < figure && !taken; k++)
            taken = play_figure_letter(k) == letter;
        if (!taken)
            return letter;
    }
    return 0;
}

int play_figure_glyphs(int figure, int seat, char out[3])
{
    char d = (char)('0' + (seat >= 0 && seat < 10 ? seat : 0));
    char letter = play_figure_letter(figure);
    if (!letter) {
        out[0] = d;
        out[1] = '\0';
        return 1;
    }
    out[0] = letter;
    out[1] = d;
    out[2] = '\0';
    return 2;
}

static int cell_attr(const play_ui *ui, const play_cell *c)
{
    switch (c->type) {
    case PC_CITY:
        return play_attr(ui, c->mark == PMK_PENNANT     ? PCOL_PENNANT
                             : c->mark == PMK_CATHEDRAL ? PCOL_CATHEDRAL
                             : c->mark >= PMK_WINE && c->mark <= PMK_CLOTH
                                 ? PCOL_WINE + c->mark - PMK_WINE
                                 : PCOL_CITY);
    case PC_ROAD:
        /* a bridge: the road's line over the water */
        return play_attr(ui, c->mark == PMK_BRIDGE_RIVER ? PCOL_BRIDGE : PCOL_ROAD);
    case PC_RIVER: return play_attr(ui, PCOL_RIVER);
    case PC_GARDEN: return play_attr(ui, PCOL_GARDEN);
    case PC_CLOISTER: return play_attr(ui, PCOL_CLOISTER);
    default: return play_attr(ui, c->mark == PMK_INN ? PCOL_INN : PCOL_FIELD);
    }
}

int play_paint_in_board(const play_ui *ui, int y, int x)
{
    return x >= ui->board_x + RULER_W && x < ui->board_x + ui->board_w && y >= ui->board_y + 1 &&
           y < ui->board_y + ui->board_h;
}

void play_paint_tile(play_ui *ui, int y, int x, play_cell g[PT_ROWS][PT_COLS], int clip)
{
    int r, c;
    for (r = 0; r < PT_ROWS; r++)
        for (c = 0; c < PT_COLS; c++) {
            const play_cell *p = &g[r][c];
            int sy = y + r, sx = x + c, attr = cell_attr(ui, p);
            if (clip && !play_paint_in_board(ui, sy, sx))
                continue;
            if (p->type == PC_RIVER) {
                if (p->mark == PMK_SPRING || p->mark == PMK_LAKE)
                    play_glyph(ui, sy, sx, mark_wide[p->mark], mark_ascii[p->mark], attr);
                else
                    play_glyph(ui, sy, sx, WATER_WIDE, WATER_ASCII, attr);
            } else if (p->type == PC_GARDEN) {
                play_glyph(ui, sy, sx, GARDEN_WIDE, GARDEN_ASCII, attr);
            } else if (p->type == PC_ROAD && p->mark == PMK_BRIDGE_RIVER) {
                play_glyph(ui, sy, sx, road_wide[p->arms & 15], road_ascii[p->arms & 15], attr);
            } else if (p->mark) {
                if (p->mark == PMK_INN && p->type == PC_ROAD)
                    attr = play_attr(ui, PCOL_INN);
                play_glyph(ui, sy, sx, mark_wide[p->mark], mark_ascii[p->mark], attr);
            } else if (p->type == PC_ROAD) {
                play_glyph(ui, sy, sx, road_wide[p->arms & 15], road_ascii[p->arms & 15], attr);
            } else if (p->type == PC_CLOISTER) {
                if (c == 3)
                    play_glyph(ui, sy, sx, L'\u271a', '+', attr);
                else
                    mvaddch(sy, sx, (chtype)(ui->colors ? ' ' : c < 3 ? '[' : ']') | (chtype)attr);
            } else if (p->type == PC_CITY) {
                mvaddch(sy, sx, (chtype)(ui->colors ? ' ' : '#') | (chtype)attr);
            } else {
                mvaddch(sy, sx, (chtype)(ui->colors ? ' ' : '.') | (chtype)attr);
            }
        }
}
