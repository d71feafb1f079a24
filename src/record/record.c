/*
 * record.c - reading a game record (docs/RECORD.md) strictly, and its accessors.
 *
 * The JSON is loaded with duplicate keys rejected; then every key is checked
 * against the table of known keys, every value against its type and range, the
 * stack and the fixed decks against the number of copies that exist. The first
 * problem found is reported, naming its key. A parsed record keeps the JSON tree;
 * carc_record_move returns strings owned by it.
 */
#include <stdlib.h>
#include <string.h>
#include "record_int.h"

/* The keys a record may hold. */
static const struct {
    const char *key;
    int required;
} record_keys[] = {
    { "carc", 1 },
    { "players", 1 },
    { "seed", 1 },
    { "expansions", 0 },
    { "stack", 0 },
    { "return_pos", 0 },
    { "aside_pos", 0 },
    { "gift_deck", 0 },
    { "cloister_deck", 0 },
    { "roadside_deck", 0 },
    { "moves", 1 },
    { "events", 0 },
    { "scores", 0 },
    { "seats", 0 },
};

enum { NKEYS = sizeof record_keys / sizeof record_keys[0] };

/* An integer value in [lo, hi]; fails naming the key. */
static int get_int(const json_t *v, const char *key, json_int_t lo, json_int_t hi,
                   json_int_t *out, carc_error *err)
{
    if (!json_is_integer(v)) {
        rec_error(err, CARC_E_CONFIG, "record key \"%s\": expected an integer", key);
        return -1;
    }
    *out = json_integer_value(v);
    if (*out < lo || *out > hi) {
        rec_error(err, CARC_E_CONFIG, "record key \"%s\": %lld is out of range %lld..%lld",
                  key, (long long)*out, (long long)lo, (long long)hi);
        return -1;
    }
    return 0;
}

/* "aside_pos": where a fixed stack puts the tiles set aside until the first volcano
 * back (PD4), -1 (the bottom) or a depth from the top, one per tile in the order
 * they were set aside; the engine checks the rest (carc_new). */
static int read_aside(const json_t *v, carc_config *cfg, carc_error *err)
{
    size_t i;
    json_t *w;
    json_int_t n;
    if (!json_is_array(v) || json_array_size(v) > CARC_ASIDE_MAX) {
        rec_error(err, CARC_E_CONFIG, "record key \"aside_pos\": expected an array of at most "
                  "%d integers", CARC_ASIDE_MAX);
        return -1;
    }
    if (cfg->stack_len < 0) {
        rec_error(err, CARC_E_CONFIG, "record key \"aside_pos\": needs a fixed \"stack\"");
        return -1;
    }
    json_array_foreach(v, i, w) {
        if (get_int(w, "aside_pos", -1, CARC_STACK - 1, &n, err) != 0)
            return -1;
        cfg->aside_pos[i] = (int)n;
    }
    cfg->aside_len = (int)json_array_size(v);
    return 0;
}

/* The expansion of a set that takes a tile of `kind` out of the stack (the set
 * without it has the tile), 0 if none. */
static unsigned taken_by(unsigned expansions, int kind)
{
    for (unsigned m = expansions; m != 0; m &= m - 1) {
        unsigned bit = m & -m;
        if (carc_tile_count(expansions & ~bit, kind) > 0)
            return bit;
    }
    return 0;
}

/* One tile of "stack" (the i-th, named by name[0..len)) into cfg->stack[i]: a known
 * tile of the record's set, no more copies of a kind than that set's stack has
 * (carc_tile_count, less the start tile). Whether the river tiles come first is the
 * engine's check (carc_new). */
