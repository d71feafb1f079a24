/*
 * replay_check.c - a game's record reads back and replays to the same final state
 * (the random-game tests, for every game they play).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "carc_record.h"
#include "replay_check.h"

void test_check_replay(const char *json, const carc_game *g, const char *set, int game)
{
    carc_error err = {0, ""};
    carc_record *rec = carc_record_parse(json, &err);
    if (!rec)
        fail_msg("%s game %d: carc_record_parse: %s", set, game, err.msg);
    carc_game *fin = NULL;
    if (carc_record_replay(rec, &fin, &err) != CARC_OK)
        fail_msg("%s game %d: carc_record_replay: %s", set, game, err.msg);
    assert_non_null(fin);
    char *a = carc_state_json(g, 0), *b = carc_state_json(fin, 0);
    assert_true(a && b);
    if (strcmp(a, b) != 0)
        fail_msg("%s game %d: the replayed record ends in another state", set, game);
    for (int s = 0; s < carc_players(g); s++)
        assert_int_equal(carc_score(g, s), carc_score(fin, s));
    free(a);
    free(b);
    carc_free(fin);
    carc_record_free(rec);
}
