/*
 * carc.h - the public API of libcarc, the Carcassonne rules engine.
 *
 * A game is a sequence of decisions. At every moment exactly one seat owes one
 * decision (carc_pending); carc_legal lists every legal choice as a small
 * fixed-size carc_move; carc_apply validates one move and either applies it or
 * returns an error code, leaving the state byte for byte unchanged. Chance (tile
 * and card draws) happens inside carc_apply from a generator stored in the state,
 * so a configuration plus the list of moves reproduces a game exactly.
 *
 * The state (carc_game) is one flat struct with no pointers: carc_copy is a few
 * memcpy calls over the part the game uses, which is what search needs. The engine allocates only in carc_new and
 * carc_clone, does no I/O and has no globals.
 *
 * Coordinates, rotations and ports follow RULES.md section 0: the start tile is at
 * (0,0), x grows East, y grows South; rotation is 0-3 quarter turns clockwise;
 * ports are given after rotation, in board directions.
 */
#ifndef CARC_H
#define CARC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The state of one game: opaque, flat, copyable with carc_copy. */
typedef struct carc_game carc_game;

/* ---- limits ------------------------------------------------------------ */

/* A build with a test-only expansion module (CMake's CARC_TEST_MODULE: tests/toy)
 * adds its tile kinds, tiles, their segments and its figures to the counts below,
 * from its module.cmake; 0 in every other build. */
#ifndef CARC_TEST_KINDS
#define CARC_TEST_KINDS 0
#endif
#ifndef CARC_TEST_TILES
#define CARC_TEST_TILES 0
#endif
#ifndef CARC_TEST_SEGMENTS
#define CARC_TEST_SEGMENTS 0
#endif
#ifndef CARC_TEST_FIGURES
#define CARC_TEST_FIGURES 0
#endif

enum {
    CARC_MIN_PLAYERS = 2,
    CARC_MAX_PLAYERS = 6,    /* 6 only with Inns & Cathedrals (I2); else 5 (B1) */
    CARC_BASE_MAX_PLAYERS = 5,  /* B1; carc_max_players tells a set's */
    CARC_FOLLOWERS = 7,      /* meeples per player (B1) */
    CARC_BASE_KINDS = 24,    /* the base game's kinds A..X are kinds 0..23 */
    CARC_TILE_KINDS = 152 + CARC_TEST_KINDS,  /* base, Inns & Cathedrals, Traders &
                                Builders, The River, the garden tiles of The Abbot, The
                                Princess & the Dragon (29 kinds and 2 garden twins), The
                                Tower (17 kinds and 2 garden twins), Abbey & Mayor (12
                                kinds, 1 garden twin and the abbey) */
    CARC_BASE_TILES = 72,    /* the base game's tiles, the start tile included */
    CARC_TILES = 191 + CARC_TEST_TILES,  /* the most tiles one game can hold, start
                                            tile and 6 abbeys included */
    CARC_STACK = 184 + CARC_TEST_TILES,  /* the most tiles shuffled into one game's stack */
    CARC_ASIDE_MAX = 12,                 /* the most tiles a game sets aside (PD4) */
    CARC_MAX_MOVES = 2048,   /* capacity carc_legal may need */
    CARC_MAX_EVENTS = 384,   /* events one carc_apply can emit (worst case: event.c) */
    CARC_MAX_SEGMENTS = 713 + CARC_TEST_SEGMENTS,  /* segments of every tile of a game:
                                                      bounds any list of them */
    CARC_MSG = 160,          /* size of an error message */
    CARC_SEAT_NONE = 255,    /* carc_move.seat2 when the move names no other seat */
    CARC_SEAT_PUBLIC = CARC_MAX_PLAYERS,  /* carc_view of no seat: what everyone knows */
    CARC_TILE_SEGMENTS = 9   /* the most segments of one tile kind (AM/LRRRR: 4 roads,
                                4 fields, a cloister) */
};

/* ---- status codes ------------------------------------------------------ */

enum carc_status {
    CARC_OK = 0,
    CARC_E_CONFIG,   /* bad configuration */
    CARC_E_ILLEGAL,  /* the move is not legal now (message says why) */
    CARC_E_OVER,     /* the game is over */
    CARC_E_VIEW,     /* the state is a seat's view: it cannot be played */
    CARC_E_INVALID   /* carc_check found a broken invariant */
};

/* An error object owned by the caller; functions that fail fill it. */
typedef struct carc_error {
    int code;
    char msg[CARC_MSG];
} carc_error;

/* ---- tiles, features, ports -------------------------------------------- */

/* A river edge (The River, R7) is no feature: it meets only a river edge (B4). */
enum carc_edge {
    CARC_EDGE_FIELD = 0, CARC_EDGE_CITY = 1, CARC_EDGE_ROAD = 2, CARC_EDGE_RIVER = 3
};

enum carc_feature {
    CARC_FEAT_CITY = 0,
    CARC_FEAT_ROAD = 1,
    CARC_FEAT_FIELD = 2,
    CARC_FEAT_CLOISTER = 3,
    CARC_FEAT_GARDEN = 4,    /* The Abbot (A3): a feature of one tile, like a cloister */
    /* Not a feature: the type word of a place on a tile that is no segment (port
     * CARC_PORT_T: a tower's top, TW4, TW9), where a figure may stand on no feature;
     * carc_feature_name names it for the notation ("tower:T") and events. */
    CARC_FEAT_TOWER = 5,
    /* Not a feature either: the type word of a tile's corner (ports CARC_PORT_CNW..
     * CARC_PORT_CSW), where a figure may stand between four tiles, on none of them
     * (Abbey & Mayor's barn, AM9); carc_feature_name names it "barn" ("barn:SE"). */
    CARC_FEAT_CORNER = 6
};

/* Ports (RULES.md 0): edges N E S W = 0..3, field half-edges NW NE EN ES SE SW WS WN
 * = 4..11 (half-edge slot i is port 4+i), the cloister C = 12, the inner field I =
 * 13 (a field touching no edge: IC/CCCC and four T&B tiles), the garden G = 14
 * (The Abbot, A3), the second inner field I2 = 15 (AM/CCcc+, AM12: its two inner
 * fields are I and I2, in the order of its rows). */
