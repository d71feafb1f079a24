/*
 * state.h - the engine's core internal header: the layout of carc_game and the
 * functions the engine's files share. The expansions include it (through
 * expansion.h); nothing of theirs is declared here: their states are structs of
 * their own headers, reserved by registry.h (struct exp_small, struct exp_block),
 * which this file holds without naming a field of them.
 *
 * The state is a flat value: fixed arrays, small integer indices, no pointers,
 * sized for the largest expansion set (125 tiles, 472 segments, 6 seats). A game
 * uses a fraction of it, and
 * carc_copy moves only that (game.c, state_copy: search copies a state at every
 * iteration, so every byte copied counts): the struct keeps the small fixed fields
 * first, then the card expansions' block, then the arrays with a count, and every
 * array is zero past its count, so a copy of each used prefix, with the
 * destination's own surplus zeroed, leaves two equal games equal byte for byte
 * (and no stale event, a hidden return depth say, lingers in a view's bytes). The
 * parts (the comment above struct carc_game); their bytes and each array's are
 * printed by tests/layout_figures.c into docs/ARCHITECTURE.md, where ctest
 * doc_figures keeps them true (so none is written here):
 *
 * 1. The fixed part (copied whole):
 *   - what the game keeps of its configuration (seed, expansions, whether the
 *     stack was fixed and where G10 puts a tile back), the turn: the step of B13
 *     (enum step), the part of a double turn (the turn machine's, TB11), and what
 *     the step needs.
 *   - the tiles not on the board: stack and hand (removed is an array of part 3),
 *     and the counts of part 3's arrays.
 *   - cloisters[] and around[]: the tiles with a cloister or a garden,
 *     the only ones that count their eight neighbours; cloisters_near (4), which of
 *     them are around the tile placed last.
 *   - the players: each seat's figures' nodes (figure.c), followers in supply,
 *     scores and banked points by category; the places of T6's figures (fig_spread).
 *   - the small expansions' states (ext, registry.h's struct exp_small: Traders &
 *     Builders' goods and double turn due, traders/traders_state.h; The River's
 *     stack base and open end, river/river_state.h), the second
 *     tile in hand (extra_tile: the core's, shared by the cards and the stack), the
 *     plan of which expansion hooks act at which step and the next step where any
 *     acts (expansion.h, turn.c), the generator.
 *   - a position table (open addressing, cell) from (x,y) to a
 *     placed tile or to a frontier spot. The board can stretch 113 tiles in any
 *     direction, so a direct grid would cost 50 KiB. It keeps no keys: a slot's
 *     value names a tile or spot, whose own x,y (adjacent int8_t, one 16-bit load)
 *     a probe compares (board.c, cell_find).
 * 2. The card expansions' block (blk, registry.h's struct exp_block: The Gifts',
 *    gifts/gifts_state.h, and Christmas Present's, christmas/christmas_state.h:
 *    decks, discards, hands, the card in play), which only their own files touch: zero in a game without them, so a
 *    copy between two such games skips it.
 * 3. The arrays with a count, each copied up to its count:
 *   - feats[] (MAX_FEATS; nfeats): one record per live feature, named by all
 *     its nodes: type, flags (inn, cathedral), tokens, size, open edges, pennants,
 *     road ends, strength per seat, goods (struct feature: why 349 records always
 *     suffice).
 *   - events[] (CARC_MAX_EVENTS; nevents): the events of the last call
 *     (event.c; event_clear zeroes them).
 *   - nodes[] (MAX_NODES; nnodes): one node per segment of every placed
 *     tile, joined into features by union-find (union by size; a union relabels
 *     the smaller side, so every node names its root and read-only queries find it
 *     in one step). Nodes of one feature also form a circular list (next), walked
 *     to count distinct tiles, to find neighbours of fields, and to relabel.
 *   - tiles[] (CARC_TILES; ntiles): the tiles on the board in placement order
 *     (index 0 is the start tile): kind, rotation, position and first node.
 *     Segment i of a tile is node first+i; the segment at each port, its city/road
 *     node on each edge and its cloister come from a table (tiletab_port_seg,
 *     board_port_node).
 *   - frontier[] (MAX_FRONTIER; nfrontier): the empty positions that share an
 *     edge with a placed tile, each with a signature of the edge types its
 *     neighbours demand. Legal placement only scans it, one table load per spot
 *     (tiletab_fit_rots). A spot filled by a tile leaves its slot to the last spot,
 *     whose old slot is zeroed (board.c, spot_fill).
 *   - removed[] (CARC_TILES; nremoved): the tiles out of the game.
 *
 * What a copy moves is carc_copy_bytes (carc bench prints it as copy_bytes); the
 * whole state was copied before issue 29 (docs/PERFORMANCE.md).
 *
 * Invariants (carc_check verifies them all): see check.c.
 */
#ifndef CARC_STATE_H
#define CARC_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "carc.h"
#include "registry.h"

enum {
    NODE_NONE = 0xFFFF,
    MAX_NODES = CARC_MAX_SEGMENTS,  /* every tile's segments (test_tiletab) */
    MAX_FRONTIER = 2 * CARC_TILES + 2,  /* an n-cell polyomino has at most 2n+2
                                           empty neighbours */
    CELL_BITS = 9,
    CELL_SLOTS = 1 << CELL_BITS,  /* position table size */
    CELL_FRONTIER = 256,  /* board_find: frontier spot i is CELL_FRONTIER + i */
    /* cell[] values: 0 empty, CELL_TILE + placed index, CELL_SPOT + frontier index */
    CELL_TILE = 1,
    CELL_SPOT = CELL_TILE + CARC_TILES,
    MAX_DONE = 16,        /* features one tile can complete */
    /* tiles with a cloister or a garden, the tiles that count their neighbours
     * (base 6, I&C 1, T&B 1, the river 1, gardens 13, P&D 2 and 2 gardens, The Tower's
     * cloister 1 and its garden twins 2, Abbey & Mayor's cloister 1, garden twin 1 and
     * 6 abbeys; test_tiletab) */
    MAX_CLOISTERS = 37,
    TILE_NONE = 255
};

/* The kind the core names (checked by test_tiletab): the base game's start tile,
 * which an expansion may replace (its descriptor's start_kind, R2). The kinds an
 * expansion names are in its own header (river/river.h, abbot/abbot.h). */
enum { KIND_D = 'D' - 'A' };
/* carc_game.t1 */
enum { T1_DRAWN = 0, T1_BEGUN = 1, T1_CHOSEN = 2 };
/* Port 16 of tiletab_port_seg, the engine's own: the segment of a tile that counts
 * its eight neighbours, its cloister or its garden (a tile has at most one). The
 * widths of the port tables' rows: PORT_SLOTS ports (the segment ports, that one,
 * 0xFF past them), SEG_SLOTS segments (CARC_TILE_SEGMENTS, 0xFF past them), powers
 * of two, so that the hot paths find a row with a shift. */
