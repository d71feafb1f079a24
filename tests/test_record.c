/*
 * test_record.c - JSON game records (docs/RECORD.md): a recorded random game parses,
 * replays and re-serializes byte for byte; the same seed gives the same record; a
 * malformed or tampered record is rejected with a message naming what is wrong.
 * Also the expansion names, the state JSON and the tile catalogue JSON.
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

#include "base.h"
#include "carc_record.h"

static const unsigned expansion_sets[] = { 0, CARC_EXP_GIFTS, CARC_EXP_CHRISTMAS,
                                           CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS, CARC_EXP_INNS,
                                           CARC_EXP_TRADERS, CARC_EXP_INNS | CARC_EXP_TRADERS,
                                           CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS |
                                               CARC_EXP_INNS | CARC_EXP_TRADERS,
                                           CARC_EXP_RIVER, CARC_EXP_ABBOT,
                                           CARC_EXP_RIVER | CARC_EXP_ABBOT,
                                           CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS |
                                               CARC_EXP_INNS | CARC_EXP_TRADERS |
                                               CARC_EXP_RIVER | CARC_EXP_ABBOT };

/* Plays random legal moves from cfg (at most max_moves; -1: to the end) with a
 * recorder; returns the record (caller frees), or NULL if the engine does not
 * implement the configuration's expansions yet. */
static char *play_recorded(const carc_config *cfg, uint64_t pick, int max_moves)
{
    carc_error err = { 0, "" };
    carc_game *g = carc_new(cfg, &err), *before;
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    carc_recorder *r;
    char *json;
    int played = 0;

    assert_non_null(moves);
    if (g == NULL) {
        if (strstr(err.msg, "not implemented") == NULL)
            fail_msg("carc_new: %s", err.msg);
        free(moves);
        return NULL;
    }
    r = carc_recorder_new(cfg, g);
    assert_non_null(r);
    before = carc_clone(g);
    assert_non_null(before);
    while (!carc_is_over(g) && (max_moves < 0 || played < max_moves)) {
        int n = carc_legal(g, moves, CARC_MAX_MOVES);
        const carc_move *m;

        assert_true(n > 0);
        m = &moves[mix_next(&pick) % (uint64_t)n];
        carc_copy(before, g);
        if (carc_apply(g, m, &err) != CARC_OK)
            fail_msg("apply: %s", err.msg);
        assert_int_equal(carc_recorder_add(r, before, m, g), CARC_OK);
        played++;
    }
    json = carc_recorder_json(r, g);
    assert_non_null(json);
    carc_recorder_free(r);
    carc_free(before);
    carc_free(g);
    free(moves);
    return json;
}

static carc_config config_of(int players, uint64_t seed, unsigned expansions)
{
    carc_config cfg;

    carc_config_init(&cfg);
    cfg.players = players;
    cfg.seed = seed;
    cfg.expansions = expansions;
    return cfg;
}

/* Re-records the game of rec by replaying its moves through a recorder. */
static char *rerecord(const carc_record *rec)
{
    const carc_config *cfg = carc_record_config(rec);
    carc_error err = { 0, "" };
    carc_game *g = carc_new(cfg, &err), *before;
    carc_recorder *r;
    carc_move m;
    char *json;
    int i;

    assert_non_null(g);
    before = carc_clone(g);
    r = carc_recorder_new(cfg, g);
    assert_non_null(r);
    for (i = 0; i < carc_record_move_count(rec); i++) {
        carc_copy(before, g);
        assert_int_equal(carc_move_parse(g, carc_record_move(rec, i), &m, &err), CARC_OK);
        assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
        assert_int_equal(carc_recorder_add(r, before, &m, g), CARC_OK);
    }
    json = carc_recorder_json(r, g);
    carc_recorder_free(r);
    carc_free(before);
    carc_free(g);
    return json;
}

/* Parses, replays and re-records json, which must come back byte for byte. */
static void check_round_trip(const char *json, int whole_game)
{
    carc_error err = { 0, "" };
    carc_record *rec = carc_record_parse(json, &err);
    carc_game *final = NULL;
    char *again;

    if (rec == NULL)
        fail_msg("parse: %s\n%s", err.msg, json);
    if (carc_record_replay(rec, &final, &err) != CARC_OK)
        fail_msg("replay: %s", err.msg);
    assert_non_null(final);
    assert_int_equal(carc_is_over(final), whole_game);
    again = rerecord(rec);
    assert_non_null(again);
    assert_string_equal(json, again);
    assert_null(strchr(json, '\n'));
    free(again);
    carc_free(final);
    carc_record_free(rec);
}

static void test_round_trip(void **state)
{
    size_t s;
    int seed, games = 0;

    (void)state;
    for (s = 0; s < sizeof expansion_sets / sizeof expansion_sets[0]; s++) {
        for (seed = 1; seed <= 6; seed++) {
            carc_config cfg = config_of(2 + seed % 4, (uint64_t)seed * 1000003u,
                                        expansion_sets[s]);
            char *json = play_recorded(&cfg, (uint64_t)seed, -1);

            if (json == NULL)
                break;  /* not implemented yet */
            check_round_trip(json, 1);
            assert_non_null(strstr(json, "\"scores\":["));
            free(json);
            games++;
        }
    }
    assert_true(games >= 6);
}

/* A record may stop before the game is over: no scores then. */
static void test_partial_record(void **state)
{
    carc_config cfg = config_of(3, 77, 0);
    char *json = play_recorded(&cfg, 5, 20);

    (void)state;
    assert_null(strstr(json, "\"scores\""));
    check_round_trip(json, 0);
    free(json);
}

/* A fixed stack (shorter than 71 tiles) and a fixed return position survive. */
static void test_fixed_stack(void **state)
{
    const char *letters = "UVWXABCDEFGHIJKLMNOPQRSTUVDD";
    carc_config cfg = config_of(2, 9, 0);
    carc_record *rec;
    carc_error err = { 0, "" };
    char *json;
    size_t i;

    (void)state;
    cfg.stack_len = (int)strlen(letters);
    for (i = 0; letters[i]; i++)
        cfg.stack[i] = (uint8_t)carc_tile_kind(letters[i]);
    cfg.return_pos = 3;
    json = play_recorded(&cfg, 11, -1);
    assert_non_null(strstr(json, "\"stack\":\"UVWXABCDEFGHIJKLMNOPQRSTUVDD\""));
    assert_non_null(strstr(json, "\"return_pos\":3"));
    check_round_trip(json, 1);
    rec = carc_record_parse(json, &err);
    assert_non_null(rec);
    assert_int_equal(carc_record_config(rec)->stack_len, cfg.stack_len);
    assert_memory_equal(carc_record_config(rec)->stack, cfg.stack, (size_t)cfg.stack_len);
    assert_int_equal(carc_record_config(rec)->return_pos, 3);
    assert_int_equal(carc_record_config(rec)->gift_deck_len, -1);
    carc_record_free(rec);
    free(json);
}

