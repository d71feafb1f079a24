/*
 * barn.c - Abbey & Mayor's barn (AM9-AM11): a special figure that stands on a
 * tile's corner (a place, CARC_PORT_CNW..CSW, on no segment and on no tile: §0),
 * never on a feature, so T6 lists it through the module's own moves (the core's
 * t6_* hooks), not the figures' spread (`stands` is empty).
 *
 *   AM9  T6: the barn from supply on a corner of the tile just placed whose three
 *        other positions hold tiles, a field corner of each of the four tiles (one
 *        field segment holds both half-edges meeting there), in a field with no
 *        barn yet. The field is flagged NF2_BARRED: no follower joins it (AM10),
 *        and a union carries the flag to every field it meets.
 *  AM10  T7, after the completed features (the step ST_T7_AFTER): the field of a
 *        barn placed in this part's T6 scores as at the end, 3 a completed city
 *        (a pig of a majority holder 1 more, TB8); every other barn field with a
 *        follower in it scores 1 a city (the pig 1 more); then the followers there
 *        return, the pigs with them.
 *  AM11  E3 (after the farmers): each seat with a barn in a field, 4 a completed
 *        city it borders, once a field.
 *
 * A barn is stored at its corner seen as the SE corner of its north-west tile
 * (state.h: fig_place of that tile and CARC_PORT_CSE), whatever corner of the tile
 * just placed the move named.
 */
#include "abbey.h"

/* The half-edges that meet at a tile's corner (§0, field corner): NW, NE, SE, SW. */
static const uint8_t corner_halves[4][2] = {
    {CARC_PORT_WN, CARC_PORT_NW}, {CARC_PORT_NE, CARC_PORT_EN},
    {CARC_PORT_ES, CARC_PORT_SE}, {CARC_PORT_SW, CARC_PORT_WS}};
/* Of each corner of a tile (NW, NE, SE, SW), the north-west tile of the four
 * around it, as an offset from the tile. */
static const int8_t corner_nw[4][2] = {{-1, -1}, {0, -1}, {0, 0}, {-1, 0}};
/* The four tiles around a corner, as offsets from its north-west tile, and the
 * corner of each that meets there (0 NW .. 3 SE as corner_halves). */
static const int8_t around[4][3] = {{0, 0, 2}, {1, 0, 3}, {0, 1, 1}, {1, 1, 0}};

/* The field node at corner c (0..3) of the tile at (x,y) if it is a field corner
 * (§0), else NODE_NONE. */
static int corner_field(const carc_game *g, int x, int y, int c)
{
    int a = board_node_at(g, x, y, corner_halves[c][0]);
    int b = board_node_at(g, x, y, corner_halves[c][1]);
    return a != NODE_NONE && a == b && node_type(g, a) == CARC_FEAT_FIELD ? a : NODE_NONE;
}

/* AM9 (a), (b): the field of the corner whose north-west tile is at (x,y), if all
 * four tiles are there and it is a field corner of each; NODE_NONE if not. */
static int barn_corner_field(const carc_game *g, int x, int y)
{
    int field = NODE_NONE;
    for (int i = 0; i < 4; i++) {
        int n = corner_field(g, x + around[i][0], y + around[i][1], around[i][2]);
        if (n == NODE_NONE)
            return NODE_NONE;
        field = i == 0 ? n : field;
    }
    return field;
}

/* The barn's slot of seat. */
static int barn_slot(void)
{
    return figure_slot_of(CARC_FIG_BARN);
}

/* AM9: why the barn may not stand at corner c (0..3) of the tile just placed, or
 * NULL if it may; *field its field's node. */
static const char *barn_refusal(const carc_game *g, int c, int *field)
{
    const placed *p = &g->tiles[g->last];
    if (!figure_in_supply(g, g->active, CARC_FIG_BARN))
        return "player %d's barn is already on the board (one each, AM1)";
    *field = barn_corner_field(g, p->x + corner_nw[c][0], p->y + corner_nw[c][1]);
    if (*field == NODE_NONE)
        return "a barn stands where four tiles meet, at a field corner of each (AM9)";
    if (feat_of(g, *field)->flags2 & NF2_BARRED)
        return "that field already holds a barn (AM9)";
    return NULL;
}

/* Whether corner c (0..3) of the tile just placed is a field corner of it, from its
 * own nodes (no lookup of the position table): barn_corners asks it before the
 * other three tiles, since most corners of most tiles are none. */
