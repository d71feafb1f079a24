/*
 * test_random_games.c - invariants over many seeded random games of the base game.
 *
 * At least 10,000 games (2-5 players, uniformly random legal moves from a seeded
 * generator of the test's own) are played to the end. After every move:
 *   - carc_check passes;
 *   - every player's followers on the board + in supply = 7 (B1);
 *   - tiles on the board + removed + in hand + left in the stack = 72 (B1, B2);
 *   - scores never fall and equal the sum of their parts;
 *   - the score events so far add up to every seat's score by category, and every
 *     event about a feature names a real segment by its canonical port
 *     (event_ledger.h); no move fills the event buffer;
 *   - the follower decision lists exactly the segments of the placed tile whose
 *     feature holds no follower (B6), and is skipped only when there is none.
 * Now and then an illegal move (a placement far away, a follower or a pass while a
 * placement is owed, a placement while a follower is owed, random garbage not in
 * the legal list) must be refused with the state unchanged byte for byte, and every
 * listed move must be accepted on a copy. At the end: no legal move, the winners are
 * exactly the top scorers (B12), and the tiles on the board and removed are exactly
 * the tile set.
 *
 * Determinism: every 10th game is played again from the same seed and the same move
 * choices; the final states must be byte-identical and the records (carc_recorder)
 * identical. Information: in some games the stack is a fixed permutation; a second
 * game with another seed and the undrawn part of the stack in another order is given
 * the same moves, and carc_view must be byte-identical for every seat (RULES.md 6:
 * the stack order is known to nobody).
 *
 * By default 10,000 games are played (about 30 s); a sanitizer build plays 1,000, and
 * CARC_QUICK=1 in the environment cuts the count to 600.
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
#include "random_play.h"

enum { GAMES = 10000, SANITIZED_GAMES = 1000, QUICK_GAMES = 600 };


static carc_move g_moves[CARC_MAX_MOVES];
static event_ledger g_events;  /* event counts over every game played */

static int game_count(void)
{
    return test_game_count(GAMES, SANITIZED_GAMES, QUICK_GAMES);
}

/* ---- checks -------------------------------------------------------------------- */

static void check_ok(const carc_game *g, const char *when, int game)
{
    carc_error err = {0, ""};
    if (carc_check(g, &err) != CARC_OK)
        fail_msg("game %d, %s: carc_check: %s", game, when, err.msg);
}

/* B1: followers on the board + supply = 7 for every seat; tiles add up to `total`. */
static void check_conservation(const carc_game *g, int total, int game)
{
    enum { CAP = CARC_MAX_PLAYERS * CARC_FOLLOWERS + 1 };
    carc_follower f[CAP];
    int on_board[CARC_MAX_PLAYERS] = {0};
    int n = carc_followers(g, f, CAP);
    int kinds[CARC_BASE_TILES];
    int hand[2];

    assert_true(n >= 0 && n < CAP);
    for (int i = 0; i < n; i++) {
        assert_true(f[i].seat >= 0 && f[i].seat < carc_players(g));
        on_board[f[i].seat]++;
    }
    for (int s = 0; s < carc_players(g); s++)
        if (on_board[s] + carc_supply(g, s) != CARC_FOLLOWERS)
            fail_msg("game %d turn %d: seat %d has %d followers on the board and %d in supply",
                     game, carc_turn(g), s, on_board[s], carc_supply(g, s));
    int tiles = carc_board_count(g) + carc_removed_tiles(g, kinds, CARC_BASE_TILES) +
                carc_hand_tiles(g, hand) + carc_stack_left(g);
    if (tiles != total)
        fail_msg("game %d turn %d: %d on board + removed + in hand + stack = %d, expected %d",
                 game, carc_turn(g), carc_board_count(g), tiles, total);
}

/* Scores never fall and equal the sum of their parts. */
static void check_scores(const carc_game *g, int *prev, int game)
{
    for (int s = 0; s < carc_players(g); s++) {
        int sum = 0, score = carc_score(g, s);
        for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
            sum += carc_score_part(g, s, c);
        if (sum != score)
            fail_msg("game %d: seat %d scores %d but its parts add up to %d", game, s, score,
                     sum);
        if (score < prev[s])
            fail_msg("game %d: seat %d's score fell from %d to %d", game, s, prev[s], score);
        prev[s] = score;
    }
}

