/*
 * abbot.c - The Abbot (RULES.md §11, A1-A8) as the turn machine sees it.
 *
 * Like Inns & Cathedrals, everything it adds lives in the engine's general
 * models, so its table of hooks has no step: the garden twins are kinds of the
 * catalogue that replace their plain tiles (tiles.c, A2, CI11); a garden is a
 * feature of one tile that counts its neighbours as a cloister does (board.c,
 * feature.c, A3, A5); each player's abbot is a follower of strength 1 that stands
 * only on a cloister or a garden (its descriptor below, which figure.c reads, A4),
 * and its recall is a choice of T6 that scores at once (its descriptor's recall
 * callbacks, which T6 asks, A6); gardens score in a category of their own (A5).
 */
#include "abbot.h"

/* The plain tile each garden twin replaces (A2, CI11): the kind named by its name
 * less the last letter (test_tiletab checks), and the other way round, the twin of
 * each of the 13 kinds that have one, for carc_tile_count (the descriptor's
 * replaced_by). */
const uint8_t abbot_twin_plain[ABBOT_TWINS] = {
    74, 4, 7, 8, 12, 13, 17, 20, 21, 26, 38, 48, 51};
static const uint8_t abbot_twin_of[CARC_TILE_KINDS] = {
    [74] = 75, [4] = 76, [7] = 77, [8] = 78, [12] = 79, [13] = 80, [17] = 81, [20] = 82,
    [21] = 83, [26] = 84, [38] = 85, [48] = 86, [51] = 87};

/* A6: the node of seat's abbot if it may be recalled now: on an unfinished cloister
 * or garden (completed by this turn's tile counts as completed, §0), not a locked
 * one (XI10); else NODE_NONE. */
static int recall_node(const carc_game *g, int seat)
{
    int n = g->fnode[seat][figure_slot_of(CARC_FIG_ABBOT)];
    if (!fig_placed(n) || (feat_of(g, n)->flags & (NF_COMPLETED | NF_LOCKED | NF_SCORED)))
        return NODE_NONE;
    return n;
}

/* The recall move of the active player, if there is one. */
static int abbot_recall_move(const carc_game *g, carc_move *m)
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

/* What recall move m scores now: 1 for the abbot's tile and 1 for each tile
 * around it (A6); -1 if m is not the active player's legal recall. */
static int abbot_recall_points(const carc_game *g, const carc_move *m)
{
    carc_move r;
    int n = g->fnode[g->active][figure_slot_of(CARC_FIG_ABBOT)];
    if (!abbot_recall_move(g, &r) || m->x != r.x || m->y != r.y ||
        m->figure != CARC_FIG_ABBOT || m->port >= CARC_PORTS ||
        board_node_at(g, m->x, m->y, m->port) != n)
        return -1;
    return 1 + board_around(g, g->nodes[n].tile);
}

/* A6: the abbot's points alone; the feature is not scored and what else stands
 * there stays. */
static void abbot_recall(carc_game *g, const carc_move *m)
{
    int seat = g->active, n = g->fnode[seat][figure_slot_of(CARC_FIG_ABBOT)];
    (void)m;  /* legal: abbot_recall_points said so */
    score_add(g, seat, score_category(node_type(g, n)), 1 + board_around(g, g->nodes[n].tile),
              CARC_REASON_RECALL, n);
    follower_take(g, seat, CARC_FIG_ABBOT, n);
}

/* A4, A6: the abbot, a follower of strength 1 only on a cloister or a garden, which
 * T6 may take back for points. */
const struct exp_figure abbot_abbot = {
    .kind = CARC_FIG_ABBOT, .strength = 1, .count = 1,
    .stands = 1u << CARC_FEAT_CLOISTER | 1u << CARC_FEAT_GARDEN,
    .name = "abbot", .word = "abbot",
    .not_there = "the abbot stands only on a cloister or a garden, not on a %s (A4)",
    .taken = "the %s at %s already holds a follower (A4, B6)",
    .recall_move = abbot_recall_move,
    .recall_points = abbot_recall_points,
    .recall = abbot_recall,
    .no_recall = "player %d has no abbot to recall at (%d,%d) %s: it must stand on an "
                 "unfinished, unlocked cloister or garden (A6, XI10)",
};

/* How it works, in players' words (the terminal's help, the browser's how-to page). */
static const carc_how_par abbot_how[] = {
    {"The Abbot: gardens and the abbot",
     "Some tiles show a garden. Each player has one abbot, a follower that stands "
     "only on a cloister or a garden, and nothing but an abbot ever stands on a "
     "garden. A garden scores like a cloister: 9 once the 8 places around its tile "
     "hold tiles, or at the end 1 for its tile and 1 for each tile around it."},
    {NULL,
     "Instead of placing a figure, you may take your abbot back from an unfinished "
     "cloister or garden: you alone score at once what it is worth now, 1 for its "
     "tile and 1 for each tile around it, and the abbot is in your supply again. "
     "You cannot take it back in the turn you placed it, nor from a feature your "
     "tile just completed, which scores 9 as usual."},
    {NULL, NULL},
};

const struct exp_hooks abbot_hooks = {
    .info = {.bit = CARC_EXP_ABBOT, .name = "abbot", .title = "The Abbot",
             .figures = 1u << CARC_FIG_ABBOT, .categories = 1u << CARC_SCORE_GARDENS,
             .tile_mark = 'g', .how = abbot_how},
    .fields_last = 1,   /* CI12 */
    .replaced_by = abbot_twin_of,  /* its garden twins replace tiles one for one (CI11) */
    .figs = {&abbot_abbot},
    .own_type = CARC_FEAT_GARDEN, .own_category = CARC_SCORE_GARDENS,  /* A5 */
};
