/*
 * tower.h - what The Tower's files share: the accessor of its state, its tiles
 * (every kind of the catalogue with its bit has one foundation, TW1), the towers
 * on the board and the followers in reach (tower.c), and the moves (moves.c).
 */
#ifndef CARC_TOWER_H
#define CARC_TOWER_H

#include "../expansion.h"

/* The module's state (tower_state.h): tower_st(g), const with a const g. */
EXP_STATE(tower, struct tower_state, ext.tower)
#define tower_st(g) EXP_ST(tower, g)

enum { TOWER_HOLD_CAPTURE = 1, TOWER_HOLD_EXCHANGE = 2 };
/* A ransom's price, paid to the holder (TW8), and the points it needs. */
enum { TOWER_RANSOM = 3 };

/* The module's kinds: the 17 of tower/tiles.inc and their 2 garden twins, the
 * catalogue's kinds from TOWER_FIRST (catalogue.c lists the module after The
 * Princess & the Dragon's 31; tower_check checks the range against the catalogue). */
enum { TOWER_FIRST = 119, TOWER_KINDS = 19 };

/* Whether a tile kind has a tower foundation: the kinds The Tower brings (a range:
 * every placed tile is asked at every T6). */
static inline int tower_kind(int kind)
{
    return (unsigned)(kind - TOWER_FIRST) < TOWER_KINDS;
}

/* ---- reach.c ---- */
/* The towers on the board, in placement order (tower k's height is height[k]):
 * their placed indices written to tiles (TOWER_MAX), the count returned. As noted
 * (tower_placed): tiles never leave the board, so tower k stays tower k. */
int tower_list(const carc_game *g, uint8_t tiles[TOWER_MAX]);
/* The same found from the board (carc_check compares the two). */
int tower_list_board(const carc_game *g, uint8_t tiles[TOWER_MAX]);
/* T4 (hook at[ST_T4_GIFT]): notes the tile just placed if it has a tower; owes no
 * decision (0). */
int tower_placed(carc_game *g);
/* The tower at placed index t (k with tiles[k] == t), or -1. */
int tower_index(const carc_game *g, int t);
/* Whether a figure stands on top of the tower of placed tile t (TW4: closed);
 * its seat and slot in *seat, *slot when it does (may be NULL). */
int tower_closed(const carc_game *g, int t, int *seat, int *slot);
/* The towers tiles[0..n) (tower_list) that are closed: bit k for tower k, from the
 * followers noted on tops (tower_state's topped, top: T6 asks of every tower at
 * every decision); tower_closed_board the same from one pass over every seat's
 * followers, which tower_check compares with it. */
unsigned tower_closed_mask(const carc_game *g, const uint8_t tiles[TOWER_MAX], int n);
unsigned tower_closed_board(const carc_game *g, const uint8_t tiles[TOWER_MAX], int n);
/* Notes that slot of seat now tops tower k (TW4), for tower_closed_mask. */
void tower_topped(carc_game *g, int k, int seat, int slot);
/* Whether seat has the follower kind `figure` in supply and it may top a tower
 * (its descriptor stands on CARC_FEAT_TOWER: the meeple and the large meeple). */
int tower_topper(const carc_game *g, int seat, int figure);
/* The kinds of the game's figures that may top a tower (tower_state's toppers). */
unsigned tower_toppers_of(const carc_game *g);
/* TW5: whether the figure of slot value v stands within reach of tower k
 * (its row or column, within its height) and may be captured (a follower not on
 * a locked feature, XI20). */
static inline int tower_in_reach(const carc_game *g, int k, const uint8_t tiles[TOWER_MAX],
                                 int slot, unsigned v)
{
    /* inline: a capture's list asks it of every follower of every seat */
    if (slot >= FIG_FOLLOWER_SLOTS)
        return 0;  /* special figures are never captured (TW5, CI18) */
    int t;
    if (fig_placed(v)) {
        if (feat_of(g, (int)v)->flags & NF_LOCKED)
            return 0;  /* XI20 */
        t = g->nodes[v].tile;
    } else if (fig_at_place(v)) {
        t = fig_place_tile(v);
    } else {
        return 0;
    }
    const placed *at = &g->tiles[tiles[k]], *p = &g->tiles[t];
    int h = tower_st(g)->height[k], dx = p->x - at->x, dy = p->y - at->y;
    return (dy == 0 && dx >= -h && dx <= h) || (dx == 0 && dy >= -h && dy <= h);
}

/* ---- moves.c ---- */
/* carc_move_canonical for the module's move kinds (its canonical hook). */
int tower_canonical_move(const carc_game *g, carc_move *m);
/* T6 (the hooks t6_owed, t6_legal, t6_apply): the ransoms (TW8), the floors (TW3)
 * and followers on towers (TW4). */
int tower_t6_owed(const carc_game *g);
int tower_t6_legal(const carc_game *g, carc_move *out, int cap);
int tower_t6_apply(carc_game *g, const carc_move *m, carc_error *err);
/* How many tower_t6_legal lists with room for all; the i-th of them. */
int tower_t6_count(const carc_game *g, void *memo);
void tower_t6_nth(const carc_game *g, const void *memo, int i, carc_move *out);
/* The decisions it owes while it holds the turn machine: the capture (TW5) and
 * the exchange (TW6): their moves and applying them. */
int tower_legal(const carc_game *g, int decision, carc_move *out, int cap);
int tower_apply(carc_game *g, int decision, const carc_move *m, carc_error *err);

#endif
