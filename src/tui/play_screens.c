/*
 * play_screens.c - the whole screens of `carc play` that are not the game itself:
 * the hand-over between two humans at one keyboard (nothing of either seat's hand or
 * log is on it), the help, the message of a terminal too small, and the final scoring
 * (drawn in the side panel beside the final board, or printed when headless).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "play_ui.h"

enum { FINAL_LINES = 5 * CARC_MAX_PLAYERS + 4 };

/* What the final scoring (the events of the move that ended the game) paid each seat
 * for its pig (TB8) and for goods by kind (TB10). */
static void final_extras(const carc_game *v, int pig[CARC_MAX_PLAYERS],
                         int goods[CARC_MAX_PLAYERS][CARC_GOODS_KINDS])
{
    int n, i;
    const carc_event *ev = carc_events(v, &n);
    memset(pig, 0, sizeof(int) * CARC_MAX_PLAYERS);
    memset(goods, 0, sizeof(int) * CARC_MAX_PLAYERS * CARC_GOODS_KINDS);
    for (i = 0; i < n; i++) {
        if (ev[i].kind != CARC_EV_SCORED || ev[i].seat < 0 || ev[i].seat >= CARC_MAX_PLAYERS)
            continue;
        if (ev[i].b == CARC_REASON_PIG)
            pig[ev[i].seat] += ev[i].value;
        else if (ev[i].b == CARC_REASON_GOODS && ev[i].a < CARC_GOODS_KINDS)
            goods[ev[i].seat][ev[i].a] += ev[i].value;
    }
}

static const char *const category_short[CARC_SCORE_CATEGORIES] = {
    "roads", "cities", "cloist.", "fields", "cards", "gifts", "goods", "gardens"};

/* Category c's name in a game with expansions exp (short: the info screen's column):
 * without cards the cards' category holds only ransoms (The Tower, TW8), named so. */
static const char *category_words(unsigned exp, int c, int short_name)
{
    if (c == play_category_named("cards") && !play_has_cards(exp))
        return "ransoms";
    return short_name ? category_short[c] : carc_score_category_name(c);
}

/* The final scoring as lines: per seat a total and the categories, then the winners.
 * reader: the seat called "you" (-1 none). Returns the number of lines; cls[i] is 1
 * for a winner's line and 2 for the winners line. */
static int final_lines(const play_session *s, const carc_game *v, int reader,
                       char lines[FINAL_LINES][PLAY_LINE], int cls[FINAL_LINES])
{
    unsigned exp = carc_config_of(v).expansions, w = carc_winners(v);
    unsigned cats = carc_categories_of(exp);
    int goods_cat = play_category_named("goods");
    int n = 0, seat, c, best = 0, nwin = 0, pig[CARC_MAX_PLAYERS];
    int goods[CARC_MAX_PLAYERS][CARC_GOODS_KINDS];
    size_t len;
    char who[48];

    final_extras(v, pig, goods);
    for (seat = 0; seat < carc_players(v); seat++) {
        int k = 0;
        play_seat_label(s, seat, reader, who, sizeof who);
        snprintf(lines[n], PLAY_LINE, "%-16s %4d points%s", who, carc_score(v, seat),
                 w & (1u << seat) ? "  WINNER" : "");
        cls[n++] = (w >> seat) & 1u;
        len = 0;
        for (c = 0; c < CARC_SCORE_CATEGORIES; c++) {
            if (!(cats >> c & 1u))
                continue;  /* a category none of the game's expansions brings */
            if (k == 3 || k == 6) {
                cls[n++] = 0;
                len = 0;
            }
            if (len == 0)
                len = (size_t)snprintf(lines[n], PLAY_LINE, "   ");
            len += (size_t)snprintf(lines[n] + len, PLAY_LINE - len, " %s %d",
                                    category_words(exp, c, 0), carc_score_part(v, seat, c));
            k++;
        }
        cls[n++] = 0;
        if (goods_cat >= 0 && (cats >> goods_cat & 1u)) {
            /* the pig's extra points (within fields) and the goods by kind (TB8, TB10):
             * they come with the goods */
            int held[CARC_GOODS_KINDS], any = 0;
            carc_goods(v, seat, held);
            len = (size_t)snprintf(lines[n], PLAY_LINE, "    pig +%d (in fields); goods", pig[seat]);
            for (int gk = 0; gk < CARC_GOODS_KINDS; gk++) {
                if (!held[gk])
                    continue;
                len += (size_t)snprintf(lines[n] + len, PLAY_LINE - len, "%s %s %d",
                                        any ? "," : ":", carc_goods_name(gk), held[gk]);
                if (goods[seat][gk])
                    len += (size_t)snprintf(lines[n] + len, PLAY_LINE - len, " +%d",
                                            goods[seat][gk]);
                any = 1;
            }
            if (!any)
                snprintf(lines[n] + len, PLAY_LINE - len, ": none");
            cls[n++] = 0;
        }
        if (w & (1u << seat)) {
            best = carc_score(v, seat);
            nwin++;
        }
    }
    len = (size_t)snprintf(lines[n], PLAY_LINE, "%s:", nwin > 1 ? "Winners" : "Winner");
    for (seat = 0; seat < carc_players(v); seat++)
        if (w & (1u << seat)) {
            play_seat_label(s, seat, reader, who, sizeof who);
            len += (size_t)snprintf(lines[n] + len, PLAY_LINE > len ? PLAY_LINE - len : 0,
                                    " %s,", who);
        }
    if (len < PLAY_LINE)
        snprintf(lines[n] + len, PLAY_LINE - len, " %d points", best);
    cls[n++] = 2;
    return n;
}

