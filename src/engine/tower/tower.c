/*
 * tower.c - The Tower (RULES.md §14, TW1-TW10) as the turn machine sees it: its
 * descriptor and hooks, its set-up (floors per player count, TW2), the towers on
 * the board, the public queries and its invariants. The towers on the board and
 * their reach are in reach.c, the moves in moves.c.
 *
 * A tower is no feature (TW9): it is no segment of its tile, and the core knows
 * only that a follower may stand on a place of a tile that is no segment (port
 * CARC_PORT_T, state.h's fig_place) and that a follower may be held by another
 * seat outside every supply (fig_held). Which tiles have a foundation is the
 * catalogue's: every kind this module brings. The state keeps each tower's
 * height by its place among the towers in placement order, each seat's floors,
 * the decision owed after a floor, and whether a ransom was paid this turn.
 */
#include <stddef.h>
#include "tower.h"

/* TW2: floors per player by the number of players. */
static const uint8_t tower_floors_of[CARC_MAX_PLAYERS + 1] = {0, 0, 10, 9, 7, 6, 5};

/* CI15: the garden twins, in place of TO/F and TO/RR with The Abbot on (their
 * kinds: the last two of tiles.inc; test_tiletab checks names). The first kind is
 * where catalogue.c lists the module, after The Princess & the Dragon's 31. */
enum { TOWER_F = TOWER_FIRST + 1, TOWER_RR = TOWER_FIRST + 3,
       TOWER_FG = TOWER_FIRST + 17, TOWER_RRG = TOWER_FIRST + 18 };
static const uint8_t tower_twin_of[CARC_TILE_KINDS] = {[TOWER_F] = TOWER_FG,
                                                       [TOWER_RR] = TOWER_RRG};

static void tower_setup(carc_game *g, const carc_config *cfg)
{
    (void)cfg;
    for (int s = 0; s < g->players; s++)
        tower_st(g)->floors[s] = tower_floors_of[g->players];
    tower_st(g)->toppers = (uint16_t)tower_toppers_of(g);
}

static void tower_turn_begin(carc_game *g)
{
    tower_st(g)->ransomed = 0;  /* TW8: once per turn, both parts together */
}

static void tower_pending(const carc_game *g, carc_pending *p)
{
    int hold = tower_st(g)->hold;
    if (!hold)
        return;
    p->decision = hold == TOWER_HOLD_CAPTURE ? CARC_DEC_CAPTURE : CARC_DEC_EXCHANGE;
    p->seat = g->active;
}

#define FAIL(...)                                                                  \
    do {                                                                           \
        error_set(err, CARC_E_INVALID, __VA_ARGS__);                               \
        return CARC_E_INVALID;                                                     \
    } while (0)

/* Floors are conserved (TW2: given at set-up, then on towers), a tower's top
 * holds at most one follower of a kind that may stand there, on a tower of
 * height 1 or more (TW4); the decision owed names a tower or a seat. */
static int tower_check(const carc_game *g, carc_error *err)
{
    const struct tower_state *ts = tower_st(g);
    if (!(g->expansions & CARC_EXP_TOWER)) {
        static const struct tower_state zero;
        if (memcmp(ts, &zero, sizeof zero))
            FAIL("tower: state set in a game without The Tower");
        return CARC_OK;
    }
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        if (tower_kind(k) != ((tiles_catalogue[k].expansion & CARC_EXP_TOWER) != 0))
            FAIL("tower: kind %d is%s The Tower's (TOWER_FIRST, TOWER_KINDS)", k,
                 tower_kind(k) ? "" : " not");
    uint8_t tiles[TOWER_MAX], board[TOWER_MAX];
    int nt = tower_list(g, tiles), total = 0;
    if (tower_list_board(g, board) != nt || memcmp(tiles, board, (size_t)nt) ||
        memcmp(ts->tile + nt, (const uint8_t[TOWER_MAX]){0}, (size_t)(TOWER_MAX - nt)))
        FAIL("tower: the %d towers noted are not the board's", nt);
    for (int s = 0; s < CARC_MAX_PLAYERS; s++) {
        if (s >= g->players && ts->floors[s])
            FAIL("tower: seat %d of %d players has floors", s, g->players);
        total += ts->floors[s];
    }
    for (int k = 0; k < TOWER_MAX; k++) {
        if (k >= nt && ts->height[k])
            FAIL("tower: tower %d of %d has height %d", k, nt, ts->height[k]);
        total += ts->height[k];
    }
    if (total != g->players * tower_floors_of[g->players])
        FAIL("tower: %d floors in supplies and towers, %d given (TW2)", total,
             g->players * tower_floors_of[g->players]);
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
            unsigned v = g->fnode[s][i];
            if (!fig_at_place(v))
                continue;
            int t = fig_place_tile(v), k = tower_index(g, t), seat, slot;
            if (k < 0 || fig_place_port(v) != CARC_PORT_T)
                FAIL("tower: seat %d's follower stands on place 0x%x, no tower top", s, v);
            if (ts->height[k] < 1)
                FAIL("tower: a follower on tower %d of height 0 (TW4)", k);
            if (!(exp_figure_of[fig_slot_kind[i]]->stands >> CARC_FEAT_TOWER & 1))
                FAIL("tower: seat %d's %s tops a tower (TW4)", s,
                     carc_figure_name(fig_slot_kind[i]));
            if (tower_closed(g, t, &seat, &slot) && (seat != s || slot != i))
                FAIL("tower: two followers on tower %d", k);
        }
    if (ts->toppers != tower_toppers_of(g))
        FAIL("tower: the kinds noted to top towers (0x%x) are not the figures' (0x%x)",
             ts->toppers, tower_toppers_of(g));
    for (int s = 0; s < CARC_MAX_PLAYERS; s++) {
        int held = 0;
        for (int i = 0; i < FIG_FOLLOWER_SLOTS && s < g->players; i++)
            held += fig_held(g->fnode[s][i]);
        if (ts->jailed[s] != held)
            FAIL("tower: seat %d has %d followers held, %d noted", s, held, ts->jailed[s]);
    }
    if (tower_closed_mask(g, tiles, nt) != tower_closed_board(g, tiles, nt))
        FAIL("tower: the towers noted closed (0x%x) are not the board's (0x%x)",
             tower_closed_mask(g, tiles, nt), tower_closed_board(g, tiles, nt));
    if (ts->topped >> nt || memcmp(ts->top + nt, (const uint8_t[TOWER_MAX]){0},
                                   (size_t)(TOWER_MAX - nt)))
        FAIL("tower: a top noted past the %d towers", nt);
    if (ts->hold > TOWER_HOLD_EXCHANGE || (ts->hold == TOWER_HOLD_CAPTURE && ts->at >= nt) ||
        (ts->hold == TOWER_HOLD_EXCHANGE && (ts->other >= g->players || ts->other == g->active)))
        FAIL("tower: decision %d owed at tower %d, seat %d", ts->hold, ts->at, ts->other);
    return CARC_OK;
}

