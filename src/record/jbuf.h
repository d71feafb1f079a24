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

typedef struct jbuf {
    char *p;
    size_t len, cap;
    int bad;  /* out of memory or a NULL string: the text is incomplete */
} jbuf;

/* An empty buffer with room for `cap` bytes reserved (0: none yet). */
void jbuf_init(jbuf *b, size_t cap);
void jbuf_free(jbuf *b);
/* Appends n bytes as they are. */
void jbuf_raw(jbuf *b, const char *s, size_t n);
/* Appends a string literal (its length known at compile time). */
#define jbuf_lit(b, s) jbuf_raw((b), "" s, sizeof(s) - 1)
void jbuf_char(jbuf *b, char c);
/* Appends v in decimal. */
void jbuf_int(jbuf *b, long long v);
/* Appends s as a JSON string: quotes, \" \\ \b \f \n \r \t, other bytes below 0x20 as
 * \u00XX (upper-case hex, as jansson), everything else as it is. NULL sets `bad`. */
void jbuf_string(jbuf *b, const char *s);
/* Appends "true" or "false". */
void jbuf_bool(jbuf *b, int v);
/* The NUL-terminated text, now owned by the caller, and an empty buffer; NULL (and
 * nothing to free) if any write failed. */
char *jbuf_take(jbuf *b);

#endif
