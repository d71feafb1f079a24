/*
 * srv_pg.c - the PostgreSQL backend of srv_store.h (libpq), for `carc serve --db
 * postgresql://...` (docs/SERVER.md, "On PostgreSQL").
 *
 * One connection, used only by the service thread. Schema:
 *   games(id TEXT PRIMARY KEY, players, expansions, seed, tokens, created, finished,
 *         nmoves, touched)
 *   moves(game, idx, move, at, PRIMARY KEY (game, idx))
 *   chat(seq BIGSERIAL PRIMARY KEY, game, seat, at, text), indexed by (game, seq)
 *   clocks(game TEXT PRIMARY KEY, state): a game's clocks (srv_clock.c's text)
 * An append is two statements in one transaction: the game's row moves from nmoves =
 * index to index + 1 (an UPDATE that finds no row when the index is not the next or
 * the game is no longer being played: refused, nothing written), then the move's row,
 * whose key (game, idx) is the last guard of exactly-once: a second writer of the same
 * index, in this process or another, fails. The UPDATE also holds the game's row
 * locked until the commit, so two writers of one game take turns. A commit is durable
 * when it returns (PostgreSQL's synchronous_commit, on by default).
 *
 * Group commit (batch_begin/batch_end): the appends of a service pass join one
 * transaction, committed at the pass's end, as the SQLite store does. A statement that
 * fails aborts a PostgreSQL transaction: the batch is then lost, later appends of it
 * are refused and batch_end fails (the server rebuilds those games from the store).
 *
 * Chat (append_chat, load_chat) is kept as the SQLite store keeps it: a message joins
 * the batch's transaction if a move opened one (durable with it, lost with it), else
 * commits at once; a game's last `max` are read oldest first. Inside a batch each chat statement runs under a savepoint, because a failed
 * statement aborts the whole PostgreSQL transaction: a chat message that cannot be
 * written must not take the batch's moves with it. Messages of one game are in seq
 * order because only the game's owner writes them (one owner per game, below).
 *
 * One owner per game: several processes share the database, and a process hosts a
 * game only while it holds a session advisory lock keyed by the game's id (its 48
 * bits are the key: no two games share one). The lock dies with the connection,
 * whatever ends the process, and another process then takes the game over by
 * rebuilding it from its moves. The move count's guard above still refuses a move
 * from a process that lost its lock without knowing (its connection dropped) once
 * the new owner has moved on.
 */
#define _POSIX_C_SOURCE 200809L
#include <libpq-fe.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "srv_ladder_store.h"
#include "srv_store.h"

typedef struct pg_store {
    srv_store base;  /* first */
    PGconn *db;
    int batching, in_txn, lost;
    int64_t now_offset;    /* CARC_SERVE_NOW_OFFSET (tests), as the SQLite store */
    long commits, fail_at; /* CARC_SERVE_FAIL_COMMIT (tests), as the SQLite store */
} pg_store;

static const char pg_schema[] =
    "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, players TEXT NOT NULL,"
    " expansions TEXT NOT NULL, seed BIGINT NOT NULL, tokens TEXT NOT NULL,"
    " created BIGINT NOT NULL, finished INTEGER NOT NULL DEFAULT 0,"
    " nmoves INTEGER NOT NULL DEFAULT 0, touched BIGINT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS moves (game TEXT NOT NULL REFERENCES games(id),"
    " idx INTEGER NOT NULL, move TEXT NOT NULL, at BIGINT NOT NULL,"
    " PRIMARY KEY (game, idx));"
    "CREATE TABLE IF NOT EXISTS chat (seq BIGSERIAL PRIMARY KEY,"
    " game TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, at BIGINT NOT NULL,"
    " text TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS chat_game ON chat(game, seq);"
    "CREATE TABLE IF NOT EXISTS clocks (game TEXT PRIMARY KEY REFERENCES games(id),"
    " state TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS games_open ON games(created, id) WHERE finished = 0;";

static int64_t pg_now(const pg_store *s)
{
    return (int64_t)time(NULL) + s->now_offset;
}

