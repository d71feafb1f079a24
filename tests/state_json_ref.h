/*
 * state_json_ref.h - the jansson-tree state JSON kept as the reference of the direct
 * writer (state_json_ref.c, test_state_json_write.c).
 */
#ifndef CARC_TEST_STATE_JSON_REF_H
#define CARC_TEST_STATE_JSON_REF_H

#include "carc.h"

/* carc_state_json as the jansson tree wrote it (caller frees), NULL on out of memory. */
char *ref_state_json(const carc_game *g, int with_legal);

#endif
