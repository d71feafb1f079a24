/*
 * tiles.c - the tile catalogue of TILES.md as data, and the arithmetic of
 * rotation.
 *
 * Each kind lists its segments in a fixed order: cities, roads, fields, cloister.
 * A field's `cities` bits index the city segments of the same kind (city segment i
 * is segment i, since cities come first). Masks are as printed (rotation 0):
 * edges N=1 E=2 S=4 W=8; field half-edge slots NW NE EN ES SE SW WS WN = bits 0..7.
 */
#include "expansion.h"

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
#define W CARC_EDGE_RIVER
/* the expansions' tiles (generated from the tile tables of docs/RULES.md) */
#define CITY_X(m, flags, goods) {CARC_FEAT_CITY, (m), 0, 0, (flags), (goods)}
#define ROAD_X(m, ends, flags) {CARC_FEAT_ROAD, (m), (ends), 0, (flags), 0}

const carc_tile_def tiles_catalogue[CARC_TILE_KINDS] = {
    {'A', 2, {F, F, R, F}, 0, 1, 3, {ROAD_END(0x4), FIELD(0xFF, 0), CLOISTER},
     "Monastery with road leaving south", "A", 0},
    {'B', 4, {F, F, F, F}, 0, 1, 2, {FIELD(0xFF, 0), CLOISTER}, "Monastery, no road", "B", 0},
    {'C', 1, {C, C, C, C}, 1, 0, 1, {CITY_P(0xF)}, "City on all four sides", "C", 0},
    {'D', 4, {C, R, F, R}, 0, 0, 4, {CITY(0x1), ROAD(0xA), FIELD(0x84, 1), FIELD(0x78, 0)},
     "City cap N + straight road W-E (start tile)", "D", 0},
    {'E', 5, {C, F, F, F}, 0, 0, 2, {CITY(0x1), FIELD(0xFC, 1)}, "City cap N only", "E", 0},
    {'F', 2, {F, C, F, C}, 1, 0, 3, {CITY_P(0xA), FIELD(0x03, 1), FIELD(0x30, 1)},
     "City band W-E through centre, pennant", "F", 0},
    {'G', 1, {F, C, F, C}, 0, 0, 3, {CITY(0xA), FIELD(0x03, 1), FIELD(0x30, 1)},
     "City band W-E through centre", "G", 0},
    {'H', 3, {F, C, F, C}, 0, 0, 3, {CITY(0x2), CITY(0x8), FIELD(0x33, 3)},
     "Two separate city caps, W and E", "H", 0},
    {'I', 2, {C, C, F, F}, 0, 0, 3, {CITY(0x1), CITY(0x2), FIELD(0xF0, 3)},
     "Two separate city caps, N and E", "I", 0},
    {'J', 3, {C, R, R, F}, 0, 0, 4, {CITY(0x1), ROAD(0x6), FIELD(0xE4, 1), FIELD(0x18, 0)},
     "City cap N + road curve E-S", "J", 0},
    {'K', 3, {C, F, R, R}, 0, 0, 4, {CITY(0x1), ROAD(0xC), FIELD(0x9C, 1), FIELD(0x60, 0)},
     "City cap N + road curve S-W", "K", 0},
    {'L', 3, {C, R, R, R}, 0, 0, 7,
     {CITY(0x1), ROAD_END(0x2), ROAD_END(0x4), ROAD_END(0x8), FIELD(0x84, 1), FIELD(0x18, 0),
      FIELD(0x60, 0)},
     "City cap N + 3-way junction (roads E, S, W)", "L", 0},
    {'M', 2, {C, C, F, F}, 1, 0, 2, {CITY_P(0x3), FIELD(0xF0, 1)}, "Diagonal city N+E, pennant",
     "M", 0},
    {'N', 3, {C, C, F, F}, 0, 0, 2, {CITY(0x3), FIELD(0xF0, 1)}, "Diagonal city N+E", "N", 0},
    {'O', 2, {C, R, R, C}, 1, 0, 4, {CITY_P(0x9), ROAD(0x6), FIELD(0x24, 1), FIELD(0x18, 0)},
     "Diagonal city N+W + road curve E-S, pennant", "O", 0},
    {'P', 3, {C, R, R, C}, 0, 0, 4, {CITY(0x9), ROAD(0x6), FIELD(0x24, 1), FIELD(0x18, 0)},
     "Diagonal city N+W + road curve E-S", "P", 0},
    {'Q', 1, {C, C, F, C}, 1, 0, 2, {CITY_P(0xB), FIELD(0x30, 1)},
     "City on N, E, W, field S, pennant", "Q", 0},
    {'R', 3, {C, C, F, C}, 0, 0, 2, {CITY(0xB), FIELD(0x30, 1)}, "City on N, E, W, field S", "R",
     0},
    {'S', 2, {C, C, R, C}, 1, 0, 4, {CITY_P(0xB), ROAD_END(0x4), FIELD(0x10, 1), FIELD(0x20, 1)},
     "City on N, E, W + road S ending at the city, pennant", "S", 0},
    {'T', 1, {C, C, R, C}, 0, 0, 4, {CITY(0xB), ROAD_END(0x4), FIELD(0x10, 1), FIELD(0x20, 1)},
     "City on N, E, W + road S ending at the city", "T", 0},
    {'U', 8, {R, F, R, F}, 0, 0, 3, {ROAD(0x5), FIELD(0xE1, 0), FIELD(0x1E, 0)},
     "Straight road N-S", "U", 0},
    {'V', 9, {F, F, R, R}, 0, 0, 3, {ROAD(0xC), FIELD(0x9F, 0), FIELD(0x60, 0)},
     "Road curve S-W", "V", 0},
    {'W', 4, {F, R, R, R}, 0, 0, 6,
     {ROAD_END(0x2), ROAD_END(0x4), ROAD_END(0x8), FIELD(0x87, 0), FIELD(0x18, 0),
      FIELD(0x60, 0)},
     "3-way junction (roads E, S, W), field N", "W", 0},
    {'X', 1, {R, R, R, R}, 0, 0, 8,
     {ROAD_END(0x1), ROAD_END(0x2), ROAD_END(0x4), ROAD_END(0x8), FIELD(0x81, 0),
      FIELD(0x06, 0), FIELD(0x18, 0), FIELD(0x60, 0)},
     "4-way crossroads", "X", 0},
    {0, 2, {C, C, C, C}, 0, 0, 1,
     {CITY_X(0xF, CARC_SEG_CATHEDRAL, 0)},
     "City N+E+S+W with a cathedral", "IC/Cccc.c", CARC_EXP_INNS},
    {0, 1, {F, R, F, R}, 0, 1, 5,
     {ROAD_X(0x8, 1, 0), ROAD_X(0x2, 1, 0), FIELD(0x78, 0), FIELD(0x87, 0), CLOISTER},
     "Road W ending here; road E ending here; cloister", "IC/LRFR", CARC_EXP_INNS},
    {0, 1, {C, C, C, C}, 0, 0, 5,
     {CITY_X(0x1, 0, 0), CITY_X(0x8, 0, 0), CITY_X(0x2, 0, 0), CITY_X(0x4, 0, 0), FIELD(0x00, 15)},
     "City N; city W; city E; city S; inner field", "IC/CCCC", CARC_EXP_INNS},
    {0, 1, {C, C, F, C}, 0, 0, 4,
     {CITY_X(0x1, 0, 0), CITY_X(0x8, 0, 0), CITY_X(0x2, 0, 0), FIELD(0x30, 7)},
     "City N; city W; city E", "IC/CCC", CARC_EXP_INNS},
    {0, 1, {C, R, C, R}, 0, 0, 8,
     {CITY_X(0x1, 0, 0), CITY_X(0x4, 0, 0), ROAD_X(0x8, 1, 0), ROAD_X(0x2, 1, 0), FIELD(0x08, 2),
      FIELD(0x40, 2), FIELD(0x04, 1), FIELD(0x80, 1)},
     "City N; city S; road W ending here; road E ending here", "IC/CRCR", CARC_EXP_INNS},
    {0, 1, {C, F, C, C}, 1, 0, 3,
     {CITY_X(0x9, CARC_SEG_PENNANT, 0), CITY_X(0x4, 0, 0), FIELD(0x0C, 3)},
     "City N+W, pennant; city S", "IC/CCc+", CARC_EXP_INNS},
    {0, 1, {C, F, F, F}, 0, 0, 3,
     {CITY_X(0x1, 0, 0), FIELD(0x0C, 1), FIELD(0xF0, 1)},
     "City N", "IC/C!", CARC_EXP_INNS},
    {0, 1, {C, F, R, F}, 0, 0, 4,
     {CITY_X(0x1, 0, 0), ROAD_X(0x4, 1, 0), FIELD(0xE0, 1), FIELD(0x1C, 1)},
     "City N; road S ending here", "IC/CFR", CARC_EXP_INNS},
    {0, 1, {C, R, F, C}, 0, 0, 4,
     {CITY_X(0x9, 0, 0), ROAD_X(0x2, 1, 0), FIELD(0x04, 1), FIELD(0x38, 1)},
     "City N+W; road E ending here", "IC/CcR", CARC_EXP_INNS},
    {0, 1, {R, C, R, C}, 1, 0, 7,
     {CITY_X(0xA, CARC_SEG_PENNANT, 0), ROAD_X(0x1, 1, 0), ROAD_X(0x4, 1, 0), FIELD(0x01, 1),
      FIELD(0x02, 1), FIELD(0x10, 1), FIELD(0x20, 1)},
     "City E+W, pennant; road N ending here; road S ending here", "IC/CRcR+", CARC_EXP_INNS},
    {0, 1, {C, F, R, C}, 0, 0, 4,
     {CITY_X(0x9, 0, 0), ROAD_X(0x4, 1, CARC_SEG_INN), FIELD(0x20, 1), FIELD(0x1C, 1)},
     "City N+W; road S ending here with an inn", "IC/RCc.i", CARC_EXP_INNS},
    {0, 1, {C, F, R, R}, 0, 0, 4,
     {CITY_X(0x1, 0, 0), ROAD_X(0xC, 0, CARC_SEG_INN), FIELD(0x60, 0), FIELD(0x9C, 1)},
     "City N; road S-W with an inn", "IC/RrC.i", CARC_EXP_INNS},
    {0, 1, {C, R, R, C}, 1, 0, 4,
     {CITY_X(0x9, CARC_SEG_PENNANT, 0), ROAD_X(0x6, 0, CARC_SEG_INN), FIELD(0x18, 0),
      FIELD(0x24, 1)},
     "City N+W, pennant; road E-S with an inn", "IC/CcRr+.i", CARC_EXP_INNS},
    {0, 1, {F, R, R, R}, 0, 0, 6,
     {ROAD_X(0x2, 1, CARC_SEG_INN), ROAD_X(0x8, 1, 0), ROAD_X(0x4, 1, 0), FIELD(0x87, 0),
      FIELD(0x60, 0), FIELD(0x18, 0)},
     "Road E ending here with an inn; road W ending here; road S ending here",
     "IC/RRR.i", CARC_EXP_INNS},
    {0, 1, {F, R, F, R}, 0, 0, 3,
     {ROAD_X(0xA, 0, CARC_SEG_INN), FIELD(0x87, 0), FIELD(0x78, 0)},
     "Road E-W with an inn", "IC/RFr.i", CARC_EXP_INNS},
    {0, 1, {F, F, R, R}, 0, 0, 3,
     {ROAD_X(0xC, 0, CARC_SEG_INN), FIELD(0x9F, 0), FIELD(0x60, 0)},
     "Road S-W with an inn", "IC/Rr.i", CARC_EXP_INNS},
    {0, 1, {R, R, R, R}, 0, 0, 5,
     {ROAD_X(0x9, 0, 0), ROAD_X(0x6, 0, 0), FIELD(0x81, 0), FIELD(0x18, 0), FIELD(0x66, 0)},
     "Road N-W; road E-S", "IC/RrRr", CARC_EXP_INNS},
    {0, 1, {C, F, F, C}, 0, 0, 2,
     {CITY_X(0x9, 0, 2), FIELD(0x3C, 1)},
     "City N+W, grain", "TB/Cc.g", CARC_EXP_TRADERS},
    {0, 1, {C, F, F, C}, 0, 0, 2,
     {CITY_X(0x9, 0, 1), FIELD(0x3C, 1)},
     "City N+W, wine", "TB/Cc.w", CARC_EXP_TRADERS},
    {0, 1, {F, C, C, C}, 0, 0, 4,
     {CITY_X(0xA, 0, 3), CITY_X(0x4, 0, 0), FIELD(0x03, 1), FIELD(0x00, 3)},
     "City E+W, cloth; city S; inner field", "TB/CCc.c", CARC_EXP_TRADERS},
    {0, 1, {F, C, C, C}, 0, 0, 4,
     {CITY_X(0xA, 0, 1), CITY_X(0x4, 0, 0), FIELD(0x03, 1), FIELD(0x00, 3)},
     "City E+W, wine; city S; inner field", "TB/CCc.w", CARC_EXP_TRADERS},
    {0, 1, {C, C, F, C}, 0, 0, 2,
     {CITY_X(0xB, 0, 2), FIELD(0x30, 1)},
     "City N+E+W, grain", "TB/Ccc.g", CARC_EXP_TRADERS},
    {0, 1, {C, C, C, C}, 0, 0, 4,
     {CITY_X(0x9, 0, 3), CITY_X(0x4, 0, 0), CITY_X(0x2, 0, 0), FIELD(0x00, 7)},
     "City N+W, cloth; city S; city E; inner field", "TB/CcCC.c", CARC_EXP_TRADERS},
    {0, 1, {C, R, R, C}, 0, 0, 7,
     {CITY_X(0x9, 0, 3), ROAD_X(0x4, 1, 0), ROAD_X(0x2, 1, 0), FIELD(0x20, 1), FIELD(0x10, 1),
      FIELD(0x08, 1), FIELD(0x04, 1)},
     "City N+W, cloth; road S ending here; road E ending here", "TB/CcRR!.c", CARC_EXP_TRADERS},
    {0, 1, {C, R, R, C}, 0, 0, 6,
     {CITY_X(0x9, 0, 1), ROAD_X(0x4, 1, 0), ROAD_X(0x2, 1, 0), FIELD(0x20, 1), FIELD(0x18, 1),
      FIELD(0x04, 1)},
     "City N+W, wine; road S ending here; road E ending here", "TB/CcRR.w", CARC_EXP_TRADERS},
    {0, 1, {C, R, C, C}, 0, 0, 5,
     {CITY_X(0x9, 0, 3), CITY_X(0x4, 0, 0), ROAD_X(0x2, 1, 0), FIELD(0x04, 1), FIELD(0x08, 3)},
     "City N+W, cloth; city S; road E ending here", "TB/CcRC.c", CARC_EXP_TRADERS},
    {0, 1, {C, R, C, C}, 0, 0, 5,
     {CITY_X(0x9, 0, 2), CITY_X(0x4, 0, 0), ROAD_X(0x2, 1, 0), FIELD(0x04, 1), FIELD(0x08, 3)},
     "City N+W, grain; city S; road E ending here", "TB/CcRC.g", CARC_EXP_TRADERS},
    {0, 1, {C, R, F, C}, 0, 0, 4,
     {CITY_X(0x9, 0, 3), ROAD_X(0x2, 1, 0), FIELD(0x04, 1), FIELD(0x38, 1)},
     "City N+W, cloth; road E ending here", "TB/CcR.c", CARC_EXP_TRADERS},
    {0, 1, {C, R, F, C}, 0, 0, 5,
     {CITY_X(0x9, 0, 1), ROAD_X(0x2, 1, 0), FIELD(0x04, 1), FIELD(0x08, 1), FIELD(0x30, 1)},
     "City N+W, wine; road E ending here", "TB/CcR!.w", CARC_EXP_TRADERS},
    {0, 1, {C, C, R, C}, 0, 0, 4,
     {CITY_X(0xB, 0, 1), ROAD_X(0x4, 1, 0), FIELD(0x20, 1), FIELD(0x10, 1)},
     "City N+E+W, wine; road S ending here", "TB/CccR.w", CARC_EXP_TRADERS},
    {0, 1, {C, C, C, C}, 0, 0, 3,
     {CITY_X(0x9, 0, 1), CITY_X(0x6, 0, 0), FIELD(0x00, 3)},
     "City N+W, wine; city E+S; inner field", "TB/CcCc.w", CARC_EXP_TRADERS},
    {0, 1, {F, C, F, C}, 0, 0, 3,
     {CITY_X(0xA, 0, 1), FIELD(0x03, 1), FIELD(0x30, 1)},
     "City E+W, wine", "TB/CFc.w", CARC_EXP_TRADERS},
    {0, 1, {C, R, F, F}, 0, 0, 4,
     {CITY_X(0x1, 0, 0), ROAD_X(0x2, 1, 0), FIELD(0x04, 1), FIELD(0xF8, 1)},
     "City N; road E ending here", "TB/CR", CARC_EXP_TRADERS},
    {0, 1, {F, C, R, C}, 0, 0, 5,
     {CITY_X(0xA, 0, 2), ROAD_X(0x4, 1, 0), FIELD(0x03, 1), FIELD(0x20, 1), FIELD(0x10, 1)},
     "City E+W, grain; road S ending here", "TB/CRc.g", CARC_EXP_TRADERS},
    {0, 1, {F, C, R, C}, 0, 0, 5,
     {CITY_X(0xA, 0, 1), ROAD_X(0x4, 1, 0), FIELD(0x03, 1), FIELD(0x20, 1), FIELD(0x10, 1)},
     "City E+W, wine; road S ending here", "TB/CRc.w", CARC_EXP_TRADERS},
    {0, 1, {R, C, R, C}, 0, 0, 7,
     {CITY_X(0xA, 0, 1), ROAD_X(0x1, 1, 0), ROAD_X(0x4, 1, 0), FIELD(0x01, 1), FIELD(0x02, 1),
      FIELD(0x10, 1), FIELD(0x20, 1)},
     "City E+W, wine; road N ending here; road S ending here", "TB/CRcR.w", CARC_EXP_TRADERS},
    {0, 1, {F, R, R, R}, 0, 1, 7,
     {ROAD_X(0x2, 1, 0), ROAD_X(0x4, 1, 0), ROAD_X(0x8, 1, 0), FIELD(0x87, 0), FIELD(0x18, 0),
      FIELD(0x60, 0), CLOISTER},
     "Road E ending here; road S ending here; road W ending here; cloister",
     "TB/LRRR", CARC_EXP_TRADERS},
    {0, 1, {C, F, R, C}, 0, 0, 4,
     {CITY_X(0x9, 0, 2), ROAD_X(0x4, 1, 0), FIELD(0x20, 1), FIELD(0x1C, 1)},
     "City N+W, grain; road S ending here", "TB/RCc.g", CARC_EXP_TRADERS},
    {0, 1, {C, F, R, C}, 0, 0, 5,
     {CITY_X(0x9, 0, 2), ROAD_X(0x4, 1, 0), FIELD(0x20, 1), FIELD(0x10, 1), FIELD(0x0C, 1)},
     "City N+W, grain; road S ending here", "TB/RCc!.g", CARC_EXP_TRADERS},
    {0, 1, {C, F, R, R}, 0, 0, 6,
     {CITY_X(0x1, 0, 0), ROAD_X(0x8, 1, 0), ROAD_X(0x4, 1, 0), FIELD(0x80, 1), FIELD(0x60, 0),
      FIELD(0x1C, 1)},
     "City N; road W ending here; road S ending here", "TB/RRC", CARC_EXP_TRADERS},
    {0, 1, {R, R, R, R}, 0, 0, 6,
     {ROAD_X(0x5, 0, 0), ROAD_X(0xA, 0, 0), FIELD(0x81, 0), FIELD(0x06, 0), FIELD(0x18, 0),
      FIELD(0x60, 0)},
     "Road N-S; road E-W", "TB/RRrr", CARC_EXP_TRADERS},
    /* The River (R1): the river is an edge kind and no segment (R7) */
    {0, 1, {F, W, F, F}, 0, 0, 1, {FIELD(0xFF, 0)},
     "The spring: river E; one field around it", "RI/s", CARC_EXP_RIVER},
    {0, 1, {F, F, F, W}, 0, 0, 1, {FIELD(0xFF, 0)},
     "The lake: river W; one field around it", "RI.1/I.e", CARC_EXP_RIVER},
    {0, 1, {C, W, C, W}, 0, 0, 4,
     {CITY_X(0x1, 0, 0), CITY_X(0x4, 0, 0), FIELD(0x84, 1), FIELD(0x48, 2)},
     "City N; city S; river E-W", "RI.1/CICI", CARC_EXP_RIVER},
    {0, 1, {C, W, R, W}, 0, 0, 6,
     {CITY_X(0x1, 0, 0), ROAD_X(0x4, 1, 0), FIELD(0x04, 1), FIELD(0x80, 1), FIELD(0x18, 0),
      FIELD(0x60, 0)},
     "City N; road S ending here; river E-W", "RI.1/CIRI", CARC_EXP_RIVER},
    {0, 1, {F, W, R, W}, 0, 1, 5,
     {ROAD_X(0x4, 1, 0), FIELD(0x87, 0), FIELD(0x18, 0), FIELD(0x60, 0), CLOISTER},
     "Road S ending here; river E-W; cloister", "RI.1/LIRI", CARC_EXP_RIVER},
    {0, 1, {W, R, W, R}, 0, 0, 5,
     {ROAD_X(0xA, 0, 0), FIELD(0x81, 0), FIELD(0x06, 0), FIELD(0x18, 0), FIELD(0x60, 0)},
     "Road E-W over a bridge; river N-S", "RI.1/RIrI", CARC_EXP_RIVER},
    {0, 2, {F, W, F, W}, 0, 0, 2, {FIELD(0x87, 0), FIELD(0x78, 0)},
     "River E-W", "RI.1/IFI", CARC_EXP_RIVER},
    {0, 1, {C, W, W, C}, 0, 0, 3, {CITY_X(0x9, 0, 0), FIELD(0x24, 1), FIELD(0x18, 0)},
     "City N+W; river E-S", "RI.1/CcII", CARC_EXP_RIVER},
    {0, 1, {R, R, W, W}, 0, 0, 4,
     {ROAD_X(0x3, 0, 0), FIELD(0x99, 0), FIELD(0x06, 0), FIELD(0x60, 0)},
     "Road N-E; river S-W", "RI.1/RrII", CARC_EXP_RIVER},
    {0, 2, {F, F, W, W}, 0, 0, 2, {FIELD(0x9F, 0), FIELD(0x60, 0)},
     "River S-W", "RI.1/II", CARC_EXP_RIVER},
    /* The Abbot (A2): the garden twins, each replacing one plain tile (CI11); the
     * river's first, among the river tiles */
    {0, 1, {F, F, W, W}, 0, 0, 3, {FIELD(0x9F, 0), FIELD(0x60, 0), GARDEN},
     "River S-W; garden", "RI.1/IIG", CARC_EXP_ABBOT | CARC_EXP_RIVER},
    {0, 1, {C, F, F, F}, 0, 0, 3, {CITY(0x1), FIELD(0xFC, 1), GARDEN},
     "City cap N only; garden", "Eg", CARC_EXP_ABBOT},
    {0, 1, {F, C, F, C}, 0, 0, 4, {CITY(0x2), CITY(0x8), FIELD(0x33, 3), GARDEN},
     "Two separate city caps, W and E; garden", "Hg", CARC_EXP_ABBOT},
    {0, 1, {C, C, F, F}, 0, 0, 4, {CITY(0x1), CITY(0x2), FIELD(0xF0, 3), GARDEN},
     "Two separate city caps, N and E; garden", "Ig", CARC_EXP_ABBOT},
    {0, 1, {C, C, F, F}, 1, 0, 3, {CITY_P(0x3), FIELD(0xF0, 1), GARDEN},
     "Diagonal city N+E, pennant; garden", "Mg", CARC_EXP_ABBOT},
    {0, 1, {C, C, F, F}, 0, 0, 3, {CITY(0x3), FIELD(0xF0, 1), GARDEN},
     "Diagonal city N+E; garden", "Ng", CARC_EXP_ABBOT},
    {0, 1, {C, C, F, C}, 0, 0, 3, {CITY(0xB), FIELD(0x30, 1), GARDEN},
     "City on N, E, W, field S; garden", "Rg", CARC_EXP_ABBOT},
    {0, 1, {R, F, R, F}, 0, 0, 4, {ROAD(0x5), FIELD(0xE1, 0), FIELD(0x1E, 0), GARDEN},
     "Straight road N-S; garden", "Ug", CARC_EXP_ABBOT},
    {0, 1, {F, F, R, R}, 0, 0, 4, {ROAD(0xC), FIELD(0x9F, 0), FIELD(0x60, 0), GARDEN},
     "Road curve S-W; garden", "Vg", CARC_EXP_ABBOT},
    {0, 1, {C, C, C, C}, 0, 0, 6,
     {CITY_X(0x1, 0, 0), CITY_X(0x8, 0, 0), CITY_X(0x2, 0, 0), CITY_X(0x4, 0, 0), FIELD(0x00, 15),
      GARDEN},
     "City N; city W; city E; city S; inner field; garden", "IC/CCCCG",
     CARC_EXP_ABBOT | CARC_EXP_INNS},
    {0, 1, {F, R, F, R}, 0, 0, 4,
     {ROAD_X(0xA, 0, CARC_SEG_INN), FIELD(0x87, 0), FIELD(0x78, 0), GARDEN},
     "Road E-W with an inn; garden", "IC/RFr.iG", CARC_EXP_ABBOT | CARC_EXP_INNS},
    {0, 1, {C, R, R, C}, 0, 0, 7,
     {CITY_X(0x9, 0, 1), ROAD_X(0x4, 1, 0), ROAD_X(0x2, 1, 0), FIELD(0x20, 1), FIELD(0x18, 1),
      FIELD(0x04, 1), GARDEN},
     "City N+W, wine; road S ending here; road E ending here; garden", "TB/CcRR.wG",
     CARC_EXP_ABBOT | CARC_EXP_TRADERS},
    {0, 1, {C, R, F, C}, 0, 0, 5,
     {CITY_X(0x9, 0, 3), ROAD_X(0x2, 1, 0), FIELD(0x04, 1), FIELD(0x38, 1), GARDEN},
     "City N+W, cloth; road E ending here; garden", "TB/CcR.cG", CARC_EXP_ABBOT | CARC_EXP_TRADERS},
};

