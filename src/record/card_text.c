/*
 * card_text.c - what each gift and Christmas card is called and does, in plain
 * words for players: one table, read by `carc cards`, the terminal game and (as
 * JSON) the web front end, so that every front end explains a card the same way.
 *
 * The texts summarise RULES.md in the project's own words, for players: no rule ids
 * (issue 21; `carc cards` and docs/RULES.md name the rules). A text says what the
 * card does and when it can be played; it never replaces the rules.
 */
#include <string.h>
#include "record_int.h"

static const carc_card_info card_info[CARC_CARDS] = {
    [CARC_GIFT_SYNOD] = {"Synod", "gift", "gift",
        "Put a follower from your supply on any unfinished cloister, even one that is "
        "already occupied. Open it before placing your tile."},
    [CARC_GIFT_ROAD_SWEEPER] = {"Road Sweeper", "gift", "gift",
        "Pick any unfinished road: it scores now as at the end of the game (1 per tile) "
        "for whoever holds it, and every follower on it goes home."},
    [CARC_GIFT_CASH_OUT] = {"Cash Out", "gift", "gift",
        "Take one of your followers back from any feature and score 2 points for every "
        "follower that stood there, yours included."},
    [CARC_GIFT_CHANGE_POSITION] = {"Change Position", "gift", "gift",
        "Move one of your followers to another segment of the same tile: from a road, "
        "city or cloister into a field, or from a field onto an unfinished road, city "
        "or cloister."},
    [CARC_GIFT_TAKE_TWO] = {"Take 2", "gift", "gift",
        "Draw a second tile; place one of the two and the other is shuffled back into "
        "the stack."},

    [CARC_XC_SCORE_THREE] = {"Three Points", "cloister", "lightning",
        "Score 3 points at once."},
    [CARC_XC_SCORE_ROAD_DOUBLE] = {"Road Bonus", "cloister", "lightning",
        "Score an unfinished road you control now: 2 points per tile for you; it is then "
        "cleared of followers."},
    [CARC_XC_SCORE_CITY_BONUS] = {"City Bonus", "cloister", "lightning",
        "Score an unfinished city you control now: 2 per tile and 1 per pennant for you; "
        "it is then cleared of followers."},
    [CARC_XC_SCORE_CLOISTER_BONUS] = {"Cloister Bonus", "cloister", "lightning",
        "Score an unfinished cloister you control now: 1 plus 2 per surrounding tile for "
        "you; its followers go home."},
    [CARC_XC_CLAIM_FIELD] = {"Claim a Field", "cloister", "lightning",
        "Put a follower from your supply in any field that holds no follower."},
    [CARC_XC_CLAIM_ROAD] = {"Claim a Road", "cloister", "lightning",
        "Put a follower from your supply on any unfinished road that holds no follower."},
    [CARC_XC_CLAIM_CITY] = {"Claim a City", "cloister", "lightning",
        "Put a follower from your supply in any unfinished city that holds no follower."},
    [CARC_XC_LOOP_ROAD_DOUBLE] = {"Road Loop x2", "cloister", "anytime",
        "When a road loop you control is completed in your turn, it scores 2 per tile "
        "for you."},
    [CARC_XC_PREVENT_ATTACK] = {"Shield", "cloister", "anytime",
        "When another player's Roadside card, swap or Mastermind attacks you, play this "
        "to cancel it."},
    [CARC_XC_DRAW_TWO] = {"Draw Two", "cloister", "anytime",
        "Before placing, draw a second tile; place one of the two and the other leaves "
        "the game. At most one extra tile per turn."},
    [CARC_XC_PENNANTS_WORTH_THREE] = {"Pennants x3", "cloister", "anytime",
        "When a city with pennants you control is completed in your turn, it scores 2 per "
        "tile and 3 per pennant for you."},
    [CARC_XC_PLAIN_CITY_WORTH_THREE] = {"Plain City x3", "cloister", "anytime",
        "When a city without pennants you control is completed in your turn, it scores 3 "
        "per tile for you."},
    [CARC_XC_RETURN_FOLLOWER] = {"Call Back", "cloister", "anytime",
        "In your turn, take one of your followers back to your supply from any feature "
        "that is not locked; nobody scores."},
    [CARC_XC_SUPPLY_BONUS] = {"Reserve Bonus", "cloister", "end",
        "At the end of the game: 2 points for every follower in your supply."},
    [CARC_XC_FIELD_CITY_BONUS] = {"Farmer's Bonus", "cloister", "end",
        "At the end of the game: +1 for each completed city bordering each field you "
        "control."},
    [CARC_XC_SHARED_FIELD_BONUS] = {"Shared Field Bonus", "cloister", "end",
        "At the end of the game: +1 for each completed city bordering each field whose "
        "majority you share with another player."},

    [CARC_XR_INTRUDE_FIELD] = {"Intrude: Field", "roadside", "lightning",
        "Put a follower from your supply in a field where another player has one. An "
        "attack: they may block it with Shield."},
    [CARC_XR_INTRUDE_ROAD] = {"Intrude: Road", "roadside", "lightning",
        "Put a follower from your supply on an unfinished road where another player has "
        "one. An attack: they may block it with Shield."},
    [CARC_XR_INTRUDE_CITY] = {"Intrude: City", "roadside", "lightning",
        "Put a follower from your supply in an unfinished city where another player has "
        "one. An attack: they may block it with Shield."},
    [CARC_XR_INTRUDE_CLOISTER] = {"Intrude: Cloister", "roadside", "lightning",
        "Put a follower from your supply on an unfinished cloister where another player "
        "has one. An attack: they may block it with Shield."},
    [CARC_XR_LOCK_CLOISTER] = {"Lock a Cloister", "roadside", "lightning",
        "Lock an unfinished cloister that holds a follower: its followers stay until the "
        "end, and its points when completed are kept for the end. An attack on "
        "the other players there: they may block it with Shield."},
    [CARC_XR_LOCK_ROAD] = {"Lock a Road", "roadside", "lightning",
        "Lock an unfinished road that holds a follower: its followers stay until the "
        "end, and its points when completed are kept for the end. An attack on "
        "the other players there: they may block it with Shield."},
    [CARC_XR_LOCK_CITY] = {"Lock a City", "roadside", "lightning",
        "Lock an unfinished city that holds a follower: its followers stay until the "
        "end, and its points when completed are kept for the end. An attack on "
        "the other players there: they may block it with Shield."},
    [CARC_XR_TIEBREAK_ROAD] = {"Tie-break: Road", "roadside", "lightning",
        "Put your token on an unfinished road where you have a follower: in a tie for the "
        "most followers there, token holders win."},
    [CARC_XR_TIEBREAK_CITY] = {"Tie-break: City", "roadside", "lightning",
        "Put your token on an unfinished city where you have a follower: in a tie for the "
        "most followers there, token holders win."},
    [CARC_XR_TIEBREAK_CLOISTER] = {"Tie-break: Cloister", "roadside", "lightning",
        "Put your token on an unfinished cloister where you have a follower: in a tie, "
        "token holders win."},
    [CARC_XR_SWAP_CLOISTER] = {"Swap: Cloister", "roadside", "anytime",
        "In your turn, swap one of your followers on a cloister with another player's "
        "follower on a different cloister. An attack on that player: they may block it with Shield."},
    [CARC_XR_SWAP_CITY] = {"Swap: City", "roadside", "anytime",
        "In your turn, swap one of your followers in a city with another player's "
        "follower in a different city. An attack on that player: they may block it with Shield."},
    [CARC_XR_SWAP_ROAD] = {"Swap: Road", "roadside", "anytime",
        "In your turn, swap one of your followers on a road with another player's "
        "follower on a different road. An attack on that player: they may block it with Shield."},
    [CARC_XR_SWAP_FIELD] = {"Swap: Field", "roadside", "anytime",
        "In your turn, swap one of your followers in a field with another player's "
        "follower in a different field. An attack on that player: they may block it with Shield."},
    [CARC_XR_MASTERMIND] = {"Mastermind", "roadside", "anytime",
        "In your turn, name an empty spot next to the board: if the next player's tile "
        "fits there, they must place it there. An attack on that player: they may block it with Shield."},
    [CARC_XR_TIEBREAK_FIELD] = {"Tie-break: Field", "roadside", "end",
        "At the end of the game, put your token on a field where you have a follower: in "
        "a tie there, token holders win."},
};

