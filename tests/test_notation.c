/*
 * test_notation.c - the move notation (docs/NOTATION.md): every legal move of many
 * positions of random games formats and parses back to itself; any port of a
 * segment parses to the canonical one; malformed text gives one clear error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base.h"
#include "carc_record.h"

/* A new game, or NULL if the engine does not implement this expansion set yet. */
static carc_game *new_game(int players, uint64_t seed, unsigned expansions)
{
    carc_config cfg;
    carc_error err = { 0, "" };
    carc_game *g;

    carc_config_init(&cfg);
    cfg.players = players;
    cfg.seed = seed;
    cfg.expansions = expansions;
    g = carc_new(&cfg, &err);
    if (g == NULL && strstr(err.msg, "not implemented") == NULL)
        fail_msg("carc_new: %s", err.msg);
    return g;
}

/* A base game whose stack is the given letters. */
static carc_game *new_stacked(const char *letters)
{
    carc_config cfg;
    carc_error err = { 0, "" };
    carc_game *g;
    size_t i;

    carc_config_init(&cfg);
    cfg.stack_len = (int)strlen(letters);
    for (i = 0; letters[i]; i++)
        cfg.stack[i] = (uint8_t)carc_tile_kind(letters[i]);
    g = carc_new(&cfg, &err);
    if (g == NULL)
        fail_msg("carc_new: %s", err.msg);
    return g;
}

/* Parses text that must parse; returns the move. */
static carc_move parse_ok(const carc_game *g, const char *text)
{
    carc_error err = { 0, "" };
    carc_move m;

    if (carc_move_parse(g, text, &m, &err) != CARC_OK)
        fail_msg("\"%s\" did not parse: %s", text, err.msg);
    return m;
}

/* text with every space doubled and spaces around it. */
static void spaced(const char *text, char *out)
{
    *out++ = ' ';
    for (; *text; text++) {
        *out++ = *text;
        if (*text == ' ')
            *out++ = ' ';
    }
    *out++ = '\t';
    *out = '\0';
}

/* Moves of The Abbot seen by round_trip_all: recalls, abbots put on gardens. */
static long seen_recalls, seen_garden_abbots;

/* Every legal move of g formats, parses back equal and formats to the same text;
 * also against `view` (a seat's view of g) when given. Returns the number of moves. */
static int round_trip_all(const carc_game *g, const carc_game *view, carc_move *moves)
{
    int n = carc_legal(g, moves, CARC_MAX_MOVES), i, len;
    char text[CARC_NOTATION_MAX], again[CARC_NOTATION_MAX], wide[3 * CARC_NOTATION_MAX];
    carc_move back;

    for (i = 0; i < n; i++) {
        len = carc_move_format(g, &moves[i], text, sizeof text);
        if (len <= 0)
            fail_msg("legal move %d of kind %d did not format", i, moves[i].kind);
        if (moves[i].kind == CARC_MOVE_RECALL) {
            seen_recalls++;
            if (strncmp(text, "recall (", 8) != 0)
                fail_msg("a recall written \"%s\"", text);
        }
        if (moves[i].kind == CARC_MOVE_FOLLOWER && moves[i].port == CARC_PORT_G) {
            seen_garden_abbots++;
            assert_int_equal(moves[i].figure, CARC_FIG_ABBOT);  /* A4 */
            assert_string_equal(text, "abbot garden:G");
        }
        assert_int_equal((size_t)len, strlen(text));
        back = parse_ok(g, text);
        if (!carc_move_equal(&moves[i], &back))
            fail_msg("\"%s\" parsed to a different move", text);
        assert_int_equal(carc_move_format(g, &back, again, sizeof again), len);
        assert_string_equal(text, again);
        spaced(text, wide);
        back = parse_ok(g, wide);
        assert_true(carc_move_equal(&moves[i], &back));
        if (view != NULL) {
            assert_int_equal(carc_move_format(view, &moves[i], again, sizeof again), len);
            assert_string_equal(text, again);
            back = parse_ok(view, text);
            assert_true(carc_move_equal(&moves[i], &back));
        }
    }
    return n;
}

/* Plays random games of each expansion set to the end, round-tripping every legal
 * move of every position. */
