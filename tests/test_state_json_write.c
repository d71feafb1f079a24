/*
 * test_state_json_write.c - the direct state JSON writer (src/record/state_json.c,
 * strbuf.c) writes what jansson would: for every state of seeded random games, mostly
 * with The Gifts and Christmas Present, some with all four expansions, the full state,
 * every seat's view and the public view, with
 * and without the legal moves, the text parses (no duplicate key) and jansson dumps
 * the parsed tree, sorted and compact, to the same bytes: keys in order, numbers and
 * escapes as jansson writes them. (What the values mean is test_state_json's part.)
 * Also the buffer's string escaping and integers against jansson's own output.
 *
 * It prints the microseconds per view document of the writer (a figure for
 * docs/PERFORMANCE.md, not a pass/fail criterion).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <limits.h>

#include <cmocka.h>
#include <jansson.h>

#include "carc.h"
#include "carc_record.h"
#include "base.h"
#include "random_play.h"

/* 80 games take a few seconds; set CARC_JSON_GAMES=N for a longer run (300 games were
 * compared with the jansson tree the writer replaced when it came) */
enum { GAMES = 80, SANITIZED_GAMES = 8, QUICK_GAMES = 8 };

/* Fails naming the first byte where the two texts differ, with some context. */
static void same_text(const char *want, const char *got, const char *what)
{
    assert_non_null(want);
    assert_non_null(got);
    if (strcmp(want, got) == 0)
        return;
    size_t i = 0;
    while (want[i] && want[i] == got[i])
        i++;
    size_t from = i > 60 ? i - 60 : 0;
    fail_msg("%s: differs at byte %zu\n  jansson: ...%.120s\n  direct:  ...%.120s", what, i,
             want + from, got + from);
}

/* sb_json_string writes what json_dumps writes of the same string. */
static void check_string(const char *s)
{
    json_t *v = json_string(s);
    char *want, *got;
    strbuf b;
    assert_non_null(v);
    want = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
    json_decref(v);
    sb_init(&b, 0);
    sb_json_string(&b, s);
    got = sb_take(&b);
    same_text(want, got, s);
    free(want);
    free(got);
}

static void test_escaping(void **state)
{
    char one[2] = { 0, 0 }, all[128];
    (void)state;
    for (int c = 1; c < 128; c++) {
        one[0] = (char)c;
        check_string(one);
        all[c - 1] = (char)c;
    }
    all[127] = '\0';
    check_string(all);
    check_string("");
    check_string("caf\xc3\xa9 \xe2\x82\xac \xf0\x9d\x84\x9e \"quoted\" back\\slash /slash");
}

static void test_integers_and_failure(void **state)
{
    static const long long v[] = { 0, 1, -1, 9, 10, -10, 12345, INT_MAX, INT_MIN,
                                   LLONG_MAX, LLONG_MIN };
    char want[32];
    strbuf b;
    (void)state;
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        char *got;
        snprintf(want, sizeof want, "%lld", v[i]);
        sb_init(&b, 4);
        sb_int(&b, v[i]);
        got = sb_take(&b);
        same_text(want, got, want);
        free(got);
    }
    /* a NULL string spoils the whole text, whatever comes after it */
    sb_init(&b, 0);
    sb_lit(&b, "[");
    sb_json_string(&b, NULL);
    sb_lit(&b, "]");
    assert_null(sb_take(&b));
    sb_free(&b);
    /* a growing buffer: many small pieces */
    sb_init(&b, 1);
    for (int i = 0; i < 5000; i++)
        sb_lit(&b, "ab");
    char *t = sb_take(&b);
    assert_non_null(t);
    assert_int_equal(strlen(t), 10000);
    free(t);
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* The writer on g, timed into *t; jansson's dump of what it wrote must be the same. */
static void compare(const carc_game *g, int with_legal, const char *what, double *t)
{
    double t0 = now_us();
    char *got = carc_state_json(g, with_legal);
    *t += now_us() - t0;
    assert_non_null(got);
    json_error_t jerr;
    json_t *tree = json_loads(got, JSON_REJECT_DUPLICATES, &jerr);
    if (!tree)
        fail_msg("%s: not JSON (%s at %d): %.200s", what, jerr.text, jerr.position, got);
    char *want = json_dumps(tree, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(tree);
    same_text(want, got, what);
    free(want);
    free(got);
}

static void test_games(void **state)
{
    static const unsigned sets[] = { CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS, CARC_EXP_GIFTS,
                                     CARC_EXP_CHRISTMAS, 0, CARC_EXP_INNS, CARC_EXP_TRADERS,
                                     CARC_EXP_INNS | CARC_EXP_TRADERS, 15, CARC_EXP_RIVER,
                                     CARC_EXP_ABBOT, CARC_EXP_RIVER | CARC_EXP_ABBOT };
    enum { NSETS = sizeof sets / sizeof sets[0] };
    const char *env = getenv("CARC_JSON_GAMES");
    int games = env && atoi(env) > 0 ? atoi(env) : test_game_count(GAMES, SANITIZED_GAMES,
                                                                     QUICK_GAMES);
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    double t_view = 0, t_full = 0;
    long views = 0, fulls = 0, states = 0;
    char what[128];
    (void)state;
    assert_non_null(moves);
    for (int gi = 0; gi < games; gi++) {
        uint64_t rs = 0x5eed0000u + (uint64_t)gi;
        carc_config cfg;
        carc_error err;
        carc_config_init(&cfg);
        /* one game in eight with all six expansions, one in eight one set each (base,
         * gifts, christmas, inns, traders, both of those, the four, river, abbot, both
         * of those), the others gifts and christmas */
        cfg.expansions = gi % 8 == 1 ? 63u : gi % 8 == 0 ? sets[(gi / 8) % NSETS] : sets[0];
        cfg.players = 2 + gi % ((cfg.expansions & CARC_EXP_INNS) ? 5 : 4);
        cfg.seed = 1000 + (uint64_t)gi;
        carc_game *g = carc_new(&cfg, &err);
        assert_non_null(g);
        carc_game *view = carc_clone(g);
        assert_non_null(view);
        for (int step = 0;; step++) {
            int legal = step & 1;
            snprintf(what, sizeof what, "game %d (seed %d), step %d, full state", gi,
                     1000 + gi, step);
            compare(g, legal, what, &t_full);
            fulls++;
            for (int k = 0; k <= cfg.players; k++) {  /* every seat, then the public view */
                int seat = k < cfg.players ? k : CARC_SEAT_PUBLIC;
                carc_view(g, seat, view);
                snprintf(what, sizeof what, "game %d (seed %d), step %d, view of seat %d", gi,
                         1000 + gi, step, seat);
                compare(view, !legal, what, &t_view);
                views++;
            }
            states++;
            if (carc_is_over(g))
                break;
            int n = carc_legal(g, moves, CARC_MAX_MOVES);
            assert_true(n > 0);
            if (carc_apply(g, &moves[test_rand_below(&rs, n)], &err) != CARC_OK)
                fail_msg("game %d step %d: %s", gi, step, err.msg);
        }
        carc_free(view);
        carc_free(g);
    }
    free(moves);
    printf("state JSON over %d games, %ld states: %.1f us per view, %.1f us per full state\n",
           games, states, t_view / (double)views, t_full / (double)fulls);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_integers_and_failure),
        cmocka_unit_test(test_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
