/*
 * bench_client.c - the server benchmark's load generator (bench/serve_bench.sh), lean:
 * plain sockets and one epoll set instead of libwebsockets, and no JSON parser on the
 * hot path.
 *
 *   bench_client PORT [--games N] [--expansions E] [--seed S] [--server-pid PID]
 *                     [--records FILE] [--timeout SEC] [--frames delta|full]
 *                     [--checkpoints FILE] [--think-ms MS] [--duration SEC]
 *                     [--warmup SEC]
 *
 * Creates N games of two human seats over the HTTP API, opens a WebSocket per seat
 * (with ?frames=delta unless --frames full: docs/SERVER.md),
 * and answers every state that gives a seat legal moves with a random one at once
 * (or, with --think-ms MS, after a delay drawn uniformly from 0.5 to 1.5 times MS, so
 * that the games drift apart as people's do: the pace of the scale benchmark,
 * bench/serve_scale.sh);
 * prints moves/s, p50/p99 latency from sending a move to receiving the state it
 * produced, the server's and its own CPU time per move, how long the server waited
 * for a CPU (its run-queue time: the machine's other load) and its memory per game; then writes every game's record (one per line) to FILE for `carc replay`.
 *
 * Latency is given three ways, each from the same start (just before the move is
 * written): "kernel" ends when the state's last bytes reached this socket (the
 * kernel's receive stamp, SO_TIMESTAMPNS, read with recvmsg): what the server gives;
 * "epoll" ends when epoll_wait returned with the socket; "client" ends when this one
 * process got round to parsing the frame, after up to 256 other sockets' work: the
 * difference is the client's own queue, which 1,000 remote players would not have.
 * With --checkpoints FILE (the server's CARC_SERVE_STORE_TRACE, docs/SERVER.md), the
 * moves in flight during a SQLite checkpoint are counted apart.
 *
 * With --duration SEC the run ends SEC seconds after the warm-up (--warmup SEC, from
 * when every session was asked for: the games' first moves, and behind nginx their
 * hand-over to the process the proxy routes them to, stay out of the figures) whether
 * or not the games are over; only moves sent inside that window are counted, and the
 * server's CPU and memory are read at its start and end. --server-pid may be given
 * once per server process: their CPU and memory are summed. A line "measuring: ..."
 * is printed (and flushed) when the window opens, so that a script can sample other
 * counters (PostgreSQL's) over the same window. --latencies FILE writes the kernel
 * latency of every move of the window, a line each: ms, when it was sent (real-time
 * seconds) and its game's number, so that a script running several clients (a process
 * may hold only so many sockets) can merge them, and slow moves can be told apart by
 * time (a stall of everything at once) or by game (the games of one process).
 *
 * Why not ws_client (libwebsockets): its client parses every received byte one at a
 * time, and a seat's frame is some 5 KB, so with the client on the same machine the
 * benchmark measured the client as much as the server (docs/PERFORMANCE.md). Here a
 * frame is found by its header and read in place; of a state frame only the head is
 * looked at ("index", "over", "legal": the view comes last). The WebSocket framing
 * needed is small (RFC 6455): text frames from the server, unmasked; masked text
 * frames to it; a close frame ends a session. The handshake's answer is checked for
 * status 101 only. Exit 0, or 1 with a message.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "proc_stats.h"

typedef struct bconn {
    int fd;
    int game;
    int open;             /* the handshake's 101 was read */
    int done;             /* saw the game over (or the session closed) */
    char *in;             /* bytes read and not yet consumed */
    size_t inlen, incap;
    char *msg;            /* a message being assembled from fragments */
    size_t msglen, msgcap;
    int sent_index, awaiting;
    int due_index;         /* --think-ms: the index of the move waiting in the timer
                            * heap, -1 if none */
    char due_move[256];    /* that move's message */
    double sent_at;        /* CLOCK_REALTIME, the clock of the kernel's receive stamps */
    /* the reads of this readiness: where each ended in `in` and the kernel's stamp of
     * its last byte, so that a frame's arrival is the read that completed it */
    size_t rx_end[16];
    double rx_stamp[16];
    int nrx;
} bconn;

