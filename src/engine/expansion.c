/*
 * expansion.c - the list of expansions: the only place in the engine that names
 * them. The turn machine walks it through expansion.h.
 *
 * The order of the list is the order of play where several expansions act at one
 * point: both are set up from the game's generator, gifts first, and a window
 * lists the gifts' moves before the Christmas cards'. A new expansion goes at the
 * end, so that the games of the others stay what they were.
 */
#include "expansion.h"

extern const struct exp_hooks gifts_hooks, xmas_hooks;

const struct exp_hooks *const exp_list[] = {&gifts_hooks, &xmas_hooks, NULL};

unsigned exp_all_bits(void)
{
    unsigned bits = 0;
    EXP_EACH(h)
        bits |= h->bit;
    return bits;
}

int exp_check_config(const carc_config *cfg, carc_error *err)
{
    EXP_EACH(h) {
        int rc = h->check_config ? h->check_config(cfg, err) : CARC_OK;
        if (rc != CARC_OK)
            return rc;
    }
    return CARC_OK;
}

void exp_forget_config(carc_config *cfg)
{
    EXP_EACH(h)
        if (h->forget_config)
            h->forget_config(cfg);
}

int exp_canonical(const carc_game *g, carc_move *m)
{
    EXP_EACH(h)
        if (h->canonical && h->canonical(g, m))
            return 1;
    return 0;
}

int exp_check(const carc_game *g, carc_error *err)
{
    EXP_EACH(h) {
        int rc = h->check ? h->check(g, err) : CARC_OK;
        if (rc != CARC_OK)
            return rc;
    }
    return CARC_OK;
}
