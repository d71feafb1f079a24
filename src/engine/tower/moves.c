/*
 * moves.c - The Tower's decisions: in T6, a ransom before the choice (TW8), a
 * floor (TW3) or a follower on a tower (TW4) as the choice; after a floor, the
 * capture (TW5) and the exchange it may make due (TW6). Moves are validated by
 * finding them in the list carc_legal would give (T6's: at the place the list
 * would hold them, t6_index), and refused in the words of the rule they break;
 * nothing is written before that.
 */
#include "tower.h"

/* The form carc_legal lists the module's moves in. */
int tower_canonical_move(const carc_game *g, carc_move *m)
{
    carc_move c = move_pass();
    c.kind = m->kind;
    switch (m->kind) {
    case CARC_MOVE_FLOOR:
        c.x = m->x;
        c.y = m->y;
        c.port = CARC_PORT_T;
        break;
    case CARC_MOVE_CAPTURE: {
        int canon;
        c.x = m->x;
        c.y = m->y;
        c.port = m->port;
        if (m->port < CARC_PORTS && carc_segment(g, m->x, m->y, m->port, &canon) >= 0)
            c.port = (uint8_t)canon;
        c.seat2 = m->seat2;
        c.figure = m->figure;
        break;
    }
    case CARC_MOVE_RANSOM:
        c.seat2 = m->seat2;
        c.figure = m->figure;
        break;
    case CARC_MOVE_EXCHANGE:
        c.figure = m->figure;
        break;
    default:
        return 0;
    }
    *m = c;
    return 1;
}


/* The kinds (bit per enum carc_figure) of seat's followers that `holder` keeps. */
static unsigned held_kinds(const carc_game *g, int seat, int holder)
{
    unsigned k = 0;
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
        if (g->fnode[seat][i] == FIG_HELD + (unsigned)holder)
            k |= 1u << fig_slot_kind[i];
    return k;
}

/* The first slot of seat's follower of kind `figure` held by `holder`, or -1. */
static int held_slot(const carc_game *g, int seat, int holder, int figure)
{
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
        if (g->fnode[seat][i] == FIG_HELD + (unsigned)holder && fig_slot_kind[i] == figure)
            return i;
    return -1;
}

/* TW8: whether the active player may pay a ransom now (once a turn, 3 points). */
static int ransom_open(const carc_game *g)
{
    return !tower_st(g)->ransomed && carc_score(g, g->active) >= TOWER_RANSOM;
}

static carc_move tower_move(int kind, const placed *p)
{
    carc_move m = move_pass();
    m.kind = (uint8_t)kind;
    m.x = p->x;
    m.y = p->y;
    m.port = CARC_PORT_T;
    return m;
}

/* T6's moves of the module as counts, in the order tower_t6_legal lists them: the
 * ransoms (T6a, TW8: for each other seat in turn, the kinds of the active player's
 * followers it holds), the floors (TW3: each open tower, a foundation included, if
 * the seat has a floor left), the tops (TW4: for each kind that may top a tower,
 * each open tower at least 1 high that is not closed to figures, PD5). So the
 * list is counted, and one move of it written, from one pass over the towers. */
typedef struct t6_moves {
    unsigned ransom[CARC_MAX_PLAYERS];  /* kinds, bit per enum carc_figure */
    uint8_t tiles[TOWER_MAX];           /* tower_list */
    unsigned floors, tops;              /* bit k: tower k */
    unsigned toppers;                   /* kinds */
    int nransom, nfloors, ntops, n;     /* ntops: of one kind */
} t6_moves;

/* The towers at least a floor high (bit k: height[k] != 0), eight heights a 64-bit
 * word: T6 asks at every decision which towers a follower may top. */
static unsigned tower_standing(const struct tower_state *ts)
{
    unsigned m = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    enum { WORDS = (TOWER_MAX + 7) / 8 };
    _Static_assert(offsetof(struct tower_state, height) + WORDS * 8 <= sizeof(struct tower_state),
                   "the words read stay in the module's state");
    const unsigned char *h = (const unsigned char *)ts + offsetof(struct tower_state, height);
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
#pragma GCC unroll 4 /* three words: -O2 keeps the loop otherwise */
    for (int w = 0; w < WORDS; w++) {
        uint64_t x;
        memcpy(&x, h + 8 * w, sizeof x);
        uint64_t nonzero = (((x & low7) + low7) | x) & ~low7;  /* bit 7 of each byte */
        m |= (unsigned)((nonzero * 0x0002040810204081ull) >> 56) << 8 * w;  /* to bits 0..7 */
    }
    return m & ((1u << TOWER_MAX) - 1);
#else
    for (int k = 0; k < TOWER_MAX; k++)
        m |= (unsigned)(ts->height[k] != 0) << k;
    return m;
#endif
}

