/*
 * test_random_dragon.c - random games of The Princess & the Dragon (issue 30), alone
 * and with the six other expansions, one ctest test per set (test_random_dragon_SET):
 * players that pick uniformly among the legal moves, and after every move
 *   - carc_check (every invariant of the engine and of the module): after every move
 *     of the first FULL_GAMES games of a set, then on one move in CHECK_EVERY and at
 *     the end (a game of a long run costs a third as much);
 *   - the module's own rules as seen from outside: no figure on the dragon's tile
 *     but followers on locked features and barns (PD5, PD8, XI20, AM9); the dragon
 *     on the board only after a volcano and the set-aside tiles only before it (PD3,
 *     PD4); every tile of the set accounted for, the set-aside ones and the abbeys
 *     (with Abbey & Mayor: held or placed, AM2) included; a dragon move owed
 *     by seat active + k (PD7); a view of any seat shows the same dragon, fairy and
 *     set-aside tiles (PD14);
 *   - now and then a random move that the engine must refuse unless legal, which
 *     leaves the state byte for byte as it was;
 * and per game: its record replays to the same state, and (one game in 16) the same
 * seed and choices give the same record. Over the set, every decision the module
 * adds must have been taken (dragon moves, the fairy, the portal, the princess, set-
 * aside tiles, figures eaten, the fairy's point and bonus).
 *
 * Sets: "dragon", "dragon,tower,abbey" (the three boxes of issue 30) and the dragon with
 * the six older expansions. Games per set: 200, 40 under a sanitizer or with
 * CARC_QUICK=1; the dragon alone 10,000 (TEST_LONG_GAMES, issue 30's count) with
 * CARC_LONG=1, which CI sets in its gcc Release build only (.ci/run, docs/HACKING.md);
 * CARC_DRAGON_GAMES=N plays N.
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
#include "replay_check.h"

typedef struct dragon_stats {
    long long games, moves, refused, walks, fairy, portal, princess, aside, eaten, points,
        bonus, volcano;
} dragon_stats;

/* Games fully checked, then carc_check on one move in CHECK_EVERY. */
enum { FULL_GAMES = 400, CHECK_EVERY = 25 };

static carc_move g_moves[CARC_MAX_MOVES];

/* Abbeys still held (with Abbey & Mayor: each seat's one tile outside the stack, AM2). */
static int abbeys_held(const carc_game *g)
{
    int n = 0;
    for (int s = 0; s < carc_players(g); s++)
        n += carc_abbey_held(g, s);
    return n;
}

/* The dragon's tile holds no figure but followers on locked features (PD5, PD8,
 * XI20) and barns at its corners (AM9), and the rest of the module's public state
 * agrees with the board. */
static void check_dragon(const carc_game *g, const char *set, int game, int move)
{
    carc_dragon_info d;
    if (!carc_dragon_status(g, &d))
        fail_msg("%s game %d: no dragon status", set, game);
    if (d.dragon_on && d.naside)
        fail_msg("%s game %d move %d: tiles set aside with the dragon on the board", set, game, move);
    if (d.dragon_on) {
        carc_follower f[CARC_MAX_PLAYERS * 12];
        int n = carc_followers(g, f, CARC_MAX_PLAYERS * 12);
        for (int i = 0; i < n; i++)
            if (f[i].x == d.dragon_x && f[i].y == d.dragon_y && !f[i].locked &&
                f[i].type != CARC_FEAT_CORNER)  /* a barn stays at its corner (AM9) */
                fail_msg("%s game %d move %d: a %s of seat %d on the dragon's tile (%d,%d)", set,
                         game, move, carc_figure_name(f[i].figure), f[i].seat, d.dragon_x,
                         d.dragon_y);
    }
    carc_pending p = carc_pending_decision(g);
    if (p.decision == CARC_DEC_WALK &&
        (!d.walking || p.seat != (p.active + d.walked) % carc_players(g)))
        fail_msg("%s game %d move %d: dragon move %d owed by seat %d", set, game, move, d.walked,
                 p.seat);
    int kinds[CARC_TILES], hand[2];
    int tiles = carc_board_count(g) + carc_removed_tiles(g, kinds, CARC_TILES) +
                carc_hand_tiles(g, hand) + carc_stack_left(g) + d.naside +
                abbeys_held(g);
    int want = carc_has_abbeys(carc_config_of(g).expansions) ? carc_players(g) : 0;
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        want += carc_tile_count(carc_config_of(g).expansions, k);
    if (tiles != want)
        fail_msg("%s game %d move %d: %d tiles accounted for, the set has %d", set, game, move,
                 tiles, want);
}

