/*
 * clip.c - untrusted text made fit for a one-line message.
 *
 * Anything a user or a client sent may come back in a message (an unknown
 * command, a bad option value, a record's key). Such text is escaped, so that a
 * message stays one line and a terminal shows no control sequence (every byte
 * below 0x20 and 0x7f becomes \xNN), and clipped, so that a 10 MB input does not
 * produce a 10 MB message (an ellipsis marks the cut, which never splits a UTF-8
 * character). The record layer's error messages and every message of the carc
 * binary, the terminal game and the server pass through here.
 */
#include <string.h>

#include "base.h"

static int clip_control(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

/* How many bytes of text to keep for a limit of max bytes (0: no limit), and
 * whether that is a cut. */
static size_t clip_keep(const char *text, size_t max, int *cut)
{
    size_t n = 0;
    while (text[n] && (max == 0 || n < max))
        n++;
    *cut = text[n] != '\0';
    if (*cut)
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
            n--;  /* back to the start of a UTF-8 character */
    return n;
}

const char *clip_text(const char *text, size_t max, char *buf, size_t size)
{
    return clip_text_cut(text, max, 0, buf, size);
}

const char *clip_text_cut(const char *text, size_t max, int cut_before, char *buf, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    size_t n, i, o = 0;
    int cut;

    if (size == 0)
        return buf;
    n = clip_keep(text ? text : "", max, &cut);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (clip_control(c)) {
            if (o + 4 >= size)
                break;
            buf[o++] = '\\';
            buf[o++] = 'x';
            buf[o++] = hex[c >> 4];
            buf[o++] = hex[c & 15];
        } else {
            if (o + 1 >= size)
                break;
            buf[o++] = (char)c;
        }
    }
    if ((cut || cut_before || i < n) && size > 4) {
        if (o > size - 4)
            o = size - 4;
        if (i < n || cut_before)
            while (o > 0 && (unsigned char)buf[o - 1] >= 0x80)
                o--;  /* cut by the buffer: never leave half a UTF-8 character */
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o] = '\0';
    return buf;
}

void clip_write(FILE *f, const char *text, size_t max)
{
    char esc[5] = "\\x";
    size_t n, i, run = 0;
    int cut;

    n = clip_keep(text, max, &cut);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (!clip_control(c)) {
            run++;
            continue;
        }
        fwrite(text + i - run, 1, run, f);
        run = 0;
        esc[2] = "0123456789abcdef"[c >> 4];
        esc[3] = "0123456789abcdef"[c & 15];
        fwrite(esc, 1, 4, f);
    }
    fwrite(text + n - run, 1, run, f);
    if (cut)
        fputs("...", f);
}
