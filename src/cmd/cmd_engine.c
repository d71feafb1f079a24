/*
 * cmd_engine.c - `carc engine`: the line protocol on stdin/stdout
 * (docs/PROTOCOL.md). This file reads lines (base.h's line reader: at most
 * LINE_MAX_BYTES each) and hands each to proto_line (src/protocol/), which writes
 * its one reply.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

static const char engine_usage[] =
    "usage: carc engine\n"
    "\n"
    "Speaks the carc engine protocol on stdin and stdout: one command per line, one\n"
    "reply line per command ('= payload' or '? message', with the command's numeric\n"
    "id after the sign when it had one). Send 'help' for the commands; the protocol\n"
    "is described in docs/PROTOCOL.md.\n"
    "\n"
    "  --help    this text\n";

int cmd_engine(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    proto_session s;
    line_reader r;
    line_status st;
    size_t len;
    int opt, rc = PROTO_OK, werr = 0;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h': fputs(engine_usage, stdout); return 0;
        default: cli_bad_option("engine", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_extra_arg("engine", argv[optind]);
        return EXIT_USAGE;
    }
    proto_session_init(&s);
    line_reader_init(&r, stdin, LINE_MAX_BYTES);
    while ((st = line_read(&r, &len)) != LINE_EOF) {
        rc = proto_line(&s, &r, st, stdout);
        werr = errno;
        if (rc == PROTO_QUIT || rc == PROTO_IO || st == LINE_ERROR)
            break;
    }
    line_reader_free(&r);
    proto_session_free(&s);
    if (rc == PROTO_IO) {
        cli_error("engine", "cannot write a reply: %s", strerror(werr));
        return 1;
    }
    return st == LINE_ERROR ? 1 : 0;
}