/* PD14: every seat's view shows the same dragon. */
static void check_views(const carc_game *g, carc_game *view, const char *set, int game)
{
    carc_dragon_info full, seen;
    carc_dragon_status(g, &full);
    for (int s = 0; s < carc_players(g); s++) {
        carc_view(g, s, view);
        carc_dragon_status(view, &seen);
        if (memcmp(&full, &seen, sizeof full) != 0)
            fail_msg("%s game %d: seat %d's view shows another dragon", set, game, s);
    }
}

static void count_events(const carc_game *g, dragon_stats *st, int walk)
{
    int n = 0;
    const carc_event *ev = carc_events(g, &n);
    for (int i = 0; i < n; i++) {
        st->aside += ev[i].kind == CARC_EV_SET_ASIDE;
        st->volcano += ev[i].kind == CARC_EV_NEUTRAL && ev[i].value == 0 && ev[i].b == 0;
        st->eaten += walk && ev[i].kind == CARC_EV_RETURNED;
        st->points += ev[i].kind == CARC_EV_SCORED && ev[i].b == CARC_REASON_NEUTRAL_POINT;
        st->bonus += (ev[i].kind == CARC_EV_SCORED || ev[i].kind == CARC_EV_BANKED) &&
                     ev[i].b == CARC_REASON_NEUTRAL_BONUS;
    }
}

/* One game; returns its record (caller frees) and the final state in *out. */
static char *play(const carc_config *cfg, uint64_t choices, const char *set, int game,
                  dragon_stats *st, carc_game **out)
{
    carc_error err = {0, ""};
    carc_game *g = carc_new(cfg, &err), *before = NULL, *view = NULL;
    if (!g)
        fail_msg("%s game %d: carc_new: %s", set, game, err.msg);
    before = carc_clone(g);
    view = carc_clone(g);
    carc_recorder *rec = carc_recorder_new(cfg, g);
    assert_true(before && view && rec);
    count_events(g, st, 0);
    int move = 0;
    while (!carc_is_over(g)) {
        carc_pending p = carc_pending_decision(g);
        int n = carc_legal(g, g_moves, CARC_MAX_MOVES);
        if (n <= 0)
            fail_msg("%s game %d move %d: no legal move", set, game, move);
        carc_copy(before, g);
        if (move % 7 == 3) {  /* garbage: refused, or legal and then played */
            carc_move junk = test_random_move(&choices);
            carc_move_canonical(g, &junk);  /* the form carc_legal lists */
            int legal = 0;
            for (int i = 0; i < n && !legal; i++)
                legal = carc_move_equal(&junk, &g_moves[i]);
            if (!legal) {
                if (carc_apply(g, &junk, &err) == CARC_OK)
                    fail_msg("%s game %d move %d: an unlisted move was accepted: kind %d (%d,%d) "
                             "port %d figure %d", set, game, move, junk.kind, junk.x, junk.y,
                             junk.port, junk.figure);
                if (memcmp(g, before, carc_state_size()) != 0)
                    fail_msg("%s game %d move %d: a refused move changed the state", set, game,
                             move);
                st->refused++;
            }
        }
        carc_move m = g_moves[test_rand_below(&choices, n)];
        int lx = 0, ly = 0, placed = carc_last_placed(g, &lx, &ly);
        st->walks += m.kind == CARC_MOVE_WALK;
        st->fairy += m.kind == CARC_MOVE_ASSIGN;
        st->princess += m.kind == CARC_MOVE_REMOVE;
        st->portal += m.kind == CARC_MOVE_FOLLOWER && placed && (m.x != lx || m.y != ly);
        if (carc_apply(g, &m, &err) != CARC_OK)
            fail_msg("%s game %d move %d: a listed move was refused: %s", set, game, move, err.msg);
        if (carc_recorder_add(rec, before, &m, g) != 0)
            fail_msg("%s game %d move %d: the recorder refused a move", set, game, move);
        count_events(g, st, p.decision == CARC_DEC_WALK);
        if ((game < test_full_games(FULL_GAMES) || move % CHECK_EVERY == 0) && carc_check(g, &err) != CARC_OK)
            fail_msg("%s game %d move %d: carc_check: %s", set, game, move, err.msg);
        check_dragon(g, set, game, move);
        if (move % 13 == 0)
            check_views(g, view, set, game);
        move++;
    }
    if (carc_check(g, &err) != CARC_OK)
        fail_msg("%s game %d at the end: carc_check: %s", set, game, err.msg);
    st->moves += move;
    st->games++;
    char *json = carc_recorder_json(rec, g);
    assert_non_null(json);
    carc_recorder_free(rec);
    carc_free(before);
    carc_free(view);
    *out = g;
    return json;
}

