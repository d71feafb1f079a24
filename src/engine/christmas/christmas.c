/*
 * christmas.c - Christmas Present (RULES.md sections 3-5: X1-X14, C1-C4, E2-E3) as
 * the turn machine sees it: on or off, and each decision's moves and answers
 * handed to the file that owns that decision (christmas.h lists the files). It
 * plugs into the turn at T2 and T8 (anytime cards), T3 (Mastermind, draw_two), T5
 * (the Cloister and Roadside offers), T7 (scoring modifiers), T9 (hand limit), T10
 * (Mastermind lapses) and E2-E3 (end cards).
 */
#include <stddef.h>
#include "christmas.h"

static int xmas_legal(const carc_game *g, int decision, carc_move *out, int cap)
{
    switch (decision) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER:
        return xmas_window_legal(g, decision, out, cap);
    case CARC_DEC_CARD_DRAW:
        return xmas_offer_legal(g, out, cap);
    case CARC_DEC_CARD_TARGET: case CARC_DEC_BLOCK:
        return xmas_attack_legal(g, decision, out, cap);
    case CARC_DEC_MODIFIER:
        return xmas_modifier_legal(g, out, cap);
    case CARC_DEC_DISCARD:
        return xmas_deck_limit_legal(g, out, cap);
    case CARC_DEC_END_CHOICE:
        return xmas_end_legal(g, out, cap);
    }
    return 0;
}

/* Whether a move of this kind can answer the decision at all. */
static int kind_answers(int decision, int kind)
{
    switch (decision) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER: return kind == CARC_MOVE_CARD;
    case CARC_DEC_CARD_DRAW: return kind == CARC_MOVE_DRAW || kind == CARC_MOVE_PASS;
    case CARC_DEC_CARD_TARGET: return kind == CARC_MOVE_TARGET;
    case CARC_DEC_BLOCK: return kind == CARC_MOVE_BLOCK || kind == CARC_MOVE_PASS;
    case CARC_DEC_MODIFIER: return kind == CARC_MOVE_CARD || kind == CARC_MOVE_PASS;
    case CARC_DEC_DISCARD: return kind == CARC_MOVE_DISCARD;
    case CARC_DEC_END_CHOICE: return kind == CARC_MOVE_TARGET;
    default: return 0;
    }
}

static int xmas_apply(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    if (!kind_answers(decision, m->kind))
        return EXP_NOT_MINE;
    switch (decision) {
    case CARC_DEC_WINDOW_BEFORE: case CARC_DEC_WINDOW_AFTER:
        return xmas_window_apply(g, decision, m, err);
    case CARC_DEC_CARD_DRAW:
        return xmas_offer_apply(g, m);
    case CARC_DEC_CARD_TARGET: case CARC_DEC_BLOCK:
        return xmas_attack_apply(g, decision, m, err);
    case CARC_DEC_MODIFIER:
        return xmas_modifier_apply(g, m, err);
    case CARC_DEC_DISCARD:
        return xmas_deck_limit_apply(g, m, err);
    case CARC_DEC_END_CHOICE:
        return xmas_end_apply(g, m, err);
    }
    return xmas_fail(err, "no Christmas decision is pending%s", "");
}

/* The card a CARD or TARGET move of the pending decision is about. */
static int card_of_move(const carc_game *g, const carc_move *m)
{
    if (m->kind == CARC_MOVE_CARD)
        return m->card;
    if (m->kind != CARC_MOVE_TARGET)
        return CARC_CARD_NONE;
    return xmas_st(g)->play ? xmas_st(g)->play : g->step == ST_E2_END_CARDS ? CARC_XR_TIEBREAK_FIELD : 0;
}

/* carc_move_canonical for the moves of Christmas Present: the targets of a CARD or
 * TARGET move named canonically when the card and the segments exist, and the
 * fields the kind and card do not use cleared. */
