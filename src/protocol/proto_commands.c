/*
 * proto_commands.c - the commands of the `carc engine` protocol (docs/PROTOCOL.md),
 * each acting on one session.
 *
 * A command either succeeds, writing its payload (possibly empty) to `out`, or
 * fails, writing one message to `out` and changing nothing: `new`, `load` and
 * `undo` build a whole new session aside (session_build) and swap it in only when
 * everything succeeded, and `play` and `genmove` rely on carc_apply leaving the
 * state untouched on an illegal move.
 *
 * The session's record is the one source of its history: `undo` rebuilds the game
 * from the configuration and the record's moves less the last (the engine has no
 * undo), and genmove's players are seeded from the game's seed and the number of
 * moves in it, so the move chosen depends only on the game, never on the session's
 * past (an undone move is chosen again).
 */
#include <stdlib.h>
#include <string.h>

#include "carc_ai.h"
#include "protocol.h"

enum { CMD_OK = 0, CMD_FAIL = -1, CMD_QUIT = 1 };

void proto_session_init(proto_session *s)
{
    memset(s, 0, sizeof *s);
}

void proto_session_free(proto_session *s)
{
    carc_free(s->g);
    carc_free(s->before);
    carc_free(s->view);
    carc_recorder_free(s->rec);
    carc_playout_free(&s->rp);
    proto_session_init(s);
}

/* Splits off the next word of *args (blank separated), NUL-terminating it;
 * returns NULL when no word is left. */
static char *next_word(char **args)
{
    char *p = *args, *w;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p) {
        *args = p;
        return NULL;
    }
    w = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (*p)
        *p++ = '\0';
    *args = p;
    return w;
}

static int fail(strbuf *out, const char *msg)
{
    sb_puts(out, msg);
    return CMD_FAIL;
}

static int no_args(const char *cmd, char *args, strbuf *out)
{
    char *w = next_word(&args);
    if (w) {
        sb_printf(out, "%s takes no arguments, got '%.64s'", cmd, w);
        return CMD_FAIL;
    }
    return CMD_OK;
}

/* Parses an optional single word `legal`; returns 0 or 1, or -1 (message in out). */
static int legal_flag(const char *cmd, char *args, strbuf *out)
{
    char *w = next_word(&args), *extra;
    if (!w)
        return 0;
    if (strcmp(w, "legal") != 0) {
        sb_printf(out, "%s: unexpected argument '%.64s' (only 'legal' may follow)", cmd, w);
        return -1;
    }
    if ((extra = next_word(&args))) {
        sb_printf(out, "%s: unexpected argument '%.64s' after 'legal'", cmd, extra);
        return -1;
    }
    return 1;
}

/* {"active":A,"decision":"place","seat":S}; the decision is "over" (seat -1) at the end. */
static void pending_json(const carc_game *g, strbuf *out)
{
    carc_pending p = carc_pending_decision(g);
    sb_printf(out, "{\"active\":%d,\"decision\":\"%s\",\"seat\":%d}", p.active,
              carc_is_over(g) ? "over" : carc_decision_name(p.decision),
              carc_is_over(g) ? -1 : p.seat);
}

/* The events g carries (of the last call on it) as a JSON array of short strings. */
static void events_json(const carc_game *g, strbuf *out)
{
    int n, i;
    const carc_event *ev = carc_events(g, &n);
    char text[128];
    sb_putc(out, '[');
    for (i = 0; i < n; i++) {
        carc_event_string(&ev[i], text, sizeof text);
        if (i)
            sb_putc(out, ',');
        sb_json_string(out, text);
    }
    sb_putc(out, ']');
}

/* {"events":[...],"move":"...","pending":{...}} after new (no move) or a move. */
static void move_reply(const carc_game *g, const char *move, strbuf *out)
{
    sb_puts(out, "{\"events\":");
    events_json(g, out);
    sb_putc(out, ',');
    if (move) {
        sb_puts(out, "\"move\":");
        sb_json_string(out, move);
        sb_putc(out, ',');
    }
    sb_puts(out, "\"pending\":");
    pending_json(g, out);
    sb_putc(out, '}');
}

