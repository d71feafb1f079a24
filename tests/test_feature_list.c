/*
 * test_feature_list.c - carc_marked_features and carc_feature_segments (the engine's
 * feature_list.c) against a reference of the test's own, built only from the public
 * per-segment queries: every placed tile's segments from carc_segment, joined across
 * each East and South edge where both sides are one city or road (edges) or one
 * field (half-edges), with the lowest segment in board order as each set's root. At
 * every third state of random games (every expansion set, 2-5 players):
 *
 *   - every segment's feature lists exactly the segments of its set, in board order
 *     (tile in placement order, then canonical port);
 *   - the marked features are exactly the sets whose carc_feature_at shows a
 *     follower, a token, a lock or a barn, each named by its root, in board order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "carc.h"
#include "random_play.h"

enum { REF_MAX = CARC_TILES * 8 };

/* One segment: its tile (board index), canonical port, type; union-find parent. */
typedef struct ref_seg {
    int tile, port, type, parent;
} ref_seg;

typedef struct ref_board {
    ref_seg seg[REF_MAX];
    int n;
    int tx[CARC_TILES], ty[CARC_TILES], ntiles;
    int at_port[CARC_TILES][CARC_PORTS];  /* segment index by any port, -1: none */
} ref_board;

static int ref_find(ref_board *b, int i)
{
    while (b->seg[i].parent != i)
        i = b->seg[i].parent;
    return i;
}

static void ref_union(ref_board *b, int i, int j)
{
    i = ref_find(b, i);
    j = ref_find(b, j);
    if (i < j)
        b->seg[j].parent = i;
    else if (j < i)
        b->seg[i].parent = j;
}

static int ref_tile_at(const ref_board *b, int x, int y)
{
    for (int t = 0; t < b->ntiles; t++)
        if (b->tx[t] == x && b->ty[t] == y)
            return t;
    return -1;
}

/* Joins tile t's port p with tile u's port q if they are one feature type; an edge
 * port (p < 4) joins cities and roads only. */
static void ref_join(ref_board *b, int t, int p, int u, int q)
{
    int i = b->at_port[t][p], j = b->at_port[u][q];
    if (i < 0 || j < 0 || b->seg[i].type != b->seg[j].type)
        return;
    if (p < 4 && b->seg[i].type != CARC_FEAT_CITY && b->seg[i].type != CARC_FEAT_ROAD)
        return;
    ref_union(b, i, j);
}

static void ref_build(const carc_game *g, ref_board *b)
{
    b->n = 0;
    b->ntiles = carc_board_count(g);
    for (int t = 0; t < b->ntiles; t++) {
        int kind, rot;
        carc_board_tile(g, t, &kind, &b->tx[t], &b->ty[t], &rot);
        /* ports in order: a segment's canonical port is its first */
        for (int p = 0; p < CARC_PORTS; p++) {
            int canon = -1, type = carc_segment(g, b->tx[t], b->ty[t], p, &canon);
            b->at_port[t][p] = -1;
            if (type < 0)
                continue;
            if (canon < p) {
                b->at_port[t][p] = b->at_port[t][canon];
                continue;
            }
            assert_int_equal(canon, p);
            assert_true(b->n < REF_MAX);
            b->seg[b->n] = (ref_seg){t, p, type, b->n};
            b->at_port[t][p] = b->n++;
        }
    }
    for (int t = 0; t < b->ntiles; t++) {
        int u = ref_tile_at(b, b->tx[t] + 1, b->ty[t]);
        if (u >= 0) {
            ref_join(b, t, CARC_PORT_E, u, CARC_PORT_W);
            ref_join(b, t, CARC_PORT_EN, u, CARC_PORT_WN);
            ref_join(b, t, CARC_PORT_ES, u, CARC_PORT_WS);
        }
        u = ref_tile_at(b, b->tx[t], b->ty[t] + 1);
        if (u >= 0) {
            ref_join(b, t, CARC_PORT_S, u, CARC_PORT_N);
            ref_join(b, t, CARC_PORT_SE, u, CARC_PORT_NE);
            ref_join(b, t, CARC_PORT_SW, u, CARC_PORT_NW);
        }
    }
}

static void expect_pos(const ref_board *b, int i, const carc_segment_pos *got, const char *what,
                       int game, int step)
{
    const ref_seg *s = &b->seg[i];
    if (got->x != b->tx[s->tile] || got->y != b->ty[s->tile] || got->port != s->port)
        fail_msg("game %d step %d, %s: engine (%d,%d) %s, reference (%d,%d) %s", game, step,
                 what, got->x, got->y, carc_port_name(got->port), b->tx[s->tile],
                 b->ty[s->tile], carc_port_name(s->port));
}