/* B6: at a follower decision, the listed follower moves are exactly the segments of
 * the placed tile whose feature is empty; pass is listed. */
static void check_follower_list(const carc_game *g, const carc_move *moves, int n, int game)
{
    int x, y;
    carc_pending p = carc_pending_decision(g);
    int listed_pass = 0, nfollow = 0;

    assert_true(carc_last_placed(g, &x, &y));
    for (int i = 0; i < n; i++) {
        if (moves[i].kind == CARC_MOVE_PASS)
            listed_pass++;
        else if (moves[i].kind == CARC_MOVE_FOLLOWER)
            nfollow++;
        else
            fail_msg("game %d: a follower decision lists a move of kind %d", game, moves[i].kind);
    }
    assert_int_equal(listed_pass, 1);
    int free_segments = 0;
    for (int port = 0; port < CARC_PORTS; port++) {
        int canon;
        if (carc_segment(g, x, y, port, &canon) < 0 || canon != port)
            continue;
        carc_feature_info info;
        assert_true(carc_feature_at(g, x, y, port, &info));
        int occupied = 0;
        for (int s = 0; s < carc_players(g); s++)
            occupied += info.followers[s];
        int want = !occupied && carc_supply(g, p.seat) > 0;
        int listed = 0;
        for (int i = 0; i < n; i++)
            if (moves[i].kind == CARC_MOVE_FOLLOWER && moves[i].x == x && moves[i].y == y &&
                moves[i].port == port)
                listed = 1;
        if (listed != want)
            fail_msg("game %d: segment %s of (%d,%d): %s, but it is %slisted", game,
                     carc_port_name(port), x, y, occupied ? "occupied" : "free",
                     listed ? "" : "not ");
        free_segments += want;
    }
    assert_int_equal(nfollow, free_segments);
    if (free_segments == 0)
        fail_msg("game %d: a follower decision with no follower move (should be skipped)", game);
}

/* After a placement whose follower step was skipped: no unfinished feature of the
 * placed tile was free, or the supply was empty (B6, B13). */
static void check_skip_justified(const carc_game *g, int x, int y, int supply_before, int game)
{
    if (supply_before == 0)
        return;
    for (int port = 0; port < CARC_PORTS; port++) {
        int canon;
        carc_feature_info info;
        if (carc_segment(g, x, y, port, &canon) < 0 || canon != port)
            continue;
        assert_true(carc_feature_at(g, x, y, port, &info));
        if (info.completed)
            continue;  /* scored in T7, its followers may have gone home */
        int occupied = 0;
        for (int s = 0; s < carc_players(g); s++)
            occupied += info.followers[s];
        if (!occupied)
            fail_msg("game %d: the follower step was skipped although %s of (%d,%d) was free",
                     game, carc_port_name(port), x, y);
    }
}

/* An illegal move is refused and leaves the state unchanged byte for byte. */
static void expect_refused(carc_game *g, carc_game *scratch, const carc_move *m,
                           const char *what, int game)
{
    carc_error err = {0, ""};
    carc_copy(scratch, g);
    int rc = carc_apply(g, m, &err);
    if (rc == CARC_OK)
        fail_msg("game %d turn %d: illegal move (%s) was accepted", game, carc_turn(g), what);
    if (memcmp(scratch, g, carc_state_size()) != 0)
        fail_msg("game %d turn %d: refused move (%s) changed the state", game, carc_turn(g),
                 what);
}

static int listed(const carc_move *m, const carc_move *moves, int n)
{
    for (int i = 0; i < n; i++)
        if (carc_move_equal(m, &moves[i]))
            return 1;
    return 0;
}

/* A garbage move might still be legal (another port of a free segment, another
 * rotation of a symmetric tile): such moves are left out. */
