/*
 * srv_conns.c - open connections per peer address (issue 33, M5: one address holding
 * 400 connections that trickled their requests blocked new games while they lasted):
 * a connection is admitted, when it is accepted, only if its peer holds fewer than
 * --max-conns-per-ip connections already.
 *
 * The count needs no word of a connection's close, which libwebsockets 4.1 does not
 * give for every connection with its descriptor still open: the table keeps the peer
 * of each descriptor as it was accepted, and counting an address checks each of its
 * descriptors with getpeername (a descriptor closed since, or reused by another
 * connection or a file, no longer matches and is forgotten). A descriptor number is
 * reused only after a close, so a live connection is counted exactly once. Counting
 * scans the descriptors up to the highest seen: cheap next to accepting a connection.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "srv_int.h"

static uint32_t conns_peer(int fd)
{
    struct sockaddr_in a;
    socklen_t len = sizeof a;
    memset(&a, 0, sizeof a);
    if (getpeername(fd, (struct sockaddr *)&a, &len) < 0 || a.sin_family != AF_INET)
        return 0;
    return a.sin_addr.s_addr;
}

uint32_t srv_conns_peer(int fd, char *addr, size_t size)
{
    uint32_t peer = fd >= 0 ? conns_peer(fd) : 0;
    if (size)
        addr[0] = '\0';
    if (peer && size) {
        struct in_addr in = {peer};
        inet_ntop(AF_INET, &in, addr, (socklen_t)size);
    }
    return peer;
}

int srv_conns_admit(srv_conns *t, int fd, uint32_t peer, int max)
{
    if (!peer || fd < 0)
        return 0;  /* not IPv4: nothing to count it by */
    if (fd >= t->cap) {
        int cap = t->cap ? t->cap : 256;
        while (cap <= fd)
            cap *= 2;
        uint32_t *n = realloc(t->peer, (size_t)cap * sizeof *n);
        if (!n)
            return 0;  /* not counted: the cap is a bound on abuse */
        memset(n + t->cap, 0, (size_t)(cap - t->cap) * sizeof *n);
        t->peer = n;
        t->cap = cap;
    }
    t->peer[fd] = 0;  /* whatever it was, that connection is closed */
    int open = 0;
    for (int i = 0; i <= t->high; i++) {
        if (t->peer[i] != peer)
            continue;
        if (conns_peer(i) == peer)
            open++;
        else
            t->peer[i] = 0;
    }
    if (open >= max)
        return -1;
    t->peer[fd] = peer;
    if (fd > t->high)
        t->high = fd;
    return 0;
}

void srv_conns_free(srv_conns *t)
{
    free(t->peer);
    memset(t, 0, sizeof *t);
}
