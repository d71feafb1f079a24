/*
 * broken_state.c - a game to break and the check that carc_check notices, a random
 * move, a copy and a dealt view of a game (see broken_state.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "broken_state.h"
#include "state.h"

carc_game *test_game_after_moves(uint64_t seed, int moves)
{
    static carc_move list[CARC_MAX_MOVES];
    carc_config c;
    carc_error err;
    carc_config_init(&c);
    c.seed = seed;
    carc_game *g = carc_new(&c, &err);
    assert_non_null(g);
    for (int i = 0; i < moves && carc_legal(g, list, CARC_MAX_MOVES) > 0; i++)
        assert_int_equal(carc_apply(g, &list[0], &err), CARC_OK);
    assert_int_equal(carc_check(g, &err), CARC_OK);
    return g;
}

void test_expect_invalid(const carc_game *g, const char *what)
{
    carc_error err;
    assert_int_equal(carc_check(g, &err), CARC_E_INVALID);
    if (!strstr(err.msg, what))
        fail_msg("expected \"%s\", got \"%s\"", what, err.msg);
}

void test_expect_invalid_restore(carc_game *g, const carc_game *intact, const char *what)
{
    test_expect_invalid(g, what);
    carc_copy(g, intact);
}

int test_play_random(carc_game *g, uint64_t *r)
{
    static carc_move list[CARC_MAX_MOVES];
    carc_error err;
    int n = carc_legal(g, list, CARC_MAX_MOVES);
    if (n <= 0)
        return 0;
    *r ^= *r << 13, *r ^= *r >> 7, *r ^= *r << 17;
    assert_int_equal(carc_apply(g, &list[*r % (uint64_t)n], &err), CARC_OK);
    return 1;
}

void test_copy_and_dealt(const carc_game *g, carc_game **copy, carc_game **dealt)
{
    carc_game *w = carc_clone(g);
    carc_error err;
    *copy = carc_clone(g);
    *dealt = carc_clone(g);
    assert_non_null(w);
    assert_non_null(*copy);
    assert_non_null(*dealt);
    carc_view(g, g->active, w);
    carc_determinize(w, 5, *dealt);
    carc_free(w);
    assert_int_equal(carc_check(*copy, &err), CARC_OK);
    assert_int_equal(carc_check(*dealt, &err), CARC_OK);
}
