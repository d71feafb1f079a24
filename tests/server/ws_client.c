/*
 * ws_client.c - the test and benchmark client of `carc serve`, over real sockets on
 * loopback (libwebsockets client for WebSockets, a blocking socket for HTTP).
 *
 *   ws_client play  PORT [--games N] [--players P] [--expansions E] [--seed S]
 *                        [--records FILE] [--reconnect] [--timeout SEC]
 *       creates N games of P human seats, joins every seat and a spectator, plays
 *       random legal moves until every game is over, checks every frame (below),
 *       then fetches each record (one per line to FILE, for `carc replay`).
 *       --seats human,random,mcts:20 names the seats (the server plays computers).
 *       --ladder: the games are ladder games; --sign NAME:SECRET,...: each person's
 *       seat, in order, signs with the next name before anything else (issue 32).
 *       --delay-ms MS: wait before each move (so that games last across kills).
 *       --reconnect: the server may die at any moment (the crash test kills it);
 *       sessions reconnect, and a state never goes back behind one already seen.
 *       --store-failure: the server's store fails a commit (store_fail.sh); the
 *       "could not be stored" error is expected at least once, and play goes on.
 *       --frames delta: every seat and the spectator ask for delta frames
 *       (?frames=delta), apply each to the view they have, and a mirror session of
 *       each (full frames, never moving) gives the full frame of every index, which
 *       the rebuilt one must equal key for key; all other checks run on the rebuilt
 *       frames. A delta whose base is not the view's index makes the client ask for
 *       the state ({"type": "state"}), as a client should.
 *   ws_client bench PORT [--games N] [--expansions E] [--server-pid PID] ...
 *       the same without the checks (--delay-ms MS: a think time before each
 *       move, the move sent at the next 20 ms tick), with delta frames unless
 *       --frames full; prints moves/s, p50/p99 latency from sending a
 *       move to the state it produces, and memory per live game.
 *       --paths FILE: writes seat 0's WebSocket path of every game, one a line (for
 *       `rejoin`). --rejoin-max SEC: a session the server closed (or lost) must be
 *       back in its game (a state frame) within SEC seconds of losing it; prints the
 *       longest such wait.
 *       --bot-p99-max MS: the computer seats' decisions, from the state that asks
 *       one (as the spectator gets it) to the state after it, must have a p99 of at
 *       most MS; --bot-p50-max MS the same of their median; prints their p50, p99
 *       and max.
 *   ws_client rejoin PORT --paths FILE [--within SEC]
 *       opens a session on every path of FILE at once (a reload while the game's other
 *       sessions stay) and waits for each one's state frame: each must come within SEC
 *       seconds (default 2); an error frame fails. Prints the longest wait.
 *   ws_client records PORT --ids FILE --records OUT
 *       fetches the record of every game listed in FILE (written by play --ids).
 *   ws_client get PORT PATH
 *       prints the status, the content-type and the body of GET PATH.
 *   ws_client post PORT PATH BODY
 *       the same for POST PATH with BODY (JSON).
 *   ws_client bad   PORT --max-per-ip N
 *       every bad input of docs/SERVER.md gets an error (or a closed connection)
 *       and changes nothing.
 *
 * Checks on every frame (hidden information, RULES.md 6): a seat's frame, with its
 * own hands and the "view" key set aside, must equal the spectator's frame of the
 * same index; its events may differ from the spectator's only where they name its
 * own cards; the spectator never sees a gift drawn; legal moves go only to the seat
 * that owes the decision. Exit 0 if all is well, 1 with a message otherwise.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <libwebsockets.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "proc_stats.h"

enum { MAX_SEATS = 5, RING = 64, MODE_PLAY = 1, MODE_BENCH, MODE_BAD, MODE_RECORDS, MODE_REJOIN };
/* a game's sessions: the seats and the spectator, then (--frames delta) their mirrors */
enum { NCONN = 2 * (MAX_SEATS + 1) };

typedef struct msg {
    struct msg *next;
    size_t len;
    char *text;
} msg;

struct game;

typedef struct conn {
    struct lws *wsi;
    struct game *game;
    int seat;           /* -1: spectator */
    char path[256];
    int open, closed, failed, ever_open, fresh;
    msg *inbox, *inbox_tail;    /* bad mode: every message kept */
    msg *out, *out_tail;
    char *rx;
    size_t rxlen;
    int sent_index, awaiting;
    double sent_at, retry_at;
    int max_index;
    char *later;        /* a move held back by --delay */
    double later_at;
    int floor;          /* the game's highest index seen when this session (re)connected */
    int done;
    int delta;          /* opened with ?frames=delta: the view is kept and deltas applied */
    int mirror;         /* a full-frame session of the same seat, only to compare with */
    json_t *view;       /* delta sessions: the view as rebuilt from the frames so far */
    double lost_at;     /* when the session was lost (0: it is not): --rejoin-max */
    int view_index;     /* its index, -1: none (the next must be a full frame) */
} conn;

typedef struct slot {
    int index;
    json_t *frame[MAX_SEATS + 1];  /* [MAX_SEATS] = spectator */
    int compared[MAX_SEATS];
    json_t *rebuilt[MAX_SEATS + 1];  /* --frames delta: a delta session's frame, rebuilt */
    json_t *fresh[MAX_SEATS + 1];    /* the mirror's full frame of the same index */
} slot;

typedef struct game {
    char id[32];
    int seats;
    conn conns[NCONN];  /* seats, then the spectator; then their mirrors (--frames delta) */
    char token[MAX_SEATS][64];
    int max_index;
    int over;
    double bot_asked;   /* when the spectator saw a computer seat owe index bot_index */
    int bot_index;
    slot ring[RING];
} game;

/* the client's settings and counters: this is an executable's main file */
static struct {
    int mode, port, ngames, players, reconnect, max_per_ip;
    double delay;  /* seconds a client waits before answering (crash test) */
    const char *expansions, *records, *ids;
    const char *seats;  /* --seats human,random,...: overrides --players */
    unsigned long long seed, rng;
    double timeout;
    struct lws_context *ctx;
    lws_sorted_usec_list_t tick;
    game *games;
    long frames, compared, moves, errors_seen;
    long histories, history_compared;  /* histories received; their steps compared */
    int frames_delta;    /* --frames delta (bench: the default) */
    long deltas, delta_compared, resyncs;  /* deltas applied; compared with a full frame */
    double *lat;
    long nlat, caplat;
    int failed;
    int server_pid;
    int store_failure;   /* --store-failure: a refused commit is expected (store_fail.sh) */
    int ladder;          /* --ladder: "ladder": true in every game's request */
    const char *sign;    /* --sign NAME:SECRET,...: the people's seats sign in order */
    long store_failures; /* errors seen saying a move could not be stored */
    const char *paths;   /* --paths FILE: seat 0's paths (play writes, rejoin reads) */
    double rejoin_max;   /* --rejoin-max / --within: seconds a lost session may take */
    double rejoin_worst; /* the longest a session took to be back */
    long rejoins;        /* sessions lost and back */
    double bot_p99_max;  /* --bot-p99-max MS */
    double bot_p50_max;  /* --bot-p50-max MS */
    double *botlat;      /* the computer seats' decisions, ms */
    long nbotlat, capbotlat;
} T;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("ws_client: FAIL: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static unsigned long long rnd(void)
{
    T.rng ^= T.rng << 13;
    T.rng ^= T.rng >> 7;
    T.rng ^= T.rng << 17;
    return T.rng;
}

/* ---- HTTP over a blocking socket ------------------------------------------------ */

static char http_type[128];  /* the content-type of the last answer */
static const char *http_connection = "Connection: close\r\n";  /* "" for `post-keepalive` */

/* Sends one request; returns the status (0 if the server cannot be reached) and the
 * body in *body (caller frees). */
static int http(const char *method, const char *path, const char *req, size_t reqlen,
                char **body)
{
    http_type[0] = '\0';
    *body = NULL;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)T.port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    char head[512];
    int n = snprintf(head, sizeof head,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\n%s"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                     method, path, http_connection, reqlen);
    if (write(fd, head, (size_t)n) != n || (reqlen && write(fd, req, reqlen) != (ssize_t)reqlen)) {
        close(fd);
        return 0;
    }
    size_t len = 0, cap = 65536;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (len == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
        }
        ssize_t r = read(fd, buf + len, cap - len);
        if (r <= 0)
            break;
        len += (size_t)r;
        buf[len] = '\0';
        char *sep = strstr(buf, "\r\n\r\n");
        char *cl = sep ? strcasestr(buf, "content-length:") : NULL;
        if (sep && cl && cl < sep && len >= (size_t)(sep + 4 - buf) + strtoul(cl + 15, NULL, 10))
            break;
    }
    close(fd);
    buf[len] = '\0';
    int status = 0;
    char *sep = strstr(buf, "\r\n\r\n");
    char *cl = sep ? strcasestr(buf, "content-length:") : NULL;
    /* a body cut short (the server killed while sending it, crash.sh) is no answer */
    if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1 || !sep ||
        (cl && cl < sep && len < (size_t)(sep + 4 - buf) + strtoul(cl + 15, NULL, 10))) {
        free(buf);
        return 0;
    }
    *body = strdup(sep + 4);
    *sep = '\0';
    char *ct = strcasestr(buf, "\r\ncontent-type:");
    if (ct) {
        ct += 15;
        while (*ct == ' ')
            ct++;
        snprintf(http_type, sizeof http_type, "%.*s", (int)strcspn(ct, "\r"), ct);
    }
    free(buf);
    return status;
}

