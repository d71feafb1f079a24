/*
 * carc_record.h - the record layer: the text notation of moves (docs/NOTATION.md)
 * and JSON game records (docs/RECORD.md). Built on carc.h; uses jansson inside but
 * exposes only C strings, so callers need no JSON library.
 *
 * Ownership: every char * returned here is malloc'd and owned by the caller (free
 * it); every object has a paired _free that accepts NULL.
 */
#ifndef CARC_RECORD_H
#define CARC_RECORD_H

#include <stdio.h>
#include "carc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- notation ------------------------------------------------------------ */

/* A formatted move always fits in this. The longest are cards and gifts naming a
 * figure, two targets and a seat: "play swap_cloister large (-113,-113) cloister:C
 * (-113,-113) cloister:C seat:5" is 77 bytes (64 held every move before the figure
 * words; "play swap_cloister large (0,1) cloister:C (5,1) cloister:C seat:5", 66 bytes,
 * came out of `carc engine`'s legal list as "?"). */
enum { CARC_NOTATION_MAX = 128 };

/* Formats a move of the pending decision of g in canonical notation (one port per
 * segment, the first in the order N E S W, NW..WN, C). Returns the length written,
 * or -1 if the move cannot be formatted in this position. */
int carc_move_format(const carc_game *g, const carc_move *m, char *buf, size_t size);

/* Parses one move for the pending decision of g. Any port of a segment is accepted;
 * the result is canonical, so it compares equal (carc_move_equal) to the move that
 * carc_legal lists. Parsing does not check legality: carc_apply does. Returns CARC_OK
 * or CARC_E_ILLEGAL with err naming what is wrong. */
int carc_move_parse(const carc_game *g, const char *text, carc_move *out, carc_error *err);

/* Writes the short form a record keeps for an event ("draw U", "remove K",
 * "return U 3", "gift 1 synod", "card 0 score_three", "play 0 swap_road",
 * "discard score_three"; a card hidden from a view is "?"). Returns 0, writing nothing,
 * for the events a record does not keep because replay derives them (placements,
 * followers, scoring, tokens, locks, banked points, the end). */
int carc_event_format(const carc_event *e, char *buf, size_t size);

/* Writes the short form of any event, as the `carc engine` protocol does
 * (docs/PROTOCOL.md, "Event strings"): the record's string for the events a record
 * keeps, and for the others "place 0 U (1,0) r1", "follower 0 (1,0) road:E",
 * "score 0 4 completed (1,0) road:E", "score 1 6 gifts", "back 0 (1,0) road:E",
 * "token 1 (2,0) city:N", "lock 0 (1,0) road:E", "bank 0 8 completed (0,-1) city:S",
 * "paid 0 8", "over". Returns the length, as snprintf does. */
int carc_event_string(const carc_event *e, char *buf, size_t size);

/* Writes an event as one English sentence ("seat 1 scores 4 for completing the city at
 * (0,-1), port S."), made from its short string by the table every front end shares
 * (the browser gets it from carc_sentences_json). Returns the length, as snprintf does. */
int carc_event_text(const carc_event *e, char *buf, size_t size);
/* That table as JSON (caller frees; NULL on out of memory): {"events": {KEY: {"text",
 * "words"}}, "features": {...}, "reasons": {...}}; docs/SERVER.md, GET /api/sentences. */
char *carc_sentences_json(void);

/* ---- the board as text ----------------------------------------------------------- */

/* The board as text: each tile a 3-line by 5-column cell, with a column of y
 * coordinates on the left and a row of x coordinates on top. Lines end with '\n'.
 * Returns a malloc'd string (caller frees) or NULL on out of memory. */
char *carc_board_text(const carc_game *g);
/* The legend of the symbols carc_board_text uses, one line ending in '\n'. */
const char *carc_board_text_legend(void);

/* ---- expansions and stacks as text ----------------------------------------- */

/* "gifts,christmas" <-> CARC_EXP_* bits; "base" (or NULL) is 0. Returns -1 on an unknown
 * name, a name given twice, an empty list or an empty entry. */
int carc_expansions_parse(const char *s, unsigned *out, carc_error *err);
/* A buffer for carc_expansions_name that holds every set the registry knows (all six
 * names and their commas are 41 bytes; a test checks the whole registry fits). */
enum { CARC_EXPANSIONS_NAME_SIZE = 64 };
/* Writes the set's names into buf, e.g. "gifts,christmas" (or "base"), in the order of
 * their bits, and returns buf; NULL (buf left unspecified) for a bit the registry does
 * not know or a buffer of less than size bytes too small for the text. */
const char *carc_expansions_name(unsigned expansions, char *buf, size_t size);

/* ---- cards in plain words ---------------------------------------------------- */

/* What a gift or Christmas card is called and does, for players (`carc cards`): the
 * card's descriptor, which its expansion's module holds (carc_card_desc, carc.h:
 * name, deck, timing, text, and the shape of its target). */
typedef carc_card_desc carc_card_info;
/* The entry of a card id (enum carc_card), or NULL for CARC_CARD_NONE and out of range.
 * Static storage: do not free. */