static void test_round_trip_random_games(void **state)
{
    static const unsigned sets[] = { 0, CARC_EXP_GIFTS, CARC_EXP_CHRISTMAS,
                                     CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS, CARC_EXP_INNS,
                                     CARC_EXP_TRADERS, CARC_EXP_INNS | CARC_EXP_TRADERS,
                                     CARC_EXP_INNS | CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS,
                                     CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS | CARC_EXP_INNS |
                                         CARC_EXP_TRADERS,
                                     CARC_EXP_RIVER, CARC_EXP_ABBOT,
                                     CARC_EXP_RIVER | CARC_EXP_ABBOT,
                                     CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS | CARC_EXP_INNS |
                                         CARC_EXP_TRADERS | CARC_EXP_RIVER | CARC_EXP_ABBOT };
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    int abbot_games = 0;
    long positions = 0, checked = 0;
    size_t s;
    int seed;

    (void)state;
    assert_non_null(moves);
    for (s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        for (seed = 1; seed <= 12; seed++) {
            uint64_t rnd = (uint64_t)seed * 7919u + s;
            int players = 2 + seed % ((sets[s] & CARC_EXP_INNS) ? 5 : 4);
            carc_game *g = new_game(players, (uint64_t)seed, sets[s]);
            carc_game *view;
            carc_error err = { 0, "" };

            if (g == NULL)
                break;  /* this expansion set is not implemented yet */
            abbot_games += (sets[s] & CARC_EXP_ABBOT) != 0;
            view = carc_clone(g);
            assert_non_null(view);
            while (!carc_is_over(g)) {
                carc_pending p = carc_pending_decision(g);
                int n;

                carc_view(g, p.seat, view);
                n = round_trip_all(g, positions % 5 == 0 ? view : NULL, moves);
                assert_true(n > 0);
                checked += n;
                positions++;
                if (carc_apply(g, &moves[mix_next(&rnd) % (uint64_t)n], &err) != CARC_OK)
                    fail_msg("apply: %s", err.msg);
            }
            carc_free(view);
            carc_free(g);
        }
    }
    assert_true(positions > 1000);
    /* the abbot's moves came up in the games of The Abbot */
    assert_true(abbot_games == 0 || (seen_recalls > 0 && seen_garden_abbots > 0));
    print_message("notation: %ld moves in %ld positions round-tripped (%ld recalls, %ld "
                  "abbots on gardens)\n", checked, positions, seen_recalls, seen_garden_abbots);
    free(moves);
}

/* Any port of a segment parses to its canonical port (RULES.md 0). */
static void test_non_canonical_ports(void **state)
{
    carc_game *g = new_stacked("UVWX");
    carc_move m, want;
    carc_error err = { 0, "" };

    (void)state;
    /* the start tile D at (0,0): city N, road E-W, fields {EN,WN} and {ES,SE,SW,WS} */
    m = parse_ok(g, "target (0,0) road:W");
    assert_int_equal(m.kind, CARC_MOVE_TARGET);
    assert_int_equal(m.port, CARC_PORT_E);
    assert_int_equal(m.port2, CARC_PORT_NONE);
    m = parse_ok(g, "target (0,0) field:WN");
    assert_int_equal(m.port, CARC_PORT_EN);
    m = parse_ok(g, "target (0,0) field:SW");
    assert_int_equal(m.port, CARC_PORT_ES);
    m = parse_ok(g, "open cash_out (0,0) field:WS");
    assert_int_equal(m.kind, CARC_MOVE_GIFT);
    assert_int_equal(m.card, CARC_GIFT_CASH_OUT);
    assert_int_equal(m.port, CARC_PORT_ES);
    m = parse_ok(g, "open change_position (0,0) road:W field:WN");
    assert_int_equal(m.port, CARC_PORT_E);
    assert_int_equal(m.port2, CARC_PORT_EN);
    assert_int_equal(m.x2, 0);
    assert_int_equal(m.y2, 0);
    m = parse_ok(g, "open synod");  /* a wasted gift */
    assert_int_equal(m.card, CARC_GIFT_SYNOD);
    assert_int_equal(m.port, CARC_PORT_NONE);
    m = parse_ok(g, "play mastermind (0,-1)");
    assert_int_equal(m.card, CARC_XR_MASTERMIND);
    assert_int_equal(m.y, -1);
    assert_int_equal(m.port, CARC_PORT_NONE);
    m = parse_ok(g, "target (5,-5)");
    assert_int_equal(m.x, 5);
    assert_int_equal(m.y, -5);
    assert_int_equal(m.port, CARC_PORT_NONE);

    /* place U at (1,0) r1 (road W-E), then a follower named by any port */
    want = carc_move_pass();
    want.kind = CARC_MOVE_PLACE;
    want.tile = (uint8_t)carc_tile_kind('U');
    want.x = 1;
    want.rot = 1;
    m = parse_ok(g, "U (1,0) r1");
    assert_true(carc_move_equal(&m, &want));
    if (carc_apply(g, &m, &err) != CARC_OK)
        fail_msg("apply: %s", err.msg);
    assert_int_equal(carc_pending_decision(g).decision, CARC_DEC_FOLLOWER);
    want = carc_move_pass();
    want.kind = CARC_MOVE_FOLLOWER;
    want.x = 1;
    want.port = CARC_PORT_E;
    m = parse_ok(g, "road:W");
    assert_true(carc_move_equal(&m, &want));
    m = parse_ok(g, "(1,0) road:W");
    assert_true(carc_move_equal(&m, &want));
    m = parse_ok(g, "field:EN");  /* U r1: fields {NW,NE,EN,WN} and {ES,SE,SW,WS} */
    assert_int_equal(m.port, CARC_PORT_NW);
    m = parse_ok(g, "field:WS");
    assert_int_equal(m.port, CARC_PORT_ES);
    m = parse_ok(g, "play swap_road (0,0) road:W (1,0) road:W");
    assert_int_equal(m.kind, CARC_MOVE_CARD);
    assert_int_equal(m.port, CARC_PORT_E);
    assert_int_equal(m.x2, 1);
    assert_int_equal(m.y2, 0);
    assert_int_equal(m.port2, CARC_PORT_E);
    carc_free(g);
}

