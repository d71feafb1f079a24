/*
 * state_bytes.c - a state as bytes and back (carc_state_save, carc_state_load): what a
 * checkpoint, a pickled game or a state sent to another process holds.
 *
 * The bytes are a header and the part of the state the game uses, as carc_copy moves
 * it (state.h, the three parts): the fixed part, the card expansions' block when the
 * game has one, and each array's used prefix (the rest is zero in every state, which
 * carc_check verifies), so a base game in play takes about 5 KB, not the 16 KB of
 * the whole struct. The header:
 *
 *   0   8 bytes  "carcstat"           what the bytes are
 *   8   u32      STATE_BYTES_VERSION  the format of this file
 *   12  u32      payload length
 *   16  u64      the state layout's fingerprint (state_bytes_layout)
 *   24  u64      FNV-1a 64 of the payload (damage, not tampering: see carc.h)
 *   32  payload
 *
 * in the machine's byte order, which the fingerprint includes. A state is
 * refused when the layout differs (another build of the engine: a state is no
 * archival format, a record is, docs/RECORD.md), when the checksum or a length
 * does not match, and when carc_check refuses what was read.
 */
#include <stdio.h>
#include <stdlib.h>
#include "base.h"
#include "expansion.h"

/* The format of these bytes; raised when the header or the payload's order changes.
 * A change of a state field's meaning that moves no field must bump it too (the
 * fingerprint sees only sizes and offsets). */
enum { STATE_BYTES_VERSION = 1, STATE_BYTES_HEADER = 32 };
static const char state_bytes_magic[8] = {'c', 'a', 'r', 'c', 's', 't', 'a', 't'};

/* One array of part 3: where it is, its entry size and its bound, and its count. */
typedef struct {
    size_t offset, size, max, count;
} state_bytes_array;

static int state_bytes_arrays(const carc_game *g, state_bytes_array a[6])
{
    const state_bytes_array list[6] = {
        {offsetof(carc_game, feats), sizeof g->feats[0], MAX_FEATS, g->nfeats},
        {offsetof(carc_game, events), sizeof g->events[0], CARC_MAX_EVENTS, g->nevents},
        {offsetof(carc_game, nodes), sizeof g->nodes[0], MAX_NODES, g->nnodes},
        {offsetof(carc_game, tiles), sizeof g->tiles[0], CARC_TILES, g->ntiles},
        {offsetof(carc_game, frontier), sizeof g->frontier[0], MAX_FRONTIER, g->nfrontier},
        {offsetof(carc_game, removed), sizeof g->removed[0], CARC_TILES, g->nremoved},
    };
    memcpy(a, list, sizeof list);
    return 6;
}

/* The bytes of part 1 and 2 a game's payload holds. */
static size_t state_bytes_head(const carc_game *g)
{
    return g->exp_block ? STATE_ARRAYS : STATE_CARDS;
}

/* Sizes and offsets of the layout, the byte order and the format: equal in two builds
 * whose states are the same bytes for the same game. */
static uint64_t state_bytes_layout(void)
{
    const carc_game *z = NULL;
    const uint32_t order = 0x01020304u;
    const uint64_t shape[] = {
        sizeof(carc_game), STATE_CARDS, STATE_ARRAYS, STATE_BYTES_VERSION,
        offsetof(carc_game, feats), sizeof z->feats[0], MAX_FEATS,
        offsetof(carc_game, events), sizeof z->events[0], CARC_MAX_EVENTS,
        offsetof(carc_game, nodes), sizeof z->nodes[0], MAX_NODES,
        offsetof(carc_game, tiles), sizeof z->tiles[0], CARC_TILES,
        offsetof(carc_game, frontier), sizeof z->frontier[0], MAX_FRONTIER,
        offsetof(carc_game, removed), sizeof z->removed[0], CARC_TILES,
        offsetof(carc_game, exp_block), offsetof(carc_game, nfeats), offsetof(carc_game, rng),
        offsetof(carc_game, cell), CARC_STACK, CARC_MAX_PLAYERS,
    };
    return fnv1a(fnv1a(FNV1A_INIT, &order, sizeof order), shape, sizeof shape);
}

static size_t state_bytes_payload(const carc_game *g)
{
    state_bytes_array a[6];
    size_t n = state_bytes_head(g);
    for (int i = 0, k = state_bytes_arrays(g, a); i < k; i++)
        n += a[i].count * a[i].size;
    return n;
}

