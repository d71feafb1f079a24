/*
 * test_ai_eval.c - mcts's evaluation (src/ai/eval.c, docs/AI.md "The evaluation"):
 *
 *   - the weights are eval_weights.def's, row for row, in its order, by name;
 *   - on a known board (a base game's first turn: seat 0 joins the start tile's city
 *     and puts a meeple on it), each term is what its formula gives from the board,
 *     the open edges counted here apart from the engine's (tile by tile, side by
 *     side), and nothing for the seat without a follower there;
 *   - a cloister's term counts the empty positions around it, a farmer's its field's
 *     tiles (only while the field's weight is not 0);
 *   - the values are ai_project plus the weighted terms: doubling a weight adds its
 *     term once more; a finished game's terms are all 0;
 *   - the abbot's cloister (a figure that may be recalled, A6) is the recallable
 *     term, weighted by abbot_fill alone;
 *   - an inn road or cathedral city held (I5-I7) is the inn term, a builder on an
 *     unfinished feature (TB4) the builder term, each weighted by its own weight;
 *   - mcts with weights that make its values NaN or infinite plays a whole game;
 *   - the weights by set (eval_sets.def): every row names registry expansions and is
 *     what its own set gets (an AI_EVAL_WEIGHTS row's text parses: known names,
 *     finite values); a game with a set and more gets the row of the most
 *     expansions it has all of; a game that has no row's set (the base game) gets
 *     eval_weights.def's.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "carc.h"
#include "ai_int.h"
#include "eval.h"

static void test_weights_are_the_file(void **state)
{
    (void)state;
    static const struct { const char *name; double value; } rows[] = {
#define AI_WEIGHT(name, value) {#name, value},
#include "eval_weights.def"
#undef AI_WEIGHT
    };
    int n = (int)(sizeof rows / sizeof rows[0]);
    assert_int_equal(ai_eval_weight_count(), n);
    for (int i = 0; i < n; i++) {
        double v = -1;
        const char *name = ai_eval_weight_at(ai_eval_default(), i, &v);
        assert_non_null(name);
        assert_string_equal(name, rows[i].name);
        assert_true(v == rows[i].value);
    }
    double v = 0;
    assert_null(ai_eval_weight_at(ai_eval_default(), n, &v));
    assert_null(ai_eval_weight_at(ai_eval_default(), -1, &v));
    assert_true(ai_eval_default()->city_lambda > 0 && ai_eval_default()->fill_tiles > 0);
}

/* Open edges of a feature given by one segment on each of its tiles ({x, y, port}):
 * each side of those tiles in that same segment with no tile beyond it. */
static int count_open(const carc_game *g, const int (*segs)[3], int nsegs)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int open = 0, kind, rot;
    for (int t = 0; t < nsegs; t++) {
        int x = segs[t][0], y = segs[t][1], mine, c;
        carc_segment(g, x, y, segs[t][2], &mine);
        for (int d = 0; d < 4; d++)
            if (carc_segment(g, x, y, d, &c) == CARC_FEAT_CITY && c == mine &&
                !carc_tile_at(g, x + dx[d], y + dy[d], &kind, &rot))
                open++;
    }
    return open;
}

/* The CARC_EXP_* bits of a comma-separated list of registry names; 0 if one is not
 * in the registry. */
static unsigned bits_of(const char *names)
{
    unsigned bits = 0;
    for (const char *t = names; *t;) {
        size_t len = strcspn(t, ",");
        unsigned bit = 0;
        for (int i = 0; i < carc_expansion_count(); i++)
            if (strlen(carc_expansion_at(i)->name) == len &&
                !strncmp(carc_expansion_at(i)->name, t, len))
                bit = carc_expansion_at(i)->bit;
        if (!bit)
            return 0;
        bits |= bit;
        t += len + (t[len] == ',');
    }
    return bits;
}

/* A game of two with the expansions of `set` (registry names, comma-separated, ""
 * the base game) at its first decision, seed `seed`. (carc_expansion_parse reads one
 * name: "inns,traders" was the base game here until the sets were read name by name.) */
static carc_game *new_set_game(uint64_t seed, const char *set)
{
    carc_config c;
    carc_config_init(&c);
    c.seed = seed;
    c.players = 2;
    c.expansions = bits_of(set);
    assert_true(*set == 0 || c.expansions != 0);
    carc_game *g = carc_new(&c, NULL);
    assert_non_null(g);
    return g;
}

/* The greedy player, for games that reach positions worth testing. */
static carc_player *new_greedy(void)
{
    carc_ai_options opt;
    carc_ai_options_init(&opt);
    carc_player *p = carc_player_new("greedy", &opt, NULL);
    assert_non_null(p);
    return p;
}

