/*
 * event_text.c - events as English sentences, from one table that every front end
 * shares: `carc demo` and the terminal game's log write them here (carc_event_text),
 * and the browser game writes the same sentences from the same table, which the
 * server hands it as JSON (carc_sentences_json, GET /api/sentences; web/js/words.js).
 *
 * A sentence is made from an event's short string (carc_event_string, listed in
 * docs/PROTOCOL.md) and nothing else, so both renderers have the same facts: the
 * table names the words after the event's first word ("score 1 4 completed (0,-1)
 * city:S": seat, points, reason, at, segment) and gives the sentence with those
 * names as {placeholders}. Besides the words themselves:
 *   {seat}     the seat: "seat 1" here, the player's name in the browser
 *   {card}     the card's display name (card_text.c), or in a reason the card the
 *              reason is named after ("road_sweeper")
 *   {feature}  the feature at {at} and {segment}: the "feature" or, for a cloister,
 *              the "cloister" sentence of the table, with {type} and {port}
 *   {why}      the reason's sentence
 * A card hidden from a view is "?" in the short string; the event's "KEY?" entry,
 * when there is one, says it without the card. A figure other than a meeple is the
 * last word of follower and back; the event's "KEY:FIGURE" entry ("follower:large")
 * says it with that figure. A tile of The River (its name begins "RI") picks the
 * event's "KEY:river" entry ("remove:river"). An event the table does not know is shown
 * as its short string.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_int.h"

typedef struct sentence {
    const char *key;
    const char *words;  /* the names of the words after the first, blank-separated */
    const char *text;
} sentence;

/* In players' words (issue 21): no tile letters, no coordinates, no ports, no rule
 * ids. Where a thing is, the front ends show on the board (the browser highlights the
 * feature of a notice; the terminal's log sits beside the board it names). */
static const sentence event_sentences[] = {
    {"draw", "tile", "A tile is drawn."},
    {"remove", "tile", "A tile that fits nowhere leaves the game."},
    {"remove:river", "tile", "A river tile that cannot continue the river leaves the game."},
    {"return", "tile depth", "The tile not placed goes back into the stack."},
    {"place", "seat tile at rotation", "{seat} places a tile."},
    {"follower", "seat at segment figure", "{seat} puts a follower on {feature}."},
    {"follower:large", "seat at segment figure", "{seat} puts a large meeple on {feature}."},
    {"follower:abbot", "seat at segment figure", "{seat} puts their abbot on {feature}."},
    {"follower:builder", "seat at segment figure", "{seat} puts their builder on {feature}."},
    {"follower:pig", "seat at segment figure", "{seat} puts their pig in {feature}."},
    {"follower:mayor", "seat at segment figure", "{seat} puts their mayor on {feature}."},
    {"follower:wagon", "seat at segment figure", "{seat} puts their wagon on {feature}."},
    {"follower:barn", "seat at segment figure",
     "{seat} builds their barn where four fields meet."},
    {"score", "seat points reason at segment", "{seat} scores {points} {why}."},
    {"bank", "seat points reason at segment",
     "{seat} banks {points} for completing {feature}, locked: paid at the end."},
    {"paid", "seat points", "{seat} is paid {points} banked points."},
    {"token", "seat at segment", "{seat} puts a tie-break token on {feature}."},
    {"lock", "seat at segment", "{seat} locks {feature}."},
    {"back", "seat at segment figure", "{seat}'s follower on {feature} returns to the supply."},
    {"back:large", "seat at segment figure",
     "{seat}'s large meeple on {feature} returns to the supply."},
    {"back:abbot", "seat at segment figure", "{seat}'s abbot on {feature} returns to the supply."},
    {"back:builder", "seat at segment figure",
     "{seat}'s builder on {feature} returns to the supply."},
    {"back:pig", "seat at segment figure", "{seat}'s pig in {feature} returns to the supply."},
    {"back:mayor", "seat at segment figure", "{seat}'s mayor on {feature} returns to the supply."},
    {"back:wagon", "seat at segment figure", "{seat}'s wagon on {feature} returns to the supply."},
    {"goods", "seat count goods at segment", "{seat} takes {count} {goods}."},
    {"double", "seat", "{seat} may take a second turn: their tile extended a feature of their builder."},
    {"floor", "seat at height", "{seat} builds a tower floor: the tower is {height} high."},
    {"capture", "seat owner at segment figure",
     "{seat} captures a follower on {feature}: their prisoner now."},
    {"capture:large", "seat owner at segment figure",
     "{seat} captures a large meeple on {feature}: their prisoner now."},
    {"capture:abbot", "seat owner at segment figure",
     "{seat} captures an abbot on {feature}: their prisoner now."},
    {"capture:mayor", "seat owner at segment figure",
     "{seat} captures a mayor on {feature}: their prisoner now."},
    {"capture:wagon", "seat owner at segment figure",
     "{seat} captures a wagon on {feature}: their prisoner now."},
    {"freed", "seat holder figure", "{seat}'s prisoner comes back to their supply."},
    {"gift", "seat card", "{seat} receives the gift {card}."},
    {"gift?", "seat card", "{seat} receives a gift."},
    {"card", "seat card", "{seat} draws {card}."},
    {"card?", "seat card", "{seat} takes a Christmas card into hand."},
    {"play", "seat card", "{seat} plays {card}."},
    {"discard", "card", "{card} is discarded."},
    {"aside", "seat tile", "A dragon tile is shown and set aside until the first volcano."},
    {"dragon", "seat at figure", "The dragon moves."},
    {"dragon:put", "seat at figure", "{seat} places a volcano: the dragon flies onto it."},
    {"dragon:walked", "seat at figure", "{seat} moves the dragon one tile."},
    {"fairy", "seat at port figure", "The fairy moves."},
    {"fairy:assigned", "seat at port figure", "{seat} puts the fairy next to their follower."},
    {"fairy:alone", "seat at port figure",
     "The fairy's follower has left: the fairy stays on its tile, next to nobody."},
    {"over", "", "The game is over."},
};