/* The same, retrying while the server is down (crash test). */
static int http_retry(const char *method, const char *path, const char *req, char **body)
{
    double until = now() + 30;
    for (;;) {
        int st = http(method, path, req, req ? strlen(req) : 0, body);
        if (st || !T.reconnect || now() > until)
            return st;
        usleep(50000);
    }
}

/* ---- WebSocket connections ---------------------------------------------------------- */

static void conn_connect(conn *c)
{
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = T.ctx;
    ci.address = "127.0.0.1";
    ci.port = T.port;
    ci.path = c->path;
    ci.host = "127.0.0.1";
    ci.origin = "127.0.0.1";
    ci.local_protocol_name = "carc-test";
    ci.userdata = c;
    ci.pwsi = &c->wsi;
    c->open = c->closed = c->failed = 0;
    c->fresh = 1;
    c->floor = c->game ? c->game->max_index : 0;
    c->view_index = -1;  /* a new session starts with a full frame */
    free(c->rx);
    c->rx = NULL;
    c->rxlen = 0;
    if (!lws_client_connect_via_info(&ci)) {
        c->failed = c->closed = 1;
        c->retry_at = now() + 0.1;
    }
}

static void conn_send(conn *c, const char *text)
{
    msg *m = calloc(1, sizeof *m);
    m->len = strlen(text);
    m->text = malloc(LWS_PRE + m->len);
    memcpy(m->text + LWS_PRE, text, m->len);
    if (c->out_tail)
        c->out_tail->next = m;
    else
        c->out = m;
    c->out_tail = m;
    if (c->wsi && c->open)
        lws_callback_on_writable(c->wsi);
}

static void msgs_free(msg *m)
{
    while (m) {
        msg *n = m->next;
        free(m->text);
        free(m);
        m = n;
    }
}

static void on_frame(conn *c, const char *text, size_t len);

static int client_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user,
                           void *in, size_t len)
{
    conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->open = c->ever_open = 1;
        c->sent_index = -1;
        c->awaiting = 0;
        free(c->later);
        c->later = NULL;
        if (c->out)
            lws_callback_on_writable(wsi);
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        c->rx = realloc(c->rx, c->rxlen + len + 1);
        memcpy(c->rx + c->rxlen, in, len);
        c->rxlen += len;
        c->rx[c->rxlen] = '\0';
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
            char *t = c->rx;
            size_t n = c->rxlen;
            c->rx = NULL;
            c->rxlen = 0;
            on_frame(c, t, n);
            free(t);
        }
        break;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (c->out) {
            msg *m = c->out;
            c->out = m->next;
            if (!c->out)
                c->out_tail = NULL;
            int n = lws_write(wsi, (unsigned char *)m->text + LWS_PRE, m->len, LWS_WRITE_TEXT);
            free(m->text);
            free(m);
            if (n < 0)
                return -1;
            if (c->out)
                lws_callback_on_writable(wsi);
        }
        break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        c->failed = 1;
        /* fall through */
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c) {
            if (c->ever_open && !c->done && !c->lost_at)
                c->lost_at = now();  /* from here until its next state: --rejoin-max */
            c->open = 0;
            c->closed = 1;
            c->wsi = NULL;
            c->retry_at = now() + 0.05 + (double)(rnd() % 100) / 1000.0;
        }
        break;
    default:
        break;
    }
    return 0;
}

/* ---- checks on frames ------------------------------------------------------------------- */

/* Puts the spectator's hands[seat] into every "hands" array of the seat's frame. */
static void patch_hands(json_t *mine, json_t *theirs, int seat)
{
    const char *key;
    json_t *v;
    json_object_foreach(mine, key, v) {
        json_t *w = json_object_get(theirs, key);
        if (!w)
            continue;
        if (strcmp(key, "hands") == 0 && json_is_array(v) && json_is_array(w))
            json_array_set(v, (size_t)seat, json_array_get(w, (size_t)seat));
        else if (json_is_object(v) && json_is_object(w))
            patch_hands(v, w, seat);
    }
}

/* 1 if event a of seat's frame may differ from b of the spectator's: it names the
 * seat's own hidden card. */
static int own_card(const char *a, const char *b, int seat)
{
    char p1[32], p2[32];
    snprintf(p1, sizeof p1, "gift %d ", seat);
    snprintf(p2, sizeof p2, "card %d ", seat);
    return (!strncmp(a, p1, strlen(p1)) && !strncmp(b, p1, strlen(p1)) && !strcmp(b + strlen(p1), "?")) ||
           (!strncmp(a, p2, strlen(p2)) && !strncmp(b, p2, strlen(p2)) && !strcmp(b + strlen(p2), "?"));
}

static void compare_lists(const game *g, int index, int seat, json_t *mine, json_t *theirs,
                          const char *what)
{
    if (json_array_size(mine) != json_array_size(theirs))
        fail("game %s index %d: seat %d got %zu %s, the spectator %zu", g->id, index, seat,
             json_array_size(mine), what, json_array_size(theirs));
    for (size_t i = 0; i < json_array_size(mine); i++) {
        const char *a = json_string_value(json_array_get(mine, i));
        const char *b = json_string_value(json_array_get(theirs, i));
        if (!a || !b || (strcmp(a, b) && !own_card(a, b, seat)))
            fail("game %s index %d: seat %d's %s \"%s\" differs from the spectator's \"%s\"",
                 g->id, index, seat, what, a ? a : "?", b ? b : "?");
    }
}

/* A seat's frame against the spectator's frame of the same index. */
static void compare(game *g, int index, int seat, json_t *mine, json_t *theirs)
{
    json_t *mv = json_deep_copy(json_object_get(mine, "view"));
    json_t *tv = json_deep_copy(json_object_get(theirs, "view"));
    if (!json_is_object(mv) || !json_is_object(tv))
        fail("game %s index %d: a frame without a view", g->id, index);
    if (json_integer_value(json_object_get(mv, "view")) != seat ||
        !json_is_integer(json_object_get(mv, "view")))
        fail("game %s index %d: seat %d's frame is not its view", g->id, index, seat);
    json_object_del(mv, "view");
    json_object_del(tv, "view");
    patch_hands(mv, tv, seat);
    if (!json_equal(mv, tv)) {
        char *a = json_dumps(mv, JSON_SORT_KEYS | JSON_COMPACT);
        char *b = json_dumps(tv, JSON_SORT_KEYS | JSON_COMPACT);
        size_t k = 0;
        while (a[k] && a[k] == b[k])
            k++;
        fail("game %s index %d: seat %d sees more than the spectator besides its hands: "
             "...%.120s vs ...%.120s", g->id, index, seat, a + (k > 40 ? k - 40 : 0),
             b + (k > 40 ? k - 40 : 0));
    }
    json_decref(mv);
    json_decref(tv);
    compare_lists(g, index, seat, json_object_get(mine, "events"),
                  json_object_get(theirs, "events"), "events");
    T.compared++;
}