/* Builds a session in `fresh` (initialised by the caller) from cfg and the first n
 * moves of rec (NULL when n is 0), recording each move. Returns 0, or -1 with a
 * message in out and everything fresh held freed. */
static int session_build(proto_session *fresh, const carc_config *cfg, const carc_record *rec,
                         int n, const char *cmd, strbuf *out)
{
    carc_error err = {0, ""};
    carc_move m;

    if (!(fresh->g = carc_new(cfg, &err))) {
        sb_printf(out, "%s: %s", cmd, err.msg);
        return CMD_FAIL;
    }
    if (!(fresh->before = carc_clone(fresh->g)) || !(fresh->view = carc_clone(fresh->g)) ||
        !(fresh->rec = carc_recorder_new(cfg, fresh->g)) ||
        carc_playout_init(&fresh->rp, cfg->seed)) {
        proto_session_free(fresh);
        sb_printf(out, "%s: out of memory", cmd);
        return CMD_FAIL;
    }
    for (int i = 0; i < n; i++) {
        const char *text = carc_record_move(rec, i);
        carc_copy(fresh->before, fresh->g);
        if (carc_move_parse(fresh->g, text, &m, &err) != CARC_OK ||
            carc_apply(fresh->g, &m, &err) != CARC_OK ||
            carc_recorder_add(fresh->rec, fresh->before, &m, fresh->g) != CARC_OK) {
            sb_printf(out, "%s: move %d \"%.64s\": %s", cmd, i + 1, text,
                      err.msg[0] ? err.msg : "cannot be recorded");
            proto_session_free(fresh);
            return CMD_FAIL;
        }
    }
    return CMD_OK;
}

/* The session's record read back (caller frees), for its configuration and moves;
 * NULL with a message in out on failure. */
static carc_record *session_record(proto_session *s, const char *cmd, strbuf *out)
{
    carc_error err = {0, ""};
    char *json = carc_recorder_json(s->rec, s->g);
    carc_record *rec;

    if (!json) {
        sb_printf(out, "%s: the record cannot be written (out of memory, or a seed above "
                       "2^63-1)", cmd);
        return NULL;
    }
    rec = carc_record_parse(json, &err);
    free(json);
    if (!rec)
        sb_printf(out, "%s: %s", cmd, err.msg[0] ? err.msg : "out of memory");
    return rec;
}

/* Splits a comma-separated list value in place: writes up to cap entries and returns
 * how many, or -1 (message in out) on an empty entry or too many. "none" is the empty
 * list. */
static int split_list(const char *key, char *val, char **items, int cap, strbuf *out)
{
    int n = 0;
    if (strcmp(val, "none") == 0)
        return 0;
    for (char *p = val;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (!*p) {
            sb_printf(out, "new: %s: empty entry in the list (write 'none' for an empty deck)",
                      key);
            return -1;
        }
        if (n == cap) {
            sb_printf(out, "new: %s holds at most %d cards", key, cap);
            return -1;
        }
        items[n++] = p;
        if (!comma)
            return n;
        p = comma + 1;
    }
}

/* A fixed deck option: card ids separated by commas, or `none`. */
static int deck_option(const char *key, char *val, uint8_t *deck, int cap, int *len, strbuf *out)
{
    char *items[32];
    int n = split_list(key, val, items, cap, out);
    if (n < 0)
        return CMD_FAIL;
    for (int i = 0; i < n; i++) {
        int c = carc_card_parse(items[i], strlen(items[i]));
        if (c == CARC_CARD_NONE) {
            sb_printf(out, "new: %s: unknown card '%.40s'", key, items[i]);
            return CMD_FAIL;
        }
        deck[i] = (uint8_t)c;
    }
    *len = n;
    return CMD_OK;
}

/* stack=LETTERS (base tiles, one letter each) or stack=NAME,NAME,... (tile names,
 * base letters or expansion ids such as IC/RFr.i, RI.1/CICI, Eg). Counts per kind are the engine's
 * to check (carc_new), against the game's expansions. */
