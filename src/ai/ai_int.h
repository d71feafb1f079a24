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
#include "base.h"
#include "carc.h"
#include "carc_ai.h"

/* Each player draws from its own splitmix64 stream (base.h's mix_next), independent
 * of the game's generator. */
static inline int ai_below(uint64_t *s, int n)
{
    return (int)mix_below(s, (uint32_t)n);
}

carc_player *ai_random_new(const carc_ai_options *opt);
carc_player *ai_greedy_new(const carc_ai_options *opt);
carc_player *ai_mcts_new(const carc_ai_options *opt);

/* greedy.c: the one-ply evaluation of a state for `seat` (docs/AI.md). */
double ai_evaluate(const carc_game *g, int seat);

#endif
