/*
 * test_state_json.c - the state JSON of carc_state_json (docs/RECORD.md, "State JSON")
 * over seeded random games of every expansion set, for the full state, every seat's
 * view and the public view (CARC_SEAT_PUBLIC, `"view": "public"`).
 *
 * At about one decision in six:
 *   - every documented key is present with its type, and no other key (so the docs
 *     and the writer stay in step); `gifts`, `christmas`, `winners`, `legal` exactly
 *     when they should be;
 *   - the values agree with the public queries: Christmas hands split by deck of
 *     origin add up, `features` partition every segment of every placed tile, agree
 *     with carc_feature_at on every segment, and hold every follower; `pending.feature`
 *     is the feature of a scoring-modifier question (carc_modifier_feature), else null;
 *   - a seat's view equals the full state in everything but the hands of other seats
 *     (ids replaced by a hidden count; the split by deck kept) and its own `view`;
 *     the pending seat's view lists the same legal moves as the full state, every
 *     other seat's view none;
 *   - hidden-information twins (RULES.md 6): a copy of the game that differs only in
 *     the stack order, the deck orders, the generator and one hidden gift and
 *     Christmas card of every other seat gives a byte-identical view JSON.
 * Over the run, the Christmas parts must have been seen filled: a card in play with
 *  and without its target, an offered deck of each kind, a Mastermind position, a
 *  token, a locked feature, banked points, hidden cards from both decks, a
 *  scoring-modifier question.
 * test_mastermind_record replays the X13 record of issue 8 and finds both pending
 * Mastermind positions in the JSON.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "carc.h"
#include "carc_record.h"
#include "random_play.h"
#include "twin.h"

enum { GAMES = 8, SANITIZED_GAMES = 2, QUICK_GAMES = 2 };

/* What the Christmas parts showed over the run; and the big box's. */
typedef struct seen {
    int in_play, in_play_target, offered[2], binds, tokens, locked, banked, hidden_from[2];
    int questions;  /* positions with a scoring-modifier question (pending.feature) */
    int figures[CARC_FIGURES];  /* followers of each figure listed */
    int inns, cathedrals, goods_seat, goods_feature, builders, pigs, double_due, part2;
    int double_turn;  /* positions whose pending decision is double_turn */
    int river_left, river_end, recalls, gardens;  /* The River and The Abbot */
} seen;

static json_t *load(const char *text)
{
    json_error_t jerr;
    json_t *v;
    assert_non_null(text);
    v = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    if (v == NULL)
        fail_msg("bad JSON (%s): %.200s", jerr.text, text);
    return v;
}

static json_t *get(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (v == NULL)
        fail_msg("no key \"%s\"", key);
    return v;
}

static int geti(const json_t *o, const char *key)
{
    return (int)json_integer_value(get(o, key));
}

/* Checks that object o has exactly the keys of spec ("name:t name:t ..."), each of
 * type t: i integer, b boolean, s string, a array, o object; upper case: or null. */
static void expect_keys(const json_t *o, const char *what, const char *spec)
{
    char name[64];
    size_t want = 0;
    const char *p = spec;

    if (!json_is_object(o))
        fail_msg("%s: not an object", what);
    while (*p) {
        const char *colon = strchr(p, ':');
        assert_non_null(colon);
        size_t len = (size_t)(colon - p);
        assert_true(len < sizeof name);
        memcpy(name, p, len);
        name[len] = '\0';
        char t = colon[1];
        json_t *v = json_object_get(o, name);
        if (v == NULL)
            fail_msg("%s: no key \"%s\"", what, name);
        int ok = (t >= 'A' && t <= 'Z' && json_is_null(v));
        switch (t | 0x20) {
        case 'i': ok |= json_is_integer(v); break;
        case 'b': ok |= json_is_boolean(v); break;
        case 's': ok |= json_is_string(v); break;
        case 'a': ok |= json_is_array(v); break;
        case 'o': ok |= json_is_object(v); break;
        default: fail_msg("bad spec %s", spec);
        }
        if (!ok)
            fail_msg("%s: key \"%s\" has the wrong type", what, name);
        want++;
        p = colon + 2;
        while (*p == ' ')
            p++;
    }
    if (json_object_size(o) != want) {
        char *text = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT);
        fail_msg("%s: %zu keys, expected %zu (%s): %.300s", what, json_object_size(o), want,
                 spec, text);
    }
}

static void expect_items(const json_t *arr, const char *what, const char *spec)
{
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v)
        expect_keys(v, what, spec);
}

