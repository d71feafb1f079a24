/*
 * card.h - what each Christmas card is: its deck (X1), its timing (lightning,
 * anytime or end, X4-X6, E2), the feature type it targets, and the grain at which
 * its targets are listed:
 *
 *   a segment (followers placed by cards: claim_*, intrude_*; every segment of
 *   every eligible feature is a move of its own, X14), a follower (return_follower,
 *   swap_*), or a feature (score_*, lock_*, tiebreak_*: one move per feature, named
 *   by its oldest segment; any segment of the feature is accepted).
 */
#ifndef CARC_XMAS_CARD_H
#define CARC_XMAS_CARD_H

/* Included by christmas.h, whose enums they use. Inline, not in a file of their
 * own: the window and target lists ask them for every card held at every window,
 * and a call each was about 2,000 instructions of a random game with both
 * expansions (the switches compile to table loads). */

static inline int xmas_card_is(int c)
{
    return c >= CARC_XC_SCORE_THREE && c <= CARC_XR_TIEBREAK_FIELD;
}

static inline int xmas_card_deck(int c)
{
    return c >= CARC_XR_INTRUDE_FIELD ? DECK_ROADSIDE : DECK_CLOISTER;
}

static inline enum timing xmas_card_timing(int c)
{
    if (c <= CARC_XC_CLAIM_CITY || (c >= CARC_XR_INTRUDE_FIELD && c <= CARC_XR_TIEBREAK_CLOISTER))
        return LIGHTNING;
    if (c >= CARC_XC_SUPPLY_BONUS && c <= CARC_XC_SHARED_FIELD_BONUS)
        return END;
    return c == CARC_XR_TIEBREAK_FIELD ? END : ANYTIME;
}

/* The feature type a card targets, or -1. */
static inline int xmas_card_feature(int c)
{
    switch (c) {
    case CARC_XC_CLAIM_FIELD: case CARC_XR_INTRUDE_FIELD: case CARC_XR_SWAP_FIELD:
    case CARC_XR_TIEBREAK_FIELD:
        return CARC_FEAT_FIELD;
    case CARC_XC_SCORE_ROAD_DOUBLE: case CARC_XC_CLAIM_ROAD: case CARC_XR_INTRUDE_ROAD:
    case CARC_XR_LOCK_ROAD: case CARC_XR_TIEBREAK_ROAD: case CARC_XR_SWAP_ROAD:
    case CARC_XC_LOOP_ROAD_DOUBLE:
        return CARC_FEAT_ROAD;
    case CARC_XC_SCORE_CITY_BONUS: case CARC_XC_CLAIM_CITY: case CARC_XR_INTRUDE_CITY:
    case CARC_XR_LOCK_CITY: case CARC_XR_TIEBREAK_CITY: case CARC_XR_SWAP_CITY:
    case CARC_XC_PENNANTS_WORTH_THREE: case CARC_XC_PLAIN_CITY_WORTH_THREE:
        return CARC_FEAT_CITY;
    case CARC_XC_SCORE_CLOISTER_BONUS: case CARC_XR_INTRUDE_CLOISTER:
    case CARC_XR_LOCK_CLOISTER: case CARC_XR_TIEBREAK_CLOISTER: case CARC_XR_SWAP_CLOISTER:
        return CARC_FEAT_CLOISTER;
    default:
        return -1;
    }
}

static inline enum grain xmas_card_grain(int c)
{
    switch (c) {
    case CARC_XC_CLAIM_FIELD: case CARC_XC_CLAIM_ROAD: case CARC_XC_CLAIM_CITY:
    case CARC_XR_INTRUDE_FIELD: case CARC_XR_INTRUDE_ROAD: case CARC_XR_INTRUDE_CITY:
    case CARC_XR_INTRUDE_CLOISTER:
        return BY_SEGMENT;
    case CARC_XC_RETURN_FOLLOWER: case CARC_XR_SWAP_CLOISTER: case CARC_XR_SWAP_CITY:
    case CARC_XR_SWAP_ROAD: case CARC_XR_SWAP_FIELD:
        return BY_FOLLOWER;
    case CARC_XC_SCORE_ROAD_DOUBLE: case CARC_XC_SCORE_CITY_BONUS:
    case CARC_XC_SCORE_CLOISTER_BONUS: case CARC_XR_LOCK_CLOISTER: case CARC_XR_LOCK_ROAD:
    case CARC_XR_LOCK_CITY: case CARC_XR_TIEBREAK_ROAD: case CARC_XR_TIEBREAK_CITY:
    case CARC_XR_TIEBREAK_CLOISTER: case CARC_XR_TIEBREAK_FIELD:
        return BY_FEATURE;
    default:
        return BY_NOTHING;
    }
}

static inline int xmas_card_is_swap(int c)
{
    return c >= CARC_XR_SWAP_CLOISTER && c <= CARC_XR_SWAP_FIELD;
}

#endif
