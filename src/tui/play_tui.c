/*
 * play_tui.c - the main loop of `carc play` on the terminal.
 *
 * Each round of the loop asks the session who owes the pending decision, then:
 *   - a computer seat: the screen is drawn ("... is thinking") and the computer
 *     chooses from its own view; with no human in the game the loop also reads keys
 *     without waiting (and pauses --delay-ms), so one can scroll, read the help or quit;
 *   - a human seat that is not the one at the keyboard (another human had it, or the
 *     game starts with several humans): the hand-over screen, until Enter;
 *   - the human at the keyboard: their screen, drawn from their own view, and one key;
 *   - nobody (the game is over): the final scoring beside the final board, `s` saves.
 * A terminal smaller than PLAY_MIN_W x PLAY_MIN_H shows only a message until it is
 * resized (KEY_RESIZE) or q is pressed.
 */
#define _XOPEN_SOURCE_EXTENDED 1
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "play_ui.h"

/* The seat whose view the screen shows. */
static int screen_seat(const play_ui *ui)
{
    return ui->viewer >= 0 ? ui->viewer : 0;
}

static void key_label(int ch, char *buf, size_t size)
{
    const char *k = ch == '\r' || ch == '\n' || ch == KEY_ENTER ? "Enter"
                    : ch == ' '                                   ? "Space"
                    : ch == '\t'                                  ? "Tab"
                    : ch == 27                                    ? "Esc"
                                                                  : keyname(ch);
    snprintf(buf, size, "%s", k ? k : "?");
}

static void ignored(play_ui *ui, int ch, const char *why)
{
    char k[32];
    key_label(ch, k, sizeof k);
    play_set_status(ui, PS_HINT, "'%s' does nothing here%s%s (? shows the keys)", k,
                    why ? ": " : "", why ? why : "");
}

static void save_record(play_ui *ui)
{
    char msg[PLAY_LINE];
    if (play_session_save(ui->s, ui->opt->save_path, msg, sizeof msg) == 0) {
        snprintf(ui->saved, sizeof ui->saved, "%s", ui->opt->save_path);
        play_set_status(ui, PS_INFO, "%s (check it with: carc replay %s)", msg,
                        ui->opt->save_path);
        play_log_add(&ui->s->seat[screen_seat(ui)].log, PLOG_INFO, msg);
    } else {
        play_set_status(ui, PS_ERROR, "%s", msg);
    }
}

/* The scores now, remembered when a human's turn begins (hot seat: the turn's
 * result is shown against them before the hand-over). */
static void remember_scores(play_ui *ui, const carc_game *v)
{
    int seat;
    for (seat = 0; seat < carc_players(v); seat++)
        ui->turn_score[seat] = carc_score(v, seat);
}

/* "End of your turn: you +4, seat 1 (human) +0. Enter: pass the keyboard to seat 1." */
static void turn_end_status(play_ui *ui, const carc_game *v)
{
    char line[PLAY_LINE], who[48];
    size_t len = (size_t)snprintf(line, sizeof line, "End of your turn:");
    int seat;
    for (seat = 0; seat < carc_players(v) && len < sizeof line; seat++) {
        play_seat_label(ui->s, seat, ui->viewer, who, sizeof who);
        len += (size_t)snprintf(line + len, sizeof line - len, " %s %+d%s", who,
                                carc_score(v, seat) - ui->turn_score[seat],
                                seat + 1 < carc_players(v) ? "," : ".");
    }
    play_set_status(ui, PS_INFO, "%s", line);
}

