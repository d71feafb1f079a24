/*
 * srv_ws.c - WebSocket sessions: /ws/ID/TOKEN for a seat, /ws/ID for a spectator.
 *
 * A session joins its game's list and is sent the current frame at once (so a
 * reconnect resumes where the game is). Each message is one JSON object of at most
 * SRV_MSG_MAX bytes (srv_msg.c); a refused move gets an error frame and the current
 * state, and changes nothing. Frames wait in a per-session queue written one per
 * writable callback; a session that lets SRV_OUT_MAX frames pile up is closed.
 * A frame queued while its game has moves not yet committed (group commit) is held
 * in the queue until srv_host_pass_end commits them (srv_ws_release) or drops it if
 * the commit failed (srv_ws_drop_held).
 * Each address may hold at most opt->max_per_ip sessions.
 * A session opened with ?frames=delta is sent delta frames (srv_frame_write.c) after
 * its first full one, as long as it was sent every state; otherwise a full frame.
 */
#define _POSIX_C_SOURCE 200809L
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "srv_int.h"

enum { SRV_OUT_MAX = 512 };

struct srv_out {
    struct srv_out *next;
    srv_frame *f;  /* a reference; written by the time the frame may go (srv_frame_pool.c) */
    int held;  /* queued while the game had uncommitted moves: waits for the commit */
};

/* The address's entry in the table, creating it if asked; NULL if absent or OOM. */
static srv_ip *ws_ip(srv_server *s, const char *addr, int create)
{
    for (int i = 0; i < s->nips; i++)
        if (strcmp(s->ips[i].addr, addr) == 0)
            return &s->ips[i];
    if (!create)
        return NULL;
    if (s->nips == s->capips) {
        int cap = s->capips ? 2 * s->capips : 16;
        srv_ip *n = realloc(s->ips, (size_t)cap * sizeof *n);
        if (!n)
            return NULL;
        s->ips = n;
        s->capips = cap;
    }
    srv_ip *ip = &s->ips[s->nips++];
    snprintf(ip->addr, sizeof ip->addr, "%s", addr);
    ip->conns = 0;
    return ip;
}

int srv_ws_admit(srv_server *s, struct lws *wsi)
{
    char addr[64];
    srv_client_addr(s, wsi, addr, sizeof addr);
    srv_ip *ip = ws_ip(s, addr, 0);
    if (ip && ip->conns >= s->opt->max_per_ip) {
        srv_log(s, "refused a WebSocket from %s: %d open already", addr, ip->conns);
        return -1;
    }
    return 0;
}

/* Queues frame for c (taking a reference); closes the session if its queue is full.
 * 0 if queued, else -1. */
static int ws_queue(srv_conn *c, srv_frame *frame)
{
    if (!frame || c->closing == 2)
        return -1;
    if (c->nout >= SRV_OUT_MAX) {
        c->closing = 2;  /* too slow a reader: drop it */
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        return -1;
    }
    struct srv_out *o = malloc(sizeof *o);
    if (!o)
        return -1;
    o->next = NULL;
    o->f = frame;
    frame->refs++;
    /* a frame of a game with moves not yet committed (group commit, srv_host.c) shows
     * or follows them: it waits; srv_ws_release lets it go after the commit */
    o->held = c->game && c->game->durable < c->game->index;
    if (c->out_tail)
        c->out_tail->next = o;
    else
        c->out = o;
    c->out_tail = o;
    c->nout++;
    if (!o->held)
        lws_callback_on_writable(c->wsi);
    return 0;
}

/* Queues the game's current state for c: a delta frame if c asked for them and was
 * sent the state of the index before (the delta's base), else the full frame (the
 * resync rule: a session that missed a state, or whose last frame was dropped, gets
 * the whole state). pool and queue as srv_game_delta. */
