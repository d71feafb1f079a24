/*
 * test_dragon_steps.c - the dragon's next steps as The Princess & the Dragon notes
 * them (dragon_state's steps and nsteps: the tiles it may step onto, found once by
 * the step after T6 as it owes the move, then read by the list and the move instead
 * of four lookups of the board each, PD7):
 *
 *   - in random games of the dragon, whenever a step is owed: the steps noted are
 *     the moves carc_legal lists, in their order, also in a copy (carc_clone) and a
 *     game dealt from a seat's view (carc_view, carc_determinize), and carc_check
 *     accepts every position;
 *   - carc_check refuses notes that drift from the board: a step to another tile, a
 *     step left out, a note outside a movement.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "broken_state.h"
#include "dragon/dragon.h"

/* Whether g owes a step of the dragon now. */
static int step_owed(const carc_game *g)
{
    return g->step == ST_T6_AFTER && g->ext.dragon.walking;
}

/* The steps noted are the moves carc_legal lists, in order. */
static void steps_are_listed(const carc_game *g)
{
    carc_move list[CARC_MAX_MOVES];
    const struct dragon_state *st = &g->ext.dragon;
    int n = carc_legal(g, list, CARC_MAX_MOVES);
    assert_true(st->nsteps > 0);
    assert_int_equal(n, st->nsteps);
    for (int i = 0; i < n; i++) {
        assert_int_equal(list[i].kind, CARC_MOVE_WALK);
        assert_int_equal(list[i].x, g->tiles[st->steps[i]].x);
        assert_int_equal(list[i].y, g->tiles[st->steps[i]].y);
    }
}

/* A random 2-player game of the dragon played until `walks` steps have been owed
 * (every one compared with the list, every move checked); NULL if none of the tries
 * gets there. */
static carc_game *game_owing_step(int walks)
{
    for (uint64_t seed = 1; seed <= 40; seed++) {
        carc_config c;
        carc_error err;
        carc_config_init(&c);
        c.expansions = CARC_EXP_DRAGON;
        c.seed = seed;
        carc_game *g = carc_new(&c, &err);
        assert_non_null(g);
        uint64_t r = seed * 0x9E3779B97F4A7C15ull;
        int seen = 0;
        while (test_play_random(g, &r)) {
            assert_int_equal(carc_check(g, &err), CARC_OK);
            if (!step_owed(g))
                continue;
            steps_are_listed(g);
            if (++seen >= walks)
                return g;
        }
        carc_free(g);
    }
    return NULL;
}

static void test_notes_follow_the_board(void **state)
{
    (void)state;
    carc_game *g = game_owing_step(12);
    assert_non_null(g);
    carc_game *c, *v;
    test_copy_and_dealt(g, &c, &v);
    steps_are_listed(c);
    steps_are_listed(v);
    carc_free(c);
    carc_free(v);
    carc_free(g);
}

static void test_check_sees_drifted_notes(void **state)
{
    (void)state;
    carc_game *g = game_owing_step(3), *c = carc_clone(g);
    assert_non_null(g);
    assert_non_null(c);
    struct dragon_state *st = &g->ext.dragon;

    st->steps[0] = (uint8_t)(st->steps[0] == 0 ? 1 : 0);  /* a step to another tile */
    test_expect_invalid_restore(g, c, "steps noted");

    st->nsteps--;  /* a step left out: the list would not offer it */
    test_expect_invalid_restore(g, c, "steps noted");

    carc_error err;
    uint64_t r = 7;
    while (step_owed(g))  /* to the end of the movement */
        assert_true(test_play_random(g, &r));
    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_game *done = carc_clone(g);
    assert_non_null(done);
    g->ext.dragon.nsteps = 1;  /* a note outside a movement */
    test_expect_invalid_restore(g, done, "trace out of one");
    g->ext.dragon.steps[3] = 1;
    test_expect_invalid_restore(g, done, "trace out of one");

    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(done);
    carc_free(g);
    carc_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notes_follow_the_board),
        cmocka_unit_test(test_check_sees_drifted_notes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
