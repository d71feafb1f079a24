/*
 * test_engine.c - the engine's API contract: configuration errors, rejected moves
 * leave the state byte for byte unchanged, views hide what RULES.md 6 hides,
 * placements are listed once per distinct placement, canonical ports.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "carc.h"

static carc_config fixed(const char *letters)
{
    carc_config c;
    carc_config_init(&c);
    c.stack_len = (int)strlen(letters);
    for (int i = 0; i < c.stack_len; i++)
        c.stack[i] = (uint8_t)carc_tile_kind(letters[i]);
    return c;
}

static carc_move place(char letter, int x, int y, int rot)
{
    carc_move m = carc_move_pass();
    m.kind = CARC_MOVE_PLACE;
    m.tile = (uint8_t)carc_tile_kind(letter);
    m.x = (int8_t)x;
    m.y = (int8_t)y;
    m.rot = (uint8_t)rot;
    return m;
}

static void test_config_errors(void **state)
{
    (void)state;
    carc_error err;
    carc_config c;
    carc_config_init(&c);
    c.players = 6;
    assert_null(carc_new(&c, &err));
    assert_int_equal(err.code, CARC_E_CONFIG);
    assert_non_null(strstr(err.msg, "players"));
    c = fixed("DDDD");  /* the start tile is the fourth D */
    assert_null(carc_new(&c, &err));
    assert_non_null(strstr(err.msg, "D"));
    c = fixed("DDD");
    carc_game *g = carc_new(&c, &err);
    assert_non_null(g);
    carc_free(g);
    carc_free(NULL);
}

/* Every rejected move leaves the whole state unchanged. */
static void test_rejected_moves_change_nothing(void **state)
{
    (void)state;
    carc_config c = fixed("UVE");
    carc_game *g = carc_new(&c, NULL);
    carc_game *before = carc_clone(g);
    carc_error err;
    const carc_move bad[] = {
        place('V', 1, 0, 0),   /* not the tile in hand */
        place('U', 0, 0, 0),   /* occupied */
        place('U', 3, 0, 0),   /* not adjacent */
        place('U', 1, 1, 0),   /* corner only */
        place('U', 1, 0, 0),   /* its W edge is field, the start tile's E edge is road */
        place('U', 0, -1, 0),  /* road meets city */
        carc_move_pass(),      /* a pass is no placement */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_not_equal(carc_apply(g, &bad[i], &err), CARC_OK);
        assert_int_equal(err.code, CARC_E_ILLEGAL);
        assert_memory_equal(g, before, carc_state_size());
    }
    carc_move ok = place('U', 1, 0, 1);  /* U turned: road W-E continues the start road */
    assert_int_equal(carc_apply(g, &ok, &err), CARC_OK);
    assert_int_equal(carc_pending_decision(g).decision, CARC_DEC_FOLLOWER);
    carc_free(before);
    before = carc_clone(g);
    carc_move f = carc_move_pass();
    f.kind = CARC_MOVE_FOLLOWER;
    f.x = 1;
    f.port = CARC_PORT_N;  /* U at r1 has fields N and S, no segment on edge N */
    assert_int_equal(carc_apply(g, &f, &err), CARC_E_ILLEGAL);
    assert_memory_equal(g, before, carc_state_size());
    f.x = 0;
    f.port = CARC_PORT_E;  /* not the tile just placed */
    assert_int_equal(carc_apply(g, &f, &err), CARC_E_ILLEGAL);
    assert_memory_equal(g, before, carc_state_size());
    assert_int_equal(carc_check(g, &err), CARC_OK);
    carc_free(before);
    carc_free(g);
}

/* U is symmetric under a half turn: listed once per position, r2 accepted as r0. */
static void test_symmetric_tiles_listed_once(void **state)
{
    (void)state;
    carc_config c = fixed("UU");
    carc_game *g = carc_new(&c, NULL);
    carc_move moves[CARC_MAX_MOVES];
    int n = carc_legal(g, moves, CARC_MAX_MOVES);
    /* start tile D: N city (U cannot go there), E/W road (U r1 only), S field (U r1) */
    assert_int_equal(n, 3);
    for (int i = 0; i < n; i++)
        assert_int_equal(moves[i].rot, 1);
    carc_move m = place('U', 1, 0, 3);
    assert_int_equal(carc_apply(g, &m, NULL), CARC_OK);
    int kind, rot;
    assert_true(carc_tile_at(g, 1, 0, &kind, &rot));
    assert_int_equal(rot, 1);
    carc_free(g);
}