static int xmas_canonical(const carc_game *g, carc_move *m)
{
    switch (m->kind) {
    case CARC_MOVE_CARD: case CARC_MOVE_TARGET: case CARC_MOVE_DISCARD: case CARC_MOVE_DRAW:
    case CARC_MOVE_BLOCK:
        break;
    default:
        return 0;
    }
    int card = card_of_move(g, m);
    if (m->kind != CARC_MOVE_DISCARD && xmas_card_is(card)) {
        carc_move t = *m;
        if (xmas_target_canonical(g, card, &t))
            *m = t;
    }
    carc_move c = carc_move_pass();
    c.kind = m->kind;
    if (m->kind == CARC_MOVE_TARGET) {
        c.x = m->x;
        c.y = m->y;
        c.port = m->port;
    } else if (m->kind == CARC_MOVE_DISCARD) {
        c.card = m->card;
    } else if (m->kind == CARC_MOVE_CARD) {
        c.card = m->card;
        if (m->port != CARC_PORT_NONE || m->card == CARC_XR_MASTERMIND) {
            c.x = m->x;
            c.y = m->y;
            c.port = m->port;
        }
        if (xmas_card_is_swap(m->card)) {
            c.x2 = m->x2;
            c.y2 = m->y2;
            c.port2 = m->port2;
            c.seat2 = m->seat2;
        }
    }
    if ((m->kind == CARC_MOVE_TARGET || m->kind == CARC_MOVE_CARD) && xmas_card_is(card) &&
        xmas_target_uses_figure(card))
        c.figure = m->figure;  /* XI1, XI11, XI12: which follower */
    *m = c;
    return 1;
}

/* X1: two copies of each card in each deck; a fixed order from the configuration
 * goes on top. */
static int xmas_check_config(const carc_config *cfg, carc_error *err)
{
    const struct { const char *name; int len; const uint8_t *cards; int first; } decks[2] = {
        {"Cloister", cfg->cloister_deck_len, cfg->cloister_deck, CARC_XC_SCORE_THREE},
        {"Roadside", cfg->roadside_deck_len, cfg->roadside_deck, CARC_XR_INTRUDE_FIELD}};
    for (int d = 0; d < 2; d++) {
        int used[CARC_CARDS] = {0};
        if (decks[d].len < -1 || decks[d].len > DECK_CARDS) {
            error_set(err, CARC_E_CONFIG, "a fixed %s deck holds 0..32 cards, got %d",
                      decks[d].name, decks[d].len);
            return CARC_E_CONFIG;
        }
        for (int i = 0; i < decks[d].len; i++) {
            int c = decks[d].cards[i];
            if (c < decks[d].first || c >= decks[d].first + KINDS_PER_DECK) {
                error_set(err, CARC_E_CONFIG, "%s deck position %d: %s is not a card of that deck",
                          decks[d].name, i, carc_card_name(c));
                return CARC_E_CONFIG;
            }
            if (++used[c] > COPIES) {
                error_set(err, CARC_E_CONFIG, "the %s deck has more than 2 %s", decks[d].name,
                          carc_card_name(c));
                return CARC_E_CONFIG;
            }
        }
    }
    return CARC_OK;
}

/* RULES.md 6: the deck orders are known to nobody. */
static void xmas_forget_config(carc_config *cfg)
{
    cfg->cloister_deck_len = cfg->roadside_deck_len = -1;
    memset(cfg->cloister_deck, 0, sizeof cfg->cloister_deck);
    memset(cfg->roadside_deck, 0, sizeof cfg->roadside_deck);
}

/* T1: what a turn starts without (X8 questions and modifiers, X13's one per turn). */
static void xmas_turn_begin(carc_game *g)
{
    xmas_st(g)->mm_used = 0;
    xmas_st(g)->qready = xmas_st(g)->nquestions = xmas_st(g)->question = 0;
    memset(xmas_st(g)->modifier, 0, sizeof xmas_st(g)->modifier);
}

