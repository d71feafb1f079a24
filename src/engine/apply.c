/*
 * apply.c - carc_apply: validate a move against the pending decision, then apply
 * it. Every check happens before the first write, so a rejected move leaves the
 * state byte for byte as it was.
 */
#include <stdio.h>
#include "state.h"

static const char *const edge_words[3] = {"field", "city", "road"};
static const char *const side_words[4] = {"N", "E", "S", "W"};

static const char *move_kind_word(int kind)
{
    static const char *const words[CARC_MOVE_KINDS] = {
        "pass", "tile placement", "follower", "gift", "card", "draw", "target", "block",
        "discard"};
    return kind >= 0 && kind < CARC_MOVE_KINDS ? words[kind] : "unknown move";
}

static int wrong_kind(const carc_game *g, const carc_move *m, carc_error *err)
{
    carc_pending p;
    turn_pending(g, &p);
    set_error(err, CARC_E_ILLEGAL, "a %s is not a legal answer to the pending '%s' decision",
              move_kind_word(m->kind), carc_decision_name(p.decision));
    return CARC_E_ILLEGAL;
}

/* Whether a move of this kind can answer the decision at all. */
static int kind_answers(int decision, int kind)
{
    switch (decision) {
    case CARC_DEC_CARD_DRAW: return kind == CARC_MOVE_DRAW || kind == CARC_MOVE_PASS;
    case CARC_DEC_CARD_TARGET: return kind == CARC_MOVE_TARGET;
    case CARC_DEC_BLOCK: return kind == CARC_MOVE_BLOCK || kind == CARC_MOVE_PASS;
    case CARC_DEC_MODIFIER: return kind == CARC_MOVE_CARD || kind == CARC_MOVE_PASS;
    case CARC_DEC_DISCARD: return kind == CARC_MOVE_DISCARD;
    case CARC_DEC_END_CHOICE: return kind == CARC_MOVE_TARGET;
    default: return 0;
    }
}

static int check_place(const carc_game *g, const carc_move *m, carc_error *err)
{
    char letter = (char)('A' + (m->tile < CARC_TILE_KINDS ? m->tile : 0));
    int in_hand = 0;
    for (int h = 0; h < g->nhand; h++)
        in_hand |= g->hand[h] == m->tile;
    if (m->tile >= CARC_TILE_KINDS || !in_hand) {
        if (g->nhand == 2)
            set_error(err, CARC_E_ILLEGAL, "tile %c is not in hand (%c, %c)",
                      m->tile < CARC_TILE_KINDS ? letter : '?', 'A' + g->hand[0],
                      'A' + g->hand[1]);
        else
            set_error(err, CARC_E_ILLEGAL, "tile %c is not the tile in hand (%c)",
                      m->tile < CARC_TILE_KINDS ? letter : '?', 'A' + g->hand[0]);
        return CARC_E_ILLEGAL;
    }
    if (m->rot > 3) {
        set_error(err, CARC_E_ILLEGAL, "rotation %d is not 0..3", m->rot);
        return CARC_E_ILLEGAL;
    }
    int at = board_find(g, m->x, m->y);
    if (at >= 0 && at < CELL_FRONTIER) {
        set_error(err, CARC_E_ILLEGAL, "(%d,%d) already holds a tile", m->x, m->y);
        return CARC_E_ILLEGAL;
    }
    int si = at < 0 ? -1 : at - CELL_FRONTIER;
    if (si < 0) {
        set_error(err, CARC_E_ILLEGAL, "(%d,%d) shares no edge with a placed tile (B4)",
                  m->x, m->y);
        return CARC_E_ILLEGAL;
    }
    int forced = xmas_forced_spot(g);
    if (forced >= 0 && forced != si) {
        set_error(err, CARC_E_ILLEGAL, "mastermind: a tile in hand fits at (%d,%d), so it must go "
                  "there (X13)", g->frontier[forced].x, g->frontier[forced].y);
        return CARC_E_ILLEGAL;
    }
    const spot *s = &g->frontier[si];
    if (spot_fits(g, s, m->tile) & (1u << (m->rot % tiletab_period[m->tile])))
        return CARC_OK;  /* the table says it fits; below, which edge does not */
    unsigned packed = tiletab_packed(m->tile, m->rot);
    for (int d = 0; d < 4; d++) {
        int mine = (packed >> (2 * d)) & 3, theirs = (s->sig >> (2 * d)) & 3;
        if (theirs == SIG_FREE)
            continue;
        if (mine != theirs) {
            set_error(err, CARC_E_ILLEGAL,
                      "%c r%d does not fit at (%d,%d): its %s edge (%s) meets %s (B4)", letter,
                      m->rot, m->x, m->y, side_words[d], edge_words[mine], edge_words[theirs]);
            return CARC_E_ILLEGAL;
        }
    }
    return CARC_OK;
}

/* G10: the tile not placed goes back into the stack, at a uniformly random depth,
 * or with a fixed stack at the configured depth (from the top), by default the
 * bottom. X9: it leaves the game. */
