/*
 * srv_game.c - one live game: created from a request or rebuilt from its log,
 * moves validated, committed, then applied; the frames each seat is sent.
 *
 * Invariants: gm->index is the number of moves in the store's log of this game
 * (committed, or in the store's open batch: gm->durable of them are committed) and
 * applied to gm->g; a move is in the log before gm->g changes (srv_game_move); the
 * frames cached in gm->frames are those of gm->index, and leave the server only once
 * gm->durable reaches it (srv_ws.c). Only views (carc_view) feed a
 * frame: the full state never leaves this file except as the record, once the game
 * is over.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


#include "srv_int.h"

/* Drops the frames (and the snapshot) of the index the game just left. */
static void game_forget_frames(srv_game *gm)
{
    for (int i = 0; i <= SRV_SEATS; i++) {
        srv_frame_unref(gm->frames[i]);
        srv_frame_unref(gm->deltas[i]);
        srv_frame_unref(gm->history[i]);
        gm->frames[i] = gm->deltas[i] = gm->history[i] = NULL;
    }
    srv_frame_pool_snap_unref(NULL, gm->snap);
    gm->snap = NULL;
}



/* 1 if a session of the seat (-1: spectators) takes delta frames: the seat's frame
 * of this index may be a delta's base, so it keeps its view's parts and is kept. */
static int game_delta_session(const srv_game *gm, int seat)
{
    for (const srv_conn *c = gm->conns; c; c = c->next)
        if (c->delta && c->seat == seat)
            return 1;
    return 0;
}

/* The game moves on: each seat's frame of the index it leaves (full or delta, the
 * same view) becomes the base of the next index's deltas, if a delta session of the
 * seat is there to need it; the rest is dropped. */
static void game_next_frames(srv_game *gm)
{
    for (int i = 0; i <= SRV_SEATS; i++) {
        srv_frame_unref(gm->base[i]);
        gm->base[i] = NULL;
        srv_frame *f = gm->frames[i] ? gm->frames[i] : gm->deltas[i];
        if (f && game_delta_session(gm, i == SRV_SEATS ? -1 : i)) {
            gm->base[i] = f;
            f->refs++;
        }
    }
    game_forget_frames(gm);
}

/* Drops every frame, bases included: the next frame of every session is a full one. */
static void game_forget_all(srv_game *gm)
{
    game_forget_frames(gm);
    for (int i = 0; i <= SRV_SEATS; i++) {
        srv_frame_unref(gm->base[i]);
        gm->base[i] = NULL;
    }
}

/* Allocates the states and the recorder of a game built from cfg. */
static srv_game *game_alloc(const carc_config *cfg, char *err, size_t errsize)
{
    carc_error ce;
    srv_game *gm = calloc(1, sizeof *gm);
    if (!gm) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    gm->bot_index = -1;
    srv_clock_init(&gm->clock, SRV_CLOCK_NONE, 0, 0);
    gm->told_absent = -1;
    gm->absent_index = -1;
    gm->last_seat = gm->undo_seat = -1;
    gm->g = carc_new(cfg, &ce);
    if (!gm->g) {
        snprintf(err, errsize, "%s", ce.msg);
        free(gm);
        return NULL;
    }
    gm->next = carc_clone(gm->g);
    gm->view = carc_clone(gm->g);
    gm->rec = carc_recorder_new(cfg, gm->g);
    if (!gm->next || !gm->view || !gm->rec) {
        snprintf(err, errsize, "out of memory");
        srv_game_free(gm);
        return NULL;
    }
    return gm;
}

void srv_game_free(srv_game *gm)
{
    if (!gm)
        return;
    carc_free(gm->g);
    carc_free(gm->next);
    carc_free(gm->view);
    carc_recorder_free(gm->rec);
    game_forget_all(gm);
    free(gm);
}

/* Joins the seat specs (or hashes) with commas into out. */
static void game_join(char *out, size_t size, const char *items, size_t stride, int n)
{
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strncat(out, ",", size - strlen(out) - 1);
        strncat(out, items + (size_t)i * stride, size - strlen(out) - 1);
    }
}

