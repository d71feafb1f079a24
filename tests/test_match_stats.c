/*
 * test_match_stats.c - the arena's statistics (src/ai/match_stats.c): known counts
 * give a known Elo, interval and SPRT decision, and a known sequence of results
 * makes the SPRT decide at a known game or pair. The expected values were worked
 * out apart from the C code (the formulas of docs/AI.md, in Python).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "carc_ai.h"

#define assert_near(a, b, eps) assert_true(fabs((a) - (b)) < (eps))

static const carc_sprt sprt_0_50 = {0, 50, 0.05, 0.05};

/* The tally's score, Elo and interval are the expected ones, and against H0 0, H1
 * +50 the test accepts H1 with the expected LLR. */
static void check_known(const carc_match_tally *t, double score, double elo, double lo, double hi,
                        double llr)
{
    carc_elo_estimate e;
    carc_sprt_state s;
    assert_int_equal(carc_match_elo(t, &e), 0);
    assert_near(e.score, score, 1e-12);
    assert_near(e.elo, elo, 1e-3);
    assert_near(e.elo_lo, lo, 1e-3);
    assert_near(e.elo_hi, hi, 1e-3);
    assert_int_equal(carc_sprt_check(&sprt_0_50, t, &s), 1);
    assert_near(s.llr, llr, 1e-4);
    assert_near(s.lower, -2.94444, 1e-5);
    assert_near(s.upper, 2.94444, 1e-5);
}

static void test_trinomial_elo_interval_llr(void **state)
{
    (void)state;
    /* 30 lost, 10 shared, 60 won: score 0.65, sigma^2 0.2025 */
    carc_match_tally t = {0, {30, 10, 60, 0, 0}};
    carc_sprt_state s;
    assert_int_equal(carc_tally_units(&t), 100);
    check_known(&t, 0.65, 107.538, 43.164, 180.082, 4.0326);
    /* the same score is not enough to tell +100 from +150: go on */
    carc_sprt far = {100, 150, 0.05, 0.05};
    assert_int_equal(carc_sprt_check(&far, &t, &s), 0);
}

static void test_pentanomial_elo_interval_llr(void **state)
{
    (void)state;
    /* pairs with 0, 1/2, 1, 3/2, 2 points: score 0.7425 */
    carc_match_tally t = {1, {2, 5, 20, 40, 33}};
    check_known(&t, 0.7425, 183.968, 143.714, 229.347, 26.0061);
}

static void test_every_game_won(void **state)
{
    (void)state;
    /* finite Elo through the regularisation, an open upper bound, and no decision
     * while only one kind of outcome has been seen */
    carc_match_tally t = {0, {0, 0, 10, 0, 0}};
    carc_elo_estimate e;
    carc_sprt_state s;
    assert_int_equal(carc_match_elo(&t, &e), 0);
    assert_near(e.elo, 1529.572, 1e-3);
    assert_near(e.elo_lo, 858.794, 1e-3);
    assert_true(isinf(e.elo_hi) && e.elo_hi > 0);
    assert_int_equal(carc_sprt_check(&sprt_0_50, &t, &s), 0);
    assert_true(s.llr > s.upper);
    carc_match_tally none = {1, {0}};
    assert_int_equal(carc_match_elo(&none, &e), -1);
    assert_int_equal(carc_sprt_check(&sprt_0_50, &none, &s), 0);
    assert_near(s.llr, 0, 1e-12);
}

/* Feeds the outcomes `pattern` (indices of count[]) again and again and returns
 * the unit at which the test decides, with its decision in *decision. */
static long decide_at(const carc_sprt *sp, int paired, const int *pattern, int len, int *decision,
                      carc_match_tally *t)
{
    carc_sprt_state s;
    *t = (carc_match_tally){paired, {0}};
    for (long n = 1; n < 10000; n++) {
        t->count[pattern[(n - 1) % len]]++;
        if ((*decision = carc_sprt_check(sp, t, &s)) != 0)
            return n;
    }
    return -1;
}