enum { PORT_MONASTIC = CARC_PORTS, PORT_SLOTS = 32, SEG_SLOTS = 16 };
_Static_assert((int)PORT_MONASTIC < (int)PORT_SLOTS && (int)CARC_TILE_SEGMENTS <= (int)SEG_SLOTS,
               "port tables");

_Static_assert(CELL_SPOT + MAX_FRONTIER <= 65535 && CELL_FRONTIER > (int)CARC_TILES, "cell values");

/* A node: one segment of a placed tile. 4 bytes; the feature's totals are in its
 * record (struct feature), shared by all its nodes. */
typedef struct node {
    uint16_t parent;    /* the feature's root (feature.c); a root is its own */
    uint16_t feat;      /* the feature's record in feats[]: the same for all its nodes */
    uint16_t next;      /* circular list of the feature's nodes */
    uint8_t tile;       /* index into placed[]; the segment is node - tiles[tile].first */
    uint8_t pad;
} node;

/*
 * The totals of one feature, in a table of live features: a new node joins the
 * record of the old feature it is first joined to (feat_attach) or, if no
 * neighbour joins it, gets a record of its own (feat_make); a union of two
 * features keeps the larger side's and frees the other's onto a free list (linked
 * through `open`, the rest zero), so nfeats, the slots ever used, is the most
 * features alive at once. The bound: every tile placed after the start tile joins
 * at least one of its new nodes to an old feature (but an abbey, whose one node
 * joins nothing: one record more a seat; a tile touches the board on one
 * side at least, and every side joins a city, road or field segment), so after t
 * tiles at most nnodes - (t - 1) features live; one more to spare. With the 472
 * segments of the 125 tiles of the largest set: 472 - 124 + 1 = 349 (MAX_FEATS).
 * carc_check verifies the bound, the free list and that every slot is live or free.
 *
 * A union ORs the first two bytes and adds the other fourteen, as two words
 * (feat_add): no sum can carry into the next field (pennants at most 13, road
 * ends 2, a size at most 472, open edges at most 2*125+2; a seat's strength on one
 * feature at most 7 + 2 + 1, which its 4 bits of `follow` hold; goods symbols of
 * one kind at most 9, in 4 bits).
 */
typedef struct feature {
    uint8_t flags;      /* the type (NF_TYPE bits: enum carc_feature) and NF_* */
    uint8_t tokens;     /* bit per seat (X11) */
    uint8_t pennants;
    uint8_t ends;       /* road ends on tiles (junction, cloister, gate) */
    uint16_t size;      /* nodes in the feature (union by size); 0 on a free record */
    uint16_t open;      /* city/road edges not yet matched; a free record: the next
                           free slot, or FEAT_NONE */
    uint32_t follow;    /* strength of seat s's followers in bits 4s..4s+3 (I4) */
    uint16_t goods;     /* goods symbols of kind k in bits 4k..4k+3 (TB1) */
    uint16_t flags2;    /* NF2_*: more flags, ORed by a union like `flags` (feat_add);
                           0 in every tile's row (tiletab_seg_init's `pad`) */
} feature;

_Static_assert(sizeof(feature) == 16, "a feature's record is two words");

/* NF_INN and NF_CATHEDRAL: a segment of the feature has one (I5, I6), ORed by a
 * union like the type. */
enum {
    NF_TYPE = 7, NF_COMPLETED = 8, NF_LOCKED = 16, NF_SCORED = 32, NF_INN = 64,
    NF_CATHEDRAL = 128
};
/* NF2_BARRED: no follower may join the feature by any rule (a field holding a barn,
 * AM10); the module that sets it says which exceptions its own moves make. */
enum { NF2_BARRED = 1 };
/* + one a seat: an abbey (a tile that closes, AM4) joins none of its nodes */
enum { MAX_FEATS = CARC_MAX_SEGMENTS - (CARC_TILES - 1) + 1 + CARC_MAX_PLAYERS,
       FEAT_NONE = 0xFFFF };
/* a seat's strength on one feature: 7 meeples, the large meeple (2), the abbot, the
 * wagon and the mayor (1 in `follow`: its pennants are counted by feat_holders) */
_Static_assert(CARC_FOLLOWERS + 5 <= 15 && 4 * CARC_MAX_PLAYERS <= 32,
               "follow packs 4 bits a seat");

/* A placed tile, 6 bytes: its nodes on each edge and its cloister come from the
 * port table (board_port_node: first + tiletab_port_seg[kind][rot][port]). */
typedef struct placed {
    uint8_t kind, rot;
    int8_t x, y;           /* x then y: the position table's key (board.c) */
    uint16_t first;        /* its first node; segment i is node first+i */
} placed;

typedef struct spot {
    int8_t x, y;           /* x then y: the position table's key (board.c) */
    /* The spot's signature: 2 bits per side (N at bits 0-1), the edge type a tile
     * must show on that side, or 3 (SIG_FREE) where no tile neighbours it. A river
     * edge demands nothing (it is 3 in a tile's packed edges, as SIG_FREE): river
     * tiles are placed by R5 (river/), never by the table. SIG_DEAD (all free) fits
     * no tile: a spot next to a river edge alone, the river's open end, or a dead
     * end (R6). */
    uint8_t sig;
} spot;

enum { SIG_FREE = 3, SIG_DEAD = 0xFF };

/* The sides of a signature that have a neighbour: 0b11 on each. */
static inline unsigned spot_mask(unsigned sig)
{
    return ~((sig & (sig >> 1) & 0x55u) * 3u) & 0xFFu;
}

/* The edge types a signature demands, 0 on the free sides. */
static inline unsigned spot_need(unsigned sig)
{
    return sig & spot_mask(sig);
}

/* The feature types (enum carc_feature). */
enum { FEAT_TYPES = CARC_FEAT_GARDEN + 1 };

/* Figure slots of a seat (fnode): the seven meeples, then one slot for each other
 * follower the expansions give, then one for each special figure (no follower:
 * strength 0). Which figure a slot holds is the registry's (registry.c: the
 * layout is data there, checked against the figures' descriptors by test_tiletab);
 * the core knows only that followers come first. */
enum {
    FIG_OTHER_FOLLOWERS = 4,   /* followers of the expansions, one slot each */
    FIG_SPECIAL_SLOTS = 3 + CARC_TEST_FIGURES,  /* special figures of the expansions, one
                                                   slot each (a test module's too) */
    FIG_FOLLOWER_SLOTS = CARC_FOLLOWERS + FIG_OTHER_FOLLOWERS,  /* slots below hold followers */
    FIG_SLOTS = FIG_FOLLOWER_SLOTS + FIG_SPECIAL_SLOTS
};
/* A figure slot's value (fnode): NODE_NONE in supply (or a figure the game does not
 * use); a node, the segment it stands on; FIG_PLACE + (tile << 5) + port, standing
 * on no feature at a place of placed tile `tile` that is no segment (port >=
 * CARC_PORTS: a tower's top, TW4; a corner, CARC_PORT_CNW.., AM9, which belongs to
 * no tile: the tile only names it); FIG_HELD + seat, held by that seat outside every
 * supply (a prisoner, TW6). Only a figure on a node adds strength to a feature; only
 * one in supply counts in supply[]. */
