/*
 * apply.c - carc_apply: validate a move against the pending decision, then apply
 * it. Every check happens before the first write, so a rejected move leaves the
 * state byte for byte as it was.
 */
#include <stdio.h>
#include "expansion.h"

static const char *const edge_words[4] = {"field", "city", "road", "river"};
static const char *const side_words[4] = {"N", "E", "S", "W"};

static const char *move_kind_word(int kind)
{
    static const char *const words[CARC_MOVE_KINDS] = {
        "pass", "tile placement", "follower", "gift", "card", "draw", "target", "block",
        "discard", "second part", "recall", "dragon move", "fairy move", "princess", "floor",
        "capture", "ransom", "exchange"};
    return kind >= 0 && kind < CARC_MOVE_KINDS ? words[kind] : "unknown move";
}

/* After a gift, a card or a reply has been resolved: the builders and pigs that
 * lost their support go home (§0). Only the expansions' moves can take followers
 * away; a base game never gets here. `left`: g->fig_left before the move, so that a
 * move that took no follower away (a fairy's, a floor, most) needs no sweep. */
static void exp_resolved(carc_game *g, uint8_t left)
{
    if (fig_specials(g) && g->fig_left != left)
        figure_support(g);  /* an abbot supports nothing (CI3): its recall needs no sweep */
}

static int wrong_kind(const carc_game *g, const carc_move *m, carc_error *err)
{
    carc_pending p;
    turn_pending(g, &p);
    error_set(err, CARC_E_ILLEGAL, "a %s is not a legal answer to the pending '%s' decision",
              move_kind_word(m->kind), carc_decision_name(p.decision));
    return CARC_E_ILLEGAL;
}

/* T6: why recall move m is refused, in the words of the game's figure that may be
 * taken back (A6: the abbot), or plain ones if it has none. */
static int no_recall(const carc_game *g, const carc_move *m, carc_error *err)
{
    const char *words = "player %d has no figure to take back at (%d,%d) %s";
    for (unsigned k = g->figures; k; k &= k - 1)
        if (exp_figure_of[__builtin_ctz(k)]->no_recall) {
            words = exp_figure_of[__builtin_ctz(k)]->no_recall;
            break;
        }
    error_set(err, CARC_E_ILLEGAL, words, g->active, m->x, m->y, carc_port_name(m->port));
    return CARC_E_ILLEGAL;
}

/* A tile that closes (the abbey) where the fit table does not place it: CARC_OK at a
 * hole only an expansion sees (the river's dead end, CI19: its hook fit_rots), else
 * why not. Out of line: a placement's usual path never comes here. */
static __attribute__((noinline)) int check_hole(const carc_game *g, const carc_move *m, int si,
                                                unsigned rot_bit, carc_error *err)
{
    if (g->frontier[si].sig == SIG_DEAD && (spot_fit_rots(g, si, m->tile) & rot_bit))
        return CARC_OK;
    error_set(err, CARC_E_ILLEGAL, "%s goes only into a hole, a place with tiles on all four "
              "sides: (%d,%d) is none (AM3)", tile_def(m->tile)->name, m->x, m->y);
    return CARC_E_ILLEGAL;
}