static void t6_moves_of(const carc_game *g, t6_moves *t)
{
    const struct tower_state *ts = tower_st(g);
    int seat = g->active, nt = tower_list(g, t->tiles);
    /* held_kinds of every other seat, from one pass over the seat's slots */
    memset(t->ransom, 0, sizeof t->ransom);
    t->nransom = 0;
    for (int i = 0; i < FIG_FOLLOWER_SLOTS && ts->jailed[seat]; i++) {
        unsigned v = g->fnode[seat][i], h = v - FIG_HELD;
        if (fig_held(v) && h < (unsigned)g->players && h != (unsigned)seat &&
            !(t->ransom[h] >> fig_slot_kind[i] & 1)) {
            t->ransom[h] |= 1u << fig_slot_kind[i];
            t->nransom++;
        }
    }
    if (t->nransom && !ransom_open(g)) {
        memset(t->ransom, 0, sizeof t->ransom);
        t->nransom = 0;
    }
    unsigned open = nt ? ~tower_closed_mask(g, t->tiles, nt) & ((1u << nt) - 1) : 0;
    t->floors = ts->floors[seat] ? open : 0;
    t->tops = open & tower_standing(ts);
    t->toppers = 0;
    /* PD5: not the dragon's tile (asked once, not of every tower) */
    int closed_tile = t->tops && g->exp_closers ? exp_no_figure_tile_each(g) : -1;
    if (closed_tile >= 0 && tower_kind(g->tiles[closed_tile].kind))
        for (unsigned k = t->tops; k; k &= k - 1)
            if (t->tiles[__builtin_ctz(k)] == closed_tile) {
                t->tops &= ~(k & -k);
                break;  /* a tile has one tower */
            }
    for (unsigned f = t->tops ? ts->toppers : 0; f; f &= f - 1)  /* tower_topper */
        if (figure_in_supply(g, seat, __builtin_ctz(f)))
            t->toppers |= 1u << __builtin_ctz(f);
    t->nfloors = bits_in(t->floors);
    t->ntops = bits_in(t->tops);
    t->n = t->nransom + t->nfloors + bits_in(t->toppers) * t->ntops;
}

/* The bit of mask that is the i-th set (0 <= i < its count). */
static int nth_bit(unsigned mask, int i)
{
    for (; i > 0; i--)
        mask &= mask - 1;
    return __builtin_ctz(mask);
}

/* Move i (0 <= i < t->n) of the list. */
static carc_move t6_nth_of(const carc_game *g, const t6_moves *t, int i)
{
    carc_move m = move_pass();
    if (i < t->nransom) {
        int h = 0;
        for (; i >= bits_in(t->ransom[h]); h++)
            i -= bits_in(t->ransom[h]);
        m.kind = CARC_MOVE_RANSOM;
        m.seat2 = (uint8_t)h;
        m.figure = (uint8_t)nth_bit(t->ransom[h], i);
        return m;
    }
    i -= t->nransom;
    if (i < t->nfloors)
        return tower_move(CARC_MOVE_FLOOR, &g->tiles[t->tiles[nth_bit(t->floors, i)]]);
    i -= t->nfloors;
    m = tower_move(CARC_MOVE_FOLLOWER, &g->tiles[t->tiles[nth_bit(t->tops, i % t->ntops)]]);
    m.figure = (uint8_t)nth_bit(t->toppers, i / t->ntops);
    return m;
}

/* Where canonical move c would stand in the list, if its kind and target have a
 * place there (whether it is that move, carc_move_equal says), or -1. */
