/*
 * srv_host.c - hosting the live games: finding a game (loaded from the store if it is
 * not live), what follows a change (frames to its sessions, a computer's turn sent to
 * the workers), the computers' answers coming back, group commit (one batch of the
 * store per service pass, its frames held until the commit), and games leaving memory
 * (finished and unwatched, or idle).
 *
 * Everything here runs on the service thread, which owns every live game: server.c
 * calls in from the service loop and the protocol's callback, srv_http.c and
 * srv_ws.c when a request or a session touches a game. It calls no libwebsockets
 * function: its frames reach the sessions through srv_ws.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv_int.h"

srv_game *srv_host_find(srv_server *s, const char *id, int *why)
{
    char err[SRV_ERR];
    int missing;
    *why = SRV_NO_GAME;
    srv_game *gm = srv_registry_find(&s->reg, id);
    if (gm || !srv_is_hex(id, 2 * SRV_ID_BYTES))
        return gm;
    /* one owner per game (several processes on one PostgreSQL database): this one
     * hosts the game only while it holds it */
    int claim = s->store->claim(s->store, id);
    if (claim != 0) {
        *why = claim > 0 ? SRV_ELSEWHERE : SRV_DAMAGED;
        if (claim < 0)
            fprintf(stderr, "carc serve: %s\n", s->store->err);
        return NULL;
    }
    gm = srv_game_load(s->store, id, &missing, err, sizeof err);
    if (!gm) {
        s->store->release(s->store, id);
        *why = missing == 1 ? SRV_NO_GAME : missing == 2 ? SRV_EXPIRED : SRV_DAMAGED;
        if (!missing)
            fprintf(stderr, "carc serve: %s\n", err);
        return NULL;
    }
    gm->taken = srv_now();
    srv_registry_add(&s->reg, gm);
    srv_host_changed(s, gm);
    return gm;
}

const char *srv_host_rematch_of(const srv_server *s, const char *id)
{
    int n = s->nrematch < SRV_REMATCH_KEEP ? s->nrematch : SRV_REMATCH_KEEP;
    for (int i = 0; i < n; i++)
        if (strcmp(s->rematch[i][0], id) == 0)
            return s->rematch[i][1];
    return NULL;
}

srv_game *srv_host_rematch(srv_server *s, srv_game *gm, char *err, size_t errsize)
{
    int why;
    const char *made = srv_host_rematch_of(s, gm->id);
    if (made) {
        srv_game *again = srv_host_find(s, made, &why);
        unsigned status;
        if (!again)
            snprintf(err, errsize, "%s", srv_host_why(why, &status));
        return again;
    }
    if (!carc_is_over(gm->g)) {
        snprintf(err, errsize, "a rematch only once the game is over");
        return NULL;
    }
    srv_create req;
    char tokens[SRV_SEATS][2 * SRV_TOKEN_BYTES + 1];
    carc_error ce;
    memset(&req, 0, sizeof req);
    req.players = gm->seats;
    memcpy(req.spec, gm->spec, sizeof req.spec);
    if (carc_expansions_parse(gm->expansions, &req.expansions, &ce) != 0) {
        snprintf(err, errsize, "the game's expansions cannot be read back");
        return NULL;
    }
    req.hashes = (const char (*)[SRV_HASH_HEX + 1])gm->hash;
    srv_clock_init(&req.clock, gm->clock.kind, gm->clock.start_ms, gm->clock.move_ms);
    srv_host_flush(s);  /* a new game's row commits on its own, never in a batch */
    srv_game *again = srv_game_create(&req, s->store, tokens, err, errsize);
    if (!again)
        return NULL;
    if (s->store->claim(s->store, again->id) != 0) {  /* a new id: nobody else holds it */
        snprintf(err, errsize, "%s", s->store->err);
        srv_game_free(again);
        return NULL;
    }
    srv_registry_add(&s->reg, again);
    srv_ladder_rematch(s, gm->id, again->id);  /* a ladder game's rematch is one too */
    int slot = s->nrematch++ % SRV_REMATCH_KEEP;
    memcpy(s->rematch[slot][0], gm->id, sizeof s->rematch[slot][0]);
    memcpy(s->rematch[slot][1], again->id, sizeof s->rematch[slot][1]);
    srv_log(s, "game %s created: a rematch of %s", again->id, gm->id);
    srv_host_changed(s, again);  /* a computer may open it */
    return again;
}

