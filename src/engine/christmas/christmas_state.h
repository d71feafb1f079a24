/*
 * christmas_state.h - Christmas Present's state (christmas/), held in part 2 of the
 * state, the card expansions' block (registry.h: struct exp_block), and touched
 * only by this module's files, through xmas_st (christmas.h). Zero in a game
 * without the expansion. Deck 0 is the Cloister deck, 1 the Roadside deck; tops at
 * the end of the arrays.
 */
#ifndef CARC_CHRISTMAS_STATE_H
#define CARC_CHRISTMAS_STATE_H

#include <stdint.h>
#include "carc.h"

/* features one tile can complete: the core's MAX_DONE (christmas.h checks) */
enum { XMAS_DONE = 16 };

struct xmas_state {
    uint8_t deck[2][32];
    uint8_t deck_len[2];
    uint8_t discard[2][32];     /* face up, in the order discarded */
    uint8_t ndiscard[2];
    uint8_t hand[CARC_MAX_PLAYERS][CARC_CARDS];  /* count per card id; in a view,
                                                    index 0 counts hidden cards */
    uint8_t play;               /* the card in play (X4), or CARC_CARD_NONE */
    uint8_t play_phase;         /* XP_TARGET or XP_REPLY */
    uint8_t play_drawn;         /* 1: drawn (lightning); 0: played from hand */
    uint8_t reply_left;         /* seats still to be asked (X10), bit mask */
    uint8_t reply_seat;         /* the seat asked now */
    carc_move play_target;      /* the target named, once named */
    uint8_t mm_used;            /* a mastermind was played this turn (X13) */
    /* Pending Mastermind positions (X13), one slot per turn parity: slot t & 1 binds
     * turn t. A bound player may play their own for the next turn, so two can be
     * pending at once and the second must not overwrite the first. */
    uint8_t mm_pending;         /* bit i: slot i is set */
    int8_t mm_x[2], mm_y[2];
    uint16_t mm_turn[2];
    uint8_t qready;                      /* T7: questions listed for placed[qready - 1] (XI16) */
    uint8_t nquestions, question;        /* T7: X8 questions, the one asked now */
    uint16_t qroot[XMAS_DONE];           /* the feature of each question */
    uint8_t modifier[XMAS_DONE];         /* per done[] entry: the modifier played, or 0 */
    uint8_t hidden[CARC_MAX_PLAYERS][2]; /* in a view: another seat's hidden cards by
                                            deck of origin (public, X4) */
    uint8_t e2_started;                  /* E2: non-end cards voided */
    uint8_t end_seat;                    /* E2: the seat resolving its end cards */
    uint8_t end_bonus[CARC_MAX_PLAYERS][2];  /* E3: field_city_bonus, shared_field_bonus */
};

#endif