/* p's move in g (through view, the mover's), played. */
static void play_one(carc_game *g, carc_game *view, carc_player *p)
{
    carc_move m;
    carc_view(g, carc_pending_decision(g).seat, view);
    assert_int_equal(carc_player_choose(p, view, &m, NULL, 0), CARC_OK);
    assert_int_equal(carc_apply(g, &m, NULL), CARC_OK);
}

/* A base game of two at its first decision, seed `seed`. */
static carc_game *new_base(uint64_t seed)
{
    carc_config c;
    carc_config_init(&c);
    c.seed = seed;
    c.players = 2;
    carc_game *g = carc_new(&c, NULL);
    assert_non_null(g);
    return g;
}

/* Plays seat 0's first tile where it joins the start tile's city (at (0,-1), above
 * it: the start tile's city is its north side) with a city segment of two sides or
 * more (the city stays open), then a meeple on that city; 0 if this seed's first
 * tile cannot. */
static int join_city(carc_game *g)
{
    carc_move moves[CARC_MAX_MOVES];
    int n = carc_legal(g, moves, CARC_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        if (moves[i].kind != CARC_MOVE_PLACE || moves[i].x != 0 || moves[i].y != -1)
            continue;
        carc_game *t = carc_clone(g);
        assert_int_equal(carc_apply(t, &moves[i], NULL), CARC_OK);
        int c, south = -1, sides = 0;
        if (carc_segment(t, 0, -1, CARC_PORT_S, &south) == CARC_FEAT_CITY)
            for (int d = 0; d < 4; d++)
                sides += carc_segment(t, 0, -1, d, &c) == CARC_FEAT_CITY && c == south;
        carc_move f[CARC_MAX_MOVES];
        int nf = carc_legal(t, f, CARC_MAX_MOVES), done = 0;
        for (int j = 0; j < nf && sides >= 2 && !done; j++)
            if (f[j].kind == CARC_MOVE_FOLLOWER &&
                carc_segment(t, 0, -1, f[j].port, &c) == CARC_FEAT_CITY && c == south) {
                assert_int_equal(carc_apply(t, &f[j], NULL), CARC_OK);
                done = 1;
            }
        if (done) {
            carc_copy(g, t);
            carc_free(t);
            return 1;
        }
        carc_free(t);
    }
    return 0;
}

static void test_terms_on_a_known_board(void **state)
{
    (void)state;
    const ai_eval_weights *w = ai_eval_default();
    double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS];
    carc_game *g = NULL;
    for (uint64_t seed = 1; seed < 200; seed++) {
        g = new_base(seed);
        /* at the start: no follower out, 7 in each supply */
        ai_eval_terms(g, w, term);
        double left = carc_stack_left(g) / 2.0, share = left / (left + w->supply_half);
        for (int s = 0; s < 2; s++) {
            assert_true(term[AI_EVAL_CITY][s] == 0 && term[AI_EVAL_CLOISTER][s] == 0 &&
                        term[AI_EVAL_RETURNS][s] == 0);
            assert_true(fabs(term[AI_EVAL_SUPPLY][s] - 7 * share) < 1e-9);
        }
        if (join_city(g))
            break;
        carc_free(g);
        g = NULL;
    }
    assert_non_null(g);
    carc_feature_info fi;
    assert_true(carc_feature_at(g, 0, 0, CARC_PORT_N, &fi));
    assert_int_equal(fi.type, CARC_FEAT_CITY);
    assert_int_equal(fi.tiles, 2);
    assert_false(fi.completed);
    static const int segs[2][3] = {{0, 0, CARC_PORT_N}, {0, -1, CARC_PORT_S}};
    int open = count_open(g, segs, 2);
    assert_int_equal(fi.open, open);
    assert_true(open >= 1);
    ai_eval_terms(g, w, term);
    double left = carc_stack_left(g) / 2.0, share = left / (left + w->supply_half);
    double chance = exp(-w->city_lambda * open / (left + 1.0));
    assert_true(fabs(term[AI_EVAL_CITY][0] - (2 + fi.pennants) * chance) < 1e-9);
    assert_true(fabs(term[AI_EVAL_RETURNS][0] - chance * share) < 1e-9);
    assert_true(fabs(term[AI_EVAL_SUPPLY][0] - 6 * share) < 1e-9);
    assert_true(term[AI_EVAL_CITY][1] == 0 && term[AI_EVAL_RETURNS][1] == 0);
    assert_true(fabs(term[AI_EVAL_SUPPLY][1] - 7 * share) < 1e-9);

    /* the values: ai_project plus the weighted terms, each weight linear */
    unsigned terms = ai_terms(g);
    double proj[CARC_MAX_PLAYERS], v[CARC_MAX_PLAYERS], v2[CARC_MAX_PLAYERS];
    ai_project(g, terms, proj);
    ai_eval_values(g, terms, w, v);
    for (int s = 0; s < 2; s++)
        assert_true(fabs(v[s] - proj[s] - w->city_close * term[AI_EVAL_CITY][s] -
                         w->cloister_fill * term[AI_EVAL_CLOISTER][s] -
                         w->supply * term[AI_EVAL_SUPPLY][s] -
                         w->returns * term[AI_EVAL_RETURNS][s] -
                         w->field_tiles * term[AI_EVAL_FIELD][s] -
                         w->abbot_fill * term[AI_EVAL_RECALLABLE][s]) < 1e-9);
    ai_eval_weights twice = *w;
    twice.city_close *= 2;
    ai_eval_values(g, terms, &twice, v2);
    assert_true(fabs(v2[0] - v[0] - w->city_close * term[AI_EVAL_CITY][0]) < 1e-9);
    assert_true(v2[1] == v[1]);
    carc_free(g);
}

