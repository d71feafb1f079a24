/*
 * river.c - The River (RULES.md §10, R1-R10) as the turn machine sees it.
 *
 * The river stack is the top of the stack (river_state.h: base, the lake at its
 * bottom), the spring the start tile (board_init). What is left is R5: a river tile
 * goes only to the river's open end, the empty position its last river edge faces,
 * with a river edge meeting that edge, its other river edge facing an empty
 * position, and no immediate U-turn. The fit table places no river tile (a river
 * edge demands nothing of a spot, state.h), so this module forces the open end's
 * spot while a river tile is in hand (hook forced_spot, as Mastermind does) and says
 * in which rotations a river tile fits there (hook fit_rots). After each placement
 * it moves the open end on (T4), and keeps a dead end (R6) closed.
 */
#include "river.h"

static const int river_dx[4] = {0, 1, 0, -1};
static const int river_dy[4] = {-1, 0, 1, 0};

enum { TURN_NONE = 0, TURN_RIGHT = 1, TURN_LEFT = 2 };

/* The river sides of kind turned rot, bit d for side d (N E S W). */
static unsigned river_sides(int kind, int rot)
{
    unsigned packed = tiletab_packed(kind, rot), sides = 0;
    for (int d = 0; d < 4; d++)
        sides |= (unsigned)(((packed >> (2 * d)) & 3) == CARC_EDGE_RIVER) << d;
    return sides;
}

/* How a tile entered through side a and left through side b turns (R5). */
static int river_turn_of(int a, int b)
{
    if (b == ((a + 3) & 3))
        return TURN_RIGHT;
    return b == ((a + 1) & 3) ? TURN_LEFT : TURN_NONE;
}

/* The open end after a river tile at (x,y) turned rot, entered through side a (-1:
 * the spring, entered nowhere). */
static void river_flow(carc_game *g, int kind, int rot, int x, int y, int a)
{
    unsigned out = river_sides(kind, rot) & ~(a >= 0 ? 1u << a : 0u);
    if (!out) {  /* the lake: the river is closed */
        river_st(g)->open = 0;
        return;
    }
    int b = __builtin_ctz(out);
    river_st(g)->open = 1;
    river_st(g)->x = (int8_t)(x + river_dx[b]);
    river_st(g)->y = (int8_t)(y + river_dy[b]);
    river_st(g)->side = (uint8_t)((b + 2) & 3);
    river_st(g)->turn = (uint8_t)(a >= 0 ? river_turn_of(a, b) : TURN_NONE);
}

/* R2: the river tiles on top of the stack, the lake the lowest of them, each part in
 * the order it had (a shuffle before keeps each uniform); sets the base. */
static void river_split(carc_game *g)
{
    uint8_t river[CARC_STACK];
    int n = 0, nriver = 0, lake = 0;
    for (int i = 0; i < g->stack_len; i++) {
        int k = g->stack[i];
        if (k == KIND_LAKE)
            lake++;
        else if (tile_river(k))
            river[nriver++] = (uint8_t)k;
        else
            g->stack[n++] = (uint8_t)k;
    }
    river_st(g)->base = (uint8_t)n;
    for (; lake > 0; lake--)
        g->stack[n++] = KIND_LAKE;  /* the bottom of the river stack: drawn last */
    memcpy(g->stack + n, river, (size_t)nriver);
}

static void river_setup(carc_game *g, const carc_config *cfg)
{
    if (cfg->stack_len < 0) {
        river_split(g);
    } else {
        /* a fixed stack lists the river tiles first (river_check_stack) */
        int river = 0;
        while (river < cfg->stack_len && tile_river(cfg->stack[river]))
            river++;
        river_st(g)->base = (uint8_t)(cfg->stack_len - river);
    }
    river_flow(g, KIND_SPRING, 0, 0, 0, -1);  /* R2: the spring at (0,0), rotation 0 */
}

static int river_spot(const carc_game *g)
{
    return river_st(g)->open ? board_spot_index(g, river_st(g)->x, river_st(g)->y) : -1;
}

static int river_forced_spot(const carc_game *g)
{
    return g->nhand > 0 && tile_river(g->hand[0]) ? river_spot(g) : -1;
}

/* R5 at the open end: every side meets what its neighbour demands (a river edge
 * only an empty side), a river edge meets the open end, and a curve after a curve
 * turns the other way. */