static void ws_state(srv_server *s, srv_conn *c, int queue)
{
    srv_game *gm = c->game;
    srv_frame *f = NULL;
    if (c->delta && c->sent >= 0 && c->sent == gm->index - 1)
        f = srv_game_delta(gm, c->seat, s->pool, queue);
    if (!f)
        f = queue ? srv_game_frame_queued(gm, c->seat, s->pool) : srv_game_frame(gm, c->seat);
    c->sent = ws_queue(c, f) == 0 ? gm->index : -1;
}

static void ws_error(srv_conn *c, long index, const char *message)
{
    char *text = srv_error_frame(index, message);
    srv_frame *f = text ? srv_frame_new(text) : NULL;
    ws_queue(c, f);
    srv_frame_unref(f);
    free(text);
}

/* {"type":"chat","messages":[{"at":T,"seat":S,"text":"..."},...]}: text escaped as
 * JSON, so a message is never markup; the page shows it as text (docs/SERVER.md). The
 * chat so far that a session gets as it opens says "history": true (issue 32: a page
 * marks only the others' new messages unread). */
static char *ws_chat_frame(const srv_chat_row *rows, int n, int history)
{
    strbuf b;
    sb_init(&b, 256);
    sb_puts(&b, history ? "{\"history\":true,\"messages\":[" : "{\"messages\":[");
    for (int i = 0; i < n; i++) {
        sb_printf(&b, "%s{\"at\":%lld,\"seat\":%d,\"text\":", i ? "," : "",
                  (long long)rows[i].at, rows[i].seat);
        sb_json_string(&b, rows[i].text);
        sb_putc(&b, '}');
    }
    sb_puts(&b, "],\"type\":\"chat\"}");
    return sb_take(&b);
}

/* Queues a chat frame of rows for c, or for every session of the game when all (a new
 * message; else the chat so far, to a session opening). */
static void ws_chat_send(srv_conn *c, const srv_chat_row *rows, int n, int all)
{
    char *text = ws_chat_frame(rows, n, !all);
    srv_frame *f = text ? srv_frame_new(text) : NULL;
    free(text);
    if (!f)
        return;
    if (all) {
        for (srv_conn *o = c->game->conns; o; o = o->next)
            ws_queue(o, f);
    } else {
        ws_queue(c, f);
    }
    srv_frame_unref(f);
}

/* {"type":"rematch","id":ID,"now":B}: the game's rematch; now true when it was made
 * this moment (the pages there move to it), false for a session opening later. */
static void ws_rematch_send(srv_conn *c, const char *id, int now, int all)
{
    char text[96];
    snprintf(text, sizeof text, "{\"id\":\"%s\",\"now\":%s,\"type\":\"rematch\"}", id,
             now ? "true" : "false");
    srv_frame *f = srv_frame_new(text);
    if (!f)
        return;
    for (srv_conn *o = all ? c->game->conns : c; o; o = all ? o->next : NULL)
        ws_queue(o, f);
    srv_frame_unref(f);
}

/* A chat message from c: within the session's rate, kept with the game, then sent to
 * every seat and spectator of it. */
static void ws_chat(srv_server *s, srv_conn *c, const char *text)
{
    srv_game *gm = c->game;
    double now = srv_now();
    c->chat_tokens += (now - c->chat_at) / SRV_CHAT_EVERY;
    if (c->chat_tokens > SRV_CHAT_BURST)
        c->chat_tokens = SRV_CHAT_BURST;
    c->chat_at = now;
    if (c->chat_tokens < 1) {
        ws_error(c, -2, "too many chat messages: wait a moment");
        return;
    }
    c->chat_tokens -= 1;
    srv_chat_row row = {c->seat, (int64_t)time(NULL), (char *)text};
    if (s->store->append_chat && s->store->append_chat(s->store, gm->id, c->seat, row.at, text) < 0) {
        srv_log(s, "game %s: chat not kept: %s", gm->id, s->store->err);
        ws_error(c, -2, "the chat message could not be kept: try again");
        return;
    }
    ws_chat_send(c, &row, 1, 1);
}

/* Sends an error and closes the session once it is written. */
static int ws_refuse(srv_conn *c, const char *message)
{
    ws_error(c, -1, message);
    c->closing = 1;
    return 0;
}

