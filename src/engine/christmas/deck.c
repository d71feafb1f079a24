/*
 * deck.c - the Cloister deck (0) and the Roadside deck (1), their discard piles and
 * the seats' hands (X1, X4), the hand limit of T9 (X5), and the public queries on
 * them. Decks keep their top at the end of the array; discard piles are face up in
 * the order discarded; a hand is a count per card id (in a view, index 0 counts the
 * cards it hides).
 */
#include "christmas.h"

/* X1: each deck shuffled; a fixed order from the configuration goes on top, the
 * cards it leaves out are shuffled beneath. */
static void setup_deck(carc_game *g, int deck, const uint8_t *fixed, int nfixed)
{
    int first = deck == DECK_CLOISTER ? CARC_XC_SCORE_THREE : CARC_XR_INTRUDE_FIELD;
    int last = first + KINDS_PER_DECK - 1;
    xmas_st(g)->deck_len[deck] = (uint8_t)cards_deck_build(g, xmas_st(g)->deck[deck], first, last, COPIES, fixed,
                                                   nfixed);
    xmas_st(g)->ndiscard[deck] = 0;
}

void xmas_deck_setup(carc_game *g, const carc_config *cfg)
{
    if (!xmas_on(g))
        return;
    setup_deck(g, DECK_CLOISTER, cfg->cloister_deck,
               cfg->cloister_deck_len > 0 ? cfg->cloister_deck_len : 0);
    setup_deck(g, DECK_ROADSIDE, cfg->roadside_deck,
               cfg->roadside_deck_len > 0 ? cfg->roadside_deck_len : 0);
}

/* Asked at every step of every turn (the windows, the hand limit), so summed 8
 * counts at a time: a hand holds at most the 64 cards of both decks, so no byte of
 * the word sums, nor their total, can carry. The last word is the row's last 8
 * bytes, with the 2 already counted masked off. */
int xmas_deck_hand(const carc_game *g, int seat)
{
    _Static_assert(CARC_CARDS == 38, "a hand row is 4 words and 6 bytes");
    static const uint8_t last_six[8] = {0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    const uint8_t *h = xmas_st(g)->hand[seat];
    uint64_t w[5], mask;
    memcpy(w, h, 32);
    memcpy(&w[4], h + CARC_CARDS - 8, 8);
    memcpy(&mask, last_six, 8);
    uint64_t sum = w[0] + w[1] + w[2] + w[3] + (w[4] & mask);
    return (int)((sum * 0x0101010101010101ull) >> 56);
}

void xmas_deck_discard(carc_game *g, int card)
{
    int d = xmas_card_deck(card);
    xmas_st(g)->discard[d][xmas_st(g)->ndiscard[d]++] = (uint8_t)card;
    event_emit(g, CARC_EV_CARD_DISCARDED, -1, 0, 0, card, 0, 0);
}

/* T9's hook itself (an at[] hook takes carc_game *): one call a turn. */
int xmas_deck_limit_owed(carc_game *g)
{
    return xmas_on(g) && xmas_deck_hand(g, g->active) > HAND_LIMIT;
}

/* X5: the cards the active player may discard down to the limit. */
int xmas_deck_limit_legal(const carc_game *g, carc_move *out, int cap)
{
    int n = 0, seat = g->active;
    carc_move proto = carc_move_pass();
    proto.kind = CARC_MOVE_DISCARD;
    for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD && n < cap; c++)
        if (xmas_st(g)->hand[seat][c]) {
            proto.card = (uint8_t)c;
            out[n++] = proto;
        }
    return n;
}

int xmas_deck_limit_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    int seat = g->active;
    if (!xmas_card_is(m->card) || !xmas_st(g)->hand[seat][m->card])
        return xmas_fail(err, "the active player holds no %s card", carc_card_name(m->card));
    event_clear(g);
    xmas_st(g)->hand[seat][m->card]--;
    xmas_deck_discard(g, m->card);
    return CARC_OK;
}

/* ---- the public queries (carc.h) ---- */

int carc_cards(const carc_game *g, int seat, int counts[CARC_CARDS])
{
    for (int c = 0; c < CARC_CARDS; c++)
        counts[c] = xmas_st(g)->hand[seat][c];
    return xmas_deck_hand(g, seat);
}

int carc_cards_by_deck(const carc_game *g, int seat, int by_deck[2])
{
    by_deck[0] = by_deck[1] = 0;
    if (seat < 0 || seat >= g->players)
        return 0;
    if (xmas_st(g)->hand[seat][0]) {  /* a view hiding this seat's cards keeps their decks */
        by_deck[0] = xmas_st(g)->hidden[seat][0];
        by_deck[1] = xmas_st(g)->hidden[seat][1];
    }
    for (int c = CARC_XC_SCORE_THREE; c < CARC_CARDS; c++)
        by_deck[c >= CARC_XR_INTRUDE_FIELD] += xmas_st(g)->hand[seat][c];
    return by_deck[0] + by_deck[1];
}

int carc_xdeck_left(const carc_game *g, int deck)
{
    return deck == 0 || deck == 1 ? xmas_st(g)->deck_len[deck] : 0;
}

int carc_xdiscard(const carc_game *g, int deck, int *cards, int cap)
{
    if (deck != 0 && deck != 1)
        return 0;
    for (int i = 0; i < xmas_st(g)->ndiscard[deck] && i < cap; i++)
        cards[i] = xmas_st(g)->discard[deck][i];
    return xmas_st(g)->ndiscard[deck];
}