/* The plain tile each garden twin (kinds from KIND_GARDEN_FIRST) replaces (A2, CI11):
 * the kind named by its name less the last letter (test_tiletab checks). */
const uint8_t tiles_twin[CARC_TILE_KINDS - KIND_GARDEN_FIRST] = {
    74, 4, 7, 8, 12, 13, 17, 20, 21, 26, 38, 48, 51};

const carc_tile_def *carc_tile_def_of(int kind)
{
    if (kind < 0 || kind >= CARC_TILE_KINDS)
        return NULL;
    return &tiles_catalogue[kind];
}

int carc_tile_kind(char letter)
{
    if (letter < 'A' || letter > 'X')
        return -1;
    return letter - 'A';
}

int carc_tile_kind_named(const char *name, size_t len)
{
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        if (strlen(tiles_catalogue[k].name) == len &&
            memcmp(tiles_catalogue[k].name, name, len) == 0)
            return k;
    return -1;
}

int carc_tile_count(unsigned expansions, int kind)
{
    if (kind < 0 || kind >= CARC_TILE_KINDS)
        return 0;
    const carc_tile_def *d = &tiles_catalogue[kind];
    if ((expansions & d->expansion) != d->expansion)
        return 0;
    int n = d->count;
    if (kind == KIND_D && exp_start_kind(expansions) != KIND_D)
        n--;  /* another start tile (the spring): the base one leaves the game (R2) */
    /* a garden twin in the set replaces one (CI11): the twin of each of the 13 kinds
     * that have one (tiles_twin the other way round; test_tiletab checks both) */
    static const uint8_t twin_of[CARC_TILE_KINDS] = {
        [74] = 75, [4] = 76, [7] = 77, [8] = 78, [12] = 79, [13] = 80, [17] = 81, [20] = 82,
        [21] = 83, [26] = 84, [38] = 85, [48] = 86, [51] = 87};
    int t = twin_of[kind];
    return n - (t && (expansions & tiles_catalogue[t].expansion) == tiles_catalogue[t].expansion);
}