static int stack_option(const char *val, carc_config *cfg, strbuf *out)
{
    size_t i, len = strlen(val), n = 0;
    /* a name list: a comma, an expansion id, or one garden twin alone ("Eg") */
    if (strchr(val, ',') != NULL || strchr(val, '/') != NULL ||
        (len > 1 && carc_tile_kind_named(val, len) >= 0)) {
        const char *p = val;
        for (;;) {
            const char *end = strchr(p, ',');
            size_t wl = end ? (size_t)(end - p) : strlen(p);
            int kind = carc_tile_kind_named(p, wl);
            if (kind < 0) {
                sb_printf(out, "new: stack: unknown tile '%.*s'", (int)(wl < 24 ? wl : 24), p);
                return CMD_FAIL;
            }
            if (n == CARC_STACK) {
                sb_printf(out, "new: stack holds at most %d tiles", CARC_STACK);
                return CMD_FAIL;
            }
            cfg->stack[n++] = (uint8_t)kind;
            if (!end)
                break;
            p = end + 1;
        }
        cfg->stack_len = (int)n;
        return CMD_OK;
    }
    if (len > CARC_STACK) {
        sb_printf(out, "new: stack holds at most %d tiles, got %zu", CARC_STACK, len);
        return CMD_FAIL;
    }
    for (i = 0; i < len; i++) {
        int kind = carc_tile_kind(val[i]);
        if (kind < 0) {
            sb_printf(out, "new: stack: '%c' is not a tile letter A..X (expansion tiles: "
                           "stack=NAME,NAME,...)", val[i]);
            return CMD_FAIL;
        }
        cfg->stack[i] = (uint8_t)kind;
    }
    cfg->stack_len = (int)len;
    return CMD_OK;
}

/* expansions=LIST: the names of docs/RECORD.md; opt_expansions refuses an empty list
 * or an empty entry, as it does for --expansions. */
static int expansions_option(char *val, carc_config *cfg, strbuf *out)
{
    char msg[PROTO_MSG];
    if (proto_expansions("expansions", val, &cfg->expansions, msg, sizeof msg)) {
        sb_printf(out, "new: %s", msg);
        return CMD_FAIL;
    }
    return CMD_OK;
}

enum { K_PLAYERS, K_SEED, K_EXPANSIONS, K_STACK, K_RETURN_POS, K_GIFT_DECK, K_CLOISTER_DECK,
       K_ROADSIDE_DECK, K_COUNT };

static const char *const new_keys[K_COUNT] = {
    "players", "seed", "expansions", "stack", "return_pos", "gift_deck", "cloister_deck",
    "roadside_deck",
};

/* The index of a `new` option (K_COUNT if none). */
static int new_key(const char *key)
{
    int k = 0;
    while (k < K_COUNT && strcmp(key, new_keys[k]) != 0)
        k++;
    return k;
}

/* One key=value of `new` into cfg (the players' text is kept in *players, checked
 * once the expansions are known). */
static int new_option(int k, char *val, carc_config *cfg, const char **players, strbuf *out)
{
    char msg[PROTO_MSG];
    long n;

    switch (k) {
    case K_PLAYERS:
        *players = val;
        return CMD_OK;
    case K_SEED:
        if (proto_seed("seed", val, &cfg->seed, msg, sizeof msg))
            break;
        return CMD_OK;
    case K_EXPANSIONS:
        return expansions_option(val, cfg, out);
    case K_STACK:
        return stack_option(val, cfg, out);
    case K_RETURN_POS:
        if (proto_long("return_pos", val, -1, CARC_STACK, &n, msg, sizeof msg))
            break;
        cfg->return_pos = (int)n;
        return CMD_OK;
    case K_GIFT_DECK:
        return deck_option("gift_deck", val, cfg->gift_deck, (int)sizeof cfg->gift_deck,
                           &cfg->gift_deck_len, out);
    case K_CLOISTER_DECK:
        return deck_option("cloister_deck", val, cfg->cloister_deck,
                           (int)sizeof cfg->cloister_deck, &cfg->cloister_deck_len, out);
    default:
        return deck_option("roadside_deck", val, cfg->roadside_deck,
                           (int)sizeof cfg->roadside_deck, &cfg->roadside_deck_len, out);
    }
    sb_printf(out, "new: %s", msg);
    return CMD_FAIL;
}

