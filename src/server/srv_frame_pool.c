/*
 * srv_frame_pool.c - state frames: shared and counted, and a pool of threads that
 * writes them.
 *
 * After every move each connected seat (and a spectator) is sent a frame whose
 * state JSON costs as much as everything else the service thread does for the move
 * (docs/PERFORMANCE.md). A frame is a pure function of the game's state, the seat,
 * the game's id and the index, so it can be written on another core. The service
 * thread still owns every game: it hands over an immutable copy of the state (a
 * snapshot, shared by the frames of one index) and an unwritten frame, and a worker
 * writes the frame's bytes and nothing else. The frames of a move are held until
 * the move's batch is committed anyway (group commit, srv_host.c); the commit drains
 * the pool first (srv_frame_pool_drain: the service thread writes the frames no
 * worker has started, then waits for the rest), so a frame is never read unwritten
 * and the mutex hands every written byte over to the service thread. The writing
 * itself is srv_frame_write.c's.
 *
 * A delta frame (srv_frame_write.c) reads the parts of its base, the same seat's
 * frame of the index before, which must be written by then: a base queued in the
 * current epoch (the drains so far) may not be, so the caller drains first
 * (srv_game_delta; it happens only when a game moves twice in one pass, a computer
 * answering at once).
 *
 * Ownership: reference counts (frames and snapshots) change on the service thread
 * only; a queued job holds one reference to its frame, its snapshot and its base,
 * dropped by the drain. Workers read the snapshot and the base and write the frame's
 * buf, len and parts.
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

enum { FRAME_POOL_SPARE = 64 };

typedef struct frame_pool_job {
    struct frame_pool_job *next;
    srv_frame *f;
    srv_snap *snap;
    srv_frame *base;       /* a delta's base (written before the job was queued), or NULL */
    char id[2 * SRV_ID_BYTES + 1];
    int index;
    int seat;
} frame_pool_job;

struct srv_frame_pool {
    pthread_mutex_t lock;
    pthread_cond_t work;   /* a job was queued, or stop */
    pthread_cond_t idle;   /* a worker finished a job */
    frame_pool_job *todo, *todo_tail;  /* not started */
    frame_pool_job *done;  /* written, references not yet dropped */
    int busy;              /* jobs a worker is writing */
    int stop;
    int queued;            /* jobs submitted and not drained (service thread only) */
    unsigned epoch;        /* drains so far + 1 (service thread only) */
    int nthreads;
    pthread_t *threads;
    carc_game *view;       /* the service thread's scratch view for the drain */
    srv_snap *spare[FRAME_POOL_SPARE];  /* freed snapshots kept for reuse (service thread) */
    int nspare;
};

/* Writes one job's frame, with `*view` as scratch (allocated on first use). */
static void frame_pool_run(frame_pool_job *job, carc_game **view)
{
    if (!*view)
        *view = carc_clone(job->snap->g);
    if (*view)
        srv_frame_write(job->f, job->id, job->index, job->snap->g, job->seat, *view, job->base);
}

static void *frame_pool_main(void *arg)
{
    srv_frame_pool *p = arg;
    carc_game *view = NULL;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->todo && !p->stop)
            pthread_cond_wait(&p->work, &p->lock);
        if (!p->todo)
            break;  /* stop, with nothing left */
        frame_pool_job *job = p->todo;
        p->todo = job->next;
        if (!p->todo)
            p->todo_tail = NULL;
        p->busy++;
        pthread_mutex_unlock(&p->lock);
        frame_pool_run(job, &view);
        pthread_mutex_lock(&p->lock);
        job->next = p->done;
        p->done = job;
        if (--p->busy == 0 && !p->todo)
            pthread_cond_signal(&p->idle);
    }
    pthread_mutex_unlock(&p->lock);
    carc_free(view);
    return NULL;
}

srv_frame_pool *srv_frame_pool_new(int workers)
{
    srv_frame_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->idle, NULL);
    p->epoch = 1;
    p->threads = workers > 0 ? calloc((size_t)workers, sizeof *p->threads) : NULL;
    if (workers > 0 && !p->threads) {
        srv_frame_pool_free(p);
        return NULL;
    }
    /* the workers never take a signal: the service thread handles SIGTERM */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    for (int i = 0; i < workers; i++) {
        if (pthread_create(&p->threads[i], NULL, frame_pool_main, p) != 0)
            break;
        p->nthreads++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (p->nthreads < workers) {
        srv_frame_pool_free(p);
        return NULL;
    }
    return p;
}

srv_snap *srv_frame_pool_snap(srv_frame_pool *p, const carc_game *g)
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

void srv_frame_pool_snap_unref(srv_frame_pool *p, srv_snap *s)
{
    if (!s || --s->refs > 0)
        return;
    if (p && p->nspare < FRAME_POOL_SPARE) {
        p->spare[p->nspare++] = s;  /* a pass makes and drops one per move */
        return;
    }
    carc_free(s->g);
    free(s);
}

unsigned srv_frame_pool_epoch(const srv_frame_pool *p)
{
    return p ? p->epoch : 0;
}

int srv_frame_pool_submit(srv_frame_pool *p, srv_frame *f, srv_snap *snap, const char *id,
                          int index, int seat, srv_frame *base)
{
    frame_pool_job *job = malloc(sizeof *job);
    if (!job)
        return -1;
    job->next = NULL;
    job->f = f;
    job->snap = snap;
    job->base = base;
    f->refs++;
    f->epoch = p->epoch;
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

void srv_frame_pool_drain(srv_frame_pool *p)
{
    if (!p || p->queued == 0)
        return;
    pthread_mutex_lock(&p->lock);
    /* the service thread helps: it would wait otherwise */
    while (p->todo) {
        frame_pool_job *job = p->todo;
        p->todo = job->next;
        if (!p->todo)
            p->todo_tail = NULL;
        pthread_mutex_unlock(&p->lock);
        frame_pool_run(job, &p->view);
        pthread_mutex_lock(&p->lock);
        job->next = p->done;
        p->done = job;
    }
    while (p->busy > 0)
        pthread_cond_wait(&p->idle, &p->lock);
    frame_pool_job *done = p->done;
    p->done = NULL;
    pthread_mutex_unlock(&p->lock);
    while (done) {
        frame_pool_job *next = done->next;
        srv_frame_unref(done->f);
        srv_frame_unref(done->base);
        srv_frame_pool_snap_unref(p, done->snap);
        free(done);
        done = next;
    }
    p->queued = 0;
    p->epoch++;  /* every frame queued so far is written */
}

void srv_frame_pool_free(srv_frame_pool *p)
{
    if (!p)
        return;
    srv_frame_pool_drain(p);
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
    pthread_mutex_destroy(&p->lock);
    free(p);
}
