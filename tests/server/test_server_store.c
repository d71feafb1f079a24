/*
 * test_server_store.c - the SQLite store behind srv_store.h: rows and logs survive
 * closing and reopening, a second move at the same index is refused (the last guard
 * of exactly-once), a finished game leaves the list of unfinished ones, a move that
 * would leave a gap is refused, a log with a duplicate or missing move does not load
 * (and the other games do), a missing game is told apart from an error; group commit:
 * the moves of a batch are durable after batch_end and not before, a refused move in
 * a batch leaves the others, a failed commit leaves the store as the database says;
 * the log keeps every move (nothing pruned at open) and a finished game loads from
 * its row; a database of
 * the old schema (moves keyed by game and index) is migrated, nothing lost, or left
 * as it was if a game's moves have a gap; one store per database file, created 0600;
 * abandoned games expire; chat kept with a game (store_cases.c, run on PostgreSQL too).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "srv_store.h"
#include "srv_int.h"
#include "store_cases.h"

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
    /* a gap is refused before anything is written */
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 2, "pass", 0), -1);
    assert_non_null(strstr(st->err, "move 2, but its log has 1"));
    /* so is a move of no game */
    assert_int_equal(st->append_move(st, "cccccccccccc", 0, "pass", 0), -1);
    assert_non_null(strstr(st->err, "no game cccccccccccc"));
    assert_int_equal(st->load_game(st, "aaaaaaaaaaaa", &row, &moves, &n), 0);
    assert_int_equal(n, 1);
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    st->close(st);
}

/* Runs SQL on the store's file behind its back (a corrupt or an old database). */
static void raw_sql(const char *sql)
{
    sqlite3 *db;
    char *msg = NULL;
    assert_int_equal(sqlite3_open(store_path, &db), SQLITE_OK);
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", sql, msg);
    sqlite3_close(db);
}

/* An integer SQL gives on the store's file. */
static long raw_count(const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(store_path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    long v = (long)sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

static void test_corrupt_log(void **state)
{
    (void)state;
    srv_store *st = open_store();
    srv_game_row row;
    char **moves;
    int n;
    add_game(st, "aaaaaaaaaaaa");
    add_game(st, "bbbbbbbbbbbb");
    add_game(st, "cccccccccccc");
    for (int i = 0; i < 3; i++) {
        assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", i, "pass", 0), 0);
        assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", i, "pass", 0), 0);
        assert_int_equal(st->append_move(st, "cccccccccccc", i, "pass", 0), 0);
    }
    st->close(st);
    /* a's move 1 twice; b's move 1 gone */
    raw_sql("INSERT INTO log (game, idx, move) SELECT game, idx, move FROM log"
            " WHERE game = 'aaaaaaaaaaaa' AND idx = 1;"
            "DELETE FROM log WHERE game = 'bbbbbbbbbbbb' AND idx = 1;");
    st = open_store();
    assert_int_equal(st->load_game(st, "aaaaaaaaaaaa", &row, &moves, &n), -1);
    assert_non_null(strstr(st->err, "game aaaaaaaaaaaa: its log has move 1 where move 3 "
                                    "belongs (a duplicate move"));
    assert_null(moves);
    assert_int_equal(st->load_game(st, "bbbbbbbbbbbb", &row, &moves, &n), -1);
    assert_non_null(strstr(st->err, "game bbbbbbbbbbbb: its log has move 2 where move 1 "
                                    "belongs (a missing move"));
    /* nothing more joins a corrupt log */
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 1, "pass", 0), -1);
    assert_non_null(strstr(st->err, "corrupt"));
    /* the other game is whole */
    assert_int_equal(st->load_game(st, "cccccccccccc", &row, &moves, &n), 0);
    assert_int_equal(n, 3);
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    st->close(st);
}

/* The log keeps one row per accepted move for good (nothing is pruned at open), and
 * a finished game loads from the list in its row. */
