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

/* greedy.c: the game's expansions (CARC_EXP_* bits), asked once per decision. */
unsigned ai_expansions(const carc_game *g);
/* greedy.c: the projected final scores (carc_projection, plus the terms of Inns &
 * Cathedrals and Traders & Builders it leaves out when exp has them; docs/AI.md). */
void ai_project(const carc_game *g, unsigned exp, double proj[CARC_MAX_PLAYERS]);
/* greedy.c: what `seat`'s figures in supply are worth (0.3 a follower, 0.6 the
 * large meeple). */
double ai_supply_value(const carc_game *g, int seat, unsigned exp);
/* greedy.c: the one-ply evaluation of a state for `seat` (docs/AI.md). */
double ai_evaluate(const carc_game *g, int seat, unsigned exp);
/* greedy.c: what a move of `seat` from `before` is worth beyond the evaluation of the
 * state it leads to: built with AI_ABBOT_TERMS=1 and The Abbot on, a recall gives up
 * the growth its cloister or garden could still expect (docs/AI.md); else 0. */
double ai_move_value(const carc_game *before, const carc_move *m, int seat, unsigned exp);

#endif
