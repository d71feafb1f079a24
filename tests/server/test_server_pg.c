/*
 * test_server_pg.c - the PostgreSQL store behind srv_store.h (srv_pg.c), on the
 * database named by CARC_TEST_PG (a libpq URI; tests/server/pg.sh starts a server and
 * sets it): rows and moves survive closing and reopening; a move at an index that is
 * not the next is refused and writes nothing (the guard of exactly-once, with the key
 * (game, idx) behind it); group commit: a batch's moves are there after batch_end, a
 * refused move in a batch leaves the others, a failed commit loses the batch and
 * nothing else; a finished game takes no move; expiry; one owner per game; chat
 * (the case the SQLite store's test runs too, store_cases.c), and a chat message that
 * fails inside a batch leaves the batch's moves.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "srv_store.h"
#include "srv_ladder_store.h"
#include "store_cases.h"

static const char *uri;

static srv_store *open_store(void)
{
    char err[256];
    srv_store *st = srv_pg_open(uri, err, sizeof err);
    if (!st)
        fail_msg("%s", err);
    return st;
}

static void add_game(srv_store *st, const char *id, int64_t created)
{
    srv_game_row row = {(char *)id, "human,mcts:300", "gifts,christmas", 42, "aa,", created, 0};
    assert_int_equal(st->create_game(st, &row), 0);
}

static int moves_of(srv_store *st, const char *id, srv_game_row *row)
{
    char **moves;
    int n;
    int rc = st->load_game(st, id, row, &moves, &n);
    if (rc != 0)
        return -1;
    srv_strings_free(moves, n);
    return n;
}

static void test_round_trip(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "a00000000001", 1700000000);
    assert_int_equal(st->append_move(st, "a00000000001", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "a00000000001", 1, "pass", 0), 0);
    assert_int_equal(st->append_move(st, "a00000000001", 1, "N:C", 0), -1);  /* again */
    assert_int_equal(st->append_move(st, "a00000000001", 3, "pass", 0), -1);  /* a gap */
    assert_int_equal(st->append_move(st, "nosuchgame00", 0, "pass", 0), -1);
    st->close(st);
    st = open_store();
    srv_game_row row;
    char **moves;
    int n;
    assert_int_equal(st->load_game(st, "a00000000001", &row, &moves, &n), 0);
    assert_int_equal(n, 2);
    assert_string_equal(moves[0], "U (1,0) r1");
    assert_string_equal(moves[1], "pass");
    assert_string_equal(row.players, "human,mcts:300");
    assert_int_equal(row.seed, 42);
    assert_int_equal(row.finished, 0);
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    assert_int_equal(st->load_game(st, "nosuchgame00", &row, &moves, &n), 1);
    /* the last move finishes it: no move after */
    assert_int_equal(st->append_move(st, "a00000000001", 2, "pass", 1), 0);
    assert_int_equal(st->append_move(st, "a00000000001", 3, "pass", 0), -1);
    assert_int_equal(moves_of(st, "a00000000001", &row), 3);
    assert_int_equal(row.finished, 1);
    srv_game_row_free(&row);
    char **ids;
    assert_int_equal(st->unfinished(st, &ids, &n), 0);
    for (int i = 0; i < n; i++)
        assert_string_not_equal(ids[i], "a00000000001");
    srv_strings_free(ids, n);
    st->close(st);
}

static void test_batch(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "b00000000001", 1700000000);
    add_game(st, "b00000000002", 1700000000);
    srv_game_row row;
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, "b00000000001", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "b00000000002", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "b00000000002", 5, "pass", 0), -1);  /* refused */
    assert_int_equal(st->append_move(st, "b00000000002", 1, "pass", 0), 0);
    assert_int_equal(st->batch_end(st), 0);
    assert_int_equal(moves_of(st, "b00000000001", &row), 1);
    srv_game_row_free(&row);
    assert_int_equal(moves_of(st, "b00000000002", &row), 2);
    srv_game_row_free(&row);
    /* a failed commit (injected: the next commit fails) loses its batch only */
    st->close(st);
    setenv("CARC_SERVE_FAIL_COMMIT", "1", 1);
    srv_store *f = open_store();
    unsetenv("CARC_SERVE_FAIL_COMMIT");
    f->batch_begin(f);
    assert_int_equal(f->append_move(f, "b00000000001", 1, "pass", 0), 0);
    assert_int_equal(f->batch_end(f), -1);
    assert_non_null(strstr(f->err, "injected"));
    assert_int_equal(moves_of(f, "b00000000001", &row), 1);
    srv_game_row_free(&row);
    f->batch_begin(f);
    assert_int_equal(f->append_move(f, "b00000000001", 1, "pass", 0), 0);
    assert_int_equal(f->batch_end(f), 0);
    assert_int_equal(moves_of(f, "b00000000001", &row), 2);
    srv_game_row_free(&row);
    f->close(f);
}

