/*
 * srv_undo.c - undo by agreement online (issue 32): the seat that made the game's last
 * move asks to take it back ({"type":"undo"}), every other seat of people answers
 * ({"type":"undo_answer"}; a computer seat, and a seat a computer plays for now,
 * accept), within --undo-seconds (opt->undo_seconds); the last acceptance takes the move out of the
 * store's log (srv_host_undo: a restart, or another process taking the game over,
 * finds the game without it) and every session gets the state before it. Every
 * change of a request is told to every session ({"type":"undo"}, docs/SERVER.md).
 *
 * What may be taken back (docs/RULES-DECISIONS.md, "Undo online"): only the asker's
 * own last move (not one a computer made for its seat while it was away), while it is
 * the game's last (nobody else has moved since), and only
 * a move that showed nobody anything hidden (RULES.md 6): no tile drawn, set aside,
 * removed or put back, no gift or card drawn, played or discarded, not the game's
 * end. So an undo never puts back a tile or card a seat has seen, and never deals
 * anything again: the state it goes back to is the one every seat saw before the
 * move, replayed from the log (the generator with it). A request pending when its
 * game leaves this process (a restart, a hand-over) is forgotten: ask again.
 *
 * Runs on the service thread, as srv_host.c does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv_int.h"

/* 1 if the game's last move showed anyone something hidden, or ended the game (its
 * events are the last apply's: a move, or the last move replayed from the log). */
static int undo_reveals(const carc_game *g)
{
    int n;
    const carc_event *ev = carc_events(g, &n);
    for (int i = 0; i < n; i++)
        switch (ev[i].kind) {
        case CARC_EV_TILE_DRAWN: case CARC_EV_TILE_REMOVED: case CARC_EV_TILE_RETURNED:
        case CARC_EV_SET_ASIDE: case CARC_EV_GIFT_DRAWN: case CARC_EV_CARD_DRAWN:
        case CARC_EV_CARD_PLAYED: case CARC_EV_CARD_DISCARDED: case CARC_EV_GAME_OVER:
            return 1;
        default:
            break;
        }
    return 0;
}

/* The seats that must answer the request of `asker`: every other seat of people that
 * a computer does not play for now (those who may vote on an absent seat too). */
static unsigned undo_askees(const srv_game *gm, int asker)
{
    return srv_absent_people(gm, asker);
}

/* Tells every session (c: only that one) where the request stands: "asked" (with the
 * seats that accepted, those still to answer and the milliseconds left), "done",
 * "refused" (by: the seat), "lapsed", "moved" (the game moved on) or "failed"
 * (message: why). */
static void undo_tell(srv_game *gm, srv_conn *c, const char *status, int by,
                      const char *message)
{
    strbuf b;
    sb_init(&b, 160);
    sb_puts(&b, "{");
    if (!strcmp(status, "asked")) {
        unsigned askees = undo_askees(gm, gm->undo_seat);
        double left = gm->undo_until - srv_now();
        sb_puts(&b, "\"accepted\":");
        srv_seats_json(&b, gm->undo_yes & askees, gm->seats);
        sb_printf(&b, ",\"index\":%d,\"left\":%d,", gm->undo_index,
                  left > 0 ? (int)(left * 1000) : 0);
    } else {
        if (by >= 0)
            sb_printf(&b, "\"by\":%d,", by);
        sb_printf(&b, "\"index\":%d,", gm->undo_index);
        if (message) {
            sb_puts(&b, "\"message\":");
            sb_json_string(&b, message);
            sb_putc(&b, ',');
        }
    }
    sb_printf(&b, "\"seat\":%d,\"status\":\"%s\",\"type\":\"undo\"", gm->undo_seat, status);
    if (!strcmp(status, "asked")) {
        sb_puts(&b, ",\"waiting\":");
        srv_seats_json(&b, undo_askees(gm, gm->undo_seat) & ~gm->undo_yes, gm->seats);
    }
    sb_putc(&b, '}');
    char *text = sb_take(&b);
    if (text)
        srv_ws_send_text(gm, c, text);
    free(text);
}

/* The request ends: told, then forgotten. */
static void undo_end(srv_game *gm, const char *status, int by, const char *message)
{
    undo_tell(gm, NULL, status, by, message);
    gm->undo_seat = -1;
    gm->undo_yes = 0;
}

/* Every seat that must answer accepted: the move is taken back (or the store refused,
 * and nothing changed). */
