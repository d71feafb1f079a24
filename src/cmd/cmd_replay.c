/*
 * cmd_replay.c - `carc replay FILE`: checks a file of JSON records, one per line,
 * by playing each through the engine (carc_record_replay). Stops at the first
 * record that does not parse or does not replay, naming its file and line.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "play_ui.h"

static const char replay_usage[] =
    "usage: carc replay [--view] FILE\n"
    "\n"
    "Replays every game record in FILE ('-': stdin), one JSON record per line of at\n"
    "most 16 MiB; blank lines are skipped. Every move must parse and be legal, the\n"
    "events must match those recorded, and the final scores must match. On the first\n"
    "failure (or a line too long, holding a NUL byte or unreadable) prints\n"
    "FILE:LINE: <message> on stderr and exits 1; an input without a record is a\n"
    "failure too. Otherwise prints\n"
    "'N records replayed, all moves legal, all scores match' and exits 0.\n"
    "\n"
    "  --view    instead, step through the first record of FILE on the terminal:\n"
    "            the board, the log and the scores move by move (as carc play --view)\n"
    "  --help    this text\n";

static int blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r')
            return 0;
    return 1;
}

/* Prints "NAME:LINE: message" on stderr, the message escaped onto one line. */
static void replay_error(const char *name, long lineno, const char *msg)
{
    char echo[CLIP_ECHO_SIZE];
    fprintf(stderr, "%s:%ld: ", clip_text(name, 0, echo, sizeof echo), lineno);
    clip_write(stderr, msg, 0);
    fputc('\n', stderr);
}

/* Replays every record of in; returns 0, or 1 after reporting the first failure
 * (a line that cannot be read, a bad record, or no record at all). */
static int replay_stream(FILE *in, const char *name)
{
    line_reader r;
    line_status st;
    char problem[PROTO_MSG];
    long records = 0;
    size_t len;
    int rc = 0;

    line_reader_init(&r, in, LINE_MAX_BYTES);
    while ((st = line_read(&r, &len)) != LINE_EOF) {
        carc_error err = {0, ""};
        carc_record *rec;
        if (line_problem(&r, st, problem, sizeof problem)) {
            replay_error(name, st == LINE_ERROR ? r.lineno + 1 : r.lineno, problem);
            rc = 1;
            break;
        }
        if (blank(r.buf))
            continue;
        if (!(rec = carc_record_parse(r.buf, &err))) {
            replay_error(name, r.lineno, err.msg[0] ? err.msg : "bad record");
            rc = 1;
            break;
        }
        if (carc_record_replay(rec, NULL, &err) != CARC_OK) {
            replay_error(name, r.lineno, err.msg[0] ? err.msg : "replay failed");
            carc_record_free(rec);
            rc = 1;
            break;
        }
        carc_record_free(rec);
        records++;
    }
    line_reader_free(&r);
    if (rc == 0 && records == 0) {
        char echo[CLIP_ECHO_SIZE];
        fprintf(stderr, "%s: no records (the input is empty or holds only blank lines)\n",
                clip_text(name, 0, echo, sizeof echo));
        rc = 1;
    }
    if (rc == 0)
        printf("%ld records replayed, all moves legal, all scores match\n", records);
    return rc;
}

int cmd_replay(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"view", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *path;
    FILE *in;
    int opt, rc, view = 0;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'v': view = 1; break;
        case 'h': fputs(replay_usage, stdout); return 0;
        default: cli_bad_option("replay", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind >= argc) {
        cli_error("replay", "missing FILE (see 'carc replay --help')");
        return EXIT_USAGE;
    }
    if (optind + 1 < argc) {
        cli_extra_arg("replay", argv[optind + 1]);
        return EXIT_USAGE;
    }
    path = argv[optind];
    if (view) {
        if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
            cli_error("replay", "--view needs a terminal");
            return EXIT_USAGE;
        }
        return play_view_run(path);
    }
    if (strcmp(path, "-") == 0)
        return replay_stream(stdin, "-");
    if (!(in = fopen(path, "r"))) {
        cli_error("replay", "cannot open '%s': %s", path, strerror(errno));
        return 1;
    }
    rc = replay_stream(in, path);
    fclose(in);
    return rc;
}
