/*
 * fuzz_protocol.c - fuzz target: the bytes are lines of the `carc engine` protocol
 * (docs/PROTOCOL.md), run through the same command handler. A command that fails
 * must leave the game byte for byte as it was; after every command the game, if
 * any, must pass carc_check.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "fuzz_line.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    engine_session s;
    carc_game *saved = malloc(carc_state_size());
    if (!saved)
        return 0;
    engine_session_init(&s);
    size_t i = 0;
    while (i < size) {
        char line[512];
        size_t len = fuzz_next_line(data, size, &i, line, sizeof line);
        if (strchr(line, '\0') != line + len)
            continue;  /* an embedded NUL: not a line a client can send */
        char *name = line, *args = line;
        while (*args && *args != ' ')
            args++;
        if (*args)
            *args++ = '\0';
        if (!*name)
            continue;
        int had = s.g != NULL;
        if (had)
            carc_copy(saved, s.g);
        strbuf out;
        sb_init(&out);
        int rc = engine_command(&s, name, args, &out);
        sb_free(&out);
        if (rc < 0 && had && (!s.g || memcmp(saved, s.g, carc_state_size()) != 0))
            abort();  /* a failed command changed the game */
        carc_error err;
        if (s.g && carc_check(s.g, &err) != CARC_OK)
            abort();
        if (rc == 1)
            break;  /* quit */
    }
    engine_session_free(&s);
    free(saved);
    return 0;
}