srv_game *srv_game_create(const srv_create *req, srv_store *st,
                          char tokens[SRV_SEATS][2 * SRV_TOKEN_BYTES + 1], char *err,
                          size_t errsize)
{
    carc_config cfg;
    carc_config_init(&cfg);
    cfg.players = req->players;
    cfg.expansions = req->expansions;
    cfg.seed = req->has_seed ? req->seed : srv_random_seed();
    srv_game *gm = game_alloc(&cfg, err, errsize);
    if (!gm)
        return NULL;
    gm->seats = req->players;
    gm->seed = cfg.seed;
    gm->clock = req->clock;  /* started by the first srv_host_changed (srv_absent.c) */
    gm->created = (int64_t)time(NULL);
    carc_expansions_name(cfg.expansions, gm->expansions, sizeof gm->expansions);
    if (srv_random_hex(gm->id, SRV_ID_BYTES) < 0) {
        snprintf(err, errsize, "no random numbers from the kernel");
        srv_game_free(gm);
        return NULL;
    }
    for (int s = 0; s < gm->seats; s++) {
        memcpy(gm->spec[s], req->spec[s], SRV_SPEC_MAX);
        tokens[s][0] = '\0';
        if (!srv_spec_is_human(gm->spec[s]))
            continue;
        gm->people++;
        if (req->hashes) {  /* a rematch: the same tokens open the same seats */
            memcpy(gm->hash[s], req->hashes[s], SRV_HASH_HEX + 1);
            continue;
        }
        if (srv_random_hex(tokens[s], SRV_TOKEN_BYTES) < 0) {
            snprintf(err, errsize, "no random numbers from the kernel");
            srv_game_free(gm);
            return NULL;
        }
        srv_token_hash(tokens[s], gm->hash[s]);
    }
    char players[SRV_SEATS * (SRV_SPEC_MAX + 1)], hashes[SRV_SEATS * (SRV_HASH_HEX + 1)];
    game_join(players, sizeof players, gm->spec[0], SRV_SPEC_MAX, gm->seats);
    game_join(hashes, sizeof hashes, gm->hash[0], SRV_HASH_HEX + 1, gm->seats);
    srv_game_row row = {gm->id, players, gm->expansions, gm->seed, hashes, gm->created, 0};
    if (st->create_game(st, &row) < 0) {
        snprintf(err, errsize, "%s", st->err);
        srv_game_free(gm);
        return NULL;
    }
    return gm;
}

/* Splits a comma-separated field of a stored row into n items of `size`; the count,
 * or -1 if an item does not fit. */
static int game_split(const char *text, char *items, size_t size, int max)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        if (n == max || len >= size)
            return -1;
        memcpy(items + (size_t)n * size, p, len);
        items[(size_t)n * size + len] = '\0';
        n++;
        if (!p[len])
            return n;
        p += len + 1;
    }
}

