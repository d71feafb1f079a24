/*
 * guided.c - search guided by the caller's evaluator (issue 34): information-set
 * tree search over determinizations, as mcts.c, but a new position is valued by the
 * caller instead of a rollout, and in batches, as AlphaZero-style searchers do
 * (PUCT selection with the evaluator's priors). The caller drives it in a loop:
 *
 *     carc_guided_begin(s, view)                  the decision to search
 *     repeat: n = carc_guided_leaves(s, 64, leaves)   positions to evaluate
 *             (the caller's network values them, in one batch)
 *             carc_guided_feed(s, priors, values)
 *     carc_guided_best(s, &move)                  the most visited root move
 *
 * so that the caller (Python, through carc.search) needs no callback: between two
 * calls the engine holds nothing of the caller's, and a Python caller's lock is
 * released for the whole of every call.
 *
 * Each iteration deals one determinization of the root view (carc_determinize),
 * then walks the tree: at a node, every legal move of this determinization is a
 * child (created on first sight with the uniform prior when no evaluation listed it:
 * other determinizations drew other tiles), and the child with the highest
 *     Q + c_puct * P * sqrt(avail) / (1 + visits)
 * is taken, where Q is the mean value of the seat that made the move, P its prior,
 * and avail how often it was legal when its parent was visited (ISMCTS's
 * availability). A decision with one legal move is played through without a node.
 * The walk stops at a node never evaluated: its position is a leaf of the batch. A
 * leaf's path carries a virtual loss (a visit worth 0) until it is fed, so the next
 * walks of the batch spread out; a walk that reaches a leaf already in the batch is
 * dropped. A game over is valued by its result (1 a win, 1/k a win shared by k, 0 a
 * loss) without asking the caller.
 *
 * Nodes come from one arena allocated with the search; when it is full, walks end
 * at the first missing child and are valued by the caller like leaves, without
 * growing the tree.
 */
#include <math.h>
#include "ai_int.h"

enum { NONE = -1, PATH_MAX_NODES = 512 };

typedef struct gnode {
    carc_move move;     /* from the parent to here */
    int8_t seat;        /* who made that move; -1 at the root */
    uint8_t evaluated;  /* the caller's priors reached its children */
    uint8_t waiting;    /* a leaf of the batch now out */
    int32_t parent, child, sibling;
    uint32_t visits, avail;
    float prior;
    double value;       /* sum of the values of `seat` through here */
} gnode;

typedef struct gleaf {
    int32_t node;        /* the node the caller's evaluation expands; NONE: a full tree */
    int npath;
    int32_t path[PATH_MAX_NODES];
} gleaf;

struct carc_guided {
    carc_guided_options opt;
    uint64_t rng;
    gnode *arena;
    int used;
    carc_game *root, *det;   /* the root view; the walk's determinization */
    carc_game **leaf_games;  /* the batch's positions (opt.batch) */
    gleaf *leaves;
    int nleaves, players;
    long iterations;
    carc_move moves[CARC_MAX_MOVES];
    int32_t kids[CARC_MAX_MOVES];
};

void carc_guided_options_init(carc_guided_options *opt)
{
    opt->seed = 1;
    opt->c_puct = 1.5;
    opt->max_nodes = 1 << 18;
    opt->batch = 64;
}

static int guided_fail(carc_error *err, const char *msg)
{
    if (err) {
        err->code = CARC_E_CONFIG;
        snprintf(err->msg, sizeof err->msg, "%s", msg);
    }
    return CARC_E_CONFIG;
}

carc_guided *carc_guided_new(const carc_guided_options *opt, carc_error *err)
{
    carc_guided_options o;
    carc_guided_options_init(&o);
    if (opt)
        o = *opt;
    if (o.max_nodes < 16 || o.max_nodes > (1 << 26) || o.batch < 1 || o.batch > 4096 ||
        !(o.c_puct >= 0 && o.c_puct <= 100)) {
        guided_fail(err, "guided search options: max_nodes 16..2^26, batch 1..4096, "
                         "c_puct 0..100");
        return NULL;
    }
    carc_guided *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->opt = o;
    s->arena = malloc((size_t)o.max_nodes * sizeof *s->arena);
    s->leaves = malloc((size_t)o.batch * sizeof *s->leaves);
    s->leaf_games = calloc((size_t)o.batch, sizeof *s->leaf_games);
    s->root = calloc(1, carc_state_size());
    s->det = calloc(1, carc_state_size());
    int ok = s->arena && s->leaves && s->leaf_games && s->root && s->det;
    for (int i = 0; ok && i < o.batch; i++)
        ok = (s->leaf_games[i] = calloc(1, carc_state_size())) != NULL;
    if (!ok) {
        carc_guided_free(s);
        guided_fail(err, "guided search: out of memory");
        return NULL;
    }
    return s;
}

