/*
 * test_long_frontier.c - a board as long as the tiles allow: every tile placed
 * in one row when it fits there, so the frontier grows past 128 spots (an n-tile
 * row has 2n+2). The position table once kept "spot index + 128" in a byte, which
 * wrapped at 128 spots and made an empty position look like a tile; carc_check
 * after every move catches any such disagreement. On the way, a legal list asked
 * for with less room must be the first moves of the full list (legal.c writes
 * placements without counting room only when the room suffices for any board),
 * and carc_legal_count/_nth/_pick must give that list move for move.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "legal_nth_check.h"
#include "state.h"

/* The move that extends the row y=0 furthest east, else the first legal move. */
static carc_move pick(const carc_move *moves, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (moves[i].kind == CARC_MOVE_PLACE && moves[i].y == 0 &&
            (moves[best].y != 0 || moves[i].x > moves[best].x))
            best = i;
    return moves[best];
}

static void test_row_of_tiles(void **state)
{
    (void)state;
    static carc_move moves[CARC_MAX_MOVES], part[CARC_MAX_MOVES];
    int longest = 0;
    for (uint64_t seed = 1; seed <= 20 && longest < 128; seed++) {
        carc_config c;
        carc_error err;
        carc_config_init(&c);
        c.seed = seed;
        carc_game *g = carc_new(&c, &err);
        assert_non_null(g);
        for (int n; (n = carc_legal(g, moves, CARC_MAX_MOVES)) > 0;) {
            test_check_legal_nth(g, "row");  /* the longest lists of carc_legal_pick */
            int half = carc_legal(g, part, n / 2);
            assert_int_equal(half, n / 2);
            assert_memory_equal(part, moves, (size_t)half * sizeof *part);
            carc_move m = pick(moves, n);
            assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
            if (carc_check(g, &err) != CARC_OK)
                fail_msg("seed %llu, %d spots: %s", (unsigned long long)seed, g->nfrontier,
                         err.msg);
            if (g->nfrontier > longest)
                longest = g->nfrontier;
        }
        carc_free(g);
    }
    assert_true(longest >= 128);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_row_of_tiles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
