/*
 * dragon.c - The Princess & the Dragon (docs/RULES.md, PD1-PD14) as the turn
 * machine sees it: its hook table, and the rules that are no decision.
 *
 *   PD4  a dragon tile drawn while the dragon is off the board is shown and set
 *        aside (hook set_aside, asked by every draw of stack.c: T1, B5, G10, X9);
 *        the first volcano shuffles them back into the stack (hook placed).
 *   PD3  a volcano placed brings the dragon onto itself (hook placed).
 *   PD5  no figure on the dragon's tile, by any rule (hook no_figure_tile, which
 *        T6, the portal, the cards and gifts ask).
 *   PD9  the fairy's point at the start of a turn (turn_begin) and its 3 points
 *        at every scoring of its follower's feature (hook feature_scored).
 * The dragon's movement is walk.c, the T6 choices choices.c.
 */
#include "dragon.h"

static const carc_how_par dragon_how[] = {
    {"The Princess & the Dragon",
     "Thirty new tiles: volcanoes, dragon tiles, magic portals and princesses. The dragon "
     "and the fairy belong to nobody."},
    {"The volcano and the dragon",
     "When a volcano is placed the dragon flies onto it. Until the first volcano, a dragon "
     "tile that is drawn is shown and set aside, and you draw again; the first volcano "
     "shuffles the set-aside tiles back into the stack. Nobody may place a figure on the "
     "tile the dragon stands on."},
    {NULL,
     "When a tile with the dragon symbol is placed, after the figure is placed, the dragon "
     "moves up to six tiles: the player who placed the tile chooses the first step, the "
     "next player the second, and so on. Each step goes to a tile beside it, never back to "
     "a tile it already visited in this move and never onto the fairy's tile. Every figure "
     "on a tile the dragon enters goes back to its owner, without scoring."},
    {"The fairy",
     "Instead of placing a figure you may put the fairy next to one of your followers. At "
     "the start of your turn it gives you a point, each time that follower's road, city, "
     "cloister or field is scored you get 3 more points, and the dragon never enters its "
     "tile. When the follower leaves, the fairy stays on the tile alone."},
    {"The magic portal and the princess",
     "With a magic portal you may put your follower on any tile of the board instead, on a "
     "road, city, cloister or field that is not finished and has no follower. When you "
     "extend a city with the princess, you may send one follower in it back to its owner "
     "instead of placing a figure."},
    {NULL, NULL},
};

/* The plain kind each garden twin replaces (CI15): DG/C.d and DG/Cc.p. */
static const uint8_t dragon_twin_of[CARC_TILE_KINDS] = {
    [DRAGON_KIND_FIRST + 3] = DRAGON_KIND_FIRST + 29,
    [DRAGON_KIND_FIRST + 19] = DRAGON_KIND_FIRST + 30};

/* The fairy assigned to a follower that has left (PD9 e) is forgotten at the next
 * point that asks: the turn's start, the dragon's step, a T6 choice. */
static void fairy_sweep(carc_game *g)
{
    if (dragon_st(g)->fairy_seat && dragon_fairy_seat(g) < 0)
        dragon_fairy_forget(g);
}

_Static_assert((int)DRAGON_TILES == (int)CARC_ASIDE_MAX,
               "a configuration's aside_pos per dragon tile");

/* PD4: where a fixed stack puts the set-aside tiles back, -1 (the bottom) or a depth
 * from the top; only with a fixed stack and this expansion. */
static int dragon_check_config(const carc_config *cfg, carc_error *err)
{
    if (cfg->aside_len == 0)
        return CARC_OK;
    if (cfg->aside_len < 0 || cfg->aside_len > CARC_ASIDE_MAX) {
        error_set(err, CARC_E_CONFIG, "aside_pos holds 0..%d positions, got %d", CARC_ASIDE_MAX,
                  cfg->aside_len);
        return CARC_E_CONFIG;
    }
    if (!(cfg->expansions & CARC_EXP_DRAGON) || cfg->stack_len < 0) {
        error_set(err, CARC_E_CONFIG, "aside_pos needs a fixed stack and the expansion dragon "
                  "(PD4)");
        return CARC_E_CONFIG;
    }
    for (int i = 0; i < cfg->aside_len; i++)
        if (cfg->aside_pos[i] < -1 || cfg->aside_pos[i] >= CARC_STACK) {
            error_set(err, CARC_E_CONFIG, "aside_pos %d must be -1..%d, got %d", i,
                      CARC_STACK - 1, cfg->aside_pos[i]);
            return CARC_E_CONFIG;
        }
    return CARC_OK;
}