/* Options that only make sense together (as a record requires them). */
static int new_consistent(unsigned seen, const carc_config *cfg, strbuf *out)
{
    if ((seen & (1u << K_RETURN_POS)) && cfg->stack_len < 0)
        return fail(out, "new: return_pos needs a fixed stack");
    for (int i = 0; i < cfg->stack_len; i++) {
        const carc_tile_def *d = carc_tile_def_of(cfg->stack[i]);
        if (d != NULL && carc_tile_count(cfg->expansions, cfg->stack[i]) == 0) {
            sb_printf(out, "new: stack: tile %s needs expansions=%s", d->name,
                      carc_expansion_name(d->expansion) ? carc_expansion_name(d->expansion) : "?");
            return CMD_FAIL;
        }
    }
    /* a fixed deck needs the expansion that brings it (the registry's decks) */
    for (int i = 0; i < carc_expansion_count(); i++) {
        const carc_expansion_info *e = carc_expansion_at(i);
        char keys[PROTO_MSG] = "";
        int n = 0, given = 0;
        if (e->decks == NULL || (cfg->expansions & e->bit))
            continue;
        for (const carc_deck_info *d = e->decks; d->key != NULL; d++, n++) {
            size_t used = strlen(keys);
            given |= (int)(seen >> new_key(d->key) & 1u);
            snprintf(keys + used, sizeof keys - used, "%s%s", n > 0 ? " and " : "", d->key);
        }
        if (given) {
            sb_printf(out, "new: %s need%s expansions=%s", keys, n > 1 ? "" : "s", e->name);
            return CMD_FAIL;
        }
    }
    return CMD_OK;
}

/* new [players=N] [seed=S] [expansions=LIST] [stack=LETTERS] [return_pos=N]
 *     [gift_deck=IDS] [cloister_deck=IDS] [roadside_deck=IDS] */
static int command_new(proto_session *s, char *args, strbuf *out)
{
    carc_config cfg;
    proto_session fresh;
    char *w;
    unsigned seen = 0;
    const char *players_text = "2";
    long players = 2;
    char msg[PROTO_MSG];

    carc_config_init(&cfg);
    while ((w = next_word(&args))) {
        char *val = strchr(w, '=');
        int k;
        if (!val) {
            sb_printf(out, "new: expected key=value, got '%.64s'", w);
            return CMD_FAIL;
        }
        *val++ = '\0';
        for (k = 0; k < K_COUNT; k++)
            if (strcmp(w, new_keys[k]) == 0)
                break;
        if (k == K_COUNT) {
            sb_printf(out, "new: unknown option '%.64s' (players, seed, expansions, stack, "
                           "return_pos, gift_deck, cloister_deck, roadside_deck)", w);
            return CMD_FAIL;
        }
        if (seen & (1u << k)) {
            sb_printf(out, "new: option '%s' given twice", w);
            return CMD_FAIL;
        }
        seen |= 1u << k;
        if (!*val && k != K_EXPANSIONS) {
            sb_printf(out, "new: %s: empty value", w);
            return CMD_FAIL;
        }
        if (new_option(k, val, &cfg, &players_text, out))
            return CMD_FAIL;
    }
    if (proto_players("players", players_text, cfg.expansions, &players, msg, sizeof msg)) {
        sb_printf(out, "new: %s", msg);
        return CMD_FAIL;
    }
    cfg.players = (int)players;
    if (new_consistent(seen, &cfg, out))
        return CMD_FAIL;

    proto_session_init(&fresh);
    if (session_build(&fresh, &cfg, NULL, 0, "new", out))
        return CMD_FAIL;
    proto_session_free(s);
    *s = fresh;
    move_reply(s->g, NULL, out);
    return CMD_OK;
}

/* {"moves":N,"pending":{...}} (and "undone" after undo). */
static void position_reply(proto_session *s, int moves, const char *undone, strbuf *out)
{
    sb_printf(out, "{\"moves\":%d,\"pending\":", moves);
    pending_json(s->g, out);
    if (undone) {
        sb_puts(out, ",\"undone\":");
        sb_json_string(out, undone);
    }
    sb_putc(out, '}');
}

