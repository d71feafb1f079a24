/*
 * test_state_bytes.c - carc_state_save and carc_state_load (state_bytes.c): at every
 * move of random games of every expansion set, full states and views, the bytes load
 * back to the same state byte for byte, play on the same and take no more than the
 * state uses; bytes cut short, a byte flipped anywhere, another version or layout, no
 * header and a state carc_check refuses are each refused with their message, and
 * nothing is allocated for them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "carc.h"
#include "carc_record.h"
#include "random_play.h"

static const char *const SETS[] = {"base", "gifts,christmas", "inns,traders", "river,abbot",
                                   "gifts,christmas,inns,traders,river,abbot"};

static unsigned char *saved(const carc_game *g, size_t *n)
{
    *n = carc_state_save(g, NULL, 0);
    unsigned char *buf = malloc(*n);
    assert_non_null(buf);
    assert_int_equal(carc_state_save(g, buf, *n), *n);
    assert_int_equal(carc_state_save(g, buf, *n - 1), *n);  /* too small: only the size */
    return buf;
}

/* g and a copy loaded from its bytes are equal byte for byte. */
static void round_trip(const carc_game *g)
{
    size_t n;
    unsigned char *buf = saved(g, &n);
    assert_true(n > 32 && n < carc_state_size());
    carc_error err;
    carc_game *h = carc_state_load(buf, n, &err);
    assert_non_null(h);
    assert_memory_equal(g, h, carc_state_size());
    carc_free(h);
    free(buf);
}

static void test_round_trips_at_every_move(void **state)
{
    (void)state;
    uint64_t rs = 7;
    int games = test_game_count(3, 1, 1);
    carc_move moves[CARC_MAX_MOVES];
    for (size_t k = 0; k < sizeof SETS / sizeof SETS[0]; k++) {
        for (int i = 0; i < games; i++) {
            carc_config cfg;
            carc_config_init(&cfg);
            carc_error err;
            assert_int_equal(carc_expansions_parse(SETS[k], &cfg.expansions, &err), CARC_OK);
            cfg.players = 2 + i % 3;
            cfg.seed = 100 + (uint64_t)i;
            carc_game *g = carc_new(&cfg, &err), *v = carc_clone(g);
            assert_non_null(g);
            while (!carc_is_over(g)) {
                round_trip(g);
                carc_view(g, carc_pending_decision(g).seat, v);
                round_trip(v);
                int n = carc_legal(g, moves, CARC_MAX_MOVES);
                assert_int_equal(carc_apply(g, &moves[test_rand_below(&rs, n)], &err), CARC_OK);
            }
            round_trip(g);
            carc_free(v);
            carc_free(g);
        }
    }
}

static void test_loaded_game_plays_on_the_same(void **state)
{
    (void)state;
    carc_config cfg;
    carc_config_init(&cfg);
    carc_error err;
    assert_int_equal(carc_expansions_parse("gifts,christmas", &cfg.expansions, &err), CARC_OK);
    carc_game *g = carc_new(&cfg, &err);
    carc_move moves[CARC_MAX_MOVES];
    for (int i = 0; i < 30; i++)
        assert_int_equal(carc_apply(g, &moves[carc_legal(g, moves, CARC_MAX_MOVES) - 1], &err),
                         CARC_OK);
    size_t n;
    unsigned char *buf = saved(g, &n);
    carc_game *h = carc_state_load(buf, n, &err);
    assert_non_null(h);
    while (!carc_is_over(g)) {  /* the generator is in the state: the same draws follow */
        int k = carc_legal(g, moves, CARC_MAX_MOVES);
        assert_int_equal(carc_legal_count(h), k);
        assert_int_equal(carc_apply(g, &moves[0], &err), CARC_OK);
        assert_int_equal(carc_apply(h, &moves[0], &err), CARC_OK);
        assert_memory_equal(g, h, carc_state_size());
    }
    carc_free(h);
    carc_free(g);
    free(buf);
}

static void refused(const unsigned char *buf, size_t n, const char *msg)
{
    carc_error err;
    memset(&err, 0, sizeof err);
    assert_null(carc_state_load(buf, n, &err));
    assert_int_equal(err.code, CARC_E_INVALID);
    if (!strstr(err.msg, msg))
        fail_msg("\"%s\" does not say \"%s\"", err.msg, msg);
}

/* FNV-1a 64, as state_bytes.c: to make a payload's checksum right after changing it */
static uint64_t fnv(const unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static void test_bad_bytes_refused(void **state)
{
    (void)state;
    carc_config cfg;
    carc_config_init(&cfg);
    carc_error err;
    carc_game *g = carc_new(&cfg, &err);
    size_t n;
    unsigned char *buf = saved(g, &n);
    unsigned char *bad = malloc(n + 1);
    refused(NULL, 0, "not a carc state");
    refused(buf, 31, "not a carc state");
    for (size_t cut = 32; cut < n; cut += n / 7)
        refused(buf, cut, "damaged");
    memcpy(bad, buf, n);
    bad[n] = 0;
    refused(bad, n + 1, "damaged");
    for (size_t at = 0; at < n; at++) {  /* every byte flipped is refused */
        memcpy(bad, buf, n);
        bad[at] ^= 0x20;
        carc_game *h = carc_state_load(bad, n, &err);
        if (h)
            fail_msg("byte %zu flipped was read", at);
        assert_int_equal(err.code, CARC_E_INVALID);
    }
    memcpy(bad, buf, n);
    bad[8] = 2;
    refused(bad, n, "format version 2");
    memcpy(bad, buf, n);
    bad[16] ^= 1;
    refused(bad, n, "another engine build");
    memcpy(bad, buf, n);
    bad[40] ^= 1;
    refused(bad, n, "checksum");
    /* the checksum made right again: carc_check refuses 9 players (byte 13 of the
     * fixed part, after the seed, the 16-bit expansions and three bytes) */
    memcpy(bad, buf, n);
    bad[32 + 13] = 9;
    uint64_t sum = fnv(bad + 32, n - 32);
    memcpy(bad + 24, &sum, 8);
    refused(bad, n, "invalid: players 9");
    free(bad);
    free(buf);
    carc_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips_at_every_move),
        cmocka_unit_test(test_loaded_game_plays_on_the_same),
        cmocka_unit_test(test_bad_bytes_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