/* One key on a screen other than the too-small one. */
static void handle_key(play_ui *ui, const carc_game *v, int ch)
{
    if (ch == KEY_RESIZE || ch == ERR)
        return;
    if (ui->help) {
        ui->help = ch == ' ' ? ui->help + 1 : 0;
        return;
    }
    if (ui->info) {  /* Space: its next page (play_screen_info closes after the last) */
        ui->info = ch == ' ' ? ui->info + 1 : 0;
        return;
    }
    if (ui->overview) {
        ui->overview = 0;
        return;
    }
    if (ui->confirm_quit) {
        ui->confirm_quit = 0;
        if (ch == 'y' || ch == 'Y') {
            ui->quit = 1;
        } else if ((ch == 's' || ch == 'S') && ui->mode != PM_OVER) {
            save_record(ui);
            ui->quit = ui->saved[0] != 0;
        } else {
            play_set_status(ui, PS_INFO, "go on playing");
        }
        return;
    }
    ui->status[0] = '\0';
    switch (ui->mode) {
    case PM_TURN_END:
        if (play_key_enter(ch)) {
            ui->mode = PM_PLAY;  /* computers play on, or the hand-over comes */
            play_set_status(ui, PS_INFO, "the keyboard passes on");
        } else if (!play_keys_common(ui, v, ch)) {
            ignored(ui, ch, "press Enter to pass the keyboard");
        }
        if (ui->mode == PM_TURN_END)
            turn_end_status(ui, v);
        return;
    case PM_HANDOVER:
        if (play_key_enter(ch)) {
            ui->viewer = ui->next_seat;
            ui->mode = PM_PLAY;
            ui->decision = -1;
            ui->log_back = 0;
            remember_scores(ui, v);
            play_set_status(ui, PS_INFO, "seat %d: your decision", ui->viewer);
        } else if (ch == 'q') {
            ui->confirm_quit = 1;
        } else {
            ignored(ui, ch, "press Enter once the keyboard is passed");
        }
        return;
    case PM_OVER:
        if (ch == 's') {
            save_record(ui);
            return;
        }
        if (ch == 'q') {
            ui->quit = 1;
            return;
        }
        if (!play_keys_common(ui, v, ch))
            ignored(ui, ch, "the game is over: s saves the record, q quits");
        return;
    default:
        if (ui->dkind != CARC_DEC_NONE && play_keys_decision(ui, v, ch))
            return;
        if (play_keys_common(ui, v, ch))
            return;
        if (ch == 's')
            ignored(ui, ch, "q offers to save the game and quit");
        else if (ch == 'u')
            ignored(ui, ch, "undo works when it is your decision");
        else if (ui->dkind == CARC_DEC_NONE)
            ignored(ui, ch, "it is not your decision");
        else if (ch == 'p')
            ignored(ui, ch, "passing is not a choice here");
        else
            ignored(ui, ch, NULL);
    }
}

/* A gift whose opening would do nothing (no target, where its descriptor wants one; a
 * gift that names none, Take 2, always acts): opening it only throws away its 2 points
 * at the end, so it is no choice (issue 21). */
static int wasted_gift(const carc_move *m)
{
    return m->kind == CARC_MOVE_GIFT && carc_card_target(m->card) != CARC_TARGET_NONE &&
           m->port == CARC_PORT_NONE;
}

/* The human at the keyboard owes a decision with nothing to choose: its only legal
 * moves are a pass and gifts that would be wasted (a window when the seat holds only
 * end-of-game cards, or only a Synod and no follower in supply, say). The pass is made
 * at once, with a line in that seat's log, and no key is asked for (issue 11, point 9;
 * issue 21). Returns 1 if it did so. */
static int skip_pass_only(play_ui *ui, carc_pending p)
{
    carc_error err = {0, ""};
    char line[PLAY_LINE];
    int n = play_session_legal(ui->s), pass = -1;
    for (int i = 0; i < n; i++) {
        if (ui->s->moves[i].kind == CARC_MOVE_PASS)
            pass = i;
        else if (!wasted_gift(&ui->s->moves[i]))
            return 0;
    }
    if (pass < 0)
        return 0;
    ui->s->auto_apply = 1;
    if (play_session_apply(ui->s, &ui->s->moves[pass], NULL, &err) != CARC_OK) {
        ui->s->auto_apply = 0;
        return 0;
    }
    ui->s->auto_apply = 0;
    snprintf(line, sizeof line, "  (nothing to play there: passed without asking)");
    play_log_add(&ui->s->seat[p.seat].log, PLOG_INFO, line);
    return 1;
}

/* A computer's move, with the screen shown first. Returns 0, or -1 if it failed. */
static int computer_turn(play_ui *ui, carc_pending p)
{
    carc_error err = {0, ""};
    char who[48];
    const carc_game *v = play_session_view(ui->s, screen_seat(ui));

    ui->mode = PM_PLAY;
    ui->dkind = CARC_DEC_NONE;
    play_seat_label(ui->s, p.seat, -1, who, sizeof who);
    if (!ui->status[0] || ui->status_kind != PS_ERROR) {
        play_set_status(ui, PS_INFO, "%s is thinking...", who);
        ui->thinking = 1;
    }
    play_keys_autofocus(ui, v);
    play_draw_game(ui, v);
    if (ui->help) {
        play_screen_help(ui, v);
        if (!ui->help)  /* past the last page: the game again */
            play_draw_game(ui, v);
    } else if (ui->info) {
        play_screen_info(ui, v);
        if (!ui->info)  /* past the last page: the game again */
            play_draw_game(ui, v);
    }
    else if (ui->overview)
        play_screen_overview(ui, v);
    refresh();
    if (ui->s->humans == 0) {
        int ch;
        timeout(ui->opt->delay_ms);
        ch = getch();
        timeout(-1);
        if (ch != ERR) {
            handle_key(ui, v, ch);
            return 0;
        }
    }
    if (play_session_computer(ui->s, &err) != CARC_OK) {
        play_set_status(ui, PS_ERROR, "%s failed: %s", who, err.msg);
        return -1;
    }
    return 0;
}

