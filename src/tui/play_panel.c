/*
 * play_panel.c - the side panel of the game screen: title, the decision, the tiles in
 * hand, decks, the score table, the viewer's gifts and cards, the card in play, and
 * the choice (the placement cursor, or the list of legal moves with what the selected
 * one is about).
 *
 * Nothing a player must read is cut: long lines wrap. The panel is laid out in two
 * passes: a dry pass measures the information above the choice; when it and the
 * choice do not both fit, the panel goes compact (no tile picture, no spacing) so that
 * the choice list always keeps its rows, even at 80x24 with a full hand. The list
 * scrolls to keep the selection in view; an option too long for one row wraps.
 *
 * Everything drawn comes from the view `v` of the seat at the keyboard.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "play_ui.h"

enum { DETAIL_MAX = 4, LIST_MIN = 3 };

typedef struct pen {
    play_ui *ui;
    int y, x, w, ymax;
    int dry;      /* measure only */
    int compact;  /* 1: leave out the tile picture and the spacing; 2: also shorten the
                     figures and goods table to the viewer's row and who has the most */
} pen;

/* A space that does not break a line (inside a card's name); drawn as a space. */
#define NBSP '\x1f'

static void pen_text(pen *p, int attr, const char *text)
{
    char buf[PLAY_LINE * 3], *c;
    if (p->y >= p->ymax)
        return;
    snprintf(buf, sizeof buf, "%s", text);
    for (c = buf; *c; c++)
        if (*c == NBSP)
            *c = ' ';
    if (!p->dry)
        play_put(p->ui, p->y, p->x, p->w, buf, attr);
    p->y++;
}