/* load RECORD: the rest of the line is one JSON record, replayed to its last move. */
static int command_load(proto_session *s, char *args, strbuf *out)
{
    carc_error err = {0, ""};
    carc_record *rec;
    proto_session fresh;
    int n;

    while (*args == ' ' || *args == '\t')
        args++;
    if (!*args)
        return fail(out, "load: missing record (one line of JSON, docs/RECORD.md)");
    if (!(rec = carc_record_parse(args, &err))) {
        sb_printf(out, "load: %s", err.msg[0] ? err.msg : "out of memory");
        return CMD_FAIL;
    }
    /* replay first: it checks the recorded events and scores as well as the moves */
    if (carc_record_replay(rec, NULL, &err) != CARC_OK) {
        sb_printf(out, "load: %s", err.msg);
        carc_record_free(rec);
        return CMD_FAIL;
    }
    n = carc_record_move_count(rec);
    proto_session_init(&fresh);
    if (session_build(&fresh, carc_record_config(rec), rec, n, "load", out)) {
        carc_record_free(rec);
        return CMD_FAIL;
    }
    carc_record_free(rec);
    proto_session_free(s);
    *s = fresh;
    position_reply(s, n, NULL, out);
    return CMD_OK;
}

/* undo: the game again from its configuration, less the last move of its record. */
static int command_undo(proto_session *s, char *args, strbuf *out)
{
    carc_record *rec;
    proto_session fresh;
    char undone[CARC_NOTATION_MAX];
    int n;

    if (no_args("undo", args, out))
        return CMD_FAIL;
    if (!(rec = session_record(s, "undo", out)))
        return CMD_FAIL;
    if ((n = carc_record_move_count(rec)) == 0) {
        carc_record_free(rec);
        return fail(out, "undo: no move to take back");
    }
    snprintf(undone, sizeof undone, "%s", carc_record_move(rec, n - 1));
    proto_session_init(&fresh);
    if (session_build(&fresh, carc_record_config(rec), rec, n - 1, "undo", out)) {
        carc_record_free(rec);
        return CMD_FAIL;
    }
    carc_record_free(rec);
    proto_session_free(s);
    *s = fresh;
    position_reply(s, n - 1, undone, out);
    return CMD_OK;
}

static int command_pending(proto_session *s, char *args, strbuf *out)
{
    if (no_args("pending", args, out))
        return CMD_FAIL;
    pending_json(s->g, out);
    return CMD_OK;
}

static int command_legal(proto_session *s, char *args, strbuf *out)
{
    int n, i;
    char text[CARC_NOTATION_MAX];
    if (no_args("legal", args, out))
        return CMD_FAIL;
    n = carc_legal(s->g, s->rp.buf, CARC_MAX_MOVES);
    sb_putc(out, '[');
    for (i = 0; i < n; i++) {
        if (carc_move_format(s->g, &s->rp.buf[i], text, sizeof text) < 0)
            snprintf(text, sizeof text, "?");
        if (i)
            sb_putc(out, ',');
        sb_json_string(out, text);
    }
    sb_putc(out, ']');
    return CMD_OK;
}

/* Applies m (already parsed for the pending decision) and records it. */
static int apply_move(proto_session *s, const carc_move *m, strbuf *out)
{
    carc_error err = {0, ""};
    char text[CARC_NOTATION_MAX];
    if (carc_move_format(s->g, m, text, sizeof text) < 0)
        snprintf(text, sizeof text, "?");
    carc_copy(s->before, s->g);
    if (carc_apply(s->g, m, &err) != CARC_OK) {
        sb_printf(out, "play: %s", err.msg[0] ? err.msg : "illegal move");
        return CMD_FAIL;
    }
    carc_recorder_add(s->rec, s->before, m, s->g);
    move_reply(s->g, text, out);
    return CMD_OK;
}

static int command_play(proto_session *s, char *args, strbuf *out)
{
    carc_error err = {0, ""};
    carc_move m;
    while (*args == ' ' || *args == '\t')
        args++;
    if (!*args)
        return fail(out, "play: missing move (see 'legal')");
    if (carc_is_over(s->g))
        return fail(out, "play: the game is over");
    if (carc_move_parse(s->g, args, &m, &err) != CARC_OK) {
        sb_printf(out, "play: %s", err.msg[0] ? err.msg : "cannot parse the move");
        return CMD_FAIL;
    }
    return apply_move(s, &m, out);
}

