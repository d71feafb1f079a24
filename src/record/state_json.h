/*
 * state_json.h - the state JSON (carc_state_json, docs/RECORD.md) with part of the
 * board left out, for the game server's delta frames (docs/SERVER.md): the board
 * only grows, in placement order, so a client that has its first N tiles needs only
 * the tiles from N on, and writing the rest again would cost what the delta saves.
 */
#ifndef CARC_STATE_JSON_H
#define CARC_STATE_JSON_H

#include "carc.h"

/* carc_state_json(g, with_legal), except that "board" lists only the tiles of
 * carc_board_tile index board_from and later (0: every tile, the same bytes as
 * carc_state_json). Caller frees; NULL on out of memory. */
char *state_json_board_from(const carc_game *g, int with_legal, int board_from);

#endif