static int t6_index(const carc_game *g, const t6_moves *t, const carc_move *c)
{
    if (c->kind == CARC_MOVE_RANSOM) {
        if (c->seat2 >= g->players || c->figure >= CARC_FIGURES ||
            !(t->ransom[c->seat2] >> c->figure & 1))
            return -1;
        int i = bits_in(t->ransom[c->seat2] & ((1u << c->figure) - 1));
        for (int h = 0; h < c->seat2; h++)
            i += bits_in(t->ransom[h]);
        return i;
    }
    int k = tower_index(g, board_lookup(g, c->x, c->y));
    if (k < 0)
        return -1;
    unsigned below = (1u << k) - 1;
    if (c->kind == CARC_MOVE_FLOOR)
        return t->floors >> k & 1 ? t->nransom + bits_in(t->floors & below) : -1;
    if (c->figure >= CARC_FIGURES || !(t->toppers >> c->figure & 1) || !(t->tops >> k & 1))
        return -1;
    return t->nransom + t->nfloors +
           bits_in(t->toppers & ((1u << c->figure) - 1)) * t->ntops +
           bits_in(t->tops & below);
}

/* The T6 moves, up to cap: ransoms, floors, followers on towers. */
int tower_t6_legal(const carc_game *g, carc_move *out, int cap)
{
    t6_moves t;
    t6_moves_of(g, &t);
    int n = t.n < cap ? t.n : cap;
    for (int i = 0; i < n; i++)
        out[i] = t6_nth_of(g, &t, i);
    return n;
}

_Static_assert(sizeof(t6_moves) <= EXP_T6_MEMO, "the tower's T6 moves fit a memo");

int tower_t6_count(const carc_game *g, void *memo)
{
    t6_moves *t = memo;
    t6_moves_of(g, t);
    return t->n;
}

void tower_t6_nth(const carc_game *g, const void *memo, int i, carc_move *out)
{
    *out = t6_nth_of(g, memo, i);
}

int tower_t6_owed(const carc_game *g)
{
    /* the usual answer without the whole list: a floor left and an open tower */
    const struct tower_state *ts = tower_st(g);
    uint8_t tiles[TOWER_MAX];
    int nt = tower_list(g, tiles);
    if (nt && ts->floors[g->active] && tower_closed_mask(g, tiles, nt) != (1u << nt) - 1)
        return 1;
    t6_moves t;
    t6_moves_of(g, &t);
    return t.n > 0;
}

/* Why T6 move m (a floor, a follower on a tower, a ransom) is not legal. */
static int t6_refuse(const carc_game *g, const carc_move *m, carc_error *err)
{
    int seat = g->active, t = board_lookup(g, m->x, m->y), k = tower_index(g, t);
    if (m->kind == CARC_MOVE_RANSOM) {
        if (tower_st(g)->ransomed)
            error_set(err, CARC_E_ILLEGAL, "a ransom was already paid this turn (TW8)");
        else if (carc_score(g, seat) < TOWER_RANSOM)
            error_set(err, CARC_E_ILLEGAL,
                      "player %d has %d points: a ransom needs %d (TW8)", seat,
                      carc_score(g, seat), TOWER_RANSOM);
        else
            error_set(err, CARC_E_ILLEGAL, "player %d holds no %s of player %d (TW8)",
                      m->seat2, m->figure < CARC_FIGURES ? carc_figure_name(m->figure) : "?",
                      seat);
    } else if (k < 0) {
        error_set(err, CARC_E_ILLEGAL, "(%d,%d) has no tower (TW3)", m->x, m->y);
    } else if (tower_closed(g, t, NULL, NULL)) {
        error_set(err, CARC_E_ILLEGAL, "the tower at (%d,%d) has a follower on top: it is "
                  "closed (TW4)", m->x, m->y);
    } else if (m->kind == CARC_MOVE_FLOOR) {
        error_set(err, CARC_E_ILLEGAL, "player %d has no tower floor left (TW2)", seat);
    } else if (exp_no_figure_on(g, t)) {  /* a floor is no figure: it may go there (CI22) */
        error_set(err, CARC_E_ILLEGAL, exp_no_figure_words(g, t), m->x, m->y);
    } else if (m->figure >= CARC_FIGURES ||
               !(exp_figure_of[m->figure]->stands >> CARC_FEAT_TOWER & 1)) {
        error_set(err, CARC_E_ILLEGAL, "only a meeple or the large meeple tops a tower (TW4)");
    } else if (!tower_st(g)->height[k]) {
        error_set(err, CARC_E_ILLEGAL, "the tower at (%d,%d) has no floor yet: a follower "
                  "needs height 1 (TW4)", m->x, m->y);
    } else {
        error_set(err, CARC_E_ILLEGAL, "player %d has no %s in supply (TW4)", seat,
                  carc_figure_name(m->figure));
    }
    return CARC_E_ILLEGAL;
}

