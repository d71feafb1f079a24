/*
 * play_text.c - the words of the terminal game that several screens share: a choice
 * as the player reads it (the card's name instead of its id), what a choice is about
 * (the card's text, the deck an offer comes from, what a target feature is worth now),
 * and breaking text into lines of a given width.
 *
 * Everything here reads only the view it is given (the seat at the keyboard), never
 * the full state.
 */
#include <stdio.h>
#include <string.h>

#include "play_ui.h"

int play_wrap_next(const char *t, int room)
{
    int n = (int)strlen(t), cut;
    if (room < 1)
        room = 1;
    if (n <= room)
        return n;
    for (cut = room; cut > 0 && t[cut] != ' '; cut--)
        ;
    return cut > 0 ? cut : room;
}

int play_wrap_count(const char *t, int room, int indent)
{
    int rows = 0, first = 1;
    while (*t || first) {
        int n = play_wrap_next(t, first ? room : room - indent);
        t += n;
        while (*t == ' ')
            t++;
        rows++;
        first = 0;
    }
    return rows;
}

const char *play_card_title(int card)
{
    const carc_card_info *ci = carc_card_info_of(card);
    return ci ? ci->name : carc_card_name(card);
}

/* Replaces the first occurrence of `from` in buf by `to` (buf has room for size). */
static void replace_word(char *buf, size_t size, const char *from, const char *to)
{
    char *at = strstr(buf, from), rest[PLAY_LINE];
    if (!at || !from[0])
        return;
    snprintf(rest, sizeof rest, "%s", at + strlen(from));
    snprintf(at, size - (size_t)(at - buf), "%s%s", to, rest);
}

void play_option_text(const carc_game *v, int decision, const carc_move *m, char *buf,
                      size_t size)
{
    char text[PLAY_LINE];
    if (carc_move_format(v, m, text, sizeof text) < 0)
        snprintf(text, sizeof text, "(move kind %d)", m->kind);
    if ((m->kind == CARC_MOVE_GIFT || m->kind == CARC_MOVE_CARD ||
         m->kind == CARC_MOVE_DISCARD) && carc_card_info_of(m->card))
        replace_word(text, sizeof text, carc_card_name(m->card), play_card_title(m->card));
    if (m->kind == CARC_MOVE_PASS) {
        const char *what = decision == CARC_DEC_FOLLOWER    ? " (no follower)"
                           : decision == CARC_DEC_CARD_DRAW ? " (decline the card)"
                           : decision == CARC_DEC_BLOCK     ? " (let the attack pass)"
                           : decision == CARC_DEC_MODIFIER  ? " (no modifier)"
                                                            : " (close the window)";
        snprintf(buf, size, "%s%s", text, what);
        return;
    }
    if (m->kind == CARC_MOVE_GIFT && m->card != CARC_GIFT_TAKE_TWO && m->port == CARC_PORT_NONE) {
        snprintf(buf, size, "%s (no target: wasted)", text);
        return;
    }
    if (m->kind == CARC_MOVE_DRAW) {
        int deck = carc_offered_deck(v);
        snprintf(buf, size, "%s (a card of the %s deck)", text,
                 deck == 0 ? "Cloister" : deck == 1 ? "Roadside" : "offered");
        return;
    }
    snprintf(buf, size, "%s", text);
}

