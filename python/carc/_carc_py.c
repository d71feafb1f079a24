/*
 * _carc_py.c - the C side of the Python package: the fixed action encoding, a seat's
 * observation from its view only, and batched stepping (_carc_py.h, docs/PYTHON.md).
 * Public API of the engine, record layer and players only: no engine internals.
 */
#include "_carc_py.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carc_ai.h"
#include "carc_record.h"

/* bytes of a bit per action, for the widest window */
#define ABYTES_MAX ((CPY_ACTIONS_MAX + 7) / 8)

int cpy_actions(void) { return CPY_ACTIONS; }
int cpy_window(void) { return CPY_W; }
int cpy_window_min(void) { return CPY_W_MIN; }
int cpy_window_max(void) { return CPY_W_MAX; }
int cpy_channels(void) { return CPY_CHANNELS; }
int cpy_hand_size(void) { return CPY_HAND; }

/* ---- the window ------------------------------------------------------------------- */

/* A window and the first ids of its sections that depend on it (the others are the
 * enum's for every window). */
typedef struct enc {
    int r, w, cells, actions, abytes;
    int seg, pos, again, seat5, follower_i, fig_follower, figure, seg_i, abbot_g, recall, seg_g;
    int walk, fairy, princess, follower_at, ransom, exchange, floor, seg_t;
    int fig_follower2, follower_i2, figure2, ransom2, exchange2, abbey, barn, seg_i2;
} enc;

#define ENC_OF(W)                                                                          \
    {                                                                                      \
        .r = ((W) - 1) / 2, .w = (W), .cells = (W) * (W),                                  \
        .actions = CPY_ACTIONS_AT((W) * (W)), .abytes = (CPY_ACTIONS_AT((W) * (W)) + 7) / 8, \
        .seg = CPY_SEG_AT((W) * (W)), .pos = CPY_POS_AT((W) * (W)),                        \
        .again = CPY_AGAIN_AT((W) * (W)), .seat5 = CPY_AGAIN_AT((W) * (W)) + 1,            \
        .follower_i = CPY_AGAIN_AT((W) * (W)) + 2,                                         \
        .fig_follower = CPY_AGAIN_AT((W) * (W)) + 3, .figure = CPY_FIGURE_AT((W) * (W)),   \
        .seg_i = CPY_SEG_I_AT((W) * (W)), .abbot_g = CPY_ABBOT_G_AT((W) * (W)),            \
        .recall = CPY_ABBOT_G_AT((W) * (W)) + 1, .seg_g = CPY_SEG_G_AT((W) * (W)),         \
        .walk = CPY_WALK_AT((W) * (W)), .fairy = CPY_WALK_AT((W) * (W)) + 4,               \
        .princess = CPY_WALK_AT((W) * (W)) + 5, .follower_at = CPY_WALK_AT((W) * (W)) + 6, \
        .ransom = CPY_WALK_AT((W) * (W)) + 7,                                              \
        .exchange = CPY_WALK_AT((W) * (W)) + 7 + CPY_FIGURES * CARC_MAX_PLAYERS,          \
        .floor = CPY_FLOOR_AT((W) * (W)), .seg_t = CPY_SEG_T_AT((W) * (W)),                \
        .fig_follower2 = CPY_AM_AT((W) * (W)),                                             \
        .follower_i2 = CPY_AM_AT((W) * (W)) + CPY_A_FOLLOWER_I2 - CPY_A_FIG_FOLLOWER2,      \
        .figure2 = CPY_AM_AT((W) * (W)) + CPY_A_FIGURE2 - CPY_A_FIG_FOLLOWER2,              \
        .ransom2 = CPY_AM_AT((W) * (W)) + CPY_A_RANSOM2 - CPY_A_FIG_FOLLOWER2,              \
        .exchange2 = CPY_AM_AT((W) * (W)) + CPY_A_EXCHANGE2 - CPY_A_FIG_FOLLOWER2,          \
        .abbey = CPY_AM_AT((W) * (W)) + CPY_A_ABBEY - CPY_A_FIG_FOLLOWER2,                  \
        .barn = CPY_AM_AT((W) * (W)) + CPY_A_BARN - CPY_A_FIG_FOLLOWER2,                    \
        .seg_i2 = CPY_SEG_I2_AT((W) * (W)),                                                \
    }

static const enc ENC_DEFAULT = ENC_OF(CPY_W);

int cpy_window_ok(int window)
{
    return window >= CPY_W_MIN && window <= CPY_W_MAX && window % 2 == 1;
}

/* The window of width `window` (one cpy_window_ok accepts; the default otherwise). */
static enc enc_of(int window)
{
    if (window == CPY_W || !cpy_window_ok(window))
        return ENC_DEFAULT;
    enc e = ENC_OF(window);
    return e;
}

int cpy_actions_w(int window) { return enc_of(window).actions; }

/* The hot paths (a move's actions, the legal actions, the board planes) are written once
 * for any window, inlined into two copies: one for the default window, where the compiler
 * folds ENC_DEFAULT's fields into constants (as fast as when the window was fixed), and
 * one for any other; `e->w == CPY_W` picks one. */
#define HOT static inline __attribute__((always_inline))

/* ---- actions -------------------------------------------------------------------- */

HOT int cell_of(const enc *e, int x, int y)
{
    if (x < -e->r || x > e->r || y < -e->r || y > e->r)
        return -1;
    return (y + e->r) * e->w + (x + e->r);
}

HOT int seg_token(const enc *e, int x, int y, int port)
{
    int c = cell_of(e, x, y);
    if (c >= 0 && port == CARC_PORT_T)  /* a tower's top (TW4, TW5) */
        return e->seg_t + c;
    if (c >= 0 && port == CARC_PORT_I2)  /* the second inner field (AM12) */
        return e->seg_i2 + c;
    if (c < 0 || port > CARC_PORT_G)
        return -1;
    if (port == CARC_PORT_G)  /* Cash Out takes the abbot from a garden (GI4) */
        return e->seg_g + c;
    return port == CARC_PORT_I ? e->seg_i + c : e->seg + c * CPY_OLD_PORTS + port;
}

_Static_assert(CARC_FIG_MAYOR == CPY_FIGURES && CARC_FIG_WAGON == CPY_FIGURES + 1 &&
                   CARC_FIG_BARN == CPY_ALL_FIGURES - 1 && CARC_FIGURES == CPY_ALL_FIGURES,
               "the figures of the sections 2 (mayor, wagon) follow the first five, the barn last");
_Static_assert(CARC_PORT_CSW == CARC_PORT_CNW + CPY_CORNERS - 1, "the barn's corners in a row");

/* The token of the figure a gift, card or target move names (none for a meeple): 0 when
 * none is written, -1 when the figure is unknown. */
HOT int figure_token(const enc *e, int figure)
{
    if (figure == CARC_FIG_MEEPLE)
        return 0;
    if (figure >= CPY_FIGURES)  /* the mayor and the wagon; the barn is never named */
        return figure < CPY_FIGURES + CPY_AM_FIGURES ? e->figure2 + figure - CPY_FIGURES : -1;
    return e->figure + figure - 1;
}

/* The sections in id order: each begins where the one before ends, and is `len` ids
 * plus `cells` ids per cell of the window long. */
static const struct {
    const char *name;
    int len, cells;
} SECTIONS[] = {
    {"pass", 1, 0}, {"draw", 1, 0}, {"block", 1, 0}, {"fallback", 1, 0}, {"gift", 5, 0},
    {"play", 32, 0}, {"discard", 32, 0}, {"seat", 5, 0}, {"follower", CPY_OLD_PORTS, 0},
    {"place", 0, 8}, {"seg", 0, CPY_OLD_PORTS}, {"pos", 0, 1}, {"again", 1, 0},
    {"seat5", 1, 0}, {"follower_i", 1, 0},
    {"fig_follower", (CPY_FIGURES - 1) * CPY_FIG_PORTS, 0},
    {"figure", CPY_FIGURES - 1, 0}, {"seg_i", 0, 1}, {"abbot_g", 1, 0}, {"recall", 0, 2},
    {"seg_g", 0, 1}, {"walk", 4, 0}, {"fairy", 1, 0}, {"princess", 1, 0},
    {"follower_at", 1, 0}, {"ransom", CPY_FIGURES * CARC_MAX_PLAYERS, 0},
    {"exchange", CPY_FIGURES, 0}, {"floor", 0, 1}, {"seg_t", 0, 1},
    {"fig_follower2", CPY_AM_FIGURES * CPY_FIG_PORTS, 0},
    {"follower_i2", CPY_FIGURES + CPY_AM_FIGURES, 0}, {"figure2", CPY_AM_FIGURES, 0},
    {"ransom2", CPY_AM_FIGURES * CARC_MAX_PLAYERS, 0}, {"exchange2", CPY_AM_FIGURES, 0},
    {"abbey", 1, 0}, {"barn", CPY_CORNERS, 0}, {"seg_i2", 0, 1},
};

int cpy_action_section_w(int window, int i, const char **name, int *base, int *len)
{
    if (i < 0 || i >= (int)(sizeof SECTIONS / sizeof SECTIONS[0]))
        return 0;
    int cells = enc_of(window).cells, at = 0;
    for (int k = 0; k < i; k++)
        at += SECTIONS[k].len + SECTIONS[k].cells * cells;
    *name = SECTIONS[i].name;
    *base = at;
    *len = SECTIONS[i].len + SECTIONS[i].cells * cells;
    return 1;
}

int cpy_action_section(int i, const char **name, int *base, int *len)
{
    return cpy_action_section_w(CPY_W, i, name, base, len);
}

HOT int pos_token(const enc *e, int x, int y)
{
    int c = cell_of(e, x, y);
    return c < 0 ? -1 : e->pos + c;
}

/* The token of seat2 relative to the acting seat (SEAT + r, SEAT5), or -1. */
HOT int seat_token(const carc_game *g, const enc *e, int seat2)
{
    int p = carc_players(g), actor = carc_pending_decision(g).seat;
    if (seat2 >= p || actor < 0)
        return -1;
    int r = (seat2 - actor + p) % p;
    return r < 5 ? CPY_A_SEAT + r : e->seat5;
}

/* The actions of a move that names a follower by its place (x, y, port) and figure: the
 * move's own first action `lead` (none when negative), FIGURE when the figure is not a
 * meeple, the place's target and, with `seat`, whose follower (SEAT + r). Returns how many,
 * 0 when one cannot be written. */