/* Plays the first placement listed at each decision, and no follower but on a
 * cloister (a figure that may be recalled, A6, when `recallable`, else one that may
 * not), until a seat holds an unfinished cloister; its position through x, y. */
static int find_cloister(carc_game *g, int recallable, int *x, int *y)
{
    carc_move moves[CARC_MAX_MOVES];
    while (!carc_is_over(g)) {
        int n = carc_legal(g, moves, CARC_MAX_MOVES), pick = 0, pass = -1, monk = -1;
        for (int i = 0; i < n; i++) {
            int c;
            if (moves[i].kind == CARC_MOVE_PASS)
                pass = i;
            if (moves[i].kind == CARC_MOVE_FOLLOWER &&
                carc_figure_recalls(moves[i].figure) == recallable &&
                carc_segment(g, moves[i].x, moves[i].y, moves[i].port, &c) == CARC_FEAT_CLOISTER)
                monk = i;
        }
        pick = monk >= 0 ? monk : pass >= 0 ? pass : 0;
        carc_move m = moves[pick];
        assert_int_equal(carc_apply(g, &m, NULL), CARC_OK);
        int c;
        if (m.kind == CARC_MOVE_FOLLOWER &&
            carc_segment(g, m.x, m.y, m.port, &c) == CARC_FEAT_CLOISTER) {
            carc_feature_info fi;
            assert_true(carc_feature_at(g, m.x, m.y, m.port, &fi));
            if (fi.completed)
                continue;
            *x = m.x;
            *y = m.y;
            return 1;
        }
    }
    return 0;
}

/* Empty positions among the 8 around (x,y), counted here apart from eval.c. */
static int empty_around(const carc_game *g, int x, int y)
{
    int empty = 0, kind, rot;
    for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
            empty += (dx || dy) && !carc_tile_at(g, x + dx, y + dy, &kind, &rot);
    return empty;
}

static void test_cloister_term(void **state)
{
    (void)state;
    const ai_eval_weights *w = ai_eval_default();
    carc_game *g = new_base(3);
    int x = 0, y = 0;
    assert_true(find_cloister(g, 0, &x, &y));
    carc_follower fs[64];
    int n = carc_followers(g, fs, 64), seat = -1;
    for (int i = 0; i < n; i++)
        if (fs[i].x == x && fs[i].y == y && fs[i].type == CARC_FEAT_CLOISTER)
            seat = fs[i].seat;
    assert_true(seat >= 0);
    int empty = empty_around(g, x, y);
    assert_true(empty >= 1 && empty <= 7);  /* a tile was placed next to it */
    double fill = 1 - exp(-carc_stack_left(g) / w->fill_tiles);
    /* the seat's cloister term is this cloister's alone when it holds no other */
    double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS];
    ai_eval_terms(g, w, term);
    int others = 0;
    for (int i = 0; i < n; i++)
        others += fs[i].seat == seat && fs[i].type == CARC_FEAT_CLOISTER &&
                  (fs[i].x != x || fs[i].y != y);
    if (!others)
        assert_true(fabs(term[AI_EVAL_CLOISTER][seat] - empty * fill) < 1e-9);
    else
        assert_true(term[AI_EVAL_CLOISTER][seat] > empty * fill - 1e-9);
    carc_free(g);
}

/* The abbot on a cloister (The Abbot, A6: it may be recalled): its growth is the
 * recallable term, weighted by abbot_fill, not the cloister term; a meeple's in the
 * same game stays the cloister term. */