static void undo_grant(srv_server *s, srv_game *gm)
{
    char err[SRV_ERR];
    int seat = gm->undo_seat, index = gm->undo_index;
    if (srv_host_undo(s, gm, err, sizeof err) < 0) {
        srv_log(s, "game %s: the undo of move %d failed: %s", gm->id, index - 1, err);
        undo_end(gm, "failed", -1, "the move could not be taken back: the game goes on as it was");
        return;
    }
    srv_log(s, "game %s: seat %d's move %d taken back (undo agreed)", gm->id, seat, index - 1);
    undo_end(gm, "done", -1, NULL);
    srv_host_changed(s, gm);  /* every session: the state before the move */
}

int srv_undo_ask(srv_server *s, srv_conn *c, long index, char *err, size_t errsize)
{
    srv_game *gm = c->game;
    const char *why = NULL;
    if (c->seat < 0)
        why = "spectators cannot ask to undo";
    else if (gm->clock.away & (1u << c->seat))
        why = "a computer player plays your seat now: take it back first";
    else if (carc_is_over(gm->g))
        why = "the game is over: nothing to undo";
    else if (index != gm->index) {
        snprintf(err, errsize, "stale undo: it answers index %ld, the game is at index %d",
                 index, gm->index);
        return -1;
    } else if (gm->index == 0 || gm->last_seat != c->seat)
        why = "nothing to undo: the last move is not yours (only the seat that made it may "
              "ask, before anyone else moves)";
    else if (gm->last_bot)
        why = "nothing to undo: a computer player made your seat's last move";
    else if (gm->undo_seat >= 0)
        why = "an undo is asked already: wait for the answers";
    else if (undo_reveals(gm->g))
        why = "your last move showed a tile or card nobody had seen: it cannot be taken back";
    else if (srv_game_bot_seat(gm) >= 0)
        why = "a computer player is deciding already: too late to undo";
    else if (!s->store->cut_move)
        why = "this server cannot take moves back";
    if (why) {
        snprintf(err, errsize, "%s", why);
        return -1;
    }
    gm->undo_seat = c->seat;
    gm->undo_index = gm->index;
    gm->undo_yes = 0;
    gm->undo_until = srv_now() + s->opt->undo_seconds;
    if (!undo_askees(gm, c->seat)) {  /* only computers to ask: they accept */
        undo_grant(s, gm);
        return 0;
    }
    undo_tell(gm, NULL, "asked", -1, NULL);
    return 0;
}

int srv_undo_answer(srv_server *s, srv_conn *c, long index, int accept, char *err,
                    size_t errsize)
{
    srv_game *gm = c->game;
    if (c->seat < 0) {
        snprintf(err, errsize, "spectators cannot answer an undo");
        return -1;
    }
    if (gm->undo_seat < 0 || index != gm->undo_index) {
        snprintf(err, errsize, "no undo is asked at index %ld", index);
        return -1;
    }
    if (c->seat == gm->undo_seat) {
        snprintf(err, errsize, "you asked for this undo: the others answer it");
        return -1;
    }
    if (!(undo_askees(gm, gm->undo_seat) & (1u << c->seat))) {
        snprintf(err, errsize, "a computer player plays your seat now: take it back first");
        return -1;
    }
    if (!accept) {
        srv_log(s, "game %s: seat %d refused the undo", gm->id, c->seat);
        undo_end(gm, "refused", c->seat, NULL);
        return 0;
    }
    gm->undo_yes |= 1u << c->seat;
    unsigned askees = undo_askees(gm, gm->undo_seat);
    if ((gm->undo_yes & askees) == askees)
        undo_grant(s, gm);
    else
        undo_tell(gm, NULL, "asked", -1, NULL);
    return 0;
}

void srv_undo_moved(srv_server *s, srv_game *gm)
{
    (void)s;
    if (gm->undo_seat >= 0 && gm->index != gm->undo_index)
        undo_end(gm, "moved", -1, NULL);
}

void srv_undo_joined(srv_server *s, srv_conn *c)
{
    (void)s;
    if (c->game->undo_seat >= 0)
        undo_tell(c->game, c, "asked", -1, NULL);
}

void srv_undo_tick(srv_server *s)
{
    double now = srv_now();
    if (now < s->next_undo)
        return;
    s->next_undo = now + 0.2;
    for (size_t b = 0; b < sizeof s->reg.bucket / sizeof s->reg.bucket[0]; b++)
        for (srv_game *gm = s->reg.bucket[b]; gm; gm = gm->hnext)
            if (gm->undo_seat >= 0 && now >= gm->undo_until) {
                srv_log(s, "game %s: the undo lapsed: not every seat answered in time", gm->id);
                undo_end(gm, "lapsed", -1, NULL);
            }
}
