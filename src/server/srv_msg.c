/*
 * srv_msg.c - parsing what clients send: WebSocket messages and the body of
 * POST /api/games. Strict: one JSON object, no duplicate keys, no unknown keys, the
 * right types, a size cap; every refusal is one line naming what is wrong. This is
 * the server's first contact with untrusted bytes, so fuzz/fuzz_server_msg.c drives
 * it with anything.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carc_ai.h"
#include "srv_int.h"

/* The message types, for the errors that name them. */
#define SRV_MSG_TYPES "\"move\", \"state\", \"chat\", \"rematch\", \"sign\", \"vote\", \"back\", " \
                      "\"undo\" or \"undo_answer\""

/* Loads buf as one JSON object; NULL with err. */
static json_t *msg_object(const char *buf, size_t len, char *err, size_t errsize)
{
    json_error_t je;
    if (len > SRV_MSG_MAX) {
        snprintf(err, errsize, "message too large: %zu bytes, at most %d", len, SRV_MSG_MAX);
        return NULL;
    }
    json_t *o = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
    if (!o) {
        snprintf(err, errsize, "malformed JSON: %s", je.text);
        return NULL;
    }
    if (!json_is_object(o)) {
        snprintf(err, errsize, "a message must be a JSON object");
        json_decref(o);
        return NULL;
    }
    return o;
}

/* -1 with err if o has a key outside `allowed` (NULL-terminated). */
static int msg_only_keys(json_t *o, const char *const *allowed, char *err, size_t errsize)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        int ok = 0;
        for (const char *const *a = allowed; *a; a++)
            ok |= strcmp(key, *a) == 0;
        if (!ok) {
            snprintf(err, errsize, "unknown key \"%.40s\"", key);
            return -1;
        }
    }
    return 0;
}

/* The move message as every client writes it, read without a JSON tree (jansson's
 * parse was 4% of the service thread's time):
 * {"type":"move","index":DIGITS,"move":"PRINTABLE ASCII"} exactly, the index without
 * leading zeros and at most 1000000, the move 1 to sizeof out->move - 1 bytes with
 * no quote or backslash. Whatever it takes, the JSON path below would take the same
 * way (fuzz/fuzz_server_msg.c compares the two); anything else goes there. 1 if
 * taken. */
static int msg_move_fast(const char *buf, size_t len, srv_msg *out)
{
    static const char head[] = "{\"type\":\"move\",\"index\":", mid[] = ",\"move\":\"";
    const char *p = buf, *end = buf + len;
    if (len < sizeof head - 1 || memcmp(p, head, sizeof head - 1) != 0)
        return 0;
    p += sizeof head - 1;
    long index = 0;
    const char *digits = p;
    while (p < end && *p >= '0' && *p <= '9' && p - digits < 8)
        index = index * 10 + (*p++ - '0');
    if (p == digits || (*digits == '0' && p - digits > 1) || index > 1000000)
        return 0;
    if ((size_t)(end - p) < sizeof mid - 1 || memcmp(p, mid, sizeof mid - 1) != 0)
        return 0;
    p += sizeof mid - 1;
    const char *move = p;
    while (p < end && *p >= 0x20 && *p <= 0x7e && *p != '"' && *p != '\\')
        p++;
    size_t n = (size_t)(p - move);
    if (n == 0 || n >= sizeof out->move || end - p != 2 || p[0] != '"' || p[1] != '}')
        return 0;
    out->type = SRV_MSG_MOVE;
    out->index = index;
    memcpy(out->move, move, n);
    out->move[n] = '\0';
    return 1;
}

int srv_msg_parse(const char *buf, size_t len, srv_msg *out, char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    if (msg_move_fast(buf, len, out))
        return 0;
    return srv_msg_parse_json(buf, len, out, err, errsize);
}

