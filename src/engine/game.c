/*
 * game.c - creating, copying and viewing a game, and the read-only queries of
 * carc.h. The only allocations of the engine are in carc_new and carc_clone.
 */
#include <stdio.h>
#include <stdlib.h>
#include "expansion.h"

/* One array of part 3 of the state (state.h): the n entries src uses, and dst's own
 * entries past them (it held dn) zeroed, so that dst's tail is zero as src's is. */
static inline void copy_prefix(void *dst, const void *src, size_t n, size_t dn, size_t size)
{
    memcpy(dst, src, n * size);
    if (dn > n)
        memset((unsigned char *)dst + n * size, 0, (dn - n) * size);
}

/* The smaller of a count dst holds and its array's size: a dst that is no state (a
 * breach of carc_copy's contract, carc.h) must not make copy_prefix write past the
 * state, though it then gets no equal copy. */
static inline size_t count_in(size_t n, size_t max)
{
    return n < max ? n : max;
}

/* Copies src into dst, which must be a state (or zeroed memory): dst equals src
 * byte for byte afterwards. Only what src uses moves (state.h, the three parts):
 * the fixed part, the card expansions' block when either game has one of them
 * (else both blocks are zero), and each array's used prefix; of dst's own, the
 * entries past src's counts are zeroed. A base game in play uses about a third of
 * the state's 16 KiB: search copies a state at every iteration. */
static void state_copy(carc_game *dst, const carc_game *src)
{
    if (dst == src)
        return;
    /* dst's counts, read before part 1 overwrites them */
    size_t feats = count_in(dst->nfeats, MAX_FEATS), events = count_in(dst->nevents, CARC_MAX_EVENTS),
           nodes = count_in(dst->nnodes, MAX_NODES), tiles = count_in(dst->ntiles, CARC_TILES),
           frontier = count_in(dst->nfrontier, MAX_FRONTIER),
           removed = count_in(dst->nremoved, CARC_TILES);
    int cards = src->exp_block | dst->exp_block;
    memcpy(dst, src, cards ? STATE_ARRAYS : STATE_CARDS);
    copy_prefix(dst->feats, src->feats, src->nfeats, feats, sizeof src->feats[0]);
    copy_prefix(dst->events, src->events, src->nevents, events, sizeof src->events[0]);
    copy_prefix(dst->nodes, src->nodes, src->nnodes, nodes, sizeof src->nodes[0]);
    copy_prefix(dst->tiles, src->tiles, src->ntiles, tiles, sizeof src->tiles[0]);
    copy_prefix(dst->frontier, src->frontier, src->nfrontier, frontier, sizeof src->frontier[0]);
    copy_prefix(dst->removed, src->removed, src->nremoved, removed, sizeof src->removed[0]);
}

/* Zeroes a new state, every byte (padding too, so that equal games are equal byte
 * for byte), in pieces of 1 KiB. glibc's memset clears 2 KiB and more with `rep
 * stosb`, which callgrind counts as one instruction per byte: calloc's zeroing was
 * 9,900 of a base game's instructions, though well under 1% of its time. Below
 * 2 KiB it stores 32 bytes an instruction: the same work, counted as done. */
static void game_zero(carc_game *g)
{
    enum { PIECE = 2040 };
    /* through a pointer the compiler cannot see through: with a constant size it
     * would write the memset inline as `rep stosq`, which callgrind counts as one
     * instruction per 8 bytes (1,850 for the big-box layout's 14.8 KiB) */
    static void *(*const volatile zero)(void *, int, size_t) = memset;
    unsigned char *p = (unsigned char *)g;
    for (size_t at = 0; at < sizeof *g; at += PIECE)
        zero(p + at, 0, sizeof *g - at < PIECE ? sizeof *g - at : PIECE);
}

void carc_config_init(carc_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->players = 2;
    cfg->seed = 1;
    cfg->stack_len = -1;
    cfg->return_pos = -1;
    exp_forget_config(cfg);  /* no fixed deck orders */
}

/* A fixed stack: tile kinds of the set, no more copies than it has. */
static int check_stack(const carc_config *cfg, carc_error *err)
{
    int used[CARC_TILE_KINDS] = {0};
    for (int i = 0; i < cfg->stack_len; i++) {
        int k = cfg->stack[i];
        if (k >= CARC_TILE_KINDS) {
            error_set(err, CARC_E_CONFIG, "stack position %d holds no tile kind (%d)", i, k);
            return CARC_E_CONFIG;
        }
        if (++used[k] > stack_count(cfg->expansions, k)) {
            error_set(err, CARC_E_CONFIG, "the stack has more than %d tiles %s",
                      stack_count(cfg->expansions, k), tile_def(k)->name);
            return CARC_E_CONFIG;
        }
    }
    return exp_check_stack(cfg, err);  /* R2: the river tiles first, the lake last */
}