static int ws_attach(srv_server *s, srv_conn *c, srv_game *gm);
static void ws_joined(srv_server *s, srv_conn *c);
static int ws_history_ask(srv_server *s, srv_game *gm, int slot);

/* Puts c on the list of sessions waiting for a game another process holds. 0 or -1. */
static int ws_wait(srv_server *s, srv_conn *c, const char *id)
{
    if (s->nwait == s->capwait) {
        int cap = s->capwait ? 2 * s->capwait : 16;
        srv_conn **n = realloc(s->waiting, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        s->waiting = n;
        s->capwait = cap;
    }
    size_t n = strlen(id);
    if (n >= sizeof c->wait_id)
        return -1;
    memcpy(c->wait_id, id, n + 1);
    c->wait_until = srv_now() + (s->opt->request_timeout > 0 ? s->opt->request_timeout : 30);
    c->waiting = 1;
    s->waiting[s->nwait++] = c;
    s->store->ask(s->store, id);
    return 0;
}

static void ws_unwait(srv_server *s, srv_conn *c)
{
    for (int i = 0; i < s->nwait; i++)
        if (s->waiting[i] == c) {
            s->waiting[i] = s->waiting[--s->nwait];
            break;
        }
    c->waiting = 0;
}

void srv_ws_retry(srv_server *s)
{
    double now = srv_now();
    if (now < s->next_retry)
        return;  /* a claim is a query to the database: five rounds a second at most */
    s->next_retry = now + 0.2;
    for (int i = s->nwait - 1; i >= 0; i--) {
        if (i >= s->nwait)
            continue;
        srv_conn *c = s->waiting[i];
        int why;
        unsigned status;
        srv_game *gm = srv_host_find(s, c->wait_id, &why);
        if (!gm && why == SRV_ELSEWHERE && now < c->wait_until) {
            s->store->ask(s->store, c->wait_id);  /* its holder lets it go if idle */
            continue;
        }
        ws_unwait(s, c);
        if (gm)
            ws_attach(s, c, gm);
        else
            ws_refuse(c, srv_host_why(why, &status));
    }
}

int srv_ws_open(srv_server *s, srv_conn *c, struct lws *wsi)
{
    char uri[512], id[64], token[128];
    memset(c, 0, sizeof *c);
    c->wsi = wsi;
    c->is_ws = 1;
    c->seat = -1;
    c->sent = -1;
    srv_client_addr(s, wsi, c->addr, sizeof c->addr);
    srv_ip *ip = ws_ip(s, c->addr, 1);
    if (ip) {
        ip->conns++;
        c->counted = 1;
    }
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0)
        return ws_refuse(c, "no path: open /ws/ID/TOKEN (a seat) or /ws/ID (a spectator)");
    /* /ws/ID or /ws/ID/TOKEN */
    const char *p = uri;
    size_t n;
    if (strncmp(p, "/ws/", 4) != 0)
        return ws_refuse(c, "unknown path: open /ws/ID/TOKEN (a seat) or /ws/ID (a spectator)");
    p += 4;
    n = strcspn(p, "/");
    if (n == 0 || n >= sizeof id)
        return ws_refuse(c, "no such game");
    memcpy(id, p, n);
    id[n] = '\0';
    p += n;
    token[0] = '\0';
    if (*p == '/') {
        p++;
        n = strlen(p);
        if (n == 0 || n >= sizeof token || strchr(p, '/'))
            return ws_refuse(c, "wrong token for this game");
        memcpy(token, p, n + 1);
    }
    int why;
    unsigned status;
    srv_game *gm = srv_host_find(s, id, &why);
    if (!gm && why != SRV_ELSEWHERE)
        return ws_refuse(c, srv_host_why(why, &status));
    /* ?frames=delta: state frames that carry only what changed (srv_frame_write.c) */
    char args[64];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_URI_ARGS) >= (int)sizeof args)
        return ws_refuse(c, "unknown query: use ?frames=delta or ?frames=full");
    if (lws_hdr_copy(wsi, args, sizeof args, WSI_TOKEN_HTTP_URI_ARGS) > 0) {
        if (strcmp(args, "frames=delta") == 0)
            c->delta = 1;
        else if (strcmp(args, "frames=full") != 0)
            return ws_refuse(c, "unknown query: use ?frames=delta or ?frames=full");
    }
    if (strlen(token) >= sizeof c->wait_token)
        return ws_refuse(c, "wrong token for this game");
    memcpy(c->wait_token, token, strlen(token) + 1);
    if (!gm) {
        /* another process holds the game (several processes on one database): the
         * session waits for it to let go, at most --request-timeout (srv_ws_retry) */
        if (ws_wait(s, c, id) < 0)
            return ws_refuse(c, srv_host_why(why, &status));
        return 0;
    }
    return ws_attach(s, c, gm);
}