/* Every key of docs/RECORD.md, with its type. */
static void check_schema(const carc_game *g, const json_t *o, int with_legal)
{
    unsigned exp = carc_config_of(g).expansions;
    char top[512];
    size_t i;
    json_t *v;

    int inns = (exp & CARC_EXP_INNS) != 0, traders = (exp & CARC_EXP_TRADERS) != 0;
    int river = (exp & CARC_EXP_RIVER) != 0, abbot = (exp & CARC_EXP_ABBOT) != 0;
    char fspec[256];
    snprintf(top, sizeof top,
             "active:i board:a expansions:s features:a followers:a hand_tiles:a last_placed:O "
             "over:b pending:o players:i removed:a score_parts:a scores:a stack_left:i "
             "supply:a turn:i view:%s%s%s%s%s%s%s%s%s",
             carc_view_seat(g) == CARC_SEAT_PUBLIC ? "s" : "I", carc_is_over(g) ? " winners:a" : "", exp & CARC_EXP_GIFTS ? " gifts:o" : "",
             exp & CARC_EXP_CHRISTMAS ? " christmas:o" : "", with_legal ? " legal:a" : "",
             inns || traders || abbot ? " figures:a" : "", traders ? " double_due:b goods:o part:i" : "",
             abbot ? " recalls:a" : "", river ? " river_end:O river_left:i" : "");
    expect_keys(o, "state", top);
    expect_keys(get(o, "pending"), "pending", "decision:s feature:O seat:i");
    if (!json_is_null(get(get(o, "pending"), "feature")))
        expect_keys(get(get(o, "pending"), "feature"), "pending.feature", "port:s x:i y:i");
    if (!json_is_null(get(o, "last_placed")))
        expect_keys(get(o, "last_placed"), "last_placed", "x:i y:i");
    expect_items(get(o, "board"), "board", "rot:i tile:s x:i y:i");
    expect_items(get(o, "followers"), "follower",
                 "figure:s locked:b port:s seat:i type:s x:i y:i");
    expect_items(get(o, "score_parts"), "score_parts",
                 "cards:i cities:i cloisters:i fields:i gardens:i gifts:i goods:i roads:i");
    if (abbot)
        expect_items(get(o, "recalls"), "recall", "move:s points:i port:s type:s x:i y:i");
    if (river && !json_is_null(get(o, "river_end")))
        expect_keys(get(o, "river_end"), "river_end", "x:i y:i");
    snprintf(fspec, sizeof fspec,
             "completed:b followers:a locked:b pennants:i segments:a tiles:i tokens:a "
             "type:s value:i%s%s",
             inns ? " inn:b cathedral:b" : "", traders ? " builders:a goods:o pigs:a" : "");
    expect_items(get(o, "features"), "feature", fspec);
    if (inns || traders || abbot) {
        char figs[128];
        snprintf(figs, sizeof figs, "meeple:i%s%s%s", inns ? " large:i" : "",
                 traders ? " builder:i pig:i" : "", abbot ? " abbot:i" : "");
        expect_items(get(o, "figures"), "figures", figs);
        assert_int_equal(json_array_size(get(o, "figures")), carc_players(g));
    }
    if (traders) {
        json_t *goods = get(o, "goods");
        expect_keys(goods, "goods", "seats:a supply:o");
        expect_items(get(goods, "seats"), "goods of a seat", "cloth:i grain:i wine:i");
        expect_keys(get(goods, "supply"), "goods supply", "cloth:i grain:i wine:i");
        assert_int_equal(json_array_size(get(goods, "seats")), carc_players(g));
        json_array_foreach(get(o, "features"), i, v)
            expect_keys(get(v, "goods"), "goods of a feature", "cloth:i grain:i wine:i");
    }
    json_array_foreach(get(o, "features"), i, v) {
        size_t j;
        json_t *seg;
        assert_true(json_array_size(get(v, "segments")) > 0);
        json_array_foreach(get(v, "segments"), j, seg)
            assert_true(json_is_array(seg) && json_array_size(seg) == 3 &&
                        json_is_integer(json_array_get(seg, 0)) &&
                        json_is_integer(json_array_get(seg, 1)) &&
                        json_is_string(json_array_get(seg, 2)));
    }
    if (exp & CARC_EXP_GIFTS) {
        json_t *gifts = get(o, "gifts");
        expect_keys(gifts, "gifts", "deck_left:i discard:a hands:a");
        expect_items(get(gifts, "hands"), "gift hand", "cards:a count:i hidden:i");
        assert_int_equal(json_array_size(get(gifts, "hands")), carc_players(g));
    }
    if (exp & CARC_EXP_CHRISTMAS) {
        json_t *x = get(o, "christmas"), *play = get(x, "in_play");
        expect_keys(x, "christmas", "banked:a binds:a decks:o hands:a in_play:O offered:S");
        expect_items(get(x, "hands"), "christmas hand",
                     "cards:a count:i from_cloister:i from_roadside:i hidden:i");
        assert_int_equal(json_array_size(get(x, "hands")), carc_players(g));
        assert_int_equal(json_array_size(get(x, "banked")), carc_players(g));
        expect_keys(get(x, "decks"), "decks", "cloister:o roadside:o");
        expect_keys(get(get(x, "decks"), "cloister"), "cloister deck", "discard:a left:i");
        expect_keys(get(get(x, "decks"), "roadside"), "roadside deck", "discard:a left:i");
        expect_items(get(x, "binds"), "bind", "turn:i x:i y:i");
        if (!json_is_null(play)) {
            expect_keys(play, "in_play", "card:s target:A");
            json_array_foreach(get(play, "target"), i, v)
                expect_keys(v, "target", json_object_size(v) == 2 ? "x:i y:i"
                                         : i == 1 && strncmp(json_string_value(get(play,
                                                        "card")), "swap_", 5) == 0
                                             ? "port:s seat:i type:S x:i y:i" /* whose */
                                             : "port:s type:S x:i y:i");
        }
    }
}

