/*
 * state_json.c - a game state as JSON for front ends (docs/RECORD.md, "State JSON").
 *
 * Everything is read through the public queries of carc.h, never the state's
 * layout, so the JSON of a seat's view (carc_view) holds exactly what that seat may
 * know (RULES.md 6).
 *
 * The text is written straight into one growing buffer (strbuf.h), with no tree in
 * between: the game server writes one document per seat per move, and building a
 * jansson tree and dumping it took 80% of its time. The bytes are those jansson's
 * json_dumps(JSON_SORT_KEYS | JSON_COMPACT) wrote of the same document (the test
 * test_state_json_write.c compares the two over whole games), so **every object's
 * keys are written here in strcmp order**: a new key goes in its sorted place.
 *
 * One part is derived rather than read:
 *   - `features`: the features in play (with a follower, a token or a lock), found
 *     by joining the segments of adjacent tiles (a city or road edge to the opposite
 *     edge, a field half-edge to the facing half-edge) in a small union-find over
 *     (tile, segment) nodes, each described by carc_feature_at on its first segment;
 *   - in a view, how many of another seat's hidden Christmas cards came from each
 *     deck: carc.h has no query for it, but carc_determinize deals the hidden hands
 *     by deck of origin (a public fact), so the dealt ids give the counts. The deal
 *     depends only on the view, so the JSON does too.
 *
 * A failed allocation (or a name the engine does not know) marks the buffer, and
 * carc_state_json then returns NULL instead of a silently incomplete document.
 */
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "record_int.h"

/* Writes the literal s of a top-level member's key (its quote at byte `quote` of s),
 * and marks where the member starts if the caller asked (b->marks). */
static void sj_key_at(strbuf *b, const char *s, size_t n, size_t quote)
{
    if (b->marks != NULL && b->nmarks < b->maxmarks)
        b->marks[b->nmarks++] = b->len + quote;
    sb_raw(b, s, n);
}

#define sj_key(b, s, quote) sj_key_at((b), "" s, sizeof(s) - 1, (quote))

/* Writes 0..n-1 into order[], sorted by strcmp of name(i): the score categories and
 * the figures are written under their names, in key order. */
