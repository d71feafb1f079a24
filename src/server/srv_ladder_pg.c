/*
 * srv_ladder_pg.c - the ladder's tables in the PostgreSQL store (srv_ladder_store.h),
 * on the store's own connection. Several processes share the database: a rating is one
 * transaction whose first statement moves the game's `rated` from 0 to 1 (a second
 * process rating the same game waits on that row, then finds it moved and writes
 * nothing), and each rating moves as `rating = rating + delta`, so that two games
 * rated at once by two processes both count. The ladder is rare next to moves: its
 * statements are not prepared.
 */
#define _POSIX_C_SOURCE 200809L
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv_ladder_store.h"

typedef struct lpg_store {
    srv_ladder_store base;  /* first */
    PGconn *db;
} lpg_store;

/* Runs sql with text parameters (NULL-terminated); the result, or NULL with err (and
 * *unique set when a unique key refused it). */
static PGresult *lpg_run(lpg_store *s, const char *sql, const char *const *args, int *unique)
{
    int n = 0;
    while (args && args[n])
        n++;
    /* without parameters, PQexec: the schema is several statements */
    PGresult *r = args ? PQexecParams(s->db, sql, n, NULL, args, NULL, NULL, 0)
                       : PQexec(s->db, sql);
    ExecStatusType st = PQresultStatus(r);
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK)
        return r;
    const char *state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    if (unique)
        *unique = state && strcmp(state, "23505") == 0;
    const char *msg = r ? PQresultErrorMessage(r) : PQerrorMessage(s->db);
    snprintf(s->base.err, sizeof s->base.err, "ladder: %.*s", (int)strcspn(msg, "\n"), msg);
    PQclear(r);
    return NULL;
}

/* Runs a statement without rows: the rows it changed, or -1 (-2: a unique key). */
static int lpg_exec(lpg_store *s, const char *sql, const char *const *args)
{
    int unique = 0;
    PGresult *r = lpg_run(s, sql, args, &unique);
    if (!r)
        return unique ? -2 : -1;
    int n = atoi(PQcmdTuples(r));
    PQclear(r);
    return n;
}

static int lpg_create_player(srv_ladder_store *base, const char *name, const char *hash,
                             int64_t at)
{
    char key[SRV_LADDER_NAME_MAX + 1], when[24], start[16];
    srv_ladder_key(key, name);
    snprintf(when, sizeof when, "%lld", (long long)at);
    snprintf(start, sizeof start, "%d", SRV_LADDER_START);
    const char *args[] = {key, name, hash, when, start, NULL};
    int rc = lpg_exec((lpg_store *)base,
                      "INSERT INTO ladder_players (key, name, hash, rating, created) VALUES"
                      " ($1, $2, $3, $5::int, $4::bigint) ON CONFLICT (key) DO NOTHING", args);
    return rc < 0 ? -1 : rc == 0 ? 1 : 0;
}

static void lpg_player_row(const PGresult *r, int i, srv_ladder_player *p)
{
    snprintf(p->name, sizeof p->name, "%s", PQgetvalue(r, i, 0));
    snprintf(p->hash, sizeof p->hash, "%s", PQgetvalue(r, i, 1));
    p->rating = atoi(PQgetvalue(r, i, 2));
    p->games = atoi(PQgetvalue(r, i, 3));
    p->computer = atoi(PQgetvalue(r, i, 4));
}

static int lpg_player(srv_ladder_store *base, const char *name, srv_ladder_player *out)
{
    char key[SRV_LADDER_NAME_MAX + 1];
    srv_ladder_key(key, name);
    const char *args[] = {key, NULL};
    PGresult *r = lpg_run((lpg_store *)base, "SELECT name, hash, rating, games, computer FROM"
                                             " ladder_players WHERE key = $1", args, NULL);
    if (!r)
        return -1;
    int found = PQntuples(r) == 1;
    if (found)
        lpg_player_row(r, 0, out);
    PQclear(r);
    return found ? 0 : 1;
}

static int lpg_players(srv_ladder_store *base, int max, srv_ladder_player **rows, int *n)
{
    char lim[24];
    snprintf(lim, sizeof lim, "%d", max);
    const char *args[] = {lim, NULL};
    *rows = NULL;
    *n = 0;
    PGresult *r = lpg_run((lpg_store *)base, "SELECT name, hash, rating, games, computer FROM"
                          " ladder_players ORDER BY rating DESC, key LIMIT $1::int", args, NULL);
    if (!r)
        return -1;
    int got = PQntuples(r);
    if (got > 0 && !(*rows = calloc((size_t)got, sizeof **rows))) {
        PQclear(r);
        snprintf(base->err, sizeof base->err, "ladder: out of memory");
        return -1;
    }
    for (int i = 0; i < got; i++)
        lpg_player_row(r, i, &(*rows)[i]);
    *n = got;
    PQclear(r);
    return 0;
}

