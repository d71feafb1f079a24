/*
 * _carc_py.h - the C side of the Python package (docs/PYTHON.md): the fixed action
 * encoding, the observation of one seat built from that seat's view only, and the
 * batched stepping of many games. Built into the cffi extension together with the
 * engine's, record layer's, AI's and toolbox's own sources (python/build_carc.py); it
 * uses only the public headers (carc.h, carc_record.h, carc_ai.h).
 */
#ifndef CARC_PY_H
#define CARC_PY_H

#include <stddef.h>
#include <stdint.h>
#include "carc.h"

/* ---- the action encoding (docs/PYTHON.md, "Actions") -------------------------- */

/* The window: the board positions the actions and the board planes cover, x, y in -R..R
 * around the start tile, W = 2R + 1 wide. Its width is chosen when a game or a batch is
 * made (the `_w` functions take it), any odd width CPY_W_MIN..CPY_W_MAX; CPY_W is the
 * default, whose ids are those of the fixed encoding below (the functions without `_w`). */
#define CPY_R 15                      /* the default window: x, y in -15..15 */
#define CPY_W (2 * CPY_R + 1)
#define CPY_CELLS (CPY_W * CPY_W)
#define CPY_W_MIN CPY_W               /* windows are odd widths from the default ... */
#define CPY_W_MAX 63                  /* ... to 63: a cell fits 12 bits (held_cells) */
#define CPY_CELLS_MAX (CPY_W_MAX * CPY_W_MAX)
#define CPY_MAX_TOKENS 5              /* actions one move takes at most */
#define CPY_OLD_PORTS 13              /* ports N..C: the ports of the base game's sections */
#define CPY_FIG_PORTS 14              /* ports N..I: the ports of the fig_follower section */
#define CPY_FIGURES 5                 /* the figure kinds of the sections before Abbey & Mayor
                                         (meeple .. pig) */
#define CPY_AM_FIGURES 2              /* Abbey & Mayor's followers (mayor, wagon): sections of
                                         their own (fig_follower2, figure2, ransom2, exchange2) */
#define CPY_ALL_FIGURES (CPY_FIGURES + CPY_AM_FIGURES + 1) /* ... and the barn (section barn) */
#define CPY_CORNERS 4                 /* a tile's corners NW NE SE SW (the barn, AM9) */
/* The ids of the sections walk, fairy, princess, follower_at, ransom and exchange, which
 * do not depend on the window: 4 + 1 + 1 + 1 + CPY_FIGURES * CARC_MAX_PLAYERS +
 * CPY_FIGURES. */
#define CPY_NEW_FIXED (7 + CPY_FIGURES * CARC_MAX_PLAYERS + CPY_FIGURES)

/* The first ids of the sections that follow the window's cells, for a window of `cells`
 * cells: the enum below is these for CPY_CELLS, and a window of another width has its
 * sections in the same order, each as long for its cells (cpy_enc). */
#define CPY_SEG_AT(cells) (CPY_A_PLACE + 8 * (cells))
#define CPY_POS_AT(cells) (CPY_SEG_AT(cells) + CPY_OLD_PORTS * (cells))
#define CPY_AGAIN_AT(cells) (CPY_POS_AT(cells) + (cells))
#define CPY_FIGURE_AT(cells) (CPY_AGAIN_AT(cells) + 3 + (CPY_FIGURES - 1) * CPY_FIG_PORTS)
#define CPY_SEG_I_AT(cells) (CPY_FIGURE_AT(cells) + (CPY_FIGURES - 1))
#define CPY_ABBOT_G_AT(cells) (CPY_SEG_I_AT(cells) + (cells))
#define CPY_SEG_G_AT(cells) (CPY_ABBOT_G_AT(cells) + 1 + 2 * (cells))
/* The Princess & the Dragon's and The Tower's sections (issue 30), after those: */
#define CPY_WALK_AT(cells) (CPY_SEG_G_AT(cells) + (cells))
#define CPY_FLOOR_AT(cells) (CPY_WALK_AT(cells) + CPY_NEW_FIXED)
#define CPY_SEG_T_AT(cells) (CPY_FLOOR_AT(cells) + (cells))
/* Abbey & Mayor's sections (issue 30), after those: fig_follower2, follower_i2, figure2,
 * ransom2, exchange2, abbey and barn, which do not depend on the window, then seg_i2. */
