/*
 * srv_registry.c - the live games by id: a fixed array of chains hashed with
 * FNV-1a. The registry owns the games; a finished game leaves it when its last
 * session closes (srv_host.c) and is loaded back from the store if asked for again.
 */
#include <string.h>

#include "srv_int.h"

static size_t registry_slot(const char *id)
{
    uint32_t h = 2166136261u;
    for (; *id; id++)
        h = (h ^ (unsigned char)*id) * 16777619u;
    return h % (sizeof ((srv_registry *)0)->bucket / sizeof(srv_game *));
}

srv_game *srv_registry_find(srv_registry *r, const char *id)
{
    for (srv_game *gm = r->bucket[registry_slot(id)]; gm; gm = gm->hnext)
        if (strcmp(gm->id, id) == 0)
            return gm;
    return NULL;
}

void srv_registry_add(srv_registry *r, srv_game *gm)
{
    size_t slot = registry_slot(gm->id);
    gm->hnext = r->bucket[slot];
    r->bucket[slot] = gm;
    r->count++;
}

void srv_registry_remove(srv_registry *r, srv_game *gm)
{
    srv_game **pp = &r->bucket[registry_slot(gm->id)];
    while (*pp && *pp != gm)
        pp = &(*pp)->hnext;
    if (*pp) {
        *pp = gm->hnext;
        r->count--;
    }
}

void srv_registry_clear(srv_registry *r)
{
    for (size_t i = 0; i < sizeof r->bucket / sizeof r->bucket[0]; i++) {
        while (r->bucket[i]) {
            srv_game *gm = r->bucket[i];
            r->bucket[i] = gm->hnext;
            srv_game_free(gm);
        }
    }
    r->count = 0;
}
