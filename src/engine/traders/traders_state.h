/*
 * traders_state.h - Traders & Builders' state (traders/), held in part 1 of the
 * state (registry.h: struct exp_small) and touched only by this module's files,
 * through traders_st (traders.h). Zero in a game without the expansion.
 */
#ifndef CARC_TRADERS_STATE_H
#define CARC_TRADERS_STATE_H

#include <stdint.h>
#include "carc.h"

struct traders_state {
    /* goods tokens by kind, of each seat and of the common supply (TB1) */
    uint8_t goods[CARC_MAX_PLAYERS][CARC_GOODS_KINDS];
    uint8_t goods_left[CARC_GOODS_KINDS];
    /* the double turn (TB6, TB11): a second part is due (the part running is the
     * turn machine's, carc_game.part) */
    uint8_t double_due;
};

#endif
