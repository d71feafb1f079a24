/*
 * test_server_clock.c - the seats' clocks (srv_clock.c, issue 32): deadlines on the
 * wall clock, the increment, turn-based decisions, handing a seat over and taking it
 * back, the text the store keeps (a restart reads the same deadline), bad text
 * refused, the lobby's presets and POST /api/games' "clock" (srv_create_parse).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "srv_int.h"

#define T0 INT64_C(1795564800000)  /* some unix ms */

/* Real-time: 3 s each and 1 s a decision. The first decision (index 0) is untimed; a
 * running seat's deadline is start + its time; a decision adds the increment to what
 * was left; a seat not running keeps its time. */
static void test_realtime(void **state)
{
    (void)state;
    srv_clock c;
    srv_clock_init(&c, SRV_CLOCK_LIVE, 3000, 1000);
    srv_clock_turn(&c, 0, -1, T0);
    assert_int_equal(c.running, -1);
    assert_int_equal(srv_clock_expired(&c, T0 + 100000), -1);
    srv_clock_turn(&c, 1, 1, T0 + 5000);  /* seat 1's decision, from 5 s on */
    assert_int_equal(c.running, 1);
    assert_true(c.deadline == T0 + 8000);
    assert_true(srv_clock_left(&c, 1, T0 + 6500) == 1500);
    assert_true(srv_clock_left(&c, 0, T0 + 6500) == 3000);
    /* seat 1 decides at 6.5 s and owes the next decision too: 1.5 s left + 1 s */
    srv_clock_turn(&c, 2, 1, T0 + 6500);
    assert_true(c.deadline == T0 + 6500 + 2500);
    srv_clock_turn(&c, 3, 0, T0 + 7000);  /* 2 s left + 1 s kept; seat 0 runs */
    assert_true(srv_clock_left(&c, 1, T0 + 50000) == 3000);
    assert_true(c.deadline == T0 + 10000);
    assert_int_equal(srv_clock_expired(&c, T0 + 9999), -1);
    assert_int_equal(srv_clock_expired(&c, T0 + 10000), 0);
    assert_true(srv_clock_left(&c, 0, T0 + 12000) == 0);
    /* the same index again changes nothing */
    srv_clock before = c;
    srv_clock_turn(&c, 3, 0, T0 + 9000);
    assert_memory_equal(&before, &c, sizeof c);
}

/* Turn-based: every decision has the whole time, whatever the one before took. */
static void test_turn_based(void **state)
{
    (void)state;
    srv_clock c;
    srv_clock_init(&c, SRV_CLOCK_TURN, 0, 3600000);
    srv_clock_turn(&c, 1, 0, T0);
    assert_true(c.deadline == T0 + 3600000);
    srv_clock_turn(&c, 2, 0, T0 + 3000000);
    assert_true(c.deadline == T0 + 3000000 + 3600000);
    srv_clock_turn(&c, 3, 1, T0 + 3000001);
    assert_int_equal(srv_clock_expired(&c, T0 + 3000001 + 3599999), -1);
    assert_int_equal(srv_clock_expired(&c, T0 + 3000001 + 3600000), 1);
    /* no clock: nothing ever runs */
    srv_clock none;
    srv_clock_init(&none, SRV_CLOCK_NONE, 0, 0);
    srv_clock_turn(&none, 5, 1, T0);
    assert_int_equal(none.running, -1);
    assert_int_equal(srv_clock_expired(&none, T0 + 1000000000), -1);
}

/* A seat handed to a computer stops its clock (the caller then times nobody); taken
 * back, it has at least a minute or one decision's increment. */
static void test_hand_over(void **state)
{
    (void)state;
    srv_clock c;
    srv_clock_init(&c, SRV_CLOCK_LIVE, 3000, 1000);
    srv_clock_turn(&c, 1, 1, T0);
    srv_clock_hand_over(&c, 1, T0 + 3000);
    srv_clock_turn(&c, 1, -1, T0 + 3000);
    assert_int_equal(c.running, -1);
    assert_int_equal(c.away, 2u);
    assert_true(c.left[1] == 0);
    srv_clock_turn(&c, 2, -1, T0 + 4000);  /* the computer's decisions add nothing */
    assert_true(c.left[1] == 0);
    srv_clock_take_back(&c, 1, T0 + 9000);
    assert_int_equal(c.away, 0u);
    assert_true(c.left[1] == SRV_CLOCK_BACK_MS);
    srv_clock_turn(&c, 2, 1, T0 + 9000);  /* its decision: it runs again */
    assert_true(c.deadline == T0 + 9000 + SRV_CLOCK_BACK_MS);
    srv_clock slow;
    srv_clock_init(&slow, SRV_CLOCK_LIVE, 600000, 120000);
    srv_clock_hand_over(&slow, 0, T0);
    srv_clock_take_back(&slow, 0, T0);
    assert_true(slow.left[0] == 600000);  /* it had more: kept */
}