static void sj_sort_names(int *order, int n, const char *(*name)(int))
{
    for (int i = 0; i < n; i++) {
        int j = i;
        for (; j > 0 && strcmp(name(order[j - 1]), name(i)) > 0; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
}

/* What a game has that the document describes: a key or a section is written when
 * the game has it, from the start to the end (so in every document of the game),
 * read from its expansions through the registry and the tile catalogue, never from
 * their bits. */
typedef struct sj_has {
    unsigned figures;       /* carc_figures_of: bit per enum carc_figure */
    int builders, pigs;     /* the builder and the pig (also the double turn, TB6) */
    int barns;              /* the barn (Abbey & Mayor): a field says whose barn is in it */
    int recalls;            /* the abbot, who may be recalled (A6) */
    int towers;             /* towers, floors and prisoners (The Tower) */
    int abbeys;             /* each player's abbey (Abbey & Mayor) */
    int inns;               /* a tile of the set has an inn or a cathedral */
    int goods;              /* a tile of the set shows goods */
    int river;              /* a tile of the set has river edges */
    const carc_deck_info *gift_deck, *cloister_deck, *roadside_deck;  /* NULL: none */
} sj_has;

/* The deck the set's expansions bring under this record key, NULL if none. */
static const carc_deck_info *sj_deck(unsigned expansions, const char *key)
{
    for (int i = 0; i < carc_expansion_count(); i++) {
        const carc_expansion_info *e = carc_expansion_at(i);
        if (!(expansions & e->bit) || e->decks == NULL)
            continue;
        for (const carc_deck_info *d = e->decks; d->key != NULL; d++)
            if (strcmp(d->key, key) == 0)
                return d;
    }
    return NULL;
}

/* Whether the set's figures hold the one of this name. */
static int sj_figure(unsigned figures, const char *name)
{
    int f = carc_figure_parse(name, strlen(name));
    return f >= 0 && (figures >> f & 1u);
}

static sj_has sj_has_of(unsigned expansions)
{
    sj_has h;
    const carc_tile_def *d;

    memset(&h, 0, sizeof h);
    h.figures = carc_figures_of(expansions);
    h.builders = sj_figure(h.figures, "builder");
    h.pigs = sj_figure(h.figures, "pig");
    h.barns = sj_figure(h.figures, "barn");
    h.recalls = sj_figure(h.figures, "abbot");
    h.towers = carc_has_towers(expansions);
    h.abbeys = carc_has_abbeys(expansions);
    for (int k = 0; (d = carc_tile_def_of(k)) != NULL; k++) {
        if (carc_tile_count(expansions, k) <= 0)
            continue;
        for (int i = 0; i < d->nseg; i++) {
            h.inns |= (d->seg[i].flags & (CARC_SEG_INN | CARC_SEG_CATHEDRAL)) != 0;
            h.goods |= d->seg[i].goods > 0;
        }
        for (int side = 0; side < 4; side++)
            h.river |= d->edges[side] == CARC_EDGE_RIVER;
    }
    h.gift_deck = sj_deck(expansions, "gift_deck");
    h.cloister_deck = sj_deck(expansions, "cloister_deck");
    h.roadside_deck = sj_deck(expansions, "roadside_deck");
    return h;
}

/* A tile kind's name as a string: a base letter ("U"), or an expansion tile's id
 * ("IC/RFr.i"). */
static void sj_letter(strbuf *b, int kind)
{
    const carc_tile_def *def = carc_tile_def_of(kind);
    char s[3] = { '"', def != NULL ? def->letter : '?', '"' };

    if (def != NULL && def->letter == 0) {
        sb_json_string(b, def->name);  /* an expansion's tile */
    } else if (s[1] < 0x20 || s[1] == '"' || s[1] == '\\') {
        char t[2] = { s[1], '\0' };
        sb_json_string(b, t);  /* cannot happen (letters A..X), but stay valid JSON */
    } else {
        sb_raw(b, s, 3);
    }
}

/* {"cloth":N,"grain":N,"wine":N}: goods counts by kind (enum carc_goods), names sorted. */
static void sj_goods_counts(strbuf *b, const int counts[CARC_GOODS_KINDS])
{
    sb_lit(b, "{\"cloth\":");
    sb_int(b, counts[CARC_GOODS_CLOTH]);
    sb_lit(b, ",\"grain\":");
    sb_int(b, counts[CARC_GOODS_GRAIN]);
    sb_lit(b, ",\"wine\":");
    sb_int(b, counts[CARC_GOODS_WINE]);
    sb_putc(b, '}');
}

/* [seat, ...]: the seats of a bit mask. */
static void sj_seat_bits(strbuf *b, unsigned bits, int seats)
{
    sb_putc(b, '[');
    for (int s = 0, n = 0; s < seats; s++)
        if (bits >> s & 1u) {
            if (n++)
                sb_putc(b, ',');
            sb_int(b, s);
        }
    sb_putc(b, ']');
}

/* An array of card names. */
static void sj_card_list(strbuf *b, const int *cards, int n)
{
    sb_putc(b, '[');
    for (int i = 0; i < n; i++) {
        if (i)
            sb_putc(b, ',');
        sb_json_string(b, carc_card_name(cards[i]));
    }
    sb_putc(b, ']');
}

/* An array of integers. */
static void sj_int_list(strbuf *b, const int *v, int n)
{
    sb_putc(b, '[');
    for (int i = 0; i < n; i++) {
        if (i)
            sb_putc(b, ',');
        sb_int(b, v[i]);
    }
    sb_putc(b, ']');
}

/* ---- seats, tiles, followers ------------------------------------------------------ */

/* "score_parts":[...],"scores":[...],"stack_left":N,"supply":[...] (stack_left sorts
 * between them) */
static void sj_players(const carc_game *g, strbuf *b)
{
    int n = carc_players(g), v[CARC_MAX_PLAYERS] = { 0 }, sorted[CARC_SCORE_CATEGORIES];

    if (n > CARC_MAX_PLAYERS)
        n = CARC_MAX_PLAYERS;
    /* every category in every game, under its name in key order */
    sj_sort_names(sorted, CARC_SCORE_CATEGORIES, carc_score_category_name);
    sj_key(b, ",\"score_parts\":[", 1);
    for (int seat = 0; seat < n; seat++) {
        if (seat)
            sb_putc(b, ',');
        sb_lit(b, "{");
        for (int k = 0; k < CARC_SCORE_CATEGORIES; k++) {
            int c = sorted[k];
            if (k)
                sb_putc(b, ',');
            sb_json_string(b, carc_score_category_name(c));
            sb_putc(b, ':');
            sb_int(b, carc_score_part(g, seat, c));
        }
        sb_putc(b, '}');
    }
    sj_key(b, "],\"scores\":", 2);
    for (int seat = 0; seat < n; seat++)
        v[seat] = carc_score(g, seat);
    sj_int_list(b, v, n);
    sj_key(b, ",\"stack_left\":", 1);
    sb_int(b, carc_stack_left(g));
    sj_key(b, ",\"supply\":", 1);
    for (int seat = 0; seat < n; seat++)
        v[seat] = carc_supply(g, seat);
    sj_int_list(b, v, n);
}

/* "board":[{"rot","tile","x","y"}...]: the tiles from index `from` on (0: all) */
static void sj_board_tiles(const carc_game *g, strbuf *b, int from)
{
    int n = carc_board_count(g), start = from > 0 ? from : 0, kind, x, y, rot;

    sj_key(b, ",\"board\":[", 1);
    for (int i = start; i < n; i++) {
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        if (i > start)
            sb_putc(b, ',');
        sb_lit(b, "{\"rot\":");
        sb_int(b, rot);
        sb_lit(b, ",\"tile\":");
        sj_letter(b, kind);
        sb_lit(b, ",\"x\":");
        sb_int(b, x);
        sb_lit(b, ",\"y\":");
        sb_int(b, y);
        sb_putc(b, '}');
    }
    sb_putc(b, ']');
}

/* A list of tile letters. */
static void sj_letters(strbuf *b, const int *kinds, int n)
{
    sb_putc(b, '[');
    for (int i = 0; i < n; i++) {
        if (i)
            sb_putc(b, ',');
        sj_letter(b, kinds[i]);
    }
    sb_putc(b, ']');
}

/* "figures":[{"abbot","builder","large","meeple","pig"}...]: per seat the figures in
 * supply by kind, only the kinds the game has (written only when it has more than
 * the meeple) */
static void sj_figures(const carc_game *g, strbuf *b, const sj_has *h)
{
    int counts[CARC_FIGURES], sorted[CARC_FIGURES];

    sj_sort_names(sorted, CARC_FIGURES, carc_figure_name);
    sj_key(b, ",\"figures\":[", 1);
    for (int seat = 0; seat < carc_players(g); seat++) {
        carc_supply_figures(g, seat, counts);
        sb_puts(b, seat ? ",{" : "{");
        for (int k = 0, n = 0; k < CARC_FIGURES; k++) {
            int f = sorted[k];
            if (!(h->figures >> f & 1u))
                continue;
            if (n++)
                sb_putc(b, ',');
            sb_json_string(b, carc_figure_name(f));
            sb_putc(b, ':');
            sb_int(b, counts[f]);
        }
        sb_putc(b, '}');
    }
    sb_putc(b, ']');
}

/* "goods":{"seats":[{...}...],"supply":{...}}: the goods tokens of each seat and of
 * the common supply (Traders & Builders; public, TB14) */
static void sj_goods(const carc_game *g, strbuf *b)
{
    int counts[CARC_GOODS_KINDS];

    sj_key(b, ",\"goods\":{\"seats\":[", 1);
    for (int seat = 0; seat < carc_players(g); seat++) {
        if (seat)
            sb_putc(b, ',');
        carc_goods(g, seat, counts);
        sj_goods_counts(b, counts);
    }
    sb_lit(b, "],\"supply\":");
    carc_goods(g, -1, counts);
    sj_goods_counts(b, counts);
    sb_putc(b, '}');
}

/* "followers":[{"figure","locked","port","seat","type","x","y"}...]: every figure on
 * the board (builders and pigs too), "figure" its name */
static void sj_followers(const carc_game *g, strbuf *b)
{
    carc_follower f[REC_MAX_FIGURES];
    int n = carc_followers(g, f, REC_MAX_FIGURES);

    sj_key(b, ",\"followers\":[", 1);
    for (int i = 0; i < n && i < REC_MAX_FIGURES; i++) {
        if (i)
            sb_putc(b, ',');
        sb_lit(b, "{\"figure\":");
        sb_json_string(b, carc_figure_name(f[i].figure));
        sb_lit(b, ",\"locked\":");
        sb_bool(b, f[i].locked != 0);
        sb_lit(b, ",\"port\":");
        sb_json_string(b, carc_port_name(f[i].port));
        sb_lit(b, ",\"seat\":");
        sb_int(b, f[i].seat);
        sb_lit(b, ",\"type\":");
        sb_json_string(b, carc_feature_name(f[i].type));
        sb_lit(b, ",\"x\":");
        sb_int(b, f[i].x);
        sb_lit(b, ",\"y\":");
        sb_int(b, f[i].y);
        sb_putc(b, '}');
    }
    sb_putc(b, ']');
}

/* ---- features ---------------------------------------------------------------------- */

/* One feature, keys in order ("barns"),("builders"),("cathedral"),"completed",
 * "followers",("goods"),("inn"),"locked","pennants",("pigs"),"segments","tiles",
 * "tokens","type","value" (those in brackets only in a game that has them: inn and
 * cathedral where the tiles have them, goods where the tiles show goods, barns,
 * builders and pigs with those figures); its segments seg[0..nseg) in board order.
 * "followers" is each seat's strength there (a large meeple counts 2, a mayor its
 * city's pennants). */
static void sj_feature(const carc_game *g, strbuf *out, const carc_segment_pos *seg, int nseg,
                       const carc_feature_info *info, const sj_has *h)
{
    int seats = carc_players(g);

    sb_putc(out, '{');
    if (h->barns) {
        sb_lit(out, "\"barns\":");
        sj_seat_bits(out, info->barns, seats);
        sb_putc(out, ',');
    }
    if (h->builders) {
        sb_lit(out, "\"builders\":");
        sj_seat_bits(out, info->builders, seats);
        sb_putc(out, ',');
    }
    if (h->inns) {
        sb_lit(out, "\"cathedral\":");
        sb_bool(out, info->cathedral != 0);
        sb_putc(out, ',');
    }
    sb_lit(out, "\"completed\":");
    sb_bool(out, info->completed);
    sb_lit(out, ",\"followers\":");
    sj_int_list(out, info->followers, seats < CARC_MAX_PLAYERS ? seats : CARC_MAX_PLAYERS);
    if (h->goods) {
        sb_lit(out, ",\"goods\":");
        sj_goods_counts(out, info->goods);
    }
    if (h->inns) {
        sb_lit(out, ",\"inn\":");
        sb_bool(out, info->inn != 0);
    }
    sb_lit(out, ",\"locked\":");
    sb_bool(out, info->locked);
    sb_lit(out, ",\"pennants\":");
    sb_int(out, info->pennants);
    if (h->pigs) {
        sb_lit(out, ",\"pigs\":");
        sj_seat_bits(out, info->pigs, seats);
    }
    /* [x, y, canonical port] per segment: small arrays, not objects, because a large
     * field has dozens of segments */
    sb_lit(out, ",\"segments\":[");
    for (int i = 0; i < nseg; i++) {
        if (i)
            sb_putc(out, ',');
        sb_lit(out, "[");
        sb_int(out, seg[i].x);
        sb_putc(out, ',');
        sb_int(out, seg[i].y);
        sb_putc(out, ',');
        sb_json_string(out, carc_port_name(seg[i].port));
        sb_putc(out, ']');
    }
    sb_lit(out, "],\"tiles\":");
    sb_int(out, info->tiles);
    sb_lit(out, ",\"tokens\":[");
    for (int s = 0, n = 0; s < seats; s++)
        if (info->tokens >> s & 1u) {
            if (n++)
                sb_putc(out, ',');
            sb_int(out, s);
        }
    sb_lit(out, "],\"type\":");
    sb_json_string(out, carc_feature_name(info->type));
    sb_lit(out, ",\"value\":");
    sb_int(out, info->value);
    sb_putc(out, '}');
}

/* "features": those that carry a follower, a token or a lock, and barn fields
 * (carc_marked_features),
 * in board order of their first segments. Listing every feature would make the
 * document several times larger and slower to build (a late game has some 150),
 * for features nobody holds. */
static void sj_features(const carc_game *g, strbuf *out, const sj_has *h)
{
    carc_segment_pos marked[CARC_MAX_SEGMENTS], seg[CARC_MAX_SEGMENTS];
    int n = carc_marked_features(g, marked, CARC_MAX_SEGMENTS);

    sj_key(out, ",\"features\":[", 1);
    for (int i = 0; i < n; i++) {
        carc_feature_info info;
        const carc_segment_pos *m = &marked[i];
        int nseg = carc_feature_segments(g, m->x, m->y, m->port, seg, CARC_MAX_SEGMENTS);
        if (nseg == 0 || !carc_feature_at(g, m->x, m->y, m->port, &info)) {
            out->bad = 1;  /* cannot happen: the engine named the segment */
            continue;
        }
        if (i)
            sb_putc(out, ',');
        sj_feature(g, out, seg, nseg, &info, h);
    }
    sb_putc(out, ']');
}

/* ---- moves ------------------------------------------------------------------------- */

/* The legal moves in notation. */
static void sj_legal(const carc_game *g, strbuf *b)
{
    carc_move *moves = malloc(CARC_MAX_MOVES * sizeof *moves);
    char text[CARC_NOTATION_MAX];

    if (moves == NULL) {
        b->bad = 1;
        return;
    }
    int n = carc_legal(g, moves, CARC_MAX_MOVES);
    sb_putc(b, '[');
    for (int i = 0; i < n; i++) {
        if (i)
            sb_putc(b, ',');
        if (carc_move_format(g, &moves[i], text, sizeof text) < 0)
            sb_lit(b, "null");  /* cannot happen: a bug shows */
        else
            sb_json_string(b, text);
    }
    sb_putc(b, ']');
    free(moves);
}

/* One position of a target, with its segment when it names one; keys "port", "seat"
 * (a swap's other follower: seat >= 0), "type", "x", "y". */
static void sj_spot(const carc_game *g, strbuf *b, int x, int y, int port, int seat)
{
    int canon = CARC_PORT_NONE, type = -1;

    sb_putc(b, '{');
    if (port != CARC_PORT_NONE) {
        type = carc_segment(g, x, y, port, &canon);
        sb_lit(b, "\"port\":");
        sb_json_string(b, carc_port_name(type < 0 ? port : canon));
        sb_putc(b, ',');
        if (seat >= 0) {
            sb_lit(b, "\"seat\":");
            sb_int(b, seat);
            sb_putc(b, ',');
        }
        sb_lit(b, "\"type\":");
        if (type < 0)
            sb_lit(b, "null");
        else
            sb_json_string(b, carc_feature_name(type));
        sb_putc(b, ',');
    } else if (seat >= 0) {
        sb_lit(b, "\"seat\":");
        sb_int(b, seat);
        sb_putc(b, ',');
    }
    sb_lit(b, "\"x\":");
    sb_int(b, x);
    sb_lit(b, ",\"y\":");
    sb_int(b, y);
    sb_putc(b, '}');
}

/* ---- The River and The Abbot ------------------------------------------------------- */

/* "recalls":[{"move","points","port","type","x","y"}...]: the recalls of an abbot (A6)
 * the seat owing the decision may make now, each with its move in notation and the
 * points it would score now (carc_recall_points; public, A8): none outside its T6. */
static void sj_recalls(const carc_game *g, strbuf *b)
{
    carc_follower f[REC_MAX_FIGURES];
    carc_pending p = carc_pending_decision(g);
    int n = p.decision == CARC_DEC_FOLLOWER ? carc_followers(g, f, REC_MAX_FIGURES) : 0;
    char text[CARC_NOTATION_MAX];

    sj_key(b, ",\"recalls\":[", 1);
    for (int i = 0, k = 0; i < n && i < REC_MAX_FIGURES; i++) {
        carc_move m = carc_move_pass();
        if (f[i].seat != p.seat)
            continue;
        m.kind = CARC_MOVE_RECALL;  /* of the figures only the abbot's is legal */
        m.figure = (uint8_t)f[i].figure;
        m.x = (int8_t)f[i].x;
        m.y = (int8_t)f[i].y;
        m.port = (uint8_t)f[i].port;
        int points = carc_recall_points(g, &m);
        if (points < 0)
            continue;
        if (carc_move_format(g, &m, text, sizeof text) < 0) {
            b->bad = 1;  /* cannot happen: the engine named the spot */
            continue;
        }
        if (k++)
            sb_putc(b, ',');
        sb_lit(b, "{\"move\":");
        sb_json_string(b, text);
        sb_lit(b, ",\"points\":");
        sb_int(b, points);
        sb_lit(b, ",\"port\":");
        sb_json_string(b, carc_port_name(f[i].port));
        sb_lit(b, ",\"type\":");
        sb_json_string(b, carc_feature_name(f[i].type));
        sb_lit(b, ",\"x\":");
        sb_int(b, f[i].x);
        sb_lit(b, ",\"y\":");
        sb_int(b, f[i].y);
        sb_putc(b, '}');
    }
    sb_putc(b, ']');
}

/* "tower":{"floors":[n per seat],"prisoners":[{"figure","holder","owner"}...],
 * "towers":[{"closed","height","x","y"}...]}: every tower on the board in placement
 * order, each seat's floors and every prisoner, one entry each (TW10: all public). */
static void sj_tower(const carc_game *g, strbuf *b)
{
    int n = carc_players(g), k = 0;
    sj_key(b, ",\"tower\":{\"floors\":[", 1);
    for (int s = 0; s < n; s++) {
        if (s)
            sb_putc(b, ',');
        sb_int(b, carc_floors(g, s));
    }
    sb_lit(b, "],\"prisoners\":[");
    for (int h = 0; h < n; h++)
        for (int o = 0; o < n; o++) {
            int counts[CARC_FIGURES];
            carc_prisoners(g, h, o, counts);
            for (int f = 0; f < CARC_FIGURES; f++)
                for (int c = 0; c < counts[f]; c++) {
                    if (k++)
                        sb_putc(b, ',');
                    sb_lit(b, "{\"figure\":");
                    sb_json_string(b, carc_figure_name(f));
                    sb_lit(b, ",\"holder\":");
                    sb_int(b, h);
                    sb_lit(b, ",\"owner\":");
                    sb_int(b, o);
                    sb_putc(b, '}');
                }
        }
    sb_lit(b, "],\"towers\":[");
    k = 0;
    for (int i = 0; i < carc_board_count(g); i++) {
        int kind, x, y, rot, closed, h;
        carc_board_tile(g, i, &kind, &x, &y, &rot);
        if ((h = carc_tower_height(g, x, y, &closed)) < 0)
            continue;
        if (k++)
            sb_putc(b, ',');
        sb_lit(b, "{\"closed\":");
        sb_bool(b, closed != 0);
        sb_lit(b, ",\"height\":");
        sb_int(b, h);
        sb_lit(b, ",\"x\":");
        sb_int(b, x);
        sb_lit(b, ",\"y\":");
        sb_int(b, y);
        sb_putc(b, '}');
    }
    sb_lit(b, "]}");
}

/* "river_end":{"x","y"} or null, "river_left":N: the river's open end while a river
 * tile must continue it (R5), and the river tiles left, the lake included (R10) */
static void sj_river(const carc_game *g, strbuf *b)
{
    int x, y;

    sj_key(b, ",\"river_end\":", 1);
    if (carc_river_end(g, &x, &y)) {
        sb_lit(b, "{\"x\":");
        sb_int(b, x);
        sb_lit(b, ",\"y\":");
        sb_int(b, y);
        sb_putc(b, '}');
    } else {
        sb_lit(b, "null");
    }
    sj_key(b, ",\"river_left\":", 1);
    sb_int(b, carc_river_left(g));
}

/* ---- The Gifts --------------------------------------------------------------------- */

/* "gifts":{"deck_left","discard","hands":[{"cards","count","hidden"}...]}: per seat
 * the gifts held (ids, or only a count where the view hides them), the deck size and
 * the face-up discard pile. */
static void sj_gifts(const carc_game *g, strbuf *b, const carc_deck_info *deck)
{
    int cards[25], counts[6];
    int n = carc_gift_discard(g, cards, 25);

    sj_key(b, ",\"gifts\":{\"deck_left\":", 1);
    sb_int(b, carc_gift_deck_left(g));
    sb_lit(b, ",\"discard\":");
    sj_card_list(b, cards, n < 25 ? n : 25);
    sb_lit(b, ",\"hands\":[");
    for (int seat = 0; seat < carc_players(g); seat++) {
        int total = carc_gifts(g, seat, counts), k = 0;
        if (seat)
            sb_putc(b, ',');
        sb_lit(b, "{\"cards\":[");
        for (int c = deck->first; c <= deck->last && c < 6; c++)
            for (int i = 0; i < counts[c]; i++) {
                if (k++)
                    sb_putc(b, ',');
                sb_json_string(b, carc_card_name(c));
            }
        sb_lit(b, "],\"count\":");
        sb_int(b, total);
        sb_lit(b, ",\"hidden\":");
        sb_int(b, counts[0]);
        sb_putc(b, '}');
    }
    sb_lit(b, "]}");
}

/* ---- Christmas Present ------------------------------------------------------------- */

/* "hands":[{"cards","count","from_cloister","from_roadside","hidden"}...] */
static void sj_christmas_hands(const carc_game *g, strbuf *b, const sj_has *h)
{
    int by_deck[2], counts[CARC_CARDS];

    sb_lit(b, ",\"hands\":[");
    for (int s = 0; s < carc_players(g); s++) {
        int total = carc_cards(g, s, counts), k = 0;
        if (s)
            sb_putc(b, ',');
        sb_lit(b, "{\"cards\":[");
        for (int c = h->cloister_deck->first; c <= h->roadside_deck->last && c < CARC_CARDS; c++)
            for (int i = 0; i < counts[c]; i++) {
                if (k++)
                    sb_putc(b, ',');
                sb_json_string(b, carc_card_name(c));
            }
        sb_lit(b, "],\"count\":");
        sb_int(b, total);
        carc_cards_by_deck(g, s, by_deck);
        sb_lit(b, ",\"from_cloister\":");
        sb_int(b, by_deck[0]);
        sb_lit(b, ",\"from_roadside\":");
        sb_int(b, by_deck[1]);
        sb_lit(b, ",\"hidden\":");
        sb_int(b, counts[0]);
        sb_putc(b, '}');
    }
    sb_putc(b, ']');
}

/* "christmas":{"banked","binds","decks","hands","in_play","offered"} */
static void sj_christmas(const carc_game *g, strbuf *b, const sj_has *h)
{
    static const char *const deck_names[2] = { "cloister", "roadside" };
    carc_mastermind_mark mm[2];
    carc_move target;
    int pile[32], n, card, offered, seats = carc_players(g);

    sj_key(b, ",\"christmas\":{\"banked\":[", 1);
    for (int s = 0; s < seats; s++) {
        if (s)
            sb_putc(b, ',');
        sb_int(b, carc_banked(g, s));
    }
    sb_lit(b, "],\"binds\":[");
    n = carc_masterminds(g, mm);
    for (int i = 0; i < n && i < 2; i++) {
        if (i)
            sb_putc(b, ',');
        sb_lit(b, "{\"turn\":");
        sb_int(b, mm[i].turn);
        sb_lit(b, ",\"x\":");
        sb_int(b, mm[i].x);
        sb_lit(b, ",\"y\":");
        sb_int(b, mm[i].y);
        sb_putc(b, '}');
    }
    sb_lit(b, "],\"decks\":{");
    for (int d = 0; d < 2; d++) {
        n = carc_xdiscard(g, d, pile, 32);
        if (d)
            sb_putc(b, ',');
        sb_json_string(b, deck_names[d]);
        sb_lit(b, ":{\"discard\":");
        sj_card_list(b, pile, n < 32 ? n : 32);
        sb_lit(b, ",\"left\":");
        sb_int(b, carc_xdeck_left(g, d));
        sb_putc(b, '}');
    }
    sb_putc(b, '}');
    sj_christmas_hands(g, b, h);

    sb_lit(b, ",\"in_play\":");
    card = carc_card_in_play(g, &target);
    if (card == CARC_CARD_NONE) {
        sb_lit(b, "null");
    } else {
        sb_lit(b, "{\"card\":");
        sb_json_string(b, carc_card_name(card));
        /* the target is named only while attacked seats are asked to reply */
        sb_lit(b, ",\"target\":");
        if (target.kind == CARC_MOVE_PASS) {
            sb_lit(b, "null");
        } else {
            sb_putc(b, '[');
            sj_spot(g, b, target.x, target.y, target.port, -1);
            if (target.port2 != CARC_PORT_NONE) {
                sb_putc(b, ',');
                /* a swap: whose follower; a seat is named only with a port */
                sj_spot(g, b, target.x2, target.y2, target.port2,
                        target.seat2 != CARC_SEAT_NONE ? target.seat2 : -1);
            }
            sb_putc(b, ']');
        }
        sb_putc(b, '}');
    }
    offered = carc_offered_deck(g);
    sb_lit(b, ",\"offered\":");
    if (offered < 0)
        sb_lit(b, "null");
    else
        sb_json_string(b, deck_names[offered & 1]);
    sb_putc(b, '}');
}

/* "dragon":{"aside":[kinds],"dragon":{"x","y"}|null,"fairy":{"x","y","follower":
 * {"seat","port","figure"}|null}|null,"walk":{"mover","moves","visited":[{"x","y"}]}|null}:
 * The Princess & the Dragon's neutral figures, the dragon's movement under way and the
 * tiles set aside before the first volcano (PD14: all public). */
static void sj_pos(strbuf *b, int x, int y)
{
    sb_lit(b, "{\"x\":");
    sb_int(b, x);
    sb_lit(b, ",\"y\":");
    sb_int(b, y);
    sb_putc(b, '}');
}

static void sj_dragon(const carc_dragon_info *d, strbuf *b)
{
    sj_key(b, ",\"dragon\":{\"aside\":", 1);
    sj_letters(b, d->aside, d->naside);
    sb_lit(b, ",\"dragon\":");
    if (d->dragon_on)
        sj_pos(b, d->dragon_x, d->dragon_y);
    else
        sb_lit(b, "null");
    sb_lit(b, ",\"fairy\":");
    if (d->fairy_on) {
        sb_lit(b, "{\"follower\":");
        if (d->fairy_seat >= 0) {
            sb_lit(b, "{\"figure\":");
            sb_json_string(b, carc_figure_name(d->fairy_figure));
            sb_lit(b, ",\"port\":");
            sb_json_string(b, carc_port_name(d->fairy_port));
            sb_lit(b, ",\"seat\":");
            sb_int(b, d->fairy_seat);
            sb_putc(b, '}');
        } else {
            sb_lit(b, "null");
        }
        sb_lit(b, ",\"x\":");
        sb_int(b, d->fairy_x);
        sb_lit(b, ",\"y\":");
        sb_int(b, d->fairy_y);
        sb_putc(b, '}');
    } else {
        sb_lit(b, "null");
    }
    sb_lit(b, ",\"walk\":");
    if (d->walking) {
        sb_lit(b, "{\"mover\":");
        sb_int(b, d->mover);
        sb_lit(b, ",\"moves\":");
        sb_int(b, d->walked);
        sb_lit(b, ",\"visited\":[");
        for (int i = 0; i <= d->walked; i++) {
            if (i)
                sb_putc(b, ',');
            sj_pos(b, d->visited_x[i], d->visited_y[i]);
        }
        sb_lit(b, "]}");
    } else {
        sb_lit(b, "null");
    }
    sb_putc(b, '}');
}

/* ---- the document ------------------------------------------------------------------ */

/* Returns the JSON text (caller frees), NULL on out of memory. The top-level keys, in
 * strcmp order: active board christmas double_due dragon expansions features figures
 * followers gifts goods hand_tiles last_placed legal over part pending players
 * recalls removed river_end river_left score_parts scores stack_left supply tower turn
 * view winners. Some are written only in a game that has what they describe (sj_has):
 * christmas with the Cloister and Roadside decks (Christmas Present), gifts with the
 * gift deck (The Gifts), figures with a figure beyond the meeple (Inns & Cathedrals,
 * Traders & Builders, The Abbot), double_due and part with the builder and goods with
 * goods on the tiles (Traders & Builders), recalls with the abbot (The Abbot),
 * river_end and river_left with river tiles (The River), dragon with The Princess &
 * the Dragon, tower with towers (The Tower), held_abbeys with abbeys (Abbey & Mayor).
 * Every key but winners is in
 * every document of a game, so that a delta frame (srv_frame_write.c) never has to
 * take one away. */
char *carc_state_json(const carc_game *g, int with_legal)
{
    return carc_state_json_parts(g, with_legal, 0, NULL, 0, NULL);
}

char *carc_state_json_parts(const carc_game *g, int with_legal, int board_from, size_t *marks,
                       int max, int *nmarks)
{
    carc_pending p = carc_pending_decision(g);
    /* "over" at the end, as `carc engine`'s pending and move replies say it */
    const char *dec = carc_is_over(g) ? "over" : carc_decision_name(p.decision);
    unsigned expansions = carc_config_of(g).expansions;
    int view = carc_view_seat(g), kinds[CARC_TILES], n, x, y;
    char names[CARC_EXPANSIONS_NAME_SIZE];
    sj_has has = sj_has_of(expansions);
    strbuf b;

    /* a late game's view is some 10-20 KB: one allocation usually suffices */
    sb_init(&b, 16384);
    b.marks = marks;
    b.maxmarks = marks != NULL ? max : 0;
    sj_key(&b, "{\"active\":", 1);
    sb_int(&b, p.active);
    sj_board_tiles(g, &b, board_from);
    if (has.cloister_deck != NULL && has.roadside_deck != NULL)
        sj_christmas(g, &b, &has);
    if (has.builders) {
        /* a double turn is due in this turn's first part (TB6) */
        sj_key(&b, ",\"double_due\":", 1);
        sb_bool(&b, carc_double_due(g) != 0);
    }
    carc_dragon_info dragon;
    if (carc_dragon_status(g, &dragon))
        sj_dragon(&dragon, &b);
    sj_key(&b, ",\"expansions\":", 1);
    sb_json_string(&b, carc_expansions_name(expansions, names, sizeof names));
    sj_features(g, &b, &has);
    if (has.figures & ~(1u << CARC_FIG_MEEPLE))
        sj_figures(g, &b, &has);
    sj_followers(g, &b);
    if (has.gift_deck != NULL)
        sj_gifts(g, &b, has.gift_deck);
    if (has.goods)
        sj_goods(g, &b);
    sj_key(&b, ",\"hand_tiles\":", 1);
    n = carc_hand_tiles(g, kinds);
    sj_letters(&b, kinds, n < 2 ? n : 2);
    if (has.abbeys) {
        /* which seats still hold their abbey (AM13: public) */
        sj_key(&b, ",\"held_abbeys\":[", 1);
        for (int s = 0; s < carc_players(g); s++) {
            if (s)
                sb_putc(&b, ',');
            sb_bool(&b, carc_abbey_held(g, s) != 0);
        }
        sb_putc(&b, ']');
    }
    sj_key(&b, ",\"last_placed\":", 1);
    if (carc_last_placed(g, &x, &y)) {
        sb_lit(&b, "{\"x\":");
        sb_int(&b, x);
        sb_lit(&b, ",\"y\":");
        sb_int(&b, y);
        sb_putc(&b, '}');
    } else {
        sb_lit(&b, "null");
    }
    /* a seat that does not owe the decision has no move; the legal moves computed
     * from its view would also be a partial list, the owner's hand being hidden */
    if (with_legal) {
        sj_key(&b, ",\"legal\":", 1);
        if (view < 0 || view == p.seat)
            sj_legal(g, &b);
        else
            sb_lit(&b, "[]");
    }
    sj_key(&b, ",\"over\":", 1);
    sb_bool(&b, carc_is_over(g));
    if (has.builders) {
        /* 1, or 2 in the second part of a double turn (TB11) */
        sj_key(&b, ",\"part\":", 1);
        sb_int(&b, carc_turn_part(g) ? 2 : 1);
    }
    sj_key(&b, ",\"pending\":{\"decision\":", 1);
    sb_json_string(&b, dec ? dec : "?");
    sb_lit(&b, ",\"feature\":");  /* what a scoring-modifier question is about (X8) */
    int fport;
    if (carc_modifier_feature(g, &x, &y, &fport)) {
        sb_lit(&b, "{\"port\":");
        sb_json_string(&b, carc_port_name(fport));
        sb_lit(&b, ",\"x\":");
        sb_int(&b, x);
        sb_lit(&b, ",\"y\":");
        sb_int(&b, y);
        sb_putc(&b, '}');
    } else {
        sb_lit(&b, "null");
    }
    sb_lit(&b, ",\"seat\":");
    sb_int(&b, p.seat);
    sj_key(&b, "},\"players\":", 2);
    sb_int(&b, carc_players(g));
    if (has.recalls)
        sj_recalls(g, &b);
    sj_key(&b, ",\"removed\":", 1);
    n = carc_removed_tiles(g, kinds, CARC_TILES);
    sj_letters(&b, kinds, n < CARC_TILES ? n : CARC_TILES);
    if (has.river)
        sj_river(g, &b);
    sj_players(g, &b);
    if (has.towers)
        sj_tower(g, &b);
    sj_key(&b, ",\"turn\":", 1);
    sb_int(&b, carc_turn(g));
    sj_key(&b, ",\"view\":", 1);
    if (view < 0)
        sb_lit(&b, "null");
    else if (view == CARC_SEAT_PUBLIC)
        sb_lit(&b, "\"public\"");
    else
        sb_int(&b, view);
    if (carc_is_over(g)) {
        unsigned w = carc_winners(g);
        sj_key(&b, ",\"winners\":[", 1);
        for (int seat = 0, k = 0; seat < carc_players(g); seat++)
            if (w & (1u << seat)) {
                if (k++)
                    sb_putc(&b, ',');
                sb_int(&b, seat);
            }
        sb_putc(&b, ']');
    }
    sb_putc(&b, '}');
    if (nmarks != NULL)
        *nmarks = b.nmarks;
    return sb_take(&b);
}
