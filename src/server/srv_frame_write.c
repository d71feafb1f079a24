/*
 * srv_frame_write.c - writing a state frame: the full frame of docs/SERVER.md, or a
 * delta frame that carries only what changed since the seat's frame of the index
 * before.
 *
 * A full frame is the head (index, legal moves, events) and the seat's view as the
 * state JSON. A delta frame (sessions that ask for ?frames=delta) has the same head
 * and, instead of the view: the tiles added to the board since the base frame
 * ("board_from", "board_add": the board only grows, in placement order) and, in
 * "view", every other top-level member of the view whose text changed. To know what
 * changed without keeping old texts, a frame keeps its view's parts (srv_parts):
 * the board's length and a 64-bit hash of each other member ("key":value) (every
 * delta; a full frame when asked, i.e. when a delta session of its seat may take it
 * as its base). The delta writes the view without the board's known tiles
 * (carc_state_json_parts, so the board, a quarter of a late view, is not written again),
 * which marks where each member starts, and sends the members whose hash the base
 * does not have. A base whose parts are unknown (out of memory, or a full frame
 * written when no delta session of its seat was there) gives a delta that carries
 * the whole view (board_from 0), so a client that applies it has the full state.
 *
 * What a delta carries is a part of the seat's view (carc_view), as the full frame
 * is: it can hold nothing the full frame of the same seat does not.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv_int.h"

/* Appends s as a JSON string: as it is between quotes when nothing in it needs an
 * escape (notation and event strings are plain ASCII), else through sb_json_string. */
static void frame_write_json_string(strbuf *b, const char *s)
{
    const char *p = s;
    while (*p && (unsigned char)*p >= 0x20 && *p != '"' && *p != '\\')
        p++;
    if (*p) {
        sb_json_string(b, s);
        return;
    }
    sb_putc(b, '"');
    sb_puts(b, s);
    sb_putc(b, '"');
}

/* A 64-bit hash of n bytes: four independent lanes of eight bytes (a multiply and a
 * shift each), so that the processor runs them side by side; one lane was 14% of a
 * delta frame's time. Collisions matter only as "a changed member not sent", which
 * at 2^-64 per member the tests' full comparisons would show long before. */
static uint64_t frame_write_hash(const char *p, size_t n)
{
    static const uint64_t k[4] = { 0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full,
                                   0x165667B19E3779F9ull, 0xD6E8FEB86659FD93ull };
    uint64_t h[4] = { 0x243F6A8885A308D3ull ^ n, 0x13198A2E03707344ull,
                      0xA4093822299F31D0ull, 0x082EFA98EC4E6C89ull }, w;
    for (; n >= 32; p += 32, n -= 32)
        for (int i = 0; i < 4; i++) {
            memcpy(&w, p + 8 * i, 8);
            h[i] = (h[i] ^ w) * k[i];
            h[i] ^= h[i] >> 29;
        }
    for (int i = 0; n > 0; i = (i + 1) & 3) {
        size_t m = n < 8 ? n : 8;
        w = 0;
        memcpy(&w, p, m);
        h[i] = (h[i] ^ w) * k[i];
        h[i] ^= h[i] >> 29;
        p += m;
        n -= m;
    }
    uint64_t x = h[0] ^ (h[1] * k[1]) ^ (h[2] * k[2] >> 7) ^ (h[3] * k[3] << 3 | h[3] >> 61);
    x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull;
    return x ^ (x >> 29);
}

/* 1 if member m (of length n) is the board's. */
static int frame_write_is_board(const char *m, size_t n)
{
    return n >= 8 && memcmp(m, "\"board\":", 8) == 0;
}

