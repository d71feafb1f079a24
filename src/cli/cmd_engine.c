/*
 * cmd_engine.c - `carc engine`: the line protocol on stdin/stdout
 * (docs/PROTOCOL.md). This file reads lines (line_reader.c: at most
 * LINE_MAX_BYTES each), splits off the optional numeric id and the command word,
 * and writes exactly one reply line per command, flushed: "=[id] payload" on
 * success, "?[id] message" on failure. A line too long, holding a NUL byte or that
 * memory could not hold is a failure like any other: one '?' reply, and the
 * session goes on. The commands themselves are in engine_cmds.c; fuzz_protocol
 * drives engine_line too.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
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

/* A '?' message longer than this is cut: messages echo at most CLIP_ECHO bytes of
 * what the client sent, so only a command that echoes more is ever cut. */
enum { ENGINE_MSG_MAX = 1024 };

/* Writes one reply line and flushes it: the sign, the id, then the text with
 * every control byte escaped (so the reply stays one line) and, for a failure,
 * clipped. Returns 0, or -1 when the reply could not be written. */
static int reply(FILE *out, char sign, const char *id, const char *text)
{
    fputc(sign, out);
    fputs(id, out);
    if (text && *text) {
        fputc(' ', out);
        clip_write(out, text, sign == '?' ? ENGINE_MSG_MAX : 0);
    }
    fputc('\n', out);
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

/* Takes the optional numeric id off the front of *p into id (24 bytes). Returns 0,
 * or -1 with the message in msg when the id is too long. */
static int take_id(char **p, char *id, const char **msg)
{
    char *q = *p;
    while (isdigit((unsigned char)*q))
        q++;
    if (q == *p || (*q && *q != ' ' && *q != '\t'))
        return 0;  /* no id: a command word may start with a digit */
    if ((size_t)(q - *p) >= 24) {
        *msg = "id too long (at most 23 digits)";
        return -1;
    }
    memcpy(id, *p, (size_t)(q - *p));
    id[q - *p] = '\0';
    while (*q == ' ' || *q == '\t')
        q++;
    *p = q;
    return 0;
}

int engine_line(engine_session *s, line_reader *r, line_status st, FILE *out)
{
    char id[24] = "", *p = r->buf, *name, problem[CLI_MSG];
    const char *msg = NULL;
    strbuf sb;
    int rc, io;

    while (*p == ' ' || *p == '\t')
        p++;
    if (st == LINE_OK && (!*p || *p == '#'))
        return ENGINE_SILENT; /* blank lines and comments get no reply */
    /* A line the reader could not take whole still gets its one reply, with the id
     * when its start holds one. */
    if (take_id(&p, id, &msg) == 0 && line_problem(r, st, problem, sizeof problem))
        msg = problem;
    if (!msg && !*p)
        msg = "empty command";
    if (msg)
        return reply(out, '?', id, msg) ? ENGINE_IO : ENGINE_FAILED;
    name = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (*p)
        *p++ = '\0';
    /* No command word is this long: clip it before it is echoed as unknown. */
    if (strlen(name) >= CLIP_ECHO + 4)
        memcpy(name + CLIP_ECHO, "...", 4);

    sb_init(&sb);
    rc = engine_command(s, name, p, &sb);
    if (sb.oom)
        rc = -1;
    io = reply(out, rc < 0 ? '?' : '=', id, sb.oom ? "out of memory" : sb.p);
    sb_free(&sb);
    if (io)
        return ENGINE_IO;
    return rc == 1 ? ENGINE_QUIT : rc < 0 ? ENGINE_FAILED : ENGINE_OK;
}

int cmd_engine(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    engine_session s;
    line_reader r;
    line_status st;
    size_t len;
    int opt, rc = ENGINE_OK, werr = 0;

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
    engine_session_init(&s);
    line_reader_init(&r, stdin, LINE_MAX_BYTES);
    while ((st = line_read(&r, &len)) != LINE_EOF) {
        rc = engine_line(&s, &r, st, stdout);
        werr = errno;
        if (rc == ENGINE_QUIT || rc == ENGINE_IO || st == LINE_ERROR)
            break;
    }
    line_reader_free(&r);
    engine_session_free(&s);
    if (rc == ENGINE_IO) {
        cli_error("engine", "cannot write a reply: %s", strerror(werr));
        return 1;
    }
    return st == LINE_ERROR ? 1 : 0;
}
