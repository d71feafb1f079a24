/*
 * end.c - the end cards (E2): every card that is not an end card is voided, then
 * each seat in turn order resolves its end cards (supply_bonus pays now; the field
 * bonuses wait for E3; a tiebreak_field asks for its field); and the field bonuses
 * they pay in E3.
 */
#include "christmas.h"

static int has_field_follower(const carc_game *g, int seat)
{
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
        if (fig_placed(g->fnode[seat][i]) && node_type(g, g->fnode[seat][i]) == CARC_FEAT_FIELD)
            return 1;
    return 0;
}

/* E2: void every card that is not an end card, then each seat in turn order
 * resolves its end cards; a tiebreak_field owes that seat a choice. */
int xmas_end_owed(carc_game *g)
{
    if (!xmas_on(g))
        return 0;
    if (!xmas_st(g)->e2_started) {
        xmas_st(g)->e2_started = 1;
        xmas_st(g)->end_seat = 0;
        for (int s = 0; s < g->players; s++)
            for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD; c++)
                while (xmas_card_timing(c) != END && xmas_st(g)->hand[s][c]) {
                    xmas_st(g)->hand[s][c]--;
                    xmas_deck_discard(g, c);
                }
    }
    for (; xmas_st(g)->end_seat < g->players; xmas_st(g)->end_seat++) {
        int s = xmas_st(g)->end_seat;
        uint8_t *h = xmas_st(g)->hand[s];
        while (h[CARC_XC_SUPPLY_BONUS]) {
            h[CARC_XC_SUPPLY_BONUS]--;
            event_emit(g, CARC_EV_CARD_PLAYED, s, 0, 0, CARC_XC_SUPPLY_BONUS, CARC_PORT_NONE, 0);
            score_add(g, s, CARC_SCORE_CARDS, 2 * carc_supply(g, s), CARC_REASON_SUPPLY_BONUS,
                      NODE_NONE);
            xmas_deck_discard(g, CARC_XC_SUPPLY_BONUS);
        }
        for (int k = 0; k < 2; k++) {
            int c = k ? CARC_XC_SHARED_FIELD_BONUS : CARC_XC_FIELD_CITY_BONUS;
            while (h[c]) {
                h[c]--;
                xmas_st(g)->end_bonus[s][k]++;
                event_emit(g, CARC_EV_CARD_PLAYED, s, 0, 0, c, CARC_PORT_NONE, 0);
                xmas_deck_discard(g, c);
            }
        }
        if (h[CARC_XR_TIEBREAK_FIELD]) {
            if (has_field_follower(g, s))
                return 1;
            while (h[CARC_XR_TIEBREAK_FIELD]) {  /* void: no field follower */
                h[CARC_XR_TIEBREAK_FIELD]--;
                xmas_deck_discard(g, CARC_XR_TIEBREAK_FIELD);
            }
        }
    }
    return 0;
}

int xmas_end_field_bonus(const carc_game *g, int seat, unsigned holders, int cities)
{
    if (!(holders & (1u << seat)))
        return 0;
    int bonus = xmas_st(g)->end_bonus[seat][0] * cities;
    if (holders & (holders - 1))
        bonus += xmas_st(g)->end_bonus[seat][1] * cities;
    return bonus;
}

int xmas_end_legal(const carc_game *g, carc_move *out, int cap)
{
    carc_move proto = carc_move_pass();
    proto.kind = CARC_MOVE_TARGET;
    return xmas_target_list(g, CARC_XR_TIEBREAK_FIELD, xmas_st(g)->end_seat, proto, out, cap);
}

/* The field a seat's tiebreak_field puts its token on (E2). */
int xmas_end_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    int s = xmas_st(g)->end_seat;
    carc_move want = *m;
    if (!xmas_target_canonical(g, CARC_XR_TIEBREAK_FIELD, &want))
        return xmas_fail(err, "%s: no segment at the position and port named",
                    carc_card_name(CARC_XR_TIEBREAK_FIELD));
    if (!xmas_target_is(g, CARC_XR_TIEBREAK_FIELD, s, &want))
        return xmas_fail(err, "%s needs a field where the seat has a follower (E2)",
                    carc_card_name(CARC_XR_TIEBREAK_FIELD));
    event_clear(g);
    int v = board_node_at(g, want.x, want.y, want.port), r = feat_root(g, v);
    feat_mut(g, r)->tokens |= (uint8_t)(1u << s);
    xmas_st(g)->hand[s][CARC_XR_TIEBREAK_FIELD]--;
    event_emit_played(g, s, want.x, want.y, CARC_XR_TIEBREAK_FIELD, want.port);
    event_emit_at(g, CARC_EV_TOKEN, s, v, CARC_FEAT_FIELD, CARC_XR_TIEBREAK_FIELD, 0, 0);
    xmas_deck_discard(g, CARC_XR_TIEBREAK_FIELD);
    return CARC_OK;
}
