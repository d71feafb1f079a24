/*
 * barn.c - Abbey & Mayor's barn (AM9): a special figure that stands on a tile's
 * corner (a place, CARC_PORT_CNW..CSW, on no segment and no tile), never on a
 * feature: T6 lists it through the module's own moves, not the figures' spread
 * (`stands` is empty).
 */
#include "abbey.h"

const struct exp_figure abbey_barn = {
    .kind = CARC_FIG_BARN, .count = 1, .special = 1,
    .name = "barn", .word = "barn",
    .not_there = "the barn stands on a tile's corner, not on a %s (AM9)",
    .finished = "the %s at %s is completed (AM9)",
    .unsupported = "the %s at %s: the barn needs no follower, only a corner (AM9)",
};
