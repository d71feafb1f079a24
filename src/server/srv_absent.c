/*
 * srv_absent.c - a seat whose player is gone (issue 32): its clock ran out, or the
 * other players voted it out after it stayed away at its turn; a computer player
 * (greedy) plays it from then on, from the seat's view only (srv_host.c hands the
 * workers carc_view of the seat, as for any computer seat), until its owner takes it
 * back with one click ({"type":"back"}). The clocks' arithmetic is srv_clock.c's;
 * this file runs them on the live games, keeps them in the store (save_clock, in the
 * batch of the move that changed them) and tells the sessions ({"type":"clock"},
 * docs/SERVER.md).
 *
 * Runs on the service thread, as srv_host.c does.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "srv_int.h"

int64_t srv_absent_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The seat whose clock should run: a seat of people whose decision is pending, not
 * played by a computer, once the game's first move is made; -1 for none. */
static int absent_timed_seat(const srv_game *gm)
{
    carc_pending p = carc_pending_decision(gm->g);
    if (gm->clock.kind == SRV_CLOCK_NONE || gm->index < 1 || carc_is_over(gm->g) || p.seat < 0 ||
        !srv_spec_is_human(gm->spec[p.seat]) || (gm->clock.away & (1u << p.seat)))
        return -1;
    return p.seat;
}

/* 1 if a session of seat is open on the game. */
static int absent_connected(const srv_game *gm, int seat)
{
    for (const srv_conn *c = gm->conns; c; c = c->next)
        if (c->seat == seat && !c->closing)
            return 1;
    return 0;
}

unsigned srv_absent_people(const srv_game *gm, int seat)
{
    unsigned v = 0;
    for (int i = 0; i < gm->seats; i++)
        if (i != seat && srv_spec_is_human(gm->spec[i]) && !(gm->clock.away & (1u << i)))
            v |= 1u << i;
    return v;
}

/* The seat the others may vote out now, -1 if none: a seat of people, its decision
 * pending, no session of it open for opt->absent_after seconds (counted from the later
 * of its decision's start and its last session leaving), and another person to vote.
 * *wait: seconds until it may be (it is absent, but not for long enough yet), or 0. */
static int absent_seat(const srv_server *s, const srv_game *gm, double now, double *wait)
{
    carc_pending p = carc_pending_decision(gm->g);
    *wait = 0;
    if (carc_is_over(gm->g) || p.seat < 0 || !srv_spec_is_human(gm->spec[p.seat]) ||
        (gm->clock.away & (1u << p.seat)) || absent_connected(gm, p.seat) ||
        !srv_absent_people(gm, p.seat))
        return -1;
    double since = gm->seen[p.seat] > gm->decided ? gm->seen[p.seat] : gm->decided;
    double after = s->opt->absent_after;
    if (now - since < after) {
        *wait = after - (now - since);
        return -1;
    }
    return p.seat;
}

void srv_seats_json(strbuf *b, unsigned mask, int seats)
{
    sb_putc(b, '[');
    for (int i = 0, k = 0; i < seats; i++)
        if (mask & (1u << i))
            sb_printf(b, "%s%d", k++ ? "," : "", i);
    sb_putc(b, ']');
}

char *srv_absent_frame(const srv_server *s, const srv_game *gm)
{
    static const char *const kinds[] = {"none", "realtime", "turn"};
    double wait;
    int64_t now = srv_absent_wall_ms();
    int absent = absent_seat(s, gm, srv_now(), &wait);
    strbuf b;
    sb_init(&b, 256);
    sb_printf(&b, "{\"absent\":%d,\"absent_after\":%d,\"away\":", absent,
              s->opt->absent_after * 1000);
    srv_seats_json(&b, gm->clock.away, gm->seats);
    sb_printf(&b, ",\"index\":%d,\"kind\":\"%s\",\"left\":[", gm->index, kinds[gm->clock.kind]);
    for (int i = 0; i < gm->seats; i++)
        sb_printf(&b, "%s%" PRId64, i ? "," : "",
                  gm->clock.kind == SRV_CLOCK_NONE ? 0 : srv_clock_left(&gm->clock, i, now));
    sb_printf(&b, "],\"move\":%" PRId64 ",\"running\":%d,\"start\":%" PRId64
              ",\"type\":\"clock\",\"votes\":",
              gm->clock.move_ms, gm->clock.running, gm->clock.start_ms);
    srv_seats_json(&b, absent >= 0 ? gm->votes : 0, gm->seats);
    sb_putc(&b, '}');
    return sb_take(&b);
}