/* Records a failure (what, and PostgreSQL's message); -1. */
static int pg_fail(pg_store *s, const char *what, const PGresult *r)
{
    const char *msg = r ? PQresultErrorMessage(r) : PQerrorMessage(s->db);
    if (!msg || !*msg)
        msg = PQerrorMessage(s->db);
    snprintf(s->base.err, sizeof s->base.err, "store: %s: %.*s", what,
             (int)strcspn(msg, "\n"), msg);
    return -1;
}

/* Runs a statement without parameters nor rows; 0 or -1. */
static int pg_cmd(pg_store *s, const char *sql, const char *what)
{
    PGresult *r = PQexec(s->db, sql);
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok)
        pg_fail(s, what, r);
    PQclear(r);
    return ok ? 0 : -1;
}

/* Runs a prepared statement; the result (caller clears), or NULL with the failure
 * recorded. */
static PGresult *pg_run(pg_store *s, const char *name, int n, const char *const *params,
                        const char *what)
{
    PGresult *r = PQexecPrepared(s->db, name, n, params, NULL, NULL, 0);
    ExecStatusType st = PQresultStatus(r);
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK)
        return r;
    pg_fail(s, what, r);
    PQclear(r);
    return NULL;
}

static void pg_rollback(pg_store *s)
{
    char keep[sizeof s->base.err];
    memcpy(keep, s->base.err, sizeof keep);
    PGresult *r = PQexec(s->db, "ROLLBACK");
    PQclear(r);
    memcpy(s->base.err, keep, sizeof keep);
}

/* COMMIT; 0 or -1. PostgreSQL answers the COMMIT of a transaction that an earlier
 * statement aborted with "ROLLBACK" and no error: that is a lost batch too. */
static int pg_commit(pg_store *s)
{
    PGresult *r = PQexec(s->db, "COMMIT");
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK && !strcmp(PQcmdStatus(r), "COMMIT");
    if (PQresultStatus(r) != PGRES_COMMAND_OK)
        pg_fail(s, "commit", r);
    else if (!ok)
        snprintf(s->base.err, sizeof s->base.err,
                 "store: commit: rolled back (a statement of the transaction failed)");
    PQclear(r);
    return ok ? 0 : -1;
}

/* The open batch's transaction failed: rolled back, and the batch is lost (its later
 * writes refused, batch_end fails). */
static void pg_lose_batch(pg_store *s)
{
    pg_rollback(s);
    s->in_txn = 0;
    s->lost = 1;
}

/* 1 (with the message) if the open batch's transaction failed: nothing more joins it. */
static int pg_batch_dead(pg_store *s)
{
    if (!(s->batching && s->lost))
        return 0;
    snprintf(s->base.err, sizeof s->base.err, "store: an earlier write of this batch failed");
    return 1;
}

static int pg_create_game(srv_store *base, const srv_game_row *row)
{
    pg_store *s = (pg_store *)base;
    char seed[24], created[24];
    snprintf(seed, sizeof seed, "%lld", (long long)row->seed);
    snprintf(created, sizeof created, "%lld", (long long)row->created);
    const char *p[] = {row->id, row->players, row->expansions, seed, row->tokens, created};
    PGresult *r = pg_run(s, "ins_game", 6, p, "create game");
    PQclear(r);
    return r ? 0 : -1;
}

/* The statements of one append, in the open transaction: 0, 1 if refused (not the
 * next index, or the game is not being played; nothing written), -1 on an error (the
 * transaction is aborted). */
static int pg_insert_move(pg_store *s, const char *id, int index, const char *move,
                          int finished)
{
    char idx[16], next[16], now[24], fin[4];
    snprintf(idx, sizeof idx, "%d", index);
    snprintf(next, sizeof next, "%d", index + 1);
    snprintf(now, sizeof now, "%lld", (long long)pg_now(s));
    snprintf(fin, sizeof fin, "%d", finished ? 1 : 0);
    const char *bump[] = {id, idx, now, fin};
    PGresult *r = pg_run(s, "bump", 4, bump, "append move");
    if (!r)
        return -1;
    int rows = atoi(PQcmdTuples(r));
    PQclear(r);
    if (rows != 1) {
        snprintf(s->base.err, sizeof s->base.err,
                 "store: append move: game %s: move %d is not its next move (or the game is "
                 "not being played)", id, index);
        return 1;
    }
    const char *ins[] = {id, idx, move, now};
    r = pg_run(s, "ins_move", 4, ins, "append move");
    PQclear(r);
    return r ? 0 : -1;
}

