/*
 * target.c - every legal target of a card, at the card's grain (card.h), and a
 * move's targets in canonical form.
 *
 * A swap names your follower's segment, the other segment and the seat whose
 * follower there it takes (carc_move.seat2): when followers of several other seats
 * stand on that segment, each is a move of its own, and the seat chosen is the one
 * attacked (X10; docs/RULES-DECISIONS.md).
 *
 * carc_move.figure names a follower kind (enum carc_figure; 0, a meeple, by
 * default): for claim_* and intrude_* the one placed from supply (XI1: one move
 * per segment and kind in supply), for return_follower and the swaps the seat's
 * own follower on the named segment (XI11, XI12: one move per segment and kind
 * there). A swap takes the other seat's meeple there if it has one, else its
 * large meeple (docs/RULES-DECISIONS.md).
 */
#include "christmas.h"

static int unfinished(const carc_game *g, int r)
{
    return !(feat_of(g, r)->flags & NF_COMPLETED);
}

static int locked(const carc_game *g, int r)
{
    return (feat_of(g, r)->flags & NF_LOCKED) != 0;
}

/* Whether a swap may move followers out of and into feature r: unlocked (X12) and
 * no barn field (XI24, XI28: a farmer stands in one only between Change Position
 * and that part's T7, GI14, and no card moves one in or out). */
static int swappable(const carc_game *g, int r)
{
    return !locked(g, r) && !(feat_of(g, r)->flags2 & NF2_BARRED);
}

/* Sets of nodes, a bit each. */
enum { NODE_WORDS = MAX_NODES / 64 + 1 };

static int bit_test(const uint64_t *set, int v)
{
    return (set[v >> 6] >> (v & 63)) & 1;
}

static void bit_set(uint64_t *set, int v)
{
    set[v >> 6] |= 1ull << (v & 63);
}

int xmas_target_uses_figure(int c)
{
    enum grain gr = xmas_card_grain(c);
    return gr == BY_SEGMENT || gr == BY_FOLLOWER;
}

int xmas_target_others_on(const carc_game *g, int r, int seat)
{
    return feat_others_follow(feat_of(g, r), seat);
}

/* Whether seat has a follower in supply that may stand on a feature of `type` (XI1:
 * the abbot only on a cloister; XI24: a mayor only in a city, a wagon never in a
 * field), as cards_place_figures lists. */
static int can_place(const carc_game *g, int seat, int type)
{
    uint8_t figs[CARC_FIGURES];
    return cards_place_figures(g, seat, type, figs) > 0;
}

/* Whether feature r (of the card's type), whose record is rn, is a target of card
 * c for seat. */
static int feature_ok(const carc_game *g, int c, int r, const feature *rn, int seat)
{
    int is_field = feat_type(rn) == CARC_FEAT_FIELD;
    switch (c) {
    case CARC_XC_SCORE_ROAD_DOUBLE: case CARC_XC_SCORE_CITY_BONUS:
    case CARC_XC_SCORE_CLOISTER_BONUS:
        return !(rn->flags & (NF_COMPLETED | NF_LOCKED)) && (feat_holders(g, r) & (1u << seat));
    case CARC_XC_CLAIM_FIELD: case CARC_XC_CLAIM_ROAD: case CARC_XC_CLAIM_CITY:
        return (is_field || !(rn->flags & NF_COMPLETED)) && rn->follow == 0 &&
               !(rn->flags2 & NF2_BARRED) && can_place(g, seat, feat_type(rn));  /* XI24 */
    case CARC_XR_INTRUDE_FIELD: case CARC_XR_INTRUDE_ROAD: case CARC_XR_INTRUDE_CITY:
    case CARC_XR_INTRUDE_CLOISTER:
        return (is_field || !(rn->flags & NF_COMPLETED)) && feat_others_follow(rn, seat) &&
               !(rn->flags2 & NF2_BARRED) && can_place(g, seat, feat_type(rn));  /* XI24 */
    case CARC_XR_LOCK_CLOISTER: case CARC_XR_LOCK_ROAD: case CARC_XR_LOCK_CITY:
        return !(rn->flags & (NF_COMPLETED | NF_LOCKED)) && rn->follow != 0;
    case CARC_XR_TIEBREAK_ROAD: case CARC_XR_TIEBREAK_CITY: case CARC_XR_TIEBREAK_CLOISTER:
    case CARC_XR_TIEBREAK_FIELD:
        return (is_field || !(rn->flags & NF_COMPLETED)) && feat_follow(rn, seat) > 0 &&
               !(rn->flags2 & NF2_BARRED);  /* XI28: never a barn field */
    default:
        return 0;
    }
}

