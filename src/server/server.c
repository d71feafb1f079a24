/*
 * server.c - `carc serve`'s plumbing: the libwebsockets context and its one
 * protocol's callback, the threads started and stopped around it, the service loop
 * until the stop flag is set (srv_run), the clock and the log line. The live games
 * are hosted by srv_host.c, which the loop and the callback call.
 *
 * The service thread owns everything (the Redis model): the store, the live games,
 * every connection. One protocol handles HTTP and WebSocket alike; it is the first
 * and only protocol of the vhost, so libwebsockets 4.1 picks it for a WebSocket
 * opened without a subprotocol name (a browser's plain `new WebSocket(url)`).
 * Workers of srv_bots.c wake the loop with lws_cancel_service; their moves arrive
 * here as LWS_CALLBACK_EVENT_WAIT_CANCELLED (then srv_host_take_bot_moves). A
 * signal handler of the caller (cmd_serve.c) sets the stop flag; the loop sees it
 * after the pass it is in.
 */
#define _POSIX_C_SOURCE 200809L
#include <ev.h>
#include <libwebsockets.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "srv_int.h"

#ifndef CARC_WEB_DIR
#define CARC_WEB_DIR "web"
#endif

void srv_options_init(srv_options *o)
{
    memset(o, 0, sizeof *o);
    o->host = "127.0.0.1";
    o->port = 8080;
    o->db = "carc-games.sqlite";
    o->web = CARC_WEB_DIR;
    o->workers = 2;
    o->max_think_ms = 10000;
    o->max_per_ip = 64;
    o->games_per_minute = 60;
    o->bot_games_per_ip = 8;
    o->unjoined_per_ip = 50;
    o->max_conns_per_ip = 256;
    o->idle_evict = 900;
    o->expire_days = 30;
    o->request_timeout = 30;
    o->replays_per_minute = 30;
    o->frame_workers = -1;
    o->absent_after = 60;
    o->undo_seconds = 60;
}

double srv_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The log is bounded (issue 22, H1: an accept loop once wrote 532k lines in 35 s):
 * at most LOG_BURST lines in any LOG_WINDOW seconds, from the server and from
 * libwebsockets alike; the lines beyond are counted and the count is told with the
 * next line let through. Service thread only (libwebsockets logs there too). */
enum { LOG_BURST = 20, LOG_WINDOW = 10 };
static struct {
    double start;
    int lines;
    long dropped;
} log_bound;

/* 1 if one more line may be written now. */
static int log_admit(void)
{
    double now = srv_now();
    if (now - log_bound.start >= LOG_WINDOW) {
        log_bound.start = now;
        log_bound.lines = 0;
    }
    if (log_bound.lines >= LOG_BURST) {
        log_bound.dropped++;
        return 0;
    }
    log_bound.lines++;
    if (log_bound.dropped) {
        fprintf(stderr, "carc serve: (%ld log line%s left out: more than %d in %d s)\n",
                log_bound.dropped, log_bound.dropped == 1 ? "" : "s", LOG_BURST, LOG_WINDOW);
        log_bound.dropped = 0;
    }
    return 1;
}

