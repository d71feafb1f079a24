/*
 * notation.c - the text notation of moves (docs/NOTATION.md).
 *
 * carc_move_format writes a move in canonical form; carc_move_parse reads one back.
 * A move is a few words separated by spaces. A target names a segment by a position
 * and any port of the segment ("(1,0) road:W"); the parser asks the game which
 * segment lies there (carc_segment), checks the type word against it and stores the
 * canonical port, so a parsed move compares equal (carc_move_equal) to the move
 * carc_legal lists. Formatting always writes the canonical port.
 *
 * What follows a card id is the card's target shape, from its descriptor in its
 * expansion's module (carc_card_target, include/carc.h), so that the formatter and
 * the parser cannot disagree about it. Parsing does not check legality: that is
 * carc_apply's job.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "record_int.h"

/* The words each shape expects, for error messages. */
static const char *const shape_usage[] = {
    [CARC_TARGET_NONE] = "no target",
    [CARC_TARGET_SEG] = "(x,y) type:PORT",
    [CARC_TARGET_POS] = "(x,y)",
    [CARC_TARGET_SEG_SEG] = "(x,y) type:PORT (x,y) type:PORT [seat:N]",
    [CARC_TARGET_SEG_PORT] = "(x,y) type:PORT type:PORT",
};

/* Whether a card is used with move `kind`: opened (a gift) or played (a Christmas
 * card), as its expansion's descriptor says. */
static int card_used_by(int card, int kind)
{
    const carc_expansion_info *e = carc_expansion_of(carc_card_expansion(card));
    return e && e->card_move == kind;
}

static int is_gift(int card)
{
    return card_used_by(card, CARC_MOVE_GIFT);
}

static int is_christmas(int card)
{
    return card_used_by(card, CARC_MOVE_CARD);
}

/* ---- formatting ---------------------------------------------------------------- */

/* An output buffer that remembers overflow. */
typedef struct outbuf {
    char *buf;
    size_t size;
    size_t len;
    int bad;
} outbuf;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void out_printf(outbuf *o, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (o->bad)
        return;
    va_start(ap, fmt);
    n = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= o->size - o->len)
        o->bad = 1;
    else
        o->len += (size_t)n;
}

/* Writes a placement, "NAME (%d,%d) r%d" (NAME the tile's name: a base letter or an
 * expansion tile's id such as IC/RFr.i), without vsnprintf: the game server writes
 * every placement of the legal list into each frame that carries it (often 20 to
 * 40), and the format call was a tenth of a frame's time. */
static void out_place(outbuf *o, const char *name, int x, int y, int rot)
{
    char text[48], *t = text;
    int v[2] = {x, y};
    size_t nl = strlen(name);
    if (nl > 16) {
        o->bad = 1;  /* no tile name is this long */
        return;
    }
    memcpy(t, name, nl);
    t += nl;
    *t++ = ' ';
    *t++ = '(';
    for (int k = 0; k < 2; k++) {
        unsigned u = v[k] < 0 ? 0u - (unsigned)v[k] : (unsigned)v[k];
        char digits[12];
        int nd = 0;
        if (v[k] < 0)
            *t++ = '-';
        do
            digits[nd++] = (char)('0' + u % 10);
        while ((u /= 10) != 0);
        while (nd > 0)
            *t++ = digits[--nd];
        *t++ = k == 0 ? ',' : ')';
    }
    *t++ = ' ';
    *t++ = 'r';
    *t++ = (char)('0' + rot);
    size_t n = (size_t)(t - text);
    if (o->bad || n >= o->size - o->len) {
        o->bad = 1;
        return;
    }
    memcpy(o->buf + o->len, text, n);
    o->len += n;
    o->buf[o->len] = '\0';
}

/* Writes "type:PORT" for the segment at (x,y) with port `port`, canonical port first.
 * Marks the buffer bad if there is no such segment. */
/* The type word of a place on a tile that is no segment (carc.h: a tower's top, a
 * corner), or -1 for a port that names no such place. */
static int place_type(int port)
{
    if (port >= CARC_PORT_CNW && port <= CARC_PORT_CSW)
        return CARC_FEAT_CORNER;
    return port == CARC_PORT_T ? CARC_FEAT_TOWER : -1;
}