/* one move's timings (ms from its send; sent: realtime seconds) */
typedef struct blat {
    double sent, client, kernel, epoll;
    int game;
} blat;

/* a move waiting for its think time: due (monotonic seconds), the seat's session */
typedef struct bdue {
    double at;
    int conn;
} bdue;

/* the client's settings and counters: this is an executable's main file */
static struct {
    int port, games;
    int pids[16], npids;      /* --server-pid, once per process */
    double think_ms, duration, warmup;
    double measure_from;      /* realtime: moves sent before are not counted (0: all) */
    bdue *due;                /* the timer heap (a min-heap on `at`) */
    const char *latencies;    /* --latencies FILE */
    int ndue;
    const char *expansions, *records;
    unsigned long long seed, rng;
    double timeout;
    char (*ids)[32];
    bconn *conns;
    int nconns, ndone, ep;
    blat *lat;
    long nlat, caplat;
    double epoll_at;          /* when the current epoll_wait returned (realtime) */
    const char *checkpoints;  /* --checkpoints FILE */
    int full;                 /* --frames full: the documented full frames, not deltas */
    long long rxbytes;        /* WebSocket payload bytes received in state/delta frames */
    long deltas, fulls;       /* frames received of each kind */
} B;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("bench_client: FAIL: ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    exit(1);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The clock of SO_TIMESTAMPNS (a run is too short for a clock step to matter). */
static double now_real(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned long long rnd(void)
{
    B.rng ^= B.rng << 13;
    B.rng ^= B.rng >> 7;
    B.rng ^= B.rng << 17;
    return B.rng;
}

static int connect_loopback(void)
{
    struct sockaddr_in a;
    int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)B.port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0)
        fail("cannot connect to 127.0.0.1:%d: %s", B.port, strerror(errno));
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one) < 0)
        fail("SO_TIMESTAMPNS: %s", strerror(errno));
    return fd;
}

/* Writes all of buf on a (possibly non-blocking) socket. */
static void write_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
            usleep(100);
            continue;
        }
        if (n <= 0)
            fail("write: %s", strerror(errno));
        p += n;
        len -= (size_t)n;
    }
}

/* One HTTP request (Connection: close); the status, the body in *body (caller frees). */
static int http(const char *method, const char *path, const char *req, char **body)
{
    int fd = connect_loopback();
    char head[512];
    size_t reqlen = req ? strlen(req) : 0, len = 0, cap = 65536;
    int n = snprintf(head, sizeof head,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                     method, path, reqlen);
    write_all(fd, head, (size_t)n);
    if (reqlen)
        write_all(fd, req, reqlen);
    char *buf = malloc(cap + 1);
    for (;;) {
        if (len == cap)
            buf = realloc(buf, (cap *= 2) + 1);
        ssize_t r = read(fd, buf + len, cap - len);
        if (r <= 0)
            break;
        len += (size_t)r;
        buf[len] = '\0';
        char *sep = strstr(buf, "\r\n\r\n"), *cl = sep ? strcasestr(buf, "content-length:") : NULL;
        if (sep && cl && cl < sep && len >= (size_t)(sep + 4 - buf) + strtoul(cl + 15, NULL, 10))
            break;
    }
    close(fd);
    buf[len] = '\0';
    int status = 0;
    char *sep = strstr(buf, "\r\n\r\n");
    if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1 || !sep)
        fail("%s %s: no HTTP answer", method, path);
    *body = strdup(sep + 4);
    free(buf);
    return status;
}

