/*
 * store_cases.c - the backend-independent cases of store_cases.h (cmocka).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "srv_ladder_store.h"
#include "store_cases.h"

/* The last max chat messages of id; asserts there are n of them. */
static srv_chat_row *chat_of(srv_store *st, const char *id, int max, int n)
{
    srv_chat_row *rows;
    int got;
    assert_int_equal(st->load_chat(st, id, max, &rows, &got), 0);
    assert_int_equal(got, n);
    return rows;
}

/* A store whose first commit fails (injected: CARC_SERVE_FAIL_COMMIT), with a batch open
 * that holds move 1 of game id. */
static srv_store *open_failing_batch(srv_store *(*open)(void), const char *id)
{
    setenv("CARC_SERVE_FAIL_COMMIT", "1", 1);
    srv_store *st = open();
    unsetenv("CARC_SERVE_FAIL_COMMIT");
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, id, 1, "pass", 0), 0);
    return st;
}

/* Chat: none before the first message; messages come back oldest first with their
 * seat (-1: a spectator), time and bytes (quotes, markup, UTF-8 as sent); the last
 * `max` of them; a game's messages only; one in a batch is there after the batch's
 * commit, across closing and reopening; one in a batch whose commit fails is lost
 * with the batch's move, and nothing else is. */
void store_case_chat(srv_store *(*open)(void), const char *a, const char *b)
{
    srv_store *st = open();
    assert_non_null(st->append_chat);
    assert_non_null(st->load_chat);
    srv_chat_row *rows = chat_of(st, a, 100, 0);
    srv_chat_rows_free(rows, 0);
    assert_int_equal(st->append_chat(st, a, 0, 1795564800, "nice city"), 0);
    assert_int_equal(st->append_chat(st, b, 1, 1795564801, "another game"), 0);
    const char *odd = "a \"spectator\" <img src=x onerror=alert(1)> \xc3\xa9\xe2\x82\xac \\";
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, a, 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_chat(st, a, -1, 1795564802, odd), 0);
    assert_int_equal(st->batch_end(st), 0);
    char text[16];
    for (int i = 3; i < 8; i++) {
        snprintf(text, sizeof text, "m%d", i);
        assert_int_equal(st->append_chat(st, a, i % 2, 1795564800 + i, text), 0);
    }
    st->close(st);

    st = open();
    rows = chat_of(st, a, 100, 7);
    assert_int_equal(rows[0].seat, 0);
    assert_int_equal(rows[0].at, 1795564800);
    assert_string_equal(rows[0].text, "nice city");
    assert_int_equal(rows[1].seat, -1);
    assert_int_equal(rows[1].at, 1795564802);
    assert_string_equal(rows[1].text, odd);
    assert_string_equal(rows[6].text, "m7");
    srv_chat_rows_free(rows, 7);
    rows = chat_of(st, a, 3, 3);  /* the last three, oldest first */
    assert_string_equal(rows[0].text, "m5");
    assert_int_equal(rows[0].seat, 1);
    assert_string_equal(rows[2].text, "m7");
    srv_chat_rows_free(rows, 3);
    rows = chat_of(st, a, 0, 0);
    srv_chat_rows_free(rows, 0);
    rows = chat_of(st, b, 100, 1);
    assert_string_equal(rows[0].text, "another game");
    srv_chat_rows_free(rows, 1);
    rows = chat_of(st, "ffffffffffff", 100, 0);  /* no such game: no chat */
    srv_chat_rows_free(rows, 0);
    st->close(st);

    /* a failed group commit (injected: the first commit fails) */
    st = open_failing_batch(open, a);
    assert_int_equal(st->append_chat(st, a, 0, 1795564900, "lost"), 0);
    assert_int_equal(st->batch_end(st), -1);
    rows = chat_of(st, a, 1, 1);
    assert_string_equal(rows[0].text, "m7");
    srv_chat_rows_free(rows, 1);
    st->close(st);
}

/* The ladder: names unique ignoring case, the computers' rows there from the start;
 * a game opened once; seats signed once each, a name on one seat of a game only; a
 * rating moves every row by its delta and fills each seat's before and after, once
 * (a second rating writes nothing); a finished ladder game not rated is listed until
 * it is rated or closed; a player's rated games with every seat; all of it across
 * closing and reopening. */
