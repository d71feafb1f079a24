/*
 * test_plan.c - the game's plan (src/engine/state.h: exp_on, exp_holders,
 * exp_forcers, exp_at, exp_decides, exp_next, exp_lists, exp_hold_at, exp_begins),
 * which carc_new writes from the configuration so that the turn machine asks only
 * the hooks that act.
 *
 *   - exp_next, the turn machine's next acting step, for each expansion set: a
 *     step an active expansion acts at is its own next step (the gifts' T4 with
 *     The Gifts on), a step none acts at passes to the next that acts (T4 to the
 *     Christmas offers of T5 without The Gifts, the T2 window to T3 in a base
 *     game), and the machine's own steps are always their own.
 *   - exp_forcers: only Christmas Present forces a placement's spot (X13).
 *   - carc_check refuses a game whose next steps, forcers, lists per decision,
 *     holders' bytes or turn_begin hooks do not match its configuration.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "broken_state.h"
#include "state.h"

static carc_game *new_game(unsigned expansions)
{
    carc_config c;
    carc_error err;
    carc_config_init(&c);
    c.expansions = expansions;
    c.seed = 7;
    carc_game *g = carc_new(&c, &err);
    assert_non_null(g);
    assert_int_equal(carc_check(g, &err), CARC_OK);
    return g;
}

static const unsigned sets[] = {0, CARC_EXP_GIFTS, CARC_EXP_CHRISTMAS,
                                CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS};

static void test_next_steps(void **state)
{
    (void)state;
    static const uint8_t own[] = {ST_T1_DRAW, ST_T3_PLACE, ST_T6_FOLLOWER, ST_T7_SCORE,
                                  ST_T10_END, ST_E3_FINAL, ST_OVER};
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        carc_game *g = new_game(sets[k]);
        for (size_t i = 0; i < sizeof own; i++)
            assert_int_equal(g->exp_next[own[i]], own[i]);
        for (int s = 0; s <= ST_OVER; s++) {
            int next = g->exp_next[s];
            assert_true(next >= s);
            if (g->exp_at[s])
                assert_int_equal(next, s);
            for (int t = s; t < next; t++)  /* nothing acts in between */
                assert_int_equal(g->exp_at[t], 0);
        }
        carc_free(g);
    }
    carc_game *base = new_game(0), *xmas = new_game(CARC_EXP_CHRISTMAS);
    carc_game *both = new_game(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS);
    assert_int_equal(base->exp_next[ST_T2_WINDOW], ST_T3_PLACE);
    assert_int_equal(base->exp_next[ST_T4_GIFT], ST_T6_FOLLOWER);
    assert_int_equal(base->exp_next[ST_T8_WINDOW], ST_T10_END);
    assert_int_equal(xmas->exp_next[ST_T4_GIFT], ST_T5_CLOISTER);
    assert_int_equal(both->exp_next[ST_T4_GIFT], ST_T4_GIFT);
    assert_int_equal(both->exp_next[ST_T2_WINDOW], ST_T2_WINDOW);
    carc_free(base);
    carc_free(xmas);
    carc_free(both);
}

static void test_forcers(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        carc_game *g = new_game(sets[k]);
        assert_int_equal(g->exp_forcers != 0, (sets[k] & CARC_EXP_CHRISTMAS) != 0);
        carc_free(g);
    }
}

static void test_check_sees_a_broken_plan(void **state)
{
    (void)state;
    carc_game *g = new_game(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS), *c = carc_clone(g);
    assert_non_null(c);

    g->exp_next[ST_T4_GIFT] = ST_T6_FOLLOWER;  /* would skip the gifts and the offers */
    test_expect_invalid_restore(g, c, "next steps");

    g->exp_forcers = 0;  /* would never ask for a Mastermind's spot */
    test_expect_invalid_restore(g, c, "plan does not match");

    g->exp_lists[CARC_DEC_WINDOW_BEFORE] = 0;  /* would list no gift and no card */
    test_expect_invalid_restore(g, c, "plan does not match");

    g->exp_hold_at[0] = 0;  /* would read another byte for a card in play */
    test_expect_invalid_restore(g, c, "plan does not match");

    g->exp_begins = 0;  /* would keep last turn's state */
    test_expect_invalid_restore(g, c, "plan does not match");

    carc_error err;
    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(g);
    carc_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_next_steps),
        cmocka_unit_test(test_forcers),
        cmocka_unit_test(test_check_sees_a_broken_plan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
