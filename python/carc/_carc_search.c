/*
 * _carc_search.c - carc_guided for Python (_carc_search.h): the leaves of a batch as
 * the package's observations and legal action ids, and the caller's priors, given per
 * legal action id, turned into priors per move in carc_legal's order (what
 * carc_guided_feed takes).
 *
 * An action id is the first action of a move (the mask's ids): most moves are one
 * action, and the few that are several (a card and its targets) share their first
 * action with the others of the same card, so such a move gets its first action's prior
 * divided evenly among them. A move outside the window has no action and gets no prior
 * (an agent cannot choose it either), except that FALLBACK, legal when no move has an
 * action, stands for the first legal move. Values come in the package's reward scale
 * (-1..1, by seat relative to the seat to move) and go to carc_guided as 0..1 by
 * absolute seat.
 */
#include "_carc_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "_carc_py.h"

struct cpy_search {
    carc_guided *guided;
    int window, nleaves, players;
    const carc_game **leaves;  /* the batch out, owned by guided */
    int32_t *first;            /* per leaf, per legal move: the index of its first action
                                  among the leaf's ids, -1 none (CARC_MAX_MOVES a leaf) */
    int32_t *share;            /* per leaf, per id: how many moves begin with it */
    int32_t *nmoves, *nids;    /* per leaf */
    carc_game *root, *view;    /* the root: a determinization of the seat's view */
    carc_move *buf;
    int32_t *ids;              /* scratch: one leaf's ids */
    float *move_priors;        /* what carc_guided_feed takes, leaf after leaf */
    float *values;             /* likewise: 0..1 by absolute seat */
};

static int search_fail(carc_error *err, const char *msg)
{
    if (err) {
        err->code = CARC_E_CONFIG;
        snprintf(err->msg, sizeof err->msg, "%s", msg);
    }
    return CARC_E_CONFIG;
}

cpy_search *cpy_search_new(const carc_guided_options *opt, int window, carc_error *err)
{
    if (!cpy_window_ok(window)) {
        search_fail(err, "search: the window is an odd width 31..63");
        return NULL;
    }
    carc_guided *guided = carc_guided_new(opt, err);
    if (!guided)
        return NULL;
    int batch = opt ? opt->batch : 64;
    cpy_search *s = calloc(1, sizeof *s);
    if (s) {
        s->guided = guided;
        s->window = window;
        s->leaves = calloc((size_t)batch, sizeof *s->leaves);
        s->first = malloc((size_t)batch * CARC_MAX_MOVES * sizeof *s->first);
        s->share = malloc((size_t)batch * CARC_MAX_MOVES * sizeof *s->share);
        s->nmoves = calloc((size_t)batch, sizeof *s->nmoves);
        s->nids = calloc((size_t)batch, sizeof *s->nids);
        s->root = calloc(1, carc_state_size());
        s->view = calloc(1, carc_state_size());
        s->values = malloc((size_t)batch * CARC_MAX_PLAYERS * sizeof *s->values);
        s->buf = malloc(CARC_MAX_MOVES * sizeof *s->buf);
        s->ids = malloc(CARC_MAX_MOVES * sizeof *s->ids);
        s->move_priors = malloc((size_t)batch * CARC_MAX_MOVES * sizeof *s->move_priors);
    }
    if (!s || !s->leaves || !s->first || !s->share || !s->nmoves || !s->nids || !s->view ||
        !s->root || !s->values || !s->buf || !s->ids || !s->move_priors) {
        if (s)
            cpy_search_free(s);
        else
            carc_guided_free(guided);
        search_fail(err, "search: out of memory");
        return NULL;
    }
    return s;
}

void cpy_search_free(cpy_search *s)
{
    if (!s)
        return;
    carc_guided_free(s->guided);
    free(s->leaves);
    free(s->first);
    free(s->share);
    free(s->nmoves);
    free(s->nids);
    free(s->view);
    free(s->root);
    free(s->values);
    free(s->buf);
    free(s->ids);
    free(s->move_priors);
    free(s);
}

int cpy_search_begin(cpy_search *s, const carc_game *g, carc_error *err)
{
    if (carc_is_over(g))
        return search_fail(err, "search: the game is over");
    carc_view(g, carc_pending_decision(g).seat, s->view);
    s->nleaves = 0;
    s->players = carc_players(g);
    int rc = carc_guided_begin(s->guided, s->view, err);
    /* the root's legal moves, as carc_guided_best lists them: those of a determinization
     * of the view (the seat's own tile in hand is in every one) */
    carc_determinize(s->view, 1, s->root);
    return rc;
}

