/*
 * card_text.c - what each gift and Christmas card is called and does, in plain
 * words for players, read by `carc cards`, the terminal game and (as JSON) the web
 * front end, so that every front end explains a card the same way. The words are
 * the expansions' own: each module lists its cards (carc_expansion_info.cards, e.g.
 * src/engine/gifts/cards.c) and this layer reads them from the registry
 * (carc_card_desc_of), in the order of the card ids.
 */
#include "record_int.h"

const carc_card_info *carc_card_info_of(int card)
{
    return carc_card_desc_of(card);
}

char *carc_cards_json(void)
{
    json_t *arr = json_array();
    char *text;
    int c;

    if (arr == NULL)
        return NULL;
    for (c = CARC_CARD_NONE + 1; c < CARC_CARDS; c++) {
        const carc_card_info *ci = carc_card_info_of(c);
        json_t *o;
        if (ci == NULL)
            continue;  /* a card no expansion describes */
        o = json_pack("{s:s, s:s, s:s, s:s, s:s}", "id", carc_card_name(c), "name", ci->name,
                      "deck", ci->deck, "timing", ci->timing, "text", ci->text);
        if (o == NULL || json_array_append_new(arr, o) != 0) {
            json_decref(arr);
            return NULL;
        }
    }
    text = json_dumps(arr, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(arr);
    return text;
}

/* How the expansions work, for players: what the issue 21 testers could not find out
 * (how a gift is earned, why a deck is offered and why one would decline, the hand
 * limit, what a window is, the end). The record layer holds only the paragraph about
 * every game; each expansion's are its module's (carc_expansion_info.how), so a new
 * expansion brings its own. The same paragraphs are in web/how.html. */
static const carc_how_par turn_par = {
    "A turn",
    "Draw a tile. Before placing it you may open one gift and play Christmas cards. "
    "Place the tile; you may then receive a gift and be offered a Christmas card. Put a "
    "follower on the tile, or not. Completed roads, cities and cloisters score. After "
    "scoring you may play Christmas cards again; then, holding more than five Christmas "
    "cards, you discard down to five."};

/* The number of paragraphs of an expansion's how (0 when it has none). */
static int how_count(const carc_expansion_info *e)
{
    int n = 0;
    while (e->how && e->how[n].text)
        n++;
    return n;
}

int carc_guide_count(void)
{
    int n = 1;
    for (int e = 0; e < carc_expansion_count(); e++)
        n += how_count(carc_expansion_at(e));
    return n;
}

/* Walks the registry in its order (the order of the bits) to paragraph i: a walk of
 * about twenty paragraphs, asked only when a help page or the how-to page is made. */
int carc_guide_at(int i, carc_guide_par *out)
{
    if (i == 0) {
        *out = (carc_guide_par){0, turn_par.title, turn_par.text};
        return 1;
    }
    if (i < 0)
        return 0;
    i--;
    for (int e = 0; e < carc_expansion_count(); e++) {
        const carc_expansion_info *x = carc_expansion_at(e);
        int n = how_count(x);
        if (i < n) {
            *out = (carc_guide_par){x->bit, x->how[i].title, x->how[i].text};
            return 1;
        }
        i -= n;
    }
    return 0;
}