HOT int figure_place_tokens(const carc_game *g, const enc *e, const carc_move *m, int lead,
                            int seat, int32_t out[CPY_MAX_TOKENS])
{
    int n = 0, t;
    if (lead >= 0)
        out[n++] = lead;
    if ((t = figure_token(e, m->figure)) < 0)
        return 0;
    if (t)
        out[n++] = t;
    if ((t = seg_token(e, m->x, m->y, m->port)) < 0)
        return 0;
    out[n++] = t;
    if (seat) {
        if ((t = seat_token(g, e, m->seat2)) < 0)
            return 0;
        out[n++] = t;
    }
    return n;
}

static int is_xcard(int card) { return card >= CARC_XC_SCORE_THREE && card < CARC_CARDS; }

HOT int move_tokens_(const carc_game *g, const enc *e, const carc_move *m,
                    int32_t out[CPY_MAX_TOKENS])
{
    int n = 0, t;
    switch (m->kind) {
    case CARC_MOVE_PASS: out[n++] = CPY_A_PASS; break;
    case CARC_MOVE_DRAW: out[n++] = CPY_A_DRAW; break;
    case CARC_MOVE_BLOCK: out[n++] = CPY_A_BLOCK; break;
    case CARC_MOVE_AGAIN: out[n++] = e->again; break;
    case CARC_MOVE_DISCARD:
        if (!is_xcard(m->card))
            return 0;
        out[n++] = CPY_A_DISCARD + m->card - CARC_XC_SCORE_THREE;
        break;
    case CARC_MOVE_FOLLOWER: {
        if (m->figure >= CPY_ALL_FIGURES)
            return 0;
        int lx, ly, last = carc_last_placed(g, &lx, &ly) && lx == m->x && ly == m->y;
        if (m->figure == CARC_FIG_BARN) {  /* on a corner of the tile placed (AM9) */
            if (!last || m->port < CARC_PORT_CNW || m->port >= CARC_PORT_CNW + CPY_CORNERS)
                return 0;
            out[n++] = e->barn + m->port - CARC_PORT_CNW;
        } else if (!last || m->port == CARC_PORT_T) {
            /* elsewhere than on the tile placed this turn: through a portal (PD11), on a
             * tower's top (TW4) */
            return figure_place_tokens(g, e, m, e->follower_at, 0, out);
        } else if (m->port == CARC_PORT_G) {  /* only the abbot stands on a garden (A4) */
            if (m->figure != CARC_FIG_ABBOT)
                return 0;
            out[n++] = e->abbot_g;
        } else if (m->port == CARC_PORT_I2) {  /* the second inner field (AM12) */
            out[n++] = e->follower_i2 + m->figure;
        } else if (m->port >= CPY_FIG_PORTS) {
            return 0;
        } else if (m->figure >= CPY_FIGURES) {  /* the mayor, the wagon */
            out[n++] = e->fig_follower2 + (m->figure - CPY_FIGURES) * CPY_FIG_PORTS + m->port;
        } else if (m->figure != CARC_FIG_MEEPLE) {
            out[n++] = e->fig_follower + (m->figure - 1) * CPY_FIG_PORTS + m->port;
        } else {
            out[n++] = m->port == CARC_PORT_I ? e->follower_i : CPY_A_FOLLOWER + m->port;
        }
        break;
    }
    case CARC_MOVE_WALK: {
        /* the step's side of the tile the walker stands on (the last tile visited) */
        carc_dragon_info d;
        if (!carc_dragon_status(g, &d) || !d.walking)
            return 0;
        int dx = m->x - d.visited_x[d.walked], dy = m->y - d.visited_y[d.walked];
        int dir = dy == -1 && !dx ? 0 : dx == 1 && !dy ? 1 : dy == 1 && !dx ? 2
                : dx == -1 && !dy ? 3 : -1;
        if (dir < 0)
            return 0;
        out[n++] = e->walk + dir;
        break;
    }
    case CARC_MOVE_ASSIGN:  /* the fairy next to one's own follower */
        return figure_place_tokens(g, e, m, e->fairy, 0, out);
    case CARC_MOVE_REMOVE:  /* the princess: whose follower is always written */
        return figure_place_tokens(g, e, m, e->princess, 1, out);
    case CARC_MOVE_CAPTURE:
        /* the decision `capture` lists nothing else (and pass): the figure, the place and
         * the seat, as a target move's */
        return figure_place_tokens(g, e, m, -1, 1, out);
    case CARC_MOVE_RANSOM: {
        int p = carc_players(g), actor = carc_pending_decision(g).seat;
        if (m->figure >= CPY_FIGURES + CPY_AM_FIGURES || m->seat2 >= p || actor < 0)
            return 0;
        int r = (m->seat2 - actor + p) % p;
        out[n++] = m->figure < CPY_FIGURES
                       ? e->ransom + m->figure * CARC_MAX_PLAYERS + r
                       : e->ransom2 + (m->figure - CPY_FIGURES) * CARC_MAX_PLAYERS + r;
        break;
    }
    case CARC_MOVE_EXCHANGE:
        if (m->figure >= CPY_FIGURES + CPY_AM_FIGURES)
            return 0;
        out[n++] = m->figure < CPY_FIGURES ? e->exchange + m->figure
                                           : e->exchange2 + m->figure - CPY_FIGURES;
        break;
    case CARC_MOVE_ABBEY: out[n++] = e->abbey; break;
    case CARC_MOVE_FLOOR: {
        int c = cell_of(e, m->x, m->y);
        if (c < 0)
            return 0;
        out[n++] = e->floor + c;
        break;
    }
    case CARC_MOVE_RECALL: {
        int c = cell_of(e, m->x, m->y);
        if (c < 0 || m->figure != CARC_FIG_ABBOT ||
            (m->port != CARC_PORT_C && m->port != CARC_PORT_G))
            return 0;
        out[n++] = e->recall + c * 2 + (m->port == CARC_PORT_G);
        break;
    }
    case CARC_MOVE_PLACE: {
        int kinds[2], slot = -1, nh = carc_hand_tiles(g, kinds);
        if (nh > 0 && kinds[0] == m->tile)
            slot = 0;
        else if (nh > 1 && kinds[1] == m->tile)
            slot = 1;
        int c = cell_of(e, m->x, m->y);
        if (slot < 0 || c < 0 || m->rot > 3)
            return 0;
        out[n++] = CPY_A_PLACE + (slot * e->cells + c) * 4 + m->rot;
        break;
    }
    case CARC_MOVE_TARGET:
        if ((t = figure_token(e, m->figure)) < 0)
            return 0;
        if (t)
            out[n++] = t;
        t = m->port == CARC_PORT_NONE ? pos_token(e, m->x, m->y)
                                      : seg_token(e, m->x, m->y, m->port);
        if (t < 0)
            return 0;
        out[n++] = t;
        break;
    case CARC_MOVE_GIFT:
    case CARC_MOVE_CARD:
        if (m->kind == CARC_MOVE_GIFT) {
            if (m->card < CARC_GIFT_SYNOD || m->card > CARC_GIFT_TAKE_TWO)
                return 0;
            out[n++] = CPY_A_GIFT + m->card - CARC_GIFT_SYNOD;
        } else {
            if (!is_xcard(m->card))
                return 0;
            out[n++] = CPY_A_PLAY + m->card - CARC_XC_SCORE_THREE;
        }
        if ((t = figure_token(e, m->figure)) < 0)
            return 0;
        if (t)
            out[n++] = t;
        if (m->kind == CARC_MOVE_CARD && carc_card_target(m->card) == CARC_TARGET_POS) {
            if ((t = pos_token(e, m->x, m->y)) < 0)
                return 0;
            out[n++] = t;
            break;
        }
        if (m->port != CARC_PORT_NONE) {
            if ((t = seg_token(e, m->x, m->y, m->port)) < 0)
                return 0;
            out[n++] = t;
        }
        if (m->port2 != CARC_PORT_NONE) {
            if ((t = seg_token(e, m->x2, m->y2, m->port2)) < 0)
                return 0;
            out[n++] = t;
        }
        if (m->seat2 != CARC_SEAT_NONE) {
            if ((t = seat_token(g, e, m->seat2)) < 0)
                return 0;
            out[n++] = t;
        }
        break;
    default:
        return 0;
    }
    return n;
}

static int move_tokens(const carc_game *g, const enc *e, const carc_move *m,
                       int32_t out[CPY_MAX_TOKENS])
{
    return move_tokens_(g, e, m, out);
}

int cpy_move_tokens_w(const carc_game *g, int window, const carc_move *m,
                      int32_t out[CPY_MAX_TOKENS])
{
    enc e = enc_of(window);
    return move_tokens(g, &e, m, out);
}

int cpy_move_tokens(const carc_game *g, const carc_move *m, int32_t out[CPY_MAX_TOKENS])
{
    return move_tokens(g, &ENC_DEFAULT, m, out);
}

int cpy_outside_w(const carc_game *g, int window, carc_move *buf)
{
    enc e = enc_of(window);
    int n = carc_legal(g, buf, CARC_MAX_MOVES), k = 0;
    int32_t t[CPY_MAX_TOKENS];
    for (int i = 0; i < n; i++)
        k += !move_tokens(g, &e, &buf[i], t);
    return k;
}

/* The actions legal after prefix, each once: `bits` must be clear for every action and
 * is left set for those written. Returns the count (written up to cap). */
HOT int collect_(const carc_game *g, const enc *e, const int32_t *prefix, int np,
                carc_move *buf, int32_t *ids, int cap, uint8_t *bits)
{
    int n = carc_legal(g, buf, CARC_MAX_MOVES), k = 0, nenc = 0;
    int32_t t[CPY_MAX_TOKENS];
    for (int i = 0; i < n; i++) {
        int nt = move_tokens_(g, e, &buf[i], t);
        if (!nt)
            continue;
        nenc++;
        if (nt <= np || (np && memcmp(t, prefix, (size_t)np * sizeof *t)))
            continue;
        int a = t[np];
        if (bits[a >> 3] & (1u << (a & 7)))
            continue;
        bits[a >> 3] |= (uint8_t)(1u << (a & 7));
        if (k < cap)
            ids[k] = a;
        k++;
    }
    if (np == 0 && nenc == 0 && n > 0) {
        bits[CPY_A_FALLBACK >> 3] |= (uint8_t)(1u << (CPY_A_FALLBACK & 7));
        if (k < cap)
            ids[k] = CPY_A_FALLBACK;
        k++;
    }
    return k;
}

static int collect_default(const carc_game *g, const int32_t *prefix, int np, carc_move *buf,
                           int32_t *ids, int cap, uint8_t *bits)
{
    return collect_(g, &ENC_DEFAULT, prefix, np, buf, ids, cap, bits);
}