static int stack_tile(const char *name, size_t len, size_t i, int *used, carc_config *cfg,
                      carc_error *err)
{
    int kind = carc_tile_kind_named(name, len), have;
    const carc_tile_def *def = kind >= 0 ? carc_tile_def_of(kind) : NULL;
    char echo[CLIP_ECHO_SIZE];

    if (def == NULL) {
        rec_error(err, CARC_E_CONFIG, "record key \"stack\": unknown tile \"%s\" at %zu",
                  clip_text(name, CLIP_ECHO, echo, sizeof echo), i);
        return -1;
    }
    have = carc_tile_count(cfg->expansions, kind) - (kind == carc_start_kind(cfg->expansions));
    if (++used[kind] > have) {
        if (have <= 0 && (def->expansion & ~cfg->expansions) != 0) {
            char names[CARC_EXPANSIONS_NAME_SIZE];
            const char *need = carc_expansions_name(def->expansion, names, sizeof names);
            rec_error(err, CARC_E_CONFIG,
                      "record key \"stack\": tile \"%s\" needs the expansion%s %s", def->name,
                      (def->expansion & (def->expansion - 1)) != 0 ? "s" : "",
                      need != NULL ? need : "?");
        } else if (have <= 0) {
            const carc_expansion_info *by = carc_expansion_of(taken_by(cfg->expansions, kind));
            char why[64] = "";
            if (kind == carc_start_kind(cfg->expansions))
                snprintf(why, sizeof why, " (it is the start tile)");
            else if (by != NULL)  /* only The Abbot takes tiles out, for their garden twins */
                snprintf(why, sizeof why, " (with %s its garden tile takes its place)", by->name);
            rec_error(err, CARC_E_CONFIG, "record key \"stack\": no \"%s\" tile in the stack%s",
                      def->name, why);
        } else if (def->letter != 0)
            rec_error(err, CARC_E_CONFIG,
                      "record key \"stack\": too many '%c' tiles (the stack has %d)",
                      def->letter, have);
        else
            rec_error(err, CARC_E_CONFIG,
                      "record key \"stack\": too many \"%s\" tiles (the stack has %d)",
                      def->name, have);
        return -1;
    }
    cfg->stack[i] = (uint8_t)kind;
    return 0;
}

/* "stack": a string of tile letters (base tiles), or an array of tile names (any
 * tile of the record's set); no more tiles than that set's stack holds. The
 * expansions must be read first. */
static int read_stack(const json_t *v, carc_config *cfg, carc_error *err)
{
    int used[CARC_TILE_KINDS] = { 0 }, max = -1;  /* the start tile is not in the stack */
    size_t len, i;

    for (int k = 0; k < CARC_TILE_KINDS; k++)
        max += carc_tile_count(cfg->expansions, k);
    if (!json_is_string(v) && !json_is_array(v)) {
        rec_error(err, CARC_E_CONFIG,
                  "record key \"stack\": expected a string of tile letters or an array of tile names");
        return -1;
    }
    len = json_is_string(v) ? json_string_length(v) : json_array_size(v);
    if (len > (size_t)max || len > CARC_STACK) {
        rec_error(err, CARC_E_CONFIG, "record key \"stack\": %zu tiles, at most %d", len, max);
        return -1;
    }
    for (i = 0; i < len; i++) {
        if (json_is_string(v)) {
            const char *s = json_string_value(v);
            if (carc_tile_kind(s[i]) < 0) {
                rec_error(err, CARC_E_CONFIG,
                          "record key \"stack\": unknown tile letter '%c' at %zu",
                          s[i] >= 32 && s[i] < 127 ? s[i] : '?', i);
                return -1;
            }
            if (stack_tile(s + i, 1, i, used, cfg, err) != 0)
                return -1;
        } else {
            const json_t *t = json_array_get(v, i);
            if (!json_is_string(t)) {
                rec_error(err, CARC_E_CONFIG, "record key \"stack\": entry %zu is not a tile name", i);
                return -1;
            }
            if (stack_tile(json_string_value(t), json_string_length(t), i, used, cfg, err) != 0)
                return -1;
        }
    }
    cfg->stack_len = (int)len;
    return 0;
}

/* A fixed deck, if the key is present: an array of card ids of its own kinds, at
 * most `copies` of each, written to cards[0..*len) (capacity cap). The deck is
 * expansion `bit`'s (the registry's carc_deck_info). */
