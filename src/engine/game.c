/*
 * game.c - creating, copying and viewing a game, and the read-only queries of
 * carc.h. The only allocations of the engine are in carc_new and carc_clone.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "state.h"

void set_error(carc_error *err, int code, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    err->code = code;
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

/*
 * The most events one carc_apply can emit, which CARC_MAX_EVENTS must cover. The
 * worst move is one that ends the game: say a placement whose turn then runs
 * through T4-T10 and the final steps with no further decision.
 *   the move: placed, a tile put back (G10, X9), a gift (G2); a card resolved
 *      on the way (its play, discard, token or lock)                             6
 *   followers (35 at most): each at most two events in all, in whichever step
 *      scores it (X7, G7, T7: scored or banked, then returned; E3: scored, then a
 *      field bonus), and each holder of a feature has a follower on it           70
 *   T1 of the turn that never comes: B5 draws and removes unplaceable tiles, 2
 *      events each. A tile fits the empty spot above any tile of the board's top
 *      row (its one neighbour) iff it has an edge of the type that neighbour
 *      demands, so the unplaceable tiles all lack one edge type: at most the 28
 *      tiles with no city edge (A B U V W X; 27 have no road, 2 no field)        56
 *   E2: at most 25 cards in hand (5 per seat), each voided or revealed (1), with
 *      2 supply_bonus (+2 each: played, scored) and 4 field bonuses (+1: played)  33
 *   E4: one payment per seat and score category a lock can bank (4)             20
 *   E5: one per seat; the game-over event                                         6
 *   in all 191 <= 192. emit() refuses more rather than write past the end.
 */
carc_event *emit(carc_game *g, int kind, int seat, int x, int y, int a, int b, int value)
{
    if (g->nevents >= CARC_MAX_EVENTS)
        return NULL;  /* cannot happen: CARC_MAX_EVENTS covers the worst case (above) */
    carc_event *e = &g->events[g->nevents++];
    e->kind = (uint8_t)kind;
    e->seat = (int8_t)seat;
    e->x = (int8_t)x;
    e->y = (int8_t)y;
    e->a = (uint8_t)a;
    e->b = (uint8_t)b;
    e->port = CARC_PORT_NONE;
    e->category = 0;
    e->value = (int16_t)value;
    return e;
}

void emit_at(carc_game *g, int kind, int seat, int n, int a, int b, int category, int value)
{
    const placed *p = &g->tiles[g->nodes[n].tile];
    carc_event *e = emit(g, kind, seat, p->x, p->y, a, b, value);
    if (e) {
        e->port = (uint8_t)board_node_port(g, n);
        e->category = (uint8_t)category;
    }
}

void emit_follower(carc_game *g, int kind, int seat, int n)
{
    const placed *p = &g->tiles[g->nodes[n].tile];
    int port = board_node_port(g, n);
    carc_event *e = emit(g, kind, seat, p->x, p->y, port, g->nodes[n].type, 0);
    if (e)
        e->port = (uint8_t)port;
}

void emit_played(carc_game *g, int seat, int x, int y, int card, int port)
{
    carc_event *e = emit(g, CARC_EV_CARD_PLAYED, seat, x, y, card, port, 0);
    if (e)
        e->port = (uint8_t)port;
}

/* Copies src into dst, byte for byte (a memcpy: measured faster than copying only
 * the events in use and zeroing the rest). */
static void state_copy(carc_game *dst, const carc_game *src)
{
    if (dst != src)
        memcpy(dst, src, sizeof *dst);
}

void carc_config_init(carc_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->players = 2;
    cfg->seed = 1;
    cfg->stack_len = -1;
    cfg->return_pos = -1;
    cfg->gift_deck_len = cfg->cloister_deck_len = cfg->roadside_deck_len = -1;
}

/* How many tiles of each kind go into the stack: all but the start tile. */
static int stack_count(int kind)
{
    return carc_tile_def_of(kind)->count - (kind == carc_tile_kind('D'));
}