static int pg_append_move(srv_store *base, const char *id, int index, const char *move,
                          int finished)
{
    pg_store *s = (pg_store *)base;
    if (pg_batch_dead(s))
        return -1;
    if (strchr(move, '\n')) {
        snprintf(s->base.err, sizeof s->base.err,
                 "store: append move: game %s: a move with a line break", id);
        return -1;
    }
    if (!s->batching) {
        if (pg_cmd(s, "BEGIN", "begin") < 0)
            return -1;
        int rc = pg_insert_move(s, id, index, move, finished);
        if (rc != 0 || pg_commit(s) < 0) {
            pg_rollback(s);
            return -1;
        }
        return 0;
    }
    if (!s->in_txn) {
        if (pg_cmd(s, "BEGIN", "begin") < 0)
            return -1;
        s->in_txn = 1;
    }
    int rc = pg_insert_move(s, id, index, move, finished);
    if (rc >= 0)
        return rc ? -1 : 0;  /* refused: the transaction goes on */
    pg_lose_batch(s);
    return -1;
}

/* Undo by agreement: the game's row from nmoves = index + 1 back to index (no row
 * matches if move `index` is not the last move of a game being played: refused,
 * nothing written), then the move's row deleted, in the open batch's transaction or
 * one of its own. */
static int pg_cut_move(srv_store *base, const char *id, int index)
{
    pg_store *s = (pg_store *)base;
    if (pg_batch_dead(s))
        return -1;
    if (!s->batching || !s->in_txn) {
        if (pg_cmd(s, "BEGIN", "begin") < 0)
            return -1;
        s->in_txn = s->batching;
    }
    char idx[16], now[24];
    snprintf(idx, sizeof idx, "%d", index);
    snprintf(now, sizeof now, "%lld", (long long)pg_now(s));
    const char *unbump[] = {id, idx, now};
    PGresult *r = pg_run(s, "unbump", 3, unbump, "cut move");
    int rc = r ? (atoi(PQcmdTuples(r)) == 1 ? 0 : 1) : -1;
    PQclear(r);
    if (rc == 0) {
        const char *del[] = {id, idx};
        r = pg_run(s, "del_move", 2, del, "cut move");
        rc = r && atoi(PQcmdTuples(r)) == 1 ? 0 : -1;
        if (r && rc < 0)
            snprintf(s->base.err, sizeof s->base.err, "store: cut move: game %s: move %d is "
                     "not in its log", id, index);
        PQclear(r);
    } else if (rc == 1) {
        snprintf(s->base.err, sizeof s->base.err, "store: cut move: game %s: move %d is not "
                 "the last move of a game being played", id, index);
    }
    if (!s->batching) {
        if (rc != 0 || pg_commit(s) < 0) {
            pg_rollback(s);
            return -1;
        }
        return 0;
    }
    if (rc == 1)
        return -1;  /* refused: nothing written, the transaction goes on */
    if (rc < 0)
        pg_lose_batch(s);
    return rc;
}

static void pg_batch_begin(srv_store *base)
{
    ((pg_store *)base)->batching = 1;
}

static int pg_batch_end(srv_store *base)
{
    pg_store *s = (pg_store *)base;
    int rc = s->lost ? -1 : 0;
    if (s->in_txn && ++s->commits == s->fail_at) {
        snprintf(s->base.err, sizeof s->base.err, "store: commit: injected failure (test)");
        pg_rollback(s);
        rc = -1;
    } else if (s->in_txn && pg_commit(s) < 0) {
        pg_rollback(s);
        rc = -1;
    }
    if (s->lost)
        snprintf(s->base.err, sizeof s->base.err, "store: a write of the batch failed");
    s->batching = s->in_txn = s->lost = 0;
    return rc;
}

static char *pg_text(const PGresult *r, int row, int col)
{
    return strdup(PQgetvalue(r, row, col));
}

