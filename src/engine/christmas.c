/*
 * christmas.c - Christmas Present (RULES.md sections 3-5: X1-X14, C1-C4, E2-E3),
 * plugged into the turn at T2 and T8 (anytime cards), T3 (Mastermind, Draw two),
 * T5 (the Cloister and Roadside offers), T7 (scoring modifiers), T9 (hand limit),
 * T10 (Mastermind lapses) and E2-E3 (end cards).
 *
 * A card waiting for its target or for X10 replies is "in play" (xplay): while
 * one is, the pending decision is its target (the active player) or a reply (an
 * attacked seat), and the turn machine does not move. Lightning cards come into
 * play when drawn; swap_* and mastermind are played from hand with their target
 * named and come into play only to wait for replies.
 *
 * Targets are listed at one of three grains: a segment (followers placed by cards:
 * claim_*, intrude_*; every segment of every eligible feature is a move of its
 * own, X14), a follower (return_follower, swap_*), or a feature (score_*, lock_*,
 * tiebreak_*: one move per feature, named by its oldest segment; any segment of
 * the feature is accepted).
 *
 * A swap names your follower's segment, the other segment and the seat whose
 * follower there it takes (carc_move.seat2): when followers of several other seats
 * stand on that segment, each is a move of its own, and the seat chosen is the one
 * attacked (X10; docs/RULES-DECISIONS.md).
 */
#include "state.h"

enum { DECK_CLOISTER = 0, DECK_ROADSIDE = 1, KINDS_PER_DECK = 16, COPIES = 2,
       DECK_CARDS = 32, HAND_LIMIT = 5, MAX_TARGETS = 1024 };
enum timing { LIGHTNING, ANYTIME, END };
enum grain { BY_SEGMENT, BY_FOLLOWER, BY_FEATURE, BY_NOTHING };

int xmas_on(const carc_game *g)
{
    return (g->cfg.expansions & CARC_EXP_CHRISTMAS) != 0;
}

static int is_xmas_card(int c)
{
    return c >= CARC_XC_SCORE_THREE && c <= CARC_XR_TIEBREAK_FIELD;
}

static int deck_of(int c)
{
    return c >= CARC_XR_INTRUDE_FIELD ? DECK_ROADSIDE : DECK_CLOISTER;
}

static enum timing timing_of(int c)
{
    if (c <= CARC_XC_CLAIM_CITY || (c >= CARC_XR_INTRUDE_FIELD && c <= CARC_XR_TIEBREAK_CLOISTER))
        return LIGHTNING;
    if (c >= CARC_XC_SUPPLY_BONUS && c <= CARC_XC_SHARED_FIELD_BONUS)
        return END;
    return c == CARC_XR_TIEBREAK_FIELD ? END : ANYTIME;
}

/* The feature type a card targets, or -1. */
static int feature_of(int c)
{
    switch (c) {
    case CARC_XC_CLAIM_FIELD: case CARC_XR_INTRUDE_FIELD: case CARC_XR_SWAP_FIELD:
    case CARC_XR_TIEBREAK_FIELD:
        return CARC_FEAT_FIELD;
    case CARC_XC_SCORE_ROAD_DOUBLE: case CARC_XC_CLAIM_ROAD: case CARC_XR_INTRUDE_ROAD:
    case CARC_XR_LOCK_ROAD: case CARC_XR_TIEBREAK_ROAD: case CARC_XR_SWAP_ROAD:
    case CARC_XC_LOOP_ROAD_DOUBLE:
        return CARC_FEAT_ROAD;
    case CARC_XC_SCORE_CITY_BONUS: case CARC_XC_CLAIM_CITY: case CARC_XR_INTRUDE_CITY:
    case CARC_XR_LOCK_CITY: case CARC_XR_TIEBREAK_CITY: case CARC_XR_SWAP_CITY:
    case CARC_XC_PENNANTS_WORTH_THREE: case CARC_XC_PLAIN_CITY_WORTH_THREE:
        return CARC_FEAT_CITY;
    case CARC_XC_SCORE_CLOISTER_BONUS: case CARC_XR_INTRUDE_CLOISTER:
    case CARC_XR_LOCK_CLOISTER: case CARC_XR_TIEBREAK_CLOISTER: case CARC_XR_SWAP_CLOISTER:
        return CARC_FEAT_CLOISTER;
    default:
        return -1;
    }
}

static enum grain grain_of(int c)
{
    switch (c) {
    case CARC_XC_CLAIM_FIELD: case CARC_XC_CLAIM_ROAD: case CARC_XC_CLAIM_CITY:
    case CARC_XR_INTRUDE_FIELD: case CARC_XR_INTRUDE_ROAD: case CARC_XR_INTRUDE_CITY:
    case CARC_XR_INTRUDE_CLOISTER:
        return BY_SEGMENT;
    case CARC_XC_RETURN_FOLLOWER: case CARC_XR_SWAP_CLOISTER: case CARC_XR_SWAP_CITY:
    case CARC_XR_SWAP_ROAD: case CARC_XR_SWAP_FIELD:
        return BY_FOLLOWER;
    case CARC_XC_SCORE_ROAD_DOUBLE: case CARC_XC_SCORE_CITY_BONUS:
    case CARC_XC_SCORE_CLOISTER_BONUS: case CARC_XR_LOCK_CLOISTER: case CARC_XR_LOCK_ROAD:
    case CARC_XR_LOCK_CITY: case CARC_XR_TIEBREAK_ROAD: case CARC_XR_TIEBREAK_CITY:
    case CARC_XR_TIEBREAK_CLOISTER: case CARC_XR_TIEBREAK_FIELD:
        return BY_FEATURE;
    default:
        return BY_NOTHING;
    }
}

