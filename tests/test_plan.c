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
 *   - the decision noted in the state (pend_decision, pend_seat: what carc_apply
 *     and carc_legal_pick read) is turn_pending's after carc_new, every move, in a
 *     view of each seat and a game dealt from it, with all nine expansions (cards
 *     in hand hidden, windows, captures, the dragon's moves); carc_check refuses
 *     one that is not.
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

/* The decision noted is the one turn_pending finds. */
static void assert_noted(const carc_game *g)
{
    carc_pending p;
    turn_pending(g, &p);
    assert_int_equal(g->pend_decision, p.decision);
    assert_int_equal(g->pend_seat, p.seat);
    carc_pending q = carc_pending_decision(g);
    assert_int_equal(q.decision, p.decision);
    assert_int_equal(q.seat, p.seat);
    assert_int_equal(q.active, p.active);
}

static void test_noted_decision(void **state)
{
    (void)state;
    static carc_move list[CARC_MAX_MOVES];
    carc_error err;
    carc_game *g = new_game(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS | CARC_EXP_INNS |
                            CARC_EXP_TRADERS | CARC_EXP_RIVER | CARC_EXP_ABBOT |
                            CARC_EXP_DRAGON | CARC_EXP_TOWER | CARC_EXP_ABBEY);
    carc_game *v = carc_clone(g), *d = carc_clone(g);
    assert_non_null(v);
    assert_non_null(d);
    uint64_t r = 11;
    for (int moves = 0, n; (n = carc_legal(g, list, CARC_MAX_MOVES)) > 0; moves++) {
        assert_noted(g);
        if (moves % 7 == 0)  /* a view of a seat, and a game dealt from it */
            for (int seat = 0; seat < g->players; seat++) {
                carc_view(g, seat, v);
                assert_noted(v);
                carc_determinize(v, r, d);
                assert_noted(d);
                assert_int_equal(carc_check(d, &err), CARC_OK);
            }
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        assert_int_equal(carc_apply(g, &list[r % (uint64_t)n], &err), CARC_OK);
    }
    assert_noted(g);
    assert_true(carc_is_over(g));
    assert_int_equal(g->pend_seat, -1);

    carc_free(g);
    g = new_game(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS);
    carc_game *c = carc_clone(g);
    assert_non_null(c);
    g->pend_decision ^= 1;  /* another decision than the one owed */
    test_expect_invalid_restore(g, c, "decision noted");
    g->pend_seat = (int8_t)(g->pend_seat + 1);  /* another seat */
    test_expect_invalid_restore(g, c, "decision noted");
    carc_free(c);
    carc_free(d);
    carc_free(v);
    carc_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_next_steps),
        cmocka_unit_test(test_forcers),
        cmocka_unit_test(test_check_sees_a_broken_plan),
        cmocka_unit_test(test_noted_decision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
