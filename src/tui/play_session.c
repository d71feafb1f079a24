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

#include "base.h"
#include "play_ui.h"

void play_seat_label(const play_session *s, int seat, int reader, char *buf, size_t size)
{
    if (seat < 0 || seat >= s->nseats)
        snprintf(buf, size, "nobody");
    else if (!s->seat[seat].kind[0])
        snprintf(buf, size, "seat %d", seat);  /* the record viewer: nobody plays */
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
        snprintf(line, sizeof line, "  %.*s", PLAY_LINE - 3, text);
        play_log_add(&s->seat[reader].log, cls, line);
    } else {
        play_log_add(&s->seat[reader].log, cls, text);
    }
}

/* A move in plain words for the log: "places a tile at 1,0", "opens Synod on the
 * cloister at 2,1", "closes the window before placing" (not `window_before: pass`):
 * never notation (issue 21). v: the state the move was chosen in. */
static void move_words(const carc_game *v, int decision, const carc_move *m, char *buf,
                       size_t size)
{
    char words[PLAY_LINE];
    play_move_words(v, decision, m, words, sizeof words);
    switch (m->kind) {
    case CARC_MOVE_PLACE:
        snprintf(buf, size, "places a tile at %d,%d", m->x, m->y);
        return;
    case CARC_MOVE_FOLLOWER:
        snprintf(buf, size, "puts %.140s", words);
        return;
    case CARC_MOVE_PASS:
        snprintf(buf, size, "%s",
                 decision == CARC_DEC_WINDOW_BEFORE ? "closes the window before placing (no gift, no card)"
                 : decision == CARC_DEC_WINDOW_AFTER ? "closes the window after scoring (no card)"
                 : decision == CARC_DEC_CARD_DRAW    ? "declines the offered card"
                 : decision == CARC_DEC_FOLLOWER     ? "places no follower"
                 : decision == CARC_DEC_MODIFIER     ? "plays no scoring modifier"
                 : decision == CARC_DEC_BLOCK        ? "lets the attack pass"
                 : decision == CARC_DEC_DOUBLE_TURN  ? "takes no second tile"
                 : decision == CARC_DEC_CAPTURE      ? "captures nobody"
                                                     : "passes");
        return;
    case CARC_MOVE_DRAW:
        snprintf(buf, size, "draws the offered card");
        return;
    case CARC_MOVE_BLOCK:
        snprintf(buf, size, "blocks the attack with Shield");
        return;
    case CARC_MOVE_TARGET:
        snprintf(buf, size, "aims the card at %.120s", words);
        return;
    case CARC_MOVE_AGAIN:
        snprintf(buf, size, "takes a second tile (double turn)");
        return;
    case CARC_MOVE_FLOOR: case CARC_MOVE_CAPTURE: case CARC_MOVE_RANSOM:
    case CARC_MOVE_EXCHANGE:  /* The Tower: "builds a floor ...", "captures ..." */
    case CARC_MOVE_WALK: case CARC_MOVE_ASSIGN:
    case CARC_MOVE_REMOVE:  /* The Princess & the Dragon: the dragon's step, the fairy, the
                               princess (before, the default called them "discards") */
        snprintf(buf, size, "chooses: %.150s", words);
        return;
    case CARC_MOVE_RECALL:  /* "recall your abbot from the garden at 2,1: 6 points" */
        snprintf(buf, size, "recalls the abbot%.140s",
                 strstr(words, " from ") ? strstr(words, " from ") : "");
        return;
    default:  /* "open X ...", "play X ...", "discard X": the verb for the log */
        snprintf(buf, size, "%s%.140s",
                 m->kind == CARC_MOVE_GIFT ? "opens" : m->kind == CARC_MOVE_CARD ? "plays"
                                                                                 : "discards",
                 strchr(words, ' ') ? strchr(words, ' ') : "");
        return;
    }
}

/* Why `seat` received a gift in the move whose events are ev[0..n) (issue 21): a road
 * or city of the tile it placed (x,y) that another seat leads, read from src (the
 * reader's view); a feature the tile completed has been scored and emptied, so its
 * scoring events name who led it. Writes "it extended seat 0's road" or the like. */
