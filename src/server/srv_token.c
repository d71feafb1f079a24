/*
 * srv_token.c - game ids, seat tokens and their hashes.
 *
 * A seat token is 128 bits from getrandom(), sent once (in the seat's link) and
 * stored only as its SHA-256: a copy of the database does not let anyone play.
 * Hashes are compared with CRYPTO_memcmp, whose time does not depend on where two
 * hashes differ.
 */
#define _GNU_SOURCE
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "srv_int.h"

static const char token_hex[] = "0123456789abcdef";

static void token_to_hex(const unsigned char *b, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = token_hex[b[i] >> 4];
        out[2 * i + 1] = token_hex[b[i] & 15];
    }
    out[2 * n] = '\0';
}

/* Fills b with n random bytes; 0, or -1 if the kernel would not give them. */
static int token_random(unsigned char *b, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(b + got, n - got, 0);
        if (r <= 0)
            return -1;
        got += (size_t)r;
    }
    return 0;
}

int srv_random_hex(char *out, size_t nbytes)
{
    unsigned char b[64];
    if (nbytes > sizeof b || token_random(b, nbytes) < 0)
        return -1;
    token_to_hex(b, nbytes, out);
    return 0;
}

uint64_t srv_random_seed(void)
{
    unsigned char b[8];
    uint64_t v = 0;
    if (token_random(b, sizeof b) < 0)
        return 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | b[i];
    return v & ((UINT64_C(1) << 53) - 1);
}

void srv_token_hash(const char *token, char out[SRV_HASH_HEX + 1])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    if (!EVP_Digest(token, strlen(token), md, &n, EVP_sha256(), NULL) || n != 32) {
        memset(out, 'x', SRV_HASH_HEX);  /* matches no hash of hex digits */
        out[SRV_HASH_HEX] = '\0';
        return;
    }
    token_to_hex(md, 32, out);
}

int srv_hash_equal(const char *a, const char *b)
{
    if (strlen(a) != SRV_HASH_HEX || strlen(b) != SRV_HASH_HEX)
        return 0;
    return CRYPTO_memcmp(a, b, SRV_HASH_HEX) == 0;
}

int srv_is_hex(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!s[i] || !strchr(token_hex, s[i]))
            return 0;
    return s[i] == '\0';
}
