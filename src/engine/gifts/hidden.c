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
        memset(g->gifts[s], 0, sizeof g->gifts[s]);
        g->gifts[s][0] = (uint8_t)held;
    }
    memset(g->gift_deck, 0, sizeof g->gift_deck);
    /* which gifts the active player received this turn names them; a deal of the
     * view may then let one be opened in a second part (GI7), a search's slip */
    if (seat != g->active)
        memset(g->gift_fresh, 0, sizeof g->gift_fresh);
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == CARC_EV_GIFT_DRAWN && g->events[i].seat != seat)
            g->events[i].a = CARC_CARD_NONE;
}

/* Deals the gifts the view of `seat` hid: the deck and the other hands. */
void gifts_hidden_deal(carc_game *g, int seat)
{
    int seen[CARC_CARDS] = {0};
    uint8_t pool[25];
    for (int i = 0; i < g->gift_ndiscard; i++)
        seen[g->gift_discard[i]]++;
    for (int c = 1; c <= CARC_GIFT_TAKE_TWO && seat < g->players; c++)  /* not public */
        seen[c] += g->gifts[seat][c];
    int n = cards_unknown_pool(pool, CARC_GIFT_SYNOD, CARC_GIFT_TAKE_TWO, 5, seen);
    rng_shuffle(g->rng, pool, n);
    int k = 0;
    for (int i = 0; i < g->gift_deck_len; i++)
        g->gift_deck[i] = pool[k++];
    for (int s = 0; s < g->players; s++) {
        int hidden = g->gifts[s][0];
        g->gifts[s][0] = 0;
        for (int i = 0; i < hidden; i++)
            g->gifts[s][pool[k++]]++;
    }
}

int gifts_hidden_check(const carc_game *g, carc_error *err)
{
    int count[GIFT_KINDS + 1] = {0};
    int total = g->gift_deck_len + g->gift_ndiscard;
    for (int i = 0; i < g->gift_deck_len; i++)
        count[g->gift_deck[i]]++;
    for (int i = 0; i < g->gift_ndiscard; i++)
        count[g->gift_discard[i]]++;
    for (int s = 0; s < g->players; s++)
        for (int c = 0; c <= GIFT_KINDS; c++) {
            count[c] += g->gifts[s][c];
            total += g->gifts[s][c];
        }
    int expect = gifts_on(g) ? GIFT_CARDS : 0;
    if (total != expect) {
        error_set(err, CARC_E_INVALID, "gifts: deck %d + discard %d + hands = %d, not %d",
                  g->gift_deck_len, g->gift_ndiscard, total, expect);
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
