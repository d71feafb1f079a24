/*
 * srv_sqlite.c - the SQLite backend of srv_store.h.
 *
 * One connection, used only by the server thread, in WAL mode with
 * synchronous=NORMAL: a committed transaction is in the WAL file before
 * sqlite3_step returns, so killing the process loses nothing; a power loss may
 * lose the last transactions not yet checkpointed by an fsync (docs/SERVER.md).
 * Statements are prepared once.
 *
 * Group commit: between srv_sqlite_batch_begin and srv_sqlite_batch_end, every
 * append_move joins one transaction (opened by the first), which batch_end commits;
 * the server tells nobody of those moves before that. If the transaction dies on
 * the way (an I/O error), later appends of the batch are refused and batch_end
 * fails: every move appended since batch_begin may be lost. Schema:
 *   games(id TEXT PRIMARY KEY, players, expansions, seed, tokens, created, finished)
 *   moves(game, idx, move, PRIMARY KEY (game, idx))
 */
#define _POSIX_C_SOURCE 200809L
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "srv_store.h"

typedef struct sqlite_store {
    srv_store base;  /* first: a srv_store * is a sqlite_store * */
    sqlite3 *db;
    sqlite3_stmt *ins_game, *ins_move, *fin_game, *sel_game, *sel_moves, *sel_open;
    sqlite3_stmt *begin, *commit, *rollback;
    /* group commit (srv_sqlite_batch_begin/end): appends join one transaction */
    int batching;  /* between batch_begin and batch_end */
    int in_txn;    /* the batch's transaction is open */
    int lost;      /* the batch's transaction died: its appends are gone */
    /* fault injection (tests/server/store_fail.sh): CARC_SERVE_FAIL_COMMIT=K makes
     * the K-th commit of a batch fail once, rolled back as an I/O error would be */
    long commits, fail_at;
    /* CARC_SERVE_STORE_TRACE=FILE (the benchmark): a line per checkpoint */
    FILE *trace;
} sqlite_store;

/* SQLite's own automatic checkpoint runs at this many WAL pages; ours runs at the same */
#define SQLITE_CHECKPOINT_PAGES 1000

static const char sqlite_schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=NORMAL;"
    "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, players TEXT NOT NULL,"
    " expansions TEXT NOT NULL, seed INTEGER NOT NULL, tokens TEXT NOT NULL,"
    " created INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS moves (game TEXT NOT NULL, idx INTEGER NOT NULL,"
    " move TEXT NOT NULL, PRIMARY KEY (game, idx)) WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS games_open ON games(finished);";

void srv_strings_free(char **s, int n)
{
    if (!s)
        return;
    for (int i = 0; i < n; i++)
        free(s[i]);
    free(s);
}

void srv_game_row_free(srv_game_row *row)
{
    if (!row)
        return;
    free(row->id);
    free(row->players);
    free(row->expansions);
    free(row->tokens);
    memset(row, 0, sizeof *row);
}

/* Records SQLite's message on the handle; returns -1 for the caller to pass on. */
static int sqlite_fail(sqlite_store *s, const char *what)
{
    snprintf(s->base.err, sizeof s->base.err, "store: %s: %s", what, sqlite3_errmsg(s->db));
    return -1;
}

/* Runs a statement that returns no rows and resets it; 0 or -1. */
static int sqlite_run(sqlite_store *s, sqlite3_stmt *st, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? 0 : sqlite_fail(s, what);
}

static char *sqlite_text(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return strdup(t ? (const char *)t : "");
}

static int sqlite_create_game(srv_store *base, const srv_game_row *row)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st = s->ins_game;
    sqlite3_bind_text(st, 1, row->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, row->players, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, row->expansions, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)row->seed);
    sqlite3_bind_text(st, 5, row->tokens, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 6, row->created);
    return sqlite_run(s, st, "create game");
}

