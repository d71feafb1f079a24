/*
 * carc_ai.h - computer players. Every player implements one interface (a struct of
 * function pointers): given the view of the seat that owes the pending decision
 * (carc_view), choose one of its legal moves. Players never see the full state.
 *
 * Players: "random" (uniform over legal moves), "greedy" (one ply, docs/AI.md),
 * "mcts" (information-set Monte Carlo tree search over determinizations, with a
 * budget in milliseconds or iterations), and earlier versions of mcts kept under
 * their names ("mcts-2026a") so that later ones are measured against them; the levels
 * for people, "easy", "medium" and "hard" (docs/AI.md). And the playout player: whole random games
 * of the full state at the engine's speed (`carc sim`, `carc bench`).
 */
#ifndef CARC_AI_H
#define CARC_AI_H

#include <stddef.h>
#include <stdint.h>
#include "carc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct carc_ai_options {
    uint64_t seed;     /* the player's own generator */
    int budget_ms;     /* mcts: time per decision (0: use iterations) */
    int iterations;    /* mcts: iterations per decision when budget_ms is 0 */
} carc_ai_options;

/* Fills defaults: seed 1, budget 100 ms, 1000 iterations. */
void carc_ai_options_init(carc_ai_options *opt);

typedef struct carc_player carc_player;
struct carc_player {
    const char *name;
    /* Chooses a move for the seat that owes the pending decision of `view` (a seat's
     * view of a game, or a full state). Writes a one-line note on the choice (may be
     * empty) into note. Returns CARC_OK, or an error code if there is no legal move. */
    int (*choose)(carc_player *self, const carc_game *view, carc_move *out, char *note,
                  size_t note_size);
    void (*destroy)(carc_player *self);
    /* Search iterations over every decision so far (0 for a player that does not
     * search): `carc arena` reports them a decision and a second. */
    long iterations;
};

/* Creates a player by name; NULL with err filled for an unknown name. */
carc_player *carc_player_new(const char *name, const carc_ai_options *opt, carc_error *err);
/* 1 when `name` is a searcher (mcts or an earlier version of it: a budget in ms or
 * iterations applies), 0 for another player, -1 for an unknown name. */
int carc_player_searches(const char *name);
/* How long a decision of `name` may take, in ms, for a caller that schedules
 * players (the server): 0 for a quick player (random, greedy, easy: milliseconds),
 * for a level that searches (medium, hard) the most it was chosen to take on the
 * machine of docs/AI.md; -1 for a searcher whose budget the caller sets (mcts,
 * mcts-2026a) and for an unknown name. */
int carc_player_think_ms(const char *name);
/* Frees a player; NULL is harmless. */
void carc_player_free(carc_player *p);
/* Convenience: p->choose. A decision with a single legal move is answered at once. */
int carc_player_choose(carc_player *p, const carc_game *view, carc_move *out, char *note,
                       size_t note_size);
/* The names of the players, for usage messages: "random, greedy, mcts, mcts-2026a,
 * easy, medium, hard". The levels for people (easy, medium, hard: docs/AI.md) have
 * fixed budgets: opt's budget_ms and iterations do not apply to them. */
const char *carc_player_names(void);

/* ---- playouts: whole games between uniform random players, at full speed ------- */

/* A player that picks a uniformly random legal move of the full state (not a view):
 * the move carc_legal lists at the index drawn, found with carc_legal_pick without
 * writing the list, or with full_list set (carc bench --full-list) taken from the
 * whole list written into `buf` (CARC_MAX_MOVES moves, reused for every decision).
 * Both pick the same moves. */
typedef struct carc_playout {
    uint64_t rng;       /* splitmix64 state: the seed, then the stream */
    carc_move *buf;
    int full_list;
} carc_playout;

/* Allocates the move buffer and seeds the generator; returns -1 on out of memory. */
int carc_playout_init(carc_playout *p, uint64_t seed);
void carc_playout_free(carc_playout *p);
/* Picks a move for the pending decision of g. Returns the number of legal moves
 * it chose among (0: none, the game is over or stuck). */
int carc_playout_pick(carc_playout *p, const carc_game *g, carc_move *out);

/* Statistics of one game played to the end. */
typedef struct carc_playout_result {
    int turns;
    int moves;          /* carc_apply calls */
    uint64_t hash;      /* FNV-1a over the legal-move counts and final scores */
} carc_playout_result;

/* Told every move played, with the state before and after it (a recorder's
 * carc_recorder_add); returns CARC_OK, or an error code with err filled to stop. */
typedef int (*carc_playout_hook)(void *ctx, const carc_game *before, const carc_move *m,
                                 const carc_game *after, carc_error *err);

/* Plays g to the end with p choosing every seat's moves. hook (may be NULL) is told
 * each move. If check is set, carc_check runs after every move. Returns CARC_OK, or
 * an error code with err filled (the game stops there). */
int carc_playout_game(carc_game *g, carc_playout *p, carc_playout_hook hook, void *ctx,
                      int check, carc_playout_result *res, carc_error *err);

/* ---- match statistics (match_stats.c; docs/AI.md, measuring) ------------------- */

/* The Wilson score interval at 95% of a proportion p observed over n trials: never
 * a point at 0% or 100% (n <= 0 gives 0..1). */