/* The ring's slot for index, emptied first if it held an older index. */
static slot *ring_slot(game *g, int index)
{
    slot *s = &g->ring[index % RING];
    if (s->index != index) {
        for (int i = 0; i <= MAX_SEATS; i++) {
            json_decref(s->frame[i]);
            json_decref(s->rebuilt[i]);
            json_decref(s->fresh[i]);
            s->frame[i] = s->rebuilt[i] = s->fresh[i] = NULL;
        }
        memset(s->compared, 0, sizeof s->compared);
        s->index = index;
    }
    return s;
}

/* Keeps the frame for comparison with the frames of the other sessions. */
static void check_hidden(game *g, int who, int index, json_t *frame)
{
    slot *s = ring_slot(g, index);
    int k = who < 0 ? MAX_SEATS : who;
    json_decref(s->frame[k]);
    s->frame[k] = json_incref(frame);
    if (!s->frame[MAX_SEATS])
        return;
    for (int seat = 0; seat < g->seats; seat++)
        if (s->frame[seat] && !s->compared[seat]) {
            compare(g, index, seat, s->frame[seat], s->frame[MAX_SEATS]);
            s->compared[seat] = 1;
        }
}

/* The history a session gets when it opens (the game so far): one step for the start
 * and for every move, the last with the game's scores so far; each step's events as
 * the spectator's frame of that index showed them (its own cards aside), where the
 * spectator's frame is still at hand. */
static void check_history(game *g, int who, json_t *f)
{
    json_t *steps = json_object_get(f, "steps");
    int index = (int)json_integer_value(json_object_get(f, "index"));
    if (!json_is_array(steps) || (int)json_array_size(steps) != index + 1)
        fail("game %s seat %d: a history of %zu steps at index %d", g->id, who,
             json_array_size(steps), index);
    T.histories++;
    if (who < 0)
        return;
    for (int k = 0; k <= index; k++) {
        slot *s = &g->ring[k % RING];
        if (s->index != k || !s->frame[MAX_SEATS])
            continue;
        compare_lists(g, k, who, json_object_get(json_array_get(steps, k), "events"),
                      json_object_get(s->frame[MAX_SEATS], "events"), "history events");
        T.history_compared++;
    }
}

/* 1 if some "hands" array under o (at any depth) holds a hand whose cards are named. */
static int names_a_hand(json_t *o)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        if (strcmp(key, "hands") == 0 && json_is_array(v)) {
            for (size_t i = 0; i < json_array_size(v); i++)
                if (json_array_size(json_object_get(json_array_get(v, i), "cards")))
                    return 1;
        } else if (json_is_object(v) && names_a_hand(v)) {
            return 1;
        }
    }
    return 0;
}

/* The spectator's own frame: no legal moves, no hand's cards named, no gift named
 * when drawn. (With the comparison above, this covers every seat's frame too.) */
static void check_spectator(game *g, int index, json_t *frame)
{
    if (json_array_size(json_object_get(frame, "legal")) != 0)
        fail("game %s index %d: the spectator was sent legal moves", g->id, index);
    const char *who = json_string_value(json_object_get(json_object_get(frame, "view"), "view"));
    if (!who || strcmp(who, "public") != 0)
        fail("game %s index %d: the spectator's view is not the public one", g->id, index);
    if (names_a_hand(json_object_get(frame, "view")))
        fail("game %s index %d: the spectator sees a card in a hand", g->id, index);
    json_t *ev = json_object_get(frame, "events");
    for (size_t i = 0; i < json_array_size(ev); i++) {
        const char *e = json_string_value(json_array_get(ev, i));
        int seat;
        char card[64];
        if (e && sscanf(e, "gift %d %63s", &seat, card) == 2 && strcmp(card, "?"))
            fail("game %s index %d: the spectator saw gift %s drawn", g->id, index, card);
    }
}

/* --frames delta: a delta session's frame of index k, rebuilt from deltas (or
 * `fresh`: its mirror's full frame of that index) is kept; once both are in they
 * must be equal, every key (the view rebuilt by the client, legal, events). */
static void compare_fresh(game *g, int who, int index, json_t *frame, int fresh)
{
    slot *s = ring_slot(g, index);
    int k = who < 0 ? MAX_SEATS : who;
    json_t **mine = fresh ? &s->fresh[k] : &s->rebuilt[k];
    json_decref(*mine);
    *mine = json_incref(frame);
    if (!s->rebuilt[k] || !s->fresh[k])
        return;
    if (!json_equal(s->rebuilt[k], s->fresh[k])) {
        char *a = json_dumps(s->rebuilt[k], JSON_SORT_KEYS | JSON_COMPACT);
        char *b = json_dumps(s->fresh[k], JSON_SORT_KEYS | JSON_COMPACT);
        size_t i = 0;
        while (a[i] && a[i] == b[i])
            i++;
        fail("game %s index %d seat %d: the state rebuilt from delta frames differs from the "
             "full frame: ...%.160s vs ...%.160s", g->id, index, who,
             a + (i > 60 ? i - 60 : 0), b + (i > 60 ? i - 60 : 0));
    }
    json_decref(s->rebuilt[k]);
    json_decref(s->fresh[k]);
    s->rebuilt[k] = s->fresh[k] = NULL;
    T.delta_compared++;
}

/* Applies delta frame d to c's view (docs/SERVER.md): the board cut to board_from
 * and board_add appended, then every member of d's view replaces c's. Returns the
 * full frame it stands for (a new reference: type "state", the rebuilt view), or
 * NULL if d's base is not the index of c's view (the client then asks for the
 * state: the resync rule). */
static json_t *delta_apply(conn *c, json_t *d)
{
    int base = (int)json_integer_value(json_object_get(d, "base"));
    json_t *board = json_object_get(c->view, "board"), *add = json_object_get(d, "board_add");
    json_t *members = json_object_get(d, "view");
    json_int_t from = json_integer_value(json_object_get(d, "board_from"));
    if (!c->view || c->view_index < 0 || base != c->view_index)
        return NULL;
    if (!json_is_array(board) || !json_is_array(add) || !json_is_object(members) ||
        !json_is_integer(json_object_get(d, "board_from")) || from < 0 ||
        (size_t)from > json_array_size(board))
        fail("game %s seat %d: a delta frame that cannot be applied (board_from %lld)",
             c->game->id, c->seat, (long long)from);
    while (json_array_size(board) > (size_t)from)
        json_array_remove(board, json_array_size(board) - 1);
    json_array_extend(board, add);
    const char *key;
    json_t *v;
    json_object_foreach(members, key, v) {
        if (!strcmp(key, "board"))
            fail("game %s seat %d: a delta frame names the whole board", c->game->id, c->seat);
        json_object_set(c->view, key, v);
    }
    c->view_index = (int)json_integer_value(json_object_get(d, "index"));
    json_t *f = json_copy(d);
    json_object_del(f, "base");
    json_object_del(f, "board_from");
    json_object_del(f, "board_add");
    json_object_set_new(f, "type", json_string("state"));
    json_object_set_new(f, "view", json_deep_copy(c->view));
    T.deltas++;
    return f;
}

static void record_latency(double ms)
{
    if (T.nlat == T.caplat) {
        T.caplat = T.caplat ? 2 * T.caplat : 4096;
        T.lat = realloc(T.lat, (size_t)T.caplat * sizeof *T.lat);
    }
    T.lat[T.nlat++] = ms;
}

/* A session is back in its game (a state frame): how long it took since it was lost
 * (or, for `rejoin`, since it was opened). */
static void rejoined(conn *c)
{
    if (!c->lost_at)
        return;
    double took = now() - c->lost_at;
    c->lost_at = 0;
    T.rejoins++;
    if (took > T.rejoin_worst)
        T.rejoin_worst = took;
    if (T.rejoin_max > 0 && took > T.rejoin_max)
        fail("game %s seat %d: back in its game %.2f s after losing its session (at most %.1f s)",
             c->game ? c->game->id : c->path, c->seat, took, T.rejoin_max);
}