static int collect_any(const carc_game *g, const enc *e, const int32_t *prefix, int np,
                       carc_move *buf, int32_t *ids, int cap, uint8_t *bits)
{
    return collect_(g, e, prefix, np, buf, ids, cap, bits);
}

static int collect(const carc_game *g, const enc *e, const int32_t *prefix, int np,
                   carc_move *buf, int32_t *ids, int cap, uint8_t *bits)
{
    return e->w == CPY_W ? collect_default(g, prefix, np, buf, ids, cap, bits)
                         : collect_any(g, e, prefix, np, buf, ids, cap, bits);
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static int legal_actions(const carc_game *g, const enc *e, const int32_t *prefix, int np,
                         carc_move *buf, int32_t *ids)
{
    uint8_t bits[ABYTES_MAX];
    memset(bits, 0, (size_t)e->abytes);
    int k = collect(g, e, prefix, np, buf, ids, CARC_MAX_MOVES, bits);
    qsort(ids, (size_t)k, sizeof *ids, cmp_i32);
    return k;
}

int cpy_legal_actions_w(const carc_game *g, int window, const int32_t *prefix, int np,
                        carc_move *buf, int32_t *ids)
{
    enc e = enc_of(window);
    return legal_actions(g, &e, prefix, np, buf, ids);
}

int cpy_legal_actions(const carc_game *g, const int32_t *prefix, int np, carc_move *buf,
                      int32_t *ids)
{
    return legal_actions(g, &ENC_DEFAULT, prefix, np, buf, ids);
}

HOT int resolve_(const carc_game *g, const enc *e, const int32_t *prefix, int np,
                carc_move *buf, carc_move *out)
{
    int n = carc_legal(g, buf, CARC_MAX_MOVES), nenc = 0, partial = 0;
    int32_t t[CPY_MAX_TOKENS];
    if (np < 1 || np > CPY_MAX_TOKENS)
        return -1;
    for (int i = 0; i < n; i++) {
        int nt = move_tokens_(g, e, &buf[i], t);
        if (!nt)
            continue;
        nenc++;
        if (nt < np || memcmp(t, prefix, (size_t)np * sizeof *t))
            continue;
        if (nt == np) {
            *out = buf[i];
            return 1;
        }
        partial = 1;
    }
    if (np == 1 && prefix[0] == CPY_A_FALLBACK && nenc == 0 && n > 0) {
        *out = buf[0];
        return 1;
    }
    return partial ? 0 : -1;
}

static int resolve_default(const carc_game *g, const int32_t *prefix, int np, carc_move *buf,
                           carc_move *out)
{
    return resolve_(g, &ENC_DEFAULT, prefix, np, buf, out);
}

static int resolve_any(const carc_game *g, const enc *e, const int32_t *prefix, int np,
                       carc_move *buf, carc_move *out)
{
    return resolve_(g, e, prefix, np, buf, out);
}

static int resolve(const carc_game *g, const enc *e, const int32_t *prefix, int np,
                   carc_move *buf, carc_move *out)
{
    return e->w == CPY_W ? resolve_default(g, prefix, np, buf, out)
                         : resolve_any(g, e, prefix, np, buf, out);
}

int cpy_resolve_w(const carc_game *g, int window, const int32_t *prefix, int np, carc_move *buf,
                  carc_move *out)
{
    enc e = enc_of(window);
    return resolve(g, &e, prefix, np, buf, out);
}

int cpy_resolve(const carc_game *g, const int32_t *prefix, int np, carc_move *buf,
                carc_move *out)
{
    return resolve(g, &ENC_DEFAULT, prefix, np, buf, out);
}

/* The figure and port of a follower action on the tile placed this turn (FOLLOWER,
 * FOLLOWER_I, FIG_FOLLOWER, ABBOT_G, FIG_FOLLOWER2, FOLLOWER_I2, BARN), or 0 when `a` is
 * none of them. */
static int follower_action(const enc *e, int32_t a, int *figure, int *port)
{
    int fol = a >= CPY_A_FOLLOWER && a < CPY_A_PLACE ? a - CPY_A_FOLLOWER
            : a == e->follower_i ? CARC_PORT_I
            : a >= e->fig_follower && a < e->figure ? a - e->fig_follower + CPY_FIG_PORTS
            : a >= e->fig_follower2 && a < e->follower_i2
                ? a - e->fig_follower2 + CPY_FIGURES * CPY_FIG_PORTS
            : -1;
    if (fol >= 0) {
        *figure = fol / CPY_FIG_PORTS;
        *port = fol % CPY_FIG_PORTS;
    } else if (a == e->abbot_g) {
        *figure = CARC_FIG_ABBOT;
        *port = CARC_PORT_G;
    } else if (a >= e->follower_i2 && a < e->figure2) {
        *figure = a - e->follower_i2;
        *port = CARC_PORT_I2;
    } else if (a >= e->barn && a < e->barn + CPY_CORNERS) {
        *figure = CARC_FIG_BARN;
        *port = CARC_PORT_CNW + a - e->barn;
    } else {
        return 0;
    }
    return 1;
}

/* decode_single for the one-action moves of issue 30's sections that are not followers
 * on the tile placed: the dragon's step, a ransom, an exchange, a floor, the abbey. */
static int decode_single_boxes(const carc_game *g, const enc *e, int32_t a, carc_move *out)
{
    int p = carc_players(g), actor = carc_pending_decision(g).seat;
    if (a >= e->walk && a < e->walk + 4) {
        carc_dragon_info d;
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        if (!carc_dragon_status(g, &d) || !d.walking)
            return 0;
        out->kind = CARC_MOVE_WALK;
        out->x = (int8_t)(d.visited_x[d.walked] + dx[a - e->walk]);
        out->y = (int8_t)(d.visited_y[d.walked] + dy[a - e->walk]);
        return 1;
    }
    int ransom = a >= e->ransom && a < e->exchange ? a - e->ransom
               : a >= e->ransom2 && a < e->exchange2
                   ? a - e->ransom2 + CPY_FIGURES * CARC_MAX_PLAYERS
               : -1;
    if (ransom >= 0) {
        if (actor < 0 || ransom % CARC_MAX_PLAYERS >= p)
            return 0;
        out->kind = CARC_MOVE_RANSOM;
        out->figure = (uint8_t)(ransom / CARC_MAX_PLAYERS);
        out->seat2 = (uint8_t)((actor + ransom % CARC_MAX_PLAYERS) % p);
        return 1;
    }
    int exchange = a >= e->exchange && a < e->exchange + CPY_FIGURES ? a - e->exchange
                 : a >= e->exchange2 && a < e->abbey ? a - e->exchange2 + CPY_FIGURES
                 : -1;
    if (exchange >= 0) {
        out->kind = CARC_MOVE_EXCHANGE;
        out->figure = (uint8_t)exchange;
        return 1;
    }
    if (a >= e->floor && a < e->seg_t) {
        out->kind = CARC_MOVE_FLOOR;
        out->x = (int8_t)((a - e->floor) % e->w - e->r);
        out->y = (int8_t)((a - e->floor) / e->w - e->r);
        out->port = CARC_PORT_T;
        return 1;
    }
    if (a == e->abbey) {
        out->kind = CARC_MOVE_ABBEY;
        return 1;
    }
    return 0;
}

/* The move of action `a` when `a` alone is a whole move (every section of one-action
 * moves: pass, draw, block, again, discard, a follower on the tile placed, a recall, a
 * placement, and those of decode_single_boxes): 1 and *out, else 0. The batch applies a
 * legal first action through it without listing the legal moves again, so it must give
 * exactly the move carc_legal lists (test_game, box_checks.read_back). */
static int decode_single(const carc_game *g, const enc *e, int32_t a, carc_move *out)
{
    *out = carc_move_pass();
    if (a == CPY_A_PASS)
        return 1;
    if (a == CPY_A_DRAW || a == CPY_A_BLOCK || a == e->again) {
        out->kind = a == CPY_A_DRAW ? CARC_MOVE_DRAW
                  : a == CPY_A_BLOCK ? CARC_MOVE_BLOCK : CARC_MOVE_AGAIN;
        return 1;
    }
    if (a >= CPY_A_DISCARD && a < CPY_A_SEAT) {
        out->kind = CARC_MOVE_DISCARD;
        out->card = (uint8_t)(a - CPY_A_DISCARD + CARC_XC_SCORE_THREE);
        return 1;
    }
    int figure, port;
    if (follower_action(e, a, &figure, &port)) {
        int x, y;
        if (!carc_last_placed(g, &x, &y))
            return 0;
        out->kind = CARC_MOVE_FOLLOWER;
        out->x = (int8_t)x;
        out->y = (int8_t)y;
        out->port = (uint8_t)port;
        out->figure = (uint8_t)figure;
        return 1;
    }
    if (a >= e->recall && a < e->seg_g) {
        int cell = (a - e->recall) / 2;
        out->kind = CARC_MOVE_RECALL;
        out->x = (int8_t)(cell % e->w - e->r);
        out->y = (int8_t)(cell / e->w - e->r);
        out->port = (a - e->recall) % 2 ? CARC_PORT_G : CARC_PORT_C;
        out->figure = CARC_FIG_ABBOT;
        return 1;
    }
    if (a >= CPY_A_PLACE && a < e->seg) {
        int i = a - CPY_A_PLACE, kinds[2];
        int slot = i / 4 / e->cells, cell = i / 4 % e->cells;
        if (carc_hand_tiles(g, kinds) <= slot)
            return 0;
        out->kind = CARC_MOVE_PLACE;
        out->tile = (uint8_t)kinds[slot];
        out->rot = (uint8_t)(i % 4);
        out->x = (int8_t)(cell % e->w - e->r);
        out->y = (int8_t)(cell / e->w - e->r);
        return 1;
    }
    return a >= e->walk && decode_single_boxes(g, e, a, out);
}

int cpy_decode_single_w(const carc_game *g, int window, int32_t a, carc_move *out)
{
    enc e = enc_of(window);
    return decode_single(g, &e, a, out);
}

int cpy_decode_single(const carc_game *g, int32_t a, carc_move *out)
{
    return decode_single(g, &ENC_DEFAULT, a, out);
}

int cpy_apply_action_w(carc_game *g, int window, int32_t *prefix, int *np, int32_t action,
                       carc_move *buf, carc_move *applied, carc_error *err)
{
    enc e = enc_of(window);
    if (action < 0 || action >= e.actions || *np >= CPY_MAX_TOKENS)
        return -1;
    prefix[*np] = action;
    int r = resolve(g, &e, prefix, *np + 1, buf, applied);
    if (r < 0)
        return -1;
    if (r == 0) {
        (*np)++;
        return 0;
    }
    if (carc_apply(g, applied, err) != CARC_OK)
        return -2;
    *np = 0;
    return 1;
}

int cpy_apply_action(carc_game *g, int32_t *prefix, int *np, int32_t action, carc_move *buf,
                     carc_move *applied, carc_error *err)
{
    return cpy_apply_action_w(g, CPY_W, prefix, np, action, buf, applied, err);
}

int cpy_prefix_clashes_w(const carc_game *g, int window, carc_move *buf)
{
    enc e = enc_of(window);
    int n = carc_legal(g, buf, CARC_MAX_MOVES), clashes = 0;
    int32_t a[CPY_MAX_TOKENS], b[CPY_MAX_TOKENS];
    for (int i = 0; i < n; i++) {
        if (buf[i].kind == CARC_MOVE_PLACE)
            continue;
        int na = move_tokens(g, &e, &buf[i], a);
        if (!na)
            continue;
        for (int j = 0; j < n; j++) {
            if (j == i || buf[j].kind == CARC_MOVE_PLACE)
                continue;
            int nb = move_tokens(g, &e, &buf[j], b);
            if (nb >= na && !memcmp(a, b, (size_t)na * sizeof *a)) {
                clashes++;
                break;
            }
        }
    }
    return clashes;
}

int cpy_prefix_clashes(const carc_game *g, carc_move *buf)
{
    return cpy_prefix_clashes_w(g, CPY_W, buf);
}

/* ---- observations ---------------------------------------------------------------- */

/* The public vector: every range by seat holds CARC_MAX_PLAYERS entries, relative to
 * the observer (0 = the observer, 1 = the next seat in turn order, ...). */
#define NP CARC_MAX_PLAYERS
#define NK CARC_TILE_KINDS
enum {
    O_PLAYERS = 0, O_EXP = O_PLAYERS + NP - 1, O_DEC = O_EXP + 4,
    O_OWES = O_DEC + CARC_DECISIONS, O_ACTIVE = O_OWES + NP, O_SCORE = O_ACTIVE + NP,
    O_PARTS = O_SCORE + NP, O_SUPPLY = O_PARTS + NP * CARC_SCORE_CATEGORIES,
    O_BANKED = O_SUPPLY + NP, O_STACK_LEFT = O_BANKED + NP, O_STACK_KINDS = O_STACK_LEFT + 1,
    O_HAND_TILES = O_STACK_KINDS + NK, O_TURN = O_HAND_TILES + 2 * NK, O_OVER = O_TURN + 1,
    O_GIFT_DECK = O_OVER + 1, O_GIFTS = O_GIFT_DECK + 1, O_XDECK = O_GIFTS + NP,
    O_XHAND = O_XDECK + 2, O_OFFERED = O_XHAND + 2 * NP, O_IN_PLAY = O_OFFERED + 2,
    O_MASTERMINDS = O_IN_PLAY + CARC_CARDS, O_MODIFIER = O_MASTERMINDS + 1,
    O_REMOVED = O_MODIFIER + 1, O_FIGURES = O_REMOVED + 1,
    O_GOODS = O_FIGURES + NP * CPY_FIGURES, O_GOODS_SUPPLY = O_GOODS + NP * CARC_GOODS_KINDS,
    O_TURN_PART = O_GOODS_SUPPLY + CARC_GOODS_KINDS, O_DOUBLE_DUE = O_TURN_PART + 1,
    O_EXP2 = O_DOUBLE_DUE + 1, O_RIVER_LEFT = O_EXP2 + 2,
    /* The Princess & the Dragon and The Tower (issue 30; PD14, TW10: all public) */
    O_EXP3 = O_RIVER_LEFT + 1, O_DRAGON_ON = O_EXP3 + 2, O_FAIRY_ON = O_DRAGON_ON + 1,
    O_FAIRY_SEAT = O_FAIRY_ON + 1, O_WALKED = O_FAIRY_SEAT + NP, O_ASIDE = O_WALKED + 1,
    O_FLOORS = O_ASIDE + 1, O_PRISONERS = O_FLOORS + NP,
    /* Abbey & Mayor (issue 30; AM13: all public) */
    O_EXP4 = O_PRISONERS + NP * NP, O_ABBEYS = O_EXP4 + 1, O_FIGURES2 = O_ABBEYS + NP,
    /* each seat's score if the game ended now (carc_projection: the board is public) */
    O_PROJECTION = O_FIGURES2 + NP * (CPY_ALL_FIGURES - CPY_FIGURES),
    O_PUBLIC = O_PROJECTION + NP
};

/* The expansions' flags, one per expansion of the registry in its order (their bits'):
 * the first four at O_EXP, the two that came later at O_EXP2, the seventh and eighth at
 * O_EXP3, the ninth at O_EXP4. A tenth would need a range of its own: the vector's
 * layout is fixed. */
enum {
    O_EXP_N = O_DEC - O_EXP, O_EXP2_N = O_RIVER_LEFT - O_EXP2, O_EXP3_N = O_DRAGON_ON - O_EXP3,
    O_EXP4_N = O_ABBEYS - O_EXP4
};
static int exp_slot(int i)
{
    return i < O_EXP_N ? O_EXP + i
         : i < O_EXP_N + O_EXP2_N ? O_EXP2 + i - O_EXP_N
         : i < O_EXP_N + O_EXP2_N + O_EXP3_N ? O_EXP3 + i - O_EXP_N - O_EXP2_N
         : O_EXP4 + i - O_EXP_N - O_EXP2_N - O_EXP3_N;
}

static const struct {
    const char *name;
    int off;
} PUB[] = {
    {"players_onehot_2to6", O_PLAYERS}, {"expansions_gifts_christmas_inns_traders", O_EXP},
    {"decision_onehot", O_DEC}, {"owes_rel_onehot", O_OWES}, {"active_rel_onehot", O_ACTIVE},
    {"score_div100", O_SCORE}, {"score_parts_div100", O_PARTS}, {"supply_div7", O_SUPPLY},
    {"banked_div100", O_BANKED}, {"stack_left_fraction", O_STACK_LEFT},
    {"stack_kinds_fraction", O_STACK_KINDS}, {"hand_tiles_onehot", O_HAND_TILES},
    {"turn_div100", O_TURN}, {"over", O_OVER}, {"gift_deck_div25", O_GIFT_DECK},
    {"gift_count_div5", O_GIFTS}, {"xdecks_div32", O_XDECK}, {"xhand_by_deck_div5", O_XHAND},
    {"offered_deck_onehot", O_OFFERED}, {"card_in_play_onehot", O_IN_PLAY},
    {"masterminds", O_MASTERMINDS}, {"modifier_pending", O_MODIFIER},
    {"removed_fraction", O_REMOVED}, {"figures_in_supply", O_FIGURES},
    {"goods_fraction", O_GOODS}, {"goods_supply_fraction", O_GOODS_SUPPLY},
    {"turn_part", O_TURN_PART}, {"double_due", O_DOUBLE_DUE},
    {"expansions_river_abbot", O_EXP2}, {"river_left_div11", O_RIVER_LEFT},
    {"expansions_dragon_tower", O_EXP3}, {"dragon_on_board", O_DRAGON_ON},
    {"fairy_on_board", O_FAIRY_ON}, {"fairy_follower_seat_onehot", O_FAIRY_SEAT},
    {"dragon_moves_div6", O_WALKED}, {"set_aside_div12", O_ASIDE},
    {"floors_div10", O_FLOORS}, {"prisoners_by_holder_owner_div7", O_PRISONERS},
    {"expansions_abbey", O_EXP4}, {"abbey_held", O_ABBEYS},
    {"figures_in_supply_mayor_wagon_barn", O_FIGURES2}, {"projection_div100", O_PROJECTION},
    {NULL, O_PUBLIC},
};

int cpy_public_range(int i, const char **name, int *off, int *len)
{
    if (i < 0 || i + 1 >= (int)(sizeof PUB / sizeof PUB[0]))
        return 0;
    *name = PUB[i].name;
    *off = PUB[i].off;
    *len = PUB[i + 1].off - PUB[i].off;
    return 1;
}

static const char *const CHANNEL_NAMES[CPY_CHANNELS] = {
    "tile", "city_N", "city_E", "city_S", "city_W", "road_N", "road_E", "road_S", "road_W",
    "cloister", "pennant", "last_placed", "follower_me", "follower_next", "follower_next2",
    "follower_next3", "follower_next4", "follower_locked", "mastermind", "frontier", "held_me",
    "held_next", "held_next2", "held_next3", "held_next4", "follower_next5", "held_next5",
    "inn", "cathedral", "goods_wine", "goods_grain", "goods_cloth", "goods_open", "large",
    "builder_me", "builder_next", "builder_next2", "builder_next3", "builder_next4",
    "builder_next5", "pig_me", "pig_next", "pig_next2", "pig_next3", "pig_next4", "pig_next5",
    "river_N", "river_E", "river_S", "river_W", "garden", "river_end", "abbot",
    "dragon", "fairy", "volcano", "dragon_symbol", "portal", "princess", "dragon_visited",
    "tower", "tower_height", "tower_top_me", "tower_top_next", "tower_top_next2",
    "tower_top_next3", "tower_top_next4", "tower_top_next5", "tower_top_large",
    "mayor", "wagon", "barn_me", "barn_next", "barn_next2", "barn_next3", "barn_next4",
    "barn_next5",
};

const char *cpy_channel_name(int ch)
{
    return ch >= 0 && ch < CPY_CHANNELS ? CHANNEL_NAMES[ch] : NULL;
}

/* Tiles of a set in a game (the start tile included) and its goods symbols by kind. */
static int set_tiles(unsigned exps, int goods[CARC_GOODS_KINDS])
{
    int n = 0;
    for (int g = 0; g < CARC_GOODS_KINDS; g++)
        goods[g] = 0;
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        int c = carc_tile_count(exps, k);
        const carc_tile_def *d = carc_tile_def_of(k);
        n += c;
        for (int j = 0; c && j < d->nseg; j++)
            if (d->seg[j].goods > 0 && d->seg[j].goods <= CARC_GOODS_KINDS)
                goods[d->seg[j].goods - 1] += c;
    }
    return n;
}

