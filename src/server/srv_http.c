/*
 * srv_http.c - the HTTP side: the JSON API and the static pages (docs/SERVER.md).
 *
 *   POST /api/games            create a game -> 201 {"id", "seats", "watch"}
 *   GET  /api/games/ID         public summary
 *   GET  /api/games/ID/record  the record once the game is over (404 before)
 *   GET  /api/tiles            the tile catalogue (?expansions=LIST: a set's kinds, counted)
 *   GET  /api/cards            every gift and Christmas card: name, deck, timing, text
 *   GET  /api/sentences        the sentences every event is told with (event_text.c)
 *   POST /api/replay           a record -> its steps as a spectator saw them (srv_replay.c)
 *   POST /api/players, GET /api/players/NAME, /api/ladder, /api/games/ID/ladder
 *                              the ladder (srv_ladder.c)
 *   GET  /                     web/index.html
 *   GET  /play/ID/TOKEN, /watch/ID   web/game.html
 *   GET  /replay/ID            web/replay.html
 *   GET  /PATH                 web/PATH (letters, digits, - _ . / only; no "..")
 *
 * Every answer is complete in one write (libwebsockets keeps what the socket cannot take
 * yet and sends it as it can); bodies are capped at SRV_MSG_MAX, a record for
 * /api/replay at SRV_RECORD_MAX. An address
 * that creates more than --games-per-minute games gets 429 (srv_rate.c).
 */
#define _XOPEN_SOURCE 700
#include <arpa/inet.h>
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>

#include "srv_int.h"

/* The headers every answer carries (issue 22, Low): no sniffing of types, no framing,
 * no referrer (a seat's address holds its token); a page also gets its content
 * security policy: its own scripts, styles (and the style attributes the pages
 * write), images and connections only. 0, or -1 if they do not fit. */
static int http_guard_headers(struct lws *wsi, unsigned char **p, unsigned char *end, int page)
{
    static const struct {
        const char *name, *value;
    } all[] = {
        {"x-content-type-options:", "nosniff"},
        {"referrer-policy:", "no-referrer"},
        {"x-frame-options:", "DENY"},
    };
    static const char csp_page[] =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'";
    static const char csp_data[] = "default-src 'none'; frame-ancestors 'none'";
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (lws_add_http_header_by_name(wsi, (const unsigned char *)all[i].name,
                                        (const unsigned char *)all[i].value,
                                        (int)strlen(all[i].value), p, end))
            return -1;
    const char *csp = page ? csp_page : csp_data;
    return lws_add_http_header_by_name(wsi, (const unsigned char *)"content-security-policy:",
                                       (const unsigned char *)csp, (int)strlen(csp), p, end);
}

/* Writes a whole response; returns what the callback must return. */
static int http_reply(struct lws *wsi, unsigned status, const char *type, const char *body,
                      size_t len)
{
    size_t room = LWS_PRE + 1024 + len;
    unsigned char *buf = malloc(room);
    if (!buf)
        return -1;
    unsigned char *start = buf + LWS_PRE, *p = start, *end = buf + room;
    if (lws_add_http_common_headers(wsi, status, type, (lws_filepos_t)len, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)"no-store", 8, &p, end) ||
        http_guard_headers(wsi, &p, end, 0) ||
        lws_finalize_write_http_header(wsi, start, &p, end)) {
        free(buf);
        return -1;
    }
    if (len) {
        memcpy(start, body, len);
        if (lws_write(wsi, start, len, LWS_WRITE_HTTP_FINAL) != (int)len) {
            free(buf);
            return -1;
        }
    }
    free(buf);
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

static int http_json(struct lws *wsi, unsigned status, const char *json)
{
    return http_reply(wsi, status, "application/json", json, strlen(json));
}

/* {"error": message} with a status. */
static int http_error(struct lws *wsi, unsigned status, const char *message);

/* GET /api/tiles: the whole catalogue; ?expansions=LIST the kinds a game of that set
 * plays with, counted in it (the names of docs/RECORD.md; a comma may come as %2C). */
