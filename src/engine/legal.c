/*
 * legal.c - every legal move for the pending decision (carc_legal).
 *
 * Placements are listed once per physically distinct placement: a tile whose
 * rotation by 180 or 90 degrees looks the same (B, C, F, G, H, U, X) is listed only
 * in its lowest such rotation; carc_apply accepts the others and stores the lowest.
 * Follower moves name each segment by its canonical port.
 */
#include <stddef.h>
#include "expansion.h"

enum { LEGAL_FOLLOWER_MOVES = FIGURE_MOVES + EXP_T6_MOVES };

void carc_move_canonical(const carc_game *g, carc_move *m)
{
    carc_move c = move_pass();
    c.kind = m->kind;
    switch (m->kind) {
    case CARC_MOVE_PLACE:
        if (m->tile < CARC_TILE_KINDS && m->rot < 4)
            m->rot = (uint8_t)(m->rot % tiletab_period[m->tile]);
        c.tile = m->tile;
        c.rot = m->rot;
        c.x = m->x;
        c.y = m->y;
        break;
    case CARC_MOVE_FOLLOWER: case CARC_MOVE_RECALL: {
        int canon;
        if (carc_segment(g, m->x, m->y, m->port, &canon) >= 0)
            m->port = (uint8_t)canon;
        c.x = m->x;
        c.y = m->y;
        c.port = m->port;
        c.figure = m->figure;
        break;
    }
    case CARC_MOVE_AGAIN:
        break;
    default:
        /* an expansion's kind: it names the targets and clears what it does not use */
        if (exp_canonical(g, m))
            return;
        break;
    }
    *m = c;  /* only what the kind uses, so equal moves compare equal */
}

/* legal_rot_nth[fit][i]: the rotation of the i-th set bit of fit (4 bits, one per
 * rotation); legal_nfit[fit]: how many bits are set, the placements of a spot. */
static const uint8_t legal_rot_nth[16][4] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0},
    {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
    {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3}};
