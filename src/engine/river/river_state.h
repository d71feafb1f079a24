/*
 * river_state.h - The River's state (river/), held in part 1 of the state
 * (registry.h: struct exp_small) and touched only by this module's files, through
 * river_st (river.h). Zero in a game without the expansion.
 *
 * The river stack is the top of stack[]: stack[i] for base <= i < stack_len, its
 * bottom the lake (R2, R3); the river phase lasts while stack_len > base (set by
 * the module's setup). The open end (R5): the empty position (x, y) a river tile
 * must continue, entered through its side `side`; `turn`, how the last river tile
 * turned (0 not at all, 1 right, 2 left). open: there is one; dead: the lake left
 * the game with the river open (R6), and that position's spot keeps SIG_DEAD.
 */
#ifndef CARC_RIVER_STATE_H
#define CARC_RIVER_STATE_H

#include <stdint.h>

struct river_state {
    uint8_t base;
    int8_t x, y;
    uint8_t side, turn, open, dead;
};

#endif