void play_final_text(const play_session *s, const carc_game *g, FILE *out)
{
    char lines[FINAL_LINES][PLAY_LINE];
    int cls[FINAL_LINES], n = final_lines(s, g, -1, lines, cls), i;
    fprintf(out, "\nFinal scoring after %d turns:\n", carc_turn(g));
    for (i = 0; i < n; i++)
        fprintf(out, "%s\n", lines[i]);
}

void play_screen_final_panel(play_ui *ui, const carc_game *v, int y, int x, int w, int h)
{
    char lines[FINAL_LINES][PLAY_LINE];
    int cls[FINAL_LINES], n = final_lines(ui->s, v, ui->viewer, lines, cls), i, y0 = y;

    play_put(ui, y++, x, w, "-- Final scoring --", play_attr(ui, PCOL_TITLE));
    for (i = 0; i < n && y < y0 + h; i++, y++) {
        int attr = cls[i] == 2 ? play_attr(ui, PCOL_HINT) | AT_BOLD
                   : cls[i] == 1 ? AT_BOLD
                                 : AT_NORMAL;
        const char *t = lines[i];
        int first = 1;
        if (cls[i] == 2)
            y++;
        /* a long line (the goods) wraps under itself, indented */
        while ((*t || first) && y < y0 + h) {
            int k = play_wrap_next(t, first ? w : w - 6);
            char part[PLAY_LINE + 8];
            snprintf(part, sizeof part, "%s%.*s", first ? "" : "      ", k, t);
            play_put(ui, y, x, w, part, attr);
            t += k;
            while (*t == ' ')
                t++;
            if (*t)
                y++;
            first = 0;
        }
    }
    y++;
    if (ui->mode == PM_REPLAY)
        return;  /* the viewer saves nothing; its keys are on the key line */
    if (y < y0 + h) {
        char msg[PLAY_PATH + 40];
        if (ui->saved[0])
            snprintf(msg, sizeof msg, "Record saved: %s", ui->saved);
        else
            snprintf(msg, sizeof msg, "s saves the record to %s", ui->opt->save_path);
        play_put(ui, y++, x, w, msg, ui->saved[0] ? play_attr(ui, PCOL_INFO) : AT_NORMAL);
    }
    if (y < y0 + h)
        play_put(ui, y++, x, w, "q quits", AT_NORMAL);
}

/* Centres text on row y. */
static void centre(play_ui *ui, int y, const char *text, int attr)
{
    int len = (int)strlen(text), x = (ui->W - len) / 2;
    if (x < 0)
        x = 0;
    play_put(ui, y, x, ui->W - x, text, attr);
}

void play_screen_handover(play_ui *ui)
{
    char line[PLAY_LINE];
    carc_pending p = play_session_pending(ui->s);
    int y = ui->H / 2 - 3;

    erase();
    snprintf(line, sizeof line, "Pass the keyboard to seat %d - press Enter", ui->next_seat);
    centre(ui, y, line, play_attr(ui, PCOL_TITLE) | AT_BOLD);
    snprintf(line, sizeof line, "Seat %d owes a decision: %s", ui->next_seat,
             play_decision_text(p.decision, carc_stack_left(ui->s->view)));
    centre(ui, y + 2, line, AT_NORMAL);
    centre(ui, y + 4, "The previous player's screen, cards and log are hidden.", AT_DIM);
    mvhline(ui->H - 1, 0, ' ' | A_REVERSE, ui->W);
    play_put(ui, ui->H - 1, 0, ui->W, play_model_keyline(ui), AT_REVERSE);
}

