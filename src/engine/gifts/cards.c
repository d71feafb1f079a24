/*
 * cards.c - The Gifts' cards as the layers above show them: what each gift is
 * called and does, in plain words for players, and what a move opening it names
 * after its id (carc_card_desc, include/carc.h). `carc cards`, the terminal game,
 * the browser (GET /api/cards), the notation and the Python layer read them from
 * the registry (carc_card_desc_of), so every front end explains and writes a gift
 * the same way.
 *
 * The texts summarise RULES.md in the project's own words, for players: no rule ids
 * (issue 21; `carc cards` and docs/RULES.md name the rules). A text says what the
 * card does and when it can be played; it never replaces the rules.
 */
#include "gifts.h"

const carc_card_desc gifts_cards[] = {
    {CARC_GIFT_SYNOD, CARC_TARGET_SEG, "Synod", "gift", "gift",
        "Put a follower from your supply on any unfinished cloister, even one that is "
        "already occupied. Open it before placing your tile."},
    {CARC_GIFT_ROAD_SWEEPER, CARC_TARGET_SEG, "Road Sweeper", "gift", "gift",
        "Pick any unfinished road: it scores now as at the end of the game (1 per tile) "
        "for whoever holds it, and every follower on it goes home."},
    {CARC_GIFT_CASH_OUT, CARC_TARGET_SEG, "Cash Out", "gift", "gift",
        "Take one of your followers back from any feature and score 2 points for every "
        "follower that stood there, yours included."},
    {CARC_GIFT_CHANGE_POSITION, CARC_TARGET_SEG_PORT, "Change Position", "gift", "gift",
        "Move one of your followers to another segment of the same tile: from a road, "
        "city or cloister into a field, or from a field onto an unfinished road, city "
        "or cloister."},
    {CARC_GIFT_TAKE_TWO, CARC_TARGET_NONE, "Take 2", "gift", "gift",
        "Draw a second tile; place one of the two and the other is shuffled back into "
        "the stack."},
    {0, 0, NULL, NULL, NULL, NULL},
};