static int http_tiles(struct lws *wsi)
{
    char args[96], msg[CARC_MSG + 16];
    unsigned exp = 0;
    int set = 0;
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_URI_ARGS) >= (int)sizeof args)
        return http_error(wsi, 400, "unknown query: use ?expansions=LIST");
    if (lws_hdr_copy(wsi, args, sizeof args, WSI_TOKEN_HTTP_URI_ARGS) > 0) {
        carc_error ce = {0, ""};
        char *list = args + 11;
        if (strncmp(args, "expansions=", 11) != 0 || strchr(list, '&'))
            return http_error(wsi, 400, "unknown query: use ?expansions=LIST");
        if (carc_expansions_parse(list, &exp, &ce) < 0) {
            snprintf(msg, sizeof msg, "expansions: %s", ce.msg);
            return http_error(wsi, 400, msg);
        }
        set = 1;
    }
    char *t = set ? carc_tiles_json_set(exp) : carc_tiles_json();
    int rc = t ? http_json(wsi, 200, t) : http_error(wsi, 500, "out of memory");
    free(t);
    return rc;
}

static int http_error(struct lws *wsi, unsigned status, const char *message)
{
    strbuf b;
    sb_init(&b, 0);
    sb_puts(&b, "{\"error\":");
    sb_json_string(&b, message);
    sb_putc(&b, '}');
    const char *body = sb_str(&b);
    int rc = body ? http_json(wsi, status, body) : -1;
    sb_free(&b);
    return rc;
}

static const char *http_mime(const char *path)
{
    static const struct {
        const char *ext, *type;
    } types[] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"}, {".png", "image/png"},
        {".json", "application/json"}, {".ico", "image/x-icon"},
        {".txt", "text/plain; charset=utf-8"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i].ext) == 0)
            return types[i].type;
    return "application/octet-stream";
}

/* Serves web/<rel>; 404 if it is not a regular file inside web/ once every symbolic
 * link is followed (a link out of web/ is not served: issue 22, Low). */
static int http_file(srv_server *s, struct lws *wsi, const char *rel)
{
    char path[8192], real[PATH_MAX], root[PATH_MAX];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", s->web, rel);
    if (stat(path, &st) < 0 || !S_ISREG(st.st_mode) || !realpath(path, real) ||
        !realpath(s->web, root))
        return http_error(wsi, 404, "no such page");
    size_t n_root = strlen(root);
    if (strncmp(real, root, n_root) != 0 || (real[n_root] != '/' && strcmp(root, "/") != 0))
        return http_error(wsi, 404, "no such page");
    unsigned char extra[1024], *p = extra;
    if (http_guard_headers(wsi, &p, extra + sizeof extra, 1) < 0)
        return -1;
    int n = lws_serve_http_file(wsi, real, http_mime(real), (const char *)extra,
                                (int)(p - extra));
    if (n < 0 || (n > 0 && lws_http_transaction_completed(wsi)))
        return -1;
    return 0;
}

/* 1 if a static path is safe to map under web/: no "..", no hidden files, a
 * conservative alphabet. */
static int http_safe_path(const char *p)
{
    if (!*p || strstr(p, "..") || strstr(p, "//") || strstr(p, "/.") || p[0] == '.')
        return 0;
    return strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./") ==
           strlen(p);
}

/* Copies path segment i (0-based, after the leading '/') of uri into out; 0 or -1. */
static int http_segment(const char *uri, int i, char *out, size_t size)
{
    const char *p = uri;
    for (int k = 0; k <= i; k++) {
        if (*p != '/')
            return -1;
        p++;
        size_t len = strcspn(p, "/");
        if (k == i) {
            if (len == 0 || len >= size)
                return -1;
            memcpy(out, p, len);
            out[len] = '\0';
            return 0;
        }
        p += len;
    }
    return -1;
}

static int http_segments(const char *uri)
{
    int n = 0;
    for (const char *p = uri; *p; p++)
        n += *p == '/' && p[1] != '\0';
    return n;
}