static int maybe_legal(const carc_game *g, const carc_move *m, const carc_move *moves, int n)
{
    for (int i = 0; i < n; i++) {
        if (moves[i].kind != m->kind)
            continue;
        if (m->kind == CARC_MOVE_PLACE && moves[i].tile == m->tile && moves[i].x == m->x &&
            moves[i].y == m->y)
            return 1;
        if (m->kind == CARC_MOVE_FOLLOWER && m->port < CARC_PORTS) {
            int canon;
            if (carc_segment(g, m->x, m->y, m->port, &canon) >= 0 && canon == moves[i].port &&
                moves[i].x == m->x && moves[i].y == m->y)
                return 1;
        }
        if (m->kind == CARC_MOVE_PASS)
            return 1;
    }
    return listed(m, moves, n);
}

static void try_illegal(carc_game *g, carc_game *scratch, const carc_move *moves, int n,
                        uint64_t *rs, int game)
{
    carc_pending p = carc_pending_decision(g);
    carc_move m = carc_move_pass();
    int hand[2];
    int nh = carc_hand_tiles(g, hand);

    if (p.decision == CARC_DEC_PLACE) {
        assert_true(nh >= 1);
        m.kind = CARC_MOVE_PLACE;
        m.tile = (uint8_t)hand[0];
        m.x = 60;
        m.y = -60;
        expect_refused(g, scratch, &m, "placement far away", game);
        m.x = 0;
        m.y = 0;
        expect_refused(g, scratch, &m, "placement on the start tile", game);
        m = carc_move_pass();
        m.kind = CARC_MOVE_FOLLOWER;
        m.x = 0;
        m.y = 0;
        m.port = CARC_PORT_E;
        expect_refused(g, scratch, &m, "follower while a placement is owed", game);
        m = carc_move_pass();
        expect_refused(g, scratch, &m, "pass while a placement is owed", game);
        /* a tile not in hand */
        int other = (hand[0] + 1 + test_rand_below(rs, CARC_TILE_KINDS - 1)) % CARC_TILE_KINDS;
        if (other != hand[0] && (nh < 2 || other != hand[1])) {
            m = moves[test_rand_below(rs, n)];
            m.tile = (uint8_t)other;
            expect_refused(g, scratch, &m, "a tile not in hand", game);
        }
    } else if (p.decision == CARC_DEC_FOLLOWER) {
        m.kind = CARC_MOVE_PLACE;
        m.tile = 0;
        m.x = 1;
        m.y = 1;
        expect_refused(g, scratch, &m, "placement while a follower is owed", game);
        int x, y;
        assert_true(carc_last_placed(g, &x, &y));
        m = carc_move_pass();
        m.kind = CARC_MOVE_FOLLOWER;
        m.x = (int8_t)(x + 1);
        m.y = (int8_t)y;
        m.port = CARC_PORT_C;
        expect_refused(g, scratch, &m, "follower off the tile just placed", game);
    }
    /* random garbage */
    for (int k = 0; k < 4; k++) {
        m = test_random_move(rs);
        if (maybe_legal(g, &m, moves, n))
            continue;
        expect_refused(g, scratch, &m, "random move not in the legal list", game);
    }
}

/* Every listed move is accepted (on a copy) and leaves a valid state. */
static void try_all_listed(const carc_game *g, carc_game *scratch, const carc_move *moves,
                           int n, int game)
{
    for (int i = 0; i < n; i++) {
        carc_error err = {0, ""};
        carc_copy(scratch, g);
        if (carc_apply(scratch, &moves[i], &err) != CARC_OK)
            fail_msg("game %d: listed move %d of %d refused: %s", game, i, n, err.msg);
        check_ok(scratch, "after a listed move on a copy", game);
    }
}