static const uint8_t legal_nfit[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* A placement move as words: its first 8 bytes (`lo`: the tile's move with the spot's
 * x and y) plus `one` times a rotation give the move in that rotation, whichever the
 * byte order; its last 4 bytes (`hi`) follow unchanged. */
static inline void place_words(const carc_move *tmpl, const spot *s, uint64_t *lo,
                               uint64_t *one, uint32_t *hi)
{
    static const uint8_t rot_one[8] = {0, 0, 0, 1, 0, 0, 0, 0};
    _Static_assert(offsetof(carc_move, rot) == 3 && offsetof(carc_move, x) == 4 &&
                   offsetof(carc_move, y) == 5 && sizeof(carc_move) == 12,
                   "a placement move's rotation and position sit in its first word");
    uint8_t b[8];
    memcpy(b, tmpl, 8);
    b[4] = (uint8_t)s->x;
    b[5] = (uint8_t)s->y;
    memcpy(lo, b, 8);
    memcpy(one, rot_one, 8);
    memcpy(hi, (const uint8_t *)tmpl + 8, 4);
}

/* Appends the placements of a tile at spot s in rotations `fit` (bits) to out[n..],
 * at most cap - n of them; returns the new n. */
static inline int place_moves(carc_move *out, int n, int cap, const carc_move *tmpl,
                              const spot *s, unsigned fit)
{
    uint64_t lo, one;
    uint32_t hi;
    place_words(tmpl, s, &lo, &one, &hi);
    for (; fit && n < cap; fit &= fit - 1) {
        uint64_t w = lo + one * (unsigned)__builtin_ctz(fit);
        uint8_t *o = (uint8_t *)&out[n++];
        memcpy(o, &w, 8);
        memcpy(o + 8, &hi, 4);
    }
    return n;
}

/* place_moves when there is room for 4 more moves: the first two are written
 * whether they fit or not, without a branch per rotation (which rotations fit is
 * random; measured 10% less time, fewer instructions), the other two when the
 * tile fits 3 or 4 ways, and n moves on by the number that fit (nfit). So the
 * slots of out past the count returned, within cap, may hold scratch. */
static inline int place_moves_all(carc_move *out, int n, const carc_move *tmpl,
                                  const spot *s, const uint8_t *fits)
{
    unsigned fit = fits[s->sig] & 15;
    uint64_t lo, one;
    uint32_t hi;
    place_words(tmpl, s, &lo, &one, &hi);
    uint64_t w0 = lo + one * legal_rot_nth[fit][0], w1 = lo + one * legal_rot_nth[fit][1];
    uint8_t *o = (uint8_t *)&out[n];
    memcpy(o, &w0, 8);
    memcpy(o + 8, &hi, 4);
    memcpy(o + 12, &w1, 8);
    memcpy(o + 20, &hi, 4);
    if (legal_nfit[fit] > 2) {  /* rare: a tile fitting 3 or 4 ways */
        uint64_t w2 = lo + one * legal_rot_nth[fit][2], w3 = lo + one * legal_rot_nth[fit][3];
        memcpy(o + 24, &w2, 8);
        memcpy(o + 32, &hi, 4);
        memcpy(o + 36, &w3, 8);
        memcpy(o + 44, &hi, 4);
    }
    return n + legal_nfit[fit];
}

/* A forced spot (X13, R5) as a copy `one` of signature 0, and the rotations each tile
 * in hand fits there in ffit[h], so that ffit + h is the fit table of tile h for that
 * copy: the placement loops below then read it as they read the table. Returns the
 * copy. */
static const spot *legal_forced(const carc_game *g, int forced, spot *one, uint8_t ffit[2])
{
    *one = g->frontier[forced];
    one->sig = 0;
    for (int h = 0; h < 2; h++)
        ffit[h] = (uint8_t)(h < g->nhand ? spot_fit_rots(g, forced, g->hand[h]) : 0);
    return one;
}

/* The frontier is long (about 40 spots on average in a random game, 75 late in
 * it) and about one spot in four fits a given tile, so the scan does one table
 * load per spot and gathers the spots that fit before writing moves. With room for every rotation of both tiles in
 * hand at every spot (the usual cap, CARC_MAX_MOVES), moves are written without
 * counting room: legal_place is inlined twice, once for each case. */
static inline __attribute__((always_inline)) int
legal_place_in(const carc_game *g, carc_move *out, int cap, int unbounded)
{
    int n = 0;
    int forced = exp_forced_spot(g);  /* X13, R5 */
    const spot *first = g->frontier, *end = first + g->nfrontier;
    spot one;
    uint8_t ffit[2];
    if (forced >= 0)
        first = legal_forced(g, forced, &one, ffit), end = first + 1;
    for (int h = 0; h < g->nhand; h++) {
        int k = g->hand[h];
        if (h == 1 && k == g->hand[0])
            break;
        const uint8_t *fits = forced >= 0 ? &ffit[h] : tiletab_fit_rots[k];
        carc_move tmpl = move_pass();
        tmpl.kind = CARC_MOVE_PLACE;
        tmpl.tile = (uint8_t)k;
        /* the spots that fit, gathered without a branch per spot: which ones fit
         * is random, and a mispredicted branch costs more than the gathering */
        uint8_t hit[MAX_FRONTIER];
        int nhit = 0;
        int i = 0, count = (int)(end - first);
        for (; i + 4 <= count; i += 4) {
            unsigned f0 = fits[first[i].sig], f1 = fits[first[i + 1].sig];
            unsigned f2 = fits[first[i + 2].sig], f3 = fits[first[i + 3].sig];
            hit[nhit] = (uint8_t)i;
            nhit += f0 != 0;
            hit[nhit] = (uint8_t)(i + 1);
            nhit += f1 != 0;
            hit[nhit] = (uint8_t)(i + 2);
            nhit += f2 != 0;
            hit[nhit] = (uint8_t)(i + 3);
            nhit += f3 != 0;
        }
        for (; i < count; i++) {
            hit[nhit] = (uint8_t)i;
            nhit += fits[first[i].sig] != 0;
        }
        if (unbounded) {
            for (int j = 0; j < nhit; j++)
                n = place_moves_all(out, n, &tmpl, first + hit[j], fits);
            continue;
        }
        for (int j = 0; j < nhit; j++) {
            const spot *s = first + hit[j];
            n = place_moves(out, n, cap, &tmpl, s, fits[s->sig]);
        }
    }
    return n;
}

/* A tile that closes (tile_closes) also fits a hole the fit table cannot see: the
 * spot an expansion keeps closed (SIG_DEAD: the river's dead end) once its hook
 * fit_rots places the tile there (CI19). That placement, listed after all others,
 * into *m: 1, or 0 if there is none. Out of line and asked only with such a tile
 * alone in hand in a game with expansions (legal_closing). */
static __attribute__((noinline)) int legal_closed_place(const carc_game *g, carc_move *m)
{
    if (exp_forced_spot(g) >= 0)
        return 0;
    int si = exp_closed_spot(g);
    unsigned fit = si < 0 ? 0 : spot_fit_rots(g, si, g->hand[0]) & 15;
    if (!fit)
        return 0;
    *m = move_pass();
    m->kind = CARC_MOVE_PLACE;
    m->tile = g->hand[0];
    m->rot = legal_rot_nth[fit][0];  /* it fits every edge: one rotation (period 1) */
    m->x = g->frontier[si].x;
    m->y = g->frontier[si].y;
    return 1;
}

/* Whether the tile in hand closes (the abbey), in a game with expansions: then its
 * placements are listed in full (legal_place) rather than counted spot by spot
 * (carc_legal_count, carc_legal_pick), since one may lie apart from the fit table
 * (legal_closed_place). One byte test in a base game. */
static inline int legal_closing(const carc_game *g)
{
    return exp_any(g) && g->nhand == 1 && tile_closes(g->hand[0]);
}

static int legal_place(const carc_game *g, carc_move *out, int cap)
{
    int n = cap >= 2 * 4 * MAX_FRONTIER ? legal_place_in(g, out, cap, 1)
                                        : legal_place_in(g, out, cap, 0);
    if (n < cap && legal_closing(g) && legal_closed_place(g, &out[n]))
        n++;
    return n;
}

/* B6: a follower may go on a segment of the placed tile whose feature is empty. */
int legal_follower_ok(const carc_game *g, int seg_node)
{
    const feature *f = feat_of(g, seg_node);
    return f->follow == 0 && !(f->flags2 & NF2_BARRED);  /* AM10: no follower joins a barn field */
}

static int legal_follower_core(const carc_game *g, carc_move *out, int cap)
{
    if (fig_choice(g))
        return figure_moves(g, out, cap);
    int n = 0;
    const placed *p = &g->tiles[g->last];
    if (follower_supply(g, g->active) > 0 && !exp_no_figure_on(g, g->last)) {  /* PD5 */
        const uint8_t *port = tiletab_seg_port[p->kind][p->rot];  /* board_node_port */
        carc_move m = move_pass();
        m.kind = CARC_MOVE_FOLLOWER;
        m.x = p->x;
        m.y = p->y;
        for (int i = 0; i < CARC_TILE_SEGMENTS && port[i] != 0xFF && n < cap; i++) {
            if (feat_of(g, p->first + i)->follow)
                continue;  /* legal_follower_ok */
            m.port = port[i];
            out[n++] = m;
        }
    }
    if (n < cap)
        out[n++] = move_pass();
    return n;
}

/* T6: the core's moves, then the expansions' own choices (a floor, a figure on a
 * tower, TW3, TW4, TW8) before the pass. */
static int legal_follower(const carc_game *g, carc_move *out, int cap)
{
    int n = legal_follower_core(g, out, cap);
    return exp_t6_legal(g, out, n, cap);
}


/* The list of `decision`, the pending one (carc_legal). */
static int legal_list(const carc_game *g, int decision, carc_move *out, int cap)
{
    switch (decision) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER: {
        int n = exp_legal(g, decision, out, cap);
        if (n < cap)
            out[n++] = move_pass();  /* close the window */
        return n;
    }
    case CARC_DEC_PLACE:
        return legal_place(g, out, cap);
    case CARC_DEC_FOLLOWER:
        return legal_follower(g, out, cap);
    case CARC_DEC_NONE:
        return 0;
    default:
        return exp_legal(g, decision, out, cap);  /* an expansion's decision */
    }
}

