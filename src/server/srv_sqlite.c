/*
 * srv_sqlite.c - the SQLite backend of srv_store.h.
 *
 * One connection, used only by the server thread, in WAL mode with
 * synchronous=NORMAL: a committed transaction is in the WAL file before
 * sqlite3_step returns, so killing the process loses nothing; a power loss may
 * lose the last transactions not yet checkpointed by an fsync (docs/SERVER.md).
 * Statements are prepared once.
 *
 * Group commit: between batch_begin and batch_end (sqlite_batch_begin/_end), every
 * append_move joins one transaction (opened by the first), which batch_end commits;
 * the server tells nobody of those moves before that. If the transaction dies on
 * the way (an I/O error), later appends of the batch are refused and batch_end
 * fails: every move appended since batch_begin may be lost. Schema:
 *   games(id TEXT PRIMARY KEY, players, expansions, seed, tokens, created, finished,
 *         first_seq, moves)
 *   log(seq INTEGER PRIMARY KEY, game, idx, move, at)   (at: unix seconds, for expiry)
 * The log is append-only in commit order with no index per game: a batch of moves
 * of many games writes one or two leaf pages, where a log keyed by (game, idx) wrote
 * one page per move (and a checkpoint came ten times as often). A game's row keeps
 * what finds its moves: the log's seq of its move 0 while it is unfinished
 * (first_seq, set at that move), its whole list once finished (moves, '\n'-separated,
 * written by the last move's transaction). The moves of unfinished games are kept in
 * memory too (srv_openlog.h), filled at open by one scan of the log from the smallest
 * first_seq; that scan finds a duplicate or missing index of a game (a corrupt store:
 * that game does not load). The log is never pruned: it holds one row per accepted
 * move for good, and a finished game's list in its row is a copy for reading it in
 * one row. A database of the old schema (moves(game, idx, move) keyed by game and
 * index) is migrated in one transaction.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "srv_ladder_store.h"
#include "srv_openlog.h"
#include "srv_store.h"

typedef struct sqlite_store {
    srv_store base;  /* first: a srv_store * is a sqlite_store * */
    sqlite3 *db;
    sqlite3_stmt *ins_game, *ins_move, *set_first, *fin_game, *sel_game, *sel_open;
    sqlite3_stmt *begin, *commit, *rollback;
    /* the moves of unfinished games (srv_openlog.h); stale after a failed write, when
     * it no longer says what the database holds: rebuilt before its next use */
    srv_openlog open;
    int stale;
    /* the games a batch's moves finished: out of `open` once the batch commits */
    char **finishing;
    int nfinishing, capfinishing;
    /* group commit (sqlite_batch_begin/_end): appends join one transaction */
    int batching;  /* between batch_begin and batch_end */
    int in_txn;    /* the batch's transaction is open */
    int lost;      /* the batch's transaction died: its appends are gone */
    /* fault injection (tests/server/store_fail.sh): CARC_SERVE_FAIL_COMMIT=K makes
     * the K-th commit of a batch fail once, rolled back as an I/O error would be */
    long commits, fail_at;
    /* CARC_SERVE_NOW_OFFSET=SEC (tests/server/expire.sh): the store's clock that much
     * ahead, so that a test sees games abandoned for days */
    int64_t now_offset;
    /* CARC_SERVE_STORE_TRACE=FILE (the benchmark): a line per checkpoint */
    FILE *trace;
    /* the database file held with flock(LOCK_EX) while the store is open: one server
     * per database (a second one on the same file would accept moves the first never
     * sees). Closed after the connection: closing any descriptor of the file drops the
     * process's fcntl locks, which are SQLite's */
    int lock_fd;
} sqlite_store;

/* SQLite's own automatic checkpoint runs at this many WAL pages; ours runs at the same */
#define SQLITE_CHECKPOINT_PAGES 1000

static const char sqlite_schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=NORMAL;"
    "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, players TEXT NOT NULL,"
    " expansions TEXT NOT NULL, seed INTEGER NOT NULL, tokens TEXT NOT NULL,"
    " created INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0,"
    " first_seq INTEGER, moves TEXT);"
    "CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, game TEXT NOT NULL,"
    " idx INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER);"
    "CREATE INDEX IF NOT EXISTS games_open ON games(finished);"
    "CREATE TABLE IF NOT EXISTS chat (seq INTEGER PRIMARY KEY, game TEXT NOT NULL,"
    " seat INTEGER NOT NULL, at INTEGER NOT NULL, text TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS chat_game ON chat(game, seq);"
    "CREATE TABLE IF NOT EXISTS clocks (game TEXT PRIMARY KEY, state TEXT NOT NULL);";

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

