/*
 * tower_state.h - The Tower's state (struct tower_state), part 1 of the state
 * (registry.h): zero in a game without it. Everything here is public (TW10).
 */
#ifndef CARC_TOWER_STATE_H
#define CARC_TOWER_STATE_H

#include <stdint.h>
#include "carc.h"

/* The tower tiles of a game (TW1: 18, one tower each). */
enum { TOWER_MAX = 18 };

struct tower_state {
    /* the height of each tower, its number of floors (TW3), by its place among the
     * towers on the board in placement order (tile[] below) */
    uint8_t height[TOWER_MAX];
    uint8_t floors[CARC_MAX_PLAYERS];  /* each seat's floors in supply (TW2) */
    /* a decision owed after a floor (the module holds the turn machine while
     * non-zero): TOWER_HOLD_CAPTURE, the capture of TW5 from tower `at`;
     * TOWER_HOLD_EXCHANGE, the capturer's choice of TW6 with seat `other` */
    uint8_t hold;
    uint8_t at;
    uint8_t other;
    uint8_t ransomed;  /* a ransom was paid this turn (TW8: once per turn) */
    /* the towers on the board: tower k is placed tile tile[k], in placement order,
     * ntowers of them (noted at T4, tower_placed: T6 asks at every decision, and a
     * walk of the board for them was a tenth of a game with all nine) */
    uint8_t tile[TOWER_MAX];
    uint8_t ntowers;
    /* the followers put on towers' tops (TW4): bit k of `topped` for tower k, whose
     * follower is slot top[k] & 15 of seat top[k] >> 4 (state.h's fnode),
     * noted as tower_t6_apply puts it there. A follower leaves a top by many rules
     * (a capture, the dragon, a card), none of them the module's: a note stays
     * until the top is taken again, and tower_closed_mask keeps a tower closed only
     * while its noted slot still stands there (T6 asked every seat's slots at every
     * decision; tower_check compares both with the board). */
    uint32_t topped;
    uint8_t top[TOWER_MAX];
    /* jailed[s]: how many of seat s's followers other seats hold (TW6: captured,
     * not yet freed by a ransom or an exchange), counted as moves.c captures and
     * frees them, so that T6 looks for ransoms (TW8) only when the active player
     * has a follower held (T6 asked every slot of the seat at every decision) */
    uint8_t jailed[CARC_MAX_PLAYERS];
    /* the kinds of the game's figures that may top a tower (their descriptors'
     * `stands`, TW4: the meeple, the large meeple), set at set-up */
    uint16_t toppers;
};

#endif
