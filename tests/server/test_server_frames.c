/*
 * test_server_frames.c - the frame writers' pool (srv_frame_pool.c): a frame written by a
 * worker from a snapshot equals, byte for byte, the frame the service thread writes
 * itself from the live state (every seat and the spectator, every state of seeded
 * games with both expansions, several frames of several states in flight at once);
 * the snapshot is a copy (the live state moving on after the submit changes nothing);
 * with no worker the drain writes everything; every reference is dropped (ASan).
 * Delta frames (srv_frame_write.c): every seat's delta of every state of seeded games,
 * applied to the view the client has (kept from the deltas alone, from one full
 * frame at the start), gives the view of the full frame of the same state, and the
 * rest of the frame (legal, events, over, seat) is the full frame's, and neither
 * has a "log" member (dropped, docs/SERVER.md); deltas written by the pool are the
 * bytes of deltas written in place; a base with unknown parts gives a delta that
 * carries the whole view.
 * Under ThreadSanitizer (build-tsan) it is also the pool's race check.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include "srv_int.h"

enum { FRAMES_BATCH = 8 };  /* states in flight at once */

/* One state in flight: its frames queued in the pool, and the same frames written
 * at once from the live state, to compare after the drain. */
typedef struct pending {
    srv_frame *queued[SRV_SEATS + 1];
    srv_frame *direct[SRV_SEATS + 1];
} pending;

static void compare_and_free(pending *p, int n, int seats)
{
    for (int i = 0; i < n; i++)
        for (int s = 0; s <= seats; s++) {
            srv_frame *q = p[i].queued[s], *d = p[i].direct[s];
            assert_non_null(q->buf);
            assert_non_null(d->buf);
            assert_int_equal(q->len, d->len);
            assert_memory_equal(q->buf + LWS_PRE, d->buf + LWS_PRE, d->len + 1);
            assert_int_equal(q->refs, 1);  /* the drain dropped the job's reference */
            srv_frame_unref(q);
            srv_frame_unref(d);
        }
}

/* Plays seeded random games; after every move queues every seat's frame (and the
 * spectator's) in the pool, moves on, and compares after each batch's drain. */
static void play_and_compare(int workers, int games)
{
    srv_frame_pool *pool = srv_frame_pool_new(workers);
    assert_non_null(pool);
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    assert_non_null(moves);
    for (int gi = 0; gi < games; gi++) {
        carc_config cfg;
        carc_error ce;
        carc_config_init(&cfg);
        cfg.players = 2 + gi % 2;
        cfg.expansions = gi % 3 ? CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS : 0;
        cfg.seed = 1000 + (uint64_t)gi;
        carc_game *g = carc_new(&cfg, &ce);
        carc_game *view = carc_clone(g);
        assert_non_null(g);
        assert_non_null(view);
        pending p[FRAMES_BATCH];
        int n = 0, index = 0;
        uint64_t rng = cfg.seed;
        for (;;) {
            for (int s = -1; s < cfg.players; s++) {
                int slot = s < 0 ? cfg.players : s;
                srv_snap *snap = srv_frame_pool_snap(pool, g);
                assert_non_null(snap);
                p[n].queued[slot] = srv_frame_new(NULL);
                assert_non_null(p[n].queued[slot]);
                assert_int_equal(srv_frame_pool_submit(pool, p[n].queued[slot], snap,
                                                       "0123456789ab", index, s, NULL), 0);
                srv_frame_pool_snap_unref(pool, snap);  /* the job keeps its own reference */
                p[n].direct[slot] = srv_frame_new(NULL);
                srv_frame_write(p[n].direct[slot], "0123456789ab", index, g, s, view, NULL);
            }
            n++;
            int over = carc_is_over(g);
            if (n == FRAMES_BATCH || over) {
                srv_frame_pool_drain(pool);
                compare_and_free(p, n, cfg.players);
                n = 0;
            }
            if (over)
                break;
            /* the live state moves on while the pool may still be writing */
            int nm = carc_legal(g, moves, CARC_MAX_MOVES);
            assert_true(nm > 0);
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            assert_int_equal(carc_apply(g, &moves[(rng >> 33) % (uint64_t)nm], &ce), CARC_OK);
            index++;
        }
        carc_free(view);
        carc_free(g);
    }
    free(moves);
    srv_frame_pool_free(pool);
}

static json_t *frame_json(const srv_frame *f)
{
    assert_non_null(f->buf);
    json_error_t je;
    json_t *o = json_loadb((const char *)f->buf + LWS_PRE, f->len, 0, &je);
    if (!o)
        fail_msg("a frame that is not JSON: %s", je.text);
    return o;
}