/* Whether m is in list[0..n). */
static int listed(const carc_move *list, int n, const carc_move *m)
{
    for (int i = 0; i < n; i++)
        if (carc_move_equal(&list[i], m))
            return 1;
    return 0;
}

/* TW5: the capture moves from tower k, each follower once per (seat, kind, place). */
static int capture_moves(const carc_game *g, int k, carc_move *out, int cap)
{
    uint8_t tiles[TOWER_MAX];
    int n = 0;
    tower_list(g, tiles);
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS && n < cap; i++) {
            unsigned v = g->fnode[s][i];
            int x, y, port, type, dup = 0;
            /* in supply or held: on no tile (most slots) */
            if (v >= FIG_HELD || !tower_in_reach(g, k, tiles, i, v))
                continue;
            for (int j = 0; j < i && !dup; j++)
                dup = g->fnode[s][j] == v && fig_slot_kind[j] == fig_slot_kind[i];
            if (dup || !figure_where(g, v, &x, &y, &port, &type))
                continue;
            carc_move m = move_pass();
            m.kind = CARC_MOVE_CAPTURE;
            m.x = (int8_t)x;
            m.y = (int8_t)y;
            m.port = (uint8_t)port;
            m.seat2 = (uint8_t)s;
            m.figure = fig_slot_kind[i];
            out[n++] = m;
        }
    return n;
}

static void put_floor(carc_game *g, const carc_move *m)
{
    struct tower_state *ts = tower_st(g);
    int t = board_lookup(g, m->x, m->y), k = tower_index(g, t);
    ts->floors[g->active]--;
    ts->height[k]++;
    event_emit(g, CARC_EV_FLOOR, g->active, m->x, m->y, 0, 0, ts->height[k]);
    carc_move c;
    if (capture_moves(g, k, &c, 1)) {  /* TW5 follows at once, if anyone is in reach */
        ts->hold = TOWER_HOLD_CAPTURE;
        ts->at = (uint8_t)k;
    }
}

/* TW8: the buyer pays 3, the holder gains 3, the follower returns to supply. */
static void pay_ransom(carc_game *g, const carc_move *m)
{
    int seat = g->active;
    score_add(g, seat, CARC_SCORE_CARDS, -TOWER_RANSOM, CARC_REASON_RANSOM, NODE_NONE);
    score_add(g, m->seat2, CARC_SCORE_CARDS, TOWER_RANSOM, CARC_REASON_RANSOM, NODE_NONE);
    figure_free(g, seat, held_slot(g, seat, m->seat2, m->figure));
    tower_st(g)->jailed[seat]--;
    tower_st(g)->ransomed = 1;
}

/* TW4: the active player's follower of listed move m on the tower's top, noted. */
static void top_tower(carc_game *g, const carc_move *m)
{
    int t = board_lookup(g, m->x, m->y);
    figure_put_place(g, g->active, m->figure, t, CARC_PORT_T);
    int slot = 0;
    while (g->fnode[g->active][slot] != fig_place(t, CARC_PORT_T))
        slot++;  /* the slot figure_put_place took: a listed move puts one there */
    tower_topped(g, tower_index(g, t), g->active, slot);
}

int tower_t6_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    if (m->kind != CARC_MOVE_FLOOR && m->kind != CARC_MOVE_RANSOM &&
        !(m->kind == CARC_MOVE_FOLLOWER && m->port == CARC_PORT_T))
        return EXP_NOT_MINE;
    carc_move c = *m;
    tower_canonical_move(g, &c);
    t6_moves t;
    t6_moves_of(g, &t);
    int i = t6_index(g, &t, &c);
    carc_move listed_move = i >= 0 ? t6_nth_of(g, &t, i) : move_pass();
    if (i < 0 || !carc_move_equal(&listed_move, &c))  /* the move the list holds there */
        return t6_refuse(g, m, err);
    event_clear(g);
    if (c.kind == CARC_MOVE_RANSOM) {
        pay_ransom(g, &c);
        return CARC_OK;  /* T6a: the choice is still to come */
    }
    if (c.kind == CARC_MOVE_FLOOR)
        put_floor(g, &c);
    else
        top_tower(g, &c);
    g->step = ST_T6_AFTER;  /* the T6 choice is made: the dragon may move next (T6b) */
    return CARC_OK;
}