/* The store's text: written and read back the same, the running seat's deadline
 * absolute (a process reading it later finds the same time left at the same wall
 * time); anything else refused. */
static void test_text(void **state)
{
    (void)state;
    srv_clock c, back;
    char text[SRV_CLOCK_TEXT];
    srv_clock_init(&c, SRV_CLOCK_TURN, 0, 7200000);
    srv_clock_turn(&c, 4, 2, T0);
    srv_clock_hand_over(&c, 0, T0);
    assert_int_equal(srv_clock_write(&c, 3, text, sizeof text), 0);
    assert_string_equal(text, "1 2 0 7200000 4 2 1795572000000 1 7200000 7200000 7200000");
    assert_int_equal(srv_clock_read(&back, 3, text), 0);
    assert_int_equal(back.kind, c.kind);
    assert_true(back.start_ms == c.start_ms && back.move_ms == c.move_ms);
    assert_int_equal(back.index, 4);
    assert_int_equal(back.running, 2);
    assert_true(back.deadline == c.deadline);
    assert_int_equal(back.away, 1u);
    assert_memory_equal(back.left, c.left, 3 * sizeof c.left[0]);
    assert_true(srv_clock_left(&back, 2, T0 + 1000) == 7199000);
    assert_int_equal(srv_clock_write(&c, 3, text, 20), -1);  /* too short a buffer */
    static const char *const bad[] = {
        "", "2 2 0 7200000 4 2 0 0 1 1 1", "1 3 0 1 4 2 0 0 1 1 1", "1 2 0 1 4 3 0 0 1 1 1",
        "1 2 0 1 4 2 0 0 1 1", "1 2 0 1 4 2 0 0 1 1 1 1", "1 2 0 1 4 2 0 0 1 -5 1",
        "1 2 0 1 4 2 0 0 1 1 x", "1  2 0 1 4 2 0 0 1 1 1", "1 2 0 1 4 2 0 99999 1 1 1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(srv_clock_read(&back, 3, bad[i]), -1);
}

/* POST /api/games' "clock": the presets, real-time and turn-based forms; a bad clock
 * refused with a line naming what is wanted. */
static void test_create(void **state)
{
    (void)state;
    srv_create req;
    char err[SRV_ERR];
    static const char head[] = "{\"players\":[\"human\",\"greedy\"],\"clock\":";
    struct {
        const char *clock;
        int kind;
        int64_t start, move;
    } good[] = {
        {"\"fast\"", SRV_CLOCK_LIVE, 180000, 10000},
        {"\"normal\"", SRV_CLOCK_LIVE, 360000, 20000},
        {"\"slow\"", SRV_CLOCK_LIVE, 720000, 40000},
        {"{\"start\":3,\"move\":1}", SRV_CLOCK_LIVE, 3000, 1000},
        {"{\"hours\":24}", SRV_CLOCK_TURN, 0, 86400000},
    };
    char body[256];
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        snprintf(body, sizeof body, "%s%s}", head, good[i].clock);
        assert_int_equal(srv_create_parse(body, strlen(body), &req, err, sizeof err), 0);
        assert_int_equal(req.clock.kind, good[i].kind);
        assert_true(req.clock.start_ms == good[i].start && req.clock.move_ms == good[i].move);
        assert_int_equal(req.clock.running, -1);
    }
    static const char plain[] = "{\"players\":[\"human\",\"human\"]}";
    assert_int_equal(srv_create_parse(plain, sizeof plain - 1, &req, err, sizeof err), 0);
    assert_int_equal(req.clock.kind, SRV_CLOCK_NONE);
    assert_int_equal(req.clock.running, -1);
    static const char *const bad[] = {
        "\"blitz\"", "3", "{}", "{\"start\":0,\"move\":1}", "{\"start\":3}",
        "{\"start\":3,\"move\":-1}", "{\"start\":86401,\"move\":1}", "{\"hours\":0}",
        "{\"hours\":721}", "{\"hours\":1,\"start\":3}", "{\"start\":3,\"move\":1,\"x\":1}",
        "{\"hours\":1.5}", "null", "\"Fast\"",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(body, sizeof body, "%s%s}", head, bad[i]);
        err[0] = '\0';
        assert_int_equal(srv_create_parse(body, strlen(body), &req, err, sizeof err), -1);
        assert_non_null(strstr(err, "clock"));
    }
}

