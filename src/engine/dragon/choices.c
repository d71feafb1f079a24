/*
 * choices.c - the T6 choices The Princess & the Dragon adds to the core's (a
 * follower on the tile just placed, a special figure, a recall, the pass):
 *   PD9 a  the fairy, put next to one of the active player's followers anywhere
 *          (CARC_MOVE_ASSIGN), on a feature or on a tower's top (CI22), not the one
 *          it is already assigned to;
 *   PD11   with a portal tile, a follower on any empty, unfinished feature of any
 *          other tile but the dragon's (CARC_MOVE_FOLLOWER away from the tile just
 *          placed; on the tile itself it is the core's);
 *   PD12   with a princess tile whose city holds followers, one of them sent home
 *          (CARC_MOVE_REMOVE), not on a locked city.
 * Listed after the core's placements and before its pass (legal.c).
 */
#include "dragon.h"

/* The follower slot of seat holding `figure` at slot value n (a node, or a place
 * of a tile: state.h's fig_place; a meeple's first), or -1. */
static int choice_slot(const carc_game *g, int seat, int figure, int n)
{
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
        if (g->fnode[seat][i] == n && fig_slot_kind[i] == figure && figure_owned(g, seat, i))
            return i;
    return -1;
}

/* Whether slot i of seat is the first of its kind on its node (two meeples of one
 * seat on one segment give one move). */
static int choice_first(const carc_game *g, int seat, int i)
{
    return choice_slot(g, seat, fig_slot_kind[i], g->fnode[seat][i]) == i;
}

static carc_move choice_move(const carc_game *g, int kind, int n, int figure)
{
    const placed *p = &g->tiles[g->nodes[n].tile];
    carc_move m = move_pass();
    m.kind = (uint8_t)kind;
    m.x = p->x;
    m.y = p->y;
    m.port = (uint8_t)board_node_port(g, n);
    m.figure = (uint8_t)figure;
    return m;
}

/* PD9 a, CI22: the slots of the active player's followers the fairy may go to, on a
 * feature or on a tower's top (bit i: slot i), each (kind, place) once (the first
 * slot of its kind there, as choice_slot finds it: a kind's slots are one run from
 * fig_kind_slot), the follower it is next to left out. A mask, since T6 asks at
 * every decision whether one is owed, how many, and the one picked. */
static unsigned fairy_slots(const carc_game *g)
{
    int seat = g->active;
    const uint16_t *fn = g->fnode[seat];
    unsigned on = fig_slots_below(fn, FIG_HELD);  /* on a segment or a place */
    unsigned slots = on;
    /* a slot whose node a slot of its kind before it holds too is left out. Every
     * kind but the meeple has one slot (state.h), so only the meeples' run is asked,
     * and a meeple only where a 64-bit filter of the nodes saw its pair before
     * (seldom: two meeples of a seat on one feature's segment) */
    uint64_t seen = 0;
    for (unsigned k = on & ((1u << CARC_FOLLOWERS) - 1); k; k &= k - 1) {
        int i = __builtin_ctz(k);
        uint64_t bit = 1ull << (fn[i] & 63);
        if (seen & bit)
            for (int j = 0; j < i; j++)  /* the meeples' slots before it */
                if (fn[j] == fn[i]) {
                    slots &= ~(1u << i);
                    break;
                }
        seen |= bit;
    }
    if (slots && dragon_fairy_seat(g) == seat)
        slots &= ~(1u << dragon_st(g)->fairy_slot);  /* not the follower it is next to */
    return slots;
}

/* Whether fairy_slots has any, without its pass over pairs of slots (T6 asks at
 * every decision whether one is owed): a slot on the board that is not the
 * follower the fairy is next to, nor another of its kind at its place after it. */
static int fairy_any(const carc_game *g)
{
    int seat = g->active, f = dragon_fairy_seat(g) == seat ? dragon_st(g)->fairy_slot : -1;
    const uint16_t *fn = g->fnode[seat];
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
        if (fn[i] < FIG_HELD &&
            (f < 0 || i < f || fn[i] != fn[f] || fig_slot_kind[i] != fig_slot_kind[f]))
            return 1;
    return 0;
}

