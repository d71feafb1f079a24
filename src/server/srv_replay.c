/*
 * srv_replay.c - a record played again from its configuration, step by step, as one
 * seat or a spectator saw it (the engine's views, and the events as they mask them):
 * POST /api/replay answers every step's public view (the replay viewer needs the
 * state of every step and knows no rules; nothing is stored), and a session that
 * opens gets its game's history so far (a page opened mid-game can show the whole log
 * and score chart). Both are done on a thread of their own (the replay worker, below:
 * issue 22, H2), never on the service thread: the service thread hands it a record's
 * text and gets the answer back.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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

char *srv_history_from_record(const char *text, int index, int seat)
{
    char head[64], err[SRV_ERR];
    snprintf(head, sizeof head, "{\"type\":\"history\",\"index\":%d,\"steps\":[", index);
    return replay_steps(text, seat < 0 ? CARC_SEAT_PUBLIC : seat, 0, head, err, sizeof err);
}

char *srv_history_frame(const srv_game *gm, int seat)
{
    char *text = carc_recorder_json(gm->rec, gm->g);
    if (!text)
        return NULL;
    char *frame = srv_history_from_record(text, gm->index, seat);
    free(text);
    return frame;
}

/* ---- the replay worker: POST /api/replay off the service thread ------------------- */

struct srv_replays {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    srv_replay_job *todo, *todo_tail, *done;
    int stop;
    int started;
    pthread_t thread;
    void (*wake)(void *);
    void *arg;
    long delay_ms;  /* CARC_SERVE_REPLAY_DELAY_MS (tests/server/replay_limits.sh): a
                     * test hook, a replay that takes that long */
    long hist_delay_ms;  /* CARC_SERVE_HISTORY_DELAY_MS: the same for a history */
};

void srv_replay_job_free(srv_replay_job *j)
{
    if (!j)
        return;
    free(j->text);
    free(j->json);
    free(j);
}

static void *replays_main(void *arg)
{
    srv_replays *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!r->todo && !r->stop)
            pthread_cond_wait(&r->cond, &r->lock);
        if (r->stop)
            break;
        srv_replay_job *job = r->todo;
        r->todo = job->next;
        if (!r->todo)
            r->todo_tail = NULL;
        pthread_mutex_unlock(&r->lock);
        long delay = job->history ? r->hist_delay_ms : r->delay_ms;
        if (delay > 0) {
            struct timespec ts = {delay / 1000, (delay % 1000) * 1000000L};
            nanosleep(&ts, NULL);
        }
        if (job->history)
            job->json = srv_history_from_record(job->text, job->index, job->seat);
        else
            job->json = srv_replay_json(job->text, job->err, sizeof job->err);
        free(job->text);
        job->text = NULL;
        pthread_mutex_lock(&r->lock);
        job->next = r->done;
        r->done = job;
        if (!r->stop)
            r->wake(r->arg);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

srv_replays *srv_replays_new(void (*wake)(void *), void *arg)
{
    srv_replays *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->wake = wake;
    r->arg = arg;
    const char *delay = getenv("CARC_SERVE_REPLAY_DELAY_MS");
    r->delay_ms = delay ? strtol(delay, NULL, 10) : 0;
    const char *hist = getenv("CARC_SERVE_HISTORY_DELAY_MS");
    r->hist_delay_ms = hist ? strtol(hist, NULL, 10) : 0;
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->cond, NULL);
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);  /* signals are the service thread's */
    r->started = pthread_create(&r->thread, NULL, replays_main, r) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!r->started) {
        srv_replays_free(r);
        return NULL;
    }
    return r;
}

void srv_replays_submit(srv_replays *r, srv_replay_job *job)
{
    job->next = NULL;
    pthread_mutex_lock(&r->lock);
    if (r->todo_tail)
        r->todo_tail->next = job;
    else
        r->todo = job;
    r->todo_tail = job;
    pthread_cond_signal(&r->cond);
    pthread_mutex_unlock(&r->lock);
}

srv_replay_job *srv_replays_take(srv_replays *r)
{
    pthread_mutex_lock(&r->lock);
    srv_replay_job *job = r->done;
    if (job)
        r->done = job->next;
    pthread_mutex_unlock(&r->lock);
    return job;
}

void srv_replays_free(srv_replays *r)
{
    if (!r)
        return;
    pthread_mutex_lock(&r->lock);
    r->stop = 1;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
    if (r->started)
        pthread_join(r->thread, NULL);
    for (srv_replay_job *lists[2] = {r->todo, r->done}, **l = lists; l < lists + 2; l++)
        while (*l) {
            srv_replay_job *next = (*l)->next;
            srv_replay_job_free(*l);
            *l = next;
        }
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->cond);
    free(r);
}
