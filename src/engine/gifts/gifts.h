/*
 * gifts.h - what the files of The Gifts (src/engine/gifts/, RULES.md section 2,
 * G1-G12) share, and nothing else includes:
 *
 *   gifts.c   the expansion as the turn machine sees it (its hook table): the deck
 *             (G1), receiving (G2-G4), unopened gifts at the end (G11), the public
 *             queries
 *   open.c    opening a gift in the T2 window (G5-G10): its targets, the moves,
 *             its effect
 *   hidden.c  what a view hides of the gifts, re-dealing it, the invariants
 *
 * The gift deck keeps its top at the end of the array; the discard pile is face up
 * in the order cards arrived. Each seat's gifts are counts per gift id (in a view,
 * index 0 counts another seat's hidden gifts).
 */
#ifndef CARC_GIFTS_H
#define CARC_GIFTS_H

#include "expansion.h"

/* The module's state (gifts_state.h): gifts_st(g), const with a const g. */
EXP_STATE(gifts, struct gifts_state, blk.gifts)
#define gifts_st(g) EXP_ST(gifts, g)

enum { GIFT_KINDS = 5, GIFT_COPIES = 5, GIFT_CARDS = 25 };

/* Inline here, so that every file can use them and still calls go one way
 * (gifts.c, the hook table, calls the other files; they do not call it). */
static inline int gifts_on(const carc_game *g)
{
    return (g->expansions & CARC_EXP_GIFTS) != 0;
}

/* Gifts in seat's hand (in a view, hidden ones included). */
static inline int gifts_held(const carc_game *g, int seat)
{
    int n = 0;
    for (int c = 0; c <= GIFT_KINDS; c++)
        n += gifts_st(g)->hand[seat][c];
    return n;
}

/* Whether T2 owes the active player a decision because of gifts (G5). */
static inline int gifts_window_owed(const carc_game *g)
{
    return gifts_on(g) && !gifts_st(g)->opened && gifts_held(g, g->active) > 0;
}

/* ---- open.c: the hooks of the T2 window ---- */
int gifts_open_legal(const carc_game *g, int decision, carc_move *out, int cap);
int gifts_open_apply(carc_game *g, int decision, const carc_move *m, carc_error *err);
int gifts_open_canonical(const carc_game *g, carc_move *m);

/* ---- hidden.c ---- */
void gifts_hidden_hide(carc_game *g, int seat);
void gifts_hidden_deal(carc_game *g, int seat);
int gifts_hidden_check(const carc_game *g, carc_error *err);

#endif