enum carc_port {
    CARC_PORT_N = 0, CARC_PORT_E, CARC_PORT_S, CARC_PORT_W,
    CARC_PORT_NW, CARC_PORT_NE, CARC_PORT_EN, CARC_PORT_ES,
    CARC_PORT_SE, CARC_PORT_SW, CARC_PORT_WS, CARC_PORT_WN,
    CARC_PORT_C,
    CARC_PORT_I,
    CARC_PORT_G,
    CARC_PORT_I2,
    CARC_PORTS,
    /* Places on a tile that are no segment (past CARC_PORTS: no segment query answers
     * them): the top of a tower (The Tower, TW4), written "tower:T". A figure may stand
     * there on no feature (carc_follower.type CARC_FEAT_TOWER). */
    CARC_PORT_T = 16,
    /* A tile's corners (AM9's barn), written "barn:NW" .. "barn:SW": the point where
     * a tile's two half-edges meet (NW: WN and NW). A corner shared by four tiles is
     * stored as the SE corner of its north-west tile (carc_move_canonical). */
    CARC_PORT_CNW = 17, CARC_PORT_CNE, CARC_PORT_CSE, CARC_PORT_CSW,
    CARC_PLACE_PORTS,
    CARC_PORT_NONE = 255
};

/* Goods (Traders & Builders, TB1). */
enum carc_goods { CARC_GOODS_WINE = 0, CARC_GOODS_GRAIN, CARC_GOODS_CLOTH, CARC_GOODS_KINDS };

/* carc_segment_def.flags */
enum {
    CARC_SEG_INN = 1,        /* road: an inn (I5) */
    CARC_SEG_CATHEDRAL = 2,  /* city: a cathedral (I6) */
    CARC_SEG_PENNANT = 4,    /* city: a pennant */
    /* a cloister, its tile's only segment: the tile's sides match every edge and close
     * the feature that meets them, and it goes only into a hole, a place with tiles on
     * all four sides (the abbey, AM4; never in a stack: its module puts it in hand) */
    CARC_SEG_CLOSES = 8
};

/* One segment of a tile kind, as printed (rotation 0). */
typedef struct carc_segment_def {
    uint8_t type;      /* enum carc_feature */
    uint8_t mask;      /* city/road: edge bits N=1 E=2 S=4 W=8; field: half-edge slot bits
                          (0: the inner field, port I) */
    uint8_t ends;      /* road: 1 if the road ends on this tile (junction, cloister, gate) */
    uint8_t cities;    /* field: bit i set if it borders city segment i of this tile */
    uint8_t flags;     /* CARC_SEG_* */
    uint8_t goods;     /* city: 1 + enum carc_goods of its goods symbol, 0 for none (TB1) */
} carc_segment_def;

/* One tile kind. Segments are listed cities, roads, fields, cloister. */
typedef struct carc_tile_def {
    char letter;       /* 'A'..'X' for a base kind; 0 for an expansion's */
    uint8_t count;
    uint8_t edges[4];  /* enum carc_edge, N E S W */
    uint8_t pennant;   /* pennants on the tile (on city segments flagged CARC_SEG_PENNANT) */
    uint8_t cloister;
    uint8_t nseg;
    carc_segment_def seg[CARC_TILE_SEGMENTS];
    const char *description;
    const char *name;  /* "A".."X", or the expansion tile's id: "IC/RFr.i", "TB/CcR.c" */
    unsigned expansion;  /* the CARC_EXP_* bit that brings it into a game, 0 for base */
} carc_tile_def;

/* The catalogue: kinds 0..23 are the base letters 'A'..'X', then the expansions'
 * tiles. Returns NULL when out of range. */
const carc_tile_def *carc_tile_def_of(int kind);
/* Kind index of a base letter, or -1. */
int carc_tile_kind(char letter);
/* Kind index of a tile name ("U", "IC/RFr.i"), or -1. */
int carc_tile_kind_named(const char *name, size_t len);
/* Tiles of `kind` in a game with these expansions (CARC_EXP_* bits), the start
 * tile included: 0 for a kind the set does not use. */
int carc_tile_count(unsigned expansions, int kind);

/* Port names: "N", "NW", "C"...; carc_port_parse returns CARC_PORT_NONE if unknown. */
const char *carc_port_name(int port);
int carc_port_parse(const char *s, size_t len);
/* A corner's name after "barn:" ("NW", "NE", "SE", "SW"): CARC_PORT_CNW..CARC_PORT_CSW,
 * or CARC_PORT_NONE (carc_port_parse reads those names as half-edges). */
int carc_corner_parse(const char *s, size_t len);
/* Goods names: "wine", "grain", "cloth"; carc_goods_parse returns -1 if unknown. */
const char *carc_goods_name(int goods);
int carc_goods_parse(const char *s, size_t len);
/* Feature names: "city", "road", "field", "cloister", "garden"; the places' type
 * words "tower", "barn". */
const char *carc_feature_name(int type);
int carc_feature_parse(const char *s, size_t len);

/* ---- cards --------------------------------------------------------------- */

/* Gift (The Gifts) and Christmas Present card ids, named as in RULES.md. */
enum carc_card {
    CARC_CARD_NONE = 0,
    /* The Gifts */
    CARC_GIFT_SYNOD, CARC_GIFT_ROAD_SWEEPER, CARC_GIFT_CASH_OUT,
    CARC_GIFT_CHANGE_POSITION, CARC_GIFT_TAKE_TWO,
    /* Christmas Present, Cloister deck (1..16) */
    CARC_XC_SCORE_THREE, CARC_XC_SCORE_ROAD_DOUBLE, CARC_XC_SCORE_CITY_BONUS,
    CARC_XC_SCORE_CLOISTER_BONUS, CARC_XC_CLAIM_FIELD, CARC_XC_CLAIM_ROAD,
    CARC_XC_CLAIM_CITY, CARC_XC_LOOP_ROAD_DOUBLE, CARC_XC_PREVENT_ATTACK,
    CARC_XC_DRAW_TWO, CARC_XC_PENNANTS_WORTH_THREE, CARC_XC_PLAIN_CITY_WORTH_THREE,
    CARC_XC_RETURN_FOLLOWER, CARC_XC_SUPPLY_BONUS, CARC_XC_FIELD_CITY_BONUS,
    CARC_XC_SHARED_FIELD_BONUS,
    /* Christmas Present, Roadside deck (17..32) */
    CARC_XR_INTRUDE_FIELD, CARC_XR_INTRUDE_ROAD, CARC_XR_INTRUDE_CITY,
    CARC_XR_INTRUDE_CLOISTER, CARC_XR_LOCK_CLOISTER, CARC_XR_LOCK_ROAD,
    CARC_XR_LOCK_CITY, CARC_XR_TIEBREAK_ROAD, CARC_XR_TIEBREAK_CITY,
    CARC_XR_TIEBREAK_CLOISTER, CARC_XR_SWAP_CLOISTER, CARC_XR_SWAP_CITY,
    CARC_XR_SWAP_ROAD, CARC_XR_SWAP_FIELD, CARC_XR_MASTERMIND, CARC_XR_TIEBREAK_FIELD,
    CARC_CARDS
};

/* "synod", "swap_road", ...; carc_card_parse returns CARC_CARD_NONE if unknown. */
const char *carc_card_name(int card);
int carc_card_parse(const char *s, size_t len);