static void out_segment(outbuf *o, const carc_game *g, int x, int y, int port)
{
    int canon = CARC_PORT_NONE, kind, rot;
    if (place_type(port) >= 0) {  /* a place, on any tile of the board */
        if (!carc_tile_at(g, x, y, &kind, &rot))
            o->bad = 1;
        else
            out_printf(o, "%s:%s", carc_feature_name(place_type(port)), carc_port_name(port));
        return;
    }
    int type = carc_segment(g, x, y, port, &canon);

    if (type < 0 || carc_port_name(canon) == NULL || carc_feature_name(type) == NULL) {
        o->bad = 1;
        return;
    }
    out_printf(o, "%s:%s", carc_feature_name(type), carc_port_name(canon));
}

/* The seats other than the active one with a follower on the segment at (x,y,port),
 * as a bit mask: whose follower a swap naming that segment may take. */
static unsigned swap_owners(const carc_game *g, int x, int y, int port)
{
    carc_follower f[REC_MAX_FIGURES];
    int canon, n = carc_followers(g, f, REC_MAX_FIGURES);
    int active = carc_pending_decision(g).active;
    unsigned mask = 0;

    if (carc_segment(g, x, y, port, &canon) < 0)
        return 0;
    for (int i = 0; i < n; i++)
        if (f[i].seat != active && f[i].x == x && f[i].y == y && f[i].port == canon)
            mask |= 1u << f[i].seat;
    return mask;
}

/* Writes " FIGURE" for the follower a gift or card move names (GI2, XI1): nothing
 * for a meeple. */
static void out_figure(outbuf *o, int figure)
{
    if (figure == CARC_FIG_MEEPLE)
        return;
    if (carc_figure_name(figure) == NULL)
        o->bad = 1;
    else
        out_printf(o, " %s", carc_figure_name(figure));
}

/* Writes the target of an `open` or `play` move after its card id. */
static void out_card_target(outbuf *o, const carc_game *g, const carc_move *m)
{
    int shape = carc_card_target(m->card);

    if (shape == CARC_TARGET_POS) {
        out_printf(o, " (%d,%d)", m->x, m->y);
        return;
    }
    if (shape == CARC_TARGET_NONE || m->port == CARC_PORT_NONE)
        return;  /* no target, or a wasted gift */
    out_figure(o, m->figure);
    out_printf(o, " (%d,%d) ", m->x, m->y);
    out_segment(o, g, m->x, m->y, m->port);
    if (shape == CARC_TARGET_SEG_SEG) {
        out_printf(o, " (%d,%d) ", m->x2, m->y2);
        out_segment(o, g, m->x2, m->y2, m->port2);
        /* whose follower: written only when it is not the one seat there (the
         * seat the parser fills in), so that older records read the same */
        if (m->seat2 != CARC_SEAT_NONE && m->seat2 >= CARC_MAX_PLAYERS)
            o->bad = 1;  /* no such seat to write */
        else if (m->seat2 != CARC_SEAT_NONE &&
                 swap_owners(g, m->x2, m->y2, m->port2) != 1u << m->seat2)
            out_printf(o, " seat:%d", m->seat2);
    } else if (shape == CARC_TARGET_SEG_PORT) {
        if (m->x2 != m->x || m->y2 != m->y)
            o->bad = 1;
        out_printf(o, " ");
        out_segment(o, g, m->x, m->y, m->port2);
    }
}