srv_game *srv_game_load(srv_store *st, const char *id, int *missing, char *err,
                        size_t errsize)
{
    srv_game_row row;
    char **moves = NULL;
    int n = 0;
    *missing = 0;
    int rc = st->load_game(st, id, &row, &moves, &n);
    if (rc != 0) {
        *missing = rc == 1;
        snprintf(err, errsize, "%s", rc == 1 ? "no such game" : st->err);
        return NULL;
    }
    if (row.finished == 2) {  /* expired: abandoned, it takes no move any more */
        *missing = 2;
        snprintf(err, errsize, "game %s expired", id);
        srv_strings_free(moves, n);
        srv_game_row_free(&row);
        return NULL;
    }
    carc_config cfg;
    carc_error ce;
    srv_game *gm = NULL;
    char spec[SRV_SEATS][SRV_SPEC_MAX], hash[SRV_SEATS][SRV_HASH_HEX + 1];
    int seats = game_split(row.players, spec[0], SRV_SPEC_MAX, SRV_SEATS);
    carc_config_init(&cfg);
    cfg.players = seats;
    cfg.seed = row.seed;
    if (seats < CARC_MIN_PLAYERS || game_split(row.tokens, hash[0], SRV_HASH_HEX + 1,
                                               SRV_SEATS) != seats ||
        carc_expansions_parse(row.expansions, &cfg.expansions, &ce) < 0 ||
        strlen(row.id) != 2 * SRV_ID_BYTES) {
        snprintf(err, errsize, "game %s: bad row in the store", id);
        goto done;
    }
    gm = game_alloc(&cfg, err, errsize);
    if (!gm)
        goto done;
    memcpy(gm->id, row.id, sizeof gm->id);
    gm->seats = seats;
    memcpy(gm->spec, spec, sizeof spec);
    for (int s = 0; s < seats; s++)
        gm->people += srv_spec_is_human(spec[s]);
    memcpy(gm->hash, hash, sizeof hash);
    carc_expansions_name(cfg.expansions, gm->expansions, sizeof gm->expansions);
    gm->seed = row.seed;
    gm->created = row.created;
    for (int i = 0; i < n; i++) {
        carc_move m;
        gm->last_seat = carc_pending_decision(gm->g).seat;  /* who makes it */
        carc_copy(gm->next, gm->g);  /* the state before the move, for the recorder */
        if (carc_move_parse(gm->g, moves[i], &m, &ce) != CARC_OK ||
            carc_apply(gm->g, &m, &ce) != CARC_OK ||
            carc_recorder_add(gm->rec, gm->next, &m, gm->g) != CARC_OK) {
            snprintf(err, errsize, "game %s: move %d \"%s\" does not replay: %s", id, i,
                     moves[i], ce.msg);
            srv_game_free(gm);
            gm = NULL;
            goto done;
        }
        gm->index++;
    }
    gm->durable = gm->index;
    if (srv_absent_load(st, gm, err, errsize) < 0) {
        srv_game_free(gm);
        gm = NULL;
        goto done;
    }
    /* who made the last move is not stored: a computer, if its seat is one or a
     * computer plays it now */
    gm->last_bot = gm->last_seat >= 0 && (!srv_spec_is_human(gm->spec[gm->last_seat]) ||
                                          (gm->clock.away & (1u << gm->last_seat)));
done:
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    return gm;
}

int srv_game_seat_of(const srv_game *gm, const char *token)
{
    char h[SRV_HASH_HEX + 1];
    int seat = -1;
    if (!srv_is_hex(token, 2 * SRV_TOKEN_BYTES))
        return -1;
    srv_token_hash(token, h);
    for (int s = 0; s < gm->seats; s++)
        if (srv_hash_equal(h, gm->hash[s]))
            seat = s;
    return seat;
}

int srv_game_bot_seat(const srv_game *gm)
{
    carc_pending p = carc_pending_decision(gm->g);
    if (p.seat < 0 || carc_is_over(gm->g) ||
        (srv_spec_is_human(gm->spec[p.seat]) && !(gm->clock.away & (1u << p.seat))))
        return -1;
    return p.seat;
}

const char *srv_game_bot_spec(const srv_game *gm, int seat)
{
    /* greedy: quick, and as strong as the levels this server offers today */
    return srv_spec_is_human(gm->spec[seat]) ? "greedy" : gm->spec[seat];
}