/* A chat statement inside the open transaction runs under a savepoint (see the top):
 * pg_guard opens it (0; -1 if the transaction failed: the batch is lost), pg_unguard
 * releases it when the statement succeeded (ok) or rolls back to it, and returns 0 if
 * ok, else -1. Outside a transaction both do nothing. */
static int pg_guard(pg_store *s)
{
    if (!s->in_txn)
        return 0;
    if (pg_cmd(s, "SAVEPOINT chat", "chat") == 0)
        return 0;
    pg_lose_batch(s);
    return -1;
}

static int pg_unguard(pg_store *s, int ok)
{
    if (!s->in_txn)
        return ok ? 0 : -1;
    char keep[sizeof s->base.err];
    memcpy(keep, s->base.err, sizeof keep);  /* the failed statement's message */
    if (pg_cmd(s, ok ? "RELEASE SAVEPOINT chat" : "ROLLBACK TO SAVEPOINT chat", "chat") < 0) {
        pg_lose_batch(s);
        return -1;
    }
    memcpy(s->base.err, keep, sizeof keep);
    return ok ? 0 : -1;
}

/* A chat message: it joins the batch's transaction when one is open (a move of the
 * pass opened it: durable with its commit, lost with it), else it commits at once, as
 * in the SQLite store. */
static int pg_append_chat(srv_store *base, const char *id, int seat, int64_t at,
                          const char *text)
{
    pg_store *s = (pg_store *)base;
    char seatb[16], atb[24];
    snprintf(seatb, sizeof seatb, "%d", seat);
    snprintf(atb, sizeof atb, "%lld", (long long)at);
    const char *p[] = {id, seatb, atb, text};
    if (pg_guard(s) < 0)
        return -1;
    PGresult *r = pg_run(s, "ins_chat", 4, p, "chat");
    PQclear(r);
    return pg_unguard(s, r != NULL);
}

/* The rows of sel_chat as chat rows; 0, or -1 (out of memory) with nothing handed out. */
static int pg_chat_rows(pg_store *s, const PGresult *r, srv_chat_row **rows, int *n)
{
    int got = PQntuples(r);
    *rows = calloc((size_t)got + 1, sizeof **rows);
    for (int i = 0; *rows && i < got; i++) {
        srv_chat_row *c = &(*rows)[i];
        c->seat = atoi(PQgetvalue(r, i, 0));
        c->at = strtoll(PQgetvalue(r, i, 1), NULL, 10);
        if (!(c->text = pg_text(r, i, 2)))
            break;
        (*n)++;
    }
    if (*rows && *n == got)
        return 0;
    srv_chat_rows_free(*rows, *n);
    *rows = NULL;
    *n = 0;
    snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
    return -1;
}

/* The last `max` chat messages of a game, oldest first. */
static int pg_load_chat(srv_store *base, const char *id, int max, srv_chat_row **rows, int *n)
{
    pg_store *s = (pg_store *)base;
    *rows = NULL;
    *n = 0;
    if (max <= 0)
        return 0;
    char maxb[16];
    snprintf(maxb, sizeof maxb, "%d", max);
    const char *p[] = {id, maxb};
    if (pg_guard(s) < 0)
        return -1;
    PGresult *r = pg_run(s, "sel_chat", 2, p, "chat");
    if (pg_unguard(s, r != NULL) < 0) {
        PQclear(r);
        return -1;
    }
    int rc = pg_chat_rows(s, r, rows, n);
    PQclear(r);
    return rc;
}

/* A game's clock, replaced: as a chat message, in the batch's transaction when one is
 * open (under a savepoint), else committed at once. */
static int pg_save_clock(srv_store *base, const char *id, const char *text)
{
    pg_store *s = (pg_store *)base;
    const char *p[] = {id, text};
    if (pg_guard(s) < 0)
        return -1;
    PGresult *r = pg_run(s, "put_clock", 2, p, "clock");
    PQclear(r);
    return pg_unguard(s, r != NULL);
}

