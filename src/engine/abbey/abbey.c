/*
 * abbey.c - Abbey & Mayor (RULES.md §17, AM1-AM13) as the turn machine sees it:
 * its descriptor and hooks, its set-up (an abbey for each player, AM2) and its
 * invariants. The mayor, the wagon and the barn have files of their own.
 */
#include <stddef.h>
#include "abbey.h"

/* CI15: the garden twin, in place of AM/R with The Abbot on. */
static const uint8_t abbey_twin_of[CARC_TILE_KINDS] = {[ABBEY_R] = ABBEY_RG};

static void abbey_setup(carc_game *g, const carc_config *cfg)
{
    (void)cfg;
    abbey_st(g)->held = (uint8_t)((1u << g->players) - 1);  /* AM2 */
}

#define FAIL(...)                                                                  \
    do {                                                                           \
        error_set(err, CARC_E_INVALID, __VA_ARGS__);                               \
        return CARC_E_INVALID;                                                     \
    } while (0)

/* An abbey is held by a seat of the game or on the board, never both, and each
 * seat had one (AM2, AM3). */
static int abbey_check(const carc_game *g, carc_error *err)
{
    const struct abbey_state *as = abbey_st(g);
    if (!(g->expansions & CARC_EXP_ABBEY)) {
        static const struct abbey_state zero;
        if (memcmp(as, &zero, sizeof zero))
            FAIL("abbey: state set in a game without Abbey & Mayor");
        return CARC_OK;
    }
    if (as->held >> g->players)
        FAIL("abbey: seats past %d hold abbeys (held 0x%x)", g->players, as->held);
    int out = 0;  /* on the board or in the part's hand */
    for (int t = 0; t < g->ntiles; t++)
        out += g->tiles[t].kind == ABBEY_KIND;
    for (int h = 0; h < g->nhand; h++)
        out += g->hand[h] == ABBEY_KIND;
    if (out + __builtin_popcount(as->held) != g->players)
        FAIL("abbey: %d abbeys placed or in hand and %d held, %d players (AM2)", out,
             __builtin_popcount(as->held), g->players);
    if (g->nhand && g->hand[0] == ABBEY_KIND && (g->nhand != 1 || g->t1 != T1_CHOSEN))
        FAIL("abbey: the abbey in a hand of %d tiles, t1 %d (AM3)", g->nhand, g->t1);
    if (as->ask > ABBEY_DECLINED ||
        (as->ask == ABBEY_ASKED && g->step != (as->final ? ST_T10_END : ST_T1_DRAW)) ||
        (as->ask == ABBEY_DECLINED && (g->step != ST_T1_DRAW || as->final)))
        FAIL("abbey: decision %d owed at step %d, round %d", as->ask, g->step, as->final);
    if (as->final > g->players + 1 || (as->final && g->stack_len) || as->ender >= g->players)
        FAIL("abbey: final round %d of seat %d with %d tiles in the stack (AM5)", as->final,
             as->ender, g->stack_len);
    return abbey_barn_check(g, err);
}

int carc_abbey_held(const carc_game *g, int seat)
{
    return seat >= 0 && seat < g->players && (abbey_st(g)->held >> seat & 1);
}

int carc_has_abbeys(unsigned expansions)
{
    return (expansions & CARC_EXP_ABBEY) != 0;
}

