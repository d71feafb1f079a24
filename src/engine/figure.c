/*
 * figure.c - the figures of every seat (the expansions' §0): followers of
 * different strength (meeple 1, large meeple 2, abbot 1) and the special figures
 * (builder, pig), which are no followers. One model for all: each seat has a row
 * of slots (fnode), one per figure it owns, holding the node it stands on, and a
 * feature's record keeps the strength of each seat's followers on it (follow), so
 * majorities (B8) compare strengths. Figures arrive, leave and move here, keeping
 * fnode, the records and the supply counts in step, and emitting the events.
 */
#include "expansion.h"

int carc_figure_recalls(int figure)
{
    return figure >= 0 && figure < CARC_FIGURES && exp_figure_of[figure]->recall_move != NULL;
}

int carc_figure_strength(int figure)
{
    return figure >= 0 && figure < CARC_FIGURES ? exp_figure_of[figure]->strength : 0;
}

int figure_owned(const carc_game *g, int seat, int slot)
{
    return seat < g->players && (g->figures >> fig_slot_kind[slot] & 1);
}

void figure_setup(carc_game *g)
{
    /* I3, TB2: the meeples, and the figures the expansions give */
    g->figures = (uint16_t)exp_figures(g->expansions);
    int supply = 0;
    for (unsigned k = g->figures; k; k &= k - 1) {
        const struct exp_figure *d = exp_figure_of[__builtin_ctz(k)];
        supply += d->special ? 0 : d->count;
    }
    memset(g->fnode, 0xFF, sizeof g->fnode);
    for (int s = 0; s < g->players; s++)
        g->supply[s] = (uint8_t)supply;
    figure_plan(g);
}

/* fig_spread of a game with these figures (state.h). */
static void spread_of(unsigned figures, uint64_t spread[2][FEAT_TYPES])
{
    memset(spread, 0, 2 * FEAT_TYPES * sizeof spread[0][0]);
    for (unsigned k = figures; k; k &= k - 1) {
        int kind = __builtin_ctz(k);
        const struct exp_figure *d = exp_figure_of[kind];
        for (int t = 0; t < FEAT_TYPES; t++)
            if (d->stands >> t & 1)
                spread[d->special != 0][t] |= 1ull << (8 * kind);
    }
}

void figure_plan(carc_game *g)
{
    spread_of(g->figures, g->fig_spread);
}

int figure_plan_ok(const carc_game *g)
{
    uint64_t spread[2][FEAT_TYPES];
    spread_of(g->figures, spread);
    return memcmp(spread, g->fig_spread, sizeof spread) == 0;
}

/* The kinds (bit per enum carc_figure) of which seat has a figure in supply: the
 * meeple while the followers in supply outnumber the other followers in supply. */
static inline unsigned kinds_in_supply(const carc_game *g, int seat)
{
    unsigned kinds = 0;
    int others = 0;
    /* the game's kinds only, each other than the meeple one slot (state.h), so that a
     * game pays for the kinds it has rather than for every slot */
    for (unsigned k = g->figures & ~(1u << CARC_FIG_MEEPLE); k; k &= k - 1) {
        int kind = __builtin_ctz(k), i = fig_kind_slot[kind];
        if (g->fnode[seat][i] == NODE_NONE) {
            kinds |= 1u << kind;
            others += i < FIG_FOLLOWER_SLOTS;
        }
    }
    return kinds | (g->supply[seat] > others);  /* bit 0: the meeple */
}