static unsigned river_fit_rots(const carc_game *g, int si, int kind)
{
    if (!tile_river(kind) || si < 0 || si != river_spot(g))
        return 0;
    unsigned sig = g->frontier[si].sig, fit = 0, a = river_st(g)->side;
    /* both bits of a side set (bit 2d): free in the signature, a river in a tile */
    unsigned free2 = sig & (sig >> 1) & 0x55u, need = ~(free2 * 3u) & 0xFFu;
    for (int r = 0; r < tiletab_period[kind]; r++) {
        unsigned packed = tiletab_packed(kind, r), river2 = packed & (packed >> 1) & 0x55u;
        /* every demanded side met (a river side meets only a free one), and a river
         * edge at the open end */
        int ok = !((packed ^ sig) & need) && (river2 >> (2 * a) & 1);
        unsigned out = river2 & ~(1u << (2 * a));
        if (ok && out && river_st(g)->turn != TURN_NONE)
            ok = river_turn_of((int)a, __builtin_ctz(out) / 2) != river_st(g)->turn;
        fit |= (unsigned)ok << r;
    }
    return fit;
}

/* T4: the river flows on from the tile just placed; a dead end stays closed. */
static int river_at_placed(carc_game *g)
{
    const placed *p = &g->tiles[g->last];
    if (tile_river(p->kind) && river_st(g)->open)
        river_flow(g, p->kind, p->rot, p->x, p->y, river_st(g)->side);
    if (river_st(g)->dead) {
        int s = board_spot_index(g, river_st(g)->x, river_st(g)->y);
        if (s >= 0)
            g->frontier[s].sig = SIG_DEAD;
        else
            river_st(g)->dead = 0;  /* a tile that fits any edge filled it (CI19: an
                                     * abbey ends the river there) */
    }
    return 0;
}

/* B5: a river tile fits only at the open end (R5). */
static int river_placeable(const carc_game *g, int kind)
{
    if (!tile_river(kind))
        return 0;
    int si = river_spot(g);
    return si >= 0 && river_fit_rots(g, si, kind) != 0;
}

/* R5, R6: why a tile cannot go there, in the river's words. */
static int river_refuse(const carc_game *g, const carc_move *m, int si, int forced,
                        carc_error *err)
{
    if (forced >= 0 && tile_river(m->tile)) {
        if (forced != si)
            error_set(err, CARC_E_ILLEGAL, "a river tile must continue the river at (%d,%d) "
                      "(R5)", g->frontier[forced].x, g->frontier[forced].y);
        else
            error_set(err, CARC_E_ILLEGAL, "%s r%d does not continue the river at (%d,%d): a "
                      "river edge must meet its open end, the others face empty places, and a "
                      "curve may not turn the way the last curve turned (R5)",
                      tile_def(m->tile)->name, m->rot, m->x, m->y);
        return 1;
    }
    if (g->frontier[si].sig != SIG_DEAD)
        return 0;
    error_set(err, CARC_E_ILLEGAL, river_st(g)->dead ? "(%d,%d) is the river's dead end: it "
              "stays empty (R6)" : "(%d,%d) is where the river goes on: only a river tile "
              "may go there (R5)", m->x, m->y);
    return 1;
}

/* R2: a fixed stack lists the river tiles first, the lake last of them. */
static int river_check_stack(const carc_config *cfg, carc_error *err)
{
    for (int i = 1; i < cfg->stack_len; i++) {
        int k = cfg->stack[i], before = cfg->stack[i - 1];
        if (tile_river(k) && (!tile_river(before) || before == KIND_LAKE)) {
            error_set(err, CARC_E_CONFIG, "stack position %d: the river tiles come first, the "
                      "lake last of them (R2), not %s after %s", i, tile_def(k)->name,
                      tile_def(before)->name);
            return CARC_E_CONFIG;
        }
    }
    return CARC_OK;
}

/* R9: with a river tile in hand, an extra draw takes from the river stack only and
 * never its last tile, the lake. */
static int river_extra_floor(const carc_game *g)
{
    return g->nhand > 0 && tile_river(g->hand[0]) ? river_st(g)->base + 1 : 0;
}

/* R9: a river tile goes back into the river stack, above the lake. */
static int river_put_back_deepest(const carc_game *g, int kind)
{
    return tile_river(kind) ? g->stack_len - river_st(g)->base - 1 : -1;
}

/* R6: the lake removed with the river open: the river stays open for good. */
static void river_tile_removed(carc_game *g, int kind)
{
    if (kind != KIND_LAKE || !river_st(g)->open)
        return;
    river_st(g)->open = 0;
    river_st(g)->dead = 1;
    int s = board_spot_index(g, river_st(g)->x, river_st(g)->y);
    if (s >= 0)
        g->frontier[s].sig = SIG_DEAD;
}

/* R10: the river stack shuffled apart from the rest, the lake at its bottom. */
static int river_shuffle_stack(carc_game *g)
{
    if (river_st(g)->base >= g->stack_len)
        return 0;
    river_split(g);
    int base = river_st(g)->base, lake = base < g->stack_len && g->stack[base] == KIND_LAKE;
    rng_shuffle(g->rng, g->stack, base);
    rng_shuffle(g->rng, g->stack + base + lake, g->stack_len - base - lake);
    return 1;
}

