/*
 * state_json_ref.c - the reference for test_state_json_write.c: carc_state_json as it
 * was written up to November 2026, building a jansson tree and dumping it with
 * sorted keys. src/record/state_json.c now writes the same bytes straight into a
 * buffer (several times faster, which the game server needs); this copy stays only
 * here, so that the test can compare the two byte for byte. Do not change it to
 * follow the writer: a change of the format changes both, deliberately.
 */
#include <stdlib.h>
#include <jansson.h>

#include "carc.h"
#include "carc_record.h"
#include "state_json_ref.h"

typedef struct sj_ctx {
    const carc_game *g;
    int ok;  /* cleared by any failed allocation or insertion */
} sj_ctx;

/* Inserts v (a new reference, may be NULL) under key; a failure clears ctx->ok. */
static void sj_put(sj_ctx *ctx, json_t *o, const char *key, json_t *v)
{
    if (v == NULL || o == NULL || json_object_set_new(o, key, v) != 0)
        ctx->ok = 0;
}

/* Appends v (a new reference, may be NULL); a failure clears ctx->ok. */
static void sj_push(sj_ctx *ctx, json_t *arr, json_t *v)
{
    if (v == NULL || arr == NULL || json_array_append_new(arr, v) != 0)
        ctx->ok = 0;
}

static json_t *sj_int(int v) { return json_integer(v); }

/* The names of the score categories of carc_score_part, in order. */
static const char *const sj_category_names[CARC_SCORE_CATEGORIES] = {
    "roads", "cities", "cloisters", "fields", "cards", "gifts",
};

/* A one-letter string for a tile kind. */
static json_t *sj_letter(int kind)
{
    const carc_tile_def *def = carc_tile_def_of(kind);
    char s[2] = { def != NULL ? def->letter : '?', '\0' };

    return json_string(s);
}

/* An array of card names. */
static json_t *sj_card_list(sj_ctx *ctx, const int *cards, int n)
{
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        sj_push(ctx, arr, json_string(carc_card_name(cards[i])));
    return arr;
}

/* ---- seats, tiles, followers ------------------------------------------------------ */

static void sj_players(sj_ctx *ctx, json_t *o)
{
    const carc_game *g = ctx->g;
    json_t *scores = json_array(), *parts = json_array(), *supply = json_array();

    for (int seat = 0; seat < carc_players(g); seat++) {
        json_t *p = json_object();
        for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
            sj_put(ctx, p, sj_category_names[c], sj_int(carc_score_part(g, seat, c)));
        sj_push(ctx, parts, p);
        sj_push(ctx, scores, sj_int(carc_score(g, seat)));
        sj_push(ctx, supply, sj_int(carc_supply(g, seat)));
    }
    sj_put(ctx, o, "scores", scores);
    sj_put(ctx, o, "score_parts", parts);
    sj_put(ctx, o, "supply", supply);
}

static void sj_tiles(sj_ctx *ctx, json_t *o)
{
    const carc_game *g = ctx->g;
    json_t *hand = json_array(), *removed = json_array(), *board = json_array();
    int kinds[CARC_TILES], n, kind, x, y, rot;

    n = carc_hand_tiles(g, kinds);
    for (int i = 0; i < n && i < 2; i++)
        sj_push(ctx, hand, sj_letter(kinds[i]));
    n = carc_removed_tiles(g, kinds, CARC_TILES);
    for (int i = 0; i < n && i < CARC_TILES; i++)
        sj_push(ctx, removed, sj_letter(kinds[i]));
    n = carc_board_count(g);
    for (int i = 0; i < n; i++) {
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        sj_push(ctx, board, json_pack("{s:o, s:i, s:i, s:i}", "tile", sj_letter(kind), "x", x,
                                      "y", y, "rot", rot));
    }
    sj_put(ctx, o, "stack_left", sj_int(carc_stack_left(g)));
    sj_put(ctx, o, "hand_tiles", hand);
    sj_put(ctx, o, "removed", removed);
    sj_put(ctx, o, "board", board);
    sj_put(ctx, o, "last_placed",
           carc_last_placed(g, &x, &y) ? json_pack("{s:i, s:i}", "x", x, "y", y) : json_null());
}

