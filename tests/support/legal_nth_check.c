/*
 * legal_nth_check.c - carc_legal_count, carc_legal_nth and carc_legal_pick checked
 * against carc_legal at one position (see legal_nth_check.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "legal_nth_check.h"

/* carc_legal_pick's index function: returns `want` and records the n it was asked
 * with. */
typedef struct {
    uint32_t want;
    uint32_t asked_n;
    int calls;
} nth_index;

static uint32_t nth_index_fn(void *ctx, uint32_t n)
{
    nth_index *x = ctx;
    x->asked_n = n;
    x->calls++;
    return x->want;
}

void test_check_legal_nth(const carc_game *g, const char *where)
{
    static carc_move list[CARC_MAX_MOVES];
    int n = carc_legal(g, list, CARC_MAX_MOVES);
    int count = carc_legal_count(g);
    if (count != n)
        fail_msg("%s: carc_legal_count %d, carc_legal lists %d", where, count, n);
    for (int i = 0; i < n; i++) {
        carc_move m;
        memset(&m, 0xA5, sizeof m);
        if (carc_legal_nth(g, i, &m) != 1)
            fail_msg("%s: carc_legal_nth refused index %d of %d", where, i, n);
        if (memcmp(&m, &list[i], sizeof m) != 0)
            fail_msg("%s: carc_legal_nth(%d) of %d is not carc_legal's move", where, i, n);
        nth_index x = {(uint32_t)i, 0, 0};
        memset(&m, 0x5A, sizeof m);
        int r = carc_legal_pick(g, nth_index_fn, &x, &m);
        if (r != n || x.calls != 1 || x.asked_n != (uint32_t)n)
            fail_msg("%s: carc_legal_pick returned %d, asked %d times with n %u (%d moves)",
                     where, r, x.calls, x.asked_n, n);
        if (memcmp(&m, &list[i], sizeof m) != 0)
            fail_msg("%s: carc_legal_pick(%d) of %d is not carc_legal's move", where, i, n);
    }
    /* bad indices: refused, the move given untouched */
    const int bad[] = {-1, n, n + 1, 1 << 30};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
        carc_move m, before;
        memset(&m, 0x3C, sizeof m);
        before = m;
        if (carc_legal_nth(g, bad[b], &m) != 0)
            fail_msg("%s: carc_legal_nth accepted index %d of %d", where, bad[b], n);
        assert_memory_equal(&m, &before, sizeof m);
        if (bad[b] < 0)
            continue;
        nth_index x = {(uint32_t)bad[b], 0, 0};
        int r = carc_legal_pick(g, nth_index_fn, &x, &m);
        if (n == 0 ? (r != 0 || x.calls != 0) : r != -1)
            fail_msg("%s: carc_legal_pick with index %d of %d returned %d (%d calls)", where,
                     bad[b], n, r, x.calls);
        assert_memory_equal(&m, &before, sizeof m);
    }
}