void carc_guided_free(carc_guided *s)
{
    if (!s)
        return;
    for (int i = 0; s->leaf_games && i < s->opt.batch; i++)
        free(s->leaf_games[i]);
    free(s->leaf_games);
    free(s->leaves);
    free(s->arena);
    free(s->root);
    free(s->det);
    free(s);
}

static int32_t new_node(carc_guided *s, const carc_move *m, int seat, int32_t parent,
                        float prior)
{
    if (s->used >= s->opt.max_nodes)
        return NONE;
    int32_t i = s->used++;
    gnode *n = &s->arena[i];
    n->move = *m;
    n->seat = (int8_t)seat;
    n->evaluated = n->waiting = 0;
    n->parent = parent;
    n->child = NONE;
    n->sibling = NONE;
    n->visits = n->avail = 0;
    n->prior = prior;
    n->value = 0;
    if (parent != NONE) {
        n->sibling = s->arena[parent].child;
        s->arena[parent].child = i;
    }
    return i;
}

/* The child of `parent` whose move is m, or NONE. A walk over the children: a
 * search the caller's evaluator paces has time for it. */
static int32_t find_child(const carc_guided *s, int32_t parent, const carc_move *m)
{
    for (int32_t c = s->arena[parent].child; c != NONE; c = s->arena[c].sibling)
        if (carc_move_equal(&s->arena[c].move, m))
            return c;
    return NONE;
}

int carc_guided_begin(carc_guided *s, const carc_game *g, carc_error *err)
{
    if (carc_is_over(g))
        return guided_fail(err, "guided search: the game is over");
    carc_copy(s->root, g);
    s->players = carc_players(g);
    s->used = 0;
    s->nleaves = 0;
    s->iterations = 0;
    s->rng = s->opt.seed;
    carc_move none = carc_move_pass();
    new_node(s, &none, -1, NONE, 1.0f);
    return CARC_OK;
}

/* The result of a finished game for every seat: 1 a win, 1/k a win shared by k. */
static void result_values(const carc_game *g, int players, float *values)
{
    unsigned w = carc_winners(g);
    int k = __builtin_popcount(w);
    for (int p = 0; p < players; p++)
        values[p] = (w >> p & 1) && k ? 1.0f / (float)k : 0.0f;
}

/* Adds one visit worth values[seat of each node] to the path (sign -1: takes back
 * the virtual loss of an unfed leaf, a visit worth 0). */
static void backup(carc_guided *s, const int32_t *path, int npath, const float *values,
                   int sign)
{
    for (int i = 0; i < npath; i++) {
        gnode *n = &s->arena[path[i]];
        if (sign > 0) {
            n->visits++;
            if (n->seat >= 0)
                n->value += values[n->seat];
        } else {
            n->visits--;
        }
    }
}

/* The child of node `at` to walk to in the determinization d, whose legal moves are
 * s->moves[0..n): each counted available; missing ones created with the uniform
 * prior; NONE when the arena is full and the best is missing. */
static int32_t select_child(carc_guided *s, int32_t at, int n, int seat)
{
    double best = -1;
    int32_t pick = NONE;
    for (int i = 0; i < n; i++) {
        int32_t c = find_child(s, at, &s->moves[i]);
        if (c == NONE)
            c = new_node(s, &s->moves[i], seat, at, 1.0f / (float)n);
        s->kids[i] = c;
        if (c != NONE)
            s->arena[c].avail++;
    }
    for (int i = 0; i < n; i++) {
        int32_t c = s->kids[i];
        if (c == NONE)
            continue;
        const gnode *k = &s->arena[c];
        /* an unvisited move is worth an even share until tried */
        double q = k->visits ? k->value / k->visits : 1.0 / s->players;
        double u = q + s->opt.c_puct * k->prior * sqrt((double)k->avail) / (1.0 + k->visits);
        /* ties to the earliest in carc_legal's order, then the generator */
        if (u > best || (u == best && ai_below(&s->rng, 2))) {
            best = u;
            pick = c;
        }
    }
    return pick;
}

/* One walk from the root: 1 if it left a leaf in the batch, 0 if it finished (a
 * game over, valued here), -1 if it was dropped (its leaf already in the batch). */
static int walk(carc_guided *s)
{
    gleaf *leaf = &s->leaves[s->nleaves];
    carc_game *d = s->det;
    carc_determinize(s->root, mix_next(&s->rng), d);
    int32_t at = 0;
    leaf->npath = 0;
    leaf->path[leaf->npath++] = 0;
    for (;;) {
        if (carc_is_over(d)) {
            float v[CARC_MAX_PLAYERS];
            result_values(d, s->players, v);
            backup(s, leaf->path, leaf->npath, v, 1);
            return 0;
        }
        int n = carc_legal(d, s->moves, CARC_MAX_MOVES);
        if (n == 1) {  /* no choice: no node */
            carc_apply(d, &s->moves[0], NULL);
            continue;
        }
        gnode *node = &s->arena[at];
        if (!node->evaluated || leaf->npath == PATH_MAX_NODES) {
            if (node->waiting)
                return -1;
            node->waiting = 1;
            leaf->node = at;
            break;
        }
        int seat = carc_pending_decision(d).seat;
        int32_t c = select_child(s, at, n, seat);
        if (c == NONE) {  /* a full arena: this position is valued, not kept */
            leaf->node = NONE;
            break;
        }
        carc_apply(d, &s->arena[c].move, NULL);
        at = c;
        leaf->path[leaf->npath++] = at;
    }
    carc_copy(s->leaf_games[s->nleaves], d);
    float zero[CARC_MAX_PLAYERS] = {0};
    backup(s, leaf->path, leaf->npath, zero, 1);  /* the virtual loss */
    s->nleaves++;
    return 1;
}