int figure_in_supply(const carc_game *g, int seat, int figure)
{
    if (figure != CARC_FIG_MEEPLE)
        return (g->figures >> figure & 1) && g->fnode[seat][fig_kind_slot[figure]] == NODE_NONE;
    if (!fig_choice(g))
        return g->supply[seat] > 0;  /* the base game: meeples only */
    /* a meeple's slot in supply: the followers in supply outnumber the other
     * followers in supply exactly then (each other kind has one slot), and seven
     * slots are fewer tests than the game's kinds */
    const uint16_t *fn = g->fnode[seat];
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* four slots a 64-bit word: a slot in supply is a zero lane of the complement
     * (the eighth lane, the first other follower's slot, made non-zero) */
    _Static_assert(CARC_FOLLOWERS == 7 && FIG_SLOTS >= 8, "the meeples are two words less a lane");
    uint64_t a, b;
    memcpy(&a, fn, sizeof a);
    memcpy(&b, fn + 4, sizeof b);
    a = ~a;
    b = ~b | 0xFFFF000000000000ull;
    const uint64_t ones = 0x0001000100010001ull, tops = 0x8000800080008000ull;
    return ((((a - ones) & ~a) | ((b - ones) & ~b)) & tops) != 0;
#else
    unsigned any = 0;
    for (int i = 0; i < CARC_FOLLOWERS; i++)
        any |= fn[i] == NODE_NONE;
    return (int)any;
#endif
}

/* The slot of a figure of `seat` in supply: a meeple's first free slot. */
static inline int slot_in_supply(const carc_game *g, int seat, int figure)
{
    if (figure != CARC_FIG_MEEPLE) {
        int i = fig_kind_slot[figure];
        return (g->figures >> figure & 1) && g->fnode[seat][i] == NODE_NONE ? i : -1;
    }
    for (int i = 0; i < CARC_FOLLOWERS; i++)
        if (g->fnode[seat][i] == NODE_NONE)
            return i;
    return -1;
}

static void slot_put(carc_game *g, int seat, int i, int n)
{
    g->fnode[seat][i] = (uint16_t)n;
    if (i < FIG_FOLLOWER_SLOTS) {
        feat_mut(g, n)->follow += (uint32_t)fig_slot_strength[i] << (4 * seat);
        g->supply[seat]--;
    }
    event_emit_follower(g, CARC_EV_FOLLOWER, seat, n, fig_slot_kind[i]);
}

static void slot_take(carc_game *g, int seat, int i)
{
    int n = g->fnode[seat][i];
    g->fnode[seat][i] = NODE_NONE;
    if (i < FIG_FOLLOWER_SLOTS) {
        feat_mut(g, n)->follow -= (uint32_t)fig_slot_strength[i] << (4 * seat);
        g->supply[seat]++;
        g->fig_left++;
    }
    event_emit_follower(g, CARC_EV_RETURNED, seat, n, fig_slot_kind[i]);
}

void figure_put(carc_game *g, int seat, int figure, int n)
{
    int i = slot_in_supply(g, seat, figure);
    if (i >= 0)
        slot_put(g, seat, i, n);
}

/* The first follower slot of seat on node n holding `figure` (any follower when
 * figure < 0: meeples' slots come first), or -1. */
static int follower_slot_on(const carc_game *g, int seat, int figure, int n)
{
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
        if (g->fnode[seat][i] == n && (figure < 0 || fig_slot_kind[i] == figure))
            return i;
    return -1;
}

int follower_on(const carc_game *g, int seat, int figure, int n)
{
    return follower_slot_on(g, seat, figure, n) >= 0;
}

void figure_take_slot(carc_game *g, int seat, int slot)
{
    if (fig_placed(g->fnode[seat][slot]))
        slot_take(g, seat, slot);
}

void follower_take(carc_game *g, int seat, int figure, int n)
{
    int i = follower_slot_on(g, seat, figure, n);
    if (i >= 0)
        slot_take(g, seat, i);
}

void follower_move(carc_game *g, int seat, int figure, int from, int to)
{
    int i = follower_slot_on(g, seat, figure, from);
    if (i < 0)
        return;
    uint32_t w = (uint32_t)fig_slot_strength[i] << (4 * seat);
    feat_mut(g, from)->follow -= w;
    g->fig_left++;
    feat_mut(g, to)->follow += w;
    g->fnode[seat][i] = (uint16_t)to;
    event_emit_follower(g, CARC_EV_FOLLOWER, seat, to, fig_slot_kind[i]);
}

/* A place on a tile that is no segment (a port past CARC_PORTS): its type word
 * for events and queries (the top of a tower, TW4; a corner, AM9). */
static int place_type(int port)
{
    return port_is_corner(port) ? CARC_FEAT_CORNER : CARC_FEAT_TOWER;
}

void figure_put_place(carc_game *g, int seat, int figure, int tile, int port)
{
    int i = slot_in_supply(g, seat, figure);
    if (i < 0)
        return;
    const placed *p = &g->tiles[tile];
    g->fnode[seat][i] = (uint16_t)fig_place(tile, port);
    g->supply[seat] -= i < FIG_FOLLOWER_SLOTS;  /* a special figure (a barn) is no follower */
    carc_event *e = event_emit(g, CARC_EV_FOLLOWER, seat, p->x, p->y, port, place_type(port),
                               figure);
    if (e)
        e->port = (unsigned)port;
}

/* Where slot value v stands: its tile's position and the port that names it (a
 * segment's canonical port, or the place's), and its type; 0 if v is on no tile. */
int figure_where(const carc_game *g, unsigned v, int *x, int *y, int *port, int *type)
{
    int t;
    if (fig_placed(v)) {
        t = g->nodes[v].tile;
        *port = board_node_port(g, (int)v);
        *type = node_type(g, (int)v);
    } else if (fig_at_place(v)) {
        t = fig_place_tile(v);
        *port = fig_place_port(v);
        *type = place_type(*port);
    } else {
        return 0;
    }
    *x = g->tiles[t].x;
    *y = g->tiles[t].y;
    return 1;
}

int figure_tile_of(const carc_game *g, unsigned v)
{
    return fig_placed(v) ? g->nodes[v].tile : fig_at_place(v) ? fig_place_tile(v) : -1;
}

void figure_remove(carc_game *g, int seat, int slot, int holder)
{
    unsigned v = g->fnode[seat][slot];
    int x, y, port, type, kind = fig_slot_kind[slot];
    if (!figure_where(g, v, &x, &y, &port, &type))
        return;
    if (fig_placed(v) && slot < FIG_FOLLOWER_SLOTS) {
        feat_mut(g, (int)v)->follow -= (uint32_t)fig_slot_strength[slot] << (4 * seat);
        g->fig_left++;
    }
    carc_event *e;
    if (holder < 0 || holder == seat) {
        g->fnode[seat][slot] = NODE_NONE;
        g->supply[seat] += slot < FIG_FOLLOWER_SLOTS;
        e = event_emit(g, CARC_EV_RETURNED, seat, x, y, port, type, kind);
    } else {
        g->fnode[seat][slot] = (uint16_t)(FIG_HELD + holder);
        e = event_emit(g, CARC_EV_CAPTURED, holder, x, y, seat, type, kind);
    }
    if (e)
        e->port = (unsigned)port;
}

void figure_free(carc_game *g, int seat, int slot)
{
    unsigned v = g->fnode[seat][slot];
    if (!fig_held(v))
        return;
    g->fnode[seat][slot] = NODE_NONE;
    g->supply[seat]++;
    event_emit(g, CARC_EV_FREED, seat, 0, 0, (int)(v - FIG_HELD), 0, fig_slot_kind[slot]);
}

int figure_on_tile(const carc_game *g, int tile, uint8_t seats[], uint8_t slots[], int cap)
{
    int n = 0;
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_SLOTS; i++) {
            unsigned v = g->fnode[s][i];
            /* a figure on a corner stands on no tile (§0: never a barn) */
            if (figure_tile_of(g, v) == tile && !(fig_at_place(v) && port_is_corner(fig_place_port(v)))) {
                if (n < cap) {
                    seats[n] = (uint8_t)s;
                    slots[n] = (uint8_t)i;
                }
                n++;
            }
        }
    return n;
}