/* GET /api/games/ID[/record]. */
static int http_game(srv_server *s, struct lws *wsi, const char *uri)
{
    char id[64], what[16];
    int n = http_segments(uri);
    if (http_segment(uri, 2, id, sizeof id) < 0 || n > 4 ||
        (n == 4 && (http_segment(uri, 3, what, sizeof what) < 0 || strcmp(what, "record"))))
        return http_error(wsi, 404, "no such resource");
    int why;
    srv_game *gm = srv_host_find(s, id, &why);
    if (!gm) {
        unsigned status;
        const char *message = srv_host_why(why, &status);
        return http_error(wsi, status, message);
    }
    char *body = n == 4 ? srv_game_record(gm) : srv_game_summary(gm);
    if (!body)
        return n == 4 ? http_error(wsi, 404, "the game is not over: no record yet")
                      : http_error(wsi, 500, "out of memory");
    int rc = http_json(wsi, 200, body);
    free(body);
    srv_host_evict_if_idle(s, gm);  /* a finished game loaded only to answer this */
    return rc;
}

/* What is wrong with how a request says where its body ends (issue 22, Low: lws 4.1
 * reads "Content-Length: abc" as 0, keeps the first of two, and lets Content-Length
 * win over chunked: each a way to smuggle a request past a proxy; issue 33, Low: a
 * length past 64 bits was read as some other number and the request waited for a body
 * that never came), or NULL; *status: the answer's (400, or 413 for a body larger than
 * any this server takes). */
static const char *http_framing(struct lws *wsi, unsigned *status)
{
    *status = 400;
    char cl[32];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING) > 0)
        return "Transfer-Encoding is not accepted: send the body with a Content-Length";
    int n = lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH);
    if (n <= 0)
        return NULL;
    if (lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH, 1) > 0 ||
        lws_hdr_copy_fragment(wsi, cl, sizeof cl, WSI_TOKEN_HTTP_CONTENT_LENGTH, 1) >= 0)
        return "more than one Content-Length";
    if (n >= (int)sizeof cl || lws_hdr_copy(wsi, cl, sizeof cl, WSI_TOKEN_HTTP_CONTENT_LENGTH) <= 0)
        return "Content-Length is not a number";
    const char *d = cl;
    while (*d == ' ' || *d == '\t')
        d++;
    size_t digits = strspn(d, "0123456789");
    if (!digits || d[digits + strspn(d + digits, " \t")] != '\0')
        return "Content-Length is not a number";
    while (digits > 1 && *d == '0') {  /* leading zeros say nothing */
        d++;
        digits--;
    }
    if (digits > 9 || strtol(d, NULL, 10) > SRV_RECORD_MAX) {
        *status = 413;
        return "request too large: no request here takes a body over 262144 bytes";
    }
    return NULL;
}

