/*
 * line_reader.c - reading text one line at a time with a bound, for every input
 * the carc binary reads by lines (`carc engine`, `carc replay`, the protocol fuzz
 * target).
 *
 * getline reads a line of any length and reports running out of memory like the
 * end of the input, so a huge line could end a session silently or make a replay
 * look complete. This reader instead keeps at most `max` bytes of a line, reads
 * (and drops) the rest of a line that is too long or that could not be stored, and
 * tells each outcome apart: a line, the end, a line too long, a line holding a NUL
 * byte, out of memory, a read error. After any of them but a read error the next
 * call reads the next line, so a session can answer and go on.
 *
 * Invariant: r->buf[0..len) is the start of the current line (all of it when the
 * status is LINE_OK or LINE_NUL) and r->buf[len] is '\0'.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

void line_reader_init(line_reader *r, FILE *in, size_t max)
{
    memset(r, 0, sizeof *r);
    r->in = in;
    r->max = max;
}

void line_reader_free(line_reader *r)
{
    free(r->buf);
    r->buf = NULL;
    r->cap = 0;
}

/* Makes room for `need` bytes plus the terminating NUL; doubles the buffer up to
 * max + 1 bytes. Returns 0, or -1 when the allocation failed. */
static int line_room(line_reader *r, size_t need)
{
    size_t cap;
    char *p;
    if (need < r->cap)
        return 0;
    cap = r->cap ? r->cap : 256;
    while (cap <= need)
        cap *= 2;
    if (cap > r->max + 1)
        cap = r->max + 1;
    if (!(p = realloc(r->buf, cap)))
        return -1;
    r->buf = p;
    r->cap = cap;
    return 0;
}

line_status line_read(line_reader *r, size_t *len)
{
    size_t n = 0;
    int c, nul = 0, nomem = 0, too_long = 0;

    *len = 0;
    if (line_room(r, 0) != 0)
        return LINE_NOMEM;  /* not even room for an empty line; nothing was read */
    r->buf[0] = '\0';
    r->nul_at = 0;
    while ((c = getc_unlocked(r->in)) != EOF && c != '\n') {
        if (c == '\0' && !nul) {
            nul = 1;
            r->nul_at = n;
        }
        if (nomem || too_long)
            continue;  /* drop the rest of the line */
        if (n == r->max) {
            too_long = 1;
            continue;
        }
        if (line_room(r, n + 1) != 0) {
            nomem = 1;
            continue;
        }
        r->buf[n++] = (char)c;
    }
    r->buf[n] = '\0';
    *len = n;
    if (c == EOF && ferror(r->in)) {
        r->err = errno;
        return LINE_ERROR;
    }
    if (c == EOF && n == 0 && !nul && !nomem && !too_long)
        return LINE_EOF;
    r->lineno++;
    if (nomem)
        return LINE_NOMEM;
    if (too_long)
        return LINE_TOO_LONG;
    if (nul)
        return LINE_NUL;
    if (n > 0 && r->buf[n - 1] == '\r')
        r->buf[--n] = '\0';  /* a "\r\n" line end */
    *len = n;
    return LINE_OK;
}

int line_problem(const line_reader *r, line_status st, char *msg, size_t size)
{
    switch (st) {
    case LINE_TOO_LONG:
        snprintf(msg, size, "line longer than %zu bytes", r->max);
        return 1;
    case LINE_NUL:
        snprintf(msg, size, "line holds a NUL byte (at byte %zu)", r->nul_at + 1);
        return 1;
    case LINE_NOMEM:
        snprintf(msg, size, "out of memory reading the line");
        return 1;
    case LINE_ERROR:
        snprintf(msg, size, "read error: %s", strerror(r->err));
        return 1;
    default:
        msg[0] = '\0';
        return 0;
    }
}
