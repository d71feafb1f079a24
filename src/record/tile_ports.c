/*
 * tile_ports.c - the ports of a rotated tile kind (tile_ports.h).
 *
 * carc.h documents the catalogue: a city or road segment's mask has a bit per edge
 * (N=1 E=2 S=4 W=8), a field's a bit per half-edge slot (NW NE EN ES SE SW WS WN),
 * a cloister owns port C; a rotation is quarter turns clockwise, so edge e goes to
 * edge e + rot and slot s to slot s + 2 rot. The canonical port is the first in
 * the order N E S W, NW..WN, C.
 */
#include <string.h>

#include "tile_ports.h"

int tile_ports_of(int kind, int rot, tile_ports *out)
{
    const carc_tile_def *d = carc_tile_def_of(kind);

    memset(out->type, -1, sizeof out->type);
    memset(out->canon, CARC_PORT_NONE, sizeof out->canon);
    if (d == NULL)
        return -1;
    rot &= 3;
    for (int i = 0; i < d->nseg && i < 8; i++) {
        const carc_segment_def *s = &d->seg[i];
        unsigned ports;  /* bit per port after rotation */
        if (s->type == CARC_FEAT_CLOISTER) {
            ports = 1u << CARC_PORT_C;
        } else if (s->type == CARC_FEAT_FIELD) {
            unsigned m = s->mask, r = (m << (2 * rot) | m >> (8 - 2 * rot)) & 0xffu;
            ports = r << CARC_PORT_NW;
        } else {
            unsigned m = s->mask & 0xfu;
            ports = (m << rot | m >> (4 - rot)) & 0xfu;
        }
        if (ports == 0)
            continue;
        int canon = __builtin_ctz(ports);
        for (int p = 0; p < CARC_PORTS; p++)
            if (ports >> p & 1u) {
                out->type[p] = (signed char)s->type;
                out->canon[p] = (unsigned char)canon;
            }
    }
    return 0;
}
