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
/* mcts.c: the searcher as it was in 2026-11 (issues 5, 19, 20), kept to measure against */
carc_player *ai_mcts_2026a_new(const carc_ai_options *opt);
/* mcts.c: the searcher before eval.c (issue 31's third round), kept to measure against */
carc_player *ai_mcts_2026b_new(const carc_ai_options *opt);
/* mcts.c: the searcher with eval.c as it came in (issue 31's third round) */
carc_player *ai_mcts_2026c_new(const carc_ai_options *opt);
/* mcts.c: the searcher before the weights by set (issue 31's fourth round) */
carc_player *ai_mcts_2026d_new(const carc_ai_options *opt);
/* mcts.c: the newest searcher valuing its leaves with the weights w (copied), for
 * tests and tuning */
struct ai_eval_weights;
carc_player *ai_mcts_weights_new(const carc_ai_options *opt, const struct ai_eval_weights *w);
/* mcts.c: the newest searcher at a fixed count of iterations a decision, whatever
 * opt's budget, under the name of a level (player.c: "medium", "hard") */
carc_player *ai_mcts_level_new(const carc_ai_options *opt, const char *name, int iterations);
/* mcts.c: the newest searcher with the tree of its placement kept for the follower
 * decision after it (mcts_params.reuse) whatever the build's default, for tests and
 * for measuring (docs/AI.md, sixth round) */
carc_player *ai_mcts_reuse_new(const carc_ai_options *opt);
/* easy.c: the "easy" level (docs/AI.md, levels) */
carc_player *ai_easy_new(const carc_ai_options *opt);

/* What a game has that the evaluation's terms ask for (ai_terms' bits): figures
 * beyond the meeple (their worth in supply), and inns, cathedrals or builders (what
 * carc_projection leaves out of them). */
enum { AI_FIGURES = 1, AI_BIGBOX = 2 };
/* greedy.c: the AI_* bits of a game, read from the registry's figures and the tile
 * catalogue (never from its expansion bits), asked once per decision. */
unsigned ai_terms(const carc_game *g);
/* greedy.c: the projected final scores (carc_projection, plus the terms of inns,
 * cathedrals and builders it leaves out when terms has AI_BIGBOX; docs/AI.md). */
void ai_project(const carc_game *g, unsigned terms, double proj[CARC_MAX_PLAYERS]);
/* greedy.c: what `seat`'s figures in supply are worth (0.3 a point of strength: a
 * follower 0.3, the large meeple 0.6). */
double ai_supply_value(const carc_game *g, int seat, unsigned terms);
/* greedy.c: the one-ply evaluation of a state for `seat` (docs/AI.md). */
double ai_evaluate(const carc_game *g, int seat, unsigned terms);
/* greedy.c: what a move of `seat` from `before` is worth beyond the evaluation of the
 * state it leads to: built with AI_ABBOT_TERMS=1, a recall (A6) gives up the growth
 * its cloister or garden could still expect (docs/AI.md); else 0. */
double ai_move_value(const carc_game *before, const carc_move *m, int seat);

#endif
