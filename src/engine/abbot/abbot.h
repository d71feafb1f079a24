/*
 * abbot.h - The Abbot's garden twins (A2), which its module and the tests name
 * (checked by test_tiletab against the catalogue): kinds KIND_GARDEN_FIRST on, each
 * the twin of a plain kind of its set, which it replaces one for one (CI11).
 */
#ifndef CARC_ABBOT_H
#define CARC_ABBOT_H

#include "../expansion.h"

enum { KIND_GARDEN_FIRST = 75, ABBOT_TWINS = 13 };

/* The plain kind each garden twin replaces, by kind - KIND_GARDEN_FIRST. */
extern const uint8_t abbot_twin_plain[ABBOT_TWINS];

#endif
