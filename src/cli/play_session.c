/*
 * play_session.c - the game behind `carc play`: the full state, the seats, the
 * recorder, and each seat's log.
 *
 * This is the only file of the game that reads the full state. Everything it hands
 * out is a seat's view (carc_view): the screen's view of the seat at the keyboard,
 * the legal moves of the deciding seat listed from that seat's view, and the view a
 * computer player chooses from. After every move, the move's line and the events are
 * written into every seat's log from that seat's own view of the events, so that the
 * identity of a card drawn into a hand appears only in its holder's log.
 *
 * With `headless` set (every seat a computer), the same account is printed on
 * stdout instead, from the full state: no seat's screen is involved.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play_ui.h"

/* The seed of seat s's computer player, as `carc arena` derives it. */
static uint64_t seat_seed(uint64_t a, uint64_t b)
{
    uint64_t z = a * 0x9E3779B97F4A7C15ull + b + 0x632BE59BD9B4E019ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void play_seat_label(const play_session *s, int seat, int reader, char *buf, size_t size)
{
    if (seat < 0 || seat >= s->nseats)
        snprintf(buf, size, "nobody");
    else if (seat == reader && s->seat[seat].human)
        snprintf(buf, size, "seat %d (you)", seat);
    else
        snprintf(buf, size, "seat %d (%s)", seat, s->seat[seat].kind);
}

/* One line of the account: into the log of `reader`, or on stdout for reader -1. */
static void emit(play_session *s, int reader, int cls, const char *text)
{
    if (reader < 0) {
        printf("%s%s\n", cls == PLOG_PLAIN ? "    " : "", text);
        return;
    }
    if (cls == PLOG_PLAIN) {
        char line[PLAY_LINE];
        snprintf(line, sizeof line, "  %.190s", text);
        play_log_add(&s->seat[reader].log, cls, line);
    } else {
        play_log_add(&s->seat[reader].log, cls, text);
    }
}

/* Writes the account of the last apply (or of carc_new when mtext is NULL) for
 * `reader`, reading the events from src (the reader's view, or the full state). */
static void account(play_session *s, int reader, const carc_game *src, int decider,
                    const carc_move *m, const char *mtext, const char *note)
{
    char line[PLAY_LINE], who[48], text[PLAY_LINE];
    int n, i, shown = s->turn_shown;
    const carc_event *ev = carc_events(src, &n);

    if (mtext) {
        carc_pending p = carc_pending_decision(s->before);
        play_seat_label(s, decider, reader, who, sizeof who);
        /* the note only in the headless account, which serves no seat */
        if (reader < 0 && note && note[0])
            snprintf(line, sizeof line, "%s %s: %s  [%s]", who,
                     carc_decision_name(p.decision), mtext, note);
        else
            snprintf(line, sizeof line, "%s %s: %s", who, carc_decision_name(p.decision),
                     mtext);
        emit(s, reader, PLOG_MOVE, line);
    }
    for (i = 0; i < n; i++) {
        const carc_event *e = &ev[i];
        if (m && e->kind == CARC_EV_PLACED && m->kind == CARC_MOVE_PLACE)
            continue;  /* the move line says it */
        if (m && e->kind == CARC_EV_FOLLOWER && m->kind == CARC_MOVE_FOLLOWER)
            continue;
        event_text(src, e, text, sizeof text);
        if (e->kind == CARC_EV_TILE_DRAWN && carc_turn(src) != shown) {
            shown = carc_turn(src);
            snprintf(line, sizeof line, "-- turn %d: %.170s", shown, text);
            emit(s, reader, PLOG_TURN, line);
        } else {
            emit(s, reader, PLOG_PLAIN, text);
        }
    }
}

/* Logs the last apply for every seat (and on stdout when headless); remembers the
 * last placement. */
static void account_all(play_session *s, int decider, const carc_move *m, const char *mtext,
                        const char *note)
{
    int n, i, turn = s->turn_shown;
    const carc_event *ev = carc_events(s->g, &n);

    for (i = 0; i < n; i++)
        if (ev[i].kind == CARC_EV_PLACED) {
            s->last_x = ev[i].x;
            s->last_y = ev[i].y;
            s->last_seat = ev[i].seat;
            s->have_last = 1;
        }
    if (s->debug && note && note[0]) {
        fprintf(s->debug, "turn %d seat %d %s: %s [%s]\n", carc_turn(s->before), decider,
                carc_decision_name(carc_pending_decision(s->before).decision), mtext, note);
        fflush(s->debug);
    }
    if (s->headless) {
        account(s, -1, s->g, decider, m, mtext, note);
    } else {
        for (i = 0; i < s->nseats; i++) {
            carc_view(s->g, i, s->scratch);
            account(s, i, s->scratch, decider, m, mtext, note);
        }
    }
    for (i = 0; i < n; i++)
        if (ev[i].kind == CARC_EV_TILE_DRAWN && carc_turn(s->g) != turn)
            turn = carc_turn(s->g);
    s->turn_shown = turn;
}

void play_session_free(play_session *s)
{
    int i;
    for (i = 0; i < CARC_MAX_PLAYERS; i++) {
        carc_player_free(s->seat[i].ai);
        play_log_free(&s->seat[i].log);
    }
    carc_recorder_free(s->rec);
    carc_free(s->g);
    carc_free(s->before);
    carc_free(s->scratch);
    carc_free(s->view);
    free(s->moves);
    memset(s, 0, sizeof *s);
}

int play_session_init(play_session *s, const carc_config *cfg, int nseats,
                      const char kinds[][PLAY_KIND_LEN], int budget_ms, carc_error *err)
{
    int i;
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->cfg.players = nseats;
    s->nseats = nseats;
    s->view_seat = -1;
    s->nmoves = 0;
    if (!(s->g = carc_new(&s->cfg, err)))
        return -1;
    s->before = carc_clone(s->g);
    s->scratch = carc_clone(s->g);
    s->view = carc_clone(s->g);
    s->moves = malloc(sizeof *s->moves * CARC_MAX_MOVES);
    s->rec = carc_recorder_new(&s->cfg, s->g);
    if (!s->before || !s->scratch || !s->view || !s->moves || !s->rec)
        goto oom;
    for (i = 0; i < nseats; i++) {
        play_seat *st = &s->seat[i];
        snprintf(st->kind, sizeof st->kind, "%s", kinds[i]);
        if (play_log_init(&st->log, PLAY_LOG_CAP) < 0)
            goto oom;
        if (strcmp(kinds[i], "human") == 0) {
            st->human = 1;
            s->humans++;
        } else {
            carc_ai_options opt;
            carc_ai_options_init(&opt);
            opt.seed = seat_seed(s->cfg.seed, (uint64_t)i);
            if (budget_ms > 0)
                opt.budget_ms = budget_ms;
            if (!(st->ai = carc_player_new(kinds[i], &opt, err))) {
                play_session_free(s);
                return -1;
            }
        }
    }
    return 0;
oom:
    play_session_free(s);
    if (err) {
        err->code = CARC_E_INVALID;
        snprintf(err->msg, sizeof err->msg, "out of memory");
    }
    return -1;
}

void play_session_start(play_session *s)
{
    account_all(s, -1, NULL, NULL, NULL);
}

carc_pending play_session_pending(const play_session *s)
{
    return carc_pending_decision(s->g);
}

const carc_game *play_session_view(play_session *s, int seat)
{
    carc_view(s->g, seat, s->view);
    s->view_seat = seat;
    return s->view;
}

int play_session_legal(play_session *s)
{
    carc_pending p = carc_pending_decision(s->g);
    s->nmoves = 0;
    if (p.seat < 0)
        return 0;
    carc_view(s->g, p.seat, s->scratch);
    s->nmoves = carc_legal(s->scratch, s->moves, CARC_MAX_MOVES);
    return s->nmoves;
}

int play_session_apply(play_session *s, const carc_move *m, const char *note,
                       carc_error *err)
{
    carc_pending p = carc_pending_decision(s->g);
    char text[CARC_NOTATION_MAX], line[PLAY_LINE];
    carc_error local;
    int rc;

    if (!err)
        err = &local;
    if (p.seat < 0) {
        err->code = CARC_E_OVER;
        snprintf(err->msg, sizeof err->msg, "the game is over");
        return CARC_E_OVER;
    }
    carc_view(s->g, p.seat, s->scratch);
    if (carc_move_format(s->scratch, m, text, sizeof text) < 0)
        snprintf(text, sizeof text, "(move kind %d)", m->kind);
    carc_copy(s->before, s->g);
    rc = carc_apply(s->g, m, err);
    if (rc != CARC_OK) {
        snprintf(line, sizeof line, "refused %s: %.120s", text, err->msg);
        if (s->headless)
            printf("%s\n", line);
        else
            play_log_add(&s->seat[p.seat].log, PLOG_ERROR, line);
        return rc;
    }
    s->applied++;
    if (s->rec && carc_recorder_add(s->rec, s->before, m, s->g) != CARC_OK) {
        int i;
        carc_recorder_free(s->rec);
        s->rec = NULL;
        for (i = 0; i < s->nseats && !s->headless; i++)
            play_log_add(&s->seat[i].log, PLOG_ERROR,
                         "the record could not keep a move: it will not be saved");
    }
    account_all(s, p.seat, m, text, note);
    s->nmoves = 0;
    return CARC_OK;
}

int play_session_computer(play_session *s, carc_error *err)
{
    carc_pending p = carc_pending_decision(s->g);
    carc_move m;
    char note[PLAY_LINE / 2] = "";
    int rc;

    if (p.seat < 0 || !s->seat[p.seat].ai) {
        err->code = CARC_E_INVALID;
        snprintf(err->msg, sizeof err->msg, "no computer owes a decision");
        return CARC_E_INVALID;
    }
    carc_view(s->g, p.seat, s->scratch);
    rc = carc_player_choose(s->seat[p.seat].ai, s->scratch, &m, note, sizeof note);
    if (rc != CARC_OK) {
        err->code = rc;
        snprintf(err->msg, sizeof err->msg, "seat %d (%s) found no move", p.seat,
                 s->seat[p.seat].kind);
        return rc;
    }
    return play_session_apply(s, &m, note, err);
}

int play_session_save(const play_session *s, const char *path, char *msg, size_t size)
{
    char *json;
    FILE *f;
    int bad;

    if (!s->rec) {
        snprintf(msg, size, "no record to save (a move could not be recorded)");
        return -1;
    }
    if (!(json = carc_recorder_json(s->rec, s->g))) {
        snprintf(msg, size, "the record could not be written (out of memory?)");
        return -1;
    }
    if (!(f = fopen(path, "w"))) {
        snprintf(msg, size, "cannot write %s: %s", path, strerror(errno));
        free(json);
        return -1;
    }
    bad = fputs(json, f) < 0 || fputc('\n', f) == EOF;
    bad |= fclose(f) != 0;
    free(json);
    if (bad) {
        snprintf(msg, size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    snprintf(msg, size, "saved the record to %s", path);
    return 0;
}
