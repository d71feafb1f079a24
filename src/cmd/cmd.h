/*
 * cmd.h - the carc binary's front door (src/cmd/): main.c dispatches to one
 * subcommand per cmd_*.c file, opts.c parses command-line options and reports usage
 * errors. Everything the subcommands run lives in the layers below: the engine,
 * records and computer players, the protocol (src/protocol/), the terminal game
 * (src/tui/, `carc play`) and the server (src/server/, `carc serve`); nothing below
 * includes this header.
 *
 * Exit codes of every subcommand: 0 success, 1 failure (a bad record, an engine
 * error, a file that cannot be opened, a failed write to stdout), 2 bad usage (a
 * message on stderr); `carc sim` stopped by signal N: 128 + N.
 */
#ifndef CARC_CMD_H
#define CARC_CMD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "base.h"
#include "carc.h"
#include "carc_ai.h"
#include "carc_record.h"
#include "protocol.h"

enum { EXIT_USAGE = 2 };

/* ---- subcommands (cmd_*.c): argv[0] is the subcommand's name ---------------- */

int cmd_demo(int argc, char **argv);
int cmd_tiles(int argc, char **argv);
int cmd_cards(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_play(int argc, char **argv);

/* ---- opts.c: options and usage errors ------------------------------------------ */

/* Prints "carc CMD: <message>" and a newline on stderr. */
void cli_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reports the option getopt_long rejected (unknown option or missing argument).
 * `opt` is getopt_long's return ('?' or ':'), argv/optind as getopt left them. */
void cli_bad_option(const char *cmd, int opt, char **argv);

/* The same for command-line options: on failure they print "carc CMD: <message>"
 * on stderr (e.g. "carc sim: --games must be 1..100000000, got 0") and return -1. */
int cli_int(const char *cmd, const char *name, const char *text, long lo, long hi, long *out);
/* A number of players (the option's text, checked once the expansions are known):
 * "carc sim: --players must be 2..5 (6 with inns), got 7". */
int cli_players(const char *cmd, const char *name, const char *text, unsigned expansions,
                long *out);
/* A list of n seats: "carc play: --players takes 2..5 players (6 with inns), got 1". */
int cli_players_count(const char *cmd, const char *name, long n, unsigned expansions);
/* Parses a number of seconds > 0 and <= hi (a decimal fraction is allowed). */
int cli_seconds(const char *cmd, const char *name, const char *text, double hi, double *out);
int cli_seed(const char *cmd, const char *name, const char *text, uint64_t *out);
/* Checks that the `count` seeds first..first+count-1 stay within PROTO_SEED_MAX (game i
 * of a run uses seed first+i). */
int cli_seed_range(const char *cmd, uint64_t first, long count);
int cli_expansions(const char *cmd, const char *name, const char *text, unsigned *out);
/* Splits a comma-separated list (the text of option `name`) into items, copying it
 * into buf (size bytes) and pointing items[0..] into it. An empty entry is an error.
 * Returns the number of items (max + 1 when there are more than max, of which only
 * max are stored), or -1 after printing the message. */
int cli_list(const char *cmd, const char *name, const char *text, char *buf, size_t size,
             char **items, int max);
/* Prints "carc CMD: unexpected argument 'ARG'" (ARG clipped). */
void cli_extra_arg(const char *cmd, const char *arg);

/* Seconds from a monotonic clock. */
double cli_now(void);

#endif