static void test_recallable_term(void **state)
{
    (void)state;
    const char *set = "abbot";
    for (int recallable = 0; recallable <= 1; recallable++) {
        carc_config c;
        carc_config_init(&c);
        c.seed = 3;
        c.players = 2;
        c.expansions = bits_of(set);
        carc_game *g = carc_new(&c, NULL);
        assert_non_null(g);
        int x = 0, y = 0;
        assert_true(find_cloister(g, recallable, &x, &y));
        carc_follower fs[64];
        int n = carc_followers(g, fs, 64), seat = -1, cloisters = 0;
        for (int i = 0; i < n; i++)
            if (fs[i].type == CARC_FEAT_CLOISTER) {
                cloisters++;
                if (fs[i].x == x && fs[i].y == y)
                    seat = fs[i].seat;
            }
        assert_true(seat >= 0);
        assert_int_equal(cloisters, 1);  /* the first cloister held ended the search */
        ai_eval_weights w = *ai_eval_default();
        double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS];
        ai_eval_terms(g, &w, term);
        double fill = 1 - exp(-carc_stack_left(g) / w.fill_tiles);
        double growth = empty_around(g, x, y) * fill;
        assert_true(growth > 0);
        int mine = recallable ? AI_EVAL_RECALLABLE : AI_EVAL_CLOISTER;
        int other = recallable ? AI_EVAL_CLOISTER : AI_EVAL_RECALLABLE;
        assert_true(fabs(term[mine][seat] - growth) < 1e-9);
        assert_true(term[other][seat] == 0);
        /* abbot_fill weighs the recallable term alone */
        double v[CARC_MAX_PLAYERS], v2[CARC_MAX_PLAYERS];
        ai_eval_values(g, ai_terms(g), &w, v);
        w.abbot_fill += 1;
        ai_eval_values(g, ai_terms(g), &w, v2);
        assert_true(fabs(v2[seat] - v[seat] - (recallable ? growth : 0)) < 1e-9);
        carc_free(g);
    }
}

/* A farmer on the first tile: its field's tiles x the share left, counted only when
 * the field's weight is not 0, and never as a follower coming back. */
static void test_field_term(void **state)
{
    (void)state;
    carc_game *g = new_base(2);
    carc_move moves[CARC_MAX_MOVES];
    assert_true(carc_legal(g, moves, CARC_MAX_MOVES) > 0);
    assert_int_equal(carc_apply(g, &moves[0], NULL), CARC_OK);  /* a placement */
    int n = carc_legal(g, moves, CARC_MAX_MOVES), farmer = -1, c;
    for (int i = 0; i < n; i++)
        if (moves[i].kind == CARC_MOVE_FOLLOWER &&
            carc_segment(g, moves[i].x, moves[i].y, moves[i].port, &c) == CARC_FEAT_FIELD)
            farmer = i;
    assert_true(farmer >= 0);
    carc_move m = moves[farmer];
    assert_int_equal(carc_apply(g, &m, NULL), CARC_OK);
    carc_feature_info fi;
    assert_true(carc_feature_at(g, m.x, m.y, m.port, &fi));
    ai_eval_weights w = *ai_eval_default();
    double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS];
    w.field_tiles = 0;
    ai_eval_terms(g, &w, term);
    assert_true(term[AI_EVAL_FIELD][0] == 0);
    w.field_tiles = 1;
    ai_eval_terms(g, &w, term);
    double left = carc_stack_left(g) / 2.0, share = left / (left + w.supply_half);
    assert_true(fi.tiles >= 1);
    assert_true(fabs(term[AI_EVAL_FIELD][0] - fi.tiles * share) < 1e-9);
    assert_true(term[AI_EVAL_RETURNS][0] == 0 && term[AI_EVAL_FIELD][1] == 0);
    carc_free(g);
}

/* The barn term of a seat (the completed cities of the field its barn stands in),
 * and whether it has a barn on the board: a figure on a tile's corner. */
static double barn_cities(const carc_game *g, int seat, int *placed)
{
    carc_follower fs[64];
    int n = carc_followers(g, fs, 64);
    *placed = 0;
    for (int i = 0; i < n; i++)
        if (fs[i].seat == seat && fs[i].type == CARC_FEAT_CORNER)
            *placed = 1;
    double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS];
    ai_eval_terms(g, ai_eval_default(), term);
    return term[AI_EVAL_BARN][seat];
}

/* Abbey & Mayor's barn (AM11 pays its owner 4 a completed city its field borders at
 * the end; ai_project counts no barn): greedy plays abbey games; a seat's barn term
 * is 0 until its barn is placed, and at the last decision it is what the final
 * scoring then pays the seat for barns (reason "barn" at E3), over 4. The barn's
 * weight adds 1 a completed city of its field to the seat's value; the barn field's
 * term is not 0 while the barn stands and tiles are left, and its weight adds it. */