static int lpg_open_game(srv_ladder_store *base, const char *id, int64_t at)
{
    char when[24];
    snprintf(when, sizeof when, "%lld", (long long)at);
    const char *args[] = {id, when, NULL};
    return lpg_exec((lpg_store *)base, "INSERT INTO ladder_games (id, opened) VALUES"
                                       " ($1, $2::bigint)", args) == 1 ? 0 : -1;
}

static int lpg_seats(lpg_store *s, const char *id, srv_ladder_seat *seats)
{
    const char *args[] = {id, NULL};
    PGresult *r = lpg_run(s, "SELECT seat, name, computer, COALESCE(rank, 0),"
                             " COALESCE(before, 0), COALESCE(after, 0) FROM ladder_seats"
                             " WHERE game = $1 ORDER BY seat", args, NULL);
    if (!r)
        return -1;
    int n = PQntuples(r) < SRV_LADDER_SEATS ? PQntuples(r) : SRV_LADDER_SEATS;
    for (int i = 0; i < n; i++) {
        srv_ladder_seat *x = &seats[i];
        memset(x, 0, sizeof *x);
        x->seat = atoi(PQgetvalue(r, i, 0));
        snprintf(x->name, sizeof x->name, "%s", PQgetvalue(r, i, 1));
        x->computer = atoi(PQgetvalue(r, i, 2));
        x->rank = atoi(PQgetvalue(r, i, 3));
        x->before = atoi(PQgetvalue(r, i, 4));
        x->after = atoi(PQgetvalue(r, i, 5));
    }
    PQclear(r);
    return n;
}

static int lpg_game(srv_ladder_store *base, const char *id,
                    srv_ladder_seat seats[SRV_LADDER_SEATS], int *n, int *rated)
{
    lpg_store *s = (lpg_store *)base;
    const char *args[] = {id, NULL};
    PGresult *r = lpg_run(s, "SELECT rated FROM ladder_games WHERE id = $1", args, NULL);
    if (!r)
        return -1;
    int found = PQntuples(r) == 1;
    if (found)
        *rated = atoi(PQgetvalue(r, 0, 0));
    PQclear(r);
    if (!found)
        return 1;
    *n = lpg_seats(s, id, seats);
    return *n < 0 ? -1 : 0;
}

static int lpg_sign(srv_ladder_store *base, const char *id, int seat, const char *name)
{
    char key[SRV_LADDER_NAME_MAX + 1], at[16];
    srv_ladder_key(key, name);
    snprintf(at, sizeof at, "%d", seat);
    const char *args[] = {id, at, key, name, NULL};
    int rc = lpg_exec((lpg_store *)base, "INSERT INTO ladder_seats (game, seat, key, name)"
                                         " VALUES ($1, $2::int, $3, $4)", args);
    return rc == -2 ? 1 : rc < 0 ? -1 : 0;
}

static int lpg_rate(srv_ladder_store *base, const char *id, int64_t at, srv_ladder_seat *seats,
                    int n)
{
    lpg_store *s = (lpg_store *)base;
    char when[24], num[4][24], key[SRV_LADDER_NAME_MAX + 1];
    snprintf(when, sizeof when, "%lld", (long long)at);
    if (lpg_exec(s, "BEGIN", NULL) < 0)
        return -1;
    const char *g[] = {id, when, n > 0 ? "1" : "2", NULL};
    int rc = lpg_exec(s, "UPDATE ladder_games SET rated = $3::int, at = $2::bigint"
                         " WHERE id = $1 AND rated = 0", g);
    if (rc <= 0)
        goto out;
    for (int i = 0; i < n; i++) {
        srv_ladder_seat *x = &seats[i];
        srv_ladder_key(key, x->name);
        snprintf(num[0], sizeof num[0], "%d", x->delta);
        const char *p[] = {key, num[0], NULL};
        PGresult *r = lpg_run(s, "UPDATE ladder_players SET rating = rating + $2::int,"
                                 " games = games + 1 WHERE key = $1 RETURNING rating", p, NULL);
        if (!r || PQntuples(r) != 1) {
            if (r)
                snprintf(s->base.err, sizeof s->base.err, "ladder: no player %s", x->name);
            PQclear(r);
            rc = -1;
            goto out;
        }
        x->after = atoi(PQgetvalue(r, 0, 0));
        x->before = x->after - x->delta;
        PQclear(r);
        snprintf(num[0], sizeof num[0], "%d", x->seat);
        snprintf(num[1], sizeof num[1], "%d", x->rank);
        snprintf(num[2], sizeof num[2], "%d", x->before);
        snprintf(num[3], sizeof num[3], "%d", x->after);
        const char *w[] = {id, num[0], key, x->name, x->computer ? "1" : "0",
                           num[1], num[2], num[3], NULL};
        if ((rc = lpg_exec(s, "INSERT INTO ladder_seats (game, seat, key, name, computer, rank,"
                              " before, after) VALUES ($1, $2::int, $3, $4, $5::int, $6::int,"
                              " $7::int, $8::int) ON CONFLICT (game, seat) DO UPDATE SET"
                              " rank = $6::int, before = $7::int, after = $8::int", w)) < 0)
            goto out;
    }
    rc = 1;
out:
    if (rc == 1 && lpg_exec(s, "COMMIT", NULL) >= 0)
        return 0;
    char keep[sizeof s->base.err];
    memcpy(keep, s->base.err, sizeof keep);
    PQclear(PQexec(s->db, "ROLLBACK"));
    memcpy(s->base.err, keep, sizeof keep);
    return rc == 0 ? 1 : -1;
}