static int64_t sqlite_now(const sqlite_store *s)
{
    return (int64_t)time(NULL) + s->now_offset;
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

static int sqlite_oom(sqlite_store *s)
{
    snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
    return -1;
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

/* Rolls back the open transaction, keeping the message of what failed. */
static void sqlite_undo(sqlite_store *s)
{
    char keep[sizeof s->base.err];
    memcpy(keep, s->base.err, sizeof keep);
    if (!sqlite3_get_autocommit(s->db))
        sqlite_run(s, s->rollback, "rollback");
    memcpy(s->base.err, keep, sizeof keep);
}

/* Marks game g's log corrupt (the first reason found is kept). */
static void sqlite_corrupt(srv_openlog_game *g, const char *fmt, ...)
{
    if (g->bad)
        return;
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    g->bad = strdup(msg);
}

/* Fills s->open from the database: every unfinished game that has a move, then one
 * scan of the log from the smallest first_seq.
 * A move whose index is not the next of its game marks that game corrupt. */
static int sqlite_rebuild(sqlite_store *s)
{
    sqlite3_stmt *st = NULL;
    int rc;
    int64_t min = 0;
    srv_openlog_clear(&s->open);
    s->stale = 1;
    if (sqlite3_prepare_v2(s->db, "SELECT id, first_seq, created FROM games"
                           " WHERE finished = 0 AND first_seq IS NOT NULL", -1, &st, NULL) != SQLITE_OK)
        return sqlite_fail(s, "list open games");
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        srv_openlog_game *g = srv_openlog_add(&s->open, (const char *)sqlite3_column_text(st, 0));
        if (!g)
            break;
        g->first_seq = sqlite3_column_int64(st, 1);
        g->last = sqlite3_column_int64(st, 2);
        if (!min || g->first_seq < min)
            min = g->first_seq;
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW)
        return sqlite_oom(s);
    if (rc != SQLITE_DONE)
        return sqlite_fail(s, "list open games");
    if (min &&
        sqlite3_prepare_v2(s->db, "SELECT seq, game, idx, move, at FROM log WHERE seq >= ?1"
                           " ORDER BY seq", -1, &st, NULL) != SQLITE_OK)
        return sqlite_fail(s, "scan the log");
    if (min) {
        sqlite3_bind_int64(st, 1, min);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            srv_openlog_game *g = srv_openlog_find(&s->open, (const char *)sqlite3_column_text(st, 1));
            if (!g || g->bad)
                continue;  /* a finished game's move, kept until the next open */
            int64_t seq = sqlite3_column_int64(st, 0);
            int idx = sqlite3_column_int(st, 2);
            if (sqlite3_column_int64(st, 4) > g->last)
                g->last = sqlite3_column_int64(st, 4);
            if (seq < g->first_seq)
                sqlite_corrupt(g, "game %s: move %d is in the log before its first move",
                               g->id, idx);
            else if (idx != g->n)
                sqlite_corrupt(g, "game %s: its log has move %d where move %d belongs (a %s "
                               "move: the store is corrupt)", g->id, idx, g->n,
                               idx < g->n ? "duplicate" : "missing");
            else if (srv_openlog_push(g, (const char *)sqlite3_column_text(st, 3)) < 0)
                break;
        }
        sqlite3_finalize(st);
        if (rc == SQLITE_ROW)
            return sqlite_oom(s);
        if (rc != SQLITE_DONE)
            return sqlite_fail(s, "scan the log");
    }
    s->stale = 0;
    return 0;
}

/* s->open as the database says, rebuilding it after a failed write; 0 or -1. */
static int sqlite_fresh(sqlite_store *s)
{
    return s->stale ? sqlite_rebuild(s) : 0;
}

/* Before a write of the log: after a dead transaction nothing more joins the batch (a
 * later move of the same game would leave a gap in its log), and s->open must say what
 * the database holds. 0, or -1 with the message. */
static int sqlite_writable(sqlite_store *s)
{
    if (s->batching && s->lost) {
        snprintf(s->base.err, sizeof s->base.err, "store: an earlier write of this batch failed");
        return -1;
    }
    return sqlite_fresh(s);
}

/* The statements of one append: the move, the game's first_seq if it is its first,
 * and, if it ends the game, the mark and the whole list (g: the game's moves before
 * this one, or NULL). */