/* 1 if the sessions hear of clocks at all: the game has one, a computer plays a seat
 * of people, or an absent seat may be voted out (games without any of these get no
 * clock frame: clients that know nothing of clocks see nothing new). */
static int absent_relevant(const srv_game *gm)
{
    /* once told anything, the sessions are told every change (the vote or the seat
     * handed over ends, and the pages take it away) */
    return gm->clock.kind != SRV_CLOCK_NONE || gm->clock.away || gm->told_absent >= 0 ||
           gm->clock_told;
}

/* Tells every session of the game (c: only that one) the clocks, if they matter. */
static void absent_tell(srv_server *s, srv_game *gm, srv_conn *c)
{
    if (!absent_relevant(gm))
        return;
    gm->clock_told = 1;
    char *text = srv_absent_frame(s, gm);
    if (text)
        srv_ws_send_text(gm, c, text);
    free(text);
}

/* Keeps the clock in the store (in the open batch, if a move opened one). */
static void absent_save(srv_server *s, srv_game *gm)
{
    char text[SRV_CLOCK_TEXT];
    if (gm->clock.kind == SRV_CLOCK_NONE && !gm->clock.away && !gm->clock_kept)
        return;
    if (srv_clock_write(&gm->clock, gm->seats, text, sizeof text) < 0 ||
        s->store->save_clock(s->store, gm->id, text) < 0) {
        fprintf(stderr, "carc serve: game %s: clock not kept: %s\n", gm->id, s->store->err);
        return;
    }
    gm->clock_kept = 1;
}

void srv_absent_changed(srv_server *s, srv_game *gm)
{
    double now = srv_now();
    if (gm->absent_index != gm->index) {  /* a new decision: its absence starts now */
        gm->absent_index = gm->index;
        gm->decided = now;
        gm->votes = 0;
    }
    srv_clock before = gm->clock;
    srv_clock_turn(&gm->clock, gm->index, absent_timed_seat(gm), srv_absent_wall_ms());
    if (memcmp(&before, &gm->clock, sizeof before) != 0)
        absent_save(s, gm);
    double wait;
    gm->told_absent = absent_seat(s, gm, now, &wait);
    absent_tell(s, gm, NULL);
}

/* Seat is played by a computer from now on: kept, told, and its decision asked of the
 * workers. */
static void absent_hand_over(srv_server *s, srv_game *gm, int seat, const char *why)
{
    srv_clock_hand_over(&gm->clock, seat, srv_absent_wall_ms());
    srv_clock_turn(&gm->clock, gm->index, absent_timed_seat(gm), srv_absent_wall_ms());
    gm->votes = 0;
    srv_log(s, "game %s: seat %d handed to a computer player (%s)", gm->id, seat, why);
    absent_save(s, gm);
    double wait;
    gm->told_absent = absent_seat(s, gm, srv_now(), &wait);
    absent_tell(s, gm, NULL);
    srv_host_bot_turn(s, gm);
}

void srv_absent_tick(srv_server *s)
{
    double now = srv_now();
    if (now < s->next_clock)
        return;
    s->next_clock = now + 0.2;
    int64_t wall = srv_absent_wall_ms();
    for (size_t b = 0; b < sizeof s->reg.bucket / sizeof s->reg.bucket[0]; b++)
        for (srv_game *gm = s->reg.bucket[b]; gm; gm = gm->hnext) {
            if (gm->durable < gm->index)
                continue;  /* a move waits for its commit: its clock is settled then */
            if (gm->clock.kind == SRV_CLOCK_NONE && gm->people < 2 && !gm->clock_told)
                continue;  /* no clock, and nobody to vote: nothing to look at */
            int seat = srv_clock_expired(&gm->clock, wall);
            if (seat >= 0) {
                absent_hand_over(s, gm, seat, "its time ran out");
                continue;
            }
            double wait;
            int absent = absent_seat(s, gm, now, &wait);
            if (absent != gm->told_absent) {
                gm->told_absent = absent;
                if (absent < 0)
                    gm->votes = 0;
                absent_tell(s, gm, NULL);  /* when it becomes -1 too: the vote goes */
            }
        }
}