/* The fairy's move to the follower of the active player's slot i. */
static carc_move fairy_move(const carc_game *g, int i)
{
    carc_move m = move_pass();
    int x, y, port, type;
    figure_where(g, g->fnode[g->active][i], &x, &y, &port, &type);
    m.kind = CARC_MOVE_ASSIGN;
    m.x = (int8_t)x;
    m.y = (int8_t)y;
    m.port = (uint8_t)port;
    m.figure = fig_slot_kind[i];
    return m;
}

static int fairy_legal(const carc_game *g, carc_move *out, int cap)
{
    int n = 0;
    for (unsigned k = fairy_slots(g); k && n < cap; k &= k - 1)
        out[n++] = fairy_move(g, __builtin_ctz(k));
    return n;
}

/* PD11: whether `figure` of the active player may go through the portal onto node
 * n (a tile other than the one just placed), and why not in *why. */
static int portal_ok(const carc_game *g, int figure, int n, const char **why)
{
    const struct exp_figure *d = figure < CARC_FIGURES ? exp_figure_of[figure] : NULL;
    const feature *f = feat_of(g, n);
    if (!d || !(g->figures >> figure & 1) || d->special) {
        *why = "only a follower goes through a magic portal: a builder or pig only on the tile "
               "just placed (PD11)";
        return 0;
    }
    if (!figure_in_supply(g, g->active, figure)) {
        *why = "player %d has no such follower in supply (PD11)";
        return 0;
    }
    if (g->nodes[n].tile + 1 == dragon_st(g)->dragon) {
        *why = "(%d,%d) is the dragon's tile: no figure may be placed there (PD5)";
        return 0;
    }
    if (!(d->stands >> feat_type(f) & 1)) {
        *why = d->not_there;
        return 0;
    }
    if (f->follow) {
        *why = "the %s at %s already holds a follower (B6, PD11)";
        return 0;
    }
    if (f->flags2 & NF2_BARRED) {
        *why = "the %s at %s is a barn field: no follower goes there (AM10, GI17)";
        return 0;
    }
    if (f->flags & (NF_COMPLETED | NF_SCORED)) {
        *why = "the %s at %s is finished: a magic portal reaches only unfinished ones (PD11)";
        return 0;
    }
    return 1;
}

/* The follower kinds the active player may send through a portal (portal_ok: in
 * supply, no special figure), into stand[t] by the feature type t (NF_TYPE) they
 * stand on, and how many in nstand[t]; 0 if none. */
static unsigned portal_stands(const carc_game *g, uint8_t stand[8], uint8_t nstand[8])
{
    unsigned kinds = 0;
    for (unsigned k = g->figures; k; k &= k - 1) {
        int fig = __builtin_ctz(k);
        const struct exp_figure *d = fig < CARC_FIGURES ? exp_figure_of[fig] : NULL;
        if (d && !d->special && figure_in_supply(g, g->active, fig))
            kinds |= 1u << fig;
    }
    memset(stand, 0, 8);
    memset(nstand, 0, 8);
    for (unsigned k = kinds; k; k &= k - 1)
        for (int t = 0; t < 8; t++)
            if (exp_figure_of[__builtin_ctz(k)]->stands >> t & 1) {
                stand[t] |= (uint8_t)(1u << __builtin_ctz(k));
                nstand[t]++;
            }
    return kinds;
}

/* Whether a portal may reach feature f: portal_ok's B6, AM10 (a barn field, GI17)
 * and PD11. */
static int portal_open(const feature *f)
{
    return !f->follow && !(f->flags2 & NF2_BARRED) && !(f->flags & (NF_COMPLETED | NF_SCORED));
}

/* PD11: the portal's moves (portal_ok's followers on every empty, unfinished
 * segment of the other tiles but the dragon's: segments in board order, kinds in
 * order): moves skip .. skip + cap - 1 written to out[0..), the walk of the nodes
 * stopping after them; returns how many it met (with cap 0, all of them). */
