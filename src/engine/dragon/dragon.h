/*
 * dragon.h - The Princess & the Dragon (docs/RULES.md, PD1-PD14): the module's
 * kinds and marks, its state's accessor and what its files share.
 *   neutral.c  the marks' public name (carc_tile_symbol), the neutral figures' events,
 *              the fairy's follower
 *   dragon.c   the hook table, set-aside tiles (PD4), the volcano (PD3), the
 *              dragon's tile closed to figures (PD5), the fairy's point and bonus
 *              (PD9 c, d), invariants, the public query
 *   walk.c     the dragon's movement after T6 (PD6, PD7) and what it eats (PD8)
 *   choices.c  the T6 choices it adds: the fairy (PD9 a), the portal (PD11), the
 *              princess (PD12)
 */
#ifndef CARC_DRAGON_H
#define CARC_DRAGON_H

#include "../expansion.h"

EXP_STATE(dragon, struct dragon_state, ext.dragon)
#define dragon_st(g) EXP_ST(dragon, g)

/* Its kinds: the 29 of dragon/tiles.inc from DRAGON_KIND_FIRST, the two garden
 * twins last (CI15). */
enum { DRAGON_KIND_FIRST = 88, DRAGON_KINDS = 31, DRAGON_NONE = 255 };

/* A kind's mark (PD1, Appendix T: the last letter of the name); the princess
 * stands on the kind's city segment 0. Inline: T6 and the steps after T4 and T6
 * ask the tile just placed's at every decision. */
enum { MARK_NONE = 0, MARK_VOLCANO, MARK_DRAGON, MARK_PORTAL, MARK_PRINCESS };
static inline int dragon_mark(int kind)
{
    static const uint8_t marks[DRAGON_KINDS] = {
        MARK_VOLCANO,  MARK_PORTAL,   MARK_VOLCANO,  MARK_DRAGON,   MARK_VOLCANO,  MARK_DRAGON,
        MARK_DRAGON,   MARK_PORTAL,   MARK_PRINCESS, MARK_PRINCESS, MARK_PRINCESS, MARK_PORTAL,
        MARK_DRAGON,   MARK_DRAGON,   MARK_VOLCANO,  MARK_DRAGON,   MARK_VOLCANO,  MARK_PRINCESS,
        MARK_DRAGON,   MARK_PRINCESS, MARK_VOLCANO,  MARK_DRAGON,   MARK_PRINCESS, MARK_PORTAL,
        MARK_DRAGON,   MARK_DRAGON,   MARK_PORTAL,   MARK_DRAGON,   MARK_PORTAL,   MARK_DRAGON,
        MARK_PRINCESS};
    unsigned i = (unsigned)(kind - DRAGON_KIND_FIRST);
    return i < DRAGON_KINDS ? marks[i] : MARK_NONE;
}

/* The neutral figures in CARC_EV_NEUTRAL's value. */
enum { NEUTRAL_DRAGON = 0, NEUTRAL_FAIRY = 1 };
enum { NEUTRAL_PUT = 0, NEUTRAL_WALKED = 1, NEUTRAL_ASSIGNED = 2, NEUTRAL_ALONE = 3 };

/* neutral.c */
/* The seat whose follower the fairy is assigned to, or -1 (PD9 e: one that left is
 * none); dragon_fairy_forget: the fairy stays, assigned to nobody, told. Inline:
 * T6, its turn begin and its step after T6 ask it at every decision. */
static inline int dragon_fairy_seat(const carc_game *g)
{
    const struct dragon_state *st = dragon_st(g);
    if (!st->fairy_seat || g->fnode[st->fairy_seat - 1][st->fairy_slot] != st->fairy_node)
        return -1;
    return st->fairy_seat - 1;
}
void dragon_fairy_forget(carc_game *g);
/* An event of a neutral figure at tile t. */
void dragon_event(carc_game *g, int figure, int how, int seat, int t, int port);

/* walk.c */
int dragon_walk_at(carc_game *g);
void dragon_walk_pending(const carc_game *g, carc_pending *p);
int dragon_walk_legal(const carc_game *g, carc_move *out, int cap);
int dragon_walk_apply(carc_game *g, const carc_move *m, carc_error *err);
int dragon_walk_check(const carc_game *g, carc_error *err);

/* choices.c */
int dragon_choices_legal(const carc_game *g, carc_move *out, int cap);
/* Whether dragon_choices_legal lists any; how many with room for all; the i-th. */
int dragon_choices_owed(const carc_game *g);
int dragon_choices_count(const carc_game *g, void *memo);
void dragon_choices_nth(const carc_game *g, const void *memo, int i, carc_move *out);
int dragon_choices_apply(carc_game *g, const carc_move *m, carc_error *err);
int dragon_choices_canonical(const carc_game *g, carc_move *m);

#endif
