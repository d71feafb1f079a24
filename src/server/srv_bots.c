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
 *
 * Fair shares (issue 22, H3: four games of mcts:60000 made a random seat elsewhere
 * wait 59 s behind a first-come queue; issue 33, H2: 40 games of plain mcts made it
 * wait 4.4 s, every overdue search's deadline being earlier than a new one's):
 * - quick decisions (random, greedy: milliseconds) have a thread of their own, never
 *   behind a search;
 * - searches (mcts) run on the `workers` threads; a game in which a person plays
 *   (someone waits for the answer) goes before a game of computers only, and the
 *   searches of games of computers only run on at most all workers but one, so a
 *   person's opponent finds a worker free (or one that frees within its own kind's
 *   budget); long searches (a budget of LONG_MS or more) likewise;
 * - among the rest, the address (the game's creator) with the fewest searches under
 *   way goes first, then the earliest deadline (asked + budget).
 * A seat's budget is capped (--max-think-ms).
 * Stopping waits STOP_WAIT_MS for the searches under way, then leaves them to the
 * process's exit (a search cannot be interrupted; the server exits at once).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "carc_ai.h"
#include "srv_int.h"

enum { LONG_MS = 1000, STOP_WAIT_MS = 1000 };

typedef struct bot_job {
    struct bot_job *next;
    double deadline;  /* asked at + budget (seconds, monotonic) */
    int budget_ms;    /* capped; 0: a quick player */
    int waited_on;    /* a person plays in the game */
    char addr[64];    /* the game's creator ("": not known) */
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
    pthread_cond_t cond, idle;
    bot_job *todo, *done;
    int stop;
    int nthreads;
    int busy, busy_long;  /* workers thinking; of them, on a long search */
    int busy_bg;          /* of them, on a game of computers only */
    int lanes;            /* the search workers asked for: set before any starts
                           * (nthreads grows while they start, unlocked); thread
                           * number `lanes` is the quick players' */
    const bot_job **running;  /* [lanes]: each search worker's job, or NULL */
    int max_ms;           /* the cap of a budget */
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
    if (colon)
        *colon = '\0';
    if (carc_player_searches(name) == 1)  /* a level's budget is its own */
        opt.budget_ms = job->budget_ms;
    carc_player *p = carc_player_new(name, &opt, &err);
    job->ok = p && carc_player_choose(p, job->view, &job->move, note, sizeof note) == CARC_OK;
    carc_player_free(p);
}

/* The searches under way for addr. Under the lock. */
static int bots_running(const srv_bots *b, const char *addr)
{
    int n = 0;
    for (int i = 0; i < b->lanes; i++)
        n += b->running[i] && strcmp(b->running[i]->addr, addr) == 0;
    return n;
}

/* 1 if job a goes before job b (both may run now): a person's game first, then the
 * address with fewer searches under way, then the earlier deadline. */
static int bots_before(const srv_bots *b, const bot_job *x, const bot_job *y)
{
    if (x->waited_on != y->waited_on)
        return x->waited_on;
    if (x->budget_ms && strcmp(x->addr, y->addr) != 0) {
        int rx = bots_running(b, x->addr), ry = bots_running(b, y->addr);
        if (rx != ry)
            return rx < ry;
    }
    return x->deadline < y->deadline;
}

/* The waiting job the worker `lane` should take, or NULL; unlinks it. Under the lock.
 * The quick players' thread (lane == b->lanes) takes quick decisions only, the search
 * workers searches only. */
static bot_job *bots_pick(srv_bots *b, int lane)
{
    int quick = lane == b->lanes, cap = b->lanes > 1 ? b->lanes - 1 : 1;
    bot_job **best = NULL;
    for (bot_job **pp = &b->todo; *pp; pp = &(*pp)->next) {
        const bot_job *j = *pp;
        if (quick != (j->budget_ms == 0))
            continue;
        if (!quick && ((j->budget_ms >= LONG_MS && b->busy_long >= cap) ||
                       (!j->waited_on && b->busy_bg >= cap)))
            continue;
        if (!best || bots_before(b, j, *best))
            best = pp;
    }
    if (!best)
        return NULL;
    bot_job *job = *best;
    *best = job->next;
    return job;
}

typedef struct bots_lane {
    srv_bots *b;
    int lane;
} bots_lane;

static void *bots_main(void *arg)
{
    bots_lane *me = arg;
    srv_bots *b = me->b;
    int lane = me->lane;
    free(me);
    pthread_mutex_lock(&b->lock);
    for (;;) {
        bot_job *job = NULL;
        while (!b->stop && !(job = bots_pick(b, lane)))
            pthread_cond_wait(&b->cond, &b->lock);
        if (b->stop)
            break;
        int is_long = job->budget_ms >= LONG_MS, is_bg = job->budget_ms && !job->waited_on;
        b->busy++;
        b->busy_long += is_long;
        b->busy_bg += is_bg;
        if (lane < b->lanes)
            b->running[lane] = job;
        pthread_mutex_unlock(&b->lock);
        bots_think(job);
        pthread_mutex_lock(&b->lock);
        b->busy--;
        b->busy_long -= is_long;
        b->busy_bg -= is_bg;
        if (lane < b->lanes)
            b->running[lane] = NULL;
        if (b->stop) {  /* the server is going: nobody takes the answer */
            carc_free(job->view);
            free(job);
            pthread_cond_broadcast(&b->idle);
            break;
        }
        job->next = b->done;
        b->done = job;
        b->wake(b->arg);
        if (job->budget_ms)  /* a search the caps held back may start elsewhere */
            pthread_cond_broadcast(&b->cond);
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

srv_bots *srv_bots_new(int workers, int max_ms, void (*wake)(void *), void *arg)
{
    srv_bots *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->wake = wake;
    b->arg = arg;
    b->max_ms = max_ms > 0 ? max_ms : 10000;
    b->lanes = workers;
    pthread_mutex_init(&b->lock, NULL);
    pthread_cond_init(&b->cond, NULL);
    pthread_cond_init(&b->idle, NULL);
    b->threads = calloc((size_t)workers + 1, sizeof *b->threads);
    b->running = calloc((size_t)workers, sizeof *b->running);
    if (!b->threads || !b->running) {
        srv_bots_free(b);
        return NULL;
    }
    /* signals are the service thread's business */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    for (int i = 0; i <= workers; i++) {  /* the search workers, then the quick one */
        bots_lane *me = malloc(sizeof *me);
        if (me) {
            me->b = b;
            me->lane = i;
        }
        if (!me || pthread_create(&b->threads[i], NULL, bots_main, me) != 0) {
            free(me);
            break;
        }
        b->nthreads++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (b->nthreads != workers + 1) {
        srv_bots_free(b);
        return NULL;
    }
    return b;
}

int srv_bots_submit(srv_bots *b, const char *game_id, int index, const char *spec,
                    uint64_t seed, const carc_game *view, int waited_on, const char *addr)
{
    bot_job *job = calloc(1, sizeof *job);
    if (!job || !(job->view = carc_clone(view))) {
        free(job);
        return -1;
    }
    snprintf(job->id, sizeof job->id, "%s", game_id);
    snprintf(job->spec, sizeof job->spec, "%s", spec);
    snprintf(job->addr, sizeof job->addr, "%s", addr ? addr : "");
    job->waited_on = waited_on;
    job->index = index;
    job->seed = seed;
    job->budget_ms = srv_spec_budget_ms(spec);
    if (job->budget_ms > b->max_ms)
        job->budget_ms = b->max_ms;  /* a game stored before the cap was lowered */
    job->deadline = srv_now() + job->budget_ms / 1000.0;
    pthread_mutex_lock(&b->lock);
    job->next = b->todo;
    b->todo = job;
    pthread_cond_broadcast(&b->cond);
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
    /* the searches under way get STOP_WAIT_MS to end */
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += STOP_WAIT_MS / 1000;
    until.tv_nsec += (STOP_WAIT_MS % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    while (b->busy && pthread_cond_timedwait(&b->idle, &b->lock, &until) == 0)
        ;
    int busy = b->busy;
    pthread_mutex_unlock(&b->lock);
    if (busy) {
        /* a search cannot be interrupted: its thread is left to the process's exit,
         * and so is b, which it still uses (it wakes nobody: stop is set) */
        for (int i = 0; i < b->nthreads; i++)
            pthread_detach(b->threads[i]);
        return;
    }
    for (int i = 0; i < b->nthreads; i++)
        pthread_join(b->threads[i], NULL);
    bots_free_list(b->todo);
    bots_free_list(b->done);
    free(b->threads);
    free(b->running);
    pthread_mutex_destroy(&b->lock);
    pthread_cond_destroy(&b->cond);
    pthread_cond_destroy(&b->idle);
    free(b);
}
