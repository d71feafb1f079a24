/*
 * river.h - The River's tile kinds, which its module and the tests name (checked by
 * test_tiletab against the catalogue): its tiles are kinds KIND_SPRING ..
 * KIND_RIVER_END - 1, the spring (its start tile, R2) and the lake (the bottom of
 * the river stack, R3) first; the last, the garden curve, is also The Abbot's
 * first garden twin (abbot/tiles.inc).
 */
#ifndef CARC_RIVER_H
#define CARC_RIVER_H

#include "../expansion.h"

/* The module's state (river_state.h): river_st(g), const with a const g. */
EXP_STATE(river, struct river_state, ext.river)
#define river_st(g) EXP_ST(river, g)

enum { KIND_SPRING = 65, KIND_LAKE = 66, KIND_RIVER_END = 76 };

/* Whether a kind has river edges (R4): a river tile. */
static inline int tile_river(int kind)
{
    return (unsigned)(kind - KIND_SPRING) < (unsigned)(KIND_RIVER_END - KIND_SPRING);
}

#endif