#define CPY_AM_FIXED                                                                       \
    (CPY_AM_FIGURES * CPY_FIG_PORTS + CPY_FIGURES + CPY_AM_FIGURES + CPY_AM_FIGURES +        \
     CPY_AM_FIGURES * CARC_MAX_PLAYERS + CPY_AM_FIGURES + 1 + CPY_CORNERS)
#define CPY_AM_AT(cells) (CPY_SEG_T_AT(cells) + (cells))
#define CPY_SEG_I2_AT(cells) (CPY_AM_AT(cells) + CPY_AM_FIXED)
#define CPY_ACTIONS_AT(cells) (CPY_SEG_I2_AT(cells) + (cells))

/* The ids below CPY_A_AGAIN are those of the base game, The Gifts and Christmas Present
 * before the big-box expansions, unchanged; the big-box sections follow them, and the
 * sections of The River and The Abbot (issue 20) follow those, unchanged too. The ids
 * from CPY_A_PLACE on are those of the default window. */
enum {
    CPY_A_PASS = 0,
    CPY_A_DRAW = 1,
    CPY_A_BLOCK = 2,
    CPY_A_FALLBACK = 3,               /* the first legal move, when none is encodable */
    CPY_A_GIFT = 4,                   /* + card - 1 (5 gifts) */
    CPY_A_PLAY = CPY_A_GIFT + 5,      /* + card - 6 (32 Christmas cards) */
    CPY_A_DISCARD = CPY_A_PLAY + 32,  /* + card - 6 */
    CPY_A_SEAT = CPY_A_DISCARD + 32,  /* + seat relative to the acting seat (0..4) */
    CPY_A_FOLLOWER = CPY_A_SEAT + 5,  /* + port (N..C) of a meeple on the tile placed this turn */
    CPY_A_PLACE = CPY_A_FOLLOWER + CPY_OLD_PORTS, /* + (slot * CELLS + cell) * 4 + rot */
    CPY_A_SEG = CPY_A_PLACE + 8 * CPY_CELLS,      /* + cell * 13 + port (N..C) */
    CPY_A_POS = CPY_A_SEG + CPY_OLD_PORTS * CPY_CELLS, /* + cell */
    CPY_A_AGAIN = CPY_A_POS + CPY_CELLS,          /* take the second part of a double turn */
    CPY_A_SEAT5 = CPY_A_AGAIN + 1,    /* the seat 5 after the acting seat (6 players) */
    CPY_A_FOLLOWER_I = CPY_A_SEAT5 + 1, /* a meeple on the inner field (port I) */
    /* + (figure - 1) * CPY_FIG_PORTS + port (N..I): a large meeple, abbot, builder or pig
     * on the tile placed this turn */
    CPY_A_FIG_FOLLOWER = CPY_A_FOLLOWER_I + 1,
    /* + figure - 1: the figure a gift, card or target move names (not a meeple), right
     * after the gift or card (or first, for a target move) */
    CPY_A_FIGURE = CPY_A_FIG_FOLLOWER + (CPY_FIGURES - 1) * CPY_FIG_PORTS,
    CPY_A_SEG_I = CPY_A_FIGURE + (CPY_FIGURES - 1), /* + cell: a segment target at port I */
    CPY_A_ABBOT_G = CPY_A_SEG_I + CPY_CELLS, /* the abbot on the garden of the tile placed (A4) */
    /* + cell * 2 + (0 cloister C, 1 garden G): recall the abbot from there (A6) */
    CPY_A_RECALL = CPY_A_ABBOT_G + 1,
    CPY_A_SEG_G = CPY_A_RECALL + 2 * CPY_CELLS, /* + cell: a segment target at port G (GI4) */
    /* The Princess & the Dragon and The Tower (issue 30): */
    /* + direction N E S W: the neutral figure that walks (the dragon, PD7) steps to the
     * tile on that side of the one it stands on */
    CPY_A_WALK = CPY_A_SEG_G + CPY_CELLS,
    CPY_A_FAIRY = CPY_A_WALK + 4,     /* the fairy next to one's follower (PD9); then its
                                         figure (FIGURE, not a meeple) and its place */
    CPY_A_PRINCESS = CPY_A_FAIRY + 1, /* the princess sends a follower home (PD12); then
                                         FIGURE, its place and its seat (SEAT) */
    /* a follower placed elsewhere than on the tile placed this turn (through a portal,
     * PD11; on a tower's top, TW4); then FIGURE and its place */
    CPY_A_FOLLOWER_AT = CPY_A_PRINCESS + 1,
    /* + figure * CARC_MAX_PLAYERS + r: buy back one's figure held by the seat r after the
     * acting seat (TW8) */
    CPY_A_RANSOM = CPY_A_FOLLOWER_AT + 1,
    CPY_A_EXCHANGE = CPY_A_RANSOM + CPY_FIGURES * CARC_MAX_PLAYERS, /* + figure (TW6) */
    CPY_A_FLOOR = CPY_A_EXCHANGE + CPY_FIGURES,  /* + cell: a floor on the tower there (TW3) */
    CPY_A_SEG_T = CPY_A_FLOOR + CPY_CELLS,  /* + cell: a target at port T, a tower's top */
    /* Abbey & Mayor (issue 30): */
    /* + (figure - mayor) * CPY_FIG_PORTS + port (N..I): a mayor or wagon on the tile placed
     * this turn (T6), or a wagon moving onto it (AM8) */
    CPY_A_FIG_FOLLOWER2 = CPY_A_SEG_T + CPY_CELLS,
    /* + figure (meeple .. wagon): a follower on the second inner field (port I2, AM12) of
     * the tile placed this turn */
    CPY_A_FOLLOWER_I2 = CPY_A_FIG_FOLLOWER2 + CPY_AM_FIGURES * CPY_FIG_PORTS,
    /* + figure - mayor: the mayor or wagon a move names, as FIGURE the others (a wagon
     * moving elsewhere than onto the tile placed, AM8: FOLLOWER_AT, FIGURE2, its place) */
    CPY_A_FIGURE2 = CPY_A_FOLLOWER_I2 + CPY_FIGURES + CPY_AM_FIGURES,
    /* + (figure - mayor) * CARC_MAX_PLAYERS + r: RANSOM of a mayor or wagon (TW8) */
    CPY_A_RANSOM2 = CPY_A_FIGURE2 + CPY_AM_FIGURES,
    CPY_A_EXCHANGE2 = CPY_A_RANSOM2 + CPY_AM_FIGURES * CARC_MAX_PLAYERS, /* + figure - mayor */
    CPY_A_ABBEY = CPY_A_EXCHANGE2 + CPY_AM_FIGURES, /* the abbey instead of a drawn tile (AM3) */
    CPY_A_BARN = CPY_A_ABBEY + 1,     /* + corner NW NE SE SW of the tile placed (AM9) */
    CPY_A_SEG_I2 = CPY_A_BARN + CPY_CORNERS, /* + cell: a segment target at port I2 */
    CPY_ACTIONS = CPY_A_SEG_I2 + CPY_CELLS
};
_Static_assert(CPY_SEG_AT(CPY_CELLS) == CPY_A_SEG && CPY_POS_AT(CPY_CELLS) == CPY_A_POS &&
                   CPY_AGAIN_AT(CPY_CELLS) == CPY_A_AGAIN &&
                   CPY_FIGURE_AT(CPY_CELLS) == CPY_A_FIGURE &&
                   CPY_SEG_I_AT(CPY_CELLS) == CPY_A_SEG_I &&
                   CPY_ABBOT_G_AT(CPY_CELLS) == CPY_A_ABBOT_G &&
                   CPY_SEG_G_AT(CPY_CELLS) == CPY_A_SEG_G &&
                   CPY_WALK_AT(CPY_CELLS) == CPY_A_WALK &&
                   CPY_FLOOR_AT(CPY_CELLS) == CPY_A_FLOOR &&
                   CPY_SEG_T_AT(CPY_CELLS) == CPY_A_SEG_T &&
                   CPY_AM_AT(CPY_CELLS) == CPY_A_FIG_FOLLOWER2 &&
                   CPY_SEG_I2_AT(CPY_CELLS) == CPY_A_SEG_I2 &&
                   CPY_ACTIONS_AT(CPY_CELLS) == CPY_ACTIONS,
               "the sections of a window of CPY_CELLS cells are the default encoding's");
