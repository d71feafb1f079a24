/*
 * open.c - opening a gift in the T2 window (G5-G10): one move names the gift and
 * its target; a gift with no legal target has one move of its own, the wasted
 * opening (port CARC_PORT_NONE). Then its effect: a monk (G6), a road scored
 * (G7), a follower cashed out (G8) or moved (G9), a second tile (G10).
 *
 * With Inns & Cathedrals a seat has two kinds of follower, and carc_move.figure
 * names which (0, a meeple, without it): the one Synod places from supply (GI2,
 * one move per cloister and kind in supply), the one Cash Out takes back (GI4) or
 * Change Position moves (GI5, never the abbot) - one move per segment and kind of
 * the seat's followers there. No gift acts on a builder or a pig (GI1); those that
 * lose their support return after the move (figure_support in carc_apply).
 *
 * Targets that are features (Road Sweeper) are named by the feature's
 * lowest-numbered segment node, i.e. its oldest segment; carc_apply accepts any
 * segment of the feature.
 */
#include "gifts.h"

enum { MAX_TARGETS = 256 };

static carc_move gift_move(int card)
{
    carc_move m = carc_move_pass();
    m.kind = CARC_MOVE_GIFT;
    m.card = (uint8_t)card;
    return m;
}

static int is_locked(const carc_game *g, int n)
{
    return (feat_of(g, n)->flags & NF_LOCKED) != 0;
}

static int is_completed(const carc_game *g, int n)
{
    return (feat_of(g, n)->flags & NF_COMPLETED) != 0;
}

/* Every legal target of gift `card` for the active player, as moves. */
static int gift_targets(const carc_game *g, int card, carc_move *out, int cap)
{
    int seat = g->active, n = 0;
    carc_move m = gift_move(card);
    switch (card) {
    case CARC_GIFT_SYNOD: { /* G6; GI2: which follower from supply */
        uint8_t figs[CARC_FIGURES];
        int nf = cards_place_figures(g, seat, CARC_FEAT_CLOISTER, figs);
        for (int i = 0; i < g->ncloisters && nf && n < cap; i++) {  /* in placement order */
            int c = board_port_node(g, g->cloisters[i], CARC_PORT_C);
            if (c == NODE_NONE || is_completed(g, c) || exp_no_figure_on(g, g->cloisters[i]))
                continue;  /* a garden is no cloister (GI2); never the dragon's tile (GI11) */
            cards_name_node(g, &m, c, 0);
            for (int f = 0; f < nf && n < cap; f++) {
                m.figure = figs[f];
                out[n++] = m;
            }
        }
        return n;
    }
    case CARC_GIFT_ROAD_SWEEPER: { /* G7 */
        uint64_t seen[MAX_NODES / 64 + 1] = {0};
        for (int v = 0; v < g->nnodes && n < cap; v++) {
            if (node_type(g, v) != CARC_FEAT_ROAD)
                continue;
            int r = feat_root(g, v);
            if ((seen[r >> 6] >> (r & 63)) & 1)
                continue;
            seen[r >> 6] |= 1ull << (r & 63);
            if (feat_of(g, r)->flags & (NF_COMPLETED | NF_LOCKED))
                continue;
            cards_name_node(g, &m, v, 0);
            out[n++] = m;
        }
        return n;
    }
    case CARC_GIFT_CASH_OUT: /* G8 */
        for (int i = 0; i < FIG_FOLLOWER_SLOTS && n < cap; i++) {
            int v = g->fnode[seat][i];
            if (!fig_placed(v) || !cards_first_on_node(g, seat, i) || is_locked(g, v))
                continue;
            cards_name_node(g, &m, v, 0);
            m.figure = fig_slot_kind[i];  /* GI4: which of the seat's followers there */
            out[n++] = m;
        }
        return n;
    case CARC_GIFT_CHANGE_POSITION: /* G9 */
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
            int v = g->fnode[seat][i];
            if (!fig_placed(v) || !cards_first_on_node(g, seat, i) || is_locked(g, v) ||
                fig_slot_kind[i] == CARC_FIG_ABBOT)  /* GI5: never the abbot */
                continue;
            const placed *p = &g->tiles[g->nodes[v].tile];
            int from_field = node_type(g, v) == CARC_FEAT_FIELD;
            int nseg = tile_def(p->kind)->nseg;
            cards_name_node(g, &m, v, 0);
            m.figure = fig_slot_kind[i];  /* GI5: strength moves with the figure */
            m.x2 = m.x;
            m.y2 = m.y;
            for (int j = 0; j < nseg && n < cap; j++) {
                int w = p->first + j;
                int to_field = node_type(g, w) == CARC_FEAT_FIELD;
                if (to_field == from_field || (!to_field && is_completed(g, w)) ||
                    node_type(g, w) == CARC_FEAT_GARDEN)  /* GI5: never onto a garden */
                    continue;
                /* only where the figure may stand (GI14: a mayor or a wagon never
                 * becomes a farmer) */
                if (!(exp_figure_of[m.figure]->stands >> node_type(g, w) & 1))
                    continue;
                m.port2 = (uint8_t)board_node_port(g, w);
                out[n++] = m;
            }
        }
        return n;
    case CARC_GIFT_TAKE_TWO: /* G10; C3: one extra-tile card per turn */
        if (g->extra_tile != EXTRA_NONE || cap < 1)
            return 0;
        out[n++] = m;
        return n;
    default:
        return 0;
    }
}