int carc_move_format(const carc_game *g, const carc_move *m, char *buf, size_t size)
{
    outbuf o = { buf, size, 0, 0 };
    const carc_tile_def *def;
    int lx, ly;

    if (buf == NULL || size == 0)
        return -1;
    buf[0] = '\0';
    switch (m->kind) {
    case CARC_MOVE_PASS:
        out_printf(&o, "pass");
        break;
    case CARC_MOVE_DRAW:
        out_printf(&o, "draw");
        break;
    case CARC_MOVE_BLOCK:
        out_printf(&o, "block");
        break;
    case CARC_MOVE_AGAIN:
        out_printf(&o, "again");
        break;
    case CARC_MOVE_ABBEY:  /* AM3, AM5: the abbey instead of a drawn tile */
        out_printf(&o, "abbey");
        break;
    case CARC_MOVE_DISCARD:
        if (!is_christmas(m->card))
            return -1;
        out_printf(&o, "discard %s", carc_card_name(m->card));
        break;
    case CARC_MOVE_PLACE:
        def = carc_tile_def_of(m->tile);
        if (def == NULL || m->rot > 3)
            return -1;
        out_place(&o, def->name, m->x, m->y, m->rot);
        break;
    case CARC_MOVE_FOLLOWER:
        if (!carc_last_placed(g, &lx, &ly))
            return -1;
        if (m->figure != CARC_FIG_MEEPLE) {  /* a meeple is not named */
            if (carc_figure_name(m->figure) == NULL)
                return -1;
            out_printf(&o, "%s ", carc_figure_name(m->figure));
        }
        /* away from the tile just placed (a portal, PD11), or on a place of any tile (a
         * tower's top, TW4): its position written */
        if (lx != m->x || ly != m->y || place_type(m->port) >= 0)
            out_printf(&o, "(%d,%d) ", m->x, m->y);
        out_segment(&o, g, m->x, m->y, m->port);
        break;
    case CARC_MOVE_WALK:
        out_printf(&o, "dragon (%d,%d)", m->x, m->y);
        break;
    case CARC_MOVE_ASSIGN: case CARC_MOVE_REMOVE:
        /* the fairy next to a follower (PD9), the princess sending one home (PD12) */
        out_printf(&o, m->kind == CARC_MOVE_ASSIGN ? "fairy" : "princess");
        out_figure(&o, m->figure);
        out_printf(&o, " (%d,%d) ", m->x, m->y);
        out_segment(&o, g, m->x, m->y, m->port);
        if (m->kind == CARC_MOVE_REMOVE) {
            if (m->seat2 >= CARC_MAX_PLAYERS)
                return -1;
            out_printf(&o, " seat:%d", m->seat2);
        }
        break;
    case CARC_MOVE_FLOOR:  /* TW3 */
        out_printf(&o, "floor (%d,%d)", m->x, m->y);
        break;
    case CARC_MOVE_CAPTURE:  /* TW5: whose follower, always named */
        if (m->seat2 >= CARC_MAX_PLAYERS)
            return -1;
        out_printf(&o, "capture");
        out_figure(&o, m->figure);
        out_printf(&o, " (%d,%d) ", m->x, m->y);
        out_segment(&o, g, m->x, m->y, m->port);
        out_printf(&o, " seat:%d", m->seat2);
        break;
    case CARC_MOVE_RANSOM:  /* TW8: the holder */
        if (m->seat2 >= CARC_MAX_PLAYERS)
            return -1;
        out_printf(&o, "ransom");
        out_figure(&o, m->figure);
        out_printf(&o, " seat:%d", m->seat2);
        break;
    case CARC_MOVE_EXCHANGE:  /* TW6 */
        out_printf(&o, "exchange");
        out_figure(&o, m->figure);
        break;
    case CARC_MOVE_GIFT:
        if (!is_gift(m->card))
            return -1;
        out_printf(&o, "open %s", carc_card_name(m->card));
        out_card_target(&o, g, m);
        break;
    case CARC_MOVE_CARD:
        if (!is_christmas(m->card))
            return -1;
        out_printf(&o, "play %s", carc_card_name(m->card));
        out_card_target(&o, g, m);
        break;
    case CARC_MOVE_RECALL:
        /* the abbot back from its cloister or garden (A6): the figure is implied */
        if (!carc_figure_recalls(m->figure))
            return -1;
        out_printf(&o, "recall (%d,%d) ", m->x, m->y);
        out_segment(&o, g, m->x, m->y, m->port);
        break;
    case CARC_MOVE_TARGET:
        out_printf(&o, "target");
        out_figure(&o, m->figure);
        out_printf(&o, " (%d,%d)", m->x, m->y);
        if (m->port != CARC_PORT_NONE) {
            out_printf(&o, " ");
            out_segment(&o, g, m->x, m->y, m->port);
        }
        break;
    default:
        return -1;
    }
    if (o.bad) {
        buf[0] = '\0';
        return -1;
    }
    return (int)o.len;
}

/* ---- parsing ------------------------------------------------------------------- */

enum { MAX_WORDS = 8 };

typedef struct word {
    const char *s;
    size_t len;
} word;

/* The text being parsed and where errors go. */
typedef struct parser {
    const carc_game *g;
    const char *text;
    carc_error *err;
    word w[MAX_WORDS];
    int n;
} parser;

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int word_is(const word *w, const char *s)
{
    return w->len == strlen(s) && memcmp(w->s, s, w->len) == 0;
}

