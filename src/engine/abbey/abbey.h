/*
 * abbey.h - what Abbey & Mayor's files share: the accessor of its state and its
 * kinds (the abbey AM/A: the last of tiles.inc).
 */
#ifndef CARC_ABBEY_H
#define CARC_ABBEY_H

#include "../expansion.h"

/* The module's state (abbey_state.h): abbey_st(g), const with a const g. */
EXP_STATE(abbey, struct abbey_state, ext.abbey)
#define abbey_st(g) EXP_ST(abbey, g)

/* The module's kinds: where catalogue.c lists it, after The Tower's 19; its 12
 * tiles, AM/R's garden twin (CI15), then the abbey (test_tiletab checks names). */
enum { ABBEY_FIRST = 138, ABBEY_R = ABBEY_FIRST + 9, ABBEY_RG = ABBEY_FIRST + 12,
       ABBEY_KIND = ABBEY_FIRST + 13 };

/* struct abbey_state.ask: the decision of place.c owed (AM3, AM5), or T1's answer
 * "draw" until the step runs again. */
enum { ABBEY_ASKED = 1, ABBEY_DECLINED = 2 };

/* ---- place.c ---- */
/* Hook at[ST_T1_DRAW]: 1 if the active player is asked whether to place the abbey
 * instead of drawing (AM3). */
int abbey_before_draw(carc_game *g);
/* Hook at[ST_T10_END]: at the end of the last turn, the final round (AM5): 1 while
 * a seat is asked. */
int abbey_final_round(carc_game *g);
/* The seat asked: the active player at T1, the round's seat at E0. */
int abbey_asked(const carc_game *g);
void abbey_pending(const carc_game *g, carc_pending *p);
int abbey_legal(const carc_game *g, int decision, carc_move *out, int cap);
int abbey_apply(carc_game *g, int decision, const carc_move *m, carc_error *err);
int abbey_canonical_move(const carc_game *g, carc_move *m);
/* Hook fit_rots: the abbey in the river's dead end once it is a hole (CI19). */
unsigned abbey_fit_rots(const carc_game *g, int si, int kind);
/* The figures (mayor.c, wagon.c, barn.c): one of each per player (AM1, AM2). */
extern const struct exp_figure abbey_mayor, abbey_wagon, abbey_barn;

/* barn.c: the barn's T6 moves (AM9, through the core's t6_* hooks), the barn
 * scorings of T7 (AM10: ST_T7_AFTER, no decision) and of the end (AM11), and its
 * invariants. */
int abbey_barn_t6_owed(const carc_game *g);
int abbey_barn_t6_legal(const carc_game *g, carc_move *out, int cap);
/* How many abbey_barn_t6_legal lists with room for all; the i-th of them. */
int abbey_barn_t6_count(const carc_game *g, void *memo);
void abbey_barn_t6_nth(const carc_game *g, const void *memo, int i, carc_move *out);
int abbey_barn_t6_apply(carc_game *g, const carc_move *m, carc_error *err);
int abbey_barn_at_scored(carc_game *g);
void abbey_barn_final(carc_game *g);
void abbey_barn_feature_info(const carc_game *g, int root, carc_feature_info *out);
int abbey_barn_check(const carc_game *g, carc_error *err);

/* wagon.c: the wagon moves of T7a (AM8): which wagons may move (feature_scored),
 * the decision owed at ST_T7_AFTER, its moves and applying one. */
void abbey_wagon_scored(carc_game *g, int root, int name);
int abbey_wagon_at_scored(carc_game *g);
void abbey_wagon_pending(const carc_game *g, carc_pending *p);
int abbey_wagon_legal(const carc_game *g, carc_move *out, int cap);
int abbey_wagon_apply(carc_game *g, const carc_move *m, carc_error *err);

#endif
