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

#include "cli.h"

static const char replay_usage[] =
    "usage: carc replay FILE\n"
    "\n"
    "Replays every game record in FILE ('-': stdin), one JSON record per line; blank\n"
    "lines are skipped. Every move must parse and be legal, the events must match\n"
    "those recorded, and the final scores must match. On the first failure prints\n"
    "FILE:LINE: <message> on stderr and exits 1; otherwise prints\n"
    "'N records replayed, all moves legal, all scores match' and exits 0.\n"
    "\n"
    "  --help    this text\n";

static int blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
            return 0;
    return 1;
}

/* Replays every record of in; returns 0, or 1 after reporting the first failure. */
static int replay_stream(FILE *in, const char *name)
{
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0, records = 0;
    int rc = 0;

    ssize_t len;

    while ((len = getline(&line, &cap, in)) != -1) {
        carc_error err = {0, ""};
        carc_record *rec;
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (blank(line))
            continue;
        if (!(rec = carc_record_parse(line, &err))) {
            fprintf(stderr, "%s:%ld: %s\n", name, lineno, err.msg[0] ? err.msg : "bad record");
            rc = 1;
            break;
        }
        if (carc_record_replay(rec, NULL, &err) != CARC_OK) {
            fprintf(stderr, "%s:%ld: %s\n", name, lineno,
                    err.msg[0] ? err.msg : "replay failed");
            carc_record_free(rec);
            rc = 1;
            break;
        }
        carc_record_free(rec);
        records++;
    }
    if (rc == 0 && ferror(in)) {
        fprintf(stderr, "%s:%ld: read error: %s\n", name, lineno + 1, strerror(errno));
        rc = 1;
    }
    free(line);
    if (rc == 0)
        printf("%ld records replayed, all moves legal, all scores match\n", records);
    return rc;
}

int cmd_replay(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *path;
    FILE *in;
    int opt, rc;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h': fputs(replay_usage, stdout); return 0;
        default: cli_bad_option("replay", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind >= argc) {
        cli_error("replay", "missing FILE (see 'carc replay --help')");
        return EXIT_USAGE;
    }
    if (optind + 1 < argc) {
        cli_error("replay", "unexpected argument '%s'", argv[optind + 1]);
        return EXIT_USAGE;
    }
    path = argv[optind];
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
