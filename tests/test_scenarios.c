/*
 * test_scenarios.c - runs one rule scenario file (a .json file in tests/scenarios/).
 *
 * Usage: test_scenarios [--print-board] FILE.json   (ctest runs it once per file). Exit 0
 * on success, 1 on any failure; every failure names the file, the step index and what
 * differed. --print-board also prints the board (carc_board_text) at every "expect" step
 * and after the last step, as a "diagram" key ready to paste, for writing a scenario.
 *
 * A scenario file is one JSON object (duplicate keys are rejected, unknown keys too,
 * so that a typo cannot silently skip a check):
 *
 *   "rule"     rule id of RULES.md the scenario checks, e.g. "B9", "I5", "TB11", "CI12",
 *              "R5", "A6"
 *              (required)
 *   "title"    one line saying what it shows (required)
 *   "players"  2..5, 2..6 with inns (default 2)
 *   "seed"     the game's seed (default 1)
 *   "stack"    the tiles drawn first to last: a string of base letters, e.g. "EUV", or
 *              an array of tile names, e.g. ["U", "IC/RFr.i", "TB/CcR.c"] (the start tile
 *              D at (0,0) rotation 0 is implicit). Absent: the game's tiles are shuffled
 *              from the seed.
 *   "expansions"  "base", or any comma-separated combination of "gifts", "christmas",
 *              "inns", "traders", "river", "abbot", e.g. "inns,traders" (default base).
 *              With "river" the start tile is the spring RI/s at (0,0) rotation 0 and
 *              "stack" lists the river tiles first, the lake RI.1/I.e last of them
 *   "gift_deck", "cloister_deck", "roadside_deck"  card ids, top first; the given cards
 *              lie on top, the rest of the deck is shuffled beneath them from the seed
 *   "return_pos"  where the tile not placed under Take 2 goes back into a fixed stack,
 *              counted from the top (0 = drawn next); -1 = the bottom (default)
 *   "aside_pos"  [n, ...] where the tiles set aside until the first volcano go back
 *              into a fixed stack (PD4), the first set aside first, counted from the
 *              top; -1 = the bottom (the default, and for every tile past the list)
 *   "config_error"  true: creating the game must fail (then "steps" may be absent)
 *   "diagram"  the board after the last step, as "diagram" of "expect" below
 *   "steps"    array, applied in order; after every step carc_check must pass:
 *     "U (1,0) r1"      a move in notation (carc_move_parse + carc_apply); it must parse,
 *                       be listed by carc_legal and be applied with CARC_OK
 *     {"illegal": "M"}  M must fail to parse or be refused by carc_apply, must not be
 *                       listed by carc_legal, and the whole state must be unchanged
 *                       (carc_state_json before/after, and memcmp of a copy); with
 *                       "error": "TEXT" the message of the refusal (the parser's or
 *                       carc_apply's) must contain TEXT
 *     {"expect": {...}, "why": "..."}   checks on the current state; "why" (required)
 *                       says how the expected numbers follow from the rules
 *
 * Keys of "expect" (each optional):
 *   "scores": [n,..]      carc_score per seat        "supply": [n,..]  followers in supply
 *   "parts": {"0": {"roads":n,"cities":n,"cloisters":n,"fields":n,"cards":n,"gifts":n}}
 *   "stack_left": n       "hand": "LETTERS"     "removed": "LETTERS" (in removal order);
 *                         "hand" and "removed" may also be arrays of tile names
 *   "board": n            tiles on the board    "turn": n (carc_turn)
 *   "over": bool          "winners": [seat,..] (exact set; [] while the game runs)
 *   "pending": "place"|"follower"|"none"|...   "seat": n (who owes it)  "active": n
 *   "legal_count": n      "legal_has": [moves]  "legal_lacks": [moves]
 *   "followers": [{"seat":0,"x":1,"y":0,"type":"road","port":"E"}]  the exact set of
 *                         figures on the board (builders and pigs included); any port of
 *                         the segment may be given; "figure": "meeple" | "large" |
 *                         "builder" | "pig" | "abbot" (default "meeple"); "type" may
 *                         be "garden" (The Abbot)
 *   "tiles": [{"x":0,"y":0,"tile":"D","rot":0}]  tile at a position ("tile": a tile name,
 *                         "U" or "IC/RFr.i"; null = empty; "rot" optional)
 *   "features": [{"x":1,"y":0,"port":"E","type":"road","tiles":n,"pennants":n,
 *                 "completed":bool,"value":n,"followers":[n per seat],
 *                 "strength":[n per seat],"tokens":[seats],"locked":bool,
 *                 "inn":bool,"cathedral":bool,"goods":{"wine":n,"grain":n,"cloth":n},
 *                 "builders":[seats],"pigs":[seats],"barns":[seats]}]  carc_feature_at;
 *                         "followers"
 *                         counts each seat's followers on the feature (heads: a large
 *                         meeple is one), "strength" sums their strength (I4: a large
 *                         meeple is 2); "goods" is the city's symbols, a kind left out
 *                         is 0; "builders", "pigs" and "barns" the exact set of seats
 *                         with that figure on it
 *   (followers entries may also give "locked": bool)
 *   "figures": {"0": {"meeple":6,"large":1,"builder":0,"pig":1}}  per seat given, the
 *                         figures in its supply by kind (carc_supply_figures); a kind
 *                         left out must be 0
 *   "goods": {"0": {"wine":1}, "supply": {"wine":8,"grain":6,"cloth":5}}  goods tokens
 *                         per seat given and of the common supply (carc_goods, TB9); a
 *                         kind left out must be 0
 *   "double_due": bool    a double turn is due in this turn (carc_double_due, TB6)
 *   "projection": [n,..]  carc_projection per seat: the scores if the game ended now
 *   "part": 0|1           the turn's part now running (carc_turn_part, TB11)
 *   "gifts": [["synod"], []]   per seat the exact multiset of gift ids held (carc_gifts)
 *   "gift_deck_left": n        "gift_discard": [ids] (oldest first)
 *   "cards": [[ids], ...]      per seat the exact multiset of Christmas cards (carc_cards)
 *   "cloister_deck_left": n    "roadside_deck_left": n
 *   "cloister_discard": [ids]  "roadside_discard": [ids]   (oldest first)
 *   "in_play": id | null       "mastermind": {"x":..,"y":..} | null     "banked": [n,..]
 *   "events": ["gift 0 synod", ...]  the exact list of record event strings of the last
 *                         applied move (carc_events + carc_event_format; the events it
 *                         does not keep are skipped)
 *   "all_events": ["place 0 U (1,0) r1", "score 0 4 completed (1,0) road:E", ...]  the
 *                         exact list of every event of the last applied move in the
 *                         protocol's strings (carc_event_string, docs/PROTOCOL.md)
 *   "view": {"seat":s, "gifts_hidden":[n,..], "cards_hidden":[n,..], "gifts":[[ids]..],
 *            "cards":[[ids]..], "lacks":["synod",..]}  checked on carc_view(g, s): the
 *                         *_hidden counts are counts[0] of carc_gifts / carc_cards, gifts
 *                         and cards the known ids, and no string of "lacks" may occur
 *                         in carc_state_json of the view. "seat" may also be "public"
 *                         (CARC_SEAT_PUBLIC, a spectator's view). The view may also be
 *                         checked with "followers", "features", "figures", "goods",
 *                         "double_due", "part", "pending", "scores", "river_left",
 *                         "river_end", "stack_left" and "hand", as above (what is public,
 *                         I9, TB14, CI13, R10, A8)
 *   "river_left": n       carc_river_left (The River: the lake included)
 *   "river_end": {"x":..,"y":..} | null   carc_river_end: the river's open end (R5)
 *   "dragon": {"dragon": {"x","y"} | null, "fairy": ..., "walk": ..., "aside": [...]}
 *                         each member given equals the state JSON's "dragon" member of
 *                         that name (docs/RECORD.md; The Princess & the Dragon, PD14)
 *   "recall_points": {"recall (1,1) cloister:C": n, ...}  carc_recall_points of each
 *                         recall move (-1: not legal now; The Abbot, A6)
 *   "abbeys": [0|1 per seat]  whether each seat still holds its abbey (carc_abbey_held;
 *                         Abbey & Mayor, AM2, AM13)
 *   "tile_counts": {"RI.1/IIG": 1, ...}  carc_tile_count of each kind with the game's
 *                         expansions (A2, CI11)
 *   "diagram": ["        0    1", "   ...", ...]  the board as carc_board_text draws it
 *                         (tiles, x ruler, y labels, followers as seat digits), one string
 *                         per line without the newline; compared exactly, both printed
 *                         on a mismatch
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "carc.h"
#include "carc_record.h"

static void check_dragon(const carc_game *g, json_t *e);

static const char *g_file;
static int g_print_board; /* --print-board */
static int g_failures;
static int g_step; /* STEP_END: the top-level checks after the last step */
enum { STEP_END = -2 };
static const char *g_why;

/* Reports one failure: file, step and what differed. */
static void fail(const char *fmt, ...)
{
    va_list ap;
    if (g_step == STEP_END)
        fprintf(stderr, "%s: after the last step: ", g_file);
    else
        fprintf(stderr, "%s: step %d: ", g_file, g_step);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (g_why)
        fprintf(stderr, "  [why: %s]", g_why);
    fputc('\n', stderr);
    g_failures++;
}

/* ---- small helpers ------------------------------------------------------- */