int cpy_public_size(void) { return O_PUBLIC; }

#define PLANE(ch, c) board[(size_t)(ch) * (size_t)e->cells + (size_t)(c)]

/* The channels of the tiles placed from index `from` on (tile, edges, cloister, pennant,
 * frontier): a board's tiles never move or leave, so planes written for the first `from`
 * tiles stay right and only the new ones are added. */
HOT void board_tiles_(const carc_game *v, const enc *e, uint8_t *board, int from)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int nb = carc_board_count(v), towers = carc_has_towers(carc_config_of(v).expansions);
    for (int i = from; i < nb; i++) {
        int kind, x, y, rot;
        carc_board_tile(v, i, &kind, &x, &y, &rot);
        int c = cell_of(e, x, y);
        const carc_tile_def *d = carc_tile_def_of(kind);
        if (c < 0 || !d)
            continue;
        PLANE(CPY_CH_TILE, c) = 1;
        PLANE(CPY_CH_FRONTIER, c) = 0;
        for (int dir = 0; dir < 4; dir++) {
            int edge = d->edges[(dir - rot) & 3];
            if (edge == CARC_EDGE_CITY)
                PLANE(CPY_CH_CITY + dir, c) = 1;
            else if (edge == CARC_EDGE_ROAD)
                PLANE(CPY_CH_ROAD + dir, c) = 1;
            else if (edge == CARC_EDGE_RIVER)
                PLANE(CPY_CH_RIVER + dir, c) = 1;
            int n = cell_of(e, x + dx[dir], y + dy[dir]);
            if (n >= 0 && !PLANE(CPY_CH_TILE, n))
                PLANE(CPY_CH_FRONTIER, n) = 1;
        }
        PLANE(CPY_CH_CLOISTER, c) = d->cloister ? 1 : 0;
        PLANE(CPY_CH_PENNANT, c) = d->pennant ? 1 : 0;
        for (int k = 0; k < d->nseg; k++) {
            const carc_segment_def *sd = &d->seg[k];
            if (sd->flags & CARC_SEG_INN)
                PLANE(CPY_CH_INN, c) = 1;
            if (sd->flags & CARC_SEG_CATHEDRAL)
                PLANE(CPY_CH_CATHEDRAL, c) = 1;
            if (sd->goods > 0 && sd->goods <= CARC_GOODS_KINDS)
                PLANE(CPY_CH_GOODS + sd->goods - 1, c) = 1;
            if (sd->type == CARC_FEAT_GARDEN)
                PLANE(CPY_CH_GARDEN, c) = 1;
        }
        int mk = carc_tile_symbol(kind);
        if (mk > CARC_SYMBOL_NONE && mk <= CARC_SYMBOL_PRINCESS)
            PLANE(CPY_CH_MARK + mk - CARC_SYMBOL_VOLCANO, c) = 1;
        if (towers && carc_tower_height(v, x, y, NULL) >= 0)
            PLANE(CPY_CH_TOWER, c) = 1;
    }
}