static int search_cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* For each legal move of g (in carc_legal's order, into buf), the index of its first
 * action among the sorted ids[0..nids), or -1; share[k]: the moves that begin with
 * ids[k]. Returns the number of moves. */
static int search_map_moves(const carc_game *g, int window, const int32_t *ids, int nids,
                            carc_move *buf, int32_t *first, int32_t *share)
{
    int n = carc_legal(g, buf, CARC_MAX_MOVES), encoded = 0;
    memset(share, 0, (size_t)nids * sizeof *share);
    for (int j = 0; j < n; j++) {
        int32_t t[CPY_MAX_TOKENS];
        first[j] = -1;
        if (!cpy_move_tokens_w(g, window, &buf[j], t))
            continue;
        encoded++;
        const int32_t *at = bsearch(&t[0], ids, (size_t)nids, sizeof *ids, search_cmp_i32);
        if (at) {
            first[j] = (int32_t)(at - ids);
            share[first[j]]++;
        }
    }
    if (!encoded && n > 0 && nids == 1 && ids[0] == CPY_A_FALLBACK) {
        first[0] = 0;  /* FALLBACK plays the first legal move */
        share[0] = 1;
    }
    return n;
}

int cpy_search_leaves(cpy_search *s, int n, uint8_t *board, float *pub, float *hand,
                      int32_t *ids, int ids_cap, int32_t *nids, int32_t *seat)
{
    if (s->nleaves)
        return -1;
    int k = carc_guided_leaves(s->guided, n, s->leaves);
    if (k < 0)
        return -1;
    size_t board_len = (size_t)CPY_CHANNELS * (size_t)s->window * (size_t)s->window;
    for (int i = 0; i < k; i++) {
        const carc_game *g = s->leaves[i];
        int who = carc_pending_decision(g).seat;
        int m = cpy_observe_legal_w(g, s->window, who, NULL, 0, s->view, s->buf,
                                    board ? board + (size_t)i * board_len : NULL,
                                    pub ? pub + (size_t)i * (size_t)cpy_public_size() : NULL,
                                    hand ? hand + (size_t)i * CPY_HAND : NULL, NULL, s->ids);
        if (m > ids_cap)
            return -2;  /* nothing is out: the caller cannot feed this batch */
        memcpy(ids + (size_t)i * (size_t)ids_cap, s->ids, (size_t)m * sizeof *ids);
        nids[i] = s->nids[i] = m;
        seat[i] = who;
        s->nmoves[i] = search_map_moves(g, s->window, s->ids, m, s->buf,
                                        s->first + (size_t)i * CARC_MAX_MOVES,
                                        s->share + (size_t)i * CARC_MAX_MOVES);
    }
    s->nleaves = k;
    return k;
}

int cpy_search_feed(cpy_search *s, const float *priors, const float *values, carc_error *err)
{
    if (!s->nleaves)
        return search_fail(err, "search: no leaves to feed");
    float *abs_values = s->values;
    int off = 0, out = 0;
    for (int i = 0; i < s->nleaves; i++) {
        const int32_t *first = s->first + (size_t)i * CARC_MAX_MOVES;
        const int32_t *share = s->share + (size_t)i * CARC_MAX_MOVES;
        int who = carc_pending_decision(s->leaves[i]).seat;
        for (int k = 0; k < s->nids[i]; k++)
            if (!(priors[off + k] >= 0 && priors[off + k] <= 1e30f))
                return search_fail(err, "search: a prior is negative or not a number");
        for (int r = 0; r < s->players; r++) {
            float v = values[i * s->players + r];
            if (!(v >= -1 && v <= 1))
                return search_fail(err, "search: a value is outside -1..1");
            abs_values[i * s->players + (who + r) % s->players] = (v + 1) / 2;
        }
        for (int j = 0; j < s->nmoves[i]; j++)
            s->move_priors[out++] =
                first[j] < 0 ? 0 : priors[off + first[j]] / (float)share[first[j]];
        off += s->nids[i];
    }
    int rc = carc_guided_feed(s->guided, s->move_priors, abs_values, err);
    if (rc == CARC_OK)
        s->nleaves = 0;
    return rc;
}

long cpy_search_iterations(const cpy_search *s)
{
    return carc_guided_iterations(s->guided);
}

int cpy_search_root(cpy_search *s, int32_t *ids, uint32_t *visits)
{
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    uint32_t *counts = malloc(CARC_MAX_MOVES * sizeof *counts);
    int32_t *first = malloc(CARC_MAX_MOVES * sizeof *first);
    int32_t *share = malloc(CARC_MAX_MOVES * sizeof *share);
    int k = 0;
    if (moves && counts && first && share) {
        int seat = carc_pending_decision(s->root).seat;
        k = cpy_observe_legal_w(s->root, s->window, seat, NULL, 0, NULL, s->buf, NULL, NULL,
                                NULL, NULL, ids);
        int n = search_map_moves(s->root, s->window, ids, k, s->buf, first, share);
        memset(visits, 0, (size_t)k * sizeof *visits);
        int got = carc_guided_root(s->guided, moves, counts, CARC_MAX_MOVES);
        for (int c = 0; c < got; c++)
            for (int j = 0; j < n; j++)
                if (first[j] >= 0 && carc_move_equal(&moves[c], &s->buf[j])) {
                    visits[first[j]] += counts[c];
                    break;
                }
    }
    free(moves);
    free(counts);
    free(first);
    free(share);
    return k;
}

int cpy_search_best(const cpy_search *s, carc_move *out)
{
    return carc_guided_best(s->guided, out);
}
