/*
 * test_cells.c - the position table without keys (board.c): a slot holds only
 * what it names, a placed tile or a frontier spot, whose own x,y are compared.
 *
 *   - Over random games (base and gifts,christmas, 2-5 players), after every move,
 *     board_find answers for every position around the board what a linear search
 *     of the placed tiles and the frontier finds, and carc_check passes.
 *   - A position outside two int8_t is on no board: carc_tile_at, board_lookup and
 *     board_spot_index at (x + 256, y) and the like answer "nothing", where a
 *     compare of the low bytes alone would find the tile or spot at (x, y).
 *     (board_find is called with a move's int8_t x,y only: no test on its way.)
 *   - carc_check notices a broken table: a slot naming no tile or spot, two slots
 *     naming one tile, a tile that no slot names; and a wrong mark of the cloisters
 *     around the tile placed last (cloisters_near, which Christmas's offer reads),
 *     and of the sides of that tile that have a neighbour (last_sides, which a
 *     barn's corners read at every T6, AM9).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "broken_state.h"
#include "state.h"

/* What is at (x,y) by a linear search: board_find's answer. */
static int slow_find(const carc_game *g, int x, int y)
{
    for (int t = 0; t < g->ntiles; t++)
        if (g->tiles[t].x == x && g->tiles[t].y == y)
            return t;
    for (int i = 0; i < g->nfrontier; i++)
        if (g->frontier[i].x == x && g->frontier[i].y == y)
            return CELL_FRONTIER + i;
    return -1;
}

static void compare_around_board(const carc_game *g)
{
    int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (int t = 0; t < g->ntiles; t++) {
        const placed *p = &g->tiles[t];
        x0 = p->x < x0 ? p->x : x0;
        x1 = p->x > x1 ? p->x : x1;
        y0 = p->y < y0 ? p->y : y0;
        y1 = p->y > y1 ? p->y : y1;
    }
    for (int y = y0 - 2; y <= y1 + 2; y++)
        for (int x = x0 - 2; x <= x1 + 2; x++) {
            int want = slow_find(g, x, y);
            if (board_find(g, x, y) != want)
                fail_msg("board_find(%d,%d) = %d, a linear search says %d", x, y,
                         board_find(g, x, y), want);
        }
}

static void test_lookups_match_a_search(void **state)
{
    (void)state;
    static carc_move moves[CARC_MAX_MOVES];
    static const unsigned sets[2] = {0, CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS};
    for (int game = 0; game < 40; game++) {
        carc_config c;
        carc_error err;
        carc_config_init(&c);
        c.seed = 1000 + (uint64_t)game;
        c.players = 2 + game % 4;
        c.expansions = sets[game & 1];
        carc_game *g = carc_new(&c, &err);
        assert_non_null(g);
        uint64_t r = c.seed;
        int n;
        while ((n = carc_legal(g, moves, CARC_MAX_MOVES)) > 0) {
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            assert_int_equal(carc_apply(g, &moves[(r >> 33) % (uint64_t)n], &err), CARC_OK);
            compare_around_board(g);
        }
        assert_int_equal(carc_check(g, &err), CARC_OK);
        carc_free(g);
    }
}

/* A base game after a few moves: a tile at (0,0), spots around it. */
static carc_game *small_game(void)
{
    return test_game_after_moves(5, 12);
}

static void test_positions_past_a_byte(void **state)
{
    (void)state;
    carc_game *g = small_game();
    int kind, rot;
    assert_int_equal(carc_tile_at(g, 0, 0, &kind, &rot), 1);
    static const int wrap[][2] = {{256, 0}, {0, 256}, {-256, 0}, {0, -256}, {256, 256}, {512, -512}};
    for (size_t i = 0; i < sizeof wrap / sizeof wrap[0]; i++) {
        assert_int_equal(carc_tile_at(g, wrap[i][0], wrap[i][1], &kind, &rot), 0);
        assert_int_equal(board_lookup(g, wrap[i][0], wrap[i][1]), -1);
    }
    const spot *s = &g->frontier[0];
    assert_int_equal(board_spot_index(g, s->x, s->y), 0);
    assert_int_equal(board_spot_index(g, s->x + 256, s->y), -1);
    assert_int_equal(board_spot_index(g, s->x, s->y - 256), -1);
    carc_free(g);
}

