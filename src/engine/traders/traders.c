/*
 * traders.c - Traders & Builders (RULES.md §9, TB1-TB14) as the turn machine sees
 * it: the builder and the pig are figures of every player, special figures
 * (their descriptors below: figure.c places them in T6 where those say, TB4 and
 * TB7, and returns them when unsupported, TB5; the pig's field bonus, TB8, is a
 * callback of its descriptor); this file adds the goods (TB1, TB9, TB10) and the double turn (TB6,
 * TB11-TB13): whether the tile placed in a turn's first part continued the
 * builder's road or city, and step TD, where the active player decides whether to
 * take the second part.
 */
#include "traders.h"

static const uint8_t goods_in_box[CARC_GOODS_KINDS] = {9, 6, 5};  /* TB1 */

static int traders_on(const carc_game *g)
{
    return (g->expansions & CARC_EXP_TRADERS) != 0;
}

static void traders_setup(carc_game *g, const carc_config *cfg)
{
    (void)cfg;
    memcpy(traders_st(g)->goods_left, goods_in_box, sizeof traders_st(g)->goods_left);
}

/* TB6, after T3 of a first part: a road or city segment of the placed tile joined
 * the feature of the active player's builder. Checked once: the due stays even if
 * the builder leaves later in this part. */
static int traders_at_placed(carc_game *g)
{
    int b = g->fnode[g->active][figure_slot_of(CARC_FIG_BUILDER)];
    if (g->part || !fig_placed(b))
        return 0;
    const placed *p = &g->tiles[g->last];
    const uint8_t *port = tiletab_seg_port[p->kind][p->rot];  /* 0xFF past the segments */
    int root = feat_root(g, b);
    for (int i = 0; i < 8 && port[i] != 0xFF; i++)
        if (feat_root(g, p->first + i) == root) {  /* a field never shares a builder's root */
            traders_st(g)->double_due = 1;
            event_emit(g, CARC_EV_DOUBLE_DUE, g->active, p->x, p->y, 0, 0, 0);
            break;
        }
    return 0;
}

/* TB9, after the completed features are scored (T7): for every city the placed
 * tile completed, one token per goods symbol in it, from the common supply, to the
 * active player, whoever held the city (also a locked one, XI15). */
static void take_goods(carc_game *g)
{
    struct traders_state *t = traders_st(g);
    for (int i = 0; i < g->ndone; i++) {
        const feature *f = feat_of(g, g->done[i]);
        if (feat_type(f) != CARC_FEAT_CITY || !f->goods)
            continue;
        for (int k = 0; k < CARC_GOODS_KINDS; k++) {
            int n = feat_goods(f, k);
            if (n > t->goods_left[k])
                n = t->goods_left[k];  /* cannot happen: a symbol per token (TB1) */
            if (!n)
                continue;
            t->goods_left[k] = (uint8_t)(t->goods_left[k] - n);
            t->goods[g->active][k] = (uint8_t)(t->goods[g->active][k] + n);
            event_emit_at(g, CARC_EV_GOODS, g->active, score_name_done(g, i), CARC_FEAT_CITY, k,
                          0, n);
        }
    }
}

/* Step TD (TB11, TB12): the goods of T7 first, then the double turn is owed when
 * it is due in the first part and the stack holds a tile. */
static int traders_at_double(carc_game *g)
{
    take_goods(g);
    return traders_st(g)->double_due && !g->part && g->stack_len > 0;
}

/* T10: the turn's parts are over (the turn machine clears its part, turn.c). */
static int traders_at_end(carc_game *g)
{
    traders_st(g)->double_due = 0;
    return 0;
}

static void traders_pending(const carc_game *g, carc_pending *p)
{
    if (g->step == ST_TD_DOUBLE) {
        p->decision = CARC_DEC_DOUBLE_TURN;
        p->seat = g->active;
    }
}

static int traders_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    (void)g;
    if (decision != CARC_DEC_DOUBLE_TURN || cap < 2)
        return 0;
    out[0] = move_pass();
    out[0].kind = CARC_MOVE_AGAIN;
    out[1] = move_pass();
    return 2;
}

