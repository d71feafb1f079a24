/*
 * test_random_tower.c - invariants over many seeded random games with The Tower
 * (RULES.md §14, TW1-TW10), alone ("tower", 2-5 players), with The Princess & the
 * Dragon and Abbey & Mayor ("three") and with all eight other expansions ("all": 2-6
 * players). One ctest test per set (tests/CMakeLists.txt).
 *
 * After every move, through the public API:
 *   - figures: per seat and kind, on the board (carc_followers, tower tops
 *     included) + in supply (carc_supply_figures) + held as prisoners by the other
 *     seats (carc_prisoners) = what the set gives (TW6: a prisoner is in no supply,
 *     and nobody holds their own);
 *   - floors: every seat's (carc_floors) + every tower's height = the players'
 *     floors of TW2; heights never fall; a tower is closed exactly when one
 *     follower (a meeple or the large meeple) stands on its top (TW4);
 *   - followers on tower tops stand on tower tiles of height 1 or more;
 *   - every capture listed (TW5) names a follower (never a builder or pig) in the
 *     row or column of the tower built just before, within its height;
 *   - scores never fall but by a ransom of 3 (TW8), paid only by the active seat,
 *     once a turn, from 3 points or more; the events tell every point
 *     (event_ledger.h);
 *   - CI19: while river tiles are placed (carc_river_left), no tower tile is in hand;
 *   - carc_check (the module's invariants among them) after every move of the
 *     first FULL_GAMES games, then on one move in CHECK_EVERY;
 *   - carc_legal cut short in the follower step is a prefix of the whole list;
 *   - a random garbage move every ILLEGAL_EVERY moves is refused with the state
 *     byte for byte unchanged (carc_state_save) unless carc_legal lists it;
 * and per game: the record written while playing replays to the same scores, and
 * views hide nothing of the tower (TW10: a seat's view has the same heights,
 * floors and prisoners).
 *
 * Three sets: "tower", "three" (dragon,tower,abbey: the three boxes of issue 30) and
 * "all" (the nine). 1,000 games per set in `make test` and the Release builds;
 * 10,000 (TEST_LONG_GAMES, the count) with CARC_LONG=1, which CI sets in its gcc
 * Release build only (.ci/run; the times in docs/HACKING.md); 30 with CARC_QUICK and 20
 * under ASan (test_long_count: seconds there, where a game with all of them fully
 * checked takes about 1.5 s); CARC_TOWER_GAMES=N plays N.
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

enum { FULL_GAMES = 300, CHECK_EVERY = 25, ILLEGAL_EVERY = 12, VIEW_EVERY = 50,
       STATE_CAP = 1 << 16 };

/* TW2: each seat's floors by the number of players. */
static int floors_of(int players)
{
    static const int f[] = {0, 0, 10, 9, 7, 6, 5};
    return f[players];
}

static int games_per_set(void)
{
    const char *n = getenv("CARC_TOWER_GAMES");
    if (n && *n)
        return atoi(n);
    return test_long_count(1000, 20, 30);
}

/* Each seat's figures by kind the set gives (the meeples and carc_figures_of's). */
static int given(unsigned exp, int kind)
{
    if (!(carc_figures_of(exp) >> kind & 1))
        return 0;
    return kind == 0 ? 7 : 1;
}

typedef struct tower_run {
    unsigned exp;
    int players;
    char msg[256];
} tower_run;

/* Every tower on the board: positions and heights, written up to 32; the count. */
static int towers_of(const carc_game *g, int xs[], int ys[], int hs[], int closed[])
{
    int n = 0;
    for (int i = 0; i < carc_board_count(g) && n < 32; i++) {
        int kind, x, y, rot, c;
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        int h = carc_tower_height(g, x, y, &c);
        if (h < 0)
            continue;
        xs[n] = x, ys[n] = y, hs[n] = h, closed[n] = c;
        n++;
    }
    return n;
}

