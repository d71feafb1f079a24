/*
 * registry.h - where the state (state.h) reserves the expansions' states: the one
 * place besides registry.c that names the modules, one line per module. Each
 * module declares its state as a struct in its own folder (its *_state.h, which
 * needs only <stdint.h> and carc.h) and reads it through an accessor of its main
 * header; the core holds these areas without naming a field of them.
 *
 *   struct exp_small: the small states, in part 1 of the state (copied whole);
 *   struct exp_block: the card expansions' decks and hands, part 2 (copied only
 *     when an active expansion's descriptor says in_block: game.c, carc_copy).
 *
 * A module whose state is a few bytes puts it in exp_small; one whose state is
 * large and used by few games in exp_block (and sets in_block). A module without
 * state has no line.
 */
#ifndef CARC_REGISTRY_H
#define CARC_REGISTRY_H

#include "traders/traders_state.h"
#include "river/river_state.h"
#include "gifts/gifts_state.h"
#include "christmas/christmas_state.h"
#include "dragon/dragon_state.h"
#include "tower/tower_state.h"
#include "abbey/abbey_state.h"

struct exp_small {
    struct traders_state traders;
    struct river_state river;
    struct dragon_state dragon;
    struct tower_state tower;
    struct abbey_state abbey;
};

struct exp_block {
    struct gifts_state gifts;
    struct xmas_state xmas;
};

#endif