static void sj_followers(sj_ctx *ctx, json_t *o)
{
    carc_follower f[CARC_MAX_PLAYERS * CARC_FOLLOWERS];
    json_t *arr = json_array();
    int n = carc_followers(ctx->g, f, CARC_MAX_PLAYERS * CARC_FOLLOWERS);

    for (int i = 0; i < n && i < CARC_MAX_PLAYERS * CARC_FOLLOWERS; i++)
        sj_push(ctx, arr, json_pack("{s:i, s:i, s:i, s:s, s:s, s:b}", "seat", f[i].seat, "x",
                                    f[i].x, "y", f[i].y, "type", carc_feature_name(f[i].type),
                                    "port", carc_port_name(f[i].port), "locked",
                                    f[i].locked != 0));
    sj_put(ctx, o, "followers", arr);
}

/* ---- features ---------------------------------------------------------------------- */

enum { SJ_MAX_NODES = CARC_TILES * 8 };  /* a tile kind has at most 8 segments */

/* One segment of a placed tile: the ports (after rotation) it owns. */
typedef struct sj_node {
    int tile;        /* board index */
    int x, y;
    int type;        /* enum carc_feature */
    int canon;       /* canonical port */
    unsigned ports;  /* bit per port */
    int parent;      /* union-find */
} sj_node;

typedef struct sj_board {
    sj_node node[SJ_MAX_NODES];
    int n;
    int first[CARC_TILES + 1];  /* nodes of tile i: first[i] .. first[i+1]-1 */
    int tx[CARC_TILES], ty[CARC_TILES], ntiles;
} sj_board;

static int sj_find(sj_board *b, int i)
{
    while (b->node[i].parent != i)
        i = b->node[i].parent = b->node[b->node[i].parent].parent;
    return i;
}

/* Joins two nodes; the older (lower index) root stays the root, so a feature is
 * named by its first segment in placement order. */
static void sj_union(sj_board *b, int i, int j)
{
    i = sj_find(b, i);
    j = sj_find(b, j);
    if (i < j)
        b->node[j].parent = i;
    else if (j < i)
        b->node[i].parent = j;
}

/* The node of tile t (board index) owning port p, or -1. */
static int sj_node_at(const sj_board *b, int t, int p)
{
    for (int i = b->first[t]; i < b->first[t + 1]; i++)
        if (b->node[i].ports >> p & 1u)
            return i;
    return -1;
}

static int sj_tile_index(const sj_board *b, int x, int y)
{
    for (int t = 0; t < b->ntiles; t++)
        if (b->tx[t] == x && b->ty[t] == y)
            return t;
    return -1;
}

/* Builds the nodes of every placed tile and joins those that meet across an edge. */
static void sj_board_build(const carc_game *g, sj_board *b)
{
    static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
    /* half-edge slots NW NE EN ES SE SW WS WN: the facing slot on the neighbour */
    static const int facing[8] = { 5, 4, 7, 6, 1, 0, 3, 2 };
    int kind, rot;

    b->n = 0;
    b->ntiles = carc_board_count(g);
    if (b->ntiles > CARC_TILES)
        b->ntiles = CARC_TILES;
    for (int t = 0; t < b->ntiles; t++) {
        carc_board_tile(g, t, &kind, &b->tx[t], &b->ty[t], &rot);
        b->first[t] = b->n;
        for (int p = 0; p < CARC_PORTS; p++) {
            int canon = CARC_PORT_NONE, type = carc_segment(g, b->tx[t], b->ty[t], p, &canon);
            int i;
            if (type < 0)
                continue;
            for (i = b->first[t]; i < b->n && b->node[i].canon != canon; i++)
                ;
            if (i == b->n) {
                if (b->n == SJ_MAX_NODES)
                    continue;  /* cannot happen: at most 8 segments per tile */
                b->node[i] = (sj_node){ t, b->tx[t], b->ty[t], type, canon, 0, i };
                b->n++;
            }
            b->node[i].ports |= 1u << p;
        }
    }
    b->first[b->ntiles] = b->n;
    for (int i = 0; i < b->n; i++) {
        sj_node *nd = &b->node[i];
        for (int p = 0; p < CARC_PORT_C; p++) {
            int d, q, t, j;
            if (!(nd->ports >> p & 1u))
                continue;
            if (p < 4) {  /* an edge joins cities and roads only */
                if (nd->type != CARC_FEAT_CITY && nd->type != CARC_FEAT_ROAD)
                    continue;
                d = p;
                q = (p + 2) % 4;
            } else {
                d = (p - 4) / 2;
                q = 4 + facing[p - 4];
            }
            t = sj_tile_index(b, nd->x + dx[d], nd->y + dy[d]);
            if (t >= 0 && (j = sj_node_at(b, t, q)) >= 0 && b->node[j].type == nd->type)
                sj_union(b, i, j);
        }
    }
}

