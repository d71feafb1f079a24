/*
 * event_text.c - engine events as text: one line of English per event for
 * `carc demo` (event_text), and the short form of the `carc engine` replies
 * (event_short, listed in docs/PROTOCOL.md). The short form writes the events a
 * record keeps exactly as the record does ("draw U", "gift 1 synod"; see
 * docs/RECORD.md) and adds the ones a record leaves out (placement, followers,
 * scoring).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

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

/* "road:S" as the notation writes a segment (canonical port), or the bare port when
 * g does not know the segment. */
static void seg_text(const carc_game *g, int x, int y, int port, char *buf, size_t size)
{
    int canon, type = g ? carc_segment(g, x, y, port, &canon) : -1;
    if (type >= 0)
        snprintf(buf, size, "%s:%s", carc_feature_name(type), carc_port_name(canon));
    else
        snprintf(buf, size, "%s", carc_port_name(port));
}

int event_text(const carc_game *g, const carc_event *e, char *buf, size_t size)
{
    char port[32];
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
        seg_text(g, e->x, e->y, e->a, port, sizeof port);
        return snprintf(buf, size, "seat %d puts a follower at (%d,%d) %s", e->seat, e->x,
                        e->y, port);
    case CARC_EV_SCORED:
        return snprintf(buf, size, "seat %d scores %d for the %s at (%d,%d)", e->seat,
                        e->value, carc_feature_name(e->a), e->x, e->y);
    case CARC_EV_RETURNED:
        seg_text(g, e->x, e->y, e->a, port, sizeof port);
        return snprintf(buf, size, "a follower of seat %d returns from (%d,%d) %s", e->seat,
                        e->x, e->y, port);
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
    default:
        return snprintf(buf, size, "event %d", e->kind);
    }
}

int event_short(const carc_game *g, const carc_event *e, char *buf, size_t size)
{
    char seg[32];
    if (carc_event_format(e, buf, size))
        return (int)strlen(buf);
    switch (e->kind) {
    case CARC_EV_PLACED:
        return snprintf(buf, size, "place %d %c (%d,%d) r%d", e->seat, tile_letter(e->a), e->x,
                        e->y, e->b);
    case CARC_EV_FOLLOWER:
        seg_text(g, e->x, e->y, e->a, seg, sizeof seg);
        return snprintf(buf, size, "follower %d (%d,%d) %s", e->seat, e->x, e->y, seg);
    case CARC_EV_SCORED:
        return snprintf(buf, size, "score %d %d %s (%d,%d)", e->seat, e->value,
                        carc_feature_name(e->a), e->x, e->y);
    case CARC_EV_RETURNED:
        seg_text(g, e->x, e->y, e->a, seg, sizeof seg);
        return snprintf(buf, size, "back %d (%d,%d) %s", e->seat, e->x, e->y, seg);
    case CARC_EV_GAME_OVER:
        return snprintf(buf, size, "over");
    default:
        return snprintf(buf, size, "event %d", e->kind);
    }
}
