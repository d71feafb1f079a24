/*
 * srv_store.h - where games live between restarts: one small interface, so that a
 * PostgreSQL backend can join SQLite without touching the game logic (see
 * docs/ARCHITECTURE.md, "Beyond one machine").
 *
 * A game is a row (id, configuration, seed, seat token hashes, created, finished)
 * and a log of moves (game, index, notation). append_move is the commit point: when
 * it returns 0 the move is durable against a crash of the process, and only then
 * may anyone be told of it; inside a group commit (batch_begin, below) it is durable
 * once batch_end returns 0. Indices of one game are 0, 1, 2, ... with no gaps; an
 * append at any other index than the next fails and writes nothing (SQLite: the
 * store's own count of each unfinished game's moves; a PostgreSQL store: a key on
 * (game, index)), which is the last guard of exactly-once.
 *
 * Every function returns 0 on success, -1 with a message in st->err on failure.
 * Strings handed out are malloc'd and owned by the caller. A store fills every
 * member of the table (designated initialisers: the order of the members is free).
 */
#ifndef CARC_SRV_STORE_H
#define CARC_SRV_STORE_H

#include <stddef.h>
#include <stdint.h>

typedef struct srv_game_row {
    char *id;
    char *players;      /* "human,mcts:300" */
    char *expansions;   /* "gifts,christmas" */
    uint64_t seed;
    char *tokens;       /* seat token hashes, hex, comma-separated ("" for computer seats) */
    int64_t created;    /* unix seconds */
    int finished;       /* 0: being played; 1: over; 2: expired (abandoned; its moves are
                         * kept in the row as a finished game's) */
} srv_game_row;

void srv_game_row_free(srv_game_row *row);

/* One chat message of a game (seat -1: a spectator). */
typedef struct srv_chat_row {
    int seat;
    int64_t at;         /* unix seconds */
    char *text;
} srv_chat_row;

void srv_chat_rows_free(srv_chat_row *rows, int n);

typedef struct srv_store srv_store;
struct srv_store {
    int (*create_game)(srv_store *st, const srv_game_row *row);
    /* Appends move `index` of game `id` and, if finished, marks the game finished, in
     * one transaction. */
    int (*append_move)(srv_store *st, const char *id, int index, const char *move,
                       int finished);
    /* Group commit: after batch_begin, append_move returning 0 means "in the open
     * batch", not yet durable; batch_end makes every such move durable at once and
     * returns 0, or -1 (message in st->err) if any of them may be lost. Only moves are
     * batched; create_game outside a batch commits at once. (SQLite: one transaction
     * per batch.) */
    void (*batch_begin)(srv_store *st);
    int (*batch_end)(srv_store *st);
    /* Loads a game row and its moves in order (*moves: n malloc'd strings in a
     * malloc'd array). Returns 1 if there is no such game. */
    int (*load_game)(srv_store *st, const char *id, srv_game_row *row, char ***moves, int *n);
    /* The ids of every unfinished game (malloc'd array of malloc'd strings). */
    int (*unfinished)(srv_store *st, char ***ids, int *n);
    /* Marks expired every unfinished game with no move (nor creation) in the last `days`
     * days, but those live(arg, id) says are in use; *count: how many. Outside a batch. */
    int (*expire)(srv_store *st, int days, int (*live)(void *arg, const char *id), void *arg,
                  int *count);
    /* One owner per game across processes: claim takes game `id` for this process (0),
     * or finds it held by another (1), or fails (-1); release lets it go. A process
     * hosts (loads, moves) only the games it holds; a claim dies with the process.
     * (SQLite: one process per file, every claim is granted. PostgreSQL: a session
     * advisory lock on the id.) */
    int (*claim)(srv_store *st, const char *id);
    void (*release)(srv_store *st, const char *id);
    /* Chat, kept with the game: a message appended (inside a batch, durable with it),
     * and the last `max` messages of a game, oldest first (*rows malloc'd). A store
     * may leave both NULL: chat is then not kept. */
    int (*append_chat)(srv_store *st, const char *id, int seat, int64_t at, const char *text);
    int (*load_chat)(srv_store *st, const char *id, int max, srv_chat_row **rows, int *n);
    /* Hand-off: ask asks whichever process holds game `id` to let it go if nobody is
     * using it there; asked gives one game another process asked for (1, its id in
     * `id`), or 0. (SQLite: nothing to ask. PostgreSQL: NOTIFY and LISTEN.) */
    /* A game's clocks and the seats a computer plays for now (issue 32; srv_clock.c's
     * text, opaque here): save_clock writes it (a row per game, replaced; inside a
     * batch, durable with it), load_clock reads it (*text malloc'd; 1 if the game has
     * none). */
    int (*save_clock)(srv_store *st, const char *id, const char *text);
    int (*load_clock)(srv_store *st, const char *id, char **text);
    /* Undo by agreement (issue 32, srv_undo.c): takes move `index` of game `id` back out
     * of its log; it must be the game's last move and the game unfinished, else it is
     * refused and nothing changes. Inside a batch it joins the batch (durable with its
     * commit, lost with a failed one); outside, it commits at once. A store may leave it
     * NULL: no move is ever taken back then. */
    int (*cut_move)(srv_store *st, const char *id, int index);
    void (*ask)(srv_store *st, const char *id);
    int (*asked)(srv_store *st, char id[16]);
    void (*close)(srv_store *st);
    char err[256];
    /* The ladder (srv_ladder_store.h) on the store's connection, closed with it; NULL:
     * this store keeps no ladder. */
    struct srv_ladder_store *ladder;
};

/* Opens (creating if needed) the SQLite store at path. NULL with a message in err. */
srv_store *srv_sqlite_open(const char *path, char *err, size_t errsize);
/* Opens the PostgreSQL store at a libpq connection URI (srv_pg.c), creating its tables
 * if needed. NULL with a message in err. */
srv_store *srv_pg_open(const char *uri, char *err, size_t errsize);
/* --db: a postgresql:// (or postgres://) URI is PostgreSQL, anything else a SQLite
 * file. */
srv_store *srv_store_open(const char *db, char *err, size_t errsize);

/* Frees an array of n strings and the array. */
void srv_strings_free(char **s, int n);

#endif