const char *srv_host_why(int why, unsigned *status)
{
    switch (why) {
    case SRV_EXPIRED:
        *status = 410;
        return "this game expired: nobody played it for longer than the server keeps "
               "abandoned games";
    case SRV_ELSEWHERE:
        *status = 503;
        return "this game is being played on another server process: try again in a moment";
    case SRV_DAMAGED:
        *status = 500;
        return "this game is damaged: its stored moves do not load (the server's log says "
               "why)";
    default:
        *status = 404;
        return "no such game";
    }
}

/* For expiry: 1 if the game is live (in use: it does not expire). */
static int host_live(void *arg, const char *id)
{
    srv_server *s = arg;
    return srv_registry_find(&s->reg, id) != NULL;
}

/* Expires the games nobody touched for --expire-days (at start and every hour). */
static void host_expire(srv_server *s)
{
    int n;
    if (s->opt->expire_days <= 0)
        return;
    if (s->store->expire(s->store, s->opt->expire_days, host_live, s, &n) < 0)
        fprintf(stderr, "carc serve: %s\n", s->store->err);
    else if (n)
        srv_log(s, "%d game%s expired: unfinished and untouched for %d days", n,
                n == 1 ? "" : "s", s->opt->expire_days);
}

/* 1 if the stored game has a computer seat (or its row cannot be read: the load
 * that follows will say why). Reading the row is cheap; replaying the moves is not. */
static int host_has_computer(srv_server *s, const char *id)
{
    srv_game_row row;
    char **moves;
    int n, found = 1;
    if (s->store->load_game(s->store, id, &row, &moves, &n) != 0)
        return 1;
    found = 0;
    for (const char *p = row.players; p && *p;) {
        size_t len = strcspn(p, ",");
        if (!(len == 5 && !strncmp(p, "human", 5)))
            found = 1;
        p += len + (p[len] == ',');
    }
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    return found;
}

/* 1 if the stored game has a clock row (a clock may run: its end must be seen). */
static int host_has_clock(srv_server *s, const char *id)
{
    char *text = NULL;
    int rc = s->store->load_clock(s->store, id, &text);
    free(text);
    return rc == 0;
}

int srv_host_rebuild(srv_server *s, int *total)
{
    char **ids, err[SRV_ERR];
    int n, missing, live = 0;
    *total = 0;
    host_expire(s);
    s->next_expiry = srv_now() + 3600;
    if (s->store->unfinished(s->store, &ids, &n) < 0) {
        fprintf(stderr, "carc serve: %s\n", s->store->err);
        return -1;
    }
    *total = n;
    for (int i = 0; i < n; i++) {
        if (!host_has_computer(s, ids[i]) && !host_has_clock(s, ids[i]))
            continue;  /* only people play it: nothing to do until one comes */
        if (s->store->claim(s->store, ids[i]) != 0)
            continue;  /* hosted by another process (or the claim failed: later) */
        srv_game *gm = srv_game_load(s->store, ids[i], &missing, err, sizeof err);
        if (!gm) {
            fprintf(stderr, "carc serve: %s\n", err);
            s->store->release(s->store, ids[i]);
            continue;
        }
        /* issue 22, M1: only a game a computer must move in stays; the others are
         * rebuilt again when someone asks for them (100,000 unfinished games took 1.85
         * GB to start; games of people only are not even replayed here) */
        if (srv_game_bot_seat(gm) < 0 && !srv_absent_keeps(gm)) {
            s->store->release(s->store, ids[i]);
            srv_game_free(gm);
            continue;
        }
        gm->taken = srv_now();
        srv_registry_add(&s->reg, gm);
        srv_host_changed(s, gm);
        live++;
    }
    srv_strings_free(ids, n);
    return live;
}

/* A computer's seed for one decision: the game's seed, the index and the seat
 * mixed (splitmix64), so a replayed game asks the same questions the same way. */
static uint64_t host_bot_seed(const srv_game *gm, int seat)
{
    uint64_t z = gm->seed ^ ((uint64_t)gm->index << 8) ^ (uint64_t)seat;
    return mix_next(&z);
}

void srv_host_changed(srv_server *s, srv_game *gm)
{
    gm->touched = srv_now();
    srv_undo_moved(s, gm);  /* an undo asked before this change ends (srv_undo.c) */
    srv_ws_broadcast(s, gm);
    srv_absent_changed(s, gm);  /* the clocks follow, and are told after the state */
    srv_host_bot_turn(s, gm);
}