/* Applies delta d to the client's view (owned): board_from and board_add, then every
 * member of d's view replaces the client's. */
static void apply_delta(json_t *view, json_t *d)
{
    json_t *board = json_object_get(view, "board");
    json_t *add = json_object_get(d, "board_add");
    size_t from = (size_t)json_integer_value(json_object_get(d, "board_from"));
    assert_true(json_is_array(board) && json_is_array(add));
    assert_true(from <= json_array_size(board));
    while (json_array_size(board) > from)
        json_array_remove(board, json_array_size(board) - 1);
    json_array_extend(board, add);
    const char *key;
    json_t *v;
    json_object_foreach(json_object_get(d, "view"), key, v) {
        assert_string_not_equal(key, "board");
        json_object_set(view, key, v);
    }
}

/* The head of a frame (everything but the view and the delta's members) agrees. */
static void same_head(json_t *full, json_t *delta, int index)
{
    static const char *const keys[] = { "game", "index", "over", "seat", "legal", "events" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        assert_true(json_equal(json_object_get(full, keys[i]), json_object_get(delta, keys[i])));
    /* the English "log" lines are gone from every frame (docs/SERVER.md, Changes) */
    assert_null(json_object_get(full, "log"));
    assert_null(json_object_get(delta, "log"));
    assert_string_equal(json_string_value(json_object_get(delta, "type")), "delta");
    assert_int_equal(json_integer_value(json_object_get(delta, "base")), index - 1);
}

/* Plays seeded games; every seat (and the spectator) follows the game by deltas
 * alone, queued in the pool, each delta's base the seat's delta of the state before,
 * and is compared with the full frame of every state. */
static void play_deltas(int workers, int games)
{
    srv_frame_pool *pool = srv_frame_pool_new(workers);
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    assert_non_null(pool);
    assert_non_null(moves);
    long small = 0, large = 0;
    for (int gi = 0; gi < games; gi++) {
        carc_config cfg;
        carc_error ce;
        carc_config_init(&cfg);
        cfg.players = 2 + gi % 3;
        cfg.expansions = gi % 4 ? CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS : gi % 8 ? CARC_EXP_GIFTS : 0;
        cfg.seed = 2000 + (uint64_t)gi;
        carc_game *g = carc_new(&cfg, &ce), *view = carc_clone(g);
        assert_non_null(g);
        assert_non_null(view);
        srv_frame *last[SRV_SEATS + 1] = { NULL };  /* the frame each slot saw last */
        json_t *have[SRV_SEATS + 1] = { NULL };     /* the view each slot has */
        uint64_t rng = cfg.seed;
        for (int index = 0;; index++) {
            srv_frame *now[SRV_SEATS + 1] = { NULL }, *direct[SRV_SEATS + 1] = { NULL };
            srv_snap *snap = srv_frame_pool_snap(pool, g);
            for (int s = -1; s < cfg.players; s++) {
                int slot = s < 0 ? SRV_SEATS : s;
                now[slot] = srv_frame_new(NULL);
                if (index == 0) {
                    now[slot]->parts.ok = -1;  /* a delta session's base: keep the parts */
                    srv_frame_write(now[slot], "0123456789ab", index, g, s, view, NULL);
                    assert_int_equal(now[slot]->parts.ok, 1);
                    continue;
                }
                assert_int_equal(srv_frame_pool_submit(pool, now[slot], snap, "0123456789ab",
                                                       index, s, last[slot]), 0);
                direct[slot] = srv_frame_new(NULL);
                srv_frame_write(direct[slot], "0123456789ab", index, g, s, view, last[slot]);
            }
            srv_frame_pool_snap_unref(pool, snap);
            srv_frame_pool_drain(pool);
            for (int s = -1; s < cfg.players; s++) {
                int slot = s < 0 ? SRV_SEATS : s;
                srv_frame full = { 1, 0, NULL, { 0 }, 0 };
                srv_frame_write(&full, "0123456789ab", index, g, s, view, NULL);
                json_t *fj = frame_json(&full);
                if (index == 0) {
                    have[slot] = json_deep_copy(json_object_get(fj, "view"));
                } else {
                    assert_int_equal(now[slot]->len, direct[slot]->len);
                    assert_memory_equal(now[slot]->buf + LWS_PRE, direct[slot]->buf + LWS_PRE,
                                        direct[slot]->len);
                    json_t *dj = frame_json(now[slot]);
                    same_head(fj, dj, index);
                    /* from known parts: only the new tiles, never the whole board */
                    assert_true(json_integer_value(json_object_get(dj, "board_from")) > 0);
                    apply_delta(have[slot], dj);
                    if (!json_equal(have[slot], json_object_get(fj, "view"))) {
                        char *a = json_dumps(have[slot], JSON_SORT_KEYS | JSON_COMPACT);
                        fail_msg("game %d index %d slot %d: the view rebuilt from deltas "
                                 "differs from the full frame's: %.300s", gi, index, slot, a);
                    }
                    small += (long)now[slot]->len;
                    large += (long)full.len;
                    json_decref(dj);
                    srv_frame_unref(direct[slot]);
                }
                json_decref(fj);
                free(full.buf);
                srv_frame_unref(last[slot]);
                last[slot] = now[slot];
            }
            if (carc_is_over(g))
                break;
            int nm = carc_legal(g, moves, CARC_MAX_MOVES);
            assert_true(nm > 0);
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            assert_int_equal(carc_apply(g, &moves[(rng >> 33) % (uint64_t)nm], &ce), CARC_OK);
        }
        for (int k = 0; k <= SRV_SEATS; k++) {
            srv_frame_unref(last[k]);
            json_decref(have[k]);
        }
        carc_free(view);
        carc_free(g);
    }
    /* the point of deltas: several times fewer bytes than full frames */
    assert_true(small * 3 < large);
    free(moves);
    srv_frame_pool_free(pool);
}

static void test_deltas(void **state)
{
    (void)state;
    play_deltas(2, 8);
}

/* A base whose parts are unknown (its writing ran out of memory, or a full frame
 * not asked to keep them): the delta carries the whole view, board_from 0. */
static void test_delta_unknown_base(void **state)
{
    (void)state;
    carc_config cfg;
    carc_error ce;
    carc_config_init(&cfg);
    cfg.seed = 9;
    cfg.expansions = CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS;
    carc_game *g = carc_new(&cfg, &ce), *view = carc_clone(g);
    srv_frame *base = srv_frame_new(NULL), *d = srv_frame_new(NULL), *full = srv_frame_new(NULL);
    srv_frame_write(d, "0123456789ab", 1, g, 0, view, base);
    srv_frame_write(full, "0123456789ab", 1, g, 0, view, NULL);
    assert_int_equal(full->parts.ok, 0);  /* a full frame keeps its parts only if asked */
    json_t *dj = frame_json(d), *fj = frame_json(full), *mine = json_object();
    assert_int_equal(json_integer_value(json_object_get(dj, "board_from")), 0);
    json_object_set_new(mine, "board", json_array());
    apply_delta(mine, dj);
    assert_true(json_equal(mine, json_object_get(fj, "view")));
    json_decref(mine);
    json_decref(dj);
    json_decref(fj);
    srv_frame_unref(base);
    srv_frame_unref(d);
    srv_frame_unref(full);
    carc_free(view);
    carc_free(g);
}

static void test_two_workers(void **state)
{
    (void)state;
    play_and_compare(2, 4);
}

static void test_no_worker(void **state)
{
    (void)state;
    play_and_compare(0, 1);
}

/* A frame queued and never drained explicitly is written by srv_frame_pool_free, which
 * drops its references: nothing leaks (ASan), nothing is left unwritten. */
static void test_free_drains(void **state)
{
    (void)state;
    carc_config cfg;
    carc_error ce;
    carc_config_init(&cfg);
    cfg.seed = 7;
    carc_game *g = carc_new(&cfg, &ce);
    assert_non_null(g);
    srv_frame_pool *pool = srv_frame_pool_new(1);
    assert_non_null(pool);
    srv_snap *snap = srv_frame_pool_snap(pool, g);
    srv_frame *f = srv_frame_new(NULL);
    assert_int_equal(srv_frame_pool_submit(pool, f, snap, "0123456789ab", 0, 0, NULL), 0);
    srv_frame_pool_snap_unref(pool, snap);
    srv_frame_pool_free(pool);
    assert_non_null(f->buf);
    assert_int_equal(f->refs, 1);
    assert_true(strncmp((const char *)f->buf + LWS_PRE, "{\"type\":\"state\"", 15) == 0);
    srv_frame_unref(f);
    carc_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_workers),
        cmocka_unit_test(test_no_worker),
        cmocka_unit_test(test_free_drains),
        cmocka_unit_test(test_deltas),
        cmocka_unit_test(test_delta_unknown_base),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
