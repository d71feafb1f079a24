/*
 * test_random_bigbox.c - invariants over many seeded random games with Inns &
 * Cathedrals and Traders & Builders (RULES.md §7-§14, RULES-EXPANSIONS.md I, TB, CI,
 * GI, XI), alone, together and with The Gifts and Christmas Present.
 *
 * Sets: "inns", "traders", "inns,traders", "inns,traders,gifts",
 * "inns,traders,christmas" and all four; with The River and The Abbot (issue 20,
 * RULES-EXPANSIONS.md §4-§6): "river", "abbot", "river,abbot",
 * "inns,traders,river,abbot" and all six; 2-6 players where I2 allows 6 (every set
 * with inns), else 2-5. Games are played to the end with uniformly random legal
 * moves (a splitmix64 generator of the test's own picks them; the engine's draws
 * tiles and cards).
 *
 * After every move of every game, through the public API:
 *   - figures: per seat and kind, on the board (carc_followers) + in supply
 *     (carc_supply_figures) = what the set gives: 7 meeples, 1 large meeple with
 *     inns, 1 builder and 1 pig with traders, nothing else; the followers in supply
 *     = carc_supply;
 *   - goods: every seat's tokens + the common supply = 9 wine, 6 grain, 5 cloth
 *     (none without traders); a seat's tokens never fall;
 *   - tiles on the board + removed + in hand + stack = the set's count (the sum of
 *     carc_tile_count over the kinds);
 *   - majorities by strength: the figures are grouped by feature (a feature named by
 *     its first segment, carc_feature_segments) and each seat's strength summed with
 *     carc_figure_strength; it must equal carc_feature_at's followers[], and the
 *     builders and pigs there its masks; every builder stands on a road or city and
 *     every pig in a field holding a follower of its owner (support, §0); a builder
 *     or pig placed leaves the strengths of its feature as they were;
 *   - scores never fall and equal the sum of their parts; the events tell every
 *     point and every goods token (event_ledger.h);
 *   - double turns (TB6, TB11-TB13): the decision is owed only while
 *     carc_double_due, in a first part, with tiles left; a double turn is due exactly
 *     when a first part's tile joins the feature of the active seat's builder
 *     (recomputed here from the builder's place and carc_feature_segments); `again`
 *     starts the second part of the same turn, where no third is ever due; a turn
 *     whose double was due and not offered ended with an empty stack;
 *   - goods (TB9): each goods event gives the active seat the symbols of one kind of a
 *     completed city; a move answering the figure question (T7 then runs) gives every
 *     city the placed tile completed its goods;
 *   - completed features scored in T7 (moves answering a figure or modifier
 *     question) pay exactly the seats of greatest strength, recomputed from the
 *     position before the move (features with a tie-break token or a lock left out).
 *   - The River (R2-R10): the spring is the start tile at (0,0), rotation 0; the river
 *     tiles on the board + removed + in hand + carc_river_left = the set's 12; while
 *     one is in hand or in the river stack no other tile is in hand, the lake leaves
 *     the river stack only as its last tile and is never in hand with another, and
 *     carc_river_end is an empty position next to exactly one river edge; every
 *     placement listed then puts a river tile at carc_river_end; a river tile placed
 *     continues the river there (one river edge meeting it, the others facing empty
 *     positions, carc_river_end then one step on) and two curves in a row turn opposite
 *     ways (no U-turn); the lake is placed only when every other river tile is on the
 *     board or removed, and leaves no open end; every tile placed meets its neighbours
 *     edge for edge (a river edge only a river edge); the river edge left open when
 *     the lake is removed (R6) stays empty to the end; views show the same river
 *     stack and open end, and a deal of a view in the river phase (carc_determinize)
 *     keeps the river stack's size and, played on, draws the lake last;
 *   - The Abbot (A1-A8): one abbot per seat (figures above); abbots only on cloisters
 *     and gardens, only abbots on gardens; gardens only on the garden tiles and only
 *     with The Abbot; abbot placements listed only on the placed tile's cloister or
 *     garden with an abbot in supply and nobody there; recalls listed only in T6, of
 *     the active seat's abbot on an unfinished feature not locked (XI10),
 *     carc_recall_points = 1 + the
 *     tiles around for those and -1 for every other abbot on the board; a recall
 *     scores one event of exactly those points (category cloisters or gardens) and
 *     takes the abbot off the board; garden score events are "gardens", 9 completed
 *     and 1 + the tiles around at the end, or Cash Out's 2 for the abbot (GI4).
 * The tile set (test "tiles"): the spring replaces D, 12 river tiles, garden tiles only
 * with The Abbot, each replacing one of its plain twin. "river_deals": views in the
 * river phase dealt 8 times each and played to the lake (always last), the other river
 * tiles in more than one order.
 * At the end of games without Christmas Present (whose end cards and tokens change
 * who holds a field): the unfinished features and fields pay exactly their seats of
 * greatest strength (or nobody: I7, fields bordering no completed city), each field
 * payee with their own pig there gets the pig's points (TB8: value/3), and no one
 * else; goods pay 10 to every seat holding the most of a kind, at least one (TB10).
 *
 * What runs where. The checks above run after every move of every game. The costly
 * ones are sampled after the first FULL_GAMES (400) games of each set:
 *   - carc_check (quadratic in the nodes: about 3/4 of a fully checked game's time):
 *     after every move of the first 400 games and at the end of every game; in the
 *     other games on 1 move in CHECK_EVERY (25), picked at random;
 *   - illegal moves, 1 decision in ILLEGAL_EVERY (12), then 1 in ILLEGAL_EVERY_SAMPLED
 *     (60): each must be refused with the state byte-identical: every move kind with
 *     plausible fields, `again` when no double turn is owed, every figure on every port
 *     of the placed tile (a second large meeple, a builder or pig where TB4/TB7 forbid
 *     it, an abbot, unknown figures) unless listed, and random garbage;
 *   - views, 1 decision in VIEW_EVERY (40), then 1 in VIEW_EVERY_SAMPLED (400): every
 *     seat's view and the public view pass carc_check, show the same figures, supplies,
 *     goods and double-turn state as the game (I9, TB14, CI13), and a deal of each
 *     (carc_determinize) passes carc_check.
 * A sanitizer build and CARC_QUICK=1 play 100 games per set, all of them fully checked.
 *
 * Records: every game is written with carc_recorder_* and read back with
 * carc_record_parse + carc_record_replay, which must reach the same final state JSON.
 * Determinism: every 16th game is played twice; the records and final states must be
 * identical.
 *
 * Each set prints a summary line and asserts that what it is about happened: illegal
 * moves refused (an abbot among them), majorities recomputed; large meeples placed,
 * second large meeples refused, 6-player games (inns); builders, pigs, double turns due,
 * taken and declined, builders and pigs refused, goods tokens taken, pig and goods score
 * events (traders); and none of these where the set lacks the expansion. 6 players
 * must be refused without inns, 7 always (I2, B1).
 *
 * main() with a set as its argument plays only that set: ctest runs the six as six
 * tests (tests/CMakeLists.txt). CARC_BIGBOX_GAMES=N plays N per set and
 * CARC_BIGBOX_FULL=N checks the first N fully (for measuring); CARC_BIGBOX_FIRST=I
 * starts at game I (to replay a failing game: the games do not depend on each other).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "carc.h"
#include "carc_record.h"
#include "event_ledger.h"
#include "named_tests.h"
#include "random_play.h"
#include "replay_check.h"

enum { GAMES = 10000, SANITIZED_GAMES = 100, QUICK_GAMES = 100 };
enum { FULL_GAMES = 400, CHECK_EVERY = 25, ILLEGAL_EVERY = 12, VIEW_EVERY = 40 };
enum { ILLEGAL_EVERY_SAMPLED = 60, VIEW_EVERY_SAMPLED = 400 };  /* in the other games */
enum { MAX_GAME_MOVES = 6000, FIG_CAP = CARC_MAX_PLAYERS * 11 + 1 };

static const int goods_in_box[CARC_GOODS_KINDS] = {9, 6, 5};  /* TB1 */

static carc_move g_moves[CARC_MAX_MOVES];
static carc_segment_pos g_segs[CARC_MAX_SEGMENTS];

static int game_count(void)
{
    const char *n = getenv("CARC_BIGBOX_GAMES");
    if (n && *n)
        return atoi(n);
    return test_game_count(GAMES, SANITIZED_GAMES, QUICK_GAMES);
}

/* Games per set with carc_check after every move (CARC_BIGBOX_FULL=N for measuring). */
static int full_games(void)
{
    const char *n = getenv("CARC_BIGBOX_FULL");
    return n && *n ? atoi(n) : FULL_GAMES;
}

/* What one set's games saw. */
typedef struct set_stats {
    int games, six_player_games;
    long long moves, checks, again, declined, large, builders, pigs, goods_taken;
    long long double_due, t7_majorities, end_majorities, illegal_tried;
    long long second_large;          /* a large meeple tried while its own is on the board */
    long long refused_figure[CARC_FIGURES];  /* T6 figure moves refused, by kind */
    /* The River and The Abbot */
    long long river_placed, river_lists, lakes, lakes_removed, curves, dead_ends;
    long long river_deals, deal_river_tiles;
    long long abbots, recalls, recall_points, recall_listed, recall_refused;
    long long garden_scores, gardens_completed, garden_cash_outs;
    event_ledger events;
} set_stats;

/* One game being played, and what the checks carry from move to move. */
typedef struct run {
    const char *set;
    int game;
    unsigned exp;
    carc_game *g, *before, *scratch, *view, *deal;
    int prev_score[CARC_MAX_PLAYERS];
    int prev_goods[CARC_MAX_PLAYERS][CARC_GOODS_KINDS];
    int tiles;             /* the set's tile count */
    int turn;              /* carc_turn of the turn being followed */
    int due_seen, offered, second;  /* in that turn: a DOUBLE_DUE event, the decision, `again` */
    /* The River: the set's river tiles (the spring included), the last river curve's
     * turn (-1, +1; 0 after a straight tile or the spring), and the open river edges
     * left on the board when the river phase ended (R6: never filled) */
    int river_total, last_turn, river_over, ndead;
    int dead_x[4], dead_y[4];
    set_stats *st;
} run;

#define FAIL(r, ...)                                                                   \
    do {                                                                               \
        char fail_where_[96];                                                          \
        snprintf(fail_where_, sizeof fail_where_, "%s game %d turn %d", (r)->set,      \
                 (r)->game, carc_turn((r)->g));                                        \
        char fail_what_[400];                                                          \
        snprintf(fail_what_, sizeof fail_what_, __VA_ARGS__);                          \
        fail_msg("%s: %s", fail_where_, fail_what_);                                   \
    } while (0)