/* One feature: its summary `info` and its segments tile by tile. */
static json_t *sj_feature(sj_ctx *ctx, sj_board *b, int root, const carc_feature_info *fi)
{
    carc_feature_info info = *fi;
    json_t *f = json_object(), *segs = json_array(), *followers = json_array();
    json_t *tokens = json_array();

    /* [x, y, canonical port] per segment: small arrays, not objects, because a large
     * field has dozens of segments and objects cost several times more to build */
    for (int i = root; i < b->n; i++)
        if (sj_find(b, i) == root)
            sj_push(ctx, segs, json_pack("[i, i, s]", b->node[i].x, b->node[i].y,
                                         carc_port_name(b->node[i].canon)));
    for (int s = 0; s < carc_players(ctx->g); s++) {
        sj_push(ctx, followers, sj_int(info.followers[s]));
        if (info.tokens >> s & 1u)
            sj_push(ctx, tokens, sj_int(s));
    }
    sj_put(ctx, f, "type", json_string(carc_feature_name(info.type)));
    sj_put(ctx, f, "segments", segs);
    sj_put(ctx, f, "tiles", sj_int(info.tiles));
    sj_put(ctx, f, "pennants", sj_int(info.pennants));
    sj_put(ctx, f, "completed", json_boolean(info.completed));
    sj_put(ctx, f, "followers", followers);
    sj_put(ctx, f, "tokens", tokens);
    sj_put(ctx, f, "locked", json_boolean(info.locked));
    sj_put(ctx, f, "value", sj_int(info.value));
    return f;
}

/* The features in play: those that carry a follower, a token or a lock. Listing
 * every feature would make the document several times larger and slower to build
 * (a late game has some 150), for features nobody holds. */
static void sj_features(sj_ctx *ctx, json_t *o)
{
    sj_board *b = malloc(sizeof *b);
    json_t *arr = json_array();

    if (b == NULL) {
        ctx->ok = 0;
        json_decref(arr);
        return;
    }
    sj_board_build(ctx->g, b);
    for (int i = 0; i < b->n; i++) {
        carc_feature_info info;
        int held = 0;
        if (sj_find(b, i) != i)
            continue;
        if (!carc_feature_at(ctx->g, b->node[i].x, b->node[i].y, b->node[i].canon, &info)) {
            ctx->ok = 0;  /* cannot happen: the node came from carc_segment */
            continue;
        }
        for (int s = 0; s < carc_players(ctx->g); s++)
            held |= info.followers[s] > 0;
        if (held || info.tokens || info.locked)
            sj_push(ctx, arr, sj_feature(ctx, b, i, &info));
    }
    free(b);
    sj_put(ctx, o, "features", arr);
}

/* ---- moves ------------------------------------------------------------------------- */

/* The legal moves in notation; NULL on out of memory. */
static json_t *sj_legal(sj_ctx *ctx)
{
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    json_t *arr = json_array();
    char text[CARC_NOTATION_MAX];

    if (moves == NULL || arr == NULL) {
        free(moves);
        json_decref(arr);
        return NULL;
    }
    int n = carc_legal(ctx->g, moves, CARC_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        if (carc_move_format(ctx->g, &moves[i], text, sizeof text) < 0)
            sj_push(ctx, arr, json_null());  /* cannot happen: a bug shows */
        else
            sj_push(ctx, arr, json_string(text));
    }
    free(moves);
    return arr;
}

