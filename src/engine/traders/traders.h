/*
 * traders.h - what the files of Traders & Builders (src/engine/traders/, RULES.md
 * §9, TB1-TB14) share: its state (traders_state.h, part 1 of the state) through
 * traders_st.
 */
#ifndef CARC_TRADERS_H
#define CARC_TRADERS_H

#include "../expansion.h"

/* The module's state (traders_state.h): traders_st(g), const with a const g. */
EXP_STATE(traders, struct traders_state, ext.traders)
#define traders_st(g) EXP_ST(traders, g)

#endif
