/*
 * dragon_state.h - The Princess & the Dragon's state (registry.h reserves it in
 * part 1 of the state): where the two neutral figures stand, the follower the
 * fairy is assigned to, the dragon's movement in progress and the tiles set aside
 * before the first volcano. All of it is public (PD14) but where a fixed stack puts
 * those tiles back, which is part of the stack's order (a view zeroes it).
 */
#ifndef CARC_DRAGON_STATE_H
#define CARC_DRAGON_STATE_H

#include <stdint.h>

enum { DRAGON_MOVES = 6, DRAGON_TILES = 12 };

struct dragon_state {
    /* Zero is "none" throughout, so that the state of a game without the expansion
     * is all zero (carc_check): */
    uint8_t dragon;      /* 1 + the dragon's tile (index into tiles[]), 0 off the board */
    uint8_t fairy;       /* 1 + the fairy's tile, 0 off the board */
    /* The follower the fairy is assigned to (PD9 a): 1 + seat (0: nobody), figure
     * slot and where it stands, the slot's value (a node, or the place of a tower's
     * top: state.h's fig_place, CI22). It is assigned only while that slot still
     * holds that value (PD9 e: a follower that left is no longer it). */
    uint8_t fairy_seat, fairy_slot;
    uint16_t fairy_node;
    uint8_t due;         /* the tile of this part has the dragon symbol and the dragon
                            is on the board: it moves after T6 (PD6) */
    uint8_t walking;     /* the movement has begun (PD7) */
    uint8_t walked;      /* moves made so far: move k is chosen by active + k */
    uint8_t visited[DRAGON_MOVES + 1];  /* tiles of this movement, the start first */
    uint8_t naside;
    uint8_t aside[DRAGON_TILES];  /* kinds set aside before the first volcano (PD4) */
    /* With a fixed stack, where the first volcano puts each of them back (PD4: the
     * configuration's aside_pos): 1 + the depth from the top, 0 the bottom. Part of
     * the stack order: zero in a view. */
    uint8_t aside_at[DRAGON_TILES];
    /* While a movement owes a step (walking): the tiles the dragon may step onto, N
     * E S W, nsteps of them, noted by the step after T6 as it finds the movement
     * goes on, so that the list and the move read them instead of four lookups of
     * the board each (dragon_walk_check compares them with the board); zero
     * otherwise. */
    uint8_t steps[4];
    uint8_t nsteps;
};

#endif