static const char *const help_lines[] = {
    "carc play - keys",
    "",
    "Placing a tile (the drawn tile is previewed at the cursor):",
    "  arrows / h j k l   jump to the nearest spot where the tile fits",
    "  Tab / Shift-Tab    next / previous spot       r / R / Space  turn",
    "  t                  switch tile (two tiles)    Enter          place",
    "Any other decision (a list of the legal moves, cards by name):",
    "  j / k / Tab        select     1-9 pick     Enter confirm",
    "  arrows             move to the next target on the board (highlighted)",
    "  p                  pass: no follower, decline, close a window (Enter",
    "                     never closes a window that offers a gift or card)",
    "  u                  undo your last decision (back to the last draw)",
    "  f / y n            follower step: switch figure; double turn: yes / no",
    "Always:",
    "  H J K L  scroll the board    c  fit the board    PgUp / PgDn  the log",
    "  i  tiles left and points     o  the whole board zoomed out",
    "  q  quit (offers to save an unfinished game)",
    "",
    "Board: green field, brown city (diamond: pennant), heavy lines roads,",
    "red cross cloister, digits followers in their seat's colour (side by side",
    "when several share a segment; underlined: locked), dotted blocks: spots",
    "where the tile fits, (M) a Mastermind spot, rings: targets of the choices.",
    "Corner marks: cyan the cursor, magenta a target, seat colour the last tile.",
    "",
    "Board marks: \xe2\x96\xb2 a tie-break token (on every segment of its feature: in a tie",
    "for the most followers there, its owner wins), \xe2\x89\xa1 a locked feature (its",
    "followers stay to the end, its points are banked and paid at the end).",
    "",
    "Space: how the expansions work (and their cards, yours first). Other keys close.",
};

/* The keys page's lines on how the terminal draws the expansions, after its "Board
 * marks" lines: each shown when the game has one of the expansions it names (registry
 * names), in this order. The drawing is the terminal's own (play_tile.c), so are its
 * words: a new expansion with marks of its own adds its rows here. */
static const struct {
    const char *exps;
    const char *line;
} keys_notes[] = {
    {"inns traders", ""},
    {"inns traders", ("Inns & Cathedrals, Traders & Builders: \xe2\x8c\x82 an inn, \xe2\x80\xa0 "
                      "a cathedral, w g c wine,")},
    {"inns traders", "grain, cloth in a city; L0 B0 P0 seat 0's large meeple, builder and pig."},
    {"river abbot", ""},
    {"river", ("The River: \xe2\x89\x88 water, never a road; \xe2\x97\x89 spring, \xe2\x89\x8b "
               "lake; waves: where it goes on.")},
    {"abbot", "The Abbot: \xe2\x9c\xbf a garden; A0 seat 0's abbot (f); the list offers its recall."},
    {"dragon tower", ""},
    {"dragon", ("The Princess & the Dragon: <D> the dragon (red), \xe2\x80\xa2 its track, "
                "\xe2\x96\xb2 a volcano,")},
    {"dragon", "\xe2\x9c\xa7 the fairy beside its follower."},
    {"tower", "The Tower: \xe2\x99\x9c and the height, a tower; a digit left of it, its follower."},
    {"abbey", ""},
    {"abbey", "Abbey & Mayor: M0 W0 seat 0's mayor and wagon; R0 its barn, at a tile's corner."},
};

/* The help's "On the board" paragraphs: what the terminal draws for an expansion (the
 * guide says how it plays), by its registry name, shown in the registry's order. */
static const struct {
    const char *exp;
    const char *text;
} board_notes[] = {
    {"inns", "Inns & Cathedrals: \xe2\x8c\x82 (^ without Unicode) is an inn beside its "
             "road, \xe2\x80\xa0 (T) a cathedral in its city. L and a seat's digit, in "
             "that seat's colour, is its large meeple: it counts as two followers. "
             "Choosing a road or city shows what the inn or cathedral makes it worth "
             "when completed, and that it is worth nothing if still unfinished at the "
             "end."},
    {"traders", "Traders & Builders: w, g and c in a city are its wine, grain and cloth. "
                "B and a digit is that seat's builder, P and a digit its pig. In the "
                "follower step f switches between the figures you can place (meeple, "
                "large meeple, builder, pig); when your builder's road or city grows you "
                "are asked whether to take a second tile (y or n). The panel lists every "
                "player's figures in supply (L B P, '-' when on the board) and goods, with "
                "* beside the most of each kind."},
    {"river", "The River: the river is water, waves on blue (~ without Unicode), never "
              "a road's line. \xe2\x97\x89 (@) is the spring where it rises, "
              "\xe2\x89\x8b the lake where it ends, and a road crossing it is drawn "
              "over the water. While the river tiles last the panel says how many are "
              "left, and waves on an empty place show where the river goes on."},
    {"abbot", "The Abbot: \xe2\x9c\xbf (% without Unicode) is a garden, A and a "
              "digit that seat's abbot. In the follower step it is one of the figures "
              "f switches between, offered only for the cloister or the garden of the "
              "tile you placed. The list offers its recall with what it gives now, as "
              "\"Recall your abbot: 6 points\". The figures table shows A while the "
              "abbot is in your supply."},
    {"dragon", "The Princess & the Dragon: <D> in red across a tile's middle is the "
               "dragon; while it moves, a red \xe2\x80\xa2 (.) marks each tile it went "
               "through and a ring each tile it may go to next. A red \xe2\x96\xb2 (v) "
               "at a tile's foot is a volcano. \xe2\x9c\xa7 (f) in magenta is the "
               "fairy, just right of the follower it stands by (at the tile's foot when "
               "it stands by nobody). The panel says where both are and who moves the "
               "dragon next."},
    {"tower", "The Tower: \xe2\x99\x9c (T) and a digit near a tile's top right corner is "
              "a tower and its height; a seat's digit left of it is the follower on its "
              "top, which closes it. The panel lists every player's floors and the "
              "prisoners each holds."},
    {"abbey", "Abbey & Mayor: M and a digit is that seat's mayor, W its wagon (f "
              "switches to them in the follower step). R and a digit at the bottom right "
              "of a tile is a barn: it stands on the corner where that tile meets the "
              "three tiles south and east of it. An abbey is drawn as a cloister on a "
              "field tile. The figures table shows M W R while they are in your supply, "
              "and the panel who still holds an abbey: while you do, at the start of "
              "your turn you are asked whether to place it in a hole (y or n), and once "
              "more in the final round after the last tile."},
};
enum { NBOARD_NOTES = sizeof board_notes / sizeof *board_notes };

