/*
 * christmas.c - Christmas Present (RULES.md sections 3-5: X1-X14, C1-C4, E2-E3) as
 * the turn machine sees it: on or off, and each decision's moves and answers
 * handed to the file that owns that decision (christmas.h lists the files). It
 * plugs into the turn at T2 and T8 (anytime cards), T3 (Mastermind, draw_two), T5
 * (the Cloister and Roadside offers), T7 (scoring modifiers), T9 (hand limit), T10
 * (Mastermind lapses) and E2-E3 (end cards).
 */
#include "christmas.h"

int xmas_on(const carc_game *g)
{
    return (g->cfg.expansions & CARC_EXP_CHRISTMAS) != 0;
}

int xmas_fail(carc_error *err, const char *msg, const char *card)
{
    set_error(err, CARC_E_ILLEGAL, msg, card);
    return CARC_E_ILLEGAL;
}

int xmas_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    switch (decision) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER:
        return xmas_window_legal(g, decision, out, cap);
    case CARC_DEC_CARD_DRAW:
        return xmas_offer_legal(g, out, cap);
    case CARC_DEC_CARD_TARGET: case CARC_DEC_BLOCK:
        return xmas_attack_legal(g, decision, out, cap);
    case CARC_DEC_MODIFIER:
        return xmas_modifier_legal(g, out, cap);
    case CARC_DEC_DISCARD:
        return xmas_deck_limit_legal(g, out, cap);
    case CARC_DEC_END_CHOICE:
        return xmas_end_legal(g, out, cap);
    }
    return 0;
}

int xmas_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    switch (decision) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER:
        return xmas_window_apply(g, decision, m, err);
    case CARC_DEC_CARD_DRAW:
        return xmas_offer_apply(g, m);
    case CARC_DEC_CARD_TARGET: case CARC_DEC_BLOCK:
        return xmas_attack_apply(g, decision, m, err);
    case CARC_DEC_MODIFIER:
        return xmas_modifier_apply(g, m, err);
    case CARC_DEC_DISCARD:
        return xmas_deck_limit_apply(g, m, err);
    case CARC_DEC_END_CHOICE:
        return xmas_end_apply(g, m, err);
    }
    return xmas_fail(err, "no Christmas decision is pending%s", "");
}

/* The card a CARD or TARGET move of the pending decision is about. */
static int card_of_move(const carc_game *g, const carc_move *m)
{
    if (m->kind == CARC_MOVE_CARD)
        return m->card;
    if (m->kind != CARC_MOVE_TARGET)
        return CARC_CARD_NONE;
    return g->xplay ? g->xplay : g->step == ST_E2_END_CARDS ? CARC_XR_TIEBREAK_FIELD : 0;
}

int xmas_canonical(const carc_game *g, carc_move *m)
{
    int c = card_of_move(g, m);
    return xmas_card_is(c) ? xmas_target_canonical(g, c, m) : 1;
}