static const char *const pending_names[CARC_DECISIONS] = {
    [CARC_DEC_NONE] = "none",
    [CARC_DEC_WINDOW_BEFORE] = "window_before",
    [CARC_DEC_PLACE] = "place",
    [CARC_DEC_CARD_DRAW] = "card_draw",
    [CARC_DEC_CARD_TARGET] = "card_target",
    [CARC_DEC_BLOCK] = "block",
    [CARC_DEC_FOLLOWER] = "follower",
    [CARC_DEC_MODIFIER] = "modifier",
    [CARC_DEC_WINDOW_AFTER] = "window_after",
    [CARC_DEC_DISCARD] = "discard",
    [CARC_DEC_END_CHOICE] = "end_choice",
    [CARC_DEC_DOUBLE_TURN] = "double_turn",
    [CARC_DEC_WALK] = "dragon",
    [CARC_DEC_CAPTURE] = "capture",
    [CARC_DEC_EXCHANGE] = "exchange",
    [CARC_DEC_ABBEY] = "abbey",
    [CARC_DEC_WAGON] = "wagon",
};

static int pending_parse(const char *s)
{
    for (int i = 0; i < CARC_DECISIONS; i++)
        if (strcmp(s, pending_names[i]) == 0)
            return i;
    return -1;
}


static const char *const feature_names[5] = {"city", "road", "field", "cloister", "garden"};

static int feature_parse(const char *s)
{
    if (strcmp(s, "tower") == 0)
        return CARC_FEAT_TOWER;  /* a tower's top: a place, no feature (TW4, TW9) */
    if (strcmp(s, "barn") == 0)
        return CARC_FEAT_CORNER;  /* a tile's corner: a place, no feature (AM9) */
    for (int i = 0; i < 5; i++)
        if (strcmp(s, feature_names[i]) == 0)
            return i;
    return -1;
}

static int port_parse(const char *s)
{
    return carc_port_parse(s, strlen(s));
}

/* The name of a tile kind ("U", "IC/RFr.i"), or "?". */
static const char *tile_name(int kind)
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    return d ? d->name : "?";
}

/* Tile letters of a list of kinds, e.g. "CX" (an expansion tile as "[name]"). */
static void letters_of(const int *kinds, int n, char *out, size_t size)
{
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < n && k + 1 < size; i++) {
        const carc_tile_def *d = carc_tile_def_of(kinds[i]);
        int w = d && d->letter ? snprintf(out + k, size - k, "%c", d->letter)
                               : snprintf(out + k, size - k, "[%s]", tile_name(kinds[i]));
        if (w < 0)
            return;
        k += (size_t)w < size - k ? (size_t)w : size - k - 1;
    }
}

/* A list of tile kinds against "KEY": a string of base letters or an array of tile
 * names, in order. */
static void check_tile_list(json_t *v, const char *key, const int *kinds, int n)
{
    char got[1024];
    letters_of(kinds, n, got, sizeof got);
    if (json_is_string(v)) {
        if (strcmp(json_string_value(v), got) != 0)
            fail("%s: expected \"%s\", got \"%s\"", key, json_string_value(v), got);
        return;
    }
    if (!json_is_array(v)) {
        fail("\"%s\" must be a string of letters or an array of tile names", key);
        return;
    }
    int same = (int)json_array_size(v) == n;
    for (int i = 0; same && i < n; i++) {
        const char *w = json_string_value(json_array_get(v, (size_t)i));
        same = w && strcmp(w, tile_name(kinds[i])) == 0;
    }
    if (!same) {
        char want[1024];
        size_t k = 0;
        size_t i;
        json_t *t;
        want[0] = 0;
        json_array_foreach(v, i, t) {
            const char *w = json_string_value(t);
            int r = snprintf(want + k, sizeof want - k, "%s%s", i ? " " : "", w ? w : "?");
            if (r < 0 || (size_t)r >= sizeof want - k)
                break;
            k += (size_t)r;
        }
        fail("%s: expected [%s], got %s", key, want, got);
    }
}

/* Checks that every key of obj is in the NULL-terminated list `allowed`. */
static int keys_known(json_t *obj, const char *what, const char *const *allowed)
{
    const char *key;
    json_t *val;
    int ok = 1;
    json_object_foreach(obj, key, val) {
        int found = 0;
        (void)val;
        for (int i = 0; allowed[i]; i++)
            if (strcmp(key, allowed[i]) == 0)
                found = 1;
        if (!found) {
            fail("unknown key \"%s\" in %s", key, what);
            ok = 0;
        }
    }
    return ok;
}

/* An integer member, or a failure if present and not an integer. Returns 1 if present. */
static int get_int(json_t *obj, const char *key, long long *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    if (!json_is_integer(v)) {
        fail("\"%s\" must be an integer", key);
        return 0;
    }
    *out = json_integer_value(v);
    return 1;
}

/* Legal moves of the current decision. */
static int legal_moves(const carc_game *g, carc_move *moves)
{
    return carc_legal(g, moves, CARC_MAX_MOVES);
}

static int move_listed(const carc_move *m, const carc_move *moves, int n)
{
    for (int i = 0; i < n; i++)
        if (carc_move_equal(m, &moves[i]))
            return 1;
    return 0;
}

static carc_move g_moves[CARC_MAX_MOVES];

/* ---- steps ------------------------------------------------------------------ */

/* Applies one move written in notation; every failure is reported. */
static void step_move(carc_game *g, const char *text)
{
    carc_move m;
    carc_error err = {0, ""};
    if (carc_move_parse(g, text, &m, &err) != CARC_OK) {
        fail("move \"%s\" does not parse: %s", text, err.msg);
        return;
    }
    int n = legal_moves(g, g_moves);
    if (!move_listed(&m, g_moves, n))
        fail("move \"%s\" is not listed by carc_legal (%d moves listed)", text, n);
    int rc = carc_apply(g, &m, &err);
    if (rc != CARC_OK)
        fail("move \"%s\" refused (code %d): %s", text, rc, err.msg);
}

/* An illegal move: refused, not listed, and the state unchanged byte for byte; the
 * message of the refusal contains want_error when that is not NULL. */
static void step_illegal(carc_game *g, const char *text, const char *want_error)
{
    size_t size = carc_state_size();
    carc_game *before = carc_clone(g);
    char *json_before = carc_state_json(g, 1);
    carc_move m;
    carc_error err = {0, ""};
    int parsed = carc_move_parse(g, text, &m, &err) == CARC_OK;
    if (parsed) {
        int n = legal_moves(g, g_moves);
        if (move_listed(&m, g_moves, n))
            fail("illegal move \"%s\" is listed by carc_legal", text);
        int rc = carc_apply(g, &m, &err);
        if (rc == CARC_OK) {
            fail("illegal move \"%s\" was accepted", text);
            /* go back so that the following steps still make sense */
            carc_copy(g, before);
        } else if (err.msg[0] == 0) {
            fail("illegal move \"%s\" was refused (code %d) with no message", text, rc);
        }
    }
    if (want_error && !strstr(err.msg, want_error))
        fail("illegal move \"%s\": the message \"%s\" does not contain \"%s\"", text, err.msg,
             want_error);
    char *json_after = carc_state_json(g, 1);
    if (!json_before || !json_after)
        fail("carc_state_json returned NULL");
    else if (strcmp(json_before, json_after) != 0)
        fail("illegal move \"%s\" changed the state JSON", text);
    if (memcmp(before, g, size) != 0) {
        size_t off = 0;
        const unsigned char *a = (const unsigned char *)before, *b = (const unsigned char *)g;
        while (off < size && a[off] == b[off])
            off++;
        fail("illegal move \"%s\" changed the state bytes (first difference at offset %zu "
             "of %zu)", text, off, size);
    }
    free(json_before);
    free(json_after);
    carc_free(before);
}

/* Parses each move string of a JSON array and reports whether carc_legal lists it. */
static void check_legal_list(carc_game *g, json_t *arr, int want_listed)
{
    const char *key = want_listed ? "legal_has" : "legal_lacks";
    if (!json_is_array(arr)) {
        fail("\"%s\" must be an array of moves", key);
        return;
    }
    int n = legal_moves(g, g_moves);
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        if (!json_is_string(v)) {
            fail("\"%s\"[%zu] must be a string", key, i);
            continue;
        }
        const char *text = json_string_value(v);
        carc_move m;
        carc_error err = {0, ""};
        if (carc_move_parse(g, text, &m, &err) != CARC_OK) {
            fail("%s: \"%s\" does not parse: %s", key, text, err.msg);
            continue;
        }
        int listed = move_listed(&m, g_moves, n);
        if (want_listed && !listed)
            fail("legal_has: \"%s\" is not among the %d legal moves", text, n);
        if (!want_listed && listed)
            fail("legal_lacks: \"%s\" is listed as legal", text);
    }
}

/* carc_projection of one seat. */
static int projected(const carc_game *g, int seat)
{
    int scores[CARC_MAX_PLAYERS];
    carc_projection(g, scores);
    return scores[seat];
}

/* Compares an array of integers with one value per seat. */
static void check_per_seat(carc_game *g, json_t *arr, const char *key,
                           int (*get)(const carc_game *, int))
{
    int players = carc_players(g);
    if (!json_is_array(arr) || (int)json_array_size(arr) != players) {
        fail("\"%s\" must be an array of %d integers", key, players);
        return;
    }
    for (int s = 0; s < players; s++) {
        json_t *v = json_array_get(arr, (size_t)s);
        if (!json_is_integer(v)) {
            fail("\"%s\"[%d] must be an integer", key, s);
            continue;
        }
        int want = (int)json_integer_value(v);
        int got = get(g, s);
        if (want != got)
            fail("%s[%d]: expected %d, got %d", key, s, want, got);
    }
}

