/*
 * srv_bots.c - computer seats: a pool of worker threads, a queue of decisions to
 * make and a queue of moves chosen.
 *
 * The service thread owns every game (docs/SERVER.md); a worker gets a copy of the
 * deciding seat's view (carc_view), never the full state, makes a fresh player of
 * the seat's kind seeded from the game, chooses, and posts (game id, index, move)
 * back, then wakes the service thread. The owner checks the index and plays the
 * move through srv_game_move like any other, so a stale answer (the game moved on,
 * the server restarted) is simply refused.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carc_ai.h"
#include "srv_int.h"

typedef struct bot_job {
    struct bot_job *next;
    char id[2 * SRV_ID_BYTES + 1];
    int index;
    char spec[SRV_SPEC_MAX];
    uint64_t seed;
    carc_game *view;
    carc_move move;   /* the answer */
    int ok;
} bot_job;

struct srv_bots {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bot_job *todo, *todo_tail, *done;
    int stop;
    int nthreads;
    pthread_t *threads;
    void (*wake)(void *);
    void *arg;
};

/* Makes the job's player and lets it choose; sets job->ok. */
static void bots_think(bot_job *job)
{
    carc_ai_options opt;
    carc_error err;
    char note[128], name[SRV_SPEC_MAX];
    carc_ai_options_init(&opt);
    opt.seed = job->seed;
    snprintf(name, sizeof name, "%s", job->spec);
    char *colon = strchr(name, ':');
    if (colon) {
        *colon = '\0';
        opt.budget_ms = atoi(colon + 1);
    }
    carc_player *p = carc_player_new(name, &opt, &err);
    job->ok = p && carc_player_choose(p, job->view, &job->move, note, sizeof note) == CARC_OK;
    carc_player_free(p);
}

static void *bots_main(void *arg)
{
    srv_bots *b = arg;
    pthread_mutex_lock(&b->lock);
    for (;;) {
        while (!b->todo && !b->stop)
            pthread_cond_wait(&b->cond, &b->lock);
        if (b->stop)
            break;
        bot_job *job = b->todo;
        b->todo = job->next;
        if (!b->todo)
            b->todo_tail = NULL;
        pthread_mutex_unlock(&b->lock);
        bots_think(job);
        pthread_mutex_lock(&b->lock);
        job->next = b->done;
        b->done = job;
        b->wake(b->arg);
    }
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

static void bots_free_list(bot_job *j)
{
    while (j) {
        bot_job *next = j->next;
        carc_free(j->view);
        free(j);
        j = next;
    }
}

srv_bots *srv_bots_new(int workers, void (*wake)(void *), void *arg)
{
    srv_bots *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->wake = wake;
    b->arg = arg;
    pthread_mutex_init(&b->lock, NULL);
    pthread_cond_init(&b->cond, NULL);
    b->threads = calloc((size_t)workers, sizeof *b->threads);
    if (!b->threads) {
        srv_bots_free(b);
        return NULL;
    }
    /* signals are the service thread's business */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    for (int i = 0; i < workers; i++) {
        if (pthread_create(&b->threads[i], NULL, bots_main, b) != 0)
            break;
        b->nthreads++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (b->nthreads == 0) {
        srv_bots_free(b);
        return NULL;
    }
    return b;
}

int srv_bots_submit(srv_bots *b, const char *game_id, int index, const char *spec,
                    uint64_t seed, const carc_game *view)
{
    bot_job *job = calloc(1, sizeof *job);
    if (!job || !(job->view = carc_clone(view))) {
        free(job);
        return -1;
    }
    snprintf(job->id, sizeof job->id, "%s", game_id);
    snprintf(job->spec, sizeof job->spec, "%s", spec);
    job->index = index;
    job->seed = seed;
    pthread_mutex_lock(&b->lock);
    if (b->todo_tail)
        b->todo_tail->next = job;
    else
        b->todo = job;
    b->todo_tail = job;
    pthread_cond_signal(&b->cond);
    pthread_mutex_unlock(&b->lock);
    return 0;
}

int srv_bots_take(srv_bots *b, char game_id[2 * SRV_ID_BYTES + 1], int *index,
                  carc_move *m, int *ok)
{
    pthread_mutex_lock(&b->lock);
    bot_job *job = b->done;
    if (job)
        b->done = job->next;
    pthread_mutex_unlock(&b->lock);
    if (!job)
        return 0;
    memcpy(game_id, job->id, sizeof job->id);
    *index = job->index;
    *m = job->move;
    *ok = job->ok;
    carc_free(job->view);
    free(job);
    return 1;
}

void srv_bots_free(srv_bots *b)
{
    if (!b)
        return;
    pthread_mutex_lock(&b->lock);
    b->stop = 1;
    pthread_cond_broadcast(&b->cond);
    pthread_mutex_unlock(&b->lock);
    for (int i = 0; i < b->nthreads; i++)
        pthread_join(b->threads[i], NULL);
    bots_free_list(b->todo);
    bots_free_list(b->done);
    free(b->threads);
    pthread_mutex_destroy(&b->lock);
    pthread_cond_destroy(&b->cond);
    free(b);
}
