/*
 * play_log.c - a seat's log in `carc play`: a ring of at most cap lines, each with a
 * class that the screen colours by. When full, a new line replaces the oldest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play_ui.h"

int play_log_init(play_log *l, int cap)
{
    memset(l, 0, sizeof *l);
    l->text = calloc((size_t)cap, sizeof *l->text);
    l->cls = calloc((size_t)cap, 1);
    if (!l->text || !l->cls) {
        play_log_free(l);
        return -1;
    }
    l->cap = cap;
    return 0;
}

void play_log_free(play_log *l)
{
    free(l->text);
    free(l->cls);
    memset(l, 0, sizeof *l);
}

void play_log_add(play_log *l, int cls, const char *text)
{
    int at;
    if (!l->cap)
        return;
    if (l->count < l->cap) {
        at = (l->head + l->count) % l->cap;
        l->count++;
    } else {
        at = l->head;
        l->head = (l->head + 1) % l->cap;
    }
    snprintf(l->text[at], PLAY_LINE, "%s", text);
    l->cls[at] = (unsigned char)cls;
}

int play_log_count(const play_log *l) { return l->count; }

const char *play_log_line(const play_log *l, int i, int *cls)
{
    int at;
    if (i < 0 || i >= l->count)
        return "";
    at = (l->head + i) % l->cap;
    if (cls)
        *cls = l->cls[at];
    return l->text[at];
}
