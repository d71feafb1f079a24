/*
 * test_tiletab.c - the tables of src/engine/tiletab.c against the catalogue.
 *
 * The engine's hot paths read tables derived from the tile catalogue instead of
 * recomputing rotations every game; scripts/tiletab_gen.c writes them (ctest
 * tiletab_current: the file is what it writes). This test checks every entry
 * against the engine's own rotation arithmetic (tiles.c: tile_period,
 * tile_edges_packed, tile_rot_edges, tile_rot_slots), a second derivation, and
 * that the catalogue's segments and cloister tiles fit the state's arrays for
 * them, and the figures' layout against their descriptors, and the modules' hook
 * masks against their hooks (`lists`: random games of all nine).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "state.h"
#include "expansion.h"
#include "abbot/abbot.h"
#include "river/river.h"
#include "dragon/dragon.h"

/* Whether kind k has a river edge. */
static int has_river(int k)
{
    for (int e = 0; e < 4; e++)
        if (carc_tile_def_of(k)->edges[e] == CARC_EDGE_RIVER)
            return 1;
    return 0;
}

/* The packed edges and periods agree with the engine's own arithmetic (tiles.c). */
static void test_packed_and_period(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        assert_int_equal(tiletab_period[k], tile_period(k));
        for (int r = 0; r < 4; r++)
            assert_int_equal((tiletab_packed4[k] >> (8 * r)) & 0xFF, tile_edges_packed(k, r));
    }
}

/* A rotation fits a signature exactly when every side the signature demands shows
 * that edge (read from the packed edges, checked above); rotations past the
 * period, river tiles (R5: the river module's) and signature 0xFF never fit; a
 * tile that closes (the abbey, AM4) fits, in rotation 0, where all four sides are
 * demanded, whatever they demand. */
static void test_fit_rots(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        for (unsigned sig = 0; sig < 256; sig++) {
            unsigned want = tile_closes(k) && spot_mask(sig) == 0xFF;
            /* board_place knows such a tile by its cloister, its first segment */
            assert_int_equal(tile_closes(k), tiletab_port_seg[k][0][PORT_MONASTIC] == 0);
            for (int r = 0; r < tile_period(k) && !has_river(k) && !tile_closes(k) && sig != 0xFF;
                 r++) {
                unsigned mask = spot_mask(sig), edges = tiletab_packed(k, r);
                want |= (unsigned)((edges & mask) == spot_need(sig)) << r;
            }
            assert_int_equal(tiletab_fit_rots[k][sig], want);
        }
}

/* tiletab_place.c: the rotations of each fit, counted */
static void test_fit_count(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        for (int sig = 0; sig < 256; sig++)
            assert_int_equal(tiletab_fit_count[k][sig],
                             __builtin_popcount(tiletab_fit_rots[k][sig]));
}

/* Port p of kind k turned r times is on segment port_seg[k][r][p]: that segment,
 * turned by the engine's tile_rot_edges / tile_rot_slots, covers the port; a
 * segment's canonical port (seg_port) is its lowest. */
static int covers(const carc_tile_def *d, int i, int r, int port)
{
    const carc_segment_def *s = &d->seg[i];
    int inner = 0;  /* the inner fields before it: I the first, I2 the second (AM12) */
    for (int j = 0; j < i; j++)
        inner += d->seg[j].type == CARC_FEAT_FIELD && d->seg[j].mask == 0;
    switch (s->type) {
    case CARC_FEAT_CITY:
    case CARC_FEAT_ROAD:
        return port < 4 && (tile_rot_edges(s->mask, r) >> port & 1);
    case CARC_FEAT_FIELD:
        return (port >= 4 && port < 12 && (tile_rot_slots(s->mask, r) >> (port - 4) & 1)) ||
               (port == (inner ? CARC_PORT_I2 : CARC_PORT_I) && s->mask == 0);
    case CARC_FEAT_CLOISTER:
        return port == CARC_PORT_C || port == PORT_MONASTIC;
    default:  /* a garden */
        return port == CARC_PORT_G || port == PORT_MONASTIC;
    }
}

static void test_ports(void **state)
{
    (void)state;
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        const carc_tile_def *d = carc_tile_def_of(k);
        for (int r = 0; r < 4; r++) {
            for (int port = 0; port < PORT_SLOTS; port++) {
                int want = 0xFF;
                for (int i = 0; i < d->nseg && want == 0xFF; i++)
                    if (covers(d, i, r, port))
                        want = i;
                assert_int_equal(tiletab_port_seg[k][r][port], want);
            }
            for (int i = 0; i < SEG_SLOTS; i++) {
                int want = 0xFF;
                for (int port = 0; port < CARC_PORTS && want == 0xFF && i < d->nseg; port++)
                    if (covers(d, i, r, port))
                        want = port;
                assert_int_equal(tiletab_seg_port[k][r][i], want);
            }
        }
    }
}

