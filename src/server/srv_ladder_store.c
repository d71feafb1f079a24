/*
 * srv_ladder_store.c - what the ladder's two backends share (srv_ladder_store.h): the
 * schema, written once in SQL both SQLite and PostgreSQL read the same way (SQLite
 * takes BIGINT as an integer), and a name's key.
 */
#include "srv_ladder_store.h"

const char srv_ladder_schema[] =
    "CREATE TABLE IF NOT EXISTS ladder_players (key TEXT PRIMARY KEY, name TEXT NOT NULL,"
    " hash TEXT NOT NULL, rating INTEGER NOT NULL, games INTEGER NOT NULL DEFAULT 0,"
    " computer INTEGER NOT NULL DEFAULT 0, created BIGINT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS ladder_games (id TEXT PRIMARY KEY, opened BIGINT NOT NULL,"
    " rated INTEGER NOT NULL DEFAULT 0, at BIGINT);"
    "CREATE TABLE IF NOT EXISTS ladder_seats (game TEXT NOT NULL, seat INTEGER NOT NULL,"
    " key TEXT NOT NULL, name TEXT NOT NULL, computer INTEGER NOT NULL DEFAULT 0,"
    " rank INTEGER, before INTEGER, after INTEGER, PRIMARY KEY (game, seat));"
    "CREATE UNIQUE INDEX IF NOT EXISTS ladder_seats_person ON ladder_seats(game, key)"
    " WHERE computer = 0;"
    "CREATE INDEX IF NOT EXISTS ladder_seats_key ON ladder_seats(key, game);"
    "CREATE INDEX IF NOT EXISTS ladder_players_rating ON ladder_players(rating);";

void srv_ladder_key(char key[SRV_LADDER_NAME_MAX + 1], const char *name)
{
    size_t i = 0;
    for (; name[i] && i < SRV_LADDER_NAME_MAX; i++)
        key[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    key[i] = '\0';
}
