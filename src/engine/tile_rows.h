/*
 * tile_rows.h - the notation of the tile catalogue's rows: edges (C, R, F, W) and
 * segments (CITY, ROAD, FIELD, CLOISTER, GARDEN, and the expansions' CITY_X, ROAD_X
 * with flags and goods) as carc_tile_def initializers (carc.h). The base game's rows
 * (tiles_base.inc) and each expansion's (its folder's tiles.inc) are written in it;
 * catalogue.c includes them all in kind order. Masks are as printed (rotation 0):
 * edges N=1 E=2 S=4 W=8; field half-edge slots NW NE EN ES SE SW WS WN = bits 0..7;
 * a field's `cities` bits index the city segments of the same kind (cities come
 * first: city segment i is segment i).
 */
#ifndef CARC_TILE_ROWS_H
#define CARC_TILE_ROWS_H

#include "carc.h"

#define C CARC_EDGE_CITY
#define R CARC_EDGE_ROAD
#define F CARC_EDGE_FIELD
#define CITY(m) {CARC_FEAT_CITY, (m), 0, 0, 0, 0}
#define CITY_P(m) {CARC_FEAT_CITY, (m), 0, 0, CARC_SEG_PENNANT, 0}
#define ROAD(m) {CARC_FEAT_ROAD, (m), 0, 0, 0, 0}
#define ROAD_END(m) {CARC_FEAT_ROAD, (m), 1, 0, 0, 0}
#define FIELD(m, c) {CARC_FEAT_FIELD, (m), 0, (c), 0, 0}
#define CLOISTER {CARC_FEAT_CLOISTER, 0, 0, 0, 0, 0}
#define GARDEN {CARC_FEAT_GARDEN, 0, 0, 0, 0, 0}
/* a cloister whose tile closes what meets it (CARC_SEG_CLOSES: the abbey, AM4) */
#define CLOISTER_CLOSES {CARC_FEAT_CLOISTER, 0, 0, 0, CARC_SEG_CLOSES, 0}
#define W CARC_EDGE_RIVER
/* the expansions' tiles (generated from the tile tables of docs/RULES.md) */
#define CITY_X(m, flags, goods) {CARC_FEAT_CITY, (m), 0, 0, (flags), (goods)}
#define ROAD_X(m, ends, flags) {CARC_FEAT_ROAD, (m), (ends), 0, (flags), 0}

#endif