/* The most of each kind of thing one game holds, over every set of expansions:
 * what the state's arrays are sized for. */
static int most_in_a_game(int (*per_tile)(const carc_tile_def *d))
{
    int most = 0;
    for (unsigned exp = 0; exp <= carc_expansion_bits(); exp++) {
        int n = 0;
        for (int k = 0; k < CARC_TILE_KINDS; k++)
            n += carc_tile_count(exp, k) * per_tile(carc_tile_def_of(k));
        /* the kinds the players hold outside the stack, one a seat (AM2) */
        EXP_EACH_OF(exp, h)
            if (h->player_kind)
                n += carc_max_players(exp) * per_tile(carc_tile_def_of(h->player_kind));
        if (n > most)
            most = n;
    }
    return most;
}

static int cloister_or_garden(const carc_tile_def *d)
{
    for (int i = 0; i < d->nseg; i++)
        if (d->seg[i].type == CARC_FEAT_CLOISTER || d->seg[i].type == CARC_FEAT_GARDEN)
            return 1;
    return 0;
}

static int segments(const carc_tile_def *d) { return d->nseg; }

/* stack.c's closed form of the stack's size is the sum of its kinds' counts: the
 * tiles each expansion's descriptor says it adds (stack_tiles) are the catalogue's. */
static void test_stack_size(void **state)
{
    (void)state;
    for (unsigned exp = 0; exp <= carc_expansion_bits(); exp++) {
        int n = 0;
        for (int k = 0; k < CARC_TILE_KINDS; k++)
            n += stack_count(exp, k);
        assert_int_equal(stack_size(exp), n);
    }
}
static int one(const carc_tile_def *d) { (void)d; return 1; }

/* board.c lists the tiles with a cloister or garden in a fixed array. */
static void test_cloister_tiles_fit_the_list(void **state)
{
    (void)state;
    assert_int_equal(most_in_a_game(cloister_or_garden), MAX_CLOISTERS);
}

/* The state has a node for every segment of every tile, and room for every tile. */
static void test_segments_fit_the_nodes(void **state)
{
    (void)state;
    assert_int_equal(most_in_a_game(segments), MAX_NODES);
    assert_int_equal(most_in_a_game(one), CARC_TILES);
}

/* The kinds the engine names (state.h) are the catalogue's: the start tile D, the
 * River's tiles from the spring and the lake on, then the garden twins. */
static void test_named_kinds(void **state)
{
    (void)state;
    assert_int_equal(carc_tile_kind_named("D", 1), KIND_D);
    assert_int_equal(carc_tile_kind_named("RI/s", 4), KIND_SPRING);
    assert_int_equal(carc_tile_kind_named("RI.1/I.e", 8), KIND_LAKE);
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        const carc_tile_def *d = carc_tile_def_of(k);
        assert_int_equal(tile_river(k), has_river(k));
        int twin = (d->expansion & CARC_EXP_ABBOT) != 0;
        if (twin) {  /* the twin's plain tile: its name less the last letter */
            int plain = carc_tile_kind_named(d->name, strlen(d->name) - 1);
            assert_true(plain >= 0);
            if (k >= KIND_GARDEN_FIRST && k < KIND_GARDEN_FIRST + ABBOT_TWINS)
                assert_int_equal(plain, abbot_twin_plain[k - KIND_GARDEN_FIRST]);
            else  /* another module's twin (The Tower's, CI15) */
                assert_true((d->expansion & ~CARC_EXP_ABBOT) != 0);
            /* one copy fewer with the twin's expansions, none without The Abbot */
            unsigned with = d->expansion | carc_tile_def_of(plain)->expansion;
            assert_int_equal(carc_tile_count(with, plain),
                             carc_tile_def_of(plain)->count - 1);
            assert_int_equal(carc_tile_count(with & ~CARC_EXP_ABBOT, plain),
                             carc_tile_def_of(plain)->count);
        }
    }
}

/* The registry's figure data (registry.c) is what the modules' descriptors say:
 * each figure by kind is its module's (or the core's meeple), its module's
 * info.figures names it, the slot layout gives each kind its count of slots with its
 * strength, followers before special figures, and the sets of special and
 * recallable kinds are the descriptors'. */