static void on_frame(conn *c, const char *text, size_t len)
{
    if (T.mode == MODE_REJOIN) {
        json_t *f = json_loadb(text, len, 0, NULL);
        const char *type = json_string_value(json_object_get(f, "type"));
        if (type && !strcmp(type, "error"))
            fail("rejoin %s: error frame: %s", c->path,
                 json_string_value(json_object_get(f, "message")));
        if (type && !strcmp(type, "state")) {
            rejoined(c);
            c->done = 1;
        }
        json_decref(f);
        return;
    }
    if (T.mode == MODE_BAD) {
        msg *m = calloc(1, sizeof *m);
        m->text = strndup(text, len);
        m->len = len;
        if (c->inbox_tail)
            c->inbox_tail->next = m;
        else
            c->inbox = m;
        c->inbox_tail = m;
        return;
    }
    game *g = c->game;
    json_error_t je;
    json_t *f;
    const char *cut = T.mode == MODE_BENCH ? strstr(text, ",\"view\":") : NULL;
    if (cut) {
        /* the benchmark reads only the frame's head: the server, not the client's JSON
         * parser, is what it measures (the view comes last in a frame) */
        char *head = strndup(text, (size_t)(cut - text) + 1);
        head[cut - text] = '}';
        f = json_loads(head, 0, &je);
        free(head);
    } else {
        f = json_loadb(text, len, 0, &je);
    }
    if (!f)
        fail("game %s: a frame that is not JSON: %s", g->id, je.text);
    const char *type = json_string_value(json_object_get(f, "type"));
    if (type && strcmp(type, "error") == 0) {
        const char *m = json_string_value(json_object_get(f, "message"));
        T.errors_seen++;
        /* --store-failure: the server could not commit a move and went back to its
         * log (store_fail.sh); the state that follows is answered afresh */
        if (T.store_failure && m && strstr(m, "could not be stored")) {
            T.store_failures++;
            c->sent_index = -1;
            c->awaiting = 0;
            json_decref(f);
            return;
        }
        /* with a crash, a move sent to a dying server may come back stale */
        if (!T.reconnect || !m || strncmp(m, "stale move", 10))
            fail("game %s seat %d: error frame: %s", g->id, c->seat, m ? m : "?");
        json_decref(f);
        return;
    }
    if (type && strcmp(type, "clock") == 0) {  /* clocks (issue 32): not this client's */
        json_decref(f);
        return;
    }
    if (type && strcmp(type, "history") == 0) {
        check_history(g, c->seat, f);
        json_decref(f);
        return;
    }
    if (type && strcmp(type, "ladder") == 0) {  /* a ladder game's seats (--ladder) */
        json_decref(f);
        return;
    }
    if (type && strcmp(type, "delta") == 0) {
        if (!c->delta)
            fail("game %s seat %d: a delta frame it did not ask for", g->id, c->seat);
        if (T.mode == MODE_PLAY) {
            /* the benchmark reads only the head, the same in both kinds */
            json_t *full = delta_apply(c, f);
            json_decref(f);
            if (!full) {
                /* a state missed, or its base unknown: ask for the whole state */
                T.resyncs++;
                conn_send(c, "{\"type\":\"state\"}");
                return;
            }
            f = full;
        }
    } else if (!type || strcmp(type, "state")) {
        fail("game %s: a frame of unknown type", g->id);
    } else if (c->delta && T.mode == MODE_PLAY) {
        json_decref(c->view);
        c->view = json_deep_copy(json_object_get(f, "view"));
        c->view_index = (int)json_integer_value(json_object_get(f, "index"));
    }
    rejoined(c);
    T.frames++;
    int index = (int)json_integer_value(json_object_get(f, "index"));
    json_t *view = json_object_get(f, "view");
    json_t *legal = json_object_get(f, "legal");
    if (index < c->max_index)
        fail("game %s seat %d: state went back from index %d to %d: an acknowledged move was lost",
             g->id, c->seat, c->max_index, index);
    /* every frame ever sent was of a committed state: a new session, even to a
     * restarted server, starts no earlier than anything seen before it opened */
    if (c->fresh && index < c->floor)
        fail("game %s seat %d: after reconnecting, index %d is behind %d seen before", g->id,
             c->seat, index, c->floor);
    c->fresh = 0;
    c->max_index = index;
    if (index > g->max_index)
        g->max_index = index;
    if (c->awaiting && index > c->sent_index) {
        record_latency((now() - c->sent_at) * 1000.0);
        c->awaiting = 0;
    }
    if (T.mode == MODE_PLAY && c->mirror) {
        /* a mirror only gives the full frame to compare with: it never moves */
        compare_fresh(g, c->seat, index, f, 1);
        if (json_is_true(json_object_get(f, "over")))
            c->done = 1;
        json_decref(f);
        return;
    }
    if (T.mode == MODE_PLAY && c->delta)
        compare_fresh(g, c->seat, index, f, 0);
    if (T.mode == MODE_PLAY && c->seat < 0) {
        /* a computer seat's decision: from the state that asks it to the next */
        int p = (int)json_integer_value(json_object_get(json_object_get(view, "pending"), "seat"));
        if (g->bot_asked > 0 && index == g->bot_index + 1) {
            if (T.nbotlat == T.capbotlat) {
                T.capbotlat = T.capbotlat ? 2 * T.capbotlat : 1024;
                T.botlat = realloc(T.botlat, (size_t)T.capbotlat * sizeof *T.botlat);
            }
            T.botlat[T.nbotlat++] = (now() - g->bot_asked) * 1000.0;
        }
        g->bot_asked = 0;
        if (p >= 0 && p < g->seats && !g->conns[p].path[0] && !json_is_true(json_object_get(f, "over"))) {
            g->bot_asked = now();
            g->bot_index = index;
        }
    }
    if (T.mode == MODE_PLAY) {
        int pending = (int)json_integer_value(json_object_get(json_object_get(view, "pending"), "seat"));
        if (json_array_size(legal) && pending != c->seat)
            fail("game %s index %d: seat %d got legal moves for seat %d's decision", g->id, index,
                 c->seat, pending);
        if (c->seat < 0)
            check_spectator(g, index, f);
        check_hidden(g, c->seat, index, f);
    }
    if (json_is_true(json_object_get(f, "over"))) {
        if (view && !json_is_true(json_object_get(view, "over")))
            fail("game %s index %d: the frame and its view disagree on the end", g->id, index);
        c->done = 1;
    } else if (c->seat >= 0 && json_array_size(legal) && index != c->sent_index) {
        const char *mv = json_string_value(json_array_get(legal, rnd() % json_array_size(legal)));
        json_t *m = json_pack("{s:s, s:i, s:s}", "type", "move", "index", index, "move", mv);
        char *t = json_dumps(m, JSON_COMPACT);
        if (T.delay > 0) {
            free(c->later);
            c->later = t;
            c->later_at = now() + T.delay;
        } else {
            conn_send(c, t);
            free(t);
        }
        json_decref(m);
        c->sent_index = index;
        c->sent_at = now();
        c->awaiting = 1;
        T.moves++;
    }
    json_decref(f);
}

/* ---- the loop ------------------------------------------------------------------------------ */

static void tick(lws_sorted_usec_list_t *sul)
{
    double t = now();
    for (int i = 0; T.games && T.mode != MODE_BAD && i < T.ngames; i++)
        for (int k = 0; k < NCONN; k++) {
            conn *c = &T.games[i].conns[k];
            if (c->later && c->open && t >= c->later_at) {
                conn_send(c, c->later);
                free(c->later);
                c->later = NULL;
                c->sent_at = now();  /* latency counts from the send */
            }
            if (c->path[0] && c->closed && !c->done && t >= c->retry_at) {
                if (!T.reconnect && c->ever_open)
                    fail("game %s: the server closed seat %d's connection", T.games[i].id, c->seat);
                conn_connect(c);
            }
        }
    lws_sul_schedule(T.ctx, 0, sul, tick, 20 * LWS_US_PER_MS);
}

static int all_done(void)
{
    for (int i = 0; i < T.ngames; i++)
        for (int k = 0; k < NCONN; k++)
            if (T.games[i].conns[k].path[0] && !T.games[i].conns[k].done)
                return 0;
    return 1;
}