static void check_ok(run *r, const carc_game *g, const char *when)
{
    carc_error err = {0, ""};
    if (carc_check(g, &err) != CARC_OK)
        FAIL(r, "%s: carc_check: %s", when, err.msg);
}

/* ---- figures, goods, tiles ------------------------------------------------------ */

/* How many of each figure a seat has in a game of these expansions (B1, I1, TB1). */
static int figures_given(unsigned exp, int figure)
{
    switch (figure) {
    case CARC_FIG_MEEPLE: return CARC_FOLLOWERS;
    case CARC_FIG_LARGE: return (exp & CARC_EXP_INNS) ? 1 : 0;
    case CARC_FIG_BUILDER: case CARC_FIG_PIG: return (exp & CARC_EXP_TRADERS) ? 1 : 0;
    case CARC_FIG_ABBOT: return (exp & CARC_EXP_ABBOT) ? 1 : 0;
    default: return 0;
    }
}

static void check_conservation(run *r, const carc_game *g)
{
    carc_follower f[FIG_CAP];
    int n = carc_followers(g, f, FIG_CAP);
    int on_board[CARC_MAX_PLAYERS][CARC_FIGURES];
    memset(on_board, 0, sizeof on_board);
    if (n < 0 || n >= FIG_CAP)
        FAIL(r, "carc_followers returned %d", n);
    for (int i = 0; i < n; i++) {
        if (f[i].seat < 0 || f[i].seat >= carc_players(g) || f[i].figure >= CARC_FIGURES)
            FAIL(r, "a figure of seat %d, kind %d", f[i].seat, f[i].figure);
        on_board[f[i].seat][f[i].figure]++;
    }
    for (int s = 0; s < carc_players(g); s++) {
        int supply[CARC_FIGURES];
        int followers = carc_supply_figures(g, s, supply);
        if (followers != carc_supply(g, s) ||
            followers != supply[CARC_FIG_MEEPLE] + supply[CARC_FIG_LARGE] +
                             supply[CARC_FIG_ABBOT])
            FAIL(r, "seat %d: carc_supply_figures says %d followers, carc_supply %d", s,
                 followers, carc_supply(g, s));
        for (int k = 0; k < CARC_FIGURES; k++)
            if (on_board[s][k] + supply[k] != figures_given(r->exp, k))
                FAIL(r, "seat %d: %d %s on the board + %d in supply, the set gives %d", s,
                     on_board[s][k], carc_figure_name(k), supply[k], figures_given(r->exp, k));
    }

    int common[CARC_GOODS_KINDS], total[CARC_GOODS_KINDS];
    carc_goods(g, -1, common);
    memcpy(total, common, sizeof total);
    for (int s = 0; s < carc_players(g); s++) {
        int held[CARC_GOODS_KINDS];
        carc_goods(g, s, held);
        for (int k = 0; k < CARC_GOODS_KINDS; k++) {
            total[k] += held[k];
            if (held[k] < r->prev_goods[s][k])
                FAIL(r, "seat %d's %s tokens fell from %d to %d", s, carc_goods_name(k),
                     r->prev_goods[s][k], held[k]);
            r->prev_goods[s][k] = held[k];
        }
    }
    for (int k = 0; k < CARC_GOODS_KINDS; k++) {
        int want = (r->exp & CARC_EXP_TRADERS) ? goods_in_box[k] : 0;
        if (total[k] != want)
            FAIL(r, "%d %s tokens held + in the common supply, not %d", total[k],
                 carc_goods_name(k), want);
    }

    int kinds[CARC_TILES], hand[2];
    int tiles = carc_board_count(g) + carc_removed_tiles(g, kinds, CARC_TILES) +
                carc_hand_tiles(g, hand) + carc_stack_left(g);
    if (tiles != r->tiles)
        FAIL(r, "%d tiles accounted for, the set has %d", tiles, r->tiles);
}

static void check_scores(run *r, const carc_game *g)
{
    for (int s = 0; s < carc_players(g); s++) {
        int sum = 0, score = carc_score(g, s);
        for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
            sum += carc_score_part(g, s, c);
        if (sum != score)
            FAIL(r, "seat %d scores %d, its parts add up to %d", s, score, sum);
        if (score < r->prev_score[s])
            FAIL(r, "seat %d's score fell from %d to %d", s, r->prev_score[s], score);
        r->prev_score[s] = score;
    }
}

/* ---- majorities by strength ----------------------------------------------------------- */

/* The name of the feature holding segment (x,y,port): its first segment in board
 * order, packed; -1 if there is no such segment. */
static long feature_key(const carc_game *g, int x, int y, int port)
{
    if (carc_feature_segments(g, x, y, port, g_segs, CARC_MAX_SEGMENTS) <= 0)
        return -1;
    return (long)(uint8_t)g_segs[0].x << 16 | (long)(uint8_t)g_segs[0].y << 8 | g_segs[0].port;
}

/* Strength per seat summed from carc_followers against carc_feature_at, builder and
 * pig masks, support. */
static void check_majorities(run *r, const carc_game *g)
{
    carc_follower f[FIG_CAP];
    long key[FIG_CAP];
    int n = carc_followers(g, f, FIG_CAP);
    for (int i = 0; i < n; i++)
        key[i] = feature_key(g, f[i].x, f[i].y, f[i].port);
    for (int i = 0; i < n; i++) {
        int first = 1;
        for (int j = 0; j < i && first; j++)
            first = key[j] != key[i];
        if (!first)
            continue;
        carc_feature_info info;
        if (!carc_feature_at(g, f[i].x, f[i].y, f[i].port, &info) || key[i] < 0)
            FAIL(r, "a %s stands on no segment (%d,%d) %s", carc_figure_name(f[i].figure),
                 f[i].x, f[i].y, carc_port_name(f[i].port));
        int strength[CARC_MAX_PLAYERS] = {0};
        unsigned builders = 0, pigs = 0;
        for (int j = i; j < n; j++) {
            if (key[j] != key[i])
                continue;
            if (f[j].type != info.type)
                FAIL(r, "a figure lists type %d on a %s", f[j].type,
                     carc_feature_name(info.type));
            strength[f[j].seat] += carc_figure_strength(f[j].figure);
            if (f[j].figure == CARC_FIG_BUILDER) {
                if (builders >> f[j].seat & 1)
                    FAIL(r, "seat %d has two builders on one feature", f[j].seat);
                builders |= 1u << f[j].seat;
            }
            if (f[j].figure == CARC_FIG_PIG)
                pigs |= 1u << f[j].seat;
        }
        for (int s = 0; s < CARC_MAX_PLAYERS; s++)
            if (strength[s] != info.followers[s])
                FAIL(r, "the %s at (%d,%d) %s: seat %d's followers have strength %d, "
                     "carc_feature_at says %d", carc_feature_name(info.type), f[i].x, f[i].y,
                     carc_port_name(f[i].port), s, strength[s], info.followers[s]);
        if (builders != info.builders || pigs != info.pigs)
            FAIL(r, "the %s at (%d,%d) %s: builders 0x%x pigs 0x%x, carc_feature_at says "
                 "0x%x 0x%x", carc_feature_name(info.type), f[i].x, f[i].y,
                 carc_port_name(f[i].port), builders, pigs, info.builders, info.pigs);
        if (builders && info.type != CARC_FEAT_ROAD && info.type != CARC_FEAT_CITY)
            FAIL(r, "a builder on a %s", carc_feature_name(info.type));
        if (pigs && info.type != CARC_FEAT_FIELD)
            FAIL(r, "a pig on a %s", carc_feature_name(info.type));
        for (int s = 0; s < carc_players(g); s++)
            if (((builders | pigs) >> s & 1) && strength[s] == 0)
                FAIL(r, "seat %d's builder or pig on the %s at (%d,%d) %s is not supported", s,
                     carc_feature_name(info.type), f[i].x, f[i].y, carc_port_name(f[i].port));
    }
}

/* Seats of greatest strength (at least 1) of the feature at a segment of `g`, plus
 * `extra` strength for seat `extra_seat`. Returns 0 and the mask in *mask, or -1
 * when the feature has a tie-break token or a lock (their majorities are not the
 * plain one). */
static int strongest(const carc_game *g, const carc_segment_pos *at, int extra_seat, int extra,
                     unsigned *mask)
{
    carc_feature_info info;
    if (!carc_feature_at(g, at->x, at->y, at->port, &info))
        return -1;
    if (info.tokens || info.locked)
        return -1;
    if (extra_seat >= 0)
        info.followers[extra_seat] += extra;
    int most = 1;
    for (int s = 0; s < carc_players(g); s++)
        if (info.followers[s] > most)
            most = info.followers[s];
    *mask = 0;
    for (int s = 0; s < carc_players(g); s++)
        if (info.followers[s] == most)
            *mask |= 1u << s;
    return 0;
}

typedef struct payee {
    long key;
    carc_segment_pos at;  /* a segment of the feature in the position before the move */
    unsigned seats;       /* seats the events paid for it */
    int value[CARC_MAX_PLAYERS];
} payee;

/* Groups the score events of reasons in `reasons` (a bit mask) by feature, named in
 * `before`. Returns the count, or -1 when an event names a segment `before` lacks. */
static int payees(const carc_game *g, const carc_game *before, unsigned reasons, payee *out,
                  int cap)
{
    int ne, np = 0;
    const carc_event *ev = carc_events(g, &ne);
    for (int i = 0; i < ne; i++) {
        if (ev[i].kind != CARC_EV_SCORED || !(reasons >> ev[i].b & 1) ||
            ev[i].port == CARC_PORT_NONE)
            continue;
        long k = feature_key(before, ev[i].x, ev[i].y, ev[i].port);
        if (k < 0)
            return -1;
        int j = 0;
        while (j < np && out[j].key != k)
            j++;
        if (j == np) {
            if (np == cap)
                return -1;
            memset(&out[np], 0, sizeof out[np]);
            out[np].key = k;
            out[np].at.x = (int8_t)ev[i].x;
            out[np].at.y = (int8_t)ev[i].y;
            out[np].at.port = (uint8_t)ev[i].port;
            np++;
        }
        out[j].seats |= 1u << ev[i].seat;
        out[j].value[ev[i].seat] += ev[i].value;
    }
    return np;
}

/* The strength a follower move adds to the feature of `at` in `before`. */
static int move_adds(const carc_game *before, const carc_move *m, long key)
{
    if (m->kind != CARC_MOVE_FOLLOWER || carc_figure_strength(m->figure) == 0)
        return 0;
    return feature_key(before, m->x, m->y, m->port) == key ? carc_figure_strength(m->figure) : 0;
}

