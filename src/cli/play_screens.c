/*
 * play_screens.c - the whole screens of `carc play` that are not the game itself:
 * the hand-over between two humans at one keyboard (nothing of either seat's hand or
 * log is on it), the help, the message of a terminal too small, and the final scoring
 * (drawn in the side panel beside the final board, or printed when headless).
 */
#include <stdio.h>
#include <string.h>

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "play_ui.h"

enum { FINAL_LINES = 4 * CARC_MAX_PLAYERS + 4 };

static const char *const category_name[CARC_SCORE_CATEGORIES] = {
    "roads", "cities", "cloisters", "fields", "cards", "gifts"};

/* The final scoring as lines: per seat a total and the categories, then the winners.
 * reader: the seat called "you" (-1 none). Returns the number of lines; cls[i] is 1
 * for a winner's line and 2 for the winners line. */
static int final_lines(const play_session *s, const carc_game *v, int reader,
                       char lines[FINAL_LINES][PLAY_LINE], int cls[FINAL_LINES])
{
    unsigned exp = carc_config_of(v)->expansions, w = carc_winners(v);
    int n = 0, seat, c, best = 0, nwin = 0;
    size_t len;
    char who[48];

    for (seat = 0; seat < carc_players(v); seat++) {
        int k = 0;
        play_seat_label(s, seat, reader, who, sizeof who);
        snprintf(lines[n], PLAY_LINE, "%-16s %4d points%s", who, carc_score(v, seat),
                 w & (1u << seat) ? "  WINNER" : "");
        cls[n++] = (w >> seat) & 1u;
        len = 0;
        for (c = 0; c < CARC_SCORE_CATEGORIES; c++) {
            if (c == CARC_SCORE_CARDS && !(exp & CARC_EXP_CHRISTMAS))
                continue;
            if (c == CARC_SCORE_GIFTS && !(exp & CARC_EXP_GIFTS))
                continue;
            if (k == 3) {
                cls[n++] = 0;
                len = 0;
            }
            if (len == 0)
                len = (size_t)snprintf(lines[n], PLAY_LINE, "   ");
            len += (size_t)snprintf(lines[n] + len, PLAY_LINE - len, " %s %d", category_name[c],
                                    carc_score_part(v, seat, c));
            k++;
        }
        cls[n++] = 0;
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
        if (cls[i] == 2)
            y++;
        play_put(ui, y, x, w, lines[i], attr);
    }
    y++;
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
             play_decision_text(p.decision));
    centre(ui, y + 2, line, AT_NORMAL);
    centre(ui, y + 4, "The previous player's screen, cards and log are hidden.", AT_DIM);
    mvhline(ui->H - 1, 0, ' ' | A_REVERSE, ui->W);
    play_put(ui, ui->H - 1, 0, ui->W, play_keys_line(ui, NULL), AT_REVERSE);
}

static const char *const help_lines[] = {
    "carc play - keys",
    "",
    "Placing a tile (the drawn tile is previewed at the cursor):",
    "  arrows / h j k l   jump to the nearest spot where the tile fits",
    "  Tab / Shift-Tab    next / previous spot       r / R / Space  turn",
    "  t                  switch tile (two tiles)    Enter          place",
    "Any other decision (a list of the legal moves in notation):",
    "  up / down / j / k  select     1-9 pick     Enter confirm",
    "  p                  pass (no follower, close a window, decline)",
    "Always:",
    "  H J K L  scroll the board    c  centre    PgUp / PgDn  scroll the log",
    "  ?  this help                 q  quit      s  save the record (at the end)",
    "",
    "Board: green field, brown city (diamond: pennant), heavy lines roads,",
    "red cross cloister, digits followers in their seat's colour (underlined:",
    "locked), dotted blocks: spots where the tile fits, (M) a Mastermind spot.",
    "Corner marks: cyan the cursor, magenta a target, seat colour the last tile.",
    "Moves are written as in docs/NOTATION.md: U (1,0) r1, road:N, pass.",
    "",
    "Press any key to close this help.",
};

void play_screen_help(play_ui *ui)
{
    int n = (int)(sizeof help_lines / sizeof help_lines[0]), i, w = 0, x, y;
    erase();
    for (i = 0; i < n; i++)
        if ((int)strlen(help_lines[i]) > w)
            w = (int)strlen(help_lines[i]);
    w += 4;
    if (w > ui->W)
        w = ui->W;
    x = (ui->W - w) / 2;
    y = (ui->H - n - 2) / 2;
    if (y < 0)
        y = 0;
    for (i = -1; i <= n; i++) {
        if (y + 1 + i >= ui->H)
            break;
        move(y + 1 + i, x);
        hline(' ', w);
        if (i >= 0 && i < n)
            play_put(ui, y + 1 + i, x + 2, w - 4, help_lines[i],
                     i == 0 ? play_attr(ui, PCOL_TITLE) | AT_BOLD : AT_NORMAL);
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
