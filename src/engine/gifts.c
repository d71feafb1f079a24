/*
 * gifts.c - The Gifts (RULES.md section 2, G1-G12), plugged into the turn at
 * T2 (opening, G5-G10), T3 (the second tile of Take 2), T4 (receiving, G2-G4) and
 * E5 (unopened gifts, G11).
 *
 * The gift deck keeps its top at the end of the array; the discard pile is face up
 * in the order cards arrived. Each seat's gifts are counts per gift id. Opening is
 * one move that names the gift and its target; a gift with no legal target has one
 * move of its own, the wasted opening (port CARC_PORT_NONE).
 *
 * Targets that are features (Road Sweeper) are named by the feature's
 * lowest-numbered segment node, i.e. its oldest segment; carc_apply accepts any
 * segment of the feature.
 */
#include "state.h"

enum { GIFT_KINDS = 5, GIFT_COPIES = 5, GIFT_CARDS = 25, MAX_TARGETS = 256 };

int gifts_on(const carc_game *g)
{
    return (g->cfg.expansions & CARC_EXP_GIFTS) != 0;
}

/* G1: 25 cards, 5 of each kind. A fixed order from the configuration goes on top
 * (its first card drawn first); the cards it leaves out are shuffled below. */
void gifts_setup(carc_game *g)
{
    if (!gifts_on(g))
        return;
    const carc_config *cfg = &g->cfg;
    g->gift_deck_len = (uint8_t)deck_build(g, g->gift_deck, CARC_GIFT_SYNOD, CARC_GIFT_TAKE_TWO,
                                           GIFT_COPIES, cfg->gift_deck,
                                           cfg->gift_deck_len > 0 ? cfg->gift_deck_len : 0);
    g->gift_ndiscard = 0;
}

int gifts_held(const carc_game *g, int seat)
{
    int n = 0;
    for (int c = 0; c <= GIFT_KINDS; c++)
        n += g->gifts[seat][c];
    return n;
}

int gifts_window_owed(const carc_game *g)
{
    return gifts_on(g) && !g->gift_opened && gifts_held(g, g->active) > 0;
}

static carc_move gift_move(int card)
{
    carc_move m = carc_move_pass();
    m.kind = CARC_MOVE_GIFT;
    m.card = (uint8_t)card;
    return m;
}

static int is_locked(const carc_game *g, int n)
{
    return (g->nodes[feat_root(g, n)].flags & NF_LOCKED) != 0;
}

static int is_completed(const carc_game *g, int n)
{
    return (g->nodes[feat_root(g, n)].flags & NF_COMPLETED) != 0;
}

