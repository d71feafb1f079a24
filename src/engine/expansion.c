/*
 * expansion.c - what the registry's list (registry.c) says, asked: what a set of
 * expansions holds (its players, figures, tiles, score categories), read from
 * their descriptors; a game's plan of which hooks act where; the calls that ask
 * every expansion, on or off. The turn machine walks the list through
 * expansion.h; the layers above read the descriptors through carc.h
 * (carc_expansion_at and the set queries).
 */
#include "expansion.h"

/* The plan a configuration gives (the exp_* fields of state.h). */
struct plan {
    uint16_t on, holders, forcers, at[ST_OVER + 1], decides[ST_OVER + 1];
    uint16_t t6, asides, closers, scored;
    uint8_t block;
    uint16_t lists[CARC_DECISIONS];
    uint16_t begins;
    uint8_t nholds;
    uint16_t hold_at[16];
};

static struct plan plan_of(unsigned expansions)
{
    struct plan p;
    memset(&p, 0, sizeof p);
    EXP_EACH_IN(expansions, h) {
        uint16_t bit = (uint16_t)h->info.bit;  /* 1 << its place in the list */
        p.on |= bit;
        p.block |= h->in_block;
        if (h->hold && h->pending) {
            p.holders |= bit;
            p.hold_at[p.nholds++] = h->hold;  /* 16 bits of plan: at most 16 */
        }
        if (h->turn_begin)
            p.begins |= bit;
        if (h->forces && h->forced_spot)
            p.forcers |= bit;
        if (h->t6_owed && h->t6_legal && h->t6_apply)
            p.t6 |= bit;
        if (h->set_aside)
            p.asides |= bit;
        if (h->no_figure_tile)
            p.closers |= bit;
        if (h->feature_scored)
            p.scored |= bit;
        for (int d = 0; d < CARC_DECISIONS; d++)
            if ((h->lists >> d & 1) && h->legal)
                p.lists[d] |= bit;
        for (int s = 0; s <= ST_OVER; s++) {
            if (h->at[s])
                p.at[s] |= bit;
            if ((h->decides >> s & 1) && h->pending)
                p.decides[s] |= bit;
        }
    }
    return p;
}

void exp_plan(carc_game *g)
{
    struct plan p = plan_of(g->expansions);
    g->exp_on = p.on;
    g->exp_holders = p.holders;
    g->exp_forcers = p.forcers;
    g->exp_block = p.block;
    memcpy(g->exp_at, p.at, sizeof p.at);
    memcpy(g->exp_decides, p.decides, sizeof p.decides);
    g->exp_t6 = p.t6;
    g->exp_asides = p.asides;
    g->exp_closers = p.closers;
    g->exp_scored = p.scored;
    memcpy(g->exp_lists, p.lists, sizeof p.lists);
    g->exp_begins = p.begins;
    g->exp_nholds = p.nholds;
    memcpy(g->exp_hold_at, p.hold_at, sizeof p.hold_at);
}

unsigned exp_all_bits(void)
{
    return exp_all_mask;
}

int exp_check_config(const carc_config *cfg, carc_error *err)
{
    EXP_EACH(h) {
        int rc = h->check_config ? h->check_config(cfg, err) : CARC_OK;
        if (rc != CARC_OK)
            return rc;
    }
    return CARC_OK;
}

void exp_forget_config(carc_config *cfg)
{
    EXP_EACH(h)
        if (h->forget_config)
            h->forget_config(cfg);
}

int exp_canonical(const carc_game *g, carc_move *m)
{
    EXP_EACH(h)
        if (h->canonical && h->canonical(g, m))
            return 1;
    return 0;
}

int exp_check(const carc_game *g, carc_error *err)
{
    struct plan p = plan_of(g->expansions);
    if (p.on != g->exp_on || p.holders != g->exp_holders || p.forcers != g->exp_forcers ||
        p.block != g->exp_block || p.t6 != g->exp_t6 || p.asides != g->exp_asides ||
        p.closers != g->exp_closers || p.scored != g->exp_scored ||
        memcmp(p.at, g->exp_at, sizeof p.at) ||
        memcmp(p.decides, g->exp_decides, sizeof p.decides) ||
        memcmp(p.lists, g->exp_lists, sizeof p.lists) || p.begins != g->exp_begins ||
        p.nholds != g->exp_nholds || memcmp(p.hold_at, g->exp_hold_at, sizeof p.hold_at)) {
        error_set(err, CARC_E_INVALID, "expansions: the plan does not match the configuration");
        return CARC_E_INVALID;
    }
    EXP_EACH(h) {
        int rc = h->check ? h->check(g, err) : CARC_OK;
        if (rc != CARC_OK)
            return rc;
    }
    return CARC_OK;
}