/* A feature's marks of the big box agree with carc_feature_at. */
static void check_feature_marks(const carc_game *g, const json_t *f, const carc_feature_info *info,
                                seen *sn)
{
    unsigned exp = carc_config_of(g).expansions;
    static const char *const goods[CARC_GOODS_KINDS] = { "wine", "grain", "cloth" };
    if (exp & CARC_EXP_INNS) {
        assert_int_equal(json_is_true(get(f, "inn")), info->inn != 0);
        assert_int_equal(json_is_true(get(f, "cathedral")), info->cathedral != 0);
        sn->inns += info->inn != 0;
        sn->cathedrals += info->cathedral != 0;
    }
    if (exp & CARC_EXP_TRADERS) {
        unsigned b = 0, p = 0;
        size_t i;
        json_t *v;
        for (int k = 0; k < CARC_GOODS_KINDS; k++) {
            assert_int_equal(geti(get(f, "goods"), goods[k]), info->goods[k]);
            sn->goods_feature += info->goods[k];
        }
        json_array_foreach(get(f, "builders"), i, v)
            b |= 1u << json_integer_value(v);
        json_array_foreach(get(f, "pigs"), i, v)
            p |= 1u << json_integer_value(v);
        assert_int_equal(b, info->builders);
        assert_int_equal(p, info->pigs);
        sn->builders += b != 0;
        sn->pigs += p != 0;
    }
}

/* figures, goods, part and double_due agree with the queries. */
static void check_bigbox(const carc_game *g, const json_t *o, seen *sn)
{
    unsigned exp = carc_config_of(g).expansions;
    int counts[CARC_FIGURES], goods[CARC_GOODS_KINDS];
    static const char *const names[CARC_GOODS_KINDS] = { "wine", "grain", "cloth" };
    if (!strcmp(json_string_value(get(get(o, "pending"), "decision")), "double_turn"))
        sn->double_turn++;
    if (exp & (CARC_EXP_INNS | CARC_EXP_TRADERS | CARC_EXP_ABBOT)) {
        for (int s = 0; s < carc_players(g); s++) {
            json_t *f = json_array_get(get(o, "figures"), (size_t)s);
            int followers = carc_supply_figures(g, s, counts);
            assert_int_equal(geti(f, "meeple"), counts[CARC_FIG_MEEPLE]);
            if (exp & CARC_EXP_ABBOT)
                assert_int_equal(geti(f, "abbot"), counts[CARC_FIG_ABBOT]);
            if (exp & CARC_EXP_INNS)
                assert_int_equal(geti(f, "large"), counts[CARC_FIG_LARGE]);
            if (exp & CARC_EXP_TRADERS) {
                assert_int_equal(geti(f, "builder"), counts[CARC_FIG_BUILDER]);
                assert_int_equal(geti(f, "pig"), counts[CARC_FIG_PIG]);
            }
            assert_int_equal(followers, carc_supply(g, s));
            assert_int_equal(json_integer_value(json_array_get(get(o, "supply"), (size_t)s)),
                             carc_supply(g, s));
        }
    }
    if (exp & CARC_EXP_TRADERS) {
        json_t *jg = get(o, "goods");
        for (int s = -1; s < carc_players(g); s++) {
            json_t *row = s < 0 ? get(jg, "supply") : json_array_get(get(jg, "seats"), (size_t)s);
            carc_goods(g, s, goods);
            for (int k = 0; k < CARC_GOODS_KINDS; k++) {
                assert_int_equal(geti(row, names[k]), goods[k]);
                if (s >= 0)
                    sn->goods_seat += goods[k];
            }
        }
        assert_int_equal(geti(o, "part"), carc_turn_part(g) ? 2 : 1);
        assert_int_equal(json_is_true(get(o, "double_due")), carc_double_due(g) != 0);
        sn->part2 += carc_turn_part(g) != 0;
        sn->double_due += carc_double_due(g) != 0;
    }
}

