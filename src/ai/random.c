/*
 * random.c - the uniform random player: every legal move equally likely.
 */
#include "ai_int.h"

typedef struct {
    carc_player base;
    uint64_t rng;
    carc_move moves[CARC_MAX_MOVES];
} random_player;

static int random_choose(carc_player *self, const carc_game *view, carc_move *out, char *note,
                         size_t note_size)
{
    random_player *r = (random_player *)self;
    (void)note;
    (void)note_size;
    int n = carc_legal(view, r->moves, CARC_MAX_MOVES);
    if (n == 0)
        return CARC_E_OVER;
    *out = r->moves[ai_below(&r->rng, n)];
    return CARC_OK;
}

static void random_destroy(carc_player *self)
{
    free(self);
}

carc_player *ai_random_new(const carc_ai_options *opt)
{
    random_player *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->base.name = "random";
    r->base.choose = random_choose;
    r->base.destroy = random_destroy;
    r->rng = opt->seed;
    return &r->base;
}
