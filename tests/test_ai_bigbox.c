/*
 * test_ai_bigbox.c - the computer players (random, greedy, mcts) play every decision
 * of Inns & Cathedrals and Traders & Builders (issue 19), from their seat's view:
 *
 *   - each player, in every seat, finishes games with all four expansions
 *     (inns,traders,gifts,christmas: 3 players) and games of 6 players with inns;
 *     every move it chooses is legal in the full state (carc_apply accepts it);
 *   - figure moves: between them they put down the large meeple, the builder and
 *     the pig, and every player puts down figures other than meeples;
 *   - the double turn (CARC_DEC_DOUBLE_TURN): every player meets it and answers it
 *     (CARC_MOVE_AGAIN or a pass), and greedy and mcts always take it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>
#include "carc.h"
#include "carc_ai.h"
#include "ai_game.h"
#include "random_play.h"

typedef struct {
    int games, decisions;
    int figures[CARC_FIGURES];  /* FOLLOWER moves chosen, by figure */
    int doubles, again;         /* double-turn decisions met, and taken */
} tally;

/* Plays one game of `players` seats, every seat `name`, from each seat's view, and
 * adds what the player chose to t. */
static void play_one(const char *name, unsigned expansions, int players, uint64_t seed,
                     tally *t)
{
    ai_game a;
    ai_game_new(&a, name, expansions, players, seed);
    while (!carc_is_over(a.g)) {
        carc_move m;
        carc_pending pd = ai_game_choose(&a, &m);
        ai_game_apply(&a, &m);
        t->decisions++;
        if (m.kind == CARC_MOVE_FOLLOWER)
            t->figures[m.figure]++;
        if (pd.decision == CARC_DEC_DOUBLE_TURN) {
            t->doubles++;
            t->again += m.kind == CARC_MOVE_AGAIN;
        } else {
            assert_int_not_equal(m.kind, CARC_MOVE_AGAIN);
        }
    }
    ai_game_finish(&a);
    t->games++;
}

static const unsigned all4 = CARC_EXP_INNS | CARC_EXP_TRADERS | CARC_EXP_GIFTS |
                             CARC_EXP_CHRISTMAS;

/* Games of each player: `four` with all four expansions (3 players) and `six` of 6
 * players with inns. */
static void play_games(const char *name, int four, int six, tally *t)
{
    for (int i = 0; i < four; i++)
        play_one(name, all4, 3, 100 + (uint64_t)i, t);
    for (int i = 0; i < six; i++)
        play_one(name, CARC_EXP_INNS, 6, 200 + (uint64_t)i, t);
    fprintf(stderr, "%s: %d games, %d decisions, figures meeple %d large %d builder %d pig %d, "
            "double turns %d (taken %d)\n", name, t->games, t->decisions,
            t->figures[CARC_FIG_MEEPLE], t->figures[CARC_FIG_LARGE],
            t->figures[CARC_FIG_BUILDER], t->figures[CARC_FIG_PIG], t->doubles, t->again);
    assert_int_equal(t->games, four + six);
    assert_true(t->figures[CARC_FIG_LARGE] + t->figures[CARC_FIG_BUILDER] +
                t->figures[CARC_FIG_PIG] > 0);
    assert_int_equal(t->figures[CARC_FIG_ABBOT], 0);  /* The Abbot is not in these games */
    if (four > 0)
        assert_true(t->doubles > 0);
}

static tally seen[3];

/* Forty games whatever the build: random players seldom put a builder where they
 * extend it later, and its double turns come only in about one game in six. */
static void test_random(void **state)
{
    (void)state;
    play_games("random", 40, test_game_count(2, 1, 1), &seen[0]);
}

static void test_greedy(void **state)
{
    (void)state;
    play_games("greedy", test_game_count(4, 2, 2), test_game_count(2, 1, 1), &seen[1]);
    assert_int_equal(seen[1].again, seen[1].doubles);  /* TB11: always taken */
}

static void test_mcts(void **state)
{
    (void)state;
    play_games("mcts", 3, 1, &seen[2]);  /* whatever the build: fewer meet no double turn */
    assert_int_equal(seen[2].again, seen[2].doubles);  /* TB11: always taken */
}

/* Between them the players put down every figure these expansions bring. */
static void test_every_figure(void **state)
{
    (void)state;
    for (int f = CARC_FIG_LARGE; f <= CARC_FIG_PIG; f++) {
        if (f == CARC_FIG_ABBOT)
            continue;
        int n = 0;
        for (int k = 0; k < 3; k++)
            n += seen[k].figures[f];
        if (n == 0)
            fail_msg("no player put down a %s", carc_figure_name(f));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_greedy),
        cmocka_unit_test(test_mcts),
        cmocka_unit_test(test_every_figure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