/* One position of a target, with its segment when it names one. */
static json_t *sj_spot(sj_ctx *ctx, int x, int y, int port)
{
    json_t *o = json_pack("{s:i, s:i}", "x", x, "y", y);
    int canon = CARC_PORT_NONE, type;

    if (port == CARC_PORT_NONE)
        return o;
    type = carc_segment(ctx->g, x, y, port, &canon);
    sj_put(ctx, o, "type", type < 0 ? json_null() : json_string(carc_feature_name(type)));
    sj_put(ctx, o, "port", json_string(carc_port_name(type < 0 ? port : canon)));
    return o;
}

/* ---- The Gifts --------------------------------------------------------------------- */

/* Per seat the gifts held (ids, or only a count where the view hides them), the deck
 * size and the face-up discard pile. */
static void sj_gifts(sj_ctx *ctx, json_t *o)
{
    const carc_game *g = ctx->g;
    json_t *gifts = json_object(), *hands = json_array();
    int cards[25], counts[6];

    for (int seat = 0; seat < carc_players(g); seat++) {
        json_t *h = json_object(), *known = json_array();
        int total = carc_gifts(g, seat, counts);
        for (int c = 1; c < 6; c++)
            for (int k = 0; k < counts[c]; k++)
                sj_push(ctx, known, json_string(carc_card_name(c)));
        sj_put(ctx, h, "count", sj_int(total));
        sj_put(ctx, h, "cards", known);
        sj_put(ctx, h, "hidden", sj_int(counts[0]));
        sj_push(ctx, hands, h);
    }
    int n = carc_gift_discard(g, cards, 25);
    sj_put(ctx, gifts, "hands", hands);
    sj_put(ctx, gifts, "deck_left", sj_int(carc_gift_deck_left(g)));
    sj_put(ctx, gifts, "discard", sj_card_list(ctx, cards, n < 25 ? n : 25));
    sj_put(ctx, o, "gifts", gifts);
}

/* ---- Christmas Present ------------------------------------------------------------- */

static void sj_christmas_hands(sj_ctx *ctx, json_t *x)
{
    const carc_game *g = ctx->g;
    json_t *hands = json_array(), *banked = json_array();
    int by_deck[2], counts[CARC_CARDS];

    for (int s = 0; s < carc_players(g); s++) {
        json_t *h = json_object(), *ids = json_array();
        int total = carc_cards(g, s, counts);
        for (int c = CARC_XC_SCORE_THREE; c < CARC_CARDS; c++)
            for (int k = 0; k < counts[c]; k++)
                sj_push(ctx, ids, json_string(carc_card_name(c)));
        sj_put(ctx, h, "count", sj_int(total));
        sj_put(ctx, h, "cards", ids);
        sj_put(ctx, h, "hidden", sj_int(counts[0]));
        carc_cards_by_deck(g, s, by_deck);
        sj_put(ctx, h, "from_cloister", sj_int(by_deck[0]));
        sj_put(ctx, h, "from_roadside", sj_int(by_deck[1]));
        sj_push(ctx, hands, h);
        sj_push(ctx, banked, sj_int(carc_banked(g, s)));
    }
    sj_put(ctx, x, "hands", hands);
    sj_put(ctx, x, "banked", banked);
}