/* The end: no legal move, winners = top scorers, the tile set all accounted for. */
static void check_end(const carc_game *g, int full_set, int game)
{
    carc_pending p = carc_pending_decision(g);
    assert_int_equal(p.decision, CARC_DEC_NONE);
    assert_int_equal(carc_legal(g, g_moves, CARC_MAX_MOVES), 0);
    assert_int_equal(carc_stack_left(g), 0);
    int best = -1;
    unsigned want = 0;
    for (int s = 0; s < carc_players(g); s++) {
        int sc = carc_score(g, s);
        if (sc > best) {
            best = sc;
            want = 0;
        }
        if (sc == best)
            want |= 1u << s;
    }
    if (carc_winners(g) != want)
        fail_msg("game %d: winners 0x%x, top scorers 0x%x (B12)", game, carc_winners(g), want);
    if (!full_set)
        return;
    int count[CARC_TILE_KINDS] = {0};
    int kinds[CARC_BASE_TILES];
    int nr = carc_removed_tiles(g, kinds, CARC_BASE_TILES);
    for (int i = 0; i < nr; i++)
        count[kinds[i]]++;
    for (int i = 0; i < carc_board_count(g); i++) {
        int kind, x, y, rot;
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        if (i == 0 && (kind != carc_tile_kind('D') || x != 0 || y != 0 || rot != 0))
            fail_msg("game %d: board tile 0 is not the start tile D at (0,0) r0", game);
        count[kind]++;
    }
    for (int k = 0; k < CARC_BASE_KINDS; k++)
        if (count[k] != carc_tile_def_of(k)->count)
            fail_msg("game %d: %d tiles %c on the board or removed, the set has %d", game,
                     count[k], 'A' + k, carc_tile_def_of(k)->count);
}

/* ---- one game ---------------------------------------------------------------------- */

typedef struct play_opts {
    int illegal_every;   /* try illegal moves at 1 decision in N (0: never) */
    int all_every;       /* apply every listed move on a copy at 1 decision in N (0: never) */
    int max_moves;       /* stop after this many moves (-1: play to the end) */
    int record;          /* keep a carc_recorder and return its JSON */
} play_opts;

typedef struct play_out {
    carc_game *g;        /* the game where it stopped (caller frees) */
    char *record;        /* the record JSON if asked (caller frees) */
    carc_move moves[512];
    int nmoves;
} play_out;

static void play(const carc_config *cfg, uint64_t choice_seed, const play_opts *o, int game,
                 play_out *out)
{
    carc_error err = {0, ""};
    carc_game *g = carc_new(cfg, &err);
    if (!g)
        fail_msg("game %d: carc_new: %s", game, err.msg);
    carc_game *scratch = carc_clone(g);
    carc_game *before = o->record ? carc_clone(g) : NULL;
    carc_recorder *rec = o->record ? carc_recorder_new(cfg, g) : NULL;
    int total = cfg->stack_len < 0 ? CARC_BASE_TILES : 1 + cfg->stack_len;
    int prev[CARC_MAX_PLAYERS] = {0};
    uint64_t rs = choice_seed;

    assert_non_null(scratch);
    char why[160];
    event_ledger ledger;
    ledger_init(&ledger);
    check_ok(g, "after carc_new", game);
    check_conservation(g, total, game);
    if (!ledger_add(&ledger, g, why, sizeof why))
        fail_msg("game %d, carc_new: %s", game, why);
    out->nmoves = 0;
    while (!carc_is_over(g) && (o->max_moves < 0 || out->nmoves < o->max_moves)) {
        carc_pending p = carc_pending_decision(g);
        if (p.decision != CARC_DEC_PLACE && p.decision != CARC_DEC_FOLLOWER)
            fail_msg("game %d: decision %d in the base game", game, p.decision);
        assert_int_equal(p.seat, p.active);
        int n = carc_legal(g, g_moves, CARC_MAX_MOVES);
        if (n <= 0 || n > CARC_MAX_MOVES)
            fail_msg("game %d: %d legal moves while the game runs", game, n);
        if (p.decision == CARC_DEC_FOLLOWER)
            check_follower_list(g, g_moves, n, game);
        if (o->illegal_every && test_rand_below(&rs, o->illegal_every) == 0)
            try_illegal(g, scratch, g_moves, n, &rs, game);
        if (o->all_every && test_rand_below(&rs, o->all_every) == 0)
            try_all_listed(g, scratch, g_moves, n, game);

        carc_move m = g_moves[test_rand_below(&rs, n)];
        int supply_before = carc_supply(g, p.active);
        if (before)
            carc_copy(before, g);
        if (carc_apply(g, &m, &err) != CARC_OK)
            fail_msg("game %d: a listed move was refused: %s", game, err.msg);
        if (out->nmoves < (int)(sizeof out->moves / sizeof out->moves[0]))
            out->moves[out->nmoves] = m;
        out->nmoves++;
        if (rec && carc_recorder_add(rec, before, &m, g) != CARC_OK)
            fail_msg("game %d: carc_recorder_add failed", game);
        check_ok(g, "after a move", game);
        check_conservation(g, total, game);
        check_scores(g, prev, game);
        if (!ledger_add(&ledger, g, why, sizeof why))
            fail_msg("game %d, move %d: %s", game, out->nmoves, why);
        if (m.kind == CARC_MOVE_PLACE) {
            carc_pending q = carc_pending_decision(g);
            if (!(q.decision == CARC_DEC_FOLLOWER && q.active == p.active))
                check_skip_justified(g, m.x, m.y, supply_before, game);
        }
    }
    if (carc_is_over(g))
        check_end(g, total == CARC_BASE_TILES, game);
    ledger_merge(&g_events, &ledger);
    out->g = g;
    out->record = rec ? carc_recorder_json(rec, g) : NULL;
    if (rec && !out->record)
        fail_msg("game %d: carc_recorder_json returned NULL", game);
    carc_recorder_free(rec);
    carc_free(before);
    carc_free(scratch);
}

