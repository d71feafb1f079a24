/*
 * event_ledger.c - adding up the events of a game against its scores (see
 * event_ledger.h).
 */
#include <stdio.h>
#include <string.h>

#include "event_ledger.h"

void ledger_init(event_ledger *l)
{
    memset(l, 0, sizeof *l);
}

/* Whether the event names the segment (x,y,port) of a feature of type `type` by
 * its canonical port. */
static int names_segment(const carc_game *g, const carc_event *e, int type)
{
    int canon, kind, rot;
    if (type == CARC_FEAT_TOWER)  /* a tower's top: a place, no segment (TW4) */
        return e->port == CARC_PORT_T && carc_tower_height(g, e->x, e->y, NULL) >= 0 &&
               carc_tile_at(g, e->x, e->y, &kind, &rot);
    if (type == CARC_FEAT_CORNER)  /* a barn's corner: a place, no segment (AM9) */
        return e->port >= CARC_PORT_CNW && e->port <= CARC_PORT_CSW &&
               carc_tile_at(g, e->x, e->y, &kind, &rot);
    return carc_segment(g, e->x, e->y, e->port, &canon) == type && canon == e->port;
}

/* Checks one event; returns 0 with msg filled if it is malformed. */
static int check_event(event_ledger *l, const carc_game *g, const carc_event *e, char *msg,
                       size_t size)
{
    int seat_ok = e->seat >= 0 && e->seat < carc_players(g);
    /* the 3 bits of an event's category hold every category, and no other value */
    _Static_assert(CARC_SCORE_CATEGORIES == 8, "an event's category field is 3 bits");
    int cat_ok = 1;
    switch (e->kind) {
    case CARC_EV_SCORED:
        if (!seat_ok || !cat_ok || e->b >= CARC_REASONS ||
            (e->b == CARC_REASON_RANSOM ? e->value != 3 && e->value != -3 : e->value <= 0))
            break;  /* TW8: a ransom takes 3 from the buyer, gives 3 to the holder */
        if (e->port == CARC_PORT_NONE
                ? (e->b == CARC_REASON_GOODS  /* TB10: a = the kind */
                       ? e->a >= CARC_GOODS_KINDS || e->category != CARC_SCORE_GOODS
                       : e->a != CARC_FEAT_NONE ||
                             (e->b != CARC_REASON_SCORE_THREE &&
                              e->b != CARC_REASON_SUPPLY_BONUS && e->b != CARC_REASON_GIFTS &&
                              e->b != CARC_REASON_RANSOM &&
                              e->b != CARC_REASON_NEUTRAL_POINT))  /* CI22: by a tower's top */
                : !names_segment(g, e, e->a) || e->b == CARC_REASON_GOODS)
            break;
        l->score[e->seat][e->category] += e->value;
        l->reasons[e->b]++;
        return 1;
    case CARC_EV_BANKED:
        if (!seat_ok || !cat_ok || e->value <= 0 || !names_segment(g, e, e->a) ||
            (e->b != CARC_REASON_COMPLETED && e->b != CARC_REASON_MODIFIER &&
             e->b != CARC_REASON_NEUTRAL_BONUS))  /* XI20: the fairy's bonus banked too */
            break;
        l->banked[e->seat] += e->value;
        return 1;
    case CARC_EV_BANK_PAID:
        if (!seat_ok || !cat_ok || e->value <= 0)
            break;
        l->banked[e->seat] -= e->value;
        l->score[e->seat][e->category] += e->value;
        return 1;
    case CARC_EV_TOKEN:
        if (!seat_ok || !names_segment(g, e, e->a) ||
            !(e->b == CARC_XR_TIEBREAK_FIELD ||
              (e->b >= CARC_XR_TIEBREAK_ROAD && e->b <= CARC_XR_TIEBREAK_CLOISTER)))
            break;
        return 1;
    case CARC_EV_LOCKED:
        if (!seat_ok || !names_segment(g, e, e->a) || e->b < CARC_XR_LOCK_CLOISTER ||
            e->b > CARC_XR_LOCK_CITY)
            break;
        return 1;
    case CARC_EV_FOLLOWER: case CARC_EV_RETURNED:
        if (!seat_ok || e->a != e->port || !names_segment(g, e, e->b) ||
            e->value < 0 || e->value >= CARC_FIGURES)
            break;
        return 1;
    case CARC_EV_CAPTURED:  /* TW5: a follower of seat a taken off its place */
        if (!seat_ok || e->a >= carc_players(g) || e->a == e->seat ||
            e->value < 0 || e->value >= CARC_FIGURES)
            break;
        return 1;
    case CARC_EV_FREED:  /* TW6, TW8: a prisoner of seat, held by seat a, back home */
        if (!seat_ok || e->a >= carc_players(g) || e->a == e->seat || e->value < 0 ||
            e->value >= CARC_FIGURES)
            break;
        return 1;
    case CARC_EV_FLOOR:  /* TW3: a floor on the tower at (x,y), its height */
        if (!seat_ok || carc_tower_height(g, e->x, e->y, NULL) < e->value || e->value < 1)
            break;
        return 1;
    case CARC_EV_GOODS:  /* TB9: value tokens of kind b for a completed city */
        if (!seat_ok || e->a != CARC_FEAT_CITY || !names_segment(g, e, CARC_FEAT_CITY) ||
            e->b >= CARC_GOODS_KINDS || e->value <= 0)
            break;
        l->goods[e->seat][e->b] += e->value;
        return 1;
    default:
        return 1;
    }
    snprintf(msg, size, "malformed event: kind %d seat %d (%d,%d) a %d b %d port %d category %d "
             "value %d", e->kind, e->seat, e->x, e->y, e->a, e->b, e->port, e->category,
             e->value);
    return 0;
}