/* The seats other than `seat` with a follower on node n, whose feature's root is
 * root, as a bit mask: the followers a swap by `seat` may take there. */
unsigned xmas_target_swap_owners(const carc_game *g, int seat, int n, int root)
{
    unsigned mask = 0;
    const feature *r = feat_of(g, root);
    if (!feat_others_follow(r, seat))
        return 0;  /* nobody else on the whole feature */
    for (int s = 0; s < g->players; s++) {
        if (s == seat || !feat_follow(r, s))
            continue;
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++)
            if (g->fnode[s][i] == n) {
                mask |= 1u << s;
                break;
            }
    }
    return mask;
}

/* Every target of card c for seat, written as copies of `proto` with the target
 * filled in. */
int xmas_target_list(const carc_game *g, int c, int seat, carc_move proto, carc_move *out,
                        int cap)
{
    int n = 0, type = xmas_card_feature(c);
    switch (xmas_card_grain(c)) {
    case BY_SEGMENT: {
        /* XI1: one move per segment and follower kind in supply */
        uint8_t figs[CARC_FIGURES];
        int nf = cards_place_figures(g, seat, type, figs);
        for (int v = 0; v < g->nnodes && nf && n < cap; v++) {
            const feature *f = feat_of(g, v);
            if (feat_type(f) != type || !feature_ok(g, c, feat_root(g, v), f, seat) ||
                exp_no_figure_on(g, g->nodes[v].tile))  /* XI24: not the dragon's tile */
                continue;
            for (int k = 0; k < nf && n < cap; k++) {
                out[n] = proto;
                out[n].figure = figs[k];
                cards_name_node(g, &out[n++], v, 0);
            }
        }
        return n;
    }
    case BY_FEATURE: {
        /* Every card of this grain targets a feature with a follower on it
         * (feature_ok), so only the features of the followers on the board are
         * asked, and those that qualify are named by their lowest node and listed
         * in its order, as a walk over every node would meet them. */
        uint64_t seen[NODE_WORDS] = {0};
        uint16_t first[CARC_MAX_PLAYERS * FIG_FOLLOWER_SLOTS];
        int nfirst = 0;
        for (int s = 0; s < g->players; s++)
            for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
                int v = g->fnode[s][i];
                if (!fig_placed(v) || node_type(g, v) != type)
                    continue;
                int r = feat_root(g, v);
                if (bit_test(seen, r))
                    continue;
                bit_set(seen, r);
                if (!feature_ok(g, c, r, feat_of(g, r), seat))
                    continue;
                int f = feat_first_node(g, r), j = nfirst++;
                for (; j > 0 && first[j - 1] > f; j--)
                    first[j] = first[j - 1];
                first[j] = (uint16_t)f;
            }
        for (int j = 0; j < nfirst && n < cap; j++) {
            out[n] = proto;
            cards_name_node(g, &out[n++], first[j], 0);
        }
        return n;
    }
    case BY_FOLLOWER: {
        /* The other segment of a swap holds another seat's follower on an unlocked,
         * unfinished feature of the card's type: those nodes are gathered once, in
         * ascending order as a walk over every node would meet them, with the seats
         * whose follower there may be taken (FIG_FOLLOWER_SLOTS nodes per seat at most). */
        enum { CAND_MAX = CARC_MAX_PLAYERS * FIG_FOLLOWER_SLOTS };
        uint16_t cand[CAND_MAX], cand_root[CAND_MAX];
        unsigned cand_owners[CAND_MAX];
        int ncand = 0;
        if (xmas_card_is_swap(c)) {
            uint64_t others[NODE_WORDS] = {0};
            int any = 0;
            for (int s = 0; s < g->players; s++)
                for (int i = 0; s != seat && i < FIG_FOLLOWER_SLOTS; i++) {
                    int b = g->fnode[s][i];
                    if (fig_placed(b) && node_type(g, b) == type) {
                        bit_set(others, b);
                        any = 1;
                    }
                }
            if (!any)
                return 0;  /* nothing to take */
            for (int w = 0; w < NODE_WORDS; w++)
                for (uint64_t left = others[w]; left; left &= left - 1) {
                    int b = w * 64 + __builtin_ctzll(left);
                    int rb = feat_root(g, b);
                    if (!swappable(g, rb) || !unfinished(g, rb))
                        continue;
                    unsigned owners = xmas_target_swap_owners(g, seat, b, rb);
                    if (!owners)
                        continue;
                    cand[ncand] = (uint16_t)b;
                    cand_root[ncand] = (uint16_t)rb;
                    cand_owners[ncand++] = owners;
                }
            if (ncand == 0)
                return 0;
        }
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
            int a = g->fnode[seat][i];
            if (!fig_placed(a) || !cards_first_on_node(g, seat, i))
                continue;  /* once per segment and kind (XI11, XI12) */
            int ra = feat_root(g, a);
            if (locked(g, ra))
                continue;
            proto.figure = fig_slot_kind[i];
            if (c == CARC_XC_RETURN_FOLLOWER) {
                if (n < cap) {
                    out[n] = proto;
                    cards_name_node(g, &out[n++], a, 0);
                }
                continue;
            }
            if (node_type(g, a) != type || !unfinished(g, ra) || !swappable(g, ra))
                continue;
            /* swap: another seat's follower on a different feature, one move per
             * node and owner, owners in turn order after the active player */
            for (int j = 0; j < ncand && n < cap; j++) {
                if (cand_root[j] == ra)
                    continue;
                unsigned owners = cand_owners[j];
                for (int k = 1; owners && k < g->players && n < cap; k++) {
                    int s = (seat + k) % g->players;
                    if (!(owners & (1u << s)))
                        continue;
                    out[n] = proto;
                    cards_name_node(g, &out[n], a, 0);
                    cards_name_node(g, &out[n], cand[j], 1);
                    out[n++].seat2 = (uint8_t)s;
                }
            }
        }
        return n;
    }
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
int xmas_target_canonical(const carc_game *g, int c, carc_move *m)
{
    if (c == CARC_XR_MASTERMIND || m->port == CARC_PORT_NONE)
        return 1;
    int v = board_node_at(g, m->x, m->y, m->port);
    if (v == NODE_NONE)
        return 0;
    if (xmas_card_grain(c) == BY_FEATURE)
        v = feat_first_node(g, v);
    cards_name_node(g, m, v, 0);
    if (xmas_card_is_swap(c)) {
        int w = board_node_at(g, m->x2, m->y2, m->port2);
        if (w == NODE_NONE)
            return 0;
        cards_name_node(g, m, w, 1);
        unsigned owners = xmas_target_swap_owners(g, g->active, w, feat_root(g, w));
        if (m->seat2 == CARC_SEAT_NONE && owners && !(owners & (owners - 1)))
            m->seat2 = (uint8_t)__builtin_ctz(owners);  /* the only one: need not be named */
    }
    return 1;
}

