/*
 * toy.c - the toy expansion: a test-only module (issue 29), compiled only into a
 * build whose CARC_TEST_MODULE names this folder (tests/toy/run.sh). It brings
 * one tile kind (tiles.inc) and one figure with a rule of its own, and touches no
 * file outside this folder but its line in the registry (registry.c) and its
 * tiles' line in the catalogue (catalogue.c), both kept for a test module.
 *
 * The torch (the rules of this test module, T1-T3, which its scenarios name):
 *   T1 each player has one torch, a special figure (no strength): in T6,
 *      instead of a follower, it goes on an unfinished road of the tile just
 *      placed that holds a follower of its owner (as a builder would);
 *   T2 it goes home when the road scores, or when its owner's followers leave
 *      the road (as a builder does);
 *   T3 a completed road holding its owner's torch pays that owner, if one of
 *      the road's majority holders, one more point per tile (score category
 *      roads, reason "modifier").
 */
#include "toy.h"

static const carc_how_par toy_how[] = {
    {"The toy expansion (a test module)",
     "Two tiles show a road between two city caps. Each player also has a torch: "
     "it goes on a road of the tile just placed where you already have a follower, "
     "and a completed road with your torch pays you one more point per tile."},
    {NULL, NULL},
};

/* T1, T2: on an unfinished road with a follower of its seat; home with it. */
const struct exp_figure toy_torch = {
    .kind = TOY_FIG_LANTERN, .strength = 0, .count = 1,
    .stands = 1u << CARC_FEAT_ROAD, .special = 1,
    .name = "torch", .word = "torch",
    .not_there = "a torch stands only on a road (T1)",
    .finished = "the %s at %s is finished: a torch goes on an unfinished road (T1)",
    .unsupported = "the %s at %s holds no follower of player %d: a torch needs one (T1)",
};

/* T3: the value of completed feature done[i] for `seat` when seat's torch is
 * on it (one more point per tile), else -1 (the usual value). */
static int toy_completed_value(const carc_game *g, int i, int seat, int *category)
{
    int root = g->done[i], n = g->fnode[seat][figure_slot_of(TOY_FIG_LANTERN)];
    if (!fig_placed((unsigned)n) || feat_root(g, n) != root)
        return -1;
    *category = CARC_SCORE_ROADS;
    return feat_value_completed(g, root) + feat_tiles(g, root);
}

const struct exp_hooks toy_hooks = {
    .info = {.bit = TOY_BIT, .name = "toy", .title = "The toy expansion (test only)",
             .figures = 1u << TOY_FIG_LANTERN, .tile_mark = 'y', .how = toy_how},
    .stack_tiles = 2,
    .figs = {&toy_torch},
    .completed_value = toy_completed_value,
};