/* The statements of one append: the move and, if it ends the game, the mark. */
static int sqlite_insert_move(sqlite_store *s, const char *id, int index, const char *move,
                              int finished)
{
    sqlite3_bind_text(s->ins_move, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int(s->ins_move, 2, index);
    sqlite3_bind_text(s->ins_move, 3, move, -1, SQLITE_STATIC);
    int rc = sqlite_run(s, s->ins_move, "append move");
    if (rc == 0 && finished) {
        sqlite3_bind_text(s->fin_game, 1, id, -1, SQLITE_STATIC);
        rc = sqlite_run(s, s->fin_game, "finish game");
    }
    return rc;
}

/* Rolls back the open transaction, keeping the message of what failed. */
static void sqlite_undo(sqlite_store *s)
{
    char keep[sizeof s->base.err];
    memcpy(keep, s->base.err, sizeof keep);
    if (!sqlite3_get_autocommit(s->db))
        sqlite_run(s, s->rollback, "rollback");
    memcpy(s->base.err, keep, sizeof keep);
}

static int sqlite_append_move(srv_store *base, const char *id, int index, const char *move,
                              int finished)
{
    sqlite_store *s = (sqlite_store *)base;
    if (s->batching) {
        /* after a dead transaction nothing more joins the batch: a later move of the
         * same game would leave a gap in its log */
        if (s->lost) {
            snprintf(s->base.err, sizeof s->base.err, "store: an earlier write of this batch failed");
            return -1;
        }
        if (!s->in_txn) {
            if (sqlite_run(s, s->begin, "begin") < 0)
                return -1;
            s->in_txn = 1;
        }
        if (sqlite_insert_move(s, id, index, move, finished) == 0)
            return 0;
        /* a failed statement undoes itself; an I/O error may undo the transaction */
        if (sqlite3_get_autocommit(s->db)) {
            s->in_txn = 0;
            s->lost = 1;
        }
        return -1;
    }
    if (sqlite_run(s, s->begin, "begin") < 0)
        return -1;
    if (sqlite_insert_move(s, id, index, move, finished) == 0)
        return sqlite_run(s, s->commit, "commit");
    sqlite_undo(s);
    return -1;
}

void srv_sqlite_batch_begin(srv_store *base)
{
    sqlite_store *s = (sqlite_store *)base;
    s->batching = 1;
}

int srv_sqlite_batch_end(srv_store *base)
{
    sqlite_store *s = (sqlite_store *)base;
    int rc = s->lost ? -1 : 0;
    if (s->in_txn && ++s->commits == s->fail_at) {
        snprintf(s->base.err, sizeof s->base.err, "store: commit: injected failure (test)");
        sqlite_undo(s);
        rc = -1;
    } else if (s->in_txn && sqlite_run(s, s->commit, "commit") < 0) {
        sqlite_undo(s);
        rc = -1;
    }
    if (s->lost)
        snprintf(s->base.err, sizeof s->base.err, "store: a write of the batch failed");
    s->batching = s->in_txn = s->lost = 0;
    return rc;
}

static int sqlite_load_game(srv_store *base, const char *id, srv_game_row *row, char ***moves,
                            int *n)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st = s->sel_game;
    memset(row, 0, sizeof *row);
    *moves = NULL;
    *n = 0;
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        row->id = sqlite_text(st, 0);
        row->players = sqlite_text(st, 1);
        row->expansions = sqlite_text(st, 2);
        row->seed = (uint64_t)sqlite3_column_int64(st, 3);
        row->tokens = sqlite_text(st, 4);
        row->created = sqlite3_column_int64(st, 5);
        row->finished = sqlite3_column_int(st, 6);
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc == SQLITE_DONE)
        return 1;
    if (rc != SQLITE_ROW)
        return sqlite_fail(s, "load game");
    if (!row->id || !row->players || !row->expansions || !row->tokens) {
        srv_game_row_free(row);
        snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
        return -1;
    }
    st = s->sel_moves;
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    int cap = 0, bad = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        /* the log must be 0, 1, 2, ...: a gap would replay a different game */
        if (sqlite3_column_int(st, 0) != *n) {
            bad = 1;
            break;
        }
        if (*n == cap) {
            cap = cap ? 2 * cap : 128;
            char **nm = realloc(*moves, (size_t)cap * sizeof *nm);
            if (!nm) {
                bad = 2;
                break;
            }
            *moves = nm;
        }
        (*moves)[(*n)++] = sqlite_text(st, 1);
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (bad || (rc != SQLITE_ROW && rc != SQLITE_DONE)) {
        if (bad == 1)
            snprintf(s->base.err, sizeof s->base.err, "store: game %s: gap in its log at %d",
                     id, *n);
        else if (bad == 2)
            snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
        else
            sqlite_fail(s, "load moves");
        srv_strings_free(*moves, *n);
        *moves = NULL;
        *n = 0;
        srv_game_row_free(row);
        return -1;
    }
    return 0;
}

