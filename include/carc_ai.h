/*
 * carc_ai.h - computer players. Every player implements one interface (a struct of
 * function pointers): given the view of the seat that owes the pending decision
 * (carc_view), choose one of its legal moves. Players never see the full state.
 *
 * Players: "random" (uniform over legal moves), "greedy" (one ply, docs/AI.md),
 * "mcts" (information-set Monte Carlo tree search over determinizations, with a
 * budget in milliseconds or iterations). And the playout player: whole random games
 * of the full state at the engine's speed (`carc sim`, `carc bench`).
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

/* ---- playouts: whole games between uniform random players, at full speed ------- */

/* A player that picks a uniformly random legal move of the full state (not a view):
 * the move carc_legal lists at the index drawn, found with carc_legal_pick without
 * writing the list, or with full_list set (carc bench --full-list) taken from the
 * whole list written into `buf` (CARC_MAX_MOVES moves, reused for every decision).
 * Both pick the same moves. */
typedef struct carc_playout {
    uint64_t rng;       /* splitmix64 state: the seed, then the stream */
    carc_move *buf;
    int full_list;
} carc_playout;

/* Allocates the move buffer and seeds the generator; returns -1 on out of memory. */
int carc_playout_init(carc_playout *p, uint64_t seed);
void carc_playout_free(carc_playout *p);
/* Picks a move for the pending decision of g. Returns the number of legal moves
 * it chose among (0: none, the game is over or stuck). */
int carc_playout_pick(carc_playout *p, const carc_game *g, carc_move *out);

/* Statistics of one game played to the end. */
typedef struct carc_playout_result {
    int turns;
    int moves;          /* carc_apply calls */
    uint64_t hash;      /* FNV-1a over the legal-move counts and final scores */
} carc_playout_result;

/* Told every move played, with the state before and after it (a recorder's
 * carc_recorder_add); returns CARC_OK, or an error code with err filled to stop. */
typedef int (*carc_playout_hook)(void *ctx, const carc_game *before, const carc_move *m,
                                 const carc_game *after, carc_error *err);

/* Plays g to the end with p choosing every seat's moves. hook (may be NULL) is told
 * each move. If check is set, carc_check runs after every move. Returns CARC_OK, or
 * an error code with err filled (the game stops there). */
int carc_playout_game(carc_game *g, carc_playout *p, carc_playout_hook hook, void *ctx,
                      int check, carc_playout_result *res, carc_error *err);

/* ---- search guided by the caller's evaluator (src/ai/guided.c, docs/AI.md) ---- */

/* Information-set tree search over determinizations of a seat's view, as mcts, whose
 * new positions the caller values in batches (priors over their legal moves and a
 * value for every seat), as AlphaZero-style searchers do: a network trained outside
 * guides it. No callback: the caller asks for leaves, evaluates them, feeds the
 * evaluation back, and repeats. */
typedef struct carc_guided carc_guided;
typedef struct carc_guided_options {
    uint64_t seed;     /* the determinizations and ties (default 1) */
    double c_puct;     /* weight of the prior in selection, 0..100 (default 1.5) */
    int max_nodes;     /* the tree's size, 16..2^26 nodes of about 48 bytes (2^18) */
    int batch;         /* the most leaves one carc_guided_leaves returns, 1..4096 (64) */
} carc_guided_options;
void carc_guided_options_init(carc_guided_options *opt);
/* NULL with err filled on bad options or out of memory; opt NULL: the defaults. */
carc_guided *carc_guided_new(const carc_guided_options *opt, carc_error *err);
void carc_guided_free(carc_guided *s);
/* Starts a search of the decision pending in g: the view of the seat that owes it
 * (carc_view; a full state searches with its hidden information known). The tree of
 * the last search is dropped. An error if the game is over. */
int carc_guided_begin(carc_guided *s, const carc_game *g, carc_error *err);
/* Walks the tree until n leaves (at most the batch size) wait for evaluation, or 4n
 * walks were made (walks that reach a finished game are valued by its result here);
 * points out[i] at each leaf's position (owned by the search, valid until the next
 * feed), each a decision with at least two legal moves, and returns how many. -1
 * before carc_guided_begin or while the last batch is not fed. */
int carc_guided_leaves(carc_guided *s, int n, const carc_game **out);
/* The evaluation of the last batch: for leaf i, its carc_legal_count(leaf) priors in
 * carc_legal's order, leaf after leaf in `priors` (any scale, normalised here; all
 * zero: uniform), and values[i * players + seat] in 0..1, each seat's expected
 * reward (1 a win). A bad number changes nothing and returns an error. */
int carc_guided_feed(carc_guided *s, const float *priors, const float *values,
                     carc_error *err);
/* The root's children: their moves and visits (up to cap), in no particular order. */
int carc_guided_root(const carc_guided *s, carc_move *moves, uint32_t *visits, int cap);
/* The root's most visited legal move (the higher prior, then the first in
 * carc_legal's order among equals): 1, or 0 before carc_guided_begin. */
int carc_guided_best(const carc_guided *s, carc_move *out);
/* Walks completed since carc_guided_begin (fed leaves and finished games). */
long carc_guided_iterations(const carc_guided *s);

#ifdef __cplusplus
}
#endif
#endif
