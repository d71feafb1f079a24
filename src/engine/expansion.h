/*
 * expansion.h - the one interface between the turn machine and the expansions.
 *
 * Each expansion fills in one table of hooks, struct exp_hooks (NULL where it has
 * nothing to add), and registry.c keeps the list of those tables: the only place
 * in the engine that names an expansion (with catalogue.c for their tiles). The turn machine (game.c, turn.c, legal.c,
 * apply.c, score.c, determinize.c, check.c) reaches the expansions only through the
 * exp_* functions below, which ask the hooks of the game's active expansions (the
 * CARC_EXP_* bits of its configuration) in the order of the list. Calls by name go
 * one way: an expansion calls the core (state.h); the core calls an expansion only
 * through its hooks.
 *
 * carc_new writes the game's plan into the state (exp_plan: the active expansions,
 * and for each step those that act or decide there), so that the turn machine asks
 * only hooks that have something to do. A base game has an empty plan: every exp_*
 * asked during play is an inline test of a byte that returns at once, so the base
 * game pays nothing for the hooks.
 *
 * Steps (enum step) are the points where the turn stops or acts, as B13 orders
 * them. The turn machine runs its own steps (T1 draw, T3 place, T6 follower, T7
 * scoring, T10 end of turn, E3-E6); every other step belongs to the expansions: it
 * owes a decision while some active expansion says so (hook `at[step]`), then the
 * machine moves to the next step. The decision there comes from hook `pending`.
 */
#ifndef CARC_EXPANSION_H
#define CARC_EXPANSION_H

#include "state.h"

/* A module's accessor of its state, NAME_st(g): the struct of type `type` at
 * `member` of carc_game (registry.h), a const pointer from a const game. A module's
 * header says EXP_STATE(NAME, type, member) and #define NAME_st(g) EXP_ST(NAME, g). */
#define EXP_STATE(name, type, member)                                           \
    static inline type *name##_mut(carc_game *g) { return &g->member; }         \
    static inline const type *name##_get(const carc_game *g) { return &g->member; }
#define EXP_ST(name, g) _Generic((g), const carc_game *: name##_get, default: name##_mut)(g)

/* What an apply hook returns for a move that is not its own, so the next expansion
 * (or the turn machine's "not a legal answer") gets it. */
enum { EXP_NOT_MINE = -1 };
/* The most figures one expansion gives (Abbey & Mayor: mayor, wagon, barn). */
enum { EXP_MAX_FIGS = 3 };

/* A figure (§0), as the module that gives it describes it: the core reads these
 * (figure.c: supply, where it may stand, T6's moves; apply.c: why it may not;
 * check.c; cards.c), so a figure's rules are stated once, here. The meeple's is
 * the core's (registry.c), each expansion's figures are in its hook table (`figs`).
 * The registry finds them by kind (exp_figure_of); which slots of fnode they
 * use is its data too (fig_slot_kind). */
