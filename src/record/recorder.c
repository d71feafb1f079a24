/*
 * recorder.c - writing a game record while a game is played (docs/RECORD.md).
 *
 * The recorder keeps the configuration, the moves in canonical notation and, for
 * the start and after every move, the events a reader needs (events.c). The JSON
 * is written with sorted keys on one line, so the same game always gives the same
 * bytes.
 */
#include <stdlib.h>
#include <string.h>
#include "record_int.h"

struct carc_recorder {
    carc_config cfg;
    json_t *moves;   /* array of move strings */
    json_t *events;  /* array: the start, then one array per move */
    json_t *seats;   /* array of player kinds, or NULL when not given */
};

carc_recorder *carc_recorder_new(const carc_config *cfg, const carc_game *g)
{
    carc_recorder *r;
    json_t *first;

    if (cfg == NULL || g == NULL)
        return NULL;
    r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    r->cfg = *cfg;
    r->moves = json_array();
    r->events = json_array();
    first = rec_events_json(g);
    if (r->moves == NULL || r->events == NULL || first == NULL
        || json_array_append_new(r->events, first) != 0) {
        carc_recorder_free(r);
        return NULL;
    }
    return r;
}

/* Returns CARC_OK, or CARC_E_ILLEGAL when the move cannot be written in notation
 * against `before` (nothing is recorded then), CARC_E_INVALID on out of memory. */
int carc_recorder_add(carc_recorder *r, const carc_game *before, const carc_move *m,
                      const carc_game *after)
{
    char text[CARC_NOTATION_MAX];
    json_t *ev;

    if (carc_move_format(before, m, text, sizeof text) < 0)
        return CARC_E_ILLEGAL;
    ev = rec_events_json(after);
    if (ev == NULL)
        return CARC_E_INVALID;
    if (json_array_append_new(r->moves, json_string(text)) != 0) {
        json_decref(ev);
        return CARC_E_INVALID;
    }
    if (json_array_append_new(r->events, ev) != 0) {
        json_array_remove(r->moves, json_array_size(r->moves) - 1);
        return CARC_E_INVALID;
    }
    return CARC_OK;
}

/* A fixed deck as an array of card ids. */
static json_t *deck_json(const uint8_t *cards, int len)
{
    json_t *arr = json_array();
    int i;

    for (i = 0; arr != NULL && i < len; i++) {
        const char *name = carc_card_name(cards[i]);
        if (name == NULL || json_array_append_new(arr, json_string(name)) != 0) {
            json_decref(arr);
            return NULL;
        }
    }
    return arr;
}

/* The fixed stack: a string of tile letters while it holds base tiles only (the
 * form every record had before the expansions' tiles), else an array of tile names
 * ("A", "IC/RFr.i"). */
static json_t *stack_json(const carc_config *cfg)
{
    char letters[CARC_STACK + 1];
    int i, n = cfg->stack_len < CARC_STACK ? cfg->stack_len : CARC_STACK, base = 1;
    json_t *arr;

    for (i = 0; i < n; i++) {
        const carc_tile_def *def = carc_tile_def_of(cfg->stack[i]);
        if (def == NULL)
            return NULL;
        if (def->letter == 0)
            base = 0;
        letters[i] = def->letter;
    }
    letters[i] = '\0';
    if (base)
        return json_string(letters);
    arr = json_array();
    for (i = 0; arr != NULL && i < n; i++) {
        if (json_array_append_new(arr, json_string(carc_tile_def_of(cfg->stack[i])->name)) != 0) {
            json_decref(arr);
            return NULL;
        }
    }
    return arr;
}

/* Sets key to a new value; a NULL value (a failed build) fails the whole object. */
static int put(json_t *obj, const char *key, json_t *value)
{
    return value != NULL && json_object_set_new(obj, key, value) == 0 ? 0 : -1;
}

char *carc_recorder_json(const carc_recorder *r, const carc_game *g)
{
    const carc_config *c = &r->cfg;
    char names[CARC_EXPANSIONS_NAME_SIZE];
    const char *exp = carc_expansions_name(c->expansions, names, sizeof names);
    json_t *o = json_object(), *scores;
    char *text = NULL;
    int bad = 0, i;

    if (o == NULL || exp == NULL || c->seed > (uint64_t)INT64_MAX) {
        json_decref(o);
        return NULL;
    }
    bad |= put(o, "carc", json_integer(1));
    bad |= put(o, "players", json_integer(c->players));
    bad |= put(o, "seed", json_integer((json_int_t)c->seed));
    bad |= put(o, "expansions", json_string(exp));
    if (c->stack_len >= 0) {
        bad |= put(o, "stack", stack_json(c));
        if (c->return_pos != -1)
            bad |= put(o, "return_pos", json_integer(c->return_pos));
        if (c->aside_len > 0) {
            json_t *a = json_array();
            for (i = 0; a != NULL && i < c->aside_len; i++)
                bad |= json_array_append_new(a, json_integer(c->aside_pos[i]));
            bad |= put(o, "aside_pos", a);
        }
    }
    if (c->gift_deck_len >= 0)
        bad |= put(o, "gift_deck", deck_json(c->gift_deck, c->gift_deck_len));
    if (c->cloister_deck_len >= 0)
        bad |= put(o, "cloister_deck", deck_json(c->cloister_deck, c->cloister_deck_len));
    if (c->roadside_deck_len >= 0)
        bad |= put(o, "roadside_deck", deck_json(c->roadside_deck, c->roadside_deck_len));
    bad |= json_object_set(o, "moves", r->moves);
    bad |= json_object_set(o, "events", r->events);
    if (r->seats != NULL)
        bad |= json_object_set(o, "seats", r->seats);
    if (g != NULL && carc_is_over(g)) {
        scores = json_array();
        for (i = 0; scores != NULL && i < carc_players(g); i++)
            if (json_array_append_new(scores, json_integer(carc_score(g, i))) != 0)
                bad = 1;
        bad |= put(o, "scores", scores);
    }
    if (!bad)
        text = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(o);
    return text;
}

int carc_recorder_set_seats(carc_recorder *r, int n, const char *const *kinds)
{
    json_t *a;
    int i;

    if (r == NULL || kinds == NULL || n != r->cfg.players)
        return CARC_E_INVALID;
    for (i = 0; i < n; i++)
        if (!rec_seat_kind_ok(kinds[i]))
            return CARC_E_INVALID;
    if ((a = json_array()) == NULL)
        return CARC_E_INVALID;
    for (i = 0; i < n; i++)
        if (json_array_append_new(a, json_string(kinds[i])) != 0) {
            json_decref(a);
            return CARC_E_INVALID;
        }
    json_decref(r->seats);
    r->seats = a;
    return CARC_OK;
}

void carc_recorder_free(carc_recorder *r)
{
    if (r == NULL)
        return;
    json_decref(r->seats);
    json_decref(r->moves);
    json_decref(r->events);
    free(r);
}