/* The board note of expansion e, or NULL. */
static const char *board_note(const carc_expansion_info *e)
{
    for (int i = 0; i < NBOARD_NOTES; i++)
        if (strcmp(board_notes[i].exp, e->name) == 0)
            return board_notes[i].text;
    return NULL;
}

/* Text t wrapped into out[*n...] at width, later rows indented by indent. */
static void wrap_into(const char *t, int width, int indent, char (*out)[PLAY_LINE], int *n,
                      int cap)
{
    int first = 1;
    while ((*t || first) && *n < cap) {
        int r = play_wrap_next(t, first ? width : width - indent);
        snprintf(out[(*n)++], PLAY_LINE, "%*s%.*s", first ? 0 : indent, "", r, t);
        t += r;
        while (*t == ' ')
            t++;
        first = 0;
    }
}

/* The lines of the help's pages after the keys: how the game's expansions work (the
 * guide of card_text.c, the paragraphs web/how.html shows), then the cards `seat`
 * holds ("you hold 2"), then every other card of the game's expansions, each with its
 * name, deck, timing and text. Only the seat's own hand is read. */
static int card_lines(const carc_game *v, int seat, int width, char (*out)[PLAY_LINE], int cap)
{
    unsigned exp = carc_config_of(v).expansions, noted = 0;
    int c, n = 0, pass, gifts[6] = {0}, cards[CARC_CARDS] = {0};
    carc_guide_par g;
    /* the hands of an expansion not in play are empty */
    if (seat >= 0) {
        carc_gifts(v, seat, gifts);
        carc_cards(v, seat, cards);
    }
    int cards_on = play_has_cards(exp);
    for (int e = 0; e < carc_expansion_count(); e++)
        if (board_note(carc_expansion_at(e)))
            noted |= carc_expansion_at(e)->bit;
    if (n < cap)
        snprintf(out[n++], PLAY_LINE, "carc play - how these expansions work%s",
                 cards_on ? ", then the cards" : "");
    if ((exp & noted) && n + 1 < cap) {
        /* what the terminal draws for them (the guide below says how they play) */
        out[n++][0] = '\0';
        snprintf(out[n++], PLAY_LINE, "On the board");
        for (int e = 0; e < carc_expansion_count(); e++) {
            const carc_expansion_info *x = carc_expansion_at(e);
            if ((exp & x->bit) && board_note(x))
                wrap_into(board_note(x), width, 0, out, &n, cap);
        }
    }
    for (int i = 0; carc_guide_at(i, &g); i++) {
        if (g.expansions && !(g.expansions & exp))
            continue;
        if (!g.expansions && !cards_on)
            continue;  /* the turn with gifts and cards */
        if (g.title && n + 1 < cap) {
            out[n++][0] = '\0';
            snprintf(out[n++], PLAY_LINE, "%s", g.title);
        }
        wrap_into(g.text, width, 0, out, &n, cap);
    }
    if (cards_on && n + 1 < cap) {
        out[n++][0] = '\0';
        snprintf(out[n++], PLAY_LINE, "The cards, yours first (also: carc cards)");
    }
    for (pass = 0; pass < 2; pass++)
        for (c = 1; c < CARC_CARDS && n < cap; c++) {
            const carc_card_info *ci = carc_card_info_of(c);
            char all[PLAY_LINE * 3], held[24] = "";
            const char *t = all;
            /* carc_gifts counts the gifts by their ids, carc_cards every other card */
            int first = 1, k = c < (int)(sizeof gifts / sizeof *gifts) ? gifts[c] : cards[c];
            if (!ci || !(carc_card_expansion(c) & exp) || (pass == 0) != (k > 0))
                continue;
            if (k > 0)
                snprintf(held, sizeof held, ", you hold %d", k);
            snprintf(all, sizeof all, "%s (%s deck, %s%s): %s", ci->name, ci->deck, ci->timing,
                     held, ci->text);
            while ((*t || first) && n < cap) {
                int r = play_wrap_next(t, first ? width : width - 4);
                snprintf(out[n++], PLAY_LINE, "%s%.*s", first ? "" : "    ", r, t);
                t += r;
                while (*t == ' ')
                    t++;
                first = 0;
            }
        }
    return n;
}