/* The openings of the T2 window (none in any other decision). */
int gifts_open_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    int n = 0;
    if (decision != CARC_DEC_WINDOW_BEFORE || !gifts_window_owed(g))
        return 0;
    for (int c = 1; c <= GIFT_KINDS && n < cap; c++) {
        if (gifts_st(g)->hand[g->active][c] <= gifts_st(g)->fresh[c])  /* GI7: none from before */
            continue;
        int k = gift_targets(g, c, out + n, cap - n);
        if (k == 0 && c != CARC_GIFT_TAKE_TWO) {
            out[n] = gift_move(c);  /* wasted: no legal target (G5) */
            k = 1;
        }
        n += k;
    }
    return n;
}

/* Rewrites the move's targets in canonical form (see the file comment). Returns
 * 0 if a named segment does not exist. */
static int canonical_targets(const carc_game *g, carc_move *m)
{
    if (m->port == CARC_PORT_NONE)
        return 1;
    int v = board_node_at(g, m->x, m->y, m->port);
    if (v == NODE_NONE)
        return 0;
    if (m->card == CARC_GIFT_ROAD_SWEEPER && node_type(g, v) == CARC_FEAT_ROAD)
        v = feat_first_node(g, v);
    cards_name_node(g, m, v, 0);
    if (m->card == CARC_GIFT_CHANGE_POSITION) {
        int w = board_node_at(g, m->x2, m->y2, m->port2);
        if (w == NODE_NONE)
            return 0;
        m->port2 = (uint8_t)board_node_port(g, w);
    }
    return 1;
}

static const char *const gift_rule[GIFT_KINDS + 1] = {
    "", "an unfinished cloister and that follower in supply (G6, GI2)", "an unfinished road (G7)",
    "one of your followers of that kind on a feature that is not locked (G8, GI4)",
    ("one of your meeples or your large meeple there and a segment of the other kind on its "
     "tile (G9, GI5)"),
    "no other extra-tile card this turn (C3)"};

static void open_gift(carc_game *g, const carc_move *m)
{
    int seat = g->active;
    gifts_st(g)->hand[seat][m->card]--;
    gifts_st(g)->opened = 1;
    event_emit_played(g, seat, m->x, m->y, m->card, m->port);
    int v = m->port == CARC_PORT_NONE ? NODE_NONE : board_node_at(g, m->x, m->y, m->port);
    switch (m->card) {
    case CARC_GIFT_SYNOD:
        if (v != NODE_NONE)
            figure_put(g, seat, m->figure, v);
        break;
    case CARC_GIFT_ROAD_SWEEPER:
        if (v != NODE_NONE) {
            int r = feat_root(g, v);
            unsigned holders = feat_holders(g, r);
            int value = feat_value_end(g, r);
            for (int s = 0; s < g->players; s++)
                if (holders & (1u << s))
                    score_add(g, s, score_category(CARC_FEAT_ROAD), value, CARC_REASON_ROAD_SWEEPER,
                              v);
            score_return_followers(g, r);
        }
        break;
    case CARC_GIFT_CASH_OUT:
        if (v != NODE_NONE) {
            int r = feat_root(g, v);
            int count = figure_followers_on(g, r);  /* GI4: each counts once */
            follower_take(g, seat, m->figure, v);
            score_add(g, seat, CARC_SCORE_GIFTS, 2 * count, CARC_REASON_CASH_OUT, v);
        }
        break;
    case CARC_GIFT_CHANGE_POSITION:
        if (v != NODE_NONE)
            follower_move(g, seat, m->figure, v, board_node_at(g, m->x2, m->y2, m->port2));
        break;
    case CARC_GIFT_TAKE_TWO:
        g->extra_tile = EXTRA_PUT_BACK;
        stack_draw_extra(g);  /* R9, GI9: in the river phase, the river stack only */
        break;
    }
    gifts_st(g)->discard[gifts_st(g)->ndiscard++] = m->card;
}

/* Whether gift_targets' list surely holds `want` (canonical, canonical_targets):
 * the one entry it could equal is written as the list writes it and compared, the
 * way open_legal's moves come back, without writing the whole list (a Road
 * Sweeper's is a walk over every node). 0 says only "not shown here": the list
 * decides then, and words the error. */
