/*
 * christmas.h - what the files of Christmas Present (src/engine/christmas/, RULES.md
 * sections 3-5: X1-X14, C1-C4, E2-E3) share, and nothing else includes. Each
 * shared name carries the expansion's prefix and its file's: xmas_card_ lives in
 * card.h, xmas_target_ in target.c, and so on.
 *
 * The files, one job each:
 *   christmas.c   the expansion as the turn machine sees it: on or off, set up, and
 *                 each decision's moves and answers handed to the file that owns it
 *   card.h        what each card is: its deck, its timing, the feature it targets
 *                 and the grain its targets are listed at (inline: asked for every
 *                 card held at every window)
 *   deck.c        decks, discard piles and hands (X1, X4); the hand limit (X5);
 *                 the public queries on them
 *   offer.c       the triggers and the offers of T5 (X2, X3): drawing, and a drawn
 *                 lightning card coming into play
 *   target.c      every legal target of a card; targets in canonical form
 *   window.c      anytime cards in the windows of T2 and T8 (X6)
 *   attack.c      a card in play: its target named, the attacked seats' replies
 *                 (X10), then blocked or resolved
 *   resolve.c     what a card does when it resolves: points (X7), followers (X14),
 *                 locks (X12), tokens (X11), swaps, a Mastermind mark (X13)
 *   modifier.c    the scoring modifiers of T7 (X8) and what they pay
 *   mastermind.c  Mastermind's forced spot and its lapse (X13)
 *   end.c         end cards (E2) and the field bonuses they give in E3
 *   hidden.c      what a view hides, re-dealing it, and the invariants of the cards
 *
 * A card waiting for its target or for X10 replies is "in play" (xplay): while one
 * is, the pending decision is its target (the active player) or a reply (an
 * attacked seat), and the turn machine does not move. Lightning cards come into
 * play when drawn; swap_* and mastermind are played from hand with their target
 * named and come into play only to wait for replies.
 */
#ifndef CARC_CHRISTMAS_H
#define CARC_CHRISTMAS_H

#include "expansion.h"

/* The module's state (xmas_state.h): xmas_st(g), const with a const g. */
EXP_STATE(xmas, struct xmas_state, blk.xmas)
#define xmas_st(g) EXP_ST(xmas, g)
_Static_assert((int)XMAS_DONE == (int)MAX_DONE, "a question per feature one tile completes");

enum { DECK_CLOISTER = 0, DECK_ROADSIDE = 1, KINDS_PER_DECK = 16, COPIES = 2,
       DECK_CARDS = 32, HAND_LIMIT = 5, MAX_TARGETS = 1024 };
enum timing { LIGHTNING, ANYTIME, END };
enum grain { BY_SEGMENT, BY_FOLLOWER, BY_FEATURE, BY_NOTHING };
enum { XP_TARGET = 1, XP_REPLY = 2 };  /* play_phase: waiting for the target, replies */

/* Inline here, so that every file can use them and still calls go one way
 * (christmas.c, the hook table, calls the other files; they do not call it). */
static inline int xmas_on(const carc_game *g)
{
    return (g->expansions & CARC_EXP_CHRISTMAS) != 0;
}

/* Sets a "not legal" error naming card (msg has one %s) and returns CARC_E_ILLEGAL. */
static inline int xmas_fail(carc_error *err, const char *msg, const char *card)
{
    error_set(err, CARC_E_ILLEGAL, msg, card);
    return CARC_E_ILLEGAL;
}

/* ---- card.h: xmas_card_is (a Christmas card id), xmas_card_deck (DECK_CLOISTER or
 * DECK_ROADSIDE), xmas_card_timing, xmas_card_feature (the feature type it targets,
 * or -1), xmas_card_grain, xmas_card_is_swap ---- */
#include "card.h"

/* ---- deck.c ---- */
void xmas_deck_setup(carc_game *g, const carc_config *cfg);  /* X1 */
int xmas_deck_hand(const carc_game *g, int seat);  /* cards in seat's hand */
/* Puts card face up on its deck's discard pile (event emitted). */
void xmas_deck_discard(carc_game *g, int card);
int xmas_deck_limit_owed(carc_game *g);  /* T9: X5 */
int xmas_deck_limit_legal(const carc_game *g, carc_move *out, int cap);
int xmas_deck_limit_apply(carc_game *g, const carc_move *m, carc_error *err);