static int check_place(const carc_game *g, const carc_move *m, carc_error *err)
{
    const char *name = m->tile < CARC_TILE_KINDS ? tile_def(m->tile)->name : "?";
    int in_hand = 0;
    for (int h = 0; h < g->nhand; h++)
        in_hand |= g->hand[h] == m->tile;
    if (m->tile >= CARC_TILE_KINDS || !in_hand) {
        if (g->nhand == 2)
            error_set(err, CARC_E_ILLEGAL, "tile %s is not in hand (%s, %s)", name,
                      tile_def(g->hand[0])->name, tile_def(g->hand[1])->name);
        else
            error_set(err, CARC_E_ILLEGAL, "tile %s is not the tile in hand (%s)", name,
                      tile_def(g->hand[0])->name);
        return CARC_E_ILLEGAL;
    }
    if (m->rot > 3) {
        error_set(err, CARC_E_ILLEGAL, "rotation %d is not 0..3", m->rot);
        return CARC_E_ILLEGAL;
    }
    int at = board_find(g, m->x, m->y);
    if (at >= 0 && at < CELL_FRONTIER) {
        error_set(err, CARC_E_ILLEGAL, "(%d,%d) already holds a tile", m->x, m->y);
        return CARC_E_ILLEGAL;
    }
    int si = at < 0 ? -1 : at - CELL_FRONTIER;
    if (si < 0) {
        error_set(err, CARC_E_ILLEGAL, "(%d,%d) shares no edge with a placed tile (B4)",
                  m->x, m->y);
        return CARC_E_ILLEGAL;
    }
    int forced = exp_forced_spot(g);
    if (forced >= 0 && forced != si) {
        /* the words of the expansion that forces the spot (R5, X13) */
        if (!exp_refuse(g, m, si, forced, err))
            error_set(err, CARC_E_ILLEGAL, "a tile in hand must go to (%d,%d)",
                      g->frontier[forced].x, g->frontier[forced].y);
        return CARC_E_ILLEGAL;
    }
    const spot *s = &g->frontier[si];
    unsigned rot_bit = 1u << (m->rot % tiletab_period[m->tile]);
    if (spot_fits(g, s, m->tile) & rot_bit)
        return CARC_OK;  /* the table says it fits; below, which edge does not */
    if (forced >= 0 && (spot_fit_rots(g, si, m->tile) & rot_bit))
        return CARC_OK;  /* a tile an expansion places (a river tile, R5) */
    if (tile_closes(m->tile))  /* it fits any edges, in a hole only (AM4) */
        return check_hole(g, m, si, rot_bit, err);
    /* a misfit at a spot an expansion forces or keeps closed, in its words (R5, R6) */
    if ((forced >= 0 || s->sig == SIG_DEAD) && exp_refuse(g, m, si, forced, err))
        return CARC_E_ILLEGAL;
    unsigned packed = tiletab_packed(m->tile, m->rot);
    for (int d = 0; d < 4; d++) {
        int mine = (packed >> (2 * d)) & 3, theirs = (s->sig >> (2 * d)) & 3;
        if (theirs == SIG_FREE)
            continue;
        if (mine != theirs) {
            error_set(err, CARC_E_ILLEGAL,
                      "%s r%d does not fit at (%d,%d): its %s edge (%s) meets %s (B4)", name,
                      m->rot, m->x, m->y, side_words[d], edge_words[mine], edge_words[theirs]);
            return CARC_E_ILLEGAL;
        }
    }
    return CARC_OK;
}

static void do_place(carc_game *g, const carc_move *m)
{
    int rot = m->rot % tiletab_period[m->tile];
    int other = -1;
    if (g->nhand == 2)
        other = g->hand[0] == m->tile ? g->hand[1] : g->hand[0];
    g->nhand = 0;
    if (other >= 0)
        stack_put_back(g, other);
    board_place(g, m->tile, rot, m->x, m->y);
    event_emit(g, CARC_EV_PLACED, g->active, m->x, m->y, m->tile, (uint8_t)rot, 0);
    g->step = ST_T4_GIFT;
}

/* T6 with a figure other than a meeple (I4, TB4, TB7, A4): why it may not stand
 * there, in its descriptor's words. */