/* X1: each deck shuffled; a fixed order from the configuration goes on top, the
 * cards it leaves out are shuffled beneath. */
static void setup_deck(carc_game *g, int deck, const uint8_t *fixed, int nfixed)
{
    int first = deck == DECK_CLOISTER ? CARC_XC_SCORE_THREE : CARC_XR_INTRUDE_FIELD;
    g->xdeck_len[deck] = (uint8_t)deck_build(g, g->xdeck[deck], first, first + KINDS_PER_DECK - 1,
                                             COPIES, fixed, nfixed);
    g->xndiscard[deck] = 0;
}

void xmas_setup(carc_game *g)
{
    if (!xmas_on(g))
        return;
    const carc_config *cfg = &g->cfg;
    setup_deck(g, DECK_CLOISTER, cfg->cloister_deck,
               cfg->cloister_deck_len > 0 ? cfg->cloister_deck_len : 0);
    setup_deck(g, DECK_ROADSIDE, cfg->roadside_deck,
               cfg->roadside_deck_len > 0 ? cfg->roadside_deck_len : 0);
}

int xmas_hand(const carc_game *g, int seat)
{
    int n = 0;
    for (int c = 0; c < CARC_CARDS; c++)
        n += g->xhand[seat][c];
    return n;
}

static void discard(carc_game *g, int card)
{
    int d = deck_of(card);
    g->xdiscard[d][g->xndiscard[d]++] = (uint8_t)card;
    emit(g, CARC_EV_CARD_DISCARDED, -1, 0, 0, card, 0, 0);
}

/* ---- targets ------------------------------------------------------------------ */

static int root_of(const carc_game *g, int n) { return feat_root(g, n); }

static int unfinished(const carc_game *g, int r)
{
    return !(g->nodes[r].flags & NF_COMPLETED);
}

static int locked(const carc_game *g, int r)
{
    return (g->nodes[r].flags & NF_LOCKED) != 0;
}

static int others_on(const carc_game *g, int r, int seat)
{
    return g->nodes[r].nfollow > g->nodes[r].follow[seat];
}

/* Whether feature r (of the card's type) is a target of card c for seat. */
static int feature_ok(const carc_game *g, int c, int r, int seat)
{
    const node *rn = &g->nodes[r];
    int is_field = rn->type == CARC_FEAT_FIELD;
    switch (c) {
    case CARC_XC_SCORE_ROAD_DOUBLE: case CARC_XC_SCORE_CITY_BONUS:
    case CARC_XC_SCORE_CLOISTER_BONUS:
        return unfinished(g, r) && !locked(g, r) && (feat_holders(g, r) & (1u << seat));
    case CARC_XC_CLAIM_FIELD: case CARC_XC_CLAIM_ROAD: case CARC_XC_CLAIM_CITY:
        return (is_field || unfinished(g, r)) && rn->nfollow == 0 && carc_supply(g, seat) > 0;
    case CARC_XR_INTRUDE_FIELD: case CARC_XR_INTRUDE_ROAD: case CARC_XR_INTRUDE_CITY:
    case CARC_XR_INTRUDE_CLOISTER:
        return (is_field || unfinished(g, r)) && others_on(g, r, seat) &&
               carc_supply(g, seat) > 0;
    case CARC_XR_LOCK_CLOISTER: case CARC_XR_LOCK_ROAD: case CARC_XR_LOCK_CITY:
        return unfinished(g, r) && rn->nfollow > 0 && !locked(g, r);
    case CARC_XR_TIEBREAK_ROAD: case CARC_XR_TIEBREAK_CITY: case CARC_XR_TIEBREAK_CLOISTER:
    case CARC_XR_TIEBREAK_FIELD:
        return (is_field || unfinished(g, r)) && rn->follow[seat] > 0;
    default:
        return 0;
    }
}

static int is_swap(int c)
{
    return c >= CARC_XR_SWAP_CLOISTER && c <= CARC_XR_SWAP_FIELD;
}

/* The seats other than `seat` with a follower on node n, as a bit mask: the
 * followers a swap by `seat` may take there. */
static unsigned swap_owners(const carc_game *g, int seat, int n)
{
    unsigned mask = 0;
    const node *r = &g->nodes[feat_root(g, n)];
    if (r->nfollow == r->follow[seat])
        return 0;  /* nobody else on the whole feature */
    for (int s = 0; s < g->players; s++) {
        if (s == seat || !r->follow[s])
            continue;
        for (int i = 0; i < CARC_FOLLOWERS; i++)
            if (g->fnode[s][i] == n) {
                mask |= 1u << s;
                break;
            }
    }
    return mask;
}

/* Every target of card c for seat, written as copies of `proto` with the target
 * filled in. */