void srv_absent_joined(srv_server *s, srv_conn *c)
{
    srv_game *gm = c->game;
    if (c->seat >= 0 && gm->told_absent == c->seat) {  /* back before being voted out */
        gm->told_absent = -1;
        gm->votes = 0;
        absent_tell(s, gm, NULL);  /* the others' vote goes */
        return;
    }
    absent_tell(s, gm, c);
}

void srv_absent_left(srv_game *gm, int seat)
{
    if (seat >= 0 && seat < SRV_SEATS)
        gm->seen[seat] = srv_now();
}

int srv_absent_vote(srv_server *s, srv_conn *c, int seat, char *err, size_t errsize)
{
    srv_game *gm = c->game;
    double wait;
    if (c->seat < 0) {
        snprintf(err, errsize, "spectators cannot vote");
        return -1;
    }
    if (seat < 0 || seat >= gm->seats || seat == c->seat) {
        snprintf(err, errsize, "\"seat\" must be another seat of this game");
        return -1;
    }
    if (gm->clock.away & (1u << c->seat)) {
        snprintf(err, errsize, "a computer plays your seat: take it back to vote");
        return -1;
    }
    int absent = absent_seat(s, gm, srv_now(), &wait);
    if (absent != seat) {
        if (absent < 0 && wait > 0 && carc_pending_decision(gm->g).seat == seat)
            snprintf(err, errsize, "seat %d may be handed to a computer player in %.0f s, if "
                     "nobody plays it by then", seat, wait + 0.5);
        else
            snprintf(err, errsize, "seat %d is not absent at its turn: nothing to vote on", seat);
        return -1;
    }
    gm->votes |= 1u << c->seat;
    unsigned voters = srv_absent_people(gm, seat);
    if ((gm->votes & voters) == voters) {
        absent_hand_over(s, gm, seat, "the others voted");
        return 0;
    }
    absent_tell(s, gm, NULL);
    return 0;
}

int srv_absent_back(srv_server *s, srv_conn *c, char *err, size_t errsize)
{
    srv_game *gm = c->game;
    if (c->seat < 0) {
        snprintf(err, errsize, "spectators have no seat to take back");
        return -1;
    }
    if (!(gm->clock.away & (1u << c->seat))) {
        snprintf(err, errsize, "your seat is yours already: no computer plays it");
        return -1;
    }
    srv_clock_take_back(&gm->clock, c->seat, srv_absent_wall_ms());
    srv_clock_turn(&gm->clock, gm->index, absent_timed_seat(gm), srv_absent_wall_ms());
    /* a search for the seat may be under way: its answer finds the seat a person's
     * again and is dropped (srv_host_take_bot_moves) */
    gm->bot_index = -1;
    srv_log(s, "game %s: seat %d taken back by its owner", gm->id, c->seat);
    absent_save(s, gm);
    absent_tell(s, gm, NULL);
    return 0;
}

void srv_absent_undone(srv_server *s, srv_game *gm, const srv_clock *was)
{
    gm->clock = *was;
    srv_clock_undo(&gm->clock, gm->index, absent_timed_seat(gm), srv_absent_wall_ms());
    absent_save(s, gm);
}

int srv_absent_keeps(const srv_game *gm)
{
    return gm->clock.running >= 0;
}

int srv_absent_load(srv_store *st, srv_game *gm, char *err, size_t errsize)
{
    char *text = NULL;
    gm->told_absent = -1;
    gm->absent_index = -1;
    int rc = st->load_clock(st, gm->id, &text);
    if (rc < 0) {
        snprintf(err, errsize, "game %s: %s", gm->id, st->err);
        return -1;
    }
    if (rc == 1)
        return 0;  /* no clock, no seat handed over */
    gm->clock_kept = 1;
    if (srv_clock_read(&gm->clock, gm->seats, text) < 0) {
        srv_clock_init(&gm->clock, SRV_CLOCK_NONE, 0, 0);
        snprintf(err, errsize, "game %s: bad clock in the store", gm->id);
        free(text);
        return -1;
    }
    free(text);
    return 0;
}