static void test_sequences_decide_where_expected(void **state)
{
    (void)state;
    carc_match_tally t;
    int d;
    /* won, won, lost...: score 2/3 against H0 Elo 0, H1 Elo 20: H1 at game 146 */
    static const int wwl[] = {2, 2, 0};
    carc_sprt s20 = {0, 20, 0.05, 0.05};
    assert_int_equal(decide_at(&s20, 0, wwl, 3, &d, &t), 146);
    assert_int_equal(d, 1);
    assert_int_equal(t.count[0], 48);
    assert_int_equal(t.count[2], 98);
    /* four won, one lost: H1 of +50 at game 22; at game 19 the LLR (3.13) is past
     * the bound, but 19 games are fewer than the test's minimum */
    static const int w4l[] = {2, 2, 2, 2, 0};
    assert_int_equal(decide_at(&sprt_0_50, 0, w4l, 5, &d, &t), 22);
    assert_int_equal(d, 1);
    carc_match_tally few = {0, {3, 0, 16, 0, 0}};
    carc_sprt_state st;
    assert_int_equal(carc_sprt_check(&sprt_0_50, &few, &st), 0);
    assert_near(st.llr, 3.1285, 1e-4);
    /* three pairs, one of them shared: LLR -3.07, no decision */
    carc_match_tally three = {1, {0, 2, 1, 0, 0}};
    assert_int_equal(carc_sprt_check(&sprt_0_50, &three, &st), 0);
    assert_true(st.llr < st.lower);
    /* an even match, game by game: H0 at game 290 */
    static const int wl[] = {2, 0};
    assert_int_equal(decide_at(&sprt_0_50, 0, wl, 2, &d, &t), 290);
    assert_int_equal(d, -1);
    /* the same even match in pairs of 3/2 and 1/2 points: H0 at pair 74 (148 games),
     * the pairs' smaller variance deciding twice as fast */
    static const int pairs_even[] = {3, 1};
    assert_int_equal(decide_at(&sprt_0_50, 1, pairs_even, 2, &d, &t), 74);
    assert_int_equal(d, -1);
    /* pairs 2, 1, 1, 2, 0 points against +0/+100: H1 at pair 79 */
    static const int pairs[] = {4, 2, 2, 4, 0};
    carc_sprt s100 = {0, 100, 0.05, 0.05};
    assert_int_equal(decide_at(&s100, 1, pairs, 5, &d, &t), 79);
    assert_int_equal(d, 1);
}

static void test_wilson_share_elo_mean(void **state)
{
    (void)state;
    double lo, hi, mean, half;
    carc_wilson(1.0, 4, &lo, &hi);  /* 4 of 4: 51.0-100.0% (tests/cli/arena_stats.sh) */
    assert_near(lo, 0.5101, 1e-4);
    assert_near(hi, 1.0, 1e-12);
    carc_wilson(0.5, 0, &lo, &hi);
    assert_near(lo, 0, 1e-12);
    assert_near(hi, 1, 1e-12);
    /* 3 of 4 among 2 players: q = 3.5 / 5 = 0.7, 400 log10(0.7 / 0.3) */
    assert_near(carc_share_elo(3, 4, 2), 147.19, 1e-2);
    assert_true(carc_share_elo(0, 1, 5) < 0);
    assert_near(carc_elo_score(carc_logistic_elo(0.8)), 0.8, 1e-12);
    assert_near(carc_logistic_elo(0.75), 190.8485, 1e-4);
    /* the values 1, 2, 3, 4: mean 2.5, sample variance 5/3 */
    carc_mean_interval(10, 30, 4, &mean, &half);
    assert_near(mean, 2.5, 1e-12);
    assert_near(half, 1.96 * sqrt(5.0 / 3 / 4), 1e-12);
    carc_mean_interval(3, 9, 1, &mean, &half);
    assert_true(isinf(half));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trinomial_elo_interval_llr),
        cmocka_unit_test(test_pentanomial_elo_interval_llr),
        cmocka_unit_test(test_every_game_won),
        cmocka_unit_test(test_sequences_decide_where_expected),
        cmocka_unit_test(test_wilson_share_elo_mean),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