/* river_left, river_end, recalls and the gardens' score part agree with the queries; the
 * recalls are exactly the legal recall moves, each with its points. */
static void check_river_abbot(const carc_game *g, const json_t *o, seen *sn)
{
    unsigned exp = carc_config_of(g).expansions;
    size_t i;
    json_t *v;
    if (exp & CARC_EXP_RIVER) {
        int x, y, open = carc_river_end(g, &x, &y);
        assert_int_equal(geti(o, "river_left"), carc_river_left(g));
        assert_int_equal(!json_is_null(get(o, "river_end")), open);
        if (open) {
            assert_int_equal(geti(get(o, "river_end"), "x"), x);
            assert_int_equal(geti(get(o, "river_end"), "y"), y);
            sn->river_end++;
        }
        sn->river_left += carc_river_left(g) > 0;
    }
    if (!(exp & CARC_EXP_ABBOT))
        return;
    json_array_foreach(get(o, "score_parts"), i, v)
        assert_int_equal(geti(v, "gardens"), carc_score_part(g, (int)i, CARC_SCORE_GARDENS));
    json_array_foreach(get(o, "features"), i, v)
        sn->gardens += strcmp(json_string_value(get(v, "type")), "garden") == 0;
    json_array_foreach(get(o, "recalls"), i, v) {
        carc_move m;
        carc_error err = { 0, "" };
        const char *text = json_string_value(get(v, "move"));
        if (carc_move_parse(g, text, &m, &err) != CARC_OK)
            fail_msg("recall \"%s\": %s", text, err.msg);
        assert_int_equal(m.kind, CARC_MOVE_RECALL);
        assert_int_equal(geti(v, "points"), carc_recall_points(g, &m));
        assert_true(geti(v, "points") > 0);
        assert_int_equal(geti(v, "x"), m.x);
        assert_int_equal(geti(v, "y"), m.y);
        assert_string_equal(json_string_value(get(v, "port")), carc_port_name(m.port));
        sn->recalls++;
    }
    /* the full state's legal list: its recalls are those listed, in the same order */
    json_t *legal = json_object_get(o, "legal");
    if (legal == NULL || carc_view_seat(g) >= 0 || carc_view_seat(g) == CARC_SEAT_PUBLIC)
        return;
    size_t k = 0;
    json_array_foreach(legal, i, v)
        if (strncmp(json_string_value(v), "recall ", 7) == 0) {
            json_t *r = json_array_get(get(o, "recalls"), k++);
            assert_non_null(r);
            assert_string_equal(json_string_value(get(r, "move")), json_string_value(v));
        }
    assert_int_equal(k, json_array_size(get(o, "recalls")));
}