static int portal_walk_from(const carc_game *g, int skip, carc_move *out, int cap)
{
    uint8_t stand[8], nstand[8];
    if (!portal_stands(g, stand, nstand))
        return 0;
    int n = 0, end = skip + cap, last = g->last, dragon = dragon_st(g)->dragon - 1;
    /* the segments in board order are the nodes in order (a tile's are first..) */
    for (int v = 0; v < g->nnodes; v++) {
        int t = g->nodes[v].tile;
        if (t == last || t == dragon)
            continue;
        const feature *f = feat_of(g, v);
        if (!portal_open(f))
            continue;
        int type = feat_type(f);
        if (n + nstand[type] <= skip || cap == 0) {
            n += nstand[type];
            continue;
        }
        for (unsigned k = stand[type]; k; k &= k - 1, n++)
            if (n >= skip && n < end)
                out[n - skip] = choice_move(g, CARC_MOVE_FOLLOWER, v, __builtin_ctz(k));
        if (n >= end)
            return end;
    }
    return n;
}

/* How many moves portal_walk_from meets, from the feature records rather than the
 * nodes: each open feature's nodes (its size) times the kinds that stand on its
 * type, less the open nodes of the tile just placed and the dragon's. A feature
 * has a third of the nodes or fewer, and T6 asks the count at every decision with
 * a portal tile, the move picked only when it is the portal's. */
static int portal_count(const carc_game *g)
{
    uint8_t stand[8], nstand[8];
    if (!portal_stands(g, stand, nstand))
        return 0;
    int n = 0;
    for (int r = 0; r < g->nfeats; r++) {
        const feature *f = &g->feats[r];
        if (f->size && portal_open(f))  /* a free record has size 0 */
            n += f->size * nstand[feat_type(f)];
    }
    int dragon = dragon_st(g)->dragon - 1;
    for (int k = 0; k < 2; k++) {
        int t = k == 0 ? g->last : dragon;
        if (t < 0 || t == TILE_NONE || (k == 1 && t == g->last))
            continue;
        const placed *p = &g->tiles[t];
        for (int i = 0; i < tile_def(p->kind)->nseg; i++) {
            const feature *f = feat_of(g, p->first + i);
            if (portal_open(f))
                n -= nstand[feat_type(f)];
        }
    }
    return n;
}

static int portal_walk(const carc_game *g, int skip, carc_move *out, int cap)
{
    return portal_walk_from(g, skip, out, cap);
}

static int portal_legal(const carc_game *g, carc_move *out, int cap)
{
    return cap > 0 ? portal_walk(g, 0, out, cap) : 0;
}

/* PD12: the root of the princess's city on the tile just placed if it holds
 * followers and is not locked, else -1. */
static int princess_city(const carc_game *g)
{
    const placed *p = &g->tiles[g->last];
    if (dragon_mark(p->kind) != MARK_PRINCESS)
        return -1;
    const feature *f = feat_of(g, p->first);  /* the princess: city segment 0 */
    if (!f->follow || (f->flags & NF_LOCKED))
        return -1;
    return feat_root(g, p->first);
}

static int princess_legal(const carc_game *g, carc_move *out, int cap)
{
    int root = princess_city(g), n = 0;
    if (root < 0)
        return 0;
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS && n < cap; i++) {
            int nd = g->fnode[s][i];
            if (!fig_placed((unsigned)nd) || feat_root(g, nd) != root || !choice_first(g, s, i))
                continue;
            out[n] = choice_move(g, CARC_MOVE_REMOVE, nd, fig_slot_kind[i]);
            out[n++].seat2 = (uint8_t)s;
        }
    return n;
}

/* The choices after the fairy's: a princess's removals (PD12), a portal's
 * followers (PD11), on such a tile only. */
static int rest_legal(const carc_game *g, carc_move *out, int cap)
{
    int n = princess_legal(g, out, cap);
    if (dragon_mark(g->tiles[g->last].kind) == MARK_PORTAL)
        n += portal_legal(g, out + n, cap - n);
    return n;
}

int dragon_choices_legal(const carc_game *g, carc_move *out, int cap)
{
    int n = fairy_legal(g, out, cap);
    return n + rest_legal(g, out + n, cap - n);
}

int dragon_choices_owed(const carc_game *g)
{
    carc_move m;
    return fairy_any(g) || rest_legal(g, &m, 1) > 0;
}

/* The fairy's moves as a mask (fairy_slots), how many, and a princess's (at most a
 * follower a slot of every seat). */
typedef struct choice_counts {
    unsigned fairy;
    int nfairy, nprincess;
    carc_move princess[CARC_MAX_PLAYERS * FIG_FOLLOWER_SLOTS];
} choice_counts;