/* Fails with a message; returns CARC_E_ILLEGAL for `return fail(...)`. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(parser *p, const char *fmt, ...)
{
    va_list ap;

    if (p->err != NULL) {
        p->err->code = CARC_E_ILLEGAL;
        va_start(ap, fmt);
        vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
        va_end(ap);
    }
    return CARC_E_ILLEGAL;
}

/* Splits the text into words; fails when there are too many. */
static int split(parser *p)
{
    const char *s = p->text;

    p->n = 0;
    for (;;) {
        while (is_space(*s))
            s++;
        if (*s == '\0')
            return CARC_OK;
        if (p->n == MAX_WORDS)
            return fail(p, "too many words in \"%.60s\"", p->text);
        p->w[p->n].s = s;
        while (*s != '\0' && !is_space(*s))
            s++;
        p->w[p->n].len = (size_t)(s - p->w[p->n].s);
        p->n++;
    }
}

/* Reads a decimal integer of s[*i..] into [-128, 127]; advances *i. 0 on failure. */
static int read_int(const char *s, size_t len, size_t *i, int *out)
{
    int neg = 0, v = 0, digits = 0;

    if (*i < len && s[*i] == '-') {
        neg = 1;
        (*i)++;
    }
    while (*i < len && s[*i] >= '0' && s[*i] <= '9') {
        v = v * 10 + (s[*i] - '0');
        if (v > 1000)
            return 0;
        (*i)++;
        digits++;
    }
    if (digits == 0)
        return 0;
    v = neg ? -v : v;
    if (v < -128 || v > 127)
        return 0;
    *out = v;
    return 1;
}

/* "(x,y)" with no spaces. */
static int parse_pos(parser *p, const word *w, int *x, int *y)
{
    size_t i = 0;

    if (w->len < 5 || w->s[0] != '(')
        return fail(p, "bad position \"%.*s\" (want (x,y))", (int)w->len, w->s);
    i = 1;
    if (!read_int(w->s, w->len, &i, x) || i >= w->len || w->s[i] != ',')
        return fail(p, "bad position \"%.*s\" (want (x,y), -128..127)", (int)w->len, w->s);
    i++;
    if (!read_int(w->s, w->len, &i, y) || i + 1 != w->len || w->s[i] != ')')
        return fail(p, "bad position \"%.*s\" (want (x,y), -128..127)", (int)w->len, w->s);
    return CARC_OK;
}

/* "type:PORT" -> feature type and port, not yet checked against the board. */
static int parse_typed_port(parser *p, const word *w, int *type, int *port)
{
    const char *colon = memchr(w->s, ':', w->len);
    size_t tlen, plen;

    if (colon == NULL)
        return fail(p, "bad target \"%.*s\" (want type:PORT, e.g. road:N)", (int)w->len, w->s);
    tlen = (size_t)(colon - w->s);
    plen = w->len - tlen - 1;
    *type = carc_feature_parse(w->s, tlen);
    if (*type < 0 || carc_feature_name(*type) == NULL)
        return fail(p, "unknown feature \"%.*s\" in \"%.*s\"", (int)tlen, w->s, (int)w->len, w->s);
    /* a corner ("barn:SE") is named as a half-edge is, but is no segment */
    *port = *type == CARC_FEAT_CORNER ? carc_corner_parse(colon + 1, plen)
                                      : carc_port_parse(colon + 1, plen);
    if (*port == CARC_PORT_NONE)
        return fail(p, "unknown port \"%.*s\" in \"%.*s\"", (int)plen, colon + 1, (int)w->len, w->s);
    return CARC_OK;
}

/* "type:PORT" on the tile at (x,y): checks the type and writes the canonical port. */
static int parse_segment(parser *p, const word *w, int x, int y, uint8_t *out)
{
    int type = -1, port = CARC_PORT_NONE, canon = CARC_PORT_NONE, kind, rot, found;

    if (parse_typed_port(p, w, &type, &port) != CARC_OK)
        return CARC_E_ILLEGAL;
    if (!carc_tile_at(p->g, x, y, &kind, &rot))
        return fail(p, "no tile at (%d,%d)", x, y);
    if (place_type(port) >= 0 || type == CARC_FEAT_TOWER || type == CARC_FEAT_CORNER) {
        /* a place, no segment */
        if (place_type(port) != type)
            return fail(p, "no %s at (%d,%d) port %s", carc_feature_name(type), x, y,
                        carc_port_name(port));
        *out = (uint8_t)port;
        return CARC_OK;
    }
    found = carc_segment(p->g, x, y, port, &canon);
    if (found != type)
        return fail(p, "no %s at (%d,%d) port %s", carc_feature_name(type), x, y,
                    carc_port_name(port));
    *out = (uint8_t)canon;
    return CARC_OK;
}