/* ---- offer.c ---- */
/* T5: whether deck 0 (X2) or deck 1 (X3) is offered to the active player now. */
int xmas_offer_cloister_owed(carc_game *g);  /* T5: X2 */
int xmas_offer_roadside_owed(carc_game *g);  /* T5: X3 */
int xmas_offer_legal(const carc_game *g, carc_move *out, int cap);
int xmas_offer_apply(carc_game *g, const carc_move *m);

/* ---- target.c ---- */
/* Whether feature root r holds followers of a seat other than `seat`. */
int xmas_target_others_on(const carc_game *g, int r, int seat);
/* Whether card c's moves name a follower kind in carc_move.figure (XI1, XI11,
 * XI12: the cards listed by segment or by follower). */
int xmas_target_uses_figure(int c);
/* The seats other than `seat` with a follower on node n (feature root `root`), as a
 * bit mask: the followers a swap by `seat` may take there. */
unsigned xmas_target_swap_owners(const carc_game *g, int seat, int n, int root);
/* Every target of card c for seat, written as copies of `proto` with the target
 * filled in; at most cap. */
int xmas_target_list(const carc_game *g, int c, int seat, carc_move proto, carc_move *out,
                     int cap);
/* Rewrites a move's targets in the form xmas_target_list writes them; 0 if a named
 * segment does not exist. */
int xmas_target_canonical(const carc_game *g, int c, carc_move *m);
/* Whether `want` (canonical) is among card c's targets for seat. */
int xmas_target_is(const carc_game *g, int c, int seat, const carc_move *want);
/* Whether card c has a target for seat (a lightning card drawn, X4). */
int xmas_target_any(const carc_game *g, int c, int seat);

/* ---- window.c ---- */
int xmas_window_owed(carc_game *g);  /* T2, T8: a non-empty hand */
int xmas_window_legal(const carc_game *g, int decision, carc_move *out, int cap);
int xmas_window_apply(carc_game *g, int decision, const carc_move *m, carc_error *err);

/* ---- attack.c ---- */
/* Card c with target m is named: asks the attacked seats that hold cards, or
 * resolves it at once. `drawn`: it came from a deck (lightning). */
void xmas_attack_start(carc_game *g, int c, const carc_move *m, int drawn);
int xmas_attack_legal(const carc_game *g, int decision, carc_move *out, int cap);
int xmas_attack_apply(carc_game *g, int decision, const carc_move *m, carc_error *err);

/* ---- resolve.c ---- */
/* Applies card c with target m (validated, not blocked), then discards it. */
void xmas_resolve(carc_game *g, int c, const carc_move *m);

/* ---- modifier.c ---- */
int xmas_modifier_owed(carc_game *g);  /* T7: X8 (lists the questions once a turn) */
/* What completed feature done[i] pays its holder `seat` with the modifier played on
 * it (category in *category), or -1 when none changes it. */
int xmas_modifier_value(const carc_game *g, int i, int seat, int *category);
int xmas_modifier_legal(const carc_game *g, carc_move *out, int cap);
int xmas_modifier_apply(carc_game *g, const carc_move *m, carc_error *err);

/* ---- mastermind.c ---- */
void xmas_mastermind_lapse(carc_game *g);    /* T10 */
int xmas_mastermind_spot(const carc_game *g);  /* the spot T3 must use, or -1 */

/* ---- end.c ---- */
int xmas_end_owed(carc_game *g);  /* E2 */
/* E3 field bonuses of seat for a field worth `cities` completed cities. */
int xmas_end_field_bonus(const carc_game *g, int seat, unsigned holders, int cities);
int xmas_end_legal(const carc_game *g, carc_move *out, int cap);
int xmas_end_apply(carc_game *g, const carc_move *m, carc_error *err);

/* ---- hidden.c ---- */
void xmas_hidden_hide(carc_game *g, int seat);
void xmas_hidden_deal(carc_game *g, int seat);
int xmas_hidden_check(const carc_game *g, carc_error *err);

#endif
