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
#include "abbot.h"

/* The plain tile each garden twin replaces (A2, CI11): the kind named by its name
 * less the last letter (test_tiletab checks), and the other way round, the twin of
 * each of the 13 kinds that have one, for carc_tile_count (the descriptor's
 * replaced_by). */
const uint8_t abbot_twin_plain[CARC_TILE_KINDS - KIND_GARDEN_FIRST] = {
    74, 4, 7, 8, 12, 13, 17, 20, 21, 26, 38, 48, 51};
static const uint8_t abbot_twin_of[CARC_TILE_KINDS] = {
    [74] = 75, [4] = 76, [7] = 77, [8] = 78, [12] = 79, [13] = 80, [17] = 81, [20] = 82,
    [21] = 83, [26] = 84, [38] = 85, [48] = 86, [51] = 87};

/* How it works, in players' words (the terminal's help, the browser's how-to page). */
static const carc_how_par abbot_how[] = {
    {"The Abbot: gardens and the abbot",
     "Some tiles show a garden. Each player has one abbot, a follower that stands "
     "only on a cloister or a garden, and nothing but an abbot ever stands on a "
     "garden. A garden scores like a cloister: 9 once the 8 places around its tile "
     "hold tiles, or at the end 1 for its tile and 1 for each tile around it."},
    {NULL,
     "Instead of placing a figure, you may take your abbot back from an unfinished "
     "cloister or garden: you alone score at once what it is worth now, 1 for its "
     "tile and 1 for each tile around it, and the abbot is in your supply again. "
     "You cannot take it back in the turn you placed it, nor from a feature your "
     "tile just completed, which scores 9 as usual."},
    {NULL, NULL},
};

const struct exp_hooks abbot_hooks = {
    .info = {.bit = CARC_EXP_ABBOT, .name = "abbot", .title = "The Abbot",
             .figures = 1u << CARC_FIG_ABBOT, .categories = 1u << CARC_SCORE_GARDENS,
             .tile_mark = 'g', .how = abbot_how},
    .fields_last = 1,   /* CI12 */
    .replaced_by = abbot_twin_of,  /* its garden twins replace tiles one for one (CI11) */
};
