/*
 * broken_state.c - a game to break and the check that carc_check notices (see
 * broken_state.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "broken_state.h"

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
