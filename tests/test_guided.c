/*
 * test_guided.c - the search guided by the caller's evaluator (src/ai/guided.c):
 * its leaves are decisions, its visits add up, its answer is a legal move, the
 * caller's priors and values steer it, a bad evaluation changes nothing, the same
 * seed gives the same search, and the end of the game is valued without the caller.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "carc.h"
#include "carc_ai.h"

/* A game of `expansions` after `moves` random-ish moves (always the first legal),
 * and the view of the seat that owes the decision. */
static carc_game *view_after(unsigned expansions, int moves, uint64_t seed, int stack_len)
{
    carc_config c;
    carc_config_init(&c);
    c.expansions = expansions;
    c.seed = seed;
    if (stack_len > 0) {  /* a short game: the first stack_len tiles of the base game */
        const char *letters = "UVWEKLDJ";
        c.stack_len = stack_len;
        for (int i = 0; i < stack_len; i++)
            c.stack[i] = (uint8_t)carc_tile_kind(letters[i % 8]);
    }
    carc_game *g = carc_new(&c, NULL);
    assert_non_null(g);
    carc_move m;
    for (int i = 0; i < moves && !carc_is_over(g); i++) {
        assert_int_equal(carc_legal_nth(g, 0, &m), 1);
        assert_int_equal(carc_apply(g, &m, NULL), CARC_OK);
    }
    carc_game *v = carc_clone(g);
    carc_view(g, carc_pending_decision(g).seat, v);
    carc_free(g);
    return v;
}

/* The caller's evaluator: priors all on the last legal move when `last`, else
 * zero (uniform); every seat's value even. */
static void evaluate(const carc_game **leaves, int n, int last, float *priors, float *values)
{
    int off = 0;
    for (int i = 0; i < n; i++) {
        int k = carc_legal_count(leaves[i]), players = carc_players(leaves[i]);
        assert_true(k >= 2);  /* a leaf is a decision */
        for (int j = 0; j < k; j++)
            priors[off + j] = last && j == k - 1 ? 1.0f : 0.0f;
        off += k;
        for (int p = 0; p < players; p++)
            values[i * players + p] = 1.0f / (float)players;
    }
}

/* Runs `batches` batches of up to 16 leaves; returns the iterations. */
static long run(carc_guided *s, int batches, int last)
{
    static float priors[16 * CARC_MAX_MOVES], values[16 * CARC_MAX_PLAYERS];
    const carc_game *leaves[16];
    for (int b = 0; b < batches; b++) {
        int n = carc_guided_leaves(s, 16, leaves);
        assert_true(n >= 0);
        if (n == 0)
            continue;
        evaluate(leaves, n, last, priors, values);
        assert_int_equal(carc_guided_feed(s, priors, values, NULL), CARC_OK);
    }
    return carc_guided_iterations(s);
}

static int is_legal(const carc_game *view, const carc_move *m)
{
    carc_game *d = carc_clone(view);
    carc_determinize(view, 7, d);
    carc_move moves[CARC_MAX_MOVES];
    int n = carc_legal(d, moves, CARC_MAX_MOVES), found = 0;
    for (int i = 0; i < n; i++)
        found |= carc_move_equal(&moves[i], m);
    carc_free(d);
    return found;
}

static void test_bad_options(void **state)
{
    (void)state;
    carc_guided_options o;
    carc_guided_options_init(&o);
    o.batch = 0;
    carc_error err;
    assert_null(carc_guided_new(&o, &err));
    assert_non_null(strstr(err.msg, "batch"));
}

/* Every walk passes the root; the root's first walk was its own evaluation, every
 * other one went on to a child; the answer is a legal move of the view. */
static void test_visits_add_up(void **state)
{
    (void)state;
    unsigned sets[2] = {0, CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS};
    for (int k = 0; k < 2; k++) {
        carc_game *v = view_after(sets[k], 9, 3, 0);
        carc_guided *s = carc_guided_new(NULL, NULL);
        assert_int_equal(carc_guided_leaves(s, 4, NULL), -1);  /* not begun */
        assert_int_equal(carc_guided_begin(s, v, NULL), CARC_OK);
        long it = run(s, 30, 0);
        assert_true(it > 100);
        carc_move moves[CARC_MAX_MOVES];
        uint32_t visits[CARC_MAX_MOVES];
        int n = carc_guided_root(s, moves, visits, CARC_MAX_MOVES);
        long sum = 0;
        for (int i = 0; i < n; i++)
            sum += visits[i];
        assert_int_equal(sum, it - 1);
        carc_move best;
        assert_int_equal(carc_guided_best(s, &best), 1);
        assert_true(is_legal(v, &best));
        carc_guided_free(s);
        carc_free(v);
    }
}