/* ---- configuration ------------------------------------------------------- */

enum carc_expansion {
    CARC_EXP_GIFTS = 1u << 0,
    CARC_EXP_CHRISTMAS = 1u << 1,
    CARC_EXP_INNS = 1u << 2,      /* Inns & Cathedrals */
    CARC_EXP_TRADERS = 1u << 3,   /* Traders & Builders */
    CARC_EXP_RIVER = 1u << 4,     /* The River (River I) */
    CARC_EXP_ABBOT = 1u << 5,     /* The Abbot */
    CARC_EXP_DRAGON = 1u << 6,    /* The Princess & the Dragon */
    CARC_EXP_TOWER = 1u << 7,     /* The Tower */
    CARC_EXP_ABBEY = 1u << 8      /* Abbey & Mayor */
};

/* Expansion names, "gifts", "christmas", "inns", "traders", "river", "abbot", for a
 * CARC_EXP_* bit;
 * NULL if none. carc_expansion_parse returns the bit of a name, 0 if unknown. */
const char *carc_expansion_name(unsigned bit);
unsigned carc_expansion_parse(const char *s, size_t len);

/* ---- the registry of expansions -------------------------------------------- */

/* One paragraph of an expansion's "how it works", in players' words (no rule ids,
 * no notation): the terminal game's help pages and the browser's how-to page. */
typedef struct carc_how_par {
    const char *title;  /* the heading it starts, or NULL to go on under the last */
    const char *text;   /* NULL: the end of the list */
} carc_how_par;

/* A card deck an expansion brings whose order a configuration may fix (carc_config's
 * gift_deck, cloister_deck, roadside_deck): the record key and `new` option that
 * fixes it, the card ids it holds and the copies of each. */
typedef struct carc_deck_info {
    const char *key;       /* "gift_deck"; NULL ends a list */
    uint8_t first, last;   /* card ids first..last (enum carc_card) */
    uint8_t copies;        /* of each card */
} carc_deck_info;

/* What a move with a card names after the card's id (docs/NOTATION.md: the words
 * of `open` and `play`), the same for every front end: the notation's formatter and
 * parser, the terminal's cursor and the Python layer's tokens ask it. */
enum carc_card_target {
    CARC_TARGET_NONE = 0,  /* nothing */
    CARC_TARGET_SEG,       /* a segment: (x,y) type:PORT -> x, y, port */
    CARC_TARGET_POS,       /* a position: (x,y) -> x, y */
    CARC_TARGET_SEG_SEG,   /* two segments: (x,y) type:PORT (x,y) type:PORT [seat:N]
                              -> x, y, port, x2, y2, port2 [, seat2] */
    CARC_TARGET_SEG_PORT   /* a segment and another port of the same tile:
                              (x,y) type:PORT type:PORT -> x, y, port, x2 = x, y2 = y, port2 */
};

/* A card an expansion brings, in players' words (`carc cards`, the terminal game,
 * the browser through GET /api/cards) and by the shape of its target. The texts say
 * what the card does and when it can be played, without rule ids (issue 21); they
 * never replace RULES.md. */
typedef struct carc_card_desc {
    uint8_t id;          /* enum carc_card; 0 ends a list */
    uint8_t target;      /* enum carc_card_target */
    const char *name;    /* "Synod", "Mastermind" */
    const char *deck;    /* "gift", "cloister" or "roadside" */
    const char *timing;  /* "gift", "lightning", "anytime" or "end" */
    const char *text;    /* one or two sentences: what it does, when it is played */
} carc_card_desc;

/* What an expansion tells the layers above about itself: the record, protocol,
 * terminal, server and Python layers read these instead of testing its bit. Each
 * expansion's module fills in its own (src/engine/<name>/); the registry lists
 * them in the order of their bits (expansion i has bit 1 << i). */
typedef struct carc_expansion_info {
    unsigned bit;            /* its CARC_EXP_* bit */
    const char *name;        /* "gifts": options, records, the protocol */
    const char *title;       /* "The Gifts": what players read */
    uint8_t max_players;     /* the most players a game with it may seat (I2), or 0 */
    uint16_t figures;        /* figures it gives every player, bit per enum carc_figure */
    uint16_t categories;     /* score categories only it brings, bit per
                                enum carc_score_category */
    char tile_mark;          /* the letter marking its tiles in the board as text, or 0 */
    const carc_how_par *how; /* how it works, ended by a paragraph with text NULL */
    const carc_deck_info *decks;  /* its decks a configuration may fix, ended by key NULL;
                                     NULL if none */
    const carc_card_desc *cards;  /* its cards' words and targets, in id order, ended
                                     by id 0; NULL if none */
    uint8_t card_move;       /* the move its cards are used with (enum carc_move_kind):
                                CARC_MOVE_GIFT, "open" in the notation, or CARC_MOVE_CARD,
                                "play"; 0 without cards */
} carc_expansion_info;

/* The number of expansions in the registry, and expansion i of it (NULL past the
 * end); the one whose bit is `bit` (NULL if none). */
int carc_expansion_count(void);
const carc_expansion_info *carc_expansion_at(int i);
const carc_expansion_info *carc_expansion_of(unsigned bit);
/* Every expansion bit the registry knows. */
unsigned carc_expansion_bits(void);
/* The most players a game with these expansions may seat: 5 (B1), or more where
 * one of them allows it (6 with Inns & Cathedrals, I2). */
int carc_max_players(unsigned expansions);
/* The figures every player has in a game with these expansions (bit per
 * enum carc_figure; the meeple always). */
unsigned carc_figures_of(unsigned expansions);
/* The score categories a game with these expansions keeps (bit per
 * enum carc_score_category; roads, cities, cloisters and fields always). */
unsigned carc_categories_of(unsigned expansions);
/* The bit of the expansion whose card a card id (enum carc_card) is, 0 if none. */
unsigned carc_card_expansion(int card);
/* The first expansion that lets a game seat `players` where the base game does not
 * (Inns & Cathedrals for 6, I2); NULL if the base game seats them or none does. For
 * messages that say which expansion more players need. */
const carc_expansion_info *carc_expansion_seating(int players);
/* The start tile (a tile kind) of a game with these expansions: the first of them
 * that brings its own (the spring with The River, R2), else the base game's D. */
int carc_start_kind(unsigned expansions);
/* The descriptor of a card id (enum carc_card) from its expansion's list, or NULL for
 * CARC_CARD_NONE, out of range or a card no expansion describes. Static storage. */
const carc_card_desc *carc_card_desc_of(int card);
/* What a move with the card names after its id (enum carc_card_target);
 * CARC_TARGET_NONE for a card without a descriptor. */
int carc_card_target(int card);

