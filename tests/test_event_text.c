/*
 * test_event_text.c - events as sentences (src/record/event_text.c), the one table
 * that `carc demo`, the terminal game and the browser game (GET /api/sentences,
 * web/js/words.js) tell events with: exact sentences for events of every kind, every
 * score reason has its sentence, a hidden card has its own sentence, every event of
 * random games of every expansion set and every seat's view becomes a sentence with
 * no placeholder left, and the table as JSON holds every sentence used. With --pairs
 * and --table it prints what tests/web/sentences.mjs compares words.js against.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>
#include "carc.h"
#include "carc_record.h"
#include "random_play.h"

static void expect_text(carc_event e, const char *want)
{
    char buf[256];
    int n = carc_event_text(&e, buf, sizeof buf);
    if (strcmp(buf, want) != 0)
        fail_msg("event %d: got '%s', want '%s'", e.kind, buf, want);
    assert_int_equal(n, (int)strlen(want));
}

static carc_event ev(int kind, int seat, int a, int b, int x, int y, int port, int value)
{
    carc_event e;
    memset(&e, 0, sizeof e);
    e.kind = (unsigned)kind;
    e.seat = seat;
    e.a = (unsigned)a;
    e.b = (unsigned)b;
    e.x = x;
    e.y = y;
    e.port = (unsigned)port;
    e.value = value;
    return e;
}

static void test_exact_sentences(void **state)
{
    (void)state;
    int k = carc_tile_kind('K'), u = carc_tile_kind('U');
    int sweeper = carc_card_parse("road_sweeper", 12), synod = carc_card_parse("synod", 5);
    expect_text(ev(CARC_EV_TILE_DRAWN, 0, k, 0, 0, 0, CARC_PORT_NONE, 0), "A tile is drawn.");
    expect_text(ev(CARC_EV_TILE_REMOVED, -1, k, 0, 0, 0, CARC_PORT_NONE, 0),
                "A tile that fits nowhere leaves the game.");
    expect_text(ev(CARC_EV_PLACED, 1, u, 1, 1, 0, CARC_PORT_NONE, 0),
                "seat 1 places a tile.");
    expect_text(ev(CARC_EV_FOLLOWER, 0, CARC_PORT_E, CARC_FEAT_ROAD, 1, 0, CARC_PORT_E, 0),
                "seat 0 puts a follower on a road.");
    expect_text(ev(CARC_EV_FOLLOWER, 0, CARC_PORT_C, CARC_FEAT_CLOISTER, 2, -1, CARC_PORT_C, 0),
                "seat 0 puts a follower on a cloister.");
    expect_text(ev(CARC_EV_SCORED, 1, CARC_FEAT_CITY, CARC_REASON_COMPLETED, 0, -1,
                   CARC_PORT_S, 4),
                "seat 1 scores 4 for completing a city.");
    expect_text(ev(CARC_EV_SCORED, 0, CARC_FEAT_ROAD, CARC_REASON_ROAD_SWEEPER, 3, 2,
                   CARC_PORT_N, 2),
                "seat 0 scores 2 for a road (Road Sweeper).");
    expect_text(ev(CARC_EV_SCORED, 1, CARC_FEAT_NONE, CARC_REASON_GIFTS, 0, 0,
                   CARC_PORT_NONE, 4),
                "seat 1 scores 4 for unopened gifts.");
    expect_text(ev(CARC_EV_BANK_PAID, 0, 0, 0, 0, 0, CARC_PORT_NONE, 7),
                "seat 0 is paid 7 banked points.");
    expect_text(ev(CARC_EV_RETURNED, 1, CARC_PORT_S, CARC_FEAT_CITY, 0, -1, CARC_PORT_S, 0),
                "seat 1's follower on a city returns to the supply.");
    expect_text(ev(CARC_EV_GIFT_DRAWN, 1, synod, 0, 0, 0, CARC_PORT_NONE, 0),
                "seat 1 receives the gift Synod.");
    /* another seat's view: the card is hidden, and so is it in the sentence */
    expect_text(ev(CARC_EV_GIFT_DRAWN, 1, CARC_CARD_NONE, 0, 0, 0, CARC_PORT_NONE, 0),
                "seat 1 receives a gift.");
    expect_text(ev(CARC_EV_CARD_PLAYED, 0, sweeper, 0, 0, 0, CARC_PORT_NONE, 0),
                "seat 0 plays Road Sweeper.");
    expect_text(ev(CARC_EV_GAME_OVER, -1, 0, 0, 0, 0, CARC_PORT_NONE, 0), "The game is over.");
}