/* PD4: where a fixed stack puts the set-aside dragon tiles back (aside_pos) is
 * written, read and replayed; a game refuses positions without the expansion. */
static void test_aside_positions(void **state)
{
    static const char *const names[] = {"DG/Rr.d", "DG/CFc+.d", "DG/R.v", "U", "E", "V"};
    unsigned exp;
    carc_error err = { 0, "" };
    carc_config cfg;
    carc_record *rec;
    char *json;
    size_t i;

    (void)state;
    assert_int_equal(carc_expansions_parse("dragon", &exp, &err), CARC_OK);
    cfg = config_of(2, 5, exp);
    cfg.stack_len = (int)(sizeof names / sizeof names[0]);
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        cfg.stack[i] = (uint8_t)carc_tile_kind_named(names[i], strlen(names[i]));
    cfg.aside_len = 2;
    cfg.aside_pos[0] = 1;
    cfg.aside_pos[1] = -1;
    json = play_recorded(&cfg, 7, -1);
    assert_non_null(strstr(json, "\"aside_pos\":[1,-1]"));
    assert_non_null(strstr(json, "\"return DG/Rr.d 1\",\"return DG/CFc+.d 4\""));
    check_round_trip(json, 1);
    rec = carc_record_parse(json, &err);
    assert_non_null(rec);
    assert_int_equal(carc_record_config(rec)->aside_len, 2);
    assert_int_equal(carc_record_config(rec)->aside_pos[0], 1);
    assert_int_equal(carc_record_config(rec)->aside_pos[1], -1);
    carc_record_free(rec);
    free(json);
    cfg.expansions = 0;
    cfg.stack_len = 2;
    cfg.stack[0] = cfg.stack[1] = (uint8_t)carc_tile_kind('U');
    assert_null(carc_new(&cfg, &err));
    assert_non_null(strstr(err.msg, "aside_pos needs a fixed stack and the expansion dragon"));
}

/* The same seed and the same choices give the same bytes. */
static void test_determinism(void **state)
{
    size_t s;

    (void)state;
    for (s = 0; s < sizeof expansion_sets / sizeof expansion_sets[0]; s++) {
        carc_config cfg = config_of(4, 424242, expansion_sets[s]);
        char *a = play_recorded(&cfg, 3, -1), *b;

        if (a == NULL)
            continue;
        b = play_recorded(&cfg, 3, -1);
        assert_string_equal(a, b);
        free(a);
        free(b);
    }
}

/* A fixed stack of expansion tiles is written as an array of names and comes back
 * byte for byte; a base-only stack stays a string of letters; six players with inns. */
static void test_stack_of_names(void **state)
{
    carc_config cfg = config_of(6, 77, CARC_EXP_INNS | CARC_EXP_TRADERS);
    const char *names[] = { "U", "IC/CCCC", "TB/RRrr", "K", "IC/RFr.i", "V", "TB/CcR.c", "E" };
    char *json;

    (void)state;
    cfg.stack_len = (int)(sizeof names / sizeof names[0]);
    for (int i = 0; i < cfg.stack_len; i++) {
        int k = carc_tile_kind_named(names[i], strlen(names[i]));
        assert_true(k >= 0);
        cfg.stack[i] = (uint8_t)k;
    }
    json = play_recorded(&cfg, 5, -1);
    assert_non_null(json);
    assert_non_null(strstr(json, "\"stack\":[\"U\",\"IC/CCCC\",\"TB/RRrr\",\"K\",\"IC/RFr.i\",\"V\",\"TB/CcR.c\",\"E\"]"));
    assert_non_null(strstr(json, "\"players\":6"));
    assert_non_null(strstr(json, "\"draw IC/CCCC\""));
    check_round_trip(json, 1);
    free(json);
    /* base tiles only: letters, as before */
    cfg = config_of(2, 77, CARC_EXP_INNS);
    cfg.stack_len = 3;
    cfg.stack[0] = (uint8_t)carc_tile_kind('U');
    cfg.stack[1] = (uint8_t)carc_tile_kind('V');
    cfg.stack[2] = (uint8_t)carc_tile_kind('K');
    json = play_recorded(&cfg, 5, -1);
    assert_non_null(strstr(json, "\"stack\":\"UVK\""));
    check_round_trip(json, 1);
    free(json);
}

/* Whether a tile kind has a river edge (The River). */
static int is_river(int kind)
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    for (int e = 0; d != NULL && e < 4; e++)
        if (d->edges[e] == CARC_EDGE_RIVER)
            return 1;
    return 0;
}

/* A record of The River and The Abbot with a fixed stack: every river tile of the set
 * first (the lake last of them), then base tiles and garden tiles; the stack is an
 * array of names, the game replays and comes back byte for byte. */
static void test_river_abbot_stack(void **state)
{
    unsigned exp = CARC_EXP_RIVER | CARC_EXP_ABBOT;
    carc_config cfg = config_of(3, 2026, exp);
    const char *tail[] = { "U", "Eg", "V", "K", "Vg", "B", "Ug", "A" };
    int spring = carc_tile_kind_named("RI/s", 4), lake = carc_tile_kind_named("RI.1/I.e", 8);
    int n = 0;
    char *json;

    (void)state;
    assert_true(spring >= 0 && lake >= 0);
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        if (is_river(k) && k != lake)
            for (int c = carc_tile_count(exp, k) - (k == spring); c > 0; c--)
                cfg.stack[n++] = (uint8_t)k;
    assert_int_equal(n, 10);  /* the spring is the start tile, the lake comes next */
    cfg.stack[n++] = (uint8_t)lake;
    for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++) {
        int k = carc_tile_kind_named(tail[i], strlen(tail[i]));
        assert_true(k >= 0);
        cfg.stack[n++] = (uint8_t)k;
    }
    cfg.stack_len = n;
    for (uint64_t pick = 1; pick <= 3; pick++) {
        json = play_recorded(&cfg, pick, -1);
        assert_non_null(json);
        assert_non_null(strstr(json, "\"expansions\":\"river,abbot\""));
        assert_non_null(strstr(json, "\"stack\":[\"RI.1/"));
        assert_non_null(strstr(json, "\"RI.1/I.e\",\"U\",\"Eg\",\"V\""));
        assert_non_null(strstr(json, "\"draw RI.1/"));
        check_round_trip(json, 1);
        free(json);
    }
}

/* A short base-game record to tamper with: parsed into a jansson tree. */
static json_t *sample_tree(int whole_game)
{
    carc_config cfg = config_of(2, 12345, 0);
    char *json = play_recorded(&cfg, 99, whole_game ? -1 : 12);
    json_error_t jerr;
    json_t *root = json_loads(json, JSON_REJECT_DUPLICATES, &jerr);

    assert_non_null(root);
    free(json);
    return root;
}

