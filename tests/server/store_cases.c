/*
 * store_cases.c - the backend-independent cases of store_cases.h (cmocka).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "store_cases.h"

/* The last max chat messages of id; asserts there are n of them. */
static srv_chat_row *chat_of(srv_store *st, const char *id, int max, int n)
{
    srv_chat_row *rows;
    int got;
    assert_int_equal(st->load_chat(st, id, max, &rows, &got), 0);
    assert_int_equal(got, n);
    return rows;
}

/* A store whose first commit fails (injected: CARC_SERVE_FAIL_COMMIT), with a batch open
 * that holds move 1 of game id. */
static srv_store *open_failing_batch(srv_store *(*open)(void), const char *id)
{
    setenv("CARC_SERVE_FAIL_COMMIT", "1", 1);
    srv_store *st = open();
    unsetenv("CARC_SERVE_FAIL_COMMIT");
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, id, 1, "pass", 0), 0);
    return st;
}

/* Chat: none before the first message; messages come back oldest first with their
 * seat (-1: a spectator), time and bytes (quotes, markup, UTF-8 as sent); the last
 * `max` of them; a game's messages only; one in a batch is there after the batch's
 * commit, across closing and reopening; one in a batch whose commit fails is lost
 * with the batch's move, and nothing else is. */
void store_case_chat(srv_store *(*open)(void), const char *a, const char *b)
{
    srv_store *st = open();
    assert_non_null(st->append_chat);
    assert_non_null(st->load_chat);
    srv_chat_row *rows = chat_of(st, a, 100, 0);
    srv_chat_rows_free(rows, 0);
    assert_int_equal(st->append_chat(st, a, 0, 1795564800, "nice city"), 0);
    assert_int_equal(st->append_chat(st, b, 1, 1795564801, "another game"), 0);
    const char *odd = "a \"spectator\" <img src=x onerror=alert(1)> \xc3\xa9\xe2\x82\xac \\";
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, a, 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_chat(st, a, -1, 1795564802, odd), 0);
    assert_int_equal(st->batch_end(st), 0);
    char text[16];
    for (int i = 3; i < 8; i++) {
        snprintf(text, sizeof text, "m%d", i);
        assert_int_equal(st->append_chat(st, a, i % 2, 1795564800 + i, text), 0);
    }
    st->close(st);

    st = open();
    rows = chat_of(st, a, 100, 7);
    assert_int_equal(rows[0].seat, 0);
    assert_int_equal(rows[0].at, 1795564800);
    assert_string_equal(rows[0].text, "nice city");
    assert_int_equal(rows[1].seat, -1);
    assert_int_equal(rows[1].at, 1795564802);
    assert_string_equal(rows[1].text, odd);
    assert_string_equal(rows[6].text, "m7");
    srv_chat_rows_free(rows, 7);
    rows = chat_of(st, a, 3, 3);  /* the last three, oldest first */
    assert_string_equal(rows[0].text, "m5");
    assert_int_equal(rows[0].seat, 1);
    assert_string_equal(rows[2].text, "m7");
    srv_chat_rows_free(rows, 3);
    rows = chat_of(st, a, 0, 0);
    srv_chat_rows_free(rows, 0);
    rows = chat_of(st, b, 100, 1);
    assert_string_equal(rows[0].text, "another game");
    srv_chat_rows_free(rows, 1);
    rows = chat_of(st, "ffffffffffff", 100, 0);  /* no such game: no chat */
    srv_chat_rows_free(rows, 0);
    st->close(st);

    /* a failed group commit (injected: the first commit fails) */
    st = open_failing_batch(open, a);
    assert_int_equal(st->append_chat(st, a, 0, 1795564900, "lost"), 0);
    assert_int_equal(st->batch_end(st), -1);
    rows = chat_of(st, a, 1, 1);
    assert_string_equal(rows[0].text, "m7");
    srv_chat_rows_free(rows, 1);
    st->close(st);
}

/* The clock row of id, asserted to be want (NULL: none). */
static void clock_is(srv_store *st, const char *id, const char *want)
{
    char *text = NULL;
    int rc = st->load_clock(st, id, &text);
    if (!want) {
        assert_int_equal(rc, 1);
        assert_null(text);
        return;
    }
    assert_int_equal(rc, 0);
    assert_string_equal(text, want);
    free(text);
}

void store_case_clock(srv_store *(*open)(void), const char *a, const char *b)
{
    srv_store *st = open();
    assert_non_null(st->save_clock);
    assert_non_null(st->load_clock);
    clock_is(st, a, NULL);
    assert_int_equal(st->save_clock(st, a, "1 1 3000 1000 -1 -1 0 0 3000 3000"), 0);
    clock_is(st, a, "1 1 3000 1000 -1 -1 0 0 3000 3000");
    assert_int_equal(st->save_clock(st, a, "1 1 3000 1000 0 -1 0 0 3000 3000"), 0);  /* replaced */
    assert_int_equal(st->save_clock(st, b, "1 2 0 3600000 1 1 1795564800000 0 3600000 3600000"), 0);
    clock_is(st, a, "1 1 3000 1000 0 -1 0 0 3000 3000");
    st->batch_begin(st);  /* with a move, in one batch */
    assert_int_equal(st->append_move(st, a, 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->save_clock(st, a, "1 1 3000 1000 1 1 1795564803000 0 3000 3000"), 0);
    assert_int_equal(st->batch_end(st), 0);
    st->close(st);

    st = open();
    clock_is(st, a, "1 1 3000 1000 1 1 1795564803000 0 3000 3000");
    clock_is(st, b, "1 2 0 3600000 1 1 1795564800000 0 3600000 3600000");
    st->close(st);

    /* a failed group commit (injected: the first commit fails) takes the clock with
     * the move */
    st = open_failing_batch(open, a);
    assert_int_equal(st->save_clock(st, a, "lost"), 0);
    assert_int_equal(st->batch_end(st), -1);
    clock_is(st, a, "1 1 3000 1000 1 1 1795564803000 0 3000 3000");
    st->close(st);
}