/* Figures (RULES.md §0 of the expansions): the followers (meeple, large meeple,
 * abbot, mayor, wagon: strength 1, 2, 1, the pennants of its city, 1) and the special
 * figures (builder, pig, barn: no strength). The kinds that stand on a tile's
 * segments come first (T6 gives each a byte of a 64-bit word: at most 8 of them, a
 * test module's included), the barn, which stands on a corner, last. */
enum carc_figure {
    CARC_FIG_MEEPLE = 0, CARC_FIG_LARGE, CARC_FIG_ABBOT, CARC_FIG_BUILDER, CARC_FIG_PIG,
    CARC_FIG_MAYOR, CARC_FIG_WAGON,
    CARC_FIG_BARN = CARC_FIG_WAGON + 1 + CARC_TEST_FIGURES,  /* a test module's follow the wagon */
    CARC_FIGURES
};
/* "meeple", "large", "abbot", "builder", "pig", "mayor", "wagon", "barn";
 * carc_figure_parse returns -1 if unknown. */
const char *carc_figure_name(int figure);
int carc_figure_parse(const char *s, size_t len);
/* Strength of a figure (1, 2, 1, 0, 0, 1, 1, 0): a mayor's is the pennants of its
 * city when a majority is decided (carc_feature_at's followers count it 1). */
int carc_figure_strength(int figure);
/* Whether T6 may take the figure back instead of placing one (A6: the abbot), the
 * figure a `recall` move names; 0 for the others and out of range. */
int carc_figure_recalls(int figure);

typedef struct carc_config {
    int players;             /* 2..5, or 2..6 with Inns & Cathedrals (I2) */
    uint64_t seed;           /* drives every shuffle the configuration does not fix */
    unsigned expansions;     /* CARC_EXP_* bits */
    int stack_len;           /* -1: shuffle the 71 tiles; else the fixed stack order below */
    uint8_t stack[CARC_STACK];   /* tile kinds, drawn first to last */
    /* Where a tile not placed under Take 2 goes back into a fixed stack, counted from
     * the top (0 = the next tile drawn); -1 = the bottom. Used only with a fixed stack. */
    int return_pos;
    /* Fixed deck orders (top first) for scenario tests; -1 = shuffle from the seed. */
    int gift_deck_len;
    uint8_t gift_deck[25];
    int cloister_deck_len;
    uint8_t cloister_deck[32];
    int roadside_deck_len;
    uint8_t roadside_deck[32];
    /* Where the tiles set aside until the first volcano (PD4) go back into a fixed
     * stack, counted from the top when they go (0 = the next tile drawn), the first
     * set aside first; -1, and every tile past aside_len, the bottom. Used only with
     * a fixed stack; 0..CARC_ASIDE_MAX entries (carc_config_init: none). */
    int aside_len;
    int aside_pos[CARC_ASIDE_MAX];
} carc_config;

/* Fills a default configuration: 2 players, seed 1, base game, shuffled stack. */
void carc_config_init(carc_config *cfg);

/* ---- moves and decisions -------------------------------------------------- */

/* The kinds of decision a seat can owe (B13 steps in brackets). */
enum carc_decision {
    CARC_DEC_NONE = 0,       /* the game is over */
    CARC_DEC_WINDOW_BEFORE,  /* T2: open a gift, play an anytime card, or close */
    CARC_DEC_PLACE,          /* T3: place the drawn tile (or one of two) */
    CARC_DEC_CARD_DRAW,      /* T5: draw the offered Cloister / Roadside card, or decline */
    CARC_DEC_CARD_TARGET,    /* a lightning card in play: choose its target */
    CARC_DEC_BLOCK,          /* X10: an attacked seat (not active) blocks or lets it pass */
    CARC_DEC_FOLLOWER,       /* T6: place a follower on the placed tile, or pass */
    CARC_DEC_MODIFIER,       /* T7: play a scoring modifier on one feature, or decline */
    CARC_DEC_WINDOW_AFTER,   /* T8: play an anytime card, or close */
    CARC_DEC_DISCARD,        /* T9: discard one card over the hand limit */
    CARC_DEC_END_CHOICE,     /* E2: a seat places a tiebreak_field token */
    CARC_DEC_DOUBLE_TURN,    /* TD: take the second part of a double turn, or pass (TB11) */
    CARC_DEC_WALK,           /* after T6: move a neutral figure one tile (the dragon, PD7),
                                owed by each seat in turn, not only the active one */
    CARC_DEC_CAPTURE,        /* after a floor (TW5): take a follower in the tower's reach, or pass */
    CARC_DEC_EXCHANGE,       /* TW6: which of the capturer's followers the other player gives back */
    CARC_DEC_ABBEY,          /* T1, before the draw: place one's abbey instead of a drawn tile
                                (CARC_MOVE_ABBEY; AM3), or draw (pass); E0: a final abbey (AM5) */
    CARC_DEC_WAGON,          /* T7a (AM8): a wagon whose feature T7 scored moves to a feature
                                nearby (a follower move naming it) or stays in supply (pass);
                                owed by each such wagon's owner in turn */
    CARC_DECISIONS
};

typedef struct carc_pending {
    int decision;  /* enum carc_decision */
    int seat;      /* who owes it, -1 when the game is over */
    int active;    /* whose turn it is */
} carc_pending;

enum carc_move_kind {
    CARC_MOVE_PASS = 0,  /* close a window, place no follower, decline a draw or a
                            modifier, let an attack pass */
    CARC_MOVE_PLACE,     /* tile = kind, x, y, rot */
    CARC_MOVE_FOLLOWER,  /* x, y, port, figure: a figure on the tile just placed (B6,
                            I4, TB4, TB7) */
    CARC_MOVE_GIFT,      /* open gift `card` on target (x,y,port[,x2,y2,port2]) */
    CARC_MOVE_CARD,      /* play Christmas card `card` on its target */
    CARC_MOVE_DRAW,      /* draw the offered card (the deck is implied by the decision) */
    CARC_MOVE_TARGET,    /* the target of the card in play */
    CARC_MOVE_BLOCK,     /* play prevent_attack against the attack in play */
    CARC_MOVE_DISCARD,   /* discard `card` (hand limit) */
    CARC_MOVE_AGAIN,     /* take the second part of a double turn (TB11) */
    CARC_MOVE_RECALL,    /* x, y, port (the cloister or garden it stands on), figure =
                            CARC_FIG_ABBOT: T6, take the abbot back and score (A6) */
    CARC_MOVE_WALK,      /* x, y: the neutral figure that walks moves to the tile at (x,y)
                            (the dragon, PD7) */
    CARC_MOVE_ASSIGN,    /* x, y, port, figure: T6, a neutral figure is put next to the
                            active player's follower there (the fairy, PD9) */
    CARC_MOVE_REMOVE,    /* x, y, port, figure, seat2: T6, seat2's follower there goes
                            back to its owner (the princess, PD12) */
    CARC_MOVE_FLOOR,     /* x, y, port CARC_PORT_T: T6, a floor on the tower there (TW3) */
    CARC_MOVE_CAPTURE,   /* x, y, port (a segment, or CARC_PORT_T), seat2 = the owner, figure:
                            take that follower off the board (TW5) */
    CARC_MOVE_RANSOM,    /* seat2 = the holder, figure: T6a, buy back one of one's
                            followers held by that player for 3 points (TW8) */
    CARC_MOVE_EXCHANGE,  /* figure: which of the capturer's followers comes back (TW6) */
    CARC_MOVE_ABBEY,     /* T1 (or E0): the abbey is this part's tile instead of a drawn one;
                            T3 places it in a hole (AM3, AM5) */
    CARC_MOVE_KINDS
};

