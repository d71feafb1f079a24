/*
 * wagon.c - Abbey & Mayor's wagon (AM7): a follower of strength 1 on a road, in a
 * city or on a cloister (the abbey included), never in a field, on a garden or on
 * a tower's top; placed and scored like a meeple.
 */
#include "abbey.h"

const struct exp_figure abbey_wagon = {
    .kind = CARC_FIG_WAGON, .strength = 1, .count = 1,
    .stands = 1u << CARC_FEAT_ROAD | 1u << CARC_FEAT_CITY | 1u << CARC_FEAT_CLOISTER,
    .name = "wagon", .word = "wagon",
    .not_there = "the wagon goes on a road, in a city or on a cloister, not on a %s (AM7)",
    .taken = "the %s at %s already holds a follower (B6)",
};