static void context_new(void)
{
    static const struct lws_protocols protocols[] = {
        {"carc-test", client_callback, 0, 65536, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0},
    };
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.timeout_secs = 20;
    lws_set_log_level(LLL_ERR, NULL);
    T.ctx = lws_create_context(&info);
    if (!T.ctx)
        fail("cannot create a libwebsockets context");
    lws_sul_schedule(T.ctx, 0, &T.tick, tick, 20 * LWS_US_PER_MS);
}

/* Creates the games through the API and joins every seat (and, when checking, a
 * spectator). */
static void create_games(void)
{
    T.games = calloc((size_t)T.ngames, sizeof *T.games);
    for (int i = 0; i < T.ngames; i++) {
        game *g = &T.games[i];
        char req[512], *body;
        int n = snprintf(req, sizeof req, "{\"players\":[");
        char list[256];
        snprintf(list, sizeof list, "%s", T.seats ? T.seats : "");
        char *save = NULL, *tok = strtok_r(list, ",", &save);
        for (int s = 0; s < T.players; s++) {
            n += snprintf(req + n, sizeof req - (size_t)n, "%s\"%s\"", s ? "," : "",
                          tok ? tok : "human");
            tok = tok ? strtok_r(NULL, ",", &save) : NULL;
        }
        snprintf(req + n, sizeof req - (size_t)n, "],\"expansions\":\"%s\",\"seed\":%llu%s}",
                 T.expansions, T.seed + (unsigned long long)i, T.ladder ? ",\"ladder\":true" : "");
        char signs[256];
        snprintf(signs, sizeof signs, "%s", T.sign ? T.sign : "");
        char *sign_save = NULL, *sign = strtok_r(signs, ",", &sign_save);
        int st = http_retry("POST", "/api/games", req, &body);
        if (st != 201)
            fail("POST /api/games: status %d: %s", st, body ? body : "");
        json_t *o = json_loads(body, 0, NULL);
        free(body);
        snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(o, "id")));
        json_t *seats = json_object_get(o, "seats");
        g->seats = (int)json_array_size(seats);
        if (g->seats != T.players || strlen(g->id) != 12)
            fail("POST /api/games: unexpected reply");
        for (int s = 0; s <= g->seats; s++) {
            conn *c = &g->conns[s];
            c->game = g;
            c->seat = s < g->seats ? s : -1;
            c->sent_index = -1;
            if (s < g->seats) {
                json_t *seat = json_array_get(seats, (size_t)s);
                const char *ws = json_string_value(json_object_get(seat, "ws"));
                const char *who = json_string_value(json_object_get(seat, "player"));
                if (who && strcmp(who, "human")) {
                    if (ws)
                        fail("POST /api/games: computer seat %d has a link", s);
                    continue;  /* the server plays it */
                }
                if (!ws)
                    fail("POST /api/games: seat %d has no WebSocket path", s);
                snprintf(c->path, sizeof c->path, "%s", ws);
                char *colon = sign ? strchr(sign, ':') : NULL;
                if (colon) {  /* --sign: sent first, before any move */
                    json_t *m = json_pack("{s:s, s:s%, s:s}", "type", "sign", "name", sign,
                                          (size_t)(colon - sign), "secret", colon + 1);
                    char *t = json_dumps(m, JSON_COMPACT);
                    conn_send(c, t);
                    free(t);
                    json_decref(m);
                    sign = strtok_r(NULL, ",", &sign_save);
                }
            } else if (T.mode == MODE_PLAY) {
                snprintf(c->path, sizeof c->path, "/ws/%s", g->id);
            } else {
                continue;
            }
            c->closed = 1;
            if (!T.frames_delta)
                continue;
            /* deltas; when checking, a mirror session of the same seat takes the full
             * frames the rebuilt ones must equal */
            c->delta = 1;
            c->view_index = -1;
            if (T.mode == MODE_PLAY) {
                conn *m = &g->conns[MAX_SEATS + 1 + s];
                *m = *c;
                m->delta = 0;
                m->mirror = 1;
            }
            strncat(c->path, "?frames=delta", sizeof c->path - strlen(c->path) - 1);
        }
        json_decref(o);
    }
}

static int run_games(void)
{
    long rss0 = T.server_pid ? proc_rss_kib(T.server_pid) : -1;
    double cpu0 = T.server_pid ? proc_cpu_seconds(T.server_pid, 0) : -1;
    context_new();
    create_games();
    if (T.ids) {
        FILE *f = fopen(T.ids, "w");
        if (!f)
            fail("cannot write %s", T.ids);
        for (int i = 0; i < T.ngames; i++)
            fprintf(f, "%s\n", T.games[i].id);
        fclose(f);
    }
    if (T.paths) {
        FILE *f = fopen(T.paths, "w");
        if (!f)
            fail("cannot write %s", T.paths);
        for (int i = 0; i < T.ngames; i++)
            fprintf(f, "%s\n", T.games[i].conns[0].path);
        fclose(f);
    }
    double t0 = now(), deadline = t0 + T.timeout, own0 = proc_own_cpu_seconds();
    while (!all_done()) {
        if (now() > deadline)
            fail("timeout: %ld moves played, games not over after %.0f s", T.moves, T.timeout);
        lws_service(T.ctx, 0);
    }
    double secs = now() - t0, own1 = proc_own_cpu_seconds();
    long rss1 = T.server_pid ? proc_rss_kib(T.server_pid) : -1;
    double cpu1 = T.server_pid ? proc_cpu_seconds(T.server_pid, 0) : -1;
    lws_context_destroy(T.ctx);
    FILE *out = T.records ? fopen(T.records, "w") : NULL;
    if (T.records && !out)
        fail("cannot write %s", T.records);
    for (int i = 0; i < T.ngames; i++) {
        char path[128], *body;
        snprintf(path, sizeof path, "/api/games/%s/record", T.games[i].id);
        int st = http_retry("GET", path, NULL, &body);
        if (st != 200)
            fail("GET %s: status %d", path, st);
        if (out)
            fprintf(out, "%s\n", body);
        free(body);
        for (int k = 0; k < NCONN; k++) {
            free(T.games[i].conns[k].rx);
            free(T.games[i].conns[k].later);
            msgs_free(T.games[i].conns[k].out);
            json_decref(T.games[i].conns[k].view);
        }
        for (int r = 0; r < RING; r++)
            for (int k = 0; k <= MAX_SEATS; k++) {
                json_decref(T.games[i].ring[r].frame[k]);
                json_decref(T.games[i].ring[r].rebuilt[k]);
                json_decref(T.games[i].ring[r].fresh[k]);
            }
    }
    if (out)
        fclose(out);
    if (T.mode == MODE_BENCH) {
        qsort(T.lat, (size_t)T.nlat, sizeof *T.lat, proc_cmp_double);
        double p50 = T.nlat ? T.lat[T.nlat / 2] : 0, p99 = T.nlat ? T.lat[T.nlat * 99 / 100] : 0;
        printf("games %d, moves %ld in %.2f s: %.0f moves/s\n", T.ngames, T.nlat, secs,
               T.nlat / secs);
        printf("latency move -> state: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", p50, p99,
               T.nlat ? T.lat[T.nlat - 1] : 0);
        if (cpu0 >= 0 && cpu1 >= 0 && T.nlat)
            printf("server CPU: %.2f s, %.0f us per move (%.0f%% of one core)\n", cpu1 - cpu0,
                   (cpu1 - cpu0) * 1e6 / T.nlat, 100 * (cpu1 - cpu0) / secs);
        if (T.nlat)
            printf("client CPU: %.2f s, %.0f us per move (%.0f%% of one core)\n", own1 - own0,
                   (own1 - own0) * 1e6 / T.nlat, 100 * (own1 - own0) / secs);
        if (rss0 > 0 && rss1 > 0)
            printf("server memory: %ld KiB before, %ld KiB with %d games: %.1f KiB per game\n",
                   rss0, rss1, T.ngames, (double)(rss1 - rss0) / T.ngames);
    } else {
        printf("ws_client: %d games over, %ld moves, %ld frames, %ld seat frames compared with "
               "the spectator's, %ld histories (%ld of their steps compared), %ld stale "
               "refusals\n", T.ngames, T.moves, T.frames, T.compared, T.histories,
               T.history_compared, T.errors_seen);
        if (T.nbotlat) {
            qsort(T.botlat, (size_t)T.nbotlat, sizeof *T.botlat, proc_cmp_double);
            double p99 = T.botlat[T.nbotlat * 99 / 100];
            printf("ws_client: %ld computer decisions: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
                   T.nbotlat, T.botlat[T.nbotlat / 2], p99, T.botlat[T.nbotlat - 1]);
            if (T.bot_p50_max > 0 && T.botlat[T.nbotlat / 2] > T.bot_p50_max)
                fail("the computer seats' decisions took %.1f ms at p50 (at most %.0f ms)",
                     T.botlat[T.nbotlat / 2], T.bot_p50_max);
            if (T.bot_p99_max > 0 && p99 > T.bot_p99_max)
                fail("the computer seats' decisions took %.1f ms at p99 (at most %.0f ms)", p99,
                     T.bot_p99_max);
        } else if (T.bot_p99_max > 0) {
            fail("--bot-p99-max: no computer decision was seen");
        }
        free(T.botlat);
        if (T.rejoins)
            printf("ws_client: %ld sessions lost and back in their game, the longest after "
                   "%.2f s\n", T.rejoins, T.rejoin_worst);
        if (T.frames_delta)
            printf("ws_client: %ld delta frames applied, %ld rebuilt states compared with a "
                   "fresh full frame, %ld resyncs\n", T.deltas, T.delta_compared, T.resyncs);
        if (T.compared == 0)
            fail("no frame was compared");
        if (T.frames_delta && (T.deltas == 0 || T.delta_compared == 0))
            fail("--frames delta: no delta frame was applied and compared");
        if (T.histories == 0)
            fail("no session got the game's history when it opened");
        if (T.store_failure && T.store_failures == 0)
            fail("no move was refused by the store, though --store-failure was given");
        if (T.store_failure)
            printf("ws_client: %ld sessions told their move could not be stored\n",
                   T.store_failures);
    }
    free(T.lat);
    free(T.games);
    return 0;
}