void store_case_ladder(srv_store *(*open)(void), const char *a, const char *b)
{
    srv_store *st = open();
    srv_ladder_store *l = st->ladder;
    srv_ladder_player p, *rows;
    srv_ladder_seat seats[SRV_LADDER_SEATS];
    int n, rated;
    assert_non_null(l);
    assert_int_equal(l->create_player(l, "Alice", "aa", 1795564800), 0);
    assert_int_equal(l->create_player(l, "aLICE", "bb", 1795564801), 1);
    assert_int_equal(l->create_player(l, "bob", "cc", 1795564802), 0);
    assert_int_equal(l->player(l, "ALICE", &p), 0);
    assert_string_equal(p.name, "Alice");
    assert_string_equal(p.hash, "aa");
    assert_int_equal(p.rating, SRV_LADDER_START);
    assert_int_equal(p.computer, 0);
    assert_int_equal(l->player(l, "carol", &p), 1);
    assert_int_equal(l->player(l, "greedy", &p), 0);
    assert_int_equal(p.computer, 1);
    assert_int_equal(l->players(l, 100, &rows, &n), 0);
    assert_int_equal(n, 7);  /* two people and five computers */
    free(rows);

    assert_int_equal(l->game(l, a, seats, &n, &rated), 1);
    assert_int_equal(l->open_game(l, a, 1795564803), 0);
    assert_int_equal(l->open_game(l, a, 1795564803), -1);
    assert_int_equal(l->game(l, a, seats, &n, &rated), 0);
    assert_int_equal(n, 0);
    assert_int_equal(rated, 0);
    assert_int_equal(l->sign(l, a, 1, "bob"), 0);
    assert_int_equal(l->sign(l, a, 1, "Alice"), 1);  /* the seat is signed */
    assert_int_equal(l->sign(l, a, 0, "bob"), 1);    /* bob signs seat 1 */
    assert_int_equal(l->game(l, a, seats, &n, &rated), 0);
    assert_int_equal(n, 1);
    assert_int_equal(seats[0].seat, 1);
    assert_string_equal(seats[0].name, "bob");
    char **ids;
    assert_int_equal(l->unrated(l, &ids, &n), 0);
    assert_int_equal(n, 0);  /* a is not over */
    srv_strings_free(ids, n);
    st->close(st);

    st = open();
    l = st->ladder;
    srv_ladder_seat r[3] = {{.seat = 0, .name = "Alice", .rank = 1, .delta = 10},
                            {.seat = 1, .name = "bob", .rank = 2, .delta = -4},
                            {.seat = 2, .name = "greedy", .computer = 1, .rank = 3, .delta = -6}};
    assert_int_equal(l->rate(l, a, 1795564900, r, 3), 0);
    assert_int_equal(r[0].before, 1500);
    assert_int_equal(r[0].after, 1510);
    assert_int_equal(r[2].after, 1494);
    srv_ladder_seat again[1] = {{.seat = 0, .name = "Alice", .rank = 1, .delta = 10}};
    assert_int_equal(l->rate(l, a, 1795564901, again, 1), 1);  /* rated once */
    assert_int_equal(l->player(l, "alice", &p), 0);
    assert_int_equal(p.rating, 1510);
    assert_int_equal(p.games, 1);
    assert_int_equal(l->game(l, a, seats, &n, &rated), 0);
    assert_int_equal(n, 3);
    assert_int_equal(rated, 1);
    assert_string_equal(seats[2].name, "greedy");
    assert_int_equal(seats[2].computer, 1);
    assert_int_equal(seats[1].rank, 2);
    assert_int_equal(seats[1].before, 1500);
    assert_int_equal(seats[1].after, 1496);
    assert_int_equal(l->players(l, 1, &rows, &n), 0);
    assert_int_equal(n, 1);
    assert_string_equal(rows[0].name, "Alice");  /* the highest first */
    free(rows);

    /* b: over, open to the ladder, not rated: listed until closed */
    assert_int_equal(st->append_move(st, b, 0, "U (1,0) r1", 1), 0);
    assert_int_equal(l->open_game(l, b, 1795564950), 0);
    assert_int_equal(l->unrated(l, &ids, &n), 0);
    assert_int_equal(n, 1);
    assert_string_equal(ids[0], b);
    srv_strings_free(ids, n);
    st->close(st);

    st = open();
    l = st->ladder;
    assert_int_equal(l->rate(l, b, 1795565000, NULL, 0), 0);  /* closed unrated */
    assert_int_equal(l->game(l, b, seats, &n, &rated), 0);
    assert_int_equal(rated, 2);
    assert_int_equal(l->unrated(l, &ids, &n), 0);
    assert_int_equal(n, 0);
    srv_strings_free(ids, n);
    srv_ladder_game *games;
    assert_int_equal(l->history(l, "BOB", 10, &games, &n), 0);
    assert_int_equal(n, 1);
    assert_string_equal(games[0].id, a);
    assert_int_equal(games[0].at, 1795564900);
    assert_int_equal(games[0].nseats, 3);
    assert_string_equal(games[0].seats[0].name, "Alice");
    assert_int_equal(games[0].seats[0].after, 1510);
    free(games);
    assert_int_equal(l->history(l, "carol", 10, &games, &n), 0);
    assert_int_equal(n, 0);
    free(games);
    st->close(st);
}

/* The clock row of id, asserted to be want (NULL: none). */
static void clock_is(srv_store *st, const char *id, const char *want)
{
    char *text = NULL;
    int rc = st->load_clock(st, id, &text);
    if (!want) {
        assert_int_equal(rc, 1);
        assert_null(text);
        return;
    }
    assert_int_equal(rc, 0);
    assert_string_equal(text, want);
    free(text);
}

