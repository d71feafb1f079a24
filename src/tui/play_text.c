/*
 * play_text.c - the words of the terminal game that several screens share: a choice
 * as the player reads it (the card's name instead of its id), what a choice is about
 * (the card's text, the deck an offer comes from, what a target feature is worth now),
 * and breaking text into lines of a given width.
 *
 * Everything here reads only the view it is given (the seat at the keyboard), never
 * the full state.
 */
#include <ctype.h>
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

int play_river_phase(const carc_game *v, int *last)
{
    int kinds[2], n = carc_hand_tiles(v, kinds), in_hand = 0;
    for (int i = 0; i < n; i++)
        for (int e = 0; e < 4; e++)
            in_hand |= carc_tile_def_of(kinds[i])->edges[e] == CARC_EDGE_RIVER;
    if (last)
        *last = in_hand && carc_river_left(v) <= 0;
    return carc_river_left(v) > 0 || in_hand;
}

unsigned play_exp_named(const char *names)
{
    unsigned bits = 0;
    while (*names) {
        size_t len = strcspn(names, " ");
        bits |= carc_expansion_parse(names, len);
        names += len;
        names += strspn(names, " ");
    }
    return bits;
}

int play_has_cards(unsigned exp)
{
    for (int i = 0; i < carc_expansion_count(); i++) {
        const carc_expansion_info *e = carc_expansion_at(i);
        if ((exp & e->bit) && e->decks)
            return 1;
    }
    return 0;
}

int play_other_strengths(unsigned exp)
{
    unsigned figs = carc_figures_of(exp);
    for (int f = 0; f < CARC_FIGURES; f++)
        if ((figs >> f & 1u) && carc_figure_strength(f) != carc_figure_strength(CARC_FIG_MEEPLE))
            return 1;
    return 0;
}

int play_stronger_follower(unsigned exp)
{
    unsigned figs = carc_figures_of(exp);
    for (int f = 0; f < CARC_FIGURES; f++)
        if ((figs >> f & 1u) && carc_figure_strength(f) > carc_figure_strength(CARC_FIG_MEEPLE))
            return 1;
    return 0;
}

int play_category_named(const char *name)
{
    for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
        if (strcmp(carc_score_category_name(c), name) == 0)
            return c;
    return -1;
}

const char *play_card_title(int card)
{
    const carc_card_info *ci = carc_card_info_of(card);
    return ci ? ci->name : carc_card_name(card);
}

/* Where on its tile a port is, in words ("north", "north side, west end"). */
static const char *port_words(int port)
{
    static const char *const w[] = {
        "north", "east", "south", "west",
        "north side, west end", "north side, east end", "east side, north end",
        "east side, south end", "south side, east end", "south side, west end",
        "west side, south end", "west side, north end", "middle",
        "inside, between the cities",  /* the inner field, port I */
        "the garden",                  /* port G (The Abbot) */
        "inside, the second field between the cities",  /* port I2 (Abbey & Mayor) */
    };
    return port >= 0 && port < (int)(sizeof w / sizeof *w) ? w[port] : "";
}

/* A tile's corners in words (CARC_PORT_CNW..CARC_PORT_CSW: a barn's place, AM9). */
static const char *const corner_words[] = {"north-west", "north-east", "south-east",
                                           "south-west"};

void play_seg_words(const carc_game *v, int x, int y, int port, int with_tile, char *buf,
                    size_t size)
{
    int canon, type = carc_segment(v, x, y, port, &canon);
    const char *name = type >= 0 ? carc_feature_name(type) : "spot";
    if (port == CARC_PORT_NONE)
        snprintf(buf, size, "the empty spot at %d,%d", x, y);
    else if (port == CARC_PORT_T)  /* The Tower (TW4): a place, no segment */
        snprintf(buf, size, "the tower at %d,%d", x, y);
    else if (port >= CARC_PORT_CNW && port <= CARC_PORT_CSW)  /* a barn's corner (AM9) */
        snprintf(buf, size, with_tile ? "the %s corner of the tile at %d,%d" : "the %s corner",
                 corner_words[port - CARC_PORT_CNW], x, y);
    else if (type == CARC_FEAT_CLOISTER)
        snprintf(buf, size, with_tile ? "the cloister at %d,%d" : "the cloister", x, y);
    else if (type == CARC_FEAT_GARDEN)
        snprintf(buf, size, with_tile ? "the garden at %d,%d" : "the garden", x, y);
    else if (with_tile)
        snprintf(buf, size, "the %s at %d,%d (%s)", name, x, y, port_words(canon));
    else
        snprintf(buf, size, "the %s (%s)", name, port_words(canon));
}

