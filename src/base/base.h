/*
 * base.h - the toolbox every layer above shares (src/base/, C11 + libc only): one
 * header for the whole library.
 *
 *   mixing      splitmix64, its finalizer and a two-word seed mixer (inline here):
 *               the engine seeds its generator with it, the computer players and
 *               the random playout player draw from it, `carc arena`, the terminal
 *               game and the server derive computer seats' seeds with it
 *   fnv1a       a 64-bit FNV-1a hash (inline here): the bench's behaviour signature
 *   strbuf.c    the one growable text buffer: raw bytes, literals, integers, printf,
 *               JSON strings escaped as jansson escapes them; one failure flag
 *   clip.c      untrusted text made fit for a one-line message: control bytes as
 *               \xNN, clipped without splitting a UTF-8 character
 *   line_reader.c  bounded line input: too long, NUL byte, out of memory and read
 *               errors told apart
 *
 * Names carry their file's prefix (mix_, fnv1a, sb_, clip_, line_).
 */
#ifndef CARC_BASE_H
#define CARC_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- mixing: splitmix64 (Steele, Lea and Flood; Vigna's constants) ------------ */

/* splitmix64's output function: a 64-bit value mixed so that every input bit
 * reaches every output bit. */
static inline uint64_t mix_finish(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The next value of a splitmix64 stream whose state is *s. */
static inline uint64_t mix_next(uint64_t *s)
{
    return mix_finish(*s += 0x9E3779B97F4A7C15ull);
}

/* Uniform enough in [0, n) for n < 2^32 (multiply-shift on the high half; the bias
 * is below 2^-32). */
static inline uint32_t mix_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)(((mix_next(s) >> 32) * (uint64_t)n) >> 32);
}

/* One seed from two: `carc arena` seeds the player of seat s of a game with
 * mix_seeds(game seed, s), and the terminal game its computer seats the same way, so
 * a computer in seat s of a game plays as it would in the arena's game of that seed. */
static inline uint64_t mix_seeds(uint64_t a, uint64_t b)
{
    return mix_finish(a * 0x9E3779B97F4A7C15ull + b + 0x632BE59BD9B4E019ull);
}

/* ---- fnv1a: FNV-1a, 64 bits ----------------------------------------------------- */

#define FNV1A_INIT 0xcbf29ce484222325ull

/* FNV-1a over n bytes, continuing from h (FNV1A_INIT to start). */
static inline uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* ---- strbuf.c: the growable text buffer ------------------------------------------ */

/* Invariant: the buffer always keeps one byte spare past len, and after every
 * write but sb_raw's inline path p[len] is '\0' once p is non-NULL (sb_str). A
 * failed allocation, or a NULL string, sets `bad`: later writes are ignored and
 * sb_take returns NULL, so one check at the end covers a whole document. */
typedef struct strbuf {
    char *p;
    size_t len, cap;
    int bad;  /* out of memory or a NULL string: the text is incomplete */
    /* optional (NULL: none): where each top-level member of a JSON document starts,
     * filled by its writer (the state JSON marks its members for the server's
     * delta frames) */
    size_t *marks;
    int nmarks, maxmarks;
} strbuf;

/* An empty buffer with room for `cap` bytes reserved (0: none yet). */
void sb_init(strbuf *b, size_t cap);
/* Frees the text (not the marks, which the caller owns) and empties the buffer. */
void sb_free(strbuf *b);
/* Makes room for n more bytes and the NUL: 0, or -1 with `bad` set. The slow path
 * of the inline writers below, which the state JSON calls some thousand times per
 * document. */
int sb_grow(strbuf *b, size_t n);

static inline int sb_room(strbuf *b, size_t n)
{
    return !b->bad && b->len + n + 1 <= b->cap ? 0 : sb_grow(b, n);
}

/* Appends n bytes as they are (not NUL-terminated until the next sb_str or
 * sb_take: the hot path writes nothing it does not need). */
static inline void sb_raw(strbuf *b, const char *s, size_t n)
{
    if (sb_room(b, n) == 0) {
        memcpy(b->p + b->len, s, n);
        b->len += n;
    }
}

/* Appends a string literal (its length known at compile time). */
#define sb_lit(b, s) sb_raw((b), "" s, sizeof(s) - 1)

static inline void sb_putc(strbuf *b, char c)
{
    if (sb_room(b, 1) == 0)
        b->p[b->len++] = c;
}

/* Appends a C string. */
void sb_puts(strbuf *b, const char *s);
void sb_printf(strbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends v in decimal (sb_int_any: any value; sb_int: a digit inline, the common
 * case of seats, counts and rotations). */
void sb_int_any(strbuf *b, long long v);

static inline void sb_int(strbuf *b, long long v)
{
    if (v >= 0 && v < 10)
        sb_putc(b, (char)('0' + v));
    else
        sb_int_any(b, v);
}
/* Appends s as a JSON string literal: quotes, \" \\ \b \f \n \r \t, other bytes
 * below 0x20 as \u00XX (upper-case hex), everything else as it is: the bytes
 * jansson's json_dumps writes. NULL sets `bad`. */
void sb_json_string(strbuf *b, const char *s);
/* Appends "true" or "false". */
void sb_bool(strbuf *b, int v);
/* The text so far, NUL-terminated ("" when empty); NULL when `bad`. The buffer
 * keeps it. */
const char *sb_str(strbuf *b);
/* The NUL-terminated text, now owned by the caller, and an empty buffer; NULL (and
 * nothing to free) if any write failed. */
char *sb_take(strbuf *b);

/* ---- clip.c: untrusted text in one-line messages ---------------------------------- */

/* Echoed input is clipped to CLIP_ECHO bytes; CLIP_ECHO_SIZE holds it escaped. */
enum { CLIP_ECHO = 64, CLIP_ECHO_SIZE = 4 * CLIP_ECHO + 4 };

/* Writes into buf (size bytes, always NUL-terminated) at most max bytes of text
 * (0: no limit), with every control byte as \xNN and "..." after a cut (also when
 * buf is full). Returns buf, so that it can be an argument of printf. */
const char *clip_text(const char *text, size_t max, char *buf, size_t size);
/* The same for a text its writer has already cut (a vsnprintf that ran out of
 * room): "..." follows it in any case. */
const char *clip_text_cut(const char *text, size_t max, int cut, char *buf, size_t size);
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

#endif