/* The session joins its game: its seat (from its token), the history so far, the
 * state. */
static int ws_attach(srv_server *s, srv_conn *c, srv_game *gm)
{
    if (c->wait_token[0]) {
        c->seat = srv_game_seat_of(gm, c->wait_token);
        if (c->seat < 0)
            return ws_refuse(c, "wrong token for this game");
    }
    c->game = gm;
    c->next = gm->conns;
    gm->conns = c;
    srv_unjoined_joined(&s->unjoined, gm->id);
    gm->touched = srv_now();
    /* the game so far, then its state: a page opened mid-game can show the whole log.
     * The history is made once per index and seat, shared by every session that opens
     * then, and made by the replay worker, not here (issue 22, H2: each open replayed
     * the game on the service thread); the session waits for it, sent nothing before */
    int slot = c->seat < 0 ? SRV_SEATS : c->seat;
    if (!gm->history[slot] && ws_history_ask(s, gm, slot) == 0) {
        c->hist_wait = 1;
        return 0;
    }
    ws_joined(s, c);
    return 0;
}

/* The history (made, or NULL if it could not be) and the state to a session. */
static void ws_joined(srv_server *s, srv_conn *c)
{
    srv_game *gm = c->game;
    int slot = c->seat < 0 ? SRV_SEATS : c->seat;
    if (!gm->history[slot]) {  /* the worker could not be asked: made here */
        char *history = srv_history_frame(gm, c->seat);
        gm->history[slot] = history ? srv_frame_new(history) : NULL;
        free(history);
    }
    c->hist_wait = 0;
    ws_queue(c, gm->history[slot]);
    ws_state(s, c, 0);
    const char *again = srv_host_rematch_of(s, gm->id);
    if (again)  /* a page opened after the rematch: it may go there */
        ws_rematch_send(c, again, 0, 0);
    srv_absent_joined(s, c);  /* the clocks, if the game has any */
    srv_undo_joined(s, c);    /* an undo being asked */
    /* the chat so far (the last SRV_CHAT_KEEP messages) */
    c->chat_tokens = SRV_CHAT_BURST;
    c->chat_at = srv_now();
    srv_chat_row *rows = NULL;
    int nrows = 0;
    if (s->store->load_chat &&
        s->store->load_chat(s->store, gm->id, SRV_CHAT_KEEP, &rows, &nrows) == 0 && nrows > 0)
        ws_chat_send(c, rows, nrows, 0);
    srv_chat_rows_free(rows, nrows);
}

/* Asks the replay worker for the slot's history of the current index, unless it is
 * being made. 0, or -1 (out of memory: the caller makes it itself). */
static int ws_history_ask(srv_server *s, srv_game *gm, int slot)
{
    if (gm->history_job[slot] == gm->index + 1)
        return 0;
    srv_replay_job *job = calloc(1, sizeof *job);
    if (!job || !(job->text = carc_recorder_json(gm->rec, gm->g))) {
        free(job);
        return -1;
    }
    job->history = 1;
    memcpy(job->game, gm->id, sizeof job->game);
    job->index = gm->index;
    job->seat = slot == SRV_SEATS ? -1 : slot;
    gm->history_job[slot] = gm->index + 1;
    srv_replays_submit(s->histories, job);
    return 0;
}

