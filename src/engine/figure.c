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
const uint8_t fig_special_kinds = 1u << CARC_FIG_BUILDER | 1u << CARC_FIG_PIG;

int carc_figure_strength(int figure)
{
    return figure >= 0 && figure < CARC_FIGURES ? figure_strength[figure] : 0;
}

int figure_owned(const carc_game *g, int seat, int slot)
{
    return seat < g->players && (g->figures >> fig_slot_kind[slot] & 1);
}

void figure_setup(carc_game *g)
{
    /* I3, TB2: the meeples, and the figures the expansions give */
    g->figures = (uint8_t)exp_figures(g->expansions);
    int supply = CARC_FOLLOWERS + (g->figures >> CARC_FIG_LARGE & 1) +
                 (g->figures >> CARC_FIG_ABBOT & 1);
    memset(g->fnode, 0xFF, sizeof g->fnode);
    for (int s = 0; s < g->players; s++)
        g->supply[s] = (uint8_t)supply;
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
        return (g->figures >> figure & 1) && g->fnode[seat][figure_slot_of(figure)] == NODE_NONE;
    /* the followers in supply but the large meeple and the abbot */
    return g->supply[seat] > figure_in_supply(g, seat, CARC_FIG_LARGE) +
                             figure_in_supply(g, seat, CARC_FIG_ABBOT);
}