static int card_targets(const carc_game *g, int c, int seat, carc_move proto, carc_move *out,
                        int cap)
{
    int n = 0, type = feature_of(c);
    switch (grain_of(c)) {
    case BY_SEGMENT:
        for (int v = 0; v < g->nnodes && n < cap; v++) {
            if (g->nodes[v].type != type || !feature_ok(g, c, root_of(g, v), seat))
                continue;
            out[n] = proto;
            move_name_node(g, &out[n++], v, 0);
        }
        return n;
    case BY_FEATURE: {
        uint64_t seen[MAX_NODES / 64 + 1] = {0};
        for (int v = 0; v < g->nnodes && n < cap; v++) {
            if (g->nodes[v].type != type)
                continue;
            int r = root_of(g, v);
            if ((seen[r >> 6] >> (r & 63)) & 1)
                continue;
            seen[r >> 6] |= 1ull << (r & 63);
            if (!feature_ok(g, c, r, seat))
                continue;
            out[n] = proto;
            move_name_node(g, &out[n++], v, 0);
        }
        return n;
    }
    case BY_FOLLOWER:
        for (int i = 0; i < CARC_FOLLOWERS; i++) {
            int a = g->fnode[seat][i];
            if (a == NODE_NONE || !follower_first_on_node(g, seat, i))
                continue;
            int ra = root_of(g, a);
            if (locked(g, ra))
                continue;
            if (c == CARC_XC_RETURN_FOLLOWER) {
                if (n < cap) {
                    out[n] = proto;
                    move_name_node(g, &out[n++], a, 0);
                }
                continue;
            }
            if (g->nodes[a].type != type || !unfinished(g, ra))
                continue;
            /* swap: another seat's follower on a different unlocked, unfinished
             * feature of the same type, one move per node and owner, owners in turn
             * order after the active player */
            for (int b = 0; b < g->nnodes && n < cap; b++) {
                if (g->nodes[b].type != type)
                    continue;
                int rb = root_of(g, b);
                if (rb == ra || locked(g, rb) || !unfinished(g, rb))
                    continue;
                unsigned owners = swap_owners(g, seat, b);
                for (int k = 1; owners && k < g->players && n < cap; k++) {
                    int s = (seat + k) % g->players;
                    if (!(owners & (1u << s)))
                        continue;
                    out[n] = proto;
                    move_name_node(g, &out[n], a, 0);
                    move_name_node(g, &out[n], b, 1);
                    out[n++].seat2 = (uint8_t)s;
                }
            }
        }
        return n;
    case BY_NOTHING:
        if (c == CARC_XR_MASTERMIND) {
            for (int i = 0; i < g->nfrontier && n < cap; i++) {
                out[n] = proto;
                out[n].x = g->frontier[i].x;
                out[n++].y = g->frontier[i].y;
            }
            return n;
        }
        if (cap > 0)
            out[n++] = proto;
        return n;
    }
    return n;
}

/* Rewrites a move's targets in the form card_targets writes them; 0 if a named
 * segment does not exist. */
static int canonical(const carc_game *g, int c, carc_move *m)
{
    if (c == CARC_XR_MASTERMIND || m->port == CARC_PORT_NONE)
        return 1;
    int v = node_at(g, m->x, m->y, m->port);
    if (v == NODE_NONE)
        return 0;
    if (grain_of(c) == BY_FEATURE)
        v = feat_first_node(g, v);
    move_name_node(g, m, v, 0);
    if (is_swap(c)) {
        int w = node_at(g, m->x2, m->y2, m->port2);
        if (w == NODE_NONE)
            return 0;
        move_name_node(g, m, w, 1);
        unsigned owners = swap_owners(g, g->active, w);
        if (m->seat2 == CARC_SEAT_NONE && owners && !(owners & (owners - 1)))
            m->seat2 = (uint8_t)__builtin_ctz(owners);  /* the only one: need not be named */
    }
    return 1;
}

/* Whether `want` (canonical) is among card c's targets for seat. */
static int is_target(const carc_game *g, int c, int seat, const carc_move *want)
{
    carc_move list[MAX_TARGETS];
    carc_move proto = *want;
    proto.x = proto.y = proto.x2 = proto.y2 = 0;
    proto.port = proto.port2 = CARC_PORT_NONE;
    proto.seat2 = CARC_SEAT_NONE;
    int k = card_targets(g, c, seat, proto, list, MAX_TARGETS);
    for (int i = 0; i < k; i++)
        if (carc_move_equal(&list[i], want))
            return 1;
    return 0;
}

/* ---- resolving cards ------------------------------------------------------------ */

/* X7: the feature of node v scores now; the card's holder gets the card's value,
 * the other holders the end-of-game value; then its followers return and tokens
 * leave. */
static void score_now(carc_game *g, int c, int v)
{
    int r = root_of(g, v);
    unsigned holders = feat_holders(g, r);
    int tiles = g->nodes[r].type == CARC_FEAT_CLOISTER ? 1 : feat_tiles(g, r);
    int card_value = c == CARC_XC_SCORE_ROAD_DOUBLE ? 2 * tiles
                   : c == CARC_XC_SCORE_CITY_BONUS ? 2 * tiles + g->nodes[r].pennants
                   : 1 + 2 * g->tiles[g->nodes[r].tile].around;
    int normal = feat_value_end(g, r);
    for (int s = 0; s < g->players; s++) {
        if (!(holders & (1u << s)))
            continue;
        if (s == g->active)
            score_add(g, s, CARC_SCORE_CARDS, card_value, CARC_REASON_SCORE_CARD, v);
        else
            score_add(g, s, category_of(g->nodes[r].type), normal, CARC_REASON_SCORE_CARD, v);
    }
    score_return_followers(g, r);
}

