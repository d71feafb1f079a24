/*
 * server.h - `carc serve`: the authoritative game server (docs/SERVER.md).
 *
 * One thread (the libwebsockets service thread) owns every live game; computer
 * seats think on worker threads and post their moves back. Games are move logs in
 * a store (SQLite now) behind srv_store.h; a move is committed before anyone hears
 * of it, and a restart rebuilds every unfinished game from its log.
 */
#ifndef CARC_SERVER_H
#define CARC_SERVER_H

#include <signal.h>

typedef struct srv_options {
    const char *host;        /* address to listen on (default 127.0.0.1) */
    int port;                /* 0: any free port (printed at start) */
    const char *db;          /* SQLite file, created on first run */
    const char *web;         /* directory of the static pages */
    int workers;             /* computer-player threads */
    int max_think_ms;        /* the largest time budget a computer seat may have */
    int frame_workers;       /* threads writing state frames (-1: cores - 1; 0: none) */
    int max_per_ip;          /* WebSocket connections one address may hold */
    int games_per_minute;    /* games one address may create per minute (a burst of as many) */
    int bot_games_per_ip;    /* unfinished games of computers only one address may have
                              * live at once (created here) */
    int max_conns_per_ip;    /* open connections one peer address may hold (trusted
                              * proxies are not counted) */
    int unjoined_per_ip;     /* games nobody joined one address may have created within
                              * --idle-evict seconds (900 if that is 0) */
    int idle_evict;          /* seconds after which an untouched game leaves memory (0: never) */
    int expire_days;         /* days after which an untouched unfinished game expires (0: never) */
    int replays_per_minute;  /* POST /api/replay per address per minute (a burst of as many) */
    int request_timeout;     /* seconds for each stage of an HTTP request (headers, body,
                              * answer) and for a WebSocket handshake */
    const char *trusted_proxies;  /* comma-separated addresses whose X-Forwarded-For is
                                   * believed (NULL: none) */
    int absent_after;        /* seconds a seat of people must be away at its turn before
                              * the others may vote to hand it to a computer */
    int undo_seconds;        /* how long the other seats have to answer an undo request */
    int quiet;               /* no log lines on stderr except errors */
    volatile sig_atomic_t *stop;  /* set by a signal handler: stop serving */
} srv_options;

/* Fills the defaults above (port 8080, carc-games.sqlite, the compiled-in web dir). */
void srv_options_init(srv_options *o);

/* Serves until *o->stop is set. Prints "carc serve: http://HOST:PORT/" on stdout once
 * listening. Returns 0 on a clean stop, 1 if the store or the socket cannot be
 * opened (a message on stderr). */
int srv_run(const srv_options *o);

#endif