static void check_parts(carc_game *g, json_t *parts)
{
    const char *key;
    json_t *val;
    if (!json_is_object(parts)) {
        fail("\"parts\" must be an object");
        return;
    }
    json_object_foreach(parts, key, val) {
        char *end;
        long seat = strtol(key, &end, 10);
        if (*end || seat < 0 || seat >= carc_players(g) || !json_is_object(val)) {
            fail("\"parts\": bad seat \"%s\"", key);
            continue;
        }
        const char *cat;
        json_t *n;
        json_object_foreach(val, cat, n) {
            int c = -1;
            for (int i = 0; i < CARC_SCORE_CATEGORIES; i++)
                if (strcmp(cat, carc_score_category_name(i)) == 0)
                    c = i;
            if (c < 0 || !json_is_integer(n)) {
                fail("\"parts\".%s: bad category \"%s\"", key, cat);
                continue;
            }
            int got = carc_score_part(g, (int)seat, c);
            if (got != (int)json_integer_value(n))
                fail("parts[%ld].%s: expected %d, got %d", seat, cat,
                     (int)json_integer_value(n), got);
        }
    }
}

/* Every figure on the board (followers, builders, pigs) fits in this many entries. */
enum { FIGURES_CAP = CARC_MAX_PLAYERS * (CARC_FOLLOWERS + CARC_FIGURES) };

/* Describes a figure on the board for messages. */
static void follower_text(const carc_follower *f, char *buf, size_t size)
{
    snprintf(buf, size, "seat %d%s%s at (%d,%d) %s:%s%s", f->seat,
             f->figure ? " " : "", f->figure ? carc_figure_name(f->figure) : "", f->x, f->y,
             carc_feature_name(f->type), carc_port_name(f->port),
             f->locked ? " (locked)" : "");
}

/* The exact set of followers on the board. */
static void check_followers(carc_game *g, json_t *arr)
{
    carc_follower got[FIGURES_CAP];
    int used[FIGURES_CAP] = {0};
    int n = carc_followers(g, got, FIGURES_CAP);
    size_t i;
    json_t *v;
    char buf[96];
    if (!json_is_array(arr)) {
        fail("\"followers\" must be an array");
        return;
    }
    json_array_foreach(arr, i, v) {
        static const char *const keys[] = {"seat", "x",      "y",      "type",
                                           "port", "locked", "figure", NULL};
        long long seat = -1, x = 0, y = 0;
        if (!json_is_object(v) || !keys_known(v, "a follower", keys))
            continue;
        json_t *lk = json_object_get(v, "locked");
        if (lk && !json_is_boolean(lk)) {
            fail("followers[%zu]: \"locked\" must be a boolean", i);
            continue;
        }
        get_int(v, "seat", &seat);
        get_int(v, "x", &x);
        get_int(v, "y", &y);
        const char *type = json_string_value(json_object_get(v, "type"));
        const char *port = json_string_value(json_object_get(v, "port"));
        const char *figname = json_string_value(json_object_get(v, "figure"));
        int t = type ? feature_parse(type) : -1;
        int p = port ? (t == CARC_FEAT_CORNER ? carc_corner_parse(port, strlen(port))
                                              : port_parse(port))
                     : CARC_PORT_NONE;
        int fig = figname ? carc_figure_parse(figname, strlen(figname)) : CARC_FIG_MEEPLE;
        if (t < 0 || p == CARC_PORT_NONE) {
            fail("followers[%zu]: bad type or port", i);
            continue;
        }
        if (fig < 0 || (json_object_get(v, "figure") && !figname)) {
            fail("followers[%zu]: bad figure (meeple, large, abbot, builder or pig)", i);
            continue;
        }
        int canon = CARC_PORT_NONE;
        int segtype = carc_segment(g, (int)x, (int)y, p, &canon);
        if ((t == CARC_FEAT_TOWER && p == CARC_PORT_T) ||
            (t == CARC_FEAT_CORNER && p >= CARC_PORT_CNW && p <= CARC_PORT_CSW))
            segtype = t, canon = p;  /* a place that is no segment */
        if (segtype != t) {
            fail("followers[%zu]: no %s segment at (%lld,%lld) port %s (found type %d)", i, type,
                 x, y, port, segtype);
            continue;
        }
        int found = 0;
        for (int k = 0; k < n && !found; k++) {
            if (!used[k] && got[k].seat == seat && got[k].x == x && got[k].y == y &&
                got[k].port == canon && got[k].type == t && got[k].figure == fig &&
                (!lk || json_is_true(lk) == (got[k].locked != 0))) {
                used[k] = 1;
                found = 1;
            }
        }
        if (!found)
            fail("followers: expected seat %lld %s at (%lld,%lld) %s:%s%s, not on the board",
                 seat, carc_figure_name(fig), x, y, type, port,
                 !lk ? "" : json_is_true(lk) ? " (locked)" : " (not locked)");
    }
    for (int k = 0; k < n; k++) {
        if (!used[k]) {
            follower_text(&got[k], buf, sizeof buf);
            fail("followers: unexpected follower %s", buf);
        }
    }
}

static void check_tiles(carc_game *g, json_t *arr)
{
    size_t i;
    json_t *v;
    if (!json_is_array(arr)) {
        fail("\"tiles\" must be an array");
        return;
    }
    json_array_foreach(arr, i, v) {
        static const char *const keys[] = {"x", "y", "tile", "rot", NULL};
        long long x = 0, y = 0, rot = -1;
        if (!json_is_object(v) || !keys_known(v, "a tile check", keys))
            continue;
        get_int(v, "x", &x);
        get_int(v, "y", &y);
        get_int(v, "rot", &rot);
        json_t *t = json_object_get(v, "tile");
        int kind = -1, r = -1;
        int present = carc_tile_at(g, (int)x, (int)y, &kind, &r);
        if (json_is_null(t)) {
            if (present)
                fail("tiles: (%lld,%lld) should be empty, holds %s", x, y, tile_name(kind));
            continue;
        }
        const char *want = json_string_value(t);
        if (!want || carc_tile_kind_named(want, strlen(want)) < 0) {
            fail("tiles[%zu]: \"tile\" must be a tile name or null", i);
            continue;
        }
        if (!present)
            fail("tiles: (%lld,%lld) should hold %s, is empty", x, y, want);
        else if (strcmp(tile_name(kind), want) != 0)
            fail("tiles: (%lld,%lld) should hold %s, holds %s", x, y, want, tile_name(kind));
        else if (rot >= 0 && r != rot)
            fail("tiles: (%lld,%lld) should have rotation %lld, has %d", x, y, rot, r);
    }
}

/* A JSON array of distinct seats as a bit mask; 0 on a malformed array. */
static int seat_mask(carc_game *g, json_t *arr, const char *key, unsigned *out)
{
    size_t i;
    json_t *s;
    *out = 0;
    if (!json_is_array(arr)) {
        fail("\"%s\" must be an array of seats", key);
        return 0;
    }
    json_array_foreach(arr, i, s) {
        if (!json_is_integer(s) || json_integer_value(s) < 0 ||
            json_integer_value(s) >= carc_players(g)) {
            fail("\"%s\"[%zu] must be a seat 0..%d", key, i, carc_players(g) - 1);
            return 0;
        }
        *out |= 1u << json_integer_value(s);
    }
    return 1;
}

/* Card id of a JSON string in [lo, hi], or CARC_CARD_NONE with a failure. */
static int card_of(json_t *v, const char *key, int lo, int hi)
{
    const char *s = json_string_value(v);
    int c = s ? carc_card_parse(s, strlen(s)) : CARC_CARD_NONE;
    if (c == CARC_CARD_NONE || c < lo || c > hi) {
        fail("\"%s\": \"%s\" is not a %s id", key, s ? s : "(not a string)",
             lo == CARC_GIFT_SYNOD ? "gift" : "Christmas card");
        return CARC_CARD_NONE;
    }
    return c;
}

/* Writes a multiset of cards as text, e.g. "synod synod take_two" (hidden ones as "?"). */
static void cards_text(const int *counts, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = 0;
    for (int c = 0; c < CARC_CARDS && k + 1 < size; c++)
        for (int j = 0; j < counts[c] && k + 1 < size; j++) {
            int w = snprintf(buf + k, size - k, "%s%s", k ? " " : "",
                             c == 0 ? "?" : carc_card_name(c));
            if (w < 0)
                return;
            k += (size_t)w < size - k ? (size_t)w : size - k - 1;
        }
    if (k == 0)
        snprintf(buf, size, "(none)");
}

/* The counts of one seat: gifts (carc_gifts) or Christmas cards (carc_cards). */
static void seat_cards(const carc_game *g, int seat, int gifts, int counts[CARC_CARDS])
{
    memset(counts, 0, sizeof(int) * CARC_CARDS);
    if (gifts) {
        int c6[6];
        carc_gifts(g, seat, c6);
        for (int c = 0; c < 6; c++)
            counts[c] = c6[c];
    } else {
        carc_cards(g, seat, counts);
    }
}

/* Per seat, the exact multiset of known ids; hidden ones (counts[0]) are checked only
 * when check_hidden is set (then they must be 0). */