static int check_config(const carc_config *cfg, carc_error *err)
{
    int most = carc_max_players(cfg->expansions);
    if (cfg->players < CARC_MIN_PLAYERS || cfg->players > most) {
        int any = carc_max_players(exp_all_bits());
        /* B1; an expansion may seat more (I2): the message names the first that does */
        const carc_expansion_info *more = carc_expansion_seating(most + 1);
        char also[40] = "";
        if (more)
            snprintf(also, sizeof also, " (%d with %s)", any, more->name);
        error_set(err, CARC_E_CONFIG, "players must be 2..%d%s, got %d", most, also,
                  cfg->players);
        return CARC_E_CONFIG;
    }
    if (cfg->expansions & ~exp_all_bits()) {
        error_set(err, CARC_E_CONFIG, "unknown expansion bits 0x%x", cfg->expansions);
        return CARC_E_CONFIG;
    }
    int rc = exp_check_config(cfg, err);  /* fixed deck orders */
    if (rc != CARC_OK)
        return rc;
    int size = stack_size(cfg->expansions);
    if (cfg->stack_len < -1 || cfg->stack_len > size) {
        error_set(err, CARC_E_CONFIG, "a fixed stack holds 0..%d tiles, got %d", size,
                  cfg->stack_len);
        return CARC_E_CONFIG;
    }
    if (cfg->return_pos < -1 || cfg->return_pos > size) {
        error_set(err, CARC_E_CONFIG, "return_pos must be -1..%d, got %d", size, cfg->return_pos);
        return CARC_E_CONFIG;
    }
    return cfg->stack_len > 0 ? check_stack(cfg, err) : CARC_OK;
}

carc_game *carc_new(const carc_config *cfg, carc_error *err)
{
    if (check_config(cfg, err) != CARC_OK)
        return NULL;
    carc_game *g = malloc(sizeof *g);
    if (!g) {
        error_set(err, CARC_E_CONFIG, "out of memory");
        return NULL;
    }
    game_zero(g);
    g->seed = cfg->seed;
    g->expansions = (uint16_t)cfg->expansions;
    g->fixed_stack = cfg->stack_len >= 0;
    g->return_pos = (int8_t)cfg->return_pos;
    g->view_seat = -1;
    g->players = (uint8_t)cfg->players;
    rng_seed(g->rng, cfg->seed);
    figure_setup(g);
    board_init(g, exp_start_kind(cfg->expansions));
    stack_build(g, cfg);
    exp_plan(g);
    turn_plan(g);
    exp_setup(g, cfg);
    g->step = ST_T1_DRAW;
    turn_advance(g);
    turn_note(g);
    return g;
}

void carc_free(carc_game *g)
{
    free(g);
}

/* A whole copy: the new memory is no state yet, so state_copy cannot read its counts. */
carc_game *carc_clone(const carc_game *g)
{
    carc_game *c = malloc(sizeof *c);
    if (c)
        memcpy(c, g, sizeof *c);
    return c;
}

void carc_copy(carc_game *dst, const carc_game *src)
{
    state_copy(dst, src);
}

size_t carc_state_size(void)
{
    return sizeof(carc_game);
}

size_t carc_copy_bytes(const carc_game *g)
{
    return (g->exp_block ? STATE_ARRAYS : STATE_CARDS) +
           g->nfeats * sizeof g->feats[0] + g->nevents * sizeof g->events[0] +
           g->nnodes * sizeof g->nodes[0] + g->ntiles * sizeof g->tiles[0] +
           g->nfrontier * sizeof g->frontier[0] + g->nremoved * sizeof g->removed[0];
}

carc_config carc_config_of(const carc_game *g)
{
    carc_config c;
    carc_config_init(&c);  /* no fixed orders: the game does not keep them */
    c.players = g->players;
    c.seed = g->seed;
    c.expansions = g->expansions;
    c.return_pos = g->return_pos;
    return c;
}

/* Sorts the stack's tile kinds ascending by counting them: the view of every seat
 * at every move does this (the game server writes one per seat and move), and
 * qsort with a comparator was a tenth of a view's JSON. */
static void game_sort_stack(uint8_t *stack, int n)
{
    uint8_t count[256] = {0};
    for (int i = 0; i < n; i++)
        count[stack[i]]++;
    for (int k = 0, i = 0; i < n; k++)
        for (int c = count[k]; c > 0; c--)
            stack[i++] = (uint8_t)k;
}

void carc_view(const carc_game *g, int seat, carc_game *out)
{
    state_copy(out, g);
    out->view_seat = (int8_t)seat;
    /* RULES.md 6: the stack order and the generator are known to nobody. What the
     * stack holds is public (all tiles less those seen), so it stays, sorted. */
    game_sort_stack(out->stack, out->stack_len);
    memset(out->rng, 0, sizeof out->rng);
    out->seed = 0;
    out->fixed_stack = 0;
    exp_hide(out, seat);
    /* G10: where a tile went back into the stack is part of the stack order */
    for (int i = 0; i < out->nevents; i++)
        if (out->events[i].kind == CARC_EV_TILE_RETURNED)
            out->events[i].value = -1;
    turn_note(out);  /* as the view's own bytes answer (what it hides is its own) */
}

