/*
 * tiles_json.c - the tile catalogue (carc_tile_def_of) as JSON, for front ends
 * that draw tiles from the same data the engine uses (docs/RECORD.md, "Tile
 * catalogue JSON"): every kind with its printed count (carc_tiles_json), or the
 * kinds a game of one expansion set plays with and their counts in that set
 * (carc_tiles_json_set, carc_tile_count).
 */
#include "record_int.h"

static const char edge_letters[4] = { 'F', 'C', 'R', 'W' };  /* enum carc_edge: W a river */

/* The ports of a segment as printed: edges for roads and cities, half-edges for
 * fields (I for the inner field, which touches no edge, I2 for a second one), C for
 * the cloister, G for a garden. */
static json_t *ports_json(const carc_tile_def *d, int seg)
{
    const carc_segment_def *s = &d->seg[seg];
    json_t *arr = json_array();
    int i, inner = 0;

    if (s->type == CARC_FEAT_CLOISTER) {
        json_array_append_new(arr, json_string(carc_port_name(CARC_PORT_C)));
    } else if (s->type == CARC_FEAT_GARDEN) {
        json_array_append_new(arr, json_string(carc_port_name(CARC_PORT_G)));
    } else if (s->type == CARC_FEAT_FIELD && s->mask == 0) {
        for (i = 0; i < seg; i++)  /* the inner field I, a second one I2 (AM12) */
            inner += d->seg[i].type == CARC_FEAT_FIELD && d->seg[i].mask == 0;
        json_array_append_new(arr, json_string(carc_port_name(inner ? CARC_PORT_I2 : CARC_PORT_I)));
    } else if (s->type == CARC_FEAT_FIELD) {
        for (i = 0; i < 8; i++)
            if (s->mask & (1u << i))
                json_array_append_new(arr, json_string(carc_port_name(CARC_PORT_NW + i)));
    } else {
        for (i = 0; i < 4; i++)
            if (s->mask & (1u << i))
                json_array_append_new(arr, json_string(carc_port_name(CARC_PORT_N + i)));
    }
    return arr;
}

/* One segment: its type and ports, and only when set: "inn" (a road's inn),
 * "cathedral" (a city's), "pennant" (a city segment with a pennant), "goods" (a
 * city's goods symbol: "wine", "grain", "cloth"). Base tiles' segments thus read as
 * they always did. */
static json_t *segment_json(const carc_tile_def *d, int seg)
{
    const carc_segment_def *s = &d->seg[seg];
    json_t *o = json_pack("{s:s, s:o}", "type", carc_feature_name(s->type), "ports",
                          ports_json(d, seg));
    if (o == NULL)
        return NULL;
    if (s->flags & CARC_SEG_INN)
        json_object_set_new(o, "inn", json_true());
    if (s->flags & CARC_SEG_CATHEDRAL)
        json_object_set_new(o, "cathedral", json_true());
    if (s->flags & CARC_SEG_PENNANT)
        json_object_set_new(o, "pennant", json_true());
    if (s->goods > 0 && carc_goods_name(s->goods - 1) != NULL)
        json_object_set_new(o, "goods", json_string(carc_goods_name(s->goods - 1)));
    return o;
}

/* The mark printed on a tile kind that front ends draw (a symbol of The Princess &
 * the Dragon, carc_tile_symbol; a tower foundation; the abbey), or NULL for none, so
 * that a page no longer reads marks from the description. */
static const char *kind_mark(int kind, const carc_tile_def *d)
{
    static const char *const symbols[] = {
        [CARC_SYMBOL_VOLCANO] = "volcano", [CARC_SYMBOL_DRAGON] = "dragon",
        [CARC_SYMBOL_PORTAL] = "portal", [CARC_SYMBOL_PRINCESS] = "princess"};
    unsigned sym = (unsigned)carc_tile_symbol(kind);

    if (sym != CARC_SYMBOL_NONE && sym < sizeof symbols / sizeof symbols[0])
        return symbols[sym];
    if (carc_has_towers(d->expansion))  /* every tile of The Tower has one (TW1) */
        return "tower";
    if (d->nseg == 1 && (d->seg[0].flags & CARC_SEG_CLOSES))  /* AM4 */
        return "abbey";
    return NULL;
}

static json_t *kind_json(int kind, const carc_tile_def *d, int count)
{
    json_t *segs = json_array();
    /* a tile of several expansions is the last one's: a garden twin needs its plain
     * tile's expansion too; The Abbot twins the tiles of the expansions before it, a
     * later box's twins are that box's (CI15) */
    unsigned bit = d->expansion;
    while (bit & (bit - 1))
        bit &= bit - 1;  /* down to the highest bit */
    const char *exp = bit ? carc_expansion_name(bit) : "base";
    char edges[5];
    int i;

    for (i = 0; i < 4; i++)
        edges[i] = d->edges[i] < 4 ? edge_letters[d->edges[i]] : '?';
    edges[4] = '\0';
    const char *mark = kind_mark(kind, d);
    json_t *o;

    for (i = 0; i < d->nseg && i < CARC_TILE_SEGMENTS; i++)
        json_array_append_new(segs, segment_json(d, i));
    o = json_pack("{s:s#, s:i, s:s, s:i, s:b, s:o, s:s, s:s}", "id", d->name, strlen(d->name),
                     "count", count, "edges", edges, "pennants", d->pennant, "cloister",
                     d->cloister != 0, "segments", segs, "description",
                     d->description != NULL ? d->description : "", "expansion",
                     exp != NULL ? exp : "?");
    if (o != NULL && mark != NULL)  /* only when set: other tiles read as they did */
        json_object_set_new(o, "mark", json_string(mark));
    return o;
}

/* The kinds as a JSON array: every kind with its printed count (all != 0), or the
 * kinds of the set `expansions` with their counts in it. Caller frees; NULL on out
 * of memory. */
static char *tiles_json(int all, unsigned expansions)
{
    json_t *arr = json_array();
    const carc_tile_def *d;
    char *text = NULL;
    int k, ok = arr != NULL;

    for (k = 0; ok && (d = carc_tile_def_of(k)) != NULL; k++) {
        int count = all ? d->count : carc_tile_count(expansions, k);
        if (count > 0 || all)  /* the catalogue: a kind never in a stack too (AM/A) */
            ok = json_array_append_new(arr, kind_json(k, d, count)) == 0;
    }
    if (ok)
        text = json_dumps(arr, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(arr);
    return text;
}

char *carc_tiles_json(void)
{
    return tiles_json(1, 0);
}

char *carc_tiles_json_set(unsigned expansions)
{
    return tiles_json(0, expansions);
}