void exp_setup(carc_game *g, const carc_config *cfg)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->setup)
            h->setup(g, cfg);
}

void exp_pending_each(const carc_game *g, carc_pending *p, unsigned mask)
{
    EXP_EACH_OF(mask, h)
        h->pending(g, p);
}

/* exp_legal_each is asked at every decision of a game with expansions: a walk over
 * the bits of the decision's plan (exp_lists: only where a hook lists moves). */
int exp_legal_each(const carc_game *g, int decision, carc_move *out, int cap)
{
    int n = 0;
    unsigned lists = (unsigned)decision < CARC_DECISIONS ? g->exp_lists[decision] : 0;
    for (unsigned m = lists; m && n < cap; m &= m - 1)
        n += exp_list[__builtin_ctz(m)]->legal(g, decision, out + n, cap - n);
    return n;
}

int exp_apply_each(carc_game *g, int decision, const carc_move *m, carc_error *err)
{
    EXP_EACH_ACTIVE(g, h) {
        int rc = h->apply ? h->apply(g, decision, m, err) : EXP_NOT_MINE;
        if (rc != EXP_NOT_MINE)
            return rc;
    }
    return EXP_NOT_MINE;
}

unsigned exp_fit_rots(const carc_game *g, int si, int kind)
{
    /* the first that places the kind there: The River its tiles (R5), Abbey &
     * Mayor the abbey in the river's dead end (CI19) */
    EXP_EACH_ACTIVE(g, h)
        if (h->fit_rots) {
            unsigned fit = h->fit_rots(g, si, kind);
            if (fit)
                return fit;
        }
    return 0;
}

int exp_refuse(const carc_game *g, const carc_move *m, int si, int forced, carc_error *err)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->refuse && h->refuse(g, m, si, forced, err))
            return 1;
    return 0;
}

int exp_placeable(const carc_game *g, int kind)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->placeable && h->placeable(g, kind))
            return 1;
    return 0;
}

/* Asked of the expansions of the configuration (carc_new has no plan yet). */
int exp_check_stack(const carc_config *cfg, carc_error *err)
{
    EXP_EACH_IN(cfg->expansions, h) {
        int rc = h->check_stack ? h->check_stack(cfg, err) : CARC_OK;
        if (rc != CARC_OK)
            return rc;
    }
    return CARC_OK;
}

int exp_extra_floor(const carc_game *g)
{
    int floor = 0;
    EXP_EACH_ACTIVE(g, h)
        if (h->extra_floor) {
            int f = h->extra_floor(g);
            floor = f > floor ? f : floor;
        }
    return floor;
}

int exp_put_back_deepest(const carc_game *g, int kind)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->put_back_deepest) {
            int d = h->put_back_deepest(g, kind);
            if (d >= 0)
                return d;
        }
    return -1;
}

void exp_tile_removed(carc_game *g, int kind)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->tile_removed)
            h->tile_removed(g, kind);
}

int exp_closed_spot(const carc_game *g)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->closed_spot) {
            int s = h->closed_spot(g);
            if (s >= 0)
                return s;
        }
    return -1;
}

int exp_shuffle_stack(carc_game *g)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->shuffle_stack && h->shuffle_stack(g))
            return 1;
    return 0;
}

int exp_completed_value_each(const carc_game *g, int i, int seat, int *category)
{
    EXP_EACH_ACTIVE(g, h) {
        int v = h->completed_value ? h->completed_value(g, i, seat, category) : -1;
        if (v >= 0)
            return v;
    }
    return -1;
}

int exp_field_bonus_each(const carc_game *g, int seat, unsigned holders, int cities,
                         int *category)
{
    int bonus = 0;
    EXP_EACH_ACTIVE(g, h)
        if (h->field_bonus) {
            bonus += h->field_bonus(g, seat, holders, cities);
            *category = h->field_bonus_category;
        }
    return bonus;
}

int exp_type_category(int type)
{
    EXP_EACH(h)
        if (h->own_category && h->own_type == type)
            return h->own_category;
    return -1;
}

