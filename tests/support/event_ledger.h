/*
 * event_ledger.h - what the random-game tests check of the events: every point is
 * told. A ledger adds up the score events (CARC_EV_SCORED, CARC_EV_BANK_PAID) per
 * seat and category, and the banked points (CARC_EV_BANKED less CARC_EV_BANK_PAID)
 * per seat, and the goods tokens taken (CARC_EV_GOODS) per seat and kind, and
 * after every move compares them with carc_score_part, carc_banked and carc_goods;
 * it also checks that every event about a feature names a real
 * segment of the right type by its canonical port.
 */
#ifndef CARC_TEST_EVENT_LEDGER_H
#define CARC_TEST_EVENT_LEDGER_H

#include <stddef.h>
#include "carc.h"

typedef struct event_ledger {
    int score[CARC_MAX_PLAYERS][CARC_SCORE_CATEGORIES];
    int banked[CARC_MAX_PLAYERS];
    int goods[CARC_MAX_PLAYERS][CARC_GOODS_KINDS];
    int max_events;          /* the most events one carc_apply emitted */
    long long count[32];     /* events seen, by kind */
    long long reasons[CARC_REASONS];  /* score events by reason */
} event_ledger;

void ledger_init(event_ledger *l);
/* Adds the events of the last carc_apply (or carc_new) of g and compares the totals
 * with g. Returns 1 if all agree, else 0 with msg saying what differed. */
int ledger_add(event_ledger *l, const carc_game *g, char *msg, size_t size);
/* Adds l's counts into total (scores and banked are not added). */
void ledger_merge(event_ledger *total, const event_ledger *l);

#endif
