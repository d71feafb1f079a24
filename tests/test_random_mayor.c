/*
 * test_random_mayor.c - invariants over seeded random games with Abbey & Mayor's
 * figures (RULES.md: the mayor, the wagon and the barn, AM6-AM11), alone ("abbey",
 * 2-5 players), with The Princess & the Dragon and The Tower ("three") and with all
 * eight other expansions ("all": 2-6 players). One ctest test per set
 * (tests/CMakeLists.txt).
 *
 * After every move, through the public API:
 *   - figures: per seat and kind, on the board (carc_followers, barns and tower
 *     tops included) + in supply (carc_supply_figures) + held as prisoners by the
 *     other seats (carc_prisoners) = what the set gives (AM1, AM2: one mayor, one
 *     wagon, one barn each);
 *   - a mayor stands only in a city (AM6), a wagon only on a road, in a city or on a
 *     cloister (AM7), a barn only on a corner (AM9), and a barn once placed stays
 *     where it is to the end (AM9: never eaten, captured, returned or moved);
 *   - every move a wagon decision lists is the wagon's onto a road, city or
 *     cloister, or the pass (AM8), and only a seat with its wagon in supply owes one;
 *   - the events tell every point (event_ledger.h), barn scorings included;
 *   - carc_check after every move of the first FULL_GAMES games, then on one move
 *     in CHECK_EVERY; a random garbage move every ILLEGAL_EVERY moves is refused
 *     with the state byte for byte unchanged unless carc_legal lists it;
 * and per game: the record written while playing replays to the same state
 * (replay_check.h).
 * Over a set: barns were placed and scored, wagons moved.
 *
 * 300 games per set in `make test` and the Release builds, 30 with CARC_QUICK and
 * 20 under ASan (test_game_count); "abbey" 10,000 (TEST_LONG_GAMES, issue 30's count)
 * with CARC_LONG=1, which CI sets in its gcc Release build only (.ci/run,
 * docs/HACKING.md); CARC_MAYOR_GAMES=N plays N.
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

enum { FULL_GAMES = 60, CHECK_EVERY = 25, ILLEGAL_EVERY = 12, STATE_CAP = 1 << 16 };

/* The set's games: CARC_MAYOR_GAMES, else 300 (10,000 for a long set with CARC_LONG). */
static int games_per_set(int long_set)
{
    const char *n = getenv("CARC_MAYOR_GAMES");
    if (n && *n)
        return atoi(n);
    return long_set ? test_long_count(300, 20, 30) : test_game_count(300, 20, 30);
}

/* Each seat's figures of a kind the set gives (the meeples and carc_figures_of's). */
static int given(unsigned exp, int kind)
{
    if (!(carc_figures_of(exp) >> kind & 1))
        return 0;
    return kind == CARC_FIG_MEEPLE ? CARC_FOLLOWERS : 1;
}

/* Where each seat's barn stands (x, y, port), or port CARC_PORT_NONE in supply. */
typedef struct barn_at {
    int x[CARC_MAX_PLAYERS], y[CARC_MAX_PLAYERS], port[CARC_MAX_PLAYERS];
} barn_at;