/* A card move's target in words: " on the road at 1,0 (east)", "" without one. */
static void target_words(const carc_game *v, const carc_move *m, char *buf, size_t size)
{
    char a[96], b[96];
    buf[0] = '\0';
    if (m->port == CARC_PORT_NONE &&
        !(m->kind == CARC_MOVE_CARD && carc_card_target(m->card) == CARC_TARGET_POS &&
          (m->x || m->y)))  /* a position target (Mastermind's) names no segment */
        return;
    play_seg_words(v, m->x, m->y, m->port, 1, a, sizeof a);
    if (m->port2 == CARC_PORT_NONE) {
        snprintf(buf, size, " on %s", a);
        return;
    }
    play_seg_words(v, m->x2, m->y2, m->port2, 1, b, sizeof b);
    if (m->seat2 != CARC_SEAT_NONE)
        snprintf(buf, size, ": yours on %s for seat %d's on %s", a, m->seat2, b);
    else
        snprintf(buf, size, ": from %s to %s", a, b);
}

void play_figure_words(const carc_game *v, int figure, char *buf, size_t size)
{
    const char *w = NULL;
    switch (figure) {
    case CARC_FIG_LARGE: w = "the large meeple"; break;
    case CARC_FIG_BUILDER: w = "the builder"; break;
    case CARC_FIG_PIG: w = "the pig"; break;
    case CARC_FIG_ABBOT: w = "the abbot"; break;
    case CARC_FIG_MEEPLE:  /* beside figures of another strength (the large meeple, the builder) */
        w = play_other_strengths(carc_config_of(v).expansions) ? "a meeple" : "a follower";
        break;
    default:  /* a figure by its descriptor's name: "the mayor", "the wagon", "the barn" */
        break;
    }
    if (w)
        snprintf(buf, size, "%s", w);
    else
        snprintf(buf, size, "the %s", carc_figure_name(figure));
}

