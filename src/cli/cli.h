/*
 * cli.h - what the files of the carc binary share.
 *
 * One file per job: main.c dispatches; cmd_*.c are the subcommands (cmd_engine.c
 * the protocol's line handling, engine_cmds.c its commands); opts.c parses and
 * reports option values; clip.c makes untrusted text fit a one-line message;
 * line_reader.c reads bounded lines; play.c is the random player and the loop that plays a
 * game out; board_text.c draws a board as text; event_text.c writes events as
 * text; jsonw.c is a growable string that writes JSON string literals; play_*.c
 * are `carc play`, the full-screen game, in src/tui/ (play_ui.h lists their jobs).
 *
 * Exit codes of every subcommand: 0 success, 1 failure (a bad record, an engine
 * error, a file that cannot be opened, a failed write to stdout), 2 bad usage (a
 * message on stderr); `carc sim` stopped by signal N: 128 + N.
 */
#ifndef CARC_CLI_H
#define CARC_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "carc.h"
#include "carc_record.h"

enum {
    EXIT_USAGE = 2,
    CLI_MSG = 256  /* size of a message buffer */
};

/* ---- subcommands (cmd_*.c): argv[0] is the subcommand's name ---------------- */

int cmd_demo(int argc, char **argv);
int cmd_tiles(int argc, char **argv);
int cmd_cards(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_serve(int argc, char **argv);  /* src/cli/cmd_serve.c, built into carc_server */
int play_command(int argc, char **argv); /* `carc play`, in src/tui/play_cmd.c */
/* A record step by step on the terminal (`carc play --view`, `carc replay --view`), in
 * src/tui/play_view.c; returns an exit code. */
int play_view_run(const char *path);

/* ---- opts.c: option parsing and usage errors ----------------------------------- */

/* Prints "carc CMD: <message>" and a newline on stderr. */
void cli_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reports the option getopt_long rejected (unknown option or missing argument).
 * `opt` is getopt_long's return ('?' or ':'), argv/optind as getopt left them. */
void cli_bad_option(const char *cmd, int opt, char **argv);

/* Parse option values. On failure they write "NAME must be LO..HI, got TEXT" (or
 * the like) into msg and return -1; else 0. The engine protocol uses these. */
int opt_long(const char *name, const char *text, long lo, long hi, long *out, char *msg,
             size_t size);
/* A seed: 0..CLI_SEED_MAX, the range a record can hold (its "seed" is a JSON integer). */
int opt_seed(const char *name, const char *text, uint64_t *out, char *msg, size_t size);
int opt_expansions(const char *name, const char *text, unsigned *out, char *msg, size_t size);
#define CLI_SEED_MAX ((uint64_t)INT64_MAX)

/* The same for command-line options: on failure they print "carc CMD: <message>"
 * on stderr (e.g. "carc sim: --players must be 2..5, got 7") and return -1. */
int cli_int(const char *cmd, const char *name, const char *text, long lo, long hi, long *out);
/* Parses a number of seconds > 0 and <= hi (a decimal fraction is allowed). */
int cli_seconds(const char *cmd, const char *name, const char *text, double hi, double *out);
int cli_seed(const char *cmd, const char *name, const char *text, uint64_t *out);
/* Checks that the `count` seeds first..first+count-1 stay within CLI_SEED_MAX (game i
 * of a run uses seed first+i). */
int cli_seed_range(const char *cmd, uint64_t first, long count);
int cli_expansions(const char *cmd, const char *name, const char *text, unsigned *out);
/* Splits a comma-separated list (the text of option `name`) into items, copying it
 * into buf (size bytes) and pointing items[0..] into it. An empty entry is an error.
 * Returns the number of items (max + 1 when there are more than max, of which only
 * max are stored), or -1 after printing the message. */
int cli_list(const char *cmd, const char *name, const char *text, char *buf, size_t size,
             char **items, int max);
/* Prints "carc CMD: unexpected argument 'ARG'" (ARG clipped). */
void cli_extra_arg(const char *cmd, const char *arg);

/* Seconds from a monotonic clock. */
double cli_now(void);

/* ---- clip.c: untrusted text in one-line messages ---------------------------------- */

/* Echoed input is clipped to CLIP_ECHO bytes; CLIP_ECHO_SIZE holds it escaped. */
enum { CLIP_ECHO = 64, CLIP_ECHO_SIZE = 4 * CLIP_ECHO + 4 };

/* Writes into buf (size bytes, always NUL-terminated) at most max bytes of text
 * (0: no limit), with every control byte as \xNN and "..." after a cut (also when
 * buf is full). Returns buf, so that it can be an argument of printf. */
const char *clip_text(const char *text, size_t max, char *buf, size_t size);
/* Writes text to f escaped the same way, at most max bytes of it (0: all). */
void clip_write(FILE *f, const char *text, size_t max);

/* ---- line_reader.c: bounded line input ----------------------------------------- */

/* The longest line `carc engine` and `carc replay` accept (docs/PROTOCOL.md). */
#define LINE_MAX_BYTES ((size_t)16 * 1024 * 1024)

typedef enum line_status {
    LINE_OK,       /* a line, without its "\n" or "\r\n" */
    LINE_EOF,      /* the end of the input; no line */
    LINE_TOO_LONG, /* a line longer than max; its first max bytes are kept */
    LINE_NUL,      /* a line holding a NUL byte (at nul_at) */
    LINE_NOMEM,    /* out of memory; the start of the line is kept */
    LINE_ERROR     /* a read error (errno in err); stop reading */
} line_status;

typedef struct line_reader {
    FILE *in;
    char *buf;      /* the current line, NUL-terminated; owned */
    size_t cap, max;
    size_t nul_at;  /* offset of the first NUL byte of a LINE_NUL line */
    long lineno;    /* lines read so far, counting the current one */
    int err;
} line_reader;

void line_reader_init(line_reader *r, FILE *in, size_t max);
void line_reader_free(line_reader *r);
/* Reads the next line into r->buf, setting *len to its length. Every line is read
 * to its end, whatever the status, so the next call reads the next line. */
line_status line_read(line_reader *r, size_t *len);
/* For a status other than LINE_OK and LINE_EOF, writes what is wrong with the line
 * ("line holds a NUL byte (at byte 7)") into msg and returns 1; else 0. */
int line_problem(const line_reader *r, line_status st, char *msg, size_t size);

/* ---- jsonw.c: a growable string for small JSON replies -------------------------- */

typedef struct strbuf {
    char *p;
    size_t len, cap;
    int oom;  /* set when an allocation failed; further appends are ignored */
} strbuf;

void sb_init(strbuf *b);
void sb_free(strbuf *b);
void sb_putc(strbuf *b, char c);
void sb_puts(strbuf *b, const char *s);
void sb_printf(strbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends s as a JSON string literal, quotes included. */
void sb_json_string(strbuf *b, const char *s);

/* ---- rng: the random player's generator (splitmix64), inline for speed ------ */

typedef struct cli_rng {
    uint64_t s;
} cli_rng;

static inline void cli_rng_seed(cli_rng *r, uint64_t seed) { r->s = seed; }

static inline uint64_t cli_rng_next(cli_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform enough in [0, n) for n < 2^32 (multiply-shift; the bias is below 2^-32). */
static inline uint32_t cli_rng_below(cli_rng *r, uint32_t n)
{
    return (uint32_t)(((cli_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* ---- play.c: games between uniform random players ------------------------------ */

/* A player that picks a uniformly random legal move: the move carc_legal lists at
 * the index drawn, found with carc_legal_pick without writing the list, or with
 * full_list set (carc bench --full-list) taken from the whole list written into
 * `buf` (CARC_MAX_MOVES moves, reused for every decision). Both pick the same
 * moves. */
typedef struct random_player {
    cli_rng rng;
    carc_move *buf;
    int full_list;
} random_player;

/* Allocates the move buffer and seeds the generator; returns -1 on out of memory. */
int random_player_init(random_player *p, uint64_t seed);
void random_player_free(random_player *p);
/* Picks a move for the pending decision of g. Returns the number of legal moves
 * it chose among (0: none, the game is over or stuck). */
int random_player_pick(random_player *p, const carc_game *g, carc_move *out);

/* Statistics of one game played to the end. */
typedef struct game_result {
    int turns;
    int moves;          /* carc_apply calls */
    uint64_t hash;      /* FNV-1a over the legal-move counts and final scores */
} game_result;

/* Plays g to the end with p choosing every seat's moves. If rec is non-NULL each
 * move is also added to it. If check is set, carc_check runs after every move.
 * Returns CARC_OK, or an error code with err filled (the game stops there). */
int play_random_game(carc_game *g, random_player *p, carc_recorder *rec, int check,
                     game_result *res, carc_error *err);

/* FNV-1a, 64 bits, over a value's bytes, continuing from h. */
uint64_t fnv1a(uint64_t h, const void *data, size_t n);
#define FNV1A_INIT 0xcbf29ce484222325ull

/* ---- engine_cmds.c: the commands of `carc engine` (docs/PROTOCOL.md) ---------- */

typedef struct engine_session {
    carc_game *g;          /* NULL until the first successful `new` */
    carc_game *before;     /* the state before the last move, for the recorder */
    carc_game *view;       /* room for carc_view */
    carc_recorder *rec;    /* the record of the game so far */
    random_player rp;      /* genmove; its buffer also serves `legal` */
} engine_session;

void engine_session_init(engine_session *s);
/* Frees everything the session holds and makes it empty again. */
void engine_session_free(engine_session *s);
/* Runs command `name` with the rest of its line `args` (modified in place). Returns
 * 0 on success with the payload in out, -1 on failure with one message in out (the
 * session unchanged), 1 for quit. */
int engine_command(engine_session *s, const char *name, char *args, strbuf *out);

/* ---- cmd_engine.c: the protocol's lines (what `carc engine` and fuzz_protocol share) */

enum {
    ENGINE_SILENT, /* a blank line or a comment: no reply */
    ENGINE_OK,     /* replied '=' */
    ENGINE_FAILED, /* replied '?' */
    ENGINE_QUIT,   /* replied to quit; the session ends */
    ENGINE_IO      /* the reply could not be written; the session ends */
};
/* Handles the line r has just read with status st (r->buf, modified in place):
 * writes its one reply line to out and flushes it. Returns an ENGINE_* code. */
int engine_line(engine_session *s, line_reader *r, line_status st, FILE *out);

/* ---- event_text.c ------------------------------------------------------------- */

/* Writes a one-line English account of an event ("seat 0 draws K"). g is the state
 * after the event (to name the feature of a follower's port), or NULL. Returns the
 * length, as snprintf does. */
int event_text(const carc_game *g, const carc_event *e, char *buf, size_t size);
/* The short form ("draw U", "place 0 U (1,0) r1", "score 0 4 completed (1,0) road:E"), a
 * superset of the record's event strings; see docs/PROTOCOL.md. */
int event_short(const carc_game *g, const carc_event *e, char *buf, size_t size);

/* ---- board_text.c ----------------------------------------------------------- */

/* The board as text: each tile a 3-line by 5-column cell, with a column of y
 * coordinates on the left and a row of x coordinates on top. Lines end with '\n'.
 * Returns a malloc'd string (caller frees) or NULL on out of memory. */
char *board_text(const carc_game *g);
/* The legend of the symbols board_text uses, one line ending in '\n'. */
const char *board_text_legend(void);

#endif