static void pen_line(pen *p, int attr, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void pen_line(pen *p, int attr, const char *fmt, ...)
{
    char buf[PLAY_LINE * 2];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    pen_text(p, attr, buf);
}

static void pen_gap(pen *p)
{
    if (!p->compact)
        p->y++;
}

/* Writes head + text over as many panel lines as it needs, breaking at spaces; the
 * lines after the first are indented by `indent`. */
static void pen_wrap(pen *p, int attr, const char *head, const char *text, int indent)
{
    char all[PLAY_LINE * 3];
    const char *t = all;
    int first = 1;
    snprintf(all, sizeof all, "%s%s", head, text);
    while (*t || first) {
        int room = first ? p->w : p->w - indent, n = play_wrap_next(t, room);
        char line[PLAY_LINE * 3];
        snprintf(line, sizeof line, "%*s%.*s", first ? 0 : indent, "", n, t);
        pen_text(p, attr, line);
        t += n;
        while (*t == ' ')
            t++;
        first = 0;
    }
}

/* "Synod x2, Cash Out" for the cards held; returns the number of kinds. */
static int card_list(char *buf, size_t size, const int *counts, int lo, int hi)
{
    int c, kinds = 0;
    size_t len = 0;
    buf[0] = '\0';
    for (c = lo; c <= hi && len < size; c++) {
        if (counts[c] <= 0)
            continue;
        const char *t = play_card_title(c);
        if (kinds && len < size)
            len += (size_t)snprintf(buf + len, size - len, ", ");
        for (; *t && len + 1 < size; t++)
            buf[len++] = *t == ' ' ? NBSP : *t;  /* a name is never broken */
        buf[len < size ? len : size - 1] = '\0';
        if (counts[c] > 1 && len < size)
            len += (size_t)snprintf(buf + len, size - len, "%cx%d", NBSP, counts[c]);
        kinds++;
    }
    return kinds;
}

static void draw_hand_tiles(play_ui *ui, pen *p, const carc_game *v, int decides)
{
    int kinds[2], n = carc_hand_tiles(v, kinds), i;
    carc_pending pd = carc_pending_decision(v);
    play_cell grid[PT_ROWS][PT_COLS];
    char label[PLAY_LINE];
    const carc_tile_def *d;

    if (n <= 0) {
        int kind, rot;
        if (ui->s->have_last && carc_tile_at(v, ui->s->last_x, ui->s->last_y, &kind, &rot)) {
            d = carc_tile_def_of(kind);
            (void)d;
            pen_line(p, AT_NORMAL, "Last placed: at %d,%d by seat %d", ui->s->last_x,
                     ui->s->last_y, ui->s->last_seat);
        } else {
            pen_line(p, AT_NORMAL, "No tile in hand");
        }
        return;
    }
    /* in players' words: what the tile shows, never its letter (issue 21) */
    if (n == 2)
        snprintf(label, sizeof label, "Tiles in hand: two%s",
                 decides && pd.decision == CARC_DEC_PLACE && ui->ntiles > 1
                     ? " (t switches; the marked one is placed)"
                     : "");
    else {
        /* the words turned as the picture below is (issue 32) */
        char turned[PLAY_LINE - 16];
        int rot = decides && pd.decision == CARC_DEC_PLACE && kinds[0] == ui->tiles[ui->tile_i]
                      && ui->crot > 0 ? ui->crot : 0;
        play_turned_words(carc_tile_def_of(kinds[0])->description, rot, turned, sizeof turned);
        snprintf(label, sizeof label, "Tile in hand: %s", turned);
    }
    pen_wrap(p, AT_BOLD, "", label, 2);
    if (p->compact || p->y + PT_ROWS > p->ymax)
        return;
    for (i = 0; i < n && !p->dry; i++) {
        int rot = 0, x = p->x + 2 + i * (PT_COLS + 6);
        if (decides && pd.decision == CARC_DEC_PLACE && kinds[i] == ui->tiles[ui->tile_i])
            rot = ui->crot < 0 ? 0 : ui->crot;
        play_tile_paint(kinds[i], rot, grid);
        play_paint_tile(ui, p->y, x, grid, 0);
        d = carc_tile_def_of(kinds[i]);
        (void)d;
        snprintf(label, sizeof label, "%s",
                 n == 2 && kinds[i] == ui->tiles[ui->tile_i] && decides ? "<" : "");
        play_put(ui, p->y + 1, x + PT_COLS + 1, 4, label,
                 n == 2 && kinds[i] == ui->tiles[ui->tile_i] && decides ? play_attr(ui, PCOL_CURSOR)
                                                                        : AT_NORMAL);
    }
    p->y += PT_ROWS;
}

static void draw_decks(pen *p, const carc_game *v)
{
    unsigned exp = carc_config_of(v).expansions;
    char decks[PLAY_LINE];
    size_t len = (size_t)snprintf(decks, sizeof decks, "Stack %d", carc_stack_left(v));
    /* a small screen: the river phase's count here instead of its own lines (draw_river) */
    if (p->compact && play_river_phase(v, NULL))
        len += (size_t)snprintf(decks + len, sizeof decks - len, " (%d river)",
                                carc_river_left(v));
    if (exp & CARC_EXP_GIFTS)
        len += (size_t)snprintf(decks + len, sizeof decks - len, "  Gift deck %d",
                                carc_gift_deck_left(v));
    pen_text(p, AT_NORMAL, decks);
    if (exp & CARC_EXP_CHRISTMAS)
        pen_line(p, AT_NORMAL, "Cloister deck %d  Roadside deck %d", carc_xdeck_left(v, 0),
                 carc_xdeck_left(v, 1));
}

/* The River (R3, R10: public): while river tiles are drawn, a line saying so, how many
 * are left in the river stack (the lake is always the last) and where the river goes on;
 * with the last one in hand, that this is it. A compact panel has the count on the
 * stack's line instead, "Stack 120 (7 river)". */
static void draw_river(play_ui *ui, pen *p, const carc_game *v)
{
    int left = carc_river_left(v), x, y, last;
    char line[PLAY_LINE];
    size_t len;
    if (!play_river_phase(v, &last) || p->compact)
        return;  /* compact: the count is on the stack's line */
    if (!last)
        len = (size_t)snprintf(line, sizeof line, "%d river tile%s left, the lake last", left,
                               left == 1 ? "" : "s");
    else
        len = (size_t)snprintf(line, sizeof line, "the last river tile");
    if (carc_river_end(v, &x, &y) && len < sizeof line)
        snprintf(line + len, sizeof line - len, "; the river goes on at %d,%d (%s)", x, y,
                 ui->unicode ? "\xe2\x89\x88" : "~");
    pen_wrap(p, play_attr(ui, PCOL_HINT), "River phase: ", line, 2);
}

static void draw_table(play_ui *ui, pen *p, const carc_game *v)
{
    unsigned exp = carc_config_of(v).expansions;
    carc_pending pd = carc_pending_decision(v);
    int seat, counts[CARC_CARDS];
    char head[PLAY_LINE], row[PLAY_LINE], name[PLAY_KIND_LEN + 8];
    size_t hl = (size_t)snprintf(head, sizeof head, "   %-8s %5s %4s", "Seat", "Score", "Left");

    if (exp & CARC_EXP_GIFTS)
        hl += (size_t)snprintf(head + hl, sizeof head - hl, " %4s", "Gift");
    if (exp & CARC_EXP_CHRISTMAS)
        snprintf(head + hl, sizeof head - hl, " %4s %4s", "Card", "Bank");
    pen_text(p, AT_UNDERLINE, head);
    for (seat = 0; seat < carc_players(v); seat++) {
        size_t len;
        if (p->y >= p->ymax)
            return;
        if (seat == ui->viewer && ui->s->seat[seat].human)
            snprintf(name, sizeof name, "you");
        else if (ui->s->seat[seat].kind[0])
            snprintf(name, sizeof name, "%s", ui->s->seat[seat].kind);
        else  /* the record viewer: nobody plays, the seat is its name */
            snprintf(name, sizeof name, "seat %d", seat);
        len = (size_t)snprintf(row, sizeof row, "%c  %-8.8s %5d %4d", seat == pd.seat ? '>' : ' ',
                               name, carc_score(v, seat), carc_supply(v, seat));
        if (exp & CARC_EXP_GIFTS)
            len += (size_t)snprintf(row + len, sizeof row - len, " %4d",
                                    carc_gifts(v, seat, counts));
        if (exp & CARC_EXP_CHRISTMAS) {
            int held = carc_cards(v, seat, counts);
            snprintf(row + len, sizeof row - len, " %4d %4d", held, carc_banked(v, seat));
        }
        if (!p->dry) {
            play_put(ui, p->y, p->x, p->w, row, seat == ui->viewer ? AT_BOLD : AT_NORMAL);
            play_glyph(ui, p->y, p->x + 1, (wchar_t)('0' + seat), (char)('0' + seat),
                       play_attr(ui, PCOL_SEAT0 + seat));
        }
        p->y++;
    }
}

/* With Inns & Cathedrals, Traders & Builders or The Abbot: every seat's figures in
 * supply by kind (meeples counted; L the large meeple, A the abbot, B the builder, P the
 * pig, '-' when on the board) and goods tokens by kind, '*' beside whoever has the most
 * of a kind (TB10: all who tie score), then the goods left in the common supply. All
 * public (I9, TB14, A8). */
static void draw_figures_goods(play_ui *ui, pen *p, const carc_game *v)
{
    unsigned exp = carc_config_of(v).expansions, figs = carc_figures_of(exp);
    int goods_cat = play_category_named("goods");
    int traders = goods_cat >= 0 && (carc_categories_of(exp) >> goods_cat & 1u);
    int seat, k, n = carc_players(v), goods[CARC_MAX_PLAYERS][CARC_GOODS_KINDS], most[CARC_GOODS_KINDS];
    carc_pending pd = carc_pending_decision(v);

    if (!(figs & ~(1u << CARC_FIG_MEEPLE)) && !traders)
        return;
    for (k = 0; k < CARC_GOODS_KINDS; k++)
        most[k] = 0;
    for (seat = 0; seat < n; seat++) {
        carc_goods(v, seat, goods[seat]);
        for (k = 0; k < CARC_GOODS_KINDS; k++)
            if (goods[seat][k] > most[k])
                most[k] = goods[seat][k];
    }
    if (p->compact < 2)
        pen_text(p, AT_UNDERLINE, traders ? "   Figures in supply, goods (* most)"
                                          : "   Figures in supply");
    for (seat = 0; seat < n; seat++) {
        int fig[CARC_FIGURES], x = p->x;
        char row[PLAY_LINE], name[PLAY_KIND_LEN + 8];
        if (p->y >= p->ymax)
            return;
        if (p->compact == 2 && seat != (ui->viewer >= 0 ? ui->viewer : 0))
            continue;  /* a small screen: the viewer's row, then who has the most */
        if (seat == ui->viewer && ui->s->seat[seat].human)
            snprintf(name, sizeof name, "you");
        else if (ui->s->seat[seat].kind[0])
            snprintf(name, sizeof name, "%s", ui->s->seat[seat].kind);
        else
            snprintf(name, sizeof name, "seat %d", seat);
        carc_supply_figures(v, seat, fig);
        size_t len = (size_t)snprintf(row, sizeof row, "%c  %-7.7s %2d", seat == pd.seat ? '>' : ' ',
                                      name, fig[CARC_FIG_MEEPLE]);
        /* every other figure of the game by its letter, '-' when on the board */
        for (int f = CARC_FIG_MEEPLE + 1; f < CARC_FIGURES; f++)
            if (figs >> f & 1u)
                len += (size_t)snprintf(row + len, sizeof row - len, " %c",
                                        fig[f] ? play_figure_letter(f) : '-');
        if (!p->dry) {
            int attr = seat == ui->viewer ? AT_BOLD : AT_NORMAL;
            x += play_put(ui, p->y, x, p->w, row, attr);
            play_glyph(ui, p->y, p->x + 1, (wchar_t)('0' + seat), (char)('0' + seat),
                       play_attr(ui, PCOL_SEAT0 + seat));
            for (k = 0; traders && k < CARC_GOODS_KINDS; k++) {
                char cell[16];
                static const char letter[CARC_GOODS_KINDS] = {'w', 'g', 'c'};
                x += play_put(ui, p->y, x, 2, "  ", attr);
                cell[0] = letter[k];
                cell[1] = '\0';
                x += play_put(ui, p->y, x, 1, cell, play_attr(ui, PCOL_GOODS_TEXT + k) | AT_BOLD);
                snprintf(cell, sizeof cell, "%2d%c", goods[seat][k],
                         most[k] > 0 && goods[seat][k] == most[k] ? '*' : ' ');
                x += play_put(ui, p->y, x, 3, cell, attr);
            }
        }
        p->y++;
    }
    if (traders && p->compact == 2) {
        char most_text[PLAY_LINE];
        size_t len = 0;
        most_text[0] = '\0';
        for (k = 0; k < CARC_GOODS_KINDS; k++) {
            int any = 0;
            len += (size_t)snprintf(most_text + len, sizeof most_text - len, "%s%s %d",
                                    k ? "; " : "", carc_goods_name(k), most[k]);
            for (seat = 0; seat < n && most[k] > 0; seat++)
                if (goods[seat][k] == most[k]) {
                    if (seat == ui->viewer && ui->s->seat[seat].human)
                        len += (size_t)snprintf(most_text + len, sizeof most_text - len,
                                                "%s you", any ? "," : "");
                    else
                        len += (size_t)snprintf(most_text + len, sizeof most_text - len,
                                                "%s seat %d", any ? "," : "", seat);
                    any = 1;
                }
        }
        pen_wrap(p, AT_NORMAL, "Most goods: ", most_text, 2);
    }
    if (traders && !p->compact) {
        int left[CARC_GOODS_KINDS];
        carc_goods(v, -1, left);
        pen_line(p, AT_NORMAL, "Goods left: %d wine, %d grain, %d cloth", left[0], left[1],
                 left[2]);
    }
    if (carc_has_abbeys(exp) && !p->compact) {  /* AM13: who still holds their abbey */
        char held[PLAY_LINE];
        size_t len = 0;
        held[0] = '\0';
        for (seat = 0; seat < n; seat++)
            if (carc_abbey_held(v, seat))
                len += (size_t)snprintf(held + len, sizeof held - len, "%s%d%s", len ? ", " : "",
                                        seat, seat == ui->viewer && ui->s->seat[seat].human
                                                  ? " (you)" : "");
        pen_wrap(p, AT_NORMAL, "Abbeys held: ", len ? held : "none", 2);
    }
}

/* With The Tower (TW10, all public): each seat's floors in supply and the prisoners
 * it holds (by owner), one line per seat; skipped on a small screen. */
static void draw_towers(const play_ui *ui, pen *p, const carc_game *v)
{
    int n = carc_players(v);
    if (!carc_has_towers(carc_config_of(v).expansions) || p->compact)
        return;
    pen_text(p, AT_UNDERLINE, "   Tower floors, prisoners held");
    for (int seat = 0; seat < n && p->y < p->ymax; seat++) {
        char held[PLAY_LINE];
        size_t len = 0;
        held[0] = '\0';
        for (int o = 0; o < n; o++) {
            int counts[CARC_FIGURES], k = carc_prisoners(v, seat, o, counts);
            if (k)
                len += (size_t)snprintf(held + len, sizeof held - len, "%s%d of seat %d",
                                        len ? ", " : "", k, o);
        }
        pen_line(p, seat == ui->viewer ? AT_BOLD : AT_NORMAL, "%d  %2d floors  %s", seat,
                 carc_floors(v, seat), len ? held : "no prisoner");
    }
}

/* With The Princess & the Dragon (PD14, all public): where the dragon and the fairy
 * stand, in the board's marks (play_draw.c), a movement under way (the moves made,
 * who chooses the next) and the tiles set aside; skipped on a small screen. */
static void draw_dragon(const play_ui *ui, pen *p, const carc_game *v)
{
    carc_dragon_info d;
    if (!carc_dragon_status(v, &d) || p->compact)
        return;
    pen_text(p, AT_UNDERLINE, "   The dragon and the fairy");
    if (d.walking)
        pen_line(p, play_attr(ui, PCOL_DRAGON), "<D> dragon at %d,%d: move %d of 6, seat %d's",
                 d.dragon_x, d.dragon_y, d.walked + 1, d.mover);
    else if (d.dragon_on)
        pen_line(p, play_attr(ui, PCOL_DRAGON), "<D> dragon at %d,%d", d.dragon_x, d.dragon_y);
    else
        pen_line(p, AT_NORMAL, "<D> no volcano yet, %d dragon tile%s set aside",
                 d.naside, d.naside == 1 ? "" : "s");
    if (d.fairy_on && d.fairy_seat >= 0)
        pen_line(p, play_attr(ui, PCOL_FAIRY), " *  fairy at %d,%d by seat %d's %s", d.fairy_x,
                 d.fairy_y, d.fairy_seat, carc_figure_name(d.fairy_figure));
    else if (d.fairy_on)
        pen_line(p, play_attr(ui, PCOL_FAIRY), " *  fairy at %d,%d, by nobody", d.fairy_x,
                 d.fairy_y);
    else
        pen_line(p, AT_NORMAL, " *  fairy: not on the board yet");
}

static void draw_hand(play_ui *ui, pen *p, const carc_game *v)
{
    unsigned exp = carc_config_of(v).expansions;
    int counts[CARC_CARDS];
    char list[PLAY_LINE * 2], head[32];
    int seat = ui->viewer >= 0 ? ui->viewer : 0;
    char who[24];
    if (ui->s->seat[seat].human)
        snprintf(who, sizeof who, "Your");
    else
        snprintf(who, sizeof who, "Seat %d's", seat);

    if (exp & CARC_EXP_GIFTS) {
        int g[6];
        carc_gifts(v, seat, g);
        snprintf(head, sizeof head, "%s gifts: ", who);
        if (!card_list(list, sizeof list, g, CARC_GIFT_SYNOD, CARC_GIFT_TAKE_TWO))
            snprintf(list, sizeof list, "none");
        pen_wrap(p, AT_NORMAL, head, list, 2);
    }
    if (exp & CARC_EXP_CHRISTMAS) {
        carc_cards(v, seat, counts);
        snprintf(head, sizeof head, "%s cards: ", who);
        if (!card_list(list, sizeof list, counts, CARC_XC_SCORE_THREE, CARC_XR_TIEBREAK_FIELD))
            snprintf(list, sizeof list, "none");
        pen_wrap(p, AT_NORMAL, head, list, 2);
    }
}

static void draw_in_play(play_ui *ui, pen *p, const carc_game *v)
{
    carc_move target;
    int card = carc_card_in_play(v, &target), mx, my, mk, mr;
    if (card != CARC_CARD_NONE) {
        char t[PLAY_LINE] = "";
        int canon, type;
        if (target.kind == CARC_MOVE_TARGET) {
            char w[160];
            (void)canon;
            (void)type;
            play_seg_words(v, target.x, target.y, target.port, 1, w, sizeof w);
            snprintf(t, sizeof t, " on %s", w);
        }
        {
            char line[PLAY_LINE * 2];
            snprintf(line, sizeof line, "%s%s", play_card_title(card), t);
            pen_wrap(p, play_attr(ui, PCOL_HINT), "In play: ", line, 2);
        }
    }
    if (carc_mastermind(v, &mx, &my) && !carc_tile_at(v, mx, my, &mk, &mr)) {
        char mm[PLAY_LINE];
        snprintf(mm, sizeof mm, "the next tile must go to (%d,%d) if it fits there", mx, my);
        pen_wrap(p, play_attr(ui, PCOL_HINT), "Mastermind (M): ", mm, 2);
    }
}

/* The information above the choice. */
static void draw_info(play_ui *ui, pen *p, const carc_game *v, int decides)
{
    carc_pending pd = carc_pending_decision(v);
    char who[48];

    pen_line(p, play_attr(ui, PCOL_TITLE), "carc play  seed %llu  turn %d%s",
             (unsigned long long)ui->s->cfg.seed, carc_turn(v),
             carc_turn_part(v) ? " (second tile)" : "");
    play_seat_label(ui->s, pd.seat, ui->viewer, who, sizeof who);
    if (decides)
        pen_wrap(p, play_attr(ui, PCOL_HINT) | AT_BOLD, "Your decision: ",
                 play_decision_text(pd.decision, carc_stack_left(v)), 2);
    else if (pd.seat >= 0) {
        char head[64];
        snprintf(head, sizeof head, "%s to play: ", who);
        pen_wrap(p, AT_NORMAL, head, play_decision_text(pd.decision, carc_stack_left(v)), 2);
    }
    if (ui->s->humans == 0 && ui->mode != PM_REPLAY)
        pen_text(p, AT_DIM, "(no human seat: watching seat 0's view)");
    if (carc_double_due(v) && !carc_turn_part(v) && pd.decision != CARC_DEC_DOUBLE_TURN) {
        char dt[PLAY_LINE];
        play_seat_label(ui->s, pd.active, ui->viewer, who, sizeof who);
        snprintf(dt, sizeof dt, "%s may take a second tile after this one (the builder's "
                 "road or city grew)", pd.active == ui->viewer && decides ? "you" : who);
        pen_wrap(p, play_attr(ui, PCOL_HINT), "Double turn: ", dt, 2);
    }
    pen_gap(p);
    draw_hand_tiles(ui, p, v, decides);
    draw_decks(p, v);
    draw_river(ui, p, v);
    pen_gap(p);
    draw_table(ui, p, v);
    draw_figures_goods(ui, p, v);
    draw_towers(ui, p, v);
    draw_dragon(ui, p, v);
    draw_hand(ui, p, v);
    draw_in_play(ui, p, v);
}

/* The rows an option takes in the list (its text wraps after the "> 12 " prefix). */
static int option_rows(const play_ui *ui, const carc_game *v, int decision, int i, int w)
{
    char text[PLAY_LINE];
    play_option_text(v, decision, &ui->s->moves[ui->order[i]], text, sizeof text);
    return play_wrap_count(text, w - 5, 0);
}

static void draw_place(play_ui *ui, pen *p, const carc_game *v)
{
    carc_move cur;
    char text[CARC_NOTATION_MAX + 40];
    int spots = 0, rots = 0, spot_i = 0, rot_i = 0, i;
    if (!play_model_current(ui, &cur))
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
            /* numbered as Tab visits them: by row, then column (issue 21) */
            if (m->y < cur.y || (m->y == cur.y && m->x <= cur.x))
                spot_i++;
        }
    }
    (void)text;
    (void)v;
    pen_line(p, AT_NORMAL, "Cursor: %d,%d", cur.x, cur.y);
    pen_line(p, AT_NORMAL, "spot %d of %d, rotation %d of %d here", spot_i, spots, rot_i, rots);
    pen_text(p, play_attr(ui, PCOL_HINT), "Enter places the tile here");
}