static int sqlite_insert_move(sqlite_store *s, const char *id, int index, const char *move,
                              int finished, const srv_openlog_game *g)
{
    sqlite3_bind_text(s->ins_move, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int(s->ins_move, 2, index);
    sqlite3_bind_text(s->ins_move, 3, move, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s->ins_move, 4, sqlite_now(s));
    if (sqlite_run(s, s->ins_move, "append move") < 0)
        return -1;
    if (index == 0) {
        sqlite3_bind_text(s->set_first, 1, id, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s->set_first, 2, sqlite3_last_insert_rowid(s->db));
        if (sqlite_run(s, s->set_first, "append move") < 0)
            return -1;
        if (sqlite3_changes(s->db) != 1) {
            snprintf(s->base.err, sizeof s->base.err, "store: append move: no game %s", id);
            return -1;
        }
    }
    if (finished) {
        size_t before = g ? g->len : 0, m = strlen(move);
        char *all = malloc(before + m + 1);
        if (!all) {
            snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
            return -1;
        }
        memcpy(all, g ? g->text : "", before);
        memcpy(all + before, move, m + 1);
        sqlite3_bind_text(s->fin_game, 1, id, -1, SQLITE_STATIC);
        sqlite3_bind_text(s->fin_game, 2, all, (int)(before + m), SQLITE_STATIC);
        int rc = sqlite_run(s, s->fin_game, "finish game");
        free(all);
        return rc;
    }
    return 0;
}

/* After the statements of an append succeeded: the move into s->open; a finished game
 * leaves it when its transaction commits (now, or at the batch's end). */
static int sqlite_remember(sqlite_store *s, const char *id, const char *move, int finished)
{
    srv_openlog_game *g = srv_openlog_add(&s->open, id);
    if (!g || srv_openlog_push(g, move) < 0)
        return -1;
    if (g->n == 1)
        g->first_seq = sqlite3_last_insert_rowid(s->db);
    g->last = sqlite_now(s);
    if (!finished)
        return 0;
    if (!s->batching) {
        srv_openlog_remove(&s->open, id);
        return 0;
    }
    if (s->nfinishing == s->capfinishing) {
        int cap = s->capfinishing ? 2 * s->capfinishing : 16;
        char **nf = realloc(s->finishing, (size_t)cap * sizeof *nf);
        if (!nf)
            return -1;
        s->finishing = nf;
        s->capfinishing = cap;
    }
    if (!(s->finishing[s->nfinishing] = strdup(id)))
        return -1;
    s->nfinishing++;
    return 0;
}

static int sqlite_append_move(srv_store *base, const char *id, int index, const char *move,
                              int finished)
{
    sqlite_store *s = (sqlite_store *)base;
    if (sqlite_writable(s) < 0)
        return -1;
    /* the log's order is the only guard left in the store: the next index, or nothing */
    srv_openlog_game *g = srv_openlog_find(&s->open, id);
    int next = g ? g->n : 0;
    if (g && g->bad) {
        snprintf(s->base.err, sizeof s->base.err, "store: append move: %s", g->bad);
        return -1;
    }
    if (index != next || strchr(move, '\n')) {
        snprintf(s->base.err, sizeof s->base.err,
                 index != next ? "store: append move: game %s: move %d, but its log has %d"
                               : "store: append move: game %s: a move with a line break",
                 id, index, next);
        return -1;
    }
    if (!s->batching) {
        if (sqlite_run(s, s->begin, "begin") < 0)
            return -1;
        if (sqlite_insert_move(s, id, index, move, finished, g) < 0 ||
            sqlite_run(s, s->commit, "commit") < 0) {
            sqlite_undo(s);
            return -1;
        }
        if (sqlite_remember(s, id, move, finished) < 0) {
            s->stale = 1;  /* committed: the rebuild will find it */
            snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
            return -1;
        }
        return 0;
    }
    if (!s->in_txn) {
        if (sqlite_run(s, s->begin, "begin") < 0)
            return -1;
        s->in_txn = 1;
    }
    if (sqlite_insert_move(s, id, index, move, finished, g) == 0 &&
        sqlite_remember(s, id, move, finished) == 0)
        return 0;
    /* A statement that failed half way (the move in, its game's row not) would leave a
     * move nobody was told of in the batch: the whole transaction goes, and the batch
     * fails; s->open, which holds the batch's earlier moves, is rebuilt. */
    sqlite_undo(s);
    s->in_txn = 0;
    s->lost = 1;
    s->stale = 1;
    return -1;
}

/* The statements of a cut: move `index` of game id out of the log (found from the
 * end of the log backwards: the move taken back is recent), and the game's first_seq
 * cleared if it was move 0. 0, or -1 (nothing was deleted, or a statement failed). */
static int sqlite_delete_move(sqlite_store *s, const char *id, int index, int64_t first_seq)
{
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(s->db, "DELETE FROM log WHERE seq = (SELECT seq FROM log WHERE"
                           " seq >= ?3 AND game = ?1 AND idx = ?2 ORDER BY seq DESC LIMIT 1)",
                           -1, &st, NULL) == SQLITE_OK &&
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_int(st, 2, index) == SQLITE_OK &&
        sqlite3_bind_int64(st, 3, first_seq) == SQLITE_OK && sqlite3_step(st) == SQLITE_DONE)
        rc = sqlite3_changes(s->db) == 1 ? 0 : 1;
    sqlite3_finalize(st);
    if (rc == 1) {
        snprintf(s->base.err, sizeof s->base.err, "store: cut move: game %s: move %d is not "
                 "in its log", id, index);
        return -1;
    }
    if (rc < 0)
        return sqlite_fail(s, "cut move");
    if (index == 0) {
        st = NULL;
        rc = -1;
        if (sqlite3_prepare_v2(s->db, "UPDATE games SET first_seq = NULL WHERE id = ?1",
                               -1, &st, NULL) == SQLITE_OK &&
            sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_DONE)
            rc = 0;
        sqlite3_finalize(st);
        if (rc < 0)
            return sqlite_fail(s, "cut move");
    }
    return 0;
}