/* TW6 after a capture of `owner`'s follower (slot) by the active player: the
 * exchange when owner holds followers of the capturer; the capturer's choice
 * when they differ in kind. */
static void exchange_due(carc_game *g, int owner, int slot)
{
    int seat = g->active;
    unsigned kinds = held_kinds(g, seat, owner);
    if (!kinds)
        return;
    figure_free(g, owner, slot);
    tower_st(g)->jailed[owner]--;
    if (kinds & (kinds - 1)) {
        tower_st(g)->hold = TOWER_HOLD_EXCHANGE;
        tower_st(g)->other = (uint8_t)owner;
    } else {
        figure_free(g, seat, held_slot(g, seat, owner, __builtin_ctz(kinds)));
        tower_st(g)->jailed[seat]--;
    }
}

/* The slot of the follower capture move m names (canonical, listed). */
static int captured_slot(const carc_game *g, const carc_move *m)
{
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
        int x, y, port, type;
        if (fig_slot_kind[i] == m->figure &&
            figure_where(g, g->fnode[m->seat2][i], &x, &y, &port, &type) && x == m->x &&
            y == m->y && port == m->port)
            return i;
    }
    return -1;
}

int tower_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    const struct tower_state *ts = tower_st(g);
    int n = 0;
    if (decision == CARC_DEC_CAPTURE && ts->hold == TOWER_HOLD_CAPTURE) {
        n = capture_moves(g, ts->at, out, cap);
        if (n < cap)
            out[n++] = move_pass();  /* TW5: "may" */
    } else if (decision == CARC_DEC_EXCHANGE && ts->hold == TOWER_HOLD_EXCHANGE) {
        for (unsigned k = held_kinds(g, g->active, ts->other); k && n < cap; k &= k - 1) {
            out[n] = move_pass();
            out[n].kind = CARC_MOVE_EXCHANGE;
            out[n++].figure = (uint8_t)__builtin_ctz(k);
        }
    }
    return n;
}

int tower_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    struct tower_state *ts = tower_st(g);
    if (decision != CARC_DEC_CAPTURE && decision != CARC_DEC_EXCHANGE)
        return EXP_NOT_MINE;
    carc_move list[CARC_MAX_PLAYERS * FIG_FOLLOWER_SLOTS + 1], c = *m;
    tower_canonical_move(g, &c);
    int n = tower_legal(g, decision, list, CARC_MAX_PLAYERS * FIG_FOLLOWER_SLOTS + 1);
    if (!listed(list, n, &c)) {
        if (decision == CARC_DEC_EXCHANGE)
            error_set(err, CARC_E_ILLEGAL, "player %d holds no %s of player %d to give back "
                      "(TW6)", ts->other, m->figure < CARC_FIGURES ?
                      carc_figure_name(m->figure) : "?", g->active);
        else if (m->kind != CARC_MOVE_CAPTURE)
            error_set(err, CARC_E_ILLEGAL, "after a floor: capture a follower in reach or "
                      "pass (TW5)");
        else
            error_set(err, CARC_E_ILLEGAL, "no %s of player %d at (%d,%d) %s within the "
                      "tower's reach that may be captured (TW5, XI20)",
                      m->figure < CARC_FIGURES ? carc_figure_name(m->figure) : "?", m->seat2,
                      m->x, m->y, carc_port_name(m->port));
        return CARC_E_ILLEGAL;
    }
    event_clear(g);
    ts->hold = 0;
    if (c.kind == CARC_MOVE_EXCHANGE) {
        figure_free(g, g->active, held_slot(g, g->active, ts->other, c.figure));
        ts->jailed[g->active]--;
        ts->other = 0;
    } else if (c.kind == CARC_MOVE_CAPTURE) {
        ts->at = 0;
        int owner = c.seat2, slot = captured_slot(g, &c);
        figure_remove(g, owner, slot, owner == g->active ? -1 : g->active);
        if (owner != g->active) {
            ts->jailed[owner]++;  /* held by the capturer (TW5) */
            exchange_due(g, owner, slot);
        }
    } else {
        ts->at = 0;
    }
    return CARC_OK;
}