/* The expansions' events: figures, goods, a double turn, their score reasons; each
 * also as its short string. Shared with --pairs, so that words.js is compared on
 * them before random games meet them. */
static const struct {
    int kind, seat, a, b, x, y, port, value;
    const char *plain, *text;
    const char *tile;  /* when set, a is this tile's kind */
} expansion_events[] = {
    {CARC_EV_FOLLOWER, 0, CARC_PORT_E, CARC_FEAT_ROAD, 1, 0, CARC_PORT_E, CARC_FIG_LARGE,
     "follower 0 (1,0) road:E large", "seat 0 puts a large meeple on a road.", NULL},
    {CARC_EV_FOLLOWER, 2, CARC_PORT_N, CARC_FEAT_CITY, 1, 0, CARC_PORT_N, CARC_FIG_BUILDER,
     "follower 2 (1,0) city:N builder", "seat 2 puts their builder on a city.", NULL},
    {CARC_EV_FOLLOWER, 5, CARC_PORT_I, CARC_FEAT_FIELD, 0, 1, CARC_PORT_I, CARC_FIG_PIG,
     "follower 5 (0,1) field:I pig", "seat 5 puts their pig in a field.", NULL},
    {CARC_EV_FOLLOWER, 1, CARC_PORT_NW, CARC_FEAT_FIELD, 0, 1, CARC_PORT_NW, CARC_FIG_MEEPLE,
     "follower 1 (0,1) field:NW", "seat 1 puts a follower on a field.", NULL},
    {CARC_EV_RETURNED, 1, CARC_PORT_S, CARC_FEAT_CITY, 0, -1, CARC_PORT_S, CARC_FIG_LARGE,
     "back 1 (0,-1) city:S large", "seat 1's large meeple on a city returns to the supply.", NULL},
    {CARC_EV_RETURNED, 3, CARC_PORT_W, CARC_FEAT_ROAD, 2, 2, CARC_PORT_W, CARC_FIG_BUILDER,
     "back 3 (2,2) road:W builder", "seat 3's builder on a road returns to the supply.", NULL},
    {CARC_EV_RETURNED, 0, CARC_PORT_NW, CARC_FEAT_FIELD, 2, 2, CARC_PORT_NW, CARC_FIG_PIG,
     "back 0 (2,2) field:NW pig", "seat 0's pig in a field returns to the supply.", NULL},
    {CARC_EV_GOODS, 1, CARC_FEAT_CITY, CARC_GOODS_WINE, 3, -2, CARC_PORT_N, 2,
     "goods 1 2 wine (3,-2) city:N", "seat 1 takes 2 wine.", NULL},
    {CARC_EV_GOODS, 0, CARC_FEAT_CITY, CARC_GOODS_CLOTH, 3, -2, CARC_PORT_N, 1,
     "goods 0 1 cloth (3,-2) city:N", "seat 0 takes 1 cloth.", NULL},
    {CARC_EV_DOUBLE_DUE, 4, 0, 0, 0, 0, CARC_PORT_NONE, 0, "double 4",
     "seat 4 may take a second turn: their tile extended a feature of their builder.", NULL},
    {CARC_EV_SCORED, 0, CARC_FEAT_FIELD, CARC_REASON_PIG, 0, 1, CARC_PORT_NW, 3,
     "score 0 3 pig (0,1) field:NW",
     "seat 0 scores 3 more for a field: their pig is there (4 per completed city).", NULL},
    {CARC_EV_SCORED, 2, CARC_GOODS_GRAIN, CARC_REASON_GOODS, 0, 0, CARC_PORT_NONE, 10,
     "score 2 10 goods", "seat 2 scores 10 for the most goods of a kind.", NULL},
    /* The Abbot: the abbot on a garden or a cloister, a garden scored, a recall (A4-A6) */
    {CARC_EV_FOLLOWER, 0, CARC_PORT_G, CARC_FEAT_GARDEN, 0, -1, CARC_PORT_G, CARC_FIG_ABBOT,
     "follower 0 (0,-1) garden:G abbot", "seat 0 puts their abbot on a garden.", NULL},
    {CARC_EV_FOLLOWER, 1, CARC_PORT_C, CARC_FEAT_CLOISTER, 2, 1, CARC_PORT_C, CARC_FIG_ABBOT,
     "follower 1 (2,1) cloister:C abbot", "seat 1 puts their abbot on a cloister.", NULL},
    {CARC_EV_SCORED, 0, CARC_FEAT_GARDEN, CARC_REASON_RECALL, 0, -1, CARC_PORT_G, 4,
     "score 0 4 recall (0,-1) garden:G",
     "seat 0 scores 4 recalling their abbot from a garden.", NULL},
    {CARC_EV_SCORED, 1, CARC_FEAT_CLOISTER, CARC_REASON_RECALL, 2, 1, CARC_PORT_C, 6,
     "score 1 6 recall (2,1) cloister:C",
     "seat 1 scores 6 recalling their abbot from a cloister.", NULL},
    {CARC_EV_SCORED, 0, CARC_FEAT_GARDEN, CARC_REASON_COMPLETED, 0, -1, CARC_PORT_G, 9,
     "score 0 9 completed (0,-1) garden:G", "seat 0 scores 9 for completing a garden.", NULL},
    {CARC_EV_SCORED, 2, CARC_FEAT_GARDEN, CARC_REASON_FINAL, 0, -1, CARC_PORT_G, 5,
     "score 2 5 final (0,-1) garden:G", "seat 2 scores 5 at the end for an unfinished garden.", NULL},
    {CARC_EV_RETURNED, 0, CARC_PORT_G, CARC_FEAT_GARDEN, 0, -1, CARC_PORT_G, CARC_FIG_ABBOT,
     "back 0 (0,-1) garden:G abbot", "seat 0's abbot on a garden returns to the supply.", NULL},
    /* The River: a river tile that cannot continue the river (R6), a placed one */
    {CARC_EV_TILE_REMOVED, 0, 0, 0, 0, 0, CARC_PORT_NONE, 0, "remove RI.1/CcII",
     "A river tile that cannot continue the river leaves the game.", "RI.1/CcII"},
    {CARC_EV_TILE_DRAWN, 0, 0, 0, 0, 0, CARC_PORT_NONE, 0, "draw RI.1/I.e",
     "A tile is drawn.", "RI.1/I.e"},
    {CARC_EV_PLACED, 1, 0, 3, 2, 0, CARC_PORT_NONE, 0, "place 1 RI.1/IIG (2,0) r3",
     "seat 1 places a tile.", "RI.1/IIG"},
    /* Abbey & Mayor: the mayor, the wagon (placed or moved, AM8), the barn at a corner
     * (AM9), a wagon going home */
    {CARC_EV_FOLLOWER, 0, CARC_PORT_N, CARC_FEAT_CITY, 1, 0, CARC_PORT_N, CARC_FIG_MAYOR,
     "follower 0 (1,0) city:N mayor", "seat 0 puts their mayor on a city.", NULL},
    {CARC_EV_FOLLOWER, 1, CARC_PORT_S, CARC_FEAT_ROAD, -6, -1, CARC_PORT_S, CARC_FIG_WAGON,
     "follower 1 (-6,-1) road:S wagon", "seat 1 puts their wagon on a road.", NULL},
    {CARC_EV_FOLLOWER, 1, CARC_PORT_CSE, CARC_FEAT_CORNER, -2, -3, CARC_PORT_CSE, CARC_FIG_BARN,
     "follower 1 (-2,-3) barn:SE barn", "seat 1 builds their barn where four fields meet.", NULL},
    {CARC_EV_RETURNED, 1, CARC_PORT_E, CARC_FEAT_CITY, -5, 0, CARC_PORT_E, CARC_FIG_WAGON,
     "back 1 (-5,0) city:E wagon", "seat 1's wagon on a city returns to the supply.", NULL},
    {CARC_EV_RETURNED, 0, CARC_PORT_N, CARC_FEAT_CITY, 1, -4, CARC_PORT_N, CARC_FIG_MAYOR,
     "back 0 (1,-4) city:N mayor", "seat 0's mayor on a city returns to the supply.", NULL},
};

