/*
 * twin.c - a copy of a game that differs only in what one seat cannot know (twin.h).
 * It reaches into the state (state.h) because no public call may change hidden parts.
 */
#include "twin.h"
#include "random_play.h"
#include "state.h"

static void twin_shuffle(uint8_t *a, int n, uint64_t *rs)
{
    for (int i = n - 1; i > 0; i--) {
        int j = test_rand_below(rs, i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

void test_make_twin(const carc_game *g, carc_game *twin, int seat, uint64_t *rs)
{
    carc_copy(twin, g);
    twin_shuffle(twin->stack, twin->stack_len, rs);
    twin_shuffle(twin->blk.gifts.deck, twin->blk.gifts.deck_len, rs);
    for (int d = 0; d < 2; d++)
        twin_shuffle(twin->blk.xmas.deck[d], twin->blk.xmas.deck_len[d], rs);
    for (int i = 0; i < 4; i++)
        twin->rng[i] = test_rand_next(rs);
    twin->seed ^= test_rand_next(rs);
    /* every other seat; for the public view (seat CARC_SEAT_PUBLIC) every seat */
    for (int k = seat < twin->players ? 1 : 0; k < twin->players; k++) {
        int t = (seat + k) % twin->players;
        for (int c = CARC_GIFT_SYNOD; c <= CARC_GIFT_TAKE_TWO; c++) {
            if (!twin->blk.gifts.hand[t][c] || !twin->blk.gifts.deck_len)
                continue;
            int i = test_rand_below(rs, twin->blk.gifts.deck_len);
            twin->blk.gifts.hand[t][c]--;
            twin->blk.gifts.hand[t][twin->blk.gifts.deck[i]]++;
            twin->blk.gifts.deck[i] = (uint8_t)c;
            break;
        }
        for (int c = CARC_XC_SCORE_THREE; c < CARC_CARDS; c++) {
            int d = c >= CARC_XR_INTRUDE_FIELD; /* the roadside deck, else the cloister deck */
            if (!twin->blk.xmas.hand[t][c] || !twin->blk.xmas.deck_len[d])
                continue;
            int i = test_rand_below(rs, twin->blk.xmas.deck_len[d]);
            twin->blk.xmas.hand[t][c]--;
            twin->blk.xmas.hand[t][twin->blk.xmas.deck[d][i]]++;
            twin->blk.xmas.deck[d][i] = (uint8_t)c;
            break;
        }
    }
}