/* ---- bad inputs ------------------------------------------------------------------------------ */

/* Runs the loop until c has a message, is closed, or 5 s pass; the message (caller
 * frees) or NULL. */
static char *next_msg(conn *c)
{
    double until = now() + 5;
    while (!c->inbox && !c->closed && now() < until)
        lws_service(T.ctx, 0);
    if (!c->inbox)
        return NULL;
    msg *m = c->inbox;
    c->inbox = m->next;
    if (!c->inbox)
        c->inbox_tail = NULL;
    char *t = m->text;
    free(m);
    return t;
}

static conn *open_path(const char *path)
{
    conn *c = calloc(1, sizeof *c);
    snprintf(c->path, sizeof c->path, "%s", path);
    conn_connect(c);
    double until = now() + 5;
    while (!c->open && !c->closed && now() < until)
        lws_service(T.ctx, 0);
    return c;
}

/* Expects the next message of c to be an error containing `words`. */
static void expect_error(conn *c, const char *words, const char *what)
{
    char *m = next_msg(c);
    if (!m || !strstr(m, "\"type\":\"error\"") || !strstr(m, words))
        fail("%s: expected an error saying \"%s\", got %s", what, words, m ? m : "nothing");
    free(m);
}

/* Expects a state frame at index (after the history at index, which a session gets
 * first when it opens); returns the frame (caller frees). */
static char *expect_state(conn *c, int index, const char *what)
{
    char *m = next_msg(c);
    char want[32];
    snprintf(want, sizeof want, "\"index\":%d,", index);
    if (m && strstr(m, "\"type\":\"history\"") && strstr(m, want)) {
        free(m);
        m = next_msg(c);
    }
    if (!m || !strstr(m, "\"type\":\"state\"") || !strstr(m, want))
        fail("%s: expected the state at index %d, got %.200s", what, index, m ? m : "nothing");
    return m;
}

static void expect_http(const char *method, const char *path, const char *body, int status,
                        const char *words)
{
    char *reply;
    int st = http(method, path, body, body ? strlen(body) : 0, &reply);
    if (st != status || !reply || !strstr(reply, words))
        fail("%s %s %.60s: expected %d with \"%s\", got %d %.200s", method, path,
             body ? body : "", status, words, st, reply ? reply : "");
    free(reply);
}

/* The summary's index of a game. */
static int game_index(const char *id)
{
    char path[64], *body;
    snprintf(path, sizeof path, "/api/games/%s", id);
    if (http("GET", path, NULL, 0, &body) != 200)
        fail("GET %s failed", path);
    json_t *o = json_loads(body, 0, NULL);
    int index = (int)json_integer_value(json_object_get(o, "index"));
    json_decref(o);
    free(body);
    return index;
}

/* Frees a session; one still open is first left to the server to close (a refused
 * session), for libwebsockets keeps calling back with it until then. */
static void conn_free(conn *c)
{
    double until = now() + 5;
    while (T.ctx && !c->closed && now() < until)
        lws_service(T.ctx, 0);
    if (!c->closed)
        fail("the server did not close a refused session (%s)", c->path);
    msgs_free(c->inbox);
    msgs_free(c->out);
    free(c->rx);
    free(c);
}