void srv_log(const srv_server *s, const char *fmt, ...)
{
    va_list ap;
    if (s->opt->quiet || !log_admit())
        return;
    va_start(ap, fmt);
    fputs("carc serve: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* libwebsockets' own error lines, through the same bound. */
static void server_lws_log(int level, const char *line)
{
    (void)level;
    if (log_admit())
        fprintf(stderr, "carc serve: libwebsockets: %s", line);
}

/* A timer that wakes the loop five times a second, so that idle games are swept and
 * another process's request for a game (srv_host_asked) is heard within 0.2 s even
 * when no socket has anything to say (a reconnecting seat waits for that). */
static void server_tick(lws_sorted_usec_list_t *sul)
{
    srv_server *s = lws_container_of(sul, srv_server, tick);
    lws_sul_schedule(s->ctx, 0, &s->tick, server_tick, LWS_US_PER_SEC / 5);
}

static double o_timeout(const srv_server *s)
{
    return s->opt->request_timeout > 0 ? s->opt->request_timeout : 30;
}

static int server_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user,
                           void *in, size_t len)
{
    srv_server *s = lws_context_user(lws_get_context(wsi));
    srv_conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        srv_host_take_bot_moves(s);
        srv_http_take_replays(s);
        srv_ws_take_histories(s);
        return 0;
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return c && !c->is_ws ? srv_http_writable(s, c, wsi) : 0;
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION: {
        /* Descriptors in reserve (issue 22, H1): the kernel gives a new socket the
         * lowest free number, so a number within the reserve's reach of the limit means
         * the process is near running out: the connection is closed at once (accept
         * never fails with EMFILE, which lws retried at once, forever), and that is
         * logged once until connections come in below the reserve again. */
        int fd = (int)(intptr_t)in;
        if (fd >= s->fd_limit - s->fd_reserve) {
            if (!s->fd_full)
                srv_log(s, "descriptors are running out (%d of %d in use): new connections "
                        "are closed until some close (raise the limit with ulimit -n)", fd,
                        s->fd_limit);
            s->fd_full = 1;
            return -1;
        }
        if (s->fd_full && fd < s->fd_limit - 2 * s->fd_reserve) {
            s->fd_full = 0;
            srv_log(s, "descriptors: accepting connections again");
        }
        /* one address may hold --max-conns-per-ip connections (issue 33, M5); a
         * trusted proxy's are its clients', which it limits itself (deploy/nginx) and
         * whose WebSockets are counted by X-Forwarded-For (--max-per-ip) */
        char addr[64];
        uint32_t peer = srv_conns_peer(fd, addr, sizeof addr);
        if (peer && !srv_http_trusted(s, addr) &&
            srv_conns_admit(&s->conns, fd, peer, s->opt->max_conns_per_ip) < 0) {
            srv_log(s, "refused a connection from %s: %d open already", addr,
                    s->opt->max_conns_per_ip);
            return -1;
        }
        return 0;
    }
    case LWS_CALLBACK_HTTP:
        srv_http_closed(s, c);  /* a connection kept alive: the last request's leftovers */
        memset(c, 0, sizeof *c);
        c->deadline = srv_now() + o_timeout(s);
        if (in && strlen(in) >= sizeof c->uri)
            return srv_http_too_long(wsi);
        if (srv_http_nul_check(wsi, in) < 0)
            return -1;
        if (srv_http_headers_check(wsi) < 0)
            return -1;
        snprintf(c->uri, sizeof c->uri, "%s", in ? (const char *)in : "/");
        return srv_http_request(s, c, wsi);
    case LWS_CALLBACK_HTTP_BODY:
        return srv_http_body(s, c, in, len);
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        return srv_http_body_done(s, c, wsi);
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_CLOSED_HTTP:
        if (c && !c->is_ws)
            srv_http_closed(s, c);
        break;
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
        /* answered 431 or 400 and closed (-1: lws hangs up after what was written) */
        return srv_http_headers_check(wsi) < 0 ? -1 : srv_http_host_check(wsi);
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return srv_ws_admit(s, wsi);
    case LWS_CALLBACK_ESTABLISHED:
        return srv_ws_open(s, c, wsi);
    case LWS_CALLBACK_RECEIVE:
        return srv_ws_receive(s, c, wsi, in, len);
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return srv_ws_writable(s, c, wsi);
    case LWS_CALLBACK_CLOSED:
        srv_ws_closed(s, c);
        return 0;
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        return srv_ws_peer_close(in, len);
    default:
        break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

static void server_wake(void *arg)
{
    lws_cancel_service(arg);
}

/* How many threads write frames: o->frame_workers, or by default one per core but
 * the service thread's (at least one, at most 4). */
static int server_frame_workers(const srv_options *o)
{
    if (o->frame_workers >= 0)
        return o->frame_workers;
    long n = sysconf(_SC_NPROCESSORS_ONLN) - 1;
    return n < 1 ? 1 : n > 4 ? 4 : (int)n;
}

int srv_run(const srv_options *o)
{
    static const struct lws_protocols protocols[] = {
        {"carc", server_callback, sizeof(srv_conn), SRV_MSG_MAX, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0}  /* 4.1 has no LWS_PROTOCOL_LIST_TERM */
    };
    char err[SRV_ERR];
    int rc = 1;
    srv_server *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "carc serve: out of memory\n");
        return 1;
    }
    s->opt = o;
    snprintf(s->web, sizeof s->web, "%s", o->web);
    s->store = srv_store_open(o->db, err, sizeof err);
    if (!s->store) {
        fprintf(stderr, "carc serve: %s\n", err);
        free(s);
        return 1;
    }
    lws_set_log_level(LLL_ERR, server_lws_log);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = o->port;
    info.iface = o->host;
    info.protocols = protocols;
    info.user = s;
    info.options = LWS_SERVER_OPTION_DISABLE_IPV6;
    /* every stage lws times out itself (a handshake, headers, a keep-alive idle) */
    info.timeout_secs = (unsigned)o_timeout(s);
    info.timeout_secs_ah_idle = (unsigned)o_timeout(s);  /* headers trickled in */
    /* headers over SRV_HEADER_MAX are answered 431 (srv_http_headers_check); the
     * buffer's room beyond that is what lets them be read to be answered at all */
    info.max_http_header_data = SRV_HEADER_BUFFER;
    /* the descriptors kept for the database's files and the pages being served: an
     * eighth of the limit, at least 32 (FILTER_NETWORK_CONNECTION above) */
    struct rlimit rl;
    s->fd_limit = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
                  rl.rlim_cur < (rlim_t)1 << 30 ? (int)rl.rlim_cur : 1 << 30;
    s->fd_reserve = s->fd_limit / 8 < 32 ? 32 : s->fd_limit / 8;
    /* The event loop (issue 33, M3): libev on epoll, lws's own loop being poll(),
     * which at one move per game per second spent 60% of the process's CPU scanning
     * every descriptor. libev's loop is the caller's (a foreign loop), so that one
     * ev_run(EVRUN_ONCE) is one pass of the loop, one group commit, as before. Without
     * libwebsockets' libev plugin (libwebsockets-evlib-ev), poll() as before. */
    /* CARC_SERVE_POLL=1 (a benchmark's hook, read at start): lws's poll() loop, to
     * measure the two side by side */
    const char *use_poll = getenv("CARC_SERVE_POLL");
    struct ev_loop *loop = use_poll && *use_poll == '1'
        ? NULL : ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOENV | EVFLAG_NOSIGMASK);
    void *foreign[1] = {loop};
    if (loop) {
        info.options |= LWS_SERVER_OPTION_LIBEV;
        info.foreign_loops = foreign;
        s->ctx = lws_create_context(&info);
        if (!s->ctx) {
            info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBEV;
            info.foreign_loops = NULL;
            ev_loop_destroy(loop);
            loop = NULL;
        }
    }
    if (!s->ctx)
        s->ctx = lws_create_context(&info);
    if (!s->ctx) {
        fprintf(stderr, "carc serve: cannot listen on %s:%d\n", o->host, o->port);
        goto out;
    }
    s->bots = srv_bots_new(o->workers > 0 ? o->workers : 1, o->max_think_ms, server_wake,
                           s->ctx);
    if (!s->bots) {
        fprintf(stderr, "carc serve: cannot start the computer players' threads\n");
        goto out;
    }
    s->replays = srv_replays_new(server_wake, s->ctx);
    s->histories = srv_replays_new(server_wake, s->ctx);
    if (!s->replays || !s->histories) {
        fprintf(stderr, "carc serve: cannot start the replay thread\n");
        goto out;
    }
    s->pool = srv_frame_pool_new(server_frame_workers(o));
    if (!s->pool) {
        fprintf(stderr, "carc serve: cannot start the frame writers' threads\n");
        goto out;
    }
    int total;
    int live = srv_host_rebuild(s, &total);
    if (live < 0)
        goto out;
    srv_ladder_catch_up(s);  /* games over that the last run did not live to rate */
    struct lws_vhost *vh = lws_get_vhost_by_name(s->ctx, "default");
    int port = vh ? lws_get_vhost_listen_port(vh) : o->port;
    printf("carc serve: http://%s:%d/\n", o->host, port);
    fflush(stdout);
    srv_log(s, "%d unfinished game%s in %s, %d live (a computer's turn; the others load when "
            "asked for); web pages from %s; event loop %s", total, total == 1 ? "" : "s", o->db,
            live, s->web, loop ? "libev (epoll)" : "poll");
    rc = 0;
    /* one pass of the loop is one group commit: the moves that arrive in it are
     * committed together at its end, before any of their frames is sent */
    s->next_sweep = srv_now() + 1;
    lws_sul_schedule(s->ctx, 0, &s->tick, server_tick, LWS_US_PER_SEC);
    while (!*o->stop && !s->failed) {
        srv_host_pass_begin(s);
        int n = 0;
        if (loop)
            ev_run(loop, EVRUN_ONCE);
        else
            n = lws_service(s->ctx, 0);
        srv_host_pass_end(s);
        srv_host_sweep_idle(s);
        srv_absent_tick(s);
        srv_undo_tick(s);
        srv_host_asked(s);
        if (s->nwait)
            srv_ws_retry(s);
        if (n < 0)
            break;
    }
    if (s->failed)
        rc = 1;
    srv_log(s, "stopping");
    /* everything accepted is committed (the pass ended): the games are let go before
     * their sessions close (lws_context_destroy, below), so that a session reconnecting
     * elsewhere finds its game free at once (issue 33, H1: a rolling restart) */
    srv_host_release_all(s);
out:
    srv_bots_free(s->bots);  /* first: workers wake the context */
    srv_replays_free(s->replays);
    srv_replays_free(s->histories);
    srv_frame_pool_free(s->pool);  /* drains: no job holds a frame or a snapshot after */
    if (s->ctx)
        lws_context_destroy(s->ctx);
    if (loop)
        ev_loop_destroy(loop);
    srv_registry_clear(&s->reg);
    s->store->close(s->store);
    free(s->moved);
    srv_rate_free(&s->rate);
    srv_unjoined_free(&s->unjoined);
    srv_conns_free(&s->conns);
    srv_rate_free(&s->replay_rate);
    srv_rate_free(&s->name_rate);
    free(s->rips);
    free(s->waiting);
    free(s->ips);
    free(s);
    return rc;
}