/* ---- the tests ------------------------------------------------------------------------ */

static void config_for(int i, carc_config *cfg)
{
    carc_config_init(cfg);
    cfg->players = CARC_MIN_PLAYERS + i % 4;  /* 2..5 (B1) */
    cfg->seed = 0x5EED0000ull + (uint64_t)i * 7919u;
}

static void test_random_games(void **state)
{
    (void)state;
    int games = game_count();
    long long moves = 0;
    int winners_shared = 0;
    for (int i = 0; i < games; i++) {
        carc_config cfg;
        config_for(i, &cfg);
        play_opts o = {16, 400, -1, 0};
        play_out out;
        play(&cfg, 0xC0FFEEull + (uint64_t)i, &o, i, &out);
        assert_true(carc_is_over(out.g));
        moves += out.nmoves;
        unsigned w = carc_winners(out.g);
        winners_shared += (w & (w - 1)) != 0;
        carc_free(out.g);
    }
    printf("%d games, %lld moves, %d shared victories; at most %d events in one move, "
           "%lld score events (%lld completed, %lld final, %lld field)\n", games, moves,
           winners_shared, g_events.max_events, g_events.count[CARC_EV_SCORED],
           g_events.reasons[CARC_REASON_COMPLETED], g_events.reasons[CARC_REASON_FINAL],
           g_events.reasons[CARC_REASON_FIELD]);
    assert_true(g_events.reasons[CARC_REASON_COMPLETED] > 0 &&
                g_events.reasons[CARC_REASON_FINAL] > 0 && g_events.reasons[CARC_REASON_FIELD] > 0);
}

/* Same seed and same choices: byte-identical final state and identical record. */
static void test_determinism(void **state)
{
    (void)state;
    int games = game_count() / 10;
    for (int i = 0; i < games; i++) {
        carc_config cfg;
        config_for(i * 10 + 3, &cfg);
        play_opts o = {0, 0, -1, 1};
        play_out a, b;
        play(&cfg, 0xD00Dull + (uint64_t)i, &o, i, &a);
        play(&cfg, 0xD00Dull + (uint64_t)i, &o, i, &b);
        if (memcmp(a.g, b.g, carc_state_size()) != 0)
            fail_msg("game %d: same seed and moves, different final states", i);
        assert_non_null(a.record);
        assert_non_null(b.record);
        if (strcmp(a.record, b.record) != 0)
            fail_msg("game %d: same seed and moves, different records", i);
        if (i < 3 && strstr(a.record, "\"moves\"") == NULL)
            fail_msg("game %d: the record has no moves", i);
        free(a.record);
        free(b.record);
        carc_free(a.g);
        carc_free(b.g);
    }
}