void carc_wilson(double p, double n, double *lo, double *hi);
/* The Elo against the others that `wins` of n games among `players` imply, counted
 * with one more game at the equal rate 1/players (finite at 0% and 100%, and on the
 * side of the equal share the observed rate is on). */
double carc_share_elo(double wins, double n, int players);
/* The logistic Elo of a score in [0, 1] (+-INFINITY at 1 and 0), and back. */
double carc_logistic_elo(double score);
double carc_elo_score(double elo);

/* A two-player match counted from the first player's side. Unpaired: count[0..2]
 * are the games it lost, shared, won. Paired (seats swapped on one seed): count[0..4]
 * are the pairs in which it made 0, 1/2, 1, 3/2, 2 points. */
typedef struct carc_match_tally {
    int paired;
    long count[5];
} carc_match_tally;

/* The units (games, or pairs) counted. */
long carc_tally_units(const carc_match_tally *t);

typedef struct carc_elo_estimate {
    double score;           /* mean score of a unit, 0..1 */
    double elo;             /* logistic Elo of score */
    double elo_lo, elo_hi;  /* its 95% interval (normal approximation on the units) */
} carc_elo_estimate;

/* The first player's Elo and its 95% interval; -1 when there is no unit yet. */
int carc_match_elo(const carc_match_tally *t, carc_elo_estimate *out);

/* A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1
 * (logistic Elo; the GSPRT of chess engine testing, docs/AI.md). */
typedef struct carc_sprt {
    double elo0, elo1;
    double alpha, beta;     /* the errors of the first and second kind */
} carc_sprt;

typedef struct carc_sprt_state {
    double llr;             /* the log likelihood ratio so far */
    double lower, upper;    /* log(beta / (1 - alpha)), log((1 - beta) / alpha) */
    int decision;           /* 1: H1 accepted, -1: H0 accepted, 0: go on */
} carc_sprt_state;

/* The test decides nothing before this many units (games, or pairs). */
enum { CARC_SPRT_MIN_UNITS = 20 };

/* Fills out from the tally; returns out->decision: 0 too while fewer than
 * CARC_SPRT_MIN_UNITS units or a single kind of outcome were counted. */
int carc_sprt_check(const carc_sprt *s, const carc_match_tally *t, carc_sprt_state *out);

/* The mean of n values given their sum and sum of squares, and the half width of its
 * 95% interval (1.96 standard errors; INFINITY below two values). */
void carc_mean_interval(double sum, double sumsq, long n, double *mean, double *half);

/* ---- search guided by the caller's evaluator (src/ai/guided.c, docs/AI.md) ---- */

/* Information-set tree search over determinizations of a seat's view, as mcts, whose
 * new positions the caller values in batches (priors over their legal moves and a
 * value for every seat), as AlphaZero-style searchers do: a network trained outside
 * guides it. No callback: the caller asks for leaves, evaluates them, feeds the
 * evaluation back, and repeats. */
typedef struct carc_guided carc_guided;
typedef struct carc_guided_options {
    uint64_t seed;     /* the determinizations and ties (default 1) */
    double c_puct;     /* weight of the prior in selection, 0..100 (default 1.5) */
    int max_nodes;     /* the tree's size, 16..2^26 nodes of about 48 bytes (2^18) */
    int batch;         /* the most leaves one carc_guided_leaves returns, 1..4096 (64) */
} carc_guided_options;
void carc_guided_options_init(carc_guided_options *opt);
/* NULL with err filled on bad options or out of memory; opt NULL: the defaults. */
carc_guided *carc_guided_new(const carc_guided_options *opt, carc_error *err);
void carc_guided_free(carc_guided *s);
/* Starts a search of the decision pending in g: the view of the seat that owes it
 * (carc_view; a full state searches with its hidden information known). The tree of
 * the last search is dropped. An error if the game is over. */
int carc_guided_begin(carc_guided *s, const carc_game *g, carc_error *err);
/* Walks the tree until n leaves (at most the batch size) wait for evaluation, or 4n
 * walks were made (walks that reach a finished game are valued by its result here);
 * points out[i] at each leaf's position (owned by the search, valid until the next
 * feed), each a decision with at least two legal moves, and returns how many. -1
 * before carc_guided_begin or while the last batch is not fed. */
int carc_guided_leaves(carc_guided *s, int n, const carc_game **out);
/* The evaluation of the last batch: for leaf i, its carc_legal_count(leaf) priors in
 * carc_legal's order, leaf after leaf in `priors` (any scale, normalised here; all
 * zero: uniform), and values[i * players + seat] in 0..1, each seat's expected
 * reward (1 a win). A bad number changes nothing and returns an error. */
int carc_guided_feed(carc_guided *s, const float *priors, const float *values,
                     carc_error *err);
/* The root's children: their moves and visits (up to cap), in no particular order. */
int carc_guided_root(const carc_guided *s, carc_move *moves, uint32_t *visits, int cap);
/* The root's most visited legal move (the higher prior, then the first in
 * carc_legal's order among equals): 1, or 0 before carc_guided_begin. */
int carc_guided_best(const carc_guided *s, carc_move *out);
/* Walks completed since carc_guided_begin (fed leaves and finished games). */
long carc_guided_iterations(const carc_guided *s);

#ifdef __cplusplus
}
#endif
#endif