/* carc_record_parse must reject the tree with a message containing want. */
static void expect_parse_error(json_t *root, const char *want)
{
    char *text = json_dumps(root, JSON_SORT_KEYS | JSON_COMPACT);
    carc_error err = { 0, "" };
    carc_record *rec = carc_record_parse(text, &err);

    if (rec != NULL)
        fail_msg("parsed, expected \"%s\": %s", want, text);
    assert_int_equal(err.code, CARC_E_CONFIG);
    if (strstr(err.msg, want) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", err.msg, want);
    free(text);
    json_decref(root);
}

/* The record parses but carc_record_replay must fail with a message containing want. */
static void expect_replay_error(json_t *root, const char *want)
{
    char *text = json_dumps(root, JSON_SORT_KEYS | JSON_COMPACT);
    carc_error err = { 0, "" };
    carc_record *rec = carc_record_parse(text, &err);
    carc_game *final = (carc_game *)&err;  /* must be reset to NULL */

    if (rec == NULL)
        fail_msg("parse: %s", err.msg);
    if (carc_record_replay(rec, &final, &err) == CARC_OK)
        fail_msg("replayed, expected \"%s\"", want);
    assert_null(final);
    if (strstr(err.msg, want) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", err.msg, want);
    carc_record_free(rec);
    free(text);
    json_decref(root);
}

static void set(json_t *root, const char *key, json_t *value)
{
    assert_int_equal(json_object_set_new(root, key, value), 0);
}

static void test_reject_malformed(void **state)
{
    static const struct {
        const char *text;
        const char *msg;
    } bad_text[] = {
        { "", "bad JSON" },
        { "{\"carc\":1,", "bad JSON" },
        { "{} {}", "bad JSON" },
        { "[1,2]", "must be a JSON object" },
        { "{\"carc\":1,\"carc\":1,\"players\":2,\"seed\":1,\"moves\":[]}", "bad JSON" },
        { "{\"players\":2,\"seed\":1,\"moves\":[]}", "\"carc\" is missing" },
        { "{\"carc\":1,\"seed\":1,\"moves\":[]}", "\"players\" is missing" },
        { "{\"carc\":1,\"players\":2,\"moves\":[]}", "\"seed\" is missing" },
        { "{\"carc\":1,\"players\":2,\"seed\":1}", "\"moves\" is missing" },
        { "{\"carc\":1,\"players\":2,\"seed\":18446744073709551615,\"moves\":[]}", "bad JSON" },
    };
    carc_error err = { 0, "" };
    carc_record *rec;
    json_t *root;
    size_t i;

    (void)state;
    assert_null(carc_record_parse(NULL, &err));
    for (i = 0; i < sizeof bad_text / sizeof bad_text[0]; i++) {
        rec = carc_record_parse(bad_text[i].text, &err);
        if (rec != NULL)
            fail_msg("parsed: %s", bad_text[i].text);
        if (strstr(err.msg, bad_text[i].msg) == NULL)
            fail_msg("%s: message \"%s\" lacks \"%s\"", bad_text[i].text, err.msg,
                     bad_text[i].msg);
    }
    /* the smallest record parses */
    rec = carc_record_parse("{\"carc\":1,\"players\":2,\"seed\":0,\"moves\":[]}", &err);
    assert_non_null(rec);
    assert_int_equal(carc_record_move_count(rec), 0);
    assert_null(carc_record_move(rec, 0));
    assert_int_equal(carc_record_config(rec)->stack_len, -1);
    carc_record_free(rec);

    root = sample_tree(0);
    set(root, "comment", json_string("hello"));
    expect_parse_error(root, "unknown record key \"comment\"");
    root = sample_tree(0);
    set(root, "carc", json_integer(2));
    expect_parse_error(root, "\"carc\": 2 is out of range");
    root = sample_tree(0);
    set(root, "seed", json_integer(-1));
    expect_parse_error(root, "\"seed\": -1 is out of range");
    root = sample_tree(0);
    set(root, "seed", json_string("1"));
    expect_parse_error(root, "\"seed\": expected an integer");
    root = sample_tree(0);
    set(root, "players", json_integer(7));
    expect_parse_error(root, "\"players\": 7 is out of range 2..6");
    root = sample_tree(0);
    set(root, "players", json_real(2.0));
    expect_parse_error(root, "\"players\": expected an integer");
    root = sample_tree(0);
    set(root, "expansions", json_string("gifts,snow"));
    expect_parse_error(root, "unknown expansion \"snow\"");
    root = sample_tree(0);
    set(root, "expansions", json_integer(1));
    expect_parse_error(root, "\"expansions\": expected a string");
    root = sample_tree(0);
    set(root, "moves", json_string("U (1,0) r1"));
    expect_parse_error(root, "\"moves\": expected an array");
    root = sample_tree(0);
    json_array_append_new(json_object_get(root, "moves"), json_integer(3));
    expect_parse_error(root, "\"moves\": move 13 is not a string");
    root = sample_tree(0);
    json_array_append_new(json_object_get(root, "events"), json_array());
    expect_parse_error(root, "\"events\": 14 entries, expected 13");
    root = sample_tree(0);
    json_array_set_new(json_object_get(root, "events"), 2, json_string("draw U"));
    expect_parse_error(root, "\"events\": entry 2 is not an array");
    root = sample_tree(1);
    json_array_append_new(json_object_get(root, "scores"), json_integer(0));
    expect_parse_error(root, "\"scores\": expected an array of 2 integers");
    root = sample_tree(1);
    json_array_set_new(json_object_get(root, "scores"), 0, json_string("40"));
    expect_parse_error(root, "\"scores\": expected an integer");
}

/* "seats" (issue 32): who played each seat, written when set, read back, refused when
 * it does not fit; the recorder refuses a wrong count or kind and keeps nothing. */
static void test_seats(void **state)
{
    const char *kinds[2] = {"human", "mcts:1000"}, *bad[2] = {"human", "Greedy"};
    carc_config cfg = config_of(2, 12345, 0);
    carc_error err = {0, ""};
    carc_game *g = carc_new(&cfg, &err);
    carc_recorder *r = carc_recorder_new(&cfg, g);
    carc_record *rec;
    json_t *root;
    char *json;

    (void)state;
    assert_int_equal(carc_recorder_set_seats(r, 3, kinds), CARC_E_INVALID);
    assert_int_equal(carc_recorder_set_seats(r, 2, bad), CARC_E_INVALID);
    json = carc_recorder_json(r, g);
    assert_null(strstr(json, "seats"));
    rec = carc_record_parse(json, &err);
    assert_null(carc_record_seat(rec, 0));
    carc_record_free(rec);
    free(json);
    assert_int_equal(carc_recorder_set_seats(r, 2, kinds), CARC_OK);
    json = carc_recorder_json(r, g);
    assert_non_null(strstr(json, "\"seats\":[\"human\",\"mcts:1000\"]"));
    rec = carc_record_parse(json, &err);
    assert_non_null(rec);
    assert_string_equal(carc_record_seat(rec, 1), "mcts:1000");
    assert_null(carc_record_seat(rec, 2));
    carc_record_free(rec);
    free(json);
    carc_recorder_free(r);
    carc_free(g);
    root = sample_tree(0);
    json_object_set_new(root, "seats", json_pack("[s]", "human"));
    expect_parse_error(root, "\"seats\": expected an array of 2 strings");
    root = sample_tree(0);
    json_object_set_new(root, "seats", json_pack("[s,s]", "human", "a b"));
    expect_parse_error(root, "\"seats\": entry 1 is not a player kind");
    root = sample_tree(0);
    json_object_set_new(root, "seats", json_pack("[s,i]", "human", 3));
    expect_parse_error(root, "\"seats\": entry 1 is not a player kind");
}

static void test_reject_stack_and_decks(void **state)
{
    json_t *root, *deck;
    int i;

    (void)state;
    root = sample_tree(0);
    set(root, "stack", json_string("UVZ"));
    expect_parse_error(root, "unknown tile letter 'Z'");
    root = sample_tree(0);
    set(root, "stack", json_string("UVu"));
    expect_parse_error(root, "unknown tile letter 'u'");
    root = sample_tree(0);
    set(root, "stack", json_string("XXXXXXXXXX"));
    expect_parse_error(root, "too many 'X' tiles (the stack has 1)");
    root = sample_tree(0);
    set(root, "stack", json_string("DDDD"));
    expect_parse_error(root, "too many 'D' tiles (the stack has 3)");
    root = sample_tree(0);
    set(root, "stack", json_integer(3));
    expect_parse_error(root, "\"stack\": expected a string of tile letters or an array of tile names");
    root = sample_tree(0);
    set(root, "stack", json_pack("[s,s]", "U", "IC/CCCC"));
    expect_parse_error(root, "tile \"IC/CCCC\" needs the expansion inns");
    /* The River: the spring is the start tile, 3 D are left; The Abbot: a garden tile
     * takes the place of one plain tile; the river's garden curve needs both */
    root = sample_tree(0);
    set(root, "expansions", json_string("river"));
    set(root, "stack", json_pack("[s,s]", "RI.1/CICI", "RI/s"));
    expect_parse_error(root, "no \"RI/s\" tile in the stack (it is the start tile)");
    root = sample_tree(0);
    set(root, "expansions", json_string("river"));
    set(root, "stack", json_pack("[s,s,s,s]", "D", "D", "D", "D"));
    expect_parse_error(root, "too many 'D' tiles (the stack has 3)");
    root = sample_tree(0);
    set(root, "expansions", json_string("river"));
    set(root, "stack", json_pack("[s,s]", "RI.1/CICI", "RI.1/IIG"));
    expect_parse_error(root, "tile \"RI.1/IIG\" needs the expansions river,abbot");
    root = sample_tree(0);
    set(root, "stack", json_pack("[s,s]", "U", "RI.1/I.e"));
    expect_parse_error(root, "tile \"RI.1/I.e\" needs the expansion river");
    root = sample_tree(0);
    set(root, "stack", json_pack("[s,s]", "U", "Eg"));
    expect_parse_error(root, "tile \"Eg\" needs the expansion abbot");
    root = sample_tree(0);
    set(root, "expansions", json_string("abbot"));
    set(root, "stack", json_string("EEEEE"));
    expect_parse_error(root, "too many 'E' tiles (the stack has 4)");
    root = sample_tree(0);
    set(root, "expansions", json_string("abbot"));
    set(root, "stack", json_pack("[s,s]", "Eg", "Eg"));
    expect_parse_error(root, "too many \"Eg\" tiles (the stack has 1)");
    root = sample_tree(0);
    set(root, "expansions", json_string("inns,abbot"));
    set(root, "stack", json_pack("[s,s]", "IC/CCCCG", "IC/CCCC"));
    expect_parse_error(root, "no \"IC/CCCC\" tile in the stack (with abbot its garden tile takes its place)");
    root = sample_tree(0);
    set(root, "expansions", json_string("river,abbot"));
    set(root, "players", json_integer(6));
    expect_parse_error(root, "\"players\": 6 players need the expansion inns");
    root = sample_tree(0);
    set(root, "stack", json_pack("[s,s]", "U", "IC/nope"));
    expect_parse_error(root, "unknown tile \"IC/nope\" at 1");
    root = sample_tree(0);
    set(root, "stack", json_pack("[s,i]", "U", 4));
    expect_parse_error(root, "entry 1 is not a tile name");
    root = sample_tree(0);
    set(root, "expansions", json_string("inns"));
    set(root, "stack", json_pack("[s,s,s]", "U", "IC/CCCC", "IC/CCCC"));
    expect_parse_error(root, "too many \"IC/CCCC\" tiles (the stack has 1)");
    root = sample_tree(0);
    set(root, "players", json_integer(6));
    expect_parse_error(root, "\"players\": 6 players need the expansion inns");
    root = sample_tree(0);
    set(root, "players", json_integer(7));
    set(root, "expansions", json_string("inns"));
    expect_parse_error(root, "\"players\": 7 is out of range 2..6");
    root = sample_tree(0);
    set(root, "return_pos", json_integer(2));
    expect_parse_error(root, "\"return_pos\": needs a fixed \"stack\"");
    root = sample_tree(0);
    set(root, "stack", json_string("UV"));
    set(root, "return_pos", json_integer(-2));
    expect_parse_error(root, "\"return_pos\": -2 is out of range");
    root = sample_tree(0);
    set(root, "aside_pos", json_pack("[i]", 0));
    expect_parse_error(root, "\"aside_pos\": needs a fixed \"stack\"");
    root = sample_tree(0);
    set(root, "stack", json_string("UV"));
    set(root, "aside_pos", json_pack("[i,i]", 0, -2));
    expect_parse_error(root, "\"aside_pos\": -2 is out of range");
    root = sample_tree(0);
    set(root, "gift_deck", json_pack("[s]", "synod"));
    expect_parse_error(root, "\"gift_deck\": the expansion is not in play");

    root = sample_tree(0);
    set(root, "expansions", json_string("gifts,christmas"));
    set(root, "gift_deck", json_pack("[s,s]", "synod", "swap_road"));
    expect_parse_error(root, "\"gift_deck\": \"swap_road\" is not a card of this deck");
    root = sample_tree(0);
    set(root, "expansions", json_string("gifts"));
    deck = json_array();
    for (i = 0; i < 6; i++)
        json_array_append_new(deck, json_string("take_two"));
    set(root, "gift_deck", deck);
    expect_parse_error(root, "\"gift_deck\": more than 5 \"take_two\" cards");
    root = sample_tree(0);
    set(root, "expansions", json_string("christmas"));
    set(root, "cloister_deck", json_pack("[s,s,s]", "draw_two", "draw_two", "draw_two"));
    expect_parse_error(root, "\"cloister_deck\": more than 2 \"draw_two\" cards");
    root = sample_tree(0);
    set(root, "expansions", json_string("christmas"));
    set(root, "cloister_deck", json_pack("[s]", "mastermind"));
    expect_parse_error(root, "\"cloister_deck\": \"mastermind\" is not a card of this deck");
    root = sample_tree(0);
    set(root, "expansions", json_string("christmas"));
    set(root, "roadside_deck", json_pack("[s]", "score_three"));
    expect_parse_error(root, "\"roadside_deck\": \"score_three\" is not a card of this deck");
    root = sample_tree(0);
    set(root, "expansions", json_string("christmas"));
    set(root, "roadside_deck", json_pack("[i]", 3));
    expect_parse_error(root, "\"roadside_deck\": entry 0 is not a string");
}

/* Decks given in a record reach the configuration in order. */
static void test_decks_read(void **state)
{
    const char *text =
        "{\"carc\":1,\"players\":2,\"seed\":3,\"expansions\":\"christmas,gifts\","
        "\"gift_deck\":[\"take_two\",\"synod\"],"
        "\"cloister_deck\":[\"score_three\",\"shared_field_bonus\",\"score_three\"],"
        "\"roadside_deck\":[\"tiebreak_field\",\"intrude_field\"],\"moves\":[]}";
    carc_error err = { 0, "" };
    carc_record *rec = carc_record_parse(text, &err);
    const carc_config *cfg;

    (void)state;
    if (rec == NULL)
        fail_msg("parse: %s", err.msg);
    cfg = carc_record_config(rec);
    assert_int_equal(cfg->expansions, CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS);
    assert_int_equal(cfg->gift_deck_len, 2);
    assert_int_equal(cfg->gift_deck[0], CARC_GIFT_TAKE_TWO);
    assert_int_equal(cfg->gift_deck[1], CARC_GIFT_SYNOD);
    assert_int_equal(cfg->cloister_deck_len, 3);
    assert_int_equal(cfg->cloister_deck[1], CARC_XC_SHARED_FIELD_BONUS);
    assert_int_equal(cfg->roadside_deck_len, 2);
    assert_int_equal(cfg->roadside_deck[0], CARC_XR_TIEBREAK_FIELD);
    carc_record_free(rec);
}

static void test_reject_tampered(void **state)
{
    json_t *root, *scores;

    (void)state;
    /* an illegal move: the error names its number (from 1) and its text */
    root = sample_tree(1);
    json_array_set_new(json_object_get(root, "moves"), 5, json_string("U (60,60) r0"));
    expect_replay_error(root, "move 6 \"U (60,60) r0\": ");
    root = sample_tree(1);
    json_array_set_new(json_object_get(root, "moves"), 0, json_string("Q (1,0) r0 x"));
    expect_replay_error(root, "move 1 \"Q (1,0) r0 x\": a placement takes");
    /* a tampered final score */
    root = sample_tree(1);
    scores = json_object_get(root, "scores");
    json_array_set_new(scores, 1, json_integer(json_integer_value(json_array_get(scores, 1)) + 1));
    expect_replay_error(root, "final scores differ: recorded ");
    /* tampered events */
    root = sample_tree(1);
    json_array_set_new(json_object_get(root, "events"), 2, json_pack("[s]", "draw Z"));
    expect_replay_error(root, "move 2: events differ: recorded [\"draw Z\"] replayed [\"draw ");
    root = sample_tree(1);
    json_array_set_new(json_object_get(root, "events"), 0, json_array());
    expect_replay_error(root, "start: events differ: recorded [] replayed [\"draw ");
    /* scores on a record that stops early */
    root = sample_tree(0);
    set(root, "scores", json_pack("[i,i]", 0, 0));
    expect_replay_error(root, "scores recorded but the game is not over after 12 moves");
    /* a move after the end */
    root = sample_tree(1);
    json_array_append_new(json_object_get(root, "moves"), json_string("pass"));
    json_array_append_new(json_object_get(root, "events"), json_array());
    expect_replay_error(root, "\"pass\": ");
}

/* A game whose messages would overflow: long texts are clipped, not overrun. */
static void test_long_messages(void **state)
{
    char move[300];
    json_t *root = sample_tree(0);

    (void)state;
    memset(move, 'x', sizeof move - 1);
    move[sizeof move - 1] = '\0';
    json_array_set_new(json_object_get(root, "moves"), 0, json_string(move));
    expect_replay_error(root, "move 1 \"xxxx");
}

static void test_expansion_names(void **state)
{
    static const struct {
        const char *text;
        unsigned bits;
    } good[] = {
        { "base", 0 },
        { "gifts", CARC_EXP_GIFTS },
        { "christmas", CARC_EXP_CHRISTMAS },
        { "gifts,christmas", CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS },
        { "christmas,gifts", CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS },
        { "inns", CARC_EXP_INNS },
        { "traders", CARC_EXP_TRADERS },
        { "traders,inns", CARC_EXP_INNS | CARC_EXP_TRADERS },
        { "traders,christmas,inns,gifts", 15 },
        { "river", CARC_EXP_RIVER },
        { "abbot", CARC_EXP_ABBOT },
        { "abbot,river", CARC_EXP_RIVER | CARC_EXP_ABBOT },
        { "abbot,traders,river,christmas,inns,gifts", 63 },
    };
    static const char *const bad[] = { "", ",", "gifts,,christmas", "gift", "gifts,", ",gifts", "gifts,gifts",
                                       "base,gifts", "Gifts", "gifts, christmas",
                                       "inns,inns", "rivers", "inns,base", "abbot,abbot",
                                       "River", "river,", "abbot,base" };
    carc_error err = { 0, "" };
    unsigned bits = 99;
    size_t i;

    (void)state;
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        assert_int_equal(carc_expansions_parse(good[i].text, &bits, &err), 0);
        assert_int_equal(bits, good[i].bits);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (carc_expansions_parse(bad[i], &bits, &err) != -1)
            fail_msg("\"%s\" parsed", bad[i]);
        assert_true(strlen(err.msg) > 0);
    }
    char names[CARC_EXPANSIONS_NAME_SIZE], small[6];
#define NAME(e) carc_expansions_name((e), names, sizeof names)
    assert_string_equal(NAME(0), "base");
    assert_string_equal(NAME(CARC_EXP_GIFTS), "gifts");
    assert_string_equal(NAME(CARC_EXP_CHRISTMAS), "christmas");
    assert_string_equal(NAME(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS), "gifts,christmas");
    assert_string_equal(NAME(CARC_EXP_INNS | CARC_EXP_TRADERS), "inns,traders");
    assert_string_equal(NAME(15), "gifts,christmas,inns,traders");
    assert_string_equal(NAME(CARC_EXP_RIVER), "river");
    assert_string_equal(NAME(CARC_EXP_ABBOT), "abbot");
    assert_string_equal(NAME(CARC_EXP_INNS | CARC_EXP_ABBOT), "inns,abbot");
    assert_string_equal(NAME(63), "gifts,christmas,inns,traders,river,abbot");
    assert_string_equal(NAME(CARC_EXP_DRAGON), "dragon");
    assert_string_equal(NAME(127), "gifts,christmas,inns,traders,river,abbot,dragon");
    assert_string_equal(NAME(CARC_EXP_TOWER), "tower");
    assert_string_equal(NAME(255), "gifts,christmas,inns,traders,river,abbot,dragon,tower");
    assert_string_equal(NAME(CARC_EXP_ABBEY), "abbey");
    assert_string_equal(NAME(511), "gifts,christmas,inns,traders,river,abbot,dragon,tower,abbey");
    assert_null(NAME(512));
    /* the whole registry fits the size the header promises; a small buffer is refused */
    assert_non_null(NAME(carc_expansion_bits()));
    assert_string_equal(carc_expansions_name(CARC_EXP_GIFTS, small, sizeof small), "gifts");
    assert_null(carc_expansions_name(CARC_EXP_GIFTS | CARC_EXP_INNS, small, sizeof small));
    assert_null(carc_expansions_name(CARC_EXP_CHRISTMAS, small, sizeof small));
    /* every set's name reads back as that set */
    for (unsigned e = 0; e < 64; e++) {
        assert_int_equal(carc_expansions_parse(NAME(e), &bits, &err), 0);
        assert_int_equal(bits, e);
    }
#undef NAME
    assert_string_equal(carc_expansion_name(CARC_EXP_RIVER), "river");
    assert_string_equal(carc_expansion_name(CARC_EXP_ABBOT), "abbot");
    assert_int_equal(carc_expansion_parse("abbot", 5), CARC_EXP_ABBOT);
    /* an unknown name is refused with the list of valid names */
    assert_int_equal(carc_expansions_parse("gifts,snow", &bits, &err), -1);
    assert_non_null(strstr(err.msg, "\"snow\""));
    assert_non_null(strstr(err.msg, "base, gifts, christmas, inns, traders, river, abbot"));
    /* what the record layer asks the registry: who seats six, the start tile, the decks */
    assert_null(carc_expansion_seating(5));
    assert_string_equal(carc_expansion_seating(6)->name, "inns");
    assert_null(carc_expansion_seating(7));
    assert_int_equal(carc_start_kind(0), carc_tile_kind('D'));
    assert_int_equal(carc_start_kind(CARC_EXP_INNS | CARC_EXP_ABBOT), carc_tile_kind('D'));
    assert_int_equal(carc_start_kind(CARC_EXP_RIVER | CARC_EXP_GIFTS),
                     carc_tile_kind_named("RI/s", 4));
    const carc_deck_info *gift = carc_expansion_of(CARC_EXP_GIFTS)->decks;
    const carc_deck_info *xmas = carc_expansion_of(CARC_EXP_CHRISTMAS)->decks;
    assert_string_equal(gift[0].key, "gift_deck");
    assert_null(gift[1].key);
    assert_string_equal(xmas[0].key, "cloister_deck");
    assert_string_equal(xmas[1].key, "roadside_deck");
    assert_null(xmas[2].key);
    assert_int_equal(xmas[1].last, CARC_CARDS - 1);
    assert_null(carc_expansion_of(CARC_EXP_INNS)->decks);
}

/* Loads JSON text that must be valid. */
static json_t *load(const char *text)
{
    json_error_t jerr;
    json_t *v = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);

    if (v == NULL)
        fail_msg("bad JSON (%s): %s", jerr.text, text);
    return v;
}

