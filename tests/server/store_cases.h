/*
 * store_cases.h - cases of srv_store.h that every backend must pass the same way,
 * written once and run by test_server_store.c (SQLite) and test_server_pg.c
 * (PostgreSQL), each with its own way to open its store.
 */
#ifndef CARC_TEST_STORE_CASES_H
#define CARC_TEST_STORE_CASES_H

#include "srv_store.h"

/* Chat kept with a game: games a and b exist (created, no move yet); open() opens the
 * store (every case closes what it opens, so a backend of one store per file is
 * fine). */
void store_case_chat(srv_store *(*open)(void), const char *a, const char *b);

/* The ladder's tables (srv_ladder_store.h), on a fresh database: games a and b exist
 * (created, no move yet; b is finished here). */
void store_case_ladder(srv_store *(*open)(void), const char *a, const char *b);
/* A game's clock row (issue 32): none at first, written and replaced, one per game,
 * durable with its batch's commit and lost with a failed one, across reopening. Games
 * a and b exist with no move yet. */
void store_case_clock(srv_store *(*open)(void), const char *a, const char *b);

/* Undo by agreement (issue 32): cut_move takes a game's last move out of its log, and
 * only that: not an earlier move, not a move past the end, not a move of a finished or
 * unknown game (nothing changed); the log then takes that index again; move 0 too;
 * durable across reopening; in a batch, kept by its commit and lost with a failed one.
 * Games a and b exist with no move yet. */
void store_case_undo(srv_store *(*open)(void), const char *a, const char *b);

#endif