/* The values agree with the public queries of g (the state the JSON came from). */
static void check_values(const carc_game *g, const json_t *o, seen *sn)
{
    unsigned exp = carc_config_of(g).expansions;
    int ntiles = carc_board_count(g), players = carc_players(g);
    int *hits = calloc((size_t)ntiles * CARC_PORTS, sizeof *hits);
    int on_features[CARC_MAX_PLAYERS] = {0}, on_board[CARC_MAX_PLAYERS] = {0};
    carc_follower fl[CARC_MAX_PLAYERS * (CARC_FOLLOWERS + CARC_FIGURES)];
    size_t i, j;
    json_t *f, *seg;

    assert_non_null(hits);
    assert_int_equal(geti(o, "stack_left"), carc_stack_left(g));
    assert_int_equal(json_array_size(get(o, "board")), ntiles);
    /* the features in play: each segment of a placed tile whose feature carries a
     * follower, a token or a lock is listed once, in that feature; no other is */
    json_array_foreach(get(o, "features"), i, f) {
        int type = carc_feature_parse(json_string_value(get(f, "type")),
                                      strlen(json_string_value(get(f, "type"))));
        int tiles = 0, seen_tile[CARC_TILES] = {0};
        carc_feature_info info;
        json_array_foreach(get(f, "segments"), j, seg) {
            int x = (int)json_integer_value(json_array_get(seg, 0));
            int y = (int)json_integer_value(json_array_get(seg, 1)), t;
            for (t = 0; t < ntiles; t++) {
                int kind, tx, ty, rot;
                carc_board_tile(g, t, &kind, &tx, &ty, &rot);
                if (tx == x && ty == y)
                    break;
            }
            assert_true(t < ntiles);
            if (!seen_tile[t]++)
                tiles++;
            {
                const char *name = json_string_value(json_array_get(seg, 2));
                int p = carc_port_parse(name, strlen(name)), canon;
                assert_true(p >= 0 && p < CARC_PORTS);
                assert_int_equal(carc_segment(g, x, y, p, &canon), type);
                assert_int_equal(canon, p);
                hits[t * CARC_PORTS + p]++;
                assert_true(carc_feature_at(g, x, y, p, &info));
                assert_int_equal(info.tiles, geti(f, "tiles"));
                assert_int_equal(info.value, geti(f, "value"));
                assert_int_equal(info.completed, json_is_true(get(f, "completed")));
                assert_int_equal(info.locked, json_is_true(get(f, "locked")));
                for (int s = 0; s < players; s++)
                    assert_int_equal(info.followers[s],
                                     json_integer_value(json_array_get(get(f, "followers"),
                                                                       (size_t)s)));
                check_feature_marks(g, f, &info, sn);
            }
        }
        assert_int_equal(tiles, geti(f, "tiles"));
        assert_int_equal(json_array_size(get(f, "followers")), players);
        for (int s = 0; s < players; s++)
            on_features[s] += (int)json_integer_value(json_array_get(get(f, "followers"),
                                                                     (size_t)s));
        if (json_array_size(get(f, "tokens")))
            sn->tokens++;
        if (json_is_true(get(f, "locked")))
            sn->locked++;
    }
    for (int t = 0; t < ntiles; t++) {
        int kind, x, y, rot, canon, held = 0;
        carc_feature_info info;
        carc_board_tile(g, t, &kind, &x, &y, &rot);
        for (int p = 0; p < CARC_PORTS; p++) {
            if (carc_segment(g, x, y, p, &canon) < 0 || canon != p) {
                assert_int_equal(hits[t * CARC_PORTS + p], 0);
                continue;
            }
            assert_true(carc_feature_at(g, x, y, p, &info));
            held = info.tokens || info.locked || info.builders || info.pigs;
            for (int s = 0; s < players; s++)
                held |= info.followers[s] > 0;
            if (hits[t * CARC_PORTS + p] != held)
                fail_msg("tile (%d,%d) segment %s is listed %d times, held %d", x, y,
                         carc_port_name(p), hits[t * CARC_PORTS + p], held);
        }
    }
    free(hits);
    int n = carc_followers(g, fl, (int)(sizeof fl / sizeof fl[0]));
    assert_int_equal(json_array_size(get(o, "followers")), n);
    for (int m = 0; m < n; m++) {
        json_t *jf = json_array_get(get(o, "followers"), (size_t)m);
        /* features count strength: a large meeple 2, a builder or pig 0 */
        on_board[fl[m].seat] += carc_figure_strength(fl[m].figure);
        assert_string_equal(json_string_value(get(jf, "figure")), carc_figure_name(fl[m].figure));
        sn->figures[fl[m].figure]++;
    }
    check_bigbox(g, o, sn);
    check_river_abbot(g, o, sn);
    for (int s = 0; s < players; s++)
        assert_int_equal(on_features[s], on_board[s]);

    /* the feature of a scoring-modifier question, only with one */
    int fx, fy, fport;
    json_t *feature = get(get(o, "pending"), "feature");
    if (carc_modifier_feature(g, &fx, &fy, &fport)) {
        assert_int_equal(geti(feature, "x"), fx);
        assert_int_equal(geti(feature, "y"), fy);
        assert_string_equal(json_string_value(get(feature, "port")), carc_port_name(fport));
        sn->questions++;
    } else {
        assert_true(json_is_null(feature));
    }

    if (exp & CARC_EXP_CHRISTMAS) {
        json_t *x = get(o, "christmas"), *h, *play = get(x, "in_play");
        int counts[CARC_CARDS];
        json_array_foreach(get(x, "hands"), i, h) {
            int total = carc_cards(g, (int)i, counts);
            assert_int_equal(geti(h, "count"), total);
            assert_int_equal(geti(h, "hidden"), counts[0]);
            assert_int_equal(json_array_size(get(h, "cards")), total - counts[0]);
            assert_int_equal(geti(h, "from_cloister") + geti(h, "from_roadside"), total);
            if (counts[0] && geti(h, "from_cloister"))
                sn->hidden_from[0]++;
            if (counts[0] && geti(h, "from_roadside"))
                sn->hidden_from[1]++;
            int banked = (int)json_integer_value(json_array_get(get(x, "banked"), i));
            assert_int_equal(banked, carc_banked(g, (int)i));
            sn->banked += banked > 0;
        }
        assert_int_equal(geti(get(get(x, "decks"), "cloister"), "left"), carc_xdeck_left(g, 0));
        assert_int_equal(geti(get(get(x, "decks"), "roadside"), "left"), carc_xdeck_left(g, 1));
        carc_move target;
        int card = carc_card_in_play(g, &target);
        assert_int_equal(json_is_null(play), card == CARC_CARD_NONE);
        if (card != CARC_CARD_NONE) {
            assert_string_equal(json_string_value(get(play, "card")), carc_card_name(card));
            assert_int_equal(json_is_null(get(play, "target")), target.kind == CARC_MOVE_PASS);
            sn->in_play++;
            sn->in_play_target += !json_is_null(get(play, "target"));
        }
        int offered = carc_offered_deck(g);
        assert_int_equal(json_is_null(get(x, "offered")), offered < 0);
        if (offered >= 0) {
            assert_string_equal(json_string_value(get(x, "offered")),
                                offered ? "roadside" : "cloister");
            sn->offered[offered]++;
        }
        carc_mastermind_mark mm[2];
        int nm = carc_masterminds(g, mm);
        assert_int_equal(json_array_size(get(x, "binds")), nm);
        sn->binds += nm > 0;
    }
}