const carc_card_info *carc_card_info_of(int card);
/* Every card as a JSON array of {"id","name","deck","timing","text"} (caller frees). */
char *carc_cards_json(void);

/* "How these expansions work", in players' words (no rule ids, no notation): the
 * terminal game's help pages and the browser's web/how.html tell the same paragraphs
 * (tests/web/sentences.mjs checks the page holds every one). Each paragraph belongs to
 * the expansions of its mask (0: every game). */
typedef struct carc_guide_par {
    unsigned expansions;  /* CARC_EXP_* the paragraph is about, 0 for any game */
    const char *title;    /* the heading it starts, or NULL to go on under the last */
    const char *text;
} carc_guide_par;
/* The number of paragraphs: the first is about every game, then each expansion's
 * (its module's carc_expansion_info.how) in the order of the registry. */
int carc_guide_count(void);
/* Fills *out with paragraph i (strings in static storage) and returns 1, or returns 0
 * when i is out of range. */
int carc_guide_at(int i, carc_guide_par *out);

/* ---- records ----------------------------------------------------------------- */

/* A record being written while a game is played. */
typedef struct carc_recorder carc_recorder;

/* Starts a record for a game created from cfg (call right after carc_new, with the
 * game, so that the events of the first draw are kept). */
carc_recorder *carc_recorder_new(const carc_config *cfg, const carc_game *g);
/* Appends a move just applied: `before` is the state before carc_apply (for the
 * notation), `after` the state after it (for its events). Returns CARC_OK, or
 * CARC_E_ILLEGAL (recording nothing) if the move cannot be written in notation. */
int carc_recorder_add(carc_recorder *r, const carc_game *before, const carc_move *m,
                      const carc_game *after);
/* The whole record as one line of JSON with sorted keys (no newline); `g` is the final
 * state, whose scores are written if the game is over. Caller frees. */
char *carc_recorder_json(const carc_recorder *r, const carc_game *g);
void carc_recorder_free(carc_recorder *r);
/* The longest player kind a record keeps, with its NUL ("mcts:3000"...). */
#define CARC_RECORD_SEAT_LEN 32
/* Who plays each seat (n kinds, n the game's players), written as the record's "seats":
 * informational, replays ignore it; a game resumed from the record goes on with them.
 * Returns CARC_OK, or CARC_E_INVALID (nothing kept) for a wrong count or a kind of more
 * than CARC_RECORD_SEAT_LEN - 1 characters or outside a-z 0-9 : . _ -. */
int carc_recorder_set_seats(carc_recorder *r, int n, const char *const *kinds);

/* A record read back. */
typedef struct carc_record carc_record;

/* Parses one JSON record strictly (unknown keys, wrong types, unknown tile letters,
 * too many copies of a tile kind, bad option values are errors). NULL on error, with
 * err naming the field. */
carc_record *carc_record_parse(const char *json, carc_error *err);
void carc_record_free(carc_record *rec);
const carc_config *carc_record_config(const carc_record *rec);
int carc_record_move_count(const carc_record *rec);
const char *carc_record_move(const carc_record *rec, int i);
/* Who played seat i (the record's "seats"), or NULL when the record does not say. */
const char *carc_record_seat(const carc_record *rec, int i);

/* Replays a record through the engine: every move must parse and be legal, the
 * events must match those recorded (when present), and the final scores must match.
 * Returns CARC_OK, or an error naming the move (index and text) and what differed.
 * If final is non-NULL, *final receives the final game (caller frees). */
int carc_record_replay(const carc_record *rec, carc_game **final, carc_error *err);

/* ---- state as JSON -------------------------------------------------------------- */

/* The state as JSON text (caller frees): the full state when the game g is not a
 * view, else exactly what the view holds. Includes board, followers, scores, supply,
 * tiles left, tiles in hand, pending decision, and the legal moves when asked. */
char *carc_state_json(const carc_game *g, int with_legal);
/* carc_state_json(g, with_legal) with part of the board left out, for the game
 * server's delta frames (docs/SERVER.md): the board only grows, in placement order, so
 * a client that has its first N tiles needs only the tiles from N on. "board" lists
 * only the tiles of carc_board_tile index board_from and later (0: every tile, the
 * same bytes as carc_state_json); and, if marks is not NULL, the offset where each
 * top-level member ("key":value) starts, in order, is written to marks[0..*nmarks-1]
 * (at most max; members are separated by one comma and the last ends before the
 * final '}'). Caller frees; NULL on out of memory. */
char *carc_state_json_parts(const carc_game *g, int with_legal, int board_from, size_t *marks,
                            int max, int *nmarks);

/* The tile catalogue as a JSON array (caller frees): per kind id (its name), count,
 * edges, pennants, cloister, the expansion that brings it ("base", "inns",
 * "traders"), segments with their ports (and inn, cathedral, pennant, goods when
 * set). Every kind with its printed count. */
char *carc_tiles_json(void);
/* The same for the kinds a game with these expansions (CARC_EXP_* bits) plays with,
 * each with its count in that set (carc_tile_count). */
char *carc_tiles_json_set(unsigned expansions);

#ifdef __cplusplus
}
#endif
#endif