/* Whether seat has a follower on node v (mine) or another seat has one there. */
static int any_follower_on(const carc_game *g, int v, int seat, int mine)
{
    for (int s = 0; s < g->players; s++)
        for (int i = 0; (s == seat) == mine && i < FIG_FOLLOWER_SLOTS; i++)
            if (g->fnode[s][i] == v)
                return 1;
    return 0;
}

/* Whether a follower of any seat stands on the feature whose root is r. */
static int feature_has_follower(const carc_game *g, int r)
{
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
            int v = g->fnode[s][i];
            if (fig_placed(v) && feat_root(g, v) == r)
                return 1;
        }
    return 0;
}

/* Whether `want` (canonical) is among card c's targets for seat: the one entry of
 * xmas_target_list that could equal it is found from the nodes it names, the
 * conditions under which the list writes that entry are asked of them, and the
 * entry, written as the list writes it, is compared (a list is written only for
 * mastermind's spots and the cards with no target). */
int xmas_target_is(const carc_game *g, int c, int seat, const carc_move *want)
{
    carc_move proto = *want;
    proto.x = proto.y = proto.x2 = proto.y2 = 0;
    proto.port = proto.port2 = CARC_PORT_NONE;
    proto.seat2 = CARC_SEAT_NONE;
    proto.figure = CARC_FIG_MEEPLE;
    int grain = xmas_card_grain(c), type = xmas_card_feature(c);
    if (grain == BY_NOTHING) {
        carc_move list[MAX_TARGETS];
        int k = xmas_target_list(g, c, seat, proto, list, MAX_TARGETS);
        for (int i = 0; i < k; i++)
            if (carc_move_equal(&list[i], want))
                return 1;
        return 0;
    }
    int v = want->port == CARC_PORT_NONE ? NODE_NONE
                                          : board_node_at(g, want->x, want->y, want->port);
    if (v == NODE_NONE)
        return 0;
    carc_move e = proto;
    int r = feat_root(g, v);
    switch (grain) {
    case BY_SEGMENT: {
        uint8_t figs[CARC_FIGURES];
        int nf = cards_place_figures(g, seat, type, figs), ok = 0;
        for (int k = 0; k < nf; k++)
            ok |= figs[k] == want->figure;
        if (!ok || node_type(g, v) != type || !feature_ok(g, c, r, feat_of(g, v), seat) ||
            exp_no_figure_on(g, g->nodes[v].tile))
            return 0;
        break;
    }
    case BY_FEATURE:
        if (want->figure != CARC_FIG_MEEPLE || node_type(g, v) != type ||
            !feature_has_follower(g, r) ||
            !feature_ok(g, c, r, feat_of(g, r), seat))
            return 0;
        v = feat_first_node(g, r);
        break;
    default: {  /* BY_FOLLOWER: v is the seat's follower's segment */
        if (want->figure >= CARC_FIGURES || exp_figure_of[want->figure]->special ||
            !follower_on(g, seat, want->figure, v) ||
            locked(g, r))
            return 0;
        if (c == CARC_XC_RETURN_FOLLOWER)
            break;
        if (node_type(g, v) != type || !unfinished(g, r) || !swappable(g, r))
            return 0;
        int w = want->port2 == CARC_PORT_NONE ? NODE_NONE
                                              : board_node_at(g, want->x2, want->y2, want->port2);
        if (w == NODE_NONE || !any_follower_on(g, w, seat, 0) || node_type(g, w) != type)
            return 0;
        int rw = feat_root(g, w);
        if (rw == r || !swappable(g, rw) || !unfinished(g, rw))
            return 0;
        unsigned owners = xmas_target_swap_owners(g, seat, w, rw);
        int s = want->seat2;
        if (s == seat || s >= g->players || !(owners & (1u << s)))
            return 0;
        cards_name_node(g, &e, w, 1);
        e.seat2 = (uint8_t)s;
        break;
    }
    }
    cards_name_node(g, &e, v, 0);
    e.figure = want->figure;  /* checked above for the cards that name one */
    return carc_move_equal(&e, want);
}

