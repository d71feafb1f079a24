/*
 * tiles_json.c - the tile catalogue (carc_tile_def_of) as JSON, for front ends
 * that draw tiles from the same data the engine uses (docs/RECORD.md, "Tiles JSON").
 */
#include "record_int.h"

static const char edge_letters[3] = { 'F', 'C', 'R' };  /* enum carc_edge */

/* The ports of a segment as printed: edges for roads and cities, half-edges for
 * fields, C for the cloister. */
static json_t *ports_json(const carc_segment_def *s)
{
    json_t *arr = json_array();
    int i;

    if (s->type == CARC_FEAT_CLOISTER) {
        json_array_append_new(arr, json_string(carc_port_name(CARC_PORT_C)));
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

static json_t *kind_json(const carc_tile_def *d)
{
    json_t *segs = json_array();
    char edges[5];
    int i;

    for (i = 0; i < 4; i++)
        edges[i] = d->edges[i] < 3 ? edge_letters[d->edges[i]] : '?';
    edges[4] = '\0';
    for (i = 0; i < d->nseg && i < 8; i++)
        json_array_append_new(segs, json_pack("{s:s, s:o}", "type",
                                              carc_feature_name(d->seg[i].type), "ports",
                                              ports_json(&d->seg[i])));
    return json_pack("{s:s#, s:i, s:s, s:i, s:b, s:o, s:s}", "id", d->name, strlen(d->name), "count",
                     d->count, "edges", edges, "pennants", d->pennant, "cloister",
                     d->cloister != 0, "segments", segs, "description",
                     d->description != NULL ? d->description : "");
}

/* Returns the catalogue as JSON text (caller frees), NULL on out of memory. */
char *carc_tiles_json(void)
{
    json_t *arr = json_array();
    const carc_tile_def *d;
    char *text = NULL;
    int k, ok = arr != NULL;

    for (k = 0; ok && (d = carc_tile_def_of(k)) != NULL; k++)
        ok = json_array_append_new(arr, kind_json(d)) == 0;
    if (ok)
        text = json_dumps(arr, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(arr);
    return text;
}