/* The largest action space, of the widest window. */
#define CPY_ACTIONS_MAX CPY_ACTIONS_AT(CPY_CELLS_MAX)

/* Whether `window` is a width a game, an environment or a batch may take (odd,
 * CPY_W_MIN..CPY_W_MAX). Every `_w` function below needs such a width. */
int cpy_window_ok(int window);
/* The number of actions of a window. */
int cpy_actions_w(int window);
/* The sections of the action ids of a window, for Python (carc.encoding): returns 0
 * past the last. */
int cpy_action_section_w(int window, int i, const char **name, int *base, int *len);
/* The default window's. */
int cpy_action_section(int i, const char **name, int *base, int *len);

/* ---- the observation (docs/PYTHON.md, "Observations") ------------------------- */

/* Board channels. The first 25 are those of the base game, The Gifts and Christmas
 * Present before the big-box expansions (5 seats), unchanged; the 6th seat's and the
 * big-box channels follow, then those of The River and The Abbot, then those of The
 * Princess & the Dragon and The Tower, then those of Abbey & Mayor. */
enum {
    CPY_CH_TILE = 0, CPY_CH_CITY = 1 /* N E S W: 1..4 */, CPY_CH_ROAD = 5 /* 5..8 */,
    CPY_CH_CLOISTER = 9, CPY_CH_PENNANT = 10, CPY_CH_LAST = 11,
    CPY_CH_FOLLOWER = 12 /* relative seat 0..4: 12..16 */, CPY_CH_LOCKED = 17,
    CPY_CH_MASTERMIND = 18, CPY_CH_FRONTIER = 19,
    CPY_CH_HELD = 20 /* a feature with a follower of relative seat 0..4 crosses the tile: 20..24 */,
    CPY_CH_FOLLOWER5 = 25,            /* a follower of relative seat 5 */
    CPY_CH_HELD5 = 26,                /* a feature held by relative seat 5 */
    CPY_CH_INN = 27,                  /* a road segment with an inn on the tile */
    CPY_CH_CATHEDRAL = 28,            /* a city segment with a cathedral on the tile */
    CPY_CH_GOODS = 29,                /* + enum carc_goods: a goods symbol on the tile (3) */
    CPY_CH_GOODS_OPEN = 32,           /* the tile's goods symbols lie in an unfinished city */
    CPY_CH_LARGE = 33,                /* a large meeple (any seat) on the tile */
    CPY_CH_BUILDER = 34,              /* + relative seat: its builder on the tile (6) */
    CPY_CH_PIG = 40,                  /* + relative seat: its pig on the tile (6) */
    CPY_CH_RIVER = 46,                /* + N E S W: a river edge (4) */
    CPY_CH_GARDEN = 50,               /* a garden on the tile (A3) */
    CPY_CH_RIVER_END = 51,            /* the river's open end (R5), an empty position */
    CPY_CH_ABBOT = 52,                /* an abbot (any seat) on the tile */
    CPY_CH_DRAGON = 53,               /* the dragon's tile (PD3, PD7) */
    CPY_CH_FAIRY = 54,                /* the fairy's tile (PD9) */
    CPY_CH_MARK = 55,                 /* + mark - 1 (carc_tile_symbol): a volcano, the dragon
                                         symbol, a portal, a princess (4, PD1) */
    CPY_CH_VISITED = 59,              /* a tile the dragon visited in its movement under
                                         way (PD7), where it stands included */
    CPY_CH_TOWER = 60,                /* a tower on the tile (TW1) */
    CPY_CH_TOWER_HEIGHT = 61,         /* its height, the number of floors (TW3): a count,
                                         not 0 or 1 */
    CPY_CH_TOWER_TOP = 62,            /* + relative seat: its follower tops the tower (6, TW4) */
    CPY_CH_TOWER_TOP_LARGE = 68,      /* the follower on the tower's top is not a meeple */
    CPY_CH_MAYOR = 69,                /* a mayor (any seat) on the tile (AM6) */
    CPY_CH_WAGON = 70,                /* a wagon (any seat) on the tile (AM7) */
    CPY_CH_BARN = 71,                 /* + relative seat: its barn at the tile's SE corner
                                         (where four tiles meet, AM9) (6) */
    CPY_CHANNELS = 77
};
enum { CPY_HAND = 37 };  /* gifts 1..5, Christmas cards 6..37 */
int cpy_public_size(void);
/* The names of the channels and the public vector's ranges (name, offset, length),
 * for Python: NULL / 0 past the last. */