static carc_event expansion_event(size_t i)
{
    carc_event e = ev(expansion_events[i].kind, expansion_events[i].seat, expansion_events[i].a,
                      expansion_events[i].b, expansion_events[i].x, expansion_events[i].y,
                      expansion_events[i].port, expansion_events[i].value);
    if (e.kind == CARC_EV_SCORED)
        e.category = expansion_events[i].b == CARC_REASON_GOODS ? CARC_SCORE_GOODS
                     : expansion_events[i].a == CARC_FEAT_GARDEN ? CARC_SCORE_GARDENS
                     : expansion_events[i].a == CARC_FEAT_CLOISTER ? CARC_SCORE_CLOISTERS
                     : CARC_SCORE_FIELDS;
    if (expansion_events[i].tile != NULL) {
        int kind = carc_tile_kind_named(expansion_events[i].tile, strlen(expansion_events[i].tile));
        assert_true(kind >= 0);
        e.a = (unsigned)kind;
    }
    return e;
}

static void test_expansion_sentences(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof expansion_events / sizeof *expansion_events; i++) {
        carc_event e = expansion_event(i);
        char plain[128];
        carc_event_string(&e, plain, sizeof plain);
        if (strcmp(plain, expansion_events[i].plain) != 0)
            fail_msg("event %zu: short string '%s', want '%s'", i, plain, expansion_events[i].plain);
        expect_text(e, expansion_events[i].text);
    }
    /* the record's tile words are the tiles' names */
    char buf[64];
    carc_event e = ev(CARC_EV_TILE_DRAWN, 0, carc_tile_kind_named("IC/CCCC", 7), 0, 0, 0,
                      CARC_PORT_NONE, 0);
    assert_int_equal(carc_event_format(&e, buf, sizeof buf), 1);
    assert_string_equal(buf, "draw IC/CCCC");
    e = ev(CARC_EV_PLACED, 1, carc_tile_kind_named("IC/CCCC", 7), 2, 1, 0, CARC_PORT_NONE, 0);
    carc_event_string(&e, buf, sizeof buf);
    assert_string_equal(buf, "place 1 IC/CCCC (1,0) r2");
}