/* T7 (B8, I4): a move answering a figure or modifier question scores the features the
 * tile completed; each pays exactly its seats of greatest strength. */
static void check_t7_majorities(run *r, const carc_move *m, int decision)
{
    if (decision != CARC_DEC_FOLLOWER && decision != CARC_DEC_MODIFIER)
        return;
    payee p[64];
    int np = payees(r->g, r->before, 1u << CARC_REASON_COMPLETED | 1u << CARC_REASON_MODIFIER, p,
                    64);
    if (np < 0)
        FAIL(r, "a completed feature's score event names a segment the board did not have");
    int active = carc_pending_decision(r->before).active;
    for (int i = 0; i < np; i++) {
        unsigned want;
        if (strongest(r->before, &p[i].at, active, move_adds(r->before, m, p[i].key), &want) < 0)
            continue;
        r->st->t7_majorities++;
        if (want != p[i].seats)
            FAIL(r, "the completed feature at (%d,%d) %s paid seats 0x%x, the strongest are 0x%x",
                 p[i].at.x, p[i].at.y, carc_port_name(p[i].at.port), p[i].seats, want);
    }
}

/* E3 (B11, I7, TB8, TB10, CI12) after the last move, for games without Christmas. */
static void check_end_majorities(run *r, const carc_move *m)
{
    if ((r->exp & CARC_EXP_CHRISTMAS) || m->kind == CARC_MOVE_PLACE)
        return;
    int active = carc_pending_decision(r->before).active;
    payee p[256], pig[256];
    int np = payees(r->g, r->before, 1u << CARC_REASON_FINAL | 1u << CARC_REASON_FIELD, p, 256);
    int npig = payees(r->g, r->before, 1u << CARC_REASON_PIG, pig, 256);
    if (np < 0 || npig < 0)
        FAIL(r, "a final score event names a segment the board did not have");
    for (int i = 0; i < np; i++) {
        unsigned want;
        if (strongest(r->before, &p[i].at, active, move_adds(r->before, m, p[i].key), &want) < 0)
            continue;
        r->st->end_majorities++;
        if (want != p[i].seats)
            FAIL(r, "final scoring paid the feature at (%d,%d) %s to seats 0x%x, the strongest "
                 "are 0x%x", p[i].at.x, p[i].at.y, carc_port_name(p[i].at.port), p[i].seats,
                 want);
        carc_feature_info info;
        carc_feature_at(r->before, p[i].at.x, p[i].at.y, p[i].at.port, &info);
        if (info.type != CARC_FEAT_FIELD)
            continue;
        unsigned pigs = info.pigs;
        if (m->kind == CARC_MOVE_FOLLOWER && m->figure == CARC_FIG_PIG &&
            feature_key(r->before, m->x, m->y, m->port) == p[i].key)
            pigs |= 1u << active;
        int j = 0;
        while (j < npig && pig[j].key != p[i].key)
            j++;
        unsigned got = j < npig ? pig[j].seats : 0;
        if (got != (pigs & p[i].seats))
            FAIL(r, "the field at (%d,%d) %s: pig points to seats 0x%x, payees with a pig 0x%x",
                 p[i].at.x, p[i].at.y, carc_port_name(p[i].at.port), got, pigs & p[i].seats);
        for (int s = 0; s < carc_players(r->g); s++)
            if ((got >> s & 1) && pig[j].value[s] != p[i].value[s] / 3)
                FAIL(r, "seat %d's pig scores %d in a field worth %d (TB8: a third)", s,
                     pig[j].value[s], p[i].value[s]);
    }
    for (int j = 0; j < npig; j++) {
        int i = 0;
        while (i < np && p[i].key != pig[j].key)
            i++;
        if (i == np)
            FAIL(r, "pig points for a field that paid nothing");
    }

    /* TB10 */
    unsigned paid[CARC_GOODS_KINDS] = {0};
    int ne;
    const carc_event *ev = carc_events(r->g, &ne);
    for (int i = 0; i < ne; i++)
        if (ev[i].kind == CARC_EV_SCORED && ev[i].b == CARC_REASON_GOODS) {
            if (ev[i].a >= CARC_GOODS_KINDS || ev[i].value != 10 ||
                (paid[ev[i].a] >> ev[i].seat & 1))
                FAIL(r, "a goods score event: kind %d, %d points", ev[i].a, ev[i].value);
            paid[ev[i].a] |= 1u << ev[i].seat;
        }
    for (int k = 0; k < CARC_GOODS_KINDS; k++) {
        int most = 1, held[CARC_GOODS_KINDS];
        unsigned want = 0;
        for (int s = 0; s < carc_players(r->g); s++) {
            carc_goods(r->g, s, held);
            if (held[k] > most)
                most = held[k];
        }
        for (int s = 0; s < carc_players(r->g); s++) {
            carc_goods(r->g, s, held);
            if (held[k] == most)
                want |= 1u << s;
        }
        if (paid[k] != want)
            FAIL(r, "%s majority paid seats 0x%x, the most tokens are held by 0x%x",
                 carc_goods_name(k), paid[k], want);
    }
}

/* TB9: the goods events of a move give the active seat one token per symbol of each
 * completed city they name; a move that answered the figure question (so ran T7,
 * unless a modifier question stops it first) gives the goods of every city the
 * placed tile completed. */
static void check_goods_taken(run *r, int decision)
{
    int ne, active = carc_pending_decision(r->before).active;
    const carc_event *ev = carc_events(r->g, &ne);
    for (int i = 0; i < ne; i++) {
        if (ev[i].kind != CARC_EV_GOODS)
            continue;
        carc_feature_info info;
        if (ev[i].seat != active ||
            !carc_feature_at(r->g, ev[i].x, ev[i].y, ev[i].port, &info) ||
            info.type != CARC_FEAT_CITY || !info.completed || ev[i].b >= CARC_GOODS_KINDS ||
            info.goods[ev[i].b] != ev[i].value)
            FAIL(r, "seat %d (active %d) took %d %s for the city at (%d,%d) %s, which has %d",
                 ev[i].seat, active, ev[i].value, carc_goods_name(ev[i].b), ev[i].x, ev[i].y,
                 carc_port_name(ev[i].port), ev[i].b < CARC_GOODS_KINDS ? info.goods[ev[i].b] : -1);
    }
    int x, y;
    if (decision != CARC_DEC_FOLLOWER || !carc_last_placed(r->before, &x, &y) ||
        (!carc_is_over(r->g) && carc_pending_decision(r->g).decision == CARC_DEC_MODIFIER))
        return;
    for (int port = CARC_PORT_N; port <= CARC_PORT_W; port++) {
        int canon;
        carc_feature_info info;
        if (carc_segment(r->before, x, y, port, &canon) != CARC_FEAT_CITY || canon != port ||
            !carc_feature_at(r->before, x, y, port, &info) || !info.completed)
            continue;
        long key = feature_key(r->g, x, y, port);
        for (int k = 0; k < CARC_GOODS_KINDS; k++) {
            int got = 0;
            for (int i = 0; i < ne; i++)
                if (ev[i].kind == CARC_EV_GOODS && ev[i].b == k &&
                    feature_key(r->g, ev[i].x, ev[i].y, ev[i].port) == key)
                    got += ev[i].value;
            if (got != info.goods[k])
                FAIL(r, "the tile at (%d,%d) completed a city with %d %s, the events gave %d", x,
                     y, info.goods[k], carc_goods_name(k), got);
        }
    }
}

/* ---- double turns ------------------------------------------------------------------- */

/* Before a move: the position of the active seat's builder, if on the board. */
static int builder_of(const carc_game *g, int seat, carc_segment_pos *at)
{
    carc_follower f[FIG_CAP];
    int n = carc_followers(g, f, FIG_CAP);
    for (int i = 0; i < n; i++)
        if (f[i].seat == seat && f[i].figure == CARC_FIG_BUILDER) {
            at->x = f[i].x;
            at->y = f[i].y;
            at->port = f[i].port;
            return 1;
        }
    return 0;
}

static int count_events(const carc_game *g, int kind)
{
    int ne, c = 0;
    const carc_event *ev = carc_events(g, &ne);
    for (int i = 0; i < ne; i++)
        c += ev[i].kind == kind;
    return c;
}

/* TB6: after a placement, a double turn is due exactly when the placed tile (of a
 * first part) joined the active seat's builder's feature. */
static void check_due(run *r, const carc_move *m, int had_builder, const carc_segment_pos *b,
                      int part_before)
{
    int due = count_events(r->g, CARC_EV_DOUBLE_DUE);
    if (due > 1)
        FAIL(r, "%d double turns made due by one move", due);
    if (m->kind != CARC_MOVE_PLACE) {
        if (due)
            FAIL(r, "a double turn made due by a move that placed no tile");
        return;
    }
    int want = 0;
    if (had_builder && part_before == 0) {
        int n = carc_feature_segments(r->g, b->x, b->y, b->port, g_segs, CARC_MAX_SEGMENTS);
        for (int i = 0; i < n && !want; i++)
            want = g_segs[i].x == m->x && g_segs[i].y == m->y;
    }
    if (due != want)
        FAIL(r, "the tile placed at (%d,%d) in part %d (a second part never makes one due) %s "
             "the builder's feature at (%d,%d) %s, but %s double turn was made due", m->x, m->y,
             part_before, want ? "joined" : "did not join", had_builder ? b->x : 0,
             had_builder ? b->y : 0, had_builder ? carc_port_name(b->port) : "-",
             due ? "a" : "no");
    r->st->double_due += due;
}

