/*
 * test_server_store.c - the SQLite store behind srv_store.h: rows and logs survive
 * closing and reopening, a second move at the same index is refused (the last guard
 * of exactly-once), a finished game leaves the list of unfinished ones, a log with a
 * gap does not load, a missing game is told apart from an error; group commit: the
 * moves of a batch are durable after batch_end and not before, a refused move in a
 * batch leaves the others.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "srv_store.h"

static char store_path[64];

static srv_store *open_store(void)
{
    char err[256];
    srv_store *st = srv_sqlite_open(store_path, err, sizeof err);
    assert_non_null(st);
    return st;
}

static void add_game(srv_store *st, const char *id)
{
    srv_game_row row = {(char *)id, "human,mcts:300", "gifts,christmas", 42,
                        "aa,", 1700000000, 0};
    assert_int_equal(st->create_game(st, &row), 0);
}

static void test_log_round_trip(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "0123456789ab");
    assert_int_equal(st->append_move(st, "0123456789ab", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "0123456789ab", 1, "pass", 0), 0);
    /* the same index twice: refused, the log unchanged */
    assert_int_equal(st->append_move(st, "0123456789ab", 1, "N:C", 0), -1);
    assert_non_null(strstr(st->err, "append move"));
    st->close(st);

    st = open_store();
    srv_game_row row;
    char **moves;
    int n;
    assert_int_equal(st->load_game(st, "0123456789ab", &row, &moves, &n), 0);
    assert_string_equal(row.players, "human,mcts:300");
    assert_string_equal(row.expansions, "gifts,christmas");
    assert_true(row.seed == 42);
    assert_string_equal(row.tokens, "aa,");
    assert_int_equal(n, 2);
    assert_string_equal(moves[0], "U (1,0) r1");
    assert_string_equal(moves[1], "pass");
    srv_strings_free(moves, n);
    srv_game_row_free(&row);

    char **ids;
    assert_int_equal(st->unfinished(st, &ids, &n), 0);
    assert_int_equal(n, 1);
    assert_string_equal(ids[0], "0123456789ab");
    srv_strings_free(ids, n);
    /* the last move finishes the game in the same transaction */
    assert_int_equal(st->append_move(st, "0123456789ab", 2, "pass", 1), 0);
    assert_int_equal(st->unfinished(st, &ids, &n), 0);
    assert_int_equal(n, 0);
    srv_strings_free(ids, n);
    /* the same id twice */
    srv_game_row dup = {"0123456789ab", "human,human", "base", 1, ",", 1, 0};
    assert_int_equal(st->create_game(st, &dup), -1);
    st->close(st);
}

static void test_missing_and_gap(void **state)
{
    (void)state;
    srv_store *st = open_store();
    srv_game_row row;
    char **moves;
    int n;
    assert_int_equal(st->load_game(st, "ffffffffffff", &row, &moves, &n), 1);
    add_game(st, "aaaaaaaaaaaa");
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 0, "pass", 0), 0);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 2, "pass", 0), 0);
    assert_int_equal(st->load_game(st, "aaaaaaaaaaaa", &row, &moves, &n), -1);
    assert_non_null(strstr(st->err, "gap"));
    assert_null(moves);
    st->close(st);
}

/* The number of moves in the log of game id (the game must exist). */
static int log_length(srv_store *st, const char *id)
{
    srv_game_row row;
    char **moves;
    int n;
    assert_int_equal(st->load_game(st, id, &row, &moves, &n), 0);
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    return n;
}

static void test_batch(void **state)
{
    (void)state;
    srv_store *st = open_store();
    char **ids;
    int n;
    add_game(st, "aaaaaaaaaaaa");
    add_game(st, "bbbbbbbbbbbb");
    srv_sqlite_batch_begin(st);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 1, "pass", 0), 0);
    /* a second move at one index is refused; the batch goes on without it */
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 1, "N:C", 0), -1);
    assert_non_null(strstr(st->err, "append move"));
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 1, "pass", 1), 0);
    assert_int_equal(srv_sqlite_batch_end(st), 0);
    st->close(st);

    st = open_store();
    assert_int_equal(log_length(st, "aaaaaaaaaaaa"), 2);
    assert_int_equal(log_length(st, "bbbbbbbbbbbb"), 2);
    assert_int_equal(st->unfinished(st, &ids, &n), 0);
    assert_int_equal(n, 1);  /* b's last move finished it */
    assert_string_equal(ids[0], "aaaaaaaaaaaa");
    srv_strings_free(ids, n);
    /* a batch never ended (the process died before its commit) is not in the log */
    srv_sqlite_batch_begin(st);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 2, "pass", 0), 0);
    st->close(st);
    st = open_store();
    assert_int_equal(log_length(st, "aaaaaaaaaaaa"), 2);
    /* an empty batch commits nothing and fails nothing; outside a batch a move
     * commits at once again */
    srv_sqlite_batch_begin(st);
    assert_int_equal(srv_sqlite_batch_end(st), 0);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 2, "pass", 0), 0);
    st->close(st);
    st = open_store();
    assert_int_equal(log_length(st, "aaaaaaaaaaaa"), 3);
    st->close(st);
}

static int setup(void **state)
{
    (void)state;
    snprintf(store_path, sizeof store_path, "/tmp/carc-store-test-%ld.sqlite", (long)getpid());
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char p[96];
    unlink(store_path);
    snprintf(p, sizeof p, "%s-wal", store_path);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", store_path);
    unlink(p);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_log_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_and_gap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_batch, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