struct exp_figure {
    uint8_t kind;      /* enum carc_figure */
    uint8_t strength;  /* in a feature's majority (B8): 1, 2 the large meeple (I4) */
    uint8_t count;     /* how many each player has (I3, TB2, A1) */
    /* The feature types it may stand on, bit per enum carc_feature (the meeple:
     * never a garden, A4; the abbot: a cloister or a garden). */
    uint8_t stands;
    /* A special figure (no follower, strength 0: builder, pig): it stands only on
     * an unfinished feature holding a follower of its seat (TB4, TB7), and goes
     * home when that support leaves (TB5); a follower stands only on an empty
     * feature (B6). */
    uint8_t special;
    /* Its name in the notation, records and options ("large": carc_figure_name),
     * its name in refusals ("large meeple"), and why it may not stand where asked,
     * as apply.c says it: not_there (the feature's type: %s) for a type not in
     * `stands`; a follower: taken (type, port) for a feature holding a follower; a
     * special figure: finished (type, port) on a completed feature, unsupported
     * (type, port, seat) without a follower of its seat. */
    const char *name, *word;
    const char *not_there, *taken, *finished, *unsupported;
    /* A6: T6 may take it back instead of placing a figure (NULL: never).
     * recall_move writes the active player's recall move if there is one (1);
     * recall_points says what move m scores now, -1 if it is no legal recall;
     * recall applies a legal one; no_recall says why not (seat, x, y, port). */
    int (*recall_move)(const carc_game *g, carc_move *m);
    int (*recall_points)(const carc_game *g, const carc_move *m);
    void (*recall)(carc_game *g, const carc_move *m);
    const char *no_recall;
    /* E3 and carc_projection: the points beyond its value a field root worth
     * `cities` completed cities pays `seat` for this figure of seat (TB8: the pig),
     * scored with reason field_reason; NULL if none. */
    int (*field_bonus)(const carc_game *g, int seat, int root, int cities);
    uint8_t field_reason;
    /* A strength that is not a number (AM6: the mayor's, its city's pennants): what
     * this figure counts on feature `root` when a majority is decided (feat_holders),
     * in place of the `strength` its slot adds to `follow` (which makes the feature
     * occupied, B6); NULL for a fixed strength. */
    int (*strength_on)(const carc_game *g, int root);
};

struct exp_hooks {
    /* What it tells the layers above (carc.h: carc_expansion_at): its bit, names,
     * the most players it seats, its figures (bit per enum carc_figure, which
     * figure.c puts in each seat's supply), its score categories and its words. */
    carc_expansion_info info;
    /* Its content: the tiles it adds to the stack (test_tiletab checks the number
     * against the catalogue's counts), the start tile it puts in place of the base
     * game's D (R2; 0 for none: kind 0 is never a start tile), and whether fields
     * are scored at the end after every other feature (CI12). */
    uint8_t stack_tiles;
    uint8_t start_kind;
    uint8_t fields_last;
    /* Kinds of its own that replace a kind of the set one for one (CI11: a garden
     * twin its plain tile): replaced_by[k], the kind that replaces kind k, or 0;
     * NULL if it replaces none. A replacement counts where the set holds it. */
    const uint8_t *replaced_by;
    /* Its state is in part 2 of the state (state.h: the card expansions' block),
     * which a game without such an expansion keeps zero and does not copy. */
    uint8_t in_block;
    /* Its figures (info.figures says which kinds; test_tiletab checks the two
     * agree), NULL past the last. */
    const struct exp_figure *figs[EXP_MAX_FIGS];
    /* A feature type only it brings and the score category that type scores in
     * (The Abbot: gardens, A5); own_category 0 if none (0 is the roads'). */
    uint8_t own_type, own_category;
    /* The score category of the points its field_bonus hook gives. */
    uint8_t field_bonus_category;
    /* The steps (bit s for enum step s) where its hook `pending` sets the
     * decision: the turn machine asks only there, and while the expansion holds. */
    uint32_t decides;
    /* offsetof(carc_game, a byte) that is non-zero while the expansion holds the
     * turn machine whatever the step (a card in play, X4), or 0 if it never does: a
     * byte rather than a hook, since carc_pending_decision asks at every decision.
     * Only a move starts a hold; a step hook that did would owe a decision. */
    uint16_t hold;
    /* offsetof(carc_game, a byte) that is non-zero while hook forced_spot may
     * answer a spot (X13: a Mastermind mark pending), so that a placement, listed
     * and checked at every turn, asks the hook only then. Set with forced_spot. */
    uint16_t forces;
    /* Asked of every expansion in the list, on or off: */
    /* carc_new: CARC_OK, or CARC_E_CONFIG with a message about the expansion's part
     * of the configuration (fixed deck orders). */
    int (*check_config)(const carc_config *cfg, carc_error *err);
    /* Sets that part to its defaults, no fixed deck order: carc_config_init, and
     * carc_view, since a view may not see the orders. */
    void (*forget_config)(carc_config *cfg);
    /* carc_move_canonical for a move kind of its own: rewrites m in full (targets
     * named canonically, unused fields cleared) and returns 1; 0: not its kind. */
    int (*canonical)(const carc_game *g, carc_move *m);
    /* carc_check: its invariants (an expansion that is off holds nothing). */
    int (*check)(const carc_game *g, carc_error *err);

