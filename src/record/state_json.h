/*
 * state_json.h - the state JSON (carc_state_json, docs/RECORD.md) with part of the
 * board left out, for the game server's delta frames (docs/SERVER.md): the board
 * only grows, in placement order, so a client that has its first N tiles needs only
 * the tiles from N on, and writing the rest again would cost what the delta saves.
 */
#ifndef CARC_STATE_JSON_H
#define CARC_STATE_JSON_H

#include "carc.h"

#include <stddef.h>

/* carc_state_json(g, with_legal), except that "board" lists only the tiles of
 * carc_board_tile index board_from and later (0: every tile, the same bytes as
 * carc_state_json); and, if marks is not NULL, the offset where each top-level
 * member ("key":value) starts, in order, is written to marks[0..*nmarks-1] (at most
 * max; members are separated by one comma and the last ends before the final '}').
 * Caller frees; NULL on out of memory. */
char *state_json_parts(const carc_game *g, int with_legal, int board_from, size_t *marks,
                       int max, int *nmarks);

#endif