/* genmove's options: player=NAME, ms=N, iterations=N (the last two for mcts and its
 * earlier versions only). */
static int genmove_options(char *args, char *player, size_t size, carc_ai_options *opt,
                           strbuf *out)
{
    char msg[PROTO_MSG], *w;
    unsigned seen = 0;
    long v;

    snprintf(player, size, "random");
    while ((w = next_word(&args))) {
        static const char *const keys[] = {"player", "ms", "iterations"};
        char *val = strchr(w, '=');
        unsigned k;
        if (!val) {
            sb_printf(out, "genmove: expected key=value, got '%.64s'", w);
            return CMD_FAIL;
        }
        *val++ = '\0';
        for (k = 0; k < 3 && strcmp(w, keys[k]) != 0; k++)
            ;
        if (k == 3) {
            sb_printf(out, "genmove: unknown option '%.64s' (player, ms, iterations)", w);
            return CMD_FAIL;
        }
        if (seen & (1u << k)) {
            sb_printf(out, "genmove: option '%s' given twice", w);
            return CMD_FAIL;
        }
        seen |= 1u << k;
        if (k == 0) {
            if (carc_player_searches(val) < 0) {
                sb_printf(out, "genmove: unknown player '%.64s' (players: %s)", val,
                          carc_player_names());
                return CMD_FAIL;
            }
            snprintf(player, size, "%s", val);
            continue;
        }
        if (proto_long(keys[k], val, 1, k == 1 ? 600000 : 10000000, &v, msg, sizeof msg)) {
            sb_printf(out, "genmove: %s", msg);
            return CMD_FAIL;
        }
        if (k == 1) {
            opt->budget_ms = (int)v;
        } else {
            opt->budget_ms = 0;  /* an iteration budget, no clock: deterministic */
            opt->iterations = (int)v;
        }
    }
    if ((seen & 6u) == 6u)
        return fail(out, "genmove: give ms or iterations, not both");
    if ((seen & 6u) && carc_player_searches(player) != 1) {
        sb_printf(out, "genmove: ms and iterations are for player=mcts only, not %s", player);
        return CMD_FAIL;
    }
    return CMD_OK;
}

/* genmove [player=random|greedy|mcts] [ms=N | iterations=N]: a computer player
 * chooses from the view of the seat that owes the decision, and the move is played. */
static int command_genmove(proto_session *s, char *args, strbuf *out)
{
    carc_ai_options opt;
    carc_error err = {0, ""};
    carc_player *player;
    carc_record *rec;
    carc_move m;
    char name[16], note[128];
    uint64_t seed;
    int moves, rc;

    carc_ai_options_init(&opt);
    if (genmove_options(args, name, sizeof name, &opt, out))
        return CMD_FAIL;
    if (carc_is_over(s->g))
        return fail(out, "genmove: the game is over");
    /* the player's generator depends on the game and how far it is, nothing else */
    if (!(rec = session_record(s, "genmove", out)))
        return CMD_FAIL;
    moves = carc_record_move_count(rec);
    carc_record_free(rec);
    seed = carc_config_of(s->g).seed;
    seed = fnv1a(fnv1a(FNV1A_INIT, &seed, sizeof seed), &moves, sizeof moves);
    opt.seed = seed;
    if (!(player = carc_player_new(name, &opt, &err))) {
        sb_printf(out, "genmove: %s", err.msg);
        return CMD_FAIL;
    }
    carc_view(s->g, carc_pending_decision(s->g).seat, s->view);
    rc = carc_player_choose(player, s->view, &m, note, sizeof note);
    carc_player_free(player);
    if (rc != CARC_OK)
        return fail(out, "genmove: no legal move");
    return apply_move(s, &m, out);
}

/* Appends a malloc'd string from the record layer, or fails on NULL. */
static int take_json(char *json, const char *cmd, strbuf *out)
{
    if (!json) {
        sb_printf(out, "%s: out of memory", cmd);
        return CMD_FAIL;
    }
    sb_puts(out, json);
    free(json);
    return CMD_OK;
}

static int command_state(proto_session *s, char *args, strbuf *out)
{
    int legal = legal_flag("state", args, out);
    if (legal < 0)
        return CMD_FAIL;
    return take_json(carc_state_json(s->g, legal), "state", out);
}