/* Applies card c with target m (already validated, not blocked). */
static void resolve(carc_game *g, int c, const carc_move *m)
{
    int seat = g->active;
    int v = m->port == CARC_PORT_NONE ? NODE_NONE : node_at(g, m->x, m->y, m->port);
    int r = v == NODE_NONE ? NODE_NONE : root_of(g, v);
    switch (c) {
    case CARC_XC_SCORE_THREE:
        score_add(g, seat, CARC_SCORE_CARDS, 3, CARC_REASON_SCORE_THREE, NODE_NONE);
        break;
    case CARC_XC_SCORE_ROAD_DOUBLE: case CARC_XC_SCORE_CITY_BONUS:
    case CARC_XC_SCORE_CLOISTER_BONUS:
        score_now(g, c, v);
        break;
    case CARC_XC_CLAIM_FIELD: case CARC_XC_CLAIM_ROAD: case CARC_XC_CLAIM_CITY:
    case CARC_XR_INTRUDE_FIELD: case CARC_XR_INTRUDE_ROAD: case CARC_XR_INTRUDE_CITY:
    case CARC_XR_INTRUDE_CLOISTER:
        put_follower(g, seat, v);
        break;
    case CARC_XR_LOCK_CLOISTER: case CARC_XR_LOCK_ROAD: case CARC_XR_LOCK_CITY:
        g->nodes[r].flags |= NF_LOCKED;
        emit_at(g, CARC_EV_LOCKED, seat, v, g->nodes[r].type, c, 0, 0);
        break;
    case CARC_XR_TIEBREAK_ROAD: case CARC_XR_TIEBREAK_CITY: case CARC_XR_TIEBREAK_CLOISTER:
        g->nodes[r].tokens |= (uint8_t)(1u << seat);
        emit_at(g, CARC_EV_TOKEN, seat, v, g->nodes[r].type, c, 0, 0);
        break;
    case CARC_XC_RETURN_FOLLOWER:
        take_follower(g, seat, v);
        break;
    case CARC_XR_SWAP_CLOISTER: case CARC_XR_SWAP_CITY: case CARC_XR_SWAP_ROAD:
    case CARC_XR_SWAP_FIELD: {
        int w = node_at(g, m->x2, m->y2, m->port2);
        move_follower(g, seat, v, w);
        move_follower(g, m->seat2, w, v);
        break;
    }
    case CARC_XR_MASTERMIND: {
        int slot = (g->turn + 1) & 1;  /* never the slot binding this turn */
        g->mm_pending |= (uint8_t)(1u << slot);
        g->mm_x[slot] = m->x;
        g->mm_y[slot] = m->y;
        g->mm_turn[slot] = (uint16_t)(g->turn + 1);
        break;
    }
    }
    discard(g, c);
}

/* X10: the seats card c with target m attacks. */
static unsigned attacked(const carc_game *g, int c, const carc_move *m)
{
    unsigned mask = 0;
    int seat = g->active;
    if (c == CARC_XR_MASTERMIND)
        return 1u << ((seat + 1) % g->players);
    if (deck_of(c) != DECK_ROADSIDE || m->port == CARC_PORT_NONE)
        return 0;
    if (is_swap(c))
        return m->seat2 < g->players ? 1u << m->seat2 : 0;  /* X10: the owner chosen */
    const node *rn = &g->nodes[root_of(g, node_at(g, m->x, m->y, m->port))];
    for (int s = 0; s < g->players; s++)
        if (s != seat && rn->follow[s])
            mask |= 1u << s;
    return mask;
}

/* The next seat in turn order after the active player among `mask`, or -1. */
static int next_replier(const carc_game *g, unsigned mask)
{
    for (int k = 1; k < g->players; k++) {
        int s = (g->active + k) % g->players;
        if (mask & (1u << s))
            return s;
    }
    return -1;
}

/* Card c with target m is named: ask the attacked seats with cards, or resolve. */
static void start_attack(carc_game *g, int c, const carc_move *m, int drawn)
{
    unsigned ask = 0, mask = attacked(g, c, m);
    for (int s = 0; s < g->players; s++)
        if ((mask & (1u << s)) && xmas_hand(g, s) > 0)
            ask |= 1u << s;
    if (!ask) {
        g->xplay = CARC_CARD_NONE;
        resolve(g, c, m);
        return;
    }
    g->xplay = (uint8_t)c;
    g->xplay_drawn = (uint8_t)drawn;
    g->xplay_target = *m;
    g->xplay_phase = XP_REPLY;
    g->xreply_seat = (uint8_t)next_replier(g, ask);
    g->xreply_left = (uint8_t)(ask & ~(1u << g->xreply_seat));
}

/* X4: draws the top card of a deck for the active player. */
static void draw_card(carc_game *g, int deck)
{
    int c = g->xdeck[deck][--g->xdeck_len[deck]];
    emit(g, CARC_EV_CARD_DRAWN, g->active, 0, 0, c, deck, 0);
    if (timing_of(c) != LIGHTNING) {
        g->xhand[g->active][c]++;
        return;
    }
    if (c == CARC_XC_SCORE_THREE) {
        carc_move none = carc_move_pass();
        resolve(g, c, &none);
        return;
    }
    carc_move one;
    carc_move proto = carc_move_pass();
    proto.kind = CARC_MOVE_TARGET;
    if (card_targets(g, c, g->active, proto, &one, 1) == 0) {
        discard(g, c);  /* no legal target: no effect */
        return;
    }
    g->xplay = (uint8_t)c;
    g->xplay_drawn = 1;
    g->xplay_phase = XP_TARGET;
}

/* ---- the steps ------------------------------------------------------------------- */

