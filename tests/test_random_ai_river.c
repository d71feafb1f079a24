/*
 * test_random_ai_river.c - the computer players (random, greedy, mcts) play every
 * decision of The River and The Abbot (issue 20), from their seat's view:
 *
 *   - each player, in every seat, finishes games of river,abbot (3 players) and of all
 *     six expansions (3 players); every move it chooses is legal in the full state
 *     (carc_apply accepts it) and the game passes carc_check at the end;
 *   - the river phase: every player places the river tiles (each listed move there
 *     is a river tile at carc_river_end, test_random_bigbox's check);
 *   - The Abbot: every player puts its abbot down; random and greedy recall it
 *     (CARC_MOVE_RECALL), and the points scored equal carc_recall_points before the
 *     move (how many keep other followers of the seat on the feature, whose points
 *     then come on top of what the feature will still pay it: A6 scores the abbot, not
 *     the feature; and the most tiles left at the others, printed).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "carc.h"
#include "carc_ai.h"
#include "random_play.h"
#include "ai_game.h"

typedef struct {
    int games, decisions, river_places;
    int figures[CARC_FIGURES];  /* FOLLOWER moves chosen, by figure */
    int recalls, recall_points, recall_most_left, recall_keeping;
} tally;

static void play_one(const char *name, unsigned expansions, int players, uint64_t seed,
                     tally *t)
{
    ai_game a;
    ai_game_new(&a, name, expansions, players, seed);
    carc_game *g = a.g;
    while (!carc_is_over(g)) {
        carc_move m;
        carc_pending pd = ai_game_choose(&a, &m);
        int points = m.kind == CARC_MOVE_RECALL ? carc_recall_points(g, &m) : -1;
        carc_feature_info fi;  /* a recall: does the seat keep other followers there? */
        memset(&fi, 0, sizeof fi);
        if (m.kind == CARC_MOVE_RECALL)
            assert_true(carc_feature_at(g, m.x, m.y, m.port, &fi));
        int before = carc_score(g, pd.seat), left = carc_stack_left(g);
        int ex = 0, ey = 0, at_end = carc_river_end(g, &ex, &ey);
        ai_game_apply(&a, &m);
        t->decisions++;
        if (m.kind == CARC_MOVE_FOLLOWER)
            t->figures[m.figure]++;
        if (m.kind == CARC_MOVE_PLACE && at_end && m.x == ex && m.y == ey)
            t->river_places++;
        if (m.kind == CARC_MOVE_RECALL) {
            assert_true(points >= 1);
            /* the recall's points at once (T7 may add more for the tile's features) */
            assert_true(carc_score(g, pd.seat) >= before + points);
            t->recalls++;
            t->recall_points += points;
            if (fi.followers[pd.seat] > carc_figure_strength(CARC_FIG_ABBOT))
                t->recall_keeping++;  /* points now, and the feature still held */
            else if (left > t->recall_most_left)
                t->recall_most_left = left;
        }
    }
    ai_game_finish(&a);
    t->games++;
}

static const unsigned river_abbot = CARC_EXP_RIVER | CARC_EXP_ABBOT;
static const unsigned all6 = CARC_EXP_INNS | CARC_EXP_TRADERS | CARC_EXP_GIFTS |
                             CARC_EXP_CHRISTMAS | CARC_EXP_RIVER | CARC_EXP_ABBOT;

static void play_games(const char *name, int two, int six, tally *t)
{
    for (int i = 0; i < two; i++)
        play_one(name, river_abbot, 3, 300 + (uint64_t)i, t);
    for (int i = 0; i < six; i++)
        play_one(name, all6, 3, 400 + (uint64_t)i, t);
    fprintf(stderr, "%s: %d games, %d decisions, %d river tiles placed at the open end, "
            "figures meeple %d large %d abbot %d builder %d pig %d, %d recalls (%d points; %d "
            "keeping other followers there; the others with at most %d tiles left)\n", name,
            t->games, t->decisions, t->river_places, t->figures[CARC_FIG_MEEPLE],
            t->figures[CARC_FIG_LARGE], t->figures[CARC_FIG_ABBOT], t->figures[CARC_FIG_BUILDER],
            t->figures[CARC_FIG_PIG], t->recalls, t->recall_points, t->recall_keeping,
            t->recall_most_left);
    assert_int_equal(t->games, two + six);
    assert_true(t->river_places >= 11 * t->games / 2);  /* 11 river tiles a game, a few removed */
    assert_true(t->figures[CARC_FIG_ABBOT] > 0);
}

static void test_random(void **state)
{
    (void)state;
    tally t = {0};
    play_games("random", 10, 10, &t);
    assert_true(t.recalls > 0);
}

static void test_greedy(void **state)
{
    (void)state;
    tally t = {0};
    play_games("greedy", test_game_count(4, 2, 2), test_game_count(3, 1, 1), &t);
    assert_true(t.recalls > 0);
}

static void test_mcts(void **state)
{
    (void)state;
    tally t = {0};
    play_games("mcts", 2, 1, &t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_greedy),
        cmocka_unit_test(test_mcts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
