/*
 * srv_frames.c - state frames: shared and counted, and a pool of threads that writes
 * them.
 *
 * After every move each connected seat (and a spectator) is sent a frame whose
 * state JSON costs as much as everything else the service thread does for the move
 * (docs/PERFORMANCE.md). A frame is a pure function of the game's state, the seat,
 * the game's id and the index, so it can be written on another core. The service
 * thread still owns every game: it hands over an immutable copy of the state (a
 * snapshot, shared by the frames of one index) and an unwritten frame, and a worker
 * writes the frame's bytes and nothing else. The frames of a move are held until
 * the move's batch is committed anyway (group commit, server.c), and a session's
 * queue sends nothing past a frame that is not ready: the service thread never
 * waits for the writers. A worker puts each frame it wrote on the done list and, if
 * the list was empty, wakes the service thread (lws_cancel_service), which collects
 * the list (srv_frames_collect: the mutex hands every written byte over), marks the
 * frames ready and lets their sessions send them. srv_frames_drain (with no worker
 * thread, and at the end) writes what no worker has started on the calling thread.
 *
 * A delta frame (srv_delta.c) reads the parts of its base, the same seat's frame of
 * the index before, which may itself still be queued: a job waits until its base is
 * done (`done` under the lock; the base was queued first, so whoever took it is
 * writing it).
 *
 * Ownership: reference counts (frames and snapshots) change on the service thread
 * only; a queued job holds one reference to its frame, its snapshot and its base,
 * dropped when it is collected. Workers read the snapshot and the base and write the
 * frame's buf, len and parts.
 */
#define _POSIX_C_SOURCE 200809L
#include <libwebsockets.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "srv_int.h"

srv_frame *srv_frame_new(const char *text)
{
    srv_frame *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->refs = 1;
    if (text) {
        f->ready = f->done = 1;
        size_t len = strlen(text);
        f->buf = malloc(LWS_PRE + len + 1);
        if (!f->buf) {
            free(f);
            return NULL;
        }
        memcpy(f->buf + LWS_PRE, text, len + 1);
        f->len = len;
    }
    return f;
}

void srv_frame_unref(srv_frame *f)
{
    if (!f || --f->refs > 0)
        return;
    free(f->buf);
    free(f);
}

enum { FRAMES_SPARE = 64 };

typedef struct frames_job {
    struct frames_job *next;
    srv_frame *f;
    srv_snap *snap;
    srv_frame *base;       /* a delta's base (written, or queued before), or NULL */
    char id[2 * SRV_ID_BYTES + 1];
    int index;
    int seat;
} frames_job;

struct srv_frames {
    pthread_mutex_t lock;
    pthread_cond_t work;   /* a job was queued, or stop */
    pthread_cond_t idle;   /* a worker finished a job (and none is left) */
    pthread_cond_t written;  /* a job finished: a delta waiting for its base looks again */
    frames_job *todo, *todo_tail;  /* not started */
    frames_job *done;      /* written, references not yet dropped */
    int busy;              /* jobs a worker is writing */
    int stop;
    int queued;            /* jobs submitted and not drained (service thread only) */
    void (*wake)(void *);  /* told when the done list stops being empty */
    void *wake_arg;
    void (*on_done)(void *, const char *);  /* told of each frame collected */
    void *done_arg;
    int nthreads;
    pthread_t *threads;
    carc_game *view;       /* the service thread's scratch view for the drain */
    srv_snap *spare[FRAMES_SPARE];  /* freed snapshots kept for reuse (service thread) */
    int nspare;
};

/* Waits (holding p->lock) until the job's base, if any, is written. */
static void frames_wait_base(srv_frames *p, const frames_job *job)
{
    while (job->base && !job->base->done)
        pthread_cond_wait(&p->written, &p->lock);
}

/* Puts a written job on the done list (holding p->lock); 1 if the list was empty. */
static int frames_finish(srv_frames *p, frames_job *job)
{
    int first = p->done == NULL;
    job->f->done = 1;
    job->next = p->done;
    p->done = job;
    pthread_cond_broadcast(&p->written);
    return first;
}

/* Writes one job's frame, with `*view` as scratch (allocated on first use). */
static void frames_run(frames_job *job, carc_game **view)
{
    if (!*view)
        *view = carc_clone(job->snap->g);
    if (*view)
        srv_frame_write(job->f, job->id, job->index, job->snap->g, job->seat, *view, job->base);
}