static void test_canonical_ports_of_start_tile(void **state)
{
    (void)state;
    carc_config c = fixed("U");
    carc_game *g = carc_new(&c, NULL);
    int canon = -1;
    assert_int_equal(carc_segment(g, 0, 0, CARC_PORT_WN, &canon), CARC_FEAT_FIELD);
    assert_int_equal(canon, CARC_PORT_EN);
    assert_int_equal(carc_segment(g, 0, 0, CARC_PORT_W, &canon), CARC_FEAT_ROAD);
    assert_int_equal(canon, CARC_PORT_E);
    assert_int_equal(carc_segment(g, 0, 0, CARC_PORT_SW, &canon), CARC_FEAT_FIELD);
    assert_int_equal(canon, CARC_PORT_ES);
    assert_int_equal(carc_segment(g, 0, 0, CARC_PORT_N, &canon), CARC_FEAT_CITY);
    assert_int_equal(canon, CARC_PORT_N);
    assert_int_equal(carc_segment(g, 0, 0, CARC_PORT_NW, &canon), -1);  /* city edge */
    assert_int_equal(carc_segment(g, 0, 0, CARC_PORT_C, &canon), -1);
    assert_int_equal(carc_segment(g, 1, 0, CARC_PORT_N, &canon), -1);   /* empty */
    carc_free(g);
}

/* carc_config_of gives what the game keeps of its configuration: not the fixed
 * orders, which carc_new reads once (they are not in the state at all). */
static void test_config_of(void **state)
{
    (void)state;
    carc_config c = fixed("UVKE");
    c.players = 3;
    c.seed = 9;
    c.expansions = CARC_EXP_GIFTS;
    c.return_pos = 2;
    c.gift_deck_len = 1;
    c.gift_deck[0] = CARC_GIFT_SYNOD;
    carc_game *g = carc_new(&c, NULL);
    assert_non_null(g);
    carc_config k = carc_config_of(g);
    assert_int_equal(k.players, 3);
    assert_int_equal(k.seed, 9);
    assert_int_equal(k.expansions, CARC_EXP_GIFTS);
    assert_int_equal(k.return_pos, 2);
    assert_int_equal(k.stack_len, -1);
    assert_int_equal(k.gift_deck_len, -1);
    assert_int_equal(k.cloister_deck_len, -1);
    assert_int_equal(k.roadside_deck_len, -1);
    assert_int_equal(k.stack[0], 0);
    carc_free(g);
}

/* Two games whose stacks differ only below the top look the same to every seat. */
static void test_view_hides_stack_order(void **state)
{
    (void)state;
    carc_config a = fixed("UVKE");
    carc_config b = fixed("UEVK");
    carc_game *ga = carc_new(&a, NULL), *gb = carc_new(&b, NULL);
    carc_game *va = carc_clone(ga), *vb = carc_clone(gb);
    for (int seat = 0; seat < 2; seat++) {
        carc_view(ga, seat, va);
        carc_view(gb, seat, vb);
        assert_memory_equal(va, vb, carc_state_size());
        assert_int_equal(carc_view_seat(va), seat);
        assert_int_equal(carc_config_of(va).stack_len, -1);
        carc_move m = place('U', 1, 0, 1);
        carc_error err;
        assert_int_equal(carc_apply(va, &m, &err), CARC_E_VIEW);
    }
    /* a random seed's stack is hidden the same way */
    carc_config r;
    carc_config_init(&r);
    r.seed = 7;
    carc_game *gr = carc_new(&r, NULL);
    carc_view(gr, 0, va);
    assert_int_equal(carc_config_of(va).seed, 0);
    carc_free(gr);
    carc_free(va);
    carc_free(vb);
    carc_free(ga);
    carc_free(gb);
}