static void test_barn_term(void **state)
{
    (void)state;
    const char *set = "abbey";
    int checked = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        carc_game *g = new_set_game(seed, set), *view = carc_clone(g);
        assert_non_null(view);
        carc_player *p = new_greedy();
        double before[2] = {0, 0};
        int placed[2] = {0, 0};
        while (!carc_is_over(g)) {
            for (int s = 0; s < 2; s++) {
                before[s] = barn_cities(g, s, &placed[s]);
                if (!placed[s])
                    assert_true(before[s] == 0);
            }
            if (placed[0] || placed[1]) {
                ai_eval_weights w = *ai_eval_default();
                double v[CARC_MAX_PLAYERS], v2[CARC_MAX_PLAYERS];
                ai_eval_values(g, ai_terms(g), &w, v);
                w.barn += 1;
                ai_eval_values(g, ai_terms(g), &w, v2);
                for (int s = 0; s < 2; s++)
                    assert_true(fabs(v2[s] - v[s] - before[s]) < 1e-9);
                /* the barn's field: its tiles x the share left, weighted by barn_field */
                double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS];
                ai_eval_terms(g, &w, term);
                w.barn_field += 1;
                ai_eval_values(g, ai_terms(g), &w, v);
                double left = carc_stack_left(g) / 2.0;
                for (int s = 0; s < 2; s++) {
                    assert_true(fabs(v[s] - v2[s] - term[AI_EVAL_BARN_FIELD][s]) < 1e-9);
                    assert_true((term[AI_EVAL_BARN_FIELD][s] > 0) == (placed[s] && left > 0));
                }
            }
            play_one(g, view, p);
        }
        int n, paid[2] = {0, 0};
        const carc_event *ev = carc_events(g, &n);
        for (int i = 0; i < n; i++)
            if (ev[i].kind == CARC_EV_SCORED && ev[i].b == CARC_REASON_BARN && ev[i].seat >= 0)
                paid[ev[i].seat] += ev[i].value;
        for (int s = 0; s < 2; s++) {
            assert_true(paid[s] == 4 * before[s]);
            checked += before[s] > 0;
        }
        p->destroy(p);
        carc_free(view);
        carc_free(g);
    }
    assert_true(checked >= 2);  /* barns that paid, not only zeros */
}

/* carc_field_cities and the field cities' term, at every placement of greedy's games
 * (base and inns,traders): for each field a figure holds, the completed cities are
 * the field's end value over 3 (B11, feat_field_cities), each unfinished one named is
 * an unfinished city, no two the same city; the term of a field's sole holder is 3
 * x the cities' chances (exp(-city_lambda x open / (tiles a seat places + 1))), 0
 * while its weight is 0, and its weight adds it. A segment not of a field is -1. */
static void test_field_cities_term(void **state)
{
    (void)state;
    static const char *const sets[] = {"", "inns,traders"};
    int fields = 0, opens = 0;
    for (int k = 0; k < 2; k++) {
        carc_game *g = new_set_game(4, sets[k]), *view = carc_clone(g);
        assert_non_null(view);
        carc_player *p = new_greedy();
        while (!carc_is_over(g)) {
            carc_follower fs[64];
            int nf = carc_followers(g, fs, 64);
            ai_eval_weights w = *ai_eval_default();
            w.field_cities = 0.5;  /* the file's may be 0, which leaves the term out */
            double left = carc_stack_left(g) / 2.0, expect[2] = {0, 0};
            int sole = 1;
            for (int i = 0; i < nf; i++) {
                carc_segment_pos open[64];
                int n = -1, cities;
                carc_feature_info fi;
                assert_true(carc_feature_at(g, fs[i].x, fs[i].y, fs[i].port, &fi) ||
                            fs[i].type == CARC_FEAT_CORNER);
                cities = carc_field_cities(g, fs[i].x, fs[i].y, fs[i].port, open, 64, &n);
                if (fs[i].type != CARC_FEAT_FIELD) {
                    assert_int_equal(cities, -1);
                    assert_int_equal(n, 0);
                    continue;
                }
                fields++;
                assert_int_equal(3 * cities, fi.value);
                double sum = 0;
                for (int j = 0; j < n; j++) {
                    carc_feature_info ci, cj;
                    assert_true(carc_feature_at(g, open[j].x, open[j].y, open[j].port, &ci));
                    assert_int_equal(ci.type, CARC_FEAT_CITY);
                    assert_false(ci.completed);
                    sum += exp(-w.city_lambda * ci.open / (left + 1.0));
                    carc_segment_pos a[1], b[1];
                    for (int m = 0; m < j; m++) {
                        assert_true(carc_feature_at(g, open[m].x, open[m].y, open[m].port, &cj));
                        carc_feature_segments(g, open[j].x, open[j].y, open[j].port, a, 1);
                        carc_feature_segments(g, open[m].x, open[m].y, open[m].port, b, 1);
                        assert_true(a[0].x != b[0].x || a[0].y != b[0].y || a[0].port != b[0].port);
                    }
                    opens++;
                }
                int other = fi.followers[1 - fs[i].seat];
                if (other > 0 || fi.followers[fs[i].seat] != carc_figure_strength(fs[i].figure))
                    sole = 0;  /* shares and majorities: the formula alone is tested */
                else
                    expect[fs[i].seat] += 3 * sum;
            }
            double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS], v[CARC_MAX_PLAYERS], v2[CARC_MAX_PLAYERS];
            ai_eval_terms(g, &w, term);
            for (int s = 0; s < 2 && sole; s++)
                assert_true(fabs(term[AI_EVAL_FIELD_CITIES][s] - expect[s]) < 1e-9);
            ai_eval_values(g, ai_terms(g), &w, v);
            w.field_cities += 1;
            ai_eval_values(g, ai_terms(g), &w, v2);
            for (int s = 0; s < 2; s++)
                assert_true(fabs(v2[s] - v[s] - term[AI_EVAL_FIELD_CITIES][s]) < 1e-9);
            w.field_cities = 0;
            ai_eval_terms(g, &w, term);
            assert_true(term[AI_EVAL_FIELD_CITIES][0] == 0 && term[AI_EVAL_FIELD_CITIES][1] == 0);
            play_one(g, view, p);
        }
        p->destroy(p);
        carc_free(view);
        carc_free(g);
    }
    assert_true(fields > 20 && opens > 10);
}

