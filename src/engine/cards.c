/*
 * cards.c - what the card expansions share: building a deck from a fixed top order
 * and a shuffled rest, the cards of a deck nobody has seen (to deal them again),
 * naming a segment as a move's target, listing a seat's followers once per
 * segment and kind, and the followers a gift or card may place from supply.
 */
#include "expansion.h"

int cards_deck_build(carc_game *g, uint8_t *deck, int first, int last, int copies,
               const uint8_t *fixed, int nfixed)
{
    int left[CARC_CARDS] = {0};
    for (int c = first; c <= last; c++)
        left[c] = copies;
    for (int i = 0; i < nfixed; i++)
        left[fixed[i]]--;
    int n = 0;
    for (int c = first; c <= last; c++)
        for (int k = 0; k < left[c]; k++)
            deck[n++] = (uint8_t)c;
    rng_shuffle(g->rng, deck, n);
    for (int i = nfixed - 1; i >= 0; i--)
        deck[n++] = fixed[i];
    return n;
}

int cards_unknown_pool(uint8_t *pool, int first, int last, int copies, const int *seen)
{
    int n = 0;
    for (int c = first; c <= last; c++)
        for (int k = seen[c]; k < copies; k++)
            pool[n++] = (uint8_t)c;
    return n;
}

void cards_name_node(const carc_game *g, carc_move *m, int n, int second)
{
    const placed *p = &g->tiles[g->nodes[n].tile];
    if (second) {
        m->x2 = p->x;
        m->y2 = p->y;
        m->port2 = (uint8_t)board_node_port(g, n);
    } else {
        m->x = p->x;
        m->y = p->y;
        m->port = (uint8_t)board_node_port(g, n);
    }
}

int cards_first_on_node(const carc_game *g, int seat, int i)
{
    for (int j = 0; j < i; j++)
        if (g->fnode[seat][j] == g->fnode[seat][i] && fig_slot_kind[j] == fig_slot_kind[i])
            return 0;
    return 1;
}

int cards_place_figures(const carc_game *g, int seat, int type, uint8_t figs[CARC_FIGURES])
{
    int n = 0;
    for (unsigned k = g->figures & ~fig_special_kinds; k; k &= k - 1) {
        int f = __builtin_ctz(k);
        if ((exp_figure_of[f]->stands >> type & 1) && figure_in_supply(g, seat, f))
            figs[n++] = (uint8_t)f;
    }
    return n;
}
