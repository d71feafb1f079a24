/*
 * test_ai_tower.c - the computer players (random, greedy, mcts) play every decision
 * of The Tower (TW3-TW8) from their seat's view, in games of 3 players with
 * inns,tower (the large meeple too) and all seven expansions: every move legal in
 * the full state (ai_game), and between them they build floors, top towers, capture,
 * pass a capture by, pay ransoms and choose exchanges; each player builds floors.
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
    int games;
    int kinds[CARC_MOVE_KINDS];  /* moves chosen by kind */
    int tops;                    /* followers put on a tower's top */
    int captures_met, captures_passed;
} tally;

static void play_one(const char *name, unsigned expansions, uint64_t seed, tally *t)
{
    ai_game a;
    ai_game_new(&a, name, expansions, 3, seed);
    while (!carc_is_over(a.g)) {
        carc_move m;
        carc_pending pd = ai_game_choose(&a, &m);
        ai_game_apply(&a, &m);
        t->kinds[m.kind]++;
        t->tops += m.kind == CARC_MOVE_FOLLOWER && m.port == CARC_PORT_T;
        if (pd.decision == CARC_DEC_CAPTURE) {
            t->captures_met++;
            t->captures_passed += m.kind == CARC_MOVE_PASS;
        }
    }
    ai_game_finish(&a);
    t->games++;
}

static tally seen[3];

static void play_games(const char *name, int games, tally *t)
{
    for (int i = 0; i < games; i++)
        play_one(name, i % 2 ? carc_expansion_bits() : CARC_EXP_INNS | CARC_EXP_TOWER,
                 300 + (uint64_t)i, t);
    fprintf(stderr, "%s: %d games, %d floors, %d on tower tops, %d captures (%d decisions, %d "
            "passed), %d ransoms, %d exchanges\n", name, t->games, t->kinds[CARC_MOVE_FLOOR],
            t->tops, t->kinds[CARC_MOVE_CAPTURE], t->captures_met, t->captures_passed,
            t->kinds[CARC_MOVE_RANSOM], t->kinds[CARC_MOVE_EXCHANGE]);
    assert_true(t->kinds[CARC_MOVE_FLOOR] > 0);
}

static void test_random(void **state)
{
    (void)state;
    play_games("random", 30, &seen[0]);
}

static void test_greedy(void **state)
{
    (void)state;
    play_games("greedy", test_game_count(4, 2, 2), &seen[1]);
}

static void test_mcts(void **state)
{
    (void)state;
    play_games("mcts", 2, &seen[2]);
}

/* Between them the players make every decision The Tower brings. */
static void test_every_decision(void **state)
{
    (void)state;
    tally all = {0};
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < CARC_MOVE_KINDS; i++)
            all.kinds[i] += seen[k].kinds[i];
        all.tops += seen[k].tops;
        all.captures_met += seen[k].captures_met;
    }
    assert_true(all.tops > 0);
    assert_true(all.kinds[CARC_MOVE_CAPTURE] > 0);
    assert_true(all.kinds[CARC_MOVE_RANSOM] > 0);
    assert_true(all.kinds[CARC_MOVE_EXCHANGE] > 0);
    /* the searchers capture when they may, some of the time */
    assert_true(seen[1].kinds[CARC_MOVE_CAPTURE] + seen[2].kinds[CARC_MOVE_CAPTURE] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_greedy),
        cmocka_unit_test(test_mcts),
        cmocka_unit_test(test_every_decision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