/* Entries of the changing channels a row remembers to clear: followers and locked ones (35
 * each), the last tile, 2 Mastermind marks, and the tiles of held features by seat (a few
 * hundred in a late game). A row with more is written whole the next time. */
enum { CPY_MARKS = 1024 };

HOT void mark(const enc *e, uint8_t *board, int ch, int c, uint32_t *marks, int *nmarks)
{
    uint32_t at = (uint32_t)ch * (uint32_t)e->cells + (uint32_t)c;
    if (board[at] && ch >= CPY_CH_HELD)
        return;  /* a tile two segments of a feature cross, listed once */
    board[at] = 1;
    if (marks) {
        if (*nmarks < CPY_MARKS)
            marks[*nmarks] = at;
        (*nmarks)++;
    }
}

enum { HELD_MAX = CARC_MAX_PLAYERS * CARC_TILES };  /* (seat, tile) pairs */
/* Figures on the board at most: every seat's followers and special figures. */
enum { FIG_MAX = CARC_MAX_PLAYERS * (CARC_FOLLOWERS + CARC_FIGURES) };

/* The board channel of each figure beyond the meeple, by enum carc_figure (the
 * encoding's fixed layout, CPY_CH_*): a follower's marks its tile whatever the seat
 * (besides its seat's follower channel), a special figure's is the first of one per
 * relative seat. A barn stands at a corner: the tile it marks is the one whose SE corner
 * that is (carc_followers gives it so). */
static const uint8_t FIG_CH[CPY_ALL_FIGURES] = {0, CPY_CH_LARGE, CPY_CH_ABBOT, CPY_CH_BUILDER,
                                                 CPY_CH_PIG, CPY_CH_MAYOR, CPY_CH_WAGON,
                                                 CPY_CH_BARN};
_Static_assert(CPY_ALL_FIGURES == 8, "a figure's board channel is in FIG_CH");

/* The channels of a follower and of a held feature of relative seat r (0..5). */
static int follower_ch(int r) { return r < 5 ? CPY_CH_FOLLOWER + r : CPY_CH_FOLLOWER5; }
static int held_ch(int r) { return r < 5 ? CPY_CH_HELD + r : CPY_CH_HELD5; }

/* The tiles crossed by each feature holding followers, as seat << 12 | cell (a cell of
 * the widest window fits 12 bits), each pair once: every feature is found once from one
 * of its followers, and held by the seats of the followers standing on its segments. */
_Static_assert(CPY_CELLS_MAX <= 1 << 12, "a cell in 12 bits");
HOT int held_cells(const carc_game *v, const enc *e, const carc_follower *fl, int nf,
                   uint16_t *out)
{
    int p = carc_players(v), n = 0, row = (e->cells + 7) / 8;
    uint8_t seen[CARC_MAX_PLAYERS * ((CPY_CELLS_MAX + 7) / 8)];
    memset(seen, 0, (size_t)(CARC_MAX_PLAYERS * row));
    carc_segment_pos segs[CARC_MAX_SEGMENTS];
    uint8_t done[FIG_MAX] = {0};
    /* the followers by cell (a list per cell through next[]; those outside the window in
     * one list of their own) */
    int8_t at_cell[CPY_CELLS_MAX], next[FIG_MAX];
    int8_t outside = -1;
    memset(at_cell, -1, (size_t)e->cells);
    for (int j = nf - 1; j >= 0; j--) {
        int c = cell_of(e, fl[j].x, fl[j].y);
        int8_t *head = c >= 0 ? &at_cell[c] : &outside;
        next[j] = *head;
        *head = (int8_t)j;
    }
    for (int f = 0; f < nf; f++) {
        if (done[f])
            continue;
        int ns = carc_feature_segments(v, fl[f].x, fl[f].y, fl[f].port, segs, CARC_MAX_SEGMENTS);
        unsigned seats = fl[f].seat >= 0 && fl[f].seat < p ? 1u << fl[f].seat : 0;
        done[f] = 1;
        /* the other followers on this feature: those standing on one of its segments,
         * found through the followers of each segment's cell */
        for (int k = 0; k < ns; k++) {
            int c = cell_of(e, segs[k].x, segs[k].y);
            for (int j = c >= 0 ? at_cell[c] : outside; j >= 0; j = next[j])
                if (!done[j] && fl[j].port == segs[k].port && fl[j].x == segs[k].x &&
                    fl[j].y == segs[k].y) {
                    done[j] = 1;
                    if (fl[j].seat >= 0 && fl[j].seat < p)
                        seats |= 1u << fl[j].seat;
                }
        }
        for (int st = 0; st < p; st++) {
            if (!(seats >> st & 1))
                continue;
            for (int k = 0; k < ns; k++) {
                int c = cell_of(e, segs[k].x, segs[k].y);
                if (c < 0 || (seen[st * row + (c >> 3)] >> (c & 7) & 1) || n >= HELD_MAX)
                    continue;
                seen[st * row + (c >> 3)] |= (uint8_t)(1u << (c & 7));
                out[n++] = (uint16_t)(st << 12 | c);
            }
        }
    }
    return n;
}

/* What held_cells found, kept by a batch per game with what it was found from. */
typedef struct held_cache {
    int valid, nb, nf, n;
    carc_follower fl[FIG_MAX];
    uint16_t cells[HELD_MAX];
} held_cache;

/* The channels that change as the game goes and with the seat observing (the tile placed
 * this turn, followers by relative seat, locked followers, Mastermind marks). With
 * `marks`, the entries set are listed there, to be cleared before the next write. */