/* Everything starts off the board (PD2): the zero state; a fixed stack's positions
 * for the set-aside tiles are kept for the first volcano (PD4). */
static void dragon_setup(carc_game *g, const carc_config *cfg)
{
    struct dragon_state *st = dragon_st(g);
    /* dragon_check_config bounds aside_len; the clamp says so to the optimiser too, whose
     * -Wstringop-overflow cannot see that check (gcc 12, Release). */
    _Static_assert((int)DRAGON_TILES == (int)CARC_ASIDE_MAX, "one position per set-aside tile");
    int n = cfg->aside_len < 0 ? 0 : cfg->aside_len > DRAGON_TILES ? DRAGON_TILES : cfg->aside_len;
    if (cfg->stack_len >= 0)
        for (int i = 0; i < n; i++)
            st->aside_at[i] = (uint8_t)(cfg->aside_pos[i] + 1);
}

/* The positions are part of the stack's order, which no view shows (RULES.md 6). */
static void dragon_hide(carc_game *g, int seat)
{
    (void)seat;
    memset(dragon_st(g)->aside_at, 0, sizeof dragon_st(g)->aside_at);
}

/* PD4: a dragon tile before the dragon is on the board. */
static int dragon_set_aside(carc_game *g, int kind)
{
    struct dragon_state *st = dragon_st(g);
    if (st->dragon || dragon_mark(kind) != MARK_DRAGON || st->naside >= DRAGON_TILES)
        return 0;
    st->aside[st->naside++] = (uint8_t)kind;
    event_emit(g, CARC_EV_SET_ASIDE, g->active, 0, 0, kind, 0, 0);
    return 1;
}

static int dragon_aside(const carc_game *g, uint8_t *kinds)
{
    const struct dragon_state *st = dragon_st(g);
    memcpy(kinds, st->aside, st->naside);
    return st->naside;
}

/* PD4: the set-aside tiles into the stack, each at a uniformly random depth (from
 * the game's generator); with a fixed stack, in the order they were set aside, at
 * the depth its configuration states (aside_pos, beyond the stack's length the
 * bottom), by default the bottom. Told as tiles returned (their depths hidden from
 * views). */
static void shuffle_back(carc_game *g)
{
    struct dragon_state *st = dragon_st(g);
    for (int i = 0; i < st->naside; i++) {
        int len = g->stack_len, stated = st->aside_at[i] - 1;
        int depth = !g->fixed_stack ? (int)rng_below(g->rng, (uint32_t)len + 1)
                    : stated < 0 || stated > len ? len : stated;
        int at = len - depth;
        memmove(&g->stack[at + 1], &g->stack[at], (size_t)(len - at));
        g->stack[at] = st->aside[i];
        g->stack_len++;
        event_emit(g, CARC_EV_TILE_RETURNED, g->active, 0, 0, st->aside[i], 0, depth);
    }
    memset(st->aside, 0, sizeof st->aside);
    memset(st->aside_at, 0, sizeof st->aside_at);  /* used once: the first volcano */
    st->naside = 0;
}

/* After T3 (at T4, where the other modules' placement rules act): PD3 (a volcano),
 * PD6 (a dragon symbol: the dragon moves after T6). Owes no decision. */
static int dragon_placed(carc_game *g)
{
    struct dragon_state *st = dragon_st(g);
    int t = g->last, mark = dragon_mark(g->tiles[t].kind);
    st->due = 0;
    if (mark == MARK_VOLCANO) {
        st->dragon = (uint8_t)(t + 1);
        dragon_event(g, NEUTRAL_DRAGON, NEUTRAL_PUT, g->active, t, CARC_PORT_NONE);
        shuffle_back(g);
    } else if (mark == MARK_DRAGON && st->dragon) {
        st->due = 1;
    }
    return 0;
}

static int dragon_no_figure_tile(const carc_game *g)
{
    return dragon_st(g)->dragon - 1;  /* -1 off the board */
}