/* Removes what a view of another seat hides, so that the rest can be compared. */
static void strip_hands(json_t *o)
{
    static const char *const parts[2] = { "gifts", "christmas" };
    json_t *h;
    size_t i;
    json_object_del(o, "view");
    json_object_del(o, "legal");
    for (int k = 0; k < 2; k++) {
        json_t *part = json_object_get(o, parts[k]);
        if (part == NULL)
            continue;
        json_array_foreach(json_object_get(part, "hands"), i, h) {
            json_object_del(h, "cards");
            json_object_del(h, "hidden");
        }
    }
}

/* The view of `seat` shows everything public as the full state does, its own hand,
 * and no other seat's card ids. */
static void check_view_against_full(const json_t *full, const json_t *view, int seat)
{
    static const char *const parts[2] = { "gifts", "christmas" };
    json_t *a = json_deep_copy(full), *b = json_deep_copy(view);

    if (seat == CARC_SEAT_PUBLIC)
        assert_string_equal(json_string_value(get(view, "view")), "public");
    else
        assert_int_equal(geti(view, "view"), seat);
    for (int k = 0; k < 2; k++) {
        json_t *fp = json_object_get(full, parts[k]), *vp = json_object_get(view, parts[k]);
        json_t *h;
        size_t i;
        if (fp == NULL)
            continue;
        json_array_foreach(get(vp, "hands"), i, h) {
            json_t *fh = json_array_get(get(fp, "hands"), i);
            if ((int)i == seat) {
                assert_true(json_equal(get(h, "cards"), get(fh, "cards")));
                assert_int_equal(geti(h, "hidden"), 0);
            } else {
                if (json_array_size(get(h, "cards")) != 0)
                    fail_msg("the view of seat %d shows %s cards of seat %zu", seat, parts[k], i);
                assert_int_equal(geti(h, "hidden"), geti(fh, "count"));
            }
        }
    }
    strip_hands(a);
    strip_hands(b);
    if (!json_equal(a, b)) {
        char *ta = json_dumps(a, JSON_SORT_KEYS | JSON_COMPACT);
        char *tb = json_dumps(b, JSON_SORT_KEYS | JSON_COMPACT);
        fail_msg("the view of seat %d differs from the full state in public parts:\n%s\n%s",
                 seat, ta, tb);
    }
    json_decref(a);
    json_decref(b);
}