static void *frames_main(void *arg)
{
    srv_frames *p = arg;
    carc_game *view = NULL;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->todo && !p->stop)
            pthread_cond_wait(&p->work, &p->lock);
        if (!p->todo)
            break;  /* stop, with nothing left */
        frames_job *job = p->todo;
        p->todo = job->next;
        if (!p->todo)
            p->todo_tail = NULL;
        p->busy++;
        frames_wait_base(p, job);
        pthread_mutex_unlock(&p->lock);
        frames_run(job, &view);
        pthread_mutex_lock(&p->lock);
        int first = frames_finish(p, job);
        if (--p->busy == 0 && !p->todo)
            pthread_cond_signal(&p->idle);
        if (first && p->wake) {
            /* outside the lock: the service thread may be taking it to collect */
            pthread_mutex_unlock(&p->lock);
            p->wake(p->wake_arg);
            pthread_mutex_lock(&p->lock);
        }
    }
    pthread_mutex_unlock(&p->lock);
    carc_free(view);
    return NULL;
}

srv_frames *srv_frames_new(int workers, void (*wake)(void *), void *wake_arg,
                           void (*done)(void *, const char *), void *done_arg)
{
    srv_frames *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->idle, NULL);
    pthread_cond_init(&p->written, NULL);
    p->wake = wake;
    p->wake_arg = wake_arg;
    p->on_done = done;
    p->done_arg = done_arg;
    p->threads = workers > 0 ? calloc((size_t)workers, sizeof *p->threads) : NULL;
    if (workers > 0 && !p->threads) {
        srv_frames_free(p);
        return NULL;
    }
    /* the workers never take a signal: the service thread handles SIGTERM */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    for (int i = 0; i < workers; i++) {
        if (pthread_create(&p->threads[i], NULL, frames_main, p) != 0)
            break;
        p->nthreads++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (p->nthreads < workers) {
        srv_frames_free(p);
        return NULL;
    }
    return p;
}

srv_snap *srv_frames_snap(srv_frames *p, const carc_game *g)
{
    srv_snap *s = p->nspare ? p->spare[--p->nspare] : NULL;
    if (s) {
        carc_copy(s->g, g);
    } else {
        s = malloc(sizeof *s);
        if (!s)
            return NULL;
        s->g = carc_clone(g);
        if (!s->g) {
            free(s);
            return NULL;
        }
    }
    s->refs = 1;
    return s;
}

void srv_frames_snap_unref(srv_frames *p, srv_snap *s)
{
    if (!s || --s->refs > 0)
        return;
    if (p && p->nspare < FRAMES_SPARE) {
        p->spare[p->nspare++] = s;  /* a pass makes and drops one per move */
        return;
    }
    carc_free(s->g);
    free(s);
}

int srv_frames_threaded(const srv_frames *p)
{
    return p && p->nthreads > 0;
}

int srv_frames_submit(srv_frames *p, srv_frame *f, srv_snap *snap, const char *id, int index,
                      int seat, srv_frame *base)
{
    frames_job *job = malloc(sizeof *job);
    if (!job)
        return -1;
    job->next = NULL;
    job->f = f;
    job->snap = snap;
    job->base = base;
    f->refs++;
    snap->refs++;
    if (base)
        base->refs++;
    memcpy(job->id, id, sizeof job->id);
    job->index = index;
    job->seat = seat;
    p->queued++;
    pthread_mutex_lock(&p->lock);
    if (p->todo_tail)
        p->todo_tail->next = job;
    else
        p->todo = job;
    p->todo_tail = job;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
    return 0;
}

int srv_frames_collect(srv_frames *p)
{
    if (!p || p->queued == 0)
        return 0;
    pthread_mutex_lock(&p->lock);
    frames_job *list = p->done;
    p->done = NULL;
    pthread_mutex_unlock(&p->lock);
    int n = 0;
    while (list) {
        frames_job *next = list->next;
        list->f->ready = 1;
        if (p->on_done)
            p->on_done(p->done_arg, list->id);
        srv_frame_unref(list->f);
        srv_frame_unref(list->base);
        srv_frames_snap_unref(p, list->snap);
        free(list);
        p->queued--;
        n++;
        list = next;
    }
    return n;
}

void srv_frames_drain(srv_frames *p)
{
    if (!p || p->queued == 0)
        return;
    pthread_mutex_lock(&p->lock);
    /* the service thread writes what no worker has started */
    while (p->todo) {
        frames_job *job = p->todo;
        p->todo = job->next;
        if (!p->todo)
            p->todo_tail = NULL;
        frames_wait_base(p, job);
        pthread_mutex_unlock(&p->lock);
        frames_run(job, &p->view);
        pthread_mutex_lock(&p->lock);
        frames_finish(p, job);
    }
    while (p->busy > 0)
        pthread_cond_wait(&p->idle, &p->lock);
    pthread_mutex_unlock(&p->lock);
    srv_frames_collect(p);
}

void srv_frames_free(srv_frames *p)
{
    if (!p)
        return;
    srv_frames_drain(p);
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
    free(p->threads);
    carc_free(p->view);
    while (p->nspare > 0) {
        srv_snap *s = p->spare[--p->nspare];
        carc_free(s->g);
        free(s);
    }
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->idle);
    pthread_cond_destroy(&p->written);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
