/*
 * mcts.c - single-observer information-set Monte Carlo tree search (ISMCTS,
 * Cowling, Powley and Whitehouse 2012).
 *
 * The player sees only its view. Each iteration deals one determinization of it
 * (carc_determinize: stack order, other hands, deck orders), then walks the tree
 * from the root, which stands for the player's information set. A node's children
 * are the moves tried from it; a move is matched by value, so one child serves
 * every determinization in which that move is legal. Selection uses UCB1 with
 * availability counts (how often a child was legal when its parent was visited),
 * so moves that are rarely possible are not starved. Chance is never a choice:
 * tile and card draws happen inside carc_apply from the determinization, and the
 * next decision's moves differ with the tile drawn; a decision with a single legal
 * move is played through without a node. The rollout plays a few uniform random
 * moves, then the position is valued by eval.c (the projected margin and what the
 * board may still become, docs/AI.md); at the end of the game each seat's reward is
 * 1 for a win, 1/k for a victory shared by k seats, 0 for a loss, blended with a
 * little of the score margin so that search still prefers bigger wins once the
 * outcome looks settled.
 *
 * Nodes come from one arena allocated with the player and reset at every decision
 * (index links, no per-node allocation). When the arena is full the tree stops
 * growing and iterations only roll out.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <time.h>
#include "ai_int.h"
#include "eval.h"

#ifndef MCTS_ROLLOUT_MOVES
#define MCTS_ROLLOUT_MOVES 4   /* random moves after the tree, before evaluating */
#endif
#ifndef MCTS_PRIOR_VISITS
#define MCTS_PRIOR_VISITS 3    /* virtual visits of the one-ply prior at the root */
#endif
#ifndef MCTS_UCB_C
#define MCTS_UCB_C 0.7
#endif
#ifndef MCTS_BEST_OF
#define MCTS_BEST_OF 1         /* a rollout placement: the best of this many drawn */
#endif
#ifndef MCTS_EXPAND_BEST_OF
#define MCTS_EXPAND_BEST_OF 1  /* a node's new child: the best of this many untried */
#endif
#ifndef MCTS_ROLLOUT_FOLLOWERS
#define MCTS_ROLLOUT_FOLLOWERS 1 /* 0: a rollout places no follower */
#endif
#ifndef MCTS_EVAL
#define MCTS_EVAL 1            /* 1: leaves valued by eval.c's terms (docs/AI.md) */
#endif
#ifndef MCTS_PER_SET
#define MCTS_PER_SET 1         /* 1: eval.c's weights chosen by the game's expansions */
#endif
#ifndef MCTS_REUSE
#define MCTS_REUSE 0           /* 1: the follower decision after one's own placement
                                  starts from the placement's subtree (docs/AI.md:
                                  +16 Elo undecided, then H0 at -27: off) */
#endif
#ifndef MCTS_WIDEN
#define MCTS_WIDEN 0.0         /* > 0: progressive widening below the root (docs/AI.md) */
#endif
#ifndef MCTS_MARGIN_SCALE
#define MCTS_MARGIN_SCALE 12.0 /* points of margin that make a reward of 3/4 */
#endif
enum { ARENA_NODES = 1 << 18, NONE = -1,
       EDGE_FIRST = 1 << 12,  /* the edge index's first size: a power of two, grown */
       LOG_CACHE = 4096 };  /* log_of: the logarithms of the availability counts below */

/* What tells one version of the searcher from another: "mcts" is the newest, and
 * each earlier version keeps its values under its name (mcts_versions), so that a
 * change is measured against it (docs/AI.md). A new idea gets a field here, off in
 * the versions before it. */