int carc_recall_points(const carc_game *g, const carc_move *m)
{
    carc_pending p;
    if (!m || m->kind != CARC_MOVE_RECALL || turn_noted(g, &p) != CARC_DEC_FOLLOWER)
        return -1;
    return figure_recall_points(g, m);
}

int carc_legal(const carc_game *g, carc_move *out, int cap)
{
    carc_pending p;
    return legal_list(g, turn_noted(g, &p), out, cap);
}

/* ---- one move of the list without writing the list: carc_legal_count, carc_legal_nth
 * and carc_legal_pick. A random playout needs one uniformly chosen move, and a
 * placement list is long (27 moves on average, a third of a base game's
 * instructions went into writing them): its moves are counted spot by spot, one
 * table load each, and only the one chosen is written. Other decisions (a
 * follower's at most 9 moves, the expansions' lists) are listed in full into a
 * buffer on the stack and one move is taken from it. ---- */


/* The placements of the pending decision, counted (place_list_count) so that one of
 * them can be written (place_nth) without writing the others. */
typedef struct place_list {
    const spot *s;            /* the spots: the frontier, or `one` (legal_forced) */
    const uint8_t *fits[2];   /* the fit table of each tile in hand for them */
    const uint8_t *nfits[2];  /* and its counts (tiletab_fit_count) */
    int counts[2];
    uint8_t blk[2][(MAX_FRONTIER + 3) / 4 + 1];
    spot one;
    uint8_t ffit[2], fcount[2];
} place_list;

