/*
 * mayor.c - Abbey & Mayor's mayor (AM6): a follower that stands only in a city,
 * whose strength is the number of pennants of its city whenever a majority is
 * decided (§0; a cathedral adds none, CI17). Its slot adds 1 to the city's `follow`
 * so that the city is occupied (B6) and a builder is supported (CI18) even by a
 * mayor of strength 0; feat_holders asks strength_on for the real figure.
 */
#include "abbey.h"

/* The pennants of the city `root` (AM6, CI17). */
static int mayor_strength_on(const carc_game *g, int root)
{
    return feat_of(g, root)->pennants;
}

const struct exp_figure abbey_mayor = {
    .kind = CARC_FIG_MAYOR, .strength = 1, .count = 1,
    .stands = 1u << CARC_FEAT_CITY,
    .name = "mayor", .word = "mayor",
    .not_there = "the mayor stands only in a city, not on a %s (AM6)",
    .taken = "the %s at %s already holds a follower (B6)",
    .strength_on = mayor_strength_on,
};
