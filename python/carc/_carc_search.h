/*
 * _carc_search.h - the Python package's side of the search guided by the caller's
 * evaluator (carc_guided, include/carc_ai.h; carc.search, docs/PYTHON.md "Search with
 * your evaluator"): a search's leaves written as the package's observations and legal
 * action ids, and the caller's priors per legal action id mapped back to the engine's
 * moves. Public headers only, as _carc_py.c.
 */
#ifndef CARC_SEARCH_PY_H
#define CARC_SEARCH_PY_H

#include <stdint.h>
#include "carc.h"
#include "carc_ai.h"

typedef struct cpy_search cpy_search;

/* A search in the board window `window` (one cpy_window_ok accepts) with carc_guided's
 * options (NULL: its defaults). NULL with err filled on bad options or out of memory. */
cpy_search *cpy_search_new(const carc_guided_options *opt, int window, carc_error *err);
void cpy_search_free(cpy_search *s);
/* Starts a search of g's pending decision from the view of the seat that owes it (never
 * the full state: the search knows what that seat may know). An error if g is over. */
int cpy_search_begin(cpy_search *s, const carc_game *g, carc_error *err);
/* Up to n leaves (carc_guided_leaves), each written as the observation of the seat that
 * owes its decision, from that seat's view of the leaf: row i of board (CHANNELS x W x W),
 * pub and hand; its sorted legal action ids (the first actions of its legal moves, as the
 * mask) into ids[i * ids_cap ..], their count into nids[i], the seat into seat[i].
 * Returns how many leaves (0 when every walk of the call finished a game), -1 before
 * begin or while a batch is not fed, -2 when a leaf has more than ids_cap ids. */
int cpy_search_leaves(cpy_search *s, int n, uint8_t *board, float *pub, float *hand,
                      int32_t *ids, int ids_cap, int32_t *nids, int32_t *seat);
/* The caller's evaluation of the last leaves: priors[off_i + k] the prior of leaf i's k-th
 * legal id (off_i the sum of the nids before i), >= 0, any scale; values[i * players + r]
 * the value in -1..1 (the package's reward scale) of the seat r after leaf i's seat to
 * move (r = 0: that seat). A move gets the prior of its first action shared evenly with
 * the other moves that begin with it; moves outside the window get none (FALLBACK's prior
 * goes to the move it stands for). A bad number changes nothing and returns an error. */
int cpy_search_feed(cpy_search *s, const float *priors, const float *values, carc_error *err);
long cpy_search_iterations(const cpy_search *s);
/* The root's legal action ids (sorted) and the visits of the moves beginning with each,
 * into ids and visits (capacity CARC_MAX_MOVES); returns how many. */
int cpy_search_root(cpy_search *s, int32_t *ids, uint32_t *visits);
/* The most visited root move (carc_guided_best) into out: 1, or 0 before begin. */
int cpy_search_best(const cpy_search *s, carc_move *out);

#endif
