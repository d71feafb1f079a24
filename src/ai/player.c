/*
 * player.c - the player factory and the shared entry point carc_player_choose.
 */
#include "ai_int.h"

void carc_ai_options_init(carc_ai_options *opt)
{
    opt->seed = 1;
    opt->budget_ms = 100;
    opt->iterations = 1000;
}

/* The levels for people (docs/AI.md, levels): fixed budgets, whatever the caller
 * asks, so that a level plays the same game on any machine at any load. hard's count
 * keeps its slowest decision (all six expansions) under a fifth of the 2 s a person
 * in the browser may wait; its measured ceiling is HARD_MS. */
enum { MEDIUM_ITERATIONS = 500, MEDIUM_MS = 100, HARD_ITERATIONS = 50000, HARD_MS = 2000 };

static carc_player *level_medium(const carc_ai_options *opt)
{
    return ai_mcts_level_new(opt, "medium", MEDIUM_ITERATIONS);
}

static carc_player *level_hard(const carc_ai_options *opt)
{
    return ai_mcts_level_new(opt, "hard", HARD_ITERATIONS);
}

static const struct {
    const char *name;
    carc_player *(*create)(const carc_ai_options *opt);
    int searches;  /* a budget in ms or iterations applies */
    int think_ms;  /* carc_player_think_ms */
} kinds[] = {
    {"random", ai_random_new, 0, 0},
    {"greedy", ai_greedy_new, 0, 0},
    {"mcts", ai_mcts_new, 1, -1},
    {"mcts-2026a", ai_mcts_2026a_new, 1, -1},
    {"mcts-2026b", ai_mcts_2026b_new, 1, -1},
    {"mcts-2026c", ai_mcts_2026c_new, 1, -1},
    {"mcts-2026d", ai_mcts_2026d_new, 1, -1},
    {"easy", ai_easy_new, 0, 0},
    {"medium", level_medium, 0, MEDIUM_MS},
    {"hard", level_hard, 0, HARD_MS},
};

/* The row of `name`, or -1. */
static int player_kind(const char *name)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].name, name) == 0)
            return (int)i;
    return -1;
}

int carc_player_searches(const char *name)
{
    int k = player_kind(name);
    return k < 0 ? -1 : kinds[k].searches;
}

int carc_player_think_ms(const char *name)
{
    int k = player_kind(name);
    return k < 0 ? -1 : kinds[k].think_ms;
}

const char *carc_player_names(void)
{
    return "random, greedy, mcts, mcts-2026a, mcts-2026b, mcts-2026c, mcts-2026d, easy, medium, hard";
}

carc_player *carc_player_new(const char *name, const carc_ai_options *opt, carc_error *err)
{
    carc_ai_options defaults;
    if (!opt) {
        carc_ai_options_init(&defaults);
        opt = &defaults;
    }
    int k = player_kind(name);
    if (k >= 0) {
        carc_player *p = kinds[k].create(opt);
        if (!p && err) {
            err->code = CARC_E_CONFIG;
            strcpy(err->msg, "out of memory");
        }
        return p;
    }
    if (err) {
        err->code = CARC_E_CONFIG;
        snprintf(err->msg, sizeof err->msg, "unknown player '%.40s' (players: %s)", name,
                 carc_player_names());
    }
    return NULL;
}

void carc_player_free(carc_player *p)
{
    if (p)
        p->destroy(p);
}

int carc_player_choose(carc_player *p, const carc_game *view, carc_move *out, char *note,
                       size_t note_size)
{
    carc_move one[2];
    if (note_size)
        note[0] = '\0';
    int n = carc_legal(view, one, 2);
    if (n == 0)
        return CARC_E_OVER;
    if (n == 1) {  /* a single legal move is played at once, without search */
        *out = one[0];
        return CARC_OK;
    }
    return p->choose(p, view, out, note, note_size);
}
