/*
 * jbuf.h - a growing byte buffer for writing JSON text directly (no tree): literal
 * pieces, integers, and strings quoted and escaped as jansson's json_dumps writes them
 * (so that text written here and text dumped by jansson are the same bytes).
 *
 * A failed allocation, or a NULL string, sets `bad`; later writes are ignored and
 * jbuf_take returns NULL, so one check at the end covers the whole document.
 */
#ifndef CARC_JBUF_H
#define CARC_JBUF_H

#include <stddef.h>
#include <string.h>

typedef struct jbuf {
    char *p;
    size_t len, cap;
    int bad;  /* out of memory or a NULL string: the text is incomplete */
    /* optional (NULL: none): where each top-level member of the document starts,
     * filled by its writer (state_json.c marks its members for srv_delta.c) */
    size_t *marks;
    int nmarks, maxmarks;
} jbuf;

/* An empty buffer with room for `cap` bytes reserved (0: none yet). */
void jbuf_init(jbuf *b, size_t cap);
void jbuf_free(jbuf *b);
/* Makes room for n more bytes (and the NUL); 0, or -1 with `bad` set. The slow path
 * of the inline writers below, which the state JSON calls some thousand times per
 * document. */
int jbuf_grow(jbuf *b, size_t n);

static inline int jbuf_room(jbuf *b, size_t n)
{
    return !b->bad && b->len + n + 1 <= b->cap ? 0 : jbuf_grow(b, n);
}

/* Appends n bytes as they are. */
static inline void jbuf_raw(jbuf *b, const char *s, size_t n)
{
    if (jbuf_room(b, n) == 0) {
        memcpy(b->p + b->len, s, n);
        b->len += n;
    }
}

/* Appends a string literal (its length known at compile time). */
#define jbuf_lit(b, s) jbuf_raw((b), "" s, sizeof(s) - 1)

static inline void jbuf_char(jbuf *b, char c)
{
    if (jbuf_room(b, 1) == 0)
        b->p[b->len++] = c;
}

/* Appends v in decimal (jbuf_int_any: any value; jbuf_int: a digit inline, the
 * common case of seats, counts and rotations). */
void jbuf_int_any(jbuf *b, long long v);

static inline void jbuf_int(jbuf *b, long long v)
{
    if (v >= 0 && v < 10)
        jbuf_char(b, (char)('0' + v));
    else
        jbuf_int_any(b, v);
}
/* Appends s as a JSON string: quotes, \" \\ \b \f \n \r \t, other bytes below 0x20 as
 * \u00XX (upper-case hex, as jansson), everything else as it is. NULL sets `bad`. */
void jbuf_string(jbuf *b, const char *s);
/* Appends "true" or "false". */
void jbuf_bool(jbuf *b, int v);
/* The NUL-terminated text, now owned by the caller, and an empty buffer; NULL (and
 * nothing to free) if any write failed. */
char *jbuf_take(jbuf *b);

#endif