/* TD and the turn's parts, after every move. */
static void check_parts(run *r, const carc_move *m, int decision_before)
{
    carc_game *g = r->g;
    carc_pending p = carc_pending_decision(g);
    int part = carc_turn_part(g), due = carc_double_due(g);
    if (!(r->exp & CARC_EXP_TRADERS) && (part || due || p.decision == CARC_DEC_DOUBLE_TURN))
        FAIL(r, "a double turn without traders (part %d, due %d)", part, due);
    if (part && due)
        FAIL(r, "carc_double_due in a second part");
    if (p.decision == CARC_DEC_DOUBLE_TURN &&
        (!due || part || carc_stack_left(g) == 0 || p.seat != p.active))
        FAIL(r, "the double-turn decision owed with due %d, part %d, %d tiles left, by seat %d "
             "(active %d)", due, part, carc_stack_left(g), p.seat, p.active);

    /* this move's due belongs to the turn it was made in */
    if (count_events(g, CARC_EV_DOUBLE_DUE)) {
        if (r->second)
            FAIL(r, "a double turn made due in a second part (a third part)");
        r->due_seen = 1;
    }
    if (decision_before == CARC_DEC_DOUBLE_TURN) {
        if (m->kind == CARC_MOVE_AGAIN) {
            r->st->again++;
            r->second = 1;
            if (!carc_is_over(g) && (carc_turn(g) != r->turn || part != 1))
                FAIL(r, "`again` left turn %d part %d (was turn %d)", carc_turn(g), part,
                     r->turn);
        } else {
            r->st->declined++;
            if (part)
                FAIL(r, "a declined double turn went on to a second part");
        }
    }

    /* the turn being followed ends: its double, if due, was offered or the stack ran out */
    if (carc_turn(g) != r->turn || carc_is_over(g)) {
        if (r->due_seen && !r->offered && carc_stack_left(r->before) > 0)
            FAIL(r, "turn %d: a double turn was due with %d tiles left and never offered",
                 r->turn, carc_stack_left(r->before));
        if (carc_turn(g) != r->turn) {
            if (part)
                FAIL(r, "a new turn began in its second part");
            r->turn = carc_turn(g);
            r->due_seen = r->offered = r->second = 0;
        }
    }
    if (p.decision == CARC_DEC_DOUBLE_TURN) {
        if (!r->due_seen || r->offered || r->second)
            FAIL(r, "the double-turn decision owed: due event %d, offered before %d, "
                 "second part %d", r->due_seen, r->offered, r->second);
        r->offered = 1;
    }
    if (r->second && part != 1 && !carc_is_over(g) && p.decision != CARC_DEC_END_CHOICE)
        FAIL(r, "the second part of turn %d lost its part number (decision %s)", r->turn,
             carc_decision_name(p.decision));
}

/* ---- The River ------------------------------------------------------------------------ */

static const int dx4[4] = {0, 1, 0, -1}, dy4[4] = {-1, 0, 1, 0};
static int g_lake = -1, g_spring = -1;  /* kinds, by name (run_set) */

static int is_river_kind(int kind)
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    for (int e = 0; d && e < 4; e++)
        if (d->edges[e] == CARC_EDGE_RIVER)
            return 1;
    return 0;
}

static int has_garden(int kind)
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    for (int i = 0; d && i < d->nseg; i++)
        if (d->seg[i].type == CARC_FEAT_GARDEN)
            return 1;
    return 0;
}

/* The edge a tile of `kind` turned `rot` quarter turns clockwise shows on board side
 * `side` (N E S W = 0..3). */
static int edge_on(int kind, int rot, int side)
{
    return carc_tile_def_of(kind)->edges[(side - rot + 8) & 3];
}

/* The edge the tile at (x,y) shows on `side`, or -1 if the position is empty. */
static int edge_at(const carc_game *g, int x, int y, int side)
{
    int kind, rot;
    return carc_tile_at(g, x, y, &kind, &rot) ? edge_on(kind, rot, side) : -1;
}

/* Tiles in the 8 positions around (x,y) (A5, A6). */
static int tiles_around(const carc_game *g, int x, int y)
{
    int n = 0, kind, rot;
    for (int ddx = -1; ddx <= 1; ddx++)
        for (int ddy = -1; ddy <= 1; ddy++)
            n += (ddx || ddy) && carc_tile_at(g, x + ddx, y + ddy, &kind, &rot);
    return n;
}

/* Where the river tiles of a game are. */
typedef struct river_count {
    int board, removed, hand;      /* river tiles on the board, removed (R6), in hand */
    int hand_tiles, hand_other;    /* tiles in hand, and those that are no river tiles */
    int lake_board, lake_removed, lake_hand;
} river_count;

static void count_river(const carc_game *g, river_count *c)
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < carc_board_count(g); i++) {
        int kind, x, y, rot;
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        c->board += is_river_kind(kind);
        c->lake_board += kind == g_lake;
    }
    int kinds[CARC_TILES], hand[2];
    int nr = carc_removed_tiles(g, kinds, CARC_TILES);
    for (int i = 0; i < nr; i++) {
        c->removed += is_river_kind(kinds[i]);
        c->lake_removed += kinds[i] == g_lake;
    }
    c->hand_tiles = carc_hand_tiles(g, hand);
    for (int i = 0; i < c->hand_tiles; i++) {
        c->hand += is_river_kind(hand[i]);
        c->hand_other += !is_river_kind(hand[i]);
        c->lake_hand += hand[i] == g_lake;
    }
}

/* The river phase: a river tile in hand or in the river stack (R3). */
static int river_phase(const carc_game *g)
{
    river_count c;
    count_river(g, &c);
    return c.hand > 0 || carc_river_left(g) > 0;
}

/* What holds at every moment (R2-R6, R9, R10): the river tiles are all accounted for,
 * they come before any other tile, the lake last and alone; in the river phase the
 * open end is an empty position next to exactly one river edge. */
static void check_river_state(run *r, const carc_game *g, const char *what)
{
    int left = carc_river_left(g), ex = 0, ey = 0, end = carc_river_end(g, &ex, &ey);
    if (!(r->exp & CARC_EXP_RIVER) || (g == r->g && r->river_over)) {
        /* no river, or its phase over: the river tiles no longer move (check_river_move
         * sees that no river tile is placed); the open end left by a removed lake (R6)
         * is not asked for */
        if (left || (end && !r->ndead))
            FAIL(r, "%s: %s, but river_left %d, river_end %d (%d,%d)", what,
                 r->river_over ? "the river phase is over" : "no river in the set", left, end,
                 ex, ey);
        return;
    }
    river_count c;
    count_river(g, &c);
    if (left < 0 || c.board + c.removed + c.hand + left != r->river_total)
        FAIL(r, "%s: %d river tiles on the board + %d removed + %d in hand + %d in the river "
             "stack, the set has %d", what, c.board, c.removed, c.hand, left, r->river_total);
    if (left > 0 && (c.lake_board || c.lake_removed || c.lake_hand))
        FAIL(r, "%s: the lake left the river stack before %d other river tiles (R2)", what,
             left);
    if (c.hand_other && (c.hand || left))
        FAIL(r, "%s: a tile of the main stack in hand with %d river tiles in hand and %d in the "
             "river stack (R3, R4)", what, c.hand, left);
    if (c.lake_hand && c.hand_tiles != 1)
        FAIL(r, "%s: the lake in hand with %d other tiles (R9)", what, c.hand_tiles - 1);
    if (c.hand || left) {
        int kind, rot, rivers = 0;
        if (!end)
            FAIL(r, "%s: the river phase (%d river tiles in hand, %d in the stack) with no open "
                 "end", what, c.hand, left);
        if (carc_tile_at(g, ex, ey, &kind, &rot))
            FAIL(r, "%s: the river's open end (%d,%d) holds a tile", what, ex, ey);
        for (int d = 0; d < 4; d++)
            rivers += edge_at(g, ex + dx4[d], ey + dy4[d], (d + 2) & 3) == CARC_EDGE_RIVER;
        if (rivers != 1)
            FAIL(r, "%s: the river's open end (%d,%d) borders %d river edges", what, ex, ey,
                 rivers);
    } else if (c.lake_board && end) {
        FAIL(r, "%s: the lake is placed, and the river still has an open end (%d,%d)", what, ex,
             ey);
    }
}

/* Before a move: in the river phase every placement listed puts a river tile at the
 * open end (R5). */
static void check_river_list(run *r, const carc_move *moves, int n, int decision)
{
    if (decision != CARC_DEC_PLACE || !(r->exp & CARC_EXP_RIVER) || r->river_over)
        return;
    river_count c;
    count_river(r->g, &c);
    int ex = 0, ey = 0;
    if (!c.hand || !carc_river_end(r->g, &ex, &ey))
        return;
    for (int i = 0; i < n; i++)
        if (moves[i].kind == CARC_MOVE_PLACE &&
            (moves[i].x != ex || moves[i].y != ey || !is_river_kind(moves[i].tile)))
            FAIL(r, "in the river phase a placement of %s at (%d,%d) is listed, the open end is "
                 "(%d,%d)", carc_tile_def_of(moves[i].tile)->name, moves[i].x, moves[i].y, ex,
                 ey);
    r->st->river_lists++;
}

/* After every move: a placed tile meets its neighbours edge for edge (B4: a river edge
 * only a river edge), a river tile continues the river without a U-turn (R5), the lake
 * comes last; the open river edges left when the river phase ends stay empty (R6). */