/* Why points were scored: the end of "{seat} scores {points} {why}." */
static const sentence reason_sentences[] = {
    {"completed", "", "for completing {feature}"},
    {"modifier", "", "for completing {feature}, with a scoring modifier"},
    {"final", "", "at the end for an unfinished {type}"},
    {"field", "", "at the end for {feature} (3 per completed city)"},
    {"field_bonus", "", "more for {feature} (field bonus card)"},
    {"road_sweeper", "", "for {feature} ({card})"},
    {"cash_out", "", "cashing out of {feature} ({card})"},
    {"score_card", "", "for {feature}, scored now by a card"},
    {"score_three", "", "({card})"},
    {"supply_bonus", "", "for the followers in supply ({card})"},
    {"gifts", "", "for unopened gifts"},
    {"pig", "", "more for {feature}: their pig is there (4 per completed city)"},
    {"goods", "", "for the most goods of a kind"},
    {"recall", "", "recalling their abbot from {feature}"},
    {"fairy", "", "for the fairy next to their follower"},
    {"fairy_bonus", "", "more for {feature}: the fairy stands by their follower"},
    {"ransom", "", "for a prisoner's ransom"},
    {"barn", "", "for {feature}: a barn field (its farmers in play, the barns at the end)"},
};

static const sentence feature_sentences[] = {
    {"feature", "", "a {type}"},
    {"cloister", "", "a cloister"},
};

enum { TEXT_WORDS = 8, TEXT_SHORT = 128 };

static const sentence *text_find(const sentence *t, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].key, key) == 0)
            return &t[i];
    return NULL;
}

#define TEXT_FIND(table, key) text_find((table), sizeof(table) / sizeof *(table), (key))

/* Splits s in place at its blanks into at most max words (no strtok: its hidden state
 * would make the layer unsafe for the server's threads). Returns the count. */
static int text_split(char *s, char **word, int max)
{
    int n = 0;
    while (*s && n < max) {
        while (*s == ' ')
            *s++ = '\0';
        if (!*s)
            break;
        word[n++] = s;
        while (*s && *s != ' ')
            s++;
    }
    if (*s)
        *s = '\0';
    return n;
}

/* The words of an event and the names the table gives them. */
typedef struct text_fields {
    char *name[TEXT_WORDS];
    const char *value[TEXT_WORDS];
    int n;
    char names[64];
} text_fields;

static const char *text_field(const text_fields *f, const char *name, size_t len)
{
    for (int i = 0; i < f->n; i++)
        if (strlen(f->name[i]) == len && strncmp(f->name[i], name, len) == 0)
            return f->value[i];
    return NULL;
}

static void text_expand(strbuf *b, const char *text, const text_fields *f, const char *reason);

/* A card id as its display name (an unknown id as it is). */
static void text_card(strbuf *b, const char *id)
{
    int card = id ? carc_card_parse(id, strlen(id)) : CARC_CARD_NONE;
    const carc_card_info *info = carc_card_info_of(card);
    sb_puts(b, info ? info->name : id ? id : "?");
}