static int pg_load_clock(srv_store *base, const char *id, char **text)
{
    pg_store *s = (pg_store *)base;
    const char *p[] = {id};
    *text = NULL;
    if (pg_guard(s) < 0)
        return -1;
    PGresult *r = pg_run(s, "sel_clock", 1, p, "clock");
    if (pg_unguard(s, r != NULL) < 0) {
        PQclear(r);
        return -1;
    }
    int rc = PQntuples(r) == 0 ? 1 : (*text = pg_text(r, 0, 0)) ? 0 : -1;
    if (rc < 0)
        snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
    PQclear(r);
    return rc;
}

static int pg_load_game(srv_store *base, const char *id, srv_game_row *row, char ***moves,
                        int *n)
{
    pg_store *s = (pg_store *)base;
    memset(row, 0, sizeof *row);
    *moves = NULL;
    *n = 0;
    const char *p[] = {id};
    PGresult *g = pg_run(s, "sel_game", 1, p, "load game");
    if (!g)
        return -1;
    if (PQntuples(g) == 0) {
        PQclear(g);
        return 1;
    }
    row->id = pg_text(g, 0, 0);
    row->players = pg_text(g, 0, 1);
    row->expansions = pg_text(g, 0, 2);
    row->seed = (uint64_t)strtoll(PQgetvalue(g, 0, 3), NULL, 10);
    row->tokens = pg_text(g, 0, 4);
    row->created = strtoll(PQgetvalue(g, 0, 5), NULL, 10);
    row->finished = atoi(PQgetvalue(g, 0, 6));
    int nmoves = atoi(PQgetvalue(g, 0, 7));
    PQclear(g);
    PGresult *m = pg_run(s, "sel_moves", 1, p, "load game");
    int rc = 0;
    if (!m) {
        rc = -1;
    } else {
        int rows = PQntuples(m);
        *moves = calloc((size_t)rows + 1, sizeof **moves);
        for (int i = 0; *moves && i < rows; i++) {
            if (atoi(PQgetvalue(m, i, 0)) != i || rows != nmoves) {
                snprintf(s->base.err, sizeof s->base.err, "store: game %s: its log has %d "
                         "moves, not 0 to %d in order (the store is corrupt)", id, rows,
                         nmoves - 1);
                rc = -1;
                break;
            }
            if (!((*moves)[i] = pg_text(m, i, 1))) {
                rc = -1;
                snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
                break;
            }
            (*n)++;
        }
        if (!*moves) {
            rc = -1;
            snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
        }
        PQclear(m);
    }
    if (rc == 0 && (!row->id || !row->players || !row->expansions || !row->tokens)) {
        snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
        rc = -1;
    }
    if (rc < 0) {
        srv_strings_free(*moves, *n);
        *moves = NULL;
        *n = 0;
        srv_game_row_free(row);
    }
    return rc;
}

/* The first column of every row of a prepared statement, as strings. */
static int pg_ids(pg_store *s, const char *name, int np, const char *const *params,
                  char ***ids, int *n)
{
    *ids = NULL;
    *n = 0;
    PGresult *r = pg_run(s, name, np, params, "list games");
    if (!r)
        return -1;
    int rows = PQntuples(r);
    *ids = calloc((size_t)rows + 1, sizeof **ids);
    for (int i = 0; *ids && i < rows; i++) {
        if (!((*ids)[i] = pg_text(r, i, 0)))
            break;
        (*n)++;
    }
    PQclear(r);
    if (!*ids || *n != rows) {
        srv_strings_free(*ids, *n);
        *ids = NULL;
        *n = 0;
        snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
        return -1;
    }
    return 0;
}

static int pg_unfinished(srv_store *base, char ***ids, int *n)
{
    return pg_ids((pg_store *)base, "sel_open", 0, NULL, ids, n);
}

static int pg_claim(srv_store *base, const char *id);
static void pg_release(srv_store *base, const char *id);

