/*
 * twin.h - the hidden-information tests' "twin": a copy of a game that differs only in
 * what one seat cannot know, so that the seat's view of both must be the same.
 */
#ifndef CARC_TEST_TWIN_H
#define CARC_TEST_TWIN_H

#include <stdint.h>
#include "carc.h"

/* Copies g into twin, then reshuffles the stack and the decks, draws a new generator
 * and seed, and (where a deck allows) swaps one gift and one Christmas card of every
 * other seat (every seat when `seat` is CARC_SEAT_PUBLIC) with a card of the same
 * deck. `rs` is the test's own generator. */
void test_make_twin(const carc_game *g, carc_game *twin, int seat, uint64_t *rs);

#endif