/* Formatting writes the canonical port whatever port the move holds. */
static void test_format_canonical(void **state)
{
    carc_game *g = new_stacked("UV");
    carc_move m = carc_move_pass();
    char text[CARC_NOTATION_MAX];

    (void)state;
    m.kind = CARC_MOVE_TARGET;
    m.port = CARC_PORT_W;
    assert_true(carc_move_format(g, &m, text, sizeof text) > 0);
    assert_string_equal(text, "target (0,0) road:E");
    m.kind = CARC_MOVE_GIFT;
    m.card = CARC_GIFT_CHANGE_POSITION;
    m.port = CARC_PORT_S;  /* no segment there: cannot be formatted */
    assert_int_equal(carc_move_format(g, &m, text, sizeof text), -1);
    m.port = CARC_PORT_WN;
    m.port2 = CARC_PORT_WS;
    assert_true(carc_move_format(g, &m, text, sizeof text) > 0);
    assert_string_equal(text, "open change_position (0,0) field:EN field:ES");
    m.card = CARC_XR_SWAP_ROAD;  /* not a gift */
    assert_int_equal(carc_move_format(g, &m, text, sizeof text), -1);
    m = carc_move_pass();
    m.kind = CARC_MOVE_PLACE;
    m.tile = (uint8_t)carc_tile_kind('V');
    m.x = -3;
    m.y = 12;
    m.rot = 2;
    assert_int_equal(carc_move_format(g, &m, text, sizeof text), 12);
    assert_string_equal(text, "V (-3,12) r2");
    assert_int_equal(carc_move_format(g, &m, text, 5), -1);  /* too small */
    m.rot = 4;
    assert_int_equal(carc_move_format(g, &m, text, sizeof text), -1);
    m = carc_move_pass();
    m.kind = CARC_MOVE_FOLLOWER;  /* no tile placed this turn */
    m.port = CARC_PORT_N;
    assert_int_equal(carc_move_format(g, &m, text, sizeof text), -1);
    m.kind = 200;
    assert_int_equal(carc_move_format(g, &m, text, sizeof text), -1);
    m = carc_move_pass();
    m.kind = CARC_MOVE_CARD;
    m.card = CARC_XC_PLAIN_CITY_WORTH_THREE;
    assert_true(carc_move_format(g, &m, text, sizeof text) > 0);
    assert_string_equal(text, "play plain_city_worth_three");
    m.kind = CARC_MOVE_DISCARD;
    m.card = CARC_XC_DRAW_TWO;
    assert_true(carc_move_format(g, &m, text, sizeof text) > 0);
    assert_string_equal(text, "discard draw_two");
    carc_free(g);
}