static void check_hands(const carc_game *g, json_t *arr, const char *key, int gifts,
                        int check_hidden)
{
    int players = carc_players(g);
    int lo = gifts ? CARC_GIFT_SYNOD : CARC_XC_SCORE_THREE;
    int hi = gifts ? CARC_GIFT_TAKE_TWO : CARC_CARDS - 1;
    if (!json_is_array(arr) || (int)json_array_size(arr) != players) {
        fail("\"%s\" must be an array of %d arrays of card ids", key, players);
        return;
    }
    for (int s = 0; s < players; s++) {
        json_t *hand = json_array_get(arr, (size_t)s);
        int want[CARC_CARDS] = {0}, got[CARC_CARDS];
        size_t i;
        json_t *v;
        if (!json_is_array(hand)) {
            fail("\"%s\"[%d] must be an array of card ids", key, s);
            continue;
        }
        int bad = 0;
        json_array_foreach(hand, i, v) {
            int c = card_of(v, key, lo, hi);
            if (c == CARC_CARD_NONE)
                bad = 1;
            else
                want[c]++;
        }
        if (bad)
            continue;
        seat_cards(g, s, gifts, got);
        if (!check_hidden)
            got[0] = 0;
        if (memcmp(want, got, sizeof want) != 0) {
            char wb[400], gb[400];
            cards_text(want, wb, sizeof wb);
            cards_text(got, gb, sizeof gb);
            fail("%s[%d]: expected {%s}, got {%s}", key, s, wb, gb);
        }
    }
}

/* A pile in order (gift discard, a Christmas discard pile). */
static void check_pile(json_t *arr, const char *key, const int *got, int n, int lo, int hi)
{
    size_t i;
    json_t *v;
    if (!json_is_array(arr)) {
        fail("\"%s\" must be an array of card ids", key);
        return;
    }
    int want[64], nw = 0;
    json_array_foreach(arr, i, v) {
        int c = card_of(v, key, lo, hi);
        if (c == CARC_CARD_NONE)
            return;
        if (nw < 64)
            want[nw++] = c;
    }
    int same = nw == n;
    for (int k = 0; same && k < n; k++)
        same = want[k] == got[k];
    if (!same) {
        char wb[800] = "", gb[800] = "";
        size_t a = 0, b = 0;
        for (int k = 0; k < nw && a < sizeof wb; k++)
            a += (size_t)snprintf(wb + a, sizeof wb - a, "%s%s", k ? " " : "",
                                  carc_card_name(want[k]));
        for (int k = 0; k < n && b < sizeof gb; k++)
            b += (size_t)snprintf(gb + b, sizeof gb - b, "%s%s", k ? " " : "",
                                  carc_card_name(got[k]));
        fail("%s: expected [%s], got [%s]", key, wb, gb);
    }
}

/* The events of the last applied move as strings: with all = 0 the record strings
 * (carc_event_format, the events a record does not keep skipped), with all = 1 the
 * protocol strings of every event (carc_event_string). */
static void check_events(carc_game *g, json_t *arr, int all)
{
    const char *key = all ? "all_events" : "events";
    int n = 0;
    const carc_event *ev = carc_events(g, &n);
    static char got[CARC_MAX_EVENTS][80];
    int ng = 0;
    for (int i = 0; i < n && ng < CARC_MAX_EVENTS; i++) {
        char buf[80];
        if (all ? carc_event_string(&ev[i], buf, sizeof buf) > 0
                : carc_event_format(&ev[i], buf, sizeof buf) > 0)
            snprintf(got[ng++], sizeof got[0], "%s", buf);
    }
    if (!json_is_array(arr)) {
        fail("\"%s\" must be an array of strings", key);
        return;
    }
    int same = (int)json_array_size(arr) == ng;
    for (int i = 0; same && i < ng; i++) {
        const char *w = json_string_value(json_array_get(arr, (size_t)i));
        same = w && strcmp(w, got[i]) == 0;
    }
    if (!same) {
        fail("%s: expected %zu event(s), got %d (listed below)", key, json_array_size(arr), ng);
        size_t i;
        json_t *v;
        json_array_foreach(arr, i, v)
            fprintf(stderr, "    expected: %s\n",
                    json_is_string(v) ? json_string_value(v) : "(not a string)");
        for (int i2 = 0; i2 < ng; i2++)
            fprintf(stderr, "    got:      %s\n", got[i2]);
    }
}

/* Counts by name from a JSON object such as {"wine": 2}: names parsed by `parse`
 * (-1 if unknown) into want[0..kinds), a kind left out 0. Returns 0 on a bad object. */
static int counts_of(json_t *obj, const char *key, int kinds,
                     int (*parse)(const char *, size_t), int *want)
{
    const char *name;
    json_t *n;
    for (int k = 0; k < kinds; k++)
        want[k] = 0;
    if (!json_is_object(obj)) {
        fail("\"%s\" must be an object of counts by name", key);
        return 0;
    }
    json_object_foreach(obj, name, n) {
        int k = parse(name, strlen(name));
        if (k < 0 || k >= kinds || !json_is_integer(n)) {
            fail("\"%s\": bad entry \"%s\"", key, name);
            return 0;
        }
        want[k] = (int)json_integer_value(n);
    }
    return 1;
}

/* Compares counts by kind; names(k) names kind k in the message. */
static void compare_counts(const char *what, const int *want, const int *got, int kinds,
                           const char *(*names)(int))
{
    for (int k = 0; k < kinds; k++)
        if (want[k] != got[k])
            fail("%s: %s expected %d, got %d", what, names(k), want[k], got[k]);
}

static const char *goods_name(int k)
{
    return carc_goods_name(k);
}

static const char *figure_name(int k)
{
    return carc_figure_name(k);
}

static int figure_parse(const char *s, size_t len)
{
    return carc_figure_parse(s, len);
}

static int goods_parse(const char *s, size_t len)
{
    return carc_goods_parse(s, len);
}

/* "figures": {"0": {"meeple": 6, ...}} against carc_supply_figures. */
static void check_figures(const carc_game *g, json_t *obj)
{
    const char *key;
    json_t *val;
    if (!json_is_object(obj)) {
        fail("\"figures\" must be an object of seats");
        return;
    }
    json_object_foreach(obj, key, val) {
        char *end;
        long seat = strtol(key, &end, 10);
        int want[CARC_FIGURES], got[CARC_FIGURES];
        char what[48];
        if (*end || end == key || seat < 0 || seat >= carc_players(g)) {
            fail("\"figures\": bad seat \"%s\"", key);
            continue;
        }
        if (!counts_of(val, "figures", CARC_FIGURES, figure_parse, want))
            continue;
        carc_supply_figures(g, (int)seat, got);
        snprintf(what, sizeof what, "figures of seat %ld in supply", seat);
        compare_counts(what, want, got, CARC_FIGURES, figure_name);
    }
}

/* "goods": {"0": {"wine": 1}, "supply": {...}} against carc_goods. */
static void check_goods(const carc_game *g, json_t *obj)
{
    const char *key;
    json_t *val;
    if (!json_is_object(obj)) {
        fail("\"goods\" must be an object of seats and \"supply\"");
        return;
    }
    json_object_foreach(obj, key, val) {
        char *end;
        long seat = strcmp(key, "supply") == 0 ? -1 : strtol(key, &end, 10);
        int want[CARC_GOODS_KINDS], got[CARC_GOODS_KINDS];
        char what[48];
        if (seat != -1 && (*end || end == key || seat < 0 || seat >= carc_players(g))) {
            fail("\"goods\": bad seat \"%s\"", key);
            continue;
        }
        if (!counts_of(val, "goods", CARC_GOODS_KINDS, goods_parse, want))
            continue;
        carc_goods(g, (int)seat, got);
        if (seat < 0)
            snprintf(what, sizeof what, "goods of the common supply");
        else
            snprintf(what, sizeof what, "goods of seat %ld", seat);
        compare_counts(what, want, got, CARC_GOODS_KINDS, goods_name);
    }
}

/* "double_due": bool and "part": 0|1 (TB6, TB11). */
static void check_double(const carc_game *g, json_t *e)
{
    json_t *v = json_object_get(e, "double_due");
    long long want;
    if (v) {
        int due = carc_double_due(g) != 0;
        if (!json_is_boolean(v))
            fail("\"double_due\" must be a boolean");
        else if (json_is_true(v) != due)
            fail("double_due: expected %s, got %s", json_is_true(v) ? "true" : "false",
                 due ? "true" : "false");
    }
    if (get_int(e, "part", &want) && want != carc_turn_part(g))
        fail("part: expected %lld, got %d", want, carc_turn_part(g));
}

/* "pending": a decision name against carc_pending_decision. */
static void check_pending(const carc_game *g, json_t *v)
{
    carc_pending p = carc_pending_decision(g);
    int d = json_is_string(v) ? pending_parse(json_string_value(v)) : -1;
    if (d < 0)
        fail("pending: unknown decision name");
    else if (d != p.decision)
        fail("pending: expected %s, got %s", pending_names[d],
             p.decision >= 0 && p.decision < CARC_DECISIONS ? pending_names[p.decision] : "?");
}

static void check_followers(carc_game *g, json_t *arr);
static void check_features(carc_game *g, json_t *arr);
static void check_river(const carc_game *g, json_t *e);