static int read_deck(const json_t *root, const carc_deck_info *rule, unsigned bit,
                     unsigned expansions, uint8_t *cards, size_t cap, int *len, carc_error *err)
{
    int used[CARC_CARDS] = { 0 };
    const json_t *v = json_object_get(root, rule->key);
    size_t i, n;

    if (v == NULL)
        return 0;
    if (!(expansions & bit)) {
        rec_error(err, CARC_E_CONFIG, "record key \"%s\": the expansion is not in play",
                  rule->key);
        return -1;
    }
    if (!json_is_array(v)) {
        rec_error(err, CARC_E_CONFIG, "record key \"%s\": expected an array of card ids",
                  rule->key);
        return -1;
    }
    n = json_array_size(v);
    if (n > cap) {
        rec_error(err, CARC_E_CONFIG, "record key \"%s\": %zu cards, at most %zu", rule->key,
                  n, cap);
        return -1;
    }
    for (i = 0; i < n; i++) {
        const json_t *c = json_array_get(v, i);
        const char *s = json_string_value(c);
        int card = s != NULL ? carc_card_parse(s, json_string_length(c)) : CARC_CARD_NONE;

        if (s == NULL) {
            rec_error(err, CARC_E_CONFIG, "record key \"%s\": entry %zu is not a string",
                      rule->key, i);
            return -1;
        }
        if (card < rule->first || card > rule->last) {
            rec_error(err, CARC_E_CONFIG, "record key \"%s\": \"%.40s\" is not a card of this deck",
                      rule->key, s);
            return -1;
        }
        if (++used[card] > rule->copies) {
            rec_error(err, CARC_E_CONFIG, "record key \"%s\": more than %d \"%s\" cards",
                      rule->key, rule->copies, s);
            return -1;
        }
        cards[i] = (uint8_t)card;
    }
    *len = (int)n;
    return 0;
}

/* The configuration's array of a deck key (carc_config holds one per deck the
 * registry lists); NULL for a key it has none for. */
static uint8_t *config_deck(carc_config *cfg, const char *key, size_t *cap, int **len)
{
    if (strcmp(key, "gift_deck") == 0) {
        *cap = sizeof cfg->gift_deck;
        *len = &cfg->gift_deck_len;
        return cfg->gift_deck;
    }
    if (strcmp(key, "cloister_deck") == 0) {
        *cap = sizeof cfg->cloister_deck;
        *len = &cfg->cloister_deck_len;
        return cfg->cloister_deck;
    }
    if (strcmp(key, "roadside_deck") == 0) {
        *cap = sizeof cfg->roadside_deck;
        *len = &cfg->roadside_deck_len;
        return cfg->roadside_deck;
    }
    return NULL;
}

/* Every fixed deck the registry's expansions bring, in their order. */
static int read_decks(const json_t *root, carc_config *cfg, carc_error *err)
{
    for (int i = 0; i < carc_expansion_count(); i++) {
        const carc_expansion_info *e = carc_expansion_at(i);
        for (const carc_deck_info *d = e->decks; d != NULL && d->key != NULL; d++) {
            size_t cap;
            int *len;
            uint8_t *cards = config_deck(cfg, d->key, &cap, &len);
            if (cards == NULL || read_deck(root, d, e->bit, cfg->expansions, cards, cap, len,
                                           err) != 0) {
                if (cards == NULL)
                    rec_error(err, CARC_E_CONFIG, "record key \"%s\": no such deck", d->key);
                return -1;
            }
        }
    }
    return 0;
}

/* "moves": an array of strings. */
static int read_moves(const json_t *v, carc_error *err)
{
    size_t i;

    if (!json_is_array(v)) {
        rec_error(err, CARC_E_CONFIG, "record key \"moves\": expected an array of strings");
        return -1;
    }
    for (i = 0; i < json_array_size(v); i++) {
        if (!json_is_string(json_array_get(v, i))) {
            rec_error(err, CARC_E_CONFIG, "record key \"moves\": move %zu is not a string",
                      i + 1);
            return -1;
        }
    }
    return 0;
}

/* "events": one array of strings for the start and one per move. */
static int read_events(const json_t *v, size_t nmoves, carc_error *err)
{
    size_t i, j;

    if (!json_is_array(v)) {
        rec_error(err, CARC_E_CONFIG, "record key \"events\": expected an array");
        return -1;
    }
    if (json_array_size(v) != nmoves + 1) {
        rec_error(err, CARC_E_CONFIG,
                  "record key \"events\": %zu entries, expected %zu (the start and one per move)",
                  json_array_size(v), nmoves + 1);
        return -1;
    }
    for (i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        if (!json_is_array(e)) {
            rec_error(err, CARC_E_CONFIG, "record key \"events\": entry %zu is not an array", i);
            return -1;
        }
        for (j = 0; j < json_array_size(e); j++) {
            if (!json_is_string(json_array_get(e, j))) {
                rec_error(err, CARC_E_CONFIG,
                          "record key \"events\": entry %zu holds a non-string", i);
                return -1;
            }
        }
    }
    return 0;
}