/* The head of a frame, up to and including the events' list. */
static void frame_write_head(strbuf *b, const char *id, int index, const carc_game *view,
                             int seat, const carc_move *moves, int n, int delta)
{
    int nev = 0;
    const carc_event *ev = carc_events(view, &nev);
    char head[192], text[CARC_NOTATION_MAX], line[256];
    char seat_text[16] = "null";
    if (seat >= 0)
        snprintf(seat_text, sizeof seat_text, "%d", seat);
    if (delta)
        snprintf(head, sizeof head, "{\"type\":\"delta\",\"game\":\"%s\",\"index\":%d,\"base\":%d,"
                 "\"over\":%s,\"seat\":%s,\"legal\":[", id, index, index - 1,
                 carc_is_over(view) ? "true" : "false", seat_text);
    else
        snprintf(head, sizeof head, "{\"type\":\"state\",\"game\":\"%s\",\"index\":%d,"
                 "\"over\":%s,\"seat\":%s,\"legal\":[", id, index,
                 carc_is_over(view) ? "true" : "false", seat_text);
    sb_puts(b, head);
    for (int i = 0, k = 0; i < n; i++) {
        if (carc_move_format(view, &moves[i], text, sizeof text) < 0)
            continue;  /* cannot happen: notation covers every legal move */
        if (k++)
            sb_putc(b, ',');
        frame_write_json_string(b, text);
    }
    /* the events of the move that led here, as this view masks them */
    sb_puts(b, "],\"events\":[");
    for (int i = 0; i < nev; i++) {
        carc_event_string(&ev[i], line, sizeof line);
        if (i)
            sb_putc(b, ',');
        frame_write_json_string(b, line);
    }
    sb_putc(b, ']');
}

/* The holes the seat's abbey may go into (Abbey & Mayor, AM3, AM5; CI19's river end
 * only once it is closed), when the decision it owes is whether to place it: the
 * engine lists those placements only after the choice, and the page outlines them
 * with the question (a page guessing holes from the board outlined the river's dead
 * end too early). Found on a copy of the whole game (a view cannot be played) by
 * choosing the abbey, closing the seat's windows before the placement unplayed, and
 * taking the placements' positions: all of them public (the board), nothing hidden
 * is written. Nothing when the copy cannot be made. */
static void frame_write_abbey_holes(strbuf *b, const carc_game *g, int seat,
                                    const carc_move *moves, int n)
{
    int abbey = -1;
    for (int i = 0; i < n && abbey < 0; i++)
        if (moves[i].kind == CARC_MOVE_ABBEY)
            abbey = i;
    carc_game *c = abbey < 0 ? NULL : carc_clone(g);
    carc_move *place = c ? malloc(CARC_MAX_MOVES * sizeof *place) : NULL;
    if (!place || carc_apply(c, &moves[abbey], NULL) != CARC_OK) {
        free(place);
        carc_free(c);
        return;
    }
    /* at most a window before the placement (T2, or E0's abbey turn): closed unplayed */
    carc_pending p = carc_pending_decision(c);
    for (int k = 0; k < 4 && p.seat == seat && p.decision == CARC_DEC_WINDOW_BEFORE; k++) {
        carc_move pass = carc_move_pass();
        if (carc_apply(c, &pass, NULL) != CARC_OK)
            break;
        p = carc_pending_decision(c);
    }
    int np = p.seat == seat && p.decision == CARC_DEC_PLACE
             ? carc_legal(c, place, CARC_MAX_MOVES) : 0;
    sb_puts(b, ",\"abbey_holes\":[");
    for (int i = 0, k = 0; i < np; i++) {
        if (place[i].kind != CARC_MOVE_PLACE ||
            (i && place[i - 1].x == place[i].x && place[i - 1].y == place[i].y))
            continue;  /* the abbey has one rotation; a position once all the same */
        sb_printf(b, "%s{\"x\":%d,\"y\":%d}", k++ ? "," : "", place[i].x, place[i].y);
    }
    sb_putc(b, ']');
    free(place);
    carc_free(c);
}

/* 1 if the parts p hold hash h. */
static int frame_write_has(const srv_parts *p, uint64_t h)
{
    for (int i = 0; i < p->n; i++)
        if (p->h[i] == h)
            return 1;
    return 0;
}

