/*
 * fuzz_play.c - fuzz target: the bytes drive a game. The first bytes choose players,
 * expansions and seed; then each step reads one byte: most pick a legal move, some
 * instead feed the rest of a line of text to the notation parser and apply what
 * parses. After every refused move the state must be byte for byte what it was;
 * carc_check must pass after every move that came from text, after every
 * FUZZ_PLAY_CHECK_EVERY-th accepted move, and at the end of every input.
 *
 * Why not carc_check after every move: it recomputes every feature from scratch
 * (quadratic in the board), so checking each of a game's few hundred moves made an
 * input cost a tenth of a second and fuzzing ran at about 7 inputs per second. The
 * totals it compares are incremental, so a broken one stays broken and is caught at
 * the next check; the failing input then shows the move (docs/HACKING.md, fuzzing).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "carc_record.h"
#include "fuzz_line.h"

#ifndef FUZZ_PLAY_CHECK_EVERY
#define FUZZ_PLAY_CHECK_EVERY 8
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static carc_move moves[CARC_MAX_MOVES];

/* Aborts unless g passes carc_check. */
static void fuzz_play_check(const carc_game *g)
{
    carc_error err;
    if (carc_check(g, &err) != CARC_OK)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    carc_config cfg;
    carc_config_init(&cfg);
    cfg.players = 2 + data[0] % 4;
    cfg.expansions = data[1] % 4;
    cfg.seed = data[2];
    carc_error err;
    carc_game *g = carc_new(&cfg, &err);
    if (!g)
        abort();
    carc_game *before = carc_clone(g);
    size_t i = 3;
    unsigned accepted = 0;
    while (i < size && !carc_is_over(g)) {
        uint8_t b = data[i++];
        carc_move m;
        int text = b >= 0xF0;
        if (!text) {
            int n = carc_legal(g, moves, CARC_MAX_MOVES);
            if (n == 0)
                abort();  /* a game that is not over always owes a decision */
            m = moves[b % n];
        } else {
            char line[128];  /* a line of text: up to the next newline or the end */
            fuzz_next_line(data, size, &i, line, sizeof line);
            if (carc_move_parse(g, line, &m, &err) != CARC_OK)
                continue;
        }
        carc_copy(before, g);
        if (carc_apply(g, &m, &err) != CARC_OK) {
            if (memcmp(before, g, carc_state_size()) != 0)
                abort();  /* a refused move changed the state */
            continue;
        }
        if (text || ++accepted % FUZZ_PLAY_CHECK_EVERY == 0)
            fuzz_play_check(g);
    }
    fuzz_play_check(g);
    carc_free(before);
    carc_free(g);
    return 0;
}