    /* Asked of the active expansions only: */
    /* carc_new, after the stack is built: cfg's fixed deck orders are read here only */
    void (*setup)(carc_game *g, const carc_config *cfg);
    void (*turn_begin)(carc_game *g);   /* T1, before the draw: per-turn state */
    /* at[s], at step s where expansions act (every step but T3, T6, T7 scoring,
     * E3; NULL where it does not act): does whatever the step does automatically
     * and returns 1 if it owes a decision now. At T10 it runs before the turn ends;
     * at T1 before the draw (and again after the decision it owed there: a tile it
     * put in hand is then the part's, AM3).
     * One function per step, with no step argument to switch on: the turn machine
     * asks at every step. */
    int (*at[ST_OVER + 1])(carc_game *g);
    /* At the steps of `decides` and while it holds: sets p's decision and seat
     * where they are the expansion's (its own steps, a card in play); leaves p
     * alone otherwise. */
    void (*pending)(const carc_game *g, carc_pending *p);
    /* The moves it adds to `decision` (windows: before the pass the core adds). */
    int (*legal)(const carc_game *g, int decision, carc_move *out, int cap);
    /* Validates, then applies a move for `decision`: CARC_OK, an error (state
     * unchanged), or EXP_NOT_MINE. */
    int (*apply)(carc_game *g, int decision, const carc_move *m, carc_error *err);
    /* T3: the frontier spot a placement must use (X13, R5), or -1. */
    int (*forced_spot)(const carc_game *g);
    /* The rotations (bit r) in which a tile the fit table never places (a river
     * tile) fits frontier spot si; 0 if not there (R5). */
    unsigned (*fit_rots)(const carc_game *g, int si, int kind);
    /* The placement a turn machine refuses at frontier spot si (T3), in words of the
     * expansion when the reason is its own: `forced` >= 0 is the spot it forces
     * (hook forced_spot), else the tile does not fit spot si whose signature is
     * SIG_DEAD (a spot it keeps empty) or at all. Writes err and returns 1, or 0 to
     * let the next expansion or the core say why. */
    int (*refuse)(const carc_game *g, const carc_move *m, int si, int forced, carc_error *err);
    /* Whether a tile of `kind`, which fits no spot by the fit table, can go where
     * only this expansion places it (R5: a river tile at the open end), for B5. */
    int (*placeable)(const carc_game *g, int kind);
    /* The stack (stack.c) where its tiles have a part of their own (R2, R9, R10):
     * carc_new, a fixed stack's configuration checked position by position;
     * the most tiles an extra draw (G10, X9) may leave in the stack, 0 for any;
     * the deepest a tile put back (G10) may go, or -1 for the whole stack; a drawn
     * tile removed as unplaceable (B5, R6); carc_determinize, the stack shuffled
     * (returns 1 if it did it, 0 to leave it to the core). */
    int (*check_stack)(const carc_config *cfg, carc_error *err);
    int (*extra_floor)(const carc_game *g);
    int (*put_back_deepest)(const carc_game *g, int kind);
    void (*tile_removed)(carc_game *g, int kind);
    int (*shuffle_stack)(carc_game *g);
    /* carc_check: the frontier spot it keeps closed (SIG_DEAD whatever its
     * neighbours demand: the river's dead end, R6), or -1. */
    int (*closed_spot)(const carc_game *g);
    /* T7: what completed feature done[i] pays `seat` if the expansion changes it
     * (category in *category), or -1. */
    int (*completed_value)(const carc_game *g, int i, int seat, int *category);
    /* E3: bonus points of `seat` for a field worth `cities` completed cities. */
    int (*field_bonus)(const carc_game *g, int seat, unsigned holders, int cities);
    /* carc_feature_at: what it adds to a feature's description (builders, pigs). */
    void (*feature_info)(const carc_game *g, int root, carc_feature_info *out);
    /* E3, after the farmers and before end_majorities: what fields score
     * besides their farmers (AM11 barns; CI21 (2)). */
    void (*end_fields)(carc_game *g);
    /* E3, after every feature and field: majorities of things held (TB10). */
    void (*end_majorities)(carc_game *g);
    void (*final_scoring)(carc_game *g);  /* E5 */
    /* carc_projection: points `seat` holds for the end of the game (unopened
     * gifts, goods majorities). */
    int (*held_points)(const carc_game *g, int seat);
    /* carc_view: hides from `seat` what RULES.md 6 hides of the expansion's state. */
    void (*hide)(carc_game *g, int seat);
    /* carc_determinize: deals what the view of `seat` hid, every consistent deal
     * equally likely (from the game's generator). */
    void (*deal)(carc_game *g, int seat);