void *play_tui_open(play_ui *ui)
{
    SCREEN *scr;
    setlocale(LC_ALL, "");
    ui->unicode = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    if (!(scr = newterm(NULL, stdout, stdin))) {
        fprintf(stderr, "carc play: cannot use this terminal (TERM=%s)\n",
                getenv("TERM") ? getenv("TERM") : "");
        return NULL;
    }
    set_term(scr);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    play_paint_init(ui);
    return scr;
}

void play_tui_close(void *scr)
{
    endwin();
    delscreen((SCREEN *)scr);
}

int play_tui_run(play_session *s, const play_options *opt)
{
    play_ui ui;
    SCREEN *scr;
    int i, stuck = 0;

    memset(&ui, 0, sizeof ui);
    ui.s = s;
    ui.opt = opt;
    ui.viewer = -1;
    ui.follow = 1;
    ui.order = malloc(sizeof *ui.order * CARC_MAX_MOVES);
    if (!ui.order) {
        fprintf(stderr, "carc play: out of memory\n");
        return 1;
    }
    for (i = 0; i < s->nseats; i++)
        if (s->seat[i].human && s->humans == 1)
            ui.viewer = i;
    if (s->humans == 0)
        ui.viewer = 0;

    if (!(scr = play_tui_open(&ui))) {
        free(ui.order);
        return 1;
    }

    while (!ui.quit) {
        carc_pending p;
        const carc_game *v;
        int ch;

        play_draw_layout(&ui);
        if (ui.W < PLAY_MIN_W || ui.H < PLAY_MIN_H) {
            play_screen_too_small(&ui);
            refresh();
            ch = getch();
            if (ch == 'q')
                break;
            continue;
        }
        p = play_session_pending(s);
        if (p.seat < 0) {
            if (ui.mode != PM_OVER) {
                ui.mode = PM_OVER;
                ui.follow = 1;
                play_set_status(&ui, PS_INFO, "Game over: s saves the record, q quits");
            }
            ui.dkind = CARC_DEC_NONE;
            ui.thinking = 0;
        } else if (s->humans > 1 && ui.mode == PM_PLAY && ui.viewer >= 0 &&
                   s->seat[ui.viewer].human && p.seat != ui.viewer && p.active != ui.viewer &&
                   !ui.turn_end) {
            /* hot seat: the turn of the human at the keyboard is over; first what it
             * scored, on their own screen, then computers play or the hand-over */
            ui.mode = PM_TURN_END;
            ui.turn_end = 1;
            ui.dkind = CARC_DEC_NONE;
            ui.next_seat = p.seat;
            turn_end_status(&ui, play_session_view(s, ui.viewer));
        } else if (ui.mode == PM_TURN_END) {
            ;  /* until Enter */
        } else if (!s->seat[p.seat].human) {
            if (!stuck) {
                stuck = computer_turn(&ui, p) < 0;
                continue;
            }
        } else if (p.seat != ui.viewer) {
            if (ui.mode != PM_HANDOVER)
                flushinp();
            ui.mode = PM_HANDOVER;
            ui.next_seat = p.seat;
            ui.dkind = CARC_DEC_NONE;
        } else if (skip_pass_only(&ui, p)) {
            /* only at the keyboard of the seat itself, after any hand-over: skipping
             * before it would show the others that this seat holds nothing playable */
            continue;
        } else {
            ui.mode = PM_PLAY;
            ui.turn_end = 0;
            if (ui.decision != s->applied || ui.dkind == CARC_DEC_NONE) {
                play_keys_begin(&ui, play_session_view(s, ui.viewer));
                if (ui.thinking)
                    ui.status[0] = '\0';
            }
            ui.thinking = 0;
        }
        v = play_session_view(s, screen_seat(&ui));
        if (ui.mode == PM_HANDOVER) {
            play_screen_handover(&ui);
        } else {
            play_keys_autofocus(&ui, v);
            play_draw_game(&ui, v);
            if (ui.help) {
                play_screen_help(&ui, v);
                if (!ui.help)  /* past the last page: the game again */
                    play_draw_game(&ui, v);
            } else if (ui.info) {
                play_screen_info(&ui, v);
                if (!ui.info)
                    play_draw_game(&ui, v);
            }
            else if (ui.overview)
                play_screen_overview(&ui, v);
        }
        refresh();
        ch = getch();
        handle_key(&ui, v, ch);
    }
    play_tui_close(scr);
    free(ui.order);
    if (carc_is_over(play_session_view(s, screen_seat(&ui))))
        play_final_text(s, play_session_view(s, screen_seat(&ui)), stdout);
    if (ui.saved[0])
        printf("record saved to %s\n", ui.saved);
    return 0;
}
