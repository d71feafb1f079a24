/*
 * srv_rate.c - how many games one address may create: a token bucket per address
 * (`--games-per-minute N`: a burst of N, then one every 60/N seconds). An address
 * whose bucket is full again needs no entry, so the table holds only the addresses
 * that created a game within the last minute; it is scanned linearly, which is cheap
 * next to creating a game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv_int.h"

struct srv_rate_entry {
    char addr[64];
    double tokens;  /* games it may still create now (refilled up to the burst) */
    double at;      /* when tokens was computed (seconds, monotonic) */
};

void srv_rate_free(srv_rate *r)
{
    free(r->e);
    memset(r, 0, sizeof *r);
}

double srv_rate_take(srv_rate *r, const char *addr, int per_minute, double now)
{
    double per_second = per_minute / 60.0, wait = 0;
    int found = -1;
    /* refill every entry, forgetting those that are full */
    for (int i = 0; i < r->n;) {
        struct srv_rate_entry *e = &r->e[i];
        e->tokens += (now - e->at) * per_second;
        e->at = now;
        if (e->tokens >= per_minute && strcmp(e->addr, addr) != 0) {
            *e = r->e[--r->n];
            continue;
        }
        if (e->tokens > per_minute)
            e->tokens = per_minute;
        if (strcmp(e->addr, addr) == 0)
            found = i;
        i++;
    }
    if (found < 0) {
        if (r->n == r->cap) {
            int cap = r->cap ? 2 * r->cap : 16;
            struct srv_rate_entry *n = realloc(r->e, (size_t)cap * sizeof *n);
            if (!n)
                return 0;  /* out of memory: let it through rather than refuse everyone */
            r->e = n;
            r->cap = cap;
        }
        found = r->n++;
        snprintf(r->e[found].addr, sizeof r->e[found].addr, "%s", addr);
        r->e[found].tokens = per_minute;
        r->e[found].at = now;
    }
    struct srv_rate_entry *e = &r->e[found];
    if (e->tokens >= 1) {
        e->tokens -= 1;
        return 0;
    }
    wait = (1 - e->tokens) / per_second;
    return wait > 0.001 ? wait : 0.001;
}