static int pg_expire(srv_store *base, int days, int (*live)(void *arg, const char *id),
                     void *arg, int *count)
{
    pg_store *s = (pg_store *)base;
    char before[24], **ids;
    int n;
    *count = 0;
    if (days <= 0)
        return 0;
    snprintf(before, sizeof before, "%lld", (long long)(pg_now(s) - (int64_t)days * 86400));
    const char *p[] = {before};
    if (pg_ids(s, "sel_idle", 1, p, &ids, &n) < 0)
        return -1;
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        if (live && live(arg, ids[i]))
            continue;
        /* a game another process hosts (a session watching it) does not expire */
        int claim = pg_claim(base, ids[i]);
        if (claim != 0) {
            rc = claim < 0 ? -1 : 0;
            continue;
        }
        const char *q[] = {ids[i], before};
        PGresult *r = pg_run(s, "mark_expired", 2, q, "expire");
        if (!r)
            rc = -1;
        else
            *count += atoi(PQcmdTuples(r));
        PQclear(r);
        pg_release(base, ids[i]);
    }
    srv_strings_free(ids, n);
    return rc;
}

/* The advisory lock's key of a game: its id's 48 bits (-1 if the id is not 12 hex). */
static long long pg_key(const char *id)
{
    char *end;
    if (strlen(id) != 12)
        return -1;
    long long k = strtoll(id, &end, 16);
    return *end ? -1 : k;
}

static int pg_claim(srv_store *base, const char *id)
{
    pg_store *s = (pg_store *)base;
    char key[24];
    long long k = pg_key(id);
    if (k < 0) {
        snprintf(s->base.err, sizeof s->base.err, "store: claim: not a game id");
        return -1;
    }
    snprintf(key, sizeof key, "%lld", k);
    const char *p[] = {key};
    PGresult *r = pg_run(s, "claim", 1, p, "claim game");
    if (!r)
        return -1;
    int held = !strcmp(PQgetvalue(r, 0, 0), "t");
    PQclear(r);
    return held ? 0 : 1;
}

static void pg_release(srv_store *base, const char *id)
{
    pg_store *s = (pg_store *)base;
    char key[24];
    long long k = pg_key(id);
    if (k < 0)
        return;
    snprintf(key, sizeof key, "%lld", k);
    const char *p[] = {key};
    PQclear(pg_run(s, "release", 1, p, "release game"));
}

/* Hand-off between processes: a process whose session waits for a game another holds
 * NOTIFYs the channel carc_want with the id; every process LISTENs, and the holder
 * lets the game go if nobody uses it there (srv_host.c). */
static void pg_ask(srv_store *base, const char *id)
{
    pg_store *s = (pg_store *)base;
    const char *p[] = {id};
    PQclear(pg_run(s, "ask", 1, p, "ask for a game"));
}

static int pg_asked(srv_store *base, char id[16])
{
    pg_store *s = (pg_store *)base;
    PQconsumeInput(s->db);
    PGnotify *n = PQnotifies(s->db);
    if (!n)
        return 0;
    snprintf(id, 16, "%.15s", n->extra ? n->extra : "");
    PQfreemem(n);
    return 1;
}

static void pg_close(srv_store *base)
{
    pg_store *s = (pg_store *)base;
    if (!s)
        return;
    if (s->base.ladder)
        s->base.ladder->close(s->base.ladder);
    PQfinish(s->db);  /* the games' advisory locks go with the session */
    free(s);
}