/* The figures, floors and towers (see the file's comment); fails the test. */
static void check_pieces(const carc_game *g, unsigned exp, const char *where)
{
    int np = carc_players(g);
    carc_follower f[256];
    int nf = carc_followers(g, f, 256);
    int board[CARC_MAX_PLAYERS][CARC_FIGURES] = {{0}};
    int xs[32], ys[32], hs[32], closed[32], tops[32] = {0};
    int nt = towers_of(g, xs, ys, hs, closed);
    for (int i = 0; i < nf; i++) {
        board[f[i].seat][f[i].figure]++;
        if (f[i].type != CARC_FEAT_TOWER)
            continue;
        int k = 0;
        while (k < nt && (xs[k] != f[i].x || ys[k] != f[i].y))
            k++;
        if (k == nt || f[i].port != CARC_PORT_T || hs[k] < 1 ||
            (f[i].figure != 0 && strcmp(carc_figure_name(f[i].figure), "large") != 0))
            fail_msg("%s: a %s of seat %d on a tower top at (%d,%d) that may not hold it", where,
                     carc_figure_name(f[i].figure), f[i].seat, f[i].x, f[i].y);
        tops[k]++;
    }
    int floors = 0;
    for (int k = 0; k < nt; k++) {
        if (tops[k] > 1 || closed[k] != (tops[k] == 1))
            fail_msg("%s: tower (%d,%d) closed %d with %d followers on top", where, xs[k], ys[k],
                     closed[k], tops[k]);
        floors += hs[k];
    }
    for (int s = 0; s < np; s++) {
        int supply[CARC_FIGURES], held[CARC_FIGURES], own[CARC_FIGURES];
        carc_supply_figures(g, s, supply);
        floors += carc_floors(g, s);
        if (carc_prisoners(g, s, s, own))
            fail_msg("%s: seat %d holds its own follower", where, s);
        for (int k = 0; k < CARC_FIGURES; k++) {
            int prisoners = 0;
            for (int h = 0; h < np; h++) {
                carc_prisoners(g, h, s, held);
                prisoners += held[k];
            }
            if (board[s][k] + supply[k] + prisoners != given(exp, k))
                fail_msg("%s: seat %d %s: %d on the board + %d in supply + %d held != %d", where,
                         s, carc_figure_name(k), board[s][k], supply[k], prisoners,
                         given(exp, k));
        }
    }
    if (floors != np * floors_of(np))
        fail_msg("%s: %d floors, %d given (TW2)", where, floors, np * floors_of(np));
}

/* TW5: every capture listed names a follower in reach of the tower whose height
 * just grew (the one tower the last move's floor event names). */
static void check_captures(const carc_game *g, const carc_move *list, int n, int tx, int ty,
                           const char *where)
{
    int h = carc_tower_height(g, tx, ty, NULL);
    for (int i = 0; i < n; i++) {
        const carc_move *m = &list[i];
        if (m->kind != CARC_MOVE_CAPTURE)
            continue;
        int dx = m->x - tx, dy = m->y - ty;
        if (!((dy == 0 && abs(dx) <= h) || (dx == 0 && abs(dy) <= h)))
            fail_msg("%s: capture at (%d,%d) out of reach of (%d,%d) height %d", where, m->x,
                     m->y, tx, ty, h);
        if (carc_figure_strength(m->figure) == 0)
            fail_msg("%s: a capture of a special figure (%s)", where,
                     carc_figure_name(m->figure));
    }
}

