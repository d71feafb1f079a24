/*
 * stack.c - the stack of tiles: built shuffled or in a fixed order (B2), drawn
 * from until a placeable tile comes up (T1, B5, and the extra draws of G10 and
 * X9), and the tile not placed put back or removed (G10, X9). stack[stack_len-1]
 * is the top.
 */
#include "expansion.h"

/* How many tiles of each kind go into the stack: the set's, but the start tile. */
int stack_count(unsigned expansions, int kind)
{
    int n = carc_tile_count(expansions, kind);
    return n - (kind == exp_start_kind(expansions));
}

int stack_size(unsigned expansions)
{
    /* every carc_new asks: the sum of stack_count over the kinds (test_tiletab), at
     * once. The base game's 71 whatever the start tile (another start tile takes
     * D's place, R2), and what each expansion's descriptor says it adds (garden
     * twins replace tiles one for one, CI11: they add none). */
    return CARC_BASE_TILES - 1 + (expansions ? exp_stack_tiles(expansions) : 0);
}

void stack_build(carc_game *g, const carc_config *cfg)
{
    if (cfg->stack_len >= 0) {
        /* stack[stack_len-1] is the top: the config's first tile is drawn first */
        for (int i = 0; i < cfg->stack_len; i++)
            g->stack[cfg->stack_len - 1 - i] = cfg->stack[i];
        g->stack_len = (uint8_t)cfg->stack_len;
        g->unused = (uint8_t)(stack_size(cfg->expansions) - cfg->stack_len);
        return;
    }
    unsigned e = cfg->expansions;
    uint8_t count[CARC_TILE_KINDS];
    int kinds = tile_counts(e, count), n = 0;
    count[e ? exp_start_kind(e) : KIND_D]--;  /* on the board already */
    for (int k = 0; k < kinds; k++) {
        memset(g->stack + n, k, count[k]);
        n += count[k];
    }
    rng_shuffle(g->rng, g->stack, n);
    g->stack_len = (uint8_t)n;
}

void stack_shuffle(carc_game *g)
{
    /* an expansion whose tiles have a part of their own shuffles each part (R10) */
    if (!exp_any(g) || !exp_shuffle_stack(g))
        rng_shuffle(g->rng, g->stack, g->stack_len);
}

/* T1 and B5: draws until a placeable tile comes up and adds it to the hand; removes
 * the others. Draws only while the stack holds more than `floor` tiles: 0, or in the
 * river phase's extra draws the lake (R9). Returns 0 if none came. Inline: each
 * caller's floor is a constant. */
static inline int stack_draw_above(carc_game *g, int floor)
{
    while (g->stack_len > floor) {
        int k = g->stack[--g->stack_len];
        event_emit(g, CARC_EV_TILE_DRAWN, g->active, 0, 0, k, 0, 0);
        if (exp_set_aside(g, k))
            continue;  /* PD4: shown, kept aside, and the draw goes on */
        if (board_placeable(g, k)) {
            g->hand[g->nhand++] = (uint8_t)k;
            return 1;
        }
        g->removed[g->nremoved++] = (uint8_t)k;
        event_emit(g, CARC_EV_TILE_REMOVED, g->active, 0, 0, k, 0, 0);
        if (exp_any(g))
            exp_tile_removed(g, k);  /* R6: the lake gone, the river stays open */
    }
    return 0;
}

int stack_draw_placeable(carc_game *g)
{
    return stack_draw_above(g, 0);
}

int stack_draw_extra(carc_game *g)
{
    /* a part whose tile was not drawn (an abbey, AM3) draws no extra one: the card
     * is wasted (GI15) */
    if (g->t1 == T1_CHOSEN)
        return 0;
    /* R9: an expansion may keep the bottom of the stack out of reach */
    return stack_draw_above(g, exp_extra_floor(g));
}

/* G10: the tile not placed goes back into the stack, at a uniformly random depth,
 * or with a fixed stack at the configured depth (from the top), by default the
 * bottom. X9: it leaves the game. */
void stack_put_back(carc_game *g, int kind)
{
    if (g->extra_tile == EXTRA_REMOVE) {
        g->removed[g->nremoved++] = (uint8_t)kind;
        event_emit(g, CARC_EV_TILE_REMOVED, g->active, 0, 0, kind, 0, 0);
        return;
    }
    int len = g->stack_len, depth;
    /* R9: an expansion may keep its tile in its own part of the stack */
    int deepest = exp_put_back_deepest(g, kind);
    if (deepest < 0)
        deepest = len;
    if (!g->fixed_stack)
        depth = (int)rng_below(g->rng, (uint32_t)deepest + 1);
    else
        depth = g->return_pos < 0 || g->return_pos > deepest ? deepest : g->return_pos;
    int at = len - depth;  /* index: the top is stack[len-1] */
    memmove(&g->stack[at + 1], &g->stack[at], (size_t)(len - at));
    g->stack[at] = (uint8_t)kind;
    g->stack_len++;
    event_emit(g, CARC_EV_TILE_RETURNED, g->active, 0, 0, kind, 0, depth);
}

