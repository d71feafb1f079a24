/*
 * catalogue.c - the tile catalogue: every kind any game can hold, in kind order,
 * the base game's 24 first (A..X), then each expansion's rows from its own folder
 * in the order of the registry (registry.c). A kind's number is its place here;
 * records and the notation name tiles by name, and test_tiletab derives the fit
 * and port tables (tiletab.c) from these rows again and compares. A kind belongs to
 * the games whose expansions include its `expansion` bits (carc_tile_count).
 *
 * An expansion that brings tiles adds its tiles.inc here, one line, at the end:
 * the kinds of the others keep their numbers.
 */
#include "state.h"  /* its declaration */
#include "tile_rows.h"

const carc_tile_def tiles_catalogue[CARC_TILE_KINDS] = {
#include "tiles_base.inc"
#include "inns/tiles.inc"
#include "traders/tiles.inc"
#include "river/tiles.inc"
#include "abbot/tiles.inc"
#include "dragon/tiles.inc"
#include "tower/tiles.inc"
#include "abbey/tiles.inc"
/* a test build's module (CARC_TEST_MODULE, registry.c): its rows last */
#ifdef CARC_TEST_TILE_ROWS
#include CARC_TEST_TILE_ROWS
#endif
};
