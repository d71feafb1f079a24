/*
 * jsonw.c - a growable string (strbuf) and the one JSON writer the CLI needs: a
 * string literal. Larger JSON (states, records, the tile catalogue) comes from the
 * record layer; the CLI only builds arrays of strings and small objects.
 *
 * Invariant: when b->p is non-NULL it is NUL-terminated at b->len. After an
 * allocation failure b->oom is set and the contents stop growing.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void sb_init(strbuf *b)
{
    b->p = NULL;
    b->len = b->cap = 0;
    b->oom = 0;
}

void sb_free(strbuf *b)
{
    free(b->p);
    sb_init(b);
}

/* Makes room for n more characters and the NUL; returns 0 on success. */
static int sb_reserve(strbuf *b, size_t n)
{
    size_t cap;
    char *p;
    if (b->oom)
        return -1;
    if (b->len + n + 1 <= b->cap)
        return 0;
    cap = b->cap ? b->cap : 64;
    while (cap < b->len + n + 1)
        cap *= 2;
    p = realloc(b->p, cap);
    if (!p) {
        b->oom = 1;
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

void sb_putc(strbuf *b, char c)
{
    if (sb_reserve(b, 1))
        return;
    b->p[b->len++] = c;
    b->p[b->len] = '\0';
}

void sb_puts(strbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (sb_reserve(b, n))
        return;
    memcpy(b->p + b->len, s, n + 1);
    b->len += n;
}

void sb_printf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || sb_reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void sb_json_string(strbuf *b, const char *s)
{
    sb_putc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '"': sb_puts(b, "\\\""); break;
        case '\\': sb_puts(b, "\\\\"); break;
        case '\n': sb_puts(b, "\\n"); break;
        case '\r': sb_puts(b, "\\r"); break;
        case '\t': sb_puts(b, "\\t"); break;
        default:
            if (c < 0x20)
                sb_printf(b, "\\u%04x", c);
            else
                sb_putc(b, (char)c);
        }
    }
    sb_putc(b, '"');
}