void srv_host_bot_turn(srv_server *s, srv_game *gm)
{
    int seat = srv_game_bot_seat(gm);
    if (seat < 0 || gm->bot_index == gm->index)
        return;
    /* the seat's view only, whoever plays it: a seat of people a computer plays for
     * now learns nothing its owner could not see (srv_absent.c) */
    carc_view(gm->g, seat, gm->view);
    if (srv_bots_submit(s->bots, gm->id, gm->index, srv_game_bot_spec(gm, seat),
                        host_bot_seed(gm, seat),
                        gm->view, gm->people > 0, gm->owner) == 0)
        gm->bot_index = gm->index;
    else
        fprintf(stderr, "carc serve: game %s: out of memory queueing a computer move\n", gm->id);
}

void srv_host_evict_if_idle(srv_server *s, srv_game *gm)
{
    /* a game whose last moves are not committed yet stays until srv_host_pass_end: if
     * the commit fails, it is rebuilt in place */
    if (!carc_is_over(gm->g) || gm->conns || gm->durable < gm->index)
        return;
    srv_host_drop(s, gm);
}

void srv_host_drop(srv_server *s, srv_game *gm)
{
    srv_registry_remove(&s->reg, gm);
    if (!s->released)
        s->store->release(s->store, gm->id);  /* another process may host it now */
    srv_game_free(gm);
}

void srv_host_take_bot_moves(srv_server *s)
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
        if (seat < 0)
            continue;  /* its owner took the seat back meanwhile (srv_absent_back) */
        if (!ok || srv_game_move(gm, s->store, seat, index, &m, err, sizeof err) < 0) {
            fprintf(stderr, "carc serve: game %s: computer move %d refused: %s\n", gm->id, index,
                    ok ? err : "the player found no move");
            continue;
        }
        gm->last_bot = 1;  /* no undo of a computer's move (srv_undo.c) */
        srv_host_note_move(s, gm);
        srv_host_changed(s, gm);
        srv_host_evict_if_idle(s, gm);  /* a game of computers only, over */
    }
}

void srv_host_sweep_idle(srv_server *s)
{
    double now = srv_now();
    if (now >= s->next_expiry) {
        s->next_expiry = now + 3600;
        host_expire(s);
    }
    if (s->opt->idle_evict <= 0 || now < s->next_sweep)
        return;
    s->next_sweep = now + (s->opt->idle_evict < 10 ? 0.5 : 5);
    for (size_t b = 0; b < sizeof s->reg.bucket / sizeof s->reg.bucket[0]; b++)
        for (srv_game *gm = s->reg.bucket[b], *next; gm; gm = next) {
            next = gm->hnext;
            /* nobody connected, nothing held, no computer thinking or to think */
            if (gm->conns || gm->durable < gm->index || gm->bot_index >= 0 ||
                srv_game_bot_seat(gm) >= 0 || srv_absent_keeps(gm) ||
                now - gm->touched < s->opt->idle_evict)
                continue;
            srv_log(s, "game %s left memory after %.0f s untouched (it stays in the store)",
                    gm->id, now - gm->touched);
            srv_host_drop(s, gm);
        }
}

void srv_host_asked(srv_server *s)
{
    char id[16];
    double now = srv_now();
    while (s->store->asked(s->store, id)) {
        srv_game *gm = srv_registry_find(&s->reg, id);
        /* A session of the game reached another process (a reload that nginx sent to a
         * restarted process, a proxy that fails over): the game follows it, even if
         * sessions are open here, which are told to reconnect (and reach it there
         * through the same proxy). Waiting for them to end kept a reloading seat out
         * for good (issue 33, H1). Not with moves awaiting their commit (the asker
         * asks again every 0.2 s), nor within SRV_HAND_OVER_HOLD of taking it over. A
         * computer's search under way is dropped: the new owner asks again. */
        if (!gm || gm->durable < gm->index || (gm->taken && now - gm->taken < SRV_HAND_OVER_HOLD))
            continue;
        int n = 0;
        for (srv_conn *c = gm->conns; c; c = c->next)
            n++;
        srv_log(s, "game %s handed over to another process that asked for it (%d session%s "
                "here told to reconnect)", gm->id, n, n == 1 ? "" : "s");
        srv_ws_hand_over(gm);
        srv_host_drop(s, gm);
    }
}

void srv_host_release_all(srv_server *s)
{
    for (size_t b = 0; b < sizeof s->reg.bucket / sizeof s->reg.bucket[0]; b++)
        for (srv_game *gm = s->reg.bucket[b]; gm; gm = gm->hnext)
            s->store->release(s->store, gm->id);
    s->released = 1;
}

void srv_host_pass_begin(srv_server *s)
{
    if (s->batch)
        return;
    s->store->batch_begin(s->store);
    s->batch = 1;
}

/* After a failed commit: gm back to its log, its sessions told, the frames of lost
 * states dropped. 0, or -1 if the game cannot be read back. */