/* The steps Christmas Present acts in (B13): windows (X6), offers (X2, X3), scoring
 * modifiers (X8), the hand limit (X5), Mastermind's lapse (X13), end cards (E2).
 * Each returns 1 if the step owes a decision now. */

static int at_end_of_turn(carc_game *g)
{
    xmas_mastermind_lapse(g);
    return 0;
}

/* The decisions of its steps; while a card is in play, its target (the active
 * seat) or a reply (the seat asked now). */
static void xmas_pending(const carc_game *g, carc_pending *p)
{
    int decision = CARC_DEC_NONE, seat = g->active;
    if (xmas_st(g)->play) {
        decision = xmas_st(g)->play_phase == XP_TARGET ? CARC_DEC_CARD_TARGET : CARC_DEC_BLOCK;
        seat = xmas_st(g)->play_phase == XP_TARGET ? g->active : xmas_st(g)->reply_seat;
    } else {
        switch (g->step) {
        case ST_T5_CLOISTER: case ST_T5_ROADSIDE: decision = CARC_DEC_CARD_DRAW; break;
        case ST_T7_MODIFIERS: decision = CARC_DEC_MODIFIER; break;
        case ST_T9_HAND: decision = CARC_DEC_DISCARD; break;
        case ST_E2_END_CARDS: decision = CARC_DEC_END_CHOICE; seat = xmas_st(g)->end_seat; break;
        default: return;
        }
    }
    p->decision = decision;
    p->seat = seat;
}

/* T3: a placement away from the spot a Mastermind mark forces (X13). */
static int xmas_refuse(const carc_game *g, const carc_move *m, int si, int forced,
                       carc_error *err)
{
    (void)m;
    if (forced < 0 || forced == si || forced != xmas_mastermind_spot(g))
        return 0;
    error_set(err, CARC_E_ILLEGAL, "mastermind: a tile in hand fits at (%d,%d), so it must go "
              "there (X13)", g->frontier[forced].x, g->frontier[forced].y);
    return 1;
}

/* How it works, in players' words (the terminal's help, the browser's how-to page). */
static const carc_how_par xmas_how[] = {
    {"Christmas Present: when a deck is offered",
     "There are two decks of Christmas cards. The Cloister deck is offered when the tile "
     "you place touches, even at a corner, a cloister on which another player has a "
     "follower. The Roadside deck is offered when the tile you place shows only roads and "
     "fields: the straight road, the curve, and the three- and four-way crossings. Both "
     "can be offered in one turn, the Cloister deck first."},
    {NULL,
     "Drawing is up to you. Declining keeps your hand as it is, and the card stays on top "
     "of its deck, unseen, for the next player offered that deck. You might decline "
     "because a lightning card must be used at once, on a target it may not suit you to "
     "choose, or because your hand is full."},
    {"Christmas Present: the three kinds of card",
     "A lightning card acts the moment it is drawn, and everyone sees it: you choose its "
     "target, and with no target it is discarded. A card you keep goes to your hand, "
     "where only you see it (the others see how many cards you hold), and you play it in "
     "your own turn, before placing or after scoring; scoring cards such as Pennants x3 "
     "are played when a city or road of yours is being scored. An end card is kept until "
     "the end of the game."},
    {"Christmas Present: the hand limit",
     "You may hold at most five Christmas cards, end cards included, when your turn ends; "
     "with more you choose which to discard, face up. Gifts do not count."},
    {"Christmas Present: attacks and Shield",
     "Intrude, Lock, Swap and Mastermind cards are attacks on the other players they "
     "touch. Each attacked player who holds a Christmas card is asked, in turn order, "
     "whether to block with Shield; the first Shield cancels the attack. A player without "
     "Shield is asked all the same, so the question tells nobody what they hold."},
    {"Christmas Present: the windows",
     "A window is the moment before placing your tile, and again after scoring, when you "
     "may play cards. While you hold a gift or a Christmas card the window opens for you "
     "even when nothing in your hand can be played, so that nobody learns what you hold "
     "from whether you were asked. When nothing can be played, the game closes it for "
     "you after a moment."},
    {"Christmas Present: tokens and locks",
     "A tie-break token (a triangle in the terminal, a disc marked T in the browser) "
     "settles a tie for the most followers on its feature: the players with a token win "
     "it. A locked feature (three bars in the terminal, a lock in the browser) keeps its "
     "followers until the end; when it is completed its points are banked and paid at the "
     "end."},
    {"Christmas Present: the end of the game",
     "Christmas cards still in hands are thrown away, except end cards, which are shown "
     "and counted: Reserve Bonus pays 2 for every follower in your supply, Tie-break: "
     "Field puts your token in a field of yours, Farmer's Bonus and Shared Field Bonus "
     "add points to fields. Then every feature is scored as usual, banked points are "
     "paid, and the highest score wins."},
    {NULL, NULL},
};