int ledger_add(event_ledger *l, const carc_game *g, char *msg, size_t size)
{
    int n = 0;
    const carc_event *ev = carc_events(g, &n);
    if (n > l->max_events)
        l->max_events = n;
    if (n >= CARC_MAX_EVENTS) {
        snprintf(msg, size, "%d events, the buffer holds %d: some may be lost", n,
                 CARC_MAX_EVENTS);
        return 0;
    }
    for (int i = 0; i < n; i++) {
        l->count[ev[i].kind]++;  /* a 5-bit field: below 32 */
        if (!check_event(l, g, &ev[i], msg, size))
            return 0;
    }
    for (int s = 0; s < carc_players(g); s++) {
        for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
            if (l->score[s][c] != carc_score_part(g, s, c)) {
                snprintf(msg, size, "seat %d: score events of category %d add up to %d, "
                         "carc_score_part says %d", s, c, l->score[s][c],
                         carc_score_part(g, s, c));
                return 0;
            }
        int goods[CARC_GOODS_KINDS];
        carc_goods(g, s, goods);
        for (int k = 0; k < CARC_GOODS_KINDS; k++)
            if (l->goods[s][k] != goods[k]) {
                snprintf(msg, size, "seat %d: goods events add up to %d %s, carc_goods says %d",
                         s, l->goods[s][k], carc_goods_name(k), goods[k]);
                return 0;
            }
        if (l->banked[s] != carc_banked(g, s)) {
            snprintf(msg, size, "seat %d: banked events add up to %d, carc_banked says %d", s,
                     l->banked[s], carc_banked(g, s));
            return 0;
        }
    }
    return 1;
}

void ledger_merge(event_ledger *total, const event_ledger *l)
{
    if (l->max_events > total->max_events)
        total->max_events = l->max_events;
    for (int k = 0; k < 32; k++)
        total->count[k] += l->count[k];
    for (int r = 0; r < CARC_REASONS; r++)
        total->reasons[r] += l->reasons[r];
}
