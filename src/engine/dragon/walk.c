/*
 * walk.c - the dragon's movement (PD6, PD7) and what it eats (PD8).
 *
 * After T6 of a part whose tile has the dragon symbol, with the dragon on the
 * board (dragon.c sets `due`), the step ST_T6_AFTER owes up to six decisions
 * CARC_DEC_WALK, move k owed by seat active + k: each is a step to an orthogonal
 * neighbour holding a tile, not visited in this movement, not the fairy's tile.
 * With no such neighbour the movement ends at once (a dead end).
 */
#include <stdlib.h>
#include "dragon.h"

static const int walk_dx[4] = {0, 1, 0, -1}, walk_dy[4] = {-1, 0, 1, 0};

/* Whether the dragon may step onto tile t now (PD7 b, c). */
static int walk_open(const carc_game *g, int t)
{
    const struct dragon_state *st = dragon_st(g);
    if (t < 0 || t + 1 == st->fairy)
        return 0;
    for (int i = 0; i <= st->walked; i++)
        if (st->visited[i] == t)
            return 0;
    return 1;
}

/* The tiles the dragon may step onto, N E S W, into to[]; how many. */
static int walk_steps(const carc_game *g, int to[4])
{
    const placed *p = &g->tiles[dragon_st(g)->dragon - 1];
    int n = 0;
    for (int d = 0; d < 4; d++) {
        int t = board_lookup(g, p->x + walk_dx[d], p->y + walk_dy[d]);
        if (walk_open(g, t))
            to[n++] = t;
    }
    return n;
}

static void walk_end(carc_game *g)
{
    struct dragon_state *st = dragon_st(g);
    st->due = st->walking = st->walked = st->nsteps = 0;
    memset(st->visited, 0, sizeof st->visited);
    memset(st->steps, 0, sizeof st->steps);
}

int dragon_walk_at(carc_game *g)
{
    struct dragon_state *st = dragon_st(g);
    if (!st->due)
        return 0;
    if (!st->walking) {
        st->walking = 1;
        st->walked = 0;
        st->visited[0] = (uint8_t)(st->dragon - 1);
    }
    int to[4], n = st->walked < DRAGON_MOVES ? walk_steps(g, to) : 0;
    if (n == 0) {
        walk_end(g);  /* six moves, or a dead end: the later movers are not asked */
        return 0;
    }
    memset(st->steps, 0, sizeof st->steps);
    for (int i = 0; i < n; i++)
        st->steps[i] = (uint8_t)to[i];
    st->nsteps = (uint8_t)n;
    return 1;
}

void dragon_walk_pending(const carc_game *g, carc_pending *p)
{
    const struct dragon_state *st = dragon_st(g);
    if (g->step != ST_T6_AFTER || !st->walking)
        return;
    p->decision = CARC_DEC_WALK;
    p->seat = (g->active + st->walked) % g->players;
}

int dragon_walk_legal(const carc_game *g, carc_move *out, int cap)
{
    const struct dragon_state *st = dragon_st(g);
    int to[4], n = st->nsteps;
    if (n)  /* noted by dragon_walk_at as it owed the step */
        for (int i = 0; i < n; i++)
            to[i] = st->steps[i];
    else
        n = walk_steps(g, to);
    if (n > cap)
        n = cap;
    for (int i = 0; i < n; i++) {
        out[i] = move_pass();
        out[i].kind = CARC_MOVE_WALK;
        out[i].x = g->tiles[to[i]].x;
        out[i].y = g->tiles[to[i]].y;
    }
    return n;
}

/* PD8, CI22: every figure on tile t back to its owner's supply, followers on the
 * tower of that tile included (figure_on_tile: its segments and its places), but
 * followers on a locked feature (XI20); barns, floors, tokens and the fairy are no
 * figures of a tile. The builders and pigs that lose their support go after the
 * move (apply.c). */
static void walk_eat(carc_game *g, int t)
{
    uint8_t seats[CARC_MAX_PLAYERS * FIG_SLOTS], slots[CARC_MAX_PLAYERS * FIG_SLOTS];
    int n = figure_on_tile(g, t, seats, slots, CARC_MAX_PLAYERS * FIG_SLOTS);
    for (int k = 0; k < n; k++) {
        int s = seats[k], i = slots[k];
        unsigned v = g->fnode[s][i];
        if (!fig_placed(v)) {
            figure_remove(g, s, i, -1);  /* on a place of the tile: a tower's top */
            continue;
        }
        if (i < FIG_FOLLOWER_SLOTS && (feat_of(g, (int)v)->flags & NF_LOCKED))
            continue;
        figure_take_slot(g, s, i);
    }
    if (dragon_st(g)->fairy_seat && dragon_fairy_seat(g) < 0)
        dragon_fairy_forget(g);  /* its follower was eaten: cannot be, the fairy's tile
                                    is never entered; kept for a later rule that moves it */
}

