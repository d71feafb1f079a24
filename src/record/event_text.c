/*
 * event_text.c - engine events as text: one line of English per event for
 * `carc demo` and the log of `carc play` (event_text), saying why every point was
 * scored; and the short form of the `carc engine` replies (event_short, listed in
 * docs/PROTOCOL.md), which is the record layer's carc_event_string: the events a
 * record keeps exactly as the record does ("draw U", "gift 1 synod"; see
 * docs/RECORD.md), and the ones a record leaves out (placement, followers, scoring
 * with its reason, tokens, locks, banked points).
 */
#include <stdio.h>
#include <string.h>

#include "record_int.h"

static char tile_letter(int kind)
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    return d ? d->letter : '?';
}

/* The card's id, or `hidden` when the event does not show it (a seat's view). */
static const char *card_or(int card, const char *hidden)
{
    return card == CARC_CARD_NONE ? hidden : carc_card_name(card);
}

/* "the road at (1,0), port E": the feature an event names, by one of its segments
 * (two fields on one tile differ by their ports). */
static const char *feature_at(const carc_event *e, int type, char *buf, size_t size)
{
    snprintf(buf, size, "the %s at (%d,%d), port %s", carc_feature_name(type), e->x, e->y,
             carc_port_name(e->port));
    return buf;
}

/* Why points were scored, as the end of "seat 0 scores 4 ...". */
static int score_text(const carc_event *e, char *buf, size_t size)
{
    char f[64];
    const char *what = e->port != CARC_PORT_NONE ? feature_at(e, e->a, f, sizeof f) : "";
    switch (e->b) {
    case CARC_REASON_COMPLETED:
        return snprintf(buf, size, "for completing %s", what);
    case CARC_REASON_MODIFIER:
        return snprintf(buf, size, "for completing %s, with a scoring modifier", what);
    case CARC_REASON_FINAL:
        return snprintf(buf, size, "at the end for the unfinished %s", what + 4);
    case CARC_REASON_FIELD:
        return snprintf(buf, size, "at the end for %s (3 per completed city)", what);
    case CARC_REASON_FIELD_BONUS:
        return snprintf(buf, size, "more for %s (field bonus cards)", what);
    case CARC_REASON_ROAD_SWEEPER:
        return snprintf(buf, size, "for %s (road_sweeper)", what);
    case CARC_REASON_CASH_OUT:
        return snprintf(buf, size, "cashing out of %s (cash_out)", what);
    case CARC_REASON_SCORE_CARD:
        return snprintf(buf, size, "for %s, scored now by a card", what);
    case CARC_REASON_SCORE_THREE:
        return snprintf(buf, size, "(score_three)");
    case CARC_REASON_SUPPLY_BONUS:
        return snprintf(buf, size, "for the followers in supply (supply_bonus)");
    case CARC_REASON_GIFTS:
        return snprintf(buf, size, "for unopened gifts");
    default:
        return snprintf(buf, size, "(reason %d)", e->b);
    }
}

int carc_event_text(const carc_game *g, const carc_event *e, char *buf, size_t size)
{
    char f[64], why[128];
    (void)g;  /* every event names its segment with type and canonical port */
    switch (e->kind) {
    case CARC_EV_TILE_DRAWN:
        return snprintf(buf, size, "seat %d draws %c", e->seat, tile_letter(e->a));
    case CARC_EV_TILE_REMOVED:
        return snprintf(buf, size, "%c is removed from the game", tile_letter(e->a));
    case CARC_EV_TILE_RETURNED:
        if (e->value < 0)  /* a seat's view: where it went is hidden (G10) */
            return snprintf(buf, size, "%c is shuffled back into the stack", tile_letter(e->a));
        return snprintf(buf, size, "%c goes back into the stack at depth %d",
                        tile_letter(e->a), e->value);
    case CARC_EV_PLACED:
        return snprintf(buf, size, "seat %d places %c at (%d,%d) rotation %d", e->seat,
                        tile_letter(e->a), e->x, e->y, e->b);
    case CARC_EV_FOLLOWER:
        return snprintf(buf, size, "seat %d puts a follower at (%d,%d) %s:%s", e->seat, e->x,
                        e->y, carc_feature_name(e->b), carc_port_name(e->port));
    case CARC_EV_SCORED:
        score_text(e, why, sizeof why);
        return snprintf(buf, size, "seat %d scores %d %s", e->seat, e->value, why);
    case CARC_EV_RETURNED:
        return snprintf(buf, size, "a follower of seat %d returns from (%d,%d) %s:%s", e->seat,
                        e->x, e->y, carc_feature_name(e->b), carc_port_name(e->port));
    case CARC_EV_GIFT_DRAWN:
        return snprintf(buf, size, "seat %d receives gift %s", e->seat,
                        card_or(e->a, "(hidden)"));
    case CARC_EV_CARD_DRAWN:
        return snprintf(buf, size, "seat %d draws card %s", e->seat,
                        card_or(e->a, "(hidden)"));
    case CARC_EV_CARD_PLAYED:
        return snprintf(buf, size, "seat %d plays %s", e->seat, card_or(e->a, "a card"));
    case CARC_EV_CARD_DISCARDED:
        return snprintf(buf, size, "%s is discarded", card_or(e->a, "a card"));
    case CARC_EV_GAME_OVER:
        return snprintf(buf, size, "game over");
    case CARC_EV_TOKEN:
        return snprintf(buf, size, "seat %d puts a tie-break token on %s", e->seat,
                        feature_at(e, e->a, f, sizeof f));
    case CARC_EV_LOCKED:
        return snprintf(buf, size, "seat %d locks %s", e->seat, feature_at(e, e->a, f, sizeof f));
    case CARC_EV_BANKED:
        return snprintf(buf, size, "seat %d banks %d for completing the locked %s%s, paid at the "
                        "end", e->seat, e->value, feature_at(e, e->a, f, sizeof f) + 4,
                        e->b == CARC_REASON_MODIFIER ? " (scoring modifier)" : "");
    case CARC_EV_BANK_PAID:
        return snprintf(buf, size, "seat %d is paid %d banked points", e->seat, e->value);
    default:
        return snprintf(buf, size, "event %d", e->kind);
    }
}