/* Malformed text: an error naming the problem (a fragment of the message). */
static void test_malformed(void **state)
{
    static const struct {
        const char *text;
        const char *msg;
    } bad[] = {
        { "", "empty move" },
        { "   ", "empty move" },
        { "Z (1,0) r0", "unknown tile \"Z\" in \"Z (1,0) r0\"" },
        { "IC/nope (1,0) r0", "unknown tile \"IC/nope\" in \"IC/nope (1,0) r0\"" },
        { "IC/CCCC (1,0)", "a placement takes TILE (x,y) rN" },
        { "again now", "\"again\" takes nothing more" },
        { "U (1,0) r7", "bad rotation \"r7\"" },
        { "U (1,0) 1", "bad rotation \"1\"" },
        { "U (1,0)", "a placement takes" },
        { "U (1,0) r0 r1", "a placement takes" },
        { "U 1,0 r0", "bad position \"1,0\"" },
        { "U (1,0 r0", "bad position \"(1,0\"" },
        { "U (1,x) r0", "bad position \"(1,x)\"" },
        { "U (1,0)) r0", "bad position" },
        { "U (200,0) r0", "bad position \"(200,0)\"" },
        { "U (,0) r0", "bad position" },
        { "passs", "unknown move \"passs\"" },
        { "Pass", "unknown move \"Pass\"" },
        { "u (1,0) r0", "unknown move \"u\"" },
        { "pass now", "\"pass\" takes nothing more" },
        { "draw 2", "\"draw\" takes nothing more" },
        { "block it", "\"block\" takes nothing more" },
        { "open", "\"open\" needs a card id" },
        { "play", "\"play\" needs a card id" },
        { "open swap_road", "\"swap_road\" is not a gift" },
        { "play synod", "\"synod\" is not a Christmas card" },
        { "play nonsense", "unknown card \"nonsense\"" },
        { "discard", "discard takes one card id" },
        { "discard synod", "\"synod\" is not a Christmas card" },
        { "discard draw_two now", "discard takes one card id" },
        { "open cash_out (0,0)", "cash_out takes (x,y) type:PORT" },
        { "open cash_out (0,0) road", "bad target \"road\"" },
        { "open cash_out (0,0) rood:E", "unknown feature \"rood\"" },
        { "open cash_out (0,0) road:Q", "unknown port \"Q\"" },
        { "open cash_out (0,0) road:n", "unknown port \"n\"" },
        { "open cash_out (0,0) road:N", "no road at (0,0) port N" },
        { "open cash_out (0,0) city:NW", "no city at (0,0) port NW" },
        { "open synod (0,0) cloister:C", "no cloister at (0,0) port C" },
        { "open cash_out (9,9) road:E", "no tile at (9,9)" },
        { "open change_position (0,0) road:E", "change_position takes (x,y) type:PORT type:PORT" },
        { "open change_position (0,0) road:E city:S", "no city at (0,0) port S" },
        { "open take_two (0,0) road:E", "take_two takes no target" },
        { "play swap_road (0,0) road:E", "swap_road takes (x,y) type:PORT (x,y) type:PORT" },
        { "play swap_road (0,0) road:E (3,3) road:E", "no tile at (3,3)" },
        { "play swap_road (0,0) road:E (0,0) road:W seat:x", "bad seat \"seat:x\" (want seat:0..5)" },
        { "play swap_road (0,0) road:E (0,0) road:W seat:6", "bad seat \"seat:6\"" },
        { "play swap_road (0,0) road:E (0,0) road:W seat:", "bad seat \"seat:\"" },
        { "play swap_road (0,0) road:E (0,0) road:W seat:10", "bad seat \"seat:10\"" },
        { "play swap_road (0,0) road:E (0,0) road:W 1", "bad seat \"1\"" },
        { "play swap_road (0,0) road:E (0,0) road:W seat:1 x", "swap_road takes" },
        { "play mastermind", "mastermind takes (x,y)" },
        { "play mastermind (0,-1) road:N", "mastermind takes (x,y)" },
        { "play draw_two (0,0)", "draw_two takes no target" },
        { "target", "target takes [FIGURE] (x,y) [type:PORT]" },
        { "target large", "target takes [FIGURE] (x,y) [type:PORT]" },
        { "target (0,0) road:E city:N", "target takes [FIGURE] (x,y) [type:PORT]" },
        { "target road:E", "bad position \"road:E\"" },
        { "road:E", "no tile placed this turn" },
        { "(0,0) road:E", "no tile placed this turn" },
        { "a b c d e f g h i", "too many words" },
    };
    carc_game *g = new_stacked("UV");
    size_t i;

    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carc_error err = { 0, "" };
        carc_move m = carc_move_pass();
        carc_move untouched = m;

        if (carc_move_parse(g, bad[i].text, &m, &err) != CARC_E_ILLEGAL)
            fail_msg("\"%s\" parsed", bad[i].text);
        assert_int_equal(err.code, CARC_E_ILLEGAL);
        if (strstr(err.msg, bad[i].msg) == NULL)
            fail_msg("\"%s\": message \"%s\" lacks \"%s\"", bad[i].text, err.msg, bad[i].msg);
        assert_null(strchr(err.msg, '\n'));
        assert_true(carc_move_equal(&m, &untouched));  /* out is left alone on error */
    }
    carc_free(g);
}