/* The figures and the barns (see the file's comment); fails the test. */
static void check_figures(const carc_game *g, unsigned exp, barn_at *barns, const char *where)
{
    int np = carc_players(g);
    carc_follower f[256];
    int nf = carc_followers(g, f, 256);
    int board[CARC_MAX_PLAYERS][CARC_FIGURES] = {{0}};
    for (int i = 0; i < nf; i++) {
        board[f[i].seat][f[i].figure]++;
        int fig = f[i].figure, t = f[i].type;
        if ((fig == CARC_FIG_MAYOR && t != CARC_FEAT_CITY) ||
            (fig == CARC_FIG_WAGON && t != CARC_FEAT_ROAD && t != CARC_FEAT_CITY &&
             t != CARC_FEAT_CLOISTER) ||
            ((fig == CARC_FIG_BARN) != (t == CARC_FEAT_CORNER)))
            fail_msg("%s: seat %d's %s stands on a %s", where, f[i].seat, carc_figure_name(fig),
                     carc_feature_name(t));
        if (fig != CARC_FIG_BARN)
            continue;
        int s = f[i].seat;
        if (barns->port[s] != CARC_PORT_NONE &&
            (barns->x[s] != f[i].x || barns->y[s] != f[i].y || barns->port[s] != f[i].port))
            fail_msg("%s: seat %d's barn moved (AM9)", where, s);
        barns->x[s] = f[i].x, barns->y[s] = f[i].y, barns->port[s] = f[i].port;
    }
    for (int s = 0; s < np; s++) {
        if (barns->port[s] != CARC_PORT_NONE && !board[s][CARC_FIG_BARN])
            fail_msg("%s: seat %d's barn left the board (AM9)", where, s);
        int supply[CARC_FIGURES], held[CARC_FIGURES] = {0};
        carc_supply_figures(g, s, supply);
        for (int h = 0; h < np; h++) {
            int c[CARC_FIGURES];
            if (h != s && carc_prisoners(g, h, s, c) > 0)
                for (int k = 0; k < CARC_FIGURES; k++)
                    held[k] += c[k];
        }
        for (int k = 0; k < CARC_FIGURES; k++)
            if (board[s][k] + supply[k] + held[k] != given(exp, k))
                fail_msg("%s: seat %d has %d %s on the board, %d in supply, %d held: not %d",
                         where, s, board[s][k], carc_figure_name(k), supply[k], held[k],
                         given(exp, k));
    }
}

/* AM8: a wagon decision lists the wagon's moves onto roads, cities and cloisters
 * and the pass, for a seat whose wagon is in supply. */
static void check_wagon_list(const carc_game *g, const carc_pending *p, const carc_move *list,
                             int n, const char *where)
{
    int supply[CARC_FIGURES];
    carc_supply_figures(g, p->seat, supply);
    if (!supply[CARC_FIG_WAGON])
        fail_msg("%s: seat %d owes a wagon move with its wagon on the board", where, p->seat);
    for (int i = 0; i < n; i++) {
        if (list[i].kind == CARC_MOVE_PASS)
            continue;
        carc_feature_info fi;
        if (list[i].kind != CARC_MOVE_FOLLOWER || list[i].figure != CARC_FIG_WAGON ||
            !carc_feature_at(g, list[i].x, list[i].y, list[i].port, &fi) || fi.completed ||
            (fi.type != CARC_FEAT_ROAD && fi.type != CARC_FEAT_CITY &&
             fi.type != CARC_FEAT_CLOISTER))
            fail_msg("%s: the wagon decision lists a move that is no wagon's (AM8)", where);
    }
}

typedef struct set_counts {
    long long barns, wagon_moves, wagon_passes;
} set_counts;

