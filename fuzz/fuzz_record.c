/*
 * fuzz_record.c - fuzz target: any bytes as a JSON game record. Parsing must either
 * fail with a message or give a record whose replay either fails with a message or
 * succeeds; nothing may crash, leak or read out of bounds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "carc_record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    carc_error err;
    carc_record *rec = carc_record_parse(text, &err);
    if (rec) {
        carc_game *g = NULL;
        if (carc_record_replay(rec, &g, &err) == CARC_OK && carc_check(g, &err) != CARC_OK)
            abort();  /* a replayed game must satisfy every invariant */
        carc_free(g);
    }
    carc_record_free(rec);
    free(text);
    return 0;
}