/* "(x,y) type:PORT" from words w[0], w[1]. */
static int parse_target(parser *p, const word *w, int8_t *x, int8_t *y, uint8_t *port)
{
    int px = 0, py = 0;  /* set by parse_pos on success; gcc -O3 cannot tell */

    if (parse_pos(p, &w[0], &px, &py) != CARC_OK)
        return CARC_E_ILLEGAL;
    if (parse_segment(p, &w[1], px, py, port) != CARC_OK)
        return CARC_E_ILLEGAL;
    *x = (int8_t)px;
    *y = (int8_t)py;
    return CARC_OK;
}

/* "seat:N", N a seat 0..CARC_MAX_PLAYERS-1. */
static int parse_seat(parser *p, const word *w, uint8_t *out)
{
    if (w->len != 6 || memcmp(w->s, "seat:", 5) != 0 || w->s[5] < '0' ||
        w->s[5] >= '0' + CARC_MAX_PLAYERS)
        return fail(p, "bad seat \"%.*s\" (want seat:0..%d)", (int)w->len, w->s,
                    CARC_MAX_PLAYERS - 1);
    *out = (uint8_t)(w->s[5] - '0');
    return CARC_OK;
}

/* A card id of the right family. */
static int parse_card(parser *p, const word *w, int gift, uint8_t *out)
{
    int card = carc_card_parse(w->s, w->len);

    if (card == CARC_CARD_NONE)
        return fail(p, "unknown card \"%.*s\"", (int)w->len, w->s);
    if (gift && !is_gift(card))
        return fail(p, "\"%.*s\" is not a gift", (int)w->len, w->s);
    if (!gift && !is_christmas(card))
        return fail(p, "\"%.*s\" is not a Christmas card", (int)w->len, w->s);
    *out = (uint8_t)card;
    return CARC_OK;
}

/* Whether w is a figure word (carc_figure_name's; `meeple` accepted): sets *fig. */
static int parse_figure_word(const word *w, uint8_t *fig)
{
    int f = w->s[0] == '(' ? -1 : carc_figure_parse(w->s, w->len);
    if (f < 0)
        return 0;
    *fig = (uint8_t)f;
    return 1;
}

/* `open ID [FIGURE] ...` and `play ID [FIGURE] ...`: the card, the follower it names
 * and the target its shape wants. */
static int parse_card_move(parser *p, carc_move *m, int gift)
{
    const word *t = &p->w[2];
    int nt = p->n - 2, shape;
    int px = 0, py = 0;  /* set by parse_pos on success; gcc -O3 cannot tell */
    const char *name;

    if (p->n < 2)
        return fail(p, "\"%s\" needs a card id", gift ? "open" : "play");
    if (parse_card(p, &p->w[1], gift, &m->card) != CARC_OK)
        return CARC_E_ILLEGAL;
    shape = carc_card_target(m->card);
    name = carc_card_name(m->card);
    if (nt > 0 && shape != CARC_TARGET_NONE && shape != CARC_TARGET_POS &&
        parse_figure_word(t, &m->figure)) {
        t++;  /* the follower the move names (GI2, XI1) */
        nt--;
        if (nt == 0)
            return fail(p, "%s: a figure takes a target after it, got \"%.60s\"", name, p->text);
    }
    if (nt == 0 && shape != CARC_TARGET_POS)
        return CARC_OK;  /* no target (or a wasted gift) */
    switch (shape) {
    case CARC_TARGET_POS:
        if (nt != 1)
            break;
        if (parse_pos(p, &t[0], &px, &py) != CARC_OK)
            return CARC_E_ILLEGAL;
        m->x = (int8_t)px;
        m->y = (int8_t)py;
        return CARC_OK;
    case CARC_TARGET_SEG:
        if (nt != 2)
            break;
        return parse_target(p, t, &m->x, &m->y, &m->port);
    case CARC_TARGET_SEG_SEG:
        if (nt != 4 && nt != 5)
            break;
        if (parse_target(p, t, &m->x, &m->y, &m->port) != CARC_OK)
            return CARC_E_ILLEGAL;
        if (parse_target(p, t + 2, &m->x2, &m->y2, &m->port2) != CARC_OK)
            return CARC_E_ILLEGAL;
        return nt == 5 ? parse_seat(p, &t[4], &m->seat2) : CARC_OK;
    case CARC_TARGET_SEG_PORT:
        if (nt != 3)
            break;
        if (parse_target(p, t, &m->x, &m->y, &m->port) != CARC_OK)
            return CARC_E_ILLEGAL;
        m->x2 = m->x;
        m->y2 = m->y;
        return parse_segment(p, &t[2], m->x, m->y, &m->port2);
    default:
        break;
    }
    return fail(p, "%s takes %s, got \"%.60s\"", name, shape_usage[shape], p->text);
}