/* "Figure (f): meeple large abbot builder pig": the figures the game uses, the one whose
 * places the list shows in reverse, those with no place on this tile dim; names that
 * do not fit go on the next line (all nine expansions: eight figures). */
static void draw_figure_choice(play_ui *ui, pen *p, const carc_game *v)
{
    unsigned figs = carc_figures_of(carc_config_of(v).expansions);
    int f, x = p->x;
    const char *head =
        figs == (1u << CARC_FIGURES) - 1 && p->w < 45 ? "Figure: " : "Figure (f): ";
    if (p->y >= p->ymax)
        return;
    /* all five names fit a 39-column panel only after the short head */
    x += p->dry ? (int)strlen(head) : play_put(ui, p->y, x, p->w, head, AT_NORMAL);
    for (f = 0; f < CARC_FIGURES; f++) {
        const char *name = carc_figure_name(f);
        int attr, len = (int)strlen(name);
        if (!(figs >> f & 1u))
            continue;
        if (x + len > p->x + p->w) {  /* the dry pass counts the lines the same way */
            if (p->y + 1 >= p->ymax)
                break;
            p->y++;
            x = p->x + 2;
        }
        attr = f == ui->figure            ? play_attr(ui, PCOL_CURSOR) | AT_REVERSE
               : ui->figmask >> f & 1u    ? AT_NORMAL
                                          : AT_DIM;
        if (!p->dry) {
            play_put(ui, p->y, x, p->x + p->w - x, name, attr);
            play_put(ui, p->y, x + len, p->x + p->w - x - len, " ", AT_NORMAL);
        }
        x += len + 1;
    }
    p->y++;
}