HOT void board_marks_(const carc_game *v, const enc *e, int seat, uint8_t *board,
                     uint32_t *marks, int *nmarks, held_cache *cache)
{
    int p = carc_players(v), x, y;
    if (carc_last_placed(v, &x, &y) && cell_of(e, x, y) >= 0)
        mark(e, board, CPY_CH_LAST, cell_of(e, x, y), marks, nmarks);
    carc_follower all[FIG_MAX], fl[FIG_MAX];
    int na = carc_followers(v, all, FIG_MAX), nf = 0;
    for (int i = 0; i < na; i++) {
        int c = cell_of(e, all[i].x, all[i].y);
        int fig = all[i].figure;
        if (fig < 0 || fig >= CPY_ALL_FIGURES)
            continue;
        /* followers (a strength) hold features (the held channels); special figures
         * (none) do not */
        int follower = carc_figure_strength(fig) > 0;
        if (follower)
            fl[nf++] = all[i];
        if (c < 0 || all[i].seat < 0 || all[i].seat >= p)
            continue;
        int r = (all[i].seat - seat + p) % p;
        if (!follower)
            mark(e, board, FIG_CH[fig] + r, c, marks, nmarks);
        else
            mark(e, board, follower_ch(r), c, marks, nmarks);
        if (follower && fig != CARC_FIG_MEEPLE)
            mark(e, board, FIG_CH[fig], c, marks, nmarks);
        if (all[i].locked)
            mark(e, board, CPY_CH_LOCKED, c, marks, nmarks);
        if (all[i].port == CARC_PORT_T) {  /* on a tower's top (TW4) */
            mark(e, board, CPY_CH_TOWER_TOP + r, c, marks, nmarks);
            if (fig != CARC_FIG_MEEPLE)
                mark(e, board, CPY_CH_TOWER_TOP_LARGE, c, marks, nmarks);
        }
    }
    /* the neutral figures and the dragon's movement under way (PD14) */
    carc_dragon_info dg;
    if (carc_dragon_status(v, &dg)) {
        if (dg.dragon_on && cell_of(e, dg.dragon_x, dg.dragon_y) >= 0)
            mark(e, board, CPY_CH_DRAGON, cell_of(e, dg.dragon_x, dg.dragon_y), marks, nmarks);
        if (dg.fairy_on && cell_of(e, dg.fairy_x, dg.fairy_y) >= 0)
            mark(e, board, CPY_CH_FAIRY, cell_of(e, dg.fairy_x, dg.fairy_y), marks, nmarks);
        for (int k = 0; dg.walking && k <= dg.walked && k < 7; k++)
            if (cell_of(e, dg.visited_x[k], dg.visited_y[k]) >= 0)
                mark(e, board, CPY_CH_VISITED, cell_of(e, dg.visited_x[k], dg.visited_y[k]),
                     marks, nmarks);
    }
    /* the towers' heights (TW3): a count, written where a tower stands (its tile is in
     * the tower channel, which never changes) */
    if (carc_has_towers(carc_config_of(v).expansions)) {
        int nb = carc_board_count(v);
        for (int i = 0; i < nb; i++) {
            int kind, tx, ty, rot, h, c;
            carc_board_tile(v, i, &kind, &tx, &ty, &rot);
            if ((c = cell_of(e, tx, ty)) < 0 || (h = carc_tower_height(v, tx, ty, NULL)) <= 0)
                continue;
            mark(e, board, CPY_CH_TOWER_HEIGHT, c, marks, nmarks);
            board[(size_t)CPY_CH_TOWER_HEIGHT * (size_t)e->cells + (size_t)c] =
                (uint8_t)(h < 255 ? h : 255);
        }
    }
    /* goods symbols in cities not completed yet (their goods still to be taken): only
     * while the common supply has goods, as an open city's are always among them (TB9)
     * and a game without goods has none */
    int goods_left[CARC_GOODS_KINDS];
    if (carc_goods(v, -1, goods_left) > 0) {
        int nb = carc_board_count(v);
        for (int i = 0; i < nb; i++) {
            int kind, tx, ty, rot, c;
            carc_board_tile(v, i, &kind, &tx, &ty, &rot);
            const carc_tile_def *d = carc_tile_def_of(kind);
            if (!d || (c = cell_of(e, tx, ty)) < 0)
                continue;
            for (int k = 0; k < d->nseg; k++) {
                if (!d->seg[k].goods || d->seg[k].type != CARC_FEAT_CITY)
                    continue;
                int m = d->seg[k].mask, port = 0;
                while (port < 4 && !((((m << rot) | (m >> (4 - rot))) & 15) >> port & 1))
                    port++;
                carc_feature_info fi;
                if (port < 4 && carc_feature_at(v, tx, ty, port, &fi) && !fi.completed)
                    mark(e, board, CPY_CH_GOODS_OPEN, c, marks, nmarks);
            }
        }
    }
    if (carc_river_end(v, &x, &y) && cell_of(e, x, y) >= 0)
        mark(e, board, CPY_CH_RIVER_END, cell_of(e, x, y), marks, nmarks);
    carc_mastermind_mark mm[2];
    int nm = carc_masterminds(v, mm);
    for (int i = 0; i < nm; i++)
        if (cell_of(e, mm[i].x, mm[i].y) >= 0)
            mark(e, board, CPY_CH_MASTERMIND, cell_of(e, mm[i].x, mm[i].y), marks, nmarks);
    /* the tiles crossed by features holding followers, by seat (held_cells), from the
     * cache when neither the board nor the followers changed since it was made */
    uint16_t local[HELD_MAX];
    const uint16_t *cells = local;
    int nc;
    if (cache && cache->valid && cache->nb == carc_board_count(v) && cache->nf == nf &&
        !memcmp(cache->fl, fl, sizeof fl[0] * (size_t)nf)) {
        cells = cache->cells;
        nc = cache->n;
    } else {
        nc = held_cells(v, e, fl, nf, local);
        if (cache) {
            cache->valid = 1;
            cache->nb = carc_board_count(v);
            cache->nf = nf;
            memcpy(cache->fl, fl, sizeof fl[0] * (size_t)nf);
            memcpy(cache->cells, local, sizeof local[0] * (size_t)nc);
            cache->n = nc;
        }
    }
    for (int k = 0; k < nc; k++) {
        int st = cells[k] >> 12, c = cells[k] & 0xFFF;
        mark(e, board, held_ch((st - seat + p) % p), c, marks, nmarks);
    }
}

static void board_tiles_default(const carc_game *v, uint8_t *board, int from)
{
    board_tiles_(v, &ENC_DEFAULT, board, from);
}

static void board_tiles_any(const carc_game *v, const enc *e, uint8_t *board, int from)
{
    board_tiles_(v, e, board, from);
}

static void board_tiles(const carc_game *v, const enc *e, uint8_t *board, int from)
{
    if (e->w == CPY_W)
        board_tiles_default(v, board, from);
    else
        board_tiles_any(v, e, board, from);
}

static void board_marks_default(const carc_game *v, int seat, uint8_t *board, uint32_t *marks,
                                int *nmarks, held_cache *cache)
{
    board_marks_(v, &ENC_DEFAULT, seat, board, marks, nmarks, cache);
}

static void board_marks_any(const carc_game *v, const enc *e, int seat, uint8_t *board,
                            uint32_t *marks, int *nmarks, held_cache *cache)
{
    board_marks_(v, e, seat, board, marks, nmarks, cache);
}

static void board_marks(const carc_game *v, const enc *e, int seat, uint8_t *board,
                        uint32_t *marks, int *nmarks, held_cache *cache)
{
    if (e->w == CPY_W)
        board_marks_default(v, seat, board, marks, nmarks, cache);
    else
        board_marks_any(v, e, seat, board, marks, nmarks, cache);
}

void cpy_tiles_left(const carc_game *g, int left[CARC_TILE_KINDS])
{
    unsigned exps = carc_config_of(g).expansions;
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        left[k] = carc_tile_count(exps, k);
    int nb = carc_board_count(g);
    for (int i = 0; i < nb; i++) {
        int kind, x, y, rot;
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        left[kind]--;
    }
    int kinds[2], nh = carc_hand_tiles(g, kinds);
    for (int i = 0; i < nh; i++)
        left[kinds[i]]--;
    int removed[CARC_TILES], nr = carc_removed_tiles(g, removed, CARC_TILES);
    for (int i = 0; i < nr; i++)
        left[removed[i]]--;
    carc_dragon_info dg;  /* tiles set aside before the first volcano (PD4) */
    if (carc_dragon_status(g, &dg))
        for (int i = 0; i < dg.naside; i++)
            left[dg.aside[i]]--;
}

static void observe_view(const carc_game *v, const enc *e, int seat, uint8_t *board, float *pub,
                         float *hand)
{
    int p = carc_players(v);
#define REL(s) (((s) - seat + p) % p)
    if (board) {
        memset(board, 0, (size_t)CPY_CHANNELS * (size_t)e->cells);
        board_tiles(v, e, board, 0);
        board_marks(v, e, seat, board, NULL, NULL, NULL);
    }
    if (pub) {
        memset(pub, 0, sizeof(float) * O_PUBLIC);
        unsigned exps = carc_config_of(v).expansions;
        carc_pending pd = carc_pending_decision(v);
        int goods_total[CARC_GOODS_KINDS], counts[CARC_FIGURES + CARC_GOODS_KINDS];
        int tiles = set_tiles(exps, goods_total), stack = tiles > 1 ? tiles - 1 : 1;
        /* goods symbols on the game's tiles (TB1): the goods planes are written only
         * then, as the others would be zeros */
        int has_goods = goods_total[0] + goods_total[1] + goods_total[2] > 0;
        if (p >= 2 && p <= NP)
            pub[O_PLAYERS + p - 2] = 1;
        for (int i = 0; i < O_EXP_N + O_EXP2_N + O_EXP3_N + O_EXP4_N; i++) {
            const carc_expansion_info *x = carc_expansion_at(i);
            pub[exp_slot(i)] = x && (exps & x->bit) ? 1.0f : 0.0f;
        }
        pub[O_RIVER_LEFT] = (float)carc_river_left(v) / 11.0f;
        carc_dragon_info dg;
        if (carc_dragon_status(v, &dg)) {  /* all public (PD14) */
            pub[O_DRAGON_ON] = (float)dg.dragon_on;
            pub[O_FAIRY_ON] = (float)dg.fairy_on;
            if (dg.fairy_seat >= 0 && dg.fairy_seat < p)
                pub[O_FAIRY_SEAT + REL(dg.fairy_seat)] = 1;
            pub[O_WALKED] = dg.walking ? (float)dg.walked / 6.0f : 0.0f;
            pub[O_ASIDE] = (float)dg.naside / 12.0f;
        }
        if (carc_has_towers(exps))  /* all public (TW10) */
            for (int h = 0; h < p; h++) {
                int held[CARC_FIGURES];
                pub[O_FLOORS + REL(h)] = (float)carc_floors(v, h) / 10.0f;
                for (int o = 0; o < p; o++)
                    pub[O_PRISONERS + REL(h) * NP + REL(o)] =
                        (float)carc_prisoners(v, h, o, held) / 7.0f;
            }
        if (pd.decision >= 0 && pd.decision < CARC_DECISIONS)
            pub[O_DEC + pd.decision] = 1;
        if (pd.seat >= 0 && pd.seat < p)
            pub[O_OWES + REL(pd.seat)] = 1;
        if (pd.active >= 0 && pd.active < p)
            pub[O_ACTIVE + REL(pd.active)] = 1;
        int projected[CARC_MAX_PLAYERS];
        carc_projection(v, projected);
        for (int s = 0; s < p; s++) {
            int r = REL(s);
            pub[O_SCORE + r] = (float)carc_score(v, s) / 100.0f;
            pub[O_PROJECTION + r] = (float)projected[s] / 100.0f;
            for (int cat = 0; cat < CARC_SCORE_CATEGORIES; cat++)
                pub[O_PARTS + r * CARC_SCORE_CATEGORIES + cat] =
                    (float)carc_score_part(v, s, cat) / 100.0f;
            pub[O_SUPPLY + r] = (float)carc_supply(v, s) / 7.0f;
            carc_supply_figures(v, s, counts);
            for (int f = 0; f < CPY_FIGURES; f++)
                pub[O_FIGURES + r * CPY_FIGURES + f] =
                    (float)counts[f] / (f == CARC_FIG_MEEPLE ? (float)CARC_FOLLOWERS : 1.0f);
            for (int f = CPY_FIGURES; f < CPY_ALL_FIGURES; f++)  /* one of each (AM1) */
                pub[O_FIGURES2 + r * (CPY_ALL_FIGURES - CPY_FIGURES) + f - CPY_FIGURES] =
                    (float)counts[f];
            pub[O_ABBEYS + r] = (float)carc_abbey_held(v, s);
            if (has_goods) {
                carc_goods(v, s, counts);
                for (int k = 0; k < CARC_GOODS_KINDS; k++)
                    pub[O_GOODS + r * CARC_GOODS_KINDS + k] =
                        goods_total[k] ? (float)counts[k] / (float)goods_total[k] : 0.0f;
            }
            pub[O_BANKED + r] = (float)carc_banked(v, s) / 100.0f;
            /* the hands, decks and cards in play below are empty in a game without
             * the cards: the engine's answers are then the zeros written */
            int gc[6];
            pub[O_GIFTS + r] = (float)carc_gifts(v, s, gc) / 5.0f;
            int bd[2] = {0, 0};
            carc_cards_by_deck(v, s, bd);
            pub[O_XHAND + r * 2] = (float)bd[0] / 5.0f;
            pub[O_XHAND + r * 2 + 1] = (float)bd[1] / 5.0f;
        }
        if (has_goods) {
            carc_goods(v, -1, counts);
            for (int k = 0; k < CARC_GOODS_KINDS; k++)
                pub[O_GOODS_SUPPLY + k] =
                    goods_total[k] ? (float)counts[k] / (float)goods_total[k] : 0.0f;
            pub[O_TURN_PART] = carc_turn_part(v) ? 1.0f : 0.0f;
            pub[O_DOUBLE_DUE] = carc_double_due(v) ? 1.0f : 0.0f;
        }
        pub[O_STACK_LEFT] = (float)carc_stack_left(v) / (float)stack;
        int left[CARC_TILE_KINDS];
        cpy_tiles_left(v, left);
        int kinds[2], nh = carc_hand_tiles(v, kinds);
        for (int i = 0; i < nh; i++)
            pub[O_HAND_TILES + i * NK + kinds[i]] = 1;
        int removed[CARC_TILES];
        int nr = carc_removed_tiles(v, removed, CARC_TILES);
        for (int k = 0; k < CARC_TILE_KINDS; k++) {
            int total = carc_tile_count(exps, k);
            pub[O_STACK_KINDS + k] = left[k] > 0 ? (float)left[k] / (float)total : 0;
        }
        pub[O_TURN] = (float)carc_turn(v) / 100.0f;
        pub[O_OVER] = carc_is_over(v) ? 1.0f : 0.0f;
        pub[O_REMOVED] = (float)nr / (float)stack;
        pub[O_GIFT_DECK] = (float)carc_gift_deck_left(v) / 25.0f;
        pub[O_XDECK] = (float)carc_xdeck_left(v, 0) / 32.0f;
        pub[O_XDECK + 1] = (float)carc_xdeck_left(v, 1) / 32.0f;
        int off = carc_offered_deck(v);
        if (off == 0 || off == 1)
            pub[O_OFFERED + off] = 1;
        carc_move target;
        int card = carc_card_in_play(v, &target);
        if (card > 0 && card < CARC_CARDS)
            pub[O_IN_PLAY + card] = 1;
        else
            pub[O_IN_PLAY] = 1;
        carc_mastermind_mark mm[2];
        pub[O_MASTERMINDS] = (float)carc_masterminds(v, mm);
        int x, y, port;
        pub[O_MODIFIER] = carc_modifier_feature(v, &x, &y, &port) ? 1.0f : 0.0f;
    }
    if (hand) {
        /* hand[card - 1] for every card id: the gifts' counts (carc_gifts, ids 1..5)
         * and the other cards' (carc_cards), each zero outside its own ids and in a
         * game without it */
        memset(hand, 0, sizeof(float) * CPY_HAND);
        int gc[6] = {0}, xc[CARC_CARDS] = {0};
        carc_gifts(v, seat, gc);
        carc_cards(v, seat, xc);
        for (int c = 1; c < CARC_CARDS && c <= CPY_HAND; c++)
            hand[c - 1] = (float)((c < (int)(sizeof gc / sizeof gc[0]) ? gc[c] : 0) + xc[c]);
    }
#undef REL
}

