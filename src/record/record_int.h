/*
 * record_int.h - what the files of the record layer share (not API).
 *
 * Every name here carries the prefix rec_. The record layer reads the game only
 * through carc.h; src/engine/state.h is never included here, so a seat's view can
 * never leak through this layer.
 */
#ifndef CARC_RECORD_INT_H
#define CARC_RECORD_INT_H

#include <jansson.h>
#include "base.h"
#include "carc_record.h"

/* Figures on the board at most (carc_followers lists meeples, large meeples,
 * builders and pigs): a buffer of this many always holds the whole list. */
enum { REC_MAX_FIGURES = CARC_MAX_PLAYERS * (CARC_FOLLOWERS + CARC_FIGURES) };

/* A record read back (record.c). root owns everything; moves and events point into
 * it (borrowed references). */
struct carc_record {
    json_t *root;
    carc_config cfg;
    json_t *moves;    /* array of strings */
    json_t *events;   /* array of arrays of strings, or NULL when absent */
    const json_t *seats;  /* array of player kinds ("seats"), or NULL when absent */
    int has_scores;
    int scores[CARC_MAX_PLAYERS];
};

/* record.c: 1 for a player kind a record's "seats" may hold (1 to CARC_RECORD_SEAT_LEN - 1
 * characters of a-z 0-9 : . _ -), 0 otherwise (NULL included). */
int rec_seat_kind_ok(const char *k);

/* error.c: fills err (which may be NULL) with code and a printf-style message,
 * truncated to CARC_MSG - 1 characters. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void rec_error(carc_error *err, int code, const char *fmt, ...);

/* error.c: a JSON value as compact text clipped to at most size-1 bytes (an ellipsis
 * marks a cut), for error messages. */
void rec_clip_json(const json_t *v, char *buf, size_t size);

/* events.c: the events of the last carc_apply (or carc_new) of g, in the short form a
 * record keeps (docs/RECORD.md), as a new JSON array of strings; NULL on out of
 * memory. Scoring and follower events are left out: replay derives them. */
json_t *rec_events_json(const carc_game *g);

#endif