static void play_game(unsigned exp, uint64_t seed, int full, event_ledger *total,
                      long long counts[CARC_MOVE_KINDS])
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
    carc_game *v = carc_clone(g), *prev = carc_clone(g);
    carc_recorder *rec = carc_recorder_new(&c, g);
    event_ledger led;
    ledger_init(&led);
    char where[96], msg[256];
    int tx = 0, ty = 0, ransom_turn = -1, move_no = 0;
    int last[CARC_MAX_PLAYERS] = {0};
    if (!ledger_add(&led, g, msg, sizeof msg))
        fail_msg("seed %llu at the start: %s", (unsigned long long)seed, msg);
    for (;;) {
        carc_pending p = carc_pending_decision(g);
        if (p.decision == CARC_DEC_NONE)
            break;
        int n = carc_legal(g, list, CARC_MAX_MOVES);
        assert_true(n > 0);
        snprintf(where, sizeof where, "seed %llu move %d", (unsigned long long)seed, move_no);
        if (carc_river_left(g) > 0) {  /* CI19: the tower tiles are in the main stack */
            int hand[2], nh = carc_hand_tiles(g, hand);
            for (int i = 0; i < nh; i++)
                if (strncmp(carc_tile_def_of(hand[i])->name, "TO/", 3) == 0)
                    fail_msg("%s: tower tile %s in hand in the river phase", where,
                             carc_tile_def_of(hand[i])->name);
        }
        if (p.decision == CARC_DEC_CAPTURE)
            check_captures(g, list, n, tx, ty, where);
        if (move_no % ILLEGAL_EVERY == 0 && p.decision == CARC_DEC_FOLLOWER) {
            /* a list cut short is a prefix of the whole, the tower's choices included */
            static carc_move part[CARC_MAX_MOVES];
            int k = 1 + test_rand_below(&rs, n);
            if (carc_legal(g, part, k) != k || memcmp(part, list, (size_t)k * sizeof *part))
                fail_msg("%s: carc_legal cut at %d is no prefix of its %d moves", where, k, n);
        }
        if (move_no % ILLEGAL_EVERY == 0) {
            const char *why = test_refuse_garbage(g, list, n, &rs, before, after, STATE_CAP);
            if (why)
                fail_msg("%s: %s", where, why);
        }
        carc_move m = list[test_rand_below(&rs, n)];
        counts[m.kind]++;
        int turn = carc_turn(g);
        carc_copy(prev, g);
        if (carc_apply(g, &m, &err) != CARC_OK)
            fail_msg("%s: a listed move was refused: %s", where, err.msg);
        if (carc_recorder_add(rec, prev, &m, g) != CARC_OK)
            fail_msg("%s: the move has no notation", where);
        move_no++;
        if (m.kind == CARC_MOVE_FLOOR)
            tx = m.x, ty = m.y;
        if (m.kind == CARC_MOVE_RANSOM) {  /* TW8: once a turn, 3 points, by the active seat */
            if (ransom_turn == turn || last[p.active] < 3)
                fail_msg("%s: a second ransom in turn %d or one from %d points", where, turn,
                         last[p.active]);
            ransom_turn = turn;
        }
        for (int s = 0; s < carc_players(g); s++) {
            int sc = carc_score(g, s);
            if (sc < last[s] && !(m.kind == CARC_MOVE_RANSOM && s == p.active &&
                                  sc == last[s] - 3))
                fail_msg("%s: seat %d's score fell from %d to %d", where, s, last[s], sc);
            last[s] = sc;
        }
        if (!ledger_add(&led, g, msg, sizeof msg))
            fail_msg("%s: %s", where, msg);
        check_pieces(g, exp, where);
        if ((full || move_no % CHECK_EVERY == 0) && carc_check(g, &err) != CARC_OK)
            fail_msg("%s: carc_check: %s", where, err.msg);
        if (move_no % VIEW_EVERY == 0) {  /* TW10: the tower is public */
            int seat = test_rand_below(&rs, carc_players(g));
            carc_view(g, seat, v);
            check_pieces(v, exp, where);
            for (int s = 0; s < carc_players(g); s++)
                if (carc_floors(v, s) != carc_floors(g, s))
                    fail_msg("%s: seat %d's view of seat %d's floors differs", where, seat, s);
        }
    }
    if (carc_check(g, &err) != CARC_OK)
        fail_msg("seed %llu at the end: carc_check: %s", (unsigned long long)seed, err.msg);
    /* the record replays to the same end */
    char *json = carc_recorder_json(rec, g);
    assert_non_null(json);
    carc_record *r = carc_record_parse(json, &err);
    if (!r)
        fail_msg("seed %llu: record refused: %s", (unsigned long long)seed, err.msg);
    carc_game *end = NULL;
    if (carc_record_replay(r, &end, &err) != CARC_OK)
        fail_msg("seed %llu: replay: %s", (unsigned long long)seed, err.msg);
    for (int s = 0; s < carc_players(g); s++)
        assert_int_equal(carc_score(end, s), carc_score(g, s));
    carc_free(end);
    carc_record_free(r);
    free(json);
    ledger_merge(total, &led);
    carc_recorder_free(rec);
    carc_free(v);
    carc_free(prev);
    carc_free(g);
}

static void run_set(unsigned exp, uint64_t seed0)
{
    long long counts[CARC_MOVE_KINDS] = {0};
    event_ledger total;
    ledger_init(&total);
    int games = games_per_set();
    for (int i = 0; i < games; i++)
        play_game(exp, seed0 + (uint64_t)i, i < test_full_games(FULL_GAMES), &total, counts);
    printf("%d games: %lld floors, %lld followers, %lld captures, %lld ransoms, %lld "
           "exchange choices; %lld capture and %lld freed events\n",
           games, counts[CARC_MOVE_FLOOR], counts[CARC_MOVE_FOLLOWER], counts[CARC_MOVE_CAPTURE],
           counts[CARC_MOVE_RANSOM], counts[CARC_MOVE_EXCHANGE], total.count[CARC_EV_CAPTURED],
           total.count[CARC_EV_FREED]);
    /* the random players met every decision of the module */
    assert_true(counts[CARC_MOVE_FLOOR] > 0 && counts[CARC_MOVE_CAPTURE] > 0 &&
                counts[CARC_MOVE_RANSOM] > 0 && total.count[CARC_EV_FREED] > 0);
    if (carc_figures_of(exp) >> 1 & 1)  /* the large meeple: exchanges may ask */
        assert_true(counts[CARC_MOVE_EXCHANGE] > 0 || games < 200);
}

static void test_tower(void **state)
{
    (void)state;
    run_set(CARC_EXP_TOWER, 0x70E0000ull);
}

/* The three boxes of issue 30 together: the dragon, the tower and the abbey. */
static void test_three(void **state)
{
    (void)state;
    unsigned exp = 0;
    carc_error err = {0, ""};
    assert_int_equal(carc_expansions_parse("dragon,tower,abbey", &exp, &err), 0);
    run_set(exp, 0xD7A0000ull);
}

static void test_all(void **state)
{
    (void)state;
    run_set(carc_expansion_bits(), 0xA11707000ull);
}

int main(int argc, char **argv)
{
    static const char *const sets[] = {"tower", "three", "all"};
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tower),
        cmocka_unit_test(test_three),
        cmocka_unit_test(test_all),
    };
    return TEST_RUN_NAMED(argc, argv, "test_random_tower", sets, tests);
}
