/*
 * engine_cmds.c - the commands of the `carc engine` protocol (docs/PROTOCOL.md),
 * each acting on one session.
 *
 * A command either succeeds, writing its payload (possibly empty) to `out`, or
 * fails, writing one message to `out` and changing nothing: `new` builds the new
 * game aside and swaps it in only when everything succeeded, and `play` relies on
 * carc_apply leaving the state untouched on an illegal move.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { CMD_OK = 0, CMD_FAIL = -1, CMD_QUIT = 1 };

void engine_session_init(engine_session *s)
{
    memset(s, 0, sizeof *s);
}

void engine_session_free(engine_session *s)
{
    carc_free(s->g);
    carc_free(s->before);
    carc_free(s->view);
    carc_recorder_free(s->rec);
    random_player_free(&s->rp);
    engine_session_init(s);
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
        sb_printf(out, "%s takes no arguments, got '%s'", cmd, w);
        return CMD_FAIL;
    }
    return CMD_OK;
}

/* Parses an optional single word `legal`; returns 0 or 1, or -1 (message in out). */
static int legal_flag(const char *cmd, char *args, strbuf *out)
{
    char *w = next_word(&args);
    if (!w)
        return 0;
    if (strcmp(w, "legal") != 0 || next_word(&args)) {
        sb_printf(out, "%s: unexpected argument '%s' (only 'legal' may follow)", cmd, w);
        return -1;
    }
    return 1;
}

static void pending_json(const carc_game *g, strbuf *out)
{
    carc_pending p = carc_pending_decision(g);
    if (carc_is_over(g))
        sb_puts(out, "{\"decision\":\"over\",\"seat\":-1}");
    else
        sb_printf(out, "{\"decision\":\"%s\",\"seat\":%d}", carc_decision_name(p.decision),
                  p.seat);
}

/* {"events":[...],"move":"...","pending":{...}} after new (no move) or a move. */
static void move_reply(const carc_game *g, const char *move, strbuf *out)
{
    int n, i;
    const carc_event *ev = carc_events(g, &n);
    char text[128];
    sb_puts(out, "{\"events\":[");
    for (i = 0; i < n; i++) {
        event_short(g, &ev[i], text, sizeof text);
        if (i)
            sb_putc(out, ',');
        sb_json_string(out, text);
    }
    sb_puts(out, "],");
    if (move) {
        sb_puts(out, "\"move\":");
        sb_json_string(out, move);
        sb_putc(out, ',');
    }
    sb_puts(out, "\"pending\":");
    pending_json(g, out);
    sb_putc(out, '}');
}

/* new [players=N] [seed=S] [expansions=LIST] [stack=LETTERS] */
static int cmd_new(engine_session *s, char *args, strbuf *out)
{
    carc_config cfg;
    carc_error err = {0, ""};
    engine_session fresh;
    char msg[CLI_MSG], *w;
    unsigned seen = 0;
    long players = 2;

    carc_config_init(&cfg);
    while ((w = next_word(&args))) {
        static const char *const keys[] = {"players", "seed", "expansions", "stack"};
        char *val = strchr(w, '=');
        unsigned k;
        if (!val) {
            sb_printf(out, "new: expected key=value, got '%s'", w);
            return CMD_FAIL;
        }
        *val++ = '\0';
        for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
            if (strcmp(w, keys[k]) == 0)
                break;
        if (k == sizeof keys / sizeof keys[0]) {
            sb_printf(out, "new: unknown option '%s' (players, seed, expansions, stack)", w);
            return CMD_FAIL;
        }
        if (seen & (1u << k)) {
            sb_printf(out, "new: option '%s' given twice", w);
            return CMD_FAIL;
        }
        seen |= 1u << k;
        if ((k == 0 && opt_long("players", val, CARC_MIN_PLAYERS, CARC_MAX_PLAYERS, &players,
                                msg, sizeof msg)) ||
            (k == 1 && opt_seed("seed", val, &cfg.seed, msg, sizeof msg)) ||
            (k == 2 && opt_expansions("expansions", val, &cfg.expansions, msg, sizeof msg))) {
            sb_printf(out, "new: %s", msg);
            return CMD_FAIL;
        }
        if (k == 3) {
            size_t i, len = strlen(val);
            if (len > CARC_STACK) {
                sb_printf(out, "new: stack holds at most %d tiles, got %zu", CARC_STACK, len);
                return CMD_FAIL;
            }
            for (i = 0; i < len; i++) {
                int kind = carc_tile_kind(val[i]);
                if (kind < 0) {
                    sb_printf(out, "new: stack: '%c' is not a tile letter A..X", val[i]);
                    return CMD_FAIL;
                }
                cfg.stack[i] = (uint8_t)kind;
            }
            cfg.stack_len = (int)len;
        }
    }
    cfg.players = (int)players;

    engine_session_init(&fresh);
    if (!(fresh.g = carc_new(&cfg, &err))) {
        sb_printf(out, "new: %s", err.msg);
        return CMD_FAIL;
    }
    if (!(fresh.before = carc_clone(fresh.g)) || !(fresh.view = carc_clone(fresh.g)) ||
        !(fresh.rec = carc_recorder_new(&cfg, fresh.g)) ||
        random_player_init(&fresh.rp, cfg.seed)) {
        engine_session_free(&fresh);
        return fail(out, "new: out of memory");
    }
    engine_session_free(s);
    *s = fresh;
    move_reply(s->g, NULL, out);
    return CMD_OK;
}

