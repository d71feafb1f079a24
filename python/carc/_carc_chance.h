/*
 * _carc_chance.h - chance made explicit for Python (carc.Game.next_tiles, card_outcomes,
 * apply_outcome; docs/PYTHON.md "Chance"): the distribution of the next tile drawn as
 * anyone may know it, and a move applied in a determinization of the mover's view in
 * which the draw comes out as the caller asks, so that expectimax and chance-node search
 * can be written in Python. Public headers only, as _carc_py.c.
 */
#ifndef CARC_CHANCE_PY_H
#define CARC_CHANCE_PY_H

#include <stdint.h>
#include "carc.h"

/* How many tiles of each kind the next draw may be (counts[CARC_TILE_KINDS]): the
 * tiles left of the stack drawn from next, whose contents are public (the set's tiles
 * less those on the board, in hand and removed); in the river phase the river stack's,
 * less its lake while other river tiles are left (R10: the lake is at its bottom).
 * Returns their total, 0 when nothing is left to draw. */
int cpy_next_tiles(const carc_game *g, int counts[CARC_TILE_KINDS]);

/* Applies move m of the seat that owes g's decision in determinizations of that seat's
 * view (carc_determinize, seeds seed, seed + 1, ... mod 2^63; at most `tries`) until one
 * gives the outcome asked: `tile` (>= 0) the kind the next turn's first hand tile is,
 * `card` (>= 0) the gift or card (1..37, as the package's hand) the move draws for the
 * mover (kept in its hand, played at once or discarded);
 * -1 asks nothing. Writes that game into out (carc_state_size() bytes) and what came out
 * into *drawn (the new turn's first tile kind, or -1: no tile drawn) and *gained (the card
 * drawn, or -1). Returns the tries used (>= 1), 0 when none gave the outcome, -1 (err
 * filled) when m is not legal. */
int cpy_outcome(const carc_game *g, const carc_move *m, int tile, int card, uint64_t seed,
                int tries, carc_game *out, int *drawn, int *gained, carc_error *err);

/* The cards of the deck that holds card id `card` which the seat owing g's decision
 * cannot see (counts[CARC_CARDS], by id): the deck's copies of each card less those in
 * the seat's hand, in play and on the face-up discard piles, that is the cards left in
 * the deck and in the other seats' hands. The others' hands are known only by their sizes
 * (RULES.md 6), so every deal of them is as likely and the deck's next card is uniform
 * among these (while the deck holds cards). Returns their total, 0 when `card` is in no
 * deck. */
int cpy_card_pool(const carc_game *g, int card, int counts[CARC_CARDS]);

#endif