    /* Added with The Princess & the Dragon (issue 30), each for what it does: */
    /* T1, B5 and every extra draw (G10, X9): a tile just drawn (and told) that the
     * expansion takes out of the draw, kept aside (PD4); 1 if it took it, and the
     * draw goes on. */
    int (*set_aside)(carc_game *g, int kind);
    /* The tiles it keeps aside (carc_check counts every tile of the set; the layers
     * above show them): their kinds into kinds[] (CARC_TILES is enough), how many. */
    int (*aside)(const carc_game *g, uint8_t *kinds);
    /* The placed tile (index into tiles[]) on which no figure may be placed by any
     * rule, T6, cards and gifts alike (PD5), or -1; no_figure_words says why, with
     * the tile's (%d,%d). */
    int (*no_figure_tile)(const carc_game *g);
    const char *no_figure_words;
    /* A feature was scored (T7, E3, a sweep or a card that scores it) while its
     * followers stand on it, before they return (PD9 d); name names it in events. */
    void (*feature_scored)(carc_game *g, int root, int name);
    /* T6, the follower step, when the expansion adds choices of its own to it (a
     * figure on a place that is no segment anywhere on the board, a piece it brings)
     * or moves made before the choice (T6a): t6_owed, whether it has any now (T6
     * then owes a decision even when no figure fits the placed tile); t6_legal
     * writes them (at most EXP_T6_MOVES; the core lists its own first and the pass
     * last); t6_apply validates then applies one: CARC_OK, an error (state
     * unchanged), or EXP_NOT_MINE. It clears the events once the move is valid and
     * sets the step: ST_T6_AFTER once the T6 choice is made, ST_T6_FOLLOWER
     * left as it is for a move made before it. */
    int (*t6_owed)(const carc_game *g);
    int (*t6_legal)(const carc_game *g, carc_move *out, int cap);
    int (*t6_apply)(carc_game *g, const carc_move *m, carc_error *err);

    /* Added with Abbey & Mayor (issue 30), each for what it does: */
    /* A tile kind each player is given at set-up, never in a stack, that the module
     * places (AM2: the abbey), or 0: the state's arrays have room for one a seat
     * (test_tiletab). */
    uint8_t player_kind;

    /* Added for carc_legal_pick (issue 30): T6's choices counted, and one written,
     * without writing the others (a random playout takes one move of a list at each
     * decision; the modules' whole lists, every follower the fairy may join and
     * every tower, were half of a game with all nine). t6_count: how many t6_legal
     * writes with room for all; t6_nth: the i-th of them (0 <= i < t6_count), as
     * t6_legal writes it. Both or neither: without them the list is written and one
     * move taken. t6_count leaves what it found in `memo` (EXP_T6_MEMO bytes, aligned
     * for any type), which t6_nth reads for the same decision of the same game: a
     * pick asks both, and finding the moves twice was a tenth of a game with all nine. */
    int (*t6_count)(const carc_game *g, void *memo);
    void (*t6_nth)(const carc_game *g, const void *memo, int i, carc_move *out);
    /* The decisions (bit 1 << CARC_DEC_*) for which its hook `legal` may list moves:
     * only those ask it (a game with all nine made every decision of theirs ask six
     * hooks, most of which had nothing; test_registry checks that a hook `legal`
     * has a mask). */
    uint32_t lists;
};

