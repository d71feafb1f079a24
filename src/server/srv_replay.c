/*
 * srv_replay.c - POST /api/replay: a record played again from its configuration, with
 * what a spectator would have seen after the start and after each move (the engine's
 * public view and the events as it masks them). The replay viewer needs the state of
 * every step and knows no rules; building the steps here stores nothing.
 */
#include <stdlib.h>

#include "cli.h"
#include "srv_int.h"

/* One step: {"events":[...],"move":M,"view":{...}}. */
static int replay_step(strbuf *b, const carc_game *g, carc_game *view, const char *move)
{
    char line[256];
    int nev;
    carc_view(g, CARC_SEAT_PUBLIC, view);
    char *state = carc_state_json(view, 0);
    if (!state)
        return -1;
    const carc_event *ev = carc_events(view, &nev);
    sb_puts(b, "{\"events\":[");
    for (int i = 0; i < nev; i++) {
        event_short(view, &ev[i], line, sizeof line);
        if (i)
            sb_putc(b, ',');
        sb_json_string(b, line);
    }
    sb_puts(b, "],\"move\":");
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

char *srv_replay_json(const char *text, char *err, size_t errsize)
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
    sb_init(&b);
    int n = carc_record_move_count(rec), ok = g && view;
    if (!ok)
        snprintf(err, errsize, "the record's game cannot be set up: %s", ce.msg);
    sb_puts(&b, "{\"steps\":[");
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
        if (replay_step(&b, g, view, move) < 0) {
            snprintf(err, errsize, "out of memory");
            ok = 0;
        }
    }
    sb_puts(&b, "]}");
    carc_free(view);
    carc_free(g);
    carc_record_free(rec);
    if (!ok || b.oom) {
        if (ok)
            snprintf(err, errsize, "out of memory");
        sb_free(&b);
        return NULL;
    }
    return b.p;
}