int carc_tower_height(const carc_game *g, int x, int y, int *closed)
{
    int t = board_lookup(g, x, y), k = tower_index(g, t);
    if (closed)
        *closed = 0;
    if (k < 0 || !(g->expansions & CARC_EXP_TOWER))
        return -1;
    if (closed)
        *closed = tower_closed(g, t, NULL, NULL);
    return tower_st(g)->height[k];
}

int carc_has_towers(unsigned expansions)
{
    return (expansions & CARC_EXP_TOWER) != 0;
}

int carc_floors(const carc_game *g, int seat)
{
    return seat >= 0 && seat < g->players ? tower_st(g)->floors[seat] : 0;
}

int carc_prisoners(const carc_game *g, int holder, int owner, int counts[CARC_FIGURES])
{
    int n = 0;
    for (int f = 0; f < CARC_FIGURES; f++)
        counts[f] = 0;
    if (holder < 0 || holder >= g->players || owner < 0 || owner >= g->players)
        return 0;
    for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
        if (g->fnode[owner][i] == FIG_HELD + (unsigned)holder) {
            counts[fig_slot_kind[i]]++;
            n++;
        }
    return n;
}

/* How it works, in players' words (the terminal's help, the browser's how-to page). */
static const carc_how_par tower_how[] = {
    {"The Tower: towers and prisoners",
     "Eighteen tiles show a tower foundation. Each player has tower floors: 10 with 2 "
     "players, 9 with 3, 7 with 4, 6 with 5, 5 with 6. Instead of placing a figure, you "
     "may put one of your floors on any tower on the board that has no follower on top: "
     "its height grows by one."},
    {NULL,
     "After building, you may take one follower off the board if it stands in the "
     "tower's row or column no farther away than the tower is high. Your own goes back "
     "to your supply; another player's becomes your prisoner. Builders and pigs are "
     "never taken, nor followers on a locked feature. When two players hold prisoners "
     "of each other, they are exchanged at once."},
    {NULL,
     "Instead of a floor, you may put a meeple or your large meeple on top of a tower "
     "at least one floor high: the tower is closed and the follower stays there, "
     "scoring nothing, until it is captured. A tower is no feature: it is never scored."},
    {NULL,
     "Once a turn, before your figure, you may buy back one of your prisoners for 3 "
     "points, paid to the player who holds it, if you have at least 3 points."},
    {NULL, NULL},
};

const struct exp_hooks tower_hooks = {
    .info = {.bit = CARC_EXP_TOWER, .name = "tower", .title = "The Tower",
             .categories = 1u << CARC_SCORE_CARDS,  /* the ransom's points (TW8) */
             .tile_mark = 't', .how = tower_how},
    .stack_tiles = 18,                /* TW1 */
    .replaced_by = tower_twin_of,     /* CI15 */
    .hold = offsetof(carc_game, ext.tower.hold),
    .canonical = tower_canonical_move,
    .check = tower_check,
    .setup = tower_setup,
    .turn_begin = tower_turn_begin,
    .pending = tower_pending,
    .legal = tower_legal,
    .lists = 1u << CARC_DEC_CAPTURE | 1u << CARC_DEC_EXCHANGE,
    .apply = tower_apply,
    .t6_owed = tower_t6_owed,
    .t6_legal = tower_t6_legal,
    .t6_apply = tower_t6_apply,
    .at = {[ST_T4_GIFT] = tower_placed},
    .t6_count = tower_t6_count,
    .t6_nth = tower_t6_nth,
};