static void test_state_json(void **state)
{
    static const char *const keys[] = {
        "players", "turn", "active", "pending", "over", "scores", "score_parts", "supply",
        "stack_left", "hand_tiles", "removed", "board", "followers", "view",
    };
    carc_config cfg = config_of(3, 5, 0);
    carc_error err = { 0, "" };
    carc_game *g = carc_new(&cfg, &err), *v;
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    uint64_t pick = 8;
    json_t *o;
    char *text;
    size_t i;
    int n;

    (void)state;
    assert_non_null(g);
    assert_non_null(moves);
    text = carc_state_json(g, 1);
    assert_non_null(text);
    assert_null(strchr(text, '\n'));
    o = load(text);
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (json_object_get(o, keys[i]) == NULL)
            fail_msg("no \"%s\" in %s", keys[i], text);
    assert_null(json_object_get(o, "winners"));
    assert_true(json_is_null(json_object_get(o, "view")));
    assert_int_equal(json_integer_value(json_object_get(o, "players")), 3);
    assert_int_equal(json_array_size(json_object_get(o, "board")), 1);
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(json_object_get(o, "board"), 0), "tile")), "D");
    assert_int_equal(json_array_size(json_object_get(o, "hand_tiles")), 1);
    assert_int_equal(json_array_size(json_object_get(o, "legal")),
                     carc_legal(g, moves, CARC_MAX_MOVES));
    assert_string_equal(json_string_value(json_object_get(json_object_get(o, "pending"),
                                                          "decision")), "place");
    assert_int_equal(json_integer_value(json_object_get(
                         json_array_get(json_object_get(o, "score_parts"), 2), "fields")), 0);
    json_decref(o);
    free(text);

    /* play to the end, checking the JSON now and then */
    while (!carc_is_over(g)) {
        n = carc_legal(g, moves, CARC_MAX_MOVES);
        assert_int_equal(carc_apply(g, &moves[mix_next(&pick) % (uint64_t)n], &err), CARC_OK);
        if (carc_turn(g) % 10 == 0) {
            text = carc_state_json(g, 1);
            o = load(text);
            assert_int_equal(json_array_size(json_object_get(o, "followers")),
                             (size_t)(3 * CARC_FOLLOWERS) - (size_t)(carc_supply(g, 0)
                                                                     + carc_supply(g, 1)
                                                                     + carc_supply(g, 2)));
            json_decref(o);
            free(text);
        }
    }
    text = carc_state_json(g, 1);
    o = load(text);
    assert_true(json_is_true(json_object_get(o, "over")));
    assert_true(json_array_size(json_object_get(o, "winners")) >= 1);
    assert_int_equal(json_array_size(json_object_get(o, "legal")), 0);
    assert_string_equal(json_string_value(json_object_get(json_object_get(o, "pending"),
                                                          "decision")), "over");
    json_decref(o);
    free(text);

    /* a view says whose it is; without legal moves there is no "legal" key */
    v = carc_clone(g);
    carc_view(g, 1, v);
    text = carc_state_json(v, 0);
    o = load(text);
    assert_int_equal(json_integer_value(json_object_get(o, "view")), 1);
    assert_null(json_object_get(o, "legal"));
    json_decref(o);
    free(text);
    carc_free(v);
    carc_free(g);
    free(moves);
}