static int command_view(proto_session *s, char *args, strbuf *out)
{
    char msg[PROTO_MSG], *w = next_word(&args);
    long seat;
    int legal;
    if (!w)
        return fail(out, "view: missing seat");
    if (strcmp(w, "public") == 0)  /* what every seat may know: a spectator's view */
        seat = CARC_SEAT_PUBLIC;
    else if (proto_long("view: seat", w, 0, carc_players(s->g) - 1, &seat, msg, sizeof msg))
        return fail(out, msg);
    if ((legal = legal_flag("view", args, out)) < 0)
        return CMD_FAIL;
    carc_view(s->g, (int)seat, s->view);
    return take_json(carc_state_json(s->view, legal), "view", out);
}

static int command_scores(proto_session *s, char *args, strbuf *out)
{
    int seat;
    if (no_args("scores", args, out))
        return CMD_FAIL;
    sb_putc(out, '[');
    for (seat = 0; seat < carc_players(s->g); seat++)
        sb_printf(out, "%s%d", seat ? "," : "", carc_score(s->g, seat));
    sb_putc(out, ']');
    return CMD_OK;
}

static int command_winners(proto_session *s, char *args, strbuf *out)
{
    unsigned w;
    int seat, first = 1;
    if (no_args("winners", args, out))
        return CMD_FAIL;
    w = carc_winners(s->g);
    sb_putc(out, '[');
    for (seat = 0; seat < carc_players(s->g); seat++)
        if (w & (1u << seat)) {
            sb_printf(out, "%s%d", first ? "" : ",", seat);
            first = 0;
        }
    sb_putc(out, ']');
    return CMD_OK;
}

static int command_board(proto_session *s, char *args, strbuf *out)
{
    char *text, *line, *nl;
    if (no_args("board", args, out))
        return CMD_FAIL;
    if (!(text = carc_board_text(s->g)))
        return fail(out, "board: out of memory");
    sb_putc(out, '[');
    for (line = text; *line; line = nl + 1) {
        if (!(nl = strchr(line, '\n')))
            break;
        *nl = '\0';
        if (line != text)
            sb_putc(out, ',');
        sb_json_string(out, line);
    }
    sb_putc(out, ']');
    free(text);
    return CMD_OK;
}

static int command_record(proto_session *s, char *args, strbuf *out)
{
    if (no_args("record", args, out))
        return CMD_FAIL;
    return take_json(carc_recorder_json(s->rec, s->g), "record", out);
}

static int command_check(proto_session *s, char *args, strbuf *out)
{
    carc_error err = {0, ""};
    if (no_args("check", args, out))
        return CMD_FAIL;
    if (carc_check(s->g, &err) != CARC_OK)
        return fail(out, err.msg[0] ? err.msg : "check failed");
    sb_puts(out, "ok");
    return CMD_OK;
}

static int command_tiles_json(proto_session *s, char *args, strbuf *out)
{
    (void)s;
    if (no_args("tiles", args, out))
        return CMD_FAIL;
    return take_json(carc_tiles_json(), "tiles", out);
}

/* events [SEAT|public]: the events of the last new, play, genmove, load or undo as
 * SEAT may know them (a hidden card as "?"), the way the server's frames give each
 * seat its own; without a seat, every event as the move replies carry them. */
static int command_events(proto_session *s, char *args, strbuf *out)
{
    char msg[PROTO_MSG], *w = next_word(&args), *extra;
    const carc_game *g = s->g;
    long seat = -1;
    if (w) {
        if (strcmp(w, "public") == 0)
            seat = CARC_SEAT_PUBLIC;
        else if (proto_long("events: seat", w, 0, carc_players(s->g) - 1, &seat, msg,
                            sizeof msg))
            return fail(out, msg);
        if ((extra = next_word(&args))) {
            sb_printf(out, "events: unexpected argument '%.64s' after the seat", extra);
            return CMD_FAIL;
        }
        carc_view(s->g, (int)seat, s->view);
        g = s->view;
    }
    events_json(g, out);
    return CMD_OK;
}

static int command_help(proto_session *s, char *args, strbuf *out);