static void test_log_kept(void **state)
{
    (void)state;
    srv_store *st = open_store();
    srv_game_row row;
    char **moves;
    int n;
    add_game(st, "aaaaaaaaaaaa");
    add_game(st, "bbbbbbbbbbbb");
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 0, "pass", 0), 0);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 1, "N:C", 1), 0);
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 1, "pass", 0), 0);
    st->close(st);
    assert_int_equal(raw_count("SELECT count(*) FROM log"), 4);
    st = open_store();
    assert_int_equal(raw_count("SELECT count(*) FROM log"), 4);
    assert_int_equal(raw_count("SELECT count(*) FROM log WHERE game = 'aaaaaaaaaaaa'"), 2);
    assert_int_equal(st->load_game(st, "aaaaaaaaaaaa", &row, &moves, &n), 0);
    assert_int_equal(row.finished, 1);
    assert_int_equal(n, 2);
    assert_string_equal(moves[0], "U (1,0) r1");
    assert_string_equal(moves[1], "N:C");
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 2, "pass", 1), 0);
    st->close(st);
    st = open_store();
    assert_int_equal(raw_count("SELECT count(*) FROM log"), 5);
    assert_int_equal(log_length(st, "bbbbbbbbbbbb"), 3);
    assert_int_equal(log_length(st, "aaaaaaaaaaaa"), 2);
    st->close(st);
}

/* The old schema, as the server wrote it before the log was append-only. */
static const char old_schema[] =
    "PRAGMA journal_mode=WAL;"
    "CREATE TABLE games (id TEXT PRIMARY KEY, players TEXT NOT NULL,"
    " expansions TEXT NOT NULL, seed INTEGER NOT NULL, tokens TEXT NOT NULL,"
    " created INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE moves (game TEXT NOT NULL, idx INTEGER NOT NULL,"
    " move TEXT NOT NULL, PRIMARY KEY (game, idx)) WITHOUT ROWID;"
    "CREATE INDEX games_open ON games(finished);"
    "INSERT INTO games VALUES ('aaaaaaaaaaaa', 'human,human', 'base', 7, 'aa,bb', 1, 1),"
    " ('bbbbbbbbbbbb', 'human,mcts:300', 'gifts,christmas', 8, 'cc,', 2, 0),"
    " ('cccccccccccc', 'human,human', 'base', 9, 'dd,ee', 3, 0);"
    "INSERT INTO moves VALUES ('bbbbbbbbbbbb', 1, 'N:C'), ('aaaaaaaaaaaa', 0, 'U (1,0) r1'),"
    " ('aaaaaaaaaaaa', 2, 'pass'), ('bbbbbbbbbbbb', 0, 'U (0,1) r2'),"
    " ('aaaaaaaaaaaa', 1, 'N:F');";

static void test_migrate(void **state)
{
    (void)state;
    raw_sql(old_schema);
    srv_store *st = open_store();
    srv_game_row row;
    char **moves, **ids;
    int n;
    assert_int_equal(raw_count("SELECT count(*) FROM sqlite_master WHERE name = 'moves'"), 0);
    /* every move is a row of the log, in (game, index) order */
    assert_int_equal(raw_count("SELECT count(*) FROM log"), 5);
    assert_int_equal(raw_count("SELECT count(*) FROM log WHERE game = 'aaaaaaaaaaaa' AND"
                               " seq - idx = (SELECT min(seq) FROM log WHERE game = 'aaaaaaaaaaaa')"),
                     3);
    assert_int_equal(raw_count("SELECT count(*) FROM games WHERE first_seq IS NOT NULL"), 1);
    assert_int_equal(st->load_game(st, "aaaaaaaaaaaa", &row, &moves, &n), 0);
    assert_int_equal(row.finished, 1);
    assert_true(row.seed == 7);
    assert_string_equal(row.tokens, "aa,bb");
    assert_int_equal(n, 3);
    assert_string_equal(moves[0], "U (1,0) r1");
    assert_string_equal(moves[1], "N:F");
    assert_string_equal(moves[2], "pass");
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    assert_int_equal(st->load_game(st, "bbbbbbbbbbbb", &row, &moves, &n), 0);
    assert_int_equal(row.finished, 0);
    assert_string_equal(row.players, "human,mcts:300");
    assert_int_equal(n, 2);
    assert_string_equal(moves[0], "U (0,1) r2");
    assert_string_equal(moves[1], "N:C");
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    assert_int_equal(log_length(st, "cccccccccccc"), 0);
    assert_int_equal(st->unfinished(st, &ids, &n), 0);
    assert_int_equal(n, 2);
    assert_string_equal(ids[0], "bbbbbbbbbbbb");
    assert_string_equal(ids[1], "cccccccccccc");
    srv_strings_free(ids, n);
    /* the games go on from where they were */
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 1, "pass", 0), -1);
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 2, "pass", 0), 0);
    assert_int_equal(st->append_move(st, "cccccccccccc", 0, "pass", 0), 0);
    st->close(st);
    st = open_store();
    assert_int_equal(log_length(st, "bbbbbbbbbbbb"), 3);
    assert_int_equal(log_length(st, "cccccccccccc"), 1);
    assert_int_equal(log_length(st, "aaaaaaaaaaaa"), 3);
    st->close(st);
}