void cpy_observe_view_w(const carc_game *v, int window, int seat, uint8_t *board, float *pub,
                        float *hand)
{
    enc e = enc_of(window);
    observe_view(v, &e, seat, board, pub, hand);
}

void cpy_observe_view(const carc_game *v, int seat, uint8_t *board, float *pub, float *hand)
{
    observe_view(v, &ENC_DEFAULT, seat, board, pub, hand);
}

void cpy_observe_w(const carc_game *g, int window, int seat, carc_game *view, uint8_t *board,
                   float *pub, float *hand)
{
    carc_view(g, seat, view);
    cpy_observe_view_w(view, window, seat, board, pub, hand);
}

void cpy_observe(const carc_game *g, int seat, carc_game *view, uint8_t *board, float *pub,
                 float *hand)
{
    cpy_observe_w(g, CPY_W, seat, view, board, pub, hand);
}

int cpy_observe_legal_w(const carc_game *g, int window, int seat, const int32_t *prefix, int np,
                        carc_game *view, carc_move *buf, uint8_t *board, float *pub, float *hand,
                        uint8_t *mask, int32_t *legal)
{
    enc e = enc_of(window);
    if (board || pub || hand) {
        carc_view(g, seat, view);
        observe_view(view, &e, seat, board, pub, hand);
    }
    if (mask)
        memset(mask, 0, (size_t)e.actions);
    if ((!mask && !legal) || carc_pending_decision(g).seat != seat)
        return 0;
    uint8_t bits[ABYTES_MAX];
    int32_t own[CARC_MAX_MOVES];
    int32_t *ids = legal ? legal : own;
    memset(bits, 0, (size_t)e.abytes);
    int k = collect(g, &e, prefix, np, buf, ids, CARC_MAX_MOVES, bits);
    if (mask)
        for (int i = 0; i < k; i++)
            mask[ids[i]] = 1;
    if (legal)  /* sorted, as cpy_legal_actions gives them */
        qsort(ids, (size_t)k, sizeof *ids, cmp_i32);
    return k;
}

void cpy_observe_full_w(const carc_game *g, int window, int seat, const int32_t *prefix, int np,
                        carc_game *view, carc_move *buf, uint8_t *board, float *pub, float *hand,
                        uint8_t *mask)
{
    cpy_observe_legal_w(g, window, seat, prefix, np, view, buf, board, pub, hand, mask, NULL);
}

void cpy_observe_full(const carc_game *g, int seat, const int32_t *prefix, int np,
                      carc_game *view, carc_move *buf, uint8_t *board, float *pub, float *hand,
                      uint8_t *mask)
{
    cpy_observe_full_w(g, CPY_W, seat, prefix, np, view, buf, board, pub, hand, mask);
}

/* ---- text ------------------------------------------------------------------------- */

int cpy_legal_text(const carc_game *g, carc_move *buf, char *text, size_t size)
{
    int n = carc_legal(g, buf, CARC_MAX_MOVES);
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        if (size - len < CARC_NOTATION_MAX + 2)
            return -1;
        int k = carc_move_format(g, &buf[i], text + len, size - len);
        if (k < 0)
            k = 0;
        len += (size_t)k;
        text[len++] = '\n';
    }
    if (len < size)
        text[len] = 0;
    return (int)len;
}

int cpy_events_text(const carc_game *g, char *text, size_t size)
{
    int n = 0;
    const carc_event *e = carc_events(g, &n);
    size_t len = 0;
    char tmp[256];
    for (int i = 0; i < n; i++) {
        int k = carc_event_string(&e[i], tmp, sizeof tmp);
        if (k < 0 || (size_t)k >= sizeof tmp)
            continue;
        if (len + (size_t)k + 2 > size)
            return -1;
        memcpy(text + len, tmp, (size_t)k);
        len += (size_t)k;
        text[len++] = '\n';
    }
    if (len < size)
        text[len] = 0;
    return (int)len;
}

/* ---- batches ---------------------------------------------------------------------- */

struct cpy_batch {
    int n, players, ids_cap;
    enc e;                       /* the window */
    unsigned expansions;
    uint64_t seed, started;      /* game j started by the batch has seed (seed + j) mod 2^63 */
    carc_game **g;
    carc_game *view;
    carc_move *buf;
    int32_t *prefix;             /* n x CPY_MAX_TOKENS */
    uint8_t *np;
    int32_t *cur;                /* n x CARC_MAX_MOVES: the legal actions now */
    int32_t *ncur;
    uint8_t *bits;               /* n x e.abytes: the same as bits */
    int64_t games_done, decisions;
    /* board rows patched in place: tiles already in row i (-1: write it whole next), and
     * the entries of the changing channels set in it */
    int patch;
    int16_t *row_tiles;
    uint32_t *marks;             /* n x CPY_MARKS */
    int32_t *nmarks;
    held_cache *held;            /* n */
};

static void refresh(cpy_batch *b, int i, const cpy_buffers *out);

static int start_game(cpy_batch *b, int i, carc_error *err)
{
    carc_config cfg;
    carc_config_init(&cfg);
    cfg.players = b->players;
    cfg.expansions = b->expansions;
    /* within a record's seeds (0..2^63-1, docs/RECORD.md): a game of the batch is one
     * carc.Game can be made with, and written down */
    cfg.seed = (b->seed + b->started) & (UINT64_MAX >> 1);
    carc_game *g = carc_new(&cfg, err);
    if (!g)
        return -1;
    b->started++;
    if (b->g[i]) {
        carc_copy(b->g[i], g);
        carc_free(g);
    } else {
        b->g[i] = g;
    }
    b->np[i] = 0;
    b->row_tiles[i] = -1;
    if (b->held)
        b->held[i].valid = 0;
    return 0;
}

void cpy_batch_free(cpy_batch *b)
{
    if (!b)
        return;
    if (b->g)
        for (int i = 0; i < b->n; i++)
            carc_free(b->g[i]);
    free(b->g);
    free(b->view);
    free(b->buf);
    free(b->prefix);
    free(b->np);
    free(b->cur);
    free(b->ncur);
    free(b->bits);
    free(b->row_tiles);
    free(b->marks);
    free(b->nmarks);
    free(b->held);
    free(b);
}

