/*
 * util.c - small helpers shared by the record layer: filling a carc_error, clipping
 * JSON for a message.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record_int.h"

void rec_error(carc_error *err, int code, const char *fmt, ...)
{
    va_list ap;

    if (err == NULL)
        return;
    err->code = code;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
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