static int traders_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    if (m->kind == CARC_MOVE_AGAIN && decision != CARC_DEC_DOUBLE_TURN) {
        error_set(err, CARC_E_ILLEGAL, "no double turn is due: a second part is taken only "
                  "when the tile continued your builder's road or city (TB6, TB11)");
        return CARC_E_ILLEGAL;
    }
    if (decision != CARC_DEC_DOUBLE_TURN)
        return EXP_NOT_MINE;
    if (m->kind != CARC_MOVE_AGAIN && m->kind != CARC_MOVE_PASS)
        return EXP_NOT_MINE;
    event_clear(g);
    if (m->kind == CARC_MOVE_AGAIN)
        turn_second_part(g);
    else
        g->step = ST_T8_WINDOW;
    return CARC_OK;
}

/* TB10: 1 if `seat` holds the most tokens of kind k, and at least one (ties all
 * hold the most). */
static int goods_most(const carc_game *g, int seat, int k)
{
    int most = 1;
    for (int s = 0; s < g->players; s++)
        if (traders_st(g)->goods[s][k] > most)
            most = traders_st(g)->goods[s][k];
    return traders_st(g)->goods[seat][k] == most;
}

/* TB10, after every feature and field of the final scoring (CI12): 10 points to
 * each player with the most tokens of a kind, at least one; ties all score. */
static void traders_end_majorities(carc_game *g)
{
    for (int k = 0; k < CARC_GOODS_KINDS; k++) {
        for (int s = 0; s < g->players; s++)
            if (goods_most(g, s, k)) {
                score_add(g, s, CARC_SCORE_GOODS, 10, CARC_REASON_GOODS, NODE_NONE);
                carc_event *e = &g->events[g->nevents - 1];
                if (g->nevents && e->kind == CARC_EV_SCORED && e->b == CARC_REASON_GOODS)
                    e->a = (unsigned)k;  /* which kind (carc.h) */
            }
    }
}

/* carc_projection: the goods majorities `seat` would score if the game ended now. */
static int traders_held_points(const carc_game *g, int seat)
{
    int points = 0;
    for (int k = 0; k < CARC_GOODS_KINDS; k++)
        points += 10 * goods_most(g, seat, k);
    return points;
}

#define FAIL(...)                                        \
    do {                                                 \
        error_set(err, CARC_E_INVALID, __VA_ARGS__);     \
        return CARC_E_INVALID;                           \
    } while (0)

/* Goods tokens are conserved (TB1: 9 wine, 6 grain, 5 cloth), and a game without
 * the expansion holds none; the double turn's part and due are T&B's only. */
static int traders_check(const carc_game *g, carc_error *err)
{
    int on = traders_on(g);
    for (int k = 0; k < CARC_GOODS_KINDS; k++) {
        int n = traders_st(g)->goods_left[k];
        for (int s = 0; s < CARC_MAX_PLAYERS; s++) {
            if (s >= g->players && traders_st(g)->goods[s][k])
                FAIL("seat %d is not playing but holds goods", s);
            n += traders_st(g)->goods[s][k];
        }
        if (n != (on ? goods_in_box[k] : 0))
            FAIL("goods: %d %s tokens in all, not %d", n, carc_goods_name(k),
                 on ? goods_in_box[k] : 0);
    }
    if (g->part > 1 || (g->part && !on) || (traders_st(g)->double_due && !on))
        FAIL("double turn: part %d, due %d", g->part, traders_st(g)->double_due);
    if (traders_st(g)->double_due && !(g->figures >> CARC_FIG_BUILDER & 1))
        FAIL("traders: a double turn due without a builder");
    return CARC_OK;
}

/* TB8: a field with the holder's own pig scores 4 a city instead of 3. */
static int pig_field_bonus(const carc_game *g, int seat, int root, int cities)
{
    return figure_special_on(g, seat, figure_slot_of(CARC_FIG_PIG), root) ? cities : 0;
}

/* TB4, TB5: the builder, on an unfinished road or city of the placed tile holding a
 * follower of its seat. */