/* A move: which fields are used depends on kind (see docs/NOTATION.md).
 * Unused fields are zero, ports CARC_PORT_NONE, seat2 CARC_SEAT_NONE. */
typedef struct carc_move {
    uint8_t kind;
    uint8_t card;    /* card id (GIFT, CARD, DISCARD) */
    uint8_t tile;    /* tile kind (PLACE) */
    uint8_t rot;     /* rotation (PLACE) */
    int8_t x, y;     /* position */
    uint8_t port;    /* a port of the segment at (x,y) */
    int8_t x2, y2;   /* second position (swap, change of position) */
    uint8_t port2;
    uint8_t seat2;   /* swap_*: the owner of the follower at (x2,y2,port2), the seat the
                        swap takes it from and attacks (X10); CARC_SEAT_NONE otherwise */
    uint8_t figure;  /* enum carc_figure, 0 (a meeple) unless named: FOLLOWER, the figure
                        placed; GIFT, CARD and TARGET moves that place, take back or move
                        a follower (synod, cash_out, change_position, claim_*, intrude_*,
                        return_follower, swap_*: the player's own), which one (GI2, XI1) */
} carc_move;

/* A PASS move: every field zero, ports CARC_PORT_NONE, seat2 CARC_SEAT_NONE. */
carc_move carc_move_pass(void);
/* Whether two moves are the same: every field compared, the figure too. */
int carc_move_equal(const carc_move *a, const carc_move *b);
/* Rewrites a move into the form carc_legal lists it for the pending decision of g:
 * the lowest equivalent rotation of a symmetric tile, the canonical port of each
 * segment, a feature named by its oldest segment, the other seat of a swap filled
 * in when only one other seat has a follower on the segment it names. A move
 * carc_apply accepts then compares equal (carc_move_equal) to one carc_legal lists.
 * Moves naming segments that do not exist are left as they are. */
void carc_move_canonical(const carc_game *g, carc_move *m);

/* ---- events -------------------------------------------------------------- */

/* What happened during the last carc_apply (or carc_new): enough for a reader to
 * follow the game and to say why every point was scored. Events that reveal a card
 * are masked in a seat's view. An event about a feature names it by (x,y) and port,
 * the canonical port of one of its segments: the segment a move named (a target, a
 * follower's place); in T7 the placed tile's segment of it (a cloister completed
 * around the tile: the cloister); at the end (E3) its oldest segment. A segment
 * belongs to exactly one feature, so the name is never ambiguous. Every change of a
 * score or of banked points has an event (SCORED, BANKED, BANK_PAID), so the events
 * of a game add up to its scores; 0 points give no event. */
enum carc_event_kind {
    CARC_EV_TILE_DRAWN = 1,  /* tile kind a; seat */
    CARC_EV_TILE_REMOVED,    /* tile kind a was unplaceable (or not kept) and left the game */
    CARC_EV_TILE_RETURNED,   /* tile kind a went back into the stack at depth value
                                (-1 in a view: the depth is hidden) */
    CARC_EV_PLACED,          /* seat placed tile kind a at (x,y) rotation b */
    CARC_EV_FOLLOWER,        /* seat put a figure at (x,y) port (also in a), feature type b,
                                figure in value (enum carc_figure) */
    CARC_EV_SCORED,          /* seat scored value points, reason b (enum carc_score_reason),
                                in score category `category`, for the feature of type a
                                at (x,y) port; a = CARC_FEAT_NONE, port CARC_PORT_NONE
                                when the points are for no feature */
    CARC_EV_RETURNED,        /* a figure of seat came back from (x,y) port (also in a),
                                feature type b, figure in value */
    CARC_EV_GIFT_DRAWN,      /* seat received gift a (CARD_NONE in another seat's view) */
    CARC_EV_CARD_DRAWN,      /* seat drew Christmas card a */
    CARC_EV_CARD_PLAYED,     /* seat played / opened card a, on the target (x,y) port
                                (also in b) if it names one */
    CARC_EV_CARD_DISCARDED,  /* card a went to its discard pile */
    CARC_EV_GAME_OVER,
    CARC_EV_TOKEN,           /* seat put a tie-break token (X11) with card b on the feature
                                of type a at (x,y) port */
    CARC_EV_LOCKED,          /* seat locked the feature of type a at (x,y) port (X12) with
                                card b */
    CARC_EV_BANKED,          /* seat banked value points (X12), reason b, category, for the
                                completed locked feature of type a at (x,y) port */
    CARC_EV_BANK_PAID,       /* seat was paid value banked points of `category` (E4) */
    CARC_EV_GOODS,           /* seat took value goods tokens of kind b (enum carc_goods) for
                                the city of type a at (x,y) port it completed (TB9) */
    CARC_EV_DOUBLE_DUE,      /* seat's tile continued their builder's feature: a double
                                turn is due (TB6) */
    CARC_EV_SET_ASIDE,       /* tile kind a, drawn by seat, was shown and set aside (PD4) */
    CARC_EV_NEUTRAL,         /* a neutral figure (value: 0 the dragon, 1 the fairy) came to
                                the tile at (x,y): b = 0 put there (a volcano, PD3), 1 a
                                walk chosen by seat (PD7), 2 next to seat's follower at
                                port (PD9), 3 it stays there, assigned to nobody (PD9 e) */
    CARC_EV_FLOOR,           /* seat put a floor on the tower at (x,y): its height in value
                                (TW3) */
    CARC_EV_CAPTURED,        /* seat took the figure `value` of seat a off (x,y) port, type b:
                                a prisoner of seat (TW5, TW6) */
    CARC_EV_FREED            /* a prisoner, figure `value` of seat, held by seat a, went back
                                to its owner's supply (TW6 exchange, TW8 ransom) */
};