/* Sends a masked text frame (a client must mask, RFC 6455 5.3). */
static void ws_send(bconn *c, const char *text)
{
    unsigned char frame[16 + 512];
    size_t len = strlen(text), h = 0;
    if (len > 512)
        fail("a message too long to send");
    frame[h++] = 0x81;  /* FIN, text */
    if (len < 126) {
        frame[h++] = (unsigned char)(0x80 | len);
    } else {
        frame[h++] = 0x80 | 126;
        frame[h++] = (unsigned char)(len >> 8);
        frame[h++] = (unsigned char)len;
    }
    unsigned long long r = rnd();
    unsigned char *mask = frame + h;
    memcpy(mask, &r, 4);
    h += 4;
    for (size_t i = 0; i < len; i++)
        frame[h + i] = (unsigned char)text[i] ^ mask[i & 3];
    write_all(c->fd, frame, h + len);
}

static void record_latency(const bconn *c, double kernel_at)
{
    if (B.nlat == B.caplat) {
        B.caplat = B.caplat ? 2 * B.caplat : 65536;
        B.lat = realloc(B.lat, (size_t)B.caplat * sizeof *B.lat);
    }
    /* no stamp (never seen on Linux): the epoll return stands in */
    if (kernel_at <= 0)
        kernel_at = B.epoll_at;
    B.lat[B.nlat++] = (blat){c->sent_at, (now_real() - c->sent_at) * 1000.0,
                             (kernel_at - c->sent_at) * 1000.0,
                             (B.epoll_at - c->sent_at) * 1000.0, c->game};
}

static void conn_done(bconn *c)
{
    if (!c->done) {
        c->done = 1;
        B.ndone++;
    }
}

static void send_move(bconn *c, int index, const char *msg)
{
    c->sent_index = index;
    c->sent_at = now_real();
    c->awaiting = 1;
    ws_send(c, msg);
}

/* The timer heap of --think-ms: a move is pushed when its state arrives and sent when
 * its time comes (main's loop). */
