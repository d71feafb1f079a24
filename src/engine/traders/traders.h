/*
 * traders.h - what the files of Traders & Builders (src/engine/traders/, RULES.md
 * §9, TB1-TB14) share: its state (traders_state.h, part 1 of the state) through
 * traders_st.
 */
#ifndef CARC_TRADERS_H
#define CARC_TRADERS_H

#include "../expansion.h"

/* The module's state (traders_state.h): traders_st(g), const with a const g. */
static inline struct traders_state *traders_mut(carc_game *g)
{
    return &g->ext.traders;
}
static inline const struct traders_state *traders_get(const carc_game *g)
{
    return &g->ext.traders;
}
#define traders_st(g) _Generic((g), const carc_game *: traders_get, default: traders_mut)(g)

#endif