int srv_msg_parse_json(const char *buf, size_t len, srv_msg *out, char *err, size_t errsize)
{
    static const char *const move_keys[] = {"type", "index", "move", NULL};
    static const char *const state_keys[] = {"type", NULL};
    static const char *const chat_keys[] = {"type", "text", NULL};
    static const char *const sign_keys[] = {"type", "name", "secret", NULL};
    static const char *const vote_keys[] = {"type", "seat", NULL};
    static const char *const undo_keys[] = {"type", "index", NULL};
    static const char *const answer_keys[] = {"type", "index", "accept", NULL};
    memset(out, 0, sizeof *out);
    json_t *o = msg_object(buf, len, err, errsize);
    if (!o)
        return -1;
    int rc = -1;
    json_t *type = json_object_get(o, "type");
    json_t *index = json_object_get(o, "index"), *move = json_object_get(o, "move");
    json_t *text = json_object_get(o, "text");
    if (!json_is_string(type)) {
        snprintf(err, errsize, "\"type\" must be a string: " SRV_MSG_TYPES);
    } else if (strcmp(json_string_value(type), "sign") == 0) {
        /* a ladder seat signed: the name as chosen, the secret as POST /api/players
         * gave it (32 lowercase hex digits) */
        json_t *name = json_object_get(o, "name"), *secret = json_object_get(o, "secret");
        if (msg_only_keys(o, sign_keys, err, errsize) < 0) {
            /* err says which */
        } else if (!json_is_string(name) || json_string_length(name) == 0 ||
                   json_string_length(name) > SRV_LADDER_NAME_MAX ||
                   strlen(json_string_value(name)) != json_string_length(name)) {
            snprintf(err, errsize, "\"name\" must be a ladder name (1 to %d characters)",
                     SRV_LADDER_NAME_MAX);
        } else if (!json_is_string(secret) ||
                   !srv_is_hex(json_string_value(secret), 2 * SRV_TOKEN_BYTES)) {
            snprintf(err, errsize, "\"secret\" must be the name's secret (%d lowercase hex "
                     "digits)", 2 * SRV_TOKEN_BYTES);
        } else {
            out->type = SRV_MSG_SIGN;
            memcpy(out->name, json_string_value(name), json_string_length(name) + 1);
            memcpy(out->secret, json_string_value(secret), 2 * SRV_TOKEN_BYTES + 1);
            rc = 0;
        }
    } else if (strcmp(json_string_value(type), "vote") == 0) {
        /* hand an absent seat to a computer player (srv_absent.c checks the seat) */
        json_t *seat = json_object_get(o, "seat");
        if (msg_only_keys(o, vote_keys, err, errsize) < 0) {
            /* err says which */
        } else if (!json_is_integer(seat) || json_integer_value(seat) < 0 ||
                   json_integer_value(seat) >= SRV_SEATS) {
            snprintf(err, errsize, "\"seat\" must be the number of the absent seat (0 to %d)",
                     SRV_SEATS - 1);
        } else {
            out->type = SRV_MSG_VOTE;
            out->seat = (int)json_integer_value(seat);
            rc = 0;
        }
    } else if (strcmp(json_string_value(type), "undo") == 0 ||
               strcmp(json_string_value(type), "undo_answer") == 0) {
        /* undo by agreement (srv_undo.c): the index the asker's page shows (the move
         * taken back is the one before it), and each other seat's answer */
        int ask = strcmp(json_string_value(type), "undo") == 0;
        json_t *accept = json_object_get(o, "accept");
        if (msg_only_keys(o, ask ? undo_keys : answer_keys, err, errsize) < 0) {
            /* err says which */
        } else if (!json_is_integer(index) || json_integer_value(index) < 0 ||
                   json_integer_value(index) > 1000000) {
            snprintf(err, errsize, "\"index\" must be the game's index the undo is about "
                     "(an integer >= 0)");
        } else if (!ask && !json_is_boolean(accept)) {
            snprintf(err, errsize, "\"accept\" must be true or false");
        } else {
            out->type = ask ? SRV_MSG_UNDO : SRV_MSG_UNDO_ANSWER;
            out->index = (long)json_integer_value(index);
            out->accept = !ask && json_is_true(accept);
            rc = 0;
        }
    } else if (strcmp(json_string_value(type), "back") == 0) {
        if (msg_only_keys(o, state_keys, err, errsize) == 0) {
            out->type = SRV_MSG_BACK;
            rc = 0;
        }
    } else if (strcmp(json_string_value(type), "chat") == 0) {
        /* chat: text only, capped, no control characters (a line of the chat each) */
        const char *t = json_is_string(text) ? json_string_value(text) : NULL;
        size_t n = t ? json_string_length(text) : 0;
        int ctl = 0;
        out->type = SRV_MSG_CHAT;  /* refused or not: the caller says a chat was refused */
        for (size_t i = 0; t && i < n; i++)
            ctl |= (unsigned char)t[i] < 0x20 || t[i] == 0x7f;
        if (msg_only_keys(o, chat_keys, err, errsize) < 0) {
            /* err says which */
        } else if (!t || n == 0 || n > SRV_CHAT_MAX || strlen(t) != n) {
            snprintf(err, errsize, "\"text\" must be 1 to %d bytes of text", SRV_CHAT_MAX);
        } else if (ctl) {
            snprintf(err, errsize, "\"text\" must hold no control characters");
        } else {
            memcpy(out->text, t, n + 1);
            rc = 0;
        }
    } else if (strcmp(json_string_value(type), "state") == 0 ||
               strcmp(json_string_value(type), "rematch") == 0) {
        if (msg_only_keys(o, state_keys, err, errsize) == 0) {
            out->type = strcmp(json_string_value(type), "state") == 0 ? SRV_MSG_SYNC : SRV_MSG_REMATCH;
            rc = 0;
        }
    } else if (strcmp(json_string_value(type), "move") != 0) {
        snprintf(err, errsize, "unknown message type \"%.40s\" (" SRV_MSG_TYPES ")",
                 json_string_value(type));
    } else if (msg_only_keys(o, move_keys, err, errsize) < 0) {
        /* err says which */
    } else if (!json_is_integer(index) || json_integer_value(index) < 0 ||
               json_integer_value(index) > 1000000) {
        snprintf(err, errsize, "\"index\" must be the move index the move answers (an integer >= 0)");
    } else if (!json_is_string(move) || json_string_length(move) == 0 ||
               json_string_length(move) >= sizeof out->move ||
               strlen(json_string_value(move)) != json_string_length(move)) {
        snprintf(err, errsize, "\"move\" must be a move in notation (1 to %d characters)",
                 (int)sizeof out->move - 1);
    } else {
        out->type = SRV_MSG_MOVE;
        out->index = (long)json_integer_value(index);
        memcpy(out->move, json_string_value(move), json_string_length(move) + 1);
        rc = 0;
    }
    json_decref(o);
    return rc;
}

