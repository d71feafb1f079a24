/*
 * play_view.c - `carc play --view FILE`: a game record step by step on the game
 * screen. The record's moves are applied once (checking them), then the position
 * after any number of them is rebuilt by playing the game again from the start
 * (play_session_goto), so the board, every seat's log and the scores are exactly as
 * they were then. The screen shows one seat's view at a time (its hand and its log,
 * as that seat saw them); Tab turns to the next seat.
 *
 * Keys: right / l / Space / n one move forward, left / h / b one back, Home / g the
 * start, End / G the end, PgUp / PgDn the log, H J K L scroll, c fits, Tab the next
 * seat, q quits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "play_ui.h"

/* Rebuilds the position after `at` moves; 0, or -1 with a message in the status. */
static int view_goto(play_ui *ui, const play_hist *moves, int at)
{
    carc_error err = {0, ""};
    if (at < 0)
        at = 0;
    if (at > ui->replay_n)
        at = ui->replay_n;
    if (play_session_goto(ui->s, moves, at, &err) != 0) {
        play_set_status(ui, PS_ERROR, "%s", err.msg);
        return -1;
    }
    ui->replay_at = at;
    ui->log_back = 0;
    ui->status[0] = '\0';
    if (at == ui->replay_n)
        play_set_status(ui, PS_INFO, "the end of the record");
    return 0;
}

/* The turn shown after `at` moves (the full state's, which the viewer replays). */
static int turn_at(play_ui *ui, const play_hist *moves, int at)
{
    if (view_goto(ui, moves, at) != 0)
        return -1;
    return carc_turn(ui->s->g);
}

/* Jumps to the first move of the next turn (dir 1) or of this or the previous turn
 * (dir -1): the viewer steps per decision, a turn is many (issue 21). */
static void view_turn(play_ui *ui, const play_hist *moves, int dir)
{
    int at = ui->replay_at, turn = turn_at(ui, moves, at), t;
    if (turn < 0)
        return;
    if (dir > 0) {
        while (at < ui->replay_n && (t = turn_at(ui, moves, at + 1)) == turn)
            at++;
        if (at < ui->replay_n)
            at++;
    } else {
        /* back to where this turn began; from there, to where the one before began */
        int start = at;
        while (start > 0 && turn_at(ui, moves, start - 1) == turn)
            start--;
        if (start == at && start > 0) {
            int prev = turn_at(ui, moves, start - 1);
            start--;
            while (start > 0 && turn_at(ui, moves, start - 1) == prev)
                start--;
        }
        at = start;
    }
    view_goto(ui, moves, at);
}

/* One key; returns 1 to quit. */
static int view_key(play_ui *ui, const carc_game *v, const play_hist *moves, int ch)
{
    switch (ch) {
    case 'q': return 1;
    case KEY_RIGHT: case 'l': case ' ': case 'n':
        if (ui->replay_at < ui->replay_n)
            view_goto(ui, moves, ui->replay_at + 1);
        else
            play_set_status(ui, PS_HINT, "this is the end of the record (Home goes to the start)");
        return 0;
    case KEY_LEFT: case 'h': case 'b':
        if (ui->replay_at > 0)
            view_goto(ui, moves, ui->replay_at - 1);
        else
            play_set_status(ui, PS_HINT, "this is the start (End goes to the end)");
        return 0;
    case ']': case 't': view_turn(ui, moves, 1); return 0;
    case '[': case 'T': view_turn(ui, moves, -1); return 0;
    case KEY_HOME: case 'g': view_goto(ui, moves, 0); return 0;
    case KEY_END: case 'G': view_goto(ui, moves, ui->replay_n); return 0;
    case '\t':
        ui->viewer = (ui->viewer + 1) % ui->s->nseats;
        ui->log_back = 0;
        play_set_status(ui, PS_INFO, "seat %d's view: its hand and its log", ui->viewer);
        return 0;
    case KEY_RESIZE: case ERR: return 0;
    default:
        if (!play_keys_common(ui, v, ch) || ch == 'u' || ch == '?' || ch == 'i')
            play_set_status(ui, PS_HINT, "keys: arrows a move, ] [ a turn, Home End, Tab seat, o overview, q quit");
        ui->help = ui->info = ui->confirm_quit = 0;
        return 0;
    }
}

int play_view_run(const char *path)
{
    char kinds[CARC_MAX_PLAYERS][PLAY_KIND_LEN], msg[PLAY_LINE];
    carc_record *rec = play_record_load(path, msg, sizeof msg);
    carc_error err = {0, ""};
    play_options opt;
    play_session *s;
    play_hist *moves = NULL;
    play_ui ui;
    void *scr;
    int i, rc = 0, n;

    memset(&ui, 0, sizeof ui);
    if (!rec) {
        fprintf(stderr, "carc play: --view: %s\n", msg);
        return 1;
    }
    n = carc_record_config(rec)->players;
    for (i = 0; i < n; i++)
        snprintf(kinds[i], PLAY_KIND_LEN, "human");
    if (!(s = calloc(1, sizeof *s)) ||
        play_session_init(s, carc_record_config(rec), n, (const char(*)[PLAY_KIND_LEN])kinds, 0,
                          &err) != 0) {
        fprintf(stderr, "carc play: --view: %s\n", s ? err.msg : "out of memory");
        free(s);
        carc_record_free(rec);
        return 1;
    }
    for (i = 0; i < n; i++) {  /* nobody plays: labels are "seat 1" */
        s->seat[i].kind[0] = '\0';
        s->seat[i].human = 0;
    }
    s->humans = 0;
    play_session_start(s);
    if (play_session_resume(s, rec, msg, sizeof msg) != 0) {
        fprintf(stderr, "carc play: --view: %s: %s\n", path, msg);
        rc = 1;
        goto done;
    }
    /* the moves, kept apart from the history that every step rebuilds */
    if (s->hist_lost || !(moves = malloc(sizeof *moves * (size_t)(s->nhist + 1)))) {
        fprintf(stderr, "carc play: --view: out of memory\n");
        rc = 1;
        goto done;
    }
    memcpy(moves, s->hist, sizeof *moves * (size_t)s->nhist);

    memset(&opt, 0, sizeof opt);
    snprintf(opt.save_path, sizeof opt.save_path, "%s", path);
    ui.s = s;
    ui.opt = &opt;
    ui.viewer = 0;
    ui.follow = 1;
    ui.mode = PM_REPLAY;
    ui.dkind = CARC_DEC_NONE;
    ui.replay_n = s->nhist;
    if (!(ui.order = malloc(sizeof *ui.order * CARC_MAX_MOVES)) || !(scr = play_tui_open(&ui))) {
        rc = 1;
        goto done;
    }
    view_goto(&ui, moves, 0);
    for (;;) {
        const carc_game *v;
        int ch;
        play_draw_layout(&ui);
        if (ui.W < PLAY_MIN_W || ui.H < PLAY_MIN_H) {
            play_screen_too_small(&ui);
            refresh();
            if (getch() == 'q')
                break;
            continue;
        }
        v = play_session_view(s, ui.viewer);
        play_keys_autofocus(&ui, v);
        play_draw_game(&ui, v);
        if (ui.overview)
            play_screen_overview(&ui, v);
        refresh();
        ch = getch();
        if (ui.overview && ch != KEY_RESIZE && ch != ERR) {  /* any key: back to the board */
            ui.overview = 0;
            continue;
        }
        if (view_key(&ui, v, moves, ch))
            break;
    }
    play_tui_close(scr);
done:
    free(ui.order);
    free(moves);
    play_session_free(s);
    free(s);
    carc_record_free(rec);
    return rc;
}