/* Every check at one position of g. */
static void check_position(carc_game *g, carc_game *view, carc_game *twin, carc_game *tview,
                           uint64_t *rs, seen *sn)
{
    carc_pending p = carc_pending_decision(g);
    char *text = carc_state_json(g, 1);
    json_t *full = load(text);

    check_schema(g, full, 1);
    check_values(g, full, sn);
    assert_true(json_is_null(get(full, "view")));
    for (int k = 0; k <= carc_players(g); k++) {  /* every seat, then the public view */
        int s = k < carc_players(g) ? k : CARC_SEAT_PUBLIC;
        carc_view(g, s, view);
        char *vt = carc_state_json(view, 1);
        json_t *v = load(vt);
        check_schema(view, v, 1);
        check_values(view, v, sn);
        check_view_against_full(full, v, s);
        if (s == p.seat && !json_equal(get(v, "legal"), get(full, "legal")))
            fail_msg("the view of seat %d lists other legal moves than the state", s);
        if (s != p.seat && json_array_size(get(v, "legal")) != 0)
            fail_msg("the view of seat %d lists legal moves of seat %d", s, p.seat);
        test_make_twin(g, twin, s, rs);
        carc_view(twin, s, tview);
        char *tt = carc_state_json(tview, 1);
        assert_non_null(tt);
        if (strcmp(vt, tt) != 0)
            fail_msg("seat %d's view JSON changed with hidden information only:\n%s\n%s", s,
                     vt, tt);
        free(tt);
        json_decref(v);
        free(vt);
    }
    json_decref(full);
    free(text);
}

/* Plays games first..first+count-1 of an expansion set, checking positions. */
static void play_games(unsigned expansions, int first, int count, seen *sn)
{
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    uint64_t rs = 0x5eed0000u + expansions * 7919u + (uint64_t)first;

    assert_non_null(moves);
    for (int game = first; game < first + count; game++) {
        carc_config cfg;
        carc_error err = { 0, "" };
        carc_config_init(&cfg);
        cfg.players = 2 + game % ((expansions & CARC_EXP_INNS) ? 5 : 4);
        cfg.seed = 1000u + (uint64_t)game;
        cfg.expansions = expansions;
        carc_game *g = carc_new(&cfg, &err), *view = carc_clone(g), *twin = carc_clone(g);
        carc_game *tview = carc_clone(g);
        assert_non_null(tview);
        while (!carc_is_over(g)) {
            if (test_rand_below(&rs, 6) == 0)
                check_position(g, view, twin, tview, &rs, sn);
            int n = carc_legal(g, moves, CARC_MAX_MOVES);
            assert_true(n > 0);
            assert_int_equal(carc_apply(g, &moves[test_rand_below(&rs, n)], &err), CARC_OK);
        }
        check_position(g, view, twin, tview, &rs, sn);
        carc_free(g);
        carc_free(view);
        carc_free(twin);
        carc_free(tview);
    }
    free(moves);
}

static int game_count(void)
{
    return test_game_count(GAMES, SANITIZED_GAMES, QUICK_GAMES);
}

static void test_base(void **state)
{
    seen sn = {0};
    (void)state;
    play_games(0, 0, game_count(), &sn);
}

static void test_gifts(void **state)
{
    seen sn = {0};
    (void)state;
    play_games(CARC_EXP_GIFTS, 0, game_count(), &sn);
}

static int covered(const seen *sn)
{
    return sn->in_play > sn->in_play_target && sn->in_play_target > 0 && sn->offered[0] > 0 &&
           sn->offered[1] > 0 && sn->binds > 0 && sn->tokens > 0 && sn->locked > 0 &&
           sn->banked > 0 && sn->hidden_from[0] > 0 && sn->hidden_from[1] > 0 &&
           sn->questions > 0;
}

/* Christmas Present, with and without The Gifts: every Christmas part seen filled. */
static void test_christmas(void **state)
{
    seen sn = {0};
    (void)state;
    play_games(CARC_EXP_CHRISTMAS, 0, game_count(), &sn);
    play_games(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS, 0, game_count(), &sn);
    /* short runs (sanitizers, CARC_QUICK) play on until every part was seen */
    for (int game = game_count(); !covered(&sn) && game < 4 * GAMES; game++)
        play_games(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS, game, 1, &sn);
    print_message("in play %d (target %d), offered %d/%d, binds %d, tokens %d, locked %d, "
                  "banked %d, hidden from %d/%d\n",
                  sn.in_play, sn.in_play_target, sn.offered[0], sn.offered[1], sn.binds,
                  sn.tokens, sn.locked, sn.banked, sn.hidden_from[0], sn.hidden_from[1]);
    assert_true(covered(&sn));
}

/* Inns & Cathedrals, Traders & Builders, and all four: every new part seen filled
 * (large meeples, builders, pigs, inns, cathedrals, goods taken, a double turn due,
 * taken and offered). */