enum { FIG_PLACE = 0x8000, FIG_HELD = 0xF000 };
_Static_assert((int)MAX_NODES < (int)FIG_PLACE && (int)CARC_TILES < 1 << 10, "figure places");
/* Whether a figure slot's value names a node (not in supply, held, or on a place
 * that is no feature). */
/* The set bits of x, one turn a bit: a build for any x86-64 has no popcnt
 * instruction, so __builtin_popcount calls libgcc, and T6 counts small masks (of
 * slots, towers, corners) at every decision. */
static inline int bits_in(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static inline int fig_placed(unsigned v)
{
    return v < FIG_PLACE;
}
static inline int fig_at_place(unsigned v)
{
    return v >= FIG_PLACE && v < FIG_HELD;
}
static inline int fig_held(unsigned v)
{
    return v >= FIG_HELD && v != NODE_NONE;
}
/* The follower slots of a seat's row fn (bit i: slot i) whose value is below
 * `limit` (FIG_HELD: on the board, a segment or a place; FIG_PLACE: on a segment),
 * four slots a 64-bit word: the fairy, the towers and the cards ask it of a seat
 * at every decision, and the plain loop costs a compare and a shift a slot. */
static inline unsigned fig_slots_below(const uint16_t *fn, unsigned limit)
{
    enum { WORDS = (FIG_FOLLOWER_SLOTS + 3) / 4 };
    _Static_assert(WORDS * 4 <= FIG_SLOTS, "the words read stay in the row");
    /* the lanes' tests below read the limits as bit patterns */
    _Static_assert(FIG_PLACE == 0x8000 && FIG_HELD == 0xF000 && NODE_NONE == 0xFFFF,
                   "below FIG_PLACE is the top bit clear, below FIG_HELD the top four not all set");
    unsigned m = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t top = 0x8000800080008000ull;
#pragma GCC unroll 4 /* three words: -O2 keeps the loop otherwise (gcc and clang know it) */
    for (int w = 0; w < WORDS; w++) {
        uint64_t x, below;
        memcpy(&x, fn + 4 * w, sizeof x);
        if (limit == FIG_PLACE) {
            below = ~x & top;  /* the top bit clear */
        } else {  /* FIG_HELD: not all four top bits set */
            uint64_t t = x & 0xF000F000F000F000ull;
            below = ~(t & t << 1 & t << 2 & t << 3) & top;
        }
        /* bits 15, 31, 47, 63 to bits 48..51 (the products do not overlap) */
        uint64_t gathered = (below >> 15) * ((1ull << 48) | (1ull << 33) | (1ull << 18) | (1ull << 3));
        m |= (unsigned)(gathered >> 48 & 0xF) << 4 * w;
    }
    return m & ((1u << FIG_FOLLOWER_SLOTS) - 1);
#else
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
        m |= (unsigned)(fn[i] < limit) << i;
    return m;
#endif
}
static inline unsigned fig_place(int tile, int port)
{
    return FIG_PLACE + ((unsigned)tile << 5) + (unsigned)port;
}
static inline int fig_place_tile(unsigned v)
{
    return (int)((v - FIG_PLACE) >> 5);
}
static inline int fig_place_port(unsigned v)
{
    return (int)(v & 31);
}
/* Whether a place port is a tile's corner (AM9: a barn), which no rule about the
 * figures on a tile counts (§0). */
static inline int port_is_corner(int port)
{
    return port >= CARC_PORT_CNW && port <= CARC_PORT_CSW;
}
/* The figure kind of each slot (enum carc_figure) and its strength; the first slot
 * of each kind (registry.c: the registry's data, read on every figure's move). */
extern const uint8_t fig_slot_kind[FIG_SLOTS];
extern const uint8_t fig_slot_strength[FIG_SLOTS];
extern const uint8_t fig_kind_slot[CARC_FIGURES];

/* The steps of a turn (B13) and of the end of the game (E1-E6). Decision steps
 * stop advance(); the others run straight through. */
enum step {
    ST_T1_DRAW,
    ST_T2_WINDOW,
    ST_T3_PLACE,
    ST_T4_GIFT,
    ST_T5_CLOISTER,
    ST_T5_ROADSIDE,
    ST_T6_FOLLOWER,
    ST_T6_AFTER,          /* after T6, before T7: an expansion's moves of the turn's
                             figures (PD6: the dragon) */
    ST_T7_MODIFIERS,
    ST_T7_SCORE,
    ST_T7_AFTER,          /* after T7's scoring of completed features, before TD: an
                             expansion's scorings of what T7 left and the moves of the
                             scored features' figures (AM10 barn fields, AM8 wagons) */
    ST_TD_DOUBLE,         /* TB11: the second part of a double turn, if due */
    ST_T8_WINDOW,
    ST_T9_HAND,
    ST_T10_END,
    ST_E2_END_CARDS,
    ST_E3_FINAL,
    ST_OVER
};

/*
 * The state in three parts, in this order, so that carc_copy (game.c, state_copy)
 * moves only what the game uses:
 *   1. the fixed part, [0, STATE_CARDS): the configuration, the turn, the counts,
 *      the players, the small expansions' states (ext), the plan, the generator
 *      and the position table; copied whole (one memcpy).
 *   2. the card expansions' block, [STATE_CARDS, STATE_ARRAYS): blk, the states of
 *      the expansions whose descriptor says in_block (decks, hands, the card in
 *      play; 562 bytes). Zero in a game with none (carc_check), so a copy between
 *      two such games skips it.
 *   3. the arrays with a count, from STATE_ARRAYS: feats (nfeats), events
 *      (nevents), nodes (nnodes), tiles (ntiles), frontier (nfrontier), removed
 *      (nremoved). Every byte past an array's count is zero (carc_check), so a
 *      copy moves each array's used prefix and zeroes only what the destination
 *      held past it: equal games stay equal byte for byte.
 * The part boundaries are the offsets of the first field of each part (below).
 */
struct carc_game {
    /* ==== 1. the fixed part ==== */
    /* What the game keeps of its configuration (carc_config_of): the fixed stack
     * and deck orders are read once by carc_new (stack_build, the hooks' setup). */
    uint64_t seed;        /* 0 in a view */
    uint16_t expansions;  /* CARC_EXP_*: 16 bits, room for the nine of the big box and more */
    uint8_t fixed_stack;  /* the stack order was fixed (G10 puts back at return_pos);
                             0 in a view, which may not know */
    int8_t return_pos;
    int8_t view_seat;     /* -1: the full state */
    uint8_t players;
    uint8_t step;         /* enum step */
    uint8_t part;         /* the part of a double turn now running (0, 1): set by
                             turn_second_part, cleared at T10 (turn.c) */
    uint8_t active;
    /* T1 of the part (turn.c, turn_draw_exp; only where an expansion acts at T1):
     * T1_BEGUN while a decision it owes before the draw is pending (the part has
     * begun: the turn counted), T1_CHOSEN once the part's tile was put in hand by an
     * expansion instead of drawn (the abbey, AM3: an extra draw (G10, X9) or a
     * forced spot (X13) does not apply to it), else T1_DRAWN. The turn_begin hooks
     * see T1_CHOSEN only in a turn that starts after T1 (AM5's final abbeys: no T0) */
    uint8_t t1;
    uint16_t turn;
    uint8_t over;
    uint8_t winners;      /* bit mask, once over */

    /* tiles */
    uint8_t stack[CARC_STACK];
    uint8_t stack_len;    /* tiles left: stack[0..stack_len) with the top at stack_len-1 */
    uint8_t unused;       /* tiles a short fixed stack left out of the game */
    uint8_t hand[2];      /* tiles drawn for this turn */
    uint8_t nhand;
    uint8_t nremoved;     /* removed[] */
    uint8_t last;         /* placed[] index of the tile placed this turn, or TILE_NONE */

    /* board: the counts of the arrays of part 3 */
    uint8_t ntiles;
    uint16_t nnodes;
    uint16_t nfrontier;   /* up to 2 * CARC_TILES + 2 */
    uint16_t nfeats;      /* records ever used: feats[0..nfeats) are live or free */
    uint16_t feat_free;   /* the first free record, or FEAT_NONE */
    uint16_t nevents;
    uint8_t ncloisters;
    uint8_t cloisters[MAX_CLOISTERS];  /* placed indices of the tiles with a cloister */
    uint8_t around[MAX_CLOISTERS];     /* tiles in the 8 positions around cloisters[i] */
    /* bit i: cloisters[i] is in one of the 8 positions around the tile placed last
     * (board_place finds them anyway; Christmas's cloister offer asks, X2) */
    uint64_t cloisters_near;

    /* features the tile placed this turn completed, scored in T7 */
    uint16_t done[MAX_DONE];
    uint8_t ndone;
    /* the sides (bit d: N E S W) of the tile placed last where a tile neighbours it
     * (board_sides of g->last), noted by board_place, which looks at each anyway:
     * a barn's corners are asked at every T6 (AM9). Next to ndone: board_place
     * clears both at once */
    uint8_t last_sides;

    /* players */
    /* The figures of each seat (figure.c): slot i holds figure fig_slot_kind[i] on
     * its node, or NODE_NONE in supply; `figures` says which kinds the game's
     * expansions give (bit per enum carc_figure): a slot of another kind is never
     * used. supply[s]: seat s's followers in supply (meeples, large meeple, abbot),
     * kept in step, since T6 and every card ask it. */
    uint16_t fnode[CARC_MAX_PLAYERS][FIG_SLOTS];
    uint8_t supply[CARC_MAX_PLAYERS];
    uint16_t figures;
    /* Counts (mod 256) the followers that left a feature one at a time (taken,
     * moved or captured; not a feature's scoring, which sends its special figures
     * home with them): a move of an expansion after which it has not changed took
     * no builder's or pig's support away, and the sweep (figure_support) is skipped */
    uint8_t fig_left;
    int16_t score[CARC_MAX_PLAYERS][CARC_SCORE_CATEGORIES];
    int16_t banked[CARC_MAX_PLAYERS][CARC_SCORE_CATEGORIES];  /* X12, paid in E4 */

    /* the small expansions' states (registry.h: one struct per module, which only
     * its own files touch; zero in a game without it) */
    struct exp_small ext;

    /* an extra-tile card was used this turn (C3): EXTRA_PUT_BACK (G10) or
     * EXTRA_REMOVE (X9); the turn machine clears it, so not in the cards' block */
    uint8_t extra_tile;

    /* The expansions' plan (expansion.h, exp_plan), set by carc_new from the
     * configuration so that the turn machine walks only the hooks that act: bit i
     * stands for expansion i of the list. exp_on: the active ones; exp_at[s]: those
     * acting at step s; exp_decides[s]: those deciding at step s; exp_holders:
     * those that can hold the turn machine; exp_forcers: those that can force a
     * placement's spot; exp_next[s]: the first step at or after
     * s where the turn machine or an active expansion acts (turn_next). All zero in
     * a base game but exp_next. 16 bits: room for the nine of the big box and more
     * (test_registry checks the list fits). */
    uint16_t exp_on, exp_holders, exp_forcers;
    /* whether an active expansion keeps its state in part 2 (its descriptor's
     * in_block): a copy between two games with none skips the part */
    uint8_t exp_block;
    uint16_t exp_at[ST_OVER + 1], exp_decides[ST_OVER + 1];
    uint8_t exp_next[ST_OVER + 1];
    /* The active expansions with T6 choices of their own (the t6_* hooks: a fairy, a
     * portal, a princess, a floor, a tower top), that set drawn
     * tiles aside (set_aside), close a tile to figures (no_figure_tile), are told of
     * every scoring (feature_scored): zero in every game without such a module, so
     * that those games pay one test where the core asks. */
    uint16_t exp_t6, exp_asides, exp_closers, exp_scored;
    /* exp_lists[d]: the active expansions whose hook `legal` lists moves for decision
     * d (their `lists`), so that a decision's list asks those only */
    uint16_t exp_lists[CARC_DECISIONS];
    /* exp_begins: the active expansions with a hook turn_begin; exp_hold_at[0..
     * exp_nholds): offsetof(carc_game, the byte) of each holder's `hold` (exp_holders
     * in list order), so that asking whether one holds (every step and decision)
     * reads the bytes and nothing else */
    uint16_t exp_begins;
    uint8_t exp_nholds;
    uint16_t exp_hold_at[16];
    /* The decision owed now and its seat (turn_pending's answer, the seat -1 when
     * none), noted by turn_note at the end of the calls that change a game
     * (carc_new, carc_apply, carc_view, carc_determinize), so that carc_legal_pick
     * and carc_apply, both at every decision, read it instead of asking the step
     * and the expansions again; carc_check recomputes it. */
    uint8_t pend_decision;
    int8_t pend_seat;

    /* The positions around the unfinished cloisters (and gardens), as a bit per
     * (x mod 16, y mod 16) (board.c, zone_bit): a tile placed off them is near
     * none, and board_place skips the walk of cloisters[] (most placements). An
     * over-approximation (positions 16 apart share a bit), rebuilt when a cloister
     * is finished. */
    uint64_t cloister_zone[4];
    uint64_t rng[4];
    /* T6's rule of the game's figures as words (figure.c, figure_plan, from their
     * descriptors): fig_spread[0][t] has byte k set to 1 if figure k may stand on an
     * empty feature of type t (a follower), fig_spread[1][t] on one holding a
     * follower of its seat (a special figure); so a tile's segments give every
     * figure's places with one shift and OR each (figure_masks). */
    uint64_t fig_spread[2][FEAT_TYPES];

    /* the position table (board.c): 0 an empty slot, else CELL_TILE + a placed
     * index or CELL_SPOT + a frontier index, whose x,y are the slot's key. In the
     * fixed part: its slots in use are spread over it (a hash table). */
    uint16_t cell[CELL_SLOTS];

    /* ==== 2. the card expansions' block (STATE_CARDS) ==== */
    /* The card expansions' states (registry.h: one struct per module, which only
     * its own files touch; zero in a game with none of them) */
    struct exp_block blk;

    /* ==== 3. the arrays with a count (STATE_ARRAYS) ==== */
    /* the feature records (struct feature), on a word: feat_union loads them as
     * words */
    _Alignas(8) feature feats[MAX_FEATS];
    carc_event events[CARC_MAX_EVENTS];  /* the last call's (event.c) */
    node nodes[MAX_NODES];
    placed tiles[CARC_TILES];
    spot frontier[MAX_FRONTIER];
    uint8_t removed[CARC_TILES];         /* tiles out of the game (B5, X9) */
};

/* Where parts 2 and 3 begin (see above). */
#define STATE_CARDS offsetof(struct carc_game, blk)
#define STATE_ARRAYS offsetof(struct carc_game, feats)

/* ---- the turn, as the expansions may change it ---- */
/* The active player plays a second part of the turn (TB11: Traders & Builders'
 * double turn): T1 again, the turn machine's `part` 1 until T10. A service of the
 * core's state, not a call into the turn machine: an expansion's move starts it. */
static inline void turn_second_part(carc_game *g)
{
    g->part = 1;
    g->step = ST_T1_DRAW;
}

/* ---- rng.c ---- */
void rng_seed(uint64_t s[4], uint64_t seed);
uint64_t rng_next(uint64_t s[4]);
/* Uniform in [0, n), n >= 1, without modulo bias. */
uint32_t rng_below(uint64_t s[4], uint32_t n);
/* Fisher-Yates shuffle of a[0..n). */
void rng_shuffle(uint64_t s[4], uint8_t *a, int n);

/* ---- tiletab.c: tables derived from the catalogue once and for all (tiles.c);
 * tests/test_tiletab.c derives them again and compares, and prints them ---- */
/* Edge types of every rotation: packed edges (2 bits per side, N at bits 0-1) of
 * rotation r in byte r. */
extern const uint32_t tiletab_packed4[CARC_TILE_KINDS];
/* Smallest p in {1,2,4} such that turning the kind by p gives the same tile. */
extern const uint8_t tiletab_period[CARC_TILE_KINDS];
/* The rotations r < period of kind k that fit a spot of signature sig (struct
 * spot), bit r for rotation r: 0 when the kind fits nowhere there. */
extern const uint8_t tiletab_fit_rots[CARC_TILE_KINDS][256];
/* ---- tiletab_place.c: the tables a placement reads beyond tiletab.c's ---- */
/* How many rotations of tiletab_fit_rots[k][sig] there are, the placements of kind
 * k at a spot of signature sig: carc_legal_pick counts them at every spot of the
 * frontier, one load each instead of two. */
extern const uint8_t tiletab_fit_count[CARC_TILE_KINDS][256];
/* The totals segment i of kind k starts its feature with (struct feature): its
 * type (with an inn or cathedral), size 1, a city's or road's edges as
 * open edges, pennant, road end, goods symbol; zero past the kind's segments. */
extern const struct feature tiletab_seg_init[CARC_TILE_KINDS][CARC_TILE_SEGMENTS];
/* The segment at port p (the segment ports, then PORT_MONASTIC) of kind k turned r
 * times, 0xFF for none. */
extern const uint8_t tiletab_port_seg[CARC_TILE_KINDS][4][PORT_SLOTS];
/* The canonical (lowest) port of segment i of kind k turned r times, 0xFF past nseg. */
extern const uint8_t tiletab_seg_port[CARC_TILE_KINDS][4][SEG_SLOTS];

/* Packed edges of kind k turned r times. */
static inline unsigned tiletab_packed(int kind, int rot)
{
    return (tiletab_packed4[kind] >> (8 * rot)) & 0xFFu;
}

/* ---- tiles.c ---- */
/* The catalogue (carc_tile_def_of without the range test, for kinds the state
 * holds: the engine asks it at every segment it makes). */
extern const carc_tile_def tiles_catalogue[CARC_TILE_KINDS];
static inline const carc_tile_def *tile_def(int kind)
{
    return &tiles_catalogue[kind];
}
/* Edge types of kind k in rotation r, packed 2 bits per side (N at bits 0-1). */
uint8_t tile_edges_packed(int kind, int rot);
/* Smallest p in {1,2,4} such that rotating kind k by p gives the same tile. */
int tile_period(int kind);
/* carc_tile_count of every kind of a set at once; returns how many kinds it wrote
 * (the base kinds for a set without tiles of its own: the others hold none). */
int tile_counts(unsigned expansions, uint8_t count[CARC_TILE_KINDS]);
/* Rotated masks of a segment: edge bits or half-edge slot bits, in board directions. */
uint8_t tile_rot_edges(uint8_t mask, int rot);
uint8_t tile_rot_slots(uint8_t mask, int rot);
/* Whether a kind's sides close what meets them (CARC_SEG_CLOSES: the abbey, AM4). */
static inline int tile_closes(int kind)
{
    return (tiles_catalogue[kind].seg[0].flags & CARC_SEG_CLOSES) != 0;
}
/* The pennants segment i of tile d carries: 1 for a city flagged with one, or the
 * tile's pennants when it has one such city (AM/C++: two on its one city). The
 * tables (tiletab_gen) and carc_check both count them so. */
static inline int tile_seg_pennants(const carc_tile_def *d, int i)
{
    if (d->seg[i].type != CARC_FEAT_CITY || !(d->seg[i].flags & CARC_SEG_PENNANT))
        return 0;
    int cities = 0;
    for (int j = 0; j < d->nseg; j++)
        cities += d->seg[j].type == CARC_FEAT_CITY && (d->seg[j].flags & CARC_SEG_PENNANT);
    return cities == 1 && d->pennant > 1 ? d->pennant : 1;
}

/* Rotations of `kind` that fit spot s, as a bit mask (bit r = rotation r), only
 * rotations below the kind's period. */
static inline unsigned spot_fits(const carc_game *g, const spot *s, int kind)
{
    (void)g;
    return tiletab_fit_rots[kind][s->sig];
}
/* The same for frontier spot si and any kind: a river tile's by R5 (river/, through
 * the hooks), off the hot paths (a forced spot, a placement's check, a draw). */
unsigned spot_fit_rots(const carc_game *g, int si, int kind);

/* ---- board.c ---- */
/* Placed index at (x,y) or -1; frontier index or -1. Any int x,y: a position
 * outside int8_t is on no board. */
int board_lookup(const carc_game *g, int x, int y);
/* The sides (bit d: N E S W, as a spot's signature) of placed tile t where tiles
 * stand: four probes of the position table in one call (a barn's corners, AM9). */
unsigned board_sides(const carc_game *g, int t);
int board_spot_index(const carc_game *g, int x, int y);
/* What is at (x,y), in one lookup: a placed index, CELL_FRONTIER + a frontier
 * index, or -1 for an empty position off the frontier. x,y must be int8_t values
 * (a move's): no range test on the way of every placement. */
int board_find(const carc_game *g, int x, int y);
int board_placeable(const carc_game *g, int kind);
/* The cloister zone (struct carc_game: cloister_zone) as the board gives it, from
 * scratch: board_place after a cloister is finished, carc_check. */
void board_cloister_zone(const carc_game *g, uint64_t zone[4]);
/* On a zeroed state: the start tile (D, or with The River the spring) at (0,0). */
void board_init(carc_game *g, int start_kind);
/* Places a tile (legality already checked); records completed features in done[]. */
void board_place(carc_game *g, int kind, int rot, int x, int y);
/* Node of the segment at a port of a placed tile, or NODE_NONE: with port 0..3 the
 * city or road node on that edge (NODE_NONE for a field edge), with CARC_PORT_C
 * its cloister, with CARC_PORT_I its inner field (CARC_PORT_I2 a second). Inline: a tile keeps only its
 * first node, the rest is the table. */
static inline int board_port_node(const carc_game *g, int t, int port)
{
    const placed *p = &g->tiles[t];
    int seg = tiletab_port_seg[p->kind][p->rot][port & 15];
    return seg == 0xFF || port >= CARC_PORTS ? NODE_NONE : p->first + seg;
}
/* Tiles in the 8 positions around placed tile t if it has a cloister, else 0
 * (inline: feature.c asks it, and board.c calls feature.c). */
static inline int board_around(const carc_game *g, int t)
{
    for (int i = 0; i < g->ncloisters; i++)
        if (g->cloisters[i] == t)
            return g->around[i];
    return 0;
}
/* Canonical port of a node. */
int board_node_port(const carc_game *g, int n);
/* The node at (x,y,port), or NODE_NONE. */
int board_node_at(const carc_game *g, int x, int y, int port);

/* The segment index of node n in its tile kind's definition. */
static inline int node_seg(const carc_game *g, int n)
{
    return n - g->tiles[g->nodes[n].tile].first;
}

/* Followers of seat in supply (carc_supply): kept by figure.c. */
static inline int follower_supply(const carc_game *g, int seat)
{
    return g->supply[seat];
}

/* ---- feature.c ---- */
/* The root of node n's feature: every node names it (feature.c), so this is a
 * field read, inline because the Christmas target lists ask it of every node. */
static inline int feat_root(const carc_game *g, int n)
{
    return g->nodes[n].parent;
}
/* The record of node n's feature (any node of it will do). */
static inline const feature *feat_of(const carc_game *g, int n)
{
    return &g->feats[g->nodes[n].feat];
}
static inline feature *feat_mut(carc_game *g, int n)
{
    return &g->feats[g->nodes[n].feat];
}
/* The type of node n (enum carc_feature): its feature's. */
static inline int node_type(const carc_game *g, int n)
{
    return g->feats[g->nodes[n].feat].flags & NF_TYPE;
}
static inline int feat_type(const feature *f)
{
    return f->flags & NF_TYPE;
}
/* The strength of seat's followers on the feature (0: none), and of all seats'. */
static inline int feat_follow(const feature *f, int seat)
{
    return (int)((f->follow >> (4 * seat)) & 15);
}
static inline int feat_nfollow(const feature *f)
{
    uint32_t w = f->follow;
    w = (w & 0x0F0F0F0Fu) + ((w >> 4) & 0x0F0F0F0Fu);
    return (int)((w * 0x01010101u) >> 24);
}
/* Whether a seat other than `seat` has a follower on the feature. */
static inline int feat_others_follow(const feature *f, int seat)
{
    return (f->follow & ~(15u << (4 * seat))) != 0;
}
/* Goods symbols of kind k on a city. */
static inline int feat_goods(const feature *f, int k)
{
    return (f->goods >> (4 * k)) & 15;
}
/* Makes node n a feature of its own with the totals *init (tiletab_seg_init), taking the
 * first free record or a new one (inline: board.c makes ~100 a game). */
static inline void feat_make(carc_game *g, int n, const feature *init)
{
    int f = g->feat_free;
    if (f != FEAT_NONE)
        g->feat_free = g->feats[f].open;
    else
        f = g->nfeats++;  /* below MAX_FEATS: see struct feature */
    node *nd = &g->nodes[n];
    nd->parent = nd->next = (uint16_t)n;
    nd->feat = (uint16_t)f;
    memcpy(&g->feats[f], init, sizeof *init);
}
/* A feature record as two 64-bit lanes, added and ORed at once (GCC and Clang
 * vector extensions: one SSE2 instruction each on x86-64). */
typedef uint64_t feat_words __attribute__((vector_size(16)));
/* Adds record *src to record *dst, as a union of their features does: the first two
 * bytes (flags, tokens) and the last two (flags2) ORed, the other twelve added as two words (see struct
 * feature for why no sum carries); the masks are built from bytes so that this
 * holds in either byte order. */
static inline void feat_add(feature *dst, const feature *src)
{
    static const uint8_t or_bytes[16] = {0xFF, 0xFF, [14] = 0xFF, [15] = 0xFF};
    feat_words a, b, or_mask;
    memcpy(&or_mask, or_bytes, 16);
    memcpy(&a, dst, 16);
    memcpy(&b, src, 16);
    a = ((a | b) & or_mask) + (a & ~or_mask) + (b & ~or_mask);
    memcpy(dst, &a, 16);
}
/* Joins the features of nodes a and b (not yet one feature); returns the root. */
int feat_join(carc_game *g, int a, int b);
/* Joins a new tile's segment, node n, to the feature of node b, as feat_make of n
 * with the totals *init (tiletab_seg_init) and then feat_join(g, n, b) would, but without a record of
 * its own for n: board_place's first join of a segment (most of them) is one node
 * added to an old feature, and making a record to free it at once cost a third of
 * the joins' time. n has its tile and nothing else yet. The root is feat_join's:
 * the larger side's, on a tie (b alone) n's; so is the circular list (n after b).
 * Returns the root. */
static inline int feat_attach(carc_game *g, int n, const feature *init, int b)
{
    node *nb = &g->nodes[b], *nn = &g->nodes[n];
    int root = nb->parent, f = nb->feat;
    if (g->feats[f].size == 1) {  /* b alone: a tie of sizes, which n wins */
        nb->parent = (uint16_t)n;
        root = n;
    }
    nn->parent = (uint16_t)root;
    nn->feat = (uint16_t)f;
    nn->next = nb->next;
    nb->next = (uint16_t)n;
    feat_add(&g->feats[f], init);
    return root;
}
/* Joins the features of nodes a and b and returns the root: inline, since most
 * calls (about 3 in 5 when a tile is placed) find the two in one feature already,
 * and the out-of-line join saves six registers on the way in. */
static inline int feat_union(carc_game *g, int a, int b)
{
    int ra = g->nodes[a].parent;
    return ra == g->nodes[b].parent ? ra : feat_join(g, a, b);
}
int feat_tiles(const carc_game *g, int root);
/* Each seat's strength on the feature (I4; AM6: a mayor counts its city's
 * pennants, the strength_on hooks), as majorities compare them. */
void feat_strengths(const carc_game *g, int root, int strength[CARC_MAX_PLAYERS]);
/* Majority holders (B8, X11) as a seat bit mask; 0 when nobody has a follower. */
unsigned feat_holders(const carc_game *g, int root);
/* Score now for a completed feature (B9) / at game end (B11, not fields). */
int feat_value_completed(const carc_game *g, int root);
int feat_value_end(const carc_game *g, int root);
/* Completed cities a field borders, counted once each. */
int feat_field_cities(const carc_game *g, int root);
/* The cities the field `root` borders, each once: the completed ones (completed 1,
 * as feat_field_cities) or the unfinished ones (0), their roots written to out
 * (MAX_FEATS always enough) unless it is NULL; returns their count. */
int feat_field_city_roots(const carc_game *g, int root, int completed, uint16_t *out);
/* The lowest-numbered node of the feature containing n: how a feature is named
 * when a move targets the feature as a whole. */
int feat_first_node(const carc_game *g, int n);

/* ---- score.c ---- */
/* Adds points to a seat's score and emits CARC_EV_SCORED with the reason
 * (enum carc_score_reason), naming the feature by node n (NODE_NONE: no feature). */
void score_add(carc_game *g, int seat, int category, int points, int reason, int n);
/* The node that names completed feature done[i] in events: the placed tile's
 * segment of it, or the feature's oldest. */
int score_name_done(const carc_game *g, int i);
/* Scores a completed feature for its holders and returns or banks its followers. */
void score_completed(carc_game *g, int done_index);
/* Returns every follower on a feature to its owner's supply (events emitted). */
void score_return_followers(carc_game *g, int root);
void score_final(carc_game *g);    /* E3, E4 */
void score_winners(carc_game *g);  /* E6 */
int score_category(int type);

/* ---- turn.c ---- */
/* Runs automatic steps until a decision is owed or the game is over. */
void turn_advance(carc_game *g);
int turn_pending(const carc_game *g, carc_pending *p);
/* Notes turn_pending's answer in g (pend_decision, pend_seat). */
void turn_note(carc_game *g);
/* The decision turn_note noted, as turn_pending answers it. */
static inline int turn_noted(const carc_game *g, carc_pending *p)
{
    p->decision = g->pend_decision;
    p->seat = g->pend_seat;
    p->active = g->active;
    return p->decision;
}
/* Writes g->exp_next from the expansions' plan (exp_at), after exp_plan. */
void turn_plan(carc_game *g);
/* Whether g->exp_next is what turn_plan writes (carc_check). */
int turn_plan_ok(const carc_game *g);

/* ---- the second tile in hand (T3 with two tiles) ---- */
/* extra_tile: an extra-tile card was used this turn (C3: at most one), and what
 * becomes of the tile not placed: put back into the stack (G10) or removed (X9). */
enum { EXTRA_NONE = 0, EXTRA_PUT_BACK = 1, EXTRA_REMOVE = 2 };

/* ---- cards.c: what the card expansions share ---- */
/* Builds a deck of `copies` of each card id in [first, last] in deck[] (top at the
 * end): the `nfixed` cards of fixed[] on top, first drawn first, the rest shuffled
 * beneath from the game's generator. Returns the deck size. */
int cards_deck_build(carc_game *g, uint8_t *deck, int first, int last, int copies,
               const uint8_t *fixed, int nfixed);
/* Appends `copies - seen[c]` cards of each id in [first, last] to pool: the cards of
 * a deck nobody has seen. Returns how many. */
int cards_unknown_pool(uint8_t *pool, int first, int last, int copies, const int *seen);
/* Names node n as the (first, or with second = 1 the second) target of a move. */
void cards_name_node(const carc_game *g, carc_move *m, int n, int second);
/* Whether seat's follower i is the first of its kind of that seat on its node (two
 * meeples of one seat on one segment give the same moves; a meeple and the large
 * meeple there give a move each, told apart by carc_move.figure). */
int cards_first_on_node(const carc_game *g, int seat, int i);
/* The followers seat may place from supply on a feature of `type` by a gift or a
 * card (GI2, XI1): each follower kind of the game in supply whose descriptor lets
 * it stand there (the abbot only on a cloister: cards never name a garden),
 * written to figs in the order of enum carc_figure. Returns how many (at most 4: the
 * meeple, the large meeple, the mayor and the wagon in a city). */
int cards_place_figures(const carc_game *g, int seat, int type, uint8_t figs[CARC_FIGURES]);

/* ---- figure.c ---- */
/* Whether the game's expansions give figures other than the meeple (g->figures,
 * from their descriptors), which make T6 a choice among figures. */
static inline int fig_choice(const carc_game *g)
{
    return (g->figures & ~(1u << CARC_FIG_MEEPLE)) != 0;
}
/* carc_new: fig_spread from the game's figures; whether it is what they give
 * (carc_check). */
void figure_plan(carc_game *g);
int figure_plan_ok(const carc_game *g);
/* The figure kinds that are no followers (strength 0): they stand only with a
 * follower of their seat and go home when it leaves (§0). Bit per enum carc_figure
 * (registry.c, from the descriptors' `special`). */
extern const uint16_t fig_special_kinds;
/* The figure kinds T6 may take back (A6: descriptors with recall callbacks). */
extern const uint16_t fig_recall_kinds;
/* The figure kinds with a field bonus (TB8: the pig), asked at every field scored
 * and projected (registry.c, from the descriptors' `field_bonus`). */
extern const uint16_t fig_field_kinds;
/* The follower kinds whose strength a hook counts when a majority is decided (AM6:
 * the mayor, its city's pennants; `follow` holds 1 for it, so that it occupies its
 * feature): feat_holders asks them (registry.c, the descriptors' `strength_on`). */
extern const uint16_t fig_strength_kinds;
/* The game's figures of those kinds. */
static inline unsigned fig_specials(const carc_game *g)
{
    return g->figures & fig_special_kinds;
}
/* carc_new: every seat's figures in supply, those of the game's expansions. */
void figure_setup(carc_game *g);
/* Whether seat owns the figure of a slot in this game (its expansions'). */
int figure_owned(const carc_game *g, int seat, int slot);
/* The slot of a figure kind (a meeple's: the first); whether seat has one in supply. */
static inline int figure_slot_of(int figure)
{
    return fig_kind_slot[figure];
}
int figure_in_supply(const carc_game *g, int seat, int figure);
/* Puts a figure of `seat` from supply on node n and emits the event. */
void figure_put(carc_game *g, int seat, int figure, int n);
/* Figures on no feature (state.h: fig_place, fig_held). figure_put_place puts a
 * follower of seat from supply on a place of placed tile `tile` that is no segment
 * (port >= CARC_PORTS: a tower's top, TW4). figure_remove takes the figure of
 * seat's `slot` off the board, wherever it stands: to its owner's supply (holder
 * < 0 or seat: CARC_EV_RETURNED) or held by `holder` (CARC_EV_CAPTURED); a
 * follower's strength leaves its feature. figure_free returns a held figure to its
 * owner's supply (CARC_EV_FREED). */
void figure_put_place(carc_game *g, int seat, int figure, int tile, int port);
void figure_remove(carc_game *g, int seat, int slot, int holder);
void figure_free(carc_game *g, int seat, int slot);
/* Where a slot's value stands (its tile's x,y, the port naming it, the type of its
 * segment or place); 0 when in supply or held. The placed tile it stands on, or -1. */
int figure_where(const carc_game *g, unsigned v, int *x, int *y, int *port, int *type);
int figure_tile_of(const carc_game *g, unsigned v);
/* Every figure standing on placed tile `tile`, on its segments or on a place of it
 * (a tower's top included): up to cap (seat, slot) pairs written, the count
 * returned. What a rule that acts on "all figures on a tile" walks (the dragon,
 * CI22). */
int figure_on_tile(const carc_game *g, int tile, uint8_t seats[], uint8_t slots[], int cap);
/* The follower `figure` (enum carc_figure; < 0: any, a meeple before the large
 * meeple) of `seat` on node n: whether there is one; moved to node `to` with its
 * strength (cards, gifts: GI5, XI11); taken back to supply (GI4, XI12). */
int follower_on(const carc_game *g, int seat, int figure, int n);
void follower_move(carc_game *g, int seat, int figure, int from, int to);
void follower_take(carc_game *g, int seat, int figure, int n);
/* The figure in seat's slot back to supply, whatever it is (PD8, PD12). */
void figure_take_slot(carc_game *g, int seat, int slot);
/* Returns every figure on a feature to its owner's supply, builders too (TB5),
 * and clears its tokens (events emitted). */
void figure_return_all(carc_game *g, int root);
/* Returns every builder and pig that lost its support (§0, TB5, TB7). */
void figure_support(carc_game *g);
/* Followers on a feature, each counted once whatever its strength (GI4). */
int figure_followers_on(const carc_game *g, int root);
/* Returns the builders on a feature whose followers stay (a locked one, XI9). */
void figure_return_specials(carc_game *g, int root);
/* Whether seat's special figure in `slot` stands on the feature `root`. */
int figure_special_on(const carc_game *g, int seat, int slot, int root);
/* T6 with the big-box figures: whether `figure` of the active player may stand on
 * node n of the placed tile (its descriptor's rule); its moves (each figure in
 * supply in the order of enum carc_figure, then the recalls, then the pass: at most
 * FIGURE_MOVES); whether any but the pass. */
enum { FIGURE_MOVES = 3 * 8 + 4 + 4 + 2 };  /* 8 segments for each follower kind, the
                                               builder's 4 roads and cities at most, the
                                               pig's 4 fields, the recall, the pass */
int figure_ok(const carc_game *g, int figure, int n);
/* A figure taken back in T6 instead of placing one (A6): what recall move m would
 * score now, -1 if it is no legal recall of the active player; applying it (after
 * figure_recall_points said it is legal). */
int figure_recall_points(const carc_game *g, const carc_move *m);
void figure_recall(carc_game *g, const carc_move *m);
/* E3 and carc_projection: the points beyond its value that the field `root`, worth
 * `cities` completed cities, pays `seat` for the figures of seat standing in it
 * (TB8), and in *reason why (enum carc_score_reason). */
int figure_field_bonus(const carc_game *g, int seat, int root, int cities, int *reason);
int figure_moves(const carc_game *g, carc_move *out, int cap);
int figure_owed(const carc_game *g);

/* ---- move.c ---- */
/* The pass, every other field unused (carc_move_pass): inline, since every legal
 * move list starts its moves from it. */
static inline carc_move move_pass(void)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_PASS;
    m.port = m.port2 = CARC_PORT_NONE;
    m.seat2 = CARC_SEAT_NONE;
    return m;
}

