/*
 * test_rng.c - the generator is xoshiro256** seeded by splitmix64; its output is
 * part of every record's meaning (a seed must replay the same game forever), so
 * the first outputs for fixed seeds are pinned here.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "state.h"

static void test_golden_sequence(void **state)
{
    (void)state;
    uint64_t s[4];
    rng_seed(s, 0);
    /* splitmix64(0) first outputs, the published reference values */
    assert_int_equal(s[0], 0xE220A8397B1DCDAFull);
    assert_int_equal(s[1], 0x6E789E6AA1B965F4ull);
    assert_int_equal(s[2], 0x06C45D188009454Full);
    assert_int_equal(s[3], 0xF88BB8A8724C81ECull);
    /* xoshiro256** from the state {1,2,3,4}: the reference implementation's outputs */
    uint64_t x[4] = {1, 2, 3, 4};
    const uint64_t reference[4] = {11520u, 0u, 1509978240u, 1215971899390074240ull};
    for (int i = 0; i < 4; i++)
        assert_int_equal(rng_next(x), reference[i]);
    /* and from splitmix64(0), pinned so that a change to seeding shows up */
    const uint64_t pinned[4] = {0x99EC5F36CB75F2B4ull, 0xBF6E1F784956452Aull,
                                0x1A5F849D4933E6E0ull, 0x6AA594F1262D2D2Cull};
    for (int i = 0; i < 4; i++)
        assert_int_equal(rng_next(s), pinned[i]);
}

static void test_below_is_in_range_and_covers(void **state)
{
    (void)state;
    uint64_t s[4];
    rng_seed(s, 42);
    int seen[7] = {0};
    for (int i = 0; i < 7000; i++) {
        uint32_t v = rng_below(s, 7);
        assert_true(v < 7);
        seen[v]++;
    }
    for (int i = 0; i < 7; i++)
        assert_in_range(seen[i], 850, 1150);
    assert_int_equal(rng_below(s, 1), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_sequence),
        cmocka_unit_test(test_below_is_in_range_and_covers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