/* With every prior on the last legal move and even values, the search follows the
 * prior: the best move is the root's last legal one. */
static void test_priors_steer(void **state)
{
    (void)state;
    carc_game *v = view_after(0, 4, 5, 0);
    carc_game *d = carc_clone(v);
    carc_determinize(v, 1, d);
    carc_move moves[CARC_MAX_MOVES], best;
    int n = carc_legal(d, moves, CARC_MAX_MOVES);
    assert_true(n >= 2);
    carc_guided *s = carc_guided_new(NULL, NULL);
    assert_int_equal(carc_guided_begin(s, v, NULL), CARC_OK);
    run(s, 10, 1);
    assert_int_equal(carc_guided_best(s, &best), 1);
    assert_true(carc_move_equal(&best, &moves[n - 1]));
    carc_guided_free(s);
    carc_free(d);
    carc_free(v);
}

/* A prior below zero or a value above one is refused, the batch stays out and the
 * next good feed is taken; the same seed searches the same tree. */
static void test_bad_feed_and_seed(void **state)
{
    (void)state;
    carc_game *v = view_after(0, 2, 9, 0);
    static float priors[16 * CARC_MAX_MOVES], values[16 * CARC_MAX_PLAYERS];
    const carc_game *leaves[16];
    carc_guided *a = carc_guided_new(NULL, NULL), *b = carc_guided_new(NULL, NULL);
    carc_error err;
    assert_int_equal(carc_guided_feed(a, priors, values, &err), CARC_E_CONFIG);
    assert_int_equal(carc_guided_begin(a, v, NULL), CARC_OK);
    int n = carc_guided_leaves(a, 16, leaves);
    assert_true(n >= 1);
    evaluate(leaves, n, 0, priors, values);
    priors[0] = -1;
    assert_int_equal(carc_guided_feed(a, priors, values, &err), CARC_E_CONFIG);
    assert_non_null(strstr(err.msg, "prior"));
    priors[0] = 0;
    values[0] = 2;
    assert_int_equal(carc_guided_feed(a, priors, values, &err), CARC_E_CONFIG);
    assert_int_equal(carc_guided_leaves(a, 16, leaves), -1);  /* still not fed */
    values[0] = 0.5f;
    assert_int_equal(carc_guided_feed(a, priors, values, NULL), CARC_OK);
    run(a, 20, 0);
    assert_int_equal(carc_guided_begin(b, v, NULL), CARC_OK);
    run(b, 21, 0);
    assert_int_equal(carc_guided_iterations(a), carc_guided_iterations(b));
    carc_move ma[CARC_MAX_MOVES], mb[CARC_MAX_MOVES];
    uint32_t va[CARC_MAX_MOVES], vb[CARC_MAX_MOVES];
    int na = carc_guided_root(a, ma, va, CARC_MAX_MOVES);
    assert_int_equal(carc_guided_root(b, mb, vb, CARC_MAX_MOVES), na);
    for (int i = 0; i < na; i++) {
        assert_true(carc_move_equal(&ma[i], &mb[i]));
        assert_int_equal(va[i], vb[i]);
    }
    carc_guided_free(a);
    carc_guided_free(b);
    carc_free(v);
}

/* Near the end of a short game most walks finish it: they are valued by the result
 * without the caller, and the search still answers (and a game over is refused). */
static void test_end_of_game(void **state)
{
    (void)state;
    carc_game *v = view_after(0, 0, 1, 3);
    carc_guided *s = carc_guided_new(NULL, NULL);
    assert_int_equal(carc_guided_begin(s, v, NULL), CARC_OK);
    long it = run(s, 20, 0);
    assert_true(it > 20);
    carc_move best;
    assert_int_equal(carc_guided_best(s, &best), 1);
    assert_true(is_legal(v, &best));
    carc_free(v);
    carc_game *over = view_after(0, 200, 1, 3);
    assert_true(carc_is_over(over));
    assert_int_equal(carc_guided_begin(s, over, NULL), CARC_E_CONFIG);
    carc_free(over);
    carc_guided_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_visits_add_up),
        cmocka_unit_test(test_priors_steer),
        cmocka_unit_test(test_bad_feed_and_seed),
        cmocka_unit_test(test_end_of_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