static void play_game(unsigned exp, uint64_t seed, int full, event_ledger *total,
                      set_counts *counts)
{
    static carc_move list[CARC_MAX_MOVES];
    static unsigned char before[STATE_CAP], after[STATE_CAP];
    uint64_t rs = seed * 0x9E3779B97F4A7C15ull + 1;
    carc_config c;
    carc_error err;
    carc_config_init(&c);
    c.expansions = exp;
    c.seed = seed;
    c.players = 2 + test_rand_below(&rs, carc_max_players(exp) - 1);
    carc_game *g = carc_new(&c, &err);
    assert_non_null(g);
    carc_game *prev = carc_clone(g);
    carc_recorder *rec = carc_recorder_new(&c, g);
    event_ledger led;
    ledger_init(&led);
    barn_at barns;
    for (int s = 0; s < CARC_MAX_PLAYERS; s++)
        barns.port[s] = CARC_PORT_NONE;
    char where[96], msg[256];
    int move_no = 0;
    carc_move last = carc_move_pass();
    if (!ledger_add(&led, g, msg, sizeof msg))
        fail_msg("seed %llu at the start: %s", (unsigned long long)seed, msg);
    for (;;) {
        carc_pending p = carc_pending_decision(g);
        if (p.decision == CARC_DEC_NONE)
            break;
        int n = carc_legal(g, list, CARC_MAX_MOVES);
        snprintf(where, sizeof where, "seed %llu move %d", (unsigned long long)seed, move_no);
        if (n <= 0)
            fail_msg("%s: no legal move for the pending '%s' of seat %d (after a move of kind %d, "
                     "card %s)", where, carc_decision_name(p.decision), p.seat, last.kind,
                     carc_card_name(last.card));
        if (p.decision == CARC_DEC_WAGON)
            check_wagon_list(g, &p, list, n, where);
        if (move_no % ILLEGAL_EVERY == 0) {
            const char *why = test_refuse_garbage(g, list, n, &rs, before, after, STATE_CAP);
            if (why)
                fail_msg("%s: %s", where, why);
        }
        carc_move m = list[test_rand_below(&rs, n)];
        last = m;
        counts->barns += m.kind == CARC_MOVE_FOLLOWER && m.figure == CARC_FIG_BARN;
        counts->wagon_moves += p.decision == CARC_DEC_WAGON && m.kind == CARC_MOVE_FOLLOWER;
        counts->wagon_passes += p.decision == CARC_DEC_WAGON && m.kind == CARC_MOVE_PASS;
        carc_copy(prev, g);
        if (carc_apply(g, &m, &err) != CARC_OK)
            fail_msg("%s: a listed move was refused: %s", where, err.msg);
        if (carc_recorder_add(rec, prev, &m, g) != CARC_OK)
            fail_msg("%s: the move has no notation", where);
        move_no++;
        if (!ledger_add(&led, g, msg, sizeof msg))
            fail_msg("%s: %s", where, msg);
        check_figures(g, exp, &barns, where);
        if ((full || move_no % CHECK_EVERY == 0) && carc_check(g, &err) != CARC_OK)
            fail_msg("%s: carc_check: %s", where, err.msg);
    }
    if (carc_check(g, &err) != CARC_OK)
        fail_msg("seed %llu at the end: carc_check: %s", (unsigned long long)seed, err.msg);
    char *json = carc_recorder_json(rec, g);
    assert_non_null(json);
    const char *set = exp == CARC_EXP_ABBEY ? "abbey"
                      : exp == carc_expansion_bits() ? "all" : "three";
    test_check_replay(json, g, set, (int)(seed & 0xFFFF));
    free(json);
    ledger_merge(total, &led);
    carc_recorder_free(rec);
    carc_free(prev);
    carc_free(g);
}

static void run_set(unsigned exp, uint64_t seed0, int long_set)
{
    set_counts counts = {0};
    event_ledger total;
    ledger_init(&total);
    int games = games_per_set(long_set);
    for (int i = 0; i < games; i++)
        play_game(exp, seed0 + (uint64_t)i, i < test_full_games(FULL_GAMES), &total, &counts);
    printf("%d games: %lld barns, %lld barn scorings, %lld wagon moves, %lld wagons left in "
           "supply\n", games, counts.barns, total.reasons[CARC_REASON_BARN], counts.wagon_moves,
           counts.wagon_passes);
    /* the random players met every decision and scoring of the figures */
    assert_true(counts.barns > 0 && total.reasons[CARC_REASON_BARN] > 0 &&
                counts.wagon_moves > 0 && counts.wagon_passes > 0);
}

static void test_abbey(void **state)
{
    (void)state;
    run_set(CARC_EXP_ABBEY, 0xABBE0000ull, 1);
}

/* The three boxes of issue 30 together: the dragon, the tower and the abbey. */
static void test_three(void **state)
{
    (void)state;
    unsigned exp = 0;
    carc_error err = {0, ""};
    assert_int_equal(carc_expansions_parse("dragon,tower,abbey", &exp, &err), 0);
    run_set(exp, 0xD7AABBE00ull, 0);
}

static void test_all(void **state)
{
    (void)state;
    run_set(carc_expansion_bits(), 0xA11ABBE00ull, 0);
}

int main(int argc, char **argv)
{
    static const char *const sets[] = {"abbey", "three", "all"};
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_abbey),
        cmocka_unit_test(test_three),
        cmocka_unit_test(test_all),
    };
    return TEST_RUN_NAMED(argc, argv, "test_random_mayor", sets, tests);
}