static void test_figure_registry(void **state)
{
    (void)state;
    /* the plan's masks (state.h: exp_on, exp_at...) have a bit for every expansion */
    carc_game *probe = NULL;
    assert_true(carc_expansion_count() <= (int)(8 * sizeof probe->exp_on));
    assert_true(carc_expansion_count() <= (int)(8 * sizeof probe->exp_at[0]));
    unsigned listed = 1u << CARC_FIG_MEEPLE, special = 0, recall = 0, field = 0;
    assert_ptr_equal(exp_figure_of[CARC_FIG_MEEPLE], &figure_meeple);
    EXP_EACH(h) {
        unsigned mine = 0;
        for (int i = 0; i < EXP_MAX_FIGS && h->figs[i]; i++) {
            const struct exp_figure *d = h->figs[i];
            assert_ptr_equal(exp_figure_of[d->kind], d);
            mine |= 1u << d->kind;
        }
        assert_int_equal(mine, h->info.figures);
        assert_int_equal(listed & mine, 0);  /* one module a figure */
        listed |= mine;
    }
    assert_int_equal(listed, (1u << CARC_FIGURES) - 1);
    EXP_EACH(h) {
        /* a hook `legal` says for which decisions it lists (expansion.c asks it
         * there only); T6's counts come with the list they count, both or neither */
        assert_int_equal(h->legal != NULL, h->lists != 0);
        assert_int_equal(h->t6_count != NULL, h->t6_nth != NULL);
        assert_true(!h->t6_count || h->t6_legal);
    }
    int slots[CARC_FIGURES] = {0};
    for (int i = 0; i < FIG_SLOTS; i++) {
        const struct exp_figure *d = exp_figure_of[fig_slot_kind[i]];
        assert_int_equal(fig_slot_strength[i], d->strength);
        assert_int_equal(d->special != 0, i >= FIG_FOLLOWER_SLOTS);
        if (slots[d->kind]++ == 0)
            assert_int_equal(fig_kind_slot[d->kind], i);
        else  /* a kind's slots are one run (the fairy's moves, dragon/choices.c) */
            assert_int_equal(fig_slot_kind[i - 1], d->kind);
    }
    for (int k = 0; k < CARC_FIGURES; k++) {
        const struct exp_figure *d = exp_figure_of[k];
        assert_int_equal(d->kind, k);
        assert_int_equal(slots[k], d->count);
        assert_int_equal(carc_figure_strength(k), d->strength);
        /* its name is the notation's, and names one figure */
        assert_int_equal(carc_figure_parse(d->name, strlen(d->name)), k);
        assert_string_equal(carc_figure_name(k), d->name);
        assert_int_equal(carc_figure_recalls(k), d->recall_move != NULL);
        assert_int_equal(d->special != 0, d->strength == 0);
        /* T6's masks give the kinds on segments a byte each of a 64-bit word (figure.c:
         * kind_bytes); a figure on a corner stands on no segment (AM9) */
        assert_true(k < 8 || d->stands == 0);
        /* a strength a hook counts is a follower's whose slot occupies its feature */
        assert_int_equal((fig_strength_kinds >> k) & 1, d->strength_on != NULL);
        assert_true(!d->strength_on || d->strength == 1);
        special |= (unsigned)(d->special != 0) << k;
        recall |= (unsigned)(d->recall_move != NULL) << k;
        field |= (unsigned)(d->field_bonus != NULL) << k;
    }
    assert_int_equal(fig_special_kinds, special);
    assert_int_equal(fig_recall_kinds, recall);
    /* a recall in the notation names no figure: one kind recalls (notation.c) */
    assert_int_equal(__builtin_popcount(recall), 1);
    assert_int_equal(fig_field_kinds, field);
}

/* A module's hook `legal` lists moves only for the decisions of its `lists` mask,
 * where exp_legal_each asks it: asked at every other decision of random games of
 * all nine (2 and 3 players), it lists none. */
static void test_hook_lists(void **state)
{
    (void)state;
    static carc_move list[CARC_MAX_MOVES];
    long asked = 0;
    for (int k = 0; k < 6; k++) {
        carc_config c;
        carc_error err;
        carc_config_init(&c);
        c.expansions = carc_expansion_bits();
        c.players = 2 + k % 2;
        c.seed = (uint64_t)(31 + k);
        carc_game *g = carc_new(&c, &err);
        assert_non_null(g);
        uint64_t rng = c.seed;
        for (;;) {
            int decision = carc_pending_decision(g).decision;
            EXP_EACH_ACTIVE(g, h)
                if (h->legal && !(h->lists >> decision & 1)) {
                    assert_int_equal(h->legal(g, decision, list, CARC_MAX_MOVES), 0);
                    asked++;
                }
            int n = carc_legal(g, list, CARC_MAX_MOVES);
            if (n == 0)
                break;
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            assert_int_equal(carc_apply(g, &list[(rng >> 33) % (uint64_t)n], &err), CARC_OK);
        }
        carc_free(g);
    }
    assert_true(asked > 10000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_packed_and_period),
        cmocka_unit_test(test_fit_rots),
        cmocka_unit_test(test_fit_count),
        cmocka_unit_test(test_ports),
        cmocka_unit_test(test_cloister_tiles_fit_the_list),
        cmocka_unit_test(test_segments_fit_the_nodes),
        cmocka_unit_test(test_named_kinds),
        cmocka_unit_test(test_figure_registry),
        cmocka_unit_test(test_hook_lists),
        cmocka_unit_test(test_stack_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
