/*
 * play_model.c - what the screen of `carc play` shows, as data both its halves read:
 * drawing (play_draw.c, play_panel.c, play_screens.c) only reads it, input
 * (play_keys.c, play_tui.c) changes the state of play_ui it is computed from. Nothing
 * here draws or reads a key, so the files call each other one way:
 *
 *     play_tui -> play_keys  -> play_model -> play_session
 *              -> play_draw  -> play_panel -> play_screens -> play_paint
 *                                             (and play_model, play_text)
 *
 * The status line's text, the decision in words, the move under the cursor or the
 * selection, a choice's target, whether a decision is a window, the key help line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "play_ui.h"

void play_set_status(play_ui *ui, int kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->status, sizeof ui->status, fmt, ap);
    va_end(ap);
    ui->status_kind = kind;
}

const char *play_decision_text(int decision, int stack_left)
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
    case CARC_DEC_DOUBLE_TURN: return "double turn: take a second tile? (y/n)";
    case CARC_DEC_WALK: return "the dragon moves: choose the tile it goes to next";
    case CARC_DEC_CAPTURE: return "capture a follower in the tower's reach, or nobody";
    case CARC_DEC_EXCHANGE: return "prisoners are exchanged: choose which of yours comes back";
    case CARC_DEC_ABBEY:  /* AM3; after the last tile, the final round (AM5) */
        return stack_left > 0 ? "place your abbey in a hole instead of drawing? (y/n)"
                              : "the final round: place your abbey in a hole? (y/n)";
    case CARC_DEC_WAGON: return "your wagon's feature was scored: move the wagon, or pass";
    default: return "the game is over";
    }
}

int play_model_current(const play_ui *ui, carc_move *m)
{
    if (ui->dkind == CARC_DEC_NONE)
        return 0;
    if (ui->dkind == CARC_DEC_PLACE) {
        if (ui->crot < 0)
            return 0;
        *m = carc_move_pass();
        m->kind = CARC_MOVE_PLACE;
        m->tile = (uint8_t)ui->tiles[ui->tile_i];
        m->x = (int8_t)ui->cx;
        m->y = (int8_t)ui->cy;
        m->rot = (uint8_t)ui->crot;
        return 1;
    }
    if (ui->sel < 0 || ui->sel >= ui->nlist)
        return 0;
    *m = ui->s->moves[ui->order[ui->sel]];
    return 1;
}

int play_model_pass_index(const play_ui *ui)
{
    int i;
    for (i = 0; i < ui->nlist; i++)
        if (ui->s->moves[ui->order[i]].kind == CARC_MOVE_PASS)
            return i;
    return -1;
}

/* 1 for the decisions that are windows: a pass there throws away the turn's chance
 * to open a gift or play a card, so only p closes them, never Enter (point 9). */
int play_model_is_window(int decision)
{
    return decision == CARC_DEC_WINDOW_BEFORE || decision == CARC_DEC_WINDOW_AFTER;
}

int play_model_target(const carc_move *m, int *x, int *y)
{
    if (m->kind == CARC_MOVE_PLACE || m->kind == CARC_MOVE_PASS)
        return 0;
    if (m->port == CARC_PORT_NONE && m->kind != CARC_MOVE_WALK &&  /* the dragon's tile */
        !(m->kind == CARC_MOVE_TARGET || carc_card_target(m->card) == CARC_TARGET_POS))
        return 0;
    *x = m->x;
    *y = m->y;
    return 1;
}