/* "city of 4 tiles, 1 pennant, complete: worth 10 now; followers: you 1, seat 1 2". */
void play_feature_text(const carc_game *v, int viewer, int x, int y, int port, char *buf,
                         size_t size)
{
    carc_feature_info fi;
    size_t len;
    int seat, any = 0, canon;
    int type = carc_segment(v, x, y, port, &canon);
    buf[0] = '\0';
    if (type < 0 || !carc_feature_at(v, x, y, port, &fi))
        return;
    len = (size_t)snprintf(buf, size, "%s:%s at (%d,%d): %s of %d tile%s",
                           carc_feature_name(type), carc_port_name(canon), x, y,
                           carc_feature_name(fi.type), fi.tiles, fi.tiles == 1 ? "" : "s");
    if (fi.pennants && len < size)
        len += (size_t)snprintf(buf + len, size - len, ", %d pennant%s", fi.pennants,
                                fi.pennants == 1 ? "" : "s");
    if (len < size)
        len += (size_t)snprintf(buf + len, size - len, "%s, worth %d now",
                                fi.completed ? ", complete" : "", fi.value);
    if (fi.locked && len < size)
        len += (size_t)snprintf(buf + len, size - len, ", locked");
    for (seat = 0; seat < carc_players(v) && len < size; seat++) {
        if (!fi.followers[seat])
            continue;
        if (seat == viewer)
            len += (size_t)snprintf(buf + len, size - len, "%s you %d", any ? "," : "; followers:",
                                    fi.followers[seat]);
        else
            len += (size_t)snprintf(buf + len, size - len, "%s seat %d: %d",
                                    any ? "," : "; followers:", seat, fi.followers[seat]);
        any = 1;
    }
    if (!any && len < size)
        snprintf(buf + len, size - len, "; no follower");
}

int play_option_details(const carc_game *v, int viewer, int decision, const carc_move *m,
                        char lines[][PLAY_LINE * 2], int max)
{
    int n = 0, card = CARC_CARD_NONE;
    carc_move in_play;
    if (m->kind == CARC_MOVE_GIFT || m->kind == CARC_MOVE_CARD || m->kind == CARC_MOVE_DISCARD)
        card = m->card;
    else if (decision == CARC_DEC_CARD_TARGET || decision == CARC_DEC_BLOCK)
        card = carc_card_in_play(v, &in_play);
    /* what the card would score on this target (point 7: before confirming) */
    if (m->port != CARC_PORT_NONE && n < max) {
        carc_feature_info fi;
        int pts = -1, seat, all = 0, k = card;
        if (carc_feature_at(v, m->x, m->y, m->port, &fi)) {
            for (seat = 0; seat < CARC_MAX_PLAYERS; seat++)
                all += fi.followers[seat];
            if (k == CARC_GIFT_CASH_OUT)
                pts = 2 * all;                       /* G8: 2 per follower there */
            else if (k == CARC_XC_SCORE_ROAD_DOUBLE)
                pts = 2 * fi.tiles;                  /* X7: 2 per tile */
            else if (k == CARC_XC_SCORE_CITY_BONUS)
                pts = 2 * fi.tiles + fi.pennants;    /* 2 per tile, 1 per pennant */
            else if (k == CARC_XC_SCORE_CLOISTER_BONUS && fi.value > 0)
                pts = 2 * fi.value - 1;              /* 1 + 2 per surrounding tile */
            else if (k == CARC_GIFT_ROAD_SWEEPER)
                pts = fi.value;                      /* the end value, for its holders */
        }
        if (pts >= 0)
            snprintf(lines[n++], PLAY_LINE * 2, "%s here: %d point%s%s", play_card_title(k),
                     pts, pts == 1 ? "" : "s",
                     k == CARC_GIFT_ROAD_SWEEPER ? " for whoever holds the road" : " for you");
    }
    if (decision == CARC_DEC_CARD_DRAW && n < max) {
        int deck = carc_offered_deck(v);
        snprintf(lines[n++], PLAY_LINE * 2, "Offered: the top card of the %s deck (%d left)",
                 deck == 0 ? "Cloister" : "Roadside", carc_xdeck_left(v, deck == 0 ? 0 : 1));
    }
    if (m->kind != CARC_MOVE_PLACE && m->port != CARC_PORT_NONE && n < max) {
        play_feature_text(v, viewer, m->x, m->y, m->port, lines[n], PLAY_LINE * 2);
        if (lines[n][0])
            n++;
    }
    if (m->port2 != CARC_PORT_NONE && n < max) {
        play_feature_text(v, viewer, m->x2, m->y2, m->port2, lines[n], PLAY_LINE * 2);
        if (lines[n][0])
            n++;
    }
    /* the card's text last: the target's value matters more when rows are short */
    if (card != CARC_CARD_NONE && carc_card_info_of(card) && n < max)
        snprintf(lines[n++], PLAY_LINE * 2, "%s: %s", play_card_title(card),
                 carc_card_info_of(card)->text);
    return n;
}