int srv_spec_is_human(const char *spec)
{
    return strcmp(spec, "human") == 0;
}

int srv_spec_budget_ms(const char *spec)
{
    if (carc_player_searches(spec) == 1)  /* mcts, or an earlier version: 100 ms */
        return 100;
    if (!strncmp(spec, "mcts:", 5))
        return atoi(spec + 5);
    int level = carc_player_think_ms(spec);  /* a level's fixed budget, in time */
    return level > 0 ? level : 0;
}

int srv_spec_check(const char *spec, char *err, size_t errsize)
{
    /* every computer player by its name: the levels for people, and the others (the
     * lobby offers the levels; mcts-2026a is accepted for testing) */
    if (!strcmp(spec, "human") || carc_player_searches(spec) >= 0)
        return 0;
    if (strncmp(spec, "mcts:", 5) == 0) {
        const char *p = spec + 5;
        long ms = 0;
        size_t digits = strspn(p, "0123456789");
        if (digits >= 1 && digits <= 5 && p[digits] == '\0') {
            ms = strtol(p, NULL, 10);
            if (ms >= 1 && ms <= 60000)
                return 0;
        }
    }
    snprintf(err, errsize,
             "unknown player \"%.20s\": human, easy, medium, hard, random, greedy, mcts or "
             "mcts:MS (1..60000)", spec);
    return -1;
}

/* The message for a bad "expansions": "base" or the registry's names, each quoted. */
static void expansions_wanted(char *err, size_t errsize)
{
    size_t n;
    snprintf(err, errsize, "\"expansions\" must be \"base\" or a comma-separated list of ");
    for (int i = 0; i < carc_expansion_count() && (n = strlen(err)) + 1 < errsize; i++)
        snprintf(err + n, errsize - n, "%s\"%s\"", i > 0 ? ", " : "", carc_expansion_at(i)->name);
}

/* "clock": "fast", "normal" or "slow" (srv_clock_preset), {"start": S, "move": S}
 * (real-time, seconds) or {"hours": H} (turn-based); 0, or -1 with err. */
static int msg_clock(json_t *v, srv_clock *c, char *err, size_t errsize)
{
    static const char *const live_keys[] = {"start", "move", NULL};
    static const char *const turn_keys[] = {"hours", NULL};
    json_t *start = json_object_get(v, "start"), *move = json_object_get(v, "move");
    json_t *hours = json_object_get(v, "hours");
    if (json_is_string(v) && strlen(json_string_value(v)) == json_string_length(v) &&
        srv_clock_preset(json_string_value(v), c) == 0)
        return 0;
    if (json_is_object(v) && hours && msg_only_keys(v, turn_keys, err, errsize) == 0) {
        if (json_is_integer(hours) && json_integer_value(hours) >= 1 &&
            json_integer_value(hours) <= SRV_CLOCK_HOURS_MAX) {
            srv_clock_init(c, SRV_CLOCK_TURN, 0, (int64_t)json_integer_value(hours) * 3600000);
            return 0;
        }
    } else if (json_is_object(v) && start && move && msg_only_keys(v, live_keys, err, errsize) == 0) {
        if (json_is_integer(start) && json_integer_value(start) >= 1 &&
            json_integer_value(start) <= SRV_CLOCK_START_MAX && json_is_integer(move) &&
            json_integer_value(move) >= 0 && json_integer_value(move) <= SRV_CLOCK_MOVE_MAX) {
            srv_clock_init(c, SRV_CLOCK_LIVE, (int64_t)json_integer_value(start) * 1000,
                           (int64_t)json_integer_value(move) * 1000);
            return 0;
        }
    }
    snprintf(err, errsize, "\"clock\" must be \"fast\", \"normal\", \"slow\", {\"start\": "
             "1..%d, \"move\": 0..%d} (seconds) or {\"hours\": 1..%d}", SRV_CLOCK_START_MAX,
             SRV_CLOCK_MOVE_MAX, SRV_CLOCK_HOURS_MAX);
    return -1;
}

