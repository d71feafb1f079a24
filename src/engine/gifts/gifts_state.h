/*
 * gifts_state.h - The Gifts' state (gifts/), held in part 2 of the state, the card
 * expansions' block (registry.h: struct exp_block), and touched only by this
 * module's files, through gifts_st (gifts.h). Zero in a game without the
 * expansion. Decks keep their top at the end of the array.
 */
#ifndef CARC_GIFTS_STATE_H
#define CARC_GIFTS_STATE_H

#include <stdint.h>
#include "carc.h"

struct gifts_state {
    uint8_t deck[25];
    uint8_t deck_len;
    uint8_t discard[25];       /* face up, in the order discarded */
    uint8_t ndiscard;
    uint8_t hand[CARC_MAX_PLAYERS][6];  /* count per gift id 1..5; in a view, index 0
                                           counts another seat's hidden gifts */
    uint8_t opened;            /* a gift was opened this turn (G5) */
    uint8_t fresh[6];          /* count per gift id the active player received this
                                  turn: not to be opened in its second part (GI7) */
};

#endif