/* Checks of one seat's view: hidden counts, known ids, strings that must not leak. */
static void check_view(carc_game *g, json_t *v)
{
    static const char *const keys[] = {
        "seat",      "gifts_hidden", "cards_hidden", "gifts",  "cards", "lacks",   "followers",
        "features",  "figures",      "goods",        "double_due", "part", "pending", "scores",
        "river_left", "river_end", "stack_left", "hand", "dragon", NULL};
    long long seat = -1;
    if (!json_is_object(v) || !keys_known(v, "view", keys))
        return;
    json_t *sv = json_object_get(v, "seat");
    if (json_is_string(sv) && strcmp(json_string_value(sv), "public") == 0)
        seat = CARC_SEAT_PUBLIC;
    else if (!get_int(v, "seat", &seat) || seat < 0 || seat >= carc_players(g)) {
        fail("\"view\" needs a \"seat\" 0..%d or \"public\"", carc_players(g) - 1);
        return;
    }
    carc_game *view = carc_clone(g);
    if (!view) {
        fail("carc_clone failed");
        return;
    }
    carc_view(g, (int)seat, view);
    if (carc_view_seat(view) != seat)
        fail("view: carc_view_seat is %d, expected %lld", carc_view_seat(view), seat);
    for (int gifts = 1; gifts >= 0; gifts--) {
        const char *key = gifts ? "gifts_hidden" : "cards_hidden";
        json_t *arr = json_object_get(v, key);
        if (!arr)
            continue;
        if (!json_is_array(arr) || (int)json_array_size(arr) != carc_players(g)) {
            fail("view.%s must be an array of %d integers", key, carc_players(g));
            continue;
        }
        for (int s = 0; s < carc_players(g); s++) {
            int counts[CARC_CARDS];
            seat_cards(view, s, gifts, counts);
            json_t *w = json_array_get(arr, (size_t)s);
            if (!json_is_integer(w))
                fail("view.%s[%d] must be an integer", key, s);
            else if (json_integer_value(w) != counts[0])
                fail("view of seat %lld: %s[%d] expected %lld, got %d", seat, key, s,
                     json_integer_value(w), counts[0]);
        }
    }
    json_t *arr;
    if ((arr = json_object_get(v, "gifts")))
        check_hands(view, arr, "view.gifts", 1, 0);
    if ((arr = json_object_get(v, "cards")))
        check_hands(view, arr, "view.cards", 0, 0);
    if ((arr = json_object_get(v, "lacks"))) {
        char *json = carc_state_json(view, 1);
        size_t i;
        json_t *w;
        if (!json)
            fail("view: carc_state_json returned NULL");
        else if (!json_is_array(arr))
            fail("view.lacks must be an array of strings");
        else
            json_array_foreach(arr, i, w) {
                const char *s = json_string_value(w);
                if (!s)
                    fail("view.lacks[%zu] must be a string", i);
                else if (strstr(json, s))
                    fail("view of seat %lld: its state JSON contains \"%s\"", seat, s);
            }
        free(json);
    }
    json_t *w;
    if ((w = json_object_get(v, "followers")))
        check_followers(view, w);
    if ((w = json_object_get(v, "features")))
        check_features(view, w);
    if ((w = json_object_get(v, "figures")))
        check_figures(view, w);
    if ((w = json_object_get(v, "goods")))
        check_goods(view, w);
    check_double(view, v);
    if ((w = json_object_get(v, "pending")))
        check_pending(view, w);
    if ((w = json_object_get(v, "scores")))
        check_per_seat(view, w, "view.scores", carc_score);
    check_river(view, v);
    check_dragon(view, v);
    long long want;
    if (get_int(v, "stack_left", &want) && want != carc_stack_left(view))
        fail("view.stack_left: expected %lld, got %d", want, carc_stack_left(view));
    if ((w = json_object_get(v, "hand"))) {
        int kinds[2];
        int n = carc_hand_tiles(view, kinds);
        check_tile_list(w, "view.hand", kinds, n);
    }
    carc_free(view);
}

/* The first segment (board order) of the feature at (x,y,port): names the feature. */
static int feature_key(const carc_game *g, int x, int y, int port, carc_segment_pos *key)
{
    static carc_segment_pos segs[CARC_MAX_SEGMENTS];
    if (carc_feature_segments(g, x, y, port, segs, CARC_MAX_SEGMENTS) <= 0)
        return 0;
    *key = segs[0];
    return 1;
}

/* The followers of each seat on the feature at (x,y,port), one per figure whatever
 * its strength (builders and pigs are no followers). */
static void feature_heads(const carc_game *g, int x, int y, int port,
                          int heads[CARC_MAX_PLAYERS])
{
    carc_follower f[FIGURES_CAP];
    carc_segment_pos key, k2;
    int n = carc_followers(g, f, FIGURES_CAP);
    memset(heads, 0, sizeof(int) * CARC_MAX_PLAYERS);
    if (!feature_key(g, x, y, port, &key))
        return;
    for (int i = 0; i < n; i++) {
        if (carc_figure_strength(f[i].figure) == 0)
            continue;
        if (feature_key(g, f[i].x, f[i].y, f[i].port, &k2) && k2.x == key.x &&
            k2.y == key.y && k2.port == key.port && f[i].seat >= 0 &&
            f[i].seat < CARC_MAX_PLAYERS)
            heads[f[i].seat]++;
    }
}

/* A per-seat integer array of a feature check against got[]. */
static void feature_per_seat(const carc_game *g, json_t *arr, const char *key, size_t i,
                             long long x, long long y, const char *port, const int *got)
{
    if (!json_is_array(arr) || (int)json_array_size(arr) != carc_players(g)) {
        fail("features[%zu]: \"%s\" must have one count per seat", i, key);
        return;
    }
    for (int s = 0; s < carc_players(g); s++) {
        int w = (int)json_integer_value(json_array_get(arr, (size_t)s));
        if (w != got[s])
            fail("features (%lld,%lld) %s: %s of seat %d expected %d, got %d", x, y, port, key,
                 s, w, got[s]);
    }
}

static void check_features(carc_game *g, json_t *arr)
{
    size_t i;
    json_t *v;
    if (!json_is_array(arr)) {
        fail("\"features\" must be an array");
        return;
    }
    json_array_foreach(arr, i, v) {
        static const char *const keys[] = {
            "x",      "y",        "port",   "type",      "tiles", "pennants",  "completed",
            "value",  "followers", "strength", "tokens", "locked", "inn",      "cathedral",
            "goods",  "builders", "pigs",   "barns", NULL};
        long long x = 0, y = 0, want;
        if (!json_is_object(v) || !keys_known(v, "a feature check", keys))
            continue;
        get_int(v, "x", &x);
        get_int(v, "y", &y);
        const char *port = json_string_value(json_object_get(v, "port"));
        int p = port ? port_parse(port) : CARC_PORT_NONE;
        if (p == CARC_PORT_NONE) {
            fail("features[%zu]: bad port", i);
            continue;
        }
        carc_feature_info info;
        memset(&info, 0, sizeof info);
        if (!carc_feature_at(g, (int)x, (int)y, p, &info)) {
            fail("features: no segment at (%lld,%lld) port %s", x, y, port);
            continue;
        }
        const char *type = json_string_value(json_object_get(v, "type"));
        if (type && feature_parse(type) != info.type)
            fail("features (%lld,%lld) %s: type expected %s, got %d", x, y, port, type,
                 info.type);
        if (get_int(v, "tiles", &want) && want != info.tiles)
            fail("features (%lld,%lld) %s: tiles expected %lld, got %d", x, y, port, want,
                 info.tiles);
        if (get_int(v, "pennants", &want) && want != info.pennants)
            fail("features (%lld,%lld) %s: pennants expected %lld, got %d", x, y, port, want,
                 info.pennants);
        if (get_int(v, "value", &want) && want != info.value)
            fail("features (%lld,%lld) %s: value expected %lld, got %d", x, y, port, want,
                 info.value);
        json_t *c = json_object_get(v, "completed");
        if (c && json_is_boolean(c) && json_is_true(c) != (info.completed != 0))
            fail("features (%lld,%lld) %s: completed expected %s, got %d", x, y, port,
                 json_is_true(c) ? "true" : "false", info.completed);
        json_t *lk = json_object_get(v, "locked");
        if (lk && (!json_is_boolean(lk) || json_is_true(lk) != (info.locked != 0)))
            fail("features (%lld,%lld) %s: locked expected %s, got %d", x, y, port,
                 json_is_true(lk) ? "true" : "false", info.locked);
        static const struct {
            const char *key;
            size_t off;
        } flags[2] = {{"inn", offsetof(carc_feature_info, inn)},
                      {"cathedral", offsetof(carc_feature_info, cathedral)}};
        for (int k = 0; k < 2; k++) {
            json_t *b = json_object_get(v, flags[k].key);
            int got = *(const int *)((const char *)&info + flags[k].off) != 0;
            if (b && (!json_is_boolean(b) || json_is_true(b) != got))
                fail("features (%lld,%lld) %s: %s expected %s, got %s", x, y, port,
                     flags[k].key, json_is_true(b) ? "true" : "false", got ? "true" : "false");
        }
        static const struct {
            const char *key;
            size_t off;
        } masks[4] = {{"tokens", offsetof(carc_feature_info, tokens)},
                      {"builders", offsetof(carc_feature_info, builders)},
                      {"pigs", offsetof(carc_feature_info, pigs)},
                      {"barns", offsetof(carc_feature_info, barns)}};
        for (int k = 0; k < 4; k++) {
            json_t *tk = json_object_get(v, masks[k].key);
            unsigned mask = 0;
            unsigned got = *(const unsigned *)((const char *)&info + masks[k].off);
            char what[32];
            snprintf(what, sizeof what, "features.%s", masks[k].key);
            if (tk && seat_mask(g, tk, what, &mask) && mask != got)
                fail("features (%lld,%lld) %s: %s expected mask 0x%x, got 0x%x", x, y, port,
                     masks[k].key, mask, got);
        }
        json_t *gd = json_object_get(v, "goods");
        int want_goods[CARC_GOODS_KINDS];
        if (gd && counts_of(gd, "features.goods", CARC_GOODS_KINDS, carc_goods_parse,
                            want_goods)) {
            char what[64];
            snprintf(what, sizeof what, "features (%lld,%lld) %s: goods", x, y, port);
            compare_counts(what, want_goods, info.goods, CARC_GOODS_KINDS, carc_goods_name);
        }
        json_t *fl = json_object_get(v, "followers");
        if (fl) {
            int heads[CARC_MAX_PLAYERS];
            feature_heads(g, (int)x, (int)y, p, heads);
            feature_per_seat(g, fl, "followers", i, x, y, port, heads);
        }
        json_t *st = json_object_get(v, "strength");
        if (st)
            feature_per_seat(g, st, "strength", i, x, y, port, info.followers);
    }
}