/* A fixed stack shorter than 71 tiles ends the game when it runs out (B10). */
static void test_short_stack_ends_game(void **state)
{
    (void)state;
    carc_config c = fixed("U");
    carc_game *g = carc_new(&c, NULL);
    assert_int_equal(carc_stack_left(g), 0);
    carc_move m = place('U', 1, 0, 1);
    assert_int_equal(carc_apply(g, &m, NULL), CARC_OK);
    carc_move pass = carc_move_pass();
    assert_int_equal(carc_apply(g, &pass, NULL), CARC_OK);
    assert_true(carc_is_over(g));
    assert_int_equal(carc_pending_decision(g).decision, CARC_DEC_NONE);
    assert_int_equal(carc_winners(g), 3u);  /* 0:0, shared victory (B12) */
    carc_error err;
    assert_int_equal(carc_apply(g, &pass, &err), CARC_E_OVER);
    carc_free(g);
}

/* carc_move_canonical brings any move carc_apply accepts to the form carc_legal lists:
 * the lowest equivalent rotation, canonical ports, and no stray fields (a regression:
 * a pass carrying a card id was accepted but matched no listed move). */
static void test_canonical_moves(void **state)
{
    (void)state;
    carc_config c = fixed("UV");
    carc_game *g = carc_new(&c, NULL);
    carc_move moves[CARC_MAX_MOVES];
    carc_move m = place('U', 1, 0, 3);
    m.card = 7;
    m.port2 = 3;
    carc_move_canonical(g, &m);
    int n = carc_legal(g, moves, CARC_MAX_MOVES), found = 0;
    for (int i = 0; i < n; i++)
        found |= carc_move_equal(&moves[i], &m);
    assert_true(found);
    assert_int_equal(carc_apply(g, &m, NULL), CARC_OK);
    carc_move pass = carc_move_pass(), junk = pass;
    junk.card = 5;
    junk.x = 3;
    junk.port = CARC_PORT_NW;
    carc_move_canonical(g, &junk);
    assert_true(carc_move_equal(&junk, &pass));
    carc_move f = carc_move_pass();
    f.kind = CARC_MOVE_FOLLOWER;
    f.x = 1;
    f.port = CARC_PORT_W;  /* U at r1: road W-E, canonical port E */
    carc_move_canonical(g, &f);
    assert_int_equal(f.port, CARC_PORT_E);
    carc_free(g);
}


/* The registry (issue 29): expansion i of the list has bit 1 << i and a name that
 * parses back to it; a set's players, figures and score categories are what its
 * descriptors say (I2: six players only with Inns & Cathedrals). */
static void test_registry(void **state)
{
    (void)state;
    int n = carc_expansion_count();
#ifdef CARC_TEST_MODULE
    assert_int_equal(n, 10);  /* the nine and a test build's module (tests/toy) */
#else
    assert_int_equal(n, 9);
#endif
    assert_null(carc_expansion_at(n));
    assert_null(carc_expansion_at(-1));
    for (int i = 0; i < n; i++) {
        const carc_expansion_info *e = carc_expansion_at(i);
        assert_non_null(e);
        assert_int_equal(e->bit, 1u << i);
        assert_ptr_equal(carc_expansion_of(e->bit), e);
        assert_int_equal(carc_expansion_parse(e->name, strlen(e->name)), e->bit);
        assert_string_equal(carc_expansion_name(e->bit), e->name);
        assert_non_null(e->title);
        assert_non_null(e->how);
        assert_non_null(e->how[0].text);  /* every expansion explains itself */
        /* cards are opened or played (the notation's verb), and only cards */
        assert_int_equal(e->cards != NULL, e->card_move != 0);
        assert_true(!e->card_move || e->card_move == CARC_MOVE_GIFT ||
                    e->card_move == CARC_MOVE_CARD);
    }
    assert_int_equal(carc_expansion_bits(), (1u << n) - 1);
    assert_null(carc_expansion_of(1u << n));
    assert_int_equal(carc_expansion_parse("base", 4), 0);
    assert_int_equal(carc_max_players(0), CARC_BASE_MAX_PLAYERS);
    assert_int_equal(carc_max_players(CARC_EXP_GIFTS | CARC_EXP_TRADERS | CARC_EXP_ABBOT), 5);
    assert_int_equal(carc_max_players(CARC_EXP_INNS), 6);
    assert_int_equal(carc_max_players(carc_expansion_bits()), CARC_MAX_PLAYERS);
    assert_int_equal(carc_figures_of(0), 1u << CARC_FIG_MEEPLE);
    assert_int_equal(carc_figures_of(CARC_EXP_INNS | CARC_EXP_ABBOT),
                     1u << CARC_FIG_MEEPLE | 1u << CARC_FIG_LARGE | 1u << CARC_FIG_ABBOT);
    assert_int_equal(carc_figures_of(carc_expansion_bits()), (1u << CARC_FIGURES) - 1);
    assert_int_equal(carc_categories_of(0), 15u);
    assert_int_equal(carc_categories_of(carc_expansion_bits()), (1u << CARC_SCORE_CATEGORIES) - 1);
    assert_int_equal(carc_categories_of(CARC_EXP_TRADERS), 15u | 1u << CARC_SCORE_GOODS);
    /* a configuration past a set's players is refused, naming the expansion that
     * would seat them */
    carc_config cfg;
    carc_error err;
    carc_config_init(&cfg);
    cfg.players = 6;
    assert_null(carc_new(&cfg, &err));
    assert_string_equal(err.msg, "players must be 2..5 (6 with inns), got 6");
    cfg.expansions = CARC_EXP_INNS;
    carc_game *g = carc_new(&cfg, &err);
    assert_non_null(g);
    carc_free(g);
}