static void run_set(const char *set)
{
    carc_error err = {0, ""};
    unsigned exp = 0;
    assert_int_equal(carc_expansions_parse(set, &exp, &err), 0);
    const char *env = getenv("CARC_DRAGON_GAMES");
    int games = env && *env ? atoi(env)
                : exp == CARC_EXP_DRAGON ? test_long_count(200, 40, 40)
                                         : test_game_count(200, 40, 40);
    int seats = (exp & CARC_EXP_INNS) ? 5 : 4;
    dragon_stats st;
    memset(&st, 0, sizeof st);
    uint64_t base = 0xD4A607ull ^ exp;
    for (int i = 0; i < games; i++) {
        carc_config cfg;
        carc_config_init(&cfg);
        cfg.players = CARC_MIN_PLAYERS + i % seats;
        cfg.seed = base + (uint64_t)i * 104729u;
        cfg.expansions = exp;
        uint64_t choices = base ^ (0xF41E5ull + (uint64_t)i);
        carc_game *g = NULL;
        char *json = play(&cfg, choices, set, i, &st, &g);
        test_check_replay(json, g, set, i);
        if (i % 16 == 0) {
            dragon_stats again;
            memset(&again, 0, sizeof again);
            carc_game *g2 = NULL;
            char *json2 = play(&cfg, base ^ (0xF41E5ull + (uint64_t)i), set, i, &again, &g2);
            if (strcmp(json, json2) != 0)
                fail_msg("%s game %d: same seed and choices, different records", set, i);
            free(json2);
            carc_free(g2);
        }
        free(json);
        carc_free(g);
    }
    printf("%s: %lld games, %lld moves, %lld refused; %lld volcanoes, %lld tiles set aside, "
           "%lld dragon moves, %lld figures eaten, %lld fairy moves, %lld fairy points, %lld "
           "fairy bonuses, %lld portal followers, %lld princess removals\n",
           set, st.games, st.moves, st.refused, st.volcano, st.aside, st.walks, st.eaten, st.fairy,
           st.points, st.bonus, st.portal, st.princess);
    assert_true(st.refused > 0 && st.volcano > 0 && st.aside > 0 && st.walks > 0 &&
                st.eaten > 0 && st.fairy > 0 && st.points > 0 && st.bonus > 0 && st.portal > 0 &&
                st.princess > 0);
}

static const char *g_set;

static void test_set(void **state)
{
    (void)state;
    run_set(g_set);
}

int main(int argc, char **argv)
{
    g_set = argc > 1 ? argv[1] : "dragon";
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_set)};
    return cmocka_run_group_tests_name(g_set, tests, NULL, NULL);
}