static int own_field_corner(const carc_game *g, int c)
{
    int a = board_port_node(g, g->last, corner_halves[c][0]);
    return a != NODE_NONE && a == board_port_node(g, g->last, corner_halves[c][1]) &&
           node_type(g, a) == CARC_FEAT_FIELD;
}

/* AM9: the corners (bit c: 0 NW .. 3 SW) of the tile just placed where the active
 * player's barn may stand, barn_refusal's answer asked only of corners with a tile
 * on both sides (a barn needs four tiles there; most corners have fewer, and T6
 * asks at every decision whether one is owed, how many, the one picked). */
static unsigned barn_corners(const carc_game *g)
{
    /* the sides (N E S W) each corner needs (NW: N and W ...) */
    static const uint8_t corner_sides[4] = {1 | 8, 1 | 2, 4 | 2, 4 | 8};
    if (g->last == TILE_NONE || !figure_in_supply(g, g->active, CARC_FIG_BARN))
        return 0;
    unsigned sides = g->last_sides, corners = 0;
    int field;
    for (int c = 0; c < 4; c++)
        if ((sides & corner_sides[c]) == corner_sides[c] && own_field_corner(g, c) &&
            !barn_refusal(g, c, &field))
            corners |= 1u << c;
    return corners;
}

/* The barn's move to corner c of the tile just placed. */
static carc_move barn_move(const carc_game *g, int c)
{
    const placed *p = &g->tiles[g->last];
    carc_move m = move_pass();
    m.kind = CARC_MOVE_FOLLOWER;
    m.figure = CARC_FIG_BARN;
    m.x = p->x;
    m.y = p->y;
    m.port = (uint8_t)(CARC_PORT_CNW + c);
    return m;
}

int abbey_barn_t6_owed(const carc_game *g)
{
    return barn_corners(g) != 0;
}

int abbey_barn_t6_legal(const carc_game *g, carc_move *out, int cap)
{
    int n = 0;
    for (unsigned k = barn_corners(g); k && n < cap; k &= k - 1)
        out[n++] = barn_move(g, __builtin_ctz(k));
    return n;
}

int abbey_barn_t6_count(const carc_game *g, void *memo)
{
    unsigned k = barn_corners(g);
    memcpy(memo, &k, sizeof k);
    return bits_in(k);
}

void abbey_barn_t6_nth(const carc_game *g, const void *memo, int i, carc_move *out)
{
    unsigned k;
    memcpy(&k, memo, sizeof k);
    for (; i > 0; i--)
        k &= k - 1;
    *out = barn_move(g, __builtin_ctz(k));
}

int abbey_barn_t6_apply(carc_game *g, const carc_move *m, carc_error *err)
{
    if (m->kind != CARC_MOVE_FOLLOWER || !port_is_corner(m->port))
        return EXP_NOT_MINE;
    const placed *p = &g->tiles[g->last];
    if (m->figure != CARC_FIG_BARN) {
        error_set(err, CARC_E_ILLEGAL, "only a barn stands on a tile's corner (AM9)");
        return CARC_E_ILLEGAL;
    }
    if (m->x != p->x || m->y != p->y) {
        error_set(err, CARC_E_ILLEGAL, "a barn goes at a corner of the tile just placed at "
                  "(%d,%d) (AM9)", p->x, p->y);
        return CARC_E_ILLEGAL;
    }
    int c = m->port - CARC_PORT_CNW, field;
    const char *why = barn_refusal(g, c, &field);
    if (why) {
        error_set(err, CARC_E_ILLEGAL, why, g->active);
        return CARC_E_ILLEGAL;
    }
    event_clear(g);
    int nw = board_lookup(g, p->x + corner_nw[c][0], p->y + corner_nw[c][1]);
    figure_put_place(g, g->active, CARC_FIG_BARN, nw, CARC_PORT_CSE);
    feat_mut(g, field)->flags2 |= NF2_BARRED;  /* AM10: no follower joins it now */
    abbey_st(g)->barn_placed = (uint8_t)(1 + g->active);
    g->step = ST_T6_AFTER;  /* the T6 choice is made */
    return CARC_OK;
}

/* The root of the field seat's barn stands in, or -1 if it is in supply. */
static int barn_field(const carc_game *g, int seat)
{
    unsigned v = g->fnode[seat][barn_slot()];
    if (!fig_at_place(v))
        return -1;
    return feat_root(g, board_port_node(g, fig_place_tile(v), CARC_PORT_SE));
}