uint8_t tile_rot_edges(uint8_t mask, int rot)
{
    return (uint8_t)(((mask << rot) | (mask >> (4 - rot))) & 0xF);
}

uint8_t tile_rot_slots(uint8_t mask, int rot)
{
    int s = 2 * rot;
    return (uint8_t)(((unsigned)mask << s | (unsigned)mask >> (8 - s)) & 0xFF);
}

uint8_t tile_edges_packed(int kind, int rot)
{
    const carc_tile_def *d = &tiles_catalogue[kind];
    unsigned p = 0;
    for (int e = 0; e < 4; e++)
        p |= (unsigned)d->edges[e] << (2 * ((e + rot) & 3));
    return (uint8_t)p;
}

/* Two rotations give the same tile when every segment maps onto a segment of the
 * same type with the same mask (the catalogue never has two equal segments). */
static int same_after(const carc_tile_def *d, int rot)
{
    unsigned e0 = 0, er = 0;
    for (int e = 0; e < 4; e++) {
        e0 |= (unsigned)d->edges[e] << (2 * e);
        er |= (unsigned)d->edges[e] << (2 * ((e + rot) & 3));
    }
    if (e0 != er)  /* the river's edges: the only edges no segment shows */
        return 0;
    for (int i = 0; i < d->nseg; i++) {
        const carc_segment_def *s = &d->seg[i];
        uint8_t m = s->type == CARC_FEAT_FIELD ? tile_rot_slots(s->mask, rot)
                  : s->type >= CARC_FEAT_CLOISTER ? 0 : tile_rot_edges(s->mask, rot);
        int found = 0;
        for (int j = 0; j < d->nseg && !found; j++)
            found = d->seg[j].type == s->type && d->seg[j].mask == m &&
                    d->seg[j].flags == s->flags && d->seg[j].goods == s->goods;
        if (!found)
            return 0;
    }
    return 1;
}

int tile_period(int kind)
{
    const carc_tile_def *d = &tiles_catalogue[kind];
    if (same_after(d, 1))
        return 1;
    return same_after(d, 2) ? 2 : 4;
}
