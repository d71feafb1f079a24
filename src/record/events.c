/*
 * events.c - the short form of engine events: the strings a record keeps
 * (docs/RECORD.md) and, a superset, the strings of the `carc engine` protocol
 * (docs/PROTOCOL.md, "Event strings").
 *
 * A record keeps only the events a reader cannot derive from the moves: tiles
 * drawn, removed and returned to the stack, and cards received, drawn, played and
 * discarded. One table, event_forms[], says how each is written: a word, then the
 * fields named by its flags, always in the order seat, tile, card, value.
 * carc_event_string writes those the same way and every other event (placements,
 * followers, scoring with its reason, tokens, locks, banked points, goods taken, a
 * double turn due, a tile set aside, the dragon and the fairy) in its own form. Tiles are named as the notation names them: a
 * base letter or an expansion tile's id ("draw IC/RFr.i"). A figure other than a
 * meeple is a last word of follower and back ("follower 0 (1,0) road:E large"), so
 * that the strings of games without the expansions' figures stay as they were.
 */
#include <stdio.h>
#include <string.h>
#include "record_int.h"

enum { F_SEAT = 1, F_TILE = 2, F_CARD = 4, F_VALUE = 8 };

static const struct {
    uint8_t kind;      /* enum carc_event_kind */
    const char *word;
    uint8_t fields;    /* F_* */
} event_forms[] = {
    { CARC_EV_TILE_DRAWN, "draw", F_TILE },               /* "draw U", "draw IC/CCCC" */
    { CARC_EV_TILE_REMOVED, "remove", F_TILE },           /* "remove K" */
    { CARC_EV_TILE_RETURNED, "return", F_TILE | F_VALUE }, /* "return U 3" */
    { CARC_EV_GIFT_DRAWN, "gift", F_SEAT | F_CARD },      /* "gift 1 synod" */
    { CARC_EV_CARD_DRAWN, "card", F_SEAT | F_CARD },      /* "card 0 score_three" */
    { CARC_EV_CARD_PLAYED, "play", F_SEAT | F_CARD },     /* "play 0 swap_road" */
    { CARC_EV_CARD_DISCARDED, "discard", F_CARD },        /* "discard score_three" */
};

int carc_event_format(const carc_event *e, char *buf, size_t size)
{
    const carc_tile_def *def;
    const char *card;
    size_t i, len;

    for (i = 0; i < sizeof event_forms / sizeof event_forms[0]; i++)
        if (event_forms[i].kind == e->kind)
            break;
    if (i == sizeof event_forms / sizeof event_forms[0])
        return 0;
    len = (size_t)snprintf(buf, size, "%s", event_forms[i].word);
    if (event_forms[i].fields & F_SEAT)
        len += (size_t)snprintf(buf + len, size - len, " %d", e->seat);
    if (event_forms[i].fields & F_TILE) {
        def = carc_tile_def_of(e->a);
        len += (size_t)snprintf(buf + len, size - len, " %s", def != NULL ? def->name : "?");
    }
    if (event_forms[i].fields & F_CARD) {
        card = e->a != CARC_CARD_NONE ? carc_card_name(e->a) : NULL;
        len += (size_t)snprintf(buf + len, size - len, " %s", card != NULL ? card : "?");
    }
    if (event_forms[i].fields & F_VALUE)
        snprintf(buf + len, size - len, " %d", e->value);
    return 1;
}

/* " (x,y) type:PORT" for the segment an event names (its port is canonical). */
static int segment_text(const carc_event *e, int type, char *buf, size_t size)
{
    return snprintf(buf, size, " (%d,%d) %s:%s", e->x, e->y, carc_feature_name(type),
                    carc_port_name(e->port));
}

