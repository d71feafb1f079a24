/*
 * ai_game.h - what the computer-player tests share: a game in which one computer
 * player takes every seat's decisions from that seat's view (mcts with a fixed
 * number of iterations, so that a test is reproducible), each move checked legal.
 */
#ifndef CARC_TEST_AI_GAME_H
#define CARC_TEST_AI_GAME_H

#include <stdint.h>
#include "carc.h"
#include "carc_ai.h"

typedef struct ai_game {
    carc_game *g;      /* the game */
    carc_game *view;   /* the view of the seat to move, filled by ai_game_choose */
    carc_player *p;    /* the player of every seat */
    const char *name;
    uint64_t seed;
    int moves;
} ai_game;

/* A new game of `players` seats with these expansions and seed, played by `name`. */
void ai_game_new(ai_game *a, const char *name, unsigned expansions, int players, uint64_t seed);
/* The move of the seat that owes the pending decision (returned), chosen from its view. */
carc_pending ai_game_choose(ai_game *a, carc_move *m);
/* Applies m; a refused move fails the test with the game named. */
void ai_game_apply(ai_game *a, const carc_move *m);
/* At the end: the state checked, the stack empty; then everything freed. */
void ai_game_finish(ai_game *a);

#endif
