/*
 * legal_nth_check.h - what test_legal_nth and test_long_frontier share: at the
 * pending decision of a game, carc_legal_count equals the length of carc_legal's
 * list, carc_legal_nth(i) and carc_legal_pick (index i) write list[i] byte for byte
 * for every i (pick asking its index function once, with the count), and bad
 * indices are refused with the move given left as it was.
 */
#ifndef CARC_TEST_LEGAL_NTH_CHECK_H
#define CARC_TEST_LEGAL_NTH_CHECK_H

#include "carc.h"

/* Fails the running cmocka test, naming `where`, on any difference. */
void test_check_legal_nth(const carc_game *g, const char *where);

#endif