/* Why points were scored (CARC_EV_SCORED, CARC_EV_BANKED: b). */
enum carc_score_reason {
    CARC_REASON_COMPLETED = 0, /* T7: a completed feature (B9) */
    CARC_REASON_MODIFIER,      /* T7: a completed feature, a scoring modifier's value (X8) */
    CARC_REASON_FINAL,         /* E3: an unfinished road, city or cloister (B11) */
    CARC_REASON_FIELD,         /* E3: a field (B11) */
    CARC_REASON_FIELD_BONUS,   /* E3: field_city_bonus, shared_field_bonus */
    CARC_REASON_ROAD_SWEEPER,  /* G7 */
    CARC_REASON_CASH_OUT,      /* G8 */
    CARC_REASON_SCORE_CARD,    /* X7: score_road_double, score_city_bonus,
                                  score_cloister_bonus (its holder and the other holders) */
    CARC_REASON_SCORE_THREE,   /* the score_three card */
    CARC_REASON_SUPPLY_BONUS,  /* E2: supply_bonus */
    CARC_REASON_GIFTS,         /* E5: unopened gifts (G11) */
    CARC_REASON_PIG,           /* E3: a pig's extra point per city in its field (TB8) */
    CARC_REASON_GOODS,         /* E3: the most goods tokens of a kind (TB10); a = the kind */
    CARC_REASON_RECALL,        /* T6: the abbot recalled from its cloister or garden (A6) */
    CARC_REASON_NEUTRAL_POINT, /* T0: the fairy's point at the start of a turn (PD9 c) */
    CARC_REASON_NEUTRAL_BONUS, /* any scoring: 3 for the follower next to the fairy (PD9 d) */
    CARC_REASON_RANSOM,        /* T6a: a ransom paid (-3) or received (+3) (TW8) */
    CARC_REASON_BARN,          /* T7: a barn field's farmers (AM10); E3: barns (AM11) */
    CARC_REASONS
};

/* "completed", "modifier", "final", "field", "field_bonus", "road_sweeper",
 * "cash_out", "score_card", "score_three", "supply_bonus", "gifts", "pig", "goods",
 * "recall", "fairy", "fairy_bonus", "ransom";
 * "?" if unknown. */
const char *carc_score_reason_name(int reason);

enum { CARC_FEAT_NONE = 255 };  /* CARC_EV_SCORED.a for points not for a feature */

/* 8 bytes, as bit-fields (read and written like the plain integers they were; only
 * their addresses cannot be taken): the state holds CARC_MAX_EVENTS of them, and
 * search copies the state at every iteration. The widths hold every value an event
 * can carry: seat -1..4, |value| below 2048 (the argument is in src/engine/event.c). */
typedef struct carc_event {
    unsigned kind : 5;         /* enum carc_event_kind */
    unsigned category : 3;     /* SCORED, BANKED, BANK_PAID: enum carc_score_category */
    signed int x : 8, y : 8;
    unsigned a : 8;
    unsigned b : 8;
    unsigned port : 8;         /* the segment the event is about, or CARC_PORT_NONE */
    signed int seat : 4;       /* -1 for no seat */
    signed int value : 12;
} carc_event;

/* ---- the game ------------------------------------------------------------- */

/* Creates a game (allocates once). On a bad configuration returns NULL and fills
 * err. The first tile is drawn at once; carc_events tells which. */
carc_game *carc_new(const carc_config *cfg, carc_error *err);
/* Frees a game; NULL is harmless. */
void carc_free(carc_game *g);
/* A freshly allocated copy (NULL on out of memory), and copying into an existing one:
 * dst equals src byte for byte. dst must be a game (from carc_new, carc_clone, or
 * an earlier carc_copy, carc_view or carc_determinize) or carc_state_size() bytes
 * of zeroed memory (calloc), never uninitialised memory (malloc): carc_copy moves
 * only the part of the state src uses and zeroes what dst used beyond it, which it
 * reads from dst. The same holds for the `out` of carc_view and carc_determinize. */
carc_game *carc_clone(const carc_game *g);
void carc_copy(carc_game *dst, const carc_game *src);
/* sizeof the state, for callers that allocate games themselves with carc_copy (with
 * calloc: see carc_copy). */
size_t carc_state_size(void);
/* The bytes carc_copy moves to copy g onto a game of the same size in use: what a
 * copy costs, for benchmarks (carc bench's copy_bytes). */
size_t carc_copy_bytes(const carc_game *g);
/* The configuration the game was created with, less the fixed orders, which the
 * game reads once in carc_new and does not keep (a record does): stack_len and the
 * deck lengths are -1 and their arrays zero. In a view the seed is 0 as well. */
carc_config carc_config_of(const carc_game *g);

carc_pending carc_pending_decision(const carc_game *g);
/* Writes every legal move for the pending decision into out (capacity cap, at
 * least CARC_MAX_MOVES to be safe) and returns how many; 0 when the game is over.
 * Slots of out past the count returned (within cap) may be overwritten. */
int carc_legal(const carc_game *g, carc_move *out, int cap);
/* One move of that list without writing the list (a random playout needs one
 * uniformly chosen move, and a placement list is long: counting the placements
 * costs a fraction of writing them). carc_legal_count returns the number of moves
 * carc_legal would list. carc_legal_nth writes the move carc_legal would list at
 * index i into out and returns 1, or returns 0 (out untouched) when i is not in
 * 0..count-1. carc_legal_pick asks index(ctx, n) for a place in the list of the n
 * moves, writes that move into out and returns n: 0 when there is no move (index
 * not asked, out untouched), -1 when index returned a place not below n (out
 * untouched). A random player's draw `index = rng_below(n)` thus picks exactly what
 * it would pick from carc_legal's list, at one count and one walk. */
typedef uint32_t (*carc_index_fn)(void *ctx, uint32_t n);
int carc_legal_count(const carc_game *g);
int carc_legal_nth(const carc_game *g, int i, carc_move *out);
int carc_legal_pick(const carc_game *g, carc_index_fn index, void *ctx, carc_move *out);
/* Applies one move for the seat that owes the pending decision. Returns CARC_OK,
 * or an error code with err filled, the state unchanged. err may be NULL. */
int carc_apply(carc_game *g, const carc_move *m, carc_error *err);
/* Events emitted by the last successful carc_apply (or carc_new). The pointer is
 * owned by the game and valid until the next mutating call. */
const carc_event *carc_events(const carc_game *g, int *n);

/* Fills `out` (a game allocated by the caller, e.g. with carc_clone) with what
 * `seat` may know (RULES.md 6): the stack, deck orders and the generator are
 * hidden. A view cannot be played (carc_apply returns CARC_E_VIEW). With seat
 * CARC_SEAT_PUBLIC it is what every seat may know (a spectator's): every hand is
 * hidden as from another seat. */
