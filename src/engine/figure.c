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

void figure_setup(carc_game *g)
{
    for (int s = 0; s < CARC_MAX_PLAYERS; s++) {
        for (int i = 0; i < FIG_SLOTS; i++)
            g->fnode[s][i] = FIG_ABSENT;
        if (s >= g->players)
            continue;
        for (int i = 0; i < CARC_FOLLOWERS; i++)
            g->fnode[s][i] = NODE_NONE;
        if (g->expansions & CARC_EXP_INNS)  /* I3 */
            g->fnode[s][FIG_SLOT_LARGE] = NODE_NONE;
        if (g->expansions & CARC_EXP_TRADERS)  /* TB2 */
            g->fnode[s][FIG_SLOT_BUILDER] = g->fnode[s][FIG_SLOT_PIG] = NODE_NONE;
        g->supply[s] = (uint8_t)(CARC_FOLLOWERS + ((g->expansions & CARC_EXP_INNS) != 0));
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

int figure_special_on(const carc_game *g, int seat, int slot, int root)
{
    int n = g->fnode[seat][slot];
    return n < NODE_NONE - 1 && feat_root(g, n) == root;
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
