/*
 * error.c - the record layer's error messages: filling a carc_error (one line:
 * control bytes escaped, base.h's clip), a JSON value clipped for a message.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record_int.h"

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
    clip_text_cut(msg, 0, n >= (int)sizeof msg, err->msg, sizeof err->msg);
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