/* Applies moves given in notation; fails on the first that does not parse or apply. */
static void play_all(carc_game *g, const char *const *moves, int n)
{
    for (int i = 0; i < n; i++) {
        carc_error err = { 0, "" };
        carc_move m = parse_ok(g, moves[i]);
        if (carc_apply(g, &m, &err) != CARC_OK)
            fail_msg("\"%s\": %s", moves[i], err.msg);
    }
}

/* X10: a swap names whose follower it takes ("seat:N") only when followers of two
 * other seats stand on the segment; with one, the seat is filled in and not written,
 * so records written before the seat existed read the same. */
static void test_swap_seat(void **state)
{
    static const char *const setup[] = {
        "U (1,0) r1", "draw", "road:E", "pass", "V (1,1) r3", "draw", "road:E", "pass",
        "U (-1,0) r1", "draw", "target (1,1) road:E", "pass", "pass"};
    carc_config cfg;
    carc_error err = { 0, "" };
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    char text[CARC_NOTATION_MAX];
    carc_move m, one;

    (void)state;
    assert_non_null(moves);
    carc_config_init(&cfg);
    cfg.players = 3;
    cfg.expansions = CARC_EXP_CHRISTMAS;
    cfg.stack_len = 4;
    for (int i = 0; i < 4; i++)
        cfg.stack[i] = (uint8_t)carc_tile_kind("UVUE"[i]);
    cfg.roadside_deck_len = 3;
    cfg.roadside_deck[0] = CARC_XR_SWAP_ROAD;
    cfg.roadside_deck[1] = CARC_XR_SWAP_CITY;
    cfg.roadside_deck[2] = CARC_XR_INTRUDE_ROAD;
    carc_game *g = carc_new(&cfg, &err);
    assert_non_null(g);
    /* seat 0's window in turn 4: seats 1 and 2 both have a follower on (1,1) road:E */
    play_all(g, setup, (int)(sizeof setup / sizeof setup[0]));
    assert_int_equal(round_trip_all(g, NULL, moves), 3);
    m = parse_ok(g, "play swap_road (1,0) road:W (1,1) road:S seat:2");
    assert_int_equal(m.seat2, 2);
    assert_true(carc_move_format(g, &m, text, sizeof text) > 0);
    assert_string_equal(text, "play swap_road (1,0) road:E (1,1) road:E seat:2");
    m = parse_ok(g, "play swap_road (1,0) road:E (1,1) road:E");
    assert_int_equal(m.seat2, CARC_SEAT_NONE);  /* two owners: left unnamed, not legal */
    for (int i = 0; i < carc_legal(g, moves, CARC_MAX_MOVES); i++)
        assert_false(carc_move_equal(&m, &moves[i]));
    assert_int_equal(carc_apply(g, &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "name whose it takes (seat:N)"));

    /* seat 0 takes seat 1's follower (seat 1 is then asked); then a 2-player game
     * with one owner on the other segment, in seat 0's window of turn 3: the seat is
     * implied */
    m = parse_ok(g, "play swap_road (1,0) road:E (1,1) road:E seat:1");
    assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
    carc_free(g);

    cfg.players = 2;
    cfg.stack_len = 3;
    for (int i = 0; i < 3; i++)
        cfg.stack[i] = (uint8_t)carc_tile_kind("UVE"[i]);
    cfg.roadside_deck_len = 2;  /* swap_road, swap_city */
    g = carc_new(&cfg, &err);
    assert_non_null(g);
    play_all(g, setup, 8);
    one = parse_ok(g, "play swap_road (1,0) road:E (1,1) road:E");
    assert_int_equal(one.seat2, 1);
    m = parse_ok(g, "play swap_road (1,0) road:E (1,1) road:E seat:1");
    assert_true(carc_move_equal(&m, &one));
    assert_true(carc_move_format(g, &m, text, sizeof text) > 0);
    assert_string_equal(text, "play swap_road (1,0) road:E (1,1) road:E");
    m = parse_ok(g, "play swap_road (1,0) road:E (1,1) road:E seat:0");
    assert_false(carc_move_equal(&m, &one));
    assert_true(carc_move_format(g, &m, text, sizeof text) > 0);
    assert_string_equal(text, "play swap_road (1,0) road:E (1,1) road:E seat:0");
    assert_int_equal(carc_apply(g, &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "seat 0 has none at (1,1) road:E"));
    m.seat2 = 200;  /* no such seat: cannot be written */
    assert_int_equal(carc_move_format(g, &m, text, sizeof text), -1);
    assert_int_equal(carc_apply(g, &one, &err), CARC_OK);
    carc_free(g);
    free(moves);
}