/* `target [FIGURE] (x,y) [type:PORT]` */
static int parse_target_move(parser *p, carc_move *m)
{
    int px = 0, py = 0;  /* set by parse_pos on success; gcc -O3 cannot tell */
    const word *w = &p->w[1];
    int n = p->n - 1;

    if (n > 0 && parse_figure_word(w, &m->figure)) {
        w++;  /* the follower a claim_* or intrude_* places (XI1) */
        n--;
    }
    if (n < 1 || n > 2)
        return fail(p, "target takes [FIGURE] (x,y) [type:PORT], got \"%.60s\"", p->text);
    if (n == 2)
        return parse_target(p, w, &m->x, &m->y, &m->port);
    if (parse_pos(p, w, &px, &py) != CARC_OK)
        return CARC_E_ILLEGAL;
    m->x = (int8_t)px;
    m->y = (int8_t)py;
    return CARC_OK;
}

/* `NAME (x,y) rR`, NAME a tile's name: a base letter A..X or an expansion tile's id. */
static int parse_place(parser *p, carc_move *m)
{
    const word *r = &p->w[2];
    int kind = carc_tile_kind_named(p->w[0].s, p->w[0].len), px, py;

    if (kind < 0)
        return fail(p, "unknown tile \"%.*s\" in \"%.60s\"", (int)(p->w[0].len < 20 ? p->w[0].len : 20),
                    p->w[0].s, p->text);
    if (p->n != 3)
        return fail(p, "a placement takes TILE (x,y) rN, got \"%.60s\"", p->text);
    if (parse_pos(p, &p->w[1], &px, &py) != CARC_OK)
        return CARC_E_ILLEGAL;
    if (r->len != 2 || r->s[0] != 'r' || r->s[1] < '0' || r->s[1] > '3')
        return fail(p, "bad rotation \"%.*s\" (want r0..r3)", (int)r->len, r->s);
    m->kind = CARC_MOVE_PLACE;
    m->tile = (uint8_t)kind;
    m->x = (int8_t)px;
    m->y = (int8_t)py;
    m->rot = (uint8_t)(r->s[1] - '0');
    return CARC_OK;
}

/* `[FIGURE] [(x,y)] type:PORT` on the tile placed this turn; FIGURE one of
 * carc_figure_name's words (no word: a meeple). */
static int parse_follower(parser *p, carc_move *m)
{
    const word *w = p->w;
    int lx, ly, px = 0, py = 0, n = p->n, fig = carc_figure_parse(w[0].s, w[0].len);

    if (fig >= 0) {
        w++;
        n--;
        if (n == 0)
            return fail(p, "\"%s\" takes [(x,y)] type:PORT, got \"%.60s\"", carc_figure_name(fig),
                        p->text);
    }
    if (n > 2 || (n == 2 && w[0].s[0] != '('))
        return fail(p, "a follower takes [FIGURE] [(x,y)] type:PORT, got \"%.60s\"", p->text);
    if (!carc_last_placed(p->g, &lx, &ly))
        return fail(p, "no tile placed this turn for \"%.60s\"", p->text);
    if (n == 2) {  /* another tile than the one placed: a portal's (PD11); apply judges */
        if (parse_pos(p, &w[0], &px, &py) != CARC_OK)
            return CARC_E_ILLEGAL;
        const char *colon = memchr(w[1].s, ':', w[1].len);
        int type = colon ? carc_feature_parse(w[1].s, (size_t)(colon - w[1].s)) : -1;
        if (type == CARC_FEAT_TOWER || type == CARC_FEAT_CORNER) {
            /* a place on any tile (a tower's top, TW4; a corner, AM9) */
            m->kind = CARC_MOVE_FOLLOWER;
            m->figure = (uint8_t)(fig >= 0 ? fig : CARC_FIG_MEEPLE);
            m->x = (int8_t)px;
            m->y = (int8_t)py;
            return parse_segment(p, &w[1], px, py, &m->port);
        }
        lx = px;
        ly = py;
    }
    m->kind = CARC_MOVE_FOLLOWER;
    m->figure = (uint8_t)(fig >= 0 ? fig : CARC_FIG_MEEPLE);
    m->x = (int8_t)lx;
    m->y = (int8_t)ly;
    return parse_segment(p, &w[n - 1], lx, ly, &m->port);
}