/* The cards' descriptors (issue 29): every card id has one, in the list of the
 * expansion whose deck holds it, that list in id order and ended by id 0; its deck,
 * timing and target are of the known words; Mastermind's target is a position and
 * Take 2's is none (the terminal asks these instead of naming the cards). */
static void test_card_descriptors(void **state)
{
    (void)state;
    static const char *const decks[] = {"gift", "cloister", "roadside"};
    static const char *const timings[] = {"gift", "lightning", "anytime", "end"};
    int seen = 0;
    for (int i = 0; i < carc_expansion_count(); i++) {
        const carc_expansion_info *e = carc_expansion_at(i);
        int last = CARC_CARD_NONE;
        for (const carc_card_desc *c = e->cards; c && c->id; c++) {
            assert_true(c->id > last && c->id < CARC_CARDS);  /* id order */
            last = c->id;
            seen++;
            assert_ptr_equal(carc_card_desc_of(c->id), c);
            assert_int_equal(carc_card_expansion(c->id), e->bit);
            assert_true(c->target <= CARC_TARGET_SEG_PORT);
            assert_int_equal(carc_card_target(c->id), c->target);
            assert_non_null(c->name);
            assert_non_null(c->text);
            int d = 0, t = 0;
            while (d < 3 && strcmp(c->deck, decks[d]) != 0)
                d++;
            while (t < 4 && strcmp(c->timing, timings[t]) != 0)
                t++;
            assert_true(d < 3 && t < 4);
        }
    }
    assert_int_equal(seen, CARC_CARDS - 1);  /* every card, once */
    assert_null(carc_card_desc_of(CARC_CARD_NONE));
    assert_null(carc_card_desc_of(CARC_CARDS));
    assert_null(carc_card_desc_of(-1));
    assert_int_equal(carc_card_target(CARC_CARD_NONE), CARC_TARGET_NONE);
    assert_int_equal(carc_card_target(CARC_XR_MASTERMIND), CARC_TARGET_POS);
    assert_int_equal(carc_card_target(CARC_GIFT_TAKE_TWO), CARC_TARGET_NONE);
    assert_int_equal(carc_card_target(CARC_GIFT_CHANGE_POSITION), CARC_TARGET_SEG_PORT);
    assert_int_equal(carc_card_target(CARC_XR_SWAP_FIELD), CARC_TARGET_SEG_SEG);
    assert_string_equal(carc_card_desc_of(CARC_GIFT_SYNOD)->name, "Synod");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_errors),
        cmocka_unit_test(test_rejected_moves_change_nothing),
        cmocka_unit_test(test_symmetric_tiles_listed_once),
        cmocka_unit_test(test_canonical_ports_of_start_tile),
        cmocka_unit_test(test_config_of),
        cmocka_unit_test(test_view_hides_stack_order),
        cmocka_unit_test(test_short_stack_ends_game),
        cmocka_unit_test(test_canonical_moves),
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_card_descriptors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
