/*
 * strbuf.c - the growable text buffer (base.h): the state JSON, protocol replies,
 * server frames and HTTP bodies, the board as text. The buffer always keeps one
 * byte spare for the terminating NUL that sb_str and sb_take write.
 */
#include <stdlib.h>
#include <string.h>

#include <stdarg.h>
#include <stdio.h>

#include "base.h"

void sb_init(strbuf *b, size_t cap)
{
    b->p = cap ? malloc(cap) : NULL;
    b->len = 0;
    b->cap = b->p ? cap : 0;
    b->bad = cap && !b->p;
    b->marks = NULL;
    b->nmarks = b->maxmarks = 0;
}

void sb_free(strbuf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
    b->bad = 0;
}

int sb_grow(strbuf *b, size_t n)
{
    if (b->bad)
        return -1;
    if (b->len + n + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        b->bad = 1;
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

void sb_int_any(strbuf *b, long long v)
{
    char tmp[24];
    int n = 0;
    /* through unsigned, so that the most negative value has a magnitude too */
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        tmp[sizeof tmp - 1 - n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        tmp[sizeof tmp - 1 - n++] = '-';
    sb_raw(b, tmp + sizeof tmp - n, (size_t)n);
}

void sb_bool(strbuf *b, int v)
{
    if (v)
        sb_lit(b, "true");
    else
        sb_lit(b, "false");
}

void sb_json_string(strbuf *b, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    if (!s) {
        b->bad = 1;
        return;
    }
    size_t n = strlen(s);
    /* the worst case, every byte as \u00XX, reserved once: the loop then only writes */
    if (sb_room(b, 6 * n + 2) < 0)
        return;
    char *o = b->p + b->len;
    *o++ = '"';
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != '"' && c != '\\') {
            *o++ = (char)c;
            continue;
        }
        *o++ = '\\';
        switch (c) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '\b': *o++ = 'b'; break;
        case '\f': *o++ = 'f'; break;
        case '\n': *o++ = 'n'; break;
        case '\r': *o++ = 'r'; break;
        case '\t': *o++ = 't'; break;
        default:
            *o++ = 'u';
            *o++ = '0';
            *o++ = '0';
            *o++ = hex[c >> 4];
            *o++ = hex[c & 15];
        }
    }
    *o++ = '"';
    b->len = (size_t)(o - b->p);
}

void sb_puts(strbuf *b, const char *s)
{
    if (!s) {
        b->bad = 1;
        return;
    }
    size_t n = strlen(s);
    if (sb_room(b, n) == 0) {
        memcpy(b->p + b->len, s, n + 1);
        b->len += n;
    }
}

void sb_printf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->bad = 1;
        return;
    }
    if (sb_room(b, (size_t)n) < 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

const char *sb_str(strbuf *b)
{
    if (b->bad || sb_room(b, 0) < 0)
        return NULL;
    b->p[b->len] = '\0';
    return b->p;
}

char *sb_take(strbuf *b)
{
    char *p;
    if (b->bad || sb_room(b, 0) < 0) {
        sb_free(b);
        b->bad = 0;
        return NULL;
    }
    p = b->p;
    p[b->len] = '\0';
    b->p = NULL;
    b->len = b->cap = 0;
    return p;
}