static int check_figure(const carc_game *g, const carc_move *m, int n, carc_error *err)
{
    int f = m->figure;
    if (f >= CARC_FIGURES || !(g->figures >> f & 1)) {
        error_set(err, CARC_E_ILLEGAL, "this game has no %s figure", f < CARC_FIGURES ?
                  carc_figure_name(f) : "such");
        return CARC_E_ILLEGAL;
    }
    const struct exp_figure *d = exp_figure_of[f];
    if (!figure_in_supply(g, g->active, f)) {
        error_set(err, CARC_E_ILLEGAL, "player %d's %s is already on the board (one each)",
                  g->active, d->word);
        return CARC_E_ILLEGAL;
    }
    if (figure_ok(g, f, n))
        return CARC_OK;
    const feature *ft = feat_of(g, n);
    const char *type = carc_feature_name(feat_type(ft)), *port = carc_port_name(m->port);
    if (!(d->stands >> feat_type(ft) & 1))
        error_set(err, CARC_E_ILLEGAL, d->not_there, type);
    else if (!d->special)
        error_set(err, CARC_E_ILLEGAL, d->taken, type, port);
    else if (ft->flags & NF_COMPLETED)
        error_set(err, CARC_E_ILLEGAL, d->finished, type, port);
    else
        error_set(err, CARC_E_ILLEGAL, d->unsupported, type, port, g->active);
    return CARC_E_ILLEGAL;
}

/* T6: why a follower move on the tile just placed is not legal (CARC_E_ILLEGAL with
 * err written), or CARC_OK. */
static int check_follower(const carc_game *g, const carc_move *m, carc_error *err)
{
    const placed *p = &g->tiles[g->last];
    if (m->x != p->x || m->y != p->y) {
        error_set(err, CARC_E_ILLEGAL, "a follower goes on the tile just placed at (%d,%d) (B6)",
                  p->x, p->y);
        return CARC_E_ILLEGAL;
    }
    if (exp_no_figure_on(g, g->last)) {  /* PD5: in the words of the expansion */
        error_set(err, CARC_E_ILLEGAL, exp_no_figure_words(g, g->last), p->x, p->y);
        return CARC_E_ILLEGAL;
    }
    int n = m->port < CARC_PORTS ? board_port_node(g, g->last, m->port) : NODE_NONE;
    if (n == NODE_NONE) {
        error_set(err, CARC_E_ILLEGAL, "(%d,%d) has no segment at port %s", p->x, p->y,
                  carc_port_name(m->port));
        return CARC_E_ILLEGAL;
    }
    if (m->figure != CARC_FIG_MEEPLE)
        return check_figure(g, m, n, err);
    if (follower_supply(g, g->active) == 0 ||
        !figure_in_supply(g, g->active, CARC_FIG_MEEPLE)) {
        error_set(err, CARC_E_ILLEGAL, "player %d has no %s in supply (B6)", g->active,
                  follower_supply(g, g->active) ? "meeple" : "follower");
        return CARC_E_ILLEGAL;
    }
    /* the meeple's words (figure.c), the feature's followers asked first */
    if (!legal_follower_ok(g, n)) {
        error_set(err, CARC_E_ILLEGAL, figure_meeple.taken, carc_feature_name(node_type(g, n)),
                  carc_port_name(m->port));
        return CARC_E_ILLEGAL;
    }
    if (!(figure_meeple.stands >> node_type(g, n) & 1)) {
        error_set(err, CARC_E_ILLEGAL, figure_meeple.not_there,
                  carc_feature_name(node_type(g, n)));
        return CARC_E_ILLEGAL;
    }
    return CARC_OK;
}

/* T6: the node a follower move on the tile just placed names, or NODE_NONE with the
 * refusal written. The meeple's checks (B6) come first and need no call: they are
 * every base game's T6 move, while the split of the refusals out of carc_apply cost
 * the base game 0.5%. */
static int follower_node(const carc_game *g, const carc_move *m, carc_error *err)
{
    const placed *p = &g->tiles[g->last];
    int n = m->port < CARC_PORTS ? board_port_node(g, g->last, m->port) : NODE_NONE;
    if (m->x == p->x && m->y == p->y && n != NODE_NONE && m->figure == CARC_FIG_MEEPLE &&
        !fig_choice(g) && follower_supply(g, g->active) > 0 && !exp_no_figure_on(g, g->last)) {
        const feature *f = feat_of(g, n);  /* legal_follower_ok, then the meeple's stands */
        if (f->follow == 0 && !(f->flags2 & NF2_BARRED) &&
            (figure_meeple.stands >> feat_type(f) & 1))
            return n;
    }
    return check_follower(g, m, err) == CARC_OK ? n : NODE_NONE;
}

