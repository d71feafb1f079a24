/*
 * layout_figures.c - prints the figures of the engine's state layout that
 * docs/ARCHITECTURE.md quotes, one "key value" line each, the keys stable
 * (scripts/doc_figures.sh puts them in the doc's generated block and the ctest
 * doc_figures fails when the doc and this program disagree):
 *   state_bytes N            sizeof(carc_game)
 *   part1_fixed_bytes N      [0, STATE_CARDS): copied whole
 *   part2_cards_bytes N      [STATE_CARDS, STATE_ARRAYS): the card expansions' block
 *   part3_arrays_bytes N     [STATE_ARRAYS, end): the arrays with a count
 *   NAME COUNT x SIZE = N    each array: element count, element size, bytes
 *   move_bytes N             sizeof(carc_move), what carc_legal lists a move in
 * Not a test and not part of the engine: it reads the internal header state.h.
 * The bytes a copy moves (copy_bytes) are carc bench's, which the script adds.
 */
#include <stdio.h>

#include "state.h"

#define ARRAY(name, field)                                                              \
    printf("%s %zu x %zu = %zu\n", name,                                                \
           sizeof(((struct carc_game *)0)->field) / sizeof(((struct carc_game *)0)->field[0]), \
           sizeof(((struct carc_game *)0)->field[0]), sizeof(((struct carc_game *)0)->field))

int main(void)
{
    printf("state_bytes %zu\n", sizeof(struct carc_game));
    printf("part1_fixed_bytes %zu\n", (size_t)STATE_CARDS);
    printf("part2_cards_bytes %zu\n", (size_t)(STATE_ARRAYS - STATE_CARDS));
    printf("part3_arrays_bytes %zu\n", sizeof(struct carc_game) - (size_t)STATE_ARRAYS);
    /* part 1's one array the doc quotes: the position table */
    ARRAY("cell", cell);
    ARRAY("stack", stack);
    /* part 3, in the struct's order */
    ARRAY("feats", feats);
    ARRAY("events", events);
    ARRAY("nodes", nodes);
    ARRAY("tiles", tiles);
    ARRAY("frontier", frontier);
    ARRAY("removed", removed);
    /* the move carc_legal lists */
    printf("move_bytes %zu\n", sizeof(carc_move));
    return 0;
}
