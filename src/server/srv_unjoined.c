/*
 * srv_unjoined.c - the games an address created that nobody has joined yet (issue 33,
 * M4): such a game is not kept in memory (its row is stored; the first session loads
 * it), but each still costs a row, so one address may have at most
 * `--unjoined-per-ip` of them created within the last window (--idle-evict seconds,
 * the time an unjoined game stayed in memory before). An entry leaves the table when
 * a session of its game opens here, or when it is older than the window; the table is
 * scanned linearly, which is cheap next to creating a game.
 */
#include <stdlib.h>
#include <string.h>

#include "srv_int.h"

struct srv_unjoined_entry {
    char addr[64];
    char id[2 * SRV_ID_BYTES + 1];
    double at;  /* created (seconds, monotonic) */
};

/* Forgets the entries older than the window. */
static void unjoined_prune(srv_unjoined *u, double now, double window)
{
    for (int i = u->n - 1; i >= 0; i--)
        if (now - u->e[i].at >= window)
            u->e[i] = u->e[--u->n];
}

int srv_unjoined_count(srv_unjoined *u, const char *addr, double now, double window)
{
    int n = 0;
    unjoined_prune(u, now, window);
    for (int i = 0; i < u->n; i++)
        n += strcmp(u->e[i].addr, addr) == 0;
    return n;
}

void srv_unjoined_add(srv_unjoined *u, const char *addr, const char *id, double now)
{
    if (u->n == u->cap) {
        int cap = u->cap ? 2 * u->cap : 64;
        struct srv_unjoined_entry *e = realloc(u->e, (size_t)cap * sizeof *e);
        if (!e)
            return;  /* not counted: the cap is a bound on abuse, not on correctness */
        u->e = e;
        u->cap = cap;
    }
    struct srv_unjoined_entry *e = &u->e[u->n++];
    memset(e, 0, sizeof *e);
    strncpy(e->addr, addr, sizeof e->addr - 1);
    strncpy(e->id, id, sizeof e->id - 1);
    e->at = now;
}

void srv_unjoined_joined(srv_unjoined *u, const char *id)
{
    for (int i = u->n - 1; i >= 0; i--)
        if (strcmp(u->e[i].id, id) == 0)
            u->e[i] = u->e[--u->n];
}

void srv_unjoined_free(srv_unjoined *u)
{
    free(u->e);
    memset(u, 0, sizeof *u);
}