static int cloister_trigger(const carc_game *g)
{
    const placed *p = &g->tiles[g->last];
    for (int oy = -1; oy <= 1; oy++)
        for (int ox = -1; ox <= 1; ox++) {
            if (!ox && !oy)
                continue;
            int t = board_lookup(g, p->x + ox, p->y + oy);
            if (t >= 0 && g->tiles[t].cloister != NODE_NONE &&
                others_on(g, g->tiles[t].cloister, g->active))
                return 1;
        }
    return 0;
}

static int roadside_trigger(const carc_game *g)
{
    int k = g->tiles[g->last].kind;
    return k >= carc_tile_kind('U') && k <= carc_tile_kind('X');
}

int xmas_offer_owed(carc_game *g, int deck)
{
    if (!xmas_on(g) || g->xdeck_len[deck] == 0)
        return 0;
    return deck == DECK_CLOISTER ? cloister_trigger(g) : roadside_trigger(g);
}

int xmas_window_owed(const carc_game *g)
{
    return xmas_on(g) && xmas_hand(g, g->active) > 0;
}

/* X8: the completed cities, then the completed road loops, that the active player
 * controls, in the order of the placed tile's ports from N clockwise. */
static void list_questions(carc_game *g)
{
    const placed *p = &g->tiles[g->last];
    g->nquestions = g->question = 0;
    for (int type = CARC_FEAT_CITY; type <= CARC_FEAT_ROAD; type++)
        for (int d = 0; d < 4; d++) {
            int v = p->edge_node[d];
            if (v == NODE_NONE || g->nodes[v].type != type)
                continue;
            int r = root_of(g, v), done = 0, dup = 0;
            for (int i = 0; i < g->ndone; i++)
                done |= g->done[i] == r;
            for (int i = 0; i < g->nquestions; i++)
                dup |= g->qroot[i] == r;
            if (!done || dup || !(feat_holders(g, r) & (1u << g->active)))
                continue;
            if (type == CARC_FEAT_ROAD && g->nodes[r].ends)
                continue;  /* not a loop */
            g->qroot[g->nquestions++] = (uint8_t)r;
        }
}

int xmas_modifiers_owed(carc_game *g)
{
    if (!xmas_on(g))
        return 0;
    if (!g->qready) {
        list_questions(g);
        g->qready = 1;
    }
    while (g->question < g->nquestions && xmas_hand(g, g->active) == 0)
        g->question++;
    return g->question < g->nquestions;
}

int xmas_hand_owed(const carc_game *g)
{
    return xmas_on(g) && xmas_hand(g, g->active) > HAND_LIMIT;
}

void xmas_lapse(carc_game *g)
{
    for (int slot = 0; slot < 2; slot++)
        if ((g->mm_pending >> slot & 1) && g->mm_turn[slot] <= g->turn)
            g->mm_pending &= (uint8_t)~(1u << slot);
}

int xmas_forced_spot(const carc_game *g)
{
    int slot = g->turn & 1;
    if (!(g->mm_pending >> slot & 1) || g->mm_turn[slot] != g->turn)
        return -1;
    int s = board_spot_index(g, g->mm_x[slot], g->mm_y[slot]);
    if (s < 0)
        return -1;  /* filled first: no effect */
    for (int h = 0; h < g->nhand; h++)
        if (spot_fits(g, &g->frontier[s], g->hand[h]))
            return s;
    return -1;
}

static int has_field_follower(const carc_game *g, int seat)
{
    for (int i = 0; i < CARC_FOLLOWERS; i++)
        if (g->fnode[seat][i] != NODE_NONE && g->nodes[g->fnode[seat][i]].type == CARC_FEAT_FIELD)
            return 1;
    return 0;
}

/* E2: void every card that is not an end card, then each seat in turn order
 * resolves its end cards; a tiebreak_field owes that seat a choice. */
int xmas_end_owed(carc_game *g)
{
    if (!xmas_on(g))
        return 0;
    if (!g->e2_started) {
        g->e2_started = 1;
        g->end_seat = 0;
        for (int s = 0; s < g->players; s++)
            for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD; c++)
                while (timing_of(c) != END && g->xhand[s][c]) {
                    g->xhand[s][c]--;
                    discard(g, c);
                }
    }
    for (; g->end_seat < g->players; g->end_seat++) {
        int s = g->end_seat;
        uint8_t *h = g->xhand[s];
        while (h[CARC_XC_SUPPLY_BONUS]) {
            h[CARC_XC_SUPPLY_BONUS]--;
            emit(g, CARC_EV_CARD_PLAYED, s, 0, 0, CARC_XC_SUPPLY_BONUS, CARC_PORT_NONE, 0);
            score_add(g, s, CARC_SCORE_CARDS, 2 * carc_supply(g, s), CARC_REASON_SUPPLY_BONUS,
                      NODE_NONE);
            discard(g, CARC_XC_SUPPLY_BONUS);
        }
        for (int k = 0; k < 2; k++) {
            int c = k ? CARC_XC_SHARED_FIELD_BONUS : CARC_XC_FIELD_CITY_BONUS;
            while (h[c]) {
                h[c]--;
                g->end_bonus[s][k]++;
                emit(g, CARC_EV_CARD_PLAYED, s, 0, 0, c, CARC_PORT_NONE, 0);
                discard(g, c);
            }
        }
        if (h[CARC_XR_TIEBREAK_FIELD]) {
            if (has_field_follower(g, s))
                return 1;
            while (h[CARC_XR_TIEBREAK_FIELD]) {  /* void: no field follower */
                h[CARC_XR_TIEBREAK_FIELD]--;
                discard(g, CARC_XR_TIEBREAK_FIELD);
            }
        }
    }
    return 0;
}