typedef struct mcts_params {
    const char *name;
    int rollout_moves;    /* random moves after the tree, before evaluating */
    int prior_visits;     /* virtual visits of the one-ply prior at the root */
    double ucb_c;         /* UCB1's exploration constant */
    int best_of;          /* a rollout's placement or figure: the best (one-ply
                             evaluation) of this many uniform draws; 1: uniform */
    double margin_scale;  /* the reward's squash: margin / scale, into (0, 1) */
    int expand_best_of;   /* a new child below the root: the best (one-ply evaluation
                             of the mover) of this many untried moves; 1: uniform */
    int rollout_followers; /* 1: a rollout's follower decision drawn like any other;
                              0: passed (no follower placed) */
    int eval;             /* 1: the leaves and the root's prior valued by eval.c (what
                             a feature may still become, followers by the game left);
                             0: by greedy's evaluation */
    const ai_eval_weights *weights; /* eval.c's weights; NULL: eval_weights.def's */
    int per_set;          /* 1: the weights and the margin scale of the game's set of
                             expansions (eval_sets.def), chosen at every decision;
                             0: `weights` and `margin_scale` */
    int reuse;            /* 1: a decision right after the player's own placement, in
                             the same turn, starts from the subtree the placement's
                             search grew below the move played (reuse_subtree) */
    double widen;         /* > 0: a node below the root grows a child for the moves of
                             a walk only while those it has number fewer than widen x
                             the square root of their greatest availability (widen_waits);
                             0: every legal move tried once before any is chosen again */
} mcts_params;

/* The weights of mcts-2026c, as eval_weights.def had them when eval.c came in (issue
 * 31's third round). A weight added to the file later is listed here at the value
 * that leaves the evaluation as it was. */
static const ai_eval_weights mcts_weights_2026c = {
    .city_close = 1.0, .city_lambda = 2.5, .cloister_fill = 1.0, .fill_tiles = 30.0,
    .supply = 1.0, .supply_half = 4.0, .returns = 0.5, .field_tiles = 0.0,
    .abbot_fill = 1.0, .abbot_supply = 1.0,
};

/* The weights of mcts-2026d, as eval_weights.def had them at main 5a6dccc (issue 31's
 * fourth round: the base game's fit, in every set). */
static const ai_eval_weights mcts_weights_2026d = {
    .city_close = 0.48, .city_lambda = 2.5, .cloister_fill = 0.56, .fill_tiles = 30.0,
    .supply = 4.9, .supply_half = 4.0, .returns = 2.9, .field_tiles = 0.13,
    .abbot_fill = 0.0, .abbot_supply = 4.9,
};

static const mcts_params mcts_versions[] = {
    {"mcts", MCTS_ROLLOUT_MOVES, MCTS_PRIOR_VISITS, MCTS_UCB_C, MCTS_BEST_OF,
     MCTS_MARGIN_SCALE, MCTS_EXPAND_BEST_OF, MCTS_ROLLOUT_FOLLOWERS, MCTS_EVAL, NULL,
     MCTS_PER_SET, MCTS_REUSE, MCTS_WIDEN},
    /* the searcher of issues 5, 19 and 20 (main at 14855b1) */
    {"mcts-2026a", 4, 3, 0.7, 1, 12.0, 1, 1, 0, NULL, 0, 0, 0.0},
    /* mcts before eval.c (main at 797d565): mcts-2026a's values, none of the
     * changes of issue 31's first two rounds having passed the paired test */
    {"mcts-2026b", 4, 3, 0.7, 1, 12.0, 1, 1, 0, NULL, 0, 0, 0.0},
    /* mcts with eval.c as it came in (main at 4aa77f7, +38 Elo over mcts-2026b) */
    {"mcts-2026c", 4, 3, 0.7, 1, 12.0, 1, 1, 1, &mcts_weights_2026c, 0, 0, 0.0},
    /* mcts before the weights by set (main at 5a6dccc: eval_weights.def's weights,
     * the base game's fit, in every set; issue 31's fourth round) */
    {"mcts-2026d", 4, 3, 0.7, 1, 12.0, 1, 1, 1, &mcts_weights_2026d, 0, 0, 0.0},
};

typedef struct tnode {
    carc_move move;       /* the move from the parent to here */
    uint32_t key;         /* move_key(move): compared before the move itself */
    int8_t seat;          /* who made that move */
    int32_t parent;       /* NONE at the root */
    int32_t child;        /* first child, or NONE */
    int32_t sibling;      /* next sibling, or NONE */
    uint32_t visits;
    uint32_t avail;       /* times this move was legal when the parent was visited */
    double reward;        /* sum of the rewards of `seat` through here */
} tnode;

typedef struct {
    uint32_t stamp;
    int32_t node;
} edge_slot;