const carc_card_info *carc_card_info_of(int card)
{
    if (card <= CARC_CARD_NONE || card >= CARC_CARDS)
        return NULL;
    return &card_info[card];
}

char *carc_cards_json(void)
{
    json_t *arr = json_array();
    char *text;
    int c;

    if (arr == NULL)
        return NULL;
    for (c = CARC_CARD_NONE + 1; c < CARC_CARDS; c++) {
        const carc_card_info *ci = &card_info[c];
        json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s}", "id", carc_card_name(c), "name",
                              ci->name, "deck", ci->deck, "timing", ci->timing, "text",
                              ci->text);
        if (o == NULL || json_array_append_new(arr, o) != 0) {
            json_decref(arr);
            return NULL;
        }
    }
    text = json_dumps(arr, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(arr);
    return text;
}

/* How the expansions work, for players: what the issue 21 testers could not find out
 * (how a gift is earned, why a deck is offered and why one would decline, the hand
 * limit, what a window is, the end). The same paragraphs are in web/how.html. */
static const carc_guide_par guide[] = {
    {0, "A turn",
     "Draw a tile. Before placing it you may open one gift and play Christmas cards. "
     "Place the tile; you may then receive a gift and be offered a Christmas card. Put a "
     "follower on the tile, or not. Completed roads, cities and cloisters score. After "
     "scoring you may play Christmas cards again; then, holding more than five Christmas "
     "cards, you discard down to five."},
    {CARC_EXP_GIFTS, "The Gifts: how you receive a gift",
     "You receive a gift when the tile you place extends or completes a road or a city "
     "that has followers on it and you are not in the lead there: someone else has more "
     "followers on it, or you have none. For example, when Blue extends Red's road, Blue "
     "receives a gift. Fields and cloisters never give gifts, and you receive at most "
     "one gift a turn."},
    {CARC_EXP_GIFTS, NULL,
     "Only you see which gift you received; the other players see that you received "
     "one."},
    {CARC_EXP_GIFTS, "The Gifts: opening a gift",
     "From your next turn on, you may open one gift a turn, before placing your tile. "
     "Synod puts a follower from your supply on any unfinished cloister, Road Sweeper "
     "scores a road now and clears it, Cash Out takes a follower of yours back for 2 "
     "points per follower on its feature, Change Position moves a follower of yours "
     "within its tile, Take 2 lets you draw a second tile and choose. A gift with nothing "
     "to act on (Synod with no follower in your supply, say) is wasted: the game says so "
     "before you open it."},
    {CARC_EXP_GIFTS, NULL, "At the end of the game, every gift you have not opened is worth 2 points."},
    {CARC_EXP_CHRISTMAS, "Christmas Present: when a deck is offered",
     "There are two decks of Christmas cards. The Cloister deck is offered when the tile "
     "you place touches, even at a corner, a cloister on which another player has a "
     "follower. The Roadside deck is offered when the tile you place shows only roads and "
     "fields: the straight road, the curve, and the three- and four-way crossings. Both "
     "can be offered in one turn, the Cloister deck first."},
    {CARC_EXP_CHRISTMAS, NULL,
     "Drawing is up to you. Declining keeps your hand as it is, and the card stays on top "
     "of its deck, unseen, for the next player offered that deck. You might decline "
     "because a lightning card must be used at once, on a target it may not suit you to "
     "choose, or because your hand is full."},
    {CARC_EXP_CHRISTMAS, "Christmas Present: the three kinds of card",
     "A lightning card acts the moment it is drawn, and everyone sees it: you choose its "
     "target, and with no target it is discarded. A card you keep goes to your hand, "
     "where only you see it (the others see how many cards you hold), and you play it in "
     "your own turn, before placing or after scoring; scoring cards such as Pennants x3 "
     "are played when a city or road of yours is being scored. An end card is kept until "
     "the end of the game."},
    {CARC_EXP_CHRISTMAS, "Christmas Present: the hand limit",
     "You may hold at most five Christmas cards, end cards included, when your turn ends; "
     "with more you choose which to discard, face up. Gifts do not count."},
    {CARC_EXP_CHRISTMAS, "Christmas Present: attacks and Shield",
     "Intrude, Lock, Swap and Mastermind cards are attacks on the other players they "
     "touch. Each attacked player who holds a Christmas card is asked, in turn order, "
     "whether to block with Shield; the first Shield cancels the attack. A player without "
     "Shield is asked all the same, so the question tells nobody what they hold."},
    {CARC_EXP_CHRISTMAS, "Christmas Present: the windows",
     "A window is the moment before placing your tile, and again after scoring, when you "
     "may play cards. While you hold a gift or a Christmas card the window opens for you "
     "even when nothing in your hand can be played, so that nobody learns what you hold "
     "from whether you were asked. When nothing can be played, the game closes it for "
     "you after a moment."},
    {CARC_EXP_CHRISTMAS, "Christmas Present: tokens and locks",
     "A tie-break token (a triangle in the terminal, a disc marked T in the browser) "
     "settles a tie for the most followers on its feature: the players with a token win "
     "it. A locked feature (three bars in the terminal, a lock in the browser) keeps its "
     "followers until the end; when it is completed its points are banked and paid at the "
     "end."},
    {CARC_EXP_CHRISTMAS, "Christmas Present: the end of the game",
     "Christmas cards still in hands are thrown away, except end cards, which are shown "
     "and counted: Reserve Bonus pays 2 for every follower in your supply, Tie-break: "
     "Field puts your token in a field of yours, Farmer's Bonus and Shared Field Bonus "
     "add points to fields. Then every feature is scored as usual, banked points are "
     "paid, and the highest score wins."},
    {CARC_EXP_INNS, "Inns & Cathedrals: inns, cathedrals and the large meeple",
     "Some roads have an inn by the wayside and two tiles hold a cathedral. A "
     "completed road with an inn scores 2 points per tile instead of 1, a completed "
     "city with a cathedral 3 per tile and per pennant instead of 2. But an inn road "
     "or a cathedral city still unfinished at the end scores nothing at all."},
    {CARC_EXP_INNS, NULL,
     "Each player also has a large meeple. It goes wherever a meeple may and counts "
     "as two followers when the most followers on a feature are counted. Up to six "
     "can play with this expansion."},
    {CARC_EXP_TRADERS, "Traders & Builders: goods",
     "Many cities show wine, grain or cloth. Whoever places the tile that completes "
     "such a city takes one goods token for each symbol in it, whoever owns the "
     "city. At the end, the players with the most tokens of a kind each score 10 "
     "points for it."},
    {CARC_EXP_TRADERS, "Traders & Builders: the builder and the pig",
     "Instead of a follower you may put your builder on a road or city of the tile "
     "you placed, if one of your followers is already on that road or city. Later, "
     "when the first tile of your turn extends the builder's road or city, you may "
     "play a second tile at once: a double turn. Your pig goes in a field where you "
     "have a farmer; at the end, if you have the most farmers there, that field "
     "scores 4 for each completed city instead of 3."},
    {CARC_EXP_RIVER, "The River: laying the river first",
     "The game starts from the spring instead of the usual start tile. The other "
     "eleven river tiles come first, one a turn, and the lake is always the last "
     "of them; only then are the other tiles drawn. A river tile must carry the "
     "river on from its open end, and its other end must face an empty place; a "
     "bend may not turn the same way as the bend just before it, so the river "
     "never turns straight back. A river tile that cannot go on leaves the game "
     "and the next one is drawn."},
    {CARC_EXP_RIVER, NULL,
     "The river itself is no feature: nobody stands on it, it never scores, and it "
     "separates the fields on its two banks. Roads, cities, cloisters and fields "
     "on river tiles are played and scored like any others, during the river and "
     "after; on the bridge a road crosses the water."},
    {CARC_EXP_ABBOT, "The Abbot: gardens and the abbot",
     "Some tiles show a garden. Each player has one abbot, a follower that stands "
     "only on a cloister or a garden, and nothing but an abbot ever stands on a "
     "garden. A garden scores like a cloister: 9 once the 8 places around its tile "
     "hold tiles, or at the end 1 for its tile and 1 for each tile around it."},
    {CARC_EXP_ABBOT, NULL,
     "Instead of placing a figure, you may take your abbot back from an unfinished "
     "cloister or garden: you alone score at once what it is worth now, 1 for its "
     "tile and 1 for each tile around it, and the abbot is in your supply again. "
     "You cannot take it back in the turn you placed it, nor from a feature your "
     "tile just completed, which scores 9 as usual."},
};

const carc_guide_par *carc_guide(int *n)
{
    *n = (int)(sizeof guide / sizeof *guide);
    return guide;
}