void play_screen_help(play_ui *ui, const carc_game *v)
{
    enum { CAP = 400 };
    char (*lines)[PLAY_LINE];
    int n, i, w = 0, x, y, per, page = ui->help - 1, pages, first;
    const int nhelp = (int)(sizeof help_lines / sizeof help_lines[0]);
    unsigned exp = carc_config_of(v).expansions;

    erase();
    if (page == 0 || !(exp & carc_expansion_bits())) {
        if (page > 0) {
            ui->help = 0;
            return;
        }
        const char *page0[sizeof help_lines / sizeof *help_lines +
                          sizeof keys_notes / sizeof *keys_notes];
        int np = 0, notes = 0;
        for (size_t k = 0; k < sizeof keys_notes / sizeof *keys_notes; k++)
            notes += (exp & play_exp_named(keys_notes[k].exps)) != 0;
        /* many expansions on a short screen: the notes without their blank lines, so
         * that the last line (Space: the guide) still shows */
        int spaced = nhelp + notes + 2 <= ui->H;
        for (i = 0; i < nhelp; i++) {
            for (size_t k = 0; i == nhelp - 1 && k < sizeof keys_notes / sizeof *keys_notes; k++)
                if ((exp & play_exp_named(keys_notes[k].exps)) && (spaced || *keys_notes[k].line))
                    page0[np++] = keys_notes[k].line;
            page0[np++] = help_lines[i];
        }
        for (i = 0; i < np; i++)
            if ((int)strlen(page0[i]) > w)
                w = (int)strlen(page0[i]);
        w += 4;
        if (w > ui->W)
            w = ui->W;
        x = (ui->W - w) / 2;
        y = (ui->H - np - 2) / 2;
        if (y < 0)
            y = 0;
        for (i = 0; i < np && y + 1 + i < ui->H; i++)
            play_put(ui, y + 1 + i, x + 2, w - 4, page0[i],
                     i == 0 ? play_attr(ui, PCOL_TITLE) | AT_BOLD : AT_NORMAL);
        return;
    }
    /* the card pages */
    if (!(lines = malloc(sizeof *lines * CAP))) {
        play_put(ui, 0, 0, ui->W, "out of memory", AT_BOLD);
        return;
    }
    w = ui->W - 4 < 100 ? ui->W - 4 : 100;
    n = card_lines(v, ui->viewer >= 0 && ui->s->seat[ui->viewer].human ? ui->viewer : -1, w,
                   lines, CAP);
    per = ui->H - 3;
    pages = (n - 1 + per - 2) / (per - 1);
    if (page > pages) {
        ui->help = 0;
        free(lines);
        return;
    }
    x = (ui->W - w) / 2;
    play_put(ui, 0, x, w, lines[0], play_attr(ui, PCOL_TITLE) | AT_BOLD);
    first = 1 + (page - 1) * (per - 1);
    for (i = first, y = 2; i < n && y < ui->H - 1; i++, y++)
        play_put(ui, y, x, w, lines[i], AT_NORMAL);
    {
        char foot[PLAY_LINE];
        snprintf(foot, sizeof foot, "page %d of %d   %s", page, pages,
                 page < pages ? "Space: next page   any other key closes"
                              : "any key closes");
        play_put(ui, ui->H - 1, x, w, foot, AT_REVERSE);
    }
    free(lines);
}

/* 1 for a score category the game's expansions can give points in. */
static int category_used(unsigned exp, int c)
{
    return carc_categories_of(exp) >> c & 1u;
}

/* The marks a tile's picture (play_tile.c: what its segments hold) lacks and a player
 * looks for among the tiles left: The Princess & the Dragon's symbols at the foot, left
 * (the volcano as the board draws it, play_draw.c), and The Tower's foundation near the
 * top right corner, where the board draws a tower and its height. */