static int run_bad(void)
{
    /* HTTP */
    expect_http("POST", "/api/games", "{\"players\":", 400, "malformed JSON");
    expect_http("POST", "/api/games", "[1]", 400, "JSON object");
    expect_http("POST", "/api/games", "{\"players\":[\"human\"]}", 400, "2 to 5 players, or 6 with inns");
    expect_http("POST", "/api/games",
                "{\"players\":[\"human\",\"human\",\"human\",\"human\",\"human\",\"human\"],"
                "\"expansions\":\"traders\"}", 400, "or 6 with inns");
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"human\"],\"expansions\":\"inns,snow\"}",
                400, "traders");
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"robot\"]}", 400, "unknown player");
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"mcts:0\"]}", 400, "unknown player");
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"human\"],\"colour\":1}", 400, "unknown key");
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"human\"],\"players\":[]}", 400, "malformed JSON");
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"human\"],\"expansions\":\"rivers\"}", 400, "expansions");
    /* The River and The Abbot: a misspelt name is refused naming them; no sixth seat */
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"human\"],\"expansions\":\"river,abbott\"}",
                400, "\\\"river\\\", \\\"abbot\\\"");  /* escaped in the JSON body */
    expect_http("POST", "/api/games",
                "{\"players\":[\"human\",\"human\",\"human\",\"human\",\"human\",\"human\"],"
                "\"expansions\":\"river,abbot\"}", 400, "or 6 with inns");
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"human\"],\"seed\":-1}", 400, "seed");
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"human\"],\"clock\":\"blitz\"}", 400,
                "clock");
    expect_http("POST", "/api/games", "{\"players\":[\"human\",\"human\"],\"clock\":{\"hours\":0}}", 400,
                "clock");
    char *big = malloc(6000);
    memset(big, ' ', 5999);
    big[5999] = '\0';
    big[0] = '{';
    big[5998] = '}';
    expect_http("POST", "/api/games", big, 413, "too large");
    expect_http("GET", "/api/games/000000000000", NULL, 404, "no such game");
    expect_http("GET", "/api/games/nonsense", NULL, 404, "no such game");
    expect_http("GET", "/api/nothing", NULL, 404, "no such resource");
    expect_http("GET", "/../../etc/passwd", NULL, 404, "no such page");
    expect_http("GET", "/.hidden", NULL, 404, "no such page");
    expect_http("POST", "/api/tiles", "{}", 405, "POST /api/games");

    char *body;
    const char *req = "{\"players\":[\"human\",\"human\"],\"expansions\":\"gifts,christmas\",\"seed\":9}";
    if (http("POST", "/api/games", req, strlen(req), &body) != 201)
        fail("cannot create a game");
    json_t *o = json_loads(body, 0, NULL);
    free(body);
    char id[32], ws0[256], ws1[256], watch[64], path[256];
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(o, "id")));
    json_t *seats = json_object_get(o, "seats");
    snprintf(ws0, sizeof ws0, "%s", json_string_value(json_object_get(json_array_get(seats, 0), "ws")));
    snprintf(ws1, sizeof ws1, "%s", json_string_value(json_object_get(json_array_get(seats, 1), "ws")));
    snprintf(watch, sizeof watch, "/ws/%s", id);
    json_decref(o);
    snprintf(path, sizeof path, "/api/games/%s/record", id);
    expect_http("GET", path, NULL, 404, "not over");
    /* the seed tells the stack order: hidden while the game is on */
    snprintf(path, sizeof path, "/api/games/%s", id);
    if (http("GET", path, NULL, 0, &body) != 200 || strstr(body, "\"seed\""))
        fail("GET %s: the summary of a live game shows its seed: %s", path, body ? body : "");
    free(body);

    context_new();
    /* who may not join */
    conn *bad = open_path("/ws/000000000000");
    expect_error(bad, "no such game", "unknown game");
    conn_free(bad);
    snprintf(path, sizeof path, "/ws/%s/00000000000000000000000000000000", id);
    bad = open_path(path);
    expect_error(bad, "wrong token", "wrong token");
    conn_free(bad);
    snprintf(path, sizeof path, "/ws/%s/%s", id, "short");
    bad = open_path(path);
    expect_error(bad, "wrong token", "malformed token");
    conn_free(bad);
    bad = open_path("/elsewhere");
    expect_error(bad, "unknown path", "unknown path");
    conn_free(bad);

    conn *s0 = open_path(ws0), *s1 = open_path(ws1), *sp = open_path(watch);
    char *f0 = expect_state(s0, 0, "seat 0 joins"), *f1 = expect_state(s1, 0, "seat 1 joins");
    free(expect_state(sp, 0, "the spectator joins"));
    json_t *frame = json_loads(f0, 0, NULL);
    json_t *legal = json_object_get(frame, "legal");
    if (!json_array_size(legal))
        fail("seat 0 owes the first decision but got no legal moves");
    if (strstr(f1, "\"legal\":[]") == NULL)
        fail("seat 1 got legal moves for seat 0's decision");
    char move[512], first[64];
    snprintf(first, sizeof first, "%s", json_string_value(json_array_get(legal, 0)));
    json_decref(frame);
    free(f0);
    free(f1);

    /* what changes nothing */
    snprintf(move, sizeof move, "{\"type\":\"move\",\"index\":0,\"move\":\"%s\"}", first);
    conn_send(s1, move);
    expect_error(s1, "not your decision", "a move from the seat that does not owe it");
    free(expect_state(s1, 0, "the state after a refused move"));
    conn_send(sp, move);
    expect_error(sp, "spectators cannot move", "a spectator's move");
    conn_send(s0, "{\"type\":\"move\",");
    expect_error(s0, "malformed JSON", "malformed JSON");
    conn_send(s0, "{\"type\":\"dance\"}");
    expect_error(s0, "unknown message type", "an unknown type");
    /* a rematch (issue 32): only from a seat, only once the game is over */
    conn_send(s0, "{\"type\":\"rematch\"}");
    expect_error(s0, "only once the game is over", "a rematch before the end");
    conn_send(sp, "{\"type\":\"rematch\"}");
    expect_error(sp, "spectators cannot ask for a rematch", "a spectator's rematch");
    conn_send(s0, "{\"type\":\"rematch\",\"seed\":1}");
    expect_error(s0, "unknown key", "a rematch with a key of its own");
    /* clocks and absent seats (issue 32): the vote and taking a seat back */
    conn_send(sp, "{\"type\":\"vote\",\"seat\":0}");
    expect_error(sp, "spectators cannot vote", "a spectator's vote");
    conn_send(sp, "{\"type\":\"back\"}");
    expect_error(sp, "spectators have no seat", "a spectator taking a seat back");
    conn_send(s1, "{\"type\":\"vote\",\"seat\":0}");
    expect_error(s1, "not absent at its turn", "a vote on a seat whose player is here");
    conn_send(s0, "{\"type\":\"vote\",\"seat\":1}");
    expect_error(s0, "not absent at its turn", "a vote on a seat not to move");
    conn_send(s0, "{\"type\":\"vote\",\"seat\":2}");
    expect_error(s0, "another seat of this game", "a vote on a seat the game has not");
    conn_send(s0, "{\"type\":\"vote\",\"seat\":\"1\"}");
    expect_error(s0, "\\\"seat\\\" must be", "a vote naming no seat");
    conn_send(s0, "{\"type\":\"back\"}");
    expect_error(s0, "yours already", "taking back a seat no computer plays");
    conn_send(s0, "{\"type\":\"move\",\"index\":0}");
    expect_error(s0, "\\\"move\\\" must be", "a move without its text");
    conn_send(s0, "{\"type\":\"move\",\"index\":0,\"move\":\"Z (40,40) r9\"}");
    expect_error(s0, "bad move", "a move that does not parse");
    free(expect_state(s0, 0, "the state after a bad move"));
    conn_send(s0, "{\"type\":\"move\",\"index\":0,\"move\":\"pass\"}");
    expect_error(s0, "move", "an illegal move");
    free(expect_state(s0, 0, "the state after an illegal move"));
    snprintf(move, sizeof move, "{\"type\":\"move\",\"index\":7,\"move\":\"%s\"}", first);
    conn_send(s0, move);
    expect_error(s0, "stale move", "a move naming a future index");
    free(expect_state(s0, 0, "the state after a stale move"));
    big[0] = '"';
    big[5998] = '"';
    conn_send(s0, big);
    expect_error(s0, "too large", "an oversized message");
    free(big);
    if (game_index(id) != 0)
        fail("a refused message changed the game");

    /* exactly once: the same move sent twice is applied once */
    snprintf(move, sizeof move, "{\"type\":\"move\",\"index\":0,\"move\":\"%s\"}", first);
    conn_send(s0, move);
    free(expect_state(s0, 1, "the state after seat 0's move"));
    conn_send(s0, move);
    expect_error(s0, "stale move", "the same move again");
    free(expect_state(s0, 1, "the state after a resent move"));
    if (game_index(id) != 1)
        fail("a resent move was applied twice");
    conn_send(s0, "{\"type\":\"state\"}");
    free(expect_state(s0, 1, "asking for the state"));

    /* a reconnecting seat gets the current state at once */
    conn *again = open_path(ws0);
    free(expect_state(again, 1, "seat 0 reconnects"));

    /* delta frames: an unknown query is refused; a delta session gets the full state
     * first, then deltas from the state before; after a refused move, the full state */
    char qpath[300];
    snprintf(qpath, sizeof qpath, "%s?frames=sometimes", ws0);
    bad = open_path(qpath);
    expect_error(bad, "unknown query", "an unknown query");
    conn_free(bad);
    snprintf(qpath, sizeof qpath, "%s?frames=delta", ws0);
    conn *d0 = open_path(qpath);
    char *fd = expect_state(d0, 1, "a delta session opens");
    frame = json_loads(fd, 0, NULL);
    free(fd);
    int owner = (int)json_integer_value(json_object_get(json_object_get(json_object_get(frame,
                "view"), "pending"), "seat"));
    if (owner != 0 && owner != 1)
        fail("no seat owes the decision at index 1");
    if (owner == 1) {
        json_decref(frame);
        fd = expect_state(s1, 1, "seat 1 at index 1");  /* its frame of seat 0's move */
        frame = json_loads(fd, 0, NULL);
        free(fd);
    }
    snprintf(move, sizeof move, "{\"type\":\"move\",\"index\":1,\"move\":\"%s\"}",
             json_string_value(json_array_get(json_object_get(frame, "legal"), 0)));
    json_decref(frame);
    conn_send(owner == 0 ? d0 : s1, move);
    char *m = next_msg(d0);
    if (!m || !strstr(m, "{\"type\":\"delta\"") || !strstr(m, "\"index\":2,\"base\":1,"))
        fail("a delta session: expected a delta frame from index 1 to 2, got %.200s",
             m ? m : "nothing");
    free(m);
    conn_send(d0, "{\"type\":\"move\",\"index\":0,\"move\":\"pass\"}");
    expect_error(d0, "stale move", "a stale move on a delta session");
    free(expect_state(d0, 2, "the full state after a refused move on a delta session"));
    conn_send(d0, "{\"type\":\"state\"}");
    free(expect_state(d0, 2, "a delta session asking for the state"));

    /* one address may hold only so many sessions */
    int n = T.max_per_ip + 5, refused = 0;
    conn **many = calloc((size_t)n, sizeof *many);
    for (int i = 0; i < n; i++)
        many[i] = open_path(watch);
    for (int i = 0; i < n; i++)
        refused += !many[i]->open;
    if (refused < 5 + 5)  /* s0, s1, sp, again, d0 hold 5 of the cap */
        fail("%d connections from one address: only %d refused with a cap of %d", n + 4,
             refused, T.max_per_ip);
    lws_context_destroy(T.ctx);
    T.ctx = NULL;
    for (int i = 0; i < n; i++)
        many[i]->closed = 1;
    s0->closed = s1->closed = sp->closed = again->closed = d0->closed = 1;
    for (int i = 0; i < n; i++)
        conn_free(many[i]);
    free(many);
    conn_free(s0);
    conn_free(s1);
    conn_free(sp);
    conn_free(again);
    conn_free(d0);
    if (game_index(id) != 2)
        fail("the game changed");
    printf("ws_client: every bad input refused, the game unchanged\n");
    return 0;
}

