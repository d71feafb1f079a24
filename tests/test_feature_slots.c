/*
 * test_feature_slots.c - the table of live feature records (struct feature in
 * src/engine/state.h): a new segment that joins no older feature takes a record,
 * a union of two features frees the smaller side's onto a free list, and no more
 * than MAX_FEATS are ever in use.
 *
 *   - Over 4,000 random games (base, gifts, christmas, gifts,christmas; 2-5 players;
 *     uniform random legal moves) the records in use never pass the bound that
 *     struct feature proves, nodes - (tiles - 1) + 1, nor MAX_FEATS; carc_check
 *     passes at the end of every game and every 16th move. The highest count seen
 *     is printed (docs/PERFORMANCE.md quotes it).
 *   - carc_check notices a broken table: a free record that is not zero, a free
 *     list that loops, two roots sharing a record, a node naming another record
 *     than its root, a record count past MAX_FEATS, and follower bits past the
 *     last seat; and wrong totals of a feature (size, open sides, strength), bytes
 *     past the last node, a tile the set does not hold.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "base.h"
#include "broken_state.h"
#include "state.h"

static int live_features(const carc_game *g)
{
    int live = 0;
    for (int n = 0; n < g->nnodes; n++)
        live += g->nodes[n].parent == n;
    return live;
}

static void test_bound_over_random_games(void **state)
{
    (void)state;
    static carc_move moves[CARC_MAX_MOVES];
    static const unsigned sets[4] = {0, CARC_EXP_GIFTS, CARC_EXP_CHRISTMAS,
                                     CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS};
    uint64_t pick = 12345;
    int most = 0, most_live = 0, games = 0;
    for (int set = 0; set < 4; set++)
        for (int i = 0; i < 1000; i++, games++) {
            carc_config c;
            carc_error err;
            carc_config_init(&c);
            c.seed = (uint64_t)games + 1;
            c.players = 2 + i % 4;
            c.expansions = sets[set];
            carc_game *g = carc_new(&c, &err);
            assert_non_null(g);
            for (int step = 0, n; (n = carc_legal(g, moves, CARC_MAX_MOVES)) > 0; step++) {
                carc_move m = moves[mix_next(&pick) % (uint64_t)n];
                assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
                /* between moves: at most nodes - (tiles - 1) live (struct feature) */
                int live = live_features(g);
                if (live > g->nnodes - (g->ntiles - 1) || g->nfeats > MAX_FEATS)
                    fail_msg("game %d: %d live, %d records used, %d nodes, %d tiles", games,
                             live, g->nfeats, g->nnodes, g->ntiles);
                if (live > most_live)
                    most_live = live;
                if (g->nfeats > most)
                    most = g->nfeats;
                if (step % 16 == 0 && carc_check(g, &err) != CARC_OK)
                    fail_msg("game %d, move %d: %s", games, step, err.msg);
            }
            if (carc_check(g, &err) != CARC_OK)
                fail_msg("game %d at the end: %s", games, err.msg);
            carc_free(g);
        }
    printf("feature records: at most %d in use (%d live between moves) over %d games; "
           "bound %d\n", most, most_live, games, MAX_FEATS);
    assert_true(most <= MAX_FEATS);
}

/* A base game some turns in, with some records freed by unions: only a union of
 * two older features frees one (a new segment's first join takes no record of its
 * own, feat_attach), so seeds are tried until such a game comes. */
static carc_game *game_with_free_records(void)
{
    for (uint64_t seed = 3;; seed++) {
        carc_game *g = test_game_after_moves(seed, 60);
        if (g->feat_free != FEAT_NONE)
            return g;
        assert_true(seed < 100);
        carc_free(g);
    }
}

static void test_check_sees_broken_tables(void **state)
{
    (void)state;
    carc_game *g = game_with_free_records(), *c = carc_clone(g);
    assert_non_null(c);

    g->feats[g->feat_free].size = 1;  /* a free record that is not zero */
    test_expect_invalid(g, "free record");
    carc_copy(g, c);

    g->feats[g->feat_free].open = g->feat_free;  /* the free list loops */
    test_expect_invalid(g, "free list loops");
    carc_copy(g, c);

    int a = -1, b = -1;  /* two roots share a record */
    for (int n = 0; n < g->nnodes && b < 0; n++)
        if (g->nodes[n].parent == n && g->nodes[n].next == n) {
            if (a < 0)
                a = n;
            else
                b = n;
        }
    assert_true(b >= 0);
    g->nodes[b].feat = g->nodes[a].feat;
    test_expect_invalid(g, "share record");
    carc_copy(g, c);

    for (int n = 0; n < g->nnodes; n++)  /* a node names another record than its root */
        if (g->nodes[n].parent != n) {
            g->nodes[n].feat = g->feat_free;
            break;
        }
    test_expect_invalid(g, "its root");
    carc_copy(g, c);

    g->nfeats = MAX_FEATS + 1;
    test_expect_invalid(g, "more than");
    carc_copy(g, c);

    for (int n = 0; n < g->nnodes; n++)  /* follower bits past the last seat */
        if (g->nodes[n].parent == n) {
            feat_mut(g, n)->follow |= 1u << 31;
            break;
        }
    test_expect_invalid(g, "past the last seat");
    carc_copy(g, c);

    carc_error err;
    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(c);
    carc_free(g);
}

/* carc_check counts each feature's totals from its nodes and figures in one pass
 * (no longer one pass per root): a wrong size, open count or strength is seen, and
 * so are bytes past the last node and a tile the set does not hold. */
static void test_check_sees_wrong_totals(void **state)
{
    (void)state;
    carc_game *g = test_game_after_moves(7, 40), *c = carc_clone(g);
    assert_non_null(c);
    int root = -1, held = -1;
    for (int n = 0; n < g->nnodes; n++)
        if (g->nodes[n].parent == n) {
            if (root < 0 && feat_of(g, n)->size > 1)
                root = n;
            if (held < 0 && feat_nfollow(feat_of(g, n)))
                held = n;
        }
    assert_true(root >= 0 && held >= 0);

    feat_mut(g, root)->size++;
    test_expect_invalid_restore(g, c, "has size");

    feat_mut(g, root)->open++;
    test_expect_invalid_restore(g, c, "open/pennants/ends");

    feat_mut(g, held)->follow = 0;  /* its follower stands there, uncounted */
    test_expect_invalid_restore(g, c, "has strength");

    assert_true(g->stack_len > 0);
    g->stack[0] = (uint8_t)(CARC_TILE_KINDS - 1);  /* a kind no base game holds */
    test_expect_invalid_restore(g, c, "more than 0");

    g->nodes[g->nnodes].tile = 1;  /* carc_copy copies no tail: put it back by hand */
    test_expect_invalid(g, "bytes past the last");
    g->nodes[g->nnodes].tile = 0;

    carc_error err;
    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(c);
    carc_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bound_over_random_games),
        cmocka_unit_test(test_check_sees_broken_tables),
        cmocka_unit_test(test_check_sees_wrong_totals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