static void put_back(carc_game *g, int kind)
{
    if (g->extra_tile == EXTRA_DRAW_TWO) {
        g->removed[g->nremoved++] = (uint8_t)kind;
        emit(g, CARC_EV_TILE_REMOVED, g->active, 0, 0, kind, 0, 0);
        return;
    }
    int len = g->stack_len, depth;
    if (g->cfg.stack_len < 0)
        depth = (int)rng_below(g->rng, (uint32_t)len + 1);
    else
        depth = g->cfg.return_pos < 0 || g->cfg.return_pos > len ? len : g->cfg.return_pos;
    int at = len - depth;  /* index: the top is stack[len-1] */
    memmove(&g->stack[at + 1], &g->stack[at], (size_t)(len - at));
    g->stack[at] = (uint8_t)kind;
    g->stack_len++;
    emit(g, CARC_EV_TILE_RETURNED, g->active, 0, 0, kind, 0, depth);
}

static void do_place(carc_game *g, const carc_move *m)
{
    int rot = m->rot % tiletab_period[m->tile];
    int other = -1;
    if (g->nhand == 2)
        other = g->hand[0] == m->tile ? g->hand[1] : g->hand[0];
    g->nhand = 0;
    if (other >= 0)
        put_back(g, other);
    board_place(g, m->tile, rot, m->x, m->y);
    emit(g, CARC_EV_PLACED, g->active, m->x, m->y, m->tile, (uint8_t)rot, 0);
    g->step = ST_T4_GIFT;
}

static int check_follower(const carc_game *g, const carc_move *m, carc_error *err)
{
    const placed *p = &g->tiles[g->last];
    if (m->x != p->x || m->y != p->y) {
        set_error(err, CARC_E_ILLEGAL, "a follower goes on the tile just placed at (%d,%d) (B6)",
                  p->x, p->y);
        return CARC_E_ILLEGAL;
    }
    int n = m->port < CARC_PORTS ? board_port_node(g, g->last, m->port) : NODE_NONE;
    if (n == NODE_NONE) {
        set_error(err, CARC_E_ILLEGAL, "(%d,%d) has no segment at port %s", p->x, p->y,
                  carc_port_name(m->port));
        return CARC_E_ILLEGAL;
    }
    if (follower_supply(g, g->active) == 0) {
        set_error(err, CARC_E_ILLEGAL, "player %d has no follower in supply (B6)", g->active);
        return CARC_E_ILLEGAL;
    }
    if (!legal_follower_ok(g, n)) {
        set_error(err, CARC_E_ILLEGAL, "the %s at %s already holds a follower (B6)",
                  carc_feature_name(g->nodes[n].type), carc_port_name(m->port));
        return CARC_E_ILLEGAL;
    }
    return CARC_OK;
}

int carc_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    if (g->view_seat >= 0) {
        set_error(err, CARC_E_VIEW, "a seat's view cannot be played");
        return CARC_E_VIEW;
    }
    if (g->over) {
        set_error(err, CARC_E_OVER, "the game is over");
        return CARC_E_OVER;
    }
    carc_pending p;
    int rc;
    switch (turn_pending(g, &p)) {
    case CARC_DEC_WINDOW_BEFORE:
        if (m->kind == CARC_MOVE_PASS) {
            events_clear(g);
            g->step = ST_T3_PLACE;  /* the window is closed */
        } else if (m->kind == CARC_MOVE_GIFT) {
            if ((rc = gifts_apply(g, m, err)) != CARC_OK)
                return rc;
        } else if (m->kind == CARC_MOVE_CARD) {
            if ((rc = xmas_apply(g, p.decision, m, err)) != CARC_OK)
                return rc;
        } else {
            return wrong_kind(g, m, err);
        }
        break;
    case CARC_DEC_WINDOW_AFTER:
        if (m->kind == CARC_MOVE_PASS) {
            events_clear(g);
            g->step = ST_T9_HAND;  /* the window is closed */
        } else if (m->kind == CARC_MOVE_CARD) {
            if ((rc = xmas_apply(g, p.decision, m, err)) != CARC_OK)
                return rc;
        } else {
            return wrong_kind(g, m, err);
        }
        break;
    case CARC_DEC_CARD_DRAW: case CARC_DEC_CARD_TARGET: case CARC_DEC_BLOCK:
    case CARC_DEC_MODIFIER: case CARC_DEC_DISCARD: case CARC_DEC_END_CHOICE:
        if (!kind_answers(p.decision, m->kind))
            return wrong_kind(g, m, err);
        if ((rc = xmas_apply(g, p.decision, m, err)) != CARC_OK)
            return rc;
        break;
    case CARC_DEC_PLACE:
        if (m->kind != CARC_MOVE_PLACE)
            return wrong_kind(g, m, err);
        if ((rc = check_place(g, m, err)) != CARC_OK)
            return rc;
        events_clear(g);
        do_place(g, m);
        break;
    case CARC_DEC_FOLLOWER:
        if (m->kind == CARC_MOVE_FOLLOWER) {
            if ((rc = check_follower(g, m, err)) != CARC_OK)
                return rc;
            events_clear(g);
            put_follower(g, g->active, board_port_node(g, g->last, m->port));
        } else if (m->kind == CARC_MOVE_PASS) {
            events_clear(g);
        } else {
            return wrong_kind(g, m, err);
        }
        g->step = ST_T7_MODIFIERS;
        break;
    default:
        return wrong_kind(g, m, err);
    }
    turn_advance(g);
    return CARC_OK;
}
