/*
 * test_public_info.c - CI23 (with PD14, TW10): everything The Princess & the
 * Dragon and The Tower add is public, and so is who owes each decision. Random
 * games of "dragon,tower" (2-5 players) and of all eight expansions (2-6), and
 * after every move, for every seat's view and a spectator's (carc_view), the view
 * must show what the game shows:
 *   - the decision owed, by whom, in whose turn (a dragon move owed by another
 *     player than the active one, a capture, an exchange choice);
 *   - for the decisions these boxes add (a dragon move, a capture, an exchange),
 *     the same legal moves: any seat can tell what the owing player may do;
 *   - the dragon, the fairy and its follower, a movement's visited tiles, the
 *     set-aside tiles (carc_dragon_status);
 *   - every tower's height and whether it is closed, every seat's floors, every
 *     seat's prisoners held by every other, the figures on the board (tower tops
 *     included) and in every supply, and the scores.
 * Games per set: 40, 6 under a sanitizer, 8 with CARC_QUICK (two seconds in all).
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
#include "random_play.h"

static carc_move info_moves[CARC_MAX_MOVES], info_seen[CARC_MAX_MOVES];

/* Whether decision d is one the two boxes add after the T6 choice. */
static int info_added(int d)
{
    return d == CARC_DEC_WALK || d == CARC_DEC_CAPTURE || d == CARC_DEC_EXCHANGE;
}

/* Fails unless view v shows everything public of g (the file's comment). */
static void info_check(const carc_game *g, const carc_game *v, const char *where, int seat)
{
    carc_pending p = carc_pending_decision(g), q = carc_pending_decision(v);
    if (p.decision != q.decision || p.seat != q.seat || p.active != q.active)
        fail_msg("%s: view %d owes decision %d of seat %d (turn of %d), the game %d of %d (%d)",
                 where, seat, q.decision, q.seat, q.active, p.decision, p.seat, p.active);
    if (info_added(p.decision)) {
        int n = carc_legal(g, info_moves, CARC_MAX_MOVES);
        int m = carc_legal(v, info_seen, CARC_MAX_MOVES);
        if (n != m || memcmp(info_moves, info_seen, (size_t)n * sizeof *info_moves) != 0)
            fail_msg("%s: view %d lists %d moves for decision %d, the game %d", where, seat, m,
                     p.decision, n);
    }
    carc_dragon_info a, b;
    carc_dragon_status(g, &a);
    carc_dragon_status(v, &b);
    if (memcmp(&a, &b, sizeof a) != 0)
        fail_msg("%s: view %d shows another dragon or fairy", where, seat);
    for (int i = 0; i < carc_board_count(g); i++) {
        int kind, x, y, rot, c1, c2;
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        if (carc_tower_height(g, x, y, &c1) != carc_tower_height(v, x, y, &c2) || c1 != c2)
            fail_msg("%s: view %d shows another tower at (%d,%d)", where, seat, x, y);
    }
    carc_follower f1[256], f2[256];
    int n1 = carc_followers(g, f1, 256), n2 = carc_followers(v, f2, 256);
    if (n1 != n2 || memcmp(f1, f2, (size_t)n1 * sizeof *f1) != 0)
        fail_msg("%s: view %d shows %d figures on the board, the game %d", where, seat, n2, n1);
    for (int s = 0; s < carc_players(g); s++) {
        int c1[CARC_FIGURES], c2[CARC_FIGURES];
        carc_supply_figures(g, s, c1);
        carc_supply_figures(v, s, c2);
        if (memcmp(c1, c2, sizeof c1) != 0 || carc_floors(g, s) != carc_floors(v, s) ||
            carc_score(g, s) != carc_score(v, s))
            fail_msg("%s: view %d shows another supply, floors or score of seat %d", where,
                     seat, s);
        for (int h = 0; h < carc_players(g); h++) {
            carc_prisoners(g, h, s, c1);
            carc_prisoners(v, h, s, c2);
            if (memcmp(c1, c2, sizeof c1) != 0)
                fail_msg("%s: view %d shows other prisoners of seat %d held by %d", where, seat,
                         s, h);
        }
    }
}

/* One game; counts in added[] the decisions of info_added seen owed by a seat
 * other than the active one ([0]) and by the active one ([1]). */
static void info_game(unsigned exp, int players, uint64_t seed, long long added[2])
{
    carc_config cfg;
    carc_config_init(&cfg);
    cfg.players = players;
    cfg.seed = seed;
    cfg.expansions = exp;
    carc_error err = {0, ""};
    carc_game *g = carc_new(&cfg, &err);
    if (!g)
        fail_msg("seed %llu: carc_new: %s", (unsigned long long)seed, err.msg);
    carc_game *v = carc_clone(g);
    assert_non_null(v);
    uint64_t rs = seed * 0x9E3779B97F4A7C15ull + 1;
    char where[96];
    for (int move = 0; !carc_is_over(g); move++) {
        snprintf(where, sizeof where, "seed %llu move %d", (unsigned long long)seed, move);
        carc_pending p = carc_pending_decision(g);
        if (info_added(p.decision))
            added[p.seat == p.active]++;
        for (int seat = 0; seat <= players; seat++) {
            int who = seat == players ? CARC_SEAT_PUBLIC : seat;
            carc_view(g, who, v);
            info_check(g, v, where, who);
        }
        int n = carc_legal(g, info_moves, CARC_MAX_MOVES);
        assert_true(n > 0);
        if (carc_apply(g, &info_moves[test_rand_below(&rs, n)], &err) != CARC_OK)
            fail_msg("%s: a listed move refused: %s", where, err.msg);
    }
    carc_free(v);
    carc_free(g);
}

static void info_set(const char *set, int max_players)
{
    unsigned exp;
    carc_error err = {0, ""};
    assert_int_equal(carc_expansions_parse(set, &exp, &err), CARC_OK);
    int games = test_game_count(40, 6, 8);
    long long added[2] = {0, 0};
    for (int i = 0; i < games; i++)
        info_game(exp, 2 + i % (max_players - 1), 0xC123 + (uint64_t)i, added);
    printf("%s: %d games, %lld decisions of these boxes owed by another seat than the "
           "active one, %lld by the active one\n", set, games, added[0], added[1]);
    if (!added[0] || !added[1])
        fail_msg("%s: the games never had a dragon move owed by another seat, or none by the "
                 "active one", set);
}

static void test_dragon_tower(void **state)
{
    (void)state;
    info_set("dragon,tower", 5);
}

static void test_all_eight(void **state)
{
    (void)state;
    info_set("gifts,christmas,inns,traders,river,abbot,dragon,tower", 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dragon_tower),
        cmocka_unit_test(test_all_eight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
