/*
 * cards.c - Christmas Present's cards as the layers above show them: what each card
 * of the Cloister and Roadside decks is called and does, in plain words for players,
 * and what a move playing it names after its id (carc_card_desc, include/carc.h).
 * `carc cards`, the terminal game, the browser (GET /api/cards), the notation and the
 * Python layer read them from the registry (carc_card_desc_of), so every front end
 * explains and writes a card the same way.
 *
 * The texts summarise RULES.md in the project's own words, for players: no rule ids
 * (issue 21; `carc cards` and docs/RULES.md name the rules). A text says what the
 * card does and when it can be played; it never replaces the rules.
 */
#include "christmas.h"

const carc_card_desc xmas_cards[] = {
    /* the Cloister deck */
    {CARC_XC_SCORE_THREE, CARC_TARGET_NONE, "Three Points", "cloister", "lightning",
        "Score 3 points at once."},
    {CARC_XC_SCORE_ROAD_DOUBLE, CARC_TARGET_SEG, "Road Bonus", "cloister", "lightning",
        "Score an unfinished road you control now: 2 points per tile for you; it is then "
        "cleared of followers."},
    {CARC_XC_SCORE_CITY_BONUS, CARC_TARGET_SEG, "City Bonus", "cloister", "lightning",
        "Score an unfinished city you control now: 2 per tile and 1 per pennant for you; "
        "it is then cleared of followers."},
    {CARC_XC_SCORE_CLOISTER_BONUS, CARC_TARGET_SEG, "Cloister Bonus", "cloister", "lightning",
        "Score an unfinished cloister you control now: 1 plus 2 per surrounding tile for "
        "you; its followers go home."},
    {CARC_XC_CLAIM_FIELD, CARC_TARGET_SEG, "Claim a Field", "cloister", "lightning",
        "Put a follower from your supply in any field that holds no follower."},
    {CARC_XC_CLAIM_ROAD, CARC_TARGET_SEG, "Claim a Road", "cloister", "lightning",
        "Put a follower from your supply on any unfinished road that holds no follower."},
    {CARC_XC_CLAIM_CITY, CARC_TARGET_SEG, "Claim a City", "cloister", "lightning",
        "Put a follower from your supply in any unfinished city that holds no follower."},
    {CARC_XC_LOOP_ROAD_DOUBLE, CARC_TARGET_NONE, "Road Loop x2", "cloister", "anytime",
        "When a road loop you control is completed in your turn, it scores 2 per tile "
        "for you."},
    {CARC_XC_PREVENT_ATTACK, CARC_TARGET_NONE, "Shield", "cloister", "anytime",
        "When another player's Roadside card, swap or Mastermind attacks you, play this "
        "to cancel it."},
    {CARC_XC_DRAW_TWO, CARC_TARGET_NONE, "Draw Two", "cloister", "anytime",
        "Before placing, draw a second tile; place one of the two and the other leaves "
        "the game. At most one extra tile per turn."},
    {CARC_XC_PENNANTS_WORTH_THREE, CARC_TARGET_NONE, "Pennants x3", "cloister", "anytime",
        "When a city with pennants you control is completed in your turn, it scores 2 per "
        "tile and 3 per pennant for you."},
    {CARC_XC_PLAIN_CITY_WORTH_THREE, CARC_TARGET_NONE, "Plain City x3", "cloister", "anytime",
        "When a city without pennants you control is completed in your turn, it scores 3 "
        "per tile for you."},
    {CARC_XC_RETURN_FOLLOWER, CARC_TARGET_SEG, "Call Back", "cloister", "anytime",
        "In your turn, take one of your followers back to your supply from any feature "
        "that is not locked; nobody scores."},
    {CARC_XC_SUPPLY_BONUS, CARC_TARGET_NONE, "Reserve Bonus", "cloister", "end",
        "At the end of the game: 2 points for every follower in your supply."},
    {CARC_XC_FIELD_CITY_BONUS, CARC_TARGET_NONE, "Farmer's Bonus", "cloister", "end",
        "At the end of the game: +1 for each completed city bordering each field you "
        "control."},
    {CARC_XC_SHARED_FIELD_BONUS, CARC_TARGET_NONE, "Shared Field Bonus", "cloister", "end",
        "At the end of the game: +1 for each completed city bordering each field whose "
        "majority you share with another player."},

    /* the Roadside deck */
    {CARC_XR_INTRUDE_FIELD, CARC_TARGET_SEG, "Intrude: Field", "roadside", "lightning",
        "Put a follower from your supply in a field where another player has one. An "
        "attack: they may block it with Shield."},
    {CARC_XR_INTRUDE_ROAD, CARC_TARGET_SEG, "Intrude: Road", "roadside", "lightning",
        "Put a follower from your supply on an unfinished road where another player has "
        "one. An attack: they may block it with Shield."},
    {CARC_XR_INTRUDE_CITY, CARC_TARGET_SEG, "Intrude: City", "roadside", "lightning",
        "Put a follower from your supply in an unfinished city where another player has "
        "one. An attack: they may block it with Shield."},
    {CARC_XR_INTRUDE_CLOISTER, CARC_TARGET_SEG, "Intrude: Cloister", "roadside", "lightning",
        "Put a follower from your supply on an unfinished cloister where another player "
        "has one. An attack: they may block it with Shield."},
    {CARC_XR_LOCK_CLOISTER, CARC_TARGET_SEG, "Lock a Cloister", "roadside", "lightning",
        "Lock an unfinished cloister that holds a follower: its followers stay until the "
        "end, and its points when completed are kept for the end. An attack on "
        "the other players there: they may block it with Shield."},
    {CARC_XR_LOCK_ROAD, CARC_TARGET_SEG, "Lock a Road", "roadside", "lightning",
        "Lock an unfinished road that holds a follower: its followers stay until the "
        "end, and its points when completed are kept for the end. An attack on "
        "the other players there: they may block it with Shield."},
    {CARC_XR_LOCK_CITY, CARC_TARGET_SEG, "Lock a City", "roadside", "lightning",
        "Lock an unfinished city that holds a follower: its followers stay until the "
        "end, and its points when completed are kept for the end. An attack on "
        "the other players there: they may block it with Shield."},
    {CARC_XR_TIEBREAK_ROAD, CARC_TARGET_SEG, "Tie-break: Road", "roadside", "lightning",
        "Put your token on an unfinished road where you have a follower: in a tie for the "
        "most followers there, token holders win."},
    {CARC_XR_TIEBREAK_CITY, CARC_TARGET_SEG, "Tie-break: City", "roadside", "lightning",
        "Put your token on an unfinished city where you have a follower: in a tie for the "
        "most followers there, token holders win."},
    {CARC_XR_TIEBREAK_CLOISTER, CARC_TARGET_SEG, "Tie-break: Cloister", "roadside", "lightning",
        "Put your token on an unfinished cloister where you have a follower: in a tie, "
        "token holders win."},
    {CARC_XR_SWAP_CLOISTER, CARC_TARGET_SEG_SEG, "Swap: Cloister", "roadside", "anytime",
        "In your turn, swap one of your followers on a cloister with another player's "
        "follower on a different cloister. An attack on that player: they may block it with Shield."},
    {CARC_XR_SWAP_CITY, CARC_TARGET_SEG_SEG, "Swap: City", "roadside", "anytime",
        "In your turn, swap one of your followers in a city with another player's "
        "follower in a different city. An attack on that player: they may block it with Shield."},
    {CARC_XR_SWAP_ROAD, CARC_TARGET_SEG_SEG, "Swap: Road", "roadside", "anytime",
        "In your turn, swap one of your followers on a road with another player's "
        "follower on a different road. An attack on that player: they may block it with Shield."},
    {CARC_XR_SWAP_FIELD, CARC_TARGET_SEG_SEG, "Swap: Field", "roadside", "anytime",
        "In your turn, swap one of your followers in a field with another player's "
        "follower in a different field. An attack on that player: they may block it with Shield."},
    {CARC_XR_MASTERMIND, CARC_TARGET_POS, "Mastermind", "roadside", "anytime",
        "In your turn, name an empty spot next to the board: if the next player's tile "
        "fits there, they must place it there. An attack on that player: they may block it with Shield."},
    {CARC_XR_TIEBREAK_FIELD, CARC_TARGET_SEG, "Tie-break: Field", "roadside", "end",
        "At the end of the game, put your token on a field where you have a follower: in "
        "a tie there, token holders win."},
    {0, 0, NULL, NULL, NULL, NULL},
};