void srv_ws_take_histories(srv_server *s)
{
    srv_replay_job *job;
    while ((job = srv_replays_take(s->histories)))
        srv_ws_history_done(s, job);
}

void srv_ws_history_done(srv_server *s, srv_replay_job *job)
{
    srv_game *gm = srv_registry_find(&s->reg, job->game);
    int slot = job->seat < 0 ? SRV_SEATS : job->seat;
    if (!gm) {  /* it left memory: nobody waits */
        srv_replay_job_free(job);
        return;
    }
    if (gm->history_job[slot] == job->index + 1)
        gm->history_job[slot] = 0;
    int stale = job->index != gm->index;
    if (!stale && !gm->history[slot] && job->json)
        gm->history[slot] = srv_frame_new(job->json);
    srv_replay_job_free(job);
    int waiting = 0;
    for (srv_conn *c = gm->conns; c; c = c->next)
        waiting |= c->hist_wait && (c->seat < 0 ? SRV_SEATS : c->seat) == slot;
    if (!waiting)
        return;
    /* the game moved on meanwhile: the history of its index now (made here if the
     * worker cannot be asked, or could not make it) */
    if (stale && !gm->history[slot] && ws_history_ask(s, gm, slot) == 0)
        return;
    for (srv_conn *c = gm->conns, *next; c; c = next) {
        next = c->next;
        if (c->hist_wait && (c->seat < 0 ? SRV_SEATS : c->seat) == slot)
            ws_joined(s, c);
    }
}

/* A seat of a finished game asks for a rematch: made once (srv_host_rematch), and every
 * session of the game told, so that each page moves to it. */
static void ws_rematch(srv_server *s, srv_conn *c)
{
    char err[SRV_ERR];
    srv_game *gm = c->game;
    if (c->seat < 0) {
        ws_error(c, gm->index, "spectators cannot ask for a rematch");
        return;
    }
    int made = !srv_host_rematch_of(s, gm->id);
    srv_game *again = srv_host_rematch(s, gm, err, sizeof err);
    if (!again) {
        ws_error(c, gm->index, err);
        return;
    }
    ws_rematch_send(c, again->id, 1, made);
}

/* Handles one complete message. */
static void ws_message(srv_server *s, srv_conn *c, const char *buf, size_t len)
{
    char err[SRV_ERR];
    srv_msg msg;
    srv_game *gm = c->game;
    if (srv_msg_parse(buf, len, &msg, err, sizeof err) < 0) {
        ws_error(c, msg.type == SRV_MSG_CHAT ? -2 : gm->index, err);  /* -2: a chat message */
        return;
    }
    if (msg.type == SRV_MSG_SYNC) {
        c->sent = -1;  /* asked for: the whole state */
        ws_state(s, c, 0);
        return;
    }
    if (msg.type == SRV_MSG_CHAT) {  /* seats and spectators alike */
        ws_chat(s, c, msg.text);
        return;
    }
    if (msg.type == SRV_MSG_REMATCH) {
        ws_rematch(s, c);
        return;
    }
    if (msg.type == SRV_MSG_SIGN) {  /* the ladder (srv_ladder.c) tells every session */
        if (srv_ladder_sign(s, gm, c->seat, msg.name, msg.secret, err, sizeof err) < 0)
            ws_error(c, -3, err);  /* -3: a sign message refused */
        return;
    }
    if (msg.type == SRV_MSG_VOTE || msg.type == SRV_MSG_BACK) {
        if ((msg.type == SRV_MSG_VOTE ? srv_absent_vote(s, c, msg.seat, err, sizeof err)
                                      : srv_absent_back(s, c, err, sizeof err)) < 0) {
            ws_error(c, gm->index, err);
            return;
        }
        srv_host_bot_turn(s, gm);  /* a seat handed over plays now */
        return;
    }
    if (msg.type == SRV_MSG_UNDO || msg.type == SRV_MSG_UNDO_ANSWER) {  /* srv_undo.c */
        if ((msg.type == SRV_MSG_UNDO
                 ? srv_undo_ask(s, c, msg.index, err, sizeof err)
                 : srv_undo_answer(s, c, msg.index, msg.accept, err, sizeof err)) < 0)
            ws_error(c, gm->index, err);
        return;
    }
    if (c->seat < 0) {
        ws_error(c, gm->index, "spectators cannot move");
        return;
    }
    if (gm->clock.away & (1u << c->seat)) {
        ws_error(c, gm->index, "a computer player plays your seat now: take it back first");
        return;
    }
    if (srv_game_move_text(gm, s->store, c->seat, msg.index, msg.move, err, sizeof err) < 0) {
        ws_error(c, gm->index, err);
        c->sent = -1;  /* the whole state the client should be in */
        ws_state(s, c, 0);
        return;
    }
    srv_host_note_move(s, gm);
    srv_host_changed(s, gm);
}