/* Undo by agreement: the game's last move out of the log, and out of s->open. Inside a
 * batch it joins the batch's transaction (a failure loses the batch, as an append's
 * does); outside, a transaction of its own. */
static int sqlite_cut_move(srv_store *base, const char *id, int index)
{
    sqlite_store *s = (sqlite_store *)base;
    if (sqlite_writable(s) < 0)
        return -1;
    srv_openlog_game *g = srv_openlog_find(&s->open, id);
    if (!g || g->bad || g->n != index + 1) {
        snprintf(s->base.err, sizeof s->base.err, "store: cut move: game %s: move %d is not "
                 "the last move of a game being played", id, index);
        return -1;
    }
    if (!s->batching || !s->in_txn) {
        if (sqlite_run(s, s->begin, "begin") < 0)
            return -1;
        s->in_txn = s->batching;
    }
    if (sqlite_delete_move(s, id, index, g->first_seq) < 0 ||
        (!s->batching && sqlite_run(s, s->commit, "commit") < 0)) {
        sqlite_undo(s);
        if (s->batching) {
            s->in_txn = 0;
            s->lost = 1;
            s->stale = 1;
        }
        return -1;
    }
    srv_openlog_pop(g);
    return 0;
}

static void sqlite_batch_begin(srv_store *base)
{
    sqlite_store *s = (sqlite_store *)base;
    s->batching = 1;
}