/* The abbot in supply (a figure that may be recalled, A6) is the recall supply
 * term, weighted by abbot_supply, and not the supply term: at the start of an abbot
 * game each seat has its 7 meeples and its abbot in supply (strength 1 each); the
 * base game has no such figure. */
static void test_recall_supply_term(void **state)
{
    (void)state;
    const char *set = "abbot";
    for (int k = 0; k < 2; k++) {
        carc_game *g = new_set_game(3, k ? set : "");
        ai_eval_weights w = *ai_eval_default();
        double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS], v[CARC_MAX_PLAYERS], v2[CARC_MAX_PLAYERS];
        ai_eval_terms(g, &w, term);
        double left = carc_stack_left(g) / 2.0, share = left / (left + w.supply_half);
        for (int s = 0; s < 2; s++) {
            assert_true(fabs(term[AI_EVAL_SUPPLY][s] - 7 * share) < 1e-9);
            assert_true(fabs(term[AI_EVAL_RECALL_SUPPLY][s] - (k ? share : 0)) < 1e-9);
        }
        ai_eval_values(g, ai_terms(g), &w, v);
        w.abbot_supply += 1;
        ai_eval_values(g, ai_terms(g), &w, v2);
        for (int s = 0; s < 2; s++)
            assert_true(fabs(v2[s] - v[s] - (k ? share : 0)) < 1e-9);
        carc_free(g);
    }
}

/* The inn term (a held unfinished inn road or cathedral city at ai_project's value,
 * its end value x its completion chance: 2 a road tile, 3 a city tile or pennant)
 * and the builder term (the share of the game left for each builder on an
 * unfinished road or city), at every decision of greedy's inns,traders games: each
 * seat's terms are what the followers on the board give, for a feature's sole
 * holder; inn_close and builder add them once more for each 1 of weight; the base
 * game has neither. */
static void test_inn_and_builder_terms(void **state)
{
    (void)state;
    static const char *const sets[] = {"", "inns,traders"};
    int inns = 0, builders = 0;
    for (int k = 0; k < 2; k++) {
        carc_game *g = new_set_game(5, sets[k]), *view = carc_clone(g);
        assert_non_null(view);
        carc_player *p = new_greedy();
        while (!carc_is_over(g)) {
            ai_eval_weights w = *ai_eval_default();
            w.builder = 0.5;  /* the file's may be 0, which leaves the term out */
            carc_follower fs[64];
            int nf = carc_followers(g, fs, 64), sole = 1;
            double left = carc_stack_left(g) / 2.0, share = left / (left + w.supply_half);
            double inn[2] = {0, 0}, builder[2] = {0, 0};
            for (int i = 0; i < nf; i++) {
                carc_feature_info fi;
                if (fs[i].type != CARC_FEAT_ROAD && fs[i].type != CARC_FEAT_CITY)
                    continue;
                assert_true(carc_feature_at(g, fs[i].x, fs[i].y, fs[i].port, &fi));
                if (fi.completed)
                    continue;
                int strength = carc_figure_strength(fs[i].figure);
                if (strength == 0) {
                    builder[fs[i].seat] += share;
                    builders++;
                    continue;
                }
                if (!(fi.inn || fi.cathedral) || fi.locked)
                    continue;
                if (fi.followers[1 - fs[i].seat] > 0 || fi.followers[fs[i].seat] != strength) {
                    sole = 0;  /* shares and majorities: the formula alone is tested */
                    continue;
                }
                double lambda = fi.type == CARC_FEAT_CITY ? w.city_lambda : w.city_lambda * 0.6;
                double chance = exp(-lambda * fi.open / (left + 1.0));
                inn[fs[i].seat] += (fi.type == CARC_FEAT_ROAD ? 2.0 * fi.tiles
                                                              : 3.0 * (fi.tiles + fi.pennants)) *
                                   chance;
                inns++;
            }
            double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS], v[CARC_MAX_PLAYERS], v2[CARC_MAX_PLAYERS];
            ai_eval_terms(g, &w, term);
            for (int s = 0; s < 2; s++) {
                assert_true(fabs(term[AI_EVAL_BUILDER][s] - builder[s]) < 1e-9);
                if (sole)
                    assert_true(fabs(term[AI_EVAL_INN][s] - inn[s]) < 1e-9);
                if (!k)
                    assert_true(term[AI_EVAL_INN][s] == 0 && term[AI_EVAL_BUILDER][s] == 0);
            }
            ai_eval_values(g, ai_terms(g), &w, v);
            w.inn_close += 1;
            w.builder += 1;
            ai_eval_values(g, ai_terms(g), &w, v2);
            for (int s = 0; s < 2; s++)
                assert_true(fabs(v2[s] - v[s] - term[AI_EVAL_INN][s] - term[AI_EVAL_BUILDER][s]) <
                            1e-9);
            w.builder = 0;
            ai_eval_terms(g, &w, term);
            assert_true(term[AI_EVAL_BUILDER][0] == 0 && term[AI_EVAL_BUILDER][1] == 0);
            play_one(g, view, p);
        }
        p->destroy(p);
        carc_free(view);
        carc_free(g);
    }
    assert_true(inns > 5 && builders > 5);
}