static int cmd_pending(engine_session *s, char *args, strbuf *out)
{
    carc_pending p;
    if (no_args("pending", args, out))
        return CMD_FAIL;
    if (carc_is_over(s->g)) {
        sb_puts(out, "over");
        return CMD_OK;
    }
    p = carc_pending_decision(s->g);
    sb_printf(out, "%s %d", carc_decision_name(p.decision), p.seat);
    return CMD_OK;
}

static int cmd_legal(engine_session *s, char *args, strbuf *out)
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
static int apply_move(engine_session *s, const carc_move *m, strbuf *out)
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

static int cmd_play(engine_session *s, char *args, strbuf *out)
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

static int cmd_genmove(engine_session *s, char *args, strbuf *out)
{
    carc_move m;
    if (no_args("genmove", args, out))
        return CMD_FAIL;
    if (!random_player_pick(&s->rp, s->g, &m))
        return fail(out, "genmove: the game is over");
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

static int cmd_state(engine_session *s, char *args, strbuf *out)
{
    int legal = legal_flag("state", args, out);
    if (legal < 0)
        return CMD_FAIL;
    return take_json(carc_state_json(s->g, legal), "state", out);
}

static int cmd_view(engine_session *s, char *args, strbuf *out)
{
    char msg[CLI_MSG], *w = next_word(&args);
    long seat;
    int legal;
    if (!w)
        return fail(out, "view: missing seat");
    if (opt_long("view: seat", w, 0, carc_players(s->g) - 1, &seat, msg, sizeof msg))
        return fail(out, msg);
    if ((legal = legal_flag("view", args, out)) < 0)
        return CMD_FAIL;
    carc_view(s->g, (int)seat, s->view);
    return take_json(carc_state_json(s->view, legal), "view", out);
}

static int cmd_scores(engine_session *s, char *args, strbuf *out)
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

static int cmd_winners(engine_session *s, char *args, strbuf *out)
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

static int cmd_board(engine_session *s, char *args, strbuf *out)
{
    char *text, *line, *nl;
    if (no_args("board", args, out))
        return CMD_FAIL;
    if (!(text = board_text(s->g)))
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

static int cmd_record(engine_session *s, char *args, strbuf *out)
{
    if (no_args("record", args, out))
        return CMD_FAIL;
    return take_json(carc_recorder_json(s->rec, s->g), "record", out);
}

static int cmd_check(engine_session *s, char *args, strbuf *out)
{
    carc_error err = {0, ""};
    if (no_args("check", args, out))
        return CMD_FAIL;
    if (carc_check(s->g, &err) != CARC_OK)
        return fail(out, err.msg[0] ? err.msg : "check failed");
    sb_puts(out, "ok");
    return CMD_OK;
}

static int cmd_tiles_json(engine_session *s, char *args, strbuf *out)
{
    (void)s;
    if (no_args("tiles", args, out))
        return CMD_FAIL;
    return take_json(carc_tiles_json(), "tiles", out);
}

static int cmd_help(engine_session *s, char *args, strbuf *out);

static int cmd_quit(engine_session *s, char *args, strbuf *out)
{
    (void)s;
    if (no_args("quit", args, out))
        return CMD_FAIL;
    return CMD_QUIT;
}

static const struct command {
    const char *name;
    int (*run)(engine_session *s, char *args, strbuf *out);
    int needs_game;
} commands[] = {
    {"new", cmd_new, 0},
    {"pending", cmd_pending, 1},
    {"legal", cmd_legal, 1},
    {"play", cmd_play, 1},
    {"genmove", cmd_genmove, 1},
    {"state", cmd_state, 1},
    {"view", cmd_view, 1},
    {"scores", cmd_scores, 1},
    {"winners", cmd_winners, 1},
    {"board", cmd_board, 1},
    {"record", cmd_record, 1},
    {"check", cmd_check, 1},
    {"tiles", cmd_tiles_json, 0},
    {"help", cmd_help, 0},
    {"quit", cmd_quit, 0},
};

enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static int cmd_help(engine_session *s, char *args, strbuf *out)
{
    int i;
    (void)s;
    if (no_args("help", args, out))
        return CMD_FAIL;
    for (i = 0; i < NCOMMANDS; i++)
        sb_printf(out, "%s%s", i ? " " : "", commands[i].name);
    return CMD_OK;
}

int engine_command(engine_session *s, const char *name, char *args, strbuf *out)
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