int srv_game_move(srv_game *gm, srv_store *st, int seat, long index, const carc_move *m,
                  char *err, size_t errsize)
{
    carc_error ce;
    char text[CARC_NOTATION_MAX];
    carc_pending p = carc_pending_decision(gm->g);
    if (carc_is_over(gm->g)) {
        snprintf(err, errsize, "the game is over");
        return -1;
    }
    if (index != gm->index) {
        snprintf(err, errsize, "stale move: it answers index %ld, the game is at index %d",
                 index, gm->index);
        return -1;
    }
    if (seat != p.seat) {
        snprintf(err, errsize, "not your decision: seat %d owes it", p.seat);
        return -1;
    }
    carc_copy(gm->next, gm->g);
    if (carc_apply(gm->next, m, &ce) != CARC_OK) {
        snprintf(err, errsize, "illegal move: %s", ce.msg);
        return -1;
    }
    if (carc_move_format(gm->g, m, text, sizeof text) < 0) {
        snprintf(err, errsize, "the move cannot be written in notation");
        return -1;
    }
    /* the commit point: nobody hears of the move before it is in the log (with group
     * commit, in the store's open batch: its frames wait until srv_host_pass_end
     * commits) */
    if (st->append_move(st, gm->id, gm->index, text, carc_is_over(gm->next)) < 0) {
        snprintf(err, errsize, "the move could not be stored (%s); nothing changed", st->err);
        return -1;
    }
    carc_game *old = gm->g;
    gm->g = gm->next;
    gm->next = old;
    if (carc_recorder_add(gm->rec, old, m, gm->g) != CARC_OK)
        fprintf(stderr, "carc serve: game %s: move %d missing from the record\n", gm->id,
                gm->index);
    gm->index++;
    gm->last_seat = seat;
    gm->last_bot = 0;  /* a computer's: srv_host_take_bot_moves says so */
    game_next_frames(gm);
    return 0;
}

int srv_game_move_text(srv_game *gm, srv_store *st, int seat, long index, const char *text,
                       char *err, size_t errsize)
{
    carc_move m = carc_move_pass();
    carc_error ce;
    carc_pending p = carc_pending_decision(gm->g);
    /* the checks that do not need the text come first, so a stale or foreign move is
     * named as such whatever it says */
    if (carc_is_over(gm->g) || index != gm->index || seat != p.seat)
        return srv_game_move(gm, st, seat, index, &m, err, errsize);
    if (carc_move_parse(gm->g, text, &m, &ce) != CARC_OK) {
        snprintf(err, errsize, "bad move \"%.64s\": %s", text, ce.msg);
        return -1;
    }
    return srv_game_move(gm, st, seat, index, &m, err, errsize);
}

void srv_game_take_state(srv_game *gm, srv_game *from)
{
    carc_game *g = gm->g, *next = gm->next, *view = gm->view;
    carc_recorder *rec = gm->rec;
    gm->g = from->g;
    gm->next = from->next;
    gm->view = from->view;
    gm->rec = from->rec;
    from->g = g;
    from->next = next;
    from->view = view;
    from->rec = rec;
    gm->index = gm->durable = from->index;
    gm->last_seat = from->last_seat;
    gm->last_bot = from->last_bot;
    gm->bot_index = -1;
    gm->clock = from->clock;  /* the clock as stored with the last stored move */
    gm->clock_kept = from->clock_kept;
    game_forget_all(gm);
    srv_game_free(from);
}

srv_frame *srv_game_frame(srv_game *gm, int seat)
{
    return srv_game_frame_queued(gm, seat, NULL);
}


srv_frame *srv_game_frame_queued(srv_game *gm, int seat, srv_frame_pool *pool)
{
    int slot = seat < 0 ? SRV_SEATS : seat;
    if (gm->frames[slot])
        return gm->frames[slot];
    srv_frame *f = srv_frame_new(NULL);
    if (!f)
        return NULL;
    if (game_delta_session(gm, seat))
        f->parts.ok = -1;  /* keep the parts (srv_frame_write) */
    if (pool) {
        /* written on a worker from a copy of the state, shared by this index's frames */
        if (!gm->snap)
            gm->snap = srv_frame_pool_snap(pool, gm->g);
        if (gm->snap &&
            srv_frame_pool_submit(pool, f, gm->snap, gm->id, gm->index, seat, NULL) == 0) {
            gm->frames[slot] = f;
            return f;
        }
    }
    srv_frame_write(f, gm->id, gm->index, gm->g, seat, gm->view, NULL);
    if (!f->buf) {
        srv_frame_unref(f);
        return NULL;
    }
    gm->frames[slot] = f;
    return f;
}