/* Whether card c has a target for seat: xmas_target_list(..., 1) != 0. The cards
 * whose every target is a feature with a follower on it (intrude_*: another
 * seat's; the cards listed by feature: any seat's) ask only those followers'
 * features, not every segment, and stop at the first that qualifies. */
int xmas_target_any(const carc_game *g, int c, int seat)
{
    int intrude = c >= CARC_XR_INTRUDE_FIELD && c <= CARC_XR_INTRUDE_CLOISTER;
    /* a tile closed to figures (XI24: the dragon's) may leave an intruder's feature
     * without a segment to go to: the whole list then says */
    if (intrude && g->exp_closers && exp_no_figure_tile_each(g) >= 0)
        intrude = 0;
    else if (intrude || xmas_card_grain(c) == BY_FEATURE) {
        int type = xmas_card_feature(c);
        for (int s = 0; s < g->players; s++)
            for (int i = 0; !(intrude && s == seat) && i < FIG_FOLLOWER_SLOTS; i++) {
                int v = g->fnode[s][i];
                if (fig_placed(v) && node_type(g, v) == type &&
                    feature_ok(g, c, feat_root(g, v), feat_of(g, v), seat))
                    return 1;
            }
        return 0;
    }
    carc_move one;
    return xmas_target_list(g, c, seat, carc_move_pass(), &one, 1) != 0;
}