void srv_frame_write(srv_frame *f, const char *id, int index, const carc_game *g, int seat,
                     carc_game *view, const srv_frame *base)
{
    int n = 0, delta = base != NULL;
    /* a spectator sees what every seat may know (RULES.md 6): the public view */
    carc_view(g, seat >= 0 ? seat : CARC_SEAT_PUBLIC, view);
    int tiles = carc_board_count(view);
    const srv_parts *from = delta && base->parts.ok && base->parts.board <= tiles
                            ? &base->parts : NULL;
    size_t at[SRV_PARTS], len[SRV_PARTS];
    int parts = 0;
    char *state = carc_state_json_parts(view, 0, from ? from->board : 0, at, SRV_PARTS, &parts);
    carc_pending p = carc_pending_decision(view);
    carc_move *moves = NULL;
    /* a full frame keeps its parts only if asked (parts.ok < 0 on entry: a delta
     * session of the seat may take it as its base); hashing a whole view costs */
    int keep = delta || f->parts.ok < 0;
    f->parts.ok = 0;
    if (!state)
        return;
    if (seat >= 0 && p.seat == seat && !carc_is_over(view)) {
        moves = malloc(CARC_MAX_MOVES * sizeof *moves);
        if (!moves) {
            free(state);
            return;
        }
        n = carc_legal(view, moves, CARC_MAX_MOVES);
    }
    /* member i runs from at[i] to the comma before at[i + 1], the last to the '}' */
    size_t total = strlen(state);
    for (int i = 0; i < parts; i++)
        len[i] = (i + 1 < parts ? at[i + 1] : total) - 1 - at[i];
    /* each member hashed once, for the comparison with the base and for the next
     * frame's (hashing was 4.5% of the service thread's time when done twice) */
    uint64_t hash[SRV_PARTS];
    for (int i = 0; keep && i < parts; i++)
        hash[i] = frame_write_is_board(state + at[i], len[i])
                  ? 0 : frame_write_hash(state + at[i], len[i]);
    strbuf b;
    sb_init(&b, 0);
    /* room for libwebsockets' header before the text, so the frame is sent as it is */
    for (int i = 0; i < LWS_PRE; i++)
        sb_putc(&b, ' ');
    frame_write_head(&b, id, index, view, seat, moves, n, delta);
    if (n && p.decision == CARC_DEC_ABBEY)
        frame_write_abbey_holes(&b, g, seat, moves, n);
    if (!delta) {
        sb_puts(&b, ",\"view\":");
        sb_puts(&b, state);
    } else {
        /* the board's new tiles, then the members that changed (all without a base) */
        sb_printf(&b, ",\"board_from\":%d,\"board_add\":", from ? from->board : 0);
        int board = 0;
        for (int i = 0; i < parts; i++)
            if (frame_write_is_board(state + at[i], len[i])) {
                sb_raw(&b, state + at[i] + 8, len[i] - 8);
                board = 1;
            }
        if (!board)
            sb_puts(&b, "[]");
        sb_puts(&b, ",\"view\":{");
        for (int i = 0, k = 0; i < parts; i++) {
            if (frame_write_is_board(state + at[i], len[i]) ||
                (from && frame_write_has(from, hash[i])))
                continue;
            if (k++)
                sb_putc(&b, ',');
            sb_raw(&b, state + at[i], len[i]);
        }
        sb_putc(&b, '}');
    }
    sb_putc(&b, '}');
    /* this frame's parts, for the delta of the next index */
    f->parts.n = 0;
    for (int i = 0; keep && i < parts; i++)
        if (!frame_write_is_board(state + at[i], len[i]))
            f->parts.h[f->parts.n++] = hash[i];
    f->parts.board = tiles;
    free(state);
    free(moves);
    size_t written = b.len;
    char *text = sb_take(&b);
    if (!text)
        return;
    f->parts.ok = keep;
    f->len = written - LWS_PRE;
    f->buf = (unsigned char *)text;
}