/* One store per database (issue 22, H4): a second open of a database another store
 * holds is refused with a message saying so, and nothing is written; once the first
 * closes, it opens. The file is created 0600 (it holds seeds and token hashes), and a
 * file readable by others is made 0600. */
static void test_one_owner(void **state)
{
    (void)state;
    char err[256];
    srv_store *a = open_store();
    add_game(a, "0123456789ab");
    struct stat st;
    assert_int_equal(stat(store_path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    assert_null(srv_sqlite_open(store_path, err, sizeof err));
    assert_non_null(strstr(err, "is in use by another carc serve"));
    assert_int_equal(a->append_move(a, "0123456789ab", 0, "U (1,0) r1", 0), 0);
    a->close(a);
    chmod(store_path, 0644);
    srv_store *b = open_store();
    assert_int_equal(stat(store_path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    b->close(b);
    /* a directory that does not exist: the message says what to look at */
    assert_null(srv_sqlite_open("/nonexistent-carc-dir/x.sqlite", err, sizeof err));
    assert_non_null(strstr(err, "does its directory exist"));
}

static int live_d(void *arg, const char *id)
{
    (void)arg;
    return strcmp(id, "dddddddddddd") == 0;
}

/* Expiry (issue 22, M1): the unfinished games untouched for the given days (their last
 * move's time, or their creation's if they have none) are marked expired, but those
 * in use; they leave the unfinished list, load as expired with their moves, and take
 * no move; the others stay as they were. */
static void test_expire(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "aaaaaaaaaaaa");  /* created in 2023, no move */
    add_game(st, "bbbbbbbbbbbb");  /* a move now */
    add_game(st, "cccccccccccc");  /* moves long ago */
    add_game(st, "dddddddddddd");  /* old, but in use */
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "cccccccccccc", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "cccccccccccc", 1, "pass", 0), 0);
    st->close(st);
    raw_sql("UPDATE log SET at = 1700000000 WHERE game = 'cccccccccccc'");
    st = open_store();
    int n;
    assert_int_equal(st->expire(st, 30, live_d, NULL, &n), 0);
    assert_int_equal(n, 2);
    char **ids;
    assert_int_equal(st->unfinished(st, &ids, &n), 0);
    assert_int_equal(n, 2);
    assert_string_equal(ids[0], "bbbbbbbbbbbb");
    assert_string_equal(ids[1], "dddddddddddd");
    srv_strings_free(ids, n);
    srv_game_row row;
    char **moves;
    assert_int_equal(st->load_game(st, "cccccccccccc", &row, &moves, &n), 0);
    assert_int_equal(row.finished, 2);
    assert_int_equal(n, 2);
    assert_string_equal(moves[1], "pass");
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    assert_int_equal(st->load_game(st, "aaaaaaaaaaaa", &row, &moves, &n), 0);
    assert_int_equal(row.finished, 2);
    assert_int_equal(n, 0);
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    /* an expired game takes no move */
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 0, "U (1,0) r1", 0), -1);
    assert_int_equal(st->append_move(st, "cccccccccccc", 2, "pass", 0), -1);
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 1, "pass", 0), 0);
    /* nothing more to expire; 0 days: never */
    assert_int_equal(st->expire(st, 30, NULL, NULL, &n), 0);
    assert_int_equal(n, 1);  /* d, no longer in use */
    assert_int_equal(st->expire(st, 0, NULL, NULL, &n), 0);
    assert_int_equal(n, 0);
    st->close(st);
    st = open_store();
    assert_int_equal(st->unfinished(st, &ids, &n), 0);
    assert_int_equal(n, 1);
    srv_strings_free(ids, n);
    st->close(st);
}