static int sqlite_batch_end(srv_store *base)
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
    if (rc < 0)
        s->stale = 1;  /* the batch's moves are in s->open, not in the database */
    for (int i = 0; i < s->nfinishing; i++) {
        if (rc == 0)
            srv_openlog_remove(&s->open, s->finishing[i]);
        free(s->finishing[i]);
    }
    s->nfinishing = 0;
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
    if (sqlite_fresh(s) < 0)
        return -1;
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st), bad = 0;
    if (rc == SQLITE_ROW) {
        row->id = sqlite_text(st, 0);
        row->players = sqlite_text(st, 1);
        row->expansions = sqlite_text(st, 2);
        row->seed = (uint64_t)sqlite3_column_int64(st, 3);
        row->tokens = sqlite_text(st, 4);
        row->created = sqlite3_column_int64(st, 5);
        row->finished = sqlite3_column_int(st, 6);
        /* a finished game's list is in its row; an unfinished one's in s->open */
        const srv_openlog_game *g = row->finished ? NULL : srv_openlog_find(&s->open, id);
        const char *text = row->finished ? (const char *)sqlite3_column_text(st, 7)
                                         : g ? g->text : NULL;
        size_t len = row->finished ? (size_t)sqlite3_column_bytes(st, 7) : g ? g->len : 0;
        if (g && g->bad)
            bad = 1;
        else if (g && g->first_seq && !g->n)
            bad = 2;
        else if (srv_moves_split(text ? text : "", text ? len : 0, moves, n) < 0)
            bad = 3;
        if (bad == 1)
            snprintf(s->base.err, sizeof s->base.err, "store: %s", g->bad);
        else if (bad == 2)
            snprintf(s->base.err, sizeof s->base.err, "store: game %s: its log has no move 0 "
                     "(a missing move: the store is corrupt)", id);
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc == SQLITE_DONE)
        return 1;
    if (rc != SQLITE_ROW)
        return sqlite_fail(s, "load game");
    if (bad || !row->id || !row->players || !row->expansions || !row->tokens) {
        if (!bad || bad == 3)
            snprintf(s->base.err, sizeof s->base.err, "store: out of memory");
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

/* Expiry: a game unfinished and untouched for `days` is marked expired (finished = 2,
 * its moves in its row as a finished game's), in one transaction, and leaves s->open:
 * it no longer loads at start nor takes a move. */
static int sqlite_expire(srv_store *base, int days, int (*live)(void *arg, const char *id),
                         void *arg, int *count)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *mark = NULL, *idle = NULL;
    char **gone = NULL;
    int ngone = 0, rc = -1;
    *count = 0;
    if (days <= 0)
        return 0;
    if (sqlite_fresh(s) < 0)
        return -1;
    int64_t before = sqlite_now(s) - (int64_t)days * 86400;
    if (sqlite3_prepare_v2(s->db, "UPDATE games SET finished = 2, moves = ?2, first_seq = NULL"
                           " WHERE id = ?1 AND finished = 0", -1, &mark, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "SELECT id FROM games WHERE finished = 0 AND first_seq IS NULL"
                           " AND created < ?1", -1, &idle, NULL) != SQLITE_OK) {
        sqlite_fail(s, "expire");
        goto out;
    }
    gone = calloc(s->open.count + 1, sizeof *gone);
    if (!gone || sqlite_run(s, s->begin, "expire") < 0) {
        if (!gone)
            sqlite_oom(s);
        goto out;
    }
    /* games that have moves: their time is their last move's */
    for (size_t b = 0; b < s->open.nbucket; b++)
        for (srv_openlog_game *g = s->open.bucket[b]; g; g = g->next) {
            if (g->bad || g->last >= before || (live && live(arg, g->id)))
                continue;
            sqlite3_bind_text(mark, 1, g->id, -1, SQLITE_STATIC);
            sqlite3_bind_text(mark, 2, g->text ? g->text : "", g->len ? (int)g->len - 1 : 0,
                              SQLITE_STATIC);
            if (sqlite_run(s, mark, "expire") < 0)
                goto undo;
            gone[ngone++] = g->id;
        }
    /* games without a move: their creation's */
    sqlite3_bind_int64(idle, 1, before);
    int step;
    char **idle_ids = NULL;
    int nidle = 0, capidle = 0;
    while ((step = sqlite3_step(idle)) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(idle, 0);
        if (live && live(arg, id))
            continue;
        if (nidle == capidle) {
            capidle = capidle ? 2 * capidle : 16;
            char **n = realloc(idle_ids, (size_t)capidle * sizeof *n);
            if (!n)
                break;
            idle_ids = n;
        }
        if (!(idle_ids[nidle] = strdup(id)))
            break;
        nidle++;
    }
    sqlite3_reset(idle);
    int ok = step == SQLITE_DONE;
    for (int i = 0; ok && i < nidle; i++) {
        sqlite3_bind_text(mark, 1, idle_ids[i], -1, SQLITE_STATIC);
        sqlite3_bind_text(mark, 2, "", 0, SQLITE_STATIC);
        ok = sqlite_run(s, mark, "expire") == 0;
    }
    srv_strings_free(idle_ids, nidle);
    if (!ok) {
        if (step != SQLITE_DONE)
            sqlite_fail(s, "expire");
        goto undo;
    }
    if (sqlite_run(s, s->commit, "expire") < 0)
        goto undo;
    *count = ngone + nidle;
    for (int i = 0; i < ngone; i++) {
        char *id = strdup(gone[i]);  /* the entry owns gone[i] */
        if (id)
            srv_openlog_remove(&s->open, id);
        else
            s->stale = 1;
        free(id);
    }
    rc = 0;
    goto out;
undo:
    sqlite_undo(s);
out:
    free(gone);
    sqlite3_finalize(mark);
    sqlite3_finalize(idle);
    return rc;
}

/* One process per file (the flock): every claim is this process's. */
static int sqlite_claim(srv_store *base, const char *id)
{
    (void)base, (void)id;
    return 0;
}

static void sqlite_release(srv_store *base, const char *id)
{
    (void)base, (void)id;
}

static void sqlite_ask(srv_store *base, const char *id)
{
    (void)base, (void)id;
}

