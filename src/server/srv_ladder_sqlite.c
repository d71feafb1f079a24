/*
 * srv_ladder_sqlite.c - the ladder's tables in the SQLite store (srv_ladder_store.h),
 * on the store's own connection (one thread: the service thread). The ladder is rare
 * next to moves (a name made, a seat signed, a game rated), so each call prepares its
 * statements. A rating is one IMMEDIATE transaction whose first write moves the game's
 * `rated` from 0 to 1: a second rating of the same game finds nothing to move and
 * writes nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv_ladder_store.h"

typedef struct lsq_store {
    srv_ladder_store base;  /* first */
    sqlite3 *db;
} lsq_store;

static int lsq_fail(lsq_store *s, const char *what)
{
    snprintf(s->base.err, sizeof s->base.err, "ladder: %s: %s", what, sqlite3_errmsg(s->db));
    return -1;
}

/* Prepares sql and binds the text arguments (NULL ends them; "#N" binds the integer N
 * written after the '#'). NULL with err on failure. */
static sqlite3_stmt *lsq_prep(lsq_store *s, const char *sql, const char *const *args)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        lsq_fail(s, "prepare");
        return NULL;
    }
    for (int i = 0; args && args[i]; i++) {
        int rc = args[i][0] == '#'
                     ? sqlite3_bind_int64(st, i + 1, strtoll(args[i] + 1, NULL, 10))
                     : sqlite3_bind_text(st, i + 1, args[i], -1, SQLITE_TRANSIENT);
        if (rc != SQLITE_OK) {
            lsq_fail(s, "bind");
            sqlite3_finalize(st);
            return NULL;
        }
    }
    return st;
}

/* Runs a statement that returns no rows; the rows it changed, or -1. */
static int lsq_exec(lsq_store *s, const char *sql, const char *const *args)
{
    sqlite3_stmt *st = lsq_prep(s, sql, args);
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return rc == SQLITE_CONSTRAINT ? -2 : lsq_fail(s, "write");
    return sqlite3_changes(s->db);
}

static void lsq_text(char *out, size_t size, sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

static int lsq_create_player(srv_ladder_store *base, const char *name, const char *hash,
                             int64_t at)
{
    lsq_store *s = (lsq_store *)base;
    char key[SRV_LADDER_NAME_MAX + 1], when[24], start[16];
    srv_ladder_key(key, name);
    snprintf(when, sizeof when, "#%lld", (long long)at);
    snprintf(start, sizeof start, "#%d", SRV_LADDER_START);
    const char *args[] = {key, name, hash, when, start, NULL};
    int rc = lsq_exec(s, "INSERT INTO ladder_players (key, name, hash, rating, created) VALUES"
                         " (?1, ?2, ?3, ?5, ?4) ON CONFLICT (key) DO NOTHING", args);
    return rc < 0 ? -1 : rc == 0 ? 1 : 0;
}

static void lsq_player_row(sqlite3_stmt *st, srv_ladder_player *p)
{
    lsq_text(p->name, sizeof p->name, st, 0);
    lsq_text(p->hash, sizeof p->hash, st, 1);
    p->rating = sqlite3_column_int(st, 2);
    p->games = sqlite3_column_int(st, 3);
    p->computer = sqlite3_column_int(st, 4);
}

static int lsq_player(srv_ladder_store *base, const char *name, srv_ladder_player *out)
{
    lsq_store *s = (lsq_store *)base;
    char key[SRV_LADDER_NAME_MAX + 1];
    srv_ladder_key(key, name);
    const char *args[] = {key, NULL};
    sqlite3_stmt *st = lsq_prep(s, "SELECT name, hash, rating, games, computer FROM"
                                   " ladder_players WHERE key = ?1", args);
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        lsq_player_row(st, out);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : rc == SQLITE_DONE ? 1 : lsq_fail(s, "player");
}

static int lsq_players(srv_ladder_store *base, int max, srv_ladder_player **rows, int *n)
{
    lsq_store *s = (lsq_store *)base;
    char lim[24];
    snprintf(lim, sizeof lim, "#%d", max);
    const char *args[] = {lim, NULL};
    *rows = NULL;
    *n = 0;
    sqlite3_stmt *st = lsq_prep(s, "SELECT name, hash, rating, games, computer FROM"
                                   " ladder_players ORDER BY rating DESC, key LIMIT ?1", args);
    if (!st)
        return -1;
    if (max > 0 && !(*rows = calloc((size_t)max, sizeof **rows))) {
        sqlite3_finalize(st);
        snprintf(base->err, sizeof base->err, "ladder: out of memory");
        return -1;
    }
    int rc;
    while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
        lsq_player_row(st, &(*rows)[(*n)++]);
    sqlite3_finalize(st);
    return 0;
}

static int lsq_open_game(srv_ladder_store *base, const char *id, int64_t at)
{
    char when[24];
    snprintf(when, sizeof when, "#%lld", (long long)at);
    const char *args[] = {id, when, NULL};
    return lsq_exec((lsq_store *)base, "INSERT INTO ladder_games (id, opened) VALUES (?1, ?2)",
                    args) == 1 ? 0 : -1;
}

/* The seats of game id (rows of ladder_seats by seat) into seats; their count. */
static int lsq_seats(lsq_store *s, const char *id, srv_ladder_seat *seats)
{
    const char *args[] = {id, NULL};
    sqlite3_stmt *st = lsq_prep(s, "SELECT seat, name, computer, rank, before, after FROM"
                                   " ladder_seats WHERE game = ?1 ORDER BY seat", args);
    if (!st)
        return -1;
    int n = 0;
    while (n < SRV_LADDER_SEATS && sqlite3_step(st) == SQLITE_ROW) {
        srv_ladder_seat *x = &seats[n++];
        memset(x, 0, sizeof *x);
        x->seat = sqlite3_column_int(st, 0);
        lsq_text(x->name, sizeof x->name, st, 1);
        x->computer = sqlite3_column_int(st, 2);
        x->rank = sqlite3_column_int(st, 3);
        x->before = sqlite3_column_int(st, 4);
        x->after = sqlite3_column_int(st, 5);
    }
    sqlite3_finalize(st);
    return n;
}

static int lsq_game(srv_ladder_store *base, const char *id,
                    srv_ladder_seat seats[SRV_LADDER_SEATS], int *n, int *rated)
{
    lsq_store *s = (lsq_store *)base;
    const char *args[] = {id, NULL};
    sqlite3_stmt *st = lsq_prep(s, "SELECT rated FROM ladder_games WHERE id = ?1", args);
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *rated = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW)
        return rc == SQLITE_DONE ? 1 : lsq_fail(s, "game");
    *n = lsq_seats(s, id, seats);
    return *n < 0 ? -1 : 0;
}