/* The guide is in players' words: no rule id, no notation, no card id. */
static void test_guide(void **state)
{
    (void)state;
    int n = carc_guide_count();
    carc_guide_par g;
    assert_true(n > 5);
    assert_true(carc_guide_at(0, &g));
    assert_non_null(g.title);
    assert_false(carc_guide_at(n, &g));
    assert_false(carc_guide_at(-1, &g));
    for (int i = 0; i < n; i++) {
        assert_true(carc_guide_at(i, &g));
        assert_non_null(g.text);
        for (const char *c = g.text; *c; c++) {
            int rule = (*c == 'G' || *c == 'X' || *c == 'B' || *c == 'E') && c[1] >= '0' &&
                       c[1] <= '9';
            if (rule || *c == '_' || (*c == '(' && c[1] >= '0' && c[1] <= '9'))
                fail_msg("guide paragraph %d: notation or a rule id at '%.20s'", i, c);
        }
    }
}

static void test_every_reason(void **state)
{
    (void)state;
    json_error_t jerr;
    char *text = carc_sentences_json();
    assert_non_null(text);
    json_t *t = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    free(text);
    assert_non_null(t);
    json_t *reasons = json_object_get(t, "reasons");
    for (int r = 0; r < CARC_REASONS; r++)
        if (!json_is_string(json_object_get(reasons, carc_score_reason_name(r))))
            fail_msg("no sentence for the reason %s", carc_score_reason_name(r));
    json_t *events = json_object_get(t, "events");
    const char *keys[] = {"draw", "remove", "return", "place", "follower", "score", "bank",
                          "paid", "token", "lock", "back", "gift", "gift?", "card", "card?",
                          "play", "discard", "over", "follower:large", "follower:builder",
                          "follower:pig", "back:large", "back:builder", "back:pig", "goods",
                          "double"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        json_t *e = json_object_get(events, keys[i]);
        if (!json_is_string(json_object_get(e, "text")) ||
            !json_is_array(json_object_get(e, "words")))
            fail_msg("no sentence for the event %s", keys[i]);
    }
    assert_true(json_is_string(json_object_get(json_object_get(t, "features"), "feature")));
    assert_true(json_is_string(json_object_get(json_object_get(t, "features"), "cloister")));
    json_decref(t);
}

/* Calls tell(short string, sentence, ctx) for every event of `games` random games
 * (seeds seed, seed+1, ...; every expansion set and 2-5 players in turn), in the full
 * state and in every seat's view. Returns the number of events, or -1 if a game
 * could not be made or played. */