static void gift_reason(play_session *s, int reader, const carc_game *src, const carc_event *ev,
                        int n, int seat, int x, int y, char *buf, size_t size)
{
    char who[48];
    for (int i = 0; i < n; i++)
        if (ev[i].kind == CARC_EV_SCORED && ev[i].seat != seat &&
            ev[i].b == CARC_REASON_COMPLETED &&
            (ev[i].a == CARC_FEAT_ROAD || ev[i].a == CARC_FEAT_CITY)) {
            play_seat_label(s, ev[i].seat, reader, who, sizeof who);
            if (ev[i].seat == reader && strstr(who, "(you)"))
                snprintf(buf, size, "it completed your %s", carc_feature_name(ev[i].a));
            else
                snprintf(buf, size, "it completed %.40s's %s", who, carc_feature_name(ev[i].a));
            return;
        }
    for (int port = 0; port < CARC_PORTS; port++) {
        carc_feature_info fi;
        int canon, type = carc_segment(src, x, y, port, &canon), max = 0, lead = -1;
        if ((type != CARC_FEAT_ROAD && type != CARC_FEAT_CITY) || canon != port ||
            !carc_feature_at(src, x, y, port, &fi))
            continue;
        for (int k = 0; k < CARC_MAX_PLAYERS; k++)
            if (fi.followers[k] > max) {
                max = fi.followers[k];
                lead = k;
            }
        if (lead >= 0 && lead != seat && fi.followers[seat] < max) {
            play_seat_label(s, lead, reader, who, sizeof who);
            if (lead == reader && strstr(who, "(you)"))
                snprintf(buf, size, "it extended your %s", carc_feature_name(type));
            else
                snprintf(buf, size, "it extended %.40s's %s", who, carc_feature_name(type));
            return;
        }
    }
    snprintf(buf, size, "it extended a road or city another player leads");
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
        char plain[160];
        play_seat_label(s, decider, reader, who, sizeof who);
        move_words(s->before, p.decision, m, plain, sizeof plain);
        /* the note only in the headless account, which serves no seat */
        if (reader < 0 && note && note[0])
            snprintf(line, sizeof line, "%.40s %.100s  [%.50s]", who, plain, note);
        else
            snprintf(line, sizeof line, "%.40s %.150s", who, plain);
        emit(s, reader, PLOG_MOVE, line);
    }
    /* a Mastermind spot that lapsed: it bound this placement, and the tile went
     * elsewhere (it did not fit there): say the card had no effect (issue 21) */
    if (m && m->kind == CARC_MOVE_PLACE) {
        carc_mastermind_mark mk[2];
        int nm = carc_masterminds(s->before, mk);
        for (int k = 0; k < nm; k++)
            if (mk[k].turn == carc_turn(s->before) && (mk[k].x != m->x || mk[k].y != m->y)) {
                emit(s, reader, PLOG_PLAIN,
                     "  Mastermind had no effect: the tile did not fit the spot it named.");
                break;
            }
    }
    for (i = 0; i < n; i++) {
        const carc_event *e = &ev[i];
        if (m && e->kind == CARC_EV_PLACED && m->kind == CARC_MOVE_PLACE)
            continue;  /* the move line says it */
        if (m && e->kind == CARC_EV_FOLLOWER && m->kind == CARC_MOVE_FOLLOWER)
            continue;
        carc_event_text(e, text, sizeof text);
        if (e->kind == CARC_EV_TILE_DRAWN && carc_turn(src) != shown) {
            shown = carc_turn(src);
            char label[48];
            play_seat_label(s, e->seat, reader, label, sizeof label);
            snprintf(line, sizeof line, "-- turn %d, %.40s: %.150s", shown, label, text);
            emit(s, reader, PLOG_TURN, line);
        } else if (e->kind == CARC_EV_GIFT_DRAWN && s->have_last) {
            /* a gift with its reason: how one is earned (issue 21) */
            char why[120], both[PLAY_LINE];
            gift_reason(s, reader, src, ev, n, e->seat, s->last_x, s->last_y, why, sizeof why);
            snprintf(both, sizeof both, "%.*s: %s.", (int)strlen(text) - 1, text, why);
            emit(s, reader, PLOG_PLAIN, both);
        } else {
            emit(s, reader, PLOG_PLAIN, text);
        }
        /* a card played or discarded: what it is, in words (issue 11, point 6) */
        if ((e->kind == CARC_EV_CARD_PLAYED || e->kind == CARC_EV_CARD_DISCARDED) &&
            carc_card_info_of(e->a)) {
            char all[PLAY_LINE * 3];
            const char *t = all;
            snprintf(all, sizeof all, "(%s: %s)", carc_card_info_of(e->a)->name,
                     carc_card_info_of(e->a)->text);
            /* a log line holds PLAY_LINE bytes: a longer text would go on several */
            while (*t) {
                int k = play_wrap_next(t, PLAY_LINE - 20);
                snprintf(line, sizeof line, "  %.*s", k, t);
                emit(s, reader, PLOG_PLAIN, line);
                t += k;
                while (*t == ' ')
                    t++;
            }
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

/* 1 if the events of the last apply showed anyone something that was hidden: a tile
 * drawn, removed or put back, a gift or card drawn, played or discarded. Undo never
 * goes back past such a move (issue 11, point 8). */
static int reveals(const carc_game *g)
{
    int n, i;
    const carc_event *ev = carc_events(g, &n);
    for (i = 0; i < n; i++)
        switch (ev[i].kind) {
        case CARC_EV_TILE_DRAWN: case CARC_EV_TILE_REMOVED: case CARC_EV_TILE_RETURNED:
        case CARC_EV_GIFT_DRAWN: case CARC_EV_CARD_DRAWN: case CARC_EV_CARD_PLAYED:
        case CARC_EV_CARD_DISCARDED:
            return 1;
        default:
            break;
        }
    return 0;
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
    free(s->hist);
    memset(s, 0, sizeof *s);
}

/* The record says who plays each seat, so that --resume goes on with the same players
 * (issue 32); a kind it cannot keep (the viewer's empty ones) leaves it unsaid. */
static void session_record_seats(play_session *s)
{
    const char *kinds[CARC_MAX_PLAYERS];
    int i;
    for (i = 0; i < s->nseats; i++)
        kinds[i] = s->seat[i].kind;
    (void)carc_recorder_set_seats(s->rec, s->nseats, kinds);
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
            opt.seed = mix_seeds(s->cfg.seed, (uint64_t)i);  /* as `carc arena` seeds seat i */
            if (budget_ms > 0)
                opt.budget_ms = budget_ms;
            if (!(st->ai = carc_player_new(kinds[i], &opt, err))) {
                play_session_free(s);
                return -1;
            }
        }
    }
    session_record_seats(s);
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
    if (s->nhist == s->hist_cap) {
        int cap = s->hist_cap ? 2 * s->hist_cap : 256;
        play_hist *h = realloc(s->hist, sizeof *h * (size_t)cap);
        if (h) {
            s->hist = h;
            s->hist_cap = cap;
        }
    }
    if (s->nhist < s->hist_cap) {
        play_hist *h = &s->hist[s->nhist++];
        h->move = *m;
        h->seat = p.seat;
        h->reveals = reveals(s->g);
        h->automatic = s->auto_apply;
        h->decision = p.decision;
    } else {
        s->hist_lost = 1;  /* out of memory: no undo from here on */
    }
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

/* Starts the game again from the configuration and applies moves[0..n-1] (not
 * s->hist: the caller owns that array), rebuilding the record and every seat's log
 * as they were. The engine is deterministic, so the state is the one those moves
 * reached. Returns 0, or -1 if a move is refused (it cannot be, short of out of
 * memory) with err filled. */
int play_session_goto(play_session *s, const play_hist *moves, int n, carc_error *err)
{
    int i;
    carc_game *g = carc_new(&s->cfg, err);
    carc_recorder *rec;

    if (!g)
        return -1;
    if (!(rec = carc_recorder_new(&s->cfg, g))) {
        carc_free(g);
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return -1;
    }
    carc_free(s->g);
    s->g = g;
    carc_recorder_free(s->rec);
    s->rec = rec;
    session_record_seats(s);
    for (i = 0; i < s->nseats; i++) {
        play_log_free(&s->seat[i].log);
        if (play_log_init(&s->seat[i].log, PLAY_LOG_CAP) < 0) {
            snprintf(err->msg, sizeof err->msg, "out of memory");
            return -1;
        }
    }
    s->turn_shown = 0;
    s->have_last = 0;
    s->nhist = 0;
    s->hist_lost = 0;
    play_session_start(s);
    for (i = 0; i < n; i++) {
        int rc;
        s->auto_apply = moves[i].automatic;
        rc = play_session_apply(s, &moves[i].move, NULL, err);
        s->auto_apply = 0;
        if (rc != CARC_OK)
            return -1;
    }
    return 0;
}

/* play_session_goto over the session's own history (undo). */
static int rebuild(play_session *s, int keep, carc_error *err)
{
    play_hist *old = s->hist;
    int rc;
    s->hist = NULL;
    s->hist_cap = 0;
    rc = play_session_goto(s, old, keep, err);
    free(old);
    return rc;
}

int play_session_undo_from(const play_session *s, int seat)
{
    int i, j;
    if (s->hist_lost || seat < 0 || !s->seat[seat].human)
        return -1;
    for (i = s->nhist - 1; i >= 0 && (s->hist[i].seat != seat || s->hist[i].automatic); i--)
        ;
    if (i < 0)
        return -1;
    for (j = i; j < s->nhist; j++)
        if (s->hist[j].reveals ||
            (s->hist[j].seat != seat && s->seat[s->hist[j].seat].human && !s->hist[j].automatic))
            return -1;
    return i;
}

int play_session_undo(play_session *s, int seat, char *msg, size_t size)
{
    int from = play_session_undo_from(s, seat), undone;
    carc_error err = {0, ""};
    char text[CARC_NOTATION_MAX], line[PLAY_LINE];
    carc_move back;

    if (from < 0) {
        snprintf(msg, size, "nothing to undo: a tile or card was drawn or shown%s since your "
                 "last decision", s->humans > 1 ? ", or another seat decided," : "");
        return -1;
    }
    /* the move taken back, in the notation of the position it was made in */
    undone = s->nhist - from;
    back = s->hist[from].move;
    if (rebuild(s, from, &err) != 0) {
        snprintf(msg, size, "undo failed: %s", err.msg);
        return -1;
    }
    carc_view(s->g, seat, s->scratch);
    play_move_words(s->scratch, carc_pending_decision(s->scratch).decision, &back, text,
                    sizeof text);
    snprintf(line, sizeof line, "undo: took back %.100s (%d move%s)", text, undone,
             undone == 1 ? "" : "s");
    play_log_add(&s->seat[seat].log, PLOG_INFO, line);
    snprintf(msg, size, "%s", line);
    return 0;
}

int play_session_resume(play_session *s, const carc_record *rec, char *msg, size_t size)
{
    int n = carc_record_move_count(rec), i;
    for (i = 0; i < n; i++) {
        carc_error err = {0, ""};
        carc_move m;
        const char *text = carc_record_move(rec, i);
        if (carc_move_parse(s->g, text, &m, &err) != CARC_OK ||
            play_session_apply(s, &m, NULL, &err) != CARC_OK) {
            snprintf(msg, size, "move %d '%.40s': %.120s", i + 1, text, err.msg);
            return -1;
        }
    }
    return 0;
}

carc_record *play_record_load(const char *path, char *msg, size_t size)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0;
    carc_error err = {0, ""};
    carc_record *rec;

    if (!f) {
        snprintf(msg, size, "cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        size_t got;
        if (len + 4096 + 1 > cap) {
            char *nb = realloc(buf, cap = 2 * cap + 4096 + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                snprintf(msg, size, "out of memory");
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + len, 1, 4096, f);
        len += got;
        if (got < 4096)
            break;
    }
    fclose(f);
    buf[len] = '\0';
    rec = carc_record_parse(buf, &err);
    free(buf);
    if (!rec)
        snprintf(msg, size, "%s: %s", path, err.msg);
    return rec;
}
