/*
 * raw_client.c - bytes on a plain socket to `carc serve`, for the tests of what a
 * well-behaved client never sends (tests/server/harden.sh, ws_rfc.sh): requests with
 * broken headers, bodies trickled a byte at a time, WebSocket frames built by hand.
 *
 *   raw_client PORT STEP...     one connection to 127.0.0.1:PORT, the steps in order:
 *     send:TEXT      writes TEXT (C escapes: \r \n \t \\ \xHH)
 *     sleep:SEC      waits
 *     read:SEC       prints what arrives until the server closes or SEC seconds pass,
 *                    then "[closed after T s]" (T: since the connection opened) or
 *                    "[open]" on a line of its own
 *     trickle:N:SEC  sends N bytes "x", one every SEC seconds, stopping as soon as the
 *                    server closes ("[closed after T s]"); "[open]" if it never did
 *     ws             the WebSocket handshake of GET PATH (the previous send: wrote
 *                    nothing; give it as ws:PATH), its 101 checked and not printed
 *     frame:OP:MASK:TEXT  one WebSocket frame, FIN set, opcode OP (decimal), masked
 *                    with a fixed key if MASK is 1, TEXT with the escapes above
 *   raw_client PORT hold N SEC  opens up to N connections (each sends one byte of a
 *                    request and no more) and keeps them SEC seconds; prints how many
 *                    connected, then how many the server had not closed by then
 * RAW_SRC=ADDR in the environment connects from that local address (127.0.0.2: another
 * client of the same machine). RAW_RCVBUF=N in the environment sets the socket's
 * receive buffer (a client that
 * reads nothing holds the server's answer in the server). Exit 0, or 1 if the
 * connection cannot be made.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* RAW_SRC: binds fd to that source address (0, or -1). */
static int bind_source(int fd)
{
    const char *src = getenv("RAW_SRC");
    struct sockaddr_in a;
    if (!src || fd < 0)
        return 0;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    if (inet_pton(AF_INET, src, &a.sin_addr) != 1)
        return -1;
    return bind(fd, (struct sockaddr *)&a, sizeof a);
}

static int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (bind_source(fd) < 0) {
        close(fd);
        return -1;
    }
    /* RAW_RCVBUF=N: a small receive window, so that an answer the client does not read
     * stays in the server */
    const char *rb = getenv("RAW_RCVBUF");
    int size = rb ? atoi(rb) : 0;
    if (fd >= 0 && size > 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* Unescapes s into out; returns the length. */
static size_t unescape(const char *s, char *out)
{
    size_t n = 0;
    for (; *s; s++) {
        if (*s != '\\' || !s[1]) {
            out[n++] = *s;
            continue;
        }
        s++;
        switch (*s) {
        case 'r': out[n++] = '\r'; break;
        case 'n': out[n++] = '\n'; break;
        case 't': out[n++] = '\t'; break;
        case 'x': {
            char hex[3] = {s[1], s[1] ? s[2] : 0, 0};
            out[n++] = (char)strtol(hex, NULL, 16);
            s += 2;
            break;
        }
        default: out[n++] = *s; break;
        }
    }
    return n;
}

static double t0;

/* 1 if the server closed (EOF or reset), printing what it sent meanwhile. */
static int drain(int fd, int timeout_ms, int print)
{
    char buf[65536];
    struct pollfd p = {fd, POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0)
        return 0;
    ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0)
        return 1;
    if (print)
        fwrite(buf, 1, (size_t)n, stdout);
    return 0;
}