static int each_event(int games, uint64_t seed,
                      void (*tell)(const char *plain, const char *text, void *ctx), void *ctx)
{
    static const unsigned sets[] = {0, CARC_EXP_GIFTS, CARC_EXP_CHRISTMAS,
                                    CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS, CARC_EXP_INNS,
                                    CARC_EXP_TRADERS, CARC_EXP_INNS | CARC_EXP_TRADERS,
                                    CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS | CARC_EXP_INNS |
                                        CARC_EXP_TRADERS,
                                    CARC_EXP_RIVER, CARC_EXP_ABBOT,
                                    CARC_EXP_RIVER | CARC_EXP_ABBOT,
                                    CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS | CARC_EXP_INNS |
                                        CARC_EXP_TRADERS | CARC_EXP_RIVER | CARC_EXP_ABBOT};
    enum { NSETS = sizeof sets / sizeof sets[0] };
    uint64_t rng = seed;
    int told = 0;
    for (int gi = 0; gi < games; gi++) {
        carc_config cfg;
        carc_config_init(&cfg);
        cfg.expansions = sets[gi % NSETS];
        cfg.players = 2 + gi % ((cfg.expansions & CARC_EXP_INNS) ? 5 : 4);
        cfg.seed = seed + (uint64_t)gi;
        carc_error err;
        carc_game *g = carc_new(&cfg, &err), *v = carc_new(&cfg, &err);
        carc_move moves[CARC_MAX_MOVES];
        int rc = g && v ? 0 : -1;
        while (rc == 0) {
            for (int seat = -1; seat < cfg.players; seat++) {
                const carc_game *src = g;
                if (seat >= 0) {
                    carc_view(g, seat, v);
                    src = v;
                }
                int n;
                const carc_event *e = carc_events(src, &n);
                for (int i = 0; i < n; i++, told++) {
                    char text[256], plain[128];
                    carc_event_text(&e[i], text, sizeof text);
                    carc_event_string(&e[i], plain, sizeof plain);
                    tell(plain, text, ctx);
                }
            }
            int n = carc_legal(g, moves, CARC_MAX_MOVES);
            if (n <= 0)
                break;
            if (carc_apply(g, &moves[test_rand_below(&rng, n)], &err) != CARC_OK)
                rc = -1;
        }
        carc_free(g);
        carc_free(v);
        if (rc)
            return -1;
    }
    return told;
}

/* A sentence (not the short string an unknown event falls back to), no placeholder
 * left, no unknown reason. */
static void check_sentence(const char *plain, const char *text, void *ctx)
{
    (void)ctx;
    if (strchr(text, '{') || strstr(text, "(?") || strcmp(text, plain) == 0 ||
        text[strlen(text) - 1] != '.')
        fail_msg("'%s' told as '%s'", plain, text);
    /* players' words: no coordinates, ports or card ids (issue 21) */
    for (const char *c = text; *c; c++)
        if ((*c == ':' && c[1] != ' ' && c[1] != '\0') || *c == '_' ||
            (*c == '(' && strspn(c + 1, "-0123456789") > 0 &&
             c[1 + strspn(c + 1, "-0123456789")] == ','))
            fail_msg("'%s' told with notation: '%s'", plain, text);
}

/* Every event of random games of every set, in the full state and every seat's view. */
static void test_random_games(void **state)
{
    (void)state;
    int games = test_game_count(40, 8, 8);
    int told = each_event(games, 1000, check_sentence, NULL);
    assert_true(told > games * 100);
}

static void print_pair(const char *plain, const char *text, void *ctx)
{
    (void)ctx;
    printf("%s\t%s\n", plain, text);
}

int main(int argc, char **argv)
{
    /* --pairs: the short string and the sentence of every event of a few random games,
     * "SHORT<TAB>SENTENCE" per line, for tests/web/sentences.mjs, which checks that the
     * browser's words.js tells them the same from the same table */
    if (argc == 2 && strcmp(argv[1], "--pairs") == 0) {
        for (size_t i = 0; i < sizeof expansion_events / sizeof *expansion_events; i++) {
            carc_event e = expansion_event(i);
            char text[256];
            carc_event_text(&e, text, sizeof text);
            print_pair(expansion_events[i].plain, text, NULL);
        }
        return each_event(8, 50, print_pair, NULL) < 0;
    }
    if (argc == 2 && strcmp(argv[1], "--table") == 0) {
        char *t = carc_sentences_json();
        if (!t)
            return 1;
        puts(t);
        free(t);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--guide") == 0) {
        /* the guide's paragraphs, "EXPANSIONS<TAB>TITLE<TAB>TEXT" a line (web/how.html) */
        carc_guide_par g;
        for (int i = 0; carc_guide_at(i, &g); i++)
            printf("%u\t%s\t%s\n", g.expansions, g.title ? g.title : "", g.text);
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_guide),
        cmocka_unit_test(test_exact_sentences),
        cmocka_unit_test(test_expansion_sentences),
        cmocka_unit_test(test_every_reason),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
