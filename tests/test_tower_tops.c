/*
 * test_tower_tops.c - the towers' tops as The Tower notes them (tower_state's
 * topped and top: the follower put on each tower's top, so that T6 need not walk
 * every seat's slots to find the closed towers, TW4):
 *
 *   - in random games of The Tower, after every move: the towers closed by the notes
 *     (tower_closed_mask) are those closed on the board (tower_closed_board), also
 *     in a copy (carc_clone) and a game dealt from a seat's view (carc_view,
 *     carc_determinize), as carc_check says;
 *   - a note that no longer stands (its follower captured, eaten, scored) leaves the
 *     tower open, and the top is noted again when another follower takes it;
 *   - carc_check refuses notes that drift from the board: a closed tower not noted,
 *     a note pointing at another slot, a note past the towers on the board;
 *   - the followers each seat has held (tower_state's jailed, which T6 asks before
 *     looking for ransoms, TW8) are counted as captures and ransoms happen, and
 *     carc_check refuses a count or the kinds that top towers (toppers) that drift.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "broken_state.h"
#include "tower/tower.h"

/* The game's towers closed by the notes and on the board. */
static void closed_both(const carc_game *g, unsigned *noted, unsigned *board)
{
    uint8_t tiles[TOWER_MAX];
    int nt = tower_list(g, tiles);
    *noted = tower_closed_mask(g, tiles, nt);
    *board = tower_closed_board(g, tiles, nt);
}

/* A new 2-player game of The Tower of `seed`, and its generator of moves. */
static carc_game *tower_game(uint64_t seed, uint64_t *r)
{
    carc_config c;
    carc_error err;
    carc_config_init(&c);
    c.expansions = CARC_EXP_TOWER;
    c.seed = seed;
    carc_game *g = carc_new(&c, &err);
    assert_non_null(g);
    *r = seed * 0x9E3779B97F4A7C15ull;
    return g;
}

/* A random game of The Tower played until a tower has been closed `closings` times
 * (each time a follower takes a top) and, if `stale`, a note has outlived its
 * follower (the tower open again); NULL if none of the tries gets there. Every move
 * checked against the board. */
static carc_game *game_with_closed_towers(int closings, int stale)
{
    for (uint64_t seed = 1; seed <= 40; seed++) {
        carc_error err;
        uint64_t r;
        carc_game *g = tower_game(seed, &r);
        int seen = 0, outlived = 0;
        unsigned before = 0;
        while (test_play_random(g, &r)) {
            unsigned noted, board;
            closed_both(g, &noted, &board);
            assert_int_equal(noted, board);
            seen += __builtin_popcount(board & ~before);
            before = board;
            outlived |= (g->ext.tower.topped & ~board) != 0;
            if (seen >= closings && outlived >= stale) {
                assert_int_equal(carc_check(g, &err), CARC_OK);
                return g;
            }
        }
        carc_free(g);
    }
    return NULL;
}

static void test_notes_follow_the_board(void **state)
{
    (void)state;
    carc_game *g = game_with_closed_towers(3, 1);
    assert_non_null(g);
    carc_game *c, *v;
    test_copy_and_dealt(g, &c, &v);
    unsigned noted, board;
    closed_both(c, &noted, &board);
    assert_int_equal(noted, board);
    assert_true(board != 0);
    closed_both(v, &noted, &board);
    assert_int_equal(noted, board);
    carc_free(c);
    carc_free(v);
    carc_free(g);
}

static void test_check_sees_drifted_notes(void **state)
{
    (void)state;
    carc_game *g = game_with_closed_towers(1, 0), *c = carc_clone(g);
    assert_non_null(g);
    assert_non_null(c);
    struct tower_state *ts = &g->ext.tower;
    uint8_t tiles[TOWER_MAX];
    int nt = tower_list(g, tiles);
    unsigned closed = tower_closed_board(g, tiles, nt);
    int k = __builtin_ctz(closed);

    ts->topped &= ~(1u << k);  /* a closed tower not noted: T6 would offer its top */
    test_expect_invalid_restore(g, c, "noted closed");

    ts->top[k] ^= 1;  /* the note names another slot */
    test_expect_invalid_restore(g, c, "noted closed");

    assert_true(nt < TOWER_MAX);  /* one closing: towers are still to come */
    ts->topped |= 1u << nt;  /* past the towers on the board */
    ts->top[nt] = 1;
    test_expect_invalid_restore(g, c, "past the");

    carc_error err;
    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(g);
    carc_free(c);
}

/* A random game of The Tower played until a seat has a follower held (TW5) and,
 * if `freed`, a held follower has been freed (a ransom or an exchange, TW6, TW8);
 * the count noted checked against the board after every move (carc_check). NULL if
 * none of the tries gets there. */
static carc_game *game_with_prisoner(int freed)
{
    for (uint64_t seed = 1; seed <= 200; seed++) {
        carc_error err;
        uint64_t r;
        carc_game *g = tower_game(seed, &r);
        int held = 0, was_freed = 0;
        while (test_play_random(g, &r)) {
            assert_int_equal(carc_check(g, &err), CARC_OK);
            int now = 0;
            for (int s = 0; s < g->players; s++)
                now += g->ext.tower.jailed[s];
            was_freed |= now < held;
            held = now;
            if (held && was_freed >= freed)
                return g;
        }
        carc_free(g);
    }
    return NULL;
}

static void test_prisoners_counted(void **state)
{
    (void)state;
    carc_game *g = game_with_prisoner(1), *c = carc_clone(g);
    assert_non_null(g);
    assert_non_null(c);
    struct tower_state *ts = &g->ext.tower;
    int s = 0;
    while (!ts->jailed[s])
        s++;
    ts->jailed[s]--;  /* a follower held but not counted: T6 would offer no ransom */
    test_expect_invalid_restore(g, c, "followers held");

    ts->jailed[(s + 1) % g->players]++;  /* a follower counted that nobody holds */
    test_expect_invalid_restore(g, c, "followers held");

    ts->toppers ^= 1u << CARC_FIG_LARGE;  /* the large meeple may top a tower (TW4) */
    test_expect_invalid_restore(g, c, "top towers");

    carc_error err;
    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(g);
    carc_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notes_follow_the_board),
        cmocka_unit_test(test_check_sees_drifted_notes),
        cmocka_unit_test(test_prisoners_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