typedef struct {
    carc_player base;
    uint64_t rng;
    carc_ai_options opt;
    mcts_params par;      /* the version's, the margin scale the set's (per_set) */
    const mcts_params *version;
    tnode *arena;
    int used;
    carc_game *det, *trial;
    carc_move moves[CARC_MAX_MOVES];
    int32_t path[512];
    int untried[CARC_MAX_MOVES];
    int32_t kids[CARC_MAX_MOVES];
    /* every node but the root, by its parent and its move's key (open addressing),
     * kept from the node's creation to the end of the decision: a slot is in use
     * when its stamp is the current decision's, so nothing is cleared */
    uint32_t decision;
    uint32_t edge_slots;  /* a power of two, at least twice the nodes */
    edge_slot *edges;
    /* log(i) for i < LOG_CACHE, computed once with the player: selection asks the
     * logarithm of every child's availability at every visit (the same values, so
     * the same decisions, without a call to log each) */
    double log_of[LOG_CACHE];
    unsigned terms;       /* what the game has for the evaluation (ai_terms), set at
                             each decision */
    ai_eval_weights weights; /* eval.c's, the version's or the caller's */
    /* par.reuse: the root child of the placement played last, kept for the decision
     * that follows it in the same turn (mcts_choose), NONE when there is none */
    int32_t kept;
    carc_move kept_move;
    int kept_seat, kept_turn, kept_part;
    int32_t *remap;       /* reuse_subtree's new index of every node (par.reuse) */
} mcts_player;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* A hash of a move's 12 bytes (as a word and a half word, multiplied), so that
 * matching a legal move to a child is mostly one integer comparison. */