/* ---- stack.c ---- */
/* carc_determinize: shuffles the stack a view sorted (an expansion whose tiles have
 * a part of their own shuffles each part, R10). */
void stack_shuffle(carc_game *g);
/* G10, X9 (R9): draws the extra tile into hand slot nhand: with a river tile in hand
 * from the river stack only and never the lake. Returns 0 if none came. */
int stack_draw_extra(carc_game *g);
/* How many tiles of a kind go into the stack of a game with these expansions
 * (CARC_EXP_* bits): all of the set's but the start tile; and how many in all. */
int stack_count(unsigned expansions, int kind);
int stack_size(unsigned expansions);
void stack_build(carc_game *g, const carc_config *cfg);  /* B2 */
/* B5 loop into hand slot nhand; returns 0 if the stack ran out. */
int stack_draw_placeable(carc_game *g);
/* The tile of `kind` not placed goes back into the stack (G10) or out of the game
 * (X9), as extra_tile says. */
void stack_put_back(carc_game *g, int kind);

/* ---- error.c ---- */
void error_set(carc_error *err, int code, const char *fmt, ...);

/* ---- event.c ---- */
/* Appends an event (port CARC_PORT_NONE, category 0) and returns it, NULL if full. */
carc_event *event_emit(carc_game *g, int kind, int seat, int x, int y, int a, int b, int value);
/* Appends an event about the segment of node n: its tile's position and canonical port. */
void event_emit_at(carc_game *g, int kind, int seat, int n, int a, int b, int category, int value);
/* CARC_EV_FOLLOWER or CARC_EV_RETURNED for a figure of seat on node n: port in a
 * and port, feature type in b, the figure (enum carc_figure) in value. */
void event_emit_follower(carc_game *g, int kind, int seat, int n, int figure);
/* CARC_EV_CARD_PLAYED of a card played on the target (x,y,port), port also in b. */
void event_emit_played(carc_game *g, int seat, int x, int y, int card, int port);
/* Forgets the last move's events, zeroing them: events past nevents are always zero
 * (see the top of this file). Usually 1-3 events: one store each is cheaper than a
 * memset call (a struct assignment of the 10-byte events was compiled into one). */
static inline void event_clear(carc_game *g)
{
    static const uint64_t zero = 0;  /* an event is one word (event.c) */
    for (int i = 0; i < g->nevents; i++)
        memcpy(&g->events[i], &zero, sizeof zero);
    g->nevents = 0;
}

/* ---- legal.c ---- */
int legal_follower_ok(const carc_game *g, int seg_node);


#endif