static const struct {
    wchar_t w;
    char a;
    int red;
    const char *words;
} info_symbol[] = {
    [CARC_SYMBOL_VOLCANO] = {L'\u25b2', 'v', 1, "volcano"},
    [CARC_SYMBOL_DRAGON] = {L'D', 'D', 1, "dragon"},
    [CARC_SYMBOL_PORTAL] = {L'\u03a9', 'O', 0, "magic portal"},
    [CARC_SYMBOL_PRINCESS] = {L'\u265b', 'Q', 0, "princess"},
};
enum { INFO_SYMBOLS = sizeof info_symbol / sizeof *info_symbol };

/* Whether tile kind k has a tower foundation (every kind The Tower brings, TW1). */
static int info_tower(int k)
{
    const carc_tile_def *d = carc_tile_def_of(k);
    return d && carc_has_towers(d->expansion);
}

/* Kind k's marks on its picture at (y0,x0). */
static void info_marks(play_ui *ui, int y0, int x0, int k)
{
    int sym = carc_tile_symbol(k), bold = play_attr(ui, PCOL_TITLE) | AT_BOLD;
    if (sym > CARC_SYMBOL_NONE && sym < INFO_SYMBOLS)
        play_glyph(ui, y0 + 2, x0 + 1, info_symbol[sym].w, info_symbol[sym].a,
                   info_symbol[sym].red ? play_attr(ui, PCOL_DRAGON) | AT_BOLD : bold);
    if (info_tower(k))
        play_glyph(ui, y0, x0 + 4, L'\u265c', 'T', bold);
}

/* After the header at (row, col): what the marks of the kinds left mean, those of the
 * kinds the game has. Returns the columns written. */
static int info_legend(play_ui *ui, int row, int col, int w, const int *kinds, int nk)
{
    int seen[INFO_SYMBOLS + 1] = {0}, x = col, bold = play_attr(ui, PCOL_TITLE) | AT_BOLD;
    for (int i = 0; i < nk; i++) {
        int sym = carc_tile_symbol(kinds[i]);
        if (sym > CARC_SYMBOL_NONE && sym < INFO_SYMBOLS)
            seen[sym] = 1;
        seen[INFO_SYMBOLS] |= info_tower(kinds[i]);
    }
    for (int sym = 0; sym <= INFO_SYMBOLS; sym++) {
        const char *words = sym < INFO_SYMBOLS ? info_symbol[sym].words : "tower";
        if (!seen[sym] || x + 3 + (int)strlen(words) > col + w)
            continue;
        x += play_put(ui, row, x, 2, "  ", AT_NORMAL);
        if (sym < INFO_SYMBOLS)
            play_glyph(ui, row, x++, info_symbol[sym].w, info_symbol[sym].a,
                       info_symbol[sym].red ? play_attr(ui, PCOL_DRAGON) | AT_BOLD : bold);
        else
            play_glyph(ui, row, x++, L'\u265c', 'T', bold);
        x += play_put(ui, row, x, col + w - x, " ", AT_NORMAL);
        x += play_put(ui, row, x, col + w - x, words, AT_NORMAL);
    }
    return x - col;
}