void carc_view(const carc_game *g, int seat, carc_game *out);
/* -1 for a full state, else the seat whose view this is (or CARC_SEAT_PUBLIC). */
int carc_view_seat(const carc_game *g);
/* Fills `out` (allocated by the caller, e.g. with carc_clone) with a playable game
 * that agrees with the view `view`: the stack order, the other seats' gifts and
 * Christmas cards, and the deck orders are dealt at random from `seed`, consistently
 * with everything the view shows (deck sizes, hand sizes per deck of origin,
 * discard piles). A full state is copied with only its generator reseeded. */
void carc_determinize(const carc_game *view, uint64_t seed, carc_game *out);
/* The scores if the game ended now (E3-E5 on the current board, without end
 * cards): current score + unfinished features + fields (4 a city with the holder's
 * pig, TB8) + goods majorities (TB10) + banked + unopened gifts. Read-only; writes
 * one value per seat. */
void carc_projection(const carc_game *g, int scores[CARC_MAX_PLAYERS]);

/* Verifies every invariant of the state; CARC_OK or CARC_E_INVALID with a message. */
int carc_check(const carc_game *g, carc_error *err);

/* ---- a state as bytes (state_bytes.c) ----------------------------------------- */

/* g as bytes (a header, then the part of the state g uses): writes them into buf when
 * cap is large enough and returns their size either way (buf NULL: only the size). The
 * bytes are for this build of the engine (checkpoints, other processes): the header
 * holds the state layout's fingerprint, and a record (docs/RECORD.md) is the format
 * that outlives a build. A full state's bytes hold its hidden parts; a view's only
 * what its seat may know. */
size_t carc_state_save(const carc_game *g, void *buf, size_t cap);
/* A new game (carc_free it) from the bytes of carc_state_save, or NULL with err
 * (CARC_E_INVALID and a one-line message) when they are not such bytes, come from a
 * build with another state layout or format version, are damaged (a length or the
 * checksum, FNV-1a: accidents, not tampering) or hold a state carc_check refuses. */
carc_game *carc_state_load(const void *buf, size_t size, carc_error *err);

/* ---- queries ---------------------------------------------------------------- */

int carc_players(const carc_game *g);
int carc_is_over(const carc_game *g);
int carc_turn(const carc_game *g);              /* turns begun so far (1 = first) */
int carc_score(const carc_game *g, int seat);
/* Points by category. */
enum carc_score_category {
    CARC_SCORE_ROADS = 0, CARC_SCORE_CITIES, CARC_SCORE_CLOISTERS, CARC_SCORE_FIELDS,
    CARC_SCORE_CARDS, CARC_SCORE_GIFTS, CARC_SCORE_GOODS, CARC_SCORE_GARDENS,
    CARC_SCORE_CATEGORIES
};
int carc_score_part(const carc_game *g, int seat, int category);
/* "roads", "cities", "cloisters", "fields", "cards", "gifts", "goods", "gardens"; "?"
 * if unknown. */
const char *carc_score_category_name(int category);
int carc_supply(const carc_game *g, int seat);   /* followers in supply */
/* Figures of a seat in supply by kind (counts[CARC_FIGURES]); returns the followers
 * among them. A figure the game's expansions do not use counts 0. */
int carc_supply_figures(const carc_game *g, int seat, int counts[CARC_FIGURES]);
/* Goods tokens (TB9): a seat's by kind; with seat -1 the common supply's. Returns
 * the total. */
int carc_goods(const carc_game *g, int seat, int counts[CARC_GOODS_KINDS]);
/* Double turns (TB6, TB11): 1 if the turn now running is in its second part; 1 if
 * a double turn is due in this turn (still in its first part). */
int carc_turn_part(const carc_game *g);
int carc_double_due(const carc_game *g);
/* Bit mask of the winners (B12) once the game is over, else 0. */
unsigned carc_winners(const carc_game *g);
int carc_stack_left(const carc_game *g);
/* The River (R3, R10: public): tiles left in the river stack (the lake included;
 * 0 once the river phase is over, and without The River); and the river's open
 * end, the empty position a river tile must continue (R5): 1 with *x, *y, else 0. */
int carc_river_left(const carc_game *g);
int carc_river_end(const carc_game *g, int *x, int *y);
/* The Abbot (A6): what recalling the abbot the move names (CARC_MOVE_RECALL) would
 * score now, or -1 if that recall is not legal now. */
int carc_recall_points(const carc_game *g, const carc_move *m);
/* The Princess & the Dragon (PD14: all of it public): the dragon's and the fairy's
 * tiles, the follower the fairy is assigned to, the dragon's movement in progress
 * (its visited tiles, the start first, and who owes the next step) and the tiles
 * set aside before the first volcano (PD4), in the order they were set aside. */
typedef struct carc_dragon_info {
    int dragon_on, dragon_x, dragon_y;
    int fairy_on, fairy_x, fairy_y;
    int fairy_seat;          /* -1: assigned to nobody */
    int fairy_port, fairy_figure;
    int walking, walked, mover;  /* mover -1 when no movement is under way */
    int visited_x[7], visited_y[7];  /* walked + 1 of them */
    int naside;
    int aside[12];           /* tile kinds */
} carc_dragon_info;
/* Fills *out; returns 0 (and no dragon, no fairy) for a game without the expansion. */
int carc_dragon_status(const carc_game *g, carc_dragon_info *out);
/* The symbol a tile kind of The Princess & the Dragon carries (PD1), for drawing. */
enum carc_tile_symbol {
    CARC_SYMBOL_NONE = 0, CARC_SYMBOL_VOLCANO, CARC_SYMBOL_DRAGON, CARC_SYMBOL_PORTAL,
    CARC_SYMBOL_PRINCESS
};
int carc_tile_symbol(int kind);
/* The Tower (TW10: all public). The height of the tower at (x,y) (0: a foundation
 * without floors), or -1 if no tower stands there; *closed (may be NULL) 1 when a
 * follower stands on its top (TW4). */
int carc_tower_height(const carc_game *g, int x, int y, int *closed);
/* Whether a game with these expansions has towers (The Tower). */
int carc_has_towers(unsigned expansions);
/* Tower floors in seat's supply (TW2); 0 without The Tower. */
int carc_floors(const carc_game *g, int seat);
/* The followers of `owner` that `holder` keeps as prisoners (TW6), by kind
 * (counts[CARC_FIGURES]); returns how many. */
int carc_prisoners(const carc_game *g, int holder, int owner, int counts[CARC_FIGURES]);
/* Abbey & Mayor (AM13: public): whether seat still holds its abbey (AM2, AM3); 0
 * without the expansion. */
