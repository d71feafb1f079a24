/*
 * abbey_state.h - Abbey & Mayor's state (struct abbey_state), part 1 of the state
 * (registry.h): zero in a game without it. Everything here is public (AM13).
 * The abbey's part comes first; the mayor's, the wagon's and the barn's follow.
 */
#ifndef CARC_ABBEY_STATE_H
#define CARC_ABBEY_STATE_H

#include <stdint.h>
#include "carc.h"

struct abbey_state {
    uint8_t held;    /* bit s: seat s still holds its abbey (AM2, AM3: once a game) */
    uint8_t ask;     /* the decision owed (ABBEY_ASKED), or T1's answer "draw" (abbey.h) */
    /* E0, the final abbeys (AM5): 0 before; then 1 + how many players have been
     * asked, the one asked now being (ender + final) % players */
    uint8_t final;
    uint8_t ender;   /* the seat that had the last turn (AM5) */
    /* barn.c: 1 + the seat whose barn this part's T6 placed, scored in T7 (AM10 a) */
    uint8_t barn_placed;
    /* wagon.c: 1 + the tile each seat's wagon stood on when T7 scored its feature
     * (AM8), until the seat moves it or leaves it in supply; 0 for none */
    uint8_t wagon_from[CARC_MAX_PLAYERS];
};

#endif