/* The messages "vote" and "back": parsed strictly. */
static void test_messages(void **state)
{
    (void)state;
    srv_msg m;
    char err[SRV_ERR];
    static const char vote[] = "{\"type\":\"vote\",\"seat\":2}";
    assert_int_equal(srv_msg_parse(vote, sizeof vote - 1, &m, err, sizeof err), 0);
    assert_int_equal(m.type, SRV_MSG_VOTE);
    assert_int_equal(m.seat, 2);
    static const char back[] = "{\"type\":\"back\"}";
    assert_int_equal(srv_msg_parse(back, sizeof back - 1, &m, err, sizeof err), 0);
    assert_int_equal(m.type, SRV_MSG_BACK);
    static const char *const bad[] = {
        "{\"type\":\"vote\"}", "{\"type\":\"vote\",\"seat\":-1}", "{\"type\":\"vote\",\"seat\":6}",
        "{\"type\":\"vote\",\"seat\":\"1\"}", "{\"type\":\"vote\",\"seat\":1,\"why\":1}",
        "{\"type\":\"back\",\"seat\":1}", "{\"type\":\"vote\",\"seat\":1.0}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_int_equal(srv_msg_parse(bad[i], strlen(bad[i]), &m, err, sizeof err), -1);
        assert_true(err[0] != '\0');
    }
}

/* Undo by agreement: the running seat stops without an increment, the seat whose
 * decision is pending again runs from what it has left (turn-based: a whole decision's
 * time), the index follows; no clock, no change. */
static void test_undo(void **state)
{
    (void)state;
    srv_clock c;
    srv_clock_init(&c, SRV_CLOCK_LIVE, 3000, 1000);
    srv_clock_turn(&c, 1, 0, T0);             /* seat 0 runs: 3 s */
    srv_clock_turn(&c, 2, 1, T0 + 1000);      /* seat 0 decided: 2 s + 1 s; seat 1 runs */
    srv_clock_undo(&c, 1, 0, T0 + 1500);      /* seat 0's move taken back at 1.5 s */
    assert_int_equal(c.index, 1);
    assert_int_equal(c.running, 0);
    assert_true(c.left[1] == 2500);           /* seat 1 spent 0.5 s, gained nothing */
    assert_true(c.deadline == T0 + 1500 + 3000);  /* seat 0 keeps the increment */
    srv_clock_turn(&c, 1, 0, T0 + 2000);      /* the same index: nothing more */
    assert_true(c.deadline == T0 + 4500);
    srv_clock_init(&c, SRV_CLOCK_TURN, 0, 3600000);
    srv_clock_turn(&c, 2, 1, T0);
    srv_clock_undo(&c, 1, 0, T0 + 60000);
    assert_true(c.deadline == T0 + 60000 + 3600000);
    srv_clock_init(&c, SRV_CLOCK_NONE, 0, 0);
    srv_clock before = c;
    srv_clock_undo(&c, 1, 0, T0);
    assert_memory_equal(&before, &c, sizeof c);
    /* the messages: strict, as every other */
    srv_msg m;
    char err[SRV_ERR];
    static const char ask[] = "{\"type\":\"undo\",\"index\":12}";
    assert_int_equal(srv_msg_parse(ask, sizeof ask - 1, &m, err, sizeof err), 0);
    assert_int_equal(m.type, SRV_MSG_UNDO);
    assert_int_equal(m.index, 12);
    static const char yes[] = "{\"type\":\"undo_answer\",\"index\":12,\"accept\":true}";
    assert_int_equal(srv_msg_parse(yes, sizeof yes - 1, &m, err, sizeof err), 0);
    assert_int_equal(m.type, SRV_MSG_UNDO_ANSWER);
    assert_int_equal(m.accept, 1);
    static const char no[] = "{\"type\":\"undo_answer\",\"index\":3,\"accept\":false}";
    assert_int_equal(srv_msg_parse(no, sizeof no - 1, &m, err, sizeof err), 0);
    assert_int_equal(m.accept, 0);
    static const char *const bad[] = {
        "{\"type\":\"undo\"}", "{\"type\":\"undo\",\"index\":-1}",
        "{\"type\":\"undo\",\"index\":\"3\"}", "{\"type\":\"undo\",\"index\":3,\"accept\":true}",
        "{\"type\":\"undo_answer\",\"index\":3}", "{\"type\":\"undo_answer\",\"index\":3,\"accept\":1}",
        "{\"type\":\"undo_answer\",\"accept\":true}", "{\"type\":\"undo\",\"index\":1.5}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_int_equal(srv_msg_parse(bad[i], strlen(bad[i]), &m, err, sizeof err), -1);
        assert_true(err[0] != '\0');
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_realtime),     cmocka_unit_test(test_turn_based),
        cmocka_unit_test(test_hand_over),    cmocka_unit_test(test_text),
        cmocka_unit_test(test_create),       cmocka_unit_test(test_messages),
        cmocka_unit_test(test_undo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