/* Prints a board text as the lines of a "diagram" array, each a JSON string; lines
 * listed in `mark` (a 0/1 flag per line, or NULL) start with '>'. */
static void print_diagram_lines(FILE *out, const char *text, const char *indent,
                                const unsigned char *mark, int nmark)
{
    int line = 0;
    while (*text) {
        const char *end = strchr(text, '\n');
        size_t len = end ? (size_t)(end - text) : strlen(text);
        fprintf(out, "%s%c\"", indent, mark && line < nmark && mark[line] ? '>' : ' ');
        for (size_t i = 0; i < len; i++) {
            unsigned char c = (unsigned char)text[i];
            if (c == '"' || c == '\\')
                fprintf(out, "\\%c", c);
            else if (c < 0x20)
                fprintf(out, "\\u%04x", c);
            else
                fputc(c, out);
        }
        fprintf(out, "\"%s\n", end && end[1] ? "," : "");
        line++;
        text = end ? end + 1 : text + len;
    }
}

/* Compares a "diagram" (one string per line) with carc_board_text(g), exactly. */
static void check_diagram(const carc_game *g, json_t *arr)
{
    size_t i, size = 1;
    json_t *v;
    if (!json_is_array(arr) || json_array_size(arr) == 0) {
        fail("\"diagram\" must be an array of strings, one per line of the board");
        return;
    }
    json_array_foreach(arr, i, v) {
        if (!json_is_string(v) || strchr(json_string_value(v), '\n')) {
            fail("\"diagram\"[%zu] must be a string without a newline", i);
            return;
        }
        size += strlen(json_string_value(v)) + 1;
    }
    char *want = malloc(size);
    char *got = carc_board_text(g);
    if (!want || !got) {
        fail("out of memory");
        free(want);
        free(got);
        return;
    }
    size_t at = 0;
    json_array_foreach(arr, i, v) {
        size_t len = strlen(json_string_value(v));
        memcpy(want + at, json_string_value(v), len);
        at += len;
        want[at++] = '\n';
    }
    want[at] = 0;
    if (strcmp(want, got) != 0) {
        /* flag the lines that differ, in both */
        enum { MAXL = 512 };
        unsigned char mw[MAXL] = {0}, mg[MAXL] = {0};
        const char *a = want, *b = got;
        int line = 0;
        while ((*a || *b) && line < MAXL) {
            size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
            if (la != lb || memcmp(a, b, la) != 0 || !*a || !*b)
                mw[line] = mg[line] = 1;
            a += la + (a[la] ? 1 : 0);
            b += lb + (b[lb] ? 1 : 0);
            line++;
        }
        fail("diagram differs from carc_board_text (lines that differ marked '>')");
        fprintf(stderr, "  expected:\n");
        print_diagram_lines(stderr, want, "    ", mw, MAXL);
        fprintf(stderr, "  actual:\n");
        print_diagram_lines(stderr, got, "    ", mg, MAXL);
    }
    free(want);
    free(got);
}

/* --print-board: the board now, as a "diagram" key to paste into the file. */
static void print_board(const carc_game *g, const char *where)
{
    char *text = carc_board_text(g);
    if (!text) {
        fail("carc_board_text returned NULL");
        return;
    }
    printf("%s: %s:\n\"diagram\": [\n", g_file, where);
    print_diagram_lines(stdout, text, " ", NULL, 0);
    printf("]\n");
    free(text);
    /* followers drawn on one cell (one segment, or W and C of one tile) show one digit */
    carc_follower f[FIGURES_CAP];
    int n = carc_followers(g, f, FIGURES_CAP);
    for (int i = 0; i < n; i++) {
        int shared = 0, first = 1;
        for (int j = 0; j < n; j++) {
            int pi = f[i].port == CARC_PORT_C ? CARC_PORT_W : f[i].port;
            int pj = f[j].port == CARC_PORT_C ? CARC_PORT_W : f[j].port;
            if (j != i && f[j].x == f[i].x && f[j].y == f[i].y && pi == pj) {
                shared++;
                if (j < i)
                    first = 0;
            }
        }
        if (shared && first)
            printf("note: %d followers on one cell at (%d,%d) %s: the diagram shows one digit\n",
                   shared + 1, f[i].x, f[i].y, carc_port_name(f[i].port));
    }
}

/* "river_left": n (carc_river_left) and "river_end": {"x": n, "y": n} | null
 * (carc_river_end): The River, R3, R5, R10. */
static void check_river(const carc_game *g, json_t *e)
{
    long long want;
    json_t *v;
    if (get_int(e, "river_left", &want) && want != carc_river_left(g))
        fail("river_left: expected %lld, got %d", want, carc_river_left(g));
    if ((v = json_object_get(e, "river_end"))) {
        int rx = 0, ry = 0;
        int has = carc_river_end(g, &rx, &ry);
        if (json_is_null(v)) {
            if (has)
                fail("river_end: expected none, got (%d,%d)", rx, ry);
        } else {
            static const char *const rkeys[] = {"x", "y", NULL};
            long long wx = 0, wy = 0;
            if (!json_is_object(v) || !keys_known(v, "river_end", rkeys) ||
                !get_int(v, "x", &wx) || !get_int(v, "y", &wy))
                fail("\"river_end\" must be {\"x\": n, \"y\": n} or null");
            else if (!has)
                fail("river_end: expected (%lld,%lld), got none", wx, wy);
            else if (wx != rx || wy != ry)
                fail("river_end: expected (%lld,%lld), got (%d,%d)", wx, wy, rx, ry);
        }
    }
}

/* "dragon": {...}: each member equal to the state JSON's "dragon" member of that name
 * (The Princess & the Dragon: the dragon, the fairy, the movement, the set-aside tiles). */
static void check_dragon(const carc_game *g, json_t *e)
{
    json_t *want = json_object_get(e, "dragon");
    if (!want)
        return;
    char *text = carc_state_json(g, 0);
    json_t *doc = text ? json_loads(text, 0, NULL) : NULL;
    json_t *got = doc ? json_object_get(doc, "dragon") : NULL;
    const char *key;
    json_t *v;
    if (!json_is_object(want))
        fail("\"dragon\" must be an object");
    else if (!got)
        fail("dragon: the state has no \"dragon\" key");
    else
        json_object_foreach(want, key, v) {
            json_t *have = json_object_get(got, key);
            if (!have || !json_equal(have, v)) {
                char *w = json_dumps(v, JSON_COMPACT), *h = have ? json_dumps(have, JSON_COMPACT) : NULL;
                fail("dragon.%s: expected %s, got %s", key, w ? w : "?", h ? h : "nothing");
                free(w);
                free(h);
            }
        }
    json_decref(doc);
    free(text);
}

/* "recall_points": {"recall (1,1) cloister:C": 5, ...}: carc_recall_points of each
 * move (-1: that recall is not legal now), The Abbot, A6. */
static void check_recall_points(const carc_game *g, json_t *obj)
{
    const char *text;
    json_t *n;
    if (!json_is_object(obj)) {
        fail("\"recall_points\" must be an object of recall moves and points");
        return;
    }
    json_object_foreach(obj, text, n) {
        carc_move m;
        carc_error err = {0, ""};
        if (!json_is_integer(n)) {
            fail("recall_points: \"%s\" needs an integer", text);
            continue;
        }
        if (carc_move_parse(g, text, &m, &err) != CARC_OK) {
            fail("recall_points: \"%s\" does not parse: %s", text, err.msg);
            continue;
        }
        int got = carc_recall_points(g, &m);
        if (got != (int)json_integer_value(n))
            fail("recall_points: \"%s\" expected %lld, got %d", text, json_integer_value(n),
                 got);
    }
}

/* "tile_counts": {"RI.1/II": 1, "Vg": 1, ...}: carc_tile_count of each kind with the
 * game's expansions (A2, CI11, R1). */
static void check_tile_counts(const carc_game *g, json_t *obj)
{
    const char *name;
    json_t *n;
    unsigned exp = carc_config_of(g).expansions;
    if (!json_is_object(obj)) {
        fail("\"tile_counts\" must be an object of tile names and counts");
        return;
    }
    json_object_foreach(obj, name, n) {
        int k = carc_tile_kind_named(name, strlen(name));
        if (k < 0 || !json_is_integer(n)) {
            fail("tile_counts: bad entry \"%s\"", name);
            continue;
        }
        int got = carc_tile_count(exp, k);
        if (got != (int)json_integer_value(n))
            fail("tile_counts: %s expected %lld, got %d", name, json_integer_value(n), got);
    }
}