static void choice_counts_of(const carc_game *g, choice_counts *c)
{
    c->fairy = fairy_slots(g);
    c->nfairy = 0;
    for (unsigned k = c->fairy; k; k &= k - 1)
        c->nfairy++;
    c->nprincess = dragon_mark(g->tiles[g->last].kind) == MARK_PRINCESS
                       ? princess_legal(g, c->princess, CARC_MAX_PLAYERS * FIG_FOLLOWER_SLOTS)
                       : 0;  /* the usual tile: no call */
}

static int portal_tile(const carc_game *g)
{
    return dragon_mark(g->tiles[g->last].kind) == MARK_PORTAL;
}

/* What dragon_choices_count found, for dragon_choices_nth: the fairy's and the
 * princess's moves, and how many a portal has. */
typedef struct choice_memo {
    choice_counts c;
    int nportal;
} choice_memo;
_Static_assert(sizeof(choice_memo) <= EXP_T6_MEMO, "the dragon's T6 choices fit a memo");

int dragon_choices_count(const carc_game *g, void *memo)
{
    choice_memo *cm = memo;
    choice_counts_of(g, &cm->c);
    cm->nportal = portal_tile(g) ? portal_count(g) : 0;
    return cm->c.nfairy + cm->c.nprincess + cm->nportal;
}

void dragon_choices_nth(const carc_game *g, const void *memo, int i, carc_move *out)
{
    const choice_counts *c = &((const choice_memo *)memo)->c;
    if (i < c->nfairy) {
        unsigned k = c->fairy;
        for (; i > 0; i--)
            k &= k - 1;
        *out = fairy_move(g, __builtin_ctz(k));
    } else if (i - c->nfairy < c->nprincess) {
        *out = c->princess[i - c->nfairy];
    } else {
        portal_walk(g, i - c->nfairy - c->nprincess, out, 1);
    }
}

/* The node a move names at port of tile t (its (x,y), -1 if none there), or
 * NODE_NONE with the refusal written. */
static int choice_node_at(const carc_game *g, int t, const carc_move *m, carc_error *err)
{
    int n = t >= 0 && m->port < CARC_PORTS ? board_port_node(g, t, m->port) : NODE_NONE;
    if (n == NODE_NONE)
        error_set(err, CARC_E_ILLEGAL, "(%d,%d) has no segment at port %s", m->x, m->y,
                  carc_port_name(m->port));
    return n;
}

static int choice_node(const carc_game *g, const carc_move *m, carc_error *err)
{
    return choice_node_at(g, board_lookup(g, m->x, m->y), m, err);
}

static int fairy_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    int t = board_lookup(g, m->x, m->y), n;
    if (m->port == CARC_PORT_T && t >= 0)
        n = (int)fig_place(t, m->port);  /* a follower on a tower's top (CI22) */
    else if ((n = choice_node_at(g, t, m, err)) == NODE_NONE)
        return CARC_E_ILLEGAL;
    int i = m->figure < CARC_FIGURES ? choice_slot(g, g->active, m->figure, n) : -1;
    if (i < 0) {
        error_set(err, CARC_E_ILLEGAL,
                  "player %d has no %s at (%d,%d) %s: the fairy goes next to one of your "
                  "followers (PD9)", g->active, m->figure < CARC_FIGURES ?
                  carc_figure_name(m->figure) : "follower", m->x, m->y, carc_port_name(m->port));
        return CARC_E_ILLEGAL;
    }
    struct dragon_state *st = dragon_st(g);
    if (dragon_fairy_seat(g) == g->active && st->fairy_slot == i) {
        error_set(err, CARC_E_ILLEGAL,
                  "the fairy is already next to that follower: it must move to another (PD9)");
        return CARC_E_ILLEGAL;
    }
    event_clear(g);
    int x, y, port, type;
    figure_where(g, (unsigned)n, &x, &y, &port, &type);
    st->fairy = (uint8_t)(figure_tile_of(g, (unsigned)n) + 1);
    st->fairy_seat = (uint8_t)(g->active + 1);
    st->fairy_slot = (uint8_t)i;
    st->fairy_node = (uint16_t)n;
    dragon_event(g, NEUTRAL_FAIRY, NEUTRAL_ASSIGNED, g->active, st->fairy - 1, port);
    return CARC_OK;
}