static void check_river_move(run *r, const carc_move *m)
{
    check_river_state(r, r->g, "after a move");
    int kind, rot;
    for (int i = 0; i < r->ndead; i++)
        if (carc_tile_at(r->g, r->dead_x[i], r->dead_y[i], &kind, &rot))
            FAIL(r, "a tile was placed at the dead river end (%d,%d) (R6)", r->dead_x[i],
                 r->dead_y[i]);
    if (m->kind == CARC_MOVE_PLACE) {
        carc_tile_at(r->g, m->x, m->y, &kind, &rot);
        for (int d = 0; d < 4; d++) {
            int e = edge_at(r->g, m->x + dx4[d], m->y + dy4[d], (d + 2) & 3);
            if (e >= 0 && e != edge_on(kind, rot, d))
                FAIL(r, "the tile placed at (%d,%d) shows edge %d on side %d, its neighbour %d",
                     m->x, m->y, edge_on(kind, rot, d), d, e);
        }
        if (r->river_over && is_river_kind(kind))
            FAIL(r, "a river tile placed after the river phase");
        river_count before;
        if (!r->river_over)
            count_river(r->before, &before);
        if (!r->river_over && before.hand && !is_river_kind(kind))
            FAIL(r, "a %s placed in the river phase", carc_tile_def_of(kind)->name);
        if (is_river_kind(kind)) {
            int ex = 0, ey = 0;
            if (!carc_river_end(r->before, &ex, &ey) || ex != m->x || ey != m->y)
                FAIL(r, "a river tile placed at (%d,%d), not at the open end (%d,%d)", m->x,
                     m->y, ex, ey);
            r->st->river_placed++;
            int in = -1, out = -1;
            for (int d = 0; d < 4; d++) {
                if (edge_on(kind, rot, d) != CARC_EDGE_RIVER)
                    continue;
                if (edge_at(r->g, m->x + dx4[d], m->y + dy4[d], (d + 2) & 3) >= 0) {
                    if (in >= 0)
                        FAIL(r, "a river tile at (%d,%d) meets two river edges", m->x, m->y);
                    in = d;
                } else {
                    out = d;
                }
            }
            if (in < 0)
                FAIL(r, "a river tile at (%d,%d) continues no river", m->x, m->y);
            if (out >= 0) {
                int turn = out == ((in + 2) & 3) ? 0 : out == ((in + 3) & 3) ? 1 : -1;
                if (turn && turn == r->last_turn)
                    FAIL(r, "a river curve at (%d,%d) turns the way the one before it did "
                         "(a U-turn, R5)", m->x, m->y);
                r->last_turn = turn;
                r->st->curves += turn != 0;
                if (river_phase(r->g) &&
                    (!carc_river_end(r->g, &ex, &ey) || ex != m->x + dx4[out] ||
                     ey != m->y + dy4[out]))
                    FAIL(r, "after a river tile at (%d,%d) the open end is not (%d,%d)", m->x,
                         m->y, m->x + dx4[out], m->y + dy4[out]);
            }
            if (kind == g_lake) {
                river_count c;
                count_river(r->g, &c);
                r->st->lakes++;
                if (c.board + c.removed != r->river_total)
                    FAIL(r, "the lake placed with %d river tiles still to come",
                         r->river_total - c.board - c.removed);
            }
        }
    }
    if ((r->exp & CARC_EXP_RIVER) && !r->river_over && !river_phase(r->g)) {
        /* the river phase is over: remember the river edges still open */
        r->river_over = 1;
        for (int i = 0; i < carc_board_count(r->g); i++) {
            int x, y;
            carc_board_tile(r->g, i, &kind, &x, &y, &rot);
            for (int d = 0; d < 4; d++)
                if (edge_on(kind, rot, d) == CARC_EDGE_RIVER &&
                    edge_at(r->g, x + dx4[d], y + dy4[d], (d + 2) & 3) < 0) {
                    if (r->ndead == 4)
                        FAIL(r, "more than 4 open river edges");
                    r->dead_x[r->ndead] = x + dx4[d];
                    r->dead_y[r->ndead++] = y + dy4[d];
                }
        }
        river_count c;
        count_river(r->g, &c);
        r->st->lakes_removed += c.lake_removed;
        r->st->dead_ends += r->ndead;
        if (r->ndead != (c.lake_board ? 0 : 1))
            FAIL(r, "the river phase ended with %d open river edges (the lake %s)", r->ndead,
                 c.lake_board ? "placed" : "removed");
    }
}

/* carc_legal_pick's index: the test's own generator. */
static uint32_t pick_below(void *rs, uint32_t n)
{
    return (uint32_t)test_rand_below(rs, (int)n);
}

/* A deal of a view in the river phase (carc_determinize): played on with random moves
 * to the end of the river phase, it draws the lake last (check_river_state). Returns
 * the river tiles it placed. */
static int play_deal_river(run *r, carc_game *deal, uint64_t *rs, int *order, int cap)
{
    int placed = 0;
    for (int k = 0; k < 2000 && !carc_is_over(deal) && river_phase(deal); k++) {
        check_river_state(r, deal, "a deal");
        carc_move m;
        carc_error err = {0, ""};
        if (carc_legal_pick(deal, pick_below, rs, &m) <= 0)
            FAIL(r, "a deal has no legal move");
        if (carc_apply(deal, &m, &err) != CARC_OK)
            FAIL(r, "a deal refused a listed move: %s", err.msg);
        if (m.kind == CARC_MOVE_PLACE && is_river_kind(m.tile) && placed < cap)
            order[placed++] = m.tile;
    }
    check_river_state(r, deal, "a deal at the end of the river phase");
    if (river_phase(deal))
        FAIL(r, "a deal's river phase did not end");
    return placed;
}

/* ---- The Abbot ------------------------------------------------------------------------ */

/* After every move: only abbots on gardens, abbots only on cloisters and gardens (A4);
 * gardens only with The Abbot (A2); garden score events in "gardens", 9 points
 * completed (A5), 1 + the tiles around at the end; recall points only for a recall. */
static void check_abbot_move(run *r, const carc_move *m, int recall_points)
{
    carc_follower f[FIG_CAP];
    int n = carc_followers(r->g, f, FIG_CAP);
    for (int i = 0; i < n; i++) {
        if (f[i].type == CARC_FEAT_GARDEN && f[i].figure != CARC_FIG_ABBOT)
            FAIL(r, "a %s of seat %d on the garden at (%d,%d)", carc_figure_name(f[i].figure),
                 f[i].seat, f[i].x, f[i].y);
        if (f[i].figure == CARC_FIG_ABBOT && f[i].type != CARC_FEAT_CLOISTER &&
            f[i].type != CARC_FEAT_GARDEN)
            FAIL(r, "seat %d's abbot on a %s at (%d,%d) %s", f[i].seat,
                 carc_feature_name(f[i].type), f[i].x, f[i].y, carc_port_name(f[i].port));
    }
    int kind, rot, canon;
    if (m->kind == CARC_MOVE_PLACE && carc_tile_at(r->g, m->x, m->y, &kind, &rot)) {
        int garden = carc_segment(r->g, m->x, m->y, CARC_PORT_G, &canon) == CARC_FEAT_GARDEN;
        if (garden != (has_garden(kind) && (r->exp & CARC_EXP_ABBOT)))
            FAIL(r, "the %s placed at (%d,%d) %s a garden", carc_tile_def_of(kind)->name, m->x,
                 m->y, garden ? "has" : "lacks");
        if (has_garden(kind) && !(r->exp & CARC_EXP_ABBOT))
            FAIL(r, "a garden tile %s without The Abbot", carc_tile_def_of(kind)->name);
    }
    if (m->kind == CARC_MOVE_FOLLOWER)
        r->st->abbots += m->figure == CARC_FIG_ABBOT;
    int active = carc_pending_decision(r->before).active, ne, recalled = 0;
    const carc_event *ev = carc_events(r->g, &ne);
    for (int i = 0; i < ne; i++) {
        if (ev[i].kind != CARC_EV_SCORED)
            continue;
        if (ev[i].b == CARC_REASON_RECALL) {
            int want_cat = ev[i].a == CARC_FEAT_GARDEN ? CARC_SCORE_GARDENS : CARC_SCORE_CLOISTERS;
            if (m->kind != CARC_MOVE_RECALL || recalled || ev[i].seat != active ||
                ev[i].x != m->x || ev[i].y != m->y || ev[i].port != m->port ||
                ev[i].value != recall_points || ev[i].category != want_cat ||
                (ev[i].a != CARC_FEAT_CLOISTER && ev[i].a != CARC_FEAT_GARDEN))
                FAIL(r, "a recall score event: seat %d, %d points, category %s, (%d,%d) %s, "
                     "for a move of kind %d at (%d,%d) %s that carc_recall_points valued %d",
                     ev[i].seat, ev[i].value, carc_score_category_name(ev[i].category), ev[i].x,
                     ev[i].y, carc_port_name(ev[i].port), m->kind, m->x, m->y,
                     carc_port_name(m->port), recall_points);
            recalled = 1;
            continue;
        }
        if (ev[i].a != CARC_FEAT_GARDEN)
            continue;
        r->st->garden_scores++;
        int around = tiles_around(r->g, ev[i].x, ev[i].y);
        if (ev[i].b == CARC_REASON_CASH_OUT) {  /* GI4: the abbot alone on a garden, 2 */
            if (ev[i].value != 2)
                FAIL(r, "Cash Out paid %d for an abbot on the garden at (%d,%d)", ev[i].value,
                     ev[i].x, ev[i].y);
            r->st->garden_cash_outs++;
            continue;
        }
        if (ev[i].category != CARC_SCORE_GARDENS ||
            (ev[i].b == CARC_REASON_COMPLETED && ev[i].value != 9) ||
            (ev[i].b == CARC_REASON_FINAL && ev[i].value != 1 + around) ||
            (ev[i].b != CARC_REASON_COMPLETED && ev[i].b != CARC_REASON_FINAL))
            FAIL(r, "the garden at (%d,%d) (%d tiles around) scored %d for seat %d, reason %s, "
                 "category %s", ev[i].x, ev[i].y, around, ev[i].value, ev[i].seat,
                 carc_score_reason_name(ev[i].b), carc_score_category_name(ev[i].category));
        r->st->gardens_completed += ev[i].b == CARC_REASON_COMPLETED;
    }
    if (m->kind == CARC_MOVE_RECALL) {
        if (!recalled && recall_points > 0)
            FAIL(r, "a recall worth %d scored no event", recall_points);
        for (int i = 0; i < n; i++)
            if (f[i].seat == active && f[i].figure == CARC_FIG_ABBOT)
                FAIL(r, "seat %d's abbot still on the board at (%d,%d) after its recall", active,
                     f[i].x, f[i].y);
        r->st->recalls++;
        r->st->recall_points += recall_points;
    }
}

/* Before a move: the abbot moves listed (A4, A6), and carc_recall_points of every abbot
 * on the board: 1 + the tiles around for a recall listed, -1 for any other. */
