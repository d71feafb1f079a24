/*
 * random_play.c - see random_play.h.
 */
#include <stdlib.h>
#include <string.h>
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
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
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
