/*
 * srv_replay.c - a record played again from its configuration, step by step, as one
 * seat or a spectator saw it (the engine's views, and the events as they mask them):
 * POST /api/replay answers every step's public view (the replay viewer needs the
 * state of every step and knows no rules; nothing is stored), and a session that
 * opens gets its game's history so far (a page opened mid-game can show the whole log
 * and score chart).
 */
#include <stdlib.h>

#include "srv_int.h"

/* One step as `seat` saw it: {"events":[...],"move":M,"view":{...}} with the view,
 * else {"events":[...],"scores":[...],"turn":T}. */
static int replay_step(strbuf *b, const carc_game *g, carc_game *view, int seat,
                       int with_view, const char *move)
{
    char line[256];
    int nev;
    carc_view(g, seat, view);
    const carc_event *ev = carc_events(view, &nev);
    sb_puts(b, "{\"events\":[");
    for (int i = 0; i < nev; i++) {
        carc_event_string(&ev[i], line, sizeof line);
        if (i)
            sb_putc(b, ',');
        sb_json_string(b, line);
    }
    sb_putc(b, ']');
    if (!with_view) {
        sb_puts(b, ",\"scores\":[");
        for (int p = 0; p < carc_players(g); p++)
            sb_printf(b, "%s%d", p ? "," : "", carc_score(g, p));
        sb_printf(b, "],\"turn\":%d}", carc_turn(g));
        return 0;
    }
    char *state = carc_state_json(view, 0);
    if (!state)
        return -1;
    sb_puts(b, ",\"move\":");
    if (move)
        sb_json_string(b, move);
    else
        sb_puts(b, "null");
    sb_puts(b, ",\"view\":");
    sb_puts(b, state);
    sb_putc(b, '}');
    free(state);
    return 0;
}

/* `head`, then the steps of the record `text` as `seat` saw them, then "]}" (caller
 * frees); NULL with err set if the text is no record or a move is refused. */
static char *replay_steps(const char *text, int seat, int with_view, const char *head,
                          char *err, size_t errsize)
{
    carc_error ce = {0, ""};
    carc_record *rec = carc_record_parse(text, &ce);
    if (!rec) {
        snprintf(err, errsize, "not a record: %s", ce.msg);
        return NULL;
    }
    carc_game *g = carc_new(carc_record_config(rec), &ce);
    carc_game *view = g ? carc_clone(g) : NULL;
    strbuf b;
    sb_init(&b, 0);
    int n = carc_record_move_count(rec), ok = g && view;
    if (!ok)
        snprintf(err, errsize, "the record's game cannot be set up: %s", ce.msg);
    sb_puts(&b, head);
    for (int i = 0; ok && i <= n; i++) {
        const char *move = i ? carc_record_move(rec, i - 1) : NULL;
        carc_move m;
        if (move && (carc_move_parse(g, move, &m, &ce) != CARC_OK ||
                     carc_apply(g, &m, &ce) != CARC_OK)) {
            snprintf(err, errsize, "move %d \"%.64s\": %s", i, move, ce.msg);
            ok = 0;
            break;
        }
        if (i)
            sb_putc(&b, ',');
        if (replay_step(&b, g, view, seat, with_view, move) < 0) {
            snprintf(err, errsize, "out of memory");
            ok = 0;
        }
    }
    sb_puts(&b, "]}");
    carc_free(view);
    carc_free(g);
    carc_record_free(rec);
    if (!ok) {
        sb_free(&b);
        return NULL;
    }
    char *json = sb_take(&b);
    if (!json)
        snprintf(err, errsize, "out of memory");
    return json;
}

char *srv_replay_json(const char *text, char *err, size_t errsize)
{
    return replay_steps(text, CARC_SEAT_PUBLIC, 1, "{\"steps\":[", err, errsize);
}

char *srv_history_frame(const srv_game *gm, int seat)
{
    char head[64], err[SRV_ERR];
    char *text = carc_recorder_json(gm->rec, gm->g);
    if (!text)
        return NULL;
    snprintf(head, sizeof head, "{\"type\":\"history\",\"index\":%d,\"steps\":[", gm->index);
    char *frame = replay_steps(text, seat < 0 ? CARC_SEAT_PUBLIC : seat, 0, head, err,
                               sizeof err);
    free(text);
    return frame;
}
