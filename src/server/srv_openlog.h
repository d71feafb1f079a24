/*
 * srv_openlog.h - the moves of every unfinished game, in memory, for the SQLite store
 * (srv_sqlite.c). The store's move log is append-only in commit order with no index
 * per game, so that a group commit writes one or two pages; this mirror is how the
 * store knows a game's next index (the last guard of exactly-once), writes a finished
 * game's whole list into its row, and answers load_game without scanning the log.
 * It is filled at open by one scan of the log and rebuilt the same way after a failed
 * write. Moves are kept as one text, each followed by '\n' (notation holds none).
 */
#ifndef CARC_SRV_OPENLOG_H
#define CARC_SRV_OPENLOG_H

#include <stddef.h>
#include <stdint.h>

typedef struct srv_openlog_game {
    char *id;
    int64_t first_seq;   /* the log's seq of move 0 (0: no move yet) */
    int n;               /* moves */
    char *text;          /* "m0\nm1\n..." */
    size_t len, cap;
    char *bad;           /* a corrupt log: why (malloc'd), or NULL */
    int64_t last;        /* its last move's time (unix seconds; its creation if the log
                          * does not say): expiry */
    struct srv_openlog_game *next;
} srv_openlog_game;

typedef struct srv_openlog {
    srv_openlog_game **bucket;
    size_t nbucket, count;
} srv_openlog;

/* The game's entry, or NULL. */
srv_openlog_game *srv_openlog_find(srv_openlog *ol, const char *id);
/* The game's entry, made empty if there was none; NULL when out of memory. */
srv_openlog_game *srv_openlog_add(srv_openlog *ol, const char *id);
/* Appends a move to an entry's text; -1 when out of memory. */
int srv_openlog_push(srv_openlog_game *g, const char *move);
/* Takes the entry's last move off (undo by agreement: srv_sqlite.c's cut_move); with
 * none left, first_seq goes back to 0. */
void srv_openlog_pop(srv_openlog_game *g);
void srv_openlog_remove(srv_openlog *ol, const char *id);
/* Empties the table (the table itself may be reused). */
void srv_openlog_clear(srv_openlog *ol);

/* Splits a text of n moves each ended by '\n' (the last one's may be missing) into a
 * malloc'd array of malloc'd strings; *n counts them. -1 when out of memory. */
int srv_moves_split(const char *text, size_t len, char ***moves, int *n);

#endif