static int empty_slot(const carc_game *g)
{
    for (int c = 0; c < CELL_SLOTS; c++)
        if (!g->cell[c])
            return c;
    fail_msg("no empty slot");
    return -1;
}

static int slot_of(const carc_game *g, int v)
{
    for (int c = 0; c < CELL_SLOTS; c++)
        if (g->cell[c] == v)
            return c;
    fail_msg("no slot names %d", v);
    return -1;
}

static void test_check_sees_broken_cells(void **state)
{
    (void)state;
    carc_game *g = small_game(), *c = carc_clone(g);
    assert_non_null(c);

    g->cell[empty_slot(g)] = (uint8_t)(CELL_SPOT + g->nfrontier);  /* a spot past the last */
    test_expect_invalid(g, "neither one of");
    carc_copy(g, c);

    g->cell[empty_slot(g)] = (uint8_t)(CELL_TILE + g->ntiles);  /* a tile past the last */
    test_expect_invalid(g, "neither one of");
    carc_copy(g, c);

    g->cell[empty_slot(g)] = CELL_TILE + 1;  /* two slots name tile 1 */
    test_expect_invalid(g, "two slots name tile 1");
    carc_copy(g, c);

    g->cell[slot_of(g, CELL_TILE + 2)] = 0;  /* no slot names tile 2 */
    test_expect_invalid(g, "slots used");
    carc_copy(g, c);

    carc_error err;
    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(c);
    carc_free(g);
}

/* A base game of seed 5 played by first-listed moves until the tile placed last
 * has a cloister around it: board_place marked it, carc_check compares. */
static void test_check_sees_broken_cloister_marks(void **state)
{
    (void)state;
    static carc_move list[CARC_MAX_MOVES];
    carc_error err;
    carc_game *g = test_game_after_moves(5, 0);
    while (!(g->last != TILE_NONE && g->cloisters_near) && carc_legal(g, list, CARC_MAX_MOVES) > 0) {
        assert_int_equal(carc_apply(g, &list[0], &err), CARC_OK);
        assert_int_equal(carc_check(g, &err), CARC_OK);
    }
    assert_true(g->last != TILE_NONE && g->cloisters_near);
    carc_game *c = carc_clone(g);
    assert_non_null(c);

    g->cloisters_near = 0;  /* the cloister around it forgotten */
    test_expect_invalid(g, "cloisters around the last tile");
    carc_copy(g, c);

    g->cloisters_near |= 1u << g->ncloisters;  /* one past the list */
    test_expect_invalid(g, "cloisters around the last tile");
    carc_copy(g, c);

    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(c);
    carc_free(g);
}

/* A base game of seed 7 after its fifth placement: board_place noted the sides of
 * the tile with a neighbour as it joined them (at least the one it was placed
 * against), carc_check compares them with the board. */
static void test_check_sees_wrong_last_sides(void **state)
{
    (void)state;
    static carc_move list[CARC_MAX_MOVES];
    carc_error err;
    carc_game *g = test_game_after_moves(7, 0);
    for (int tiles = 0; tiles < 5 && carc_legal(g, list, CARC_MAX_MOVES) > 0;) {
        tiles += list[0].kind == CARC_MOVE_PLACE;
        assert_int_equal(carc_apply(g, &list[0], &err), CARC_OK);
    }
    assert_true(g->last != TILE_NONE);
    assert_int_equal(g->last_sides, board_sides(g, g->last));
    assert_true(g->last_sides != 0 && g->last_sides < 16);
    carc_game *c = carc_clone(g);
    assert_non_null(c);

    g->last_sides ^= 1u << __builtin_ctz(g->last_sides);  /* a neighbour forgotten */
    test_expect_invalid_restore(g, c, "the last tile's neighbours");
    g->last_sides |= 16;  /* a side that is none */
    test_expect_invalid_restore(g, c, "the last tile's neighbours");

    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(c);
    carc_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookups_match_a_search),
        cmocka_unit_test(test_positions_past_a_byte),
        cmocka_unit_test(test_check_sees_broken_cells),
        cmocka_unit_test(test_check_sees_broken_cloister_marks),
        cmocka_unit_test(test_check_sees_wrong_last_sides),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
