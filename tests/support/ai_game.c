/*
 * ai_game.c - a game played by one computer player in every seat (ai_game.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "ai_game.h"

void ai_game_new(ai_game *a, const char *name, unsigned expansions, int players, uint64_t seed)
{
    carc_config c;
    carc_error err;
    carc_config_init(&c);
    c.players = players;
    c.expansions = expansions;
    c.seed = seed;
    a->g = carc_new(&c, &err);
    assert_non_null(a->g);
    a->view = carc_clone(a->g);
    assert_non_null(a->view);
    carc_ai_options opt;
    carc_ai_options_init(&opt);
    opt.seed = seed;
    opt.budget_ms = 0;    /* mcts: a fixed number of iterations, reproducible */
    opt.iterations = 40;
    a->p = carc_player_new(name, &opt, &err);
    assert_non_null(a->p);
    a->name = name;
    a->seed = seed;
    a->moves = 0;
}

carc_pending ai_game_choose(ai_game *a, carc_move *m)
{
    carc_pending pd = carc_pending_decision(a->g);
    assert_true(pd.seat >= 0 && pd.seat < carc_players(a->g));
    carc_view(a->g, pd.seat, a->view);
    char note[128];
    assert_int_equal(carc_player_choose(a->p, a->view, m, note, sizeof note), CARC_OK);
    return pd;
}

void ai_game_apply(ai_game *a, const carc_move *m)
{
    carc_error err;
    if (carc_apply(a->g, m, &err) != CARC_OK)
        fail_msg("%s, seed %llu, turn %d: illegal move: %s", a->name,
                 (unsigned long long)a->seed, carc_turn(a->g), err.msg);
    assert_true(++a->moves < 20000);
}

void ai_game_finish(ai_game *a)
{
    carc_error err;
    assert_int_equal(carc_check(a->g, &err), CARC_OK);
    assert_int_equal(carc_stack_left(a->g), 0);
    carc_player_free(a->p);
    carc_free(a->view);
    carc_free(a->g);
}
