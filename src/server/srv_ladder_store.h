/*
 * srv_ladder_store.h - where the ladder lives (issue 32, docs/SERVER.md "The ladder"):
 * players (a name and its secret's hash), the games opened to the ladder, their signed
 * seats and, once rated, every seat's rank and rating before and after. Each store
 * backend gives one of these as srv_store's `ladder` member (NULL: no ladder), on the
 * store's own connection: srv_ladder_sqlite.c, srv_ladder_pg.c.
 *
 * Tables (both backends):
 *   ladder_players(key PRIMARY KEY, name, hash, rating, games, computer, created)
 *       key: the name in lowercase (names are unique ignoring case); hash: SHA-256 of
 *       the secret ("" for a computer row)
 *   ladder_games(id PRIMARY KEY, opened, rated, at)
 *       rated: 0 not yet, 1 rated (at: when), 2 over but not rated (a seat unsigned)
 *   ladder_seats(game, seat, key, name, computer, rank, before, after,
 *                PRIMARY KEY (game, seat)), a person's key once per game
 * The computer rows (SRV_LADDER_COMPUTERS) are made when the tables are.
 *
 * Every function returns 0 on success, -1 with a message in err; strings and arrays
 * handed out are malloc'd and owned by the caller. Ladder writes never join the
 * store's batch of moves: the server calls them with no batch open.
 */
#ifndef CARC_SRV_LADDER_STORE_H
#define CARC_SRV_LADDER_STORE_H

#include <stddef.h>
#include <stdint.h>

enum {
    SRV_LADDER_NAME_MIN = 2,
    SRV_LADDER_NAME_MAX = 20,  /* a computer row's name ("mcts:3000") fits too */
    SRV_LADDER_START = 1500,   /* a new row's rating */
    SRV_LADDER_SEATS = 6
};

/* The computer players that have a row: the kinds the lobby offers, by their spec. */
#define SRV_LADDER_COMPUTERS {"easy", "medium", "hard", "greedy", "random"}

typedef struct srv_ladder_player {
    char name[SRV_LADDER_NAME_MAX + 1];
    char hash[65];   /* "" for a computer row */
    int rating, games, computer;
} srv_ladder_player;

/* One seat of a ladder game: signed (name, computer), then rated (rank, before, after). */
typedef struct srv_ladder_seat {
    int seat;
    char name[SRV_LADDER_NAME_MAX + 1];
    int computer;
    int rank;           /* 1: first; tied seats share a rank; 0: not rated */
    int delta;          /* rate: what the seat's row gains (negative: loses) */
    int before, after;  /* rate: the row's rating before and after (out) */
} srv_ladder_seat;

/* A rated game, for a player's page. */
typedef struct srv_ladder_game {
    char id[16];
    int64_t at;
    int nseats;
    srv_ladder_seat seats[SRV_LADDER_SEATS];
} srv_ladder_game;

typedef struct srv_ladder_store srv_ladder_store;
struct srv_ladder_store {
    /* A new player: 0, or 1 if the name (ignoring case) is taken; nothing written then. */
    int (*create_player)(srv_ladder_store *l, const char *name, const char *hash, int64_t at);
    /* A player or computer row by name, ignoring case: 0, or 1 if there is none. */
    int (*player)(srv_ladder_store *l, const char *name, srv_ladder_player *out);
    /* The first `max` rows, highest rating first (then by name). */
    int (*players)(srv_ladder_store *l, int max, srv_ladder_player **rows, int *n);
    /* Opens game id to the ladder (once: again is an error). */
    int (*open_game)(srv_ladder_store *l, const char *id, int64_t at);
    /* A ladder game's seats (signed, or rated: ordered by seat) and *rated (as the
     * table's column): 0, or 1 if the game is not open to the ladder. */
    int (*game)(srv_ladder_store *l, const char *id, srv_ladder_seat seats[SRV_LADDER_SEATS],
                int *n, int *rated);
    /* Signs a person's seat with player `name` (as stored): 0, or 1 if the seat is
     * signed already or the name signs another seat of the game (nothing written). */
    int (*sign)(srv_ladder_store *l, const char *id, int seat, const char *name);
    /* Rates game id in one transaction, once: its `rated` 0 -> 1, each seat's row
     * written (the computers' too), each row's rating moved by its seats' deltas
     * (rating = rating + delta: two processes never lose an update) and its games
     * counted, each seat's before and after filled. n = 0: the game is closed unrated
     * (rated 2). 0, or 1 if it was rated or closed already (nothing written). */
    int (*rate)(srv_ladder_store *l, const char *id, int64_t at, srv_ladder_seat *seats, int n);
    /* The ladder games over (the store's games row finished) and not rated yet. */
    int (*unrated)(srv_ladder_store *l, char ***ids, int *n);
    /* The last `max` rated games of player `name` (as stored), newest first. */
    int (*history)(srv_ladder_store *l, const char *name, int max, srv_ladder_game **games,
                   int *n);
    void (*close)(srv_ladder_store *l);
    char err[256];
};

/* The tables and indexes (srv_ladder_store.c), the same SQL for both backends. */
extern const char srv_ladder_schema[];
/* A name's key: its ASCII letters in lowercase (names are unique ignoring case). */
void srv_ladder_key(char key[SRV_LADDER_NAME_MAX + 1], const char *name);

struct sqlite3;
struct pg_conn;
/* The ladder on a store's connection, its tables created if missing; NULL with err. */
srv_ladder_store *srv_ladder_sqlite_open(struct sqlite3 *db, char *err, size_t errsize);
srv_ladder_store *srv_ladder_pg_open(struct pg_conn *db, char *err, size_t errsize);

#endif