/* The River and The Abbot in the whole catalogue: every kind listed; the spring's one
 * river edge facing east (R2) written W; a garden tile is The Abbot's, also the garden
 * tile of an expansion's tile (which needs that expansion too). */
static void test_tiles_json_river_abbot(void **state)
{
    char *text = carc_tiles_json();
    json_t *arr = load(text);
    int found = 0;

    (void)state;
    assert_int_equal(json_array_size(arr), CARC_TILE_KINDS);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *k = json_array_get(arr, i);
        const char *id = json_string_value(json_object_get(k, "id"));
        const char *exp = json_string_value(json_object_get(k, "expansion"));
        const char *edges = json_string_value(json_object_get(k, "edges"));
        char *segs = json_dumps(json_object_get(k, "segments"), JSON_SORT_KEYS | JSON_COMPACT);
        int garden = strstr(segs, "{\"ports\":[\"G\"],\"type\":\"garden\"}") != NULL;
        assert_null(strchr(edges, '?'));
        if (strcmp(id, "RI/s") == 0) {
            assert_string_equal(edges, "FWFF");
            assert_string_equal(exp, "river");
            found++;
        } else if (strcmp(id, "RI.1/IIG") == 0) {
            assert_string_equal(exp, "abbot");
            assert_true(garden);
            found++;
        } else if (strcmp(id, "Eg") == 0 || strcmp(id, "IC/CCCCG") == 0) {
            assert_string_equal(exp, "abbot");
            assert_true(garden);
            found++;
        } else {
            /* a garden only on the garden tiles, those of The Abbot and the twins of The
             * Princess & the Dragon, The Tower and Abbey & Mayor (CI15: a tile of several
             * expansions is named by the last one's) */
            assert_int_equal(garden, strcmp(exp, "abbot") == 0 ||
                                     (strncmp(id, "DG/", 3) == 0 && id[strlen(id) - 1] == 'G') ||
                                     strcmp(id, "TO/FG") == 0 || strcmp(id, "TO/RRG") == 0 ||
                                     strcmp(id, "AM/RG") == 0);
        }
        assert_true((strchr(edges, 'W') != NULL) == (strncmp(id, "RI", 2) == 0));
        free(segs);
    }
    assert_int_equal(found, 4);
    json_decref(arr);
    free(text);
}

