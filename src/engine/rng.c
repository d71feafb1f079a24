/*
 * rng.c - xoshiro256** seeded by splitmix64 (Blackman and Vigna). The generator's
 * state lives in the game, so copies of a game draw the same future.
 */
#include "base.h"
#include "state.h"

void rng_seed(uint64_t s[4], uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        s[i] = mix_next(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(uint64_t s[4])
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Lemire's multiply-and-reject: exact uniformity. */
uint32_t rng_below(uint64_t s[4], uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(rng_next(s) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(rng_next(s) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

void rng_shuffle(uint64_t s[4], uint8_t *a, int n)
{
    /* on a local copy: the bytes of a[] may alias the state, which would make
     * the compiler store and reload all four words at every swap */
    uint64_t st[4];
    memcpy(st, s, sizeof st);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(st, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    memcpy(s, st, sizeof st);
}