int xmas_field_bonus(const carc_game *g, int seat, unsigned holders, int cities)
{
    if (!(holders & (1u << seat)))
        return 0;
    int bonus = g->end_bonus[seat][0] * cities;
    if (holders & (holders - 1))
        bonus += g->end_bonus[seat][1] * cities;
    return bonus;
}

int xmas_completed_value(const carc_game *g, int i, int seat, int *category)
{
    int r = g->done[i], c = g->modifier[i];
    *category = category_of(g->nodes[r].type);
    if (!c || seat != g->active)
        return feat_value_completed(g, r);
    *category = CARC_SCORE_CARDS;
    int tiles = feat_tiles(g, r);
    switch (c) {
    case CARC_XC_PENNANTS_WORTH_THREE:
        return 2 * tiles + 3 * g->nodes[r].pennants;
    case CARC_XC_PLAIN_CITY_WORTH_THREE:
        return 3 * tiles;
    default: /* loop_road_double */
        return 2 * tiles;
    }
}

/* ---- legal moves ------------------------------------------------------------------ */

/* Whether the active player may play anytime card c in this window (X6, C3, X13). */
static int playable_in_window(const carc_game *g, int c, int decision)
{
    switch (c) {
    case CARC_XC_DRAW_TWO:
        return decision == CARC_DEC_WINDOW_BEFORE && g->extra_tile == EXTRA_NONE;
    case CARC_XC_RETURN_FOLLOWER: case CARC_XR_SWAP_CLOISTER: case CARC_XR_SWAP_CITY:
    case CARC_XR_SWAP_ROAD: case CARC_XR_SWAP_FIELD:
        return 1;
    case CARC_XR_MASTERMIND:
        return !g->mm_used;
    default:
        return 0;
    }
}

static int modifier_fits(const carc_game *g, int c, int r)
{
    if (g->nodes[r].type == CARC_FEAT_ROAD)
        return c == CARC_XC_LOOP_ROAD_DOUBLE;
    if (c == CARC_XC_PENNANTS_WORTH_THREE)
        return g->nodes[r].pennants > 0;
    return c == CARC_XC_PLAIN_CITY_WORTH_THREE && g->nodes[r].pennants == 0;
}

int xmas_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    int n = 0, seat = g->active;
    carc_move proto = carc_move_pass();
    switch (decision) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER:
        if (!xmas_on(g))
            return 0;
        proto.kind = CARC_MOVE_CARD;
        for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD && n < cap; c++) {
            if (!g->xhand[seat][c] || !playable_in_window(g, c, decision))
                continue;
            proto.card = (uint8_t)c;
            n += card_targets(g, c, seat, proto, out + n, cap - n);
        }
        return n;
    case CARC_DEC_CARD_DRAW:
        proto.kind = CARC_MOVE_DRAW;
        out[n++] = proto;
        if (n < cap)
            out[n++] = carc_move_pass();
        return n;
    case CARC_DEC_CARD_TARGET:
        proto.kind = CARC_MOVE_TARGET;
        return card_targets(g, g->xplay, seat, proto, out, cap);
    case CARC_DEC_BLOCK:
        if (g->xhand[g->xreply_seat][CARC_XC_PREVENT_ATTACK]) {
            proto.kind = CARC_MOVE_BLOCK;
            out[n++] = proto;
        }
        if (n < cap)
            out[n++] = carc_move_pass();
        return n;
    case CARC_DEC_MODIFIER: {
        int r = g->qroot[g->question];
        proto.kind = CARC_MOVE_CARD;
        for (int c = CARC_XC_LOOP_ROAD_DOUBLE; c <= CARC_XC_PLAIN_CITY_WORTH_THREE && n < cap;
             c++)
            if (g->xhand[seat][c] && modifier_fits(g, c, r)) {
                proto.card = (uint8_t)c;
                out[n++] = proto;
            }
        if (n < cap)
            out[n++] = carc_move_pass();
        return n;
    }
    case CARC_DEC_DISCARD:
        proto.kind = CARC_MOVE_DISCARD;
        for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD && n < cap; c++)
            if (g->xhand[seat][c]) {
                proto.card = (uint8_t)c;
                out[n++] = proto;
            }
        return n;
    case CARC_DEC_END_CHOICE:
        proto.kind = CARC_MOVE_TARGET;
        return card_targets(g, CARC_XR_TIEBREAK_FIELD, g->end_seat, proto, out, cap);
    }
    return 0;
}

/* ---- applying moves ------------------------------------------------------------------ */

static int fail(carc_error *err, const char *msg, const char *card)
{
    set_error(err, CARC_E_ILLEGAL, msg, card);
    return CARC_E_ILLEGAL;
}

/* A swap names whose follower it takes: required when followers of several other
 * seats stand on the other segment, and it must be one of them. */
