/*
 * carc_ai.h - computer players. Every player implements one interface (a struct of
 * function pointers): given the view of the seat that owes the pending decision
 * (carc_view), choose one of its legal moves. Players never see the full state.
 *
 * Players: "random" (uniform over legal moves), "greedy" (one ply, docs/AI.md),
 * "mcts" (information-set Monte Carlo tree search over determinizations, with a
 * budget in milliseconds or iterations).
 */
#ifndef CARC_AI_H
#define CARC_AI_H

#include <stddef.h>
#include <stdint.h>
#include "carc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct carc_ai_options {
    uint64_t seed;     /* the player's own generator */
    int budget_ms;     /* mcts: time per decision (0: use iterations) */
    int iterations;    /* mcts: iterations per decision when budget_ms is 0 */
} carc_ai_options;

/* Fills defaults: seed 1, budget 100 ms, 1000 iterations. */
void carc_ai_options_init(carc_ai_options *opt);

typedef struct carc_player carc_player;
struct carc_player {
    const char *name;
    /* Chooses a move for the seat that owes the pending decision of `view` (a seat's
     * view of a game, or a full state). Writes a one-line note on the choice (may be
     * empty) into note. Returns CARC_OK, or an error code if there is no legal move. */
    int (*choose)(carc_player *self, const carc_game *view, carc_move *out, char *note,
                  size_t note_size);
    void (*destroy)(carc_player *self);
};

/* Creates a player by name; NULL with err filled for an unknown name. */
carc_player *carc_player_new(const char *name, const carc_ai_options *opt, carc_error *err);
/* Frees a player; NULL is harmless. */
void carc_player_free(carc_player *p);
/* Convenience: p->choose. A decision with a single legal move is answered at once. */
int carc_player_choose(carc_player *p, const carc_game *view, carc_move *out, char *note,
                       size_t note_size);
/* The names of the players, for usage messages: "random, greedy, mcts". */
const char *carc_player_names(void);

#ifdef __cplusplus
}
#endif
#endif