srv_frame *srv_game_delta(srv_game *gm, int seat, srv_frame_pool *pool, int queue)
{
    int slot = seat < 0 ? SRV_SEATS : seat;
    srv_frame *base = gm->base[slot];
    if (gm->deltas[slot] || !base)
        return gm->deltas[slot];
    /* the base must be written before a delta reads its parts: one queued in this
     * epoch may not be yet (the game moved twice in one pass) */
    if (base->epoch && base->epoch == srv_frame_pool_epoch(pool))
        srv_frame_pool_drain(pool);
    srv_frame *f = srv_frame_new(NULL);
    if (!f)
        return NULL;
    if (pool && queue) {
        if (!gm->snap)
            gm->snap = srv_frame_pool_snap(pool, gm->g);
        if (gm->snap &&
            srv_frame_pool_submit(pool, f, gm->snap, gm->id, gm->index, seat, base) == 0) {
            gm->deltas[slot] = f;
            return f;
        }
    }
    srv_frame_write(f, gm->id, gm->index, gm->g, seat, gm->view, base);
    if (!f->buf) {
        srv_frame_unref(f);
        return NULL;
    }
    gm->deltas[slot] = f;
    return f;
}

char *srv_game_summary(const srv_game *gm)
{
    carc_pending p = carc_pending_decision(gm->g);
    strbuf b;
    sb_init(&b, 0);
    sb_puts(&b, "{\"id\":");
    sb_json_string(&b, gm->id);
    sb_puts(&b, ",\"players\":[");
    for (int s = 0; s < gm->seats; s++) {
        if (s)
            sb_putc(&b, ',');
        sb_json_string(&b, gm->spec[s]);
    }
    sb_puts(&b, "],\"expansions\":");
    sb_json_string(&b, gm->expansions);
    sb_printf(&b, ",\"index\":%d,\"turn\":%d,\"pending\":{\"decision\":", gm->index,
              carc_turn(gm->g));
    /* "over" at the end, as the state JSON and `carc engine` say it */
    sb_json_string(&b, carc_is_over(gm->g) ? "over" : carc_decision_name(p.decision));
    sb_printf(&b, ",\"seat\":%d},\"scores\":[", p.seat);
    for (int s = 0; s < gm->seats; s++)
        sb_printf(&b, "%s%d", s ? "," : "", carc_score(gm->g, s));
    sb_printf(&b, "],\"over\":%s", carc_is_over(gm->g) ? "true" : "false");
    if (carc_is_over(gm->g)) {
        /* the seed tells the stack order: public only once the game is over */
        sb_printf(&b, ",\"seed\":%llu,\"winners\":[", (unsigned long long)gm->seed);
        unsigned w = carc_winners(gm->g);
        for (int s = 0, k = 0; s < gm->seats; s++)
            if (w & (1u << s))
                sb_printf(&b, "%s%d", k++ ? "," : "", s);
        sb_putc(&b, ']');
    }
    if (gm->clock.kind != SRV_CLOCK_NONE)  /* issue 32: the clock it is played with */
        sb_printf(&b, ",\"clock\":{\"kind\":\"%s\",\"move\":%lld,\"start\":%lld}",
                  gm->clock.kind == SRV_CLOCK_LIVE ? "realtime" : "turn",
                  (long long)gm->clock.move_ms, (long long)gm->clock.start_ms);
    sb_printf(&b, ",\"created\":%lld,\"watch\":\"/watch/%s\"}", (long long)gm->created, gm->id);
    return sb_take(&b);
}

char *srv_game_record(const srv_game *gm)
{
    if (!carc_is_over(gm->g))
        return NULL;
    return carc_recorder_json(gm->rec, gm->g);
}

char *srv_error_frame(long index, const char *message)
{
    strbuf b;
    sb_init(&b, 0);
    sb_printf(&b, "{\"type\":\"error\",\"index\":%ld,\"message\":", index);
    sb_json_string(&b, message);
    sb_putc(&b, '}');
    return sb_take(&b);
}