static int host_restore(srv_server *s, srv_game *gm)
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
    srv_host_changed(s, gm);
    return 0;
}

/* Ends the pass: commits its batch and releases or restores every game that moved
 * in it. Returns the commit's status (0, or -1 if the batch was lost). */
static int host_commit(srv_server *s)
{
    if (!s->batch)
        return 0;
    s->batch = 0;
    int rc = s->store->batch_end(s->store);
    /* the frames of the batch's moves, written by the pool meanwhile, are all
     * written before any of them is let go (or dropped) */
    srv_frame_pool_drain(s->pool);
    if (rc < 0)
        fprintf(stderr, "carc serve: %s: %d game%s back to their stored moves\n", s->store->err,
                s->nmoved, s->nmoved == 1 ? "" : "s");
    for (int i = 0; i < s->nmoved; i++) {
        srv_game *gm = srv_registry_find(&s->reg, s->moved[i]);
        if (!gm || gm->durable == gm->index)
            continue;  /* evicted, or listed twice */
        srv_frame_pool_snap_unref(s->pool, gm->snap);  /* its frames are written */
        gm->snap = NULL;
        if (rc == 0) {
            gm->durable = gm->index;
            srv_ws_release(gm);
            srv_ladder_finished(s, gm);  /* over: a ladder game is rated */
            srv_host_evict_if_idle(s, gm);
        } else if (host_restore(s, gm) < 0) {
            /* its state is ahead of its log and cannot be told: stop, so that a
             * restart rebuilds every game from the store */
            s->failed = 1;
        }
    }
    s->nmoved = 0;
    return rc;
}

void srv_host_pass_end(srv_server *s)
{
    host_commit(s);
}

void srv_host_note_move(srv_server *s, srv_game *gm)
{
    if (!s->batch) {
        gm->durable = gm->index;  /* no batch open: the store committed it at once */
        srv_ladder_finished(s, gm);
        return;
    }
    if (s->nmoved > 0 && strcmp(s->moved[s->nmoved - 1], gm->id) == 0)
        return;  /* the same game again (a listed game found later is harmless too) */
    if (s->nmoved == s->capmoved) {
        int cap = s->capmoved ? 2 * s->capmoved : 64;
        char (*n)[2 * SRV_ID_BYTES + 1] = realloc(s->moved, (size_t)cap * sizeof *n);
        if (!n) {
            /* cannot list it: commit the batch now, this move included */
            if (host_commit(s) == 0) {
                gm->durable = gm->index;
                srv_ws_release(gm);
            } else if (host_restore(s, gm) < 0) {
                s->failed = 1;
            }
            srv_host_pass_begin(s);
            return;
        }
        s->moved = n;
        s->capmoved = cap;
    }
    memcpy(s->moved[s->nmoved++], gm->id, sizeof s->moved[0]);
}

void srv_host_flush(srv_server *s)
{
    if (!s->batch)
        return;
    srv_host_pass_end(s);
    srv_host_pass_begin(s);
}

int srv_host_undo(srv_server *s, srv_game *gm, char *err, size_t errsize)
{
    char id[2 * SRV_ID_BYTES + 1];
    int index = gm->index, open = s->batch, missing;
    memcpy(id, gm->id, sizeof id);
    if (!s->store->cut_move) {
        snprintf(err, errsize, "this server's store cannot take moves back");
        return -1;
    }
    /* the pass's moves first: the cut and the clock go in a transaction of their own,
     * so that a failure takes back nothing but them */
    host_commit(s);
    gm = srv_registry_find(&s->reg, id);
    if (!gm || gm->index != index || gm->durable != index) {
        snprintf(err, errsize, "the game changed meanwhile");
        if (open)
            srv_host_pass_begin(s);
        return -1;
    }
    s->store->batch_begin(s->store);
    srv_game *fresh = NULL;
    if (s->store->cut_move(s->store, id, index - 1) < 0)
        snprintf(err, errsize, "%s", s->store->err);
    else if ((fresh = srv_game_load(s->store, id, &missing, err, errsize)))
        srv_absent_undone(s, fresh, &gm->clock);  /* the clock kept in the same batch */
    if (s->store->batch_end(s->store) < 0 && fresh) {
        snprintf(err, errsize, "%s", s->store->err);
        srv_game_free(fresh);
        fresh = NULL;
    }
    if (open)
        srv_host_pass_begin(s);
    if (!fresh)
        return -1;
    srv_game_take_state(gm, fresh);  /* the state, the record and the clock of index - 1 */
    return 0;
}
