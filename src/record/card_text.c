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
 * limit, what a window is, the end). The record layer holds only the paragraph about
 * every game; each expansion's are its module's (carc_expansion_info.how), so a new
 * expansion brings its own. The same paragraphs are in web/how.html. */
static const carc_how_par turn_par = {
    "A turn",
    "Draw a tile. Before placing it you may open one gift and play Christmas cards. "
    "Place the tile; you may then receive a gift and be offered a Christmas card. Put a "
    "follower on the tile, or not. Completed roads, cities and cloisters score. After "
    "scoring you may play Christmas cards again; then, holding more than five Christmas "
    "cards, you discard down to five."};

/* The number of paragraphs of an expansion's how (0 when it has none). */
static int how_count(const carc_expansion_info *e)
{
    int n = 0;
    while (e->how && e->how[n].text)
        n++;
    return n;
}

int carc_guide_count(void)
{
    int n = 1;
    for (int e = 0; e < carc_expansion_count(); e++)
        n += how_count(carc_expansion_at(e));
    return n;
}

/* Walks the registry in its order (the order of the bits) to paragraph i: a walk of
 * about twenty paragraphs, asked only when a help page or the how-to page is made. */
int carc_guide_at(int i, carc_guide_par *out)
{
    if (i == 0) {
        *out = (carc_guide_par){0, turn_par.title, turn_par.text};
        return 1;
    }
    if (i < 0)
        return 0;
    i--;
    for (int e = 0; e < carc_expansion_count(); e++) {
        const carc_expansion_info *x = carc_expansion_at(e);
        int n = how_count(x);
        if (i < n) {
            *out = (carc_guide_par){x->bit, x->how[i].title, x->how[i].text};
            return 1;
        }
        i -= n;
    }
    return 0;
}
