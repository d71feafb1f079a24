/*
 * protocol.h - the `carc engine` line protocol (docs/PROTOCOL.md) as a library:
 * a session, one line to one reply, the commands, and the option values the
 * protocol and the command line share. Below the carc binary (src/cmd/), which
 * reads the lines; fuzz_protocol drives it without the binary.
 *
 * Files: proto_line.c (a line: id, command word, one reply), proto_commands.c
 * (the commands on a session), proto_values.c (integers, seeds and expansion
 * lists with a one-line message naming what is wrong).
 */
#ifndef CARC_PROTOCOL_H
#define CARC_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "base.h"
#include "carc.h"
#include "carc_ai.h"
#include "carc_record.h"

/* ---- proto_values.c: option values ----------------------------------------------- */

enum { PROTO_MSG = 256 };  /* size of a message buffer */

/* The largest seed: a record's "seed" is a JSON integer. */
#define PROTO_SEED_MAX ((uint64_t)INT64_MAX)

/* Parse option values. On failure they write "NAME must be LO..HI, got TEXT" (or
 * the like) into msg and return -1; else 0. The engine protocol uses these. */
int proto_long(const char *name, const char *text, long lo, long hi, long *out, char *msg,
             size_t size);
/* A number of players for a game of these expansions: 2..5, or 2..6 with inns
 * (I2); the message says "NAME must be 2..5 (6 with inns), got TEXT". */
int proto_players(const char *name, const char *text, unsigned expansions, long *out, char *msg,
                  size_t size);
/* The same check on a count already known (a list of seats): "NAME takes 2..5 players
 * (6 with inns), got N". */
int proto_players_count(const char *name, long n, unsigned expansions, char *msg, size_t size);
/* A seed: 0..PROTO_SEED_MAX, the range a record can hold. */
int proto_seed(const char *name, const char *text, uint64_t *out, char *msg, size_t size);
int proto_expansions(const char *name, const char *text, unsigned *out, char *msg, size_t size);

/* ---- proto_commands.c: the commands of a session --------------------------------- */

typedef struct proto_session {
    carc_game *g;          /* NULL until the first successful `new` */
    carc_game *before;     /* the state before the last move, for the recorder */
    carc_game *view;       /* room for carc_view */
    carc_recorder *rec;    /* the record of the game so far */
    carc_playout rp;       /* its buffer serves `legal` */
} proto_session;

void proto_session_init(proto_session *s);
/* Frees everything the session holds and makes it empty again. */
void proto_session_free(proto_session *s);
/* Runs command `name` with the rest of its line `args` (modified in place). Returns
 * 0 on success with the payload in out, -1 on failure with one message in out (the
 * session unchanged), 1 for quit. */
int proto_command(proto_session *s, const char *name, char *args, strbuf *out);

/* ---- proto_line.c: one line, one reply ------------------------------------------ */

enum {
    PROTO_SILENT, /* a blank line or a comment: no reply */
    PROTO_OK,     /* replied '=' */
    PROTO_FAILED, /* replied '?' */
    PROTO_QUIT,   /* replied to quit; the session ends */
    PROTO_IO      /* the reply could not be written; the session ends */
};
/* Handles the line r has just read with status st (r->buf, modified in place):
 * writes its one reply line to out and flushes it. Returns an ENGINE_* code. */
int proto_line(proto_session *s, line_reader *r, line_status st, FILE *out);

#endif