static int portal_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    if (dragon_mark(g->tiles[g->last].kind) != MARK_PORTAL)
        return EXP_NOT_MINE;  /* the core's words: on the tile just placed (B6) */
    int n = choice_node(g, m, err);
    if (n == NODE_NONE)
        return CARC_E_ILLEGAL;
    const char *why;
    if (!portal_ok(g, m->figure, n, &why)) {
        const char *type = carc_feature_name(node_type(g, n)), *port = carc_port_name(m->port);
        if (strstr(why, "(%d,%d)"))
            error_set(err, CARC_E_ILLEGAL, why, m->x, m->y);
        else if (strstr(why, "player %d"))
            error_set(err, CARC_E_ILLEGAL, why, g->active);
        else
            error_set(err, CARC_E_ILLEGAL, why, type, port);
        return CARC_E_ILLEGAL;
    }
    event_clear(g);
    figure_put(g, g->active, m->figure, n);
    return CARC_OK;
}

static int princess_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    int root = princess_city(g);
    if (root < 0) {
        error_set(err, CARC_E_ILLEGAL,
                  "no princess can act: the tile just placed has no princess on a city holding "
                  "followers that is not locked (PD12, XI20)");
        return CARC_E_ILLEGAL;
    }
    int n = choice_node(g, m, err);
    if (n == NODE_NONE)
        return CARC_E_ILLEGAL;
    int seat = m->seat2, i = -1;
    if (seat < g->players && m->figure < CARC_FIGURES && feat_root(g, n) == root)
        i = choice_slot(g, seat, m->figure, n);
    if (i < 0) {
        error_set(err, CARC_E_ILLEGAL,
                  "no follower of player %d at (%d,%d) %s in the princess's city (PD12)",
                  seat == CARC_SEAT_NONE ? -1 : seat, m->x, m->y, carc_port_name(m->port));
        return CARC_E_ILLEGAL;
    }
    event_clear(g);
    int fairy = dragon_fairy_seat(g) == seat && dragon_st(g)->fairy_slot == i;
    figure_take_slot(g, seat, i);
    if (fairy)
        dragon_fairy_forget(g);  /* PD9 e: it stays on the tile */
    return CARC_OK;
}

int dragon_choices_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    switch (m->kind) {
    case CARC_MOVE_ASSIGN:
        return fairy_apply(g, m, err);
    case CARC_MOVE_REMOVE:
        return princess_apply(g, m, err);
    case CARC_MOVE_FOLLOWER:
        if (g->last != TILE_NONE && m->x == g->tiles[g->last].x && m->y == g->tiles[g->last].y)
            return EXP_NOT_MINE;  /* on the tile just placed: the core's */
        if (m->port >= CARC_PORTS)
            return EXP_NOT_MINE;  /* a place that is no segment (a tower's top): not a portal's */
        return portal_apply(g, m, err);
    default:
        return EXP_NOT_MINE;
    }
}

/* ASSIGN and REMOVE: the segment's canonical port; REMOVE's seat filled in when one
 * seat only has that figure there. */
int dragon_choices_canonical(const carc_game *g, carc_move *m)
{
    if (m->kind != CARC_MOVE_ASSIGN && m->kind != CARC_MOVE_REMOVE)
        return 0;
    carc_move c = move_pass();
    int canon;
    c.kind = m->kind;
    c.x = m->x;
    c.y = m->y;
    c.port = carc_segment(g, m->x, m->y, m->port, &canon) >= 0 ? (uint8_t)canon : m->port;
    c.figure = m->figure;
    if (m->kind == CARC_MOVE_REMOVE) {
        c.seat2 = m->seat2;
        int t = board_lookup(g, m->x, m->y);
        int n = t >= 0 && c.port < CARC_PORTS ? board_port_node(g, t, c.port) : NODE_NONE;
        if (c.seat2 == CARC_SEAT_NONE && n != NODE_NONE && m->figure < CARC_FIGURES) {
            int only = -1, count = 0;
            for (int s = 0; s < g->players; s++)
                if (choice_slot(g, s, m->figure, n) >= 0) {
                    only = s;
                    count++;
                }
            if (count == 1)
                c.seat2 = (uint8_t)only;
        }
    }
    *m = c;
    return 1;
}
