/*
 * server.c - `carc serve`: the libwebsockets context and its one protocol, the
 * service loop, and what ties games to sessions and computer players.
 *
 * The service thread owns everything (the Redis model): the store, the live games,
 * every connection. One protocol handles HTTP and WebSocket alike; it is the first
 * and only protocol of the vhost, so libwebsockets 4.1 picks it for a WebSocket
 * opened without a subprotocol name (a browser's plain `new WebSocket(url)`).
 * Workers of srv_bots.c wake the loop with lws_cancel_service; their moves arrive
 * here as LWS_CALLBACK_EVENT_WAIT_CANCELLED.
 */
#define _POSIX_C_SOURCE 200809L
#include <libwebsockets.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "srv_int.h"

#ifndef CARC_WEB_DIR
#define CARC_WEB_DIR "web"
#endif

void srv_options_init(srv_options *o)
{
    memset(o, 0, sizeof *o);
    o->host = "127.0.0.1";
    o->port = 8080;
    o->db = "carc-games.sqlite";
    o->web = CARC_WEB_DIR;
    o->workers = 2;
    o->max_per_ip = 64;
    o->games_per_minute = 60;
    o->idle_evict = 900;
    o->frame_workers = -1;
}

double srv_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void srv_log(const srv_server *s, const char *fmt, ...)
{
    va_list ap;
    if (s->opt->quiet)
        return;
    va_start(ap, fmt);
    fputs("carc serve: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

srv_game *srv_find_game(srv_server *s, const char *id)
{
    char err[SRV_ERR];
    int missing;
    srv_game *gm = srv_registry_find(&s->reg, id);
    if (gm || !srv_is_hex(id, 2 * SRV_ID_BYTES))
        return gm;
    gm = srv_game_load(s->store, id, &missing, err, sizeof err);
    if (!gm) {
        if (!missing)
            fprintf(stderr, "carc serve: %s\n", err);
        return NULL;
    }
    srv_registry_add(&s->reg, gm);
    srv_game_changed(s, gm);
    return gm;
}

/* A computer's seed for one decision: the game's seed, the index and the seat
 * mixed (splitmix64), so a replayed game asks the same questions the same way. */
static uint64_t server_bot_seed(const srv_game *gm, int seat)
{
    uint64_t z = gm->seed ^ ((uint64_t)gm->index << 8) ^ (uint64_t)seat;
    return mix_next(&z);
}

void srv_game_changed(srv_server *s, srv_game *gm)
{
    gm->touched = srv_now();
    srv_ws_broadcast(s, gm);
    int seat = srv_game_bot_seat(gm);
    if (seat < 0 || gm->bot_index == gm->index)
        return;
    carc_view(gm->g, seat, gm->view);
    if (srv_bots_submit(s->bots, gm->id, gm->index, gm->spec[seat], server_bot_seed(gm, seat),
                        gm->view) == 0)
        gm->bot_index = gm->index;
    else
        fprintf(stderr, "carc serve: game %s: out of memory queueing a computer move\n", gm->id);
}

void srv_evict_if_idle(srv_server *s, srv_game *gm)
{
    /* a game whose last moves are not committed yet stays until srv_pass_end: if the
     * commit fails, it is rebuilt in place */
    if (!carc_is_over(gm->g) || gm->conns || gm->durable < gm->index)
        return;
    srv_registry_remove(&s->reg, gm);
    srv_game_free(gm);
}

void srv_take_bot_moves(srv_server *s)
{
    char id[2 * SRV_ID_BYTES + 1], err[SRV_ERR];
    int index, ok;
    carc_move m;
    while (srv_bots_take(s->bots, id, &index, &m, &ok)) {
        srv_game *gm = srv_registry_find(&s->reg, id);
        if (!gm || gm->index != index)
            continue;  /* the game moved on: the answer is stale */
        gm->bot_index = -1;
        int seat = srv_game_bot_seat(gm);
        if (!ok || seat < 0 || srv_game_move(gm, s->store, seat, index, &m, err, sizeof err) < 0) {
            fprintf(stderr, "carc serve: game %s: computer move %d refused: %s\n", gm->id, index,
                    ok ? err : "the player found no move");
            continue;
        }
        srv_note_move(s, gm);
        srv_game_changed(s, gm);
        srv_evict_if_idle(s, gm);  /* a game of computers only, over */
    }
}

void srv_sweep_idle(srv_server *s)
{
    double now = srv_now();
    if (s->opt->idle_evict <= 0 || now < s->next_sweep)
        return;
    s->next_sweep = now + (s->opt->idle_evict < 10 ? 0.5 : 5);
    for (size_t b = 0; b < sizeof s->reg.bucket / sizeof s->reg.bucket[0]; b++)
        for (srv_game *gm = s->reg.bucket[b], *next; gm; gm = next) {
            next = gm->hnext;
            /* nobody connected, nothing held, no computer thinking or to think */
            if (gm->conns || gm->durable < gm->index || gm->bot_index >= 0 ||
                srv_game_bot_seat(gm) >= 0 || now - gm->touched < s->opt->idle_evict)
                continue;
            srv_log(s, "game %s left memory after %.0f s untouched (it stays in the store)",
                    gm->id, now - gm->touched);
            srv_registry_remove(&s->reg, gm);
            srv_game_free(gm);
        }
}

/* A timer that wakes the loop every second, so that idle games are swept even when
 * no socket has anything to say. */
static void server_tick(lws_sorted_usec_list_t *sul)
{
    srv_server *s = lws_container_of(sul, srv_server, tick);
    lws_sul_schedule(s->ctx, 0, &s->tick, server_tick, LWS_US_PER_SEC);
}

void srv_pass_begin(srv_server *s)
{
    if (s->batch)
        return;
    s->store->batch_begin(s->store);
    s->batch = 1;
}

/* After a failed commit: gm back to its log, its sessions told, the frames of lost
 * states dropped. 0, or -1 if the game cannot be read back. */
static int server_restore(srv_server *s, srv_game *gm)
{
    char err[SRV_ERR];
    int missing;
    srv_game *fresh = srv_game_load(s->store, gm->id, &missing, err, sizeof err);
    if (!fresh) {
        fprintf(stderr, "carc serve: game %s: cannot be rebuilt from the store: %s\n", gm->id,
                err);
        return -1;
    }
    srv_game_take_state(gm, fresh);
    srv_ws_drop_held(gm, "the last move could not be stored; the game is back at its last "
                         "stored move");
    srv_game_changed(s, gm);
    return 0;
}

/* Ends the pass: commits its batch and releases or restores every game that moved
 * in it. Returns the commit's status (0, or -1 if the batch was lost). */
static int server_commit(srv_server *s)
{
    if (!s->batch)
        return 0;
    s->batch = 0;
    int rc = s->store->batch_end(s->store);
    /* the frames of the batch's moves, written by the pool meanwhile, are all
     * written before any of them is let go (or dropped) */
    srv_frames_drain(s->frames);
    if (rc < 0)
        fprintf(stderr, "carc serve: %s: %d game%s back to their stored moves\n", s->store->err,
                s->nmoved, s->nmoved == 1 ? "" : "s");
    for (int i = 0; i < s->nmoved; i++) {
        srv_game *gm = srv_registry_find(&s->reg, s->moved[i]);
        if (!gm || gm->durable == gm->index)
            continue;  /* evicted, or listed twice */
        srv_frames_snap_unref(s->frames, gm->snap);  /* its frames are written */
        gm->snap = NULL;
        if (rc == 0) {
            gm->durable = gm->index;
            srv_ws_release(gm);
            srv_evict_if_idle(s, gm);
        } else if (server_restore(s, gm) < 0) {
            /* its state is ahead of its log and cannot be told: stop, so that a
             * restart rebuilds every game from the store */
            s->failed = 1;
        }
    }
    s->nmoved = 0;
    return rc;
}

void srv_pass_end(srv_server *s)
{
    server_commit(s);
}

void srv_note_move(srv_server *s, srv_game *gm)
{
    if (!s->batch) {
        gm->durable = gm->index;  /* no batch open: the store committed it at once */
        return;
    }
    if (s->nmoved > 0 && strcmp(s->moved[s->nmoved - 1], gm->id) == 0)
        return;  /* the same game again (a listed game found later is harmless too) */
    if (s->nmoved == s->capmoved) {
        int cap = s->capmoved ? 2 * s->capmoved : 64;
        char (*n)[2 * SRV_ID_BYTES + 1] = realloc(s->moved, (size_t)cap * sizeof *n);
        if (!n) {
            /* cannot list it: commit the batch now, this move included */
            if (server_commit(s) == 0) {
                gm->durable = gm->index;
                srv_ws_release(gm);
            } else if (server_restore(s, gm) < 0) {
                s->failed = 1;
            }
            srv_pass_begin(s);
            return;
        }
        s->moved = n;
        s->capmoved = cap;
    }
    memcpy(s->moved[s->nmoved++], gm->id, sizeof s->moved[0]);
}

void srv_flush(srv_server *s)
{
    if (!s->batch)
        return;
    srv_pass_end(s);
    srv_pass_begin(s);
}

static int server_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user,
                           void *in, size_t len)
{
    srv_server *s = lws_context_user(lws_get_context(wsi));
    srv_conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        srv_take_bot_moves(s);
        return 0;
    case LWS_CALLBACK_HTTP:
        memset(c, 0, sizeof *c);
        snprintf(c->uri, sizeof c->uri, "%s", in ? (const char *)in : "/");
        return srv_http_request(s, c, wsi);
    case LWS_CALLBACK_HTTP_BODY:
        return srv_http_body(s, c, in, len);
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        return srv_http_body_done(s, c, wsi);
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_CLOSED_HTTP:
        if (c && !c->is_ws)
            srv_http_done(c);
        break;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return srv_ws_admit(s, wsi);
    case LWS_CALLBACK_ESTABLISHED:
        return srv_ws_open(s, c, wsi);
    case LWS_CALLBACK_RECEIVE:
        return srv_ws_receive(s, c, wsi, in, len);
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return srv_ws_writable(s, c, wsi);
    case LWS_CALLBACK_CLOSED:
        srv_ws_closed(s, c);
        return 0;
    default:
        break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

static void server_wake(void *arg)
{
    lws_cancel_service(arg);
}

/* How many threads write frames: o->frame_workers, or by default one per core but
 * the service thread's (at least one, at most 4). */
static int server_frame_workers(const srv_options *o)
{
    if (o->frame_workers >= 0)
        return o->frame_workers;
    long n = sysconf(_SC_NPROCESSORS_ONLN) - 1;
    return n < 1 ? 1 : n > 4 ? 4 : (int)n;
}

/* Rebuilds every unfinished game from its log; returns how many, -1 on a store error. */
static int server_rebuild(srv_server *s)
{
    char **ids, err[SRV_ERR];
    int n, missing, live = 0;
    if (s->store->unfinished(s->store, &ids, &n) < 0) {
        fprintf(stderr, "carc serve: %s\n", s->store->err);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        srv_game *gm = srv_game_load(s->store, ids[i], &missing, err, sizeof err);
        if (!gm) {
            fprintf(stderr, "carc serve: %s\n", err);
            continue;
        }
        srv_registry_add(&s->reg, gm);
        srv_game_changed(s, gm);
        live++;
    }
    srv_strings_free(ids, n);
    return live;
}

int srv_run(const srv_options *o)
{
    static const struct lws_protocols protocols[] = {
        {"carc", server_callback, sizeof(srv_conn), SRV_MSG_MAX, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0}  /* 4.1 has no LWS_PROTOCOL_LIST_TERM */
    };
    char err[SRV_ERR];
    int rc = 1;
    srv_server *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "carc serve: out of memory\n");
        return 1;
    }
    s->opt = o;
    snprintf(s->web, sizeof s->web, "%s", o->web);
    s->store = srv_sqlite_open(o->db, err, sizeof err);
    if (!s->store) {
        fprintf(stderr, "carc serve: %s\n", err);
        free(s);
        return 1;
    }
    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = o->port;
    info.iface = o->host;
    info.protocols = protocols;
    info.user = s;
    info.options = LWS_SERVER_OPTION_DISABLE_IPV6;
    info.timeout_secs = 30;
    s->ctx = lws_create_context(&info);
    if (!s->ctx) {
        fprintf(stderr, "carc serve: cannot listen on %s:%d\n", o->host, o->port);
        goto out;
    }
    s->bots = srv_bots_new(o->workers > 0 ? o->workers : 1, server_wake, s->ctx);
    if (!s->bots) {
        fprintf(stderr, "carc serve: cannot start the computer players' threads\n");
        goto out;
    }
    s->frames = srv_frames_new(server_frame_workers(o));
    if (!s->frames) {
        fprintf(stderr, "carc serve: cannot start the frame writers' threads\n");
        goto out;
    }
    int live = server_rebuild(s);
    if (live < 0)
        goto out;
    struct lws_vhost *vh = lws_get_vhost_by_name(s->ctx, "default");
    int port = vh ? lws_get_vhost_listen_port(vh) : o->port;
    printf("carc serve: http://%s:%d/\n", o->host, port);
    fflush(stdout);
    srv_log(s, "%d unfinished game%s rebuilt from %s; web pages from %s", live,
            live == 1 ? "" : "s", o->db, s->web);
    rc = 0;
    /* one pass of the loop is one group commit: the moves that arrive in it are
     * committed together at its end, before any of their frames is written */
    s->next_sweep = srv_now() + 1;
    lws_sul_schedule(s->ctx, 0, &s->tick, server_tick, LWS_US_PER_SEC);
    while (!*o->stop && !s->failed) {
        srv_pass_begin(s);
        int n = lws_service(s->ctx, 0);
        srv_pass_end(s);
        srv_sweep_idle(s);
        if (n < 0)
            break;
    }
    if (s->failed)
        rc = 1;
    srv_log(s, "stopping");
out:
    srv_bots_free(s->bots);  /* first: workers wake the context */
    srv_frames_free(s->frames);  /* drains: no job holds a frame or a snapshot after */
    if (s->ctx)
        lws_context_destroy(s->ctx);
    srv_registry_clear(&s->reg);
    s->store->close(s->store);
    free(s->moved);
    srv_rate_free(&s->rate);
    free(s->ips);
    free(s);
    return rc;
}
