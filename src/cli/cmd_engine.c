/*
 * cmd_engine.c - `carc engine`: the line protocol on stdin/stdout
 * (docs/PROTOCOL.md). This file reads lines, splits off the optional numeric id
 * and the command word, and writes exactly one reply line per command, flushed:
 * "=[id] payload" on success, "?[id] message" on failure. The commands themselves
 * are in engine_cmds.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char engine_usage[] =
    "usage: carc engine\n"
    "\n"
    "Speaks the carc engine protocol on stdin and stdout: one command per line, one\n"
    "reply line per command ('= payload' or '? message', with the command's numeric\n"
    "id after the sign when it had one). Send 'help' for the commands; the protocol\n"
    "is described in docs/PROTOCOL.md.\n"
    "\n"
    "  --help    this text\n";

/* Writes one reply line: the sign, the id, then the text with any line break
 * turned into a blank so that the reply stays on one line. */
static void reply(char sign, const char *id, const char *text)
{
    const char *p;
    putchar(sign);
    fputs(id, stdout);
    if (text && *text) {
        putchar(' ');
        for (p = text; *p; p++)
            putchar(*p == '\n' || *p == '\r' ? ' ' : *p);
    }
    putchar('\n');
    fflush(stdout);
}

/* Handles one line; returns 1 after quit, else 0. */
static int handle_line(engine_session *s, char *line)
{
    char id[24] = "", *p = line, *name;
    strbuf out;
    int rc;
    size_t n;

    n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p || *p == '#')
        return 0; /* blank lines and comments get no reply */
    if (isdigit((unsigned char)*p)) {
        char *q = p;
        while (isdigit((unsigned char)*q))
            q++;
        if (!*q || *q == ' ' || *q == '\t') {
            size_t len = (size_t)(q - p);
            if (len >= sizeof id) {
                reply('?', "", "id too long (at most 23 digits)");
                return 0;
            }
            memcpy(id, p, len);
            id[len] = '\0';
            p = q;
            while (*p == ' ' || *p == '\t')
                p++;
        }
    }
    if (!*p) {
        reply('?', id, "empty command");
        return 0;
    }
    name = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (*p)
        *p++ = '\0';

    sb_init(&out);
    rc = engine_command(s, name, p, &out);
    if (out.oom)
        reply('?', id, "out of memory");
    else
        reply(rc < 0 ? '?' : '=', id, out.p);
    sb_free(&out);
    return rc == 1;
}

int cmd_engine(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    engine_session s;
    char *line = NULL;
    size_t cap = 0;
    int opt;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h': fputs(engine_usage, stdout); return 0;
        default: cli_bad_option("engine", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("engine", "unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    engine_session_init(&s);
    while (getline(&line, &cap, stdin) != -1)
        if (handle_line(&s, line))
            break;
    free(line);
    engine_session_free(&s);
    return 0;
}
