/*
 * hidden.c - what a seat's view may not see of the gifts (RULES.md 6): other
 * seats' gifts (only their counts stay), the deck order, the gifts others drew in
 * the last events; dealing them again for a determinization; and the invariants
 * of the gifts.
 */
#include "gifts.h"

void gifts_hidden_hide(carc_game *g, int seat)
{
    for (int s = 0; s < g->players; s++) {
        if (s == seat)
            continue;
        int held = gifts_held(g, s);
        memset(gifts_st(g)->hand[s], 0, sizeof gifts_st(g)->hand[s]);
        gifts_st(g)->hand[s][0] = (uint8_t)held;
    }
    memset(gifts_st(g)->deck, 0, sizeof gifts_st(g)->deck);
    /* which gifts the active player received this turn names them; a deal of the
     * view may then let one be opened in a second part (GI7), a search's slip */
    if (seat != g->active)
        memset(gifts_st(g)->fresh, 0, sizeof gifts_st(g)->fresh);
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == CARC_EV_GIFT_DRAWN && g->events[i].seat != seat)
            g->events[i].a = CARC_CARD_NONE;
}

/* Deals the gifts the view of `seat` hid: the deck and the other hands. */
void gifts_hidden_deal(carc_game *g, int seat)
{
    int seen[CARC_CARDS] = {0};
    uint8_t pool[25];
    for (int i = 0; i < gifts_st(g)->ndiscard; i++)
        seen[gifts_st(g)->discard[i]]++;
    for (int c = 1; c <= CARC_GIFT_TAKE_TWO && seat < g->players; c++)  /* not public */
        seen[c] += gifts_st(g)->hand[seat][c];
    int n = cards_unknown_pool(pool, CARC_GIFT_SYNOD, CARC_GIFT_TAKE_TWO, 5, seen);
    rng_shuffle(g->rng, pool, n);
    int k = 0;
    for (int i = 0; i < gifts_st(g)->deck_len; i++)
        gifts_st(g)->deck[i] = pool[k++];
    for (int s = 0; s < g->players; s++) {
        int hidden = gifts_st(g)->hand[s][0];
        gifts_st(g)->hand[s][0] = 0;
        for (int i = 0; i < hidden; i++)
            gifts_st(g)->hand[s][pool[k++]]++;
    }
}

int gifts_hidden_check(const carc_game *g, carc_error *err)
{
    int count[GIFT_KINDS + 1] = {0};
    int total = gifts_st(g)->deck_len + gifts_st(g)->ndiscard;
    for (int i = 0; i < gifts_st(g)->deck_len; i++)
        count[gifts_st(g)->deck[i]]++;
    for (int i = 0; i < gifts_st(g)->ndiscard; i++)
        count[gifts_st(g)->discard[i]]++;
    for (int s = 0; s < g->players; s++)
        for (int c = 0; c <= GIFT_KINDS; c++) {
            count[c] += gifts_st(g)->hand[s][c];
            total += gifts_st(g)->hand[s][c];
        }
    int expect = gifts_on(g) ? GIFT_CARDS : 0;
    if (total != expect) {
        error_set(err, CARC_E_INVALID, "gifts: deck %d + discard %d + hands = %d, not %d",
                  gifts_st(g)->deck_len, gifts_st(g)->ndiscard, total, expect);
        return CARC_E_INVALID;
    }
    if (g->view_seat < 0 && gifts_on(g))
        for (int c = 1; c <= GIFT_KINDS; c++)
            if (count[c] != GIFT_COPIES) {
                error_set(err, CARC_E_INVALID, "gifts: %d %s cards, not 5", count[c],
                          carc_card_name(c));
                return CARC_E_INVALID;
            }
    return CARC_OK;
}
