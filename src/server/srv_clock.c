/*
 * srv_clock.c - the seats' clocks of one game (issue 32): deadline arithmetic and the
 * text the store keeps, nothing else (no game, no store, no time of its own: every
 * function is given `now`, so that the tests drive it).
 *
 * The server is the authority and keeps deadlines, not "time left when it last
 * spoke": the seat whose clock runs has an absolute deadline on the wall clock (unix
 * milliseconds), the others their time left. A restart or another process taking the
 * game over reads the same deadline, so the time the server was down counts as it
 * does for the player waiting. docs/SERVER.md, "Clocks", states the rules:
 *   real-time: every seat starts with `start`; each decision a seat takes adds `move`
 *     to what it had left (a Fischer increment);
 *   turn-based: each decision must be taken within `move` (hours, in the lobby);
 * a clock runs only for the seat of people whose decision is pending, from the game's
 * first move on (the first decision is untimed, so that the table can gather).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv_int.h"

void srv_clock_init(srv_clock *c, int kind, int64_t start_ms, int64_t move_ms)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->start_ms = start_ms;
    c->move_ms = move_ms;
    c->index = -1;  /* srv_clock_turn starts it */
    c->running = -1;
    for (int s = 0; s < SRV_SEATS; s++)
        c->left[s] = kind == SRV_CLOCK_LIVE ? start_ms : move_ms;
}

/* Stops the running seat's clock: what it has left is kept. */
static void clock_stop(srv_clock *c, int64_t now)
{
    if (c->running < 0)
        return;
    int64_t left = c->deadline - now;
    c->left[c->running] = left > 0 ? left : 0;
    c->running = -1;
}

void srv_clock_turn(srv_clock *c, int index, int seat, int64_t now)
{
    if (c->kind == SRV_CLOCK_NONE)
        return;
    if (index != c->index) {
        /* a decision was taken: the seat that took it (if its clock ran) gains the
         * increment; a turn-based seat's next decision has the whole time again */
        int was = c->running;
        clock_stop(c, now);
        if (was >= 0 && c->kind == SRV_CLOCK_LIVE)
            c->left[was] += c->move_ms;
        c->index = index;
        if (seat >= 0)
            c->deadline = now + (c->kind == SRV_CLOCK_TURN ? c->move_ms : c->left[seat]);
        c->running = seat;
        return;
    }
    if (seat == c->running)
        return;
    /* the same decision, another seat to time (its seat handed over or taken back) */
    clock_stop(c, now);
    if (seat >= 0)
        c->deadline = now + c->left[seat];
    c->running = seat;
}

void srv_clock_undo(srv_clock *c, int index, int seat, int64_t now)
{
    if (c->kind == SRV_CLOCK_NONE)
        return;
    clock_stop(c, now);  /* no increment: no decision was taken */
    c->index = index;
    if (seat >= 0)
        c->deadline = now + (c->kind == SRV_CLOCK_TURN ? c->move_ms : c->left[seat]);
    c->running = seat;
}

int64_t srv_clock_left(const srv_clock *c, int seat, int64_t now)
{
    if (seat == c->running) {
        int64_t left = c->deadline - now;
        return left > 0 ? left : 0;
    }
    return c->left[seat];
}

int srv_clock_expired(const srv_clock *c, int64_t now)
{
    if (c->kind == SRV_CLOCK_NONE || c->running < 0 || now < c->deadline)
        return -1;
    return c->running;
}

void srv_clock_hand_over(srv_clock *c, int seat, int64_t now)
{
    if (seat == c->running)
        clock_stop(c, now);
    c->away |= 1u << seat;
}

void srv_clock_take_back(srv_clock *c, int seat, int64_t now)
{
    (void)now;
    c->away &= ~(1u << seat);
    /* back with at least the time of one decision and a minute (real-time), or the
     * whole time of a decision (turn-based) */
    int64_t least = c->kind == SRV_CLOCK_TURN ? c->move_ms
                    : c->move_ms > SRV_CLOCK_BACK_MS ? c->move_ms
                                                     : SRV_CLOCK_BACK_MS;
    if (c->kind != SRV_CLOCK_NONE && c->left[seat] < least)
        c->left[seat] = least;
}

int srv_clock_write(const srv_clock *c, int seats, char *out, size_t size)
{
    size_t n = 0;
    int w = snprintf(out, size, "1 %d %" PRId64 " %" PRId64 " %d %d %" PRId64 " %u", c->kind,
                     c->start_ms, c->move_ms, c->index, c->running, c->deadline, c->away);
    if (w < 0 || (size_t)w >= size)
        return -1;
    n = (size_t)w;
    for (int s = 0; s < seats; s++) {
        w = snprintf(out + n, size - n, " %" PRId64, c->left[s]);
        if (w < 0 || (size_t)w >= size - n)
            return -1;
        n += (size_t)w;
    }
    return 0;
}

/* Reads one integer of a clock's text at *p; 0, or -1 if none is there. */
static int clock_int(const char **p, int64_t *v)
{
    char *end;
    if (**p != ' ')
        return -1;
    (*p)++;
    if (!(**p == '-' || (**p >= '0' && **p <= '9')))
        return -1;
    long long x = strtoll(*p, &end, 10);
    if (end == *p)
        return -1;
    *p = end;
    *v = x;
    return 0;
}

int srv_clock_read(srv_clock *c, int seats, const char *text)
{
    int64_t v[8];
    const char *p = text;
    memset(c, 0, sizeof *c);
    if (strncmp(p, "1", 1) != 0)
        return -1;
    p++;
    for (int i = 0; i < 7; i++)
        if (clock_int(&p, &v[i]) < 0)
            return -1;
    if (v[0] < SRV_CLOCK_NONE || v[0] > SRV_CLOCK_TURN || v[1] < 0 || v[2] < 0 || v[3] < -1 ||
        v[4] < -1 || v[4] >= seats || v[6] < 0 || v[6] >= (1 << SRV_SEATS))
        return -1;
    c->kind = (int)v[0];
    c->start_ms = v[1];
    c->move_ms = v[2];
    c->index = (int)v[3];
    c->running = (int)v[4];
    c->deadline = v[5];
    c->away = (unsigned)v[6];
    for (int s = 0; s < seats; s++)
        if (clock_int(&p, &c->left[s]) < 0 || c->left[s] < 0)
            return -1;
    return *p ? -1 : 0;
}

int srv_clock_preset(const char *name, srv_clock *c)
{
    static const struct {
        const char *name;
        int kind;
        int64_t start_s, move_s;
    } presets[] = {
        /* docs/SERVER.md, "Clocks": the lobby's choices */
        {"fast", SRV_CLOCK_LIVE, 180, 10},
        {"normal", SRV_CLOCK_LIVE, 360, 20},
        {"slow", SRV_CLOCK_LIVE, 720, 40},
    };
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (strcmp(name, presets[i].name) == 0) {
            srv_clock_init(c, presets[i].kind, presets[i].start_s * 1000,
                           presets[i].move_s * 1000);
            return 0;
        }
    return -1;
}