/* T0 (PD9 c): the fairy's point, before the first part's draw, in the category
 * of its follower's feature; next to a follower on a tower's top, on no feature
 * (CI22, TW9), among the points of no feature (docs/RULES-DECISIONS.md). */
static void dragon_turn_begin(carc_game *g)
{
    fairy_sweep(g);
    const struct dragon_state *st = dragon_st(g);
    /* T0 only in a turn that starts at T1: a final abbey turn (E0, AM5) starts at T2
     * with its tile already chosen, and pays no fairy point */
    if (g->t1 != T1_CHOSEN && dragon_fairy_seat(g) == g->active) {
        int n = st->fairy_node;
        if (fig_placed((unsigned)n))
            score_add(g, g->active, score_category(node_type(g, n)), 1,
                      CARC_REASON_NEUTRAL_POINT, n);
        else
            score_add(g, g->active, CARC_SCORE_CARDS, 1, CARC_REASON_NEUTRAL_POINT, NODE_NONE);
    }
}

/* PD9 d, XI20: 3 points to the owner of the fairy's follower on the scored feature
 * (banked with a locked feature's points). */
static void dragon_feature_scored(carc_game *g, int root, int name)
{
    int seat = dragon_fairy_seat(g);
    unsigned n = dragon_st(g)->fairy_node;
    if (seat < 0 || !fig_placed(n) || feat_root(g, (int)n) != root)  /* a tower: no feature */
        return;
    const feature *f = feat_of(g, root);
    int cat = score_category(feat_type(f));
    if (f->flags & NF_LOCKED) {
        g->banked[seat][cat] = (int16_t)(g->banked[seat][cat] + 3);
        event_emit_at(g, CARC_EV_BANKED, seat, name, feat_type(f), CARC_REASON_NEUTRAL_BONUS, cat,
                      3);
    } else {
        score_add(g, seat, cat, 3, CARC_REASON_NEUTRAL_BONUS, name);
    }
}

static int dragon_pending_at(carc_game *g)
{
    fairy_sweep(g);
    return dragon_walk_at(g);
}

static void dragon_pending(const carc_game *g, carc_pending *p)
{
    dragon_walk_pending(g, p);
}

static int dragon_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    if (decision == CARC_DEC_WALK)
        return dragon_walk_legal(g, out, cap);
    return 0;
}

static int dragon_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    if (decision == CARC_DEC_WALK) {
        if (m->kind != CARC_MOVE_WALK)
            return EXP_NOT_MINE;
        return dragon_walk_apply(g, m, err);
    }
    return EXP_NOT_MINE;
}

/* T6: the fairy, the portal and the princess (PD9, PD11, PD12) beside the core's
 * choices (expansion.h: t6_owed, t6_legal, t6_apply); a choice made, the dragon
 * may move next (T6b). */
static int dragon_t6_legal(const carc_game *g, carc_move *out, int cap)
{
    return dragon_choices_legal(g, out, cap);
}

static int dragon_t6_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    int rc = dragon_choices_apply(g, m, err);
    if (rc == CARC_OK)
        g->step = ST_T6_AFTER;
    return rc;
}

static int dragon_canonical(const carc_game *g, carc_move *m)
{
    if (m->kind == CARC_MOVE_WALK) {
        carc_move c = move_pass();
        c.kind = CARC_MOVE_WALK;
        c.x = m->x;
        c.y = m->y;
        *m = c;
        return 1;
    }
    return dragon_choices_canonical(g, m);
}

#define BAD(...)                                        \
    do {                                                \
        error_set(err, CARC_E_INVALID, __VA_ARGS__);    \
        return CARC_E_INVALID;                          \
    } while (0)

