/*
 * test_modifier_feature.c - carc_modifier_feature (X8): over random games with
 * Christmas Present, at every scoring-modifier question it names a completed city
 * or road loop on the tile just placed that the active player holds, in a view of
 * that player too; a modifier played then scores exactly that feature (a
 * `modifier` score event on one of its segments); with no question pending it
 * answers 0. The front ends mark the feature from it instead of working it out.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "random_play.h"
#include "state.h" /* feature roots, to compare two segments' features */

static int same_feature(const carc_game *g, int x1, int y1, int p1, int x2, int y2, int p2)
{
    int a = board_node_at(g, x1, y1, p1), b = board_node_at(g, x2, y2, p2);
    return a != NODE_NONE && b != NODE_NONE && feat_root(g, a) == feat_root(g, b);
}

/* Checks one position; returns 1 if a question was pending there. */
static int check_question(const carc_game *g, carc_game *view)
{
    int x, y, port, lx, ly;
    carc_pending p = carc_pending_decision(g);
    if (p.decision != CARC_DEC_MODIFIER) {
        assert_int_equal(carc_modifier_feature(g, &x, &y, &port), 0);
        return 0;
    }
    assert_int_equal(carc_modifier_feature(g, &x, &y, &port), 1);
    assert_true(carc_last_placed(g, &lx, &ly));
    assert_true(x == lx && y == ly);
    carc_feature_info fi;
    assert_true(carc_feature_at(g, x, y, port, &fi));
    assert_true(fi.type == CARC_FEAT_CITY || fi.type == CARC_FEAT_ROAD);
    assert_true(fi.completed);
    for (int s = 0; s < carc_players(g); s++)
        assert_true(fi.followers[p.active] >= fi.followers[s] || (fi.tokens >> p.active & 1u));
    int vx, vy, vport;  /* the seat asked sees the same question */
    carc_view(g, p.active, view);
    assert_int_equal(carc_modifier_feature(view, &vx, &vy, &vport), 1);
    assert_true(vx == x && vy == y && vport == port);
    return 1;
}

/* The features modifiers were played on this turn, until they are scored. */
typedef struct owed {
    int n, scored[8];
    int x[8], y[8], port[8];
} owed;

/* Every `modifier` score (or bank, on a locked feature) in the events of the move just
 * applied must be of a feature a modifier was played on; `before` is the state before
 * the move (no tile is placed in T7, so features are the same). */
static void match_scores(const carc_game *before, const carc_game *after, owed *o)
{
    int n;
    const carc_event *ev = carc_events(after, &n);
    for (int i = 0; i < n; i++) {
        if ((ev[i].kind != CARC_EV_SCORED && ev[i].kind != CARC_EV_BANKED) ||
            ev[i].b != CARC_REASON_MODIFIER)
            continue;
        int k = 0;
        while (k < o->n && !same_feature(before, o->x[k], o->y[k], o->port[k], ev[i].x,
                                         ev[i].y, ev[i].port))
            k++;
        if (k == o->n)
            fail_msg("a modifier scored (%d,%d) %d, not a feature asked about", ev[i].x,
                     ev[i].y, ev[i].port);
        o->scored[k] = 1;
    }
}

static void test_questions(void **state)
{
    (void)state;
    static carc_move moves[CARC_MAX_MOVES];
    int questions = 0, played = 0;
    carc_game *before = NULL, *view = NULL;
    for (uint64_t seed = 1; seed <= (uint64_t)test_game_count(5000, 2500, 2500); seed++) {
        carc_config c;
        carc_error err;
        carc_config_init(&c);
        c.seed = seed;
        c.players = 2 + (int)(seed % 4);
        c.expansions = CARC_EXP_CHRISTMAS | (seed % 2 ? CARC_EXP_GIFTS : 0);
        carc_game *g = carc_new(&c, &err);
        assert_non_null(g);
        if (!before) {
            before = carc_clone(g);
            view = carc_clone(g);
        }
        uint64_t rs = seed * 7919u;
        owed o = {0};
        for (int n; (n = carc_legal(g, moves, CARC_MAX_MOVES)) > 0;) {
            int asked = check_question(g, view), x = 0, y = 0, port = 0;
            carc_move m = moves[test_rand_below(&rs, n)];
            if (asked) {
                questions++;
                for (int i = 0; i < n; i++)  /* play a modifier whenever one fits */
                    if (moves[i].kind == CARC_MOVE_CARD)
                        m = moves[i];
                carc_modifier_feature(g, &x, &y, &port);
            }
            if (m.kind == CARC_MOVE_PLACE) {  /* a new turn: last turn's are all scored */
                for (int k = 0; k < o.n; k++)
                    assert_true(o.scored[k]);
                o.n = 0;
            }
            if (asked && m.kind == CARC_MOVE_CARD) {
                played++;
                o.x[o.n] = x;
                o.y[o.n] = y;
                o.port[o.n] = port;
                o.scored[o.n++] = 0;
            }
            carc_copy(before, g);
            assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
            match_scores(before, g, &o);
        }
        carc_free(g);
    }
    carc_free(before);
    carc_free(view);
    print_message("%d questions, %d modifiers played\n", questions, played);
    /* the games must ask, and modifiers must be played, or this test proves nothing */
    assert_true(questions >= 20);
    assert_true(played >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_questions)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