int carc_event_string(const carc_event *e, char *buf, size_t size)
{
    const carc_tile_def *def;
    int n;

    if (size == 0)
        return 0;
    if (carc_event_format(e, buf, size))
        return (int)strlen(buf);
    switch (e->kind) {
    case CARC_EV_PLACED:
        def = carc_tile_def_of(e->a);
        return snprintf(buf, size, "place %d %s (%d,%d) r%d", e->seat,
                        def != NULL ? def->name : "?", e->x, e->y, e->b);
    case CARC_EV_FOLLOWER: case CARC_EV_RETURNED:
        n = snprintf(buf, size, "%s %d", e->kind == CARC_EV_FOLLOWER ? "follower" : "back",
                     e->seat);
        break;
    case CARC_EV_SCORED: case CARC_EV_BANKED:
        n = snprintf(buf, size, "%s %d %d %s", e->kind == CARC_EV_SCORED ? "score" : "bank",
                     e->seat, e->value, carc_score_reason_name(e->b));
        if (e->port == CARC_PORT_NONE || n < 0 || (size_t)n >= size)
            return n;
        return n + segment_text(e, e->a, buf + n, size - (size_t)n);
    case CARC_EV_TOKEN: case CARC_EV_LOCKED:
        n = snprintf(buf, size, "%s %d", e->kind == CARC_EV_TOKEN ? "token" : "lock", e->seat);
        if (n < 0 || (size_t)n >= size)
            return n;
        return n + segment_text(e, e->a, buf + n, size - (size_t)n);
    case CARC_EV_BANK_PAID:
        return snprintf(buf, size, "paid %d %d", e->seat, e->value);
    case CARC_EV_GOODS: {
        /* "goods 0 2 wine (1,0) city:N": seat, tokens, kind, the city completed */
        const char *kind = carc_goods_name(e->b);
        n = snprintf(buf, size, "goods %d %d %s", e->seat, e->value, kind ? kind : "?");
        if (e->port == CARC_PORT_NONE || n < 0 || (size_t)n >= size)
            return n;
        return n + segment_text(e, e->a, buf + n, size - (size_t)n);
    }
    case CARC_EV_DOUBLE_DUE:
        return snprintf(buf, size, "double %d", e->seat);
    case CARC_EV_SET_ASIDE:  /* "aside 0 DG/Rr.d": shown and set aside (PD4) */
        def = carc_tile_def_of(e->a);
        return snprintf(buf, size, "aside %d %s", e->seat, def != NULL ? def->name : "?");
    case CARC_EV_NEUTRAL: {
        /* "dragon 1 (2,0) walked", "fairy 0 (1,0) E assigned": the neutral figure, the
         * seat that moved it (-1: none), its tile, the fairy's follower's port ("-":
         * none), how it came there last (event_text.c picks its sentence by it) */
        static const char *const how[4] = {"put", "walked", "assigned", "alone"};
        const char *h = e->b < 4 ? how[e->b] : "?";
        if (e->value == 0)
            return snprintf(buf, size, "dragon %d (%d,%d) %s", e->seat, e->x, e->y, h);
        return snprintf(buf, size, "fairy %d (%d,%d) %s %s", e->seat, e->x, e->y,
                        e->port == CARC_PORT_NONE ? "-" : carc_port_name(e->port), h);
    }
    case CARC_EV_FLOOR:  /* "floor 0 (2,1) 3": seat, the tower, its new height (TW3) */
        return snprintf(buf, size, "floor %d (%d,%d) %d", e->seat, e->x, e->y, e->value);
    case CARC_EV_CAPTURED: {
        /* "capture 0 1 (2,1) road:E large": capturer, owner, where, a figure other than
         * a meeple (TW5) */
        const char *fig = e->value != CARC_FIG_MEEPLE ? carc_figure_name(e->value) : NULL;
        n = snprintf(buf, size, "capture %d %d", e->seat, e->a);
        if (n < 0 || (size_t)n >= size)
            return n;
        n += segment_text(e, e->b, buf + n, size - (size_t)n);
        if (fig && n >= 0 && (size_t)n < size)
            n += snprintf(buf + n, size - (size_t)n, " %s", fig);
        return n;
    }
    case CARC_EV_FREED: {  /* "freed 1 0 large": owner, holder, a figure other than a
                              meeple (TW6, TW8) */
        const char *fig = e->value != CARC_FIG_MEEPLE ? carc_figure_name(e->value) : NULL;
        return snprintf(buf, size, "freed %d %d%s%s", e->seat, e->a, fig ? " " : "",
                        fig ? fig : "");
    }
    case CARC_EV_GAME_OVER:
        return snprintf(buf, size, "over");
    default:
        return snprintf(buf, size, "event %d", e->kind);
    }
    /* follower, back: the segment, type in b, then a figure other than a meeple */
    if (n < 0 || (size_t)n >= size)
        return n;
    n += segment_text(e, e->b, buf + n, size - (size_t)n);
    if (e->value != CARC_FIG_MEEPLE && n >= 0 && (size_t)n < size) {
        const char *fig = carc_figure_name(e->value);
        n += snprintf(buf + n, size - (size_t)n, " %s", fig ? fig : "?");
    }
    return n;
}

json_t *rec_events_json(const carc_game *g)
{
    const carc_event *ev;
    json_t *arr = json_array();
    char text[64];
    int n = 0, i;

    if (arr == NULL)
        return NULL;
    ev = carc_events(g, &n);
    for (i = 0; i < n; i++) {
        if (!carc_event_format(&ev[i], text, sizeof text))
            continue;
        if (json_array_append_new(arr, json_string(text)) != 0) {
            json_decref(arr);
            return NULL;
        }
    }
    return arr;
}
