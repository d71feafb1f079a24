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

const uint8_t fig_slot_kind[FIG_SLOTS] = {
    CARC_FIG_MEEPLE, CARC_FIG_MEEPLE, CARC_FIG_MEEPLE, CARC_FIG_MEEPLE, CARC_FIG_MEEPLE,
    CARC_FIG_MEEPLE, CARC_FIG_MEEPLE, CARC_FIG_LARGE, CARC_FIG_ABBOT, CARC_FIG_BUILDER,
    CARC_FIG_PIG};
const uint8_t fig_slot_strength[FIG_SLOTS] = {1, 1, 1, 1, 1, 1, 1, 2, 1, 0, 0};

static const uint8_t figure_strength[CARC_FIGURES] = {1, 2, 1, 0, 0};

int carc_figure_strength(int figure)
{
    return figure >= 0 && figure < CARC_FIGURES ? figure_strength[figure] : 0;
}

/* Whether a seat owns the figure of a slot, given exp_figures of the game. */
static int slot_owned(const carc_game *g, unsigned figures, int seat, int slot)
{
    return seat < g->players && (figures >> fig_slot_kind[slot] & 1);
}

int figure_owned(const carc_game *g, int seat, int slot)
{
    return slot_owned(g, exp_figures(g->expansions), seat, slot);
}

void figure_setup(carc_game *g)
{
    unsigned figures = exp_figures(g->expansions);  /* once, not for each slot */
    for (int s = 0; s < CARC_MAX_PLAYERS; s++) {
        g->supply[s] = 0;
        for (int i = 0; i < FIG_SLOTS; i++) {
            int owned = slot_owned(g, figures, s, i);  /* I3, TB2 */
            g->fnode[s][i] = owned ? NODE_NONE : FIG_ABSENT;
            g->supply[s] = (uint8_t)(g->supply[s] + (owned && i < FIG_FOLLOWER_SLOTS));
        }
    }
}

int figure_slot_of(int figure)
{
    static const uint8_t slot[CARC_FIGURES] = {0, FIG_SLOT_LARGE, FIG_SLOT_ABBOT,
                                               FIG_SLOT_BUILDER, FIG_SLOT_PIG};
    return slot[figure];
}

int figure_in_supply(const carc_game *g, int seat, int figure)
{
    if (figure != CARC_FIG_MEEPLE)
        return g->fnode[seat][figure_slot_of(figure)] == NODE_NONE;
    for (int i = 0; i < CARC_FOLLOWERS; i++)
        if (g->fnode[seat][i] == NODE_NONE)
            return 1;
    return 0;
}

/* The slot of a figure of `seat` in supply: a meeple's first free slot. */
static int slot_in_supply(const carc_game *g, int seat, int figure)
{
    if (figure != CARC_FIG_MEEPLE) {
        int i = figure_slot_of(figure);
        return g->fnode[seat][i] == NODE_NONE ? i : -1;
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
    }
    event_emit_follower(g, CARC_EV_RETURNED, seat, n, fig_slot_kind[i]);
}

void figure_put(carc_game *g, int seat, int figure, int n)
{
    int i = slot_in_supply(g, seat, figure);
    if (i >= 0)
        slot_put(g, seat, i, n);
}

/* Cards and gifts place "a follower from supply": a meeple while there is one,
 * else the large meeple. */
void follower_put(carc_game *g, int seat, int n)
{
    figure_put(g, seat, figure_in_supply(g, seat, CARC_FIG_MEEPLE) ? CARC_FIG_MEEPLE
                                                                   : CARC_FIG_LARGE, n);
}

/* The first follower slot of seat on node n, or -1. */
static int follower_slot_on(const carc_game *g, int seat, int n)
{
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
        if (g->fnode[seat][i] == n)
            return i;
    return -1;
}

void follower_take(carc_game *g, int seat, int n)
{
    int i = follower_slot_on(g, seat, n);
    if (i >= 0)
        slot_take(g, seat, i);
}

void follower_move(carc_game *g, int seat, int from, int to)
{
    int i = follower_slot_on(g, seat, from);
    if (i < 0)
        return;
    uint32_t w = (uint32_t)fig_slot_strength[i] << (4 * seat);
    feat_mut(g, from)->follow -= w;
    feat_mut(g, to)->follow += w;
    g->fnode[seat][i] = (uint16_t)to;
    event_emit_follower(g, CARC_EV_FOLLOWER, seat, to, fig_slot_kind[i]);
}