static int gift_target_is(const carc_game *g, const carc_move *want)
{
    if (want->port == CARC_PORT_NONE)
        return 0;
    int v = board_node_at(g, want->x, want->y, want->port);
    if (v == NODE_NONE)
        return 0;
    carc_move e = gift_move(want->card);
    switch (want->card) {
    case CARC_GIFT_ROAD_SWEEPER: {  /* the list names each road by its lowest node */
        int r = feat_root(g, v);
        if (node_type(g, v) != CARC_FEAT_ROAD || v != feat_first_node(g, v) ||
            (feat_of(g, r)->flags & (NF_COMPLETED | NF_LOCKED)))
            return 0;
        break;
    }
    case CARC_GIFT_CASH_OUT:  /* one of the seat's followers, of the kind named */
        if (want->figure >= CARC_FIGURES || exp_figure_of[want->figure]->special ||
            !follower_on(g, g->active, want->figure, v) ||
            is_locked(g, v))
            return 0;
        e.figure = want->figure;
        break;
    default:
        return 0;
    }
    cards_name_node(g, &e, v, 0);
    return carc_move_equal(&e, want);
}

/* Opening a gift: a GIFT move in the T2 window; any other move is not ours. */
int gifts_open_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    int seat = g->active;
    if (decision != CARC_DEC_WINDOW_BEFORE || m->kind != CARC_MOVE_GIFT)
        return EXP_NOT_MINE;
    if (m->card < 1 || m->card > GIFT_KINDS) {
        error_set(err, CARC_E_ILLEGAL, "'%s' is not a gift", carc_card_name(m->card));
        return CARC_E_ILLEGAL;
    }
    if (!gifts_st(g)->hand[seat][m->card]) {
        error_set(err, CARC_E_ILLEGAL, "player %d holds no %s gift", seat,
                  carc_card_name(m->card));
        return CARC_E_ILLEGAL;
    }
    if (gifts_st(g)->opened) {
        error_set(err, CARC_E_ILLEGAL, "a gift was already opened this turn (G5)");
        return CARC_E_ILLEGAL;
    }
    if (gifts_st(g)->hand[seat][m->card] <= gifts_st(g)->fresh[m->card]) {
        error_set(err, CARC_E_ILLEGAL, "%s was received this turn: it opens in a later turn "
                  "(G5, GI7)", carc_card_name(m->card));
        return CARC_E_ILLEGAL;
    }
    carc_move want = *m;
    if (!canonical_targets(g, &want)) {
        error_set(err, CARC_E_ILLEGAL, "%s: no segment at the position and port named",
                  carc_card_name(m->card));
        return CARC_E_ILLEGAL;
    }
    if (gift_target_is(g, &want)) {
        event_clear(g);
        open_gift(g, &want);
        return CARC_OK;
    }
    carc_move targets[MAX_TARGETS];
    int k = gift_targets(g, m->card, targets, MAX_TARGETS);
    int ok = 0;
    if (k == 0)
        ok = want.port == CARC_PORT_NONE && m->card != CARC_GIFT_TAKE_TWO;
    for (int i = 0; i < k && !ok; i++)
        ok = carc_move_equal(&targets[i], &want);
    if (!ok) {
        if (k == 0 && m->card == CARC_GIFT_TAKE_TWO)
            error_set(err, CARC_E_ILLEGAL, "take_two needs %s", gift_rule[m->card]);
        else if (k == 0)
            error_set(err, CARC_E_ILLEGAL, "%s has no legal target now: open it alone (wasted)",
                      carc_card_name(m->card));
        else if (want.port == CARC_PORT_NONE)
            error_set(err, CARC_E_ILLEGAL, "%s has a legal target, so it must name one (G5)",
                      carc_card_name(m->card));
        else
            error_set(err, CARC_E_ILLEGAL, "not a legal target for %s, which needs %s",
                      carc_card_name(m->card), gift_rule[m->card]);
        return CARC_E_ILLEGAL;
    }
    event_clear(g);
    open_gift(g, &want);
    return CARC_OK;
}

/* carc_move_canonical for a GIFT move: its targets named canonically when the gift
 * and the segments exist, and the fields the gift does not use cleared. */
int gifts_open_canonical(const carc_game *g, carc_move *m)
{
    if (m->kind != CARC_MOVE_GIFT)
        return 0;
    if (m->card >= CARC_GIFT_SYNOD && m->card <= CARC_GIFT_TAKE_TWO) {
        carc_move c = *m;
        if (canonical_targets(g, &c))
            *m = c;
    }
    carc_move c = carc_move_pass();
    c.kind = m->kind;
    c.card = m->card;
    if (m->port != CARC_PORT_NONE) {
        c.x = m->x;
        c.y = m->y;
        c.port = m->port;
    }
    if (m->card == CARC_GIFT_CHANGE_POSITION) {
        c.x2 = m->x2;
        c.y2 = m->y2;
        c.port2 = m->port2;
    }
    if (m->card == CARC_GIFT_SYNOD || m->card == CARC_GIFT_CASH_OUT ||
        m->card == CARC_GIFT_CHANGE_POSITION)
        c.figure = m->figure;  /* GI2, GI4, GI5: which follower */
    *m = c;
    return 1;
}