int carc_abbey_held(const carc_game *g, int seat);
/* Whether a game with these expansions gives each player an abbey (Abbey & Mayor). */
int carc_has_abbeys(unsigned expansions);
/* Tiles in hand for the pending turn: writes up to 2 kinds, returns how many. */
int carc_hand_tiles(const carc_game *g, int kinds[2]);
/* Tiles removed from the game (B5, X9), in order: writes up to cap kinds, returns the count. */
int carc_removed_tiles(const carc_game *g, int *kinds, int cap);
/* The position of the tile placed this turn; returns 0 if none yet. */
int carc_last_placed(const carc_game *g, int *x, int *y);

/* Placed tiles: n = carc_board_count; each index 0..n-1 in placement order. */
int carc_board_count(const carc_game *g);
void carc_board_tile(const carc_game *g, int index, int *kind, int *x, int *y, int *rot);
/* Kind and rotation of the tile at (x,y); returns 0 if the position is empty. */
int carc_tile_at(const carc_game *g, int x, int y, int *kind, int *rot);

/* Segment queries on a placed tile, by any port of the segment.
 * carc_segment returns the feature type (enum carc_feature) or -1 if there is no
 * segment with that port (a city edge's half-edges, an empty position), and writes
 * the canonical port (first in the order N E S W, NW..WN, C) to *canonical. */
int carc_segment(const carc_game *g, int x, int y, int port, int *canonical);

/* Followers on the board: writes up to cap entries, returns the count. */
typedef struct carc_follower {
    int8_t seat, x, y;
    uint8_t port;      /* canonical port of its segment */
    uint8_t type;      /* feature type */
    uint8_t locked;    /* lying on a locked feature (X12) */
    uint8_t figure;    /* enum carc_figure: builders and pigs are listed too */
} carc_follower;
int carc_followers(const carc_game *g, carc_follower *out, int cap);

/* Feature summary of the feature containing the segment at (x,y,port); returns 0 if
 * there is no such segment. */
typedef struct carc_feature_info {
    int type;
    int tiles;           /* distinct tiles */
    int pennants;
    int completed;
    int followers[CARC_MAX_PLAYERS];  /* strength of each seat's followers (I4) */
    unsigned tokens;     /* bit per seat (X11) */
    int locked;
    int value;           /* what it would score now: completed value, or end value */
    int inn;             /* a road with an inn (I5) */
    int cathedral;       /* a city with a cathedral (I6) */
    int goods[CARC_GOODS_KINDS];  /* a city's goods symbols (TB1) */
    unsigned builders;   /* bit per seat with its builder on it (TB4) */
    unsigned pigs;       /* bit per seat with its pig in it (TB7) */
    int open;            /* a road's or city's edges no tile meets yet; 0 otherwise */
    unsigned barns;      /* bit per seat whose barn stands in this field (AM9) */
} carc_feature_info;
int carc_feature_at(const carc_game *g, int x, int y, int port, carc_feature_info *out);

/* Features as lists of segments, in board order: by the tile (placement order),
 * then by the segment's canonical port. A segment is named by its tile's position
 * and its canonical port. */
typedef struct carc_segment_pos {
    int8_t x, y;
    uint8_t port;
} carc_segment_pos;
/* The features holding a follower, a token (X11) or a lock (X12), and the fields
 * no follower may join (a barn's, AM10): what a player watches. Each is named by
 * its first segment in board order, in that order.
 * Writes up to cap (CARC_MAX_SEGMENTS is always enough) and returns the count. */
int carc_marked_features(const carc_game *g, carc_segment_pos *out, int cap);
/* Every segment of the feature holding the segment at (x,y,port), in board order.
 * Writes up to cap (CARC_MAX_SEGMENTS is always enough) and returns the count, 0
 * if there is no such segment. */
int carc_feature_segments(const carc_game *g, int x, int y, int port, carc_segment_pos *out,
                          int cap);
/* The cities the field holding the segment at (x,y,port) borders (B11): returns how
 * many of them are completed, and writes one segment of each unfinished one (up to
 * cap, in no set order) to open and their count to *nopen; -1 (and *nopen 0) if the
 * segment is not a field's. */
int carc_field_cities(const carc_game *g, int x, int y, int port, carc_segment_pos *open,
                      int cap, int *nopen);

/* The Gifts. carc_gifts writes the count of each gift id 1..5 a seat holds into
 * counts[1..5] and, in a view of another seat, the number of hidden gifts into
 * counts[0]; it returns the total. */
int carc_gifts(const carc_game *g, int seat, int counts[6]);
int carc_gift_deck_left(const carc_game *g);
/* The face-up discard pile, oldest first: writes up to cap card ids, returns the count. */
int carc_gift_discard(const carc_game *g, int *cards, int cap);

/* Christmas Present. carc_cards writes the count of each card id a seat holds
 * (index 0: cards whose identity this view hides) and returns the hand size.
 * Deck 0 is the Cloister deck, 1 the Roadside deck. */
int carc_cards(const carc_game *g, int seat, int counts[CARC_CARDS]);
/* How many Christmas cards a seat holds from each deck (public, X4, also for hidden
 * cards in a view); returns the hand size. */
int carc_cards_by_deck(const carc_game *g, int seat, int by_deck[2]);
int carc_xdeck_left(const carc_game *g, int deck);
/* A deck's face-up discard pile, oldest first: writes up to cap ids, returns the count. */
int carc_xdiscard(const carc_game *g, int deck, int *cards, int cap);
/* The card in play (X4) or CARC_CARD_NONE; *target gets its named target while
 * attacked seats are asked to reply (a PASS move before it is named). */
int carc_card_in_play(const carc_game *g, carc_move *target);
/* Pending Mastermind positions (X13). Two can be pending at once: the one binding
 * the current turn and one played in it for the next turn. carc_masterminds writes
 * them in that order (turn = the turn each binds) and returns how many (0-2);
 * carc_mastermind gives the first, returning 0 if none. */
typedef struct carc_mastermind_mark {
    int8_t x, y;
    uint16_t turn;
} carc_mastermind_mark;
int carc_masterminds(const carc_game *g, carc_mastermind_mark out[2]);
int carc_mastermind(const carc_game *g, int *x, int *y);
/* The deck a pending card_draw decision offers (0 Cloister, 1 Roadside), else -1. */
int carc_offered_deck(const carc_game *g);
/* The feature a pending scoring-modifier question (CARC_DEC_MODIFIER, X8) is about:
 * 1 and one of its segments, on the tile just placed, as (*x, *y) and a canonical
 * port; 0 when no such question is pending. */
int carc_modifier_feature(const carc_game *g, int *x, int *y, int *port);
/* Points banked on locked features (X12), paid at the end (E4). */
int carc_banked(const carc_game *g, int seat);

/* Decision names ("place", "follower", ...) for front ends. */
const char *carc_decision_name(int decision);

#ifdef __cplusplus
}
#endif
#endif
