/*
 * playout.c - the playout player (uniform over legal moves, as fast as the engine
 * allows) and the loop that plays a game to its end with it: `carc sim`, `carc
 * bench`, `carc demo` and the protocol's random moves.
 *
 * The player draws the index of its move in carc_legal's list from a splitmix64
 * stream (base.h) and gets that move from carc_legal_pick, or with full_list from
 * the list itself, written into its buffer of CARC_MAX_MOVES: a given seed always
 * picks the same moves either way, so sim, bench and demo are deterministic. (The
 * `random` player of carc_player_new, random.c, is the same choice behind the
 * players' interface, from a seat's view.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"

int carc_playout_init(carc_playout *p, uint64_t seed)
{
    p->rng = seed;
    p->full_list = 0;
    p->buf = malloc(sizeof *p->buf * CARC_MAX_MOVES);
    return p->buf ? 0 : -1;
}

void carc_playout_free(carc_playout *p)
{
    free(p->buf);
    p->buf = NULL;
}

/* carc_legal_pick's index: the random player's draw. */
static uint32_t playout_below(void *rng, uint32_t n)
{
    return mix_below(rng, n);
}

int carc_playout_pick(carc_playout *p, const carc_game *g, carc_move *out)
{
    if (!p->full_list) {
        int n = carc_legal_pick(g, playout_below, &p->rng, out);
        return n > 0 ? n : 0;
    }
    int n = carc_legal(g, p->buf, CARC_MAX_MOVES);
    if (n <= 0)
        return 0;
    *out = p->buf[mix_below(&p->rng, (uint32_t)n)];
    return n;
}

/* fnv1a over the 4 bytes of a legal-move count, in memory order, unrolled: the
 * bench hashes one at every decision. */
static inline uint64_t playout_hash_count(uint64_t h, uint32_t n)
{
    unsigned char b[4];
    memcpy(b, &n, 4);
    h = (h ^ b[0]) * 0x100000001b3ull;
    h = (h ^ b[1]) * 0x100000001b3ull;
    h = (h ^ b[2]) * 0x100000001b3ull;
    return (h ^ b[3]) * 0x100000001b3ull;
}

static void playout_error(carc_error *err, int code, const char *msg)
{
    if (!err)
        return;
    err->code = code;
    snprintf(err->msg, sizeof err->msg, "%s", msg);
}

int carc_playout_game(carc_game *g, carc_playout *p, carc_playout_hook hook, void *ctx,
                      int check, carc_playout_result *res, carc_error *err)
{
    carc_game *before = NULL;
    uint64_t h = FNV1A_INIT;
    int moves = 0, rc = CARC_OK, seat, players = carc_players(g);
    carc_move m;

    if (hook && !(before = carc_clone(g))) {
        playout_error(err, CARC_E_INVALID, "out of memory");
        return CARC_E_INVALID;
    }
    for (;;) {
        uint32_t n = (uint32_t)carc_playout_pick(p, g, &m);
        if (n == 0) {
            if (!carc_is_over(g)) {
                playout_error(err, CARC_E_INVALID, "no legal move but the game is not over");
                rc = CARC_E_INVALID;
            }
            break;
        }
        h = playout_hash_count(h, n);
        if (before)
            carc_copy(before, g);
        if ((rc = carc_apply(g, &m, err)) != CARC_OK)
            break;
        moves++;
        if (hook && (rc = hook(ctx, before, &m, g, err)) != CARC_OK)
            break;
        if (check && (rc = carc_check(g, err)) != CARC_OK)
            break;
    }
    for (seat = 0; seat < players; seat++) {
        int32_t s = carc_score(g, seat);
        h = fnv1a(h, &s, sizeof s);
    }
    carc_free(before);
    if (res) {
        res->turns = carc_turn(g);
        res->moves = moves;
        res->hash = h;
    }
    return rc;
}
