/*
 * fuzz_server_msg.c - fuzz target: the server's message parser (src/server/srv_msg.c)
 * and what a parsed move does to a live game. The first line of the input is a
 * POST /api/games body (a default game when it is refused); every later line is a
 * WebSocket message, played for the seat named by its first byte (0-4, '*' for the
 * seat that owes the decision, anything else a spectator) through srv_game_move_text, as the server would, over a store kept in
 * memory. Each message is parsed twice, by srv_msg_parse (which reads the usual move
 * message without a JSON tree) and by its JSON path alone: both must agree. A refused move must leave the game byte for byte as it was and the
 * store untouched; an accepted one must pass carc_check and add exactly one entry
 * to the store; every seat's frame must build.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_line.h"
#include "srv_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A store that only counts: the interface of srv_store.h without a database. */
typedef struct mem_store {
    srv_store base;
    int rows, moves;
} mem_store;

static int mem_create(srv_store *st, const srv_game_row *row)
{
    (void)row;
    ((mem_store *)st)->rows++;
    return 0;
}

static int mem_append(srv_store *st, const char *id, int index, const char *move, int fin)
{
    (void)id, (void)move, (void)fin;
    mem_store *m = (mem_store *)st;
    if (index != m->moves)
        abort();  /* the log must have no gap and no repeat */
    m->moves++;
    return 0;
}

static int mem_load(srv_store *st, const char *id, srv_game_row *row, char ***moves, int *n)
{
    (void)st, (void)id, (void)row, (void)moves, (void)n;
    return 1;
}

static int mem_unfinished(srv_store *st, char ***ids, int *n)
{
    (void)st;
    *ids = NULL;
    *n = 0;
    return 0;
}

static int mem_expire(srv_store *st, int days, int (*live)(void *, const char *), void *arg,
                      int *count)
{
    (void)st, (void)days, (void)live, (void)arg;
    *count = 0;
    return 0;
}

static int mem_claim(srv_store *st, const char *id)
{
    (void)st, (void)id;
    return 0;
}

static void mem_release(srv_store *st, const char *id)
{
    (void)st, (void)id;
}

static void mem_ask(srv_store *st, const char *id)
{
    (void)st, (void)id;
}

static int mem_asked(srv_store *st, char id[16])
{
    (void)st, (void)id;
    return 0;
}

static void mem_close(srv_store *st)
{
    (void)st;
}

/* No batch: every append is final at once (the target plays outside group commit). */
static void mem_batch_begin(srv_store *st)
{
    (void)st;
}

static int mem_batch_end(srv_store *st)
{
    (void)st;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mem_store store = {.base = {.create_game = mem_create, .append_move = mem_append,
                                .batch_begin = mem_batch_begin, .batch_end = mem_batch_end,
                                .load_game = mem_load, .unfinished = mem_unfinished,
                                .expire = mem_expire, .claim = mem_claim,
                                .release = mem_release, .ask = mem_ask,
                                .asked = mem_asked, .close = mem_close}};
    char line[SRV_MSG_MAX + 64], err[SRV_ERR];
    char tokens[SRV_SEATS][2 * SRV_TOKEN_BYTES + 1];
    size_t i = 0;
    srv_create req;
    size_t len = fuzz_next_line(data, size, &i, line, sizeof line);
    if (srv_create_parse(line, len, &req, err, sizeof err) < 0) {
        static const char def[] = "{\"players\":[\"human\",\"human\"],\"expansions\":\"gifts,christmas\",\"seed\":1}";
        if (srv_create_parse(def, sizeof def - 1, &req, err, sizeof err) < 0)
            abort();
    }
    if (!req.has_seed) {
        req.has_seed = 1;  /* deterministic inputs */
        req.seed = 1;
    }
    srv_game *gm = srv_game_create(&req, &store.base, tokens, err, sizeof err);
    if (!gm)
        return 0;
    carc_game *saved = calloc(1, carc_state_size());  /* zeroed: carc_copy reads its counts */
    while (saved && i < size) {
        len = fuzz_next_line(data, size, &i, line, sizeof line);
        if (len == 0)
            continue;
        int seat = line[0] >= '0' && line[0] <= '4' ? line[0] - '0' : -1;
        if (line[0] == '*')
            seat = carc_pending_decision(gm->g).seat;
        srv_msg msg, slow;
        char err2[SRV_ERR];
        err[0] = '\0';
        int rc = srv_msg_parse(line + 1, len - 1, &msg, err, sizeof err);
        /* the parser's path without a JSON tree takes only what the JSON one takes,
         * the same way */
        if ((srv_msg_parse_json(line + 1, len - 1, &slow, err2, sizeof err2) < 0) != (rc < 0) ||
            (rc == 0 && memcmp(&msg, &slow, sizeof msg) != 0))
            abort();
        if (rc < 0) {
            if (!err[0])
                abort();  /* a refusal names what is wrong */
            continue;
        }
        if (msg.type != SRV_MSG_MOVE || seat >= gm->seats)
            continue;
        int index = gm->index, moves = store.moves;
        carc_copy(saved, gm->g);
        if (srv_game_move_text(gm, &store.base, seat, msg.index, msg.move, err, sizeof err) < 0) {
            if (!err[0] || gm->index != index || store.moves != moves ||
                memcmp(saved, gm->g, carc_state_size()) != 0)
                abort();  /* a refused move changed something */
            continue;
        }
        carc_error ce;
        if (gm->index != index + 1 || store.moves != moves + 1 || carc_check(gm->g, &ce) != CARC_OK)
            abort();
        for (int s = -1; s < gm->seats; s++)
            if (!srv_game_frame(gm, s))
                abort();
    }
    free(saved);
    srv_game_free(gm);
    return 0;
}
