/*
 * test_server_frames.c - the frame writers' pool (srv_frames.c): a frame written by a
 * worker from a snapshot equals, byte for byte, the frame the service thread writes
 * itself from the live state (every seat and the spectator, every state of seeded
 * games with both expansions, several frames of several states in flight at once);
 * the snapshot is a copy (the live state moving on after the submit changes nothing);
 * with no worker the drain writes everything; every reference is dropped (ASan).
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
    srv_frames *pool = srv_frames_new(workers);
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
                srv_snap *snap = srv_frames_snap(pool, g);
                assert_non_null(snap);
                p[n].queued[slot] = srv_frame_new(NULL);
                assert_non_null(p[n].queued[slot]);
                assert_int_equal(srv_frames_submit(pool, p[n].queued[slot], snap, "0123456789ab",
                                                   index, s, NULL), 0);
                srv_frames_snap_unref(pool, snap);  /* the job keeps its own reference */
                p[n].direct[slot] = srv_frame_new(NULL);
                srv_frame_write(p[n].direct[slot], "0123456789ab", index, g, s, view, NULL);
            }
            n++;
            int over = carc_is_over(g);
            if (n == FRAMES_BATCH || over) {
                srv_frames_drain(pool);
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
    srv_frames_free(pool);
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

/* A frame queued and never drained explicitly is written by srv_frames_free, which
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
    srv_frames *pool = srv_frames_new(1);
    assert_non_null(pool);
    srv_snap *snap = srv_frames_snap(pool, g);
    srv_frame *f = srv_frame_new(NULL);
    assert_int_equal(srv_frames_submit(pool, f, snap, "0123456789ab", 0, 0, NULL), 0);
    srv_frames_snap_unref(pool, snap);
    srv_frames_free(pool);
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
