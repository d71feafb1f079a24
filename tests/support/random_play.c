/*
 * random_play.c - see random_play.h.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "base.h"
#include "random_play.h"

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

uint64_t test_rand_next(uint64_t *s)
{
    return mix_next(s);
}

int test_rand_below(uint64_t *s, int n)
{
    return (int)(test_rand_next(s) % (uint64_t)n);
}

int test_game_count(int games, int sanitized, int quick)
{
    const char *q = getenv("CARC_QUICK");
    if (q && *q && strcmp(q, "0") != 0)
        return quick;
    return SANITIZED ? sanitized : games;
}

int test_long_count(int games, int sanitized, int quick)
{
    const char *l = getenv("CARC_LONG"), *q = getenv("CARC_QUICK");
    int quick_on = q && *q && strcmp(q, "0") != 0;
    if (l && *l && strcmp(l, "0") != 0 && !quick_on && !SANITIZED)
        return TEST_LONG_GAMES;
    return test_game_count(games, sanitized, quick);
}

int test_full_games(int full)
{
    const char *a = getenv("CARC_CHECK_ALL");
    return a && *a && strcmp(a, "0") != 0 ? INT_MAX : full;
}

carc_move test_random_move(uint64_t *s)
{
    carc_move m = carc_move_pass();
    m.kind = (uint8_t)test_rand_below(s, CARC_MOVE_KINDS + 1);
    m.card = (uint8_t)test_rand_below(s, CARC_CARDS + 1);
    m.tile = (uint8_t)test_rand_below(s, CARC_TILE_KINDS + 2);
    m.rot = (uint8_t)test_rand_below(s, 6);
    m.x = (int8_t)(test_rand_below(s, 21) - 10);
    m.y = (int8_t)(test_rand_below(s, 21) - 10);
    m.port = (uint8_t)(test_rand_below(s, 4) ? test_rand_below(s, CARC_PORTS + 1) : CARC_PORT_NONE);
    m.x2 = (int8_t)(test_rand_below(s, 21) - 10);
    m.y2 = (int8_t)(test_rand_below(s, 21) - 10);
    m.port2 = (uint8_t)(test_rand_below(s, 2) ? test_rand_below(s, CARC_PORTS) : CARC_PORT_NONE);
    return m;
}

const char *test_refuse_garbage(carc_game *g, const carc_move *list, int n, uint64_t *s,
                                unsigned char *before, unsigned char *after, size_t cap)
{
    carc_move bad = test_random_move(s);
    carc_move_canonical(g, &bad);
    for (int i = 0; i < n; i++)
        if (carc_move_equal(&list[i], &bad))
            return NULL;
    carc_error err = {0, ""};
    size_t a = carc_state_save(g, before, cap);
    if (carc_apply(g, &bad, &err) == CARC_OK)
        return "an unlisted move was applied";
    size_t b = carc_state_save(g, after, cap);
    if (a != b || memcmp(before, after, a) != 0)
        return "a refused move changed the state";
    return NULL;
}
