/*
 * test_xmas_target.c - xmas_target_is and xmas_target_any (christmas/target.c)
 * answer as xmas_target_list's list does, though they no longer write it: in
 * random games with Christmas (2 to 5 players), now and then, for every card that
 * names a target, every seat, and every move that names a segment (for a swap also
 * a second segment where a follower stands, and each seat2):
 *   - xmas_target_is is 1 exactly when the move is in the card's list;
 *   - xmas_target_any is 1 exactly when the list is not empty.
 * The lists are written by xmas_target_list, the reference.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base.h"
#include "christmas/christmas.h"

static int tgt_in(const carc_move *list, int n, const carc_move *m)
{
    for (int i = 0; i < n; i++)
        if (carc_move_equal(&list[i], m))
            return 1;
    return 0;
}

static long tgt_checked, tgt_found;

/* Every card, seat and candidate move at this position. */
static void tgt_check_position(const carc_game *g)
{
    static carc_move list[MAX_TARGETS];
    for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD; c++) {
        if (xmas_card_grain(c) == BY_NOTHING)
            continue;
        carc_move proto = carc_move_pass();
        proto.kind = CARC_MOVE_CARD;
        proto.card = (uint8_t)c;
        for (int seat = 0; seat < g->players; seat++) {
            int n = xmas_target_list(g, c, seat, proto, list, MAX_TARGETS);
            assert_int_equal(xmas_target_any(g, c, seat), n > 0);
            int second[CARC_MAX_PLAYERS * CARC_FOLLOWERS + 1], nsecond = 0;
            second[nsecond++] = NODE_NONE;
            if (xmas_card_is_swap(c))
                for (int s = 0; s < g->players; s++)
                    for (int i = 0; i < CARC_FOLLOWERS; i++)
                        if (g->fnode[s][i] != NODE_NONE)
                            second[nsecond++] = g->fnode[s][i];
            for (int v = 0; v < g->nnodes; v++)
                for (int j = 0; j < nsecond; j++)
                    for (int s2 = -1; s2 < g->players; s2++) {
                        carc_move m = proto;
                        cards_name_node(g, &m, v, 0);
                        if (second[j] != NODE_NONE)
                            cards_name_node(g, &m, second[j], 1);
                        m.seat2 = s2 < 0 ? CARC_SEAT_NONE : (uint8_t)s2;
                        int want = tgt_in(list, n, &m);
                        if (xmas_target_is(g, c, seat, &m) != want) {
                            fprintf(stderr, "card %d seat %d node %d second %d seat2 %d: list "
                                    "says %d\n", c, seat, v, second[j], s2, want);
                            fail();
                        }
                        tgt_checked++;
                        tgt_found += want;
                    }
        }
    }
}

static void test_target_matches_list(void **state)
{
    (void)state;
    static carc_move list[CARC_MAX_MOVES];
    for (int players = 2; players <= 5; players++)
        for (int k = 0; k < 2; k++) {
            carc_config c;
            carc_error err;
            carc_config_init(&c);
            c.expansions = CARC_EXP_CHRISTMAS | (k ? CARC_EXP_GIFTS : 0);
            c.players = players;
            c.seed = (uint64_t)(100 * players + k + 1);
            uint64_t rng = c.seed * 7919u;
            carc_game *g = carc_new(&c, &err);
            assert_non_null(g);
            for (;;) {
                if ((mix_next(&rng) & 31) == 0)
                    tgt_check_position(g);
                int n = carc_legal(g, list, CARC_MAX_MOVES);
                if (n == 0)
                    break;
                carc_move m = list[(mix_next(&rng) >> 33) % (uint64_t)n];
                assert_int_equal(carc_apply(g, &m, &err), CARC_OK);
            }
            carc_free(g);
        }
    /* the positions asked hold targets, not only refusals */
    assert_true(tgt_found > 1000);
    assert_true(tgt_checked > 100 * tgt_found);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_target_matches_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
