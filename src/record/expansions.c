/*
 * expansions.c - expansion sets as text: "base", "gifts", "christmas", "inns",
 * "traders", "river", "abbot" and any comma-separated combination <-> CARC_EXP_* bits.
 *
 * Names are the engine's (carc_expansion_parse), comma separated with no spaces,
 * each at most once, in any order; an empty list or an empty entry
 * ("gifts,,christmas") is an error, not "base"; carc_expansions_name always writes
 * them in the order of the bits.
 */
#include <string.h>
#include "record_int.h"

enum { NEXP = 6 };  /* CARC_EXP_GIFTS .. CARC_EXP_ABBOT */

/* The valid names, for messages. */
#define VALID_NAMES "base, gifts, christmas, inns, traders, river, abbot"

/* Indexed by the bit set: every combination of the known expansions, in bit order. */
static const char *const set_names[1u << NEXP] = {
    "base",
    "gifts",
    "christmas",
    "gifts,christmas",
    "inns",
    "gifts,inns",
    "christmas,inns",
    "gifts,christmas,inns",
    "traders",
    "gifts,traders",
    "christmas,traders",
    "gifts,christmas,traders",
    "inns,traders",
    "gifts,inns,traders",
    "christmas,inns,traders",
    "gifts,christmas,inns,traders",
    "river",
    "gifts,river",
    "christmas,river",
    "gifts,christmas,river",
    "inns,river",
    "gifts,inns,river",
    "christmas,inns,river",
    "gifts,christmas,inns,river",
    "traders,river",
    "gifts,traders,river",
    "christmas,traders,river",
    "gifts,christmas,traders,river",
    "inns,traders,river",
    "gifts,inns,traders,river",
    "christmas,inns,traders,river",
    "gifts,christmas,inns,traders,river",
    "abbot",
    "gifts,abbot",
    "christmas,abbot",
    "gifts,christmas,abbot",
    "inns,abbot",
    "gifts,inns,abbot",
    "christmas,inns,abbot",
    "gifts,christmas,inns,abbot",
    "traders,abbot",
    "gifts,traders,abbot",
    "christmas,traders,abbot",
    "gifts,christmas,traders,abbot",
    "inns,traders,abbot",
    "gifts,inns,traders,abbot",
    "christmas,inns,traders,abbot",
    "gifts,christmas,inns,traders,abbot",
    "river,abbot",
    "gifts,river,abbot",
    "christmas,river,abbot",
    "gifts,christmas,river,abbot",
    "inns,river,abbot",
    "gifts,inns,river,abbot",
    "christmas,inns,river,abbot",
    "gifts,christmas,inns,river,abbot",
    "traders,river,abbot",
    "gifts,traders,river,abbot",
    "christmas,traders,river,abbot",
    "gifts,christmas,traders,river,abbot",
    "inns,traders,river,abbot",
    "gifts,inns,traders,river,abbot",
    "christmas,inns,traders,river,abbot",
    "gifts,christmas,inns,traders,river,abbot",
};

int carc_expansions_parse(const char *s, unsigned *out, carc_error *err)
{
    unsigned bits = 0, bit;
    const char *p = s, *end;
    size_t len;

    if (s == NULL || strcmp(s, "base") == 0) {
        *out = 0;
        return 0;
    }
    if (*s == '\0') {
        rec_error(err, CARC_E_CONFIG, "empty expansion list (want " VALID_NAMES ")");
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
        if (bit == 0 || bit >= (1u << NEXP)) {
            rec_error(err, CARC_E_CONFIG, "unknown expansion \"%.*s\" in \"%.60s\" (want " VALID_NAMES ")",
                      (int)(len < 24 ? len : 24), p, s);
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

const char *carc_expansions_name(unsigned e)
{
    if (e >= (1u << NEXP))
        return NULL;
    return set_names[e];
}
