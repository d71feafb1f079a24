/*
 * opts.c - option values and usage errors shared by the subcommands.
 *
 * Every message is one line on stderr that starts with "carc CMD: ", so that a
 * script sees which subcommand complained; the caller then exits with EXIT_USAGE.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "carc_record.h"
#include "cli.h"

void cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "carc %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void cli_bad_option(const char *cmd, int opt, char **argv)
{
    /* getopt_long leaves optind past the offending word in every case we use,
     * but the word itself is the most helpful thing to show. */
    const char *word = optind > 0 ? argv[optind - 1] : "?";
    if (opt == ':')
        cli_error(cmd, "option '%s' needs a value (see 'carc %s --help')", word, cmd);
    else if (optopt && strncmp(word, "--", 2) != 0)
        cli_error(cmd, "unknown option '-%c' (see 'carc %s --help')", optopt, cmd);
    else
        cli_error(cmd, "unknown option '%s' (see 'carc %s --help')", word, cmd);
}

int opt_long(const char *name, const char *text, long lo, long hi, long *out, char *msg,
             size_t size)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) {
        snprintf(msg, size, "%s must be %ld..%ld, got %s", name, lo, hi, text);
        return -1;
    }
    *out = v;
    return 0;
}

int opt_u64(const char *name, const char *text, uint64_t *out, char *msg, size_t size)
{
    char *end;
    uintmax_t v;
    errno = 0;
    v = strtoumax(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-' || text[0] == '+' || v > UINT64_MAX) {
        snprintf(msg, size, "%s must be an integer 0..%" PRIu64 ", got %s", name, UINT64_MAX,
                 text);
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

int opt_expansions(const char *name, const char *text, unsigned *out, char *msg, size_t size)
{
    carc_error err = {0, ""};
    if (carc_expansions_parse(text, out, &err) != 0) {
        snprintf(msg, size, "%s: %s", name, err.msg[0] ? err.msg : "unknown expansion");
        return -1;
    }
    return 0;
}

int cli_int(const char *cmd, const char *name, const char *text, long lo, long hi, long *out)
{
    char msg[CLI_MSG];
    if (opt_long(name, text, lo, hi, out, msg, sizeof msg)) {
        cli_error(cmd, "%s", msg);
        return -1;
    }
    return 0;
}

int cli_seconds(const char *cmd, const char *name, const char *text, double hi, double *out)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(text, &end);
    if (errno || end == text || *end || !isfinite(v) || v <= 0 || v > hi) {
        cli_error(cmd, "%s must be a number of seconds above 0 and at most %g, got %s",
                  name, hi, text);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_u64(const char *cmd, const char *name, const char *text, uint64_t *out)
{
    char msg[CLI_MSG];
    if (opt_u64(name, text, out, msg, sizeof msg)) {
        cli_error(cmd, "%s", msg);
        return -1;
    }
    return 0;
}

int cli_expansions(const char *cmd, const char *name, const char *text, unsigned *out)
{
    char msg[CLI_MSG];
    if (opt_expansions(name, text, out, msg, sizeof msg)) {
        cli_error(cmd, "%s", msg);
        return -1;
    }
    return 0;
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