int srv_http_request(srv_server *s, srv_conn *c, struct lws *wsi)
{
    srv_host_flush(s);  /* an answer shows only committed moves */
    const char *uri = c->uri;
    c->wsi = wsi;
    c->post = 0;
    if (srv_http_host_check(wsi) < 0)
        return -1;
    unsigned status;
    const char *framing = http_framing(wsi, &status);
    if (framing) {
        /* the body's end is in doubt: answer, and close the connection */
        http_error(wsi, status, framing);
        return -1;
    }
    if (lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0) {
        c->post = strcmp(uri, "/api/games") == 0 ? 1 : strcmp(uri, "/api/replay") == 0 ? 2 : 0;
        if (strcmp(uri, "/api/players") == 0)
            c->post = 3;
        if (!c->post)
            return http_error(wsi, 405, "only POST /api/games, /api/replay and /api/players "
                                        "take a body");
        if (lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH) <= 0) {
            /* issue 33, Low: libwebsockets waited for a body it could not delimit
             * until --request-timeout */
            http_error(wsi, 411, "a POST needs a Content-Length (chunked bodies are not "
                                 "accepted)");
            return -1;
        }
        return 0;  /* the body follows: srv_http_body, srv_http_body_done */
    }
    if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0)
        return http_error(wsi, 405, "method not allowed");
    if (strcmp(uri, "/api/tiles") == 0)
        return http_tiles(wsi);
    if (strcmp(uri, "/api/cards") == 0 || strcmp(uri, "/api/sentences") == 0) {
        char *t = strcmp(uri, "/api/cards") == 0 ? carc_cards_json() : carc_sentences_json();
        int rc = t ? http_json(wsi, 200, t) : http_error(wsi, 500, "out of memory");
        free(t);
        return rc;
    }
    if (strcmp(uri, "/api/games") == 0)
        return http_error(wsi, 405, "create a game with POST /api/games");
    unsigned ladder_status;
    char *ladder_body;
    if (srv_ladder_get(s, uri, &ladder_status, &ladder_body)) {
        int rc = ladder_body ? http_json(wsi, ladder_status, ladder_body)
                             : http_error(wsi, 500, "out of memory");
        free(ladder_body);
        return rc;
    }
    if (strncmp(uri, "/api/games/", 11) == 0)
        return http_game(s, wsi, uri);
    if (strncmp(uri, "/api/", 5) == 0 || strcmp(uri, "/api") == 0)
        return http_error(wsi, 404, "no such resource");
    if (strcmp(uri, "/") == 0)
        return http_file(s, wsi, "index.html");
    if (strncmp(uri, "/play/", 6) == 0 || strncmp(uri, "/watch/", 7) == 0)
        return http_file(s, wsi, "game.html");
    if (strncmp(uri, "/replay/", 8) == 0)
        return http_file(s, wsi, "replay.html");
    if (!http_safe_path(uri + 1))
        return http_error(wsi, 404, "no such page");
    return http_file(s, wsi, uri + 1);
}

int srv_http_host_check(struct lws *wsi)
{
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HOST) > 0)
        return 0;
    http_error(wsi, 400, "a request needs a Host header (HTTP/1.1; HTTP/0.9 is not served)");
    return -1;
}

int srv_http_nul_check(struct lws *wsi, const char *uri)
{
    int n = lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI);
    if (n <= 0)
        n = lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI);
    if (!uri || n <= 0 || (size_t)n == strlen(uri))
        return 0;
    http_error(wsi, 400, "the path holds a NUL byte (%00)");
    return -1;
}

int srv_http_too_long(struct lws *wsi)
{
    return http_error(wsi, 414, "path too long");
}

int srv_http_headers_size(struct lws *wsi)
{
    int n = 0;
    for (int t = 0; t < WSI_TOKEN_COUNT; t++)
        n += lws_hdr_total_length(wsi, (enum lws_token_indexes)t);
    return n;
}

int srv_http_headers_check(struct lws *wsi)
{
    if (srv_http_headers_size(wsi) <= SRV_HEADER_MAX)
        return 0;
    char msg[64];
    snprintf(msg, sizeof msg, "request headers too large: at most %d bytes", SRV_HEADER_MAX);
    http_error(wsi, 431, msg);
    return -1;  /* closed: the client said too much to be answered anything else */
}

int srv_http_body(srv_server *s, srv_conn *c, const void *in, size_t len)
{
    /* a body trickled in (issue 22, H1): libwebsockets restarts its timeout at every
     * piece, so the request's own deadline closes it at the first piece after it (a
     * silent client is closed by libwebsockets' timeout, --request-timeout too) */
    if (srv_now() > c->deadline) {
        srv_log(s, "closed a request whose body took more than %d s", s->opt->request_timeout);
        return -1;
    }
    size_t cap = c->post == 2 ? SRV_RECORD_MAX : SRV_MSG_MAX;
    if (c->body_over || c->body_len + len > cap) {
        c->body_over = 1;
        return 0;
    }
    char *nb = realloc(c->body, c->body_len + len + 1);
    if (!nb) {
        c->body_over = 1;
        return 0;
    }
    c->body = nb;
    memcpy(c->body + c->body_len, in, len);
    c->body_len += len;
    c->body[c->body_len] = '\0';
    return 0;
}

/* The per-address budget of game creations (srv_rate.c): 0 if this one may go, else
 * the seconds until one would. */
/* The unfinished games of computers only that addr created and this process holds
 * (issue 33, H2: each thinks without end; --bot-games-per-ip caps them). */