/* Every tile kind's placement is written with the tile's name and reads back. */
static void test_tile_names(void **state)
{
    carc_game *g = new_stacked("UV");
    char text[CARC_NOTATION_MAX], want[CARC_NOTATION_MAX];

    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        const carc_tile_def *d = carc_tile_def_of(k);
        carc_move m = carc_move_pass();
        m.kind = CARC_MOVE_PLACE;
        m.tile = (uint8_t)k;
        m.x = -3;
        m.y = 12;
        snprintf(want, sizeof want, "%s (-3,12) r0", d->name);
        assert_int_equal(carc_move_format(g, &m, text, sizeof text), (int)strlen(want));
        assert_string_equal(text, want);
        carc_move back = parse_ok(g, text);
        if (!carc_move_equal(&m, &back))
            fail_msg("\"%s\" parsed to another move", text);
        if (k < CARC_BASE_KINDS)
            assert_int_equal(strlen(d->name), 1);  /* base letters unchanged */
    }
    /* again: one word */
    carc_move a = parse_ok(g, "again");
    assert_int_equal(a.kind, CARC_MOVE_AGAIN);
    assert_int_equal(carc_move_format(g, &a, text, sizeof text), 5);
    assert_string_equal(text, "again");
    carc_free(g);
}

/* A follower move names its figure as a leading word unless it is a meeple; the
 * inner field's port is I. */
static void test_figures(void **state)
{
    static const struct {
        const char *text, *canon;
        int figure;
    } cases[] = {
        { "road:E", "road:E", CARC_FIG_MEEPLE },
        { "meeple road:W", "road:E", CARC_FIG_MEEPLE },
        { "large road:E", "large road:E", CARC_FIG_LARGE },
        { "large (1,0) road:W", "large road:E", CARC_FIG_LARGE },
        { "builder road:E", "builder road:E", CARC_FIG_BUILDER },
        { "pig field:NW", "pig field:NW", CARC_FIG_PIG },
        { "pig (1,0) field:WN", "pig field:NW", CARC_FIG_PIG },
    };
    carc_game *g = new_stacked("UV");
    carc_error err = { 0, "" };
    carc_move m = parse_ok(g, "U (1,0) r1");
    char text[CARC_NOTATION_MAX];

    (void)state;
    assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        m = parse_ok(g, cases[i].text);
        assert_int_equal(m.kind, CARC_MOVE_FOLLOWER);
        if (m.figure != cases[i].figure)
            fail_msg("\"%s\": figure %d, want %d", cases[i].text, m.figure, cases[i].figure);
        assert_true(carc_move_format(g, &m, text, sizeof text) > 0);
        assert_string_equal(text, cases[i].canon);
        carc_move back = parse_ok(g, text);
        assert_true(carc_move_equal(&m, &back));
    }
    assert_int_equal(carc_move_parse(g, "large", &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "\"large\" takes [(x,y)] type:PORT"));
    assert_int_equal(carc_move_parse(g, "giant road:E", &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "unknown move \"giant\""));
    assert_int_equal(carc_move_parse(g, "large road:E extra", &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "a follower takes [FIGURE] [(x,y)] type:PORT"));
    /* the inner field's port parses (U has no inner field) */
    assert_int_equal(carc_move_parse(g, "pig field:I", &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "no field at (1,0) port I"));
    assert_int_equal(carc_port_parse("I", 1), CARC_PORT_I);
    carc_free(g);
}

/* Gifts and cards that place, take or move a follower name it after the card id
 * (`open`, `play`) or after `target` unless it is a meeple (GI2, XI1). */
