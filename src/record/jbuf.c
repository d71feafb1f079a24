/*
 * jbuf.c - a growing byte buffer for JSON text (jbuf.h). The buffer always keeps one
 * byte spare for the terminating NUL that jbuf_take writes.
 */
#include <stdlib.h>
#include <string.h>

#include "jbuf.h"

void jbuf_init(jbuf *b, size_t cap)
{
    b->p = cap ? malloc(cap) : NULL;
    b->len = 0;
    b->cap = b->p ? cap : 0;
    b->bad = cap && !b->p;
    b->marks = NULL;
    b->nmarks = b->maxmarks = 0;
}

void jbuf_free(jbuf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

int jbuf_grow(jbuf *b, size_t n)
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

void jbuf_int_any(jbuf *b, long long v)
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
    jbuf_raw(b, tmp + sizeof tmp - n, (size_t)n);
}

void jbuf_bool(jbuf *b, int v)
{
    if (v)
        jbuf_lit(b, "true");
    else
        jbuf_lit(b, "false");
}

void jbuf_string(jbuf *b, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    if (!s) {
        b->bad = 1;
        return;
    }
    size_t n = strlen(s);
    /* the worst case, every byte as \u00XX, reserved once: the loop then only writes */
    if (jbuf_room(b, 6 * n + 2) < 0)
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

char *jbuf_take(jbuf *b)
{
    char *p;
    if (b->bad || jbuf_room(b, 0) < 0) {
        jbuf_free(b);
        b->bad = 0;
        return NULL;
    }
    p = b->p;
    p[b->len] = '\0';
    b->p = NULL;
    b->len = b->cap = 0;
    return p;
}
