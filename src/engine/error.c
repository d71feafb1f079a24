/*
 * error.c - the message of a refused call: one line naming what is wrong, on the
 * caller's carc_error (NULL: not wanted).
 */
#include <stdarg.h>
#include <stdio.h>
#include "state.h"

void error_set(carc_error *err, int code, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    err->code = code;
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

