/*
 * gifts.c - The Gifts (RULES.md section 2, G1-G12) as the turn machine sees it: its
 * table of hooks, plugged into the turn at T2 (opening, open.c), T3 (the second
 * tile of take_two), T4 (receiving, G2-G4) and E5 (unopened gifts, G11); the deck
 * (G1) and its configuration; the public queries on gifts.
 */
#include "gifts.h"

/* A fixed gift deck: at most 25 cards, 5 of each gift. */
static int gifts_check_config(const carc_config *cfg, carc_error *err)
{
    if (cfg->gift_deck_len < -1 || cfg->gift_deck_len > GIFT_CARDS) {
        error_set(err, CARC_E_CONFIG, "a fixed gift deck holds 0..25 cards, got %d",
                  cfg->gift_deck_len);
        return CARC_E_CONFIG;
    }
    int gifts[CARC_GIFT_TAKE_TWO + 1] = {0};
    for (int i = 0; i < cfg->gift_deck_len; i++) {
        int c = cfg->gift_deck[i];
        if (c < CARC_GIFT_SYNOD || c > CARC_GIFT_TAKE_TWO) {
            error_set(err, CARC_E_CONFIG, "gift deck position %d holds no gift (%d)", i, c);
            return CARC_E_CONFIG;
        }
        if (++gifts[c] > GIFT_COPIES) {
            error_set(err, CARC_E_CONFIG, "the gift deck has more than 5 %s", carc_card_name(c));
            return CARC_E_CONFIG;
        }
    }
    return CARC_OK;
}

/* RULES.md 6: the deck order is known to nobody. */
static void gifts_forget_config(carc_config *cfg)
{
    cfg->gift_deck_len = -1;
    memset(cfg->gift_deck, 0, sizeof cfg->gift_deck);
}

/* G1: 25 cards, 5 of each kind. A fixed order from the configuration goes on top
 * (its first card drawn first); the cards it leaves out are shuffled below. */
static void gifts_setup(carc_game *g, const carc_config *cfg)
{
    if (!gifts_on(g))
        return;
    int nfixed = cfg->gift_deck_len > 0 ? cfg->gift_deck_len : 0;
    gifts_st(g)->deck_len = (uint8_t)cards_deck_build(g, gifts_st(g)->deck, CARC_GIFT_SYNOD,
                                                 CARC_GIFT_TAKE_TWO, GIFT_COPIES, cfg->gift_deck,
                                                 nfixed);
    gifts_st(g)->ndiscard = 0;
}

/* Gives the active player the top gift (G4), reshuffling the discard pile into an
 * empty deck; nothing if both are empty. */
static void receive_gift(carc_game *g)
{
    if (gifts_st(g)->deck_len == 0) {
        if (gifts_st(g)->ndiscard == 0)
            return;
        memcpy(gifts_st(g)->deck, gifts_st(g)->discard, gifts_st(g)->ndiscard);
        gifts_st(g)->deck_len = gifts_st(g)->ndiscard;
        gifts_st(g)->ndiscard = 0;
        rng_shuffle(g->rng, gifts_st(g)->deck, gifts_st(g)->deck_len);
    }
    int card = gifts_st(g)->deck[--gifts_st(g)->deck_len];
    gifts_st(g)->hand[g->active][card]++;
    gifts_st(g)->fresh[card]++;
    event_emit(g, CARC_EV_GIFT_DRAWN, g->active, 0, 0, card, 0, 0);
}

/* T4 (G2, G3): one gift when a road or city of the placed tile holds followers and
 * the active player is not among its majority holders; owes no decision (0). The
 * step's hook itself, asked at every tile: the segments are walked by the tile
 * table (0xFF past them) and each node's record is its feature's. */
static int gifts_at_check(carc_game *g)
{
    if (!gifts_on(g))
        return 0;
    const placed *p = &g->tiles[g->last];
    const uint8_t *port = tiletab_seg_port[p->kind][p->rot];
    for (int i = 0; i < 8 && port[i] != 0xFF; i++) {
        int v = p->first + i;
        const feature *f = feat_of(g, v);
        if (feat_type(f) != CARC_FEAT_ROAD && feat_type(f) != CARC_FEAT_CITY)
            continue;
        if (f->follow && !(feat_holders(g, feat_root(g, v)) & (1u << g->active))) {
            receive_gift(g);
            return 0;
        }
    }
    return 0;
}

