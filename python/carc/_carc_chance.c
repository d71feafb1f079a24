/*
 * _carc_chance.c - the chance of a state made explicit (_carc_chance.h).
 *
 * The next tile's distribution is read from public facts only: every tile of the set
 * not on the board, in a hand or removed is in a stack, in an order no seat knows, so
 * each is equally likely to come next. A river tile is one with a river edge; while
 * the river lasts they are drawn first, the lake last. Tiles set aside before the first
 * volcano (PD4) are in no stack, and while the dragon is off the board a tile with its
 * symbol is set aside when drawn: the next turn then begins with another.
 *
 * An outcome is applied by rejection: determinizations of the mover's view are dealt
 * until one in which the move draws what was asked. A determinization is a uniform
 * deal of what the mover may not know, so the accepted one is a uniform deal of those
 * that agree with the outcome too: the state a chance node of the mover's search
 * leads to. A kind left k times of n comes out with chance k/n a try.
 */
#include "_carc_chance.h"
#include "_carc_py.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int chance_river_edges(int kind)
{
    const carc_tile_def *d = carc_tile_def_of(kind);
    int n = 0;
    for (int i = 0; i < 4; i++)
        n += d->edges[i] == CARC_EDGE_RIVER;
    return n;
}

int cpy_next_tiles(const carc_game *g, int counts[CARC_TILE_KINDS])
{
    cpy_tiles_left(g, counts);
    int river = carc_river_left(g), total = 0;
    /* while the dragon is off the board a tile with its symbol is set aside when drawn
     * and another drawn (PD4): the turn begins with the first other tile of the stack,
     * uniform among the others */
    carc_dragon_info dg;
    int aside = carc_dragon_status(g, &dg) && !dg.dragon_on;
    for (int k = 0; k < CARC_TILE_KINDS; k++) {
        int edges = chance_river_edges(k);
        if (counts[k] < 0 || (river > 0 && !edges) || (river == 0 && edges) ||
            (river > 1 && edges == 1) || (aside && carc_tile_symbol(k) == CARC_SYMBOL_DRAGON))
            counts[k] = 0;
        total += counts[k];
    }
    if (carc_is_over(g) || (river == 0 && carc_stack_left(g) == 0)) {
        memset(counts, 0, CARC_TILE_KINDS * sizeof *counts);
        total = 0;
    }
    return total;
}

/* The gifts (1..5) and cards (6..37) `seat` holds, by id, into seen[CARC_CARDS], plus
 * the card in play and every face-up discard: a card drawn shows up in one of them,
 * kept, played at once (a lightning card) or discarded. */
static void chance_seen(const carc_game *g, int seat, int seen[CARC_CARDS])
{
    int gifts[6], pile[CARC_CARDS * 2];
    carc_cards(g, seat, seen);
    carc_gifts(g, seat, gifts);
    for (int i = 1; i < 6; i++)
        seen[i] = gifts[i];
    carc_move target;
    int in_play = carc_card_in_play(g, &target);
    if (in_play > 0 && in_play < CARC_CARDS)
        seen[in_play]++;
    for (int deck = 0; deck < 2; deck++) {
        int n = carc_xdiscard(g, deck, pile, CARC_CARDS * 2);
        for (int i = 0; i < n; i++)
            if (pile[i] > 0 && pile[i] < CARC_CARDS)
                seen[pile[i]]++;
    }
    int n = carc_gift_discard(g, pile, CARC_CARDS * 2);
    for (int i = 0; i < n; i++)
        if (pile[i] > 0 && pile[i] < CARC_CARDS)
            seen[pile[i]]++;
}

int cpy_outcome(const carc_game *g, const carc_move *m, int tile, int card, uint64_t seed,
                int tries, carc_game *out, int *drawn, int *gained, carc_error *err)
{
    carc_game *view = malloc(carc_state_size());
    if (!view) {
        if (err) {
            err->code = CARC_E_CONFIG;
            snprintf(err->msg, sizeof err->msg, "out of memory");
        }
        return -1;
    }
    int seat = carc_pending_decision(g).seat, turn = carc_turn(g), found = 0;
    carc_view(g, seat, view);
    for (int i = 0; i < tries && !found; i++) {
        carc_determinize(view, (seed + (uint64_t)i) & INT64_MAX, out);
        int before[CARC_CARDS], after[CARC_CARDS];
        chance_seen(out, seat, before);
        if (carc_apply(out, m, err) != CARC_OK) {
            found = -1;  /* not legal: the same in every deal of the view */
            break;
        }
        int kinds[2];
        *drawn = carc_turn(out) > turn && !carc_is_over(out) && carc_hand_tiles(out, kinds) > 0
                     ? kinds[0] : -1;
        chance_seen(out, seat, after);
        *gained = -1;
        for (int c = 1; c < CARC_CARDS && *gained < 0; c++)
            if (after[c] > before[c])
                *gained = c;
        if ((tile < 0 || *drawn == tile) && (card < 0 || *gained == card))
            found = i + 1;
    }
    free(view);
    return found;
}

int cpy_card_pool(const carc_game *g, int card, int counts[CARC_CARDS])
{
    memset(counts, 0, CARC_CARDS * sizeof *counts);
    const carc_deck_info *deck = NULL;
    for (int i = 0; i < carc_expansion_count() && !deck; i++)
        for (const carc_deck_info *d = carc_expansion_at(i)->decks; d && d->key; d++)
            if (card >= d->first && card <= d->last) {
                deck = d;
                break;
            }
    if (!deck)
        return 0;
    int seat = carc_pending_decision(g).seat, seen[CARC_CARDS] = {0}, total = 0;
    if (seat >= 0)
        chance_seen(g, seat, seen);
    for (int c = deck->first; c <= deck->last && c < CARC_CARDS; c++) {
        counts[c] = deck->copies > seen[c] ? deck->copies - seen[c] : 0;
        total += counts[c];
    }
    return total;
}