/* "road", "city" or "road or city": where the viewer's builder stands, or stood when
 * the tile completed its feature and it came back (in the events of the last move). */
static const char *builder_feature(const carc_game *v, int seat)
{
    carc_follower fol[CARC_MAX_PLAYERS * (CARC_FOLLOWERS + 4) + 8];
    int n = carc_followers(v, fol, (int)(sizeof fol / sizeof fol[0])), i;
    const carc_event *ev;
    for (i = 0; i < n; i++)
        if (fol[i].seat == seat && fol[i].figure == CARC_FIG_BUILDER)
            return fol[i].type == CARC_FEAT_ROAD ? "road" : "city";
    ev = carc_events(v, &n);
    for (i = 0; i < n; i++)
        if (ev[i].kind == CARC_EV_RETURNED && ev[i].seat == seat &&
            ev[i].value == CARC_FIG_BUILDER)
            return ev[i].b == CARC_FEAT_ROAD ? "road" : "city";
    return "road or city";
}

/* The list of choices in rows [p->y, p->ymax - detail rows), then the details of the
 * selected one. */
static void draw_list(play_ui *ui, pen *p, const carc_game *v)
{
    carc_pending pd = carc_pending_decision(v);
    char details[DETAIL_MAX][PLAY_LINE * 2];
    int nd = 0, drows = 0, rows, used, i, k;
    carc_move cur;

    if (pd.decision == CARC_DEC_MODIFIER) {
        /* point 12: which feature the question is about (ringed on the board) */
        int mx, my, mp;
        if (carc_modifier_feature(v, &mx, &my, &mp)) {
            char f[PLAY_LINE];
            play_feature_text(v, ui->viewer, mx, my, mp, f, sizeof f);
            snprintf(details[nd++], sizeof details[0], "Scoring now: %s", f);
        }
    }
    if (pd.decision == CARC_DEC_FOLLOWER && (ui->figmask & ~1u))
        draw_figure_choice(ui, p, v);
    if (pd.decision == CARC_DEC_DOUBLE_TURN) {
        char q[PLAY_LINE];
        snprintf(q, sizeof q, "Your builder's %s grew: take a second tile? y/n "
                 "(a second tile now, in this turn)", builder_feature(v, ui->viewer));
        pen_wrap(p, play_attr(ui, PCOL_HINT) | AT_BOLD, "", q, 2);
    }
    if (play_model_current(ui, &cur))
        nd += play_option_details(v, ui->viewer, pd.decision, &cur, details + nd,
                                  DETAIL_MAX - nd);
    if (pd.decision == CARC_DEC_FOLLOWER && nd < DETAIL_MAX) {
        /* why a special figure in supply is not offered (TB4, TB7) */
        int fig[CARC_FIGURES];
        int nb, np;
        carc_supply_figures(v, ui->viewer, fig);
        nb = fig[CARC_FIG_BUILDER] > 0 && !(ui->figmask >> CARC_FIG_BUILDER & 1u);
        np = fig[CARC_FIG_PIG] > 0 && !(ui->figmask >> CARC_FIG_PIG & 1u);
        if (nb || np)
            snprintf(details[nd++], sizeof details[0], "Not on this tile:%s%s%s",
                     nb ? " the builder (it needs an unfinished road or city of the tile with "
                          "a follower of yours)" : "",
                     nb && np ? ";" : "",
                     np ? " the pig (it needs a field of the tile with a farmer of yours)" : "");
    }
    for (k = 0; k < nd; k++)
        drows += play_wrap_count(details[k], p->w, 2);
    rows = p->ymax - p->y;
    /* the list keeps LIST_MIN rows (or all of it); the details get what is left */
    {
        int need = 0;
        for (i = 0; i < ui->nlist && need < LIST_MIN; i++)
            need += option_rows(ui, v, pd.decision, i, p->w);
        if (drows > rows - need)
            drows = rows - need > 0 ? rows - need : 0;
    }
    rows -= drows;
    if (ui->sel < ui->list_top)
        ui->list_top = ui->sel;
    /* scroll until the selected option fits below list_top */
    for (;;) {
        used = 0;
        for (i = ui->list_top; i <= ui->sel && i < ui->nlist; i++)
            used += option_rows(ui, v, pd.decision, i, p->w);
        if (used <= rows || ui->list_top >= ui->sel)
            break;
        ui->list_top++;
    }
    for (i = ui->list_top; i < ui->nlist && p->y < p->ymax - drows; i++) {
        const carc_move *m = &ui->s->moves[ui->order[i]];
        char text[PLAY_LINE];
        const char *t = text;
        int attr = i == ui->sel ? play_attr(ui, PCOL_CURSOR) | AT_REVERSE : AT_NORMAL, first = 1;
        play_option_text(v, pd.decision, m, text, sizeof text);
        if (i > ui->list_top && p->y + option_rows(ui, v, pd.decision, i, p->w) > p->ymax - drows)
            break;  /* never show half an option */
        while ((*t || first) && p->y < p->ymax - drows) {
            char line[PLAY_LINE + 8];
            int n = play_wrap_next(t, p->w - 5);
            if (first)
                snprintf(line, sizeof line, "%c %2d %.*s", i == ui->sel ? '>' : ' ', i + 1, n, t);
            else
                snprintf(line, sizeof line, "     %.*s", n, t);
            pen_text(p, attr, line);
            t += n;
            while (*t == ' ')
                t++;
            first = 0;
        }
    }
    p->y = p->ymax - drows;
    for (k = 0; k < nd && p->y < p->ymax; k++)
        pen_wrap(p, play_attr(ui, PCOL_HINT), "", details[k], 2);
}

