/*
 * ai_int.h - what the computer players share: a small generator of their own and
 * the constructors behind carc_player_new.
 */
#ifndef CARC_AI_INT_H
#define CARC_AI_INT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "carc.h"
#include "carc_ai.h"

/* splitmix64: each player's own stream, independent of the game's generator. */
static inline uint64_t ai_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline int ai_below(uint64_t *s, int n)
{
    return (int)(((ai_next(s) >> 32) * (uint64_t)n) >> 32);
}

carc_player *ai_random_new(const carc_ai_options *opt);
carc_player *ai_greedy_new(const carc_ai_options *opt);
carc_player *ai_mcts_new(const carc_ai_options *opt);

/* greedy.c: the one-ply evaluation of a state for `seat` (docs/AI.md). */
double ai_evaluate(const carc_game *g, int seat);

#endif
