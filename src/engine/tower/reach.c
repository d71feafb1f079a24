/*
 * reach.c - The Tower's towers on the board: which tiles hold one (noted as they
 * are placed, in placement order, and found from the board for carc_check), whether
 * a follower closes a tower's top (TW4) and which followers may top one. Which
 * stand within a tower's reach (TW5) is tower.h's, inline.
 */
#include "tower.h"

int tower_list(const carc_game *g, uint8_t tiles[TOWER_MAX])
{
    const struct tower_state *ts = tower_st(g);
    memcpy(tiles, ts->tile, TOWER_MAX);
    return ts->ntowers;
}

int tower_list_board(const carc_game *g, uint8_t tiles[TOWER_MAX])
{
    int n = 0;
    for (int t = 0; t < g->ntiles && n < TOWER_MAX; t++)
        if (tower_kind(g->tiles[t].kind))
            tiles[n++] = (uint8_t)t;
    return n;
}

int tower_placed(carc_game *g)
{
    struct tower_state *ts = tower_st(g);
    int t = g->last, n = ts->ntowers;
    /* T4 runs again after a decision owed there (a gift): the tile is noted once */
    if (t != TILE_NONE && tower_kind(g->tiles[t].kind) && n < TOWER_MAX &&
        (n == 0 || ts->tile[n - 1] != t))
        ts->tile[ts->ntowers++] = (uint8_t)t;
    return 0;
}

int tower_index(const carc_game *g, int t)
{
    const struct tower_state *ts = tower_st(g);
    for (int k = 0; k < ts->ntowers; k++)
        if (ts->tile[k] == t)
            return k;
    return -1;
}

int tower_closed(const carc_game *g, int t, int *seat, int *slot)
{
    unsigned top = fig_place(t, CARC_PORT_T);
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
            if (g->fnode[s][i] == top) {
                if (seat)
                    *seat = s;
                if (slot)
                    *slot = i;
                return 1;
            }
    return 0;
}

unsigned tower_closed_mask(const carc_game *g, const uint8_t tiles[TOWER_MAX], int n)
{
    const struct tower_state *ts = tower_st(g);
    unsigned closed = 0;
    for (unsigned m = ts->topped & ((1u << n) - 1); m; m &= m - 1) {
        int k = __builtin_ctz(m), seat = ts->top[k] >> 4, slot = ts->top[k] & 15;
        if (g->fnode[seat][slot] == fig_place(tiles[k], CARC_PORT_T))
            closed |= 1u << k;
    }
    return closed;
}

_Static_assert(FIG_SLOTS <= 16 && CARC_MAX_PLAYERS <= 16, "a top's seat and slot in a byte");

void tower_topped(carc_game *g, int k, int seat, int slot)
{
    struct tower_state *ts = tower_st(g);
    ts->topped |= 1u << k;
    ts->top[k] = (uint8_t)(seat << 4 | slot);
}

unsigned tower_closed_board(const carc_game *g, const uint8_t tiles[TOWER_MAX], int n)
{
    unsigned closed = 0;
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
            unsigned v = g->fnode[s][i];
            if (!fig_at_place(v) || fig_place_port(v) != CARC_PORT_T)
                continue;
            for (int k = 0; k < n; k++)
                if (tiles[k] == fig_place_tile(v)) {
                    closed |= 1u << k;
                    break;  /* a tile has one tower */
                }
        }
    return closed;
}

unsigned tower_toppers_of(const carc_game *g)
{
    unsigned kinds = 0;
    for (unsigned f = g->figures; f; f &= f - 1)
        if (exp_figure_of[__builtin_ctz(f)]->stands >> CARC_FEAT_TOWER & 1)
            kinds |= 1u << __builtin_ctz(f);
    return kinds;
}

int tower_topper(const carc_game *g, int seat, int figure)
{
    return (exp_figure_of[figure]->stands >> CARC_FEAT_TOWER & 1) &&
           figure_in_supply(g, seat, figure);
}