/* A full fixed stack: the 71 stack tiles in an order from the test's generator. */
static void shuffled_stack(carc_config *cfg, uint64_t *rs)
{
    int n = 0;
    for (int k = 0; k < CARC_BASE_KINDS; k++) {
        int c = carc_tile_def_of(k)->count - (k == carc_tile_kind('D'));
        for (int j = 0; j < c; j++)
            cfg->stack[n++] = (uint8_t)k;
    }
    assert_int_equal(n, (CARC_BASE_TILES - 1));
    for (int i = n - 1; i > 0; i--) {
        int j = test_rand_below(rs, i + 1);
        uint8_t t = cfg->stack[i];
        cfg->stack[i] = cfg->stack[j];
        cfg->stack[j] = t;
    }
    cfg->stack_len = n;
}

static size_t first_difference(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    size_t i = 0;
    while (i < n && p[i] == q[i])
        i++;
    return i;
}

/* RULES.md 6: two games with the same public history but another seed and another
 * order of the undrawn tiles look the same to every seat. */
static void test_views_hide_the_stack(void **state)
{
    (void)state;
    int games = game_count() / 20;
    uint64_t rs = 0xBADC0DEull;
    size_t size = carc_state_size();
    int compared = 0;
    for (int i = 0; i < games; i++) {
        carc_config ca;
        config_for(i * 20 + 7, &ca);
        shuffled_stack(&ca, &rs);
        play_opts o = {0, 0, test_rand_below(&rs, 140), 0};
        play_out a;
        play(&ca, 0xFACEull + (uint64_t)i, &o, i, &a);
        if (carc_is_over(a.g) || carc_stack_left(a.g) < 2) {
            carc_free(a.g);
            continue;
        }
        /* the second game: another seed, the undrawn tiles rotated by one */
        carc_config cb = ca;
        cb.seed = ca.seed ^ 0xFFFFull;
        int drawn = (CARC_BASE_TILES - 1) - carc_stack_left(a.g);
        int left = (CARC_BASE_TILES - 1) - drawn;
        int shift = 0;
        for (int s = 1; s < left && !shift; s++)
            if (ca.stack[drawn + s] != ca.stack[drawn])
                shift = s;
        for (int j = 0; j < left; j++)
            cb.stack[drawn + j] = ca.stack[drawn + (j + shift) % left];
        carc_error err = {0, ""};
        carc_game *b = carc_new(&cb, &err);
        assert_non_null(b);
        for (int j = 0; j < a.nmoves; j++)
            if (carc_apply(b, &a.moves[j], &err) != CARC_OK)
                fail_msg("game %d: the same move %d was refused in the second game: %s", i, j,
                         err.msg);
        if (shift && memcmp(a.g, b, size) == 0)
            fail_msg("game %d: two different stacks give identical full states", i);
        carc_game *va = carc_clone(a.g), *vb = carc_clone(b);
        compared += shift != 0;
        for (int seat = 0; seat < carc_players(a.g); seat++) {
            carc_view(a.g, seat, va);
            carc_view(b, seat, vb);
            assert_int_equal(carc_view_seat(va), seat);
            assert_int_equal(carc_stack_left(va), carc_stack_left(a.g));
            if (memcmp(va, vb, size) != 0) {
                char *ja = carc_state_json(va, 0), *jb = carc_state_json(vb, 0);
                int same_json = ja && jb && strcmp(ja, jb) == 0;
                free(ja);
                free(jb);
                fail_msg("game %d, seat %d: views differ at byte %zu of %zu (their JSON is %s); "
                         "the stack order or the seed leaks into the view",
                         i, seat, first_difference(va, vb, size), size,
                         same_json ? "equal" : "different");
            }
            if (carc_legal(a.g, g_moves, CARC_MAX_MOVES) > 0 &&
                carc_apply(va, &g_moves[0], &err) != CARC_E_VIEW)
                fail_msg("game %d: a move applied to a view did not return CARC_E_VIEW", i);
        }
        carc_free(va);
        carc_free(vb);
        carc_free(b);
        carc_free(a.g);
    }
    printf("%d pairs of games compared seat by seat\n", compared);
    assert_true(compared >= games / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_views_hide_the_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