static int lsq_sign(srv_ladder_store *base, const char *id, int seat, const char *name)
{
    char key[SRV_LADDER_NAME_MAX + 1], at[16];
    srv_ladder_key(key, name);
    snprintf(at, sizeof at, "#%d", seat);
    const char *args[] = {id, at, key, name, NULL};
    int rc = lsq_exec((lsq_store *)base, "INSERT INTO ladder_seats (game, seat, key, name)"
                                         " VALUES (?1, ?2, ?3, ?4)", args);
    return rc == -2 ? 1 : rc < 0 ? -1 : 0;
}

static int lsq_rate(srv_ladder_store *base, const char *id, int64_t at, srv_ladder_seat *seats,
                    int n)
{
    lsq_store *s = (lsq_store *)base;
    char when[24], num[4][24], key[SRV_LADDER_NAME_MAX + 1];
    snprintf(when, sizeof when, "#%lld", (long long)at);
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return lsq_fail(s, "begin");
    const char *g[] = {id, when, n > 0 ? "#1" : "#2", NULL};
    int rc = lsq_exec(s, "UPDATE ladder_games SET rated = ?3, at = ?2 WHERE id = ?1 AND rated = 0",
                      g);
    if (rc <= 0)
        goto out;  /* rated already (0 rows), or failed */
    for (int i = 0; i < n; i++) {
        srv_ladder_seat *x = &seats[i];
        srv_ladder_key(key, x->name);
        snprintf(num[0], sizeof num[0], "#%d", x->delta);
        const char *p[] = {key, num[0], NULL};
        sqlite3_stmt *st = lsq_prep(s, "UPDATE ladder_players SET rating = rating + ?2,"
                                       " games = games + 1 WHERE key = ?1 RETURNING rating", p);
        if (!st || sqlite3_step(st) != SQLITE_ROW) {
            rc = st ? lsq_fail(s, "rating") : -1;
            snprintf(s->base.err + strlen(s->base.err),
                     sizeof s->base.err - strlen(s->base.err), " (%s)", x->name);
            sqlite3_finalize(st);
            goto out;
        }
        x->after = sqlite3_column_int(st, 0);
        x->before = x->after - x->delta;
        sqlite3_finalize(st);
        snprintf(num[0], sizeof num[0], "#%d", x->seat);
        snprintf(num[1], sizeof num[1], "#%d", x->rank);
        snprintf(num[2], sizeof num[2], "#%d", x->before);
        snprintf(num[3], sizeof num[3], "#%d", x->after);
        const char *c = x->computer ? "#1" : "#0";
        const char *w[] = {id, num[0], key, x->name, c, num[1], num[2], num[3], NULL};
        if ((rc = lsq_exec(s, "INSERT INTO ladder_seats (game, seat, key, name, computer, rank,"
                              " before, after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
                              " ON CONFLICT (game, seat) DO UPDATE SET rank = ?6,"
                              " before = ?7, after = ?8", w)) < 0)
            goto out;
    }
    rc = 1;
out:
    if (rc == 1 && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
        return 0;
    if (rc == 1)
        lsq_fail(s, "commit");
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return rc == 0 ? 1 : -1;
}

/* Reads one column of text per row into a malloc'd array. */
static int lsq_ids(lsq_store *s, sqlite3_stmt *st, char ***ids, int *n)
{
    int cap = 0;
    *ids = NULL;
    *n = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            char **more = realloc(*ids, (size_t)cap * sizeof *more);
            if (!more)
                goto oom;
            *ids = more;
        }
        const unsigned char *t = sqlite3_column_text(st, 0);
        if (!((*ids)[*n] = strdup(t ? (const char *)t : "")))
            goto oom;
        (*n)++;
    }
    sqlite3_finalize(st);
    return 0;