/* One {placeholder} of `name` (len bytes). */
static void text_placeholder(strbuf *b, const char *name, size_t len, const text_fields *f,
                             const char *reason)
{
    const char *v;
    if (len == 4 && strncmp(name, "seat", 4) == 0 && (v = text_field(f, "seat", 4))) {
        sb_printf(b, "seat %s", v);
    } else if (len == 4 && strncmp(name, "card", 4) == 0) {
        text_card(b, reason ? reason : text_field(f, "card", 4));
    } else if (len == 7 && strncmp(name, "feature", 7) == 0) {
        const char *seg = text_field(f, "segment", 7);
        int cloister = seg && strncmp(seg, "cloister:", 9) == 0;
        text_expand(b, feature_sentences[cloister].text, f, NULL);
    } else if ((len == 4 && strncmp(name, "type", 4) == 0) ||
               (len == 4 && strncmp(name, "port", 4) == 0)) {
        /* the two halves of the segment word TYPE:PORT */
        const char *seg = text_field(f, "segment", 7);
        const char *colon = seg ? strchr(seg, ':') : NULL;
        if (!colon)
            sb_puts(b, "?");
        else if (name[0] == 't')
            sb_raw(b, seg, (size_t)(colon - seg));
        else
            sb_puts(b, colon + 1);
    } else if (len == 3 && strncmp(name, "why", 3) == 0) {
        const char *r = text_field(f, "reason", 6);
        const sentence *s = r ? TEXT_FIND(reason_sentences, r) : NULL;
        if (s)
            text_expand(b, s->text, f, r);
        else
            sb_printf(b, "(%s)", r ? r : "?");
    } else if ((v = text_field(f, name, len))) {
        sb_puts(b, v);
    } else {
        sb_putc(b, '{');
        sb_raw(b, name, len);
        sb_putc(b, '}');
    }
}

/* Appends text with every {placeholder} filled. reason: the reason being told (for
 * its {card}), or NULL. */
static void text_expand(strbuf *b, const char *text, const text_fields *f, const char *reason)
{
    for (const char *p = text; *p;) {
        const char *close = p[0] == '{' ? strchr(p, '}') : NULL;
        if (!close) {
            sb_putc(b, *p++);
            continue;
        }
        text_placeholder(b, p + 1, (size_t)(close - p - 1), f, reason);
        p = close + 1;
    }
}

int carc_event_text(const carc_event *e, char *buf, size_t size)
{
    char line[TEXT_SHORT], key[24];
    char *word[TEXT_WORDS + 1];
    carc_event_string(e, line, sizeof line);
    int nw = text_split(line, word, TEXT_WORDS + 1);
    const sentence *s = nw ? TEXT_FIND(event_sentences, word[0]) : NULL;
    if (!s) {
        carc_event_string(e, buf, size);
        return (int)strlen(buf);
    }
    text_fields f;
    snprintf(f.names, sizeof f.names, "%s", s->words);
    f.n = text_split(f.names, f.name, TEXT_WORDS);
    if (f.n > nw - 1)
        f.n = nw - 1;  /* a short string without its last words */
    for (int i = 0; i < f.n; i++)
        f.value[i] = word[i + 1];
    const char *card = text_field(&f, "card", 4);
    if (card && strcmp(card, "?") == 0) {
        snprintf(key, sizeof key, "%s?", s->key);
        const sentence *hidden = TEXT_FIND(event_sentences, key);
        if (hidden)
            s = hidden;
    }
    const char *figure = text_field(&f, "figure", 6);
    if (figure) {
        snprintf(key, sizeof key, "%s:%.10s", s->key, figure);
        const sentence *with = TEXT_FIND(event_sentences, key);
        if (with)
            s = with;
    }
    const char *tile = text_field(&f, "tile", 4);
    if (tile && strncmp(tile, "RI", 2) == 0) {  /* a river tile: RI/s, RI.1/... */
        snprintf(key, sizeof key, "%s:river", s->key);
        const sentence *river = TEXT_FIND(event_sentences, key);
        if (river)
            s = river;
    }
    strbuf b;
    sb_init(&b, 0);
    text_expand(&b, s->text, &f, NULL);
    const char *text = sb_str(&b);
    int n = snprintf(buf, size, "%s", text ? text : "(out of memory)");
    sb_free(&b);
    return n;
}

static void text_table_json(strbuf *b, const char *name, const sentence *t, size_t n,
                            int with_words)
{
    sb_json_string(b, name);
    sb_puts(b, ":{");
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_putc(b, ',');
        sb_json_string(b, t[i].key);
        sb_putc(b, ':');
        if (!with_words) {
            sb_json_string(b, t[i].text);
            continue;
        }
        sb_puts(b, "{\"text\":");
        sb_json_string(b, t[i].text);
        sb_puts(b, ",\"words\":[");
        char names[64], *word[TEXT_WORDS];
        snprintf(names, sizeof names, "%s", t[i].words);
        int nw = text_split(names, word, TEXT_WORDS);
        for (int k = 0; k < nw; k++) {
            if (k)
                sb_putc(b, ',');
            sb_json_string(b, word[k]);
        }
        sb_puts(b, "]}");
    }
    sb_putc(b, '}');
}

char *carc_sentences_json(void)
{
    strbuf b;
    sb_init(&b, 0);
    sb_putc(&b, '{');
    text_table_json(&b, "events", event_sentences,
                    sizeof event_sentences / sizeof *event_sentences, 1);
    sb_putc(&b, ',');
    text_table_json(&b, "features", feature_sentences,
                    sizeof feature_sentences / sizeof *feature_sentences, 0);
    sb_putc(&b, ',');
    text_table_json(&b, "reasons", reason_sentences,
                    sizeof reason_sentences / sizeof *reason_sentences, 0);
    sb_putc(&b, '}');
    return sb_take(&b);
}