size_t carc_state_save(const carc_game *g, void *buf, size_t cap)
{
    size_t payload = state_bytes_payload(g), total = STATE_BYTES_HEADER + payload;
    if (!buf || cap < total)
        return total;
    unsigned char *out = buf, *p = out + STATE_BYTES_HEADER;
    const unsigned char *src = (const unsigned char *)g;
    size_t head = state_bytes_head(g);
    memcpy(p, src, head);
    p += head;
    state_bytes_array a[6];
    for (int i = 0, k = state_bytes_arrays(g, a); i < k; i++) {
        memcpy(p, src + a[i].offset, a[i].count * a[i].size);
        p += a[i].count * a[i].size;
    }
    uint32_t version = STATE_BYTES_VERSION, length = (uint32_t)payload;
    uint64_t layout = state_bytes_layout(),
             sum = fnv1a(FNV1A_INIT, out + STATE_BYTES_HEADER, payload);
    memcpy(out, state_bytes_magic, sizeof state_bytes_magic);
    memcpy(out + 8, &version, 4);
    memcpy(out + 12, &length, 4);
    memcpy(out + 16, &layout, 8);
    memcpy(out + 24, &sum, 8);
    return total;
}

/* Reads the payload into g (zeroed): 0, or -1 when its lengths disagree with the
 * counts it holds. */
static int state_bytes_read(carc_game *g, const unsigned char *p, size_t n)
{
    if (n < STATE_CARDS)
        return -1;
    memcpy(g, p, STATE_CARDS);  /* the counts and exp_block, read before the rest */
    size_t head = state_bytes_head(g);
    if (n < head)
        return -1;
    memcpy((unsigned char *)g + STATE_CARDS, p + STATE_CARDS, head - STATE_CARDS);
    size_t at = head;
    state_bytes_array a[6];
    for (int i = 0, k = state_bytes_arrays(g, a); i < k; i++) {
        size_t len = a[i].count * a[i].size;
        if (a[i].count > a[i].max || n - at < len)
            return -1;
        memcpy((unsigned char *)g + a[i].offset, p + at, len);
        at += len;
    }
    return at == n ? 0 : -1;
}

carc_game *carc_state_load(const void *buf, size_t size, carc_error *err)
{
    const unsigned char *in = buf;
    uint32_t version, length;
    uint64_t layout, sum;
    if (!buf || size < STATE_BYTES_HEADER || memcmp(in, state_bytes_magic, 8) != 0) {
        error_set(err, CARC_E_INVALID, "not a carc state (no carcstat header)");
        return NULL;
    }
    memcpy(&version, in + 8, 4);
    memcpy(&length, in + 12, 4);
    memcpy(&layout, in + 16, 8);
    memcpy(&sum, in + 24, 8);
    if (version != STATE_BYTES_VERSION) {
        error_set(err, CARC_E_INVALID, "carc state format version %u: this engine reads %d",
                  (unsigned)version, STATE_BYTES_VERSION);
        return NULL;
    }
    if (layout != state_bytes_layout()) {
        error_set(err, CARC_E_INVALID,
                  "a carc state of another engine build (state layout %016llx, this "
                  "engine's %016llx): states do not move between builds, records do",
                  (unsigned long long)layout, (unsigned long long)state_bytes_layout());
        return NULL;
    }
    if (size - STATE_BYTES_HEADER != length) {
        error_set(err, CARC_E_INVALID,
                  "carc state damaged: %zu bytes of payload, the header says %u",
                  size - STATE_BYTES_HEADER, (unsigned)length);
        return NULL;
    }
    if (fnv1a(FNV1A_INIT, in + STATE_BYTES_HEADER, length) != sum) {
        error_set(err, CARC_E_INVALID, "carc state damaged: checksum mismatch");
        return NULL;
    }
    carc_game *g = calloc(1, sizeof *g);
    if (!g) {
        error_set(err, CARC_E_INVALID, "out of memory");
        return NULL;
    }
    if (state_bytes_read(g, in + STATE_BYTES_HEADER, length) != 0) {
        free(g);
        error_set(err, CARC_E_INVALID, "carc state damaged: its lengths disagree with its counts");
        return NULL;
    }
    carc_error why;
    if (carc_check(g, &why) != CARC_OK) {
        free(g);
        error_set(err, CARC_E_INVALID, "carc state invalid: %s", why.msg);
        return NULL;
    }
    return g;
}