void exp_feature_info(const carc_game *g, int root, carc_feature_info *out)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->feature_info)
            h->feature_info(g, root, out);
}

void exp_final_scoring(carc_game *g)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->final_scoring)
            h->final_scoring(g);
}

int exp_held_points(const carc_game *g, int seat)
{
    int points = 0;
    EXP_EACH_ACTIVE(g, h)
        if (h->held_points)
            points += h->held_points(g, seat);
    return points;
}

void exp_hide(carc_game *g, int seat)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->hide)
            h->hide(g, seat);
}

void exp_deal(carc_game *g, int seat)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->deal)
            h->deal(g, seat);
}

void exp_end_fields(carc_game *g)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->end_fields)
            h->end_fields(g);
}

void exp_end_majorities(carc_game *g)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->end_majorities)
            h->end_majorities(g);
}

unsigned exp_figures(unsigned expansions)
{
    unsigned f = 1u << CARC_FIG_MEEPLE;
    EXP_EACH_IN(expansions, h)
        f |= h->info.figures;  /* the kinds of its figs (test_engine) */
    return f;
}

int exp_stack_tiles(unsigned expansions)
{
    int n = 0;
    EXP_EACH_IN(expansions, h)
        n += h->stack_tiles;
    return n;
}

int exp_has_tiles(unsigned expansions)
{
    EXP_EACH_IN(expansions, h)
        if (h->stack_tiles || h->replaced_by || h->start_kind)
            return 1;
    return 0;
}

int exp_start_kind(unsigned expansions)
{
    if (!expansions)
        return KIND_D;
    EXP_EACH_IN(expansions, h)
        if (h->start_kind)
            return h->start_kind;
    return KIND_D;
}

int exp_replaced(unsigned expansions, int kind)
{
    EXP_EACH_IN(expansions, h)
        if (h->replaced_by) {
            int t = h->replaced_by[kind];
            unsigned need = t ? tiles_catalogue[t].expansion : 0;
            if (t && (expansions & need) == need)
                return 1;
        }
    return 0;
}

void exp_replace_counts(unsigned expansions, uint8_t count[CARC_TILE_KINDS])
{
    EXP_EACH_IN(expansions, h)
        if (h->replaced_by)
            for (int k = 0; k < CARC_TILE_KINDS; k++) {
                int t = h->replaced_by[k];
                unsigned need = t ? tiles_catalogue[t].expansion : 0;
                if (t && count[k] && (expansions & need) == need)
                    count[k]--;
            }
}

int exp_fields_last(unsigned expansions)
{
    EXP_EACH_IN(expansions, h)
        if (h->fields_last)
            return 1;
    return 0;
}

/* ---- the registry as the layers above read it (carc.h) ---- */

int carc_expansion_count(void)
{
    int n = 0;
    EXP_EACH(h)
        n++;
    return n;
}

const carc_expansion_info *carc_expansion_at(int i)
{
    return i >= 0 && i < carc_expansion_count() ? &exp_list[i]->info : NULL;
}

const carc_expansion_info *carc_expansion_of(unsigned bit)
{
    EXP_EACH(h)
        if (h->info.bit == bit)
            return &h->info;
    return NULL;
}

unsigned carc_expansion_bits(void)
{
    return exp_all_bits();
}

const char *carc_expansion_name(unsigned bit)
{
    const carc_expansion_info *e = carc_expansion_of(bit);
    return e ? e->name : NULL;
}

unsigned carc_expansion_parse(const char *s, size_t len)
{
    EXP_EACH(h)
        if (strlen(h->info.name) == len && memcmp(h->info.name, s, len) == 0)
            return h->info.bit;
    return 0;
}

int carc_max_players(unsigned expansions)
{
    int most = CARC_BASE_MAX_PLAYERS;  /* B1 */
    EXP_EACH_IN(expansions, h)
        if (h->info.max_players > most)
            most = h->info.max_players;
    return most;
}

unsigned carc_figures_of(unsigned expansions)
{
    return exp_figures(expansions);
}

unsigned carc_categories_of(unsigned expansions)
{
    unsigned c = 1u << CARC_SCORE_ROADS | 1u << CARC_SCORE_CITIES | 1u << CARC_SCORE_CLOISTERS |
                 1u << CARC_SCORE_FIELDS;
    EXP_EACH_IN(expansions, h)
        c |= h->info.categories;
    return c;
}