/* The Tower (TW10): "towers": [{"x","y","height","closed"}] each tower's height and
 * whether a follower closes it (carc_tower_height; height -1: no tower there);
 * "floors": [n per seat] (carc_floors); "prisoners": [{"holder","owner", "meeple":n,
 * "large":n, ...}] the exact prisoners of every pair of seats (carc_prisoners; a pair
 * left out holds none, a kind left out is 0). */
static void check_tower(const carc_game *g, json_t *e)
{
    json_t *v, *t;
    size_t i;
    int np = carc_players(g);
    if ((v = json_object_get(e, "towers")))
        json_array_foreach(v, i, t) {
            long long x = 0, y = 0, h = -1;
            get_int(t, "x", &x);
            get_int(t, "y", &y);
            get_int(t, "height", &h);
            int closed, got = carc_tower_height(g, (int)x, (int)y, &closed);
            json_t *c = json_object_get(t, "closed");
            if (got != h)
                fail("towers: (%lld,%lld) height expected %lld, got %d", x, y, h, got);
            if (c && json_is_true(c) != (closed != 0))
                fail("towers: (%lld,%lld) closed expected %d, got %d", x, y, json_is_true(c),
                     closed);
        }
    if ((v = json_object_get(e, "floors"))) {
        json_array_foreach(v, i, t)
            if ((int)i < np && json_integer_value(t) != carc_floors(g, (int)i))
                fail("floors: seat %zu expected %lld, got %d", i, json_integer_value(t),
                     carc_floors(g, (int)i));
    }
    if ((v = json_object_get(e, "prisoners"))) {
        int want[CARC_MAX_PLAYERS][CARC_MAX_PLAYERS][CARC_FIGURES] = {{{0}}};
        json_array_foreach(v, i, t) {
            long long h = -1, o = -1;
            get_int(t, "holder", &h);
            get_int(t, "owner", &o);
            if (h < 0 || h >= np || o < 0 || o >= np) {
                fail("prisoners[%zu]: bad holder or owner", i);
                continue;
            }
            for (int f = 0; f < CARC_FIGURES; f++) {
                json_t *n = json_object_get(t, carc_figure_name(f));
                if (n)
                    want[h][o][f] = (int)json_integer_value(n);
            }
        }
        for (int h = 0; h < np; h++)
            for (int o = 0; o < np; o++) {
                int counts[CARC_FIGURES];
                carc_prisoners(g, h, o, counts);
                for (int f = 0; f < CARC_FIGURES; f++)
                    if (counts[f] != want[h][o][f])
                        fail("prisoners: seat %d holds %d %s of seat %d, expected %d", h,
                             counts[f], carc_figure_name(f), o, want[h][o][f]);
            }
    }
}

static void step_expect(carc_game *g, json_t *e)
{
    static const char *const keys[] = {
        "scores", "supply", "parts",   "stack_left",  "hand",      "removed",     "board",
        "turn",   "over",   "winners", "pending",     "seat",      "active",      "legal_count",
        "legal_has", "legal_lacks", "followers", "tiles", "features", "gifts",
        "gift_deck_left", "gift_discard", "cards", "cloister_deck_left", "roadside_deck_left",
        "cloister_discard", "roadside_discard", "in_play", "mastermind", "banked", "events",
        "all_events", "view", "diagram", "figures", "goods", "double_due", "part",
        "projection", "river_left", "river_end", "recall_points", "tile_counts", "dragon", "towers",
        "floors", "prisoners", "abbeys", NULL};
    long long want;
    char buf[160];
    if (!json_is_object(e)) {
        fail("\"expect\" must be an object");
        return;
    }
    keys_known(e, "expect", keys);
    carc_pending p = carc_pending_decision(g);

    json_t *v;
    if ((v = json_object_get(e, "scores")))
        check_per_seat(g, v, "scores", carc_score);
    if ((v = json_object_get(e, "supply")))
        check_per_seat(g, v, "supply", carc_supply);
    if ((v = json_object_get(e, "parts")))
        check_parts(g, v);
    if (get_int(e, "stack_left", &want) && want != carc_stack_left(g))
        fail("stack_left: expected %lld, got %d", want, carc_stack_left(g));
    if (get_int(e, "board", &want) && want != carc_board_count(g))
        fail("board: expected %lld tiles, got %d", want, carc_board_count(g));
    if (get_int(e, "turn", &want) && want != carc_turn(g))
        fail("turn: expected %lld, got %d", want, carc_turn(g));
    if ((v = json_object_get(e, "hand"))) {
        int kinds[2];
        int n = carc_hand_tiles(g, kinds);
        check_tile_list(v, "hand", kinds, n);
    }
    if ((v = json_object_get(e, "removed"))) {
        int kinds[CARC_TILES];
        int n = carc_removed_tiles(g, kinds, CARC_TILES);
        check_tile_list(v, "removed", kinds, n);
    }
    if ((v = json_object_get(e, "over"))) {
        int over = carc_is_over(g) != 0;
        if (!json_is_boolean(v) || json_is_true(v) != over)
            fail("over: expected %s, got %s", json_is_true(v) ? "true" : "false",
                 over ? "true" : "false");
    }
    if ((v = json_object_get(e, "winners"))) {
        unsigned mask = 0;
        size_t i;
        json_t *s;
        json_array_foreach(v, i, s) mask |= 1u << json_integer_value(s);
        if (mask != carc_winners(g))
            fail("winners: expected mask 0x%x, got 0x%x", mask, carc_winners(g));
    }
    if ((v = json_object_get(e, "pending")))
        check_pending(g, v);
    if (get_int(e, "seat", &want) && want != p.seat)
        fail("seat owing the decision: expected %lld, got %d", want, p.seat);
    if (get_int(e, "active", &want) && want != p.active)
        fail("active seat: expected %lld, got %d", want, p.active);
    if (get_int(e, "legal_count", &want)) {
        int n = legal_moves(g, g_moves);
        if (n != want) {
            fail("legal_count: expected %lld, got %d", want, n);
            for (int i = 0; i < n && i < 40; i++) {
                if (carc_move_format(g, &g_moves[i], buf, sizeof buf) < 0)
                    snprintf(buf, sizeof buf, "(unformattable)");
                fprintf(stderr, "    legal: %s\n", buf);
            }
        }
    }
    if ((v = json_object_get(e, "legal_has")))
        check_legal_list(g, v, 1);
    if ((v = json_object_get(e, "legal_lacks")))
        check_legal_list(g, v, 0);
    if ((v = json_object_get(e, "followers")))
        check_followers(g, v);
    check_tower(g, e);
    if ((v = json_object_get(e, "abbeys")))
        check_per_seat(g, v, "abbeys", carc_abbey_held);
    if ((v = json_object_get(e, "tiles")))
        check_tiles(g, v);
    if ((v = json_object_get(e, "features")))
        check_features(g, v);
    if ((v = json_object_get(e, "gifts")))
        check_hands(g, v, "gifts", 1, 1);
    if (get_int(e, "gift_deck_left", &want) && want != carc_gift_deck_left(g))
        fail("gift_deck_left: expected %lld, got %d", want, carc_gift_deck_left(g));
    if ((v = json_object_get(e, "gift_discard"))) {
        int pile[64];
        int n = carc_gift_discard(g, pile, 64);
        check_pile(v, "gift_discard", pile, n < 64 ? n : 64, CARC_GIFT_SYNOD,
                   CARC_GIFT_TAKE_TWO);
    }
    if ((v = json_object_get(e, "cards")))
        check_hands(g, v, "cards", 0, 1);
    if (get_int(e, "cloister_deck_left", &want) && want != carc_xdeck_left(g, 0))
        fail("cloister_deck_left: expected %lld, got %d", want, carc_xdeck_left(g, 0));
    if (get_int(e, "roadside_deck_left", &want) && want != carc_xdeck_left(g, 1))
        fail("roadside_deck_left: expected %lld, got %d", want, carc_xdeck_left(g, 1));
    for (int deck = 0; deck < 2; deck++) {
        const char *key = deck ? "roadside_discard" : "cloister_discard";
        if ((v = json_object_get(e, key))) {
            int pile[64];
            int n = carc_xdiscard(g, deck, pile, 64);
            check_pile(v, key, pile, n < 64 ? n : 64, CARC_XC_SCORE_THREE, CARC_CARDS - 1);
        }
    }
    if ((v = json_object_get(e, "in_play"))) {
        int got = carc_card_in_play(g, NULL);
        int w = CARC_CARD_NONE;
        if (!json_is_null(v))
            w = card_of(v, "in_play", CARC_XC_SCORE_THREE, CARC_CARDS - 1);
        if ((json_is_null(v) || w != CARC_CARD_NONE) && w != got)
            fail("in_play: expected %s, got %s", w ? carc_card_name(w) : "null",
                 got ? carc_card_name(got) : "null");
    }
    if ((v = json_object_get(e, "mastermind"))) {
        int mx = 0, my = 0;
        int has = carc_mastermind(g, &mx, &my);
        if (json_is_null(v)) {
            if (has)
                fail("mastermind: expected none, got (%d,%d)", mx, my);
        } else {
            static const char *const mkeys[] = {"x", "y", NULL};
            long long wx = 0, wy = 0;
            if (!json_is_object(v) || !keys_known(v, "mastermind", mkeys) ||
                !get_int(v, "x", &wx) || !get_int(v, "y", &wy))
                fail("\"mastermind\" must be {\"x\": n, \"y\": n} or null");
            else if (!has)
                fail("mastermind: expected (%lld,%lld), got none", wx, wy);
            else if (wx != mx || wy != my)
                fail("mastermind: expected (%lld,%lld), got (%d,%d)", wx, wy, mx, my);
        }
    }
    if ((v = json_object_get(e, "banked")))
        check_per_seat(g, v, "banked", carc_banked);
    if ((v = json_object_get(e, "figures")))
        check_figures(g, v);
    if ((v = json_object_get(e, "goods")))
        check_goods(g, v);
    check_double(g, e);
    if ((v = json_object_get(e, "projection")))
        check_per_seat(g, v, "projection", projected);
    check_river(g, e);
    check_dragon(g, e);
    if ((v = json_object_get(e, "recall_points")))
        check_recall_points(g, v);
    if ((v = json_object_get(e, "tile_counts")))
        check_tile_counts(g, v);
    if ((v = json_object_get(e, "events")))
        check_events(g, v, 0);
    if ((v = json_object_get(e, "all_events")))
        check_events(g, v, 1);
    if ((v = json_object_get(e, "view")))
        check_view(g, v);
    if ((v = json_object_get(e, "diagram")))
        check_diagram(g, v);
}