const char *cpy_channel_name(int ch);
int cpy_public_range(int i, const char **name, int *off, int *len);

/* The tiles of each kind not yet seen (left[CARC_TILE_KINDS]): the set's tiles less those on
 * the board, in hand, removed and set aside (PD4), all public; the stacks hold them in a
 * hidden order. */
void cpy_tiles_left(const carc_game *g, int left[CARC_TILE_KINDS]);

/* Sizes, for Python (those of the default window). */
int cpy_actions(void);
int cpy_window(void);
int cpy_window_min(void);
int cpy_window_max(void);
int cpy_channels(void);
int cpy_hand_size(void);

/* The functions below without `_w` are those of the default window (CPY_W); each `_w`
 * one takes the window's width, which must be one cpy_window_ok accepts. */

/* The actions (1..CPY_MAX_TOKENS) a legal move of g's pending decision is written
 * as, into out; 0 when the move has a coordinate outside the window. */
int cpy_move_tokens(const carc_game *g, const carc_move *m, int32_t out[CPY_MAX_TOKENS]);
int cpy_move_tokens_w(const carc_game *g, int window, const carc_move *m,
                      int32_t out[CPY_MAX_TOKENS]);
/* The legal moves now that have no actions in the window (a coordinate outside it). */
int cpy_outside_w(const carc_game *g, int window, carc_move *buf);

