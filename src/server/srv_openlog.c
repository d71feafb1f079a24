/*
 * srv_openlog.c - the moves of every unfinished game, in memory (srv_openlog.h): a
 * chained hash table by game id, grown by doubling.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "srv_openlog.h"

/* FNV-1a: ids are random hex, any spread will do */
static size_t openlog_hash(const char *id)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *id; id++)
        h = (h ^ (unsigned char)*id) * 0x100000001b3ull;
    return (size_t)h;
}

srv_openlog_game *srv_openlog_find(srv_openlog *ol, const char *id)
{
    if (!ol->nbucket)
        return NULL;
    for (srv_openlog_game *g = ol->bucket[openlog_hash(id) & (ol->nbucket - 1)]; g; g = g->next)
        if (!strcmp(g->id, id))
            return g;
    return NULL;
}

/* Doubles the buckets (at least 64); -1 when out of memory, the table unchanged. */
static int openlog_grow(srv_openlog *ol)
{
    size_t nb = ol->nbucket ? 2 * ol->nbucket : 64;
    srv_openlog_game **b = calloc(nb, sizeof *b);
    if (!b)
        return -1;
    for (size_t i = 0; i < ol->nbucket; i++)
        for (srv_openlog_game *g = ol->bucket[i], *next; g; g = next) {
            next = g->next;
            size_t k = openlog_hash(g->id) & (nb - 1);
            g->next = b[k];
            b[k] = g;
        }
    free(ol->bucket);
    ol->bucket = b;
    ol->nbucket = nb;
    return 0;
}

srv_openlog_game *srv_openlog_add(srv_openlog *ol, const char *id)
{
    srv_openlog_game *g = srv_openlog_find(ol, id);
    if (g)
        return g;
    if (ol->count >= ol->nbucket && openlog_grow(ol) < 0)
        return NULL;
    g = calloc(1, sizeof *g);
    if (!g || !(g->id = strdup(id))) {
        free(g);
        return NULL;
    }
    size_t k = openlog_hash(id) & (ol->nbucket - 1);
    g->next = ol->bucket[k];
    ol->bucket[k] = g;
    ol->count++;
    return g;
}

int srv_openlog_push(srv_openlog_game *g, const char *move)
{
    size_t m = strlen(move);
    if (g->len + m + 2 > g->cap) {
        size_t cap = g->cap ? g->cap : 256;
        while (g->len + m + 2 > cap)
            cap *= 2;
        char *t = realloc(g->text, cap);
        if (!t)
            return -1;
        g->text = t;
        g->cap = cap;
    }
    memcpy(g->text + g->len, move, m);
    g->len += m;
    g->text[g->len++] = '\n';
    g->text[g->len] = '\0';
    g->n++;
    return 0;
}

void srv_openlog_pop(srv_openlog_game *g)
{
    if (g->n == 0)
        return;
    size_t end = g->len - 1;  /* the last move's '\n' */
    while (end > 0 && g->text[end - 1] != '\n')
        end--;
    g->len = end;
    g->text[end] = '\0';
    if (--g->n == 0)
        g->first_seq = 0;  /* no move 0 in the log any more */
}

static void openlog_game_free(srv_openlog_game *g)
{
    free(g->id);
    free(g->text);
    free(g->bad);
    free(g);
}

void srv_openlog_remove(srv_openlog *ol, const char *id)
{
    if (!ol->nbucket)
        return;
    for (srv_openlog_game **p = &ol->bucket[openlog_hash(id) & (ol->nbucket - 1)]; *p;
         p = &(*p)->next)
        if (!strcmp((*p)->id, id)) {
            srv_openlog_game *g = *p;
            *p = g->next;
            openlog_game_free(g);
            ol->count--;
            return;
        }
}

void srv_openlog_clear(srv_openlog *ol)
{
    for (size_t i = 0; i < ol->nbucket; i++)
        for (srv_openlog_game *g = ol->bucket[i], *next; g; g = next) {
            next = g->next;
            openlog_game_free(g);
        }
    free(ol->bucket);
    memset(ol, 0, sizeof *ol);
}

int srv_moves_split(const char *text, size_t len, char ***moves, int *n)
{
    int count = 0;
    *moves = NULL;
    *n = 0;
    for (size_t i = 0; i < len; i++)
        count += text[i] == '\n';
    if (len && text[len - 1] != '\n')
        count++;  /* the last move without its '\n' */
    if (!count)
        return 0;
    char **out = calloc((size_t)count, sizeof *out);
    if (!out)
        return -1;
    const char *p = text, *end = text + len;
    for (int k = 0; k < count; k++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t m = nl ? (size_t)(nl - p) : (size_t)(end - p);
        out[k] = strndup(p, m);
        if (!out[k]) {
            for (int j = 0; j < k; j++)
                free(out[j]);
            free(out);
            return -1;
        }
        p += m + 1;
    }
    *moves = out;
    *n = count;
    return 0;
}