static int check_config(const carc_config *cfg, carc_error *err)
{
    if (cfg->players < CARC_MIN_PLAYERS || cfg->players > CARC_MAX_PLAYERS) {
        set_error(err, CARC_E_CONFIG, "players must be 2..5, got %d", cfg->players);
        return CARC_E_CONFIG;
    }
    if (cfg->expansions & ~(unsigned)(CARC_EXP_GIFTS | CARC_EXP_CHRISTMAS)) {
        set_error(err, CARC_E_CONFIG, "unknown expansion bits 0x%x", cfg->expansions);
        return CARC_E_CONFIG;
    }
    const struct { const char *name; int len; const uint8_t *cards; int first; } decks[2] = {
        {"Cloister", cfg->cloister_deck_len, cfg->cloister_deck, CARC_XC_SCORE_THREE},
        {"Roadside", cfg->roadside_deck_len, cfg->roadside_deck, CARC_XR_INTRUDE_FIELD}};
    for (int d = 0; d < 2; d++) {
        int used[CARC_CARDS] = {0};
        if (decks[d].len < -1 || decks[d].len > 32) {
            set_error(err, CARC_E_CONFIG, "a fixed %s deck holds 0..32 cards, got %d",
                      decks[d].name, decks[d].len);
            return CARC_E_CONFIG;
        }
        for (int i = 0; i < decks[d].len; i++) {
            int c = decks[d].cards[i];
            if (c < decks[d].first || c >= decks[d].first + 16) {
                set_error(err, CARC_E_CONFIG, "%s deck position %d: %s is not a card of that deck",
                          decks[d].name, i, carc_card_name(c));
                return CARC_E_CONFIG;
            }
            if (++used[c] > 2) {
                set_error(err, CARC_E_CONFIG, "the %s deck has more than 2 %s", decks[d].name,
                          carc_card_name(c));
                return CARC_E_CONFIG;
            }
        }
    }
    if (cfg->gift_deck_len < -1 || cfg->gift_deck_len > 25) {
        set_error(err, CARC_E_CONFIG, "a fixed gift deck holds 0..25 cards, got %d",
                  cfg->gift_deck_len);
        return CARC_E_CONFIG;
    }
    int gifts[CARC_GIFT_TAKE_TWO + 1] = {0};
    for (int i = 0; i < cfg->gift_deck_len; i++) {
        int c = cfg->gift_deck[i];
        if (c < CARC_GIFT_SYNOD || c > CARC_GIFT_TAKE_TWO) {
            set_error(err, CARC_E_CONFIG, "gift deck position %d holds no gift (%d)", i, c);
            return CARC_E_CONFIG;
        }
        if (++gifts[c] > 5) {
            set_error(err, CARC_E_CONFIG, "the gift deck has more than 5 %s", carc_card_name(c));
            return CARC_E_CONFIG;
        }
    }
    if (cfg->stack_len < -1 || cfg->stack_len > CARC_STACK) {
        set_error(err, CARC_E_CONFIG, "a fixed stack holds 0..71 tiles, got %d", cfg->stack_len);
        return CARC_E_CONFIG;
    }
    int used[CARC_TILE_KINDS] = {0};
    for (int i = 0; i < cfg->stack_len; i++) {
        int k = cfg->stack[i];
        if (k >= CARC_TILE_KINDS) {
            set_error(err, CARC_E_CONFIG, "stack position %d holds no tile kind (%d)", i, k);
            return CARC_E_CONFIG;
        }
        if (++used[k] > stack_count(k)) {
            set_error(err, CARC_E_CONFIG, "the stack has more than %d tiles %c", stack_count(k),
                      'A' + k);
            return CARC_E_CONFIG;
        }
    }
    if (cfg->return_pos < -1 || cfg->return_pos > CARC_STACK) {
        set_error(err, CARC_E_CONFIG, "return_pos must be -1..71, got %d", cfg->return_pos);
        return CARC_E_CONFIG;
    }
    return CARC_OK;
}

static void build_stack(carc_game *g)
{
    const carc_config *cfg = &g->cfg;
    if (cfg->stack_len >= 0) {
        /* stack[stack_len-1] is the top: the config's first tile is drawn first */
        for (int i = 0; i < cfg->stack_len; i++)
            g->stack[cfg->stack_len - 1 - i] = cfg->stack[i];
        g->stack_len = (uint8_t)cfg->stack_len;
        g->unused = (uint8_t)(CARC_STACK - cfg->stack_len);
        return;
    }
    int n = 0;
    for (int k = 0; k < CARC_TILE_KINDS; k++)
        for (int c = 0; c < stack_count(k); c++)
            g->stack[n++] = (uint8_t)k;
    rng_shuffle(g->rng, g->stack, n);
    g->stack_len = (uint8_t)n;
}