void play_move_words(const carc_game *v, int decision, const carc_move *m, char *buf,
                     size_t size)
{
    char where[240], fig[48];
    switch (m->kind) {
    case CARC_MOVE_PASS:
        snprintf(buf, size, "%s",
                 decision == CARC_DEC_FOLLOWER       ? "no follower"
                 : decision == CARC_DEC_CARD_DRAW    ? "do not draw (decline the card)"
                 : decision == CARC_DEC_BLOCK        ? "let the attack pass"
                 : decision == CARC_DEC_MODIFIER     ? "no modifier"
                 : decision == CARC_DEC_WINDOW_BEFORE ? "go on to placing (close the window)"
                 : decision == CARC_DEC_WINDOW_AFTER ? "end the turn (close the window)"
                 : decision == CARC_DEC_DOUBLE_TURN  ? "no second tile (end the turn)"
                 : decision == CARC_DEC_CAPTURE      ? "capture nobody"
                                                     : "pass");
        return;
    case CARC_MOVE_FLOOR: {  /* The Tower: the height it reaches, the floors left */
        int h = carc_tower_height(v, m->x, m->y, NULL);
        snprintf(buf, size, "a floor on the tower at %d,%d: %d high (%d floors left)", m->x,
                 m->y, h + 1, carc_floors(v, carc_pending_decision(v).seat) - 1);
        return;
    }
    case CARC_MOVE_CAPTURE:
        play_seg_words(v, m->x, m->y, m->port, 1, where, sizeof where);
        snprintf(buf, size, "capture seat %d's %s on %s", m->seat2,
                 carc_figure_name(m->figure), where);
        return;
    case CARC_MOVE_RANSOM:
        snprintf(buf, size, "pay seat %d 3 points to free your %s", m->seat2,
                 carc_figure_name(m->figure));
        return;
    case CARC_MOVE_EXCHANGE:
        snprintf(buf, size, "get back your %s in the exchange", carc_figure_name(m->figure));
        return;
    case CARC_MOVE_PLACE:
        snprintf(buf, size, "place the tile at %d,%d", m->x, m->y);
        return;
    case CARC_MOVE_FOLLOWER:
        play_seg_words(v, m->x, m->y, m->port, 0, where, sizeof where);
        play_figure_words(v, m->figure, fig, sizeof fig);
        snprintf(buf, size, "%s %s %s", fig,
                 m->figure == CARC_FIG_PIG                                ? "in"
                 : m->port >= CARC_PORT_CNW && m->port <= CARC_PORT_CSW ? "at"  /* a corner */
                                                                          : "on",
                 where);
        return;
    case CARC_MOVE_AGAIN:
        snprintf(buf, size, "take a second tile (double turn)");
        return;
    case CARC_MOVE_RECALL: {
        /* The Abbot: what it scores now (the state the move is chosen in) */
        int pts = carc_recall_points(v, m);
        play_seg_words(v, m->x, m->y, m->port, 1, where, sizeof where);
        if (pts >= 0)
            snprintf(buf, size, "recall your abbot from %s: %d point%s", where, pts,
                     pts == 1 ? "" : "s");
        else
            snprintf(buf, size, "recall your abbot from %s", where);
        return;
    }
    case CARC_MOVE_DRAW:
        snprintf(buf, size, "draw a card");
        return;
    case CARC_MOVE_BLOCK:
        snprintf(buf, size, "block the attack with Shield");
        return;
    case CARC_MOVE_TARGET:
        play_seg_words(v, m->x, m->y, m->port, 1, where, sizeof where);
        snprintf(buf, size, "%s", where);
        return;
    case CARC_MOVE_DISCARD:
        snprintf(buf, size, "discard %s", play_card_title(m->card));
        return;
    case CARC_MOVE_WALK:  /* The Princess & the Dragon: its next step (PD7) */
        snprintf(buf, size, "move the dragon to the tile at %d,%d", m->x, m->y);
        return;
    case CARC_MOVE_ASSIGN:  /* the fairy next to one of your followers (PD9) */
        play_seg_words(v, m->x, m->y, m->port, 1, where, sizeof where);
        play_figure_words(v, m->figure, fig, sizeof fig);
        snprintf(buf, size, "put the fairy next to %s on %s", fig, where);
        return;
    case CARC_MOVE_REMOVE:  /* the princess sends a follower home (PD12) */
        play_seg_words(v, m->x, m->y, m->port, 1, where, sizeof where);
        snprintf(buf, size, "the princess sends seat %d's follower on %s home", m->seat2, where);
        return;
    default:
        target_words(v, m, where, sizeof where);
        snprintf(buf, size, "%s %s%s", m->kind == CARC_MOVE_GIFT ? "open" : "play",
                 play_card_title(m->card), where);
        return;
    }
}