/* How it works, in players' words (the terminal's help, the browser's how-to page). */
static const carc_how_par abbey_how[] = {
    {"Abbey & Mayor: the abbey",
     "Each player has one abbey tile. At the start of a turn, instead of drawing, you "
     "may place it in a hole: an empty place whose four sides all touch tiles. It fits "
     "whatever is around it: roads end at it, cities and fields stop at it, so it often "
     "completes several features at once. The abbey is a cloister: you may put a monk on "
     "it, and it scores 9 when the eight places around it hold tiles."},
    {NULL,
     "No abbey while river tiles remain to be drawn. When the game ends, each player who "
     "still holds an abbey, starting after the one who had the last turn, may place it in "
     "a hole, once round the table."},
    {"Abbey & Mayor: the mayor and the wagon",
     "Each player also has a mayor and a wagon, followers placed like a meeple. The "
     "mayor goes only into a city, and its strength there is the number of pennants in "
     "the whole city: in a city without pennants it counts for nothing, and nobody wins "
     "that city with it alone. The wagon goes on a road, a city or a cloister, never in a "
     "field, and counts as one follower."},
    {NULL,
     "When a feature with your wagon on it is completed and scored, the wagon may move on "
     "instead of going home: onto an unfinished road, city or cloister with no follower, "
     "on the same tile or one of the eight tiles around it. You choose where, or leave it "
     "in your supply."},
    {"Abbey & Mayor: the barn",
     "Your barn goes, instead of a follower, on a corner of the tile you placed where four "
     "tiles meet and one field holds the corner of all four, if that field has no barn yet. "
     "It stays to the end. No follower may be placed in a barn field afterwards. When you "
     "place it, the players with the most farmers in its field score at once, 3 for each "
     "completed city the field borders, and the farmers go home; later, when a field with farmers joins a barn field, those "
     "farmers score 1 a completed city and go home. At the end each barn scores 4 for every "
     "completed city its field borders."},
    {NULL, NULL},
};

/* T7 after the completed features: the barn fields (AM10), then the wagons whose
 * features were scored, each a decision (AM8, T7a). */
static int abbey_at_scored(carc_game *g)
{
    abbey_barn_at_scored(g);
    /* a wagon moves only from a feature this part's T7 scored (AM8): none without
     * one completed (most turns) */
    return g->ndone ? abbey_wagon_at_scored(g) : 0;
}

/* The module's decisions: the abbey's (place.c, AM3, AM5) and the wagons' (wagon.c,
 * AM8), each at its own step. */
static void abbey_decision_pending(const carc_game *g, carc_pending *p)
{
    abbey_pending(g, p);
    abbey_wagon_pending(g, p);
}

static int abbey_decision_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    return decision == CARC_DEC_WAGON ? abbey_wagon_legal(g, out, cap)
                                      : abbey_legal(g, decision, out, cap);
}

static int abbey_decision_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    return decision == CARC_DEC_WAGON ? abbey_wagon_apply(g, m, err)
                                      : abbey_apply(g, decision, m, err);
}

const struct exp_hooks abbey_hooks = {
    .info = {.bit = CARC_EXP_ABBEY, .name = "abbey", .title = "Abbey & Mayor",
             .tile_mark = 'a', .how = abbey_how,
             .figures = 1u << CARC_FIG_MAYOR | 1u << CARC_FIG_WAGON | 1u << CARC_FIG_BARN},
    .figs = {&abbey_mayor, &abbey_wagon, &abbey_barn},  /* AM1, AM2 */
    .stack_tiles = 12,              /* AM1 */
    .replaced_by = abbey_twin_of,   /* CI15 */
    .player_kind = ABBEY_KIND,      /* AM2 */
    .decides = 1u << ST_T1_DRAW | 1u << ST_T10_END | 1u << ST_T7_AFTER,  /* AM8: wagons */
    .canonical = abbey_canonical_move,
    .fit_rots = abbey_fit_rots,     /* CI19: the river's dead end */
    .check = abbey_check,
    .setup = abbey_setup,
    .at = {[ST_T1_DRAW] = abbey_before_draw, [ST_T10_END] = abbey_final_round,
           [ST_T7_AFTER] = abbey_at_scored},  /* AM3, AM5; AM10, AM8 */
    .pending = abbey_decision_pending,
    .legal = abbey_decision_legal,
    .lists = 1u << CARC_DEC_ABBEY | 1u << CARC_DEC_WAGON,
    .apply = abbey_decision_apply,
    .t6_owed = abbey_barn_t6_owed,  /* AM9 */
    .t6_legal = abbey_barn_t6_legal,
    .t6_count = abbey_barn_t6_count,
    .t6_nth = abbey_barn_t6_nth,
    .t6_apply = abbey_barn_t6_apply,
    .end_fields = abbey_barn_final,  /* AM11, before the goods (CI21) */
    .feature_scored = abbey_wagon_scored,
    .feature_info = abbey_barn_feature_info,  /* AM13: whose barn is in a field */
};