/* The feature types the game's special figures may stand on. */
static unsigned special_stands(const carc_game *g)
{
    unsigned types = 0;
    for (unsigned k = fig_specials(g); k; k &= k - 1)
        types |= exp_figure_of[__builtin_ctz(k)]->stands;
    return types;
}

void figure_return_all(carc_game *g, int root)
{
    feature *r = feat_mut(g, root);
    /* a special figure (a builder) may stay on a feature with no follower left on
     * it (TB5 sends it home here) */
    int specials = fig_specials(g) && (special_stands(g) >> feat_type(r) & 1);
    if (r->follow || specials) {
        for (int s = 0; s < g->players; s++) {
            if (!feat_follow(r, s) && !specials)
                continue;
            for (int i = 0; i < FIG_SLOTS; i++) {
                int n = g->fnode[s][i];
                if (!fig_placed(n) || feat_root(g, n) != root)
                    continue;
                event_emit_follower(g, CARC_EV_RETURNED, s, n, fig_slot_kind[i]);
                g->fnode[s][i] = NODE_NONE;
                g->supply[s] += i < FIG_FOLLOWER_SLOTS;
            }
        }
    }
    r->follow = 0;
    r->tokens = 0;
}

void figure_support(carc_game *g)
{
    for (int s = 0; s < g->players; s++)
        for (int i = FIG_FOLLOWER_SLOTS; i < FIG_SLOTS; i++) {
            int n = g->fnode[s][i];
            if (fig_placed(n) && !feat_follow(feat_of(g, n), s))
                slot_take(g, s, i);
        }
}

int figure_followers_on(const carc_game *g, int root)
{
    int n = 0;
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
            n += fig_placed(g->fnode[s][i]) && feat_root(g, g->fnode[s][i]) == root;
    return n;
}

void figure_return_specials(carc_game *g, int root)
{
    for (int s = 0; s < g->players; s++)
        for (int i = FIG_FOLLOWER_SLOTS; i < FIG_SLOTS; i++)
            if (figure_special_on(g, s, i, root))
                slot_take(g, s, i);
}

