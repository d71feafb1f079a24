/*
 * hidden.c - what a seat's view may not see of the cards (RULES.md 6): other
 * seats' hands (only their counts by deck of origin stay, which the draws made
 * public), the deck orders, the cards others drew into hand in the last events;
 * and the invariants of the cards.
 */
#include "christmas.h"

void xmas_hidden_hide(carc_game *g, int seat)
{
    for (int s = 0; s < g->players; s++) {
        if (s == seat)
            continue;
        int held = xmas_deck_hand(g, s);
        xmas_st(g)->hidden[s][0] = xmas_st(g)->hidden[s][1] = 0;
        for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD; c++)
            xmas_st(g)->hidden[s][xmas_card_deck(c)] =
                (uint8_t)(xmas_st(g)->hidden[s][xmas_card_deck(c)] + xmas_st(g)->hand[s][c]);
        memset(xmas_st(g)->hand[s], 0, sizeof xmas_st(g)->hand[s]);
        xmas_st(g)->hand[s][0] = (uint8_t)held;
    }
    memset(xmas_st(g)->deck, 0, sizeof xmas_st(g)->deck);
    for (int i = 0; i < g->nevents; i++) {
        carc_event *e = &g->events[i];
        if (e->kind == CARC_EV_CARD_DRAWN && e->seat != seat && xmas_card_timing(e->a) != LIGHTNING)
            e->a = CARC_CARD_NONE;
    }
}

int xmas_hidden_check(const carc_game *g, carc_error *err)
{
    int count[CARC_CARDS] = {0}, total = 0;
    for (int d = 0; d < 2; d++) {
        for (int i = 0; i < xmas_st(g)->deck_len[d]; i++)
            count[xmas_st(g)->deck[d][i]]++;
        for (int i = 0; i < xmas_st(g)->ndiscard[d]; i++)
            count[xmas_st(g)->discard[d][i]]++;
        total += xmas_st(g)->deck_len[d] + xmas_st(g)->ndiscard[d];
    }
    for (int s = 0; s < g->players; s++)
        for (int c = 0; c < CARC_CARDS; c++) {
            count[c] += xmas_st(g)->hand[s][c];
            total += xmas_st(g)->hand[s][c];
        }
    if (xmas_st(g)->play) {
        count[xmas_st(g)->play]++;
        total++;
    }
    int expect = xmas_on(g) ? 2 * DECK_CARDS : 0;
    if (total != expect) {
        error_set(err, CARC_E_INVALID, "christmas: decks + discards + hands + in play = %d, not %d",
                  total, expect);
        return CARC_E_INVALID;
    }
    if (g->view_seat < 0 && xmas_on(g))
        for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD; c++)
            if (count[c] != COPIES) {
                error_set(err, CARC_E_INVALID, "christmas: %d %s cards, not 2", count[c],
                          carc_card_name(c));
                return CARC_E_INVALID;
            }
    return CARC_OK;
}

/* Deals the cards the view of `seat` hid: each deck and the other hands, by deck
 * of origin. */
void xmas_hidden_deal(carc_game *g, int seat)
{
    for (int d = 0; d < 2; d++) {
        int first = d ? CARC_XR_INTRUDE_FIELD : CARC_XC_SCORE_THREE;
        int seen[CARC_CARDS] = {0};
        uint8_t pool[32];
        for (int i = 0; i < xmas_st(g)->ndiscard[d]; i++)
            seen[xmas_st(g)->discard[d][i]]++;
        for (int c = first; c < first + 16 && seat < g->players; c++)  /* not public */
            seen[c] += xmas_st(g)->hand[seat][c];
        if (xmas_st(g)->play >= first && xmas_st(g)->play < first + 16)
            seen[xmas_st(g)->play]++;
        int n = cards_unknown_pool(pool, first, first + 15, 2, seen);
        rng_shuffle(g->rng, pool, n);
        int k = 0;
        for (int i = 0; i < xmas_st(g)->deck_len[d]; i++)
            xmas_st(g)->deck[d][i] = pool[k++];
        for (int s = 0; s < g->players; s++)
            for (int i = 0; i < xmas_st(g)->hidden[s][d] && k < n; i++)
                xmas_st(g)->hand[s][pool[k++]]++;
    }
    for (int s = 0; s < g->players; s++) {
        xmas_st(g)->hand[s][0] = 0;
        xmas_st(g)->hidden[s][0] = xmas_st(g)->hidden[s][1] = 0;
    }
}