static int sqlite_unfinished(srv_store *base, char ***ids, int *n)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st = s->sel_open;
    int rc, cap = 0;
    *ids = NULL;
    *n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            char **ni = realloc(*ids, (size_t)cap * sizeof *ni);
            if (!ni)
                break;
            *ids = ni;
        }
        (*ids)[(*n)++] = sqlite_text(st, 0);
    }
    sqlite3_reset(st);
    if (rc != SQLITE_DONE) {
        srv_strings_free(*ids, *n);
        *ids = NULL;
        *n = 0;
        if (rc != SQLITE_ROW)
            return sqlite_fail(s, "list games");
        snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
        return -1;
    }
    return 0;
}

static double sqlite_realtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The WAL hook, run after each commit: SQLite's automatic checkpoint (a passive one at
 * SQLITE_CHECKPOINT_PAGES pages, as sqlite3_wal_autocheckpoint does; setting a hook
 * replaces that one), timed for the trace. It runs on the service thread, inside the
 * commit of a batch: its time is in every move of the batch. */
static int sqlite_wal_hook(void *arg, sqlite3 *db, const char *name, int pages)
{
    sqlite_store *s = arg;
    if (pages < SQLITE_CHECKPOINT_PAGES)
        return SQLITE_OK;
    double t0 = s->trace ? sqlite_realtime() : 0;
    sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    if (s->trace)
        fprintf(s->trace, "%.6f %.6f %d\n", t0, sqlite_realtime(), pages);
    return SQLITE_OK;
}

static void sqlite_close(srv_store *base)
{
    sqlite_store *s = (sqlite_store *)base;
    if (!s)
        return;
    if (s->trace)
        fclose(s->trace);
    sqlite3_stmt *all[] = {s->ins_game, s->ins_move, s->fin_game, s->sel_game,
                           s->sel_moves, s->sel_open, s->begin, s->commit, s->rollback};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        sqlite3_finalize(all[i]);
    sqlite3_close(s->db);
    free(s);
}

srv_store *srv_sqlite_open(const char *path, char *err, size_t errsize)
{
    sqlite_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    const char *fault = getenv("CARC_SERVE_FAIL_COMMIT");
    s->fail_at = fault ? strtol(fault, NULL, 10) : 0;
    s->base.create_game = sqlite_create_game;
    s->base.append_move = sqlite_append_move;
    s->base.load_game = sqlite_load_game;
    s->base.unfinished = sqlite_unfinished;
    s->base.close = sqlite_close;
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(err, errsize, "cannot open database %s: %s", path,
                 s->db ? sqlite3_errmsg(s->db) : "out of memory");
        sqlite_close(&s->base);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 2000);
    const char *trace = getenv("CARC_SERVE_STORE_TRACE");
    if (trace && *trace) {
        s->trace = fopen(trace, "w");
        if (!s->trace) {
            snprintf(err, errsize, "cannot write the store trace %s", trace);
            sqlite_close(&s->base);
            return NULL;
        }
        setvbuf(s->trace, NULL, _IOLBF, 0);  /* read while the server runs */
    }
    sqlite3_wal_hook(s->db, sqlite_wal_hook, s);
    char *msg = NULL;
    if (sqlite3_exec(s->db, sqlite_schema, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, errsize, "cannot set up database %s: %s", path, msg ? msg : "?");
        sqlite3_free(msg);
        sqlite_close(&s->base);
        return NULL;
    }
    struct {
        sqlite3_stmt **st;
        const char *sql;
    } prep[] = {
        {&s->ins_game, "INSERT INTO games (id, players, expansions, seed, tokens, created)"
                       " VALUES (?1, ?2, ?3, ?4, ?5, ?6)"},
        {&s->ins_move, "INSERT INTO moves (game, idx, move) VALUES (?1, ?2, ?3)"},
        {&s->fin_game, "UPDATE games SET finished = 1 WHERE id = ?1"},
        {&s->sel_game, "SELECT id, players, expansions, seed, tokens, created, finished"
                       " FROM games WHERE id = ?1"},
        {&s->sel_moves, "SELECT idx, move FROM moves WHERE game = ?1 ORDER BY idx"},
        {&s->sel_open, "SELECT id FROM games WHERE finished = 0 ORDER BY created, id"},
        {&s->begin, "BEGIN IMMEDIATE"},
        {&s->commit, "COMMIT"},
        {&s->rollback, "ROLLBACK"},
    };
    for (size_t i = 0; i < sizeof prep / sizeof prep[0]; i++)
        if (sqlite3_prepare_v2(s->db, prep[i].sql, -1, prep[i].st, NULL) != SQLITE_OK) {
            snprintf(err, errsize, "cannot prepare a statement on %s: %s", path,
                     sqlite3_errmsg(s->db));
            sqlite_close(&s->base);
            return NULL;
        }
    return &s->base;
}
