/*
 * state_json.c - a game state as JSON for front ends (docs/RECORD.md, "State JSON").
 *
 * Everything is read through the public queries of carc.h, never the state's
 * layout, so the JSON of a seat's view (carc_view) holds exactly what that seat may
 * know. Keys are sorted so the text is stable.
 */
#include <stdlib.h>
#include "record_int.h"

/* The names of the score categories of carc_score_part, in order. */
static const char *const category_names[CARC_SCORE_CATEGORIES] = {
    "roads", "cities", "cloisters", "fields", "cards", "gifts",
};

/* A one-letter string for a tile kind. */
static json_t *letter_json(int kind)
{
    const carc_tile_def *def = carc_tile_def_of(kind);
    char s[2] = { def != NULL ? def->letter : '?', '\0' };

    return json_string(s);
}

static json_t *players_json(const carc_game *g)
{
    json_t *scores = json_array(), *parts = json_array(), *supply = json_array();
    json_t *o = json_object();
    int seat, c;

    for (seat = 0; seat < carc_players(g); seat++) {
        json_t *p = json_object();
        for (c = 0; c < CARC_SCORE_CATEGORIES; c++)
            json_object_set_new(p, category_names[c], json_integer(carc_score_part(g, seat, c)));
        json_array_append_new(parts, p);
        json_array_append_new(scores, json_integer(carc_score(g, seat)));
        json_array_append_new(supply, json_integer(carc_supply(g, seat)));
    }
    json_object_set_new(o, "scores", scores);
    json_object_set_new(o, "score_parts", parts);
    json_object_set_new(o, "supply", supply);
    return o;
}

static json_t *tiles_json(const carc_game *g)
{
    json_t *o = json_object(), *hand = json_array(), *removed = json_array();
    json_t *board = json_array();
    int kinds[CARC_TILES], n, i, kind, x, y, rot;

    n = carc_hand_tiles(g, kinds);
    for (i = 0; i < n && i < 2; i++)
        json_array_append_new(hand, letter_json(kinds[i]));
    n = carc_removed_tiles(g, kinds, CARC_TILES);
    for (i = 0; i < n && i < CARC_TILES; i++)
        json_array_append_new(removed, letter_json(kinds[i]));
    n = carc_board_count(g);
    for (i = 0; i < n; i++) {
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        json_array_append_new(board, json_pack("{s:o, s:i, s:i, s:i}", "tile",
                                               letter_json(kind), "x", x, "y", y, "rot", rot));
    }
    json_object_set_new(o, "stack_left", json_integer(carc_stack_left(g)));
    json_object_set_new(o, "hand_tiles", hand);
    json_object_set_new(o, "removed", removed);
    json_object_set_new(o, "board", board);
    return o;
}

static json_t *followers_json(const carc_game *g)
{
    carc_follower f[CARC_MAX_PLAYERS * CARC_FOLLOWERS];
    json_t *arr = json_array();
    int n = carc_followers(g, f, CARC_MAX_PLAYERS * CARC_FOLLOWERS), i;

    for (i = 0; i < n && i < CARC_MAX_PLAYERS * CARC_FOLLOWERS; i++)
        json_array_append_new(arr, json_pack("{s:i, s:i, s:i, s:s, s:s, s:b}",
                                             "seat", f[i].seat, "x", f[i].x, "y", f[i].y,
                                             "type", carc_feature_name(f[i].type),
                                             "port", carc_port_name(f[i].port),
                                             "locked", f[i].locked != 0));
    return arr;
}

/* The legal moves in notation; NULL on out of memory. */
static json_t *legal_json(const carc_game *g)
{
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    json_t *arr = json_array();
    char text[CARC_NOTATION_MAX];
    int n, i;

    if (moves == NULL || arr == NULL) {
        free(moves);
        json_decref(arr);
        return NULL;
    }
    n = carc_legal(g, moves, CARC_MAX_MOVES);
    for (i = 0; i < n; i++) {
        if (carc_move_format(g, &moves[i], text, sizeof text) < 0)
            json_array_append_new(arr, json_null());  /* cannot happen: a bug shows */
        else
            json_array_append_new(arr, json_string(text));
    }
    free(moves);
    return arr;
}

/* The Gifts: per seat the gifts held (ids, or only a count where the view hides
 * them), the deck size and the face-up discard pile. */
static json_t *gifts_json(const carc_game *g)
{
    json_t *o = json_object(), *hands = json_array(), *discard = json_array();
    int cards[25], counts[6];
    for (int seat = 0; seat < carc_players(g); seat++) {
        json_t *h = json_object(), *known = json_array();
        int total = carc_gifts(g, seat, counts);
        for (int c = 1; c < 6; c++)
            for (int k = 0; k < counts[c]; k++)
                json_array_append_new(known, json_string(carc_card_name(c)));
        json_object_set_new(h, "count", json_integer(total));
        json_object_set_new(h, "cards", known);
        json_object_set_new(h, "hidden", json_integer(counts[0]));
        json_array_append_new(hands, h);
    }
    int n = carc_gift_discard(g, cards, 25);
    for (int i = 0; i < n && i < 25; i++)
        json_array_append_new(discard, json_string(carc_card_name(cards[i])));
    json_object_set_new(o, "hands", hands);
    json_object_set_new(o, "deck_left", json_integer(carc_gift_deck_left(g)));
    json_object_set_new(o, "discard", discard);
    return o;
}

/* Returns the JSON text (caller frees), NULL on out of memory. */
char *carc_state_json(const carc_game *g, int with_legal)
{
    carc_pending p = carc_pending_decision(g);
    const char *dec = carc_decision_name(p.decision);
    json_t *o = json_object(), *winners;
    unsigned w = carc_winners(g);
    int view = carc_view_seat(g), seat;
    char *text = NULL;

    if (o == NULL)
        return NULL;
    json_object_set_new(o, "players", json_integer(carc_players(g)));
    json_object_set_new(o, "turn", json_integer(carc_turn(g)));
    json_object_set_new(o, "active", json_integer(p.active));
    json_object_set_new(o, "pending", json_pack("{s:s, s:i}", "decision", dec ? dec : "?",
                                                "seat", p.seat));
    json_object_set_new(o, "over", json_boolean(carc_is_over(g)));
    json_object_update_new(o, players_json(g));
    json_object_update_new(o, tiles_json(g));
    json_object_set_new(o, "followers", followers_json(g));
    if (carc_is_over(g)) {
        winners = json_array();
        for (seat = 0; seat < carc_players(g); seat++)
            if (w & (1u << seat))
                json_array_append_new(winners, json_integer(seat));
        json_object_set_new(o, "winners", winners);
    }
    json_object_set_new(o, "view", view < 0 ? json_null() : json_integer(view));
    if (carc_config_of(g)->expansions & CARC_EXP_GIFTS)
        json_object_set_new(o, "gifts", gifts_json(g));
    if (with_legal)
        json_object_set_new(o, "legal", legal_json(g));
    /* 14 keys, plus winners, gifts and legal: a missing one means a failed allocation */
    if (json_object_size(o) == 14u + (carc_is_over(g) ? 1u : 0u) +
                                   ((carc_config_of(g)->expansions & CARC_EXP_GIFTS) ? 1u : 0u) +
                                   (with_legal ? 1u : 0u))
        text = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(o);
    return text;
}