/* The catalogue of one set: kinds and tiles per set, the marks of the expansions'
 * segments. */
static void test_tiles_json_sets(void **state)
{
    static const struct {
        unsigned exp;
        int kinds, tiles;
    } sets[] = {
        {0, 24, 72}, {CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS, 24, 72}, {CARC_EXP_INNS, 41, 90},
        {CARC_EXP_TRADERS, 48, 96}, {CARC_EXP_INNS | CARC_EXP_TRADERS, 65, 114},
        /* The River: 10 kinds, 12 tiles, the base start tile out (R1, R2); The Abbot: 8
         * garden twins of base tiles, each in place of one plain tile (A2, CI11) */
        {CARC_EXP_RIVER, 34, 83}, {CARC_EXP_ABBOT, 32, 72},
        {CARC_EXP_RIVER | CARC_EXP_ABBOT, 43, 83},
        /* all: IC/CCCC, IC/RFr.i, TB/CcRR.w and TB/CcR.c, one each, give way to their
         * garden twins */
        {CARC_EXP_INNS | CARC_EXP_TRADERS | CARC_EXP_RIVER | CARC_EXP_ABBOT, 84, 125},
        /* The Princess & the Dragon: 29 kinds, 30 tiles (PD1); with The Abbot DG/C.d and
         * DG/Cc.p, one each, give way to their garden twins (CI15) */
        {CARC_EXP_DRAGON, 53, 102}, {CARC_EXP_DRAGON | CARC_EXP_ABBOT, 61, 102},
        {CARC_EXP_INNS | CARC_EXP_TRADERS | CARC_EXP_RIVER | CARC_EXP_ABBOT | CARC_EXP_DRAGON,
         113, 155},
        /* The Tower: 17 kinds, 18 tiles (TW1); with The Abbot, TO/F and TO/RR give way
         * to their garden twins (CI15) */
        {CARC_EXP_TOWER, 41, 90}, {CARC_EXP_TOWER | CARC_EXP_ABBOT, 49, 90},
        {CARC_EXP_INNS | CARC_EXP_TRADERS | CARC_EXP_RIVER | CARC_EXP_ABBOT | CARC_EXP_TOWER,
         101, 143},
        /* both: every kind but eight, the four the rows above leave out of the other
         * sets and the two plain tiles of each box that their twins replace */
        {CARC_EXP_INNS | CARC_EXP_TRADERS | CARC_EXP_RIVER | CARC_EXP_ABBOT | CARC_EXP_DRAGON |
             CARC_EXP_TOWER,
         CARC_TILE_KINDS - 22, 173},
        /* Abbey & Mayor: 12 kinds, 12 tiles (AM1); the abbey is no tile of the set
         * (count 0, AM2); with The Abbot, AM/R gives way to AM/RG (CI15) */
        {CARC_EXP_ABBEY, 36, 84}, {CARC_EXP_ABBEY | CARC_EXP_ABBOT, 44, 84},
    };
    (void)state;
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        char *text = carc_tiles_json_set(sets[s].exp);
        json_t *arr = load(text);
        int tiles = 0, inns = 0, cathedrals = 0, goods = 0, inner = 0, gardens = 0, rivers = 0;
        assert_int_equal(json_array_size(arr), sets[s].kinds);
        for (size_t i = 0; i < json_array_size(arr); i++) {
            json_t *k = json_array_get(arr, i), *segs = json_object_get(k, "segments");
            int kind = carc_tile_kind_named(json_string_value(json_object_get(k, "id")),
                                            strlen(json_string_value(json_object_get(k, "id"))));
            assert_true(kind >= 0);
            assert_int_equal(json_integer_value(json_object_get(k, "count")),
                             carc_tile_count(sets[s].exp, kind));
            tiles += (int)json_integer_value(json_object_get(k, "count"));
            rivers += strchr(json_string_value(json_object_get(k, "edges")), 'W') != NULL;
            for (size_t j = 0; j < json_array_size(segs); j++) {
                json_t *g = json_array_get(segs, j), *ports = json_object_get(g, "ports");
                inns += json_is_true(json_object_get(g, "inn"));
                cathedrals += json_is_true(json_object_get(g, "cathedral"));
                goods += json_is_string(json_object_get(g, "goods"));
                inner += json_array_size(ports) == 1 &&
                         strcmp(json_string_value(json_array_get(ports, 0)), "I") == 0;
                if (strcmp(json_string_value(json_object_get(g, "type")), "garden") == 0) {
                    gardens++;
                    assert_int_equal(json_array_size(ports), 1);
                    assert_string_equal(json_string_value(json_array_get(ports, 0)), "G");
                }
            }
        }
        assert_int_equal(tiles, sets[s].tiles);
        assert_true((inns > 0 && cathedrals > 0) == !!(sets[s].exp & CARC_EXP_INNS));
        assert_true((goods > 0) == !!(sets[s].exp & CARC_EXP_TRADERS));
        assert_true((inner > 0) == !!(sets[s].exp & (CARC_EXP_INNS | CARC_EXP_TRADERS |
                                                     CARC_EXP_DRAGON | CARC_EXP_TOWER |
                                                     CARC_EXP_ABBEY)));
        /* river edges are W in "edges" (11 kinds with the spring and the garden curve) */
        assert_true((rivers > 0) == !!(sets[s].exp & CARC_EXP_RIVER));
        assert_true((gardens > 0) == !!(sets[s].exp & CARC_EXP_ABBOT));
        json_decref(arr);
        free(text);
    }
}