/* Opens a session on every path of T.paths at once; each must get its state within
 * T.rejoin_max seconds. */
static int run_rejoin(void)
{
    char path[256];
    FILE *in = T.paths ? fopen(T.paths, "r") : NULL;
    if (!in)
        fail("rejoin: --paths is needed");
    int n = 0;
    conn *cs = NULL;
    context_new();
    while (fscanf(in, "%255s", path) == 1) {
        cs = realloc(cs, (size_t)(n + 1) * sizeof *cs);
        conn *c = &cs[n++];
        memset(c, 0, sizeof *c);
        snprintf(c->path, sizeof c->path, "%s", path);
    }
    fclose(in);
    if (!n)
        fail("rejoin: no path in %s", T.paths);
    for (int i = 0; i < n; i++) {
        cs[i].lost_at = now();
        conn_connect(&cs[i]);
    }
    double until = now() + 3 * T.rejoin_max + 5;
    for (;;) {
        int done = 0;
        for (int i = 0; i < n; i++) {
            done += cs[i].done;
            if (cs[i].closed && !cs[i].done)
                fail("rejoin %s: closed before its state came", cs[i].path);
        }
        if (done == n)
            break;
        if (now() > until)
            fail("rejoin: %d of %d sessions got no state in %.0f s", n - done, n,
                 3 * T.rejoin_max + 5);
        lws_service(T.ctx, 0);
    }
    lws_context_destroy(T.ctx);
    for (int i = 0; i < n; i++)
        free(cs[i].rx);
    free(cs);
    printf("ws_client: %d sessions back in their game, the longest after %.2f s\n", n,
           T.rejoin_worst);
    return 0;
}

/* Fetches the record of every game listed in T.ids into T.records. */
static int run_records(void)
{
    char id[64], path[128], *body;
    FILE *in = T.ids ? fopen(T.ids, "r") : NULL, *out = T.records ? fopen(T.records, "w") : NULL;
    int n = 0;
    if (!in || !out)
        fail("records: --ids and --records are needed");
    while (fscanf(in, "%63s", id) == 1) {
        snprintf(path, sizeof path, "/api/games/%s/record", id);
        int st = http("GET", path, NULL, 0, &body);
        if (st != 200)
            fail("GET %s: status %d", path, st);
        fprintf(out, "%s\n", body);
        free(body);
        n++;
    }
    fclose(in);
    fclose(out);
    printf("ws_client: %d records fetched\n", n);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: ws_client play|bench|bad PORT [options] (see the source)\n");
        return 2;
    }
    /* get PORT PATH; post PORT PATH BODY; post-keepalive PORT PATH BODY (a POST on a
     * connection kept open, as browsers send it) */
    if ((!strcmp(argv[1], "get") && argc == 4) || (!strcmp(argv[1], "post") && argc == 5) ||
        (!strcmp(argv[1], "post-keepalive") && argc == 5)) {
        char *body = NULL;
        const char *req = argc == 5 ? argv[4] : NULL;
        T.port = atoi(argv[2]);
        if (!strcmp(argv[1], "post-keepalive"))
            http_connection = "";
        int st = http(req ? "POST" : "GET", argv[3], req, req ? strlen(req) : 0, &body);
        printf("%d %s\n%s\n", st, http_type, body ? body : "");
        free(body);
        return st ? 0 : 1;
    }
    T.mode = !strcmp(argv[1], "play") ? MODE_PLAY : !strcmp(argv[1], "bench") ? MODE_BENCH
           : !strcmp(argv[1], "bad") ? MODE_BAD : !strcmp(argv[1], "records") ? MODE_RECORDS
           : !strcmp(argv[1], "rejoin") ? MODE_REJOIN : 0;
    T.port = atoi(argv[2]);
    T.ngames = 4;
    T.players = 2;
    T.expansions = "gifts,christmas";
    T.seed = 1;
    T.timeout = 300;
    T.max_per_ip = 64;
    int frames_given = 0;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--reconnect")) {
            T.reconnect = 1;
            continue;
        }
        if (!strcmp(a, "--ladder")) {
            T.ladder = 1;
            continue;
        }
        if (!strcmp(a, "--store-failure")) {
            T.store_failure = 1;
            continue;
        }
        if (!v) {
            fprintf(stderr, "ws_client: %s needs a value\n", a);
            return 2;
        }
        i++;
        if (!strcmp(a, "--games")) T.ngames = atoi(v);
        else if (!strcmp(a, "--players")) T.players = atoi(v);
        else if (!strcmp(a, "--expansions")) T.expansions = v;
        else if (!strcmp(a, "--sign")) T.sign = v;
        else if (!strcmp(a, "--seed")) T.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--records")) T.records = v;
        else if (!strcmp(a, "--ids")) T.ids = v;
        else if (!strcmp(a, "--paths")) T.paths = v;
        else if (!strcmp(a, "--bot-p99-max")) T.bot_p99_max = atof(v);
        else if (!strcmp(a, "--bot-p50-max")) T.bot_p50_max = atof(v);
        else if (!strcmp(a, "--rejoin-max") || !strcmp(a, "--within")) T.rejoin_max = atof(v);
        else if (!strcmp(a, "--seats")) {
            T.seats = v;
            T.players = 1;
            for (const char *p = v; *p; p++)
                T.players += *p == ',';
        }
        else if (!strcmp(a, "--delay-ms")) T.delay = atof(v) / 1000.0;
        else if (!strcmp(a, "--timeout")) T.timeout = atof(v);
        else if (!strcmp(a, "--frames")) {
            if (strcmp(v, "delta") && strcmp(v, "full")) {
                fprintf(stderr, "ws_client: --frames delta or full\n");
                return 2;
            }
            T.frames_delta = !strcmp(v, "delta");
            frames_given = 1;
        }
        else if (!strcmp(a, "--max-per-ip")) T.max_per_ip = atoi(v);
        else if (!strcmp(a, "--server-pid")) T.server_pid = atoi(v);
        else {
            fprintf(stderr, "ws_client: unknown option %s\n", a);
            return 2;
        }
    }
    if (!T.mode || T.port <= 0 || T.ngames < 1 || T.players < 2 || T.players > MAX_SEATS) {
        fprintf(stderr, "ws_client: bad arguments\n");
        return 2;
    }
    T.rng = T.seed * 0x9E3779B97F4A7C15ull + 1;
    if (T.mode == MODE_BENCH && !frames_given)
        T.frames_delta = 1;  /* the benchmark takes delta frames unless told */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    if (T.mode == MODE_RECORDS)
        return run_records();
    if (T.mode == MODE_REJOIN) {
        if (T.rejoin_max <= 0)
            T.rejoin_max = 2;
        return run_rejoin();
    }
    return T.mode == MODE_BAD ? run_bad() : run_games();
}