int figure_special_on(const carc_game *g, int seat, int slot, int root)
{
    int n = g->fnode[seat][slot];
    return fig_placed(n) && feat_root(g, n) == root;
}

/* Where a figure may stand on the placed tile's segment node n (T6), as its
 * descriptor says: a follower on an empty feature of a type it stands on (B6, I4,
 * A4), a special figure on an unfinished one holding a follower of the active
 * player (TB4, TB7). */
int figure_ok(const carc_game *g, int figure, int n)
{
    const feature *f = feat_of(g, n);
    const struct exp_figure *d = exp_figure_of[figure];
    if (!(d->stands >> feat_type(f) & 1))
        return 0;
    if (!d->special)
        return f->follow == 0 && !(f->flags2 & NF2_BARRED);  /* B6, AM10 */
    return !(f->flags & NF_COMPLETED) && feat_follow(f, g->active);
}

/* 0xFF in byte k for each bit k of a set of figure kinds (figure_masks), for the
 * eight kinds that may stand on segments (carc.h: the barn, which stands on a
 * corner, comes after them and has no byte): a table, since a multiply spreading the
 * bits cost the games with figures 0.2% more. */
#define KIND_BYTES(s) ((s) & 1 ? 0xFFull : 0) | ((s) & 2 ? 0xFF00ull : 0) |             \
                      ((s) & 4 ? 0xFF0000ull : 0) | ((s) & 8 ? 0xFF000000ull : 0) |      \
                      ((s) & 16 ? 0xFF00000000ull : 0) | ((s) & 32 ? 0xFF0000000000ull : 0) | \
                      ((s) & 64 ? 0xFF000000000000ull : 0) | ((s) & 128 ? 0xFF00000000000000ull : 0)
#define KIND_BYTES4(s) KIND_BYTES(s), KIND_BYTES(s + 1), KIND_BYTES(s + 2), KIND_BYTES(s + 3)
#define KIND_BYTES16(s) KIND_BYTES4(s), KIND_BYTES4(s + 4), KIND_BYTES4(s + 8), KIND_BYTES4(s + 12)
#define KIND_BYTES64(s) KIND_BYTES16(s), KIND_BYTES16(s + 16), KIND_BYTES16(s + 32), \
                        KIND_BYTES16(s + 48)
static const uint64_t kind_bytes[256] = {KIND_BYTES64(0), KIND_BYTES64(64), KIND_BYTES64(128),
                                         KIND_BYTES64(192)};
/* carc.h: at most eight kinds on segments, then the one on a corner (test_tiletab
 * checks that no kind past the eighth stands on a segment) */
_Static_assert(CARC_FIGURES <= 9, "the kinds on segments have a byte each of kind_bytes");

/* figure_ok for every figure and segment of the placed tile at once (T6 asks it
 * twice a turn: whether a decision is owed, then its list): byte k of the word it
 * returns says on which of segments 0..7 (bit i: segment i) figure k may stand, for
 * the figures the active player has in supply (0 for the others); *past the same
 * for the segments past the eighth (bit i: segment 8 + i; only a tile of more than
 * eight segments, AM/LRRRR, has one); *supply, the kinds in supply. */
/* A follower an empty feature, a special figure an unfinished one holding a
 * follower of seat (a field is never finished): the word of fig_spread of node n's
 * type, for segment 0 (figure_masks shifts it to its segment). */
static inline uint64_t segment_spread(const carc_game *g, int n, int seat)
{
    const feature *f = feat_of(g, n);
    int t = feat_type(f);
    if (!f->follow)  /* B6; AM10: no follower joins a barn field */
        return f->flags2 & NF2_BARRED ? 0 : g->fig_spread[0][t];
    return feat_follow(f, seat) && !(f->flags & NF_COMPLETED) ? g->fig_spread[1][t] : 0;
}

static uint64_t figure_masks(const carc_game *g, unsigned *supply, uint64_t *past)
{
    const placed *p = &g->tiles[g->last];
    int seat = g->active, nseg = exp_no_figure_on(g, g->last) ? 0 : tile_def(p->kind)->nseg;
    int low = nseg > 8 ? 8 : nseg;
    uint64_t r = 0, hi = 0;
    for (int i = 0; i < low; i++)
        r |= segment_spread(g, p->first + i, seat) << i;
    if (__builtin_expect(nseg > 8, 0))  /* a ninth segment (AM/LRRRR) */
        for (int i = 8; i < nseg; i++)
            hi |= segment_spread(g, p->first + i, seat) << (i - 8);
    *supply = kinds_in_supply(g, seat);
    *past = hi & kind_bytes[*supply & 0xFF];
    return r & kind_bytes[*supply & 0xFF];
}