/* R6: the dead end stays closed. */
static int river_closed_spot(const carc_game *g)
{
    return river_st(g)->dead ? board_spot_index(g, river_st(g)->x, river_st(g)->y) : -1;
}

/* The river tiles left (R2): none in a game without The River, whose state (base
 * included) is zero. */
int carc_river_left(const carc_game *g)
{
    int base = river_st(g)->base;
    if (!(g->expansions & CARC_EXP_RIVER))
        return 0;
    return g->stack_len > base ? g->stack_len - base : 0;
}

int carc_river_end(const carc_game *g, int *x, int *y)
{
    if (!river_st(g)->open)
        return 0;
    *x = river_st(g)->x;
    *y = river_st(g)->y;
    return 1;
}

static int river_check(const carc_game *g, carc_error *err)
{
    int on = (g->expansions & CARC_EXP_RIVER) != 0;
    if (!on) {
        static const struct river_state off;  /* zero: the module's state is all off */
        if (memcmp(river_st(g), &off, sizeof off) != 0)
            goto bad_off;
        return CARC_OK;
    }
    if (river_st(g)->open && river_st(g)->dead) {
        error_set(err, CARC_E_INVALID, "river: open and dead at once");
        return CARC_E_INVALID;
    }
    if (river_st(g)->open || river_st(g)->dead) {
        int s = board_spot_index(g, river_st(g)->x, river_st(g)->y);
        int d = river_st(g)->side, t = board_lookup(g, river_st(g)->x + river_dx[d],
                                                river_st(g)->y + river_dy[d]);
        if (s < 0 || t < 0 ||
            !(river_sides(g->tiles[t].kind, g->tiles[t].rot) >> ((d + 2) & 3) & 1)) {
            error_set(err, CARC_E_INVALID, "river: no open river edge at (%d,%d) side %d",
                      river_st(g)->x, river_st(g)->y, d);
            return CARC_E_INVALID;
        }
        if (river_st(g)->dead && g->frontier[s].sig != SIG_DEAD) {
            error_set(err, CARC_E_INVALID, "river: the dead end at (%d,%d) is not closed",
                      river_st(g)->x, river_st(g)->y);
            return CARC_E_INVALID;
        }
    }
    if (g->view_seat >= 0)
        return CARC_OK;  /* a view's stack is sorted */
    for (int i = 0; i < g->stack_len; i++) {
        int river = i >= river_st(g)->base, k = g->stack[i];
        if (tile_river(k) != river || (k == KIND_LAKE && i != river_st(g)->base)) {
            error_set(err, CARC_E_INVALID, "river: stack[%d] = %s, river stack from %d", i,
                      tile_def(k)->name, river_st(g)->base);
            return CARC_E_INVALID;
        }
    }
    if (g->stack_len > river_st(g)->base && !river_st(g)->open) {
        error_set(err, CARC_E_INVALID, "river: river tiles left and the river closed");
        return CARC_E_INVALID;
    }
    return CARC_OK;
bad_off:
    error_set(err, CARC_E_INVALID, "river: state set in a game without The River");
    return CARC_E_INVALID;
}

/* How it works, in players' words (the terminal's help, the browser's how-to page). */
static const carc_how_par river_how[] = {
    {"The River: laying the river first",
     "The game starts from the spring instead of the usual start tile. The other "
     "eleven river tiles come first, one a turn, and the lake is always the last "
     "of them; only then are the other tiles drawn. A river tile must carry the "
     "river on from its open end, and its other end must face an empty place; a "
     "bend may not turn the same way as the bend just before it, so the river "
     "never turns straight back. A river tile that cannot go on leaves the game "
     "and the next one is drawn."},
    {NULL,
     "The river itself is no feature: nobody stands on it, it never scores, and it "
     "separates the fields on its two banks. Roads, cities, cloisters and fields "
     "on river tiles are played and scored like any others, during the river and "
     "after; on the bridge a road crosses the water."},
    {NULL, NULL},
};

const struct exp_hooks river_hooks = {
    .info = {.bit = CARC_EXP_RIVER, .name = "river", .title = "The River",
             .tile_mark = 'r', .how = river_how},
    .stack_tiles = 11,  /* R2: 12 river tiles, the spring the start tile */
    .start_kind = KIND_SPRING,
    .fields_last = 1,   /* CI12 */
    .forces = offsetof(carc_game, ext.river.open),
    .check = river_check,
    .setup = river_setup,
    .at = {[ST_T4_GIFT] = river_at_placed},
    .forced_spot = river_forced_spot,
    .fit_rots = river_fit_rots,
    .refuse = river_refuse,
    .placeable = river_placeable,
    .check_stack = river_check_stack,
    .extra_floor = river_extra_floor,
    .put_back_deepest = river_put_back_deepest,
    .tile_removed = river_tile_removed,
    .shuffle_stack = river_shuffle_stack,
    .closed_spot = river_closed_spot,
};
