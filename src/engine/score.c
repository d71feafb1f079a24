/*
 * score.c - paying points: completed features in T7 (B9), returning followers,
 * and the end of the game (E3-E6: B11 final scoring, banked points, winner).
 *
 * Every change of a score or of the banked points emits an event saying why
 * (CARC_EV_SCORED with a reason, CARC_EV_BANKED, CARC_EV_BANK_PAID), so that the
 * events of a game add up to its scores.
 */
#include "expansion.h"

int score_category(int type)
{
    switch (type) {
    case CARC_FEAT_ROAD: return 0;
    case CARC_FEAT_CITY: return 1;
    case CARC_FEAT_CLOISTER: return 2;
    case CARC_FEAT_FIELD: return 3;
    default: return exp_type_category(type);  /* an expansion's feature (a garden) */
    }
}

void score_add(carc_game *g, int seat, int category, int points, int reason, int n)
{
    g->score[seat][category] = (int16_t)(g->score[seat][category] + points);
    if (points == 0)
        return;  /* nothing scored, nothing to tell (docs/RULES-DECISIONS.md) */
    if (n == NODE_NONE) {
        carc_event *e = event_emit(g, CARC_EV_SCORED, seat, 0, 0, CARC_FEAT_NONE, reason, points);
        if (e)
            e->category = (uint8_t)category;
    } else {
        event_emit_at(g, CARC_EV_SCORED, seat, n, node_type(g, n), reason, category, points);
    }
}

void score_return_followers(carc_game *g, int root)
{
    if (g->exp_scored)  /* PD9 d: a sweep, a card (the name found only then) */
        exp_feature_scored(g, root, feat_first_node(g, root));
    figure_return_all(g, root);
}

/* How events name a feature the placed tile completed: the tile's own segment of
 * it, or (a cloister completed around the tile) the feature's oldest segment. */
static int completed_name(const carc_game *g, int root)
{
    const placed *p = &g->tiles[g->last];
    int nseg = tile_def(p->kind)->nseg;
    for (int j = 0; j < nseg; j++)
        if (feat_root(g, p->first + j) == root)
            return p->first + j;
    return feat_first_node(g, root);
}

int score_name_done(const carc_game *g, int i)
{
    return completed_name(g, g->done[i]);
}

void score_completed(carc_game *g, int i)
{
    int root = g->done[i];
    feature *r = feat_mut(g, root);
    unsigned holders = feat_holders(g, root);
    if (holders) {
        int name = completed_name(g, root);
        for (int s = 0; s < g->players; s++) {
            if (!(holders & (1u << s)))
                continue;
            int cat, value = exp_completed_value(g, i, s, &cat);  /* X8 */
            int reason = CARC_REASON_MODIFIER;
            if (value < 0) {
                value = feat_value_completed(g, root);
                cat = score_category(feat_type(r));
                reason = CARC_REASON_COMPLETED;
            }
            if (r->flags & NF_LOCKED) {
                g->banked[s][cat] = (int16_t)(g->banked[s][cat] + value);
                event_emit_at(g, CARC_EV_BANKED, s, name, feat_type(r), reason, cat, value);
            } else {
                score_add(g, s, cat, value, reason, name);
            }
        }
    }
    if (g->exp_scored)  /* PD9 d (banked if locked); the name found only then */
        exp_feature_scored(g, root, completed_name(g, root));
    r->flags |= NF_SCORED;
    if (r->flags & NF_LOCKED) {
        r->tokens = 0;  /* X12: the followers stay until the end */
        if (fig_specials(g))
            figure_return_specials(g, root);  /* XI9: the builder leaves */
    } else {
        figure_return_all(g, root);
    }
}