void play_option_text(const carc_game *v, int decision, const carc_move *m, char *buf,
                      size_t size)
{
    char text[PLAY_LINE];
    play_move_words(v, decision, m, text, sizeof text);
    if (m->kind == CARC_MOVE_GIFT && carc_card_target(m->card) != CARC_TARGET_NONE &&
        m->port == CARC_PORT_NONE) {
        snprintf(buf, size, "%s (no target: wasted)", text);
        return;
    }
    if (m->kind == CARC_MOVE_RECALL) {
        /* "Recall your abbot: 6 points (from the garden at 2,1)" */
        char where[160];
        int pts = carc_recall_points(v, m);
        play_seg_words(v, m->x, m->y, m->port, 1, where, sizeof where);
        snprintf(buf, size, "Recall your abbot: %d point%s (from %s)", pts < 0 ? 0 : pts,
                 pts == 1 ? "" : "s", where);
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

/* "The city at 3,1 (north): city of 4 tiles, 1 pennant, complete, worth 10 now;
 * followers: you 1, seat 1: 2". With the big-box expansions also an inn or a
 * cathedral and what it makes the feature worth (completed, and 0 if unfinished at
 * the end: I5-I7), goods symbols, builders and pigs. */
void play_feature_text(const carc_game *v, int viewer, int x, int y, int port, char *buf,
                         size_t size)
{
    carc_feature_info fi;
    size_t len;
    int seat, any = 0, canon, k, goods_cat = play_category_named("goods");
    int type = carc_segment(v, x, y, port, &canon);
    unsigned exp = carc_config_of(v).expansions;
    char where[96];
    buf[0] = '\0';
    if (type < 0 || !carc_feature_at(v, x, y, port, &fi))
        return;
    play_seg_words(v, x, y, port, 1, where, sizeof where);
    where[0] = (char)(where[0] - 'a' + 'A');
    len = (size_t)snprintf(buf, size, "%s: %s of %d tile%s", where,
                           carc_feature_name(fi.type), fi.tiles, fi.tiles == 1 ? "" : "s");
    if (fi.pennants && len < size)
        len += (size_t)snprintf(buf + len, size - len, ", %d pennant%s", fi.pennants,
                                fi.pennants == 1 ? "" : "s");
    if ((fi.inn || fi.cathedral) && len < size) {
        /* I5, I6: the value completed; I7: nothing when unfinished at the end */
        int done = fi.inn ? 2 * fi.tiles : 3 * fi.tiles + 3 * fi.pennants;
        if (fi.completed)
            len += (size_t)snprintf(buf + len, size - len, ", %s, complete, worth %d now",
                                    fi.inn ? "an inn (2 a tile)" : "a cathedral (3 a tile and pennant)",
                                    fi.value);
        else
            len += (size_t)snprintf(buf + len, size - len,
                                    ", %s: worth %d if completed, 0 if still unfinished at the end",
                                    fi.inn ? "an inn" : "a cathedral", done);
    } else if (len < size) {
        len += (size_t)snprintf(buf + len, size - len, "%s, worth %d now",
                                fi.completed ? ", complete" : "", fi.value);
    }
    if (fi.type == CARC_FEAT_CITY && goods_cat >= 0 && (carc_categories_of(exp) >> goods_cat & 1u)) {
        int n = 0;
        for (k = 0; k < CARC_GOODS_KINDS && len < size; k++) {
            if (!fi.goods[k])
                continue;
            len += (size_t)snprintf(buf + len, size - len, "%s %d %s", n ? "," : ", goods:",
                                    fi.goods[k], carc_goods_name(k));
            n++;
        }
        if (n && !fi.completed && len < size)
            len += (size_t)snprintf(buf + len, size - len, " (for whoever completes it)");
    }
    if (fi.locked && len < size)
        len += (size_t)snprintf(buf + len, size - len, ", locked");
    for (seat = 0; seat < carc_players(v) && len < size; seat++) {
        const char *head = play_stronger_follower(exp) ? "; followers (strength):" : "; followers:";
        if (!fi.followers[seat])
            continue;
        if (seat == viewer)
            len += (size_t)snprintf(buf + len, size - len, "%s you %d", any ? "," : head,
                                    fi.followers[seat]);
        else
            len += (size_t)snprintf(buf + len, size - len, "%s seat %d: %d",
                                    any ? "," : head, seat, fi.followers[seat]);
        any = 1;
    }
    if (!any && len < size)
        len += (size_t)snprintf(buf + len, size - len, "; no follower");
    for (k = 0; k < 2; k++) {
        unsigned bits = k == 0 ? fi.builders : fi.pigs;
        int first = 1;
        for (seat = 0; seat < carc_players(v) && len < size; seat++) {
            if (!(bits >> seat & 1u))
                continue;
            if (seat == viewer)
                len += (size_t)snprintf(buf + len, size - len, "%s you",
                                        first ? (k == 0 ? "; builder:" : "; pig:") : ",");
            else
                len += (size_t)snprintf(buf + len, size - len, "%s seat %d",
                                        first ? (k == 0 ? "; builder:" : "; pig:") : ",", seat);
            first = 0;
        }
    }
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
                pts = fi.inn ? 0 : 2 * fi.tiles;     /* X7: 2 per tile; an inn: 0 (XI6) */
            else if (k == CARC_XC_SCORE_CITY_BONUS)  /* 2 per tile, 1 per pennant; XI6 */
                pts = fi.cathedral ? 0 : 2 * fi.tiles + fi.pennants;
            else if (k == CARC_XC_SCORE_CLOISTER_BONUS && fi.value > 0)
                pts = 2 * fi.value - 1;              /* 1 + 2 per surrounding tile */
            else if (k == CARC_GIFT_ROAD_SWEEPER)
                pts = fi.value;                      /* the end value, for its holders */
        }
        if (pts >= 0)
            snprintf(lines[n++], PLAY_LINE * 2, "%s here: %d point%s%s%s", play_card_title(k),
                     pts, pts == 1 ? "" : "s",
                     k == CARC_GIFT_ROAD_SWEEPER ? " for whoever holds the road" : " for you",
                     fi.inn && k != CARC_GIFT_CASH_OUT && !fi.completed
                         ? " (an unfinished road with an inn scores nothing)"
                     : fi.cathedral && k != CARC_GIFT_CASH_OUT && !fi.completed
                         ? " (an unfinished city with a cathedral scores nothing)"
                         : "");
    }
    if (decision == CARC_DEC_CARD_DRAW && n < max) {
        int deck = carc_offered_deck(v);
        snprintf(lines[n++], PLAY_LINE * 2, "Offered: the top card of the %s deck (%d left)",
                 deck == 0 ? "Cloister" : "Roadside", carc_xdeck_left(v, deck == 0 ? 0 : 1));
    }
    if (m->kind == CARC_MOVE_FOLLOWER && m->figure != CARC_FIG_MEEPLE && n < max) {
        const char *what =
            m->figure == CARC_FIG_LARGE
                ? "The large meeple counts as two followers when the most followers are counted."
            : m->figure == CARC_FIG_BUILDER
                ? "The builder: when the first tile of a later turn of yours extends this "
                  "feature, you may take a second tile at once (a double turn)."
            : m->figure == CARC_FIG_PIG
                ? "The pig: at the end, if you have the most farmers here, this field scores 4 "
                  "per completed city instead of 3."
            : m->figure == CARC_FIG_ABBOT
                ? "The abbot stands only on a cloister or a garden and scores it like a monk. "
                  "In a later turn, instead of placing a figure, you may take it back and "
                  "score at once 1 point plus 1 for each tile around it."
                : NULL;
        if (what)
            snprintf(lines[n++], PLAY_LINE * 2, "%s", what);
    }
    if (m->kind == CARC_MOVE_RECALL && n < max) {
        int pts = carc_recall_points(v, m);
        snprintf(lines[n++], PLAY_LINE * 2,
                 "Recalling takes your abbot back to your supply and scores %d now, for you "
                 "alone: 1 for its tile and 1 for each tile on the 8 places around it. The "
                 "feature itself is not scored; other followers on it stay.",
                 pts < 0 ? 0 : pts);
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


void play_turned_words(const char *desc, int rot, char *out, size_t size)
{
    static const char *const side[4] = {"N", "E", "S", "W"};
    static const char *const word[4] = {"north", "east", "south", "west"};
    size_t len = 0, turn = (size_t)(((rot % 4) + 4) % 4);

    if (size == 0)
        return;
    out[0] = '\0';
    while (*desc && len + 1 < size) {
        size_t run = 0, k;
        const char *put = NULL;
        while (isalpha((unsigned char)desc[run]))
            run++;
        if (run == 0) {
            out[len++] = *desc++;
            out[len] = '\0';
            continue;
        }
        /* a side, alone or in "N+E", "W-E", "roads E, S, W"; or one spelt out */
        for (k = 0; k < 4 && !put; k++)
            if (run == strlen(side[k]) && strncmp(desc, side[k], run) == 0)
                put = side[(k + turn) % 4];
            else if (run == strlen(word[k]) && strncmp(desc, word[k], run) == 0)
                put = word[(k + turn) % 4];
        len += (size_t)snprintf(out + len, size - len, "%.*s", (int)(put ? strlen(put) : run),
                                put ? put : desc);
        if (len >= size)
            len = size - 1;
        desc += run;
    }
}