/* "scores": one integer per player. */
static int read_scores(const json_t *v, carc_record *rec, carc_error *err)
{
    size_t i;
    json_int_t s;

    if (!json_is_array(v) || json_array_size(v) != (size_t)rec->cfg.players) {
        rec_error(err, CARC_E_CONFIG, "record key \"scores\": expected an array of %d integers",
                  rec->cfg.players);
        return -1;
    }
    for (i = 0; i < json_array_size(v); i++) {
        if (get_int(json_array_get(v, i), "scores", -100000, 100000, &s, err) != 0)
            return -1;
        rec->scores[i] = (int)s;
    }
    rec->has_scores = 1;
    return 0;
}

int rec_seat_kind_ok(const char *k)
{
    size_t n = k != NULL ? strlen(k) : 0, j;
    if (n == 0 || n >= CARC_RECORD_SEAT_LEN)
        return 0;
    for (j = 0; j < n; j++)
        if (!((k[j] >= 'a' && k[j] <= 'z') || (k[j] >= '0' && k[j] <= '9') || k[j] == ':' ||
              k[j] == '.' || k[j] == '_' || k[j] == '-'))
            return 0;
    return 1;
}

/* "seats": who played each seat, one player kind per seat as `carc play --players`
 * names it ("human", "greedy", "mcts:1000"...), so that a game resumed goes on with the
 * same players. Kept as text: the record layer knows no players. */
static int read_seats(const json_t *v, carc_record *rec, carc_error *err)
{
    size_t i;

    if (!json_is_array(v) || json_array_size(v) != (size_t)rec->cfg.players) {
        rec_error(err, CARC_E_CONFIG, "record key \"seats\": expected an array of %d strings",
                  rec->cfg.players);
        return -1;
    }
    for (i = 0; i < json_array_size(v); i++) {
        if (!rec_seat_kind_ok(json_string_value(json_array_get(v, i)))) {
            rec_error(err, CARC_E_CONFIG, "record key \"seats\": entry %zu is not a player kind "
                      "(1 to %d characters of a-z 0-9 : . _ -)", i, CARC_RECORD_SEAT_LEN - 1);
            return -1;
        }
    }
    rec->seats = v;
    return 0;
}

/* Checks the key set: no unknown key, every required key present. */
static int check_keys(const json_t *root, carc_error *err)
{
    const char *key;
    json_t *v;
    size_t i;

    json_object_foreach((json_t *)root, key, v) {
        for (i = 0; i < NKEYS; i++)
            if (strcmp(key, record_keys[i].key) == 0)
                break;
        if (i == NKEYS) {
            rec_error(err, CARC_E_CONFIG, "unknown record key \"%.60s\"", key);
            return -1;
        }
    }
    for (i = 0; i < NKEYS; i++) {
        if (record_keys[i].required && json_object_get(root, record_keys[i].key) == NULL) {
            rec_error(err, CARC_E_CONFIG, "record key \"%s\" is missing", record_keys[i].key);
            return -1;
        }
    }
    return 0;
}