/* The actions legal after `prefix` (np actions already chosen of a move), sorted, into
 * ids (capacity CARC_MAX_MOVES): returns how many. buf: CARC_MAX_MOVES moves of scratch. */
int cpy_legal_actions(const carc_game *g, const int32_t *prefix, int np, carc_move *buf,
                      int32_t *ids);
int cpy_legal_actions_w(const carc_game *g, int window, const int32_t *prefix, int np,
                        carc_move *buf, int32_t *ids);
/* Whether `prefix` is a whole legal move (1, written into out), a beginning of one (0)
 * or neither (-1). */
int cpy_resolve(const carc_game *g, const int32_t *prefix, int np, carc_move *buf,
                carc_move *out);
int cpy_resolve_w(const carc_game *g, int window, const int32_t *prefix, int np, carc_move *buf,
                  carc_move *out);
/* The move a one-action move's action (pass, draw, block, discard, follower, place,
 * recall)
 * stands for, built from the action alone, in the form carc_legal lists it when the
 * action is legal now; 0 for the other actions. The batch uses it for actions it knows
 * legal, to list the legal moves once per decision rather than twice. */
int cpy_decode_single(const carc_game *g, int32_t a, carc_move *out);
int cpy_decode_single_w(const carc_game *g, int window, int32_t a, carc_move *out);
/* Adds `action` to the move under way (prefix, *np actions): -1 when it is not legal
 * (nothing changes), 0 when the move needs more actions (*np grows), 1 when it completed
 * a move, which is applied (written into `applied`, *np back to 0), -2 when carc_apply
 * refused it (err filled; cannot happen for a move carc_legal listed). */
int cpy_apply_action(carc_game *g, int32_t *prefix, int *np, int32_t action, carc_move *buf,
                     carc_move *applied, carc_error *err);
int cpy_apply_action_w(carc_game *g, int window, int32_t *prefix, int *np, int32_t action,
                       carc_move *buf, carc_move *applied, carc_error *err);
/* Moves with an action of the window whose actions are the beginning of another
 * move's (the encoding is meant to have none; the tests count them). */
int cpy_prefix_clashes(const carc_game *g, carc_move *buf);
int cpy_prefix_clashes_w(const carc_game *g, int window, carc_move *buf);

/* The observation of `seat` (0..players-1): board planes (CPY_CHANNELS x W x W, uint8),
 * the public vector and the seat's own hand (float32), each written when not NULL,
 * built from carc_view(g, seat) only (into `view`, a state of carc_state_size()). */
void cpy_observe(const carc_game *g, int seat, carc_game *view, uint8_t *board, float *pub,
                 float *hand);
void cpy_observe_w(const carc_game *g, int window, int seat, carc_game *view, uint8_t *board,
                   float *pub, float *hand);
/* cpy_observe and the action mask of `seat` after `prefix` (zero unless it owes the
 * pending decision), in one call. */
void cpy_observe_full(const carc_game *g, int seat, const int32_t *prefix, int np,
                      carc_game *view, carc_move *buf, uint8_t *board, float *pub, float *hand,
                      uint8_t *mask);
void cpy_observe_full_w(const carc_game *g, int window, int seat, const int32_t *prefix, int np,
                        carc_game *view, carc_move *buf, uint8_t *board, float *pub, float *hand,
                        uint8_t *mask);
/* cpy_observe_full_w that also writes the legal actions (those of the mask, sorted) into
 * `legal` (CARC_MAX_MOVES entries, or NULL) and returns how many (0 unless `seat` owes the
 * pending decision): the ids an agent draws from, without scanning the mask. */