static int sqlite_asked(srv_store *base, char id[16])
{
    (void)base, (void)id;
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

/* 1 if the statement compiles (a table or column exists), else 0. */
static int sqlite_has(sqlite_store *s, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int ok = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK;
    sqlite3_finalize(st);
    return ok;
}

/* Runs one statement of the migration (no rows); 0 or -1. */
static int sqlite_exec(sqlite_store *s, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    snprintf(s->base.err, sizeof s->base.err, "store: %s", msg ? msg : "?");
    sqlite3_free(msg);
    return -1;
}

/* Copies the old log, moves(game, idx, move) keyed by (game, idx), into the new
 * layout: every move into the log, game by game, an unfinished game's first_seq set,
 * and a finished game's list into its row too. A game whose indices are not 0, 1, 2, ...
 * stops it. */
static int sqlite_copy_moves(sqlite_store *s)
{
    sqlite3_stmt *st = NULL, *ins = NULL, *first = NULL, *list = NULL;
    char *text = NULL, game[128] = "";
    size_t len = 0, cap = 0;
    int rc = -1, n = 0, finished = 0, step;
    if (sqlite3_prepare_v2(s->db, "SELECT m.game, m.idx, m.move, g.finished FROM moves m"
                           " JOIN games g ON g.id = m.game ORDER BY m.game, m.idx", -1, &st,
                           NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "INSERT INTO log (game, idx, move) VALUES (?1, ?2, ?3)", -1,
                           &ins, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "UPDATE games SET first_seq = ?2 WHERE id = ?1", -1, &first,
                           NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "UPDATE games SET moves = ?2 WHERE id = ?1", -1, &list,
                           NULL) != SQLITE_OK) {
        sqlite_fail(s, "migrate");
        goto out;
    }
    for (;;) {
        step = sqlite3_step(st);
        const char *g = step == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
        /* a finished game's list is written when its last move has been read */
        if (game[0] && finished && (!g || strcmp(g, game))) {
            sqlite3_bind_text(list, 1, game, -1, SQLITE_STATIC);
            sqlite3_bind_text(list, 2, text, (int)len, SQLITE_STATIC);
            if (sqlite_run(s, list, "migrate") < 0)
                goto out;
        }
        if (step != SQLITE_ROW)
            break;
        if (strcmp(g, game)) {
            if (strlen(g) >= sizeof game) {
                snprintf(s->base.err, sizeof s->base.err, "store: a game id too long: %.40s", g);
                goto out;
            }
            snprintf(game, sizeof game, "%s", g);
            n = 0;
            len = 0;
            finished = sqlite3_column_int(st, 3);
        }
        const char *move = (const char *)sqlite3_column_text(st, 2);
        size_t m = strlen(move);
        if (sqlite3_column_int(st, 1) != n || strchr(move, '\n')) {
            snprintf(s->base.err, sizeof s->base.err, "store: game %s: its moves have a gap "
                     "or a bad move at %d", game, n);
            goto out;
        }
        sqlite3_bind_text(ins, 1, game, -1, SQLITE_STATIC);
        sqlite3_bind_int(ins, 2, n);
        sqlite3_bind_text(ins, 3, move, -1, SQLITE_STATIC);
        if (sqlite_run(s, ins, "migrate") < 0)
            goto out;
        if (n == 0 && !finished) {
            sqlite3_bind_text(first, 1, game, -1, SQLITE_STATIC);
            sqlite3_bind_int64(first, 2, sqlite3_last_insert_rowid(s->db));
            if (sqlite_run(s, first, "migrate") < 0)
                goto out;
        }
        if (finished) {
            if (len + m + 2 > cap) {
                cap = 2 * (len + m + 2);
                char *t = realloc(text, cap);
                if (!t) {
                    sqlite_oom(s);
                    goto out;
                }
                text = t;
            }
            if (len)
                text[len++] = '\n';
            memcpy(text + len, move, m);
            len += m;
        }
        n++;
    }
    if (step != SQLITE_DONE)
        sqlite_fail(s, "migrate");
    else
        rc = 0;
out:
    sqlite3_finalize(st);
    sqlite3_finalize(ins);
    sqlite3_finalize(first);
    sqlite3_finalize(list);
    free(text);
    return rc;
}

/* A database written before the log was append-only: games without first_seq and
 * moves, a moves table keyed by (game, idx). Migrated in one transaction, or left as
 * it was. */
static int sqlite_migrate(sqlite_store *s)
{
    int columns = !sqlite_has(s, "SELECT first_seq, moves FROM games");
    int table = sqlite_has(s, "SELECT game, idx, move FROM moves");
    if (!columns && !table)
        return 0;
    if (sqlite_exec(s, "BEGIN IMMEDIATE") < 0)
        return -1;
    if ((columns && (sqlite_exec(s, "ALTER TABLE games ADD COLUMN first_seq INTEGER") < 0 ||
                     sqlite_exec(s, "ALTER TABLE games ADD COLUMN moves TEXT") < 0)) ||
        (table && (sqlite_copy_moves(s) < 0 || sqlite_exec(s, "DROP TABLE moves") < 0)) ||
        sqlite_exec(s, "COMMIT") < 0) {
        /* the statements are not prepared yet: no sqlite_undo */
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    return 0;
}

void srv_chat_rows_free(srv_chat_row *rows, int n)
{
    if (!rows)
        return;
    for (int i = 0; i < n; i++)
        free(rows[i].text);
    free(rows);
}

/* Chat: rare next to moves, so each call prepares its statement. */
static int sqlite_append_chat(srv_store *base, const char *id, int seat, int64_t at,
                              const char *text)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO chat (game, seat, at, text) VALUES (?1, ?2, ?3, ?4)",
                           -1, &st, NULL) == SQLITE_OK &&
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_int(st, 2, seat) == SQLITE_OK && sqlite3_bind_int64(st, 3, at) == SQLITE_OK &&
        sqlite3_bind_text(st, 4, text, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_DONE)
        rc = 0;
    else
        snprintf(base->err, sizeof base->err, "chat: %s", sqlite3_errmsg(s->db));
    sqlite3_finalize(st);
    return rc;
}