static void check_state(const carc_game *g, ref_board *b, int game, int step)
{
    carc_segment_pos got[CARC_MAX_SEGMENTS];
    ref_build(g, b);
    /* every segment, named by its canonical port, lists its set in board order */
    for (int i = 0; i < b->n; i++) {
        const ref_seg *s = &b->seg[i];
        int n = carc_feature_segments(g, b->tx[s->tile], b->ty[s->tile], s->port, got,
                                      CARC_MAX_SEGMENTS);
        int k = 0, r = ref_find(b, i);
        for (int j = 0; j < b->n; j++) {
            if (ref_find(b, j) != r)
                continue;
            if (k >= n)
                fail_msg("game %d step %d: a feature lists %d segments, more in the "
                         "reference", game, step, n);
            expect_pos(b, j, &got[k++], "a feature's segment", game, step);
        }
        assert_int_equal(n, k);
    }
    /* the marked sets, by their roots in board order */
    int n = carc_marked_features(g, got, CARC_MAX_SEGMENTS), k = 0;
    for (int i = 0; i < b->n; i++) {
        if (ref_find(b, i) != i)
            continue;
        carc_feature_info info;
        assert_true(carc_feature_at(g, b->tx[b->seg[i].tile], b->ty[b->seg[i].tile],
                                    b->seg[i].port, &info));
        int held = info.tokens || info.locked || info.barns;  /* a barn field (AM10) too */
        for (int s = 0; s < CARC_MAX_PLAYERS; s++)
            held |= info.followers[s] > 0;
        if (!held)
            continue;
        if (k >= n)
            fail_msg("game %d step %d: %d marked features, more in the reference", game, step,
                     n);
        expect_pos(b, i, &got[k++], "a marked feature", game, step);
    }
    assert_int_equal(n, k);
    /* no segment there: nothing listed */
    assert_int_equal(carc_feature_segments(g, 100, 100, CARC_PORT_N, got, CARC_MAX_SEGMENTS), 0);
}

static void test_against_reference(void **state)
{
    (void)state;
    static const unsigned sets[] = {0, CARC_EXP_GIFTS, CARC_EXP_CHRISTMAS,
                                    CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS};
    int games = test_game_count(48, 8, 8), marked_seen = 0;
    ref_board *b = malloc(sizeof *b);
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    assert_non_null(b);
    assert_non_null(moves);
    uint64_t rs = 0x5eed0f17u;
    for (int gi = 0; gi < games; gi++) {
        carc_config c;
        carc_error err;
        carc_config_init(&c);
        c.expansions = sets[gi % 4];
        c.players = 2 + gi / 4 % 4;
        c.seed = 900 + (uint64_t)gi;
        carc_game *g = carc_new(&c, &err);
        assert_non_null(g);
        for (int step = 0;; step++) {
            if (step % 3 == 0 || carc_is_over(g)) {
                check_state(g, b, gi, step);
                carc_segment_pos one[1];
                marked_seen += carc_marked_features(g, one, 1);
            }
            if (carc_is_over(g))
                break;
            int n = carc_legal(g, moves, CARC_MAX_MOVES);
            assert_true(n > 0);
            if (carc_apply(g, &moves[test_rand_below(&rs, n)], &err) != CARC_OK)
                fail_msg("game %d step %d: %s", gi, step, err.msg);
        }
        carc_free(g);
    }
    print_message("%d games, %d checks with a marked feature\n", games, marked_seen);
    assert_true(marked_seen > 0);  /* the games did put followers down */
    free(moves);
    free(b);
}

/* cap bounds what is written, and the count returned says how many were. */
static void test_cap(void **state)
{
    (void)state;
    carc_config c;
    carc_error err;
    carc_config_init(&c);
    carc_game *g = carc_new(&c, &err);
    assert_non_null(g);
    carc_segment_pos got[2] = {{9, 9, 9}, {9, 9, 9}};
    /* the start tile's segment at N: only the first of its segments is written */
    int n = carc_feature_segments(g, 0, 0, CARC_PORT_N, got, 1);
    assert_int_equal(n, 1);
    assert_int_equal(got[1].x, 9);
    assert_int_equal(carc_marked_features(g, got, 2), 0);  /* nobody holds anything yet */
    carc_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_reference),
        cmocka_unit_test(test_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