static int lpg_unrated(srv_ladder_store *base, char ***ids, int *n)
{
    PGresult *r = lpg_run((lpg_store *)base, "SELECT l.id FROM ladder_games l JOIN games g"
                          " ON g.id = l.id WHERE l.rated = 0 AND g.finished = 1 ORDER BY l.id",
                          NULL, NULL);
    *ids = NULL;
    *n = 0;
    if (!r)
        return -1;
    int got = PQntuples(r);
    if (got > 0 && !(*ids = calloc((size_t)got, sizeof **ids)))
        goto oom;
    for (; *n < got; (*n)++)
        if (!((*ids)[*n] = strdup(PQgetvalue(r, *n, 0))))
            goto oom;
    PQclear(r);
    return 0;
oom:
    PQclear(r);
    for (int i = 0; i < *n; i++)
        free((*ids)[i]);
    free(*ids);
    *ids = NULL;
    *n = 0;
    snprintf(base->err, sizeof base->err, "ladder: out of memory");
    return -1;
}

static int lpg_history(srv_ladder_store *base, const char *name, int max,
                       srv_ladder_game **games, int *n)
{
    lpg_store *s = (lpg_store *)base;
    char key[SRV_LADDER_NAME_MAX + 1], lim[24];
    srv_ladder_key(key, name);
    snprintf(lim, sizeof lim, "%d", max);
    const char *args[] = {key, lim, NULL};
    *games = NULL;
    *n = 0;
    PGresult *r = lpg_run(s, "SELECT g.id, g.at FROM ladder_games g JOIN ladder_seats t"
                             " ON t.game = g.id WHERE t.key = $1 AND g.rated = 1"
                             " ORDER BY g.at DESC, g.id LIMIT $2::int", args, NULL);
    if (!r)
        return -1;
    int got = PQntuples(r);
    if (got > 0 && !(*games = calloc((size_t)got, sizeof **games))) {
        PQclear(r);
        snprintf(base->err, sizeof base->err, "ladder: out of memory");
        return -1;
    }
    for (int i = 0; i < got; i++) {
        snprintf((*games)[i].id, sizeof (*games)[i].id, "%s", PQgetvalue(r, i, 0));
        (*games)[i].at = strtoll(PQgetvalue(r, i, 1), NULL, 10);
    }
    PQclear(r);
    *n = got;
    for (int i = 0; i < *n; i++)
        if (((*games)[i].nseats = lpg_seats(s, (*games)[i].id, (*games)[i].seats)) < 0) {
            free(*games);
            *games = NULL;
            *n = 0;
            return -1;
        }
    return 0;
}

static void lpg_close(srv_ladder_store *base)
{
    free(base);  /* the connection is the store's */
}

srv_ladder_store *srv_ladder_pg_open(PGconn *db, char *err, size_t errsize)
{
    static const char *const computers[] = SRV_LADDER_COMPUTERS;
    lpg_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    s->db = db;
    s->base = (srv_ladder_store){
        .create_player = lpg_create_player,
        .player = lpg_player,
        .players = lpg_players,
        .open_game = lpg_open_game,
        .game = lpg_game,
        .sign = lpg_sign,
        .rate = lpg_rate,
        .unrated = lpg_unrated,
        .history = lpg_history,
        .close = lpg_close,
    };
    char start[16];
    snprintf(start, sizeof start, "%d", SRV_LADDER_START);
    int ok = lpg_exec(s, srv_ladder_schema, NULL) >= 0;
    for (size_t i = 0; ok && i < sizeof computers / sizeof computers[0]; i++) {
        const char *args[] = {computers[i], start, NULL};
        ok = lpg_exec(s, "INSERT INTO ladder_players (key, name, hash, rating, computer, created)"
                         " VALUES ($1, $1, '', $2::int, 1, 0) ON CONFLICT (key) DO NOTHING",
                      args) >= 0;
    }
    if (!ok) {
        snprintf(err, errsize, "cannot set up the ladder's tables: %s", s->base.err);
        free(s);
        return NULL;
    }
    return &s->base;
}
