/*
 * expansions.c - expansion sets as text: "base", "gifts", "christmas",
 * "gifts,christmas" <-> CARC_EXP_* bits.
 *
 * Names are comma separated with no spaces, each at most once, in any order; an
 * empty list or an empty entry ("gifts,,christmas") is an error, not "base";
 * carc_expansions_name always writes them in the order of the bits.
 */
#include <string.h>
#include "record_int.h"

static const struct {
    const char *name;
    unsigned bit;
} expansions[] = {
    { "gifts", CARC_EXP_GIFTS },
    { "christmas", CARC_EXP_CHRISTMAS },
    { "inns", CARC_EXP_INNS },
    { "traders", CARC_EXP_TRADERS },
};

enum { NEXP = sizeof expansions / sizeof expansions[0] };

/* Indexed by the bit set: every combination of the known expansions. */
static const char *const set_names[1u << NEXP] = {
    "base", "gifts", "christmas", "gifts,christmas",
    "inns", "gifts,inns", "christmas,inns", "gifts,christmas,inns",
    "traders", "gifts,traders", "christmas,traders", "gifts,christmas,traders",
    "inns,traders", "gifts,inns,traders", "christmas,inns,traders",
    "gifts,christmas,inns,traders",
};

int carc_expansions_parse(const char *s, unsigned *out, carc_error *err)
{
    unsigned bits = 0;
    const char *p = s, *end;
    size_t len, i;

    if (s == NULL || strcmp(s, "base") == 0) {
        *out = 0;
        return 0;
    }
    if (*s == '\0') {
        rec_error(err, CARC_E_CONFIG, "empty expansion list (want base, gifts, christmas, inns, traders)");
        return -1;
    }
    for (;;) {
        end = strchr(p, ',');
        len = end != NULL ? (size_t)(end - p) : strlen(p);
        if (len == 0) {
            rec_error(err, CARC_E_CONFIG, "empty entry in expansion list \"%.60s\"", s);
            return -1;
        }
        for (i = 0; i < NEXP; i++)
            if (strlen(expansions[i].name) == len && memcmp(expansions[i].name, p, len) == 0)
                break;
        if (i == NEXP) {
            rec_error(err, CARC_E_CONFIG, "unknown expansion \"%.*s\" in \"%.60s\" (want base, gifts, christmas, inns, traders)",
                      (int)len, p, s);
            return -1;
        }
        if (bits & expansions[i].bit) {
            rec_error(err, CARC_E_CONFIG, "expansion \"%s\" named twice in \"%.60s\"",
                      expansions[i].name, s);
            return -1;
        }
        bits |= expansions[i].bit;
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