/* An old database with a gap in a game's moves is not migrated, and stays as it was. */
static void test_migrate_gap(void **state)
{
    (void)state;
    raw_sql(old_schema);
    raw_sql("DELETE FROM moves WHERE game = 'aaaaaaaaaaaa' AND idx = 1");
    char err[256];
    assert_null(srv_sqlite_open(store_path, err, sizeof err));
    assert_non_null(strstr(err, "cannot migrate"));
    assert_non_null(strstr(err, "game aaaaaaaaaaaa: its moves have a gap"));
    assert_int_equal(raw_count("SELECT count(*) FROM moves"), 4);
    assert_int_equal(raw_count("SELECT count(*) FROM pragma_table_info('games')"), 7);
}

/* A failed group commit: the moves of the batch are not in the store, and the store
 * takes them again (its memory of the logs follows the database, not the batch). */
static void test_failed_commit(void **state)
{
    (void)state;
    setenv("CARC_SERVE_FAIL_COMMIT", "1", 1);
    srv_store *st = open_store();
    unsetenv("CARC_SERVE_FAIL_COMMIT");
    add_game(st, "aaaaaaaaaaaa");
    add_game(st, "bbbbbbbbbbbb");
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 0, "pass", 0), 0);
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 1, "pass", 0), 0);
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 0, "pass", 1), 0);
    assert_int_equal(st->batch_end(st), -1);
    assert_non_null(strstr(st->err, "injected failure"));
    assert_int_equal(log_length(st, "aaaaaaaaaaaa"), 1);
    assert_int_equal(log_length(st, "bbbbbbbbbbbb"), 0);
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 1, "N:C", 0), 0);
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 0, "pass", 1), 0);
    assert_int_equal(st->batch_end(st), 0);
    st->close(st);
    st = open_store();
    srv_game_row row;
    char **moves;
    int n;
    assert_int_equal(st->load_game(st, "aaaaaaaaaaaa", &row, &moves, &n), 0);
    assert_int_equal(n, 2);
    assert_string_equal(moves[1], "N:C");
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    assert_int_equal(st->load_game(st, "bbbbbbbbbbbb", &row, &moves, &n), 0);
    assert_int_equal(row.finished, 1);
    assert_int_equal(n, 1);
    srv_strings_free(moves, n);
    srv_game_row_free(&row);
    st->close(st);
}

static void test_batch(void **state)
{
    (void)state;
    srv_store *st = open_store();
    char **ids;
    int n;
    add_game(st, "aaaaaaaaaaaa");
    add_game(st, "bbbbbbbbbbbb");
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 1, "pass", 0), 0);
    /* a second move at one index is refused; the batch goes on without it */
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 1, "N:C", 0), -1);
    assert_non_null(strstr(st->err, "append move"));
    assert_int_equal(st->append_move(st, "bbbbbbbbbbbb", 1, "pass", 1), 0);
    assert_int_equal(st->batch_end(st), 0);
    st->close(st);

    st = open_store();
    assert_int_equal(log_length(st, "aaaaaaaaaaaa"), 2);
    assert_int_equal(log_length(st, "bbbbbbbbbbbb"), 2);
    assert_int_equal(st->unfinished(st, &ids, &n), 0);
    assert_int_equal(n, 1);  /* b's last move finished it */
    assert_string_equal(ids[0], "aaaaaaaaaaaa");
    srv_strings_free(ids, n);
    /* a batch never ended (the process died before its commit) is not in the log */
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 2, "pass", 0), 0);
    st->close(st);
    st = open_store();
    assert_int_equal(log_length(st, "aaaaaaaaaaaa"), 2);
    /* an empty batch commits nothing and fails nothing; outside a batch a move
     * commits at once again */
    st->batch_begin(st);
    assert_int_equal(st->batch_end(st), 0);
    assert_int_equal(st->append_move(st, "aaaaaaaaaaaa", 2, "pass", 0), 0);
    st->close(st);
    st = open_store();
    assert_int_equal(log_length(st, "aaaaaaaaaaaa"), 3);
    st->close(st);
}

