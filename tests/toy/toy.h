/*
 * toy.h - the toy expansion's bit and figure kind, for its tile rows and its
 * module: the tenth expansion of the list (after Abbey & Mayor), the figure after
 * the pig.
 */
#ifndef CARC_TOY_H
#define CARC_TOY_H

#include "expansion.h"

enum { TOY_BIT = 1u << 9, TOY_FIG_LANTERN = CARC_FIG_WAGON + 1 };

#endif
