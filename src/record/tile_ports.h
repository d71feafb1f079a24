/*
 * tile_ports.h - which segment owns each port of a tile kind at a rotation, worked
 * out from the public catalogue (carc_tile_def_of) instead of asking the engine
 * port by port (carc_segment): the state JSON needs it for every placed tile of
 * every document, and the engine's answer cost most of the features' time.
 * test_state_json_write.c checks it against carc_segment on every placed tile of
 * its games.
 */
#ifndef CARC_TILE_PORTS_H
#define CARC_TILE_PORTS_H

#include "carc.h"

typedef struct tile_ports {
    signed char type[CARC_PORTS];   /* enum carc_feature of the port's segment, -1: none */
    unsigned char canon[CARC_PORTS]; /* the segment's canonical port (its first) */
} tile_ports;

/* Fills out for kind at rotation rot (0..3); 0, or -1 for an unknown kind. */
int tile_ports_of(int kind, int rot, tile_ports *out);

#endif