static int http_bot_games(srv_server *s, const char *addr)
{
    int n = 0;
    for (size_t b = 0; b < sizeof s->reg.bucket / sizeof s->reg.bucket[0]; b++)
        for (const srv_game *gm = s->reg.bucket[b]; gm; gm = gm->hnext)
            n += !gm->people && !carc_is_over(gm->g) && strcmp(gm->owner, addr) == 0;
    return n;
}

static double http_rate(srv_server *s, struct lws *wsi)
{
    char addr[64];
    srv_client_addr(s, wsi, addr, sizeof addr);
    return srv_rate_take(&s->rate, addr, s->opt->games_per_minute, srv_now());
}

/* Limits of POST /api/replay (issue 22, H2: a 4.8 KB record costs ~4 ms and answers
 * 1.37 MB): replays in progress (played again or being sent) per address and in all. */
enum { REPLAY_PER_ADDR = 2, REPLAY_MAX = 16, ANSWER_PIECE = 16384 };

/* The address's count of replays in progress, creating it if asked. */
static srv_ip *http_rip(srv_server *s, const char *addr, int create)
{
    for (int i = 0; i < s->nrips; i++)
        if (strcmp(s->rips[i].addr, addr) == 0)
            return &s->rips[i];
    if (!create)
        return NULL;
    if (s->nrips == s->caprips) {
        int cap = s->caprips ? 2 * s->caprips : 16;
        srv_ip *n = realloc(s->rips, (size_t)cap * sizeof *n);
        if (!n)
            return NULL;
        s->rips = n;
        s->caprips = cap;
    }
    srv_ip *ip = &s->rips[s->nrips++];
    snprintf(ip->addr, sizeof ip->addr, "%s", addr);
    ip->conns = 0;
    return ip;
}

static void http_uncount(srv_server *s, const char *addr);

/* POST /api/replay: the record goes to the replay worker (srv_replay.c); the answer is
 * written a piece at a time when it comes back (srv_http_take_replays,
 * srv_http_writable). Refused beyond REPLAY_PER_ADDR in progress from one address,
 * REPLAY_MAX in all, or --replays-per-minute. */
static int http_replay(srv_server *s, srv_conn *c, struct lws *wsi)
{
    char err[SRV_ERR];
    if (c->body_over) {
        srv_http_done(c);  /* before answering: see srv_http_body_done */
        snprintf(err, sizeof err, "record too large: at most %d bytes", SRV_RECORD_MAX);
        return http_error(wsi, 413, err);
    }
    srv_client_addr(s, wsi, c->addr, sizeof c->addr);
    srv_ip *ip = http_rip(s, c->addr, 0);
    if (ip && ip->conns >= REPLAY_PER_ADDR) {
        srv_http_done(c);
        snprintf(err, sizeof err, "too many replays in progress from this address: at most %d "
                 "at a time", REPLAY_PER_ADDR);
        return http_error(wsi, 429, err);
    }
    if (s->nreplays >= REPLAY_MAX) {
        srv_http_done(c);
        return http_error(wsi, 503, "the server is busy with other replays: try again in a "
                                    "few seconds");
    }
    double wait = srv_rate_take(&s->replay_rate, c->addr, s->opt->replays_per_minute, srv_now());
    if (wait > 0) {
        srv_http_done(c);
        snprintf(err, sizeof err, "too many replays from this address: at most %d a minute; "
                 "try again in %.0f s", s->opt->replays_per_minute, wait < 1 ? 1 : wait + 0.5);
        return http_error(wsi, 429, err);
    }
    srv_replay_job *job = calloc(1, sizeof *job);
    if (!job || !(ip = http_rip(s, c->addr, 1))) {
        free(job);
        srv_http_done(c);
        return http_error(wsi, 500, "out of memory");
    }
    job->text = c->body ? c->body : strdup("");
    c->body = NULL;
    srv_http_done(c);
    if (!job->text) {
        free(job);
        return http_error(wsi, 500, "out of memory");
    }
    job->conn = c;
    c->job = job;
    c->replay_counted = 1;
    ip->conns++;
    s->nreplays++;
    srv_replays_submit(s->replays, job);
    /* the worker's time counts in the answer's stage */
    lws_set_timeout(wsi, PENDING_TIMEOUT_USER_REASON_BASE + 1,
                    s->opt->request_timeout > 0 ? s->opt->request_timeout : 30);
    return 0;
}