static void test_bigbox(void **state)
{
    seen sn = {0};
    (void)state;
    play_games(CARC_EXP_INNS, 0, game_count(), &sn);
    play_games(CARC_EXP_TRADERS, 0, game_count(), &sn);
    play_games(CARC_EXP_INNS | CARC_EXP_TRADERS, 0, game_count(), &sn);
    play_games(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS | CARC_EXP_INNS | CARC_EXP_TRADERS, 0,
               game_count(), &sn);
    print_message("large %d, builders %d, pigs %d, inns %d, cathedrals %d, goods %d/%d, "
                  "double due %d, second parts %d, double_turn %d\n",
                  sn.figures[CARC_FIG_LARGE], sn.figures[CARC_FIG_BUILDER],
                  sn.figures[CARC_FIG_PIG], sn.inns, sn.cathedrals, sn.goods_seat,
                  sn.goods_feature, sn.double_due, sn.part2, sn.double_turn);
    assert_true(sn.figures[CARC_FIG_LARGE] > 0 && sn.figures[CARC_FIG_BUILDER] > 0 &&
                sn.figures[CARC_FIG_PIG] > 0);
    assert_true(sn.inns > 0 && sn.cathedrals > 0 && sn.goods_seat > 0 && sn.goods_feature > 0);
    assert_true(sn.builders > 0 && sn.pigs > 0);
}

/* The River, The Abbot, both, and all six: the river's end and tiles left seen during
 * the river phase, abbots on the board, gardens held, recalls offered with points. */
static void test_river_abbot(void **state)
{
    seen sn = {0};
    (void)state;
    play_games(CARC_EXP_RIVER, 0, game_count(), &sn);
    play_games(CARC_EXP_ABBOT, 0, game_count(), &sn);
    play_games(CARC_EXP_RIVER | CARC_EXP_ABBOT, 0, game_count(), &sn);
    play_games(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS | CARC_EXP_INNS | CARC_EXP_TRADERS |
                   CARC_EXP_RIVER | CARC_EXP_ABBOT, 0, game_count(), &sn);
    print_message("river phase %d (end %d), abbots %d, gardens %d, recalls %d\n", sn.river_left,
                  sn.river_end, sn.figures[CARC_FIG_ABBOT], sn.gardens, sn.recalls);
    assert_true(sn.river_left > 0 && sn.river_end > 0);
    assert_true(sn.figures[CARC_FIG_ABBOT] > 0 && sn.gardens > 0 && sn.recalls > 0);
}

/* The X13 record of issue 8 up to its 14th move: both Mastermind positions pending. */
static void test_mastermind_record(void **state)
{
    static const char record[] =
        "{\"carc\":1,\"players\":2,\"seed\":1,\"expansions\":\"christmas\",\"stack\":\"UUUE\","
        "\"cloister_deck\":[],\"roadside_deck\":[\"mastermind\",\"mastermind\"],\"moves\":["
        "\"U (1,0) r1\",\"draw\",\"pass\",\"pass\",\"U (-1,0) r1\",\"draw\",\"pass\",\"pass\","
        "\"play mastermind (0,-1)\",\"pass\",\"U (2,0) r1\",\"pass\",\"pass\","
        "\"play mastermind (3,0)\"]}";
    carc_error err = { 0, "" };
    carc_record *rec = carc_record_parse(record, &err);
    carc_game *g = NULL;
    carc_mastermind_mark mm[2];

    (void)state;
    assert_non_null(rec);
    assert_int_equal(carc_record_replay(rec, &g, &err), CARC_OK);
    assert_int_equal(carc_masterminds(g, mm), 2);
    for (int s = -1; s < 2; s++) {
        carc_game *v = carc_clone(g);
        if (s >= 0)
            carc_view(g, s, v);
        char *text = carc_state_json(v, 0);
        json_t *o = load(text), *binds = get(get(o, "christmas"), "binds");
        assert_int_equal(json_array_size(binds), 2);
        for (size_t i = 0; i < 2; i++) {
            assert_int_equal(geti(json_array_get(binds, i), "x"), mm[i].x);
            assert_int_equal(geti(json_array_get(binds, i), "y"), mm[i].y);
            assert_int_equal(geti(json_array_get(binds, i), "turn"), mm[i].turn);
        }
        assert_int_equal(geti(json_array_get(binds, 0), "x"), 0);
        assert_int_equal(geti(json_array_get(binds, 1), "x"), 3);
        json_decref(o);
        free(text);
        carc_free(v);
    }
    carc_free(g);
    carc_record_free(rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base),
        cmocka_unit_test(test_gifts),
        cmocka_unit_test(test_christmas),
        cmocka_unit_test(test_bigbox),
        cmocka_unit_test(test_river_abbot),
        cmocka_unit_test(test_mastermind_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
