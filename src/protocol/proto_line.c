/*
 * proto_line.c - one line of the `carc engine` protocol (docs/PROTOCOL.md) to one
 * reply: splits off the optional numeric id and the command word, runs the command
 * (proto_commands.c) and writes exactly one reply line, flushed: "=[id] payload" on
 * success, "?[id] message" on failure. A line too long, holding a NUL byte or that
 * memory could not hold (base.h's line reader told so) is a failure like any other:
 * one '?' reply, and the session goes on. `carc engine` (src/cmd/cmd_engine.c) and
 * fuzz_protocol both drive proto_line.
 */
#include <ctype.h>
#include <string.h>

#include "protocol.h"

/* A '?' message longer than this is cut: messages echo at most CLIP_ECHO bytes of
 * what the client sent, so only a command that echoes more is ever cut. */
enum { PROTO_REPLY_MAX = 1024 };

/* Writes one reply line and flushes it: the sign, the id, then the text with
 * every control byte escaped (so the reply stays one line) and, for a failure,
 * clipped. Returns 0, or -1 when the reply could not be written. */
static int reply(FILE *out, char sign, const char *id, const char *text)
{
    fputc(sign, out);
    fputs(id, out);
    if (text && *text) {
        fputc(' ', out);
        clip_write(out, text, sign == '?' ? PROTO_REPLY_MAX : 0);
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

int proto_line(proto_session *s, line_reader *r, line_status st, FILE *out)
{
    char id[24] = "", *p = r->buf, *name, problem[PROTO_MSG];
    const char *msg = NULL;
    strbuf sb;
    int rc, io;

    while (*p == ' ' || *p == '\t')
        p++;
    if (st == LINE_OK && (!*p || *p == '#'))
        return PROTO_SILENT; /* blank lines and comments get no reply */
    /* A line the reader could not take whole still gets its one reply, with the id
     * when its start holds one. */
    if (take_id(&p, id, &msg) == 0 && line_problem(r, st, problem, sizeof problem))
        msg = problem;
    if (!msg && !*p)
        msg = "empty command";
    if (msg)
        return reply(out, '?', id, msg) ? PROTO_IO : PROTO_FAILED;
    name = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (*p)
        *p++ = '\0';
    /* No command word is this long: clip it before it is echoed as unknown. */
    if (strlen(name) >= CLIP_ECHO + 4)
        memcpy(name + CLIP_ECHO, "...", 4);

    sb_init(&sb, 0);
    rc = proto_command(s, name, p, &sb);
    const char *text = sb_str(&sb);
    if (!text)
        rc = -1;
    io = reply(out, rc < 0 ? '?' : '=', id, text ? text : "out of memory");
    sb_free(&sb);
    if (io)
        return PROTO_IO;
    return rc == 1 ? PROTO_QUIT : rc < 0 ? PROTO_FAILED : PROTO_OK;
}