/* The decks a record or `new` may fix (X1), Cloister first. */
static const carc_deck_info xmas_decks[] = {
    {"cloister_deck", CARC_XC_SCORE_THREE, CARC_XC_SHARED_FIELD_BONUS, COPIES},
    {"roadside_deck", CARC_XR_INTRUDE_FIELD, CARC_XR_TIEBREAK_FIELD, COPIES},
    {NULL, 0, 0, 0},
};

extern const carc_card_desc xmas_cards[];  /* cards.c: the cards in words */

const struct exp_hooks xmas_hooks = {
    .info = {.bit = CARC_EXP_CHRISTMAS, .name = "christmas", .title = "Christmas Present",
             .categories = 1u << CARC_SCORE_CARDS, .how = xmas_how, .decks = xmas_decks,
             .cards = xmas_cards, .card_move = CARC_MOVE_CARD},
    .in_block = 1,  /* its decks and hands: part 2 of the state */
    .decides = 1u << ST_T5_CLOISTER | 1u << ST_T5_ROADSIDE | 1u << ST_T7_MODIFIERS |
               1u << ST_T9_HAND | 1u << ST_E2_END_CARDS,
    .hold = offsetof(carc_game, blk.xmas.play),  /* a card in play (X4, X10) */
    .forces = offsetof(carc_game, blk.xmas.mm_pending),  /* a Mastermind mark (X13) */
    .check_config = xmas_check_config,
    .forget_config = xmas_forget_config,
    .canonical = xmas_canonical,
    .check = xmas_hidden_check,
    .setup = xmas_deck_setup,
    .turn_begin = xmas_turn_begin,
    .at = {[ST_T2_WINDOW] = xmas_window_owed, [ST_T5_CLOISTER] = xmas_offer_cloister_owed,
           [ST_T5_ROADSIDE] = xmas_offer_roadside_owed, [ST_T7_MODIFIERS] = xmas_modifier_owed,
           [ST_T8_WINDOW] = xmas_window_owed, [ST_T9_HAND] = xmas_deck_limit_owed,
           [ST_T10_END] = at_end_of_turn, [ST_E2_END_CARDS] = xmas_end_owed},
    .pending = xmas_pending,
    .legal = xmas_legal,
    .lists = 1u << CARC_DEC_WINDOW_BEFORE | 1u << CARC_DEC_WINDOW_AFTER | 1u << CARC_DEC_CARD_DRAW |
             1u << CARC_DEC_CARD_TARGET | 1u << CARC_DEC_BLOCK | 1u << CARC_DEC_MODIFIER |
             1u << CARC_DEC_DISCARD | 1u << CARC_DEC_END_CHOICE,  /* xmas_legal's cases */
    .apply = xmas_apply,
    .forced_spot = xmas_mastermind_spot,
    .refuse = xmas_refuse,
    .completed_value = xmas_modifier_value,
    .field_bonus = xmas_end_field_bonus,
    .field_bonus_category = CARC_SCORE_CARDS,
    .hide = xmas_hidden_hide,
    .deal = xmas_hidden_deal,
};
