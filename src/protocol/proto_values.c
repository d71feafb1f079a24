/*
 * proto_values.c - option values the protocol's `new` keys and the command line's
 * options share: bounded integers, numbers of players (2..5, 6 with Inns &
 * Cathedrals: checked once the expansions are known), seeds and expansion lists. On failure each writes
 * one line naming the option, what it must be and what it got (clipped, control
 * bytes escaped) into msg.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "protocol.h"

int proto_long(const char *name, const char *text, long lo, long hi, long *out, char *msg,
             size_t size)
{
    char *end, echo[CLIP_ECHO_SIZE];
    long v;
    errno = 0;
    v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) {
        snprintf(msg, size, "%s must be %ld..%ld, got %s", name, lo, hi,
                 clip_text(text, CLIP_ECHO, echo, sizeof echo));
        return -1;
    }
    *out = v;
    return 0;
}

/* " (6 with inns)": the most players any expansion seats and which, for the messages
 * below (the base game's 2..5 goes before it); "" if no expansion seats more. */
static const char *more_with(char *buf, size_t size)
{
    const carc_expansion_info *e = carc_expansion_seating(CARC_MAX_PLAYERS);
    if (e == NULL)
        return "";
    snprintf(buf, size, " (%d with %s)", CARC_MAX_PLAYERS, e->name);
    return buf;
}

int proto_players(const char *name, const char *text, unsigned expansions, long *out, char *msg,
                  size_t size)
{
    char *end, echo[CLIP_ECHO_SIZE], with[48];
    long v, hi = carc_max_players(expansions);
    errno = 0;
    v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < CARC_MIN_PLAYERS || v > hi) {
        snprintf(msg, size, "%s must be %d..%d%s, got %s", name, CARC_MIN_PLAYERS,
                 carc_max_players(0), more_with(with, sizeof with),
                 clip_text(text, CLIP_ECHO, echo, sizeof echo));
        return -1;
    }
    *out = v;
    return 0;
}

int proto_players_count(const char *name, long n, unsigned expansions, char *msg, size_t size)
{
    char with[48];
    long hi = carc_max_players(expansions);
    if (n < CARC_MIN_PLAYERS || n > hi) {
        snprintf(msg, size, "%s takes %d..%d players%s, got %ld", name, CARC_MIN_PLAYERS,
                 carc_max_players(0), more_with(with, sizeof with), n);
        return -1;
    }
    return 0;
}

int proto_seed(const char *name, const char *text, uint64_t *out, char *msg, size_t size)
{
    char *end, echo[CLIP_ECHO_SIZE];
    uintmax_t v;
    errno = 0;
    v = strtoumax(text, &end, 10);
    /* strtoumax accepts a sign and leading blanks, which a seed may not have */
    if (errno || end == text || *end || !(text[0] >= '0' && text[0] <= '9') ||
        v > PROTO_SEED_MAX) {
        snprintf(msg, size, "%s must be an integer 0..%" PRIu64 ", got %s", name,
                 PROTO_SEED_MAX, clip_text(text, CLIP_ECHO, echo, sizeof echo));
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

int proto_expansions(const char *name, const char *text, unsigned *out, char *msg, size_t size)
{
    carc_error err = {0, ""};
    if (carc_expansions_parse(text, out, &err) != 0) {
        snprintf(msg, size, "%s: %s", name, err.msg[0] ? err.msg : "unknown expansion");
        return -1;
    }
    return 0;
}