/* The spots a placement may use, in list order: the frontier, or the one spot X13
 * or R5 forces (legal_place_in), and the fit tables for them. */
static inline const spot *legal_spots(const carc_game *g, place_list *pl, int *count)
{
    int forced = exp_forced_spot(g);
    if (forced >= 0) {
        *count = 1;
        const spot *one = legal_forced(g, forced, &pl->one, pl->ffit);
        for (int h = 0; h < 2; h++) {
            pl->fits[h] = &pl->ffit[h];
            pl->fcount[h] = legal_nfit[pl->ffit[h]];
            pl->nfits[h] = &pl->fcount[h];
        }
        return one;
    }
    int k0 = g->hand[0], k1 = g->hand[g->nhand - 1];
    pl->fits[0] = tiletab_fit_rots[k0];
    pl->fits[1] = tiletab_fit_rots[k1];
    pl->nfits[0] = tiletab_fit_count[k0];
    pl->nfits[1] = tiletab_fit_count[k1];
    *count = g->nfrontier;
    return g->frontier;
}

/* The tiles in hand listed, in list order: a second tile of the same kind is not
 * listed again. */
static inline int legal_kinds(const carc_game *g)
{
    return g->nhand == 2 && g->hand[1] == g->hand[0] ? 1 : g->nhand;
}


/* The placements of the kind whose fit counts are `nfits` (tiletab_fit_count) at
 * spots s[0..count), and in blk[b] those at the spots 4b..4b+3 (at most 16), so
 * that finding the i-th walks blocks of four spots and then at most four spots
 * (place_nth_kind). */
static inline int place_count_kind(const uint8_t *nfits, const spot *s, int count, uint8_t *blk)
{
    int n = 0, i = 0;
    for (; i + 4 <= count; i += 4) {
        int c = nfits[s[i].sig] + nfits[s[i + 1].sig] + nfits[s[i + 2].sig] +
                nfits[s[i + 3].sig];
        *blk++ = (uint8_t)c;
        n += c;
    }
    int c = 0;
    for (; i < count; i++)
        c += nfits[s[i].sig];
    *blk = (uint8_t)c;
    return n + c;
}

/* Writes placement i (0 <= i < its count) of `kind` at spots s[0..count), blk[] from
 * place_count_kind, in the order legal_place_in lists them: spots in order,
 * rotations ascending. */
static void place_nth_kind(int kind, const uint8_t *fits, const spot *s, const uint8_t *blk,
                           int i, carc_move *out)
{
    int j = 0;
    for (; i >= blk[0]; blk++, j += 4)
        i -= blk[0];
    for (;; j++) {
        unsigned fit = fits[s[j].sig];
        int c = legal_nfit[fit];
        if (i < c) {
            carc_move m = move_pass();
            m.kind = CARC_MOVE_PLACE;
            m.tile = (uint8_t)kind;
            m.rot = legal_rot_nth[fit][i];
            m.x = s[j].x;
            m.y = s[j].y;
            *out = m;
            return;
        }
        i -= c;
    }
}

/* Counts the placements of the list: counts[h] of hand tile h, blocks of four spots
 * in blk[h] (place_count_kind); returns the sum. */
static inline __attribute__((always_inline)) int place_list_count(const carc_game *g,
                                                                  place_list *pl)
{
    int count;
    pl->s = legal_spots(g, pl, &count);
    int n = 0, kinds = legal_kinds(g);
    pl->counts[0] = pl->counts[1] = 0;
    for (int h = 0; h < kinds; h++)
        n += pl->counts[h] = place_count_kind(pl->nfits[h], pl->s, count, pl->blk[h]);
    return n;
}

/* Writes placement i (0 <= i < n, the sum of counts) of the list. */
static void place_nth(const carc_game *g, place_list *pl, int i, carc_move *out)
{
    int h = i >= pl->counts[0];
    place_nth_kind(g->hand[h], pl->fits[h], pl->s, pl->blk[h], i - (h ? pl->counts[0] : 0),
                   out);
}

/* T6 with an expansion's choices, counted (legal_t6_count) so that one move can be
 * written (legal_t6_nth) without the others: the core's moves in core[] (at most
 * FIGURE_MOVES and the pass: a short list), then each expansion's by count
 * (t6_count, t6_nth), then the pass, as legal_follower lists them into
 * CARC_MAX_MOVES. */