/* An AI_EVAL_WEIGHTS row's text: "name=value" pairs, space-separated, set those
 * weights; an unknown name, a value that is no number, or a missing '=' set none. */
static void test_weights_parse(void **state)
{
    (void)state;
    ai_eval_weights w = *ai_eval_default(), before;
    assert_int_equal(ai_eval_weights_parse(&w, "inn_close=-0.5  builder=2 field_tiles=0.25"), 1);
    assert_true(w.inn_close == -0.5 && w.builder == 2 && w.field_tiles == 0.25);
    assert_true(w.supply == ai_eval_default()->supply);
    assert_int_equal(ai_eval_weights_parse(&w, ""), 1);
    before = w;
    static const char *const bad[] = {
        "nope=1", "builder", "builder=", "builder=x", "builder=1x", "builder=1 supply",
        "builder=nan", "builder=inf", "inn_close=1 nope=2",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(ai_eval_weights_parse(&w, bad[i]), 0);
        assert_memory_equal(&w, &before, sizeof w);
    }
}

static void test_game_over_has_no_terms(void **state)
{
    (void)state;
    carc_game *g = new_base(5);
    carc_move moves[CARC_MAX_MOVES];
    while (!carc_is_over(g)) {
        assert_true(carc_legal(g, moves, CARC_MAX_MOVES) > 0);
        assert_int_equal(carc_apply(g, &moves[0], NULL), CARC_OK);
    }
    double term[AI_EVAL_TERMS][CARC_MAX_PLAYERS], v[CARC_MAX_PLAYERS];
    ai_eval_terms(g, ai_eval_default(), term);
    for (int t = 0; t < AI_EVAL_TERMS; t++)
        for (int s = 0; s < 2; s++)
            assert_true(term[t][s] == 0);
    ai_eval_values(g, ai_terms(g), ai_eval_default(), v);
    for (int s = 0; s < 2; s++)
        assert_true(v[s] == carc_score(g, s));
    carc_free(g);
}

/* mcts valuing its leaves with weights that make every value NaN (a NaN weight) or
 * infinite of both signs (NaN where a seat has both terms) plays a whole game, every
 * move legal, with rewards that are numbers: a NaN reward compared false against
 * everything, so selection found no child to descend to and read the node before
 * the arena's first (an out-of-bounds read and write, found by ASan), and the note's
 * expected value printed "nan%". */
static void test_mcts_survives_nan(void **state)
{
    (void)state;
    for (int variant = 0; variant < 2; variant++) {
        ai_eval_weights w = *ai_eval_default();
        if (variant == 0) {
            w.supply = NAN;
        } else {
            w.city_close = INFINITY;
            w.supply = -INFINITY;
        }
        carc_ai_options opt;
        carc_ai_options_init(&opt);
        opt.budget_ms = 0;
        opt.iterations = 60;
        carc_player *p = ai_mcts_weights_new(&opt, &w);
        assert_non_null(p);
        carc_game *g = new_base(11), *view = carc_clone(g);
        assert_non_null(view);
        carc_move m;
        char note[128];
        int searched = 0;
        while (!carc_is_over(g)) {
            carc_view(g, carc_pending_decision(g).seat, view);
            note[0] = 0;
            assert_int_equal(carc_player_choose(p, view, &m, note, sizeof note), CARC_OK);
            assert_int_equal(carc_apply(g, &m, NULL), CARC_OK);
            if (strstr(note, "iterations")) {
                searched++;
                assert_null(strstr(note, "nan"));
                assert_null(strstr(note, "inf"));
            }
        }
        assert_true(searched > 20);
        carc_free(view);
        carc_free(g);
        p->destroy(p);
    }
}