/* The most moves the expansions add to T6 (t6_legal): a tower's module lists at
 * most 10 ransoms, 18 floors and 36 followers on towers. */
enum { EXP_T6_MOVES = 64 };
/* The room of a t6_count's memo (a module asserts its own fits), and how many
 * modules that add T6 choices one pick counts by memo (more: their list is written). */
enum { EXP_T6_MEMO = 1024, EXP_T6_MEMOS = 4 };
typedef union exp_t6_memo {
    max_align_t align;
    unsigned char bytes[EXP_T6_MEMO];
} exp_t6_memo;

/* ---- expansion.c ---- */
/* The list of expansions, in order, ending with NULL: expansion i has bit 1 << i
 * (test_registry in test_engine checks it), so a set's bits are also its plan's. */
extern const struct exp_hooks *const exp_list[];
/* The bits of every expansion of the list (registry.c, from its length). */
extern const unsigned exp_all_mask;

/* Every figure by kind (enum carc_figure): the meeple's descriptor (registry.c) and
 * the expansions' (their `figs`); NULL for no figure. Data, so the hot paths of T6
 * read a figure's rule with one load. */
extern const struct exp_figure *const exp_figure_of[CARC_FIGURES];
extern const struct exp_figure figure_meeple;

/* Walks the expansions of the list: `h` names each one's hooks in turn. */
#define EXP_EACH(h)                                                             \
    for (const struct exp_hooks *const *h##_p = exp_list, *h;                   \
         (h = *h##_p) != NULL; h##_p++)
/* Walks the expansions of mask (bit i: expansion i of the list) in list order. */
#define EXP_EACH_OF(mask, h)                                                    \
    for (unsigned h##_m = (mask); h##_m; h##_m &= h##_m - 1)                    \
        for (const struct exp_hooks *h = exp_list[__builtin_ctz(h##_m)]; h; h = NULL)
/* Walks the expansions of a set of CARC_EXP_* bits in list order, bits of no
 * expansion ignored: a base game's set queries (carc_new asks several) walk none. */
#define EXP_EACH_IN(expansions, h) EXP_EACH_OF((expansions) & exp_all_mask, h)
/* Walks the active expansions of g in list order. */
#define EXP_EACH_ACTIVE(g, h) EXP_EACH_OF((g)->exp_on, h)

/* Sets the plan of g (state.h: exp_on, exp_at, exp_decides, exp_holders,
 * exp_forcers, exp_t6) from its configuration; turn_plan (turn.c) then adds exp_next. */
void exp_plan(carc_game *g);

/* Asked of every expansion, on or off (not during play). */
unsigned exp_all_bits(void);
int exp_check_config(const carc_config *cfg, carc_error *err);
void exp_forget_config(carc_config *cfg);
int exp_canonical(const carc_game *g, carc_move *m);
int exp_check(const carc_game *g, carc_error *err);

/* Asked of the active expansions: what the turn machine calls. Each walks only the
 * expansions the plan names, in expansion.c; the inline test in front of the walks
 * asked during play keeps a base game from even calling them. */
static inline int exp_any(const carc_game *g) { return g->exp_on != 0; }

void exp_setup(carc_game *g, const carc_config *cfg);
/* Asks the expansions of mask (bit i: expansion i of the list). */
void exp_pending_each(const carc_game *g, carc_pending *p, unsigned mask);
/* The moves of all active expansions, one after the other. */
int exp_legal_each(const carc_game *g, int decision, carc_move *out, int cap);
/* The first active expansion that owns the move applies it. */
int exp_apply_each(carc_game *g, int decision, const carc_move *m, carc_error *err);
unsigned exp_fit_rots(const carc_game *g, int si, int kind);
int exp_refuse(const carc_game *g, const carc_move *m, int si, int forced, carc_error *err);
int exp_placeable(const carc_game *g, int kind);
int exp_check_stack(const carc_config *cfg, carc_error *err);
int exp_extra_floor(const carc_game *g);
int exp_put_back_deepest(const carc_game *g, int kind);
void exp_tile_removed(carc_game *g, int kind);
int exp_shuffle_stack(carc_game *g);
int exp_closed_spot(const carc_game *g);
int exp_completed_value_each(const carc_game *g, int i, int seat, int *category);
int exp_field_bonus_each(const carc_game *g, int seat, unsigned holders, int cities,
                         int *category);
/* The score category of a feature type an expansion brings (a garden), or -1. */
int exp_type_category(int type);
void exp_feature_info(const carc_game *g, int root, carc_feature_info *out);
void exp_final_scoring(carc_game *g);
void exp_end_fields(carc_game *g);
void exp_end_majorities(carc_game *g);
/* The figures the game's expansions give every player (bit per enum carc_figure). */
unsigned exp_figures(unsigned expansions);
/* The content of a set: the tiles its expansions add to the base game's 71 in the
 * stack, its start tile (R2), whether its fields are scored last (CI12). */
int exp_stack_tiles(unsigned expansions);
/* Whether one of them brings tiles of its own (to add, replace or start with). */
int exp_has_tiles(unsigned expansions);
int exp_start_kind(unsigned expansions);
int exp_fields_last(unsigned expansions);
/* Whether a tile of kind k is replaced by one of the set's own (CI11); the same for
 * every kind at once, one copy fewer in count[] of each kind replaced. */
int exp_replaced(unsigned expansions, int kind);
void exp_replace_counts(unsigned expansions, uint8_t count[CARC_TILE_KINDS]);
int exp_held_points(const carc_game *g, int seat);
void exp_hide(carc_game *g, int seat);
void exp_deal(carc_game *g, int seat);
int exp_set_aside_each(carc_game *g, int kind);
int exp_aside(const carc_game *g, uint8_t *kinds);
int exp_no_figure_tile_each(const carc_game *g);
/* The words of the expansion that closes tile t to figures (no_figure_tile). */
const char *exp_no_figure_words(const carc_game *g, int t);
void exp_feature_scored_each(carc_game *g, int root, int name);

/* Inline tests in front of the walks the core asks during play: a game without
 * expansions pays one test. */
static inline int exp_set_aside(carc_game *g, int kind)
{
    return g->exp_asides && exp_set_aside_each(g, kind);
}
/* Whether no figure may be placed on tile t (PD5). */
static inline int exp_no_figure_on(const carc_game *g, int t)
{
    return g->exp_closers && exp_no_figure_tile_each(g) == t;
}
static inline void exp_feature_scored(carc_game *g, int root, int name)
{
    if (g->exp_scored)
        exp_feature_scored_each(g, root, name);
}
/* Whether an active expansion adds choices to T6 (t6_owed, t6_legal, t6_apply). */
static inline int exp_t6(const carc_game *g)
{
    return g->exp_t6 != 0;
}
/* T6's choices of the expansions (t6_owed, t6_legal, t6_apply above): whether any
 * active expansion has one; their moves inserted before the pass that ends
 * out[0..n), as room in cap allows, returning the new count (a list the core cut
 * short, without its pass, stays as it is: a prefix); the first that owns m
 * applies it. */
int exp_t6_owed_each(const carc_game *g);
int exp_t6_legal_each(const carc_game *g, carc_move *out, int n, int cap);
int exp_t6_apply(carc_game *g, const carc_move *m, carc_error *err);
/* T6's choices of the expansions by count (t6_count, t6_nth), as exp_t6_legal_each
 * would append them to n moves with room for cap (the core's, its pass taken off):
 * counts[j] and memos[j] for the j-th expansion of exp_t6, the total returned; -1
 * if an active one has no t6_count, or more than EXP_T6_MEMOS have (then their
 * lists are written). exp_t6_nth_each writes move i of
 * the expansions' part (0 <= i < the total), counts[] from exp_t6_count_each. */
int exp_t6_count_each(const carc_game *g, int n, int cap, int counts[],
                      exp_t6_memo memos[EXP_T6_MEMOS]);
void exp_t6_nth_each(const carc_game *g, const int counts[], const exp_t6_memo memos[],
                     int i, carc_move *out);
/* Inline: T6 asks at every follower step, and most games have no such expansion (the
 * plan's exp_t6 byte says). */
static inline int exp_t6_owed(const carc_game *g)
{
    return g->exp_t6 ? exp_t6_owed_each(g) : 0;
}
static inline int exp_t6_legal(const carc_game *g, carc_move *out, int n, int cap)
{
    return g->exp_t6 ? exp_t6_legal_each(g, out, n, cap) : n;
}

/* exp_turn_begin, exp_step and exp_holds walk inline: turn_advance, which asks at
 * every step, has a frame anyway, while a call per step costs a game with
 * expansions a few percent. */
static inline void exp_turn_begin(carc_game *g)
{
    EXP_EACH_OF(g->exp_begins, h)
        h->turn_begin(g);
}

/* Every active expansion that acts at the step does, in order, until one owes a
 * decision: 1 if one does. */
static inline int exp_step(carc_game *g, int step)
{
    /* a bit of the plan names an expansion of the list: no test of the entry */
    for (unsigned m = g->exp_at[step]; m; m &= m - 1)
        if (exp_list[__builtin_ctz(m)]->at[step](g))
            return 1;
    return 0;
}

/* Whether an active expansion holds the turn machine: its byte, at the offset the
 * plan keeps (exp_hold_at). */
static inline int exp_holds(const carc_game *g)
{
    const uint8_t *b = (const uint8_t *)g;
    int n = g->exp_nholds;
    if (n == 0)
        return 0;
    if (n <= 2)  /* the big box has two holders: both bytes read, no loop (n 1: one twice) */
        return (b[g->exp_hold_at[0]] | b[g->exp_hold_at[n - 1]]) != 0;
    for (int i = 0; i < n; i++)
        if (b[g->exp_hold_at[i]])
            return 1;
    return 0;
}

/* Only the expansions that decide at this step or hold the machine are asked, and
 * finding them needs no call: most decisions (T3, T6) are none of theirs, and
 * which holds is asked only when one does. */
static inline void exp_pending(const carc_game *g, carc_pending *p)
{
    if (!exp_any(g))
        return;  /* a base game: one test, at every decision */
    unsigned mask = g->exp_decides[g->step];
    if (exp_holds(g))
        for (unsigned m = g->exp_holders; m; m &= m - 1)
            if (((const uint8_t *)g)[exp_list[__builtin_ctz(m)]->hold])
                mask |= m & -m;
    if (mask)
        exp_pending_each(g, p, mask);
}

static inline int exp_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    return exp_any(g) ? exp_legal_each(g, decision, out, cap) : 0;
}

static inline int exp_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    return exp_any(g) ? exp_apply_each(g, decision, m, err) : EXP_NOT_MINE;
}

/* Only the expansions that may force a spot are walked, and of those only the ones
 * with a mark down are asked. Inline: a placement is listed and checked at every
 * turn, and a call cost the card games more than the inline walk costs base. */
static inline int exp_forced_spot(const carc_game *g)
{
    for (unsigned m = g->exp_forcers; m; m &= m - 1) {
        const struct exp_hooks *h = exp_list[__builtin_ctz(m)];
        if (((const uint8_t *)g)[h->forces]) {
            int s = h->forced_spot(g);
            if (s >= 0)
                return s;
        }
    }
    return -1;
}

static inline int exp_completed_value(const carc_game *g, int i, int seat, int *category)
{
    return exp_any(g) ? exp_completed_value_each(g, i, seat, category) : -1;
}

/* E3: the bonus points of the expansions for a field, in *category (left alone
 * when none). */
static inline int exp_field_bonus(const carc_game *g, int seat, unsigned holders, int cities,
                                  int *category)
{
    return exp_any(g) ? exp_field_bonus_each(g, seat, holders, cities, category) : 0;
}

#endif
