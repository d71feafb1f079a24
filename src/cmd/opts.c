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
#include "cmd.h"

/* The message is built first and then written escaped, so that it stays one line
 * whatever the caller put in it; a message longer than the buffer is cut. */
void cli_error(const char *cmd, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "carc %s: ", cmd);
    clip_write(stderr, msg, 0);
    if (n >= (int)sizeof msg)
        fputs("...", stderr);
    fputc('\n', stderr);
}

void cli_bad_option(const char *cmd, int opt, char **argv)
{
    /* getopt_long leaves optind past the offending word in every case we use,
     * but the word itself is the most helpful thing to show. */
    const char *word = optind > 0 ? argv[optind - 1] : "?";
    char echo[CLIP_ECHO_SIZE], letter[2] = {(char)optopt, '\0'};
    clip_text(word, CLIP_ECHO, echo, sizeof echo);
    if (opt == ':')
        cli_error(cmd, "option '%s' needs a value (see 'carc %s --help')", echo, cmd);
    else if (optopt && strncmp(word, "--", 2) != 0)
        cli_error(cmd, "unknown option '-%s' (see 'carc %s --help')",
                  clip_text(letter, 1, echo, sizeof echo), cmd);
    else
        cli_error(cmd, "unknown option '%s' (see 'carc %s --help')", echo, cmd);
}

void cli_extra_arg(const char *cmd, const char *arg)
{
    char echo[CLIP_ECHO_SIZE];
    cli_error(cmd, "unexpected argument '%s'", clip_text(arg, CLIP_ECHO, echo, sizeof echo));
}

int cli_int(const char *cmd, const char *name, const char *text, long lo, long hi, long *out)
{
    char msg[PROTO_MSG];
    if (proto_long(name, text, lo, hi, out, msg, sizeof msg)) {
        cli_error(cmd, "%s", msg);
        return -1;
    }
    return 0;
}

int cli_players(const char *cmd, const char *name, const char *text, unsigned expansions,
                long *out)
{
    char msg[PROTO_MSG];
    if (proto_players(name, text, expansions, out, msg, sizeof msg)) {
        cli_error(cmd, "%s", msg);
        return -1;
    }
    return 0;
}

int cli_players_count(const char *cmd, const char *name, long n, unsigned expansions)
{
    char msg[PROTO_MSG];
    if (proto_players_count(name, n, expansions, msg, sizeof msg)) {
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

int cli_seed(const char *cmd, const char *name, const char *text, uint64_t *out)
{
    char msg[PROTO_MSG];
    if (proto_seed(name, text, out, msg, sizeof msg)) {
        cli_error(cmd, "%s", msg);
        return -1;
    }
    return 0;
}

int cli_seed_range(const char *cmd, uint64_t first, long count)
{
    if (count > 0 && first > PROTO_SEED_MAX - (uint64_t)(count - 1)) {
        cli_error(cmd, "--seed %" PRIu64 " with --games %ld runs past the largest seed %" PRIu64,
                  first, count, PROTO_SEED_MAX);
        return -1;
    }
    return 0;
}

int cli_expansions(const char *cmd, const char *name, const char *text, unsigned *out)
{
    char msg[PROTO_MSG];
    if (proto_expansions(name, text, out, msg, sizeof msg)) {
        cli_error(cmd, "%s", msg);
        return -1;
    }
    return 0;
}

int cli_list(const char *cmd, const char *name, const char *text, char *buf, size_t size,
             char **items, int max)
{
    char echo[CLIP_ECHO_SIZE], *p;
    int n = 0;
    if (strlen(text) >= size) {
        cli_error(cmd, "%s: list too long", name);
        return -1;
    }
    memcpy(buf, text, strlen(text) + 1);
    for (p = buf;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (!*p) {
            cli_error(cmd, "%s: empty entry in '%s'", name,
                      clip_text(text, CLIP_ECHO, echo, sizeof echo));
            return -1;
        }
        if (n < max)
            items[n] = p;
        if (n <= max)
            n++;
        if (!comma)
            return n;
        p = comma + 1;
    }
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