static void test_card_figures(void **state)
{
    static const struct {
        const char *text, *canon;
        int figure;
    } cases[] = {
        { "open cash_out (1,0) road:W", "open cash_out (1,0) road:E", CARC_FIG_MEEPLE },
        { "open cash_out meeple (1,0) road:E", "open cash_out (1,0) road:E", CARC_FIG_MEEPLE },
        { "open cash_out large (1,0) road:W", "open cash_out large (1,0) road:E", CARC_FIG_LARGE },
        { "open change_position large (1,0) road:E field:NW",
          "open change_position large (1,0) road:E field:NW", CARC_FIG_LARGE },
        { "play return_follower large (1,0) road:E", "play return_follower large (1,0) road:E",
          CARC_FIG_LARGE },
        { "play swap_road large (1,0) road:E (0,0) road:E",
          "play swap_road large (1,0) road:E (0,0) road:E", CARC_FIG_LARGE },
        { "target large (1,0) road:W", "target large (1,0) road:E", CARC_FIG_LARGE },
        { "target meeple (1,0) road:E", "target (1,0) road:E", CARC_FIG_MEEPLE },
        { "target (1,0) road:E", "target (1,0) road:E", CARC_FIG_MEEPLE },
    };
    carc_config cfg;
    carc_error err = { 0, "" };
    carc_game *g;
    carc_move m;
    char text[CARC_NOTATION_MAX];

    (void)state;
    carc_config_init(&cfg);
    cfg.expansions = CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS;
    cfg.stack_len = 2;
    cfg.stack[0] = (uint8_t)carc_tile_kind('U');
    cfg.stack[1] = (uint8_t)carc_tile_kind('V');
    g = carc_new(&cfg, &err);
    if (g == NULL)
        fail_msg("carc_new: %s", err.msg);
    while (carc_pending_decision(g).decision != CARC_DEC_PLACE) {
        m = carc_move_pass();
        assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
    }
    m = parse_ok(g, "U (1,0) r1");
    assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        m = parse_ok(g, cases[i].text);
        if (m.figure != cases[i].figure)
            fail_msg("\"%s\": figure %d, want %d", cases[i].text, m.figure, cases[i].figure);
        assert_true(carc_move_format(g, &m, text, sizeof text) > 0);
        assert_string_equal(text, cases[i].canon);
        carc_move back = parse_ok(g, text);
        assert_true(carc_move_equal(&m, &back));
    }
    assert_int_equal(carc_move_parse(g, "open cash_out large", &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "a figure takes a target after it"));
    carc_free(g);
}

/* A game of The Abbot with a fixed stack: D at (0,0), then Eg, B, U, V... */
static carc_game *new_abbot_game(void)
{
    const char *names[] = { "Eg", "B", "U", "V", "K", "L" };
    carc_config cfg;
    carc_error err = { 0, "" };
    carc_game *g;

    carc_config_init(&cfg);
    cfg.expansions = CARC_EXP_ABBOT;
    cfg.stack_len = (int)(sizeof names / sizeof names[0]);
    for (int i = 0; i < cfg.stack_len; i++) {
        int k = carc_tile_kind_named(names[i], strlen(names[i]));
        assert_true(k >= 0);
        cfg.stack[i] = (uint8_t)k;
    }
    g = carc_new(&cfg, &err);
    if (g == NULL)
        fail_msg("carc_new: %s", err.msg);
    return g;
}

/* Parses text, checks it formats back as canon, and applies it. */
static carc_move play_text(carc_game *g, const char *text, const char *canon)
{
    carc_error err = { 0, "" };
    char out[CARC_NOTATION_MAX];
    carc_move m = parse_ok(g, text);

    if (carc_move_format(g, &m, out, sizeof out) <= 0)
        fail_msg("\"%s\" did not format", text);
    assert_string_equal(out, canon);
    if (carc_apply(g, &m, &err) != CARC_OK)
        fail_msg("\"%s\": %s", text, err.msg);
    return m;
}

/* The Abbot in the notation: a garden tile's placement, `abbot garden:G`,
 * `abbot cloister:C`, `recall (x,y) garden:G` with the points it scores; the recall's
 * events and their sentences; the errors of a malformed recall. */
