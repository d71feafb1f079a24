/*
 * expansions.c - expansion sets as text: "base" and any comma-separated combination
 * of the registry's names ("gifts", "christmas", ...) <-> CARC_EXP_* bits.
 *
 * Names are the engine's (carc_expansion_parse), comma separated with no spaces,
 * each at most once, in any order; an empty list or an empty entry
 * ("gifts,,christmas") is an error, not "base"; carc_expansions_name always writes
 * them in the order of the bits. Both directions read the registry, so a new
 * expansion needs nothing here.
 */
#include <string.h>
#include "record_int.h"

/* The valid names, for messages: "base, gifts, christmas, ..." in the registry's
 * order. Writes into buf (at most size - 1 bytes) and returns it. */
static const char *valid_names(char *buf, size_t size)
{
    size_t n = 0;
    snprintf(buf, size, "base");
    n = strlen(buf);
    for (int i = 0; i < carc_expansion_count() && n < size; i++) {
        snprintf(buf + n, size - n, ", %s", carc_expansion_at(i)->name);
        n += strlen(buf + n);
    }
    return buf;
}

int carc_expansions_parse(const char *s, unsigned *out, carc_error *err)
{
    unsigned bits = 0, bit;
    const char *p = s, *end;
    char names[CARC_EXPANSIONS_NAME_SIZE + 16];
    size_t len;

    if (s == NULL || strcmp(s, "base") == 0) {
        *out = 0;
        return 0;
    }
    if (*s == '\0') {
        rec_error(err, CARC_E_CONFIG, "empty expansion list (want %s)",
                  valid_names(names, sizeof names));
        return -1;
    }
    for (;;) {
        end = strchr(p, ',');
        len = end != NULL ? (size_t)(end - p) : strlen(p);
        if (len == 0) {
            rec_error(err, CARC_E_CONFIG, "empty entry in expansion list \"%.60s\"", s);
            return -1;
        }
        bit = carc_expansion_parse(p, len);
        if (bit == 0) {
            rec_error(err, CARC_E_CONFIG, "unknown expansion \"%.*s\" in \"%.60s\" (want %s)",
                      (int)(len < 24 ? len : 24), p, s, valid_names(names, sizeof names));
            return -1;
        }
        if (bits & bit) {
            rec_error(err, CARC_E_CONFIG, "expansion \"%s\" named twice in \"%.60s\"",
                      carc_expansion_name(bit), s);
            return -1;
        }
        bits |= bit;
        if (end == NULL)
            break;
        p = end + 1;
    }
    *out = bits;
    return 0;
}

const char *carc_expansions_name(unsigned e, char *buf, size_t size)
{
    size_t n = 0, len;

    if ((e & ~carc_expansion_bits()) != 0 || size == 0)
        return NULL;
    if (e == 0) {
        if (size < sizeof "base")
            return NULL;
        memcpy(buf, "base", sizeof "base");
        return buf;
    }
    for (int i = 0; i < carc_expansion_count(); i++) {
        const carc_expansion_info *x = carc_expansion_at(i);
        if (!(e & x->bit))
            continue;
        len = strlen(x->name);
        if (n + (n > 0) + len >= size)
            return NULL;  /* the caller's buffer is too small: no half a name */
        if (n > 0)
            buf[n++] = ',';
        memcpy(buf + n, x->name, len);
        n += len;
    }
    buf[n] = '\0';
    return buf;
}
