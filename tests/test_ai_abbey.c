/*
 * test_ai_abbey.c - the computer players (random, greedy, mcts) decide whether to
 * place their abbey instead of drawing and where (AM3, AM5) from their seat's view,
 * in games of 3 players with the abbey alone and with all nine expansions: every
 * move legal in the full state (ai_game), and each player places abbeys.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "carc.h"
#include "carc_ai.h"
#include "ai_game.h"
#include "random_play.h"

typedef struct {
    int games, asked, chosen, placed;
} abbey_tally;

static void play_games(const char *name, int games, abbey_tally *t)
{
    for (int i = 0; i < games; i++) {
        ai_game a;
        ai_game_new(&a, name, i % 2 ? carc_expansion_bits() : CARC_EXP_ABBEY, 3,
                    500 + (uint64_t)i);
        while (!carc_is_over(a.g)) {
            carc_move m;
            carc_pending pd = ai_game_choose(&a, &m);
            ai_game_apply(&a, &m);
            t->asked += pd.decision == CARC_DEC_ABBEY;
            t->chosen += m.kind == CARC_MOVE_ABBEY;
            t->placed += m.kind == CARC_MOVE_PLACE &&
                         strcmp(carc_tile_def_of(m.tile)->name, "AM/A") == 0;
        }
        ai_game_finish(&a);
        t->games++;
    }
    fprintf(stderr, "%s: %d games, asked %d times, %d abbeys chosen, %d placed\n", name,
            t->games, t->asked, t->chosen, t->placed);
    assert_true(t->chosen > 0 && t->placed == t->chosen);
}

static void test_random(void **state)
{
    (void)state;
    abbey_tally t = {0};
    play_games("random", 20, &t);
}

static void test_greedy(void **state)
{
    (void)state;
    abbey_tally t = {0};
    play_games("greedy", test_game_count(4, 2, 2), &t);
}

static void test_mcts(void **state)
{
    (void)state;
    abbey_tally t = {0};
    play_games("mcts", 2, &t);
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
