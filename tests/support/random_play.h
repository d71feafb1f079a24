/*
 * random_play.h - what the random-game tests share: their own generator
 * (splitmix64, independent of the engine's) and how many games to play.
 */
#ifndef CARC_TEST_RANDOM_PLAY_H
#define CARC_TEST_RANDOM_PLAY_H

#include <stddef.h>
#include <stdint.h>
#include "carc.h"

uint64_t test_rand_next(uint64_t *s);
/* In [0, n), n >= 1. */
int test_rand_below(uint64_t *s, int n);
/* `games`, or `sanitized` under AddressSanitizer (a game is ~20 times slower
 * there), or `quick` when the environment sets CARC_QUICK (CI's sanitizer step). */
int test_game_count(int games, int sanitized, int quick);
/* The long runs (issue 30: 10,000 seeded games a set): TEST_LONG_GAMES when the
 * environment sets CARC_LONG (not "0") and neither CARC_QUICK nor a sanitizer is on,
 * else test_game_count(games, sanitized, quick). CI sets CARC_LONG in one build only
 * (.ci/run; docs/HACKING.md says which build runs which counts). */
enum { TEST_LONG_GAMES = 10000 };
int test_long_count(int games, int sanitized, int quick);
/* How many games of a set of the boxes run carc_check after every move: `full`, or
 * every game when the environment sets CARC_CHECK_ALL (not "0"): with CARC_LONG, issue
 * 30's 10,000 games a set each checked after every move (.ci/run, gcc Release;
 * docs/HACKING.md "Random-game counts"). */
int test_full_games(int full);

/* A move with every field random (in and just out of range): garbage that the
 * engine must refuse unless it happens to be legal. */
carc_move test_random_move(uint64_t *s);

/* A garbage move (test_random_move) offered to g unless it is among the n listed: it
 * must be refused and leave the state byte for byte as it was (`before` and `after`
 * hold a saved state of up to cap bytes each). NULL, or what went wrong. */
const char *test_refuse_garbage(carc_game *g, const carc_move *list, int n, uint64_t *s,
                                unsigned char *before, unsigned char *after, size_t cap);

#endif
