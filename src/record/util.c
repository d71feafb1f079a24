/*
 * util.c - small helpers shared by the record layer: filling a carc_error (one line:
 * control bytes escaped), clipping JSON for a message.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record_int.h"

static void rec_escape(const char *msg, int cut, char *out, size_t size);

void rec_error(carc_error *err, int code, const char *fmt, ...)
{
    char msg[2 * CARC_MSG];
    va_list ap;
    int n;

    if (err == NULL)
        return;
    err->code = code;
    va_start(ap, fmt);
    n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rec_escape(msg, n >= (int)sizeof msg, err->msg, sizeof err->msg);
}

/* Copies msg into out (size bytes) with every control byte written as \xNN, so
 * that a message quoting its input stays one line; "..." marks a message cut here
 * or before (cut). */
static void rec_escape(const char *msg, int cut, char *out, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    size_t o = 0;

    for (; *msg; msg++) {
        unsigned char c = (unsigned char)*msg;
        size_t need = c < 0x20 || c == 0x7f ? 4 : 1;
        if (o + need >= size) {
            cut = 1;
            break;
        }
        if (need == 1) {
            out[o++] = (char)c;
        } else {
            out[o++] = '\\';
            out[o++] = 'x';
            out[o++] = hex[c >> 4];
            out[o++] = hex[c & 15];
        }
    }
    if (cut && size > 4) {
        if (o > size - 4)
            o = size - 4;
        while (o > 0 && (unsigned char)out[o - 1] >= 0x80)
            o--;  /* never leave half a UTF-8 character */
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
}

void rec_clip_json(const json_t *v, char *buf, size_t size)
{
    char *s;
    size_t len;

    if (size == 0)
        return;
    s = v != NULL ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    if (s == NULL) {
        snprintf(buf, size, "?");
        return;
    }
    len = strlen(s);
    if (len < size) {
        memcpy(buf, s, len + 1);
    } else if (size > 4) {
        memcpy(buf, s, size - 4);
        memcpy(buf + size - 4, "...", 4);
    } else {
        buf[0] = '\0';
    }
    free(s);
}