carc_game *carc_new(const carc_config *cfg, carc_error *err)
{
    if (check_config(cfg, err) != CARC_OK)
        return NULL;
    carc_game *g = calloc(1, sizeof *g);
    if (!g) {
        set_error(err, CARC_E_CONFIG, "out of memory");
        return NULL;
    }
    g->cfg = *cfg;
    g->view_seat = -1;
    g->players = (uint8_t)cfg->players;
    rng_seed(g->rng, cfg->seed);
    memset(g->fnode, NODE_NONE, sizeof g->fnode);
    board_init(g);
    build_stack(g);
    gifts_setup(g);
    xmas_setup(g);
    g->step = ST_T1_DRAW;
    turn_advance(g);
    return g;
}

void carc_free(carc_game *g)
{
    free(g);
}

carc_game *carc_clone(const carc_game *g)
{
    carc_game *c = malloc(sizeof *c);
    if (c)
        state_copy(c, g);
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

const carc_config *carc_config_of(const carc_game *g)
{
    return &g->cfg;
}

static int cmp_u8(const void *a, const void *b)
{
    return *(const uint8_t *)a - *(const uint8_t *)b;
}

void carc_view(const carc_game *g, int seat, carc_game *out)
{
    state_copy(out, g);
    out->view_seat = (int8_t)seat;
    /* RULES.md 6: the stack order and the generator are known to nobody. What the
     * stack holds is public (all tiles less those seen), so it stays, sorted. */
    qsort(out->stack, out->stack_len, 1, cmp_u8);
    memset(out->rng, 0, sizeof out->rng);
    out->cfg.seed = 0;
    out->cfg.stack_len = -1;
    memset(out->cfg.stack, 0, sizeof out->cfg.stack);
    out->cfg.gift_deck_len = out->cfg.cloister_deck_len = out->cfg.roadside_deck_len = -1;
    memset(out->cfg.gift_deck, 0, sizeof out->cfg.gift_deck);
    memset(out->cfg.cloister_deck, 0, sizeof out->cfg.cloister_deck);
    memset(out->cfg.roadside_deck, 0, sizeof out->cfg.roadside_deck);
    gifts_hide(out, seat);
    xmas_hide(out, seat);
    /* G10: where a tile went back into the stack is part of the stack order */
    for (int i = 0; i < out->nevents; i++)
        if (out->events[i].kind == CARC_EV_TILE_RETURNED)
            out->events[i].value = -1;
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
    turn_pending(g, &p);
    return p;
}

int carc_players(const carc_game *g) { return g->players; }
int carc_is_over(const carc_game *g) { return g->over; }
int carc_turn(const carc_game *g) { return g->turn; }
unsigned carc_winners(const carc_game *g) { return g->over ? g->winners : 0; }
int carc_stack_left(const carc_game *g) { return g->stack_len; }

int carc_score(const carc_game *g, int seat)
{
    int s = 0;
    for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
        s += g->score[seat][c];
    return s;
}

int carc_score_part(const carc_game *g, int seat, int category)
{
    return g->score[seat][category];
}

int carc_supply(const carc_game *g, int seat)
{
    return follower_supply(g, seat);
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

/* Node of the segment at (x,y,port), or NODE_NONE. */
int node_at(const carc_game *g, int x, int y, int port)
{
    if (x < -100 || x > 100 || y < -100 || y > 100 || port < 0 || port >= CARC_PORTS)
        return NODE_NONE;
    int t = board_lookup(g, x, y);
    return t < 0 ? NODE_NONE : board_port_node(g, t, port);
}

int carc_segment(const carc_game *g, int x, int y, int port, int *canonical)
{
    int n = node_at(g, x, y, port);
    if (n == NODE_NONE)
        return -1;
    if (canonical)
        *canonical = board_node_port(g, n);
    return g->nodes[n].type;
}

int carc_followers(const carc_game *g, carc_follower *out, int cap)
{
    int count = 0;
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < CARC_FOLLOWERS; i++) {
            int n = g->fnode[s][i];
            if (n == NODE_NONE)
                continue;
            if (count < cap) {
                const placed *p = &g->tiles[g->nodes[n].tile];
                carc_follower *f = &out[count];
                f->seat = (int8_t)s;
                f->x = p->x;
                f->y = p->y;
                f->port = (uint8_t)board_node_port(g, n);
                f->type = g->nodes[n].type;
                f->locked = (g->nodes[feat_root(g, n)].flags & NF_LOCKED) != 0;
            }
            count++;
        }
    return count;
}

int carc_feature_at(const carc_game *g, int x, int y, int port, carc_feature_info *out)
{
    int n = node_at(g, x, y, port);
    if (n == NODE_NONE)
        return 0;
    int r = feat_root(g, n);
    const node *rn = &g->nodes[r];
    memset(out, 0, sizeof *out);
    out->type = rn->type;
    out->tiles = rn->type == CARC_FEAT_CLOISTER ? 1 : feat_tiles(g, r);
    out->pennants = rn->pennants;
    out->completed = (rn->flags & NF_COMPLETED) != 0;
    for (int s = 0; s < g->players; s++)
        out->followers[s] = rn->follow[s];
    out->tokens = rn->tokens;
    out->locked = (rn->flags & NF_LOCKED) != 0;
    out->value = out->completed ? feat_value_completed(g, r) : feat_value_end(g, r);
    return 1;
}

int carc_gifts(const carc_game *g, int seat, int counts[6])
{
    for (int c = 0; c < 6; c++)
        counts[c] = g->gifts[seat][c];
    return gifts_held(g, seat);
}

int carc_gift_deck_left(const carc_game *g) { return g->gift_deck_len; }

int carc_gift_discard(const carc_game *g, int *cards, int cap)
{
    for (int i = 0; i < g->gift_ndiscard && i < cap; i++)
        cards[i] = g->gift_discard[i];
    return g->gift_ndiscard;
}

int carc_cards(const carc_game *g, int seat, int counts[CARC_CARDS])
{
    for (int c = 0; c < CARC_CARDS; c++)
        counts[c] = g->xhand[seat][c];
    return xmas_hand(g, seat);
}

int carc_cards_by_deck(const carc_game *g, int seat, int by_deck[2])
{
    by_deck[0] = by_deck[1] = 0;
    if (seat < 0 || seat >= g->players)
        return 0;
    if (g->xhand[seat][0]) {  /* a view hiding this seat's cards keeps their decks */
        by_deck[0] = g->xhidden[seat][0];
        by_deck[1] = g->xhidden[seat][1];
    }
    for (int c = CARC_XC_SCORE_THREE; c < CARC_CARDS; c++)
        by_deck[c >= CARC_XR_INTRUDE_FIELD] += g->xhand[seat][c];
    return by_deck[0] + by_deck[1];
}

int carc_xdeck_left(const carc_game *g, int deck)
{
    return deck == 0 || deck == 1 ? g->xdeck_len[deck] : 0;
}

int carc_xdiscard(const carc_game *g, int deck, int *cards, int cap)
{
    if (deck != 0 && deck != 1)
        return 0;
    for (int i = 0; i < g->xndiscard[deck] && i < cap; i++)
        cards[i] = g->xdiscard[deck][i];
    return g->xndiscard[deck];
}

int carc_card_in_play(const carc_game *g, carc_move *target)
{
    if (g->xplay && target)
        *target = g->xplay_phase == XP_REPLY ? g->xplay_target : carc_move_pass();
    return g->xplay;
}

int carc_masterminds(const carc_game *g, carc_mastermind_mark out[2])
{
    int n = 0;
    if (g->over)
        return 0;  /* the game ended first: no effect (X13) */
    for (int k = 0; k < 2; k++) {
        int slot = (g->turn + k) & 1;  /* this turn's first, then the next turn's */
        if (!(g->mm_pending >> slot & 1))
            continue;
        out[n].x = g->mm_x[slot];
        out[n].y = g->mm_y[slot];
        out[n].turn = g->mm_turn[slot];
        n++;
    }
    return n;
}

int carc_mastermind(const carc_game *g, int *x, int *y)
{
    carc_mastermind_mark mm[2];
    if (!carc_masterminds(g, mm))
        return 0;
    *x = mm[0].x;
    *y = mm[0].y;
    return 1;
}

int carc_banked(const carc_game *g, int seat)
{
    int n = 0;
    for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
        n += g->banked[seat][c];
    return n;
}

int carc_offered_deck(const carc_game *g)
{
    if (carc_pending_decision(g).decision != CARC_DEC_CARD_DRAW)
        return -1;
    return g->step == ST_T5_CLOISTER ? 0 : 1;
}