static int sqlite_load_chat(srv_store *base, const char *id, int max, srv_chat_row **rows,
                            int *n)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st = NULL;
    *rows = NULL;
    *n = 0;
    if (max <= 0)
        return 0;
    if (sqlite3_prepare_v2(s->db, "SELECT seat, at, text FROM (SELECT seq, seat, at, text FROM chat"
                           " WHERE game = ?1 ORDER BY seq DESC LIMIT ?2) ORDER BY seq",
                           -1, &st, NULL) != SQLITE_OK ||
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC) != SQLITE_OK ||
        sqlite3_bind_int(st, 2, max) != SQLITE_OK || !(*rows = calloc((size_t)max, sizeof **rows))) {
        snprintf(base->err, sizeof base->err, "chat: %s", sqlite3_errmsg(s->db));
        sqlite3_finalize(st);
        return -1;
    }
    int rc;
    while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 2);
        srv_chat_row *r = &(*rows)[*n];
        r->seat = sqlite3_column_int(st, 0);
        r->at = sqlite3_column_int64(st, 1);
        if (!(r->text = strdup(t ? (const char *)t : "")))
            break;
        (*n)++;
    }
    sqlite3_finalize(st);
    return 0;
}

/* A game's clock (srv_clock.c's text): one row per game, replaced; rare next to
 * moves (a clock changes with a move of a game that has one), so each call prepares
 * its statement, as chat's do. Inside a batch it joins the batch's transaction. */
static int sqlite_save_clock(srv_store *base, const char *id, const char *text)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO clocks (game, state) VALUES (?1, ?2)"
                           " ON CONFLICT(game) DO UPDATE SET state = excluded.state",
                           -1, &st, NULL) == SQLITE_OK &&
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_text(st, 2, text, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_DONE)
        rc = 0;
    else
        snprintf(base->err, sizeof base->err, "clock: %s", sqlite3_errmsg(s->db));
    sqlite3_finalize(st);
    return rc;
}

static int sqlite_load_clock(srv_store *base, const char *id, char **text)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st = NULL;
    int rc = -1;
    *text = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT state FROM clocks WHERE game = ?1", -1, &st, NULL) ==
            SQLITE_OK &&
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC) == SQLITE_OK) {
        int step = sqlite3_step(st);
        if (step == SQLITE_DONE)
            rc = 1;
        else if (step == SQLITE_ROW)
            rc = (*text = sqlite_text(st, 0)) ? 0 : sqlite_oom(s);
    }
    if (rc < 0 && !*text)
        snprintf(base->err, sizeof base->err, "clock: %s", sqlite3_errmsg(s->db));
    sqlite3_finalize(st);
    return rc;
}

static void sqlite_close(srv_store *base)
{
    sqlite_store *s = (sqlite_store *)base;
    if (!s)
        return;
    if (s->trace)
        fclose(s->trace);
    if (s->base.ladder)
        s->base.ladder->close(s->base.ladder);
    sqlite3_stmt *all[] = {s->ins_game, s->ins_move, s->set_first, s->fin_game, s->sel_game,
                           s->sel_open, s->begin, s->commit, s->rollback};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        sqlite3_finalize(all[i]);
    sqlite3_close(s->db);
    if (s->lock_fd >= 0)
        close(s->lock_fd);
    srv_openlog_clear(&s->open);
    for (int i = 0; i < s->nfinishing; i++)
        free(s->finishing[i]);
    free(s->finishing);
    free(s);
}

/* What an operator can do about an error at open (appended to its message). */
static const char *sqlite_hint(sqlite3 *db)
{
    switch (db ? sqlite3_errcode(db) & 0xff : SQLITE_NOMEM) {
    case SQLITE_CANTOPEN:
        return " (does its directory exist, and may this user write there?)";
    case SQLITE_IOERR:
        return " (is the disk full or read-only, or are the -wal and -shm files beside it "
               "owned by another user?)";
    case SQLITE_READONLY:
        return " (may this user write the file and its directory?)";
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
        return " (the file is not a carc database, or it is damaged: restore a backup)";
    case SQLITE_FULL:
        return " (the disk is full)";
    default:
        return "";
    }
}