static void test_weights_by_set(void **state)
{
    (void)state;
    /* every AI_EVAL_WEIGHTS row's text names weights with finite values */
    static const char *const texts[] = {
#define AI_EVAL_SET(names, margin, city, cloister, supply, returns, field) NULL,
#define AI_EVAL_SCALE(names, margin) NULL,
#define AI_EVAL_WEIGHTS(names, margin, weights) weights,
#include "eval_sets.def"
#undef AI_EVAL_SET
#undef AI_EVAL_SCALE
#undef AI_EVAL_WEIGHTS
        "",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        ai_eval_weights parsed = *ai_eval_default();
        assert_true(!texts[i] || ai_eval_weights_parse(&parsed, texts[i]));
    }
    ai_eval_weights w;
    const ai_eval_weights *d = ai_eval_default();
    double scale = -1;
    int n = ai_eval_set_count();
    assert_true(n >= 0);
    assert_null(ai_eval_set_name(n));
    assert_null(ai_eval_set_name(-1));
    /* the base game: no row, eval_weights.def's, every field, the caller's scale */
    memset(&w, 0x55, sizeof w);
    assert_int_equal(ai_eval_set_weights(0, &w, &scale), -1);
    assert_memory_equal(&w, d, sizeof w);
    assert_true(scale == -1);
    for (int i = 0; i < n; i++) {
        unsigned bits = bits_of(ai_eval_set_name(i));
        assert_true(bits != 0);  /* every name is the registry's */
        scale = -1;
        assert_int_equal(ai_eval_set_weights(bits, &w, &scale), i);
        assert_true(scale > 0);
        /* the shape constants and the abbot's weight stay the file's */
        assert_true(w.city_lambda == d->city_lambda && w.fill_tiles == d->fill_tiles &&
                    w.supply_half == d->supply_half && w.abbot_fill == d->abbot_fill);
        assert_true(w.supply > 0 && w.cloister_fill >= 0 && w.field_tiles >= 0);
        for (int e = 0; e < carc_expansion_count(); e++) {
            unsigned bit = carc_expansion_at(e)->bit;
            /* the set and one more: a row it has all of, at least as big as this one */
            int j = ai_eval_set_weights(bits | bit, &w, &scale);
            assert_true(j >= 0);
            unsigned got = bits_of(ai_eval_set_name(j));
            assert_true((got & ~(bits | bit)) == 0);
            assert_true(__builtin_popcount(got) >= __builtin_popcount(bits));
            /* the set less one of its expansions: never this row */
            if (bits & bit)
                assert_int_not_equal(ai_eval_set_weights(bits & ~bit, &w, &scale), i);
        }
    }
}

/* The chooser on a table of its own (eval_sets.def may have no row): a set and more
 * takes the row of the most expansions it has all of, the first on a tie; part of a
 * row's set, the base game or an unknown name takes none. */
static void test_set_choice(void **state)
{
    (void)state;
    static const char *const sets[] = {
        "inns,traders", "gifts,christmas,inns,traders,river,abbot", "abbey", "inns",
        "traders,inns", "dragon,nope",
    };
    int n = (int)(sizeof sets / sizeof sets[0]);
    assert_int_equal(ai_eval_set_choose(sets, n, 0), -1);
    assert_int_equal(ai_eval_set_choose(sets, n, bits_of("inns,traders")), 0);
    assert_int_equal(ai_eval_set_choose(sets, n, bits_of("inns,traders,gifts")), 0);
    assert_int_equal(ai_eval_set_choose(sets, n, bits_of("inns,gifts")), 3);
    assert_int_equal(ai_eval_set_choose(sets, n, bits_of("traders")), -1);
    assert_int_equal(ai_eval_set_choose(sets, n,
                                        bits_of("gifts,christmas,inns,traders,river,abbot")), 1);
    assert_int_equal(ai_eval_set_choose(sets, n, bits_of("gifts,christmas,inns,traders,river,"
                                                         "abbot,abbey,tower")), 1);
    assert_int_equal(ai_eval_set_choose(sets, n, bits_of("abbey,dragon")), 2);
    assert_int_equal(ai_eval_set_choose(sets, n, bits_of("dragon")), -1);
    assert_int_equal(ai_eval_set_choose(sets, 0, bits_of("inns,traders")), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weights_are_the_file),
        cmocka_unit_test(test_terms_on_a_known_board),
        cmocka_unit_test(test_cloister_term),
        cmocka_unit_test(test_recallable_term),
        cmocka_unit_test(test_field_term),
        cmocka_unit_test(test_barn_term),
        cmocka_unit_test(test_field_cities_term),
        cmocka_unit_test(test_recall_supply_term),
        cmocka_unit_test(test_inn_and_builder_terms),
        cmocka_unit_test(test_weights_parse),
        cmocka_unit_test(test_game_over_has_no_terms),
        cmocka_unit_test(test_mcts_survives_nan),
        cmocka_unit_test(test_weights_by_set),
        cmocka_unit_test(test_set_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