static int command_quit(proto_session *s, char *args, strbuf *out)
{
    (void)s;
    if (no_args("quit", args, out))
        return CMD_FAIL;
    return CMD_QUIT;
}

/* Each command with its arguments and what it answers, for `help` (docs/PROTOCOL.md
 * says the same at length). */
static const struct command {
    const char *name;
    int (*run)(proto_session *s, char *args, strbuf *out);
    int needs_game;
    const char *args;
    const char *does;
} commands[] = {
    {"new", command_new, 0,
     "[players=2..5|6 with inns] [seed=N] "
     "[expansions=base|LIST of gifts,christmas,inns,traders,river,abbot,dragon,tower,abbey] "
     "[stack=LETTERS|NAME,...] [return_pos=-1..184] [gift_deck=IDS|none] [cloister_deck=IDS|none] "
     "[roadside_deck=IDS|none]",
     "starts a game; a move reply for the first draw"},
    {"pending", command_pending, 1, "", "the decision owed, by whom, whose turn"},
    {"legal", command_legal, 1, "", "every legal move in notation"},
    {"play", command_play, 1, "MOVE", "plays one move in notation; a move reply"},
    {"genmove", command_genmove, 1, "[player=random|greedy|mcts] [ms=N | iterations=N]",
     "a computer player chooses the move and plays it; a move reply"},
    {"events", command_events, 1, "[SEAT|public]",
     "the events of the last command as SEAT may know them (all without SEAT)"},
    {"undo", command_undo, 1, "", "takes back the last move; a position reply"},
    {"load", command_load, 0, "RECORD",
     "replays one game record (one line of JSON); a position reply"},
    {"state", command_state, 1, "[legal]", "the full state as JSON"},
    {"view", command_view, 1, "SEAT|public [legal]", "what SEAT may know, as JSON"},
    {"scores", command_scores, 1, "", "the scores by seat"},
    {"winners", command_winners, 1, "", "the winning seats once the game is over"},
    {"board", command_board, 1, "", "the board as text, one JSON string a line"},
    {"record", command_record, 1, "", "the game record so far"},
    {"check", command_check, 1, "", "ok when every invariant of the state holds"},
    {"tiles", command_tiles_json, 0, "", "the tile catalogue as JSON"},
    {"help", command_help, 0, "[COMMAND]",
     "every command with its arguments, or one command and what it does"},
    {"quit", command_quit, 0, "", "ends the session"},
};

enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

/* help: a JSON array of every command with its arguments; help COMMAND: that
 * command with its arguments and what it answers, as one JSON string. */
static int command_help(proto_session *s, char *args, strbuf *out)
{
    char line[512], *w = next_word(&args);
    int i;
    (void)s;
    if (w) {
        if (no_args("help COMMAND", args, out))
            return CMD_FAIL;
        for (i = 0; i < NCOMMANDS; i++)
            if (strcmp(commands[i].name, w) == 0)
                break;
        if (i == NCOMMANDS) {
            sb_printf(out, "help: unknown command '%.64s' (see 'help')", w);
            return CMD_FAIL;
        }
        snprintf(line, sizeof line, "%s%s%s: %s", commands[i].name,
                 commands[i].args[0] ? " " : "", commands[i].args, commands[i].does);
        sb_json_string(out, line);
        return CMD_OK;
    }
    sb_putc(out, '[');
    for (i = 0; i < NCOMMANDS; i++) {
        snprintf(line, sizeof line, "%s%s%s", commands[i].name,
                 commands[i].args[0] ? " " : "", commands[i].args);
        if (i)
            sb_putc(out, ',');
        sb_json_string(out, line);
    }
    sb_putc(out, ']');
    return CMD_OK;
}

int proto_command(proto_session *s, const char *name, char *args, strbuf *out)
{
    int i;
    for (i = 0; i < NCOMMANDS; i++) {
        if (strcmp(commands[i].name, name) != 0)
            continue;
        if (commands[i].needs_game && !s->g) {
            sb_printf(out, "%s: no game yet, send 'new' first", name);
            return CMD_FAIL;
        }
        return commands[i].run(s, args, out);
    }
    sb_printf(out, "unknown command '%s' (see 'help')", name);
    return CMD_FAIL;
}
