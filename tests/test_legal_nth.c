/*
 * test_legal_nth.c - carc_legal_count, carc_legal_nth and carc_legal_pick give
 * exactly carc_legal's list without writing it (legal.c): at every decision of
 * random games of ten expansion sets (base, gifts, christmas, gifts,christmas,
 * tower, inns,tower,gifts, dragon, abbey, dragon,tower,abbey, all nine: the T6
 * choices the modules count, t6_count and t6_nth) with 2 to 5 players, and in a seat's view now and then,
 *   - carc_legal_count equals the length of carc_legal's list;
 *   - carc_legal_nth(i) writes list[i], byte for byte, for every i;
 *   - carc_legal_pick writes list[i] for the i its index function returns, returns
 *     the count, and asks the index function once, with that count;
 *   - a bad index (-1, the count, beyond) is refused: nth returns 0, pick -1, and
 *     the move given is left as it was.
 * The moves are chosen by the test's own splitmix64 generator among the list, so
 * the games reach two tiles in hand (The Gifts), Mastermind's forced spot (X13)
 * and long frontiers. test_long_frontier runs the same check on a row of tiles
 * whose frontier passes 128 spots (the largest lists, the last of legal.c's blocks).
 * A fixed game checks the one placement listed apart from the fit table: the abbey in
 * the river's dead end (CI19).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base.h"
#include "carc_record.h"
#include "legal_nth_check.h"

static long nth_positions;


/* Plays `games` random games of the expansion set and player count, checking every
 * decision and, about one in 16, the view of the seat that owes it. */
static void nth_games(unsigned expansions, int players, int games)
{
    static carc_move list[CARC_MAX_MOVES];
    char where[96];
    carc_game *view = NULL;
    for (int k = 0; k < games; k++) {
        carc_config c;
        carc_error err;
        carc_config_init(&c);
        c.expansions = expansions;
        c.players = players;
        c.seed = (uint64_t)(1000 * players + k + 1);
        uint64_t rng = c.seed * 7919u;
        carc_game *g = carc_new(&c, &err);
        assert_non_null(g);
        if (!view)
            view = carc_clone(g);
        assert_non_null(view);
        for (int step = 0;; step++) {
            snprintf(where, sizeof where, "expansions %u, %d players, seed %llu, step %d",
                     expansions, players, (unsigned long long)c.seed, step);
            test_check_legal_nth(g, where);
            nth_positions++;
            if ((mix_next(&rng) & 15) == 0 && !carc_is_over(g)) {
                int seat = carc_pending_decision(g).seat;
                carc_view(g, seat, view);
                test_check_legal_nth(view, where);
                nth_positions++;
            }
            int n = carc_legal(g, list, CARC_MAX_MOVES);
            if (n == 0)
                break;
            carc_move m = list[(mix_next(&rng) >> 33) % (uint64_t)n];
            assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
        }
        assert_true(carc_is_over(g));
        carc_free(g);
    }
    carc_free(view);
}

static void test_nth_all_sets(void **state)
{
    (void)state;
    const unsigned all_nine = CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS | CARC_EXP_INNS |
                              CARC_EXP_TRADERS | CARC_EXP_RIVER | CARC_EXP_ABBOT |
                              CARC_EXP_DRAGON | CARC_EXP_TOWER | CARC_EXP_ABBEY;
    /* The Tower adds its choices to T6's list before the pass (floors, tower tops,
     * ransoms): a list cut short is still a prefix */
    const unsigned sets[] = {0, CARC_EXP_GIFTS, CARC_EXP_CHRISTMAS,
                             CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS, CARC_EXP_TOWER,
                             CARC_EXP_INNS | CARC_EXP_TOWER | CARC_EXP_GIFTS,
                             CARC_EXP_DRAGON, CARC_EXP_ABBEY,
                             CARC_EXP_DRAGON | CARC_EXP_TOWER | CARC_EXP_ABBEY, all_nine};
    int games = getenv("CARC_QUICK") ? 2 : 6;
    for (size_t e = 0; e < sizeof sets / sizeof sets[0]; e++)
        for (int players = 2; players <= 5; players++)
            nth_games(sets[e], players, games);
    /* thousands of positions, or the test proves little */
    printf("%ld positions\n", nth_positions);
    assert_true(nth_positions >= 5000);
}

/* CI19: the abbey in the river's dead end is a placement the fit table cannot see,
 * listed after all others (legal.c, legal_closed_place): count, nth and pick give it
 * too. The board of scenarios/CI19_abbey_in_the_hole_at_the_rivers_dead_end.json. */
static void test_nth_abbey_in_the_rivers_dead_end(void **state)
{
    (void)state;
    static const char *const stack[] = {"RI.1/CICI", "RI.1/IFI", "RI.1/II", "RI.1/IFI",
                                        "RI.1/II", "RI.1/LIRI", "RI.1/CcII", "RI.1/I.e",
                                        "E", "E", "U"};
    static const char *const moves[] = {
        "RI.1/CICI (1,0) r0", "pass", "RI.1/IFI (2,0) r0", "pass", "RI.1/II (3,0) r1", "pass",
        "RI.1/IFI (3,-1) r1", "pass", "RI.1/II (3,-2) r0", "pass", "RI.1/LIRI (2,-2) r2",
        "pass", "RI.1/CcII (1,-2) r0", "pass", "E (2,-1) r3", "city:W", "E (0,-1) r1",
        "city:E", "abbey"};
    carc_config c;
    carc_error err;
    carc_config_init(&c);
    c.expansions = CARC_EXP_RIVER | CARC_EXP_ABBEY;
    c.stack_len = (int)(sizeof stack / sizeof stack[0]);
    for (int i = 0; i < c.stack_len; i++)
        c.stack[i] = (uint8_t)carc_tile_kind_named(stack[i], strlen(stack[i]));
    carc_game *g = carc_new(&c, &err);
    assert_non_null(g);
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        carc_move m;
        assert_int_equal(carc_move_parse(g, moves[i], &m, &err), CARC_OK);
        assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
        test_check_legal_nth(g, moves[i]);
    }
    carc_move m, want;
    assert_int_equal(carc_legal_count(g), 1);
    assert_int_equal(carc_move_parse(g, "AM/A (1,-1) r0", &want, &err), CARC_OK);
    assert_true(carc_legal_nth(g, 0, &m));
    assert_memory_equal(&m, &want, sizeof m);
    carc_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nth_all_sets),
        cmocka_unit_test(test_nth_abbey_in_the_rivers_dead_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
