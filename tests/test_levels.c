/*
 * test_levels.c - the levels for people (src/ai/player.c, easy.c; docs/AI.md): made
 * by name with their own names, a budget the caller cannot change (medium searches
 * its fixed count whatever opt asks), what a scheduler may expect of them
 * (carc_player_think_ms), and easy's moves, always legal, the same with a seed and
 * spread over more than the one best move.
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

static void test_names_and_think_ms(void **state)
{
    (void)state;
    static const char *const levels[] = {"easy", "medium", "hard"};
    for (int i = 0; i < 3; i++) {
        carc_error err = {0, ""};
        carc_player *p = carc_player_new(levels[i], NULL, &err);
        assert_non_null(p);
        assert_string_equal(p->name, levels[i]);
        assert_int_equal(carc_player_searches(levels[i]), 0);  /* no budget applies */
        carc_player_free(p);
    }
    assert_int_equal(carc_player_think_ms("easy"), 0);
    assert_int_equal(carc_player_think_ms("greedy"), 0);
    assert_true(carc_player_think_ms("medium") > 0);
    assert_true(carc_player_think_ms("hard") > carc_player_think_ms("medium"));
    assert_true(carc_player_think_ms("hard") <= 2000);  /* the browser's wait */
    assert_int_equal(carc_player_think_ms("mcts"), -1);
    assert_int_equal(carc_player_think_ms("mcts-2026a"), -1);
    assert_int_equal(carc_player_think_ms("mcts-2026b"), -1);
    assert_int_equal(carc_player_think_ms("expert"), -1);
    assert_non_null(strstr(carc_player_names(), "easy, medium, hard"));
}

/* The first decision of a seeded game with two or more legal moves. */
static carc_game *first_choice(uint64_t seed)
{
    carc_config c;
    carc_config_init(&c);
    c.seed = seed;
    carc_game *g = carc_new(&c, NULL);
    assert_non_null(g);
    return g;
}

static void test_medium_keeps_its_budget(void **state)
{
    (void)state;
    carc_ai_options opt;
    carc_ai_options_init(&opt);
    opt.budget_ms = 1;  /* asked for, and ignored: a level searches its own count */
    opt.iterations = 3;
    carc_player *p = carc_player_new("medium", &opt, NULL);
    assert_non_null(p);
    carc_game *g = first_choice(4);
    carc_move m;
    assert_int_equal(carc_player_choose(p, g, &m, NULL, 0), CARC_OK);
    long once = p->iterations;
    assert_true(once > 3);
    assert_int_equal(carc_player_choose(p, g, &m, NULL, 0), CARC_OK);
    assert_int_equal(p->iterations, 2 * once);  /* a count, not a clock */
    carc_player_free(p);
    carc_free(g);
}

/* easy's moves over a game's first 40 decisions: legal, the same for the same seed;
 * and over 30 seeds of the first placement, not always greedy's. */
static void test_easy_legal_seeded_not_greedy(void **state)
{
    (void)state;
    carc_ai_options opt;
    carc_ai_options_init(&opt);
    carc_move a[40], b[40];
    for (int run = 0; run < 2; run++) {
        carc_player *p = carc_player_new("easy", &opt, NULL);
        carc_game *g = first_choice(9);
        for (int i = 0; i < 40 && !carc_is_over(g); i++) {
            carc_move *m = run ? &b[i] : &a[i];
            assert_int_equal(carc_player_choose(p, g, m, NULL, 0), CARC_OK);
            assert_int_equal(carc_apply(g, m, NULL), CARC_OK);
            if (run)
                assert_true(carc_move_equal(&a[i], &b[i]));
        }
        carc_player_free(p);
        carc_free(g);
    }
    int differ = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        opt.seed = seed;
        carc_player *e = carc_player_new("easy", &opt, NULL);
        carc_player *gr = carc_player_new("greedy", &opt, NULL);
        carc_game *g = first_choice(seed);
        carc_move me, mg;
        assert_int_equal(carc_player_choose(e, g, &me, NULL, 0), CARC_OK);
        assert_int_equal(carc_player_choose(gr, g, &mg, NULL, 0), CARC_OK);
        differ += !carc_move_equal(&me, &mg);
        carc_player_free(e);
        carc_player_free(gr);
        carc_free(g);
    }
    assert_true(differ > 0 && differ < 30);  /* near-best moves, not random ones */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_think_ms),
        cmocka_unit_test(test_medium_keeps_its_budget),
        cmocka_unit_test(test_easy_legal_seeded_not_greedy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