typedef struct t6_list {
    carc_move core[LEGAL_FOLLOWER_MOVES];
    int ncore;                /* the core's moves but its pass */
    int nexp;                 /* the expansions' */
    int counts[EXP_T6_MEMOS]; /* each expansion's of exp_t6 */
    exp_t6_memo memos[EXP_T6_MEMOS];  /* what each counted, for its t6_nth */
} t6_list;

/* The number of moves, or -1 if an expansion cannot count its own (then they are
 * listed). */
static int legal_t6_count(const carc_game *g, t6_list *t)
{
    t->ncore = legal_follower_core(g, t->core, LEGAL_FOLLOWER_MOVES) - 1;  /* its pass */
    t->nexp = exp_t6_count_each(g, t->ncore, CARC_MAX_MOVES, t->counts, t->memos);
    if (t->nexp < 0)
        return -1;
    int n = t->ncore + t->nexp;
    return n < CARC_MAX_MOVES ? n + 1 : n;  /* the pass, if there is room */
}

/* Writes move i (0 <= i < legal_t6_count) of the list. */
static void legal_t6_nth(const carc_game *g, const t6_list *t, int i, carc_move *out)
{
    if (i < t->ncore)
        *out = t->core[i];
    else if (i - t->ncore < t->nexp)
        exp_t6_nth_each(g, t->counts, t->memos, i - t->ncore, out);
    else
        *out = move_pass();
}

int carc_legal_count(const carc_game *g)
{
    carc_pending p;
    int decision = turn_noted(g, &p);
    if (decision == CARC_DEC_PLACE && !legal_closing(g)) {
        place_list pl;
        return place_list_count(g, &pl);
    }
    if (decision == CARC_DEC_FOLLOWER && !exp_t6(g)) {  /* an expansion's T6 may add many */
        carc_move buf[LEGAL_FOLLOWER_MOVES];
        return legal_follower_core(g, buf, LEGAL_FOLLOWER_MOVES);
    }
    if (decision == CARC_DEC_FOLLOWER) {
        t6_list t;
        int n = legal_t6_count(g, &t);
        if (n >= 0)
            return n;
    }
    if (decision == CARC_DEC_NONE)
        return 0;
    carc_move buf[CARC_MAX_MOVES];
    return legal_list(g, decision, buf, CARC_MAX_MOVES);
}

/* Takes the move `index` chooses among list[0..n), as carc_legal_pick says. */
static int legal_take(const carc_move *list, int n, carc_index_fn index, void *ctx,
                      carc_move *out)
{
    if (n == 0)
        return 0;
    uint32_t i = index(ctx, (uint32_t)n);
    if (i >= (uint32_t)n)
        return -1;
    *out = list[i];
    return n;
}

int carc_legal_pick(const carc_game *g, carc_index_fn index, void *ctx, carc_move *out)
{
    carc_pending p;
    int decision = turn_noted(g, &p);
    if (decision == CARC_DEC_PLACE && !legal_closing(g)) {
        place_list pl;
        int n = place_list_count(g, &pl);
        if (n == 0)
            return 0;
        uint32_t i = index(ctx, (uint32_t)n);
        if (i >= (uint32_t)n)
            return -1;
        place_nth(g, &pl, (int)i, out);
        return n;
    }
    if (decision == CARC_DEC_FOLLOWER && !exp_t6(g)) {
        carc_move buf[LEGAL_FOLLOWER_MOVES];
        return legal_take(buf, legal_follower_core(g, buf, LEGAL_FOLLOWER_MOVES), index, ctx, out);
    }
    if (decision == CARC_DEC_FOLLOWER) {
        t6_list t;
        int n = legal_t6_count(g, &t);
        if (n == 0)
            return 0;
        if (n > 0) {
            uint32_t i = index(ctx, (uint32_t)n);
            if (i >= (uint32_t)n)
                return -1;
            legal_t6_nth(g, &t, (int)i, out);
            return n;
        }
    }
    if (decision == CARC_DEC_NONE)
        return 0;
    carc_move buf[CARC_MAX_MOVES];
    return legal_take(buf, legal_list(g, decision, buf, CARC_MAX_MOVES), index, ctx, out);
}

/* carc_legal_nth's index: the place it was given, whatever n. */
static uint32_t legal_given(void *ctx, uint32_t n)
{
    (void)n;
    return *(const uint32_t *)ctx;
}

int carc_legal_nth(const carc_game *g, int i, carc_move *out)
{
    if (i < 0)
        return 0;
    uint32_t at = (uint32_t)i;
    return carc_legal_pick(g, legal_given, &at, out) > 0;
}