void play_screen_info(play_ui *ui, const carc_game *v)
{
    unsigned exp = carc_config_of(v).expansions;
    int left[CARC_TILE_KINDS], k, i, n, kind, x, y, rot, hand[2], nh, removed[CARC_STACK];
    int kinds[CARC_TILE_KINDS], nk, per, rows, pages, first;
    int row = 1, col = 2, w = ui->W - 4, seat, c;
    char line[PLAY_LINE];
    size_t len;

    for (k = 0; k < CARC_TILE_KINDS; k++)
        left[k] = carc_tile_count(exp, k);
    n = carc_board_count(v);
    for (i = 0; i < n; i++) {
        carc_board_tile(v, i, &kind, &x, &y, &rot);
        left[kind]--;
    }
    nh = carc_hand_tiles(v, hand);
    for (i = 0; i < nh; i++)
        left[hand[i]]--;
    n = carc_removed_tiles(v, removed, CARC_STACK);
    for (i = 0; i < n; i++)
        left[removed[i]]--;
    /* the kinds still in the stack, the river's first: they are drawn first (R3) */
    for (i = 0, nk = 0; i < 2 * CARC_TILE_KINDS; i++) {
        const carc_tile_def *d;
        int river = 0;
        k = i % CARC_TILE_KINDS;
        if (left[k] <= 0)
            continue;
        d = carc_tile_def_of(k);
        for (int e = 0; e < 4; e++)
            river |= d->edges[e] == CARC_EDGE_RIVER;
        if (river == (i < CARC_TILE_KINDS))
            kinds[nk++] = k;
    }
    /* as many rows of pictures as leave room for the points below; the rest on further
     * pages (Space), never silently cut (issue 32) */
    per = (w + 2) / (PT_COLS + 5);
    if (per < 1)
        per = 1;
    rows = (ui->H - 10 - 3) / PT_ROWS;
    if (rows < 1)
        rows = 1;
    pages = nk > 0 ? (nk + per * rows - 1) / (per * rows) : 1;
    if (ui->info > pages) {  /* Space past the last page: the game again */
        ui->info = 0;
        return;
    }
    first = (ui->info - 1) * per * rows;
    erase();
    if (carc_river_left(v) > 0)  /* The River (R3, R10): the river stack's tiles come first */
        snprintf(line, sizeof line, "Tiles left: %d, the first %d the river's (the lake last)",
                 carc_stack_left(v), carc_river_left(v));
    else
        snprintf(line, sizeof line, "Tiles left in the stack: %d", carc_stack_left(v));
    len = (size_t)play_put(ui, row, col, w, line, play_attr(ui, PCOL_TITLE) | AT_BOLD);
    info_legend(ui, row++, col + (int)len, w - (int)len, kinds, nk);
    if (pages > 1) {
        snprintf(line, sizeof line, "kinds %d-%d of %d", first + 1,
                 first + per * rows < nk ? first + per * rows : nk, nk);
        play_put(ui, row++, col, w, line, AT_DIM);
    }
    /* the kinds as pictures, each with how many are left (players know tiles by what
     * they show, not by the letters of `carc tiles`: issue 21) */
    for (i = first; i < nk && i < first + per * rows; i++) {
        play_cell grid[PT_ROWS][PT_COLS];
        int x0 = col + ((i - first) % per) * (PT_COLS + 5);
        int y0 = row + ((i - first) / per) * PT_ROWS;
        play_tile_paint(kinds[i], 0, grid);
        play_paint_tile(ui, y0, x0, grid, 0);
        info_marks(ui, y0, x0, kinds[i]);
        snprintf(line, sizeof line, "x%d", left[kinds[i]]);
        play_put(ui, y0 + 1, x0 + PT_COLS + 1, 3, line, AT_BOLD);
    }
    row += ((i - first) + per - 1) / per * PT_ROWS;
    row++;
    play_put(ui, row++, col, w, "Points by category (so far)", play_attr(ui, PCOL_TITLE) | AT_BOLD);
    len = (size_t)snprintf(line, sizeof line, "%-8s", "seat");
    for (c = 0; c < CARC_SCORE_CATEGORIES; c++) {
        if (!category_used(exp, c))
            continue;
        len += (size_t)snprintf(line + len, sizeof line - len, " %7s", category_words(exp, c, 1));
    }
    play_put(ui, row++, col, w, line, AT_UNDERLINE);
    for (seat = 0; seat < carc_players(v); seat++) {
        len = (size_t)snprintf(line, sizeof line, "%d %-6.6s", seat,
                               seat == ui->viewer && ui->s->seat[seat].human
                                   ? "you" : ui->s->seat[seat].kind);
        for (c = 0; c < CARC_SCORE_CATEGORIES; c++) {
            if (!category_used(exp, c))
                continue;
            len += (size_t)snprintf(line + len, sizeof line - len, " %7d",
                                    carc_score_part(v, seat, c));
        }
        play_put(ui, row++, col, w, line, AT_NORMAL);
    }
    if (exp & play_exp_named("christmas"))  /* its locks bank points (a terminal note) */
        play_put(ui, row++, col, w, "Banked points (locked features) are paid at the end.",
                 AT_DIM);
    if (pages > 1) {
        snprintf(line, sizeof line, " page %d of %d   %s", ui->info, pages,
                 ui->info < pages ? "Space: more tiles   any other key: back to the game"
                                  : "any key: back to the game");
        play_put(ui, ui->H - 1, 0, ui->W, line, AT_REVERSE);
    } else {
        play_put(ui, ui->H - 1, 0, ui->W, " i or any key: back to the game   ? help", AT_REVERSE);
    }
}

void play_screen_too_small(play_ui *ui)
{
    char msg[PLAY_LINE];
    const char *t = msg;
    int y = 0;
    erase();
    snprintf(msg, sizeof msg,
             "Terminal too small: %dx%d, carc play needs at least %dx%d. Enlarge the window "
             "to go on (q quits).",
             ui->W, ui->H, PLAY_MIN_W, PLAY_MIN_H);
    while (*t && y < ui->H) {
        int n = (int)strlen(t), room = ui->W > 0 ? ui->W : 1;
        if (n > room) {
            int cut = room;
            while (cut > 0 && t[cut] != ' ')
                cut--;
            n = cut > 0 ? cut : room;
        }
        play_put(ui, y++, 0, n, t, AT_BOLD);
        t += n;
        while (*t == ' ')
            t++;
    }
}

