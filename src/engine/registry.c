/*
 * registry.c - the registry's list: the expansions, one line each (their hook
 * tables, in order), and the figures by kind, the base game's meeple and the
 * expansions' (their descriptors): the only place outside the modules' folders
 * that names them, with catalogue.c's line for a module's tiles. Data only, no
 * function (scripts/one_way.sh checks): a reference to it is not a call, so the
 * core reaches the modules through it without a circle.
 *
 * The order of the list is the order of play where several expansions act at one
 * point: both are set up from the game's generator, gifts first, and a window
 * lists the gifts' moves before the Christmas cards'. A new expansion goes at the
 * end, so that the games of the others stay what they were, and its bit is
 * 1 << its place (test_registry).
 */
#include "expansion.h"

/* The meeple (B6, I3): the core's figure, a follower of strength 1 on any empty
 * feature but a garden (A4: only an abbot stands there). Its refusals are
 * apply.c's own path (check_follower), which asks whether the feature is empty
 * before its type. */
const struct exp_figure figure_meeple = {
    .kind = CARC_FIG_MEEPLE, .strength = 1, .count = CARC_FOLLOWERS,
    .stands = 1u << CARC_FEAT_CITY | 1u << CARC_FEAT_ROAD | 1u << CARC_FEAT_FIELD |
              1u << CARC_FEAT_CLOISTER | 1u << CARC_FEAT_TOWER /* a tower's top, TW4 */,
    .name = "meeple", .word = "meeple",
    .not_there = "only an abbot stands on a garden (A4)",
    .taken = "the %s at %s already holds a follower (B6)",
};

extern const struct exp_hooks gifts_hooks, xmas_hooks, inns_hooks, traders_hooks, river_hooks,
    abbot_hooks, dragon_hooks, tower_hooks, abbey_hooks;
extern const struct exp_figure inns_large, abbot_abbot, traders_builder, traders_pig,
    abbey_mayor, abbey_wagon, abbey_barn;

/* A build with a test-only module (CMake's CARC_TEST_MODULE: tests/toy, issue 29's
 * proof that an expansion is one folder and one line) gets its line at the end of
 * the list, and its one figure, a special figure, as the kind after the wagon (the
 * last that stands on segments, carc.h) and the last slot; its module.cmake names
 * its hooks and figure. Empty in every other build. */
#ifdef CARC_TEST_MODULE
extern const struct exp_hooks CARC_TEST_MODULE;
extern const struct exp_figure CARC_TEST_FIGURE;
#define TEST_MODULE &CARC_TEST_MODULE,
#define TEST_FIGURE(x) x,
#define TEST_KIND (CARC_FIG_WAGON + 1)
#define TEST_SPECIAL 1u << TEST_KIND
#else
#define TEST_MODULE
#define TEST_FIGURE(x)
#define TEST_SPECIAL 0
#endif

const struct exp_hooks *const exp_list[] = {&gifts_hooks, &xmas_hooks,  &inns_hooks, &traders_hooks,
                                            &river_hooks, &abbot_hooks, &dragon_hooks, &tower_hooks,
                                            &abbey_hooks, TEST_MODULE NULL};

const unsigned exp_all_mask = (1u << (sizeof exp_list / sizeof exp_list[0] - 1)) - 1;

/* The figures by kind: what the modules' `figs` list, indexed for T6, which reads
 * a figure's rule at every follower decision (test_tiletab checks the two agree). */
const struct exp_figure *const exp_figure_of[CARC_FIGURES] = {
    [CARC_FIG_MEEPLE] = &figure_meeple, [CARC_FIG_LARGE] = &inns_large,
    [CARC_FIG_ABBOT] = &abbot_abbot, [CARC_FIG_BUILDER] = &traders_builder,
    [CARC_FIG_PIG] = &traders_pig, [CARC_FIG_MAYOR] = &abbey_mayor,
    [CARC_FIG_WAGON] = &abbey_wagon, [CARC_FIG_BARN] = &abbey_barn,
    TEST_FIGURE([TEST_KIND] = &CARC_TEST_FIGURE)};

/* The state's layout of a seat's figures (fnode, state.h): the meeples, the other
 * followers, then the special figures, a slot for each figure a player has; a
 * slot's kind and strength and a kind's first slot, as data, since every figure
 * placed, taken or moved reads them (test_tiletab checks them against the
 * descriptors: kinds, counts, strengths, followers before special figures). */
const uint8_t fig_slot_kind[FIG_SLOTS] = {
    CARC_FIG_MEEPLE, CARC_FIG_MEEPLE, CARC_FIG_MEEPLE, CARC_FIG_MEEPLE, CARC_FIG_MEEPLE,
    CARC_FIG_MEEPLE, CARC_FIG_MEEPLE, CARC_FIG_LARGE, CARC_FIG_ABBOT, CARC_FIG_MAYOR,
    CARC_FIG_WAGON, CARC_FIG_BUILDER, CARC_FIG_PIG, CARC_FIG_BARN, TEST_FIGURE(TEST_KIND)};
const uint8_t fig_slot_strength[FIG_SLOTS] = {1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 0, 0, 0,
                                              TEST_FIGURE(0)};
const uint8_t fig_kind_slot[CARC_FIGURES] = {
    [CARC_FIG_MEEPLE] = 0, [CARC_FIG_LARGE] = CARC_FOLLOWERS,
    [CARC_FIG_ABBOT] = CARC_FOLLOWERS + 1, [CARC_FIG_MAYOR] = CARC_FOLLOWERS + 2,
    [CARC_FIG_WAGON] = CARC_FOLLOWERS + 3, [CARC_FIG_BUILDER] = FIG_FOLLOWER_SLOTS,
    [CARC_FIG_PIG] = FIG_FOLLOWER_SLOTS + 1, [CARC_FIG_BARN] = FIG_FOLLOWER_SLOTS + 2,
    TEST_FIGURE([TEST_KIND] = FIG_FOLLOWER_SLOTS + 3)};
const uint16_t fig_special_kinds =
    1u << CARC_FIG_BUILDER | 1u << CARC_FIG_PIG | 1u << CARC_FIG_BARN | TEST_SPECIAL;
const uint16_t fig_recall_kinds = 1u << CARC_FIG_ABBOT;
const uint16_t fig_field_kinds = 1u << CARC_FIG_PIG;
const uint16_t fig_strength_kinds = 1u << CARC_FIG_MAYOR;
