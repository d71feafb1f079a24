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

static const struct {
    const char *name;
    carc_player *(*create)(const carc_ai_options *opt);
    int searches;  /* a budget in ms or iterations applies */
} kinds[] = {
    {"random", ai_random_new, 0},
    {"greedy", ai_greedy_new, 0},
    {"mcts", ai_mcts_new, 1},
    {"mcts-2026a", ai_mcts_2026a_new, 1},
};

int carc_player_searches(const char *name)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].name, name) == 0)
            return kinds[i].searches;
    return -1;
}

const char *carc_player_names(void)
{
    return "random, greedy, mcts, mcts-2026a";
}

carc_player *carc_player_new(const char *name, const carc_ai_options *opt, carc_error *err)
{
    carc_ai_options defaults;
    if (!opt) {
        carc_ai_options_init(&defaults);
        opt = &defaults;
    }
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].name, name) == 0) {
            carc_player *p = kinds[i].create(opt);
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