/* A6: the recall moves of the active player (figures it has on the board that may
 * be taken back), written to out (up to cap); how many. */
static int recall_moves_of(const carc_game *g, unsigned k, carc_move *out, int cap)
{
    int n = 0;
    for (; k && n < cap; k &= k - 1) {
        const struct exp_figure *d = exp_figure_of[__builtin_ctz(k)];
        if (d->recall_move)
            n += d->recall_move(g, &out[n]);
    }
    return n;
}

/* Inline: T6 asks twice a turn, and most games have no such figure out of supply. */
static inline int recall_moves(const carc_game *g, unsigned supply, carc_move *out, int cap)
{
    unsigned k = g->figures & fig_recall_kinds & ~supply;
    return k ? recall_moves_of(g, k, out, cap) : 0;
}

/* The descriptor of the figure recall move m names, if this game has it and it may
 * be taken back. */
static const struct exp_figure *recalled(const carc_game *g, const carc_move *m)
{
    if (m->figure >= CARC_FIGURES || !(g->figures >> m->figure & 1))
        return NULL;
    const struct exp_figure *d = exp_figure_of[m->figure];
    return d->recall_points ? d : NULL;
}

int figure_recall_points(const carc_game *g, const carc_move *m)
{
    const struct exp_figure *d = recalled(g, m);
    return d ? d->recall_points(g, m) : -1;
}

void figure_recall(carc_game *g, const carc_move *m)
{
    recalled(g, m)->recall(g, m);
}

int figure_field_bonus(const carc_game *g, int seat, int root, int cities, int *reason)
{
    int points = 0;
    for (unsigned k = g->figures & fig_field_kinds; k; k &= k - 1) {
        const struct exp_figure *d = exp_figure_of[__builtin_ctz(k)];
        if (d->field_bonus) {
            points += d->field_bonus(g, seat, root, cities);
            *reason = d->field_reason;
        }
    }
    return points;
}

/* T6 with the big-box figures: each figure in supply, in the order of enum
 * carc_figure, on the segments in order, then the recalls, then the pass. */
/* The follower moves of the masks of segments first.. (figure_masks), in the
 * order of the kinds, then of the segments: appended to out[0..n), up to cap. */
static inline int figure_mask_moves(const carc_game *g, uint64_t masks, int first,
                                    carc_move *out, int n, int cap)
{
    const placed *p = &g->tiles[g->last];
    const uint8_t *port = tiletab_seg_port[p->kind][p->rot] + first;  /* board_node_port */
    carc_move m = move_pass();
    m.kind = CARC_MOVE_FOLLOWER;
    m.x = p->x;
    m.y = p->y;
    for (int f = 0; masks; f++, masks >>= 8) {
        for (unsigned b = masks & 0xFF; b && n < cap; b &= b - 1) {
            m.figure = (uint8_t)f;
            m.port = port[__builtin_ctz(b)];
            out[n++] = m;
        }
    }
    return n;
}

int figure_moves(const carc_game *g, carc_move *out, int cap)
{
    unsigned supply;
    uint64_t past, masks = figure_masks(g, &supply, &past);
    int n = 0;
    if (masks)
        n = figure_mask_moves(g, masks, 0, out, n, cap);
    if (past)  /* a ninth segment: after the others, whatever the kind */
        n = figure_mask_moves(g, past, 8, out, n, cap);
    n += recall_moves(g, supply, out + n, cap - n);  /* A6, after the placements */
    if (n < cap)
        out[n++] = move_pass();
    return n;
}

int figure_owed(const carc_game *g)
{
    unsigned supply;
    uint64_t past;
    carc_move m;
    return (figure_masks(g, &supply, &past) | past) != 0 ||
           recall_moves(g, supply, &m, 1) != 0;
}


int carc_supply(const carc_game *g, int seat)
{
    return follower_supply(g, seat);
}

int carc_supply_figures(const carc_game *g, int seat, int counts[CARC_FIGURES])
{
    for (int f = 0; f < CARC_FIGURES; f++)
        counts[f] = 0;
    if (seat < 0 || seat >= g->players)
        return 0;
    for (int i = 0; i < FIG_SLOTS; i++)
        counts[fig_slot_kind[i]] += figure_owned(g, seat, i) && g->fnode[seat][i] == NODE_NONE;
    return follower_supply(g, seat);
}