void score_final(carc_game *g)
{
    /* E3: every unscored feature with followers, fields included (B11), in the
     * order of their oldest segments, which is also how the events name them. At
     * most one feature per follower has followers, and they are found from the
     * followers rather than by a walk over every node. */
    int nf = 0, roots[CARC_MAX_PLAYERS * FIG_FOLLOWER_SLOTS];
    int names[CARC_MAX_PLAYERS * FIG_FOLLOWER_SLOTS];
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < FIG_FOLLOWER_SLOTS; i++) {
            if (!fig_placed(g->fnode[s][i]))
                continue;
            int n = feat_root(g, g->fnode[s][i]), seen = 0;
            if (feat_of(g, n)->flags & NF_SCORED)
                continue;
            for (int k = 0; k < nf && !seen; k++)
                seen = roots[k] == n;
            if (seen)
                continue;
            int name = feat_first_node(g, n), k = nf++;
            for (; k > 0 && names[k - 1] > name; k--) {  /* insertion by oldest segment */
                names[k] = names[k - 1];
                roots[k] = roots[k - 1];
            }
            names[k] = name;
            roots[k] = n;
        }
    /* CI12: with the big-box expansions, every road, city and cloister first, then
     * the fields, then the goods; without them, in the order found (the order only
     * says in which order points are told, the totals are the same) */
    int fields_last = exp_fields_last(g->expansions);  /* CI12 */
    for (int pass = 0; pass <= fields_last; pass++)
    for (int k = 0; k < nf; k++) {
        int n = roots[k], name = names[k];
        if (fields_last && (node_type(g, n) == CARC_FEAT_FIELD) != pass)
            continue;
        const feature *r = feat_of(g, n);
        int value = feat_value_end(g, n);
        exp_feature_scored(g, n, name);  /* PD9 d: even when it pays nothing */
        if (value == 0)
            continue;  /* a field bordering no completed city */
        unsigned holders = feat_holders(g, n);
        int field = feat_type(r) == CARC_FEAT_FIELD;
        for (int s = 0; s < g->players; s++) {
            if (!(holders & (1u << s)))
                continue;
            score_add(g, s, score_category(feat_type(r)), value,
                      field ? CARC_REASON_FIELD : CARC_REASON_FINAL, name);
            if (field && (g->figures & fig_field_kinds)) {  /* TB8: a figure's own bonus (a pig) */
                int reason = CARC_REASON_FIELD;
                int bonus = figure_field_bonus(g, s, n, value / 3, &reason);
                score_add(g, s, CARC_SCORE_FIELDS, bonus, reason, name);
            }
            if (field) {  /* E3: the expansions' (field_city_bonus, shared_field_bonus) */
                int cat = CARC_SCORE_FIELDS;
                int bonus = exp_field_bonus(g, s, holders, value / 3, &cat);
                score_add(g, s, cat, bonus, CARC_REASON_FIELD_BONUS, name);
            }
        }
    }
    exp_end_fields(g);       /* CI21 (2): barns after the farmers (AM11) */
    exp_end_majorities(g);  /* CI12 (3), CI21 (3): TB10 */
    /* E4: banked points of locked features (X12). */
    for (int s = 0; s < g->players; s++)
        for (int c = 0; c < CARC_SCORE_CATEGORIES; c++) {
            if (!g->banked[s][c])
                continue;
            carc_event *e = event_emit(g, CARC_EV_BANK_PAID, s, 0, 0, 0, 0, g->banked[s][c]);
            if (e)
                e->category = (uint8_t)c;
            g->score[s][c] = (int16_t)(g->score[s][c] + g->banked[s][c]);
            g->banked[s][c] = 0;
        }
}

int carc_score(const carc_game *g, int seat)
{
    int s = 0;
    for (int c = 0; c < CARC_SCORE_CATEGORIES; c++)
        s += g->score[seat][c];
    return s;
}


void score_winners(carc_game *g)
{
    /* E6: winners (B12). */
    int best = -(1 << 30);
    for (int s = 0; s < g->players; s++)
        if (carc_score(g, s) > best)
            best = carc_score(g, s);
    g->winners = 0;
    for (int s = 0; s < g->players; s++)
        if (carc_score(g, s) == best)
            g->winners |= (uint8_t)(1u << s);
}