static int check_swap_owner(const carc_game *g, int c, const carc_move *m, carc_error *err)
{
    int w = m->port == CARC_PORT_NONE ? NODE_NONE : node_at(g, m->x2, m->y2, m->port2);
    if (w == NODE_NONE)
        return CARC_OK;  /* no second segment: not a target (is_target says so) */
    unsigned owners = swap_owners(g, g->active, w);
    const char *type = carc_feature_name(g->nodes[w].type), *port = carc_port_name(m->port2);
    if (m->seat2 == CARC_SEAT_NONE && (owners & (owners - 1))) {
        set_error(err, CARC_E_ILLEGAL, "%s: followers of several seats stand at (%d,%d) %s:%s: "
                  "name whose it takes (seat:N)", carc_card_name(c), m->x2, m->y2, type, port);
        return CARC_E_ILLEGAL;
    }
    if (m->seat2 != CARC_SEAT_NONE && (m->seat2 >= g->players || !(owners & (1u << m->seat2)))) {
        set_error(err, CARC_E_ILLEGAL, "%s takes another seat's follower: seat %d has none at "
                  "(%d,%d) %s:%s (X10)", carc_card_name(c), m->seat2, m->x2, m->y2, type, port);
        return CARC_E_ILLEGAL;
    }
    return CARC_OK;
}

static int apply_window_card(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    int seat = g->active, c = m->card;
    const char *name = carc_card_name(c);
    if (!is_xmas_card(c))
        return fail(err, "'%s' is not a Christmas card", name);
    if (!g->xhand[seat][c])
        return fail(err, "the active player holds no %s card", name);
    if (timing_of(c) != ANYTIME)
        return fail(err, "%s is not an anytime card: it cannot be played (X6)", name);
    if (c == CARC_XC_PREVENT_ATTACK)
        return fail(err, "%s is played only as a reply to an attack (X10)", name);
    if (c == CARC_XC_LOOP_ROAD_DOUBLE || c == CARC_XC_PENNANTS_WORTH_THREE ||
        c == CARC_XC_PLAIN_CITY_WORTH_THREE)
        return fail(err, "%s is a scoring modifier, played only when asked in T7 (X8)", name);
    if (c == CARC_XC_DRAW_TWO && decision != CARC_DEC_WINDOW_BEFORE)
        return fail(err, "%s is played only before placing the tile (X6)", name);
    if (c == CARC_XC_DRAW_TWO && g->extra_tile != EXTRA_NONE)
        return fail(err, "%s: only one extra-tile card per turn (C3)", name);
    if (c == CARC_XR_MASTERMIND && g->mm_used)
        return fail(err, "%s: only one per turn (X13)", name);
    carc_move want = *m;
    if (!canonical(g, c, &want))
        return fail(err, "%s: no segment at the position and port named", name);
    if (is_swap(c) && check_swap_owner(g, c, &want, err) != CARC_OK)
        return CARC_E_ILLEGAL;
    if (!is_target(g, c, seat, &want))
        return fail(err, "not a legal target for %s", name);
    events_clear(g);
    g->xhand[seat][c]--;
    emit_played(g, seat, want.x, want.y, c, want.port);
    if (c == CARC_XC_DRAW_TWO) {
        g->extra_tile = EXTRA_DRAW_TWO;
        draw_placeable(g);
        discard(g, c);
    } else if (c == CARC_XR_MASTERMIND || grain_of(c) == BY_FOLLOWER) {
        if (c == CARC_XR_MASTERMIND)
            g->mm_used = 1;
        start_attack(g, c, &want, 0);
    }
    return CARC_OK;
}

static void finish_reply_round(carc_game *g, int blocked_by)
{
    int c = g->xplay;
    g->xplay = CARC_CARD_NONE;
    if (blocked_by >= 0) {
        g->xhand[blocked_by][CARC_XC_PREVENT_ATTACK]--;
        emit(g, CARC_EV_CARD_PLAYED, blocked_by, 0, 0, CARC_XC_PREVENT_ATTACK, CARC_PORT_NONE, 0);
        discard(g, CARC_XC_PREVENT_ATTACK);
        discard(g, c);
        return;
    }
    resolve(g, c, &g->xplay_target);
}