int carc_guided_leaves(carc_guided *s, int n, const carc_game **out)
{
    if (s->used == 0 || s->nleaves)
        return -1;  /* no carc_guided_begin, or the last batch was not fed */
    if (n > s->opt.batch)
        n = s->opt.batch;
    /* every walk either leaves a leaf, finishes or is dropped: bounded, so that a
     * batch near the end of the game (many walks finishing) still returns */
    for (int tries = 0; s->nleaves < n && tries < 4 * n; tries++)
        if (walk(s) == 0)
            s->iterations++;
    for (int i = 0; i < s->nleaves; i++)
        out[i] = s->leaf_games[i];
    return s->nleaves;
}

int carc_guided_feed(carc_guided *s, const float *priors, const float *values, carc_error *err)
{
    if (s->nleaves == 0)
        return guided_fail(err, "guided search: no leaves to feed (call carc_guided_leaves)");
    /* everything checked before anything changes */
    for (int i = 0, off = 0; i < s->nleaves; i++) {
        int n = carc_legal_count(s->leaf_games[i]);
        for (int j = 0; j < n; j++)
            if (!(priors[off + j] >= 0 && priors[off + j] <= 1e30f))
                return guided_fail(err, "guided search: a prior is negative or not a number");
        for (int p = 0; p < s->players; p++)
            if (!(values[i * s->players + p] >= 0 && values[i * s->players + p] <= 1))
                return guided_fail(err, "guided search: a value is outside 0..1");
        off += n;
    }
    for (int i = 0, off = 0; i < s->nleaves; i++) {
        gleaf *leaf = &s->leaves[i];
        const carc_game *g = s->leaf_games[i];
        int n = carc_legal(g, s->moves, CARC_MAX_MOVES);
        if (leaf->node != NONE) {
            gnode *node = &s->arena[leaf->node];
            int seat = carc_pending_decision(g).seat;
            double sum = 0;
            for (int j = 0; j < n; j++)
                sum += priors[off + j];
            for (int j = 0; j < n; j++) {
                float p = sum > 0 ? (float)(priors[off + j] / sum) : 1.0f / (float)n;
                int32_t c = find_child(s, leaf->node, &s->moves[j]);
                if (c == NONE)
                    c = new_node(s, &s->moves[j], seat, leaf->node, p);
                else
                    s->arena[c].prior = p;
            }
            node = &s->arena[leaf->node];  /* new_node wrote the arena, not moved it */
            node->evaluated = 1;
            node->waiting = 0;
        }
        backup(s, leaf->path, leaf->npath, NULL, -1);
        backup(s, leaf->path, leaf->npath, &values[i * s->players], 1);
        s->iterations++;
        off += n;
    }
    s->nleaves = 0;
    return CARC_OK;
}

int carc_guided_root(const carc_guided *s, carc_move *moves, uint32_t *visits, int cap)
{
    int n = 0;
    if (s->used == 0)
        return 0;
    for (int32_t c = s->arena[0].child; c != NONE && n < cap; c = s->arena[c].sibling, n++) {
        moves[n] = s->arena[c].move;
        visits[n] = s->arena[c].visits;
    }
    return n;
}

int carc_guided_best(const carc_guided *s, carc_move *out)
{
    /* the root's own legal moves (the tile in hand is known to the searching seat):
     * the most visited, the highest prior among equals, the first listed at last */
    carc_game *d = calloc(1, carc_state_size());
    if (!d || s->used == 0) {
        free(d);
        return 0;
    }
    carc_determinize(s->root, 1, d);
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    int n = moves ? carc_legal(d, moves, CARC_MAX_MOVES) : 0, best = -1;
    uint32_t most = 0;
    float prior = -1;
    for (int i = 0; i < n; i++) {
        int32_t c = find_child(s, 0, &moves[i]);
        uint32_t v = c != NONE ? s->arena[c].visits : 0;
        float p = c != NONE ? s->arena[c].prior : 0;
        if (best < 0 || v > most || (v == most && p > prior)) {
            best = i;
            most = v;
            prior = p;
        }
    }
    if (best >= 0)
        *out = moves[best];
    free(moves);
    free(d);
    return best >= 0;
}

long carc_guided_iterations(const carc_guided *s)
{
    return s->iterations;
}