/* What a tile shows most, for the overview: its glyph and colour role. */
static void overview_cell(int kind, wchar_t *w, char *a, int *role)
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    int city = 0, road = 0, river = 0;
    for (int e = 0; e < 4; e++) {
        city += d->edges[e] == CARC_EDGE_CITY;
        road += d->edges[e] == CARC_EDGE_ROAD;
        river += d->edges[e] == CARC_EDGE_RIVER;
    }
    if (river) {  /* the river's course matters most, and is never a road */
        *w = L'\u2248'; *a = '~'; *role = PCOL_RIVER;
    } else if (d->cloister) {
        *w = L'\u271d'; *a = '+'; *role = PCOL_CLOISTER;
    } else if (city >= 2) {
        *w = L'\u2593'; *a = '#'; *role = PCOL_CITY;
    } else if (city) {
        *w = L'\u2592'; *a = 'c'; *role = PCOL_CITY;
    } else if (road) {
        *w = road >= 3 ? L'\u253c' : L'\u2550'; *a = road >= 3 ? '+' : '='; *role = PCOL_ROAD;
    } else {
        *w = L'\u00b7'; *a = '.'; *role = PCOL_FIELD;
    }
}

/* 1 when the game's tiles show water (a river edge): the legend says what it is. */
static int has_water(unsigned exp)
{
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        const carc_tile_def *d = carc_tile_def_of(k);
        for (int e = 0; e < 4 && carc_tile_count(exp, k) > 0; e++)
            if (d->edges[e] == CARC_EDGE_RIVER)
                return 1;
    }
    return 0;
}

void play_screen_overview(play_ui *ui, const carc_game *v)
{
    int n = carc_board_count(v), i, kind, x, y, rot, minx = 0, maxx = 0, miny = 0, maxy = 0;
    carc_follower fol[CARC_MAX_PLAYERS * (CARC_FOLLOWERS + 4) + 8];
    int nf = carc_followers(v, fol, (int)(sizeof fol / sizeof fol[0]));
    char line[PLAY_LINE];
    for (i = 0; i < n; i++) {
        carc_board_tile(v, i, &kind, &x, &y, &rot);
        minx = x < minx ? x : minx; maxx = x > maxx ? x : maxx;
        miny = y < miny ? y : miny; maxy = y > maxy ? y : maxy;
    }
    /* one more on every side: where tiles may go next */
    minx--; maxx++; miny--; maxy++;
    int cw = (maxx - minx + 1) * 2 <= ui->W - 2 ? 2 : 1;  /* columns per tile */
    int x0 = (ui->W - (maxx - minx + 1) * cw) / 2, y0 = 2;
    erase();
    snprintf(line, sizeof line, "Overview: the whole board, %d tiles (%d x %d)", n,
             maxx - minx - 1, maxy - miny - 1);
    play_put(ui, 0, 1, ui->W - 2, line, play_attr(ui, PCOL_TITLE) | AT_BOLD);
    if (x0 < 0)
        x0 = 0;
    for (y = miny; y <= maxy && y0 + y - miny < ui->H - 2; y++)
        for (x = minx; x <= maxx; x++) {
            int sx = x0 + (x - minx) * cw, sy = y0 + (y - miny);
            wchar_t w;
            char a;
            int role, attr;
            if (sx + cw > ui->W)
                continue;
            if (!carc_tile_at(v, x, y, &kind, &rot)) {
                continue;
            }
            overview_cell(kind, &w, &a, &role);
            attr = play_attr(ui, role);
            if (ui->s->have_last && x == ui->s->last_x && y == ui->s->last_y)
                attr = play_attr(ui, PCOL_LAST) | AT_BOLD;
            play_glyph(ui, sy, sx, w, a, attr);
            if (cw == 2) {
                /* the second cell: the seat of a follower on the tile, else the glyph */
                int seat = -1;
                for (int k = 0; k < nf && seat < 0; k++)
                    if (fol[k].x == x && fol[k].y == y)
                        seat = fol[k].seat;
                if (seat >= 0)
                    play_glyph(ui, sy, sx + 1, (wchar_t)('0' + seat), (char)('0' + seat),
                               play_attr(ui, PCOL_SEAT0 + seat) | AT_BOLD);
                else
                    play_glyph(ui, sy, sx + 1, w, a, attr);
            }
        }
    snprintf(line, sizeof line, "%s city  %s cloister  %s road  %s field%s  digit: a follower's "
             "seat",
             ui->unicode ? "\xe2\x96\x93" : "#", ui->unicode ? "\xe2\x9c\x9d" : "+",
             ui->unicode ? "\xe2\x95\x90" : "=", ui->unicode ? "\xc2\xb7" : ".",
             !has_water(carc_config_of(v).expansions) ? ""
             : ui->unicode ? "  \xe2\x89\x88 river" : "  ~ river");
    play_put(ui, ui->H - 2, 1, ui->W - 2, line, AT_DIM);
    mvhline(ui->H - 1, 0, ' ' | A_REVERSE, ui->W);
    play_put(ui, ui->H - 1, 0, ui->W, " o or any key: back to the game   c fits the board there",
             AT_REVERSE);
}