cpy_batch *cpy_batch_new_w(int n, int players, unsigned expansions, uint64_t seed, int ids_cap,
                           int window, carc_error *err)
{
    if (n < 1 || ids_cap < 1) {
        err->code = CARC_E_CONFIG;
        strcpy(err->msg, "a batch needs at least one game and ids_cap >= 1");
        return NULL;
    }
    if (!cpy_window_ok(window)) {
        err->code = CARC_E_CONFIG;
        snprintf(err->msg, sizeof err->msg, "window must be an odd width from %d to %d, got %d",
                 CPY_W_MIN, CPY_W_MAX, window);
        return NULL;
    }
    cpy_batch *b = calloc(1, sizeof *b);
    if (!b)
        goto oom;
    b->e = enc_of(window);
    b->n = n;
    b->players = players;
    b->expansions = expansions;
    b->seed = seed;
    b->ids_cap = ids_cap;
    b->g = calloc((size_t)n, sizeof *b->g);
    b->view = calloc(1, carc_state_size());  /* zeroed: carc_view reads its counts */
    b->buf = malloc(sizeof(carc_move) * CARC_MAX_MOVES);
    b->prefix = calloc((size_t)n * CPY_MAX_TOKENS, sizeof *b->prefix);
    b->np = calloc((size_t)n, 1);
    b->cur = malloc((size_t)n * CARC_MAX_MOVES * sizeof *b->cur);
    b->ncur = calloc((size_t)n, sizeof *b->ncur);
    b->bits = calloc((size_t)n, (size_t)b->e.abytes);
    b->row_tiles = malloc((size_t)n * sizeof *b->row_tiles);
    b->marks = malloc((size_t)n * CPY_MARKS * sizeof *b->marks);
    b->nmarks = calloc((size_t)n, sizeof *b->nmarks);
    b->held = calloc((size_t)n, sizeof *b->held);
    if (!b->g || !b->view || !b->buf || !b->prefix || !b->np || !b->cur || !b->ncur || !b->bits ||
        !b->row_tiles || !b->marks || !b->nmarks || !b->held)
        goto oom;
    b->patch = 1;
    for (int i = 0; i < n; i++)
        b->row_tiles[i] = -1;
    for (int i = 0; i < n; i++) {
        if (start_game(b, i, err)) {
            cpy_batch_free(b);
            return NULL;
        }
        refresh(b, i, NULL);
    }
    return b;
oom:
    cpy_batch_free(b);
    err->code = CARC_E_CONFIG;
    strcpy(err->msg, "out of memory");
    return NULL;
}

cpy_batch *cpy_batch_new(int n, int players, unsigned expansions, uint64_t seed, int ids_cap,
                         carc_error *err)
{
    return cpy_batch_new_w(n, players, expansions, seed, ids_cap, CPY_W, err);
}

int cpy_batch_window(const cpy_batch *b) { return b->e.w; }

/* The legal actions of game i and its row of the buffers. */
static void refresh(cpy_batch *b, int i, const cpy_buffers *out)
{
    const enc *e = &b->e;
    uint8_t *bits = b->bits + (size_t)i * (size_t)e->abytes;
    int32_t *cur = b->cur + (size_t)i * CARC_MAX_MOVES;
    uint8_t *mask = out && out->mask ? out->mask + (size_t)i * (size_t)e->actions : NULL;
    for (int k = 0; k < b->ncur[i]; k++) {
        int a = cur[k];
        bits[a >> 3] = 0;
        if (mask)
            mask[a] = 0;
    }
    const carc_game *g = b->g[i];
    int k = collect(g, e, b->prefix + (size_t)i * CPY_MAX_TOKENS, b->np[i], b->buf, cur,
                    CARC_MAX_MOVES, bits);
    b->ncur[i] = k;
    if (!out)
        return;
    if (mask)
        for (int j = 0; j < k; j++)
            mask[cur[j]] = 1;
    if (out->ids)
        memcpy(out->ids + (size_t)i * b->ids_cap, cur,
               sizeof *cur * (size_t)(k < b->ids_cap ? k : b->ids_cap));
    if (out->nids)
        out->nids[i] = k;
    int seat = carc_pending_decision(g).seat;
    if (out->seat)
        out->seat[i] = seat;
    if (!(out->board || out->pub || out->hand) || seat < 0)
        return;
    carc_view(g, seat, b->view);
    if (out->board) {
        uint8_t *row = out->board + (size_t)i * CPY_CHANNELS * (size_t)e->cells;
        int nb = carc_board_count(b->view);
        if (!b->patch || b->row_tiles[i] < 0 || b->row_tiles[i] > nb) {
            memset(row, 0, (size_t)CPY_CHANNELS * (size_t)e->cells);
            board_tiles(b->view, e, row, 0);
        } else {
            uint32_t *m = b->marks + (size_t)i * CPY_MARKS;
            for (int j = 0; j < b->nmarks[i]; j++)
                row[m[j]] = 0;
            board_tiles(b->view, e, row, b->row_tiles[i]);
        }
        b->nmarks[i] = 0;
        board_marks(b->view, e, seat, row, b->marks + (size_t)i * CPY_MARKS, &b->nmarks[i],
                    &b->held[i]);
        /* marks past the list's end cannot be cleared one by one: the next write is whole */
        b->row_tiles[i] = b->nmarks[i] > CPY_MARKS ? -1 : (int16_t)nb;
    }
    observe_view(b->view, e, seat, NULL, out->pub ? out->pub + (size_t)i * O_PUBLIC : NULL,
                     out->hand ? out->hand + (size_t)i * CPY_HAND : NULL);
}

void cpy_batch_patch(cpy_batch *b, int on)
{
    b->patch = on;
}

void cpy_batch_observe(cpy_batch *b, const cpy_buffers *out)
{
    for (int i = 0; i < b->n; i++) {
        b->row_tiles[i] = -1;
        if (out->mask)
            memset(out->mask + (size_t)i * (size_t)b->e.actions, 0, (size_t)b->e.actions);
        if (out->rewards)
            memset(out->rewards + (size_t)i * CARC_MAX_PLAYERS, 0, sizeof(float) * CARC_MAX_PLAYERS);
        if (out->done)
            out->done[i] = 0;
        refresh(b, i, out);
    }
}

static int legal_now(const cpy_batch *b, int i, int a)
{
    const uint8_t *bits = b->bits + (size_t)i * (size_t)b->e.abytes;
    return a >= 0 && a < b->e.actions && (bits[a >> 3] & (1u << (a & 7)));
}

/* Applies action a (legal) to game i; returns 1 when it completed a move. */
static int step_one(cpy_batch *b, int i, int a, const cpy_buffers *out)
{
    int32_t *prefix = b->prefix + (size_t)i * CPY_MAX_TOKENS;
    carc_game *g = b->g[i];
    carc_move m;
    int moved = 0;
    prefix[b->np[i]++] = a;
    if (out && out->rewards)
        memset(out->rewards + (size_t)i * CARC_MAX_PLAYERS, 0, sizeof(float) * CARC_MAX_PLAYERS);
    if (out && out->done)
        out->done[i] = 0;
    /* the action is legal (legal_now): a one-action move is decoded without listing the
     * legal moves again; the others are looked up in the list */
    int r = b->np[i] == 1 && decode_single(g, &b->e, a, &m)
                ? 1 : resolve(g, &b->e, prefix, b->np[i], b->buf, &m);
    if (r == 1) {
        b->np[i] = 0;
        if (carc_apply(g, &m, NULL) == CARC_OK) {
            moved = 1;
            b->decisions++;
        }
    } else if (r < 0 || b->np[i] >= CPY_MAX_TOKENS) {
        b->np[i] = 0; /* cannot happen for a legal action; start the move again */
    }
    if (carc_is_over(g)) {
        unsigned w = carc_winners(g), all = (1u << b->players) - 1;
        for (int s = 0; s < b->players; s++) {
            if (out && out->rewards)
                out->rewards[(size_t)i * CARC_MAX_PLAYERS + s] =
                    w == all ? 0.0f : (w >> s) & 1 ? 1.0f : -1.0f;
            if (out && out->scores)
                out->scores[(size_t)i * CARC_MAX_PLAYERS + s] = carc_score(g, s);
        }
        if (out && out->done)
            out->done[i] = 1;
        b->games_done++;
        carc_error err;
        start_game(b, i, &err);
    }
    refresh(b, i, out);
    return moved;
}

int cpy_batch_step(cpy_batch *b, const int32_t *actions, const cpy_buffers *out)
{
    for (int i = 0; i < b->n; i++)
        if (!legal_now(b, i, actions[i]))
            return -(i + 1);
    int moved = 0;
    for (int i = 0; i < b->n; i++)
        moved += step_one(b, i, actions[i], out);
    return moved;
}

int64_t cpy_batch_random(cpy_batch *b, int steps, uint64_t seed, const cpy_buffers *out)
{
    int64_t moved = 0;
    uint64_t rs = seed;
    for (int s = 0; s < steps; s++)
        for (int i = 0; i < b->n; i++) {
            if (b->ncur[i] == 0)
                refresh(b, i, out);
            if (b->ncur[i] == 0)
                continue;
            rs += 0x9e3779b97f4a7c15ull;
            uint64_t z = rs;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            z ^= z >> 31;
            int k = (int)(((z >> 32) * (uint64_t)b->ncur[i]) >> 32);
            moved += step_one(b, i, b->cur[(size_t)i * CARC_MAX_MOVES + k], out);
        }
    return moved;
}

/* What a saved batch holds beyond its configuration (carc.Batch's pickling): the moves
 * under way and the counters. */
int cpy_batch_prefix(const cpy_batch *b, int i, int32_t out[CPY_MAX_TOKENS])
{
    memcpy(out, b->prefix + (size_t)i * CPY_MAX_TOKENS, sizeof *out * CPY_MAX_TOKENS);
    return b->np[i];
}

void cpy_batch_counters(const cpy_batch *b, uint64_t out[3])
{
    out[0] = b->started;
    out[1] = (uint64_t)b->games_done;
    out[2] = (uint64_t)b->decisions;
}

int cpy_batch_restore(cpy_batch *b, int i, const carc_game *g, const int32_t *prefix, int np)
{
    if (i < 0 || i >= b->n || np < 0 || np >= CPY_MAX_TOKENS || carc_view_seat(g) >= 0 ||
        carc_is_over(g) || carc_players(g) != b->players)
        return -1;
    carc_copy(b->g[i], g);
    memcpy(b->prefix + (size_t)i * CPY_MAX_TOKENS, prefix, sizeof *prefix * CPY_MAX_TOKENS);
    b->np[i] = (uint8_t)np;
    b->row_tiles[i] = -1;
    if (b->held)
        b->held[i].valid = 0;
    refresh(b, i, NULL);
    return 0;
}

void cpy_batch_set_counters(cpy_batch *b, const uint64_t in[3])
{
    b->started = in[0];
    b->games_done = (int64_t)in[1];
    b->decisions = (int64_t)in[2];
}

int64_t cpy_batch_games_done(const cpy_batch *b) { return b->games_done; }
int64_t cpy_batch_decisions(const cpy_batch *b) { return b->decisions; }
const carc_game *cpy_batch_game(const cpy_batch *b, int i)
{
    return i >= 0 && i < b->n ? b->g[i] : NULL;
}