void figure_return_all(carc_game *g, int root)
{
    feature *r = feat_mut(g, root);
    int specials = (g->expansions & CARC_EXP_TRADERS) && feat_type(r) <= CARC_FEAT_ROAD;
    if (r->follow || specials) {
        for (int s = 0; s < g->players; s++) {
            if (!feat_follow(r, s) && !specials)
                continue;
            for (int i = 0; i < FIG_SLOTS; i++) {
                int n = g->fnode[s][i];
                if (n >= NODE_NONE - 1 || feat_root(g, n) != root)
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
        for (int i = FIG_SLOT_BUILDER; i <= FIG_SLOT_PIG; i++) {
            int n = g->fnode[s][i];
            if (n < NODE_NONE - 1 && !feat_follow(feat_of(g, n), s))
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
        for (int i = FIG_SLOT_BUILDER; i <= FIG_SLOT_PIG; i++)
            if (figure_special_on(g, s, i, root))
                slot_take(g, s, i);
}

int figure_special_on(const carc_game *g, int seat, int slot, int root)
{
    int n = g->fnode[seat][slot];
    return n < NODE_NONE - 1 && feat_root(g, n) == root;
}

/* Where a figure may stand on the placed tile's segment node n (T6): a follower
 * on an empty feature (B6, I4; never a garden), the builder on an unfinished road
 * or city holding a follower of the active player (TB4), the pig in a field
 * holding one (TB7). */
int figure_ok(const carc_game *g, int figure, int n)
{
    const feature *f = feat_of(g, n);
    switch (figure) {
    case CARC_FIG_MEEPLE: case CARC_FIG_LARGE:
        return f->follow == 0;
    case CARC_FIG_BUILDER:
        return feat_type(f) <= CARC_FEAT_ROAD && !(f->flags & NF_COMPLETED) &&
               feat_follow(f, g->active);
    case CARC_FIG_PIG:
        return feat_type(f) == CARC_FEAT_FIELD && feat_follow(f, g->active);
    default:
        return 0;
    }
}

/* The T6 moves of one figure kind on the placed tile's segments. */
static int figure_kind_moves(const carc_game *g, int figure, carc_move *out, int n, int cap)
{
    const placed *p = &g->tiles[g->last];
    const uint8_t *port = tiletab_seg_port[p->kind][p->rot];  /* board_node_port */
    carc_move m = move_pass();
    m.kind = CARC_MOVE_FOLLOWER;
    m.x = p->x;
    m.y = p->y;
    m.figure = (uint8_t)figure;
    for (int i = 0; i < 8 && port[i] != 0xFF && n < cap; i++) {
        if (!figure_ok(g, figure, p->first + i))
            continue;
        m.port = port[i];
        out[n++] = m;
    }
    return n;
}

/* T6 with the big-box figures: each figure in supply, in the order of enum
 * carc_figure, then the pass. */
int figure_moves(const carc_game *g, carc_move *out, int cap)
{
    int n = 0;
    for (int f = 0; f < CARC_FIGURES; f++)
        if (figure_in_supply(g, g->active, f))
            n = figure_kind_moves(g, f, out, n, cap);
    if (n < cap)
        out[n++] = move_pass();
    return n;
}

/* figure_moves lists more than the pass: some figure in supply fits a segment of
 * the placed tile. Asked at every T6, so it stops at the first such move instead
 * of writing the list (which carc_legal then writes again). */
int figure_owed(const carc_game *g)
{
    const placed *p = &g->tiles[g->last];
    const uint8_t *port = tiletab_seg_port[p->kind][p->rot];  /* 0xFF past the segments */
    for (int f = 0; f < CARC_FIGURES; f++) {
        if (!figure_in_supply(g, g->active, f))
            continue;
        for (int i = 0; i < 8 && port[i] != 0xFF; i++)
            if (figure_ok(g, f, p->first + i))
                return 1;
    }
    return 0;
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
        counts[fig_slot_kind[i]] += g->fnode[seat][i] == NODE_NONE;
    return follower_supply(g, seat);
}