int cpy_observe_legal_w(const carc_game *g, int window, int seat, const int32_t *prefix, int np,
                        carc_game *view, carc_move *buf, uint8_t *board, float *pub, float *hand,
                        uint8_t *mask, int32_t *legal);
/* Writes the observation of a view (carc_view of `seat`) without taking the view. */
void cpy_observe_view(const carc_game *v, int seat, uint8_t *board, float *pub, float *hand);
void cpy_observe_view_w(const carc_game *v, int window, int seat, uint8_t *board, float *pub,
                        float *hand);

/* Every legal move in notation, one per line, into buf; returns the length (or -1
 * when size is too small). */
int cpy_legal_text(const carc_game *g, carc_move *buf, char *text, size_t size);
/* The events of the last call as the protocol's strings, one per line. */
int cpy_events_text(const carc_game *g, char *text, size_t size);

/* ---- batched stepping (docs/PYTHON.md, "Batched API") ------------------------- */

typedef struct cpy_batch cpy_batch;

/* Buffers owned by the caller (numpy arrays); any may be NULL but mask/ids/nids,
 * which the batch keeps up to date. Rows are per game. */
typedef struct cpy_buffers {
    uint8_t *mask;      /* n x actions (of the window): updated in place (only the entries
                           that change) */
    int32_t *ids;       /* n x ids_cap: the legal actions, sorted by nothing */
    int32_t *nids;      /* n */
    int32_t *seat;      /* n: the seat that owes the next action */
    float *rewards;     /* n x CARC_MAX_PLAYERS: this step's rewards by seat */
    uint8_t *done;      /* n: 1 when this step ended a game (the row then shows a new one) */
    int32_t *scores;    /* n x CARC_MAX_PLAYERS: the final scores of the game just ended */
    uint8_t *board;     /* n x CPY_CHANNELS x W x W (the batch's window) */
    float *pub;         /* n x cpy_public_size() */
    float *hand;        /* n x CPY_HAND */
} cpy_buffers;

/* n games of one configuration; game j started by the batch is seeded (seed + j) mod
 * 2^63 (see docs/PYTHON.md). NULL with err filled on a bad configuration. cpy_batch_new_w: in a
 * window of width `window` (refused unless cpy_window_ok). */
cpy_batch *cpy_batch_new(int n, int players, unsigned expansions, uint64_t seed, int ids_cap,
                         carc_error *err);
cpy_batch *cpy_batch_new_w(int n, int players, unsigned expansions, uint64_t seed, int ids_cap,
                           int window, carc_error *err);
int cpy_batch_window(const cpy_batch *b);
void cpy_batch_free(cpy_batch *b);
/* on (the default): board rows are patched in place, only the cells that changed since the
 * row's last write (the caller must not write into them); off: written whole every time. */
void cpy_batch_patch(cpy_batch *b, int on);
/* Writes every row of the buffers whole for the current states (after new: the first). */
void cpy_batch_observe(cpy_batch *b, const cpy_buffers *out);
/* One action per game. Every action is checked first: if one is not legal the call
 * returns -(i + 1) for the first such game i and changes nothing. Otherwise returns
 * the number of moves applied (actions completing a move). A game that ends gets
 * rewards (+1 for each winner, -1 for the others, 0 for all when all win), done = 1,
 * its final scores, and is replaced by the next seeded game. */
int cpy_batch_step(cpy_batch *b, const int32_t *actions, const cpy_buffers *out);
/* Random play inside C (a benchmark of the engine side alone): `steps` actions per game
 * chosen uniformly from each game's legal actions. Returns the moves applied. */
int64_t cpy_batch_random(cpy_batch *b, int steps, uint64_t seed, const cpy_buffers *out);
/* A batch saved and made again (carc.Batch's pickling): game i's move under way
 * (returns its length, the actions into out), the counters (games started, games
 * done, decisions), and game i replaced by the full state g (a game of the batch's
 * players, not over) with that move under way: -1, changing nothing, when they do not fit. */
int cpy_batch_prefix(const cpy_batch *b, int i, int32_t out[CPY_MAX_TOKENS]);
void cpy_batch_counters(const cpy_batch *b, uint64_t out[3]);
int cpy_batch_restore(cpy_batch *b, int i, const carc_game *g, const int32_t *prefix, int np);
void cpy_batch_set_counters(cpy_batch *b, const uint64_t in[3]);
int64_t cpy_batch_games_done(const cpy_batch *b);
int64_t cpy_batch_decisions(const cpy_batch *b);
const carc_game *cpy_batch_game(const cpy_batch *b, int i);

#endif