static void closed(void)
{
    printf("\n[closed after %.1f s]\n", now() - t0);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: raw_client PORT STEP... (see the source)\n");
        return 2;
    }
    int port = atoi(argv[1]);
    setvbuf(stdout, NULL, _IONBF, 0);
    if (!strcmp(argv[2], "hold") && argc == 5) {
        struct rlimit rl;
        if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
            rl.rlim_cur = rl.rlim_max;
            setrlimit(RLIMIT_NOFILE, &rl);
        }
        int want = atoi(argv[3]), got = 0;
        int *fds = calloc((size_t)want, sizeof *fds);
        for (int i = 0; fds && i < want; i++) {
            /* a connection refused or left in the backlog: the server may not take
             * more now */
            int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
            struct sockaddr_in a;
            memset(&a, 0, sizeof a);
            a.sin_family = AF_INET;
            a.sin_port = htons((unsigned short)port);
            a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            if (fd < 0)
                break;
            if (bind_source(fd) < 0) {
                close(fd);
                break;
            }
            if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0 && errno != EINPROGRESS) {
                close(fd);
                continue;
            }
            struct pollfd p = {fd, POLLOUT, 0};
            if (poll(&p, 1, 1000) <= 0 || (p.revents & (POLLERR | POLLHUP))) {
                close(fd);
                continue;
            }
            (void)!write(fd, "G", 1);
            fds[got++] = fd;
        }
        printf("%d connected\n", got);
        sleep((unsigned)atoi(argv[4]));
        int open = 0;
        for (int i = 0; i < got; i++) {
            char c;
            struct pollfd p = {fds[i], POLLIN, 0};
            /* closed: readable with EOF (or a reset); open: nothing to read */
            open += poll(&p, 1, 0) == 0 ||
                    (recv(fds[i], &c, 1, MSG_DONTWAIT) > 0);
            close(fds[i]);
        }
        printf("%d still open\n", open);
        free(fds);
        return 0;
    }
    int fd = dial(port);
    if (fd < 0) {
        printf("[refused]\n");
        return 1;
    }
    t0 = now();
    static char buf[1 << 20];
    for (int i = 2; i < argc; i++) {
        const char *step = argv[i];
        if (!strncmp(step, "send:", 5)) {
            size_t n = unescape(step + 5, buf);
            if (send(fd, buf, n, MSG_NOSIGNAL) < 0) {
                closed();
                return 0;
            }
        } else if (!strncmp(step, "sleep:", 6)) {
            usleep((useconds_t)(atof(step + 6) * 1e6));
        } else if (!strncmp(step, "read:", 5)) {
            double end = now() + atof(step + 5);
            for (;;) {
                double left = end - now();
                if (left <= 0) {
                    printf("\n[open]\n");
                    break;
                }
                if (drain(fd, (int)(left * 1000) + 1, 1)) {
                    closed();
                    return 0;
                }
            }
        } else if (!strncmp(step, "trickle:", 8)) {
            int n = atoi(step + 8);
            const char *c = strchr(step + 8, ':');
            double every = c ? atof(c + 1) : 1;
            int shut = 0;
            for (int k = 0; k < n && !shut; k++) {
                if (send(fd, "x", 1, MSG_NOSIGNAL) < 0) {
                    shut = 1;
                    break;
                }
                double end = now() + every;
                while (!shut && now() < end)
                    shut = drain(fd, (int)((end - now()) * 1000) + 1, 0);
            }
            if (shut) {
                closed();
                return 0;
            }
            printf("[open]\n");
        } else if (!strncmp(step, "ws:", 3)) {
            int n = snprintf(buf, sizeof buf,
                             "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                             "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                             "Sec-WebSocket-Version: 13\r\n\r\n", step + 3);
            send(fd, buf, (size_t)n, MSG_NOSIGNAL);
            /* the 101 and its headers */
            size_t have = 0;
            double end = now() + 5;
            while (!memmem(buf, have, "\r\n\r\n", 4) && now() < end) {
                struct pollfd p = {fd, POLLIN, 0};
                if (poll(&p, 1, 100) <= 0)
                    continue;
                ssize_t r = recv(fd, buf + have, 1, 0);  /* byte by byte: frames follow */
                if (r <= 0)
                    break;
                have += (size_t)r;
            }
            if (have < 12 || memcmp(buf, "HTTP/1.1 101", 12)) {
                printf("[no 101: %.*s]\n", (int)(have > 60 ? 60 : have), buf);
                return 0;
            }
        } else if (!strncmp(step, "frame:", 6)) {
            int op = atoi(step + 6);
            const char *m = strchr(step + 6, ':');
            int mask = m && m[1] == '1';
            const char *text = m ? strchr(m + 1, ':') : NULL;
            static char payload[1 << 16];
            size_t n = text ? unescape(text + 1, payload) : 0, h = 0;
            static const unsigned char key[4] = {0x12, 0x34, 0x56, 0x78};
            buf[h++] = (char)(0x80 | (op & 0xf));
            if (n < 126) {
                buf[h++] = (char)((mask ? 0x80 : 0) | n);
            } else {
                buf[h++] = (char)((mask ? 0x80 : 0) | 126);
                buf[h++] = (char)(n >> 8);
                buf[h++] = (char)(n & 0xff);
            }
            if (mask)
                for (int k = 0; k < 4; k++)
                    buf[h++] = (char)key[k];
            for (size_t k = 0; k < n; k++)
                buf[h++] = (char)(mask ? payload[k] ^ key[k & 3] : payload[k]);
            if (send(fd, buf, h, MSG_NOSIGNAL) < 0) {
                closed();
                return 0;
            }
        } else {
            fprintf(stderr, "raw_client: unknown step %s\n", step);
            return 2;
        }
    }
    close(fd);
    return 0;
}
