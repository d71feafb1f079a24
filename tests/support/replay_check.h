/*
 * replay_check.h - the random-game tests' record check: a game's record reads back
 * and replays to the same final state.
 */
#ifndef CARC_TEST_REPLAY_CHECK_H
#define CARC_TEST_REPLAY_CHECK_H

#include "carc.h"

/* Parses `json` (the record of game number `game` of set `set`), replays it, and
 * fails the test (cmocka) unless the replay ends in the state JSON of g with its
 * scores. */
void test_check_replay(const char *json, const carc_game *g, const char *set, int game);

#endif