unsigned carc_card_expansion(int card)
{
    EXP_EACH(h)
        for (const carc_deck_info *d = h->info.decks; d && d->key; d++)
            if (card >= d->first && card <= d->last)
                return h->info.bit;
    return 0;
}

const carc_expansion_info *carc_expansion_seating(int players)
{
    if (players <= CARC_BASE_MAX_PLAYERS)
        return NULL;
    EXP_EACH(h)
        if (h->info.max_players >= players)
            return &h->info;
    return NULL;
}

int carc_start_kind(unsigned expansions)
{
    return exp_start_kind(expansions);
}

/* A module lists its cards in id order: a walk stops at the first id past the card. */
const carc_card_desc *carc_card_desc_of(int card)
{
    if (card <= CARC_CARD_NONE || card >= CARC_CARDS)
        return NULL;
    EXP_EACH(h)
        for (const carc_card_desc *c = h->info.cards; c && c->id && c->id <= card; c++)
            if (c->id == card)
                return c;
    return NULL;
}

int carc_card_target(int card)
{
    const carc_card_desc *c = carc_card_desc_of(card);
    return c ? c->target : CARC_TARGET_NONE;
}

int exp_set_aside_each(carc_game *g, int kind)
{
    EXP_EACH_OF(g->exp_asides, h)
        if (h->set_aside(g, kind))
            return 1;
    return 0;
}

int exp_t6_owed_each(const carc_game *g)
{
    EXP_EACH_OF(g->exp_t6, h)
        if (h->t6_owed(g))
            return 1;
    return 0;
}

int exp_aside(const carc_game *g, uint8_t *kinds)
{
    int n = 0;
    EXP_EACH_ACTIVE(g, h)
        if (h->aside)
            n += h->aside(g, kinds + n);
    return n;
}

int exp_no_figure_tile_each(const carc_game *g)
{
    EXP_EACH_OF(g->exp_closers, h) {
        int t = h->no_figure_tile(g);
        if (t >= 0)
            return t;
    }
    return -1;
}

const char *exp_no_figure_words(const carc_game *g, int t)
{
    EXP_EACH_ACTIVE(g, h)
        if (h->no_figure_tile && h->no_figure_tile(g) == t)
            return h->no_figure_words;
    return "no figure may be placed on (%d,%d)";
}

void exp_feature_scored_each(carc_game *g, int root, int name)
{
    EXP_EACH_OF(g->exp_scored, h)
        h->feature_scored(g, root, name);
}

int exp_t6_legal_each(const carc_game *g, carc_move *out, int n, int cap)
{
    /* a list cut short by cap ends before the pass: it holds the core's moves only,
     * the prefix of the whole list (carc_legal's promise) */
    if (n == 0 || out[n - 1].kind != CARC_MOVE_PASS)
        return n;
    n--;
    EXP_EACH_OF(g->exp_t6, h)
        if (n < cap)
            n += h->t6_legal(g, out + n, cap - n);
    if (n < cap)
        out[n++] = move_pass();
    return n;
}

int exp_t6_count_each(const carc_game *g, int n, int cap, int counts[],
                      exp_t6_memo memos[EXP_T6_MEMOS])
{
    int total = 0, j = 0;
    EXP_EACH_OF(g->exp_t6, h) {
        if (!h->t6_count || j == EXP_T6_MEMOS)
            return -1;  /* a test module's: the counts so far are thrown away */
        /* exp_t6_legal_each: each list cut short where the room ends */
        int room = cap - n - total, c = room > 0 ? h->t6_count(g, &memos[j]) : 0;
        counts[j++] = c < room ? c : room > 0 ? room : 0;
        total += counts[j - 1];
    }
    return total;
}

void exp_t6_nth_each(const carc_game *g, const int counts[], const exp_t6_memo memos[],
                     int i, carc_move *out)
{
    int j = 0;
    EXP_EACH_OF(g->exp_t6, h) {
        if (i < counts[j]) {
            h->t6_nth(g, &memos[j], i, out);
            return;
        }
        i -= counts[j++];
    }
}

int exp_t6_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    EXP_EACH_OF(g->exp_t6, h) {
        int rc = h->t6_apply(g, m, err);
        if (rc != EXP_NOT_MINE)
            return rc;
    }
    return EXP_NOT_MINE;
}
