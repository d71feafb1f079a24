/*
 * broken_state.h - what the tests that break the engine's tables on purpose share:
 * a game some moves in to break, and the check that carc_check refuses it.
 */
#ifndef CARC_TEST_BROKEN_STATE_H
#define CARC_TEST_BROKEN_STATE_H

#include <stdint.h>
#include "carc.h"

/* A 2-player base game of `seed` after `moves` moves, each the first one listed
 * (fewer if the game ends first), that carc_check accepts. */
carc_game *test_game_after_moves(uint64_t seed, int moves);
/* carc_check refuses g as invalid with a message containing `what`. */
void test_expect_invalid(const carc_game *g, const char *what);
/* The same, then g is made `intact` again (carc_copy) for the next break. */
void test_expect_invalid_restore(carc_game *g, const carc_game *intact, const char *what);
/* Plays a move drawn from carc_legal's list by the xorshift generator *r (the
 * tests of a module's notes play random games to reach a position): 0 once the
 * game is over. */
int test_play_random(carc_game *g, uint64_t *r);
/* A copy of g (carc_clone) in *copy and a game dealt from the active seat's view
 * (carc_view, carc_determinize) in *dealt, both accepted by carc_check: a module's
 * notes must survive both. */
void test_copy_and_dealt(const carc_game *g, carc_game **copy, carc_game **dealt);

#endif