/* ---- the scenario --------------------------------------------------------------- */

static int build_config(json_t *root, carc_config *cfg)
{
    long long v;
    carc_config_init(cfg);
    if (get_int(root, "players", &v))
        cfg->players = (int)v;
    if (get_int(root, "seed", &v))
        cfg->seed = (uint64_t)v;
    if (get_int(root, "return_pos", &v))
        cfg->return_pos = (int)v;
    json_t *aside = json_object_get(root, "aside_pos");
    if (aside) {
        size_t i;
        json_t *w;
        if (!json_is_array(aside) || json_array_size(aside) > CARC_ASIDE_MAX)
            fail("\"aside_pos\" must be an array of at most %d integers", CARC_ASIDE_MAX);
        else
            json_array_foreach(aside, i, w) {
                if (!json_is_integer(w))
                    fail("\"aside_pos\"[%zu] must be an integer", i);
                cfg->aside_pos[i] = (int)json_integer_value(w);
                cfg->aside_len = (int)i + 1;
            }
    }
    json_t *ex = json_object_get(root, "expansions");
    if (ex) {
        carc_error err = {0, ""};
        if (!json_is_string(ex) ||
            carc_expansions_parse(json_string_value(ex), &cfg->expansions, &err) != 0) {
            fail("\"expansions\": %s", json_is_string(ex) ? err.msg : "must be a string");
            return 0;
        }
    }
    static const struct {
        const char *key;
        int lo, hi, cap;
    } decks[3] = {{"gift_deck", CARC_GIFT_SYNOD, CARC_GIFT_TAKE_TWO, 25},
                  {"cloister_deck", CARC_XC_SCORE_THREE, CARC_XC_SHARED_FIELD_BONUS, 32},
                  {"roadside_deck", CARC_XR_INTRUDE_FIELD, CARC_CARDS - 1, 32}};
    for (int d = 0; d < 3; d++) {
        json_t *arr = json_object_get(root, decks[d].key);
        int *len = d == 0 ? &cfg->gift_deck_len
                          : d == 1 ? &cfg->cloister_deck_len : &cfg->roadside_deck_len;
        uint8_t *cards = d == 0 ? cfg->gift_deck
                                : d == 1 ? cfg->cloister_deck : cfg->roadside_deck;
        if (!arr)
            continue;
        if (!json_is_array(arr) || (int)json_array_size(arr) > decks[d].cap) {
            fail("\"%s\" must be an array of at most %d card ids", decks[d].key, decks[d].cap);
            return 0;
        }
        size_t i;
        json_t *c;
        json_array_foreach(arr, i, c) {
            int id = card_of(c, decks[d].key, decks[d].lo, decks[d].hi);
            if (id == CARC_CARD_NONE)
                return 0;
            cards[i] = (uint8_t)id;
        }
        *len = (int)json_array_size(arr);
    }
    json_t *stack = json_object_get(root, "stack");
    if (stack && json_is_array(stack)) {
        size_t i;
        json_t *t;
        if (json_array_size(stack) > CARC_STACK) {
            fail("\"stack\" must hold at most %d tiles", CARC_STACK);
            return 0;
        }
        json_array_foreach(stack, i, t) {
            const char *name = json_string_value(t);
            int k = name ? carc_tile_kind_named(name, strlen(name)) : -1;
            if (k < 0) {
                fail("\"stack\"[%zu]: unknown tile name \"%s\"", i, name ? name : "(not a string)");
                return 0;
            }
            cfg->stack[i] = (uint8_t)k;
        }
        cfg->stack_len = (int)json_array_size(stack);
    } else if (stack) {
        const char *s = json_string_value(stack);
        if (!s || strlen(s) > CARC_STACK) {
            fail("\"stack\" must be a string of at most %d tile letters or an array of tile "
                 "names", CARC_STACK);
            return 0;
        }
        cfg->stack_len = (int)strlen(s);
        for (int i = 0; s[i]; i++) {
            int k = carc_tile_kind(s[i]);
            if (k < 0) {
                fail("\"stack\": unknown tile letter '%c'", s[i]);
                return 0;
            }
            cfg->stack[i] = (uint8_t)k;
        }
    }
    return 1;
}

static int run(json_t *root)
{
    static const char *const keys[] = {"rule",      "title",         "players",
                                       "seed",      "stack",         "steps",
                                       "config_error", "why",        "expansions",
                                       "gift_deck", "cloister_deck", "roadside_deck",
                                       "return_pos", "aside_pos", "diagram", NULL};
    carc_config cfg;
    carc_error err = {0, ""};

    g_step = -1;
    if (!json_is_object(root)) {
        fail("the file must hold one JSON object");
        return 1;
    }
    keys_known(root, "the scenario", keys);
    const char *rule = json_string_value(json_object_get(root, "rule"));
    if (!rule || !strchr("BGXCEITRAP", rule[0]) || !rule[0])
        fail("\"rule\" must name a rule id such as \"B9\" or \"TB11\"");
    if (!json_is_string(json_object_get(root, "title")))
        fail("\"title\" is required");
    if (!build_config(root, &cfg))
        return 1;

    carc_game *g = carc_new(&cfg, &err);
    if (json_is_true(json_object_get(root, "config_error"))) {
        if (g)
            fail("the configuration should be refused, carc_new accepted it");
        else if (err.code != CARC_E_CONFIG)
            fail("carc_new failed with code %d, expected CARC_E_CONFIG: %s", err.code, err.msg);
        if (json_object_get(root, "diagram"))
            fail("\"diagram\": no board to draw when the configuration is refused");
        carc_free(g);
        return g_failures;
    }
    if (!g) {
        fail("carc_new failed: %s", err.msg);
        return 1;
    }
    if (carc_check(g, &err) != CARC_OK)
        fail("carc_check after carc_new: %s", err.msg);

    json_t *steps = json_object_get(root, "steps");
    if (!json_is_array(steps)) {
        fail("\"steps\" must be an array");
        carc_free(g);
        return 1;
    }
    size_t i;
    json_t *st;
    json_array_foreach(steps, i, st) {
        g_step = (int)i;
        g_why = NULL;
        if (json_is_string(st)) {
            step_move(g, json_string_value(st));
        } else if (json_is_object(st)) {
            static const char *const skeys[] = {"expect", "illegal", "error", "why", NULL};
            keys_known(st, "a step", skeys);
            g_why = json_string_value(json_object_get(st, "why"));
            json_t *ill = json_object_get(st, "illegal");
            json_t *exp = json_object_get(st, "expect");
            if (ill && exp)
                fail("a step is either \"illegal\" or \"expect\"");
            else if (ill && json_is_string(ill))
                step_illegal(g, json_string_value(ill),
                             json_string_value(json_object_get(st, "error")));
            else if (exp) {
                if (!g_why)
                    fail("an \"expect\" step needs a \"why\"");
                step_expect(g, exp);
                if (g_print_board) {
                    char where[48];
                    snprintf(where, sizeof where, "step %d (expect)", g_step);
                    print_board(g, where);
                }
            } else
                fail("a step object needs \"expect\" or \"illegal\"");
        } else {
            fail("a step must be a move string or an object");
        }
        if (carc_check(g, &err) != CARC_OK)
            fail("carc_check: %s", err.msg);
    }
    g_step = STEP_END;
    g_why = NULL;
    json_t *diagram = json_object_get(root, "diagram");
    if (diagram)
        check_diagram(g, diagram);
    if (g_print_board)
        print_board(g, "after the last step (top-level \"diagram\")");
    carc_free(g);
    return g_failures;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--print-board") == 0) {
        g_print_board = 1;
        argv++;
        argc--;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: %s [--print-board] SCENARIO.json\n", argv[0]);
        return 2;
    }
    g_file = argv[1];
    json_error_t jerr;
    json_t *root = json_load_file(g_file, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        fprintf(stderr, "%s:%d: %s\n", g_file, jerr.line, jerr.text);
        return 1;
    }
    run(root);
    json_decref(root);
    if (g_failures) {
        fprintf(stderr, "%s: %d failure(s)\n", g_file, g_failures);
        return 1;
    }
    printf("%s: ok\n", g_file);
    return 0;
}