/* The "mark" key: the symbol of each tile of The Princess & the Dragon as its
 * description says it (31 kinds, the garden twins counted), a tower foundation on
 * every kind of The Tower (19), the abbey on AM/A only, no mark on any other kind
 * (the page drew them from the descriptions; it reads this key now). */
static void test_tiles_json_marks(void **state)
{
    static const char *const words[][2] = {
        {"volcano", "volcano"}, {"dragon", "; dragon"}, {"portal", "magic portal"},
        {"princess", "princess"}};
    char *text = carc_tiles_json();
    json_t *arr = load(text);
    int counts[6] = {0};

    (void)state;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *k = json_array_get(arr, i);
        const char *id = json_string_value(json_object_get(k, "id"));
        const char *exp = json_string_value(json_object_get(k, "expansion"));
        const char *desc = json_string_value(json_object_get(k, "description"));
        const char *mark = json_string_value(json_object_get(k, "mark"));
        int said = -1;
        for (int w = 0; w < 4; w++)
            if (strcmp(exp, "dragon") == 0 && strstr(desc, words[w][1]) != NULL)
                said = w;
        if (said >= 0) {
            assert_non_null(mark);
            assert_string_equal(mark, words[said][0]);
            counts[said]++;
        } else if (strcmp(exp, "tower") == 0) {
            assert_non_null(mark);
            assert_string_equal(mark, "tower");
            counts[4]++;
        } else if (strcmp(id, "AM/A") == 0) {
            assert_non_null(mark);
            assert_string_equal(mark, "abbey");
            counts[5]++;
        } else {
            assert_null(json_object_get(k, "mark"));
        }
    }
    assert_int_equal(counts[0] + counts[1] + counts[2] + counts[3], 31);
    assert_int_equal(counts[4], 19);
    assert_int_equal(counts[5], 1);
    json_decref(arr);
    free(text);
}