void play_panel_draw(play_ui *ui, const carc_game *v, int decides)
{
    carc_pending pd = carc_pending_decision(v);
    pen p;
    int need = 0, top;

    memset(&p, 0, sizeof p);
    p.ui = ui;
    p.x = ui->W - ui->panel_w + 1;
    p.w = ui->panel_w - 1;
    p.ymax = ui->H - 2;
    if (ui->mode == PM_REPLAY) {
        char head[PLAY_LINE];
        snprintf(head, sizeof head, "move %d of %d, turn %d, seat %d's view", ui->replay_at,
                 ui->replay_n, carc_turn(v), ui->viewer);
        pen_line(&p, play_attr(ui, PCOL_HINT) | AT_BOLD, "Replay: %s", head);
        if (carc_is_over(v)) {
            play_screen_final_panel(ui, v, p.y + 1, p.x, p.w, p.ymax - p.y - 1);
            return;
        }
    }
    top = p.y;
    if (ui->mode == PM_OVER) {
        pen_line(&p, play_attr(ui, PCOL_TITLE), "carc play  seed %llu  turn %d",
                 (unsigned long long)ui->s->cfg.seed, carc_turn(v));
        play_screen_final_panel(ui, v, p.y + 1, p.x, p.w, p.ymax - p.y - 1);
        return;
    }
    if (decides) {
        int i;
        need = 2;  /* the gap and the header */
        if (pd.decision == CARC_DEC_PLACE) {
            need += 3;
        } else {
            for (i = 0; i < ui->nlist && i < LIST_MIN + 3; i++)
                need += option_rows(ui, v, pd.decision, i, p.w);
            need += 2;  /* room for the first lines of the details */
            if (pd.decision == CARC_DEC_DOUBLE_TURN ||
                (pd.decision == CARC_DEC_FOLLOWER && (ui->figmask & ~1u)))
                need += 2;  /* the figure choice, the double turn's question */
        }
    }
    /* dry pass: does the full layout leave the choice its rows? */
    for (p.compact = 0; p.compact < 2; p.compact++) {
        p.dry = 1;
        p.y = top;
        p.ymax = 1000;
        draw_info(ui, &p, v, decides);
        if (p.y + need <= ui->H - 2)
            break;
    }
    p.dry = 0;
    p.y = top;
    p.ymax = ui->H - 2;
    draw_info(ui, &p, v, decides);
    if (!decides)
        return;
    pen_gap(&p);
    if (pd.decision == CARC_DEC_PLACE) {
        pen_text(&p, play_attr(ui, PCOL_TITLE), "-- place --");
        draw_place(ui, &p, v);
    } else {
        pen_line(&p, play_attr(ui, PCOL_TITLE), "-- choose (%d of %d) --", ui->sel + 1,
                 ui->nlist);
        draw_list(ui, &p, v);
    }
}