static int dragon_check(const carc_game *g, carc_error *err)
{
    const struct dragon_state *st = dragon_st(g);
    if (!(g->expansions & CARC_EXP_DRAGON)) {
        static const struct dragon_state off;
        if (memcmp(st, &off, sizeof off) != 0)
            BAD("dragon: state of a game without the expansion is not zero");
        return CARC_OK;
    }
    if (st->dragon > g->ntiles || st->fairy > g->ntiles)
        BAD("dragon: the dragon or the fairy on tile %d or %d of %d", st->dragon - 1,
            st->fairy - 1, g->ntiles);
    if (st->naside > DRAGON_TILES || (st->naside && st->dragon))
        BAD("dragon: %d tiles set aside with the dragon %s", st->naside,
            st->dragon ? "on the board" : "off");
    for (int i = 0; i < DRAGON_TILES; i++) {
        if (i < st->naside ? dragon_mark(st->aside[i]) != MARK_DRAGON : st->aside[i] != 0)
            BAD("dragon: set-aside slot %d holds kind %d", i, st->aside[i]);
        if (st->aside_at[i] && (st->dragon || !g->fixed_stack))
            BAD("dragon: a position for set-aside tile %d with the dragon %s, the stack %s", i,
                st->dragon ? "on the board" : "off", g->fixed_stack ? "fixed" : "shuffled");
    }
    if (st->fairy_seat) {
        unsigned v = st->fairy_node;
        int on = fig_placed(v) ? (int)v < g->nnodes
                               : fig_at_place(v) && fig_place_tile(v) < g->ntiles;
        if (!st->fairy || st->fairy_seat > g->players || st->fairy_slot >= FIG_FOLLOWER_SLOTS ||
            !on || figure_tile_of(g, v) != st->fairy - 1)
            BAD("dragon: the fairy's follower (seat %d slot %d node %d) is not on its tile",
                st->fairy_seat - 1, st->fairy_slot, st->fairy_node);
    } else if (st->fairy_slot || st->fairy_node) {
        BAD("dragon: an unassigned fairy names a follower");
    }
    return dragon_walk_check(g, err);
}

const struct exp_hooks dragon_hooks = {
    .info = {.bit = CARC_EXP_DRAGON, .name = "dragon", .title = "The Princess & the Dragon",
             .tile_mark = 'd', .how = dragon_how},
    .stack_tiles = 30,  /* PD1 */
    .replaced_by = dragon_twin_of,
    .t6_owed = dragon_choices_owed,
    .t6_legal = dragon_t6_legal,
    .t6_count = dragon_choices_count,
    .t6_nth = dragon_choices_nth,
    .t6_apply = dragon_t6_apply,
    .decides = 1u << ST_T6_AFTER,
    .canonical = dragon_canonical,
    .check = dragon_check,
    .check_config = dragon_check_config,
    .setup = dragon_setup,
    .hide = dragon_hide,
    .turn_begin = dragon_turn_begin,
    .at = {[ST_T4_GIFT] = dragon_placed, [ST_T6_AFTER] = dragon_pending_at},
    .pending = dragon_pending,
    .legal = dragon_legal,
    .lists = 1u << CARC_DEC_WALK,
    .apply = dragon_apply,
    .set_aside = dragon_set_aside,
    .aside = dragon_aside,
    .no_figure_tile = dragon_no_figure_tile,
    .no_figure_words = "(%d,%d) is the dragon's tile: no figure may be placed there (PD5)",
    .feature_scored = dragon_feature_scored,
};

int carc_dragon_status(const carc_game *g, carc_dragon_info *out)
{
    memset(out, 0, sizeof *out);
    out->fairy_seat = -1;
    out->mover = -1;
    if (!(g->expansions & CARC_EXP_DRAGON))
        return 0;
    const struct dragon_state *st = dragon_st(g);
    if (st->dragon) {
        out->dragon_on = 1;
        out->dragon_x = g->tiles[st->dragon - 1].x;
        out->dragon_y = g->tiles[st->dragon - 1].y;
    }
    if (st->fairy) {
        out->fairy_on = 1;
        out->fairy_x = g->tiles[st->fairy - 1].x;
        out->fairy_y = g->tiles[st->fairy - 1].y;
    }
    int seat = dragon_fairy_seat(g);
    if (seat >= 0) {
        out->fairy_seat = seat;
        int x, y, type;
        figure_where(g, st->fairy_node, &x, &y, &out->fairy_port, &type);
        out->fairy_figure = fig_slot_kind[st->fairy_slot];
    }
    if (st->walking) {
        out->walking = 1;
        out->walked = st->walked;
        out->mover = (g->active + st->walked) % g->players;
        for (int i = 0; i <= st->walked; i++) {
            out->visited_x[i] = g->tiles[st->visited[i]].x;
            out->visited_y[i] = g->tiles[st->visited[i]].y;
        }
    }
    out->naside = st->naside;
    for (int i = 0; i < st->naside; i++)
        out->aside[i] = st->aside[i];
    return 1;
}