/* Every legal target of gift `card` for the active player, as moves. */
static int gift_targets(const carc_game *g, int card, carc_move *out, int cap)
{
    int seat = g->active, n = 0;
    carc_move m = gift_move(card);
    switch (card) {
    case CARC_GIFT_SYNOD: /* G6 */
        if (carc_supply(g, seat) == 0)
            return 0;
        for (int t = 0; t < g->ntiles && n < cap; t++) {
            int c = g->tiles[t].cloister;
            if (c == NODE_NONE || is_completed(g, c))
                continue;
            move_name_node(g, &m, c, 0);
            out[n++] = m;
        }
        return n;
    case CARC_GIFT_ROAD_SWEEPER: { /* G7 */
        uint64_t seen[MAX_NODES / 64 + 1] = {0};
        for (int v = 0; v < g->nnodes && n < cap; v++) {
            if (g->nodes[v].type != CARC_FEAT_ROAD)
                continue;
            int r = feat_root(g, v);
            if ((seen[r >> 6] >> (r & 63)) & 1)
                continue;
            seen[r >> 6] |= 1ull << (r & 63);
            if (g->nodes[r].flags & (NF_COMPLETED | NF_LOCKED))
                continue;
            move_name_node(g, &m, v, 0);
            out[n++] = m;
        }
        return n;
    }
    case CARC_GIFT_CASH_OUT: /* G8 */
        for (int i = 0; i < CARC_FOLLOWERS && n < cap; i++) {
            int v = g->fnode[seat][i];
            if (v == NODE_NONE || !follower_first_on_node(g, seat, i) || is_locked(g, v))
                continue;
            move_name_node(g, &m, v, 0);
            out[n++] = m;
        }
        return n;
    case CARC_GIFT_CHANGE_POSITION: /* G9 */
        for (int i = 0; i < CARC_FOLLOWERS; i++) {
            int v = g->fnode[seat][i];
            if (v == NODE_NONE || !follower_first_on_node(g, seat, i) || is_locked(g, v))
                continue;
            const placed *p = &g->tiles[g->nodes[v].tile];
            int from_field = g->nodes[v].type == CARC_FEAT_FIELD;
            int nseg = carc_tile_def_of(p->kind)->nseg;
            move_name_node(g, &m, v, 0);
            m.x2 = m.x;
            m.y2 = m.y;
            for (int j = 0; j < nseg && n < cap; j++) {
                int w = p->first + j;
                int to_field = g->nodes[w].type == CARC_FEAT_FIELD;
                if (to_field == from_field || (!to_field && is_completed(g, w)))
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

int gifts_legal(const carc_game *g, carc_move *out, int cap)
{
    int n = 0;
    if (!gifts_window_owed(g))
        return 0;
    for (int c = 1; c <= GIFT_KINDS && n < cap; c++) {
        if (!g->gifts[g->active][c])
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
int gifts_canonical(const carc_game *g, carc_move *m)
{
    if (m->port == CARC_PORT_NONE)
        return 1;
    int v = node_at(g, m->x, m->y, m->port);
    if (v == NODE_NONE)
        return 0;
    if (m->card == CARC_GIFT_ROAD_SWEEPER && g->nodes[v].type == CARC_FEAT_ROAD)
        v = feat_first_node(g, v);
    move_name_node(g, m, v, 0);
    if (m->card == CARC_GIFT_CHANGE_POSITION) {
        int w = node_at(g, m->x2, m->y2, m->port2);
        if (w == NODE_NONE)
            return 0;
        m->port2 = (uint8_t)board_node_port(g, w);
    }
    return 1;
}

static const char *const gift_rule[GIFT_KINDS + 1] = {
    "", "an unfinished cloister and a follower in supply (G6)", "an unfinished road (G7)",
    "one of your followers on a feature that is not locked (G8)",
    "one of your followers and a segment of the other kind on its tile (G9)",
    "no other extra-tile card this turn (C3)"};

/* Gives the active player the top gift (G4), reshuffling the discard pile into an
 * empty deck; nothing if both are empty. */
static void receive_gift(carc_game *g)
{
    if (g->gift_deck_len == 0) {
        if (g->gift_ndiscard == 0)
            return;
        memcpy(g->gift_deck, g->gift_discard, g->gift_ndiscard);
        g->gift_deck_len = g->gift_ndiscard;
        g->gift_ndiscard = 0;
        rng_shuffle(g->rng, g->gift_deck, g->gift_deck_len);
    }
    int card = g->gift_deck[--g->gift_deck_len];
    g->gifts[g->active][card]++;
    emit(g, CARC_EV_GIFT_DRAWN, g->active, 0, 0, card, 0, 0);
}

static void open_gift(carc_game *g, const carc_move *m)
{
    int seat = g->active;
    g->gifts[seat][m->card]--;
    g->gift_opened = 1;
    emit_played(g, seat, m->x, m->y, m->card, m->port);
    int v = m->port == CARC_PORT_NONE ? NODE_NONE : node_at(g, m->x, m->y, m->port);
    switch (m->card) {
    case CARC_GIFT_SYNOD:
        if (v != NODE_NONE)
            put_follower(g, seat, v);
        break;
    case CARC_GIFT_ROAD_SWEEPER:
        if (v != NODE_NONE) {
            int r = feat_root(g, v);
            unsigned holders = feat_holders(g, r);
            int value = feat_value_end(g, r);
            for (int s = 0; s < g->players; s++)
                if (holders & (1u << s))
                    score_add(g, s, category_of(CARC_FEAT_ROAD), value, CARC_REASON_ROAD_SWEEPER,
                              v);
            score_return_followers(g, r);
        }
        break;
    case CARC_GIFT_CASH_OUT:
        if (v != NODE_NONE) {
            int r = feat_root(g, v);
            int count = g->nodes[r].nfollow;
            take_follower(g, seat, v);
            score_add(g, seat, CARC_SCORE_GIFTS, 2 * count, CARC_REASON_CASH_OUT, v);
        }
        break;
    case CARC_GIFT_CHANGE_POSITION:
        if (v != NODE_NONE)
            move_follower(g, seat, v, node_at(g, m->x2, m->y2, m->port2));
        break;
    case CARC_GIFT_TAKE_TWO:
        g->extra_tile = EXTRA_TAKE_TWO;
        draw_placeable(g);
        break;
    }
    g->gift_discard[g->gift_ndiscard++] = m->card;
}

int gifts_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    int seat = g->active;
    if (m->card < 1 || m->card > GIFT_KINDS) {
        set_error(err, CARC_E_ILLEGAL, "'%s' is not a gift", carc_card_name(m->card));
        return CARC_E_ILLEGAL;
    }
    if (!g->gifts[seat][m->card]) {
        set_error(err, CARC_E_ILLEGAL, "player %d holds no %s gift", seat,
                  carc_card_name(m->card));
        return CARC_E_ILLEGAL;
    }
    if (g->gift_opened) {
        set_error(err, CARC_E_ILLEGAL, "a gift was already opened this turn (G5)");
        return CARC_E_ILLEGAL;
    }
    carc_move want = *m;
    if (!gifts_canonical(g, &want)) {
        set_error(err, CARC_E_ILLEGAL, "%s: no segment at the position and port named",
                  carc_card_name(m->card));
        return CARC_E_ILLEGAL;
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
            set_error(err, CARC_E_ILLEGAL, "take_two needs %s", gift_rule[m->card]);
        else if (k == 0)
            set_error(err, CARC_E_ILLEGAL, "%s has no legal target now: open it alone (wasted)",
                      carc_card_name(m->card));
        else if (want.port == CARC_PORT_NONE)
            set_error(err, CARC_E_ILLEGAL, "%s has a legal target, so it must name one (G5)",
                      carc_card_name(m->card));
        else
            set_error(err, CARC_E_ILLEGAL, "not a legal target for %s, which needs %s",
                      carc_card_name(m->card), gift_rule[m->card]);
        return CARC_E_ILLEGAL;
    }
    events_clear(g);
    open_gift(g, &want);
    return CARC_OK;
}

/* G2, G3: one gift when a road or city of the placed tile holds followers and the
 * active player is not among its majority holders. */
void gifts_check(carc_game *g)
{
    if (!gifts_on(g))
        return;
    const placed *p = &g->tiles[g->last];
    int nseg = carc_tile_def_of(p->kind)->nseg;
    for (int i = 0; i < nseg; i++) {
        int v = p->first + i;
        if (g->nodes[v].type != CARC_FEAT_ROAD && g->nodes[v].type != CARC_FEAT_CITY)
            continue;
        int r = feat_root(g, v);
        if (g->nodes[r].nfollow && !(feat_holders(g, r) & (1u << g->active))) {
            receive_gift(g);
            return;
        }
    }
}

void gifts_final(carc_game *g)
{
    if (!gifts_on(g))
        return;
    for (int s = 0; s < g->players; s++)
        score_add(g, s, CARC_SCORE_GIFTS, 2 * gifts_held(g, s), CARC_REASON_GIFTS, NODE_NONE);
}

void gifts_hide(carc_game *g, int seat)
{
    for (int s = 0; s < g->players; s++) {
        if (s == seat)
            continue;
        int held = gifts_held(g, s);
        memset(g->gifts[s], 0, sizeof g->gifts[s]);
        g->gifts[s][0] = (uint8_t)held;
    }
    memset(g->gift_deck, 0, sizeof g->gift_deck);
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == CARC_EV_GIFT_DRAWN && g->events[i].seat != seat)
            g->events[i].a = CARC_CARD_NONE;
}

int gifts_invariants(const carc_game *g, carc_error *err)
{
    int count[GIFT_KINDS + 1] = {0};
    int total = g->gift_deck_len + g->gift_ndiscard;
    for (int i = 0; i < g->gift_deck_len; i++)
        count[g->gift_deck[i]]++;
    for (int i = 0; i < g->gift_ndiscard; i++)
        count[g->gift_discard[i]]++;
    for (int s = 0; s < g->players; s++)
        for (int c = 0; c <= GIFT_KINDS; c++) {
            count[c] += g->gifts[s][c];
            total += g->gifts[s][c];
        }
    int expect = gifts_on(g) ? GIFT_CARDS : 0;
    if (total != expect) {
        set_error(err, CARC_E_INVALID, "gifts: deck %d + discard %d + hands = %d, not %d",
                  g->gift_deck_len, g->gift_ndiscard, total, expect);
        return CARC_E_INVALID;
    }
    if (g->view_seat < 0 && gifts_on(g))
        for (int c = 1; c <= GIFT_KINDS; c++)
            if (count[c] != GIFT_COPIES) {
                set_error(err, CARC_E_INVALID, "gifts: %d %s cards, not 5", count[c],
                          carc_card_name(c));
                return CARC_E_INVALID;
            }
    return CARC_OK;
}