const char *play_model_keyline(play_ui *ui)
{
    char *line = ui->keyline;
    int wide = ui->W >= 110;
    int pass = ui->dkind != CARC_DEC_NONE && ui->dkind != CARC_DEC_PLACE && play_model_pass_index(ui) >= 0;
    if (ui->confirm_quit && ui->mode != PM_OVER) {
        snprintf(line, sizeof ui->keyline, " Quit?  s save to %.60s and quit   y quit without "
                 "saving   other keys: go on", ui->opt->save_path);
        return line;
    }
    if (ui->confirm_quit)
        return " Quit the game?  y quit   any other key: go on playing";
    if (ui->mode == PM_REPLAY)
        return ui->W >= 110 ? " left/h back   right/l/Space forward   Home/End start/end   Tab next "
                              "seat   HJKL scroll   c fit   PgUp/PgDn log   q quit"
                            : " h/l back/forward  Home/End  Tab seat  HJKL scroll  c fit  q quit";
    if (ui->mode == PM_TURN_END) {
        if (ui->s->seat[ui->next_seat].human)
            snprintf(line, sizeof ui->keyline, " Enter: pass the keyboard to seat %d   i points   q quit",
                     ui->next_seat);
        else
            snprintf(line, sizeof ui->keyline, " Enter: go on (the computers play)   i points   q quit");
        return line;
    }
    if (ui->mode == PM_HANDOVER)
        return " Enter: show the screen of the seat named above   q quit";
    if (ui->mode == PM_OVER)
        return wide ? " s save record   q quit   arrows/hjkl scroll   c fit   i tiles left"
                      "   PgUp/PgDn log   ? help"
                    : " s save record  q quit  arrows/hjkl scroll  PgUp/PgDn log  ? help";
    if (ui->dkind == CARC_DEC_PLACE) {
        if (wide)
            snprintf(line, sizeof ui->keyline,
                     " arrows/hjkl move  Tab next spot  r rotate%s  Enter place  u undo  "
                     "c fit  i tiles left  ? help  q quit",
                     ui->ntiles > 1 ? "  t tile" : "");
        else
            snprintf(line, sizeof ui->keyline,
                     " hjkl/arrows move Tab spot r rotate%s Enter place u undo ? help q quit",
                     ui->ntiles > 1 ? " t tile" : "");
        return line;
    }
    if (ui->dkind == CARC_DEC_FOLLOWER) {
        int several = (ui->figmask & (ui->figmask - 1)) != 0;
        /* nothing to place, only the abbot's recall (The Abbot): Enter confirms it */
        const char *enter = !ui->figmask       ? "Enter confirm"
                            : ui->figmask > 1u ? "Enter place it"
                                               : "Enter place follower";
        if (wide)
            snprintf(line, sizeof ui->keyline, " up/down choose  %s%s  p pass  u undo"
                     "  HJKL scroll  i tiles left  ? help  q quit",
                     several ? "f figure  " : "", enter);
        else
            snprintf(line, sizeof ui->keyline, " j/k choose  %s%s  p pass  u undo  ? help  q quit",
                     several ? "f figure  " : "", enter);
        return line;
    }
    if (ui->dkind == CARC_DEC_DOUBLE_TURN)
        return wide ? " y take a second tile   n no second tile   j/k choose  Enter confirm  u undo"
                      "  i tiles left  ? help  q quit"
                    : " y second tile  n no  j/k choose  Enter confirm  u undo  ? help  q quit";
    if (play_model_is_window(ui->dkind)) {
        snprintf(line, sizeof ui->keyline, wide ? " j/k choose  arrows targets  Enter play it  p close "
                 "window  u undo  i tiles left  ? help  q quit"
                 : " j/k choose  Enter play it  p close window  u undo  ? help  q quit");
        return line;
    }
    if (ui->dkind != CARC_DEC_NONE) {
        snprintf(line, sizeof ui->keyline, wide ? " j/k choose  arrows targets  1-9 pick  Enter confirm%s"
                 "  u undo  i tiles left  ? help  q quit"
                 : " j/k choose  Enter confirm%s  u undo  ? help  q quit",
                 pass ? "  p pass" : "");
        return line;
    }
    return " computers are playing...  arrows/hjkl scroll  PgUp/PgDn log  ? help  q quit";
}