/* `dragon (x,y)`: the dragon's step (PD7). */
static int parse_walk(parser *p, carc_move *m)
{
    int px = 0, py = 0;
    if (p->n != 2)
        return fail(p, "dragon takes (x,y), got \"%.60s\"", p->text);
    if (parse_pos(p, &p->w[1], &px, &py) != CARC_OK)
        return CARC_E_ILLEGAL;
    m->kind = CARC_MOVE_WALK;
    m->x = (int8_t)px;
    m->y = (int8_t)py;
    return CARC_OK;
}

/* `fairy [FIGURE] (x,y) type:PORT` (PD9) and `princess [FIGURE] (x,y) type:PORT
 * [seat:N]` (PD12); FIGURE as carc_figure_name says it (none: a meeple). */
static int parse_figure_at(parser *p, carc_move *m, int kind)
{
    const char *what = kind == CARC_MOVE_ASSIGN ? "fairy" : "princess";
    int i = 1, fig = p->n > 1 ? carc_figure_parse(p->w[1].s, p->w[1].len) : -1;
    if (fig >= 0)
        i++;
    int left = p->n - i;
    if (left != 2 && !(kind == CARC_MOVE_REMOVE && left == 3))
        return fail(p, "%s takes [FIGURE] (x,y) type:PORT%s, got \"%.60s\"", what,
                    kind == CARC_MOVE_REMOVE ? " [seat:N]" : "", p->text);
    m->kind = (uint8_t)kind;
    m->figure = (uint8_t)(fig >= 0 ? fig : CARC_FIG_MEEPLE);
    if (parse_target(p, &p->w[i], &m->x, &m->y, &m->port) != CARC_OK)
        return CARC_E_ILLEGAL;
    if (left == 3)
        return parse_seat(p, &p->w[i + 2], &m->seat2);
    return CARC_OK;
}

/* `recall (x,y) type:PORT`: the abbot back from the cloister or garden it stands on
 * (A6). */
static int parse_recall(parser *p, carc_move *m)
{
    if (p->n != 3)
        return fail(p, "recall takes (x,y) cloister:C or (x,y) garden:G, got \"%.60s\"", p->text);
    m->kind = CARC_MOVE_RECALL;
    m->figure = CARC_FIG_MEEPLE;  /* the figure that recalls: one kind has it (A6) */
    while (m->figure < CARC_FIGURES && !carc_figure_recalls(m->figure))
        m->figure++;
    return parse_target(p, &p->w[1], &m->x, &m->y, &m->port);
}

/* An optional figure word at w[*i] (none: a meeple), stepping over it. */
static void parse_opt_figure(const parser *p, int *i, uint8_t *figure)
{
    *figure = CARC_FIG_MEEPLE;
    if (*i < p->n) {
        int f = carc_figure_parse(p->w[*i].s, p->w[*i].len);
        if (f >= 0) {
            *figure = (uint8_t)f;
            (*i)++;
        }
    }
}

/* The Tower's moves (TW3, TW5, TW6, TW8): `floor (x,y)`, `capture [FIGURE] (x,y)
 * type:PORT seat:N`, `ransom [FIGURE] seat:N`, `exchange [FIGURE]`. */
static int parse_tower_move(parser *p, carc_move *m, int kind)
{
    int i = 1, px = 0, py = 0;
    m->kind = (uint8_t)kind;
    if (kind == CARC_MOVE_FLOOR) {
        if (p->n != 2 || parse_pos(p, &p->w[1], &px, &py) != CARC_OK)
            return p->n != 2 ? fail(p, "floor takes (x,y), got \"%.60s\"", p->text)
                             : CARC_E_ILLEGAL;
        m->x = (int8_t)px;
        m->y = (int8_t)py;
        m->port = CARC_PORT_T;
        return CARC_OK;
    }
    parse_opt_figure(p, &i, &m->figure);
    if (kind == CARC_MOVE_EXCHANGE)
        return i == p->n ? CARC_OK
                         : fail(p, "exchange takes [FIGURE], got \"%.60s\"", p->text);
    if (kind == CARC_MOVE_CAPTURE) {
        if (p->n != i + 3)
            return fail(p, "capture takes [FIGURE] (x,y) type:PORT seat:N, got \"%.60s\"",
                        p->text);
        if (parse_target(p, &p->w[i], &m->x, &m->y, &m->port) != CARC_OK)
            return CARC_E_ILLEGAL;
        i += 2;
    } else if (p->n != i + 1) {
        return fail(p, "ransom takes [FIGURE] seat:N, got \"%.60s\"", p->text);
    }
    return parse_seat(p, &p->w[i], &m->seat2);
}

