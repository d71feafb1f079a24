/*
 * random.c - the uniform random player: every legal move equally likely.
 */
#include "ai_int.h"

typedef struct {
    carc_player base;
    uint64_t rng;
} random_player;

/* carc_legal_pick's index: the player's draw among the n legal moves, the move
 * carc_legal lists there (without writing the list). */
static uint32_t random_below(void *rng, uint32_t n)
{
    return (uint32_t)ai_below(rng, (int)n);
}

static int random_choose(carc_player *self, const carc_game *view, carc_move *out, char *note,
                         size_t note_size)
{
    random_player *r = (random_player *)self;
    (void)note;
    (void)note_size;
    return carc_legal_pick(view, random_below, &r->rng, out) > 0 ? CARC_OK : CARC_E_OVER;
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