static void test_abbot_moves(void **state)
{
    carc_game *g = new_abbot_game();
    carc_error err = { 0, "" };
    carc_move m, legal[CARC_MAX_MOVES];
    char text[CARC_NOTATION_MAX], line[256];
    int n, found = 0;

    (void)state;
    /* seat 0: the garden tile E with its city facing D's, its abbot on the garden */
    play_text(g, "Eg (0,-1) r2", "Eg (0,-1) r2");
    m = play_text(g, "abbot (0,-1) garden:G", "abbot garden:G");
    assert_int_equal(m.kind, CARC_MOVE_FOLLOWER);
    assert_int_equal(m.figure, CARC_FIG_ABBOT);
    assert_int_equal(m.port, CARC_PORT_G);
    /* seat 1: a cloister beside it, its abbot on the cloister */
    play_text(g, "B (1,-1) r0", "B (1,-1) r0");
    m = play_text(g, "abbot cloister:C", "abbot cloister:C");
    assert_int_equal(m.port, CARC_PORT_C);
    /* seat 0: a road tile at (-1,0), then the recall is among the follower moves */
    play_text(g, "U (-1,0) r1", "U (-1,0) r1");
    assert_int_equal(carc_pending_decision(g).decision, CARC_DEC_FOLLOWER);
    n = carc_legal(g, legal, CARC_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (legal[i].kind == CARC_MOVE_RECALL) {
            found++;
            assert_int_equal(carc_move_format(g, &legal[i], text, sizeof text),
                             (int)strlen("recall (0,-1) garden:G"));
            assert_string_equal(text, "recall (0,-1) garden:G");
        }
    assert_int_equal(found, 1);  /* not seat 1's abbot */
    m = parse_ok(g, "recall (0,-1) garden:G");
    assert_int_equal(m.kind, CARC_MOVE_RECALL);
    assert_int_equal(m.figure, CARC_FIG_ABBOT);
    assert_int_equal(m.x, 0);
    assert_int_equal(m.y, -1);
    assert_int_equal(m.port, CARC_PORT_G);
    /* A6: 1 + the tiles around (0,-1): D, B, U */
    assert_int_equal(carc_recall_points(g, &m), 4);
    carc_move other = parse_ok(g, "recall (1,-1) cloister:C");  /* seat 1's abbot */
    assert_int_equal(carc_recall_points(g, &other), -1);
    /* malformed recalls */
    assert_int_equal(carc_move_parse(g, "recall cloister:C", &other, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "recall takes (x,y) cloister:C or (x,y) garden:G"));
    assert_int_equal(carc_move_parse(g, "recall (0,-1) cloister:C", &other, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "no cloister at (0,-1) port C"));
    assert_int_equal(carc_move_parse(g, "recall (9,9) garden:G", &other, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "no tile at (9,9)"));
    assert_int_equal(carc_move_parse(g, "recall (0,-1) garden:X", &other, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "unknown port \"X\""));
    other = m;
    other.figure = CARC_FIG_MEEPLE;  /* only the abbot is recalled */
    assert_int_equal(carc_move_format(g, &other, text, sizeof text), -1);
    /* the recall scores at once and the abbot returns */
    assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
    assert_int_equal(carc_score(g, 0), 4);
    assert_int_equal(carc_score_part(g, 0, CARC_SCORE_GARDENS), 4);
    int ne = 0, score = 0, back = 0;
    const carc_event *ev = carc_events(g, &ne);
    for (int i = 0; i < ne; i++) {
        carc_event_string(&ev[i], line, sizeof line);
        if (strcmp(line, "score 0 4 recall (0,-1) garden:G") == 0) {
            score++;
            carc_event_text(&ev[i], line, sizeof line);
            assert_string_equal(line, "seat 0 scores 4 recalling their abbot from a garden.");
        }
        if (strcmp(line, "back 0 (0,-1) garden:G abbot") == 0) {
            back++;
            carc_event_text(&ev[i], line, sizeof line);
            assert_string_equal(line, "seat 0's abbot on a garden returns to the supply.");
        }
    }
    assert_int_equal(score, 1);
    assert_int_equal(back, 1);
    assert_string_equal(carc_feature_name(CARC_FEAT_GARDEN), "garden");
    assert_int_equal(carc_feature_parse("garden", 6), CARC_FEAT_GARDEN);
    assert_string_equal(carc_port_name(CARC_PORT_G), "G");
    assert_int_equal(carc_port_parse("G", 1), CARC_PORT_G);
    assert_string_equal(carc_score_reason_name(CARC_REASON_RECALL), "recall");
    assert_string_equal(carc_score_category_name(CARC_SCORE_GARDENS), "gardens");
    carc_free(g);
}

/* Follower errors once a tile is placed: another tile, a missing segment. */
static void test_follower_errors(void **state)
{
    carc_game *g = new_stacked("UV");
    carc_error err = { 0, "" };
    carc_move m = parse_ok(g, "U (1,0) r1");

    (void)state;
    assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
    /* another tile parses (a portal's follower, PD11) and is refused by the engine */
    assert_int_equal(carc_move_parse(g, "(0,0) road:E", &m, &err), CARC_OK);
    assert_int_equal(carc_apply(g, &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "a follower goes on the tile just placed at (1,0) (B6)"));
    assert_int_equal(carc_move_parse(g, "city:N", &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "no city at (1,0) port N"));
    assert_int_equal(carc_move_parse(g, "(1,0) road:E extra", &m, &err), CARC_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "a follower takes"));
    carc_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_random_games),
        cmocka_unit_test(test_non_canonical_ports),
        cmocka_unit_test(test_format_canonical),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_follower_errors),
        cmocka_unit_test(test_tile_names),
        cmocka_unit_test(test_figures),
        cmocka_unit_test(test_abbot_moves),
        cmocka_unit_test(test_card_figures),
        cmocka_unit_test(test_swap_seat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