/* Opens the database file (created 0600: it holds the seeds of unfinished games and
 * the seats' token hashes) and takes an exclusive flock on it for the store's life;
 * a file readable by others is made 0600. 0, or -1 with err. */
static int sqlite_lock(sqlite_store *s, const char *path, char *err, size_t errsize)
{
    s->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (s->lock_fd < 0) {
        snprintf(err, errsize, "cannot open database %s: %s (does its directory exist, and "
                 "may this user write there?)", path, strerror(errno));
        return -1;
    }
    if (flock(s->lock_fd, LOCK_EX | LOCK_NB) < 0) {
        if (errno == EWOULDBLOCK)
            snprintf(err, errsize, "database %s is in use by another carc serve: one server "
                     "per database (stop the other one, or give this one another --db)", path);
        else
            snprintf(err, errsize, "cannot lock database %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(s->lock_fd, &st) == 0 && (st.st_mode & 077))
        fchmod(s->lock_fd, st.st_mode & 0700);
    return 0;
}

srv_store *srv_sqlite_open(const char *path, char *err, size_t errsize)
{
    sqlite_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    s->lock_fd = -1;
    const char *offset = getenv("CARC_SERVE_NOW_OFFSET");
    s->now_offset = offset ? strtoll(offset, NULL, 10) : 0;
    const char *fault = getenv("CARC_SERVE_FAIL_COMMIT");
    s->fail_at = fault ? strtol(fault, NULL, 10) : 0;
    s->base.create_game = sqlite_create_game;
    s->base.append_move = sqlite_append_move;
    s->base.batch_begin = sqlite_batch_begin;
    s->base.batch_end = sqlite_batch_end;
    s->base.load_game = sqlite_load_game;
    s->base.unfinished = sqlite_unfinished;
    s->base.expire = sqlite_expire;
    s->base.claim = sqlite_claim;
    s->base.release = sqlite_release;
    s->base.append_chat = sqlite_append_chat;
    s->base.load_chat = sqlite_load_chat;
    s->base.save_clock = sqlite_save_clock;
    s->base.load_clock = sqlite_load_clock;
    s->base.cut_move = sqlite_cut_move;
    s->base.ask = sqlite_ask;
    s->base.asked = sqlite_asked;
    s->base.close = sqlite_close;
    if (sqlite_lock(s, path, err, errsize) < 0) {
        sqlite_close(&s->base);
        return NULL;
    }
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(err, errsize, "cannot open database %s: %s%s", path,
                 s->db ? sqlite3_errmsg(s->db) : "out of memory", sqlite_hint(s->db));
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
        snprintf(err, errsize, "cannot set up database %s: %s%s", path, msg ? msg : "?",
                 sqlite_hint(s->db));
        sqlite3_free(msg);
        sqlite_close(&s->base);
        return NULL;
    }
    if (!sqlite_has(s, "SELECT at FROM log LIMIT 0") &&
        sqlite_exec(s, "ALTER TABLE log ADD COLUMN at INTEGER") < 0) {
        snprintf(err, errsize, "cannot migrate database %s (left as it was): %s", path,
                 s->base.err);
        sqlite_close(&s->base);
        return NULL;
    }
    if (sqlite_migrate(s) < 0) {
        snprintf(err, errsize, "cannot migrate database %s (left as it was): %s", path,
                 s->base.err);
        sqlite_close(&s->base);
        return NULL;
    }
    struct {
        sqlite3_stmt **st;
        const char *sql;
    } prep[] = {
        {&s->ins_game, "INSERT INTO games (id, players, expansions, seed, tokens, created)"
                       " VALUES (?1, ?2, ?3, ?4, ?5, ?6)"},
        {&s->ins_move, "INSERT INTO log (game, idx, move, at) VALUES (?1, ?2, ?3, ?4)"},
        {&s->set_first, "UPDATE games SET first_seq = ?2 WHERE id = ?1 AND finished = 0"},
        {&s->fin_game, "UPDATE games SET finished = 1, moves = ?2, first_seq = NULL"
                       " WHERE id = ?1"},
        {&s->sel_game, "SELECT id, players, expansions, seed, tokens, created, finished, moves"
                       " FROM games WHERE id = ?1"},
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
    /* the moves of unfinished games into memory (the log is kept whole: one row per
     * accepted move, whatever became of its game) */
    if (sqlite_rebuild(s) < 0) {
        snprintf(err, errsize, "cannot read the move log of %s: %s", path, s->base.err);
        sqlite_close(&s->base);
        return NULL;
    }
    if (!(s->base.ladder = srv_ladder_sqlite_open(s->db, err, errsize))) {
        sqlite_close(&s->base);
        return NULL;
    }
    return &s->base;
}