/* Fills rec from the JSON tree rec->root. */
static int read_record(carc_record *rec, carc_error *err)
{
    const json_t *root = rec->root, *v;
    carc_config *cfg = &rec->cfg;
    json_int_t n;

    if (!json_is_object(root)) {
        rec_error(err, CARC_E_CONFIG, "a record must be a JSON object");
        return -1;
    }
    if (check_keys(root, err) != 0)
        return -1;
    carc_config_init(cfg);
    cfg->stack_len = -1;
    cfg->return_pos = -1;
    cfg->gift_deck_len = cfg->cloister_deck_len = cfg->roadside_deck_len = -1;

    if (get_int(json_object_get(root, "carc"), "carc", 1, 1, &n, err) != 0)
        return -1;
    if (get_int(json_object_get(root, "players"), "players", CARC_MIN_PLAYERS,
                CARC_MAX_PLAYERS, &n, err) != 0)
        return -1;
    cfg->players = (int)n;
    if (get_int(json_object_get(root, "seed"), "seed", 0, INT64_MAX, &n, err) != 0)
        return -1;
    cfg->seed = (uint64_t)n;
    if ((v = json_object_get(root, "expansions")) != NULL) {
        carc_error e;
        if (!json_is_string(v)) {
            rec_error(err, CARC_E_CONFIG, "record key \"expansions\": expected a string");
            return -1;
        }
        if (carc_expansions_parse(json_string_value(v), &cfg->expansions, &e) != 0) {
            rec_error(err, CARC_E_CONFIG, "record key \"expansions\": %s", e.msg);
            return -1;
        }
    }
    /* 6 players only with Inns & Cathedrals (I2): the registry says who seats more */
    if (cfg->players > carc_max_players(cfg->expansions)) {
        const carc_expansion_info *more = carc_expansion_seating(cfg->players);
        rec_error(err, CARC_E_CONFIG, "record key \"players\": %d players need the expansion "
                  "%s (else %d..%d)", cfg->players, more != NULL ? more->name : "?",
                  CARC_MIN_PLAYERS, carc_max_players(cfg->expansions));
        return -1;
    }
    if ((v = json_object_get(root, "stack")) != NULL && read_stack(v, cfg, err) != 0)
        return -1;
    if ((v = json_object_get(root, "return_pos")) != NULL) {
        if (get_int(v, "return_pos", -1, CARC_STACK, &n, err) != 0)
            return -1;
        if (cfg->stack_len < 0) {
            rec_error(err, CARC_E_CONFIG, "record key \"return_pos\": needs a fixed \"stack\"");
            return -1;
        }
        cfg->return_pos = (int)n;
    }
    if ((v = json_object_get(root, "aside_pos")) != NULL && read_aside(v, cfg, err) != 0)
        return -1;
    if (read_decks(root, cfg, err) != 0)
        return -1;
    rec->moves = json_object_get(root, "moves");
    if (read_moves(rec->moves, err) != 0)
        return -1;
    if ((v = json_object_get(root, "events")) != NULL) {
        if (read_events(v, json_array_size(rec->moves), err) != 0)
            return -1;
        rec->events = (json_t *)v;
    }
    if ((v = json_object_get(root, "scores")) != NULL && read_scores(v, rec, err) != 0)
        return -1;
    if ((v = json_object_get(root, "seats")) != NULL && read_seats(v, rec, err) != 0)
        return -1;
    return 0;
}

carc_record *carc_record_parse(const char *json, carc_error *err)
{
    carc_record *rec;
    json_error_t jerr;

    if (json == NULL) {
        rec_error(err, CARC_E_CONFIG, "no record text");
        return NULL;
    }
    rec = calloc(1, sizeof *rec);
    if (rec == NULL) {
        rec_error(err, CARC_E_CONFIG, "out of memory");
        return NULL;
    }
    rec->root = json_loads(json, JSON_REJECT_DUPLICATES, &jerr);
    if (rec->root == NULL) {
        rec_error(err, CARC_E_CONFIG, "bad JSON at line %d column %d: %.100s", jerr.line,
                  jerr.column, jerr.text);
        free(rec);
        return NULL;
    }
    if (read_record(rec, err) != 0) {
        carc_record_free(rec);
        return NULL;
    }
    return rec;
}

void carc_record_free(carc_record *rec)
{
    if (rec == NULL)
        return;
    json_decref(rec->root);
    free(rec);
}

const carc_config *carc_record_config(const carc_record *rec)
{
    return &rec->cfg;
}

int carc_record_move_count(const carc_record *rec)
{
    return (int)json_array_size(rec->moves);
}

/* The i-th move (0-based), owned by the record; NULL when out of range. */
const char *carc_record_move(const carc_record *rec, int i)
{
    if (i < 0)
        return NULL;
    return json_string_value(json_array_get(rec->moves, (size_t)i));
}

/* Who played seat i (the record's "seats"), owned by the record; NULL when the record
 * does not say or i is out of range. */
const char *carc_record_seat(const carc_record *rec, int i)
{
    if (i < 0 || rec->seats == NULL)
        return NULL;
    return json_string_value(json_array_get(rec->seats, (size_t)i));
}