oom:
    sqlite3_finalize(st);
    for (int i = 0; i < *n; i++)
        free((*ids)[i]);
    free(*ids);
    *ids = NULL;
    *n = 0;
    snprintf(s->base.err, sizeof s->base.err, "ladder: out of memory");
    return -1;
}

static int lsq_unrated(srv_ladder_store *base, char ***ids, int *n)
{
    lsq_store *s = (lsq_store *)base;
    sqlite3_stmt *st = lsq_prep(s, "SELECT l.id FROM ladder_games l JOIN games g ON g.id = l.id"
                                   " WHERE l.rated = 0 AND g.finished = 1 ORDER BY l.id", NULL);
    return st ? lsq_ids(s, st, ids, n) : -1;
}

static int lsq_history(srv_ladder_store *base, const char *name, int max,
                       srv_ladder_game **games, int *n)
{
    lsq_store *s = (lsq_store *)base;
    char key[SRV_LADDER_NAME_MAX + 1], lim[24];
    srv_ladder_key(key, name);
    snprintf(lim, sizeof lim, "#%d", max);
    const char *args[] = {key, lim, NULL};
    *games = NULL;
    *n = 0;
    sqlite3_stmt *st = lsq_prep(s, "SELECT g.id, g.at FROM ladder_games g JOIN ladder_seats t"
                                   " ON t.game = g.id WHERE t.key = ?1 AND g.rated = 1"
                                   " ORDER BY g.at DESC, g.id LIMIT ?2", args);
    if (!st)
        return -1;
    if (max > 0 && !(*games = calloc((size_t)max, sizeof **games))) {
        sqlite3_finalize(st);
        snprintf(base->err, sizeof base->err, "ladder: out of memory");
        return -1;
    }
    while (*n < max && sqlite3_step(st) == SQLITE_ROW) {
        srv_ladder_game *g = &(*games)[(*n)++];
        lsq_text(g->id, sizeof g->id, st, 0);
        g->at = sqlite3_column_int64(st, 1);
    }
    sqlite3_finalize(st);
    for (int i = 0; i < *n; i++)
        if (((*games)[i].nseats = lsq_seats(s, (*games)[i].id, (*games)[i].seats)) < 0) {
            free(*games);
            *games = NULL;
            *n = 0;
            return -1;
        }
    return 0;
}

static void lsq_close(srv_ladder_store *base)
{
    free(base);  /* the connection is the store's */
}

srv_ladder_store *srv_ladder_sqlite_open(sqlite3 *db, char *err, size_t errsize)
{
    static const char *const computers[] = SRV_LADDER_COMPUTERS;
    lsq_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    s->db = db;
    s->base = (srv_ladder_store){
        .create_player = lsq_create_player,
        .player = lsq_player,
        .players = lsq_players,
        .open_game = lsq_open_game,
        .game = lsq_game,
        .sign = lsq_sign,
        .rate = lsq_rate,
        .unrated = lsq_unrated,
        .history = lsq_history,
        .close = lsq_close,
    };
    if (sqlite3_exec(db, srv_ladder_schema, NULL, NULL, NULL) != SQLITE_OK) {
        snprintf(err, errsize, "cannot set up the ladder's tables: %s", sqlite3_errmsg(db));
        free(s);
        return NULL;
    }
    char start[16];
    snprintf(start, sizeof start, "#%d", SRV_LADDER_START);
    for (size_t i = 0; i < sizeof computers / sizeof computers[0]; i++) {
        const char *args[] = {computers[i], start, NULL};
        if (lsq_exec(s, "INSERT INTO ladder_players (key, name, hash, rating, computer, created)"
                        " VALUES (?1, ?1, '', ?2, 1, 0) ON CONFLICT (key) DO NOTHING",
                     args) < 0) {
            snprintf(err, errsize, "cannot set up the ladder's tables: %s", s->base.err);
            free(s);
            return NULL;
        }
    }
    return &s->base;
}