int srv_ws_receive(srv_server *s, srv_conn *c, struct lws *wsi, const void *in, size_t len)
{
    if (c->closing || !c->game)
        return 0;
    /* a whole text message in one piece (the usual move): read in place, no copy */
    if (!c->rx_len && !c->rx_over && len > 0 && len <= SRV_MSG_MAX && !lws_frame_is_binary(wsi) &&
        lws_is_first_fragment(wsi) && lws_is_final_fragment(wsi) &&
        lws_remaining_packet_payload(wsi) == 0) {
        ws_message(s, c, in, len);
        return 0;
    }
    if (lws_frame_is_binary(wsi))
        c->rx_over = 2;
    else if (!c->rx_over && c->rx_len + len > SRV_MSG_MAX)
        c->rx_over = 1;
    else if (!c->rx_over) {
        char *nb = realloc(c->rx, c->rx_len + len + 1);
        if (!nb)
            c->rx_over = 1;
        else {
            c->rx = nb;
            memcpy(c->rx + c->rx_len, in, len);
            c->rx_len += len;
        }
    }
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0)
        return 0;
    if (c->rx_over == 2)
        ws_error(c, c->game->index, "binary messages are not accepted: send JSON text");
    else if (c->rx_over)
        ws_error(c, c->game->index, "message too large: at most 4096 bytes");
    else
        ws_message(s, c, c->rx ? c->rx : "", c->rx_len);
    free(c->rx);
    c->rx = NULL;
    c->rx_len = 0;
    c->rx_over = 0;
    return 0;
}

int srv_ws_writable(srv_server *s, srv_conn *c, struct lws *wsi)
{
    (void)s;
    struct srv_out *o = c->out;
    if (c->closing == 2)
        return -1;
    if (o && o->held)
        return 0;  /* srv_ws_release asks for the callback again */
    if (o) {
        /* an unwritten frame here ran out of memory: it is skipped */
        int n = o->f->buf ? lws_write(wsi, o->f->buf + LWS_PRE, o->f->len, LWS_WRITE_TEXT) : 0;
        c->out = o->next;
        if (!c->out)
            c->out_tail = NULL;
        c->nout--;
        srv_frame_unref(o->f);
        free(o);
        if (n < 0)
            return -1;
    }
    if (c->out) {
        if (!c->out->held)
            lws_callback_on_writable(wsi);
        return 0;
    }
    if (c->closing == 3) {
        static const char why[] = "the game moved to another server process: reconnect";
        lws_close_reason(wsi, 1012, (unsigned char *)why, sizeof why - 1);
        return -1;
    }
    if (c->closing) {
        static const char why[] = "refused";
        lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)why,
                         sizeof why - 1);
        return -1;
    }
    return 0;
}

void srv_ws_hand_over(srv_game *gm)
{
    for (srv_conn *c = gm->conns, *next; c; c = next) {
        next = c->next;
        c->game = NULL;  /* it takes nothing more: what it sends now is not read */
        c->next = NULL;
        c->hist_wait = 0;
        c->closing = 3;  /* srv_ws_writable: its queue, then 1012 and the reason */
        lws_callback_on_writable(c->wsi);
    }
    gm->conns = NULL;
}