void srv_http_take_replays(srv_server *s)
{
    srv_replay_job *job;
    while ((job = srv_replays_take(s->replays))) {
        srv_conn *c = job->conn;
        if (!c) {  /* its connection closed meanwhile: only now is it no longer in progress */
            if (job->counted)
                http_uncount(s, job->addr);
            srv_replay_job_free(job);
            continue;
        }
        c->job = NULL;
        if (job->json) {
            c->answer = job->json;
            job->json = NULL;
            c->answer_status = 200;
        } else {
            strbuf b;
            sb_init(&b, 0);
            sb_puts(&b, "{\"error\":");
            sb_json_string(&b, job->err);
            sb_putc(&b, '}');
            c->answer = sb_take(&b);
            c->answer_status = 400;
        }
        srv_replay_job_free(job);
        if (!c->answer) {
            lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
            continue;
        }
        c->answer_len = strlen(c->answer);
        c->answer_off = 0;
        c->deadline = srv_now() + (s->opt->request_timeout > 0 ? s->opt->request_timeout : 30);
        lws_callback_on_writable(c->wsi);
    }
}

int srv_http_writable(srv_server *s, srv_conn *c, struct lws *wsi)
{
    if (!c->answer)
        return 0;
    /* the answer's stage: a client that reads too slowly is closed (its own timeout
     * covers one that reads nothing: no writable callback comes then) */
    int timeout = s->opt->request_timeout > 0 ? s->opt->request_timeout : 30;
    if (srv_now() > c->deadline + 3 * timeout)
        return -1;
    lws_set_timeout(wsi, PENDING_TIMEOUT_USER_REASON_BASE + 1, timeout);
    unsigned char *buf = malloc(LWS_PRE + ANSWER_PIECE + 1024);
    if (!buf)
        return -1;
    unsigned char *start = buf + LWS_PRE, *p = start, *end = start + ANSWER_PIECE + 1024;
    int rc = 0;
    if (!c->answer_started) {
        c->answer_started = 1;
        if (lws_add_http_common_headers(wsi, c->answer_status, "application/json",
                                        (lws_filepos_t)c->answer_len, &p, end) ||
            lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                        (const unsigned char *)"no-store", 8, &p, end) ||
            lws_add_http_header_by_name(wsi, (const unsigned char *)"x-content-type-options:",
                                        (const unsigned char *)"nosniff", 7, &p, end) ||
            lws_finalize_write_http_header(wsi, start, &p, end))
            rc = -1;
        else
            lws_callback_on_writable(wsi);
        free(buf);
        return rc;
    }
    size_t n = c->answer_len - c->answer_off;
    int last = n <= ANSWER_PIECE;
    if (!last)
        n = ANSWER_PIECE;
    memcpy(start, c->answer + c->answer_off, n);
    if (lws_write(wsi, start, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) != (int)n)
        rc = -1;
    free(buf);
    c->answer_off += n;
    if (rc < 0)
        return -1;
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    srv_http_closed(s, c);  /* the replay is over: its counts go */
    lws_set_timeout(wsi, NO_PENDING_TIMEOUT, 0);
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* One replay of addr is over. */
static void http_uncount(srv_server *s, const char *addr)
{
    s->nreplays--;
    srv_ip *ip = http_rip(s, addr, 0);
    if (ip && --ip->conns == 0)
        *ip = s->rips[--s->nrips];
}

void srv_http_closed(srv_server *s, srv_conn *c)
{
    srv_http_done(c);
    if (c->job) {
        /* the worker's answer is dropped when it comes; until then the replay is still
         * in progress (a client closing at once does not get another one played) */
        c->job->conn = NULL;
        if (c->replay_counted) {
            c->replay_counted = 0;
            c->job->counted = 1;
            memcpy(c->job->addr, c->addr, sizeof c->job->addr);
        }
        c->job = NULL;
    }
    free(c->answer);
    c->answer = NULL;
    if (c->replay_counted) {
        c->replay_counted = 0;
        http_uncount(s, c->addr);
    }
}

