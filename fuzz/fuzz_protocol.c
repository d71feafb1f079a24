/*
 * fuzz_protocol.c - fuzz target: the bytes are the standard input of a `carc engine`
 * session (docs/PROTOCOL.md), read through the same line reader and handled by the
 * same proto_line as `carc engine`, so NUL bytes, long lines and "\r\n" line ends
 * take the real path. The line limit is FUZZ_LINE_MAX instead of LINE_MAX_BYTES so
 * that an input of a few kilobytes can exceed it.
 *
 * Checked after every line: it got exactly one reply line starting with '=' or '?'
 * (none for a blank line or a comment); a command that failed left the game byte
 * for byte as it was; the game, if any, passes carc_check.
 */
#define _GNU_SOURCE  /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "protocol.h"

enum { FUZZ_LINE_MAX = 1024 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Counts the line ends in out[from..to). */
static size_t fuzz_lines(const char *out, size_t from, size_t to)
{
    size_t n = 0;
    for (; from < to; from++)
        n += out[from] == '\n';
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    proto_session s;
    line_reader r;
    line_status st;
    char *replies = NULL;
    size_t replies_len = 0, before, len;
    FILE *in, *out;
    carc_game *saved;

    if (size == 0)
        return 0;  /* fmemopen refuses an empty buffer */
    /* genmove player=mcts may think for up to ten minutes (ms=600000): a fuzzer
     * would spend its hour waiting, so inputs naming the search player are skipped */
    if (memmem(data, size, "mcts", 4))
        return 0;
    in = fmemopen((void *)data, size, "r");
    out = open_memstream(&replies, &replies_len);
    saved = calloc(1, carc_state_size());  /* zeroed: carc_copy reads its counts */
    if (!in || !out || !saved) {
        if (in)
            fclose(in);
        if (out)
            fclose(out);
        free(replies);
        free(saved);
        return 0;
    }
    proto_session_init(&s);
    line_reader_init(&r, in, FUZZ_LINE_MAX);
    while ((st = line_read(&r, &len)) != LINE_EOF) {
        int had = s.g != NULL, rc;
        if (had)
            carc_copy(saved, s.g);
        before = replies_len;
        rc = proto_line(&s, &r, st, out);
        if (rc == PROTO_IO)
            abort();  /* a memory stream does not fail */
        if (fuzz_lines(replies, before, replies_len) != (rc == PROTO_SILENT ? 0u : 1u))
            abort();  /* not exactly one reply line */
        if (rc != PROTO_SILENT && replies[before] != (rc == PROTO_FAILED ? '?' : '='))
            abort();  /* the sign does not match the outcome */
        if (rc == PROTO_FAILED && had && (!s.g || memcmp(saved, s.g, carc_state_size()) != 0))
            abort();  /* a failed command changed the game */
        carc_error err;
        if (s.g && carc_check(s.g, &err) != CARC_OK)
            abort();
        if (rc == PROTO_QUIT || st == LINE_ERROR)
            break;
    }
    line_reader_free(&r);
    proto_session_free(&s);
    fclose(in);
    fclose(out);
    free(replies);
    free(saved);
    return 0;
}