void store_case_clock(srv_store *(*open)(void), const char *a, const char *b)
{
    srv_store *st = open();
    assert_non_null(st->save_clock);
    assert_non_null(st->load_clock);
    clock_is(st, a, NULL);
    assert_int_equal(st->save_clock(st, a, "1 1 3000 1000 -1 -1 0 0 3000 3000"), 0);
    clock_is(st, a, "1 1 3000 1000 -1 -1 0 0 3000 3000");
    assert_int_equal(st->save_clock(st, a, "1 1 3000 1000 0 -1 0 0 3000 3000"), 0);  /* replaced */
    assert_int_equal(st->save_clock(st, b, "1 2 0 3600000 1 1 1795564800000 0 3600000 3600000"), 0);
    clock_is(st, a, "1 1 3000 1000 0 -1 0 0 3000 3000");
    st->batch_begin(st);  /* with a move, in one batch */
    assert_int_equal(st->append_move(st, a, 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->save_clock(st, a, "1 1 3000 1000 1 1 1795564803000 0 3000 3000"), 0);
    assert_int_equal(st->batch_end(st), 0);
    st->close(st);

    st = open();
    clock_is(st, a, "1 1 3000 1000 1 1 1795564803000 0 3000 3000");
    clock_is(st, b, "1 2 0 3600000 1 1 1795564800000 0 3600000 3600000");
    st->close(st);

    /* a failed group commit (injected: the first commit fails) takes the clock with
     * the move */
    st = open_failing_batch(open, a);
    assert_int_equal(st->save_clock(st, a, "lost"), 0);
    assert_int_equal(st->batch_end(st), -1);
    clock_is(st, a, "1 1 3000 1000 1 1 1795564803000 0 3000 3000");
    st->close(st);
}

/* Asserts that game id's log holds exactly the n moves of want. */
static void moves_are(srv_store *st, const char *id, const char *const *want, int n)
{
    srv_game_row row;
    char **moves;
    int got;
    assert_int_equal(st->load_game(st, id, &row, &moves, &got), 0);
    assert_int_equal(got, n);
    for (int i = 0; i < n; i++)
        assert_string_equal(moves[i], want[i]);
    srv_strings_free(moves, got);
    srv_game_row_free(&row);
}

void store_case_undo(srv_store *(*open)(void), const char *a, const char *b)
{
    static const char *const three[] = {"U (1,0) r1", "pass", "N:C"};
    srv_store *st = open();
    assert_non_null(st->cut_move);
    assert_int_equal(st->cut_move(st, a, 0), -1);  /* no move at all */
    for (int i = 0; i < 3; i++)
        assert_int_equal(st->append_move(st, a, i, three[i], 0), 0);
    assert_int_equal(st->cut_move(st, a, 1), -1);  /* not the last */
    assert_int_equal(st->cut_move(st, a, 3), -1);  /* past the end */
    assert_int_equal(st->cut_move(st, "nosuchgame00", 0), -1);
    moves_are(st, a, three, 3);
    assert_int_equal(st->cut_move(st, a, 2), 0);
    moves_are(st, a, three, 2);
    assert_int_equal(st->append_move(st, a, 3, "pass", 0), -1);  /* still no gap */
    assert_int_equal(st->append_move(st, a, 2, "N:C", 0), 0);    /* the index again */
    assert_int_equal(st->cut_move(st, a, 2), 0);
    st->close(st);

    st = open();  /* durable */
    moves_are(st, a, three, 2);
    assert_int_equal(st->cut_move(st, a, 1), 0);
    assert_int_equal(st->cut_move(st, a, 0), 0);  /* move 0 too */
    moves_are(st, a, three, 0);
    assert_int_equal(st->append_move(st, a, 0, "U (1,0) r1", 0), 0);
    st->close(st);

    st = open();
    moves_are(st, a, three, 1);
    /* in a batch: kept by its commit, with the batch's other moves */
    st->batch_begin(st);
    assert_int_equal(st->append_move(st, b, 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->cut_move(st, a, 0), 0);
    assert_int_equal(st->batch_end(st), 0);
    moves_are(st, a, three, 0);
    moves_are(st, b, three, 1);
    /* a finished game keeps its moves */
    assert_int_equal(st->append_move(st, b, 1, "pass", 1), 0);
    assert_int_equal(st->cut_move(st, b, 1), -1);
    moves_are(st, b, three, 2);
    assert_int_equal(st->append_move(st, a, 0, "U (1,0) r1", 0), 0);
    assert_int_equal(st->append_move(st, a, 1, "pass", 0), 0);
    st->close(st);

    /* a failed group commit (injected) loses the cut: the move is still there */
    setenv("CARC_SERVE_FAIL_COMMIT", "1", 1);
    st = open();
    unsetenv("CARC_SERVE_FAIL_COMMIT");
    st->batch_begin(st);
    assert_int_equal(st->cut_move(st, a, 1), 0);
    assert_int_equal(st->batch_end(st), -1);
    moves_are(st, a, three, 2);
    st->close(st);
    st = open();
    moves_are(st, a, three, 2);
    st->close(st);
}