srv_store *srv_pg_open(const char *uri, char *err, size_t errsize)
{
    pg_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    const char *offset = getenv("CARC_SERVE_NOW_OFFSET");
    s->now_offset = offset ? strtoll(offset, NULL, 10) : 0;
    const char *fault = getenv("CARC_SERVE_FAIL_COMMIT");
    s->fail_at = fault ? strtol(fault, NULL, 10) : 0;
    s->base.create_game = pg_create_game;
    s->base.append_move = pg_append_move;
    s->base.batch_begin = pg_batch_begin;
    s->base.batch_end = pg_batch_end;
    s->base.load_game = pg_load_game;
    s->base.unfinished = pg_unfinished;
    s->base.expire = pg_expire;
    s->base.claim = pg_claim;
    s->base.release = pg_release;
    s->base.append_chat = pg_append_chat;
    s->base.load_chat = pg_load_chat;
    s->base.save_clock = pg_save_clock;
    s->base.load_clock = pg_load_clock;
    s->base.cut_move = pg_cut_move;
    s->base.ask = pg_ask;
    s->base.asked = pg_asked;
    s->base.close = pg_close;
    s->db = PQconnectdb(uri);
    if (!s->db || PQstatus(s->db) != CONNECTION_OK) {
        const char *msg = s->db ? PQerrorMessage(s->db) : "out of memory";
        snprintf(err, errsize, "cannot connect to the PostgreSQL database: %.*s (is the server "
                 "running, and does the URI name its host, database and user?)",
                 (int)strcspn(msg, "\n"), msg);
        pg_close(&s->base);
        return NULL;
    }
    PGresult *r;
    /* quiet the schema's notices ("already exists") */
    if (pg_cmd(s, "SET client_min_messages = warning", "set up") < 0 ||
        pg_cmd(s, pg_schema, "set up") < 0 || pg_cmd(s, "LISTEN carc_want", "set up") < 0) {
        snprintf(err, errsize, "cannot set up the PostgreSQL database: %s", s->base.err);
        pg_close(&s->base);
        return NULL;
    }
    static const struct {
        const char *name, *sql;
        int n;
    } prep[] = {
        {"ins_game", "INSERT INTO games (id, players, expansions, seed, tokens, created, touched)"
                     " VALUES ($1, $2, $3, $4, $5, $6, $6)", 6},
        {"bump", "UPDATE games SET nmoves = nmoves + 1, touched = $3,"
                 " finished = CASE WHEN $4::int = 1 THEN 1 ELSE 0 END"
                 " WHERE id = $1 AND nmoves = $2::int AND finished = 0", 4},
        {"unbump", "UPDATE games SET nmoves = nmoves - 1, touched = $3"
                   " WHERE id = $1 AND nmoves = $2::int + 1 AND finished = 0", 3},
        {"del_move", "DELETE FROM moves WHERE game = $1 AND idx = $2::int", 2},
        {"ins_move", "INSERT INTO moves (game, idx, move, at) VALUES ($1, $2, $3, $4)", 4},
        {"sel_game", "SELECT id, players, expansions, seed, tokens, created, finished, nmoves"
                     " FROM games WHERE id = $1", 1},
        {"sel_moves", "SELECT idx, move FROM moves WHERE game = $1 ORDER BY idx", 1},
        {"sel_open", "SELECT id FROM games WHERE finished = 0 ORDER BY created, id", 0},
        {"sel_idle", "SELECT id FROM games WHERE finished = 0 AND touched < $1", 1},
        {"mark_expired", "UPDATE games SET finished = 2"
                         " WHERE id = $1 AND finished = 0 AND touched < $2", 2},
        {"ins_chat", "INSERT INTO chat (game, seat, at, text) VALUES ($1, $2, $3, $4)", 4},
        {"sel_chat", "SELECT seat, at, text FROM (SELECT seq, seat, at, text FROM chat"
                     " WHERE game = $1 ORDER BY seq DESC LIMIT $2::int) c ORDER BY seq", 2},
        {"put_clock", "INSERT INTO clocks (game, state) VALUES ($1, $2)"
                      " ON CONFLICT (game) DO UPDATE SET state = excluded.state", 2},
        {"sel_clock", "SELECT state FROM clocks WHERE game = $1", 1},
        {"claim", "SELECT pg_try_advisory_lock($1::bigint)", 1},
        {"release", "SELECT pg_advisory_unlock($1::bigint)", 1},
        {"ask", "SELECT pg_notify('carc_want', $1)", 1},
    };
    for (size_t i = 0; i < sizeof prep / sizeof prep[0]; i++) {
        r = PQprepare(s->db, prep[i].name, prep[i].sql, prep[i].n, NULL);
        int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        if (!ok)
            pg_fail(s, prep[i].name, r);
        PQclear(r);
        if (!ok) {
            snprintf(err, errsize, "cannot prepare a statement: %s", s->base.err);
            pg_close(&s->base);
            return NULL;
        }
    }
    if (!(s->base.ladder = srv_ladder_pg_open(s->db, err, errsize))) {
        pg_close(&s->base);
        return NULL;
    }
    return &s->base;
}

srv_store *srv_store_open(const char *db, char *err, size_t errsize)
{
    if (!strncmp(db, "postgresql://", 13) || !strncmp(db, "postgres://", 11))
        return srv_pg_open(db, err, errsize);
    return srv_sqlite_open(db, err, errsize);
}