int srv_create_parse(const char *buf, size_t len, srv_create *out, char *err, size_t errsize)
{
    static const char *const keys[] = {"players", "expansions", "seed", "ladder", "clock", NULL};
    carc_error ce;
    memset(out, 0, sizeof *out);
    srv_clock_init(&out->clock, SRV_CLOCK_NONE, 0, 0);
    json_t *o = msg_object(buf, len, err, errsize);
    if (!o)
        return -1;
    int rc = -1;
    json_t *players = json_object_get(o, "players");
    json_t *exp = json_object_get(o, "expansions"), *seed = json_object_get(o, "seed");
    json_t *ladder = json_object_get(o, "ladder");
    size_t i, n = json_array_size(players);
    if (msg_only_keys(o, keys, err, errsize) < 0)
        goto done;
    if (exp && (!json_is_string(exp) ||
                strlen(json_string_value(exp)) != json_string_length(exp) ||
                carc_expansions_parse(json_string_value(exp), &out->expansions, &ce) < 0)) {
        expansions_wanted(err, errsize);
        goto done;
    }
    /* 6 players only with Inns & Cathedrals (I2), so the expansions are read first */
    if (!json_is_array(players) || n < CARC_MIN_PLAYERS ||
        n > (size_t)carc_max_players(out->expansions)) {
        const carc_expansion_info *more = carc_expansion_seating(CARC_MAX_PLAYERS);
        char with[48] = "";
        if (more != NULL)
            snprintf(with, sizeof with, ", or %d with %s", CARC_MAX_PLAYERS, more->name);
        snprintf(err, errsize, "\"players\" must be a list of %d to %d players%s",
                 CARC_MIN_PLAYERS, carc_max_players(0), with);
        goto done;
    }
    for (i = 0; i < n; i++) {
        json_t *p = json_array_get(players, i);
        if (!json_is_string(p) || json_string_length(p) >= SRV_SPEC_MAX ||
            strlen(json_string_value(p)) != json_string_length(p)) {
            snprintf(err, errsize, "player %zu must be a name: human, easy, medium, hard, random, greedy, "
                     "mcts or mcts:MS", i);
            goto done;
        }
        if (srv_spec_check(json_string_value(p), err, errsize) < 0)
            goto done;
        strcpy(out->spec[i], json_string_value(p));
    }
    out->players = (int)n;
    if (seed) {
        if (!json_is_integer(seed) || json_integer_value(seed) < 0 ||
            json_integer_value(seed) >= (json_int_t)1 << 53) {
            snprintf(err, errsize, "\"seed\" must be an integer from 0 to 2^53-1");
            goto done;
        }
        out->has_seed = 1;
        out->seed = (uint64_t)json_integer_value(seed);
    }
    if (ladder && !json_is_boolean(ladder)) {
        snprintf(err, errsize, "\"ladder\" must be true or false");
        goto done;
    }
    out->ladder = json_is_true(ladder);
    json_t *clock = json_object_get(o, "clock");
    if (clock && msg_clock(clock, &out->clock, err, errsize) < 0)
        goto done;
    rc = 0;
done:
    json_decref(o);
    return rc;
}

int srv_player_parse(const char *buf, size_t len, char name[SRV_LADDER_NAME_MAX + 1],
                     char *err, size_t errsize)
{
    static const char *const keys[] = {"name", NULL};
    json_t *o = msg_object(buf, len, err, errsize);
    if (!o)
        return -1;
    int rc = -1;
    json_t *n = json_object_get(o, "name");
    if (msg_only_keys(o, keys, err, errsize) < 0) {
        /* err says which */
    } else if (!json_is_string(n) || json_string_length(n) > SRV_LADDER_NAME_MAX ||
               strlen(json_string_value(n)) != json_string_length(n)) {
        snprintf(err, errsize, "\"name\" must be a name of %d to %d letters, digits, _ or -",
                 SRV_LADDER_NAME_MIN, SRV_LADDER_NAME_MAX);
    } else {
        memcpy(name, json_string_value(n), json_string_length(n) + 1);
        rc = 0;
    }
    json_decref(o);
    return rc;
}