static void check_abbot_list(run *r, const carc_move *moves, int n, int decision)
{
    carc_pending p = carc_pending_decision(r->g);
    int x = 0, y = 0, canon, supply[CARC_FIGURES];
    int placed = carc_last_placed(r->g, &x, &y);
    carc_supply_figures(r->g, p.active, supply);
    carc_follower f[FIG_CAP];
    int nf = carc_followers(r->g, f, FIG_CAP);
    for (int i = 0; i < n; i++) {
        const carc_move *m = &moves[i];
        if (m->kind == CARC_MOVE_FOLLOWER) {
            int type = carc_segment(r->g, m->x, m->y, m->port, &canon);
            if (m->figure == CARC_FIG_ABBOT) {
                carc_feature_info info;
                int held = 0;
                carc_feature_at(r->g, m->x, m->y, m->port, &info);
                for (int s = 0; s < CARC_MAX_PLAYERS; s++)
                    held += info.followers[s];
                if (!(r->exp & CARC_EXP_ABBOT) || decision != CARC_DEC_FOLLOWER || !placed ||
                    m->x != x || m->y != y || !supply[CARC_FIG_ABBOT] || held ||
                    (type != CARC_FEAT_CLOISTER && type != CARC_FEAT_GARDEN))
                    FAIL(r, "an abbot listed for the %s at (%d,%d) %s (tile placed at (%d,%d), "
                         "%d abbots in supply, strength %d there)", carc_feature_name(type), m->x,
                         m->y, carc_port_name(m->port), x, y, supply[CARC_FIG_ABBOT], held);
            } else if (type == CARC_FEAT_GARDEN) {
                FAIL(r, "a %s listed for the garden at (%d,%d)", carc_figure_name(m->figure),
                     m->x, m->y);
            }
        } else if (m->kind == CARC_MOVE_RECALL) {
            int mine = 0;
            for (int j = 0; j < nf; j++)
                mine |= f[j].seat == p.active && f[j].figure == CARC_FIG_ABBOT &&
                        f[j].x == m->x && f[j].y == m->y && f[j].port == m->port;
            carc_feature_info info;
            if (!(r->exp & CARC_EXP_ABBOT) || decision != CARC_DEC_FOLLOWER ||
                m->figure != CARC_FIG_ABBOT || !mine ||
                !carc_feature_at(r->g, m->x, m->y, m->port, &info) || info.completed ||
                info.locked)
                FAIL(r, "a recall listed at (%d,%d) %s (seat %d's abbot there: %d)", m->x, m->y,
                     carc_port_name(m->port), p.active, mine);
            int pts = carc_recall_points(r->g, m), want = 1 + tiles_around(r->g, m->x, m->y);
            if (pts != want)
                FAIL(r, "carc_recall_points says %d for the recall at (%d,%d), A6 says %d", pts,
                     m->x, m->y, want);
            r->st->recall_listed++;
        }
    }
    /* every abbot on the board not listed for a recall: -1 */
    for (int j = 0; j < nf; j++) {
        if (f[j].figure != CARC_FIG_ABBOT)
            continue;
        carc_move m = carc_move_pass();
        m.kind = CARC_MOVE_RECALL;
        m.x = f[j].x;
        m.y = f[j].y;
        m.port = f[j].port;
        m.figure = CARC_FIG_ABBOT;
        int is_listed = 0;
        for (int i = 0; i < n && !is_listed; i++)
            is_listed = carc_move_equal(&m, &moves[i]);
        if (is_listed)
            continue;
        if (carc_recall_points(r->g, &m) != -1)
            FAIL(r, "carc_recall_points says %d for an unlisted recall of seat %d's abbot at "
                 "(%d,%d) %s (decision %s, active %d)", carc_recall_points(r->g, &m), f[j].seat,
                 m.x, m.y, carc_port_name(m.port), carc_decision_name(decision), p.active);
        r->st->recall_refused++;
    }
}

/* ---- illegal moves ------------------------------------------------------------------- */

static int listed(const carc_move *m, const carc_move *moves, int n)
{
    for (int i = 0; i < n; i++)
        if (carc_move_equal(m, &moves[i]))
            return 1;
    return 0;
}

static void expect_refused(run *r, const carc_move *m, const char *what)
{
    carc_error err = {0, ""};
    carc_copy(r->scratch, r->g);
    if (carc_apply(r->g, m, &err) == CARC_OK) {
        char text[CARC_NOTATION_MAX] = "?";
        carc_move_format(r->scratch, m, text, sizeof text);
        carc_copy(r->g, r->scratch);
        FAIL(r, "illegal move (%s: \"%s\", figure %d) accepted at decision %s", what, text,
             m->figure, carc_decision_name(carc_pending_decision(r->scratch).decision));
    }
    if (err.msg[0] == 0)
        FAIL(r, "a refused move (%s) left no message", what);
    if (memcmp(r->scratch, r->g, carc_state_size()) != 0)
        FAIL(r, "a refused move (%s) changed the state", what);
    r->st->illegal_tried++;
}

/* The fields a move of its kind uses (docs/NOTATION.md), the others cleared as the
 * notation parser leaves them. */
static carc_move wellformed(carc_move m)
{
    carc_move w = carc_move_pass();
    w.kind = m.kind;
    switch (m.kind) {
    case CARC_MOVE_PLACE:
        w.tile = m.tile;
        w.rot = m.rot;
        w.x = m.x;
        w.y = m.y;
        break;
    case CARC_MOVE_FOLLOWER: case CARC_MOVE_RECALL:
        w.figure = m.figure;
        /* fall through */
    case CARC_MOVE_TARGET:
        w.x = m.x;
        w.y = m.y;
        w.port = m.port;
        break;
    case CARC_MOVE_DISCARD:
        w.card = m.card;
        break;
    case CARC_MOVE_GIFT: case CARC_MOVE_CARD:
        return m;  /* left to test_random_expansions, which knows their targets */
    default:
        break;
    }
    return w;
}

static void refuse_unless_listed(run *r, carc_move m, const carc_move *moves, int n,
                                 const char *what)
{
    m = wellformed(m);
    if (m.kind == CARC_MOVE_GIFT || m.kind == CARC_MOVE_CARD)
        return;
    carc_move_canonical(r->g, &m);
    if (!listed(&m, moves, n))
        expect_refused(r, &m, what);
}

static void try_illegal(run *r, const carc_move *moves, int n, uint64_t *rs)
{
    carc_pending p = carc_pending_decision(r->g);
    carc_move m;
    for (int kind = 0; kind < CARC_MOVE_KINDS; kind++) {
        m = moves[test_rand_below(rs, n)];
        m.kind = (uint8_t)kind;
        refuse_unless_listed(r, m, moves, n, "a move of another kind");
    }
    if (p.decision != CARC_DEC_DOUBLE_TURN) {
        m = carc_move_pass();
        m.kind = CARC_MOVE_AGAIN;
        expect_refused(r, &m, "`again` with no double turn owed");
    }
    /* every figure (and two that do not exist) on every port of the placed tile */
    int x, y, supply[CARC_FIGURES];
    carc_supply_figures(r->g, p.active, supply);
    if (p.decision == CARC_DEC_FOLLOWER && carc_last_placed(r->g, &x, &y)) {
        /* all 14 ports of a second large meeple refused (none can be listed) */
        r->st->second_large += figures_given(r->exp, CARC_FIG_LARGE) && !supply[CARC_FIG_LARGE];
        for (int port = 0; port < CARC_PORTS; port++)
            for (int fig = 0; fig <= CARC_FIGURES + 1; fig++) {
                m = carc_move_pass();
                m.kind = CARC_MOVE_FOLLOWER;
                m.x = (int8_t)x;
                m.y = (int8_t)y;
                m.port = (uint8_t)port;
                m.figure = (uint8_t)(fig <= CARC_FIGURES ? fig : 200);
                long long tried = r->st->illegal_tried;
                refuse_unless_listed(r, m, moves, n, "a figure where it may not go");
                int canon;
                if (r->st->illegal_tried > tried && fig < CARC_FIGURES &&
                    carc_segment(r->g, x, y, port, &canon) >= 0 && canon == port)
                    r->st->refused_figure[fig]++;  /* on a real segment */
            }
    }
    /* A6: recalls of every abbot on the board (and with another figure named) */
    carc_follower f[FIG_CAP];
    int nf = carc_followers(r->g, f, FIG_CAP);
    for (int i = 0; i < nf; i++)
        if (f[i].figure == CARC_FIG_ABBOT)
            for (int fig = CARC_FIG_MEEPLE; fig <= CARC_FIG_ABBOT; fig++) {
                m = carc_move_pass();
                m.kind = CARC_MOVE_RECALL;
                m.x = f[i].x;
                m.y = f[i].y;
                m.port = f[i].port;
                m.figure = (uint8_t)fig;
                refuse_unless_listed(r, m, moves, n, "a recall not listed");
            }
    for (int k = 0; k < 6; k++) {
        m = test_random_move(rs);
        m.figure = (uint8_t)test_rand_below(rs, CARC_FIGURES + 2);
        refuse_unless_listed(r, m, moves, n, "random garbage");
    }
}

/* ---- views ---------------------------------------------------------------------------- */

/* Views pass carc_check, keep what is public of these expansions (I9, TB14), and deal
 * into playable games. */
static void check_views(run *r, uint64_t *rs)
{
    carc_follower f[FIG_CAP], vf[FIG_CAP];
    int n = carc_followers(r->g, f, FIG_CAP);
    for (int s = 0; s <= carc_players(r->g); s++) {
        int seat = s < carc_players(r->g) ? s : CARC_SEAT_PUBLIC;
        carc_view(r->g, seat, r->view);
        check_ok(r, r->view, "a view");
        int vn = carc_followers(r->view, vf, FIG_CAP);
        if (vn != n || memcmp(f, vf, (size_t)n * sizeof f[0]) != 0)
            FAIL(r, "the view of seat %d shows other figures", seat);
        if (carc_turn_part(r->view) != carc_turn_part(r->g) ||
            carc_double_due(r->view) != carc_double_due(r->g) ||
            carc_pending_decision(r->view).decision != carc_pending_decision(r->g).decision)
            FAIL(r, "the view of seat %d shows another double-turn state", seat);
        for (int t = -1; t < carc_players(r->g); t++) {
            int a[CARC_GOODS_KINDS], b[CARC_GOODS_KINDS], fa[CARC_FIGURES], fb[CARC_FIGURES];
            carc_goods(r->g, t, a);
            carc_goods(r->view, t, b);
            if (memcmp(a, b, sizeof a) != 0)
                FAIL(r, "the view of seat %d shows other goods of seat %d", seat, t);
            if (t < 0)
                continue;
            carc_supply_figures(r->g, t, fa);
            carc_supply_figures(r->view, t, fb);
            if (memcmp(fa, fb, sizeof fa) != 0)
                FAIL(r, "the view of seat %d shows another supply of seat %d", seat, t);
        }
        int vx = 0, vy = 0, gx = 0, gy = 0;
        if (carc_river_left(r->view) != carc_river_left(r->g) ||
            carc_river_end(r->view, &vx, &vy) != carc_river_end(r->g, &gx, &gy) || vx != gx ||
            vy != gy)
            FAIL(r, "the view of seat %d shows another river (R10)", seat);
        carc_determinize(r->view, test_rand_next(rs), r->deal);
        check_ok(r, r->deal, "a deal of a view");
        if (carc_river_left(r->deal) != carc_river_left(r->g))
            FAIL(r, "a deal of seat %d's view has %d river tiles in the river stack, the game %d",
                 seat, carc_river_left(r->deal), carc_river_left(r->g));
        if (river_phase(r->deal)) {
            int order[16];
            r->st->river_deals++;
            r->st->deal_river_tiles += play_deal_river(r, r->deal, rs, order, 16);
        }
    }
}

/* ---- one game --------------------------------------------------------------------------- */

/* Plays one game to the end with the choices of choice_seed; returns its record
 * (caller frees) and the final state in *final. `full`: carc_check after every move. */
