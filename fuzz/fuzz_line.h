/*
 * fuzz_line.h - what the fuzz targets share: taking one line of text from the input.
 */
#ifndef CARC_FUZZ_LINE_H
#define CARC_FUZZ_LINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Copies the bytes from *i up to the next newline (or the end) into buf, cut to
 * cap-1 bytes and NUL-terminated, and moves *i past the newline. Returns the length. */
static inline size_t fuzz_next_line(const uint8_t *data, size_t size, size_t *i, char *buf,
                                    size_t cap)
{
    size_t j = *i;
    while (j < size && data[j] != '\n')
        j++;
    size_t len = j - *i < cap - 1 ? j - *i : cap - 1;
    memcpy(buf, data + *i, len);
    buf[len] = '\0';
    *i = j + 1;
    return len;
}

#endif