int carc_view_seat(const carc_game *g) { return g->view_seat; }

const carc_event *carc_events(const carc_game *g, int *n)
{
    *n = g->nevents;
    return g->events;
}

carc_pending carc_pending_decision(const carc_game *g)
{
    carc_pending p;
    turn_noted(g, &p);
    return p;
}

int carc_players(const carc_game *g) { return g->players; }
int carc_is_over(const carc_game *g) { return g->over; }
int carc_turn(const carc_game *g) { return g->turn; }
unsigned carc_winners(const carc_game *g) { return g->over ? g->winners : 0; }
int carc_stack_left(const carc_game *g) { return g->stack_len; }

int carc_score_part(const carc_game *g, int seat, int category)
{
    return g->score[seat][category];
}

int carc_hand_tiles(const carc_game *g, int kinds[2])
{
    for (int i = 0; i < g->nhand; i++)
        kinds[i] = g->hand[i];
    return g->nhand;
}

int carc_removed_tiles(const carc_game *g, int *kinds, int cap)
{
    for (int i = 0; i < g->nremoved && i < cap; i++)
        kinds[i] = g->removed[i];
    return g->nremoved;
}

int carc_last_placed(const carc_game *g, int *x, int *y)
{
    if (g->last == TILE_NONE)
        return 0;
    *x = g->tiles[g->last].x;
    *y = g->tiles[g->last].y;
    return 1;
}

int carc_board_count(const carc_game *g) { return g->ntiles; }

void carc_board_tile(const carc_game *g, int index, int *kind, int *x, int *y, int *rot)
{
    const placed *p = &g->tiles[index];
    *kind = p->kind;
    *x = p->x;
    *y = p->y;
    *rot = p->rot;
}

int carc_tile_at(const carc_game *g, int x, int y, int *kind, int *rot)
{
    int t = board_lookup(g, x, y);
    if (t < 0)
        return 0;
    *kind = g->tiles[t].kind;
    *rot = g->tiles[t].rot;
    return 1;
}

int carc_segment(const carc_game *g, int x, int y, int port, int *canonical)
{
    int n = board_node_at(g, x, y, port);
    if (n == NODE_NONE)
        return -1;
    if (canonical)
        *canonical = board_node_port(g, n);
    return node_type(g, n);
}

int carc_followers(const carc_game *g, carc_follower *out, int cap)
{
    int count = 0;
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_SLOTS; i++) {
            int n = g->fnode[s][i], x, y, port, type;
            if (!figure_where(g, (unsigned)n, &x, &y, &port, &type))
                continue;  /* in supply or held (TW6) */
            if (count < cap) {
                carc_follower *f = &out[count];
                f->seat = (int8_t)s;
                f->x = (int8_t)x;
                f->y = (int8_t)y;
                f->port = (uint8_t)port;
                f->type = (uint8_t)type;
                f->locked = fig_placed((unsigned)n) && (feat_of(g, n)->flags & NF_LOCKED) != 0;
                f->figure = fig_slot_kind[i];
            }
            count++;
        }
    return count;
}

int carc_feature_at(const carc_game *g, int x, int y, int port, carc_feature_info *out)
{
    int n = board_node_at(g, x, y, port);
    if (n == NODE_NONE)
        return 0;
    int r = feat_root(g, n);
    const feature *rn = feat_of(g, r);
    memset(out, 0, sizeof *out);
    out->type = feat_type(rn);
    out->tiles = out->type >= CARC_FEAT_CLOISTER ? 1 : feat_tiles(g, r);
    out->pennants = rn->pennants;
    out->completed = (rn->flags & NF_COMPLETED) != 0;
    feat_strengths(g, r, out->followers);  /* AM6: a mayor's is its city's pennants */
    out->tokens = rn->tokens;
    out->locked = (rn->flags & NF_LOCKED) != 0;
    out->value = out->completed ? feat_value_completed(g, r) : feat_value_end(g, r);
    out->inn = (rn->flags & NF_INN) != 0;
    out->cathedral = (rn->flags & NF_CATHEDRAL) != 0;
    out->open = out->type == CARC_FEAT_CITY || out->type == CARC_FEAT_ROAD ? rn->open : 0;
    if (exp_any(g))
        exp_feature_info(g, r, out);  /* what a module adds: goods, builders and pigs */
    return 1;
}

int carc_turn_part(const carc_game *g) { return g->part; }

int carc_banked(const carc_game *g, int seat)
{
    int n = 0;
    for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
        n += g->banked[seat][c];
    return n;
}