/* One owner per game, several processes on one database (two stores here): a game
 * held by one is refused to the other until it is released or its holder's
 * connection ends; a move from a store that does not know it lost the game is refused
 * once the new owner has moved on (the move count's guard). */
static void test_one_owner(void **state)
{
    (void)state;
    srv_store *a = open_store(), *b = open_store();
    add_game(a, "d00000000001", 1700000000);
    assert_int_equal(a->claim(a, "d00000000001"), 0);
    assert_int_equal(b->claim(b, "d00000000001"), 1);
    assert_int_equal(a->append_move(a, "d00000000001", 0, "U (1,0) r1", 0), 0);
    a->release(a, "d00000000001");
    assert_int_equal(b->claim(b, "d00000000001"), 0);
    assert_int_equal(a->claim(a, "d00000000001"), 1);
    assert_int_equal(b->append_move(b, "d00000000001", 1, "pass", 0), 0);
    /* a, out of date, answers index 1 again: refused, nothing written */
    assert_int_equal(a->append_move(a, "d00000000001", 1, "N:C", 0), -1);
    b->close(b);  /* its connection ends: the claim with it, once its backend is gone */
    int claim = 1;
    for (int i = 0; i < 100 && claim == 1; i++) {
        claim = a->claim(a, "d00000000001");
        if (claim == 1) {
            struct timespec ts = {0, 20000000};
            nanosleep(&ts, NULL);
        }
    }
    assert_int_equal(claim, 0);
    srv_game_row row;
    assert_int_equal(moves_of(a, "d00000000001", &row), 2);
    srv_game_row_free(&row);
    assert_int_equal(a->claim(a, "not-an-id"), -1);
    a->close(a);
}

static int live_c2(void *arg, const char *id)
{
    (void)arg;
    return strcmp(id, "c00000000002") == 0;
}

static void test_expire(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "c00000000001", 1700000000);  /* old, no move */
    add_game(st, "c00000000002", 1700000000);  /* old, in use */
    add_game(st, "c00000000003", 1700000000);  /* a move now */
    assert_int_equal(st->append_move(st, "c00000000003", 0, "U (1,0) r1", 0), 0);
    int n;
    assert_int_equal(st->expire(st, 30, live_c2, NULL, &n), 0);
    assert_int_equal(n >= 1, 1);  /* earlier tests' old games may expire too */
    srv_game_row row;
    assert_int_equal(moves_of(st, "c00000000001", &row), 0);
    assert_int_equal(row.finished, 2);
    srv_game_row_free(&row);
    assert_int_equal(moves_of(st, "c00000000002", &row), 0);
    assert_int_equal(row.finished, 0);
    srv_game_row_free(&row);
    assert_int_equal(moves_of(st, "c00000000003", &row), 1);
    assert_int_equal(row.finished, 0);
    srv_game_row_free(&row);
    assert_int_equal(st->append_move(st, "c00000000001", 0, "U (1,0) r1", 0), -1);
    /* held by another process (another store here): it does not expire */
    add_game(st, "c00000000004", 1700000000);
    srv_store *other = open_store();
    assert_int_equal(other->claim(other, "c00000000004"), 0);
    assert_int_equal(st->expire(st, 30, live_c2, NULL, &n), 0);
    assert_int_equal(moves_of(st, "c00000000004", &row), 0);
    assert_int_equal(row.finished, 0);
    srv_game_row_free(&row);
    other->close(other);
    st->close(st);
}

