/*
 * inns.c - Inns & Cathedrals (RULES.md §8, I1-I9) as the turn machine sees it.
 *
 * Everything it adds lives in the engine's general models, so its table of hooks
 * has no step: its 18 tiles are kinds of the catalogue (tiles.c) that stack.c
 * shuffles in when the expansion is on (I3); each player's large meeple is a
 * figure of strength 2 (its descriptor below, which figure.c reads), placed in T6
 * wherever a meeple could be (I4); inns and cathedrals are flags of a feature's record, set from the
 * tiles (board.c), and change a road's or city's value (I5-I7, feature.c). With
 * I&C a sixth player may join (I2, game.c).
 */
#include "../expansion.h"

/* How it works, in players' words (the terminal's help, the browser's how-to page). */
static const carc_how_par inns_how[] = {
    {"Inns & Cathedrals: inns, cathedrals and the large meeple",
     "Some roads have an inn by the wayside and two tiles hold a cathedral. A "
     "completed road with an inn scores 2 points per tile instead of 1, a completed "
     "city with a cathedral 3 per tile and per pennant instead of 2. But an inn road "
     "or a cathedral city still unfinished at the end scores nothing at all."},
    {NULL,
     "Each player also has a large meeple. It goes wherever a meeple may and counts "
     "as two followers when the most followers on a feature are counted. Up to six "
     "can play with this expansion."},
    {NULL, NULL},
};

/* I4: the large meeple, a follower of strength 2 wherever a meeple may stand
 * (never on a garden, A4). */
const struct exp_figure inns_large = {
    .kind = CARC_FIG_LARGE, .strength = 2, .count = 1,
    .stands = 1u << CARC_FEAT_CITY | 1u << CARC_FEAT_ROAD | 1u << CARC_FEAT_FIELD |
              1u << CARC_FEAT_CLOISTER | 1u << CARC_FEAT_TOWER /* a tower's top, TW4, CI16 */,
    .name = "large", .word = "large meeple",
    .not_there = "only an abbot stands on a garden (A4)",
    .taken = "the %s at %s already holds a follower (I4, B6)",
};

const struct exp_hooks inns_hooks = {
    .info = {.bit = CARC_EXP_INNS, .name = "inns", .title = "Inns & Cathedrals",
             .max_players = 6,  /* I2 */
             .figures = 1u << CARC_FIG_LARGE, .tile_mark = 'i', .how = inns_how},
    .stack_tiles = 18,  /* I3 */
    .figs = {&inns_large},
    .fields_last = 1,   /* CI12 */
};