static void sj_christmas(sj_ctx *ctx, json_t *o)
{
    static const char *const deck_names[2] = { "cloister", "roadside" };
    const carc_game *g = ctx->g;
    json_t *x = json_object(), *decks = json_object(), *binds = json_array();
    carc_mastermind_mark mm[2];
    carc_move target;
    int pile[32], n, card, offered;

    sj_christmas_hands(ctx, x);
    for (int d = 0; d < 2; d++) {
        n = carc_xdiscard(g, d, pile, 32);
        sj_put(ctx, decks, deck_names[d],
               json_pack("{s:i, s:o}", "left", carc_xdeck_left(g, d), "discard",
                         sj_card_list(ctx, pile, n < 32 ? n : 32)));
    }
    sj_put(ctx, x, "decks", decks);

    card = carc_card_in_play(g, &target);
    if (card == CARC_CARD_NONE) {
        sj_put(ctx, x, "in_play", json_null());
    } else {
        /* the target is named only while attacked seats are asked to reply */
        json_t *t = json_null();
        if (target.kind != CARC_MOVE_PASS) {
            t = json_array();
            sj_push(ctx, t, sj_spot(ctx, target.x, target.y, target.port));
            if (target.port2 != CARC_PORT_NONE) {
                json_t *theirs = sj_spot(ctx, target.x2, target.y2, target.port2);
                if (theirs && target.seat2 != CARC_SEAT_NONE)  /* a swap: whose follower */
                    sj_put(ctx, theirs, "seat", sj_int(target.seat2));
                sj_push(ctx, t, theirs);
            }
        }
        sj_put(ctx, x, "in_play",
               json_pack("{s:s, s:o}", "card", carc_card_name(card), "target", t));
    }
    offered = carc_offered_deck(g);
    sj_put(ctx, x, "offered", offered < 0 ? json_null() : json_string(deck_names[offered & 1]));
    n = carc_masterminds(g, mm);
    for (int i = 0; i < n && i < 2; i++)
        sj_push(ctx, binds, json_pack("{s:i, s:i, s:i}", "x", mm[i].x, "y", mm[i].y, "turn",
                                      mm[i].turn));
    sj_put(ctx, x, "binds", binds);
    sj_put(ctx, o, "christmas", x);
}

/* ---- the document ------------------------------------------------------------------ */

/* Returns the JSON text (caller frees), NULL on out of memory. */
char *ref_state_json(const carc_game *g, int with_legal)
{
    carc_pending p = carc_pending_decision(g);
    const char *dec = carc_decision_name(p.decision);
    unsigned expansions = carc_config_of(g)->expansions;
    sj_ctx ctx = { g, 1 };
    json_t *o = json_object();
    int view = carc_view_seat(g);
    char *text = NULL;

    if (o == NULL)
        return NULL;
    sj_put(&ctx, o, "players", sj_int(carc_players(g)));
    sj_put(&ctx, o, "expansions", json_string(carc_expansions_name(expansions)));
    sj_put(&ctx, o, "turn", sj_int(carc_turn(g)));
    sj_put(&ctx, o, "active", sj_int(p.active));
    int fx, fy, fport;
    json_t *feature = carc_modifier_feature(g, &fx, &fy, &fport)
                          ? json_pack("{s:i, s:i, s:s}", "x", fx, "y", fy, "port",
                                      carc_port_name(fport))
                          : json_null();
    sj_put(&ctx, o, "pending", json_pack("{s:s, s:o, s:i}", "decision", dec ? dec : "?",
                                         "feature", feature, "seat", p.seat));
    sj_put(&ctx, o, "over", json_boolean(carc_is_over(g)));
    sj_players(&ctx, o);
    sj_tiles(&ctx, o);
    sj_followers(&ctx, o);
    sj_features(&ctx, o);
    if (carc_is_over(g)) {
        json_t *winners = json_array();
        unsigned w = carc_winners(g);
        for (int seat = 0; seat < carc_players(g); seat++)
            if (w & (1u << seat))
                sj_push(&ctx, winners, sj_int(seat));
        sj_put(&ctx, o, "winners", winners);
    }
    sj_put(&ctx, o, "view", view < 0                    ? json_null()
                            : view == CARC_SEAT_PUBLIC ? json_string("public")
                                                       : sj_int(view));
    if (expansions & CARC_EXP_GIFTS)
        sj_gifts(&ctx, o);
    if (expansions & CARC_EXP_CHRISTMAS)
        sj_christmas(&ctx, o);
    /* a seat that does not owe the decision has no move; the legal moves computed
     * from its view would also be a partial list, the owner's hand being hidden */
    if (with_legal)
        sj_put(&ctx, o, "legal", view < 0 || view == p.seat ? sj_legal(&ctx) : json_array());
    if (ctx.ok)
        text = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(o);
    return text;
}