/* Chat, the case both backends share (store_cases.c); then what only PostgreSQL needs:
 * a failed statement aborts a whole transaction, so a chat message that fails inside
 * a batch (here: for a game that is not there) must leave the batch's move. */
static void test_chat(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "e00000000001", 1700000000);
    add_game(st, "e00000000002", 1700000000);
    st->close(st);
    store_case_chat(open_store, "e00000000001", "e00000000002");
    st = open_store();
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, "e00000000002", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_chat(st, "nosuchgame00", 0, 1795564800, "hello?"), -1);
    assert_non_null(strstr(st->err, "chat"));
    assert_int_equal(st->append_move(st, "e00000000002", 1, "pass", 0), 0);
    assert_int_equal(st->append_chat(st, "e00000000002", 1, 1795564801, "kept"), 0);
    assert_int_equal(st->batch_end(st), 0);
    srv_game_row row;
    assert_int_equal(moves_of(st, "e00000000002", &row), 2);
    srv_game_row_free(&row);
    srv_chat_row *rows;
    int n;
    assert_int_equal(st->load_chat(st, "e00000000002", 100, &rows, &n), 0);
    assert_int_equal(n, 2);
    assert_string_equal(rows[1].text, "kept");
    srv_chat_rows_free(rows, n);
    st->close(st);
}

/* The ladder, the case both backends share (store_cases.c); then what only several
 * processes on one database need: two stores that read the same rating before either
 * writes both count their deltas (rating = rating + delta: no update lost), and a game
 * rated by one is not rated again by the other. */
static void test_ladder(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "f00000000001", 1700000000);
    add_game(st, "f00000000002", 1700000000);
    add_game(st, "f00000000003", 1700000000);
    add_game(st, "f00000000004", 1700000000);
    st->close(st);
    store_case_ladder(open_store, "f00000000001", "f00000000002");
    srv_store *one = open_store(), *two = open_store();
    srv_ladder_store *l1 = one->ladder, *l2 = two->ladder;
    srv_ladder_player p1, p2;
    assert_int_equal(l1->create_player(l1, "dora", "dd", 1795564800), 0);
    assert_int_equal(l1->open_game(l1, "f00000000003", 1795564800), 0);
    assert_int_equal(l2->open_game(l2, "f00000000004", 1795564800), 0);
    assert_int_equal(l1->player(l1, "dora", &p1), 0);  /* both read 1500 */
    assert_int_equal(l2->player(l2, "dora", &p2), 0);
    assert_int_equal(p1.rating, p2.rating);
    srv_ladder_seat a[1] = {{.seat = 0, .name = "dora", .rank = 1, .delta = 16}};
    srv_ladder_seat b[1] = {{.seat = 0, .name = "dora", .rank = 1, .delta = 15}};
    assert_int_equal(l1->rate(l1, "f00000000003", 1795564900, a, 1), 0);
    assert_int_equal(l2->rate(l2, "f00000000004", 1795564901, b, 1), 0);
    assert_int_equal(l2->rate(l2, "f00000000003", 1795564902, b, 1), 1);  /* rated by one */
    assert_int_equal(l1->player(l1, "dora", &p1), 0);
    assert_int_equal(p1.rating, p2.rating + 31);
    assert_int_equal(p1.games, 2);
    assert_int_equal(b[0].after, p1.rating);
    two->close(two);
    one->close(one);
}

/* Clocks, the case both backends share (store_cases.c). */
static void test_clock(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "f00000000005", 1700000000);
    add_game(st, "f00000000006", 1700000000);
    st->close(st);
    store_case_clock(open_store, "f00000000005", "f00000000006");
}

/* Undo by agreement, the case both backends share (store_cases.c). */
static void test_undo(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "f00000000007", 1700000000);
    add_game(st, "f00000000008", 1700000000);
    st->close(st);
    store_case_undo(open_store, "f00000000007", "f00000000008");
}

int main(void)
{
    uri = getenv("CARC_TEST_PG");
    if (!uri || !*uri) {
        fprintf(stderr, "test_server_pg: set CARC_TEST_PG to a database's URI (pg.sh does)\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_batch),
        cmocka_unit_test(test_one_owner),
        cmocka_unit_test(test_expire),
        cmocka_unit_test(test_chat),
        cmocka_unit_test(test_ladder),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_undo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