static void gifts_final(carc_game *g)
{
    if (!gifts_on(g))
        return;
    for (int s = 0; s < g->players; s++)
        score_add(g, s, CARC_SCORE_GIFTS, 2 * gifts_held(g, s), CARC_REASON_GIFTS, NODE_NONE);
}

static void gifts_turn_begin(carc_game *g)
{
    gifts_st(g)->opened = 0;
    memset(gifts_st(g)->fresh, 0, sizeof gifts_st(g)->fresh);
}

/* T2: the window is owed while the active player holds a gift not yet opened this
 * turn (G5). */
static int gifts_at_window(carc_game *g)
{
    return gifts_window_owed(g);
}

/* G11: each unopened gift is worth 2 at the end. */
static int gifts_held_points(const carc_game *g, int seat)
{
    return 2 * gifts_held(g, seat);
}

/* How it works, in players' words (the terminal's help, the browser's how-to page). */
static const carc_how_par gifts_how[] = {
    {"The Gifts: how you receive a gift",
     "You receive a gift when the tile you place extends or completes a road or a city "
     "that has followers on it and you are not in the lead there: someone else has more "
     "followers on it, or you have none. For example, when Blue extends Red's road, Blue "
     "receives a gift. Fields and cloisters never give gifts, and you receive at most "
     "one gift a turn."},
    {NULL,
     "Only you see which gift you received; the other players see that you received "
     "one."},
    {"The Gifts: opening a gift",
     "From your next turn on, you may open one gift a turn, before placing your tile. "
     "Synod puts a follower from your supply on any unfinished cloister, Road Sweeper "
     "scores a road now and clears it, Cash Out takes a follower of yours back for 2 "
     "points per follower on its feature, Change Position moves a follower of yours "
     "within its tile, Take 2 lets you draw a second tile and choose. A gift with nothing "
     "to act on (Synod with no follower in your supply, say) is wasted: the game says so "
     "before you open it."},
    {NULL,
     "At the end of the game, every gift you have not opened is worth 2 points."},
    {NULL, NULL},
};

/* The deck a record or `new` may fix (G1). */
static const carc_deck_info gifts_decks[] = {
    {"gift_deck", CARC_GIFT_SYNOD, CARC_GIFT_TAKE_TWO, GIFT_COPIES},
    {NULL, 0, 0, 0},
};

extern const carc_card_desc gifts_cards[];  /* cards.c: the gifts in words */

const struct exp_hooks gifts_hooks = {
    .info = {.bit = CARC_EXP_GIFTS, .name = "gifts", .title = "The Gifts",
             .categories = 1u << CARC_SCORE_GIFTS, .how = gifts_how, .decks = gifts_decks,
             .cards = gifts_cards, .card_move = CARC_MOVE_GIFT},
    .in_block = 1,  /* its decks and hands: part 2 of the state */
    .check_config = gifts_check_config,
    .forget_config = gifts_forget_config,
    .canonical = gifts_open_canonical,
    .check = gifts_hidden_check,
    .setup = gifts_setup,
    .turn_begin = gifts_turn_begin,
    .at = {[ST_T2_WINDOW] = gifts_at_window, [ST_T4_GIFT] = gifts_at_check},
    .legal = gifts_open_legal,
    .lists = 1u << CARC_DEC_WINDOW_BEFORE,
    .apply = gifts_open_apply,
    .final_scoring = gifts_final,
    .held_points = gifts_held_points,
    .hide = gifts_hidden_hide,
    .deal = gifts_hidden_deal,
};

/* ---- the public queries (carc.h) ---- */

int carc_gifts(const carc_game *g, int seat, int counts[6])
{
    for (int c = 0; c < 6; c++)
        counts[c] = gifts_st(g)->hand[seat][c];
    return gifts_held(g, seat);
}

int carc_gift_deck_left(const carc_game *g) { return gifts_st(g)->deck_len; }

int carc_gift_discard(const carc_game *g, int *cards, int cap)
{
    for (int i = 0; i < gifts_st(g)->ndiscard && i < cap; i++)
        cards[i] = gifts_st(g)->discard[i];
    return gifts_st(g)->ndiscard;
}