int xmas_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    int seat = g->active;
    switch (decision) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER:
        return apply_window_card(g, decision, m, err);
    case CARC_DEC_CARD_DRAW:
    {
        int deck = g->step == ST_T5_CLOISTER ? DECK_CLOISTER : DECK_ROADSIDE;
        events_clear(g);
        g->step = deck == DECK_CLOISTER ? ST_T5_ROADSIDE : ST_T6_FOLLOWER;
        if (m->kind == CARC_MOVE_DRAW)
            draw_card(g, deck);
        return CARC_OK;
    }
    case CARC_DEC_CARD_TARGET: {
        int c = g->xplay;
        carc_move want = *m;
        want.card = 0;
        if (!canonical(g, c, &want))
            return fail(err, "%s: no segment at the position and port named", carc_card_name(c));
        if (!is_target(g, c, seat, &want))
            return fail(err, "not a legal target for %s", carc_card_name(c));
        events_clear(g);
        start_attack(g, c, &want, 1);
        return CARC_OK;
    }
    case CARC_DEC_BLOCK: {
        int s = g->xreply_seat;
        if (m->kind == CARC_MOVE_BLOCK && !g->xhand[s][CARC_XC_PREVENT_ATTACK])
            return fail(err, "%s: the seat asked holds none to block with (X10)",
                        carc_card_name(CARC_XC_PREVENT_ATTACK));
        events_clear(g);
        if (m->kind == CARC_MOVE_BLOCK) {
            finish_reply_round(g, s);
        } else if (g->xreply_left) {
            g->xreply_seat = (uint8_t)next_replier(g, g->xreply_left);
            g->xreply_left &= (uint8_t)~(1u << g->xreply_seat);
        } else {
            finish_reply_round(g, -1);
        }
        return CARC_OK;
    }
    case CARC_DEC_MODIFIER: {
        int r = g->qroot[g->question];
        if (m->kind == CARC_MOVE_CARD) {
            const char *name = carc_card_name(m->card);
            if (!is_xmas_card(m->card) || !g->xhand[seat][m->card])
                return fail(err, "the active player holds no %s card", name);
            if (!modifier_fits(g, m->card, r))
                return fail(err, "%s does not fit this feature (X8)", name);
            events_clear(g);
            g->xhand[seat][m->card]--;
            for (int i = 0; i < g->ndone; i++)
                if (g->done[i] == r)
                    g->modifier[i] = m->card;
            emit(g, CARC_EV_CARD_PLAYED, seat, 0, 0, m->card, CARC_PORT_NONE, 0);
            discard(g, m->card);
        } else {
            events_clear(g);
        }
        g->question++;
        return CARC_OK;
    }
    case CARC_DEC_DISCARD:
        if (!is_xmas_card(m->card) || !g->xhand[seat][m->card])
            return fail(err, "the active player holds no %s card", carc_card_name(m->card));
        events_clear(g);
        g->xhand[seat][m->card]--;
        discard(g, m->card);
        return CARC_OK;
    case CARC_DEC_END_CHOICE: {
        int s = g->end_seat;
        carc_move want = *m;
        if (!canonical(g, CARC_XR_TIEBREAK_FIELD, &want))
            return fail(err, "%s: no segment at the position and port named",
                        carc_card_name(CARC_XR_TIEBREAK_FIELD));
        if (!is_target(g, CARC_XR_TIEBREAK_FIELD, s, &want))
            return fail(err, "%s needs a field where the seat has a follower (E2)",
                        carc_card_name(CARC_XR_TIEBREAK_FIELD));
        events_clear(g);
        int v = node_at(g, want.x, want.y, want.port), r = root_of(g, v);
        g->nodes[r].tokens |= (uint8_t)(1u << s);
        g->xhand[s][CARC_XR_TIEBREAK_FIELD]--;
        emit_played(g, s, want.x, want.y, CARC_XR_TIEBREAK_FIELD, want.port);
        emit_at(g, CARC_EV_TOKEN, s, v, CARC_FEAT_FIELD, CARC_XR_TIEBREAK_FIELD, 0, 0);
        discard(g, CARC_XR_TIEBREAK_FIELD);
        return CARC_OK;
    }
    }
    return fail(err, "no Christmas decision is pending%s", "");
}

/* The card a CARD or TARGET move of the pending decision is about. */
static int card_of_move(const carc_game *g, const carc_move *m)
{
    if (m->kind == CARC_MOVE_CARD)
        return m->card;
    if (m->kind != CARC_MOVE_TARGET)
        return CARC_CARD_NONE;
    return g->xplay ? g->xplay : g->step == ST_E2_END_CARDS ? CARC_XR_TIEBREAK_FIELD : 0;
}

int xmas_canonical(const carc_game *g, carc_move *m)
{
    int c = card_of_move(g, m);
    return is_xmas_card(c) ? canonical(g, c, m) : 1;
}

/* ---- views and invariants ---------------------------------------------------------- */

void xmas_hide(carc_game *g, int seat)
{
    for (int s = 0; s < g->players; s++) {
        if (s == seat)
            continue;
        int held = xmas_hand(g, s);
        g->xhidden[s][0] = g->xhidden[s][1] = 0;
        for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD; c++)
            g->xhidden[s][deck_of(c)] = (uint8_t)(g->xhidden[s][deck_of(c)] + g->xhand[s][c]);
        memset(g->xhand[s], 0, sizeof g->xhand[s]);
        g->xhand[s][0] = (uint8_t)held;
    }
    memset(g->xdeck, 0, sizeof g->xdeck);
    for (int i = 0; i < g->nevents; i++) {
        carc_event *e = &g->events[i];
        if (e->kind == CARC_EV_CARD_DRAWN && e->seat != seat && timing_of(e->a) != LIGHTNING)
            e->a = CARC_CARD_NONE;
    }
}

int xmas_invariants(const carc_game *g, carc_error *err)
{
    int count[CARC_CARDS] = {0}, total = 0;
    for (int d = 0; d < 2; d++) {
        for (int i = 0; i < g->xdeck_len[d]; i++)
            count[g->xdeck[d][i]]++;
        for (int i = 0; i < g->xndiscard[d]; i++)
            count[g->xdiscard[d][i]]++;
        total += g->xdeck_len[d] + g->xndiscard[d];
    }
    for (int s = 0; s < g->players; s++)
        for (int c = 0; c < CARC_CARDS; c++) {
            count[c] += g->xhand[s][c];
            total += g->xhand[s][c];
        }
    if (g->xplay) {
        count[g->xplay]++;
        total++;
    }
    int expect = xmas_on(g) ? 2 * DECK_CARDS : 0;
    if (total != expect) {
        set_error(err, CARC_E_INVALID, "christmas: decks + discards + hands + in play = %d, not %d",
                  total, expect);
        return CARC_E_INVALID;
    }
    if (g->view_seat < 0 && xmas_on(g))
        for (int c = CARC_XC_SCORE_THREE; c <= CARC_XR_TIEBREAK_FIELD; c++)
            if (count[c] != COPIES) {
                set_error(err, CARC_E_INVALID, "christmas: %d %s cards, not 2", count[c],
                          carc_card_name(c));
                return CARC_E_INVALID;
            }
    return CARC_OK;
}