/* Chat, the case both backends share (store_cases.c). */
static void test_chat(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "aaaaaaaaaaaa");
    add_game(st, "bbbbbbbbbbbb");
    st->close(st);
    store_case_chat(open_store, "aaaaaaaaaaaa", "bbbbbbbbbbbb");
}

/* The ladder, the case both backends share (store_cases.c). */
static void test_ladder(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "aaaaaaaaaaaa");
    add_game(st, "bbbbbbbbbbbb");
    st->close(st);
    store_case_ladder(open_store, "aaaaaaaaaaaa", "bbbbbbbbbbbb");
}

/* The ladder's formula (srv_elo.c; docs/SERVER.md "The ladder"). */
static void test_elo(void **state)
{
    (void)state;
    int delta[3], rank[3];
    srv_elo_deltas(2, (int[]){1500, 1500}, (int[]){30, 12}, 32, delta, rank);
    assert_int_equal(delta[0], 16);
    assert_int_equal(delta[1], -16);
    assert_int_equal(rank[0], 1);
    assert_int_equal(rank[1], 2);
    srv_elo_deltas(2, (int[]){1500, 1500}, (int[]){20, 20}, 32, delta, rank);  /* a tie */
    assert_int_equal(delta[0], 0);
    assert_int_equal(rank[1], 1);
    /* the favourite wins: 32 * (1 - 1 / (1 + 10^(-200/400))) = 7.69 */
    srv_elo_deltas(2, (int[]){1700, 1500}, (int[]){40, 10}, 32, delta, rank);
    assert_int_equal(delta[0], 8);
    assert_int_equal(delta[1], -8);
    /* three seats, pairwise, K / (n - 1) each: a tie for first, a last */
    srv_elo_deltas(3, (int[]){1500, 1500, 1500}, (int[]){10, 10, 5}, 32, delta, rank);
    assert_int_equal(delta[0], 8);
    assert_int_equal(delta[1], 8);
    assert_int_equal(delta[2], -16);
    assert_int_equal(rank[0], 1);
    assert_int_equal(rank[1], 1);
    assert_int_equal(rank[2], 3);
}

/* Clocks, the case both backends share (store_cases.c). */
static void test_clock(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "cccccccccccc");
    add_game(st, "dddddddddddd");
    st->close(st);
    store_case_clock(open_store, "cccccccccccc", "dddddddddddd");
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

/* Undo by agreement, the case both backends share (store_cases.c). */
static void test_undo(void **state)
{
    (void)state;
    srv_store *st = open_store();
    add_game(st, "eeeeeeeeeeee");
    add_game(st, "ffffffffffff");
    st->close(st);
    store_case_undo(open_store, "eeeeeeeeeeee", "ffffffffffff");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_log_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_clock, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_and_gap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_batch, setup, teardown),
        cmocka_unit_test_setup_teardown(test_corrupt_log, setup, teardown),
        cmocka_unit_test_setup_teardown(test_log_kept, setup, teardown),
        cmocka_unit_test_setup_teardown(test_migrate, setup, teardown),
        cmocka_unit_test_setup_teardown(test_migrate_gap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failed_commit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_owner, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expire, setup, teardown),
        cmocka_unit_test_setup_teardown(test_chat, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ladder, setup, teardown),
        cmocka_unit_test(test_elo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
