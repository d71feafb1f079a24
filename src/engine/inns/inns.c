/*
 * inns.c - Inns & Cathedrals (RULES.md §8, I1-I9) as the turn machine sees it.
 *
 * Everything it adds lives in the engine's general models, so its table of hooks
 * has no step: its 18 tiles are kinds of the catalogue (tiles.c) that stack.c
 * shuffles in when the expansion is on (I3); each player's large meeple is a
 * figure of strength 2 (figure.c), placed in T6 wherever a meeple could be (I4,
 * legal.c); inns and cathedrals are flags of a feature's record, set from the
 * tiles (board.c), and change a road's or city's value (I5-I7, feature.c). With
 * I&C a sixth player may join (I2, game.c).
 */
#include "../expansion.h"

const struct exp_hooks inns_hooks = {
    .bit = CARC_EXP_INNS,
    .figures = 1u << CARC_FIG_LARGE,
};