static char *play(const carc_config *cfg, uint64_t choice_seed, int full, const char *set,
                  int game, set_stats *st, carc_game **final)
{
    carc_error err = {0, ""};
    run r;
    memset(&r, 0, sizeof r);
    r.set = set;
    r.game = game;
    r.exp = cfg->expansions;
    r.st = st;
    r.g = carc_new(cfg, &err);
    if (!r.g)
        fail_msg("%s game %d: carc_new: %s", set, game, err.msg);
    r.before = carc_clone(r.g);
    r.scratch = carc_clone(r.g);
    r.view = carc_clone(r.g);
    r.deal = carc_clone(r.g);
    assert_true(r.before && r.scratch && r.view && r.deal);
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        r.tiles += carc_tile_count(cfg->expansions, k);
    r.turn = carc_turn(r.g);
    carc_recorder *rec = carc_recorder_new(cfg, r.g);
    assert_non_null(rec);
    uint64_t rs = choice_seed;
    char why[200];
    event_ledger ledger;
    ledger_init(&ledger);

    for (int k = 0; k < CARC_TILE_KINDS; k++)
        if (is_river_kind(k))
            r.river_total += carc_tile_count(cfg->expansions, k);
    if (cfg->expansions & CARC_EXP_RIVER) {  /* R2: the spring at (0,0), rotation 0 */
        int kind = -1, rot = -1;
        if (!carc_tile_at(r.g, 0, 0, &kind, &rot) || kind != g_spring || rot != 0)
            FAIL(&r, "the start tile is kind %d rotation %d, not the spring", kind, rot);
    }
    check_river_state(&r, r.g, "after carc_new");
    check_ok(&r, r.g, "after carc_new");
    check_conservation(&r, r.g);
    if (!ledger_add(&ledger, r.g, why, sizeof why))
        FAIL(&r, "carc_new: %s", why);
    int nmoves = 0;
    carc_move m = carc_move_pass();
    while (!carc_is_over(r.g)) {
        if (++nmoves > MAX_GAME_MOVES)
            FAIL(&r, "more than %d moves", MAX_GAME_MOVES);
        int n = carc_legal(r.g, g_moves, CARC_MAX_MOVES);
        carc_pending p = carc_pending_decision(r.g);
        if (n <= 0 || n > CARC_MAX_MOVES)
            FAIL(&r, "%d legal moves at decision %s", n, carc_decision_name(p.decision));
        if (test_rand_below(&rs, full ? ILLEGAL_EVERY : ILLEGAL_EVERY_SAMPLED) == 0)
            try_illegal(&r, g_moves, n, &rs);
        if (test_rand_below(&rs, full ? VIEW_EVERY : VIEW_EVERY_SAMPLED) == 0)
            check_views(&r, &rs);

        check_river_list(&r, g_moves, n, p.decision);
        check_abbot_list(&r, g_moves, n, p.decision);
        m = g_moves[test_rand_below(&rs, n)];
        int recall_points = m.kind == CARC_MOVE_RECALL ? carc_recall_points(r.g, &m) : -1;
        carc_segment_pos b = {0, 0, 0};
        int had_builder = builder_of(r.g, p.active, &b);
        int part = carc_turn_part(r.g);
        carc_feature_info fig_before;
        memset(&fig_before, 0, sizeof fig_before);
        if (m.kind == CARC_MOVE_FOLLOWER &&
            !carc_feature_at(r.g, m.x, m.y, m.port, &fig_before))
            FAIL(&r, "a listed figure move names no segment");
        carc_copy(r.before, r.g);
        if (carc_apply(r.g, &m, &err) != CARC_OK)
            FAIL(&r, "a listed move was refused: %s", err.msg);
        if (carc_recorder_add(rec, r.before, &m, r.g) != CARC_OK) {
            char text[CARC_NOTATION_MAX] = "?";
            carc_move_format(r.before, &m, text, sizeof text);
            FAIL(&r, "carc_recorder_add refused a listed move: \"%s\" (kind %d, (%d,%d) %s, "
                 "figure %d)", text, m.kind, m.x, m.y, carc_port_name(m.port), m.figure);
        }
        st->moves++;

        if (m.kind == CARC_MOVE_FOLLOWER) {
            st->large += m.figure == CARC_FIG_LARGE;
            st->builders += m.figure == CARC_FIG_BUILDER;
            st->pigs += m.figure == CARC_FIG_PIG;
            /* TB3: a builder or pig changes no strength */
            carc_feature_info after;
            if (carc_figure_strength(m.figure) == 0 && !carc_is_over(r.g) &&
                carc_feature_at(r.g, m.x, m.y, m.port, &after) &&
                memcmp(after.followers, fig_before.followers, sizeof after.followers) != 0)
                FAIL(&r, "placing a %s changed the strengths on its feature",
                     carc_figure_name(m.figure));
        }
        int ne;
        const carc_event *ev = carc_events(r.g, &ne);
        for (int i = 0; i < ne; i++)
            if (ev[i].kind == CARC_EV_GOODS)
                st->goods_taken += ev[i].value;

        if (full || test_rand_below(&rs, CHECK_EVERY) == 0 || carc_is_over(r.g)) {
            check_ok(&r, r.g, "after a move");
            st->checks++;
        }
        check_conservation(&r, r.g);
        check_scores(&r, r.g);
        if (!ledger_add(&ledger, r.g, why, sizeof why))
            FAIL(&r, "move %d: %s", nmoves, why);
        check_majorities(&r, r.g);
        check_river_move(&r, &m);
        check_abbot_move(&r, &m, recall_points);
        check_due(&r, &m, had_builder, &b, part);
        check_parts(&r, &m, p.decision);
        check_t7_majorities(&r, &m, p.decision);
        check_goods_taken(&r, p.decision);
    }
    check_end_majorities(&r, &m);
    ledger_merge(&st->events, &ledger);
    if (carc_legal(r.g, g_moves, CARC_MAX_MOVES) != 0)
        FAIL(&r, "legal moves after the end");
    char *json = carc_recorder_json(rec, r.g);
    if (!json)
        FAIL(&r, "carc_recorder_json returned NULL");
    carc_recorder_free(rec);
    carc_free(r.before);
    carc_free(r.scratch);
    carc_free(r.view);
    carc_free(r.deal);
    st->games++;
    st->six_player_games += cfg->players == 6;
    *final = r.g;
    return json;
}

static void river_kinds(void)
{
    g_lake = carc_tile_kind_named("RI.1/I.e", 8);
    g_spring = carc_tile_kind_named("RI/s", 4);
    assert_true(g_lake >= 0 && g_spring >= 0 && is_river_kind(g_lake) && is_river_kind(g_spring));
}

static void run_set(const char *set, uint64_t base)
{
    unsigned exp = 0;
    carc_error err = {0, ""};
    if (carc_expansions_parse(set, &exp, &err) != 0)
        fail_msg("carc_expansions_parse(\"%s\"): %s", set, err.msg);
    assert_int_equal(carc_figure_strength(CARC_FIG_BUILDER), 0);  /* TB3 */
    assert_int_equal(carc_figure_strength(CARC_FIG_PIG), 0);
    assert_int_equal(carc_figure_strength(CARC_FIG_ABBOT), 1);  /* A1 */
    river_kinds();
    int seats = (exp & CARC_EXP_INNS) ? 5 : 4;  /* 2-6 with inns (I2), else 2-5 (B1) */
    /* I2, B1: 6 players only with inns; never 7 */
    for (int players = CARC_MAX_PLAYERS - 1; players <= CARC_MAX_PLAYERS + 1; players++) {
        carc_config cfg;
        carc_config_init(&cfg);
        cfg.players = players;
        cfg.expansions = exp;
        carc_game *g = carc_new(&cfg, &err);
        int want = players <= 5 || (players == 6 && (exp & CARC_EXP_INNS));
        if ((g != NULL) != want || (!g && err.code != CARC_E_CONFIG))
            fail_msg("%s: carc_new with %d players %s", set, players,
                     g ? "accepted" : "refused");
        carc_free(g);
    }
    int games = game_count();
    set_stats st;
    memset(&st, 0, sizeof st);
    const char *first = getenv("CARC_BIGBOX_FIRST");  /* to replay one failing game */
    for (int i = first && *first ? atoi(first) : 0; i < games; i++) {
        carc_config cfg;
        carc_config_init(&cfg);
        cfg.players = CARC_MIN_PLAYERS + i % seats;
        cfg.seed = base + (uint64_t)i * 104729u;
        cfg.expansions = exp;
        uint64_t choices = base ^ (0xB16B0Bull + (uint64_t)i);
        int full = i < full_games();
        carc_game *g = NULL;
        char *json = play(&cfg, choices, full, set, i, &st, &g);
        test_check_replay(json, g, set, i);
        if (i % 16 == 0) {
            set_stats again;
            memset(&again, 0, sizeof again);
            carc_game *g2 = NULL;
            char *json2 = play(&cfg, choices, full, set, i, &again, &g2);
            if (strcmp(json, json2) != 0)
                fail_msg("%s game %d: same seed and choices, different records", set, i);
            if (memcmp(g, g2, carc_state_size()) != 0)
                fail_msg("%s game %d: same seed and choices, different final states", set, i);
            free(json2);
            carc_free(g2);
        }
        free(json);
        carc_free(g);
    }
    const event_ledger *ev = &st.events;
    printf("%s: %d games (%d of 6 players), %lld moves, %lld carc_check, %lld illegal refused; "
           "%lld double turns due, %lld taken, %lld declined; placed %lld large meeples, "
           "%lld builders, %lld pigs; %lld goods tokens taken; score events: %lld pig, "
           "%lld goods; majorities recomputed: %lld in T7, %lld at the end\n",
           set, st.games, st.six_player_games, st.moves, st.checks, st.illegal_tried,
           st.double_due, st.again, st.declined, st.large, st.builders, st.pigs, st.goods_taken,
           ev->reasons[CARC_REASON_PIG], ev->reasons[CARC_REASON_GOODS], st.t7_majorities,
           st.end_majorities);
    printf("%s: river: %lld river tiles placed, %lld placement lists at the open end, %lld "
           "curves, %lld lakes placed, %lld removed (%lld dead ends kept empty), %lld deals in the "
           "river phase played on (%lld river tiles); abbot: %lld placed, %lld recalls listed, "
           "%lld taken (%lld points), %lld unlisted valued -1, %lld garden score events (%lld "
           "completed, %lld Cash Out), %lld recall events\n",
           set, st.river_placed, st.river_lists, st.curves, st.lakes, st.lakes_removed,
           st.dead_ends, st.river_deals, st.deal_river_tiles, st.abbots, st.recall_listed,
           st.recalls, st.recall_points, st.recall_refused, st.garden_scores,
           st.gardens_completed, st.garden_cash_outs, ev->reasons[CARC_REASON_RECALL]);
    printf("%s: figure moves refused:", set);
    for (int k = 0; k < CARC_FIGURES; k++)
        printf(" %lld %s", st.refused_figure[k], carc_figure_name(k));
    printf(" (%lld times a second large meeple)\n", st.second_large);
    fflush(stdout);
    assert_true(st.games > 0 && st.illegal_tried > 0 && st.t7_majorities > 0);
    assert_true(st.refused_figure[CARC_FIG_ABBOT] > 0);
    if (exp & CARC_EXP_RIVER)
        assert_true(st.river_placed > 0 && st.river_lists > 0 && st.curves > 0 && st.lakes > 0 &&
                    st.river_deals > 0 && st.deal_river_tiles > 0);
    else
        assert_true(st.river_placed == 0 && st.river_lists == 0 && st.lakes == 0);
    if (exp & CARC_EXP_ABBOT)
        assert_true(st.abbots > 0 && st.recall_listed > 0 && st.recalls > 0 &&
                    st.recall_refused > 0 && st.garden_scores > 0 &&
                    ev->reasons[CARC_REASON_RECALL] > 0);
    else
        assert_true(st.abbots == 0 && st.recall_listed == 0 && st.garden_scores == 0 &&
                    ev->reasons[CARC_REASON_RECALL] == 0);
    if (!(exp & CARC_EXP_CHRISTMAS))
        assert_true(st.end_majorities > 0);
    if (exp & CARC_EXP_INNS)
        assert_true(st.large > 0 && st.six_player_games > 0 && st.second_large > 0);
    else
        assert_true(st.large == 0 && st.six_player_games == 0);
    if (exp & CARC_EXP_TRADERS) {
        assert_true(st.double_due > 0 && st.again > 0 && st.declined > 0);
        assert_true(st.builders > 0 && st.pigs > 0 && st.goods_taken > 0);
        assert_true(st.refused_figure[CARC_FIG_BUILDER] > 0 &&
                    st.refused_figure[CARC_FIG_PIG] > 0);
        assert_true(ev->reasons[CARC_REASON_PIG] > 0 && ev->reasons[CARC_REASON_GOODS] > 0);
    } else {
        assert_true(st.double_due == 0 && st.builders == 0 && st.pigs == 0 &&
                    st.goods_taken == 0 && ev->reasons[CARC_REASON_GOODS] == 0);
    }
}

