/*
 * replay.c - playing a record back through the engine (docs/RECORD.md).
 *
 * Every move must parse against the game as it stands and be legal; when the record
 * holds events, those of the start and of every move must be the ones the engine
 * emits again; when it holds scores, the game must be over and its scores equal.
 * Moves are numbered from 1 in messages (entry i of "events" belongs to move i).
 */
#include <stdio.h>
#include <string.h>
#include "record_int.h"

/* Compares the recorded events of entry i (0 = the start) with those g just emitted. */
static int check_events(const carc_record *rec, const carc_game *g, int i, const char *what,
                        carc_error *err)
{
    char a[56], b[56];
    const json_t *recorded;
    json_t *replayed;
    int same;

    if (rec->events == NULL)
        return CARC_OK;
    recorded = json_array_get(rec->events, (size_t)i);
    replayed = rec_events_json(g);
    if (replayed == NULL) {
        rec_error(err, CARC_E_INVALID, "out of memory");
        return CARC_E_INVALID;
    }
    same = json_equal((json_t *)recorded, replayed);
    if (!same) {
        rec_clip_json(recorded, a, sizeof a);
        rec_clip_json(replayed, b, sizeof b);
        rec_error(err, CARC_E_INVALID, "%s: events differ: recorded %s replayed %s", what, a, b);
    }
    json_decref(replayed);
    return same ? CARC_OK : CARC_E_INVALID;
}

/* Writes "40,31" for a list of scores. */
static void scores_text(const int *s, int n, char *buf, size_t size)
{
    size_t len = 0;
    int i;

    buf[0] = '\0';
    for (i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, i ? ",%d" : "%d", s[i]);
}

/* At the end: the recorded scores, if any, must be those of a finished game. */
static int check_scores(const carc_record *rec, const carc_game *g, carc_error *err)
{
    int got[CARC_MAX_PLAYERS] = {0}, i, n = carc_players(g);  /* zeroed: gcc -O3 warns otherwise */
    char a[48], b[48];

    if (!rec->has_scores)
        return CARC_OK;
    if (!carc_is_over(g)) {
        rec_error(err, CARC_E_INVALID, "scores recorded but the game is not over after %d moves",
                  carc_record_move_count(rec));
        return CARC_E_INVALID;
    }
    for (i = 0; i < n; i++)
        got[i] = carc_score(g, i);
    if (memcmp(got, rec->scores, (size_t)n * sizeof got[0]) == 0)
        return CARC_OK;
    scores_text(rec->scores, n, a, sizeof a);
    scores_text(got, n, b, sizeof b);
    rec_error(err, CARC_E_INVALID, "final scores differ: recorded %s replayed %s", a, b);
    return CARC_E_INVALID;
}

int carc_record_replay(const carc_record *rec, carc_game **final, carc_error *err)
{
    carc_game *g;
    carc_error e;
    carc_move m;
    char what[32];
    int i, n = carc_record_move_count(rec), rc;

    if (final != NULL)
        *final = NULL;
    g = carc_new(&rec->cfg, &e);
    if (g == NULL) {
        rec_error(err, CARC_E_CONFIG, "bad configuration: %s", e.msg);
        return CARC_E_CONFIG;
    }
    rc = check_events(rec, g, 0, "start", err);
    for (i = 0; rc == CARC_OK && i < n; i++) {
        const char *text = carc_record_move(rec, i);

        rc = carc_move_parse(g, text, &m, &e);
        if (rc == CARC_OK)
            rc = carc_apply(g, &m, &e);
        if (rc != CARC_OK) {
            rec_error(err, rc, "move %d \"%.40s\": %s", i + 1, text, e.msg);
            break;
        }
        snprintf(what, sizeof what, "move %d", i + 1);
        rc = check_events(rec, g, i + 1, what, err);
    }
    if (rc == CARC_OK)
        rc = check_scores(rec, g, err);
    if (rc == CARC_OK && final != NULL)
        *final = g;
    else
        carc_free(g);
    return rc;
}