/* T6: a follower move for a tile other than the one just placed, which only an
 * expansion's choice may make (PD11, a portal); never in a game without such. */
static int t6_elsewhere(const carc_game *g, const carc_move *m)
{
    const placed *p = &g->tiles[g->last];
    return exp_t6(g) && (m->x != p->x || m->y != p->y);
}

int carc_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    if (g->view_seat >= 0) {
        error_set(err, CARC_E_VIEW, "a seat's view cannot be played");
        return CARC_E_VIEW;
    }
    if (g->over) {
        error_set(err, CARC_E_OVER, "the game is over");
        return CARC_E_OVER;
    }
    carc_pending p;
    int rc;
    uint8_t left;  /* g->fig_left before an expansion's move (exp_resolved) */
    switch (turn_noted(g, &p)) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER:
        if (m->kind == CARC_MOVE_PASS) {
            event_clear(g);
            /* the window is closed: nothing resolved, no support lost (most windows) */
            g->step = p.decision == CARC_DEC_WINDOW_BEFORE ? ST_T3_PLACE : ST_T9_HAND;
            break;
        }
        left = g->fig_left;
        if ((rc = exp_apply(g, p.decision, m, err)) != CARC_OK)
            return rc == EXP_NOT_MINE ? wrong_kind(g, m, err) : rc;
        exp_resolved(g, left);
        break;
    case CARC_DEC_PLACE:
        if (m->kind != CARC_MOVE_PLACE)
            return wrong_kind(g, m, err);
        if ((rc = check_place(g, m, err)) != CARC_OK)
            return rc;
        event_clear(g);
        do_place(g, m);
        break;
    case CARC_DEC_FOLLOWER:
        /* the core's own choices: a follower on the tile just placed, the pass, a
         * recall; any other (a follower elsewhere through a portal or on a tower's
         * top, a fairy, a princess, a floor, a ransom: PD9, PD11, PD12, TW3, TW4,
         * TW8) is an expansion's, below */
        if (m->kind == CARC_MOVE_FOLLOWER && m->port < CARC_PORTS && !t6_elsewhere(g, m)) {
            int n = follower_node(g, m, err);
            if (n == NODE_NONE)
                return CARC_E_ILLEGAL;
            event_clear(g);
            figure_put(g, g->active, m->figure, n);
        } else if (m->kind == CARC_MOVE_PASS) {
            event_clear(g);
        } else if (m->kind == CARC_MOVE_RECALL) {
            if (figure_recall_points(g, m) < 0)
                return no_recall(g, m, err);
            event_clear(g);
            figure_recall(g, m);
        } else {
            /* an expansion's own choice (a figure on a place that is no segment, a
             * floor: TW3, TW4) or a move before the choice (T6a): it sets the step */
            left = g->fig_left;
            if ((rc = exp_t6_apply(g, m, err)) == CARC_OK) {
                exp_resolved(g, left);
                break;
            }
            if (rc != EXP_NOT_MINE)
                return rc;
            return m->kind == CARC_MOVE_FOLLOWER ? check_follower(g, m, err)
                                                 : wrong_kind(g, m, err);
        }
        g->step = ST_T6_AFTER;
        break;
    default:  /* an expansion's decision */
        left = g->fig_left;
        if ((rc = exp_apply(g, p.decision, m, err)) != CARC_OK)
            return rc == EXP_NOT_MINE ? wrong_kind(g, m, err) : rc;
        exp_resolved(g, left);
        break;
    }
    turn_advance(g);
    turn_note(g);
    return CARC_OK;
}