static void test_inns(void **state)
{
    (void)state;
    run_set("inns", 0x1225000000ull);
}

static void test_traders(void **state)
{
    (void)state;
    run_set("traders", 0x7B0000000ull);
}

static void test_inns_traders(void **state)
{
    (void)state;
    run_set("inns,traders", 0x17B000000ull);
}

static void test_inns_traders_gifts(void **state)
{
    (void)state;
    run_set("inns,traders,gifts", 0x17B61F000ull);
}

static void test_inns_traders_christmas(void **state)
{
    (void)state;
    run_set("inns,traders,christmas", 0x17B3A5000ull);
}

static void test_all_four(void **state)
{
    (void)state;
    run_set("inns,traders,gifts,christmas", 0xA11400000ull);
}

static void test_river(void **state)
{
    (void)state;
    run_set("river", 0x41BE4000000ull);
}

static void test_abbot(void **state)
{
    (void)state;
    run_set("abbot", 0xABB07000000ull);
}

static void test_river_abbot(void **state)
{
    (void)state;
    run_set("river,abbot", 0x41BEABB0000ull);
}

static void test_inns_traders_river_abbot(void **state)
{
    (void)state;
    run_set("inns,traders,river,abbot", 0x17B41BEAB00ull);
}

static void test_all_six(void **state)
{
    (void)state;
    run_set("gifts,christmas,inns,traders,river,abbot", 0xA1160000000ull);
}

/* The tile set (R2, A2, CI11): with The River the spring replaces the start tile D
 * (3 D in the stack); with The Abbot each garden tile of the set's expansions counts
 * 1 and its plain twin one less, the total unchanged; no garden tile without it. */
static void test_river_abbot_tiles(void **state)
{
    (void)state;
    river_kinds();
    int d = carc_tile_kind('D');
    assert_int_equal(carc_tile_count(0, d), 4);
    assert_int_equal(carc_tile_count(CARC_EXP_RIVER, d), 3);
    assert_int_equal(carc_tile_count(CARC_EXP_RIVER, g_spring), 1);
    assert_int_equal(carc_tile_count(CARC_EXP_RIVER, g_lake), 1);
    assert_int_equal(carc_tile_count(0, g_spring), 0);
    for (unsigned exp = 0; exp < 64; exp++) {
        int total = 0, river = 0, gardens = 0, with_abbot = 0;
        for (int k = 0; k < CARC_TILE_KINDS; k++) {
            int c = carc_tile_count(exp, k);
            total += c;
            with_abbot += carc_tile_count(exp | CARC_EXP_ABBOT, k);
            river += is_river_kind(k) ? c : 0;
            if (!has_garden(k))
                continue;
            const carc_tile_def *def = carc_tile_def_of(k);
            gardens += c;
            if (!(exp & CARC_EXP_ABBOT))
                assert_int_equal(c, 0);
            /* the plain twin: the name without its last letter (g or G) */
            int plain = carc_tile_kind_named(def->name, strlen(def->name) - 1);
            assert_true(plain >= 0 && !has_garden(plain));
            unsigned need = def->expansion & ~(unsigned)CARC_EXP_ABBOT;
            int in_set = (exp & need) == need;
            if (exp & CARC_EXP_ABBOT) {
                assert_int_equal(c, in_set ? 1 : 0);
                assert_int_equal(carc_tile_count(exp, plain) + c,
                                 carc_tile_count(exp & ~(unsigned)CARC_EXP_ABBOT, plain));
            }
        }
        assert_int_equal(river, (exp & CARC_EXP_RIVER) ? 12 : 0);
        assert_int_equal(total, with_abbot);
        if (exp & CARC_EXP_ABBOT)
            assert_int_equal(gardens, 8 + ((exp & CARC_EXP_INNS) ? 2 : 0) +
                                          ((exp & CARC_EXP_TRADERS) ? 2 : 0) +
                                          ((exp & CARC_EXP_RIVER) ? 1 : 0));
        assert_true(total <= CARC_TILES);
    }
}

/* R2, R10: a deal of a view in the river phase (carc_determinize) keeps the lake under
 * the other river tiles (played on to the end of the river phase, check_river_state),
 * keeps the river stack's size, and deals the other river tiles in more than one order. */
static void test_river_deals(void **state)
{
    (void)state;
    river_kinds();
    static const char *const sets[] = {"river", "river,abbot",
                                       "gifts,christmas,inns,traders,river,abbot"};
    set_stats st;
    memset(&st, 0, sizeof st);
    long long deals = 0, differ = 0, views = 0;
    int games = test_game_count(30, 10, 10);
    for (int si = 0; si < 3; si++) {
        unsigned exp = 0;
        carc_error err = {0, ""};
        assert_int_equal(carc_expansions_parse(sets[si], &exp, &err), 0);
        for (int game = 0; game < games; game++) {
            carc_config cfg;
            carc_config_init(&cfg);
            cfg.players = 2 + game % 3;
            cfg.seed = 0xDEA10000ull + (uint64_t)game * 7919u + (uint64_t)si;
            cfg.expansions = exp;
            run r;
            memset(&r, 0, sizeof r);
            r.set = sets[si];
            r.game = game;
            r.exp = exp;
            r.st = &st;
            r.g = carc_new(&cfg, &err);
            assert_non_null(r.g);
            for (int k = 0; k < CARC_TILE_KINDS; k++)
                if (is_river_kind(k))
                    r.river_total += carc_tile_count(exp, k);
            uint64_t rs = cfg.seed ^ 0x5EEDull;
            int stop = test_rand_below(&rs, 8), placed = 0;
            while (placed < stop && river_phase(r.g)) {
                carc_move m;
                assert_true(carc_legal_pick(r.g, pick_below, &rs, &m) > 0);
                assert_int_equal(carc_apply(r.g, &m, &err), CARC_OK);
                placed += m.kind == CARC_MOVE_PLACE;
            }
            if (!river_phase(r.g)) {
                carc_free(r.g);
                continue;
            }
            carc_game *view = carc_clone(r.g), *deal = carc_clone(r.g);
            assert_true(view && deal);
            carc_view(r.g, carc_pending_decision(r.g).seat, view);
            int first[16], nfirst = 0, seen_differ = 0;
            for (int d = 0; d < 8; d++) {
                carc_determinize(view, test_rand_next(&rs), deal);
                check_ok(&r, deal, "a deal");
                if (carc_river_left(deal) != carc_river_left(r.g))
                    FAIL(&r, "a deal holds %d river tiles in its river stack, the game %d",
                         carc_river_left(deal), carc_river_left(r.g));
                int order[16], k = play_deal_river(&r, deal, &rs, order, 16);
                if (d == 0) {
                    nfirst = k;
                    memcpy(first, order, sizeof order);
                } else if (k != nfirst || memcmp(first, order, (size_t)k * sizeof order[0])) {
                    seen_differ = 1;
                }
                deals++;
            }
            differ += seen_differ;
            views++;
            carc_free(view);
            carc_free(deal);
            carc_free(r.g);
        }
    }
    printf("river deals: %lld views in the river phase, %lld deals played to the lake, %lld "
           "views dealt in more than one order\n", views, deals, differ);
    assert_true(deals > 0 && differ > 0);
}

/* With no argument every set is played; with one (a set as written above, "inns,traders"),
 * only that set: ctest runs each set as a test of its own (tests/CMakeLists.txt), so that
 * two cores share them. */
int main(int argc, char **argv)
{
    static const char *const sets[] = {
        "inns", "traders", "inns,traders", "inns,traders,gifts", "inns,traders,christmas",
        "inns,traders,gifts,christmas", "river", "abbot", "river,abbot",
        "inns,traders,river,abbot", "gifts,christmas,inns,traders,river,abbot", "tiles",
        "river_deals"};
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inns),
        cmocka_unit_test(test_traders),
        cmocka_unit_test(test_inns_traders),
        cmocka_unit_test(test_inns_traders_gifts),
        cmocka_unit_test(test_inns_traders_christmas),
        cmocka_unit_test(test_all_four),
        cmocka_unit_test(test_river),
        cmocka_unit_test(test_abbot),
        cmocka_unit_test(test_river_abbot),
        cmocka_unit_test(test_inns_traders_river_abbot),
        cmocka_unit_test(test_all_six),
        cmocka_unit_test(test_river_abbot_tiles),
        cmocka_unit_test(test_river_deals),
    };
    return TEST_RUN_NAMED(argc, argv, "test_random_bigbox", sets, tests);
}