const struct exp_figure traders_builder = {
    .kind = CARC_FIG_BUILDER, .count = 1, .special = 1,
    .stands = 1u << CARC_FEAT_CITY | 1u << CARC_FEAT_ROAD,
    .name = "builder", .word = "builder",
    .not_there = "the builder goes on a road or a city, not a %s (TB4)",
    .finished = "the %s at %s is completed: the builder goes on an unfinished one (TB4)",
    .unsupported = "the %s at %s holds no follower of player %d: the builder needs one there "
                   "(TB4)",
};

/* TB7, TB8: the pig, in a field holding a farmer of its seat (fields are never
 * finished: no words for that). */
const struct exp_figure traders_pig = {
    .kind = CARC_FIG_PIG, .count = 1, .special = 1,
    .stands = 1u << CARC_FEAT_FIELD,
    .name = "pig", .word = "pig",
    .not_there = "the pig goes in a field, not on a %s (TB7)",
    .finished = "the %s at %s is completed (TB7)",
    .unsupported = "the %s at %s holds no farmer of player %d: the pig needs one there (TB7)",
    .field_bonus = pig_field_bonus,
    .field_reason = CARC_REASON_PIG,
};

/* carc_feature_at: the goods symbols of a city (TB1), the seats whose builder or
 * pig stands on the feature. */
static void traders_feature_info(const carc_game *g, int root, carc_feature_info *out)
{
    const feature *f = feat_of(g, root);
    for (int k = 0; k < CARC_GOODS_KINDS; k++)
        out->goods[k] = feat_goods(f, k);
    for (int s = 0; s < g->players; s++) {
        out->builders |= (unsigned)figure_special_on(g, s, figure_slot_of(CARC_FIG_BUILDER),
                                                     root) << s;
        out->pigs |= (unsigned)figure_special_on(g, s, figure_slot_of(CARC_FIG_PIG), root) << s;
    }
}

/* The public queries (carc.h). */
int carc_goods(const carc_game *g, int seat, int counts[CARC_GOODS_KINDS])
{
    const struct traders_state *t = traders_st(g);
    const uint8_t *row = seat < 0 ? t->goods_left : t->goods[seat];
    int n = 0;
    for (int k = 0; k < CARC_GOODS_KINDS; k++)
        n += counts[k] = seat >= g->players ? 0 : row[k];
    return n;
}

int carc_double_due(const carc_game *g)
{
    return traders_st(g)->double_due && !g->part;
}

/* How it works, in players' words (the terminal's help, the browser's how-to page). */
static const carc_how_par traders_how[] = {
    {"Traders & Builders: goods",
     "Many cities show wine, grain or cloth. Whoever places the tile that completes "
     "such a city takes one goods token for each symbol in it, whoever owns the "
     "city. At the end, the players with the most tokens of a kind each score 10 "
     "points for it."},
    {"Traders & Builders: the builder and the pig",
     "Instead of a follower you may put your builder on a road or city of the tile "
     "you placed, if one of your followers is already on that road or city. Later, "
     "when the first tile of your turn extends the builder's road or city, you may "
     "play a second tile at once: a double turn. Your pig goes in a field where you "
     "have a farmer; at the end, if you have the most farmers there, that field "
     "scores 4 for each completed city instead of 3."},
    {NULL, NULL},
};

const struct exp_hooks traders_hooks = {
    .info = {.bit = CARC_EXP_TRADERS, .name = "traders", .title = "Traders & Builders",
             .figures = 1u << CARC_FIG_BUILDER | 1u << CARC_FIG_PIG,
             .categories = 1u << CARC_SCORE_GOODS, .tile_mark = 't', .how = traders_how},
    .stack_tiles = 24,  /* TB2 */
    .figs = {&traders_builder, &traders_pig},
    .fields_last = 1,   /* CI12 */
    .decides = 1u << ST_TD_DOUBLE,
    .check = traders_check,
    .setup = traders_setup,
    .at = {[ST_T4_GIFT] = traders_at_placed, [ST_TD_DOUBLE] = traders_at_double,
           [ST_T10_END] = traders_at_end},
    .pending = traders_pending,
    .legal = traders_legal,
    .lists = 1u << CARC_DEC_DOUBLE_TURN,
    .apply = traders_apply,
    .feature_info = traders_feature_info,
    .end_majorities = traders_end_majorities,
    .held_points = traders_held_points,
};