/* 1 if addr (text) is one of the trusted proxies (--trusted-proxy). */
int srv_http_trusted(const srv_server *s, const char *addr)
{
    const char *list = s->opt->trusted_proxies;
    size_t n = strlen(addr);
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && !strncmp(p, addr, n))
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

/* The client's address: the peer's, or, if the peer is a trusted proxy, the last
 * address of X-Forwarded-For that is not a trusted proxy (each proxy appends the
 * address it was reached from, so what is left of it was written by the client and
 * is not believed). A header that names nothing usable leaves the peer's. */
void srv_client_addr(const srv_server *s, struct lws *wsi, char *out, size_t size)
{
    if (!lws_get_peer_simple(wsi, out, size))
        snprintf(out, size, "?");
    if (!s->opt->trusted_proxies || !srv_http_trusted(s, out))
        return;
    int len = lws_hdr_total_length(wsi, WSI_TOKEN_X_FORWARDED_FOR);
    if (len <= 0 || len > 4096)
        return;
    char *xff = malloc((size_t)len + 1);
    if (!xff)
        return;
    if (lws_hdr_copy(wsi, xff, len + 1, WSI_TOKEN_X_FORWARDED_FOR) > 0) {
        char *end = xff + strlen(xff);
        while (end > xff) {
            char *start = end;
            while (start > xff && start[-1] != ',')
                start--;
            char *a = start, *b = end;
            while (a < b && (*a == ' ' || *a == '\t'))
                a++;
            while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
                b--;
            *b = '\0';
            unsigned char bin[16];
            if (!(inet_pton(AF_INET, a, bin) == 1 || inet_pton(AF_INET6, a, bin) == 1))
                break;  /* not an address: the peer's stays */
            if (!srv_http_trusted(s, a)) {
                snprintf(out, size, "%s", a);
                break;
            }
            end = start > xff ? start - 1 : xff;
        }
    }
    free(xff);
}

/* POST /api/players (srv_ladder.c): the body is freed before the answer, as below. */
static int http_players(srv_server *s, srv_conn *c, struct lws *wsi)
{
    srv_host_flush(s);  /* the ladder's writes never join a batch */
    char addr[64];
    unsigned status;
    srv_client_addr(s, wsi, addr, sizeof addr);
    char *body = srv_ladder_create_player(s, addr, c->body, c->body_len, c->body_over, &status);
    srv_http_done(c);
    int rc = body ? http_json(wsi, status, body) : http_error(wsi, 500, "out of memory");
    free(body);
    return rc;
}

/* POST /api/games: the body is complete. The body is parsed and freed before any answer:
 * answering completes the transaction, and on a connection kept alive libwebsockets
 * then frees the session, `c` with it. */
