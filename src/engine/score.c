/*
 * score.c - paying points: completed features in T7 (B9), returning followers,
 * and the end of the game (E3-E6: B11 final scoring, banked points, winner).
 */
#include "state.h"

int category_of(int type)
{
    switch (type) {
    case CARC_FEAT_ROAD: return 0;
    case CARC_FEAT_CITY: return 1;
    case CARC_FEAT_CLOISTER: return 2;
    default: return 3;
    }
}

void score_add(carc_game *g, int seat, int category, int points, int type, int n)
{
    g->score[seat][category] = (int16_t)(g->score[seat][category] + points);
    const placed *p = &g->tiles[g->nodes[n].tile];
    emit(g, CARC_EV_SCORED, seat, p->x, p->y, type, (uint8_t)category, points);
}

void score_return_followers(carc_game *g, int root)
{
    node *r = &g->nodes[root];
    if (r->nfollow) {
        for (int s = 0; s < g->players; s++) {
            if (!r->follow[s])
                continue;
            for (int i = 0; i < CARC_FOLLOWERS; i++) {
                int n = g->fnode[s][i];
                if (n == NODE_NONE || feat_root(g, n) != root)
                    continue;
                const placed *p = &g->tiles[g->nodes[n].tile];
                emit(g, CARC_EV_RETURNED, s, p->x, p->y, board_node_port(g, n), 0, 0);
                g->fnode[s][i] = NODE_NONE;
            }
        }
    }
    r->nfollow = 0;
    memset(r->follow, 0, sizeof r->follow);
    r->tokens = 0;
}

void score_completed(carc_game *g, int i)
{
    int root = g->done[i];
    node *r = &g->nodes[root];
    unsigned holders = feat_holders(g, root);
    if (holders) {
        for (int s = 0; s < g->players; s++) {
            if (!(holders & (1u << s)))
                continue;
            int cat, value = xmas_completed_value(g, i, s, &cat);
            if (r->flags & NF_LOCKED)
                g->banked[s][cat] = (int16_t)(g->banked[s][cat] + value);
            else
                score_add(g, s, cat, value, r->type, root);
        }
    }
    r->flags |= NF_SCORED;
    if (r->flags & NF_LOCKED)
        r->tokens = 0;  /* X12: the followers stay until the end */
    else
        score_return_followers(g, root);
}

void score_final(carc_game *g)
{
    /* E3: every unscored feature with followers, fields included (B11). */
    for (int n = 0; n < g->nnodes; n++) {
        const node *r = &g->nodes[n];
        if (r->parent != n || r->nfollow == 0 || (r->flags & NF_SCORED))
            continue;
        int value = feat_value_end(g, n);
        if (value == 0)
            continue;  /* a field bordering no completed city */
        unsigned holders = feat_holders(g, n);
        for (int s = 0; s < g->players; s++) {
            if (!(holders & (1u << s)))
                continue;
            score_add(g, s, category_of(r->type), value, r->type, n);
            if (r->type == CARC_FEAT_FIELD) {  /* E3: field_city_bonus, shared_field_bonus */
                int bonus = xmas_field_bonus(g, s, holders, value / 3);
                if (bonus)
                    score_add(g, s, CARC_SCORE_CARDS, bonus, r->type, n);
            }
        }
    }
    /* E4: banked points of locked features (X12). */
    for (int s = 0; s < g->players; s++)
        for (int c = 0; c < CARC_SCORE_CATEGORIES; c++) {
            g->score[s][c] = (int16_t)(g->score[s][c] + g->banked[s][c]);
            g->banked[s][c] = 0;
        }
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