int dragon_walk_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    struct dragon_state *st = dragon_st(g);
    const placed *p = &g->tiles[st->dragon - 1];
    int t = board_lookup(g, m->x, m->y);
    int dist = abs(m->x - p->x) + abs(m->y - p->y);
    if (t < 0 && dist == 1) {
        error_set(err, CARC_E_ILLEGAL, "(%d,%d) holds no tile: the dragon steps only onto tiles (PD7)",
                  m->x, m->y);
        return CARC_E_ILLEGAL;
    }
    if (t < 0 || dist != 1) {
        error_set(err, CARC_E_ILLEGAL,
                  "the dragon at (%d,%d) steps to a tile beside it N, E, S or W, not (%d,%d) (PD7)",
                  p->x, p->y, m->x, m->y);
        return CARC_E_ILLEGAL;
    }
    if (t + 1 == st->fairy) {
        error_set(err, CARC_E_ILLEGAL,
                  "(%d,%d) is the fairy's tile: the dragon never enters it (PD7, PD9)", m->x, m->y);
        return CARC_E_ILLEGAL;
    }
    if (!walk_open(g, t)) {
        error_set(err, CARC_E_ILLEGAL,
                  "the dragon already visited (%d,%d) in this movement (PD7)", m->x, m->y);
        return CARC_E_ILLEGAL;
    }
    event_clear(g);
    int mover = (g->active + st->walked) % g->players;
    st->dragon = (uint8_t)(t + 1);
    st->visited[++st->walked] = (uint8_t)t;
    st->nsteps = 0;  /* found again by the next step (dragon_walk_at) */
    memset(st->steps, 0, sizeof st->steps);
    dragon_event(g, NEUTRAL_DRAGON, NEUTRAL_WALKED, mover, t, CARC_PORT_NONE);
    walk_eat(g, t);
    return CARC_OK;
}

/* The noted steps against the board: those walk_steps finds while a step is owed
 * (the step after T6 noted them), none between a move and the next step. */
static int walk_steps_check(const carc_game *g, carc_error *err)
{
    const struct dragon_state *st = dragon_st(g);
    int to[4], n = st->walked < DRAGON_MOVES ? walk_steps(g, to) : 0;
    int owed = g->step == ST_T6_AFTER && st->nsteps;
    int ok = st->nsteps == (owed ? n : 0);
    for (int i = 0; i < 4; i++)
        ok &= st->steps[i] == (owed && i < n ? to[i] : 0);
    if (!ok) {
        error_set(err, CARC_E_INVALID, "dragon: the steps noted are not the board's");
        return CARC_E_INVALID;
    }
    return CARC_OK;
}

int dragon_walk_check(const carc_game *g, carc_error *err)
{
    const struct dragon_state *st = dragon_st(g);
    if (st->due && (!st->dragon || g->last == TILE_NONE ||
                    dragon_mark(g->tiles[g->last].kind) != MARK_DRAGON)) {
        error_set(err, CARC_E_INVALID, "dragon: a movement due without a dragon tile placed");
        return CARC_E_INVALID;
    }
    if (!st->walking) {
        for (int i = 0; i <= DRAGON_MOVES; i++)
            if (st->visited[i] || st->walked || st->nsteps || (i < 4 && st->steps[i])) {
                error_set(err, CARC_E_INVALID, "dragon: a movement's trace out of one");
                return CARC_E_INVALID;
            }
        return CARC_OK;
    }
    if (walk_steps_check(g, err) != CARC_OK)
        return CARC_E_INVALID;
    if (!st->due || st->walked > DRAGON_MOVES || st->visited[st->walked] + 1 != st->dragon) {
        error_set(err, CARC_E_INVALID, "dragon: the movement does not end where the dragon is");
        return CARC_E_INVALID;
    }
    for (int i = 1; i <= st->walked; i++) {
        const placed *a = &g->tiles[st->visited[i - 1]], *b = &g->tiles[st->visited[i]];
        if (abs(a->x - b->x) + abs(a->y - b->y) != 1) {
            error_set(err, CARC_E_INVALID, "dragon: step %d is no step to a neighbour", i);
            return CARC_E_INVALID;
        }
        for (int j = 0; j < i; j++)
            if (st->visited[j] == st->visited[i]) {
                error_set(err, CARC_E_INVALID, "dragon: tile visited twice in one movement");
                return CARC_E_INVALID;
            }
    }
    return CARC_OK;
}