static void test_tiles_json(void **state)
{
    char *text = carc_tiles_json_set(0);
    json_t *arr, *d, *segs;
    size_t i;
    int tiles = 0, pennants = 0, cloisters = 0;

    (void)state;
    assert_non_null(text);
    arr = load(text);
    assert_int_equal(json_array_size(arr), CARC_BASE_KINDS);
    for (i = 0; i < json_array_size(arr); i++) {
        json_t *k = json_array_get(arr, i);
        int count = (int)json_integer_value(json_object_get(k, "count"));
        tiles += count;
        pennants += count * (int)json_integer_value(json_object_get(k, "pennants"));
        cloisters += json_is_true(json_object_get(k, "cloister")) ? count : 0;
        assert_int_equal(strlen(json_string_value(json_object_get(k, "edges"))), 4);
        assert_true(json_is_string(json_object_get(k, "description")));
    }
    assert_int_equal(tiles, CARC_BASE_TILES);
    assert_int_equal(pennants, 10);
    assert_int_equal(cloisters, 6);
    d = json_array_get(arr, 3);
    assert_string_equal(json_string_value(json_object_get(d, "id")), "D");
    assert_string_equal(json_string_value(json_object_get(d, "edges")), "CRFR");
    segs = json_object_get(d, "segments");
    {
        char *s = json_dumps(segs, JSON_SORT_KEYS | JSON_COMPACT);
        assert_string_equal(s, "[{\"ports\":[\"N\"],\"type\":\"city\"},"
                               "{\"ports\":[\"E\",\"W\"],\"type\":\"road\"},"
                               "{\"ports\":[\"EN\",\"WN\"],\"type\":\"field\"},"
                               "{\"ports\":[\"ES\",\"SE\",\"SW\",\"WS\"],\"type\":\"field\"}]");
        free(s);
    }
    d = json_array_get(arr, 0);
    assert_string_equal(json_string_value(json_object_get(d, "id")), "A");
    segs = json_object_get(d, "segments");
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(segs, json_array_size(segs) - 1), "type")), "cloister");
    json_decref(arr);
    free(text);
    /* the whole catalogue: every kind with its printed count, the same entries */
    text = carc_tiles_json();
    arr = load(text);
    assert_int_equal(json_array_size(arr), CARC_TILE_KINDS);
    assert_string_equal(json_string_value(json_object_get(json_array_get(arr, 3), "id")), "D");
    assert_string_equal(json_string_value(json_object_get(json_array_get(arr, CARC_BASE_KINDS),
                                                          "expansion")), "inns");
    json_decref(arr);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_partial_record),
        cmocka_unit_test(test_fixed_stack),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_reject_malformed),
        cmocka_unit_test(test_reject_stack_and_decks),
        cmocka_unit_test(test_decks_read),
        cmocka_unit_test(test_reject_tampered),
        cmocka_unit_test(test_long_messages),
        cmocka_unit_test(test_expansion_names),
        cmocka_unit_test(test_state_json),
        cmocka_unit_test(test_tiles_json),
        cmocka_unit_test(test_tiles_json_sets),
        cmocka_unit_test(test_tiles_json_river_abbot),
        cmocka_unit_test(test_tiles_json_marks),
        cmocka_unit_test(test_stack_of_names),
        cmocka_unit_test(test_river_abbot_stack),
        cmocka_unit_test(test_seats),
        cmocka_unit_test(test_aside_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