int srv_http_body_done(srv_server *s, srv_conn *c, struct lws *wsi)
{
    if (c->post == 2)
        return http_replay(s, c, wsi);
    if (c->post == 3)
        return http_players(s, c, wsi);
    srv_host_flush(s);  /* a new game's row commits on its own, never in a batch */
    char err[SRV_ERR];
    char tokens[SRV_SEATS][2 * SRV_TOKEN_BYTES + 1];
    srv_create req;
    int over = c->body_over;
    int parsed = over ? -1 : srv_create_parse(c->body ? c->body : "", c->body_len, &req, err,
                                              sizeof err);
    srv_http_done(c);
    if (over) {
        snprintf(err, sizeof err, "request too large: at most %d bytes", SRV_MSG_MAX);
        return http_error(wsi, 413, err);
    }
    if (parsed < 0 || (req.ladder && srv_ladder_check(s, &req, err, sizeof err) < 0))
        return http_error(wsi, 400, err);
    for (int i = 0; i < req.players; i++)
        if (srv_spec_budget_ms(req.spec[i]) > s->opt->max_think_ms) {
            snprintf(err, sizeof err, "player %d \"%s\": this server allows at most %d ms a "
                     "decision (--max-think-ms)", i, req.spec[i], s->opt->max_think_ms);
            return http_error(wsi, 400, err);
        }
    char addr[64];
    srv_client_addr(s, wsi, addr, sizeof addr);
    int people = 0;
    for (int i = 0; i < req.players; i++)
        people += srv_spec_is_human(req.spec[i]);
    if (!people && http_bot_games(s, addr) >= s->opt->bot_games_per_ip) {
        snprintf(err, sizeof err, "too many games of computers only from this address: at "
                 "most %d at once (--bot-games-per-ip); try again when one is over",
                 s->opt->bot_games_per_ip);
        return http_error(wsi, 429, err);
    }
    double window = s->opt->idle_evict > 0 ? s->opt->idle_evict : 900;
    if (people && srv_unjoined_count(&s->unjoined, addr, srv_now(), window) >=
                      s->opt->unjoined_per_ip) {
        snprintf(err, sizeof err, "too many games nobody has joined from this address: at "
                 "most %d in %.0f minutes (--unjoined-per-ip); join one, or try again later",
                 s->opt->unjoined_per_ip, window / 60);
        return http_error(wsi, 429, err);
    }
    double wait = http_rate(s, wsi);
    if (wait > 0) {
        snprintf(err, sizeof err,
                 "too many games created from this address: at most %d a minute; try again in %.0f s",
                 s->opt->games_per_minute, wait < 1 ? 1 : wait + 0.5);
        return http_error(wsi, 429, err);
    }
    srv_game *gm = srv_game_create(&req, s->store, tokens, err, sizeof err);
    if (!gm)
        return http_error(wsi, 500, err);
    if (s->store->claim(s->store, gm->id) != 0) {  /* a new id: nobody else holds it */
        srv_game_free(gm);
        return http_error(wsi, 500, s->store->err);
    }
    if (req.ladder && srv_ladder_open(s, gm->id, err, sizeof err) < 0) {
        s->store->release(s->store, gm->id);
        srv_game_free(gm);  /* its row stays, unreachable: nobody was given a link */
        return http_error(wsi, 500, err);
    }
    snprintf(gm->owner, sizeof gm->owner, "%s", addr);
    srv_registry_add(&s->reg, gm);
    srv_log(s, "game %s created: %d players, %s", gm->id, gm->seats, gm->expansions);
    strbuf b;
    sb_init(&b, 0);
    sb_printf(&b, "{\"id\":\"%s\",\"seats\":[", gm->id);
    for (int i = 0; i < gm->seats; i++) {
        sb_printf(&b, "%s{\"seat\":%d,\"player\":", i ? "," : "", i);
        sb_json_string(&b, gm->spec[i]);
        if (tokens[i][0])
            sb_printf(&b, ",\"token\":\"%s\",\"url\":\"/play/%s/%s\",\"ws\":\"/ws/%s/%s\"}",
                      tokens[i], gm->id, tokens[i], gm->id, tokens[i]);
        else
            sb_puts(&b, ",\"token\":null,\"url\":null,\"ws\":null}");
    }
    sb_printf(&b, "],\"watch\":\"/watch/%s\",\"watch_ws\":\"/ws/%s\"}", gm->id, gm->id);
    const char *body = sb_str(&b);
    int rc = body ? http_json(wsi, 201, body) : http_error(wsi, 500, "out of memory");
    sb_free(&b);
    srv_host_changed(s, gm);  /* a computer may open the game */
    /* issue 33, M4: a game a person must open first is not kept in memory until a
     * session opens it (20,000 games created and never joined held 1 GB for 15
     * minutes); its stored row is all it is until then */
    if (people) {
        srv_unjoined_add(&s->unjoined, addr, gm->id, srv_now());
        if (srv_game_bot_seat(gm) < 0 && gm->durable == gm->index)
            srv_host_drop(s, gm);
    }
    return rc;
}

void srv_http_done(srv_conn *c)
{
    free(c->body);
    c->body = NULL;
    c->body_len = 0;
    c->body_over = 0;
}