int srv_ws_peer_close(unsigned char *in, size_t len)
{
    if (len == 1)
        return -1;  /* no room for a code: close without an echo */
    if (len < 2)
        return 0;
    unsigned code = (unsigned)in[0] << 8 | in[1];
    int valid = (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1011) ||
                (code >= 3000 && code <= 4999);
    if (!valid) {  /* the echo lws sends is this payload: it says protocol error */
        in[0] = LWS_CLOSE_STATUS_PROTOCOL_ERR >> 8;
        in[1] = LWS_CLOSE_STATUS_PROTOCOL_ERR & 0xff;
        for (size_t i = 2; i < len; i++)
            in[i] = ' ';
    }
    return 0;
}

void srv_ws_closed(srv_server *s, srv_conn *c)
{
    if (!c || !c->is_ws)
        return;
    if (c->waiting)
        ws_unwait(s, c);
    if (c->game) {
        srv_conn **pp = &c->game->conns;
        while (*pp && *pp != c)
            pp = &(*pp)->next;
        if (*pp)
            *pp = c->next;
        srv_game *gm = c->game;
        c->game = NULL;
        srv_absent_left(gm, c->seat);
        gm->touched = srv_now();  /* idle from now on if it was the last session */
        srv_host_evict_if_idle(s, gm);
    }
    while (c->out) {
        struct srv_out *o = c->out;
        c->out = o->next;
        srv_frame_unref(o->f);
        free(o);
    }
    c->out_tail = NULL;
    c->nout = 0;
    free(c->rx);
    c->rx = NULL;
    if (c->counted) {
        srv_ip *ip = ws_ip(s, c->addr, 0);
        if (ip && --ip->conns == 0)
            *ip = s->ips[--s->nips];  /* keep the table small */
        c->counted = 0;
    }
}

void srv_ws_release(srv_game *gm)
{
    for (srv_conn *c = gm->conns; c; c = c->next) {
        for (struct srv_out *o = c->out; o; o = o->next)
            o->held = 0;
        if (c->out)
            lws_callback_on_writable(c->wsi);
    }
}

void srv_ws_drop_held(srv_game *gm, const char *message)
{
    for (srv_conn *c = gm->conns; c; c = c->next) {
        struct srv_out **pp = &c->out;
        c->out_tail = NULL;
        while (*pp) {
            struct srv_out *o = *pp;
            if (o->held) {
                *pp = o->next;
                c->nout--;
                srv_frame_unref(o->f);
                free(o);
                c->sent = -1;  /* a state it will never see: the next is a full frame */
            } else {
                c->out_tail = o;
                pp = &o->next;
            }
        }
        ws_error(c, gm->index, message);
    }
}

void srv_ws_send_text(srv_game *gm, srv_conn *c, const char *text)
{
    srv_frame *f = srv_frame_new(text);
    if (!f)
        return;
    for (srv_conn *o = c ? c : gm->conns; o; o = c ? NULL : o->next)
        if (c || !o->hist_wait)  /* one waiting for its history is told when it joins */
            ws_queue(o, f);
    srv_frame_unref(f);
}

void srv_ws_broadcast(srv_server *s, srv_game *gm)
{
    /* frames of a state not yet committed wait for the commit, which drains the
     * pool: they are written there, on other cores, meanwhile (srv_frame_pool.c); only
     * the seats with a session here (and a spectator's if one watches) get one */
    int queue = gm->durable < gm->index;
    for (srv_conn *c = gm->conns; c; c = c->next)
        if (!c->hist_wait)  /* it gets the state with its history */
            ws_state(s, c, queue);
}

void srv_ws_send_all(srv_game *gm, const char *text)
{
    srv_frame *f = srv_frame_new(text);
    for (srv_conn *o = gm->conns; f && o; o = o->next)
        ws_queue(o, f);  /* not a state: it may come before a session's history */
    srv_frame_unref(f);
}