/* Moves that are one word: pass, draw, block, again. */
static const struct {
    const char *word;
    uint8_t kind;
} single_words[] = {
    { "pass", CARC_MOVE_PASS },
    { "draw", CARC_MOVE_DRAW },
    { "block", CARC_MOVE_BLOCK },
    { "again", CARC_MOVE_AGAIN },
    { "abbey", CARC_MOVE_ABBEY },  /* AM3, AM5 */
};

int carc_move_parse(const carc_game *g, const char *text, carc_move *out, carc_error *err)
{
    parser p;
    carc_move m = carc_move_pass();
    const word *w0;
    size_t i;
    int rc;

    p.g = g;
    p.text = text != NULL ? text : "";
    p.err = err;
    if (split(&p) != CARC_OK)
        return CARC_E_ILLEGAL;
    if (p.n == 0)
        return fail(&p, "empty move");
    w0 = &p.w[0];
    for (i = 0; i < sizeof single_words / sizeof single_words[0]; i++) {
        if (word_is(w0, single_words[i].word)) {
            if (p.n != 1)
                return fail(&p, "\"%s\" takes nothing more, got \"%.60s\"",
                            single_words[i].word, p.text);
            m.kind = single_words[i].kind;
            *out = m;
            return CARC_OK;
        }
    }
    if (word_is(w0, "discard")) {
        if (p.n != 2)
            return fail(&p, "discard takes one card id, got \"%.60s\"", p.text);
        m.kind = CARC_MOVE_DISCARD;
        rc = parse_card(&p, &p.w[1], 0, &m.card);
    } else if (word_is(w0, "open")) {
        m.kind = CARC_MOVE_GIFT;
        rc = parse_card_move(&p, &m, 1);
    } else if (word_is(w0, "play")) {
        m.kind = CARC_MOVE_CARD;
        rc = parse_card_move(&p, &m, 0);
    } else if (word_is(w0, "target")) {
        m.kind = CARC_MOVE_TARGET;
        rc = parse_target_move(&p, &m);
    } else if (word_is(w0, "recall")) {
        rc = parse_recall(&p, &m);
    } else if (word_is(w0, "dragon")) {
        rc = parse_walk(&p, &m);
    } else if (word_is(w0, "fairy")) {
        rc = parse_figure_at(&p, &m, CARC_MOVE_ASSIGN);
    } else if (word_is(w0, "princess")) {
        rc = parse_figure_at(&p, &m, CARC_MOVE_REMOVE);
    } else if (word_is(w0, "floor")) {
        rc = parse_tower_move(&p, &m, CARC_MOVE_FLOOR);
    } else if (word_is(w0, "capture")) {
        rc = parse_tower_move(&p, &m, CARC_MOVE_CAPTURE);
    } else if (word_is(w0, "ransom")) {
        rc = parse_tower_move(&p, &m, CARC_MOVE_RANSOM);
    } else if (word_is(w0, "exchange")) {
        rc = parse_tower_move(&p, &m, CARC_MOVE_EXCHANGE);
    } else if ((w0->len == 1 && w0->s[0] >= 'A' && w0->s[0] <= 'Z') ||
               memchr(w0->s, '/', w0->len) != NULL ||
               carc_tile_kind_named(w0->s, w0->len) >= 0) {  /* "Eg": a garden twin */
        rc = parse_place(&p, &m);
    } else if (w0->s[0] == '(' || memchr(w0->s, ':', w0->len) != NULL ||
               carc_figure_parse(w0->s, w0->len) >= 0) {
        rc = parse_follower(&p, &m);
    } else {
        return fail(&p, "unknown move \"%.*s\" in \"%.60s\"", (int)w0->len, w0->s, p.text);
    }
    if (rc != CARC_OK)
        return rc;
    /* the form carc_legal lists: equivalent rotations, a feature by its oldest segment */
    uint8_t figure = m.figure;
    carc_move_canonical(g, &m);
    /* a gift or card move keeps the figure it names even where the engine's canonical
     * form has no use for it (a target with no card in play): parsing does not judge
     * legality, carc_apply does */
    if (m.kind == CARC_MOVE_GIFT || m.kind == CARC_MOVE_CARD || m.kind == CARC_MOVE_TARGET ||
        m.kind == CARC_MOVE_ASSIGN || m.kind == CARC_MOVE_REMOVE)
        m.figure = figure;
    *out = m;
    return CARC_OK;
}
