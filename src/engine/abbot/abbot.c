/*
 * abbot.c - The Abbot (RULES.md §11, A1-A8) as the turn machine sees it.
 *
 * Like Inns & Cathedrals, everything it adds lives in the engine's general
 * models, so its table of hooks has no step: the garden twins are kinds of the
 * catalogue that replace their plain tiles (tiles.c, A2, CI11); a garden is a
 * feature of one tile that counts its neighbours as a cloister does (board.c,
 * feature.c, A3, A5); each player's abbot is a follower of strength 1 that stands
 * only on a cloister or a garden, and its recall is a choice of T6 that scores at
 * once (figure.c, A4, A6).
 */
#include "../expansion.h"

const struct exp_hooks abbot_hooks = {
    .bit = CARC_EXP_ABBOT,
    .figures = 1u << CARC_FIG_ABBOT,
};