static uint32_t move_key(const carc_move *m)
{
    uint64_t a;
    uint32_t b;
    memcpy(&a, m, 8);
    memcpy(&b, (const unsigned char *)m + 8, 4);
    uint64_t h = (a ^ ((uint64_t)b << 29)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 32;
    return (uint32_t)(h * 0xBF58476D1CE4E5B9ull >> 32);
}

/* carc_move_equal inlined: every field of the move compared, as the 12 bytes the
 * fields fill (no padding), in two loads each; find_child asks it of every legal
 * move at every node of a walk. */
static int move_same(const carc_move *a, const carc_move *b)
{
    _Static_assert(sizeof(carc_move) == 12, "a move is 12 bytes of fields");
    uint64_t a8, b8;
    uint32_t a4, b4;
    memcpy(&a8, a, 8);
    memcpy(&b8, b, 8);
    memcpy(&a4, (const unsigned char *)a + 8, 4);
    memcpy(&b4, (const unsigned char *)b + 8, 4);
    return a8 == b8 && a4 == b4;
}

/* The edge index's first slot for the child of `parent` with move key `key`. */
static uint32_t edge_hash(const mcts_player *p, int32_t parent, uint32_t key)
{
    uint32_t h = (key ^ ((uint32_t)parent * 0x9E3779B1u)) * 0x85EBCA6Bu;
    return (h ^ (h >> 15)) & (p->edge_slots - 1);
}

static void edge_insert(mcts_player *p, int32_t i)
{
    uint32_t h = edge_hash(p, p->arena[i].parent, p->arena[i].key);
    while (p->edges[h].stamp == p->decision)
        h = (h + 1) & (p->edge_slots - 1);
    p->edges[h].stamp = p->decision;
    p->edges[h].node = i;
}

/* Makes the edge index four times bigger and indexes the nodes again; 0 when out
 * of memory. It starts small because a search of a few thousand iterations (the
 * usual) would otherwise spend its time faulting in pages of a big table. */
static int edge_grow(mcts_player *p)
{
    edge_slot *bigger = calloc((size_t)p->edge_slots * 4, sizeof *bigger);
    if (!bigger)
        return 0;
    free(p->edges);
    p->edges = bigger;
    p->edge_slots *= 4;
    for (int32_t i = 1; i < p->used; i++)
        edge_insert(p, i);
    return 1;
}

static int32_t new_node(mcts_player *p, const carc_move *m, int seat, int32_t parent)
{
    if (p->used >= ARENA_NODES)
        return NONE;
    if (parent != NONE && (uint32_t)(p->used + 1) * 2 > p->edge_slots && !edge_grow(p))
        return NONE;  /* out of memory: the tree stops growing, as with a full arena */
    int32_t i = p->used++;
    tnode *n = &p->arena[i];
    n->move = *m;
    n->key = move_key(m);
    n->seat = (int8_t)seat;
    n->parent = parent;
    n->child = NONE;
    n->visits = n->avail = 0;
    n->reward = 0;
    if (parent != NONE) {
        n->sibling = p->arena[parent].child;
        p->arena[parent].child = i;
        edge_insert(p, i);
    } else {
        n->sibling = NONE;
    }
    return i;
}

/* A new decision (mcts_choose): the edge index forgets every node; its stamps
 * wrapped, it is cleared. */
static void edge_forget(mcts_player *p)
{
    if (++p->decision == 0) {  /* stamps wrapped: forget them all */
        memset(p->edges, 0, sizeof(edge_slot) * p->edge_slots);
        p->decision = 1;
    }
}

/* 1 when `view` is the decision right after the placement this player chose last:
 * the same seat, turn and part of a double turn, a follower's decision, the tile as
 * it was placed, and the placement's node followed by the seat's own decisions in
 * the tree. Then the view is the information set that node stands for (nothing was
 * drawn and no one else decided in between), and its statistics hold as they are. */
static int reuse_matches(const mcts_player *p, const carc_game *view)
{
    const carc_move *m = &p->kept_move;
    carc_pending pd = carc_pending_decision(view);
    int x, y, kind, rot;
    if (!p->par.reuse || p->kept == NONE || pd.decision != CARC_DEC_FOLLOWER ||
        pd.seat != p->kept_seat || carc_turn(view) != p->kept_turn ||
        carc_turn_part(view) != p->kept_part || !carc_last_placed(view, &x, &y) ||
        x != m->x || y != m->y || !carc_tile_at(view, x, y, &kind, &rot) ||
        kind != m->tile || rot != m->rot)
        return 0;
    int32_t c = p->arena[p->kept].child;
    return c != NONE && p->arena[c].seat == pd.seat;
}

/* Makes the subtree of node `keep` the whole tree, `keep` its root (index 0), in
 * place: a node's parent is created before it, so the kept nodes, taken in the
 * order of their indices, each move to an index no greater than their own, their
 * order (and so the order of every list of children) unchanged. The edge index is
 * built again for the new decision. */
static void reuse_subtree(mcts_player *p, int32_t keep)
{
    int32_t *remap = p->remap, n = 0;
    for (int32_t i = 0; i < p->used; i++) {
        int32_t up = p->arena[i].parent;
        remap[i] = i == keep || (i > keep && up != NONE && remap[up] != NONE) ? n++ : NONE;
    }
    for (int32_t i = keep; i < p->used; i++) {
        if (remap[i] == NONE)
            continue;
        tnode t = p->arena[i];
        t.parent = i == keep ? NONE : remap[t.parent];
        t.sibling = i == keep || t.sibling == NONE ? NONE : remap[t.sibling];
        t.child = t.child == NONE ? NONE : remap[t.child];
        p->arena[remap[i]] = t;
    }
    p->used = n;
    for (int32_t i = 1; i < n; i++)
        edge_insert(p, i);
}

/* The child of `parent` whose move is m, or NONE: one probe of the edge index
 * per legal move, where walking the children cost as many steps as the node had
 * gathered (hundreds where other determinizations drew other tiles). */
static int32_t find_child(const mcts_player *p, int32_t parent, const carc_move *m)
{
    uint32_t key = move_key(m);
    for (uint32_t h = edge_hash(p, parent, key); p->edges[h].stamp == p->decision;
         h = (h + 1) & (p->edge_slots - 1)) {
        const tnode *c = &p->arena[p->edges[h].node];
        if (c->key == key && c->parent == parent && move_same(&c->move, m))
            return p->edges[h].node;
    }
    return NONE;
}

/* carc_legal_pick's index for a rollout: the player's draw among n moves, as if
 * from carc_legal's list (ai_below). */
static uint32_t rollout_below(void *rng, uint32_t n)
{
    return (uint32_t)ai_below(rng, (int)n);
}

/* A heavier rollout move: of `best_of` uniform draws (m the first), the one whose
 * result the mover evaluates best (greedy's one ply over a sample). */
static void rollout_best(mcts_player *p, const carc_game *g, carc_move *m)
{
    int seat = carc_pending_decision(g).seat;
    double best = -1e18;
    carc_move cand = *m;
    for (int k = 0; k < p->par.best_of; k++) {
        if (k > 0 && carc_legal_pick(g, rollout_below, &p->rng, &cand) <= 0)
            break;
        carc_copy(p->trial, g);
        if (carc_apply(p->trial, &cand, NULL) != CARC_OK)
            continue;
        double v = ai_evaluate(p->trial, seat, p->terms);
        if (v > best) {
            best = v;
            *m = cand;
        }
    }
}

/* Plays up to `limit` uniform random moves (all of them if limit < 0), stopping
 * at the first decision that is not a placement, a figure or a double turn: a
 * random card play, draw or reply is noise the evaluation would then take for
 * signal. A double turn (TB11) is always taken, as greedy takes it. */
static void rollout(mcts_player *p, carc_game *g, int limit)
{
    for (int k = 0; !carc_is_over(g) && k != limit; k++) {
        int d = carc_pending_decision(g).decision;
        carc_move m;
        if (d == CARC_DEC_DOUBLE_TURN) {
            m = carc_move_pass();
            m.kind = CARC_MOVE_AGAIN;
            if (carc_apply(g, &m, NULL) != CARC_OK)
                break;
            continue;
        }
        if (d != CARC_DEC_PLACE && d != CARC_DEC_FOLLOWER)
            break;
        if (d == CARC_DEC_FOLLOWER && !p->par.rollout_followers) {
            m = carc_move_pass();
            if (carc_apply(g, &m, NULL) == CARC_OK)
                continue;
        }
        if (carc_legal_pick(g, rollout_below, &p->rng, &m) <= 0)
            break;
        if (p->par.best_of > 1)
            rollout_best(p, g, &m);
        if (carc_apply(g, &m, NULL) != CARC_OK)
            break;
    }
}

/* A margin squashed into (0, 1) for a reward: margin / scale as x, 0.5 + x / (2 (1 +
 * |x|)). A margin that is not a number (an evaluation that divided by 0, a weight
 * that is not finite) counts as even, and an infinite one as the end it points to,
 * so that no reward is ever NaN: selection compares rewards, and a NaN compares
 * false against every other, which left no child to descend to. */
static double squash_eval(double eval, double scale)
{
    double margin = eval / scale;
    if (isnan(margin))
        return 0.5;
    if (isinf(margin))
        return margin > 0 ? 1.0 : 0.0;
    return 0.5 + 0.5 * (margin / (1.0 + fabs(margin)));
}

/* Reward per seat, in [0, 1]. At the end of the game: 1 for a win, 1/k for a
 * victory shared by k seats, 0 for a loss, blended with a little of the score
 * margin. Before the end: the margin over the best other seat squashed into (0, 1),
 * of eval.c's values (par->eval, under w) or of greedy's projection and supply value. */
static void rewards(const carc_game *g, unsigned terms, const mcts_params *par,
                    const ai_eval_weights *w, double r[CARC_MAX_PLAYERS])
{
    int players = carc_players(g);
    double score[CARC_MAX_PLAYERS];
    int over = carc_is_over(g);
    unsigned won = carc_winners(g);
    int k = __builtin_popcount(won);
    if (par->eval)
        ai_eval_values(g, terms, w, score);
    else
        ai_project(g, terms, score);
    for (int s = 0; s < players; s++) {
        double best_other = -100000;
        for (int o = 0; o < players; o++)
            if (o != s && score[o] > best_other)
                best_other = score[o];
        /* eval.c's values hold the followers' worth already, for every seat */
        double supply = par->eval ? 0.0 : ai_supply_value(g, s, terms);
        double squash = squash_eval(score[s] - best_other + supply, par->margin_scale);
        double win = (won & (1u << s)) && k ? 1.0 / k : 0.0;
        r[s] = over ? 0.8 * win + 0.2 * squash : squash;
    }
}

/* The one-ply evaluation of g for `seat` by the version's evaluation: greedy's
 * (ai_evaluate) or eval.c's margin over the best other seat. */
static double mcts_evaluate(const mcts_player *p, const carc_game *g, int seat)
{
    if (!p->par.eval)
        return ai_evaluate(g, seat, p->terms);
    double v[CARC_MAX_PLAYERS], best_other = -1e9;
    ai_eval_values(g, p->terms, &p->weights, v);
    for (int s = 0; s < carc_players(g); s++)
        if (s != seat && v[s] > best_other)
            best_other = v[s];
    return v[seat] - best_other;
}

/* Progressive bias at the root: every legal move starts as a child carrying the
 * one-ply evaluation (mcts_evaluate, on one determinization) as PRIOR_VISITS virtual
 * visits, so the search begins from greedy's ranking and spends its iterations
 * telling the good moves apart, instead of sampling each of 100+ moves blind. */
static void root_priors(mcts_player *p, const carc_game *view, int n)
{
    int seat = carc_pending_decision(view).seat;
    carc_game *g = p->det, *t = p->trial;
    carc_determinize(view, mix_next(&p->rng), g);
    for (int i = 0; i < n; i++) {
        int32_t c = find_child(p, 0, &p->moves[i]);  /* a kept subtree's (par.reuse) */
        if (c == NONE && (c = new_node(p, &p->moves[i], seat, 0)) == NONE)
            return;
        carc_copy(t, g);
        double prior = carc_apply(t, &p->moves[i], NULL) == CARC_OK
                           ? squash_eval(mcts_evaluate(p, t, seat) +
                                             ai_move_value(g, &p->moves[i], seat),
                                         p->par.margin_scale)
                           : 0.0;
        p->arena[c].visits += (uint32_t)p->par.prior_visits;
        p->arena[c].avail += (uint32_t)p->par.prior_visits;
        p->arena[c].reward += p->par.prior_visits * prior;
    }
    p->arena[0].visits += (uint32_t)(p->par.prior_visits * n);
}

/* The untried move to expand: of `expand_best_of` drawn among the nu untried
 * (`first` the first draw), the one whose result `seat` evaluates best, so that the
 * replies the tree grows first are greedy-ish, not uniform. */
static int expand_best(mcts_player *p, const carc_game *g, int seat, int nu, int first)
{
    int best = first;
    double best_v = -1e18;
    for (int k = 0; k < p->par.expand_best_of; k++) {
        int i = k == 0 ? first : p->untried[ai_below(&p->rng, nu)];
        carc_copy(p->trial, g);
        if (carc_apply(p->trial, &p->moves[i], NULL) != CARC_OK)
            continue;
        double v = ai_evaluate(p->trial, seat, p->terms);
        if (v > best_v) {
            best_v = v;
            best = i;
        }
    }
    return best;
}

/* Progressive widening (par.widen): 1 when node, below the root, has enough children
 * among the nk legal in this walk (p->kids) for the walk to choose among them rather
 * than grow one more: nk at least widen x sqrt(a), a the greatest availability among
 * them, about how often the node was visited with the moves of this walk (other
 * determinizations draw other tiles and offer other moves). With 100+ placements a
 * node, trying every move once before choosing any again leaves the tree below the
 * root a uniform sample; widening lets the visits of the few tried find the best. */
static int widen_waits(const mcts_player *p, int32_t node, int nk)
{
    if (p->par.widen <= 0 || node == 0 || nk == 0)
        return 0;
    uint32_t most = 0;
    for (int i = 0; i < nk; i++)
        if (p->arena[p->kids[i]].avail > most)
            most = p->arena[p->kids[i]].avail;
    return nk >= p->par.widen * sqrt((double)most);
}

/* One iteration: determinize, select and expand, roll out, back up. */
static void iterate(mcts_player *p, const carc_game *view)
{
    carc_game *g = p->det;
    carc_determinize(view, mix_next(&p->rng), g);
    int32_t node = 0;
    int depth = 0;
    p->path[depth++] = 0;
    while (!carc_is_over(g) && depth < (int)(sizeof p->path / sizeof p->path[0])) {
        int n = carc_legal(g, p->moves, CARC_MAX_MOVES);
        if (n == 0)
            break;
        carc_pending pd = carc_pending_decision(g);
        int seat = pd.seat;
        if (n == 1 || pd.decision == CARC_DEC_DOUBLE_TURN) {
            /* forced, or a double turn, which every seat takes (TB11, as at the
             * root): no node; AGAIN is listed first */
            carc_apply(g, &p->moves[0], NULL);
            continue;
        }
        /* count availability; gather untried moves */
        int nu = 0, nk = 0;
        int32_t best = NONE;
        double best_score = -1;
        for (int i = 0; i < n; i++) {
            int32_t c = find_child(p, node, &p->moves[i]);
            if (c == NONE) {
                p->untried[nu++] = i;
                continue;
            }
            p->arena[c].avail++;
            p->kids[nk++] = c;
        }
        if (nu > 0 && !widen_waits(p, node, nk)) {
            int i = p->untried[ai_below(&p->rng, nu)];
            if (p->par.expand_best_of > 1 && nu > 1)
                i = expand_best(p, g, seat, nu, i);
            carc_move m = p->moves[i];
            int32_t c = new_node(p, &m, seat, node);
            carc_apply(g, &m, NULL);
            if (c == NONE)
                break;  /* arena full: roll out from here */
            p->arena[c].avail++;
            p->path[depth++] = c;
            break;
        }
        for (int i = 0; i < nk; i++) {
            int32_t c = p->kids[i];
            const tnode *t = &p->arena[c];
            double lg = t->avail < LOG_CACHE ? p->log_of[t->avail] : log((double)t->avail);
            double score = t->reward / t->visits + p->par.ucb_c * sqrt(lg / t->visits);
            if (score > best_score) {
                best_score = score;
                best = c;
            }
        }
        if (best == NONE)  /* no score above -1: cannot be, rewards being in [0, 1] */
            best = p->kids[0];
        carc_apply(g, &p->arena[best].move, NULL);
        node = best;
        p->path[depth++] = node;
    }
    rollout(p, g, p->par.rollout_moves);
    double r[CARC_MAX_PLAYERS];
    rewards(g, p->terms, &p->par, &p->weights, r);
    for (int i = 0; i < depth; i++) {
        tnode *t = &p->arena[p->path[i]];
        t->visits++;
        if (i > 0)
            t->reward += r[t->seat];
    }
}

static int mcts_choose(carc_player *self, const carc_game *view, carc_move *out, char *note,
                       size_t note_size)
{
    mcts_player *p = (mcts_player *)self;
    int n = carc_legal(view, p->moves, CARC_MAX_MOVES);
    if (n == 0)
        return CARC_E_OVER;
    if (carc_pending_decision(view).decision == CARC_DEC_DOUBLE_TURN &&
        p->moves[0].kind == CARC_MOVE_AGAIN) {
        /* TB11: the second part is a tile more for the seat; a search of it spends
         * its iterations on the noise of one random placement either way and passed
         * up to half the time, the tile never being worth less than nothing here */
        *out = p->moves[0];
        if (note_size)
            snprintf(note, note_size, "takes the double turn");
        return CARC_OK;
    }
    int32_t keep = reuse_matches(p, view) ? p->kept : NONE;
    p->kept = NONE;
    p->terms = ai_terms(view);
    if (p->par.per_set) {
        p->par.margin_scale = p->version->margin_scale;
        ai_eval_set_weights(carc_config_of(view).expansions, &p->weights,
                            &p->par.margin_scale);
    }
    edge_forget(p);
    uint32_t kept_visits = 0;  /* iterations through the kept subtree, for the note */
    if (keep != NONE) {
        reuse_subtree(p, keep);
        kept_visits = p->arena[0].visits;
    } else {
        carc_move none = carc_move_pass();
        p->used = 0;
        new_node(p, &none, -1, NONE);
    }
    if (p->par.prior_visits > 0)
        root_priors(p, view, n);
    double start = now_ms(), deadline = start + p->opt.budget_ms;
    long it = 0;
    for (;;) {
        iterate(p, view);
        it++;
        if (p->opt.budget_ms > 0 ? (it % 8 == 0 && now_ms() >= deadline)
                                 : it >= p->opt.iterations)
            break;
    }
    p->base.iterations += it;
    /* the most visited root child */
    int32_t best = NONE;
    for (int32_t c = p->arena[0].child; c != NONE; c = p->arena[c].sibling)
        if (best == NONE || p->arena[c].visits > p->arena[best].visits)
            best = c;
    if (best == NONE) {
        *out = p->moves[0];
        return CARC_OK;
    }
    *out = p->arena[best].move;
    if (p->par.reuse && out->kind == CARC_MOVE_PLACE) {
        p->kept = best;
        p->kept_move = *out;
        p->kept_seat = carc_pending_decision(view).seat;
        p->kept_turn = carc_turn(view);
        p->kept_part = carc_turn_part(view);
    }
    if (note_size && kept_visits)
        snprintf(note, note_size, "%ld iterations, %u kept, %u visits, expected %.0f%%", it,
                 kept_visits, p->arena[best].visits,
                 100.0 * p->arena[best].reward / p->arena[best].visits);
    else if (note_size)
        snprintf(note, note_size, "%ld iterations, %u visits, expected %.0f%%", it,
                 p->arena[best].visits, 100.0 * p->arena[best].reward / p->arena[best].visits);
    return CARC_OK;
}

static void mcts_destroy(carc_player *self)
{
    mcts_player *p = (mcts_player *)self;
    free(p->arena);
    free(p->edges);
    free(p->remap);
    carc_free(p->det);
    carc_free(p->trial);
    free(p);
}

/* The searcher of version `par`. */
static carc_player *mcts_new(const carc_ai_options *opt, const mcts_params *par)
{
    mcts_player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->arena = malloc(sizeof(tnode) * ARENA_NODES);
    p->edge_slots = EDGE_FIRST;
    p->edges = calloc(EDGE_FIRST, sizeof(edge_slot));
    p->det = calloc(1, carc_state_size());  /* zeroed: carc_copy reads its counts */
    p->trial = calloc(1, carc_state_size());
    p->remap = par->reuse ? malloc(sizeof(int32_t) * ARENA_NODES) : NULL;
    p->kept = NONE;
    if (!p->arena || !p->edges || !p->det || !p->trial || (par->reuse && !p->remap)) {
        mcts_destroy(&p->base);
        return NULL;
    }
    for (int i = 0; i < LOG_CACHE; i++)
        p->log_of[i] = log((double)i);
    p->base.name = par->name;
    p->par = *par;
    p->version = par;
    p->weights = par->weights ? *par->weights : *ai_eval_default();
    p->base.choose = mcts_choose;
    p->base.destroy = mcts_destroy;
    p->rng = opt->seed;
    p->opt = *opt;
    if (p->opt.budget_ms <= 0 && p->opt.iterations <= 0)
        p->opt.iterations = 1000;
    return &p->base;
}

carc_player *ai_mcts_new(const carc_ai_options *opt)
{
    return mcts_new(opt, &mcts_versions[0]);
}

carc_player *ai_mcts_2026a_new(const carc_ai_options *opt)
{
    return mcts_new(opt, &mcts_versions[1]);
}

carc_player *ai_mcts_2026b_new(const carc_ai_options *opt)
{
    return mcts_new(opt, &mcts_versions[2]);
}

carc_player *ai_mcts_2026c_new(const carc_ai_options *opt)
{
    return mcts_new(opt, &mcts_versions[3]);
}

carc_player *ai_mcts_2026d_new(const carc_ai_options *opt)
{
    return mcts_new(opt, &mcts_versions[4]);
}

carc_player *ai_mcts_weights_new(const carc_ai_options *opt, const ai_eval_weights *w)
{
    carc_player *p = mcts_new(opt, &mcts_versions[0]);
    if (p) {
        ((mcts_player *)p)->weights = *w;
        ((mcts_player *)p)->par.per_set = 0;  /* the caller's weights in every set */
    }
    return p;
}

carc_player *ai_mcts_reuse_new(const carc_ai_options *opt)
{
    mcts_params par = mcts_versions[0];
    par.reuse = 1;
    carc_player *p = mcts_new(opt, &par);
    if (p)
        ((mcts_player *)p)->version = &mcts_versions[0];  /* not the local's address */
    return p;
}

carc_player *ai_mcts_level_new(const carc_ai_options *opt, const char *name, int iterations)
{
    carc_ai_options fixed = *opt;
    fixed.budget_ms = 0;  /* no clock: the same search on any machine, at any load */
    fixed.iterations = iterations;
    carc_player *p = mcts_new(&fixed, &mcts_versions[0]);
    if (p)
        p->name = name;
    return p;
}