static void due_push(double at, int conn)
{
    static int cap;
    if (B.ndue == cap)
        B.due = realloc(B.due, (size_t)(cap = cap ? 2 * cap : 1024) * sizeof *B.due);
    int i = B.ndue++;
    while (i > 0 && B.due[(i - 1) / 2].at > at) {
        B.due[i] = B.due[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    B.due[i] = (bdue){at, conn};
}

static bdue due_pop(void)
{
    bdue top = B.due[0], last = B.due[--B.ndue];
    int i = 0;
    for (;;) {
        int k = 2 * i + 1;
        if (k >= B.ndue)
            break;
        if (k + 1 < B.ndue && B.due[k + 1].at < B.due[k].at)
            k++;
        if (B.due[k].at >= last.at)
            break;
        B.due[i] = B.due[k];
        i = k;
    }
    if (B.ndue > 0)
        B.due[i] = last;
    return top;
}

/* Sends every move whose think time is over. */
static void due_run(double t)
{
    while (B.ndue > 0 && B.due[0].at <= t) {
        bconn *c = &B.conns[due_pop().conn];
        if (c->due_index >= 0 && !c->done)
            send_move(c, c->due_index, c->due_move);
        c->due_index = -1;
    }
}

/* A state or error frame (text, NUL-terminated): reads the head, answers if it owes. */
static void on_message(bconn *c, char *text, size_t len, double arrived)
{
    (void)len;
    char *view = strstr(text, ",\"view\":");
    if (view)
        *view = '\0';  /* the head only: every key looked at below comes before the view */
    if (strncmp(text, "{\"type\":\"error\"", 15) == 0)
        fail("game %s: error frame: %s", B.ids[c->game], text);
    if (strncmp(text, "{\"type\":\"history\"", 17) == 0)
        return;  /* the game so far, sent when a session opens */
    /* a delta frame's head is a state frame's: index, over, legal (the changes come
     * after, and nothing here needs the view) */
    if (strncmp(text, "{\"type\":\"state\"", 15) != 0 &&
        strncmp(text, "{\"type\":\"delta\"", 15) != 0)
        fail("game %s: a frame of unknown type: %.80s", B.ids[c->game], text);
    if (text[9] == 'd')
        B.deltas++;
    else
        B.fulls++;
    char *p = strstr(text, "\"index\":"), *over = strstr(text, "\"over\":");
    char *legal = strstr(text, "\"legal\":[");
    if (!p || !over || !legal)
        fail("game %s: a state frame without index, over or legal: %.200s", B.ids[c->game], text);
    int index = (int)strtol(p + 8, NULL, 10);
    if (c->awaiting && index > c->sent_index) {
        if (c->sent_at >= B.measure_from)
            record_latency(c, arrived);
        c->awaiting = 0;
    }
    if (strncmp(over + 7, "true", 4) == 0) {
        conn_done(c);
        return;
    }
    /* the legal moves: strings in notation, which hold no quote or backslash */
    char *items[2048];
    int n = 0;
    for (char *q = legal + 9; *q == '"' && n < 2048;) {
        char *end = strchr(q + 1, '"');
        if (!end || memchr(q + 1, '\\', (size_t)(end - q - 1)))
            fail("game %s: a legal move the client cannot read", B.ids[c->game]);
        items[n++] = q + 1;
        *end = '\0';
        q = end + 1;
        if (*q == ',')
            q++;
    }
    if (n == 0 || index == c->sent_index)
        return;
    if (B.think_ms > 0) {
        if (c->due_index == index)
            return;
        /* a later state replaces a move still waiting (its index is stale) */
        int had = c->due_index >= 0;
        snprintf(c->due_move, sizeof c->due_move,
                 "{\"type\":\"move\",\"index\":%d,\"move\":\"%s\"}", index,
                 items[rnd() % (unsigned)n]);
        c->due_index = index;
        if (!had)
            due_push(now() + B.think_ms / 1000.0 * (0.5 + (double)(rnd() % 1000001) / 1e6),
                     (int)(c - B.conns));
        return;
    }
    char msg[256];
    snprintf(msg, sizeof msg, "{\"type\":\"move\",\"index\":%d,\"move\":\"%s\"}", index,
             items[rnd() % (unsigned)n]);
    send_move(c, index, msg);
}

/* Consumes every complete frame in c->in. */
static void parse_frames(bconn *c)
{
    size_t off = 0;
    if (!c->open) {
        char *sep = memmem(c->in, c->inlen, "\r\n\r\n", 4);
        if (!sep)
            return;
        if (strncmp(c->in, "HTTP/1.1 101", 12) != 0)
            fail("game %s: the WebSocket was refused: %.60s", B.ids[c->game], c->in);
        c->open = 1;
        off = (size_t)(sep + 4 - c->in);
    }
    while (c->inlen - off >= 2) {
        unsigned char *h = (unsigned char *)c->in + off;
        int fin = h[0] & 0x80, op = h[0] & 0x0f, masked = h[1] & 0x80;
        size_t avail = c->inlen - off, hl = 2;
        uint64_t len = h[1] & 0x7f;
        if (len == 126) {
            if (avail < 4)
                break;
            len = (uint64_t)h[2] << 8 | h[3];
            hl = 4;
        } else if (len == 127) {
            if (avail < 10)
                break;
            len = 0;
            for (int i = 0; i < 8; i++)
                len = len << 8 | h[2 + i];
            hl = 10;
        }
        if (masked)
            fail("game %s: the server masked a frame", B.ids[c->game]);
        if (avail < hl + len)
            break;
        char *payload = (char *)h + hl;
        if (op == 8) {  /* close */
            conn_done(c);
            off += hl + len;
            break;
        }
        if (op == 1 || op == 0) {
            if (c->msglen + len + 1 > c->msgcap) {
                c->msgcap = (c->msglen + len + 1) * 2;
                c->msg = realloc(c->msg, c->msgcap);
            }
            memcpy(c->msg + c->msglen, payload, len);
            c->msglen += len;
            if (fin) {
                c->msg[c->msglen] = '\0';
                B.rxbytes += (long long)c->msglen;
                /* the frame's last byte came with the first read that ended past it */
                size_t end = off + hl + (size_t)len;
                double arrived = 0;
                for (int r = 0; r < c->nrx && !arrived; r++)
                    if (c->rx_end[r] >= end)
                        arrived = c->rx_stamp[r];
                on_message(c, c->msg, c->msglen, arrived);
                c->msglen = 0;
            }
        }
        off += hl + len;
    }
    memmove(c->in, c->in + off, c->inlen - off);
    c->inlen -= off;
}

static void on_readable(bconn *c)
{
    c->nrx = 0;
    for (;;) {
        if (c->incap - c->inlen < 16384) {
            c->incap = c->incap ? 2 * c->incap : 65536;
            c->in = realloc(c->in, c->incap + 1);
        }
        struct iovec iov = {c->in + c->inlen, c->incap - c->inlen};
        union {
            char buf[CMSG_SPACE(sizeof(struct timespec))];
            struct cmsghdr align;
        } cbuf;
        struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf.buf,
                            .msg_controllen = sizeof cbuf.buf};
        ssize_t n = recvmsg(c->fd, &mh, 0);
        if (n > 0) {
            c->inlen += (size_t)n;
            c->in[c->inlen] = '\0';
            double stamp = 0;
            for (struct cmsghdr *cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
                if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_TIMESTAMPNS) {
                    struct timespec ts;
                    memcpy(&ts, CMSG_DATA(cm), sizeof ts);
                    stamp = (double)ts.tv_sec + ts.tv_nsec / 1e9;
                }
            if (c->nrx < 16) {
                c->rx_end[c->nrx] = c->inlen;
                c->rx_stamp[c->nrx++] = stamp;
            } else {
                c->rx_end[15] = c->inlen;  /* the last read's stamp stands for the rest */
                c->rx_stamp[15] = stamp;
            }
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            break;
        if (!c->done)
            fail("game %s: the server closed a session before the end", B.ids[c->game]);
        epoll_ctl(B.ep, EPOLL_CTL_DEL, c->fd, NULL);  /* closed: nothing more to read */
        break;
    }
    parse_frames(c);
}

/* Creates the games and opens every seat's WebSocket (handshake sent). */
static void open_games(int ep)
{
    B.ids = calloc((size_t)B.games, sizeof *B.ids);
    B.conns = calloc((size_t)B.games * 2, sizeof *B.conns);
    for (int g = 0; g < B.games; g++) {
        char req[256], *body;
        snprintf(req, sizeof req, "{\"players\":[\"human\",\"human\"],\"expansions\":\"%s\",\"seed\":%llu}",
                 B.expansions, B.seed + (unsigned long long)g);
        int st = http("POST", "/api/games", req, &body);
        json_t *o = json_loads(body, 0, NULL);
        json_t *seats = json_object_get(o, "seats");
        if (st != 201 || !json_is_string(json_object_get(o, "id")) || json_array_size(seats) != 2)
            fail("POST /api/games: status %d: %s", st, body);
        snprintf(B.ids[g], sizeof B.ids[g], "%s", json_string_value(json_object_get(o, "id")));
        for (int s = 0; s < 2; s++) {
            const char *ws = json_string_value(json_object_get(json_array_get(seats, (size_t)s), "ws"));
            if (!ws)
                fail("POST /api/games: seat %d has no WebSocket path", s);
            bconn *c = &B.conns[B.nconns++];
            c->game = g;
            c->sent_index = -1;
            c->due_index = -1;
            c->fd = connect_loopback();
            char hs[512];
            int n = snprintf(hs, sizeof hs,
                             "GET %s%s HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                             "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                             "Sec-WebSocket-Version: 13\r\n\r\n", ws,
                             B.full ? "" : "?frames=delta");
            write_all(c->fd, hs, (size_t)n);
            fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
            struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
            if (epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev) < 0)
                fail("epoll_ctl: %s", strerror(errno));
        }
        json_decref(o);
        free(body);
    }
}

/* p50, p99 and max of one of a move's timings (offset into blat) over every move. */
static void print_latency(const char *what, size_t field)
{
    double *v = malloc(((size_t)B.nlat + 1) * sizeof *v);
    for (long i = 0; i < B.nlat; i++)
        memcpy(&v[i], (const char *)&B.lat[i] + field, sizeof *v);
    qsort(v, (size_t)B.nlat, sizeof *v, proc_cmp_double);
    printf("latency move -> state, %s: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", what,
           B.nlat ? v[B.nlat / 2] : 0, B.nlat ? v[B.nlat * 99 / 100] : 0,
           B.nlat ? v[B.nlat - 1] : 0);
    free(v);
}

static void print_latencies(void)
{
    print_latency("kernel arrival (what the server gives)", offsetof(blat, kernel));
    print_latency("epoll return", offsetof(blat, epoll));
    print_latency("client-seen (with this client's own queue)", offsetof(blat, client));
}

/* The server's checkpoints (CARC_SERVE_STORE_TRACE: "START END PAGES" a line, realtime
 * seconds) against the moves: how often, how long, and the latency of the moves in
 * flight during one against the others'. */
static void print_checkpoints(void)
{
    FILE *f = fopen(B.checkpoints, "r");
    if (!f) {
        printf("checkpoints: no trace (a server without CARC_SERVE_STORE_TRACE)\n");
        return;
    }
    double (*ck)[2] = NULL, s, e, total = 0, longest = 0;
    long n = 0, cap = 0, pages;
    while (fscanf(f, "%lf %lf %ld", &s, &e, &pages) == 3) {
        if (n == cap)
            ck = realloc(ck, (size_t)(cap = cap ? 2 * cap : 256) * sizeof *ck);
        ck[n][0] = s;
        ck[n++][1] = e;
        total += e - s;
        longest = e - s > longest ? e - s : longest;
    }
    fclose(f);
    /* checkpoints are in time order, as the moves' sends are: one walk over both */
    double *in = malloc(((size_t)B.nlat + 1) * sizeof *in),
           *out = malloc(((size_t)B.nlat + 1) * sizeof *out);
    long nin = 0, nout = 0, k = 0;
    for (long i = 0; i < B.nlat; i++) {
        double from = B.lat[i].sent, to = from + B.lat[i].kernel / 1000.0;
        while (k < n && ck[k][1] < from - 1)  /* moves are sent in order, within a second */
            k++;
        int hit = 0;
        for (long j = k; j < n && ck[j][0] < to && !hit; j++)
            hit = ck[j][1] > from;
        if (hit)
            in[nin++] = B.lat[i].kernel;
        else
            out[nout++] = B.lat[i].kernel;
    }
    qsort(in, (size_t)nin, sizeof *in, proc_cmp_double);
    qsort(out, (size_t)nout, sizeof *out, proc_cmp_double);
    printf("checkpoints: %ld, %.2f ms each on average, longest %.2f ms, %.1f%% of the run\n",
           n, n ? total * 1000 / n : 0, longest * 1000,
           B.nlat && B.lat[B.nlat - 1].sent > B.lat[0].sent
               ? 100 * total / (B.lat[B.nlat - 1].sent - B.lat[0].sent) : 0);
    printf("moves in flight during a checkpoint: %ld (kernel p50 %.2f ms, p99 %.2f ms); "
           "the others %ld (p50 %.2f ms, p99 %.2f ms)\n", nin, nin ? in[nin / 2] : 0,
           nin ? in[nin * 99 / 100] : 0, nout, nout ? out[nout / 2] : 0,
           nout ? out[nout * 99 / 100] : 0);
    free(in);
    free(out);
    free(ck);
}

/* The servers' CPU (whole processes, service threads) and run-queue time, summed over
 * every --server-pid; -1 without one. */
static void servers_sample(double *cpu, double *main_thread, double *wait)
{
    *cpu = *main_thread = *wait = B.npids ? 0 : -1;
    for (int i = 0; i < B.npids; i++) {
        *cpu += proc_cpu_seconds(B.pids[i], 0);
        *main_thread += proc_cpu_seconds(B.pids[i], 1);
        *wait += proc_wait_seconds(B.pids[i]);
    }
}

static long servers_rss(void)
{
    long t = B.npids ? 0 : -1;
    for (int i = 0; i < B.npids; i++)
        t += proc_rss_kib(B.pids[i]);
    return t;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_client PORT [--games N] [--expansions E] [--seed S] "
                        "[--server-pid PID]... [--records FILE] [--timeout SEC] [--frames delta|full] "
                        "[--checkpoints FILE] [--think-ms MS] [--duration SEC [--warmup SEC]] "
                        "[--latencies FILE]\n");
        return 2;
    }
    B.port = atoi(argv[1]);
    B.games = 500;
    B.expansions = "gifts,christmas";
    B.seed = 1;
    B.timeout = 600;
    for (int i = 2; i + 1 < argc; i += 2) {
        const char *a = argv[i], *v = argv[i + 1];
        if (!strcmp(a, "--games")) B.games = atoi(v);
        else if (!strcmp(a, "--expansions")) B.expansions = v;
        else if (!strcmp(a, "--seed")) B.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--server-pid")) {
            if (B.npids == 16)
                fail("at most 16 --server-pid");
            B.pids[B.npids++] = atoi(v);
        }
        else if (!strcmp(a, "--think-ms")) B.think_ms = atof(v);
        else if (!strcmp(a, "--duration")) B.duration = atof(v);
        else if (!strcmp(a, "--warmup")) B.warmup = atof(v);
        else if (!strcmp(a, "--latencies")) B.latencies = v;
        else if (!strcmp(a, "--records")) B.records = v;
        else if (!strcmp(a, "--timeout")) B.timeout = atof(v);
        else if (!strcmp(a, "--frames")) B.full = !strcmp(v, "full");
        else if (!strcmp(a, "--checkpoints")) B.checkpoints = v;
        else fail("unknown option %s", a);
    }
    if ((argc - 2) % 2 || B.games < 1 || B.think_ms < 0 || B.duration < 0 || B.warmup < 0 ||
        (B.warmup > 0 && B.duration == 0))
        fail("bad arguments (see the source)");
    B.rng = 0x9E3779B97F4A7C15ull ^ B.seed;
    /* two descriptors a game */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    int ep = B.ep = epoll_create1(0);
    if (ep < 0)
        fail("epoll_create1: %s", strerror(errno));
    long rss0 = servers_rss();
    open_games(ep);
    /* the server's CPU from here (or the window's start), over the same time as the
     * moves: creating the games (an HTTP request and a commit each) is not a move's cost */
    struct { double cpu, main, wait, own, t; long rss; } m0, m1;
    servers_sample(&m0.cpu, &m0.main, &m0.wait);
    m0.own = proc_own_cpu_seconds();
    m0.t = now();
    m0.rss = rss0;
    double deadline = m0.t + B.timeout, opened = m0.t, window_end = 0;
    int windowed = B.duration > 0;
    struct epoll_event evs[256];
    while (B.ndone < B.nconns) {
        double t = now();
        if (windowed && !window_end && t >= opened + B.warmup) {
            /* the window opens: counters from here */
            B.nlat = 0;
            B.rxbytes = 0;
            B.deltas = B.fulls = 0;
            B.measure_from = now_real();
            servers_sample(&m0.cpu, &m0.main, &m0.wait);
            m0.own = proc_own_cpu_seconds();
            m0.t = t;
            window_end = t + B.duration;
            printf("measuring: %.0f s from now\n", B.duration);
            fflush(stdout);
        }
        if (window_end && t >= window_end)
            break;
        if (t > deadline)
            fail("timeout: %ld moves, %d of %d sessions over", B.nlat, B.ndone, B.nconns);
        int wait_ms = 1000;
        if (B.ndue > 0) {
            double d = (B.due[0].at - t) * 1000.0;
            wait_ms = d <= 0 ? 0 : d < 1000 ? (int)d + 1 : 1000;
        }
        int n = epoll_wait(ep, evs, 256, wait_ms);
        B.epoll_at = now_real();
        for (int i = 0; i < n; i++)
            on_readable(evs[i].data.ptr);
        if (B.ndue > 0)
            due_run(now());
    }
    if (windowed && !window_end)
        fail("every game ended before the window opened (a shorter --warmup)");
    double secs = now() - m0.t;
    m1.own = proc_own_cpu_seconds();
    m1.rss = servers_rss();
    servers_sample(&m1.cpu, &m1.main, &m1.wait);
    double cpu0 = m0.cpu, cpu1 = m1.cpu, main0 = m0.main, main1 = m1.main, wait0 = m0.wait,
           wait1 = m1.wait, own0 = m0.own, own1 = m1.own;
    long rss1 = m1.rss;
    for (int i = 0; i < B.nconns; i++) {
        close(B.conns[i].fd);
        free(B.conns[i].in);
        free(B.conns[i].msg);
    }
    close(ep);
    if (B.ndone < B.nconns && B.records) {
        printf("records: not written (%d of %d sessions over at the window's end)\n", B.ndone,
               B.nconns);
        B.records = NULL;
    }
    FILE *out = B.records ? fopen(B.records, "w") : NULL;
    if (B.records && !out)
        fail("cannot write %s", B.records);
    for (int g = 0; g < B.games && out; g++) {
        char path[128], *body;
        snprintf(path, sizeof path, "/api/games/%s/record", B.ids[g]);
        int st = http("GET", path, NULL, &body);
        if (st != 200)
            fail("GET %s: status %d", path, st);
        if (out)
            fprintf(out, "%s\n", body);
        free(body);
    }
    if (out)
        fclose(out);
    if (B.latencies) {
        FILE *lf = fopen(B.latencies, "w");
        if (!lf)
            fail("cannot write %s", B.latencies);
        for (long i = 0; i < B.nlat; i++)
            fprintf(lf, "%.3f %.6f %d\n", B.lat[i].kernel, B.lat[i].sent, B.lat[i].game);
        fclose(lf);
    }
    printf("games %d, moves %ld in %.2f s: %.0f moves/s%s\n", B.games, B.nlat, secs, B.nlat / secs,
           windowed ? " (moves sent in the window)" : "");
    print_latencies();
    if (B.checkpoints)
        print_checkpoints();
    if (cpu0 >= 0 && cpu1 >= 0 && B.nlat)
        printf("server CPU: %.2f s, %.0f us per move (%.0f%% of one core)\n", cpu1 - cpu0,
               (cpu1 - cpu0) * 1e6 / B.nlat, 100 * (cpu1 - cpu0) / secs);
    if (main0 >= 0 && main1 >= 0 && B.nlat)
        printf("server's service thread CPU: %.2f s, %.0f us per move (%.0f%% of one core)\n",
               main1 - main0, (main1 - main0) * 1e6 / B.nlat, 100 * (main1 - main0) / secs);
    if (wait0 >= 0 && wait1 >= 0)
        printf("server waiting for a CPU: %.2f s (%.0f%% of the run; others' load)\n",
               wait1 - wait0, 100 * (wait1 - wait0) / secs);
    if (B.nlat)
        printf("frames received: %ld full, %ld delta; %.0f bytes per move (all sessions' "
               "messages, history included)\n", B.fulls, B.deltas, (double)B.rxbytes / B.nlat);
    if (B.nlat)
        printf("client CPU: %.2f s, %.0f us per move (%.0f%% of one core)\n", own1 - own0,
               (own1 - own0) * 1e6 / B.nlat, 100 * (own1 - own0) / secs);
    if (rss0 > 0 && rss1 > 0)
        printf("server memory: %ld KiB before, %ld KiB with %d games: %.1f KiB per game%s\n",
               rss0, rss1, B.games, (double)(rss1 - rss0) / B.games,
               B.npids > 1 ? " (every process)" : "");
    free(B.lat);
    free(B.due);
    free(B.conns);
    free(B.ids);
    return 0;
}
