/*
 * names.c - the words of the notation: ports, feature types, card ids and
 * decision and score reason names, with their parsers. The card ids are those of RULES.md.
 */
#include <string.h>
#include "expansion.h"  /* the figures by kind: their names */

/* The segment ports, then the places that are no segment (CARC_PORT_T, the
 * corners: "barn:SE" names the corner as the half-edge SE names its side). */
static const char *const port_names[CARC_PLACE_PORTS] = {
    "N", "E", "S", "W", "NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN", "C", "I", "G", "I2",
    [CARC_PORT_T] = "T", [CARC_PORT_CNW] = "NW", [CARC_PORT_CNE] = "NE",
    [CARC_PORT_CSE] = "SE", [CARC_PORT_CSW] = "SW"};

/* The feature types, then the type words of the places that are no feature (a
 * tower's top, a corner). */
enum { TYPE_WORDS = CARC_FEAT_CORNER + 1 };
static const char *const feature_names[TYPE_WORDS] = {"city", "road", "field", "cloister",
                                                      "garden", "tower", "barn"};

static const char *const card_names[CARC_CARDS] = {
    "none",
    "synod", "road_sweeper", "cash_out", "change_position", "take_two",
    "score_three", "score_road_double", "score_city_bonus", "score_cloister_bonus",
    "claim_field", "claim_road", "claim_city", "loop_road_double", "prevent_attack",
    "draw_two", "pennants_worth_three", "plain_city_worth_three", "return_follower",
    "supply_bonus", "field_city_bonus", "shared_field_bonus",
    "intrude_field", "intrude_road", "intrude_city", "intrude_cloister",
    "lock_cloister", "lock_road", "lock_city", "tiebreak_road", "tiebreak_city",
    "tiebreak_cloister", "swap_cloister", "swap_city", "swap_road", "swap_field",
    "mastermind", "tiebreak_field"};

static const char *const decision_names[CARC_DECISIONS] = {
    "none", "window_before", "place", "card_draw", "card_target", "block",
    "follower", "modifier", "window_after", "discard", "end_choice", "double_turn", "dragon",
    "capture", "exchange", "abbey", "wagon"};

static const char *const reason_names[CARC_REASONS] = {
    "completed", "modifier", "final", "field", "field_bonus", "road_sweeper", "cash_out",
    "score_card", "score_three", "supply_bonus", "gifts", "pig", "goods", "recall",
    "fairy", "fairy_bonus", "ransom", "barn"};
static const char *const category_names[CARC_SCORE_CATEGORIES] = {
    "roads", "cities", "cloisters", "fields", "cards", "gifts", "goods", "gardens"};
static const char *const goods_names[CARC_GOODS_KINDS] = {"wine", "grain", "cloth"};

/* Index of the name equal to s[0..len) in names[0..n), or -1. */
static int find_name(const char *const *names, int n, const char *s, size_t len)
{
    for (int i = 0; i < n; i++)
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
            return i;
    return -1;
}

const char *carc_port_name(int port)
{
    return port >= 0 && port < CARC_PLACE_PORTS && port_names[port] ? port_names[port] : "?";
}

int carc_port_parse(const char *s, size_t len)
{
    int i = find_name(port_names, CARC_PORTS, s, len);
    if (i < 0 && len == 1 && s[0] == 'T')
        i = CARC_PORT_T;
    return i < 0 ? CARC_PORT_NONE : i;
}

int carc_corner_parse(const char *s, size_t len)
{
    int i = find_name(port_names + CARC_PORT_CNW, CARC_PORT_CSW - CARC_PORT_CNW + 1, s, len);
    return i < 0 ? CARC_PORT_NONE : CARC_PORT_CNW + i;
}

const char *carc_feature_name(int type)
{
    return type >= 0 && type < TYPE_WORDS ? feature_names[type] : "?";
}

int carc_feature_parse(const char *s, size_t len)
{
    return find_name(feature_names, TYPE_WORDS, s, len);
}

const char *carc_card_name(int card)
{
    return card > 0 && card < CARC_CARDS ? card_names[card] : "none";
}

int carc_card_parse(const char *s, size_t len)
{
    int i = find_name(card_names + 1, CARC_CARDS - 1, s, len);
    return i < 0 ? CARC_CARD_NONE : i + 1;
}

const char *carc_decision_name(int decision)
{
    return decision >= 0 && decision < CARC_DECISIONS ? decision_names[decision] : "?";
}

const char *carc_score_reason_name(int reason)
{
    return reason >= 0 && reason < CARC_REASONS ? reason_names[reason] : "?";
}

/* A figure's name is its descriptor's (the registry's figures by kind). */
const char *carc_figure_name(int figure)
{
    return figure >= 0 && figure < CARC_FIGURES ? exp_figure_of[figure]->name : "?";
}

int carc_figure_parse(const char *s, size_t len)
{
    for (int f = 0; f < CARC_FIGURES; f++)
        if (strlen(exp_figure_of[f]->name) == len && !memcmp(exp_figure_of[f]->name, s, len))
            return f;
    return -1;
}

const char *carc_goods_name(int goods)
{
    return goods >= 0 && goods < CARC_GOODS_KINDS ? goods_names[goods] : "?";
}

int carc_goods_parse(const char *s, size_t len)
{
    return find_name(goods_names, CARC_GOODS_KINDS, s, len);
}

const char *carc_score_category_name(int category)
{
    return category >= 0 && category < CARC_SCORE_CATEGORIES ? category_names[category] : "?";
}