/* The slot of a figure of `seat` in supply: a meeple's first free slot. */
static int slot_in_supply(const carc_game *g, int seat, int figure)
{
    if (figure != CARC_FIG_MEEPLE) {
        int i = figure_slot_of(figure);
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
    feat_mut(g, to)->follow += w;
    g->fnode[seat][i] = (uint16_t)to;
    event_emit_follower(g, CARC_EV_FOLLOWER, seat, to, fig_slot_kind[i]);
}

void figure_return_all(carc_game *g, int root)
{
    feature *r = feat_mut(g, root);
    /* a builder stays on a road or city with no follower left on it (TB5 sends it
     * home here) */
    int specials = fig_specials(g) && feat_type(r) <= CARC_FEAT_ROAD;
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
        for (int i = FIG_SLOT_BUILDER; i <= FIG_SLOT_PIG; i++) {
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
        for (int i = FIG_SLOT_BUILDER; i <= FIG_SLOT_PIG; i++)
            if (figure_special_on(g, s, i, root))
                slot_take(g, s, i);
}

int figure_special_on(const carc_game *g, int seat, int slot, int root)
{
    int n = g->fnode[seat][slot];
    return fig_placed(n) && feat_root(g, n) == root;
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
        return f->follow == 0 && feat_type(f) != CARC_FEAT_GARDEN;
    case CARC_FIG_ABBOT:  /* A4: a cloister or a garden */
        return f->follow == 0 && feat_type(f) >= CARC_FEAT_CLOISTER;
    case CARC_FIG_BUILDER:
        return feat_type(f) <= CARC_FEAT_ROAD && !(f->flags & NF_COMPLETED) &&
               feat_follow(f, g->active);
    case CARC_FIG_PIG:
        return feat_type(f) == CARC_FEAT_FIELD && feat_follow(f, g->active);
    default:
        return 0;
    }
}

/* figure_ok for every figure and segment of the placed tile at once (T6 asks it
 * twice a turn: whether a decision is owed, then its list): bit i of masks[f] says
 * figure f may stand on segment i, for the figures the active player has in
 * supply. Returns the OR of the masks. */
static unsigned figure_masks(const carc_game *g, unsigned masks[CARC_FIGURES])
{
    const placed *p = &g->tiles[g->last];
    int seat = g->active, nseg = tile_def(p->kind)->nseg;
    unsigned empty = 0, build = 0, pig = 0, monastic = 0, garden = 0;
    if (g->figures >> CARC_FIG_ABBOT & 1) {  /* A4: where the abbot may go, and only it */
        const uint8_t *ps = tiletab_port_seg[p->kind][0];  /* a segment's index: any rotation */
        monastic = ps[PORT_MONASTIC] == 0xFF ? 0 : 1u << ps[PORT_MONASTIC];
        garden = ps[CARC_PORT_G] == 0xFF ? 0 : 1u << ps[CARC_PORT_G];
    }
    for (int i = 0; i < nseg; i++) {
        const feature *f = feat_of(g, p->first + i);
        if (!f->follow)
            empty |= 1u << i;
        else if (feat_follow(f, seat) && feat_type(f) == CARC_FEAT_FIELD)
            pig |= 1u << i;
        else if (feat_follow(f, seat) && feat_type(f) <= CARC_FEAT_ROAD &&
                 !(f->flags & NF_COMPLETED))
            build |= 1u << i;
    }
    /* A4: only the abbot on a garden, and the abbot nowhere but there and a cloister */
    masks[CARC_FIG_MEEPLE] = figure_in_supply(g, seat, CARC_FIG_MEEPLE) ? empty & ~garden : 0;
    masks[CARC_FIG_LARGE] = figure_in_supply(g, seat, CARC_FIG_LARGE) ? empty & ~garden : 0;
    masks[CARC_FIG_ABBOT] = figure_in_supply(g, seat, CARC_FIG_ABBOT) ? empty & monastic : 0;
    masks[CARC_FIG_BUILDER] = figure_in_supply(g, seat, CARC_FIG_BUILDER) ? build : 0;
    masks[CARC_FIG_PIG] = figure_in_supply(g, seat, CARC_FIG_PIG) ? pig : 0;
    return masks[0] | masks[1] | masks[2] | masks[3] | masks[4];
}

/* A6: the node of seat's abbot if it may be recalled now: on an unfinished cloister
 * or garden (completed by this turn's tile counts as completed, §0), not a locked
 * one (XI10); else NODE_NONE. */
static int recall_node(const carc_game *g, int seat)
{
    if (!(g->figures >> CARC_FIG_ABBOT & 1))
        return NODE_NONE;
    int n = g->fnode[seat][FIG_SLOT_ABBOT];
    if (!fig_placed(n) || (feat_of(g, n)->flags & (NF_COMPLETED | NF_LOCKED | NF_SCORED)))
        return NODE_NONE;
    return n;
}

/* The recall move of the active player, if there is one. */
static int recall_move(const carc_game *g, carc_move *m)
{
    int n = recall_node(g, g->active);
    if (n == NODE_NONE)
        return 0;
    const placed *p = &g->tiles[g->nodes[n].tile];
    *m = move_pass();
    m->kind = CARC_MOVE_RECALL;
    m->x = p->x;
    m->y = p->y;
    m->port = (uint8_t)board_node_port(g, n);
    m->figure = CARC_FIG_ABBOT;
    return 1;
}

int figure_recall_points(const carc_game *g, const carc_move *m)
{
    carc_move r;
    if (!recall_move(g, &r) || m->x != r.x || m->y != r.y || m->figure != CARC_FIG_ABBOT ||
        m->port >= CARC_PORTS || board_node_at(g, m->x, m->y, m->port) !=
                                     g->fnode[g->active][FIG_SLOT_ABBOT])
        return -1;
    int n = g->fnode[g->active][FIG_SLOT_ABBOT];
    return 1 + board_around(g, g->nodes[n].tile);
}


/* T6 with the big-box figures: each figure in supply, in the order of enum
 * carc_figure, on the segments in order, then the pass. */
int figure_moves(const carc_game *g, carc_move *out, int cap)
{
    unsigned masks[CARC_FIGURES];
    int n = 0;
    if (figure_masks(g, masks)) {
        const placed *p = &g->tiles[g->last];
        const uint8_t *port = tiletab_seg_port[p->kind][p->rot];  /* board_node_port */
        carc_move m = move_pass();
        m.kind = CARC_MOVE_FOLLOWER;
        m.x = p->x;
        m.y = p->y;
        for (int f = 0; f < CARC_FIGURES; f++)
            for (unsigned b = masks[f]; b && n < cap; b &= b - 1) {
                m.figure = (uint8_t)f;
                m.port = port[__builtin_ctz(b)];
                out[n++] = m;
            }
    }
    if (n < cap && recall_move(g, &out[n]))  /* A6, after the placements */
        n++;
    if (n < cap)
        out[n++] = move_pass();
    return n;
}

int figure_owed(const carc_game *g)
{
    unsigned masks[CARC_FIGURES];
    return figure_masks(g, masks) != 0 || recall_node(g, g->active) != NODE_NONE;
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