/* carc_feature_at: the seats whose barn stands in the field `root` (AM9, AM13: public). */
void abbey_barn_feature_info(const carc_game *g, int root, carc_feature_info *out)
{
    if (!(feat_of(g, root)->flags2 & NF2_BARRED))
        return;  /* no barn in it: most features, at no cost */
    for (int s = 0; s < g->players; s++)
        if (barn_field(g, s) == root)
            out->barns |= 1u << s;
}

/* Scores the barn field `root` for its farmers' majority holders, `per_city` a
 * completed city it borders and the pig's point more (AM10, TB8), then sends
 * every figure in it home. */
static void score_barn_field(carc_game *g, int root, int per_city)
{
    int name = feat_first_node(g, root), cities = feat_field_cities(g, root);
    unsigned holders = feat_holders(g, root);
    exp_feature_scored(g, root, name);  /* PD9 d: every scoring */
    for (int s = 0; s < g->players && cities; s++) {
        if (!(holders & (1u << s)))
            continue;
        int reason = CARC_REASON_BARN;
        score_add(g, s, CARC_SCORE_FIELDS, per_city * cities, CARC_REASON_BARN, name);
        if (g->figures & (1u << CARC_FIG_PIG))
            score_add(g, s, CARC_SCORE_FIELDS, figure_field_bonus(g, s, root, cities, &reason),
                      reason, name);
    }
    figure_return_all(g, root);
}

/* T7 after the completed features (AM10): the barn placed in this part's T6, then
 * the other barn fields that hold followers. Owes no decision. */
int abbey_barn_at_scored(carc_game *g)
{
    /* no barn placed now nor standing: nothing to score (most turns, until the
     * first barn), found without a field's root */
    int any = abbey_st(g)->barn_placed;
    for (int s = 0; s < g->players && !any; s++)
        any = g->fnode[s][barn_slot()] != NODE_NONE;
    if (!any)
        return 0;
    int placed_by = abbey_st(g)->barn_placed - 1, done[CARC_MAX_PLAYERS], ndone = 0;
    abbey_st(g)->barn_placed = 0;
    if (placed_by >= 0) {
        int r = barn_field(g, placed_by);
        if (r >= 0) {
            score_barn_field(g, r, 3);  /* (a): as at the end (B11) */
            done[ndone++] = r;
        }
    }
    for (int s = 0; s < g->players; s++) {
        int r = barn_field(g, s), seen = 0;
        for (int k = 0; k < ndone; k++)
            seen |= done[k] == r;
        if (r < 0 || seen)
            continue;
        done[ndone++] = r;
        if (feat_of(g, r)->follow)
            score_barn_field(g, r, 1);  /* (b): farmers in a barn field */
    }
    return 0;
}

/* E3 after the farmers (AM11, CI21): 4 a completed city to each seat with a barn
 * in the field, once a field. */
void abbey_barn_final(carc_game *g)
{
    for (int s = 0; s < g->players; s++) {
        int r = barn_field(g, s);
        if (r < 0)
            continue;
        int cities = feat_field_cities(g, r);
        if (cities)
            score_add(g, s, CARC_SCORE_FIELDS, 4 * cities, CARC_REASON_BARN,
                      feat_first_node(g, r));
    }
}

/* carc_check: every barn stands in a barred field (AM9, AM10). */
int abbey_barn_check(const carc_game *g, carc_error *err)
{
    for (int s = 0; s < g->players; s++) {
        int r = barn_field(g, s);
        if (r >= 0 && !(feat_of(g, r)->flags2 & NF2_BARRED)) {
            error_set(err, CARC_E_INVALID, "abbey: seat %d's barn stands in a field not barred", s);
            return CARC_E_INVALID;
        }
        if (r >= 0 && fig_place_port(g->fnode[s][barn_slot()]) != CARC_PORT_CSE) {
            error_set(err, CARC_E_INVALID, "abbey: seat %d's barn is not stored as SE", s);
            return CARC_E_INVALID;
        }
    }
    return CARC_OK;
}

const struct exp_figure abbey_barn = {
    .kind = CARC_FIG_BARN, .count = 1, .special = 1,
    .name = "barn", .word = "barn",
    .not_there = "the barn stands on a tile's corner, not on a %s (AM9)",
    .finished = "the %s at %s is completed (AM9)",
    .unsupported = "the %s at %s: the barn needs no follower, only a corner (AM9)",
};
