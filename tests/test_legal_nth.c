/*
 * test_legal_nth.c - carc_legal_count, carc_legal_nth and carc_legal_pick give
 * exactly carc_legal's list without writing it (legal.c): at every decision of
 * random games of the four expansion sets (base, gifts, christmas,
 * gifts,christmas) with 2 to 5 players, and in a seat's view now and then,
 *   - carc_legal_count equals the length of carc_legal's list;
 *   - carc_legal_nth(i) writes list[i], byte for byte, for every i;
 *   - carc_legal_pick writes list[i] for the i its index function returns, returns
 *     the count, and asks the index function once, with that count;
 *   - a bad index (-1, the count, beyond) is refused: nth returns 0, pick -1, and
 *     the move given is left as it was.
 * The moves are chosen by the test's own splitmix64 generator among the list, so
 * the games reach two tiles in hand (The Gifts), Mastermind's forced spot (X13)
 * and long frontiers. A second test grows a row of tiles, so that the frontier
 * passes 128 spots (the largest lists and the last of legal.c's blocks of four).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "state.h"  /* nfrontier, for the long row */

static uint64_t nth_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* carc_legal_pick's index function: returns `want` and records the n it was asked
 * with. */
typedef struct {
    uint32_t want;
    uint32_t asked_n;
    int calls;
} nth_index;

static uint32_t nth_index_fn(void *ctx, uint32_t n)
{
    nth_index *x = ctx;
    x->asked_n = n;
    x->calls++;
    return x->want;
}

static long nth_positions;

/* Checks the three calls against carc_legal at the pending decision of g. */
static void nth_check_position(const carc_game *g, const char *where)
{
    static carc_move list[CARC_MAX_MOVES];
    int n = carc_legal(g, list, CARC_MAX_MOVES);
    int count = carc_legal_count(g);
    if (count != n)
        fail_msg("%s: carc_legal_count %d, carc_legal lists %d", where, count, n);
    for (int i = 0; i < n; i++) {
        carc_move m;
        memset(&m, 0xA5, sizeof m);
        if (carc_legal_nth(g, i, &m) != 1)
            fail_msg("%s: carc_legal_nth refused index %d of %d", where, i, n);
        if (memcmp(&m, &list[i], sizeof m) != 0)
            fail_msg("%s: carc_legal_nth(%d) of %d is not carc_legal's move", where, i, n);
        nth_index x = {(uint32_t)i, 0, 0};
        memset(&m, 0x5A, sizeof m);
        int r = carc_legal_pick(g, nth_index_fn, &x, &m);
        if (r != n || x.calls != 1 || x.asked_n != (uint32_t)n)
            fail_msg("%s: carc_legal_pick returned %d, asked %d times with n %u (%d moves)",
                     where, r, x.calls, x.asked_n, n);
        if (memcmp(&m, &list[i], sizeof m) != 0)
            fail_msg("%s: carc_legal_pick(%d) of %d is not carc_legal's move", where, i, n);
    }
    /* bad indices: refused, the move given untouched */
    const int bad[] = {-1, n, n + 1, 1 << 30};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
        carc_move m, before;
        memset(&m, 0x3C, sizeof m);
        before = m;
        if (carc_legal_nth(g, bad[b], &m) != 0)
            fail_msg("%s: carc_legal_nth accepted index %d of %d", where, bad[b], n);
        assert_memory_equal(&m, &before, sizeof m);
        if (bad[b] < 0)
            continue;
        nth_index x = {(uint32_t)bad[b], 0, 0};
        int r = carc_legal_pick(g, nth_index_fn, &x, &m);
        if (n == 0 ? (r != 0 || x.calls != 0) : r != -1)
            fail_msg("%s: carc_legal_pick with index %d of %d returned %d (%d calls)", where,
                     bad[b], n, r, x.calls);
        assert_memory_equal(&m, &before, sizeof m);
    }
    nth_positions++;
}

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
            nth_check_position(g, where);
            if ((nth_next(&rng) & 15) == 0 && !carc_is_over(g)) {
                int seat = carc_pending_decision(g).seat;
                carc_view(g, seat, view);
                nth_check_position(view, where);
            }
            int n = carc_legal(g, list, CARC_MAX_MOVES);
            if (n == 0)
                break;
            carc_move m = list[(nth_next(&rng) >> 33) % (uint64_t)n];
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
    const unsigned sets[] = {0, CARC_EXP_GIFTS, CARC_EXP_CHRISTMAS,
                             CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS};
    int games = getenv("CARC_QUICK") ? 2 : 6;
    for (size_t e = 0; e < sizeof sets / sizeof sets[0]; e++)
        for (int players = 2; players <= 5; players++)
            nth_games(sets[e], players, games);
    /* thousands of positions, or the test proves little */
    printf("%ld positions\n", nth_positions);
    assert_true(nth_positions >= 5000);
}

/* A row of tiles: the move extending the row y=0 furthest east, else the first. */
static void test_nth_long_frontier(void **state)
{
    (void)state;
    static carc_move list[CARC_MAX_MOVES];
    int longest = 0;
    for (uint64_t seed = 1; seed <= 20 && longest < 128; seed++) {
        carc_config c;
        carc_error err;
        carc_config_init(&c);
        c.seed = seed;
        carc_game *g = carc_new(&c, &err);
        assert_non_null(g);
        for (int n; (n = carc_legal(g, list, CARC_MAX_MOVES)) > 0;) {
            nth_check_position(g, "row");
            int best = 0;
            for (int i = 1; i < n; i++)
                if (list[i].kind == CARC_MOVE_PLACE && list[i].y == 0 &&
                    (list[best].y != 0 || list[i].x > list[best].x))
                    best = i;
            if (g->nfrontier > longest)
                longest = g->nfrontier;
            assert_int_equal(carc_apply(g, &list[best], &err), CARC_OK);
        }
        carc_free(g);
    }
    assert_true(longest >= 128);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nth_all_sets),
        cmocka_unit_test(test_nth_long_frontier),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
