/*
 * srv_ladder.c - the ladder (issue 32; docs/SERVER.md "The ladder").
 *
 * A player chooses a name once (POST /api/players): the answer holds a random secret,
 * of which only the SHA-256 is stored (as seat tokens: srv_token.c); the page keeps
 * both. A game created with "ladder": true is open to the ladder: each person's seat
 * signs with a name and its secret over the WebSocket ({"type": "sign"}), before that
 * seat's first turn begins (the seat that opens the game: before the first move), so
 * that nobody signs only once ahead. When the game is over and its last move durable
 * (srv_host.c calls srv_ladder_finished), it is rated once: every person's seat signed
 * by a distinct name, each computer seat by its kind's row (SRV_LADDER_COMPUTERS), Elo
 * pairwise over the final scores (srv_elo.c), in one transaction of the store keyed by
 * the game (srv_ladder_store.h: a game is never rated twice). A game with a person's
 * seat unsigned is closed unrated. A game over whose rating the process did not live
 * to write is rated at the next start (srv_ladder_catch_up).
 *
 * Nothing here reads a running game's hidden state: the ladder shows names, and the
 * final scores once the game is over.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "srv_int.h"

/* {"error": message} (caller frees). */
static char *ladder_error(const char *message)
{
    strbuf b;
    sb_init(&b, 0);
    sb_puts(&b, "{\"error\":");
    sb_json_string(&b, message);
    sb_putc(&b, '}');
    return sb_take(&b);
}

/* The computer row a seat's player kind rates under, or NULL if it has none. */
static const char *ladder_computer_row(const char *spec)
{
    static const char *const rows[] = SRV_LADDER_COMPUTERS;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(spec, rows[i]) == 0)
            return rows[i];
    return NULL;
}

int srv_ladder_name_check(const char *name, char *err, size_t errsize)
{
    static const char *const reserved[] = {"human", "random", "greedy", "computer", "easy",
                                            "medium", "hard"};
    size_t n = strlen(name);
    if (n < SRV_LADDER_NAME_MIN || n > SRV_LADDER_NAME_MAX ||
        strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != n) {
        snprintf(err, errsize, "a name is %d to %d letters, digits, _ or - (no space or "
                 "accent)", SRV_LADDER_NAME_MIN, SRV_LADDER_NAME_MAX);
        return -1;
    }
    int taken = strncasecmp(name, "mcts", 4) == 0;  /* every mcts row's name begins so */
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        taken |= strcasecmp(name, reserved[i]) == 0;
    if (taken) {
        snprintf(err, errsize, "\"%s\" is a computer player's name: choose another", name);
        return -1;
    }
    return 0;
}

char *srv_ladder_create_player(srv_server *s, const char *addr, const char *body, size_t len,
                               int over, unsigned *status)
{
    srv_ladder_store *l = s->store->ladder;
    char name[SRV_LADDER_NAME_MAX + 1], err[SRV_ERR];
    char secret[2 * SRV_TOKEN_BYTES + 1], hash[SRV_HASH_HEX + 1];
    *status = 400;
    if (!l) {
        *status = 404;
        return ladder_error("this server keeps no ladder");
    }
    if (over) {
        *status = 413;
        snprintf(err, sizeof err, "request too large: at most %d bytes", SRV_MSG_MAX);
        return ladder_error(err);
    }
    if (srv_player_parse(body ? body : "", len, name, err, sizeof err) < 0 ||
        srv_ladder_name_check(name, err, sizeof err) < 0)
        return ladder_error(err);
    double wait = srv_rate_take(&s->name_rate, addr, s->opt->games_per_minute, srv_now());
    if (wait > 0) {
        *status = 429;
        snprintf(err, sizeof err, "too many names made from this address: at most %d a "
                 "minute; try again in %.0f s", s->opt->games_per_minute,
                 wait < 1 ? 1 : wait + 0.5);
        return ladder_error(err);
    }
    if (srv_random_hex(secret, SRV_TOKEN_BYTES) < 0) {
        *status = 500;
        return ladder_error("no randomness for a secret");
    }
    srv_token_hash(secret, hash);
    int rc = l->create_player(l, name, hash, (int64_t)time(NULL));
    if (rc != 0) {
        *status = rc > 0 ? 409 : 500;
        if (rc > 0)
            snprintf(err, sizeof err, "the name \"%s\" is taken (names are the same whatever "
                     "their case): choose another", name);
        else
            srv_log(s, "ladder: %s", l->err);
        return ladder_error(rc > 0 ? err : "the name could not be kept: try again");
    }
    srv_log(s, "ladder: player %s made", name);
    strbuf b;
    sb_init(&b, 0);
    sb_puts(&b, "{\"name\":");
    sb_json_string(&b, name);
    sb_printf(&b, ",\"secret\":\"%s\",\"rating\":%d}", secret, SRV_LADDER_START);
    *status = 201;
    return sb_take(&b);
}

/* A seat's members (without braces). */
static void ladder_seat_json(strbuf *b, const srv_ladder_seat *x, int rated)
{
    sb_printf(b, "\"seat\":%d,\"name\":", x->seat);
    sb_json_string(b, x->name);
    sb_printf(b, ",\"computer\":%s", x->computer ? "true" : "false");
    if (rated)
        sb_printf(b, ",\"rank\":%d,\"before\":%d,\"after\":%d", x->rank, x->before, x->after);
}

/* A ladder game's seats as JSON: {["type":"ladder",]"game","rated","k","seats"};
 * NULL if it is not a ladder game (*missing = 1) or on a failure. */
static char *ladder_game_json(srv_server *s, const char *id, int frame, int *missing)
{
    srv_ladder_store *l = s->store->ladder;
    srv_ladder_seat seats[SRV_LADDER_SEATS];
    int n = 0, rated = 0, rc = l ? l->game(l, id, seats, &n, &rated) : 1;
    *missing = rc == 1;
    if (rc != 0) {
        if (rc < 0)
            srv_log(s, "ladder: game %s: %s", id, l->err);
        return NULL;
    }
    strbuf b;
    sb_init(&b, 0);
    sb_puts(&b, frame ? "{\"type\":\"ladder\",\"game\":" : "{\"game\":");
    sb_json_string(&b, id);
    sb_printf(&b, ",\"rated\":%s,\"closed\":%s,\"k\":%d,\"seats\":[",
              rated == 1 ? "true" : "false", rated == 2 ? "true" : "false", SRV_LADDER_K);
    for (int i = 0; i < n; i++) {
        sb_puts(&b, i ? ",{" : "{");
        ladder_seat_json(&b, &seats[i], rated == 1);
        sb_putc(&b, '}');
    }
    sb_puts(&b, "]}");
    return sb_take(&b);
}

/* Tells every session of gm its ladder seats. */
static void ladder_tell(srv_server *s, srv_game *gm)
{
    int missing;
    char *text = ladder_game_json(s, gm->id, 1, &missing);
    if (text)
        srv_ws_send_all(gm, text);
    free(text);
}

/* GET /api/ladder */
static char *ladder_list(srv_server *s, unsigned *status)
{
    srv_ladder_store *l = s->store->ladder;
    srv_ladder_player *rows;
    int n;
    if (l->players(l, SRV_LADDER_LIST_MAX, &rows, &n) < 0) {
        srv_log(s, "ladder: %s", l->err);
        *status = 500;
        return ladder_error("the ladder could not be read");
    }
    strbuf b;
    sb_init(&b, 0);
    sb_printf(&b, "{\"k\":%d,\"start\":%d,\"players\":[", SRV_LADDER_K, SRV_LADDER_START);
    for (int i = 0; i < n; i++) {
        sb_puts(&b, i ? ",{\"name\":" : "{\"name\":");
        sb_json_string(&b, rows[i].name);
        sb_printf(&b, ",\"rating\":%d,\"games\":%d,\"computer\":%s}", rows[i].rating,
                  rows[i].games, rows[i].computer ? "true" : "false");
    }
    sb_puts(&b, "]}");
    free(rows);
    *status = 200;
    return sb_take(&b);
}

/* GET /api/players/NAME */
static char *ladder_player(srv_server *s, const char *name, unsigned *status)
{
    srv_ladder_store *l = s->store->ladder;
    srv_ladder_player p;
    srv_ladder_game *games = NULL;
    int n = 0, rc = strlen(name) > SRV_LADDER_NAME_MAX ? 1 : l->player(l, name, &p);
    if (rc == 0 && l->history(l, p.name, SRV_LADDER_HISTORY_MAX, &games, &n) < 0)
        rc = -1;
    if (rc != 0) {
        if (rc < 0)
            srv_log(s, "ladder: %s", l->err);
        *status = rc > 0 ? 404 : 500;
        return ladder_error(rc > 0 ? "no such player on the ladder" : "the ladder could not be read");
    }
    strbuf b;
    sb_init(&b, 0);
    sb_puts(&b, "{\"name\":");
    sb_json_string(&b, p.name);
    sb_printf(&b, ",\"rating\":%d,\"games\":%d,\"computer\":%s,\"history\":[", p.rating, p.games,
              p.computer ? "true" : "false");
    for (int i = 0; i < n; i++) {
        const srv_ladder_game *g = &games[i];
        sb_printf(&b, "%s{\"game\":\"%s\",\"at\":%lld,\"record\":\"/api/games/%s/record\","
                  "\"replay\":\"/replay/%s\",\"seats\":[", i ? "," : "", g->id, (long long)g->at,
                  g->id, g->id);
        for (int k = 0; k < g->nseats; k++) {
            sb_puts(&b, k ? ",{" : "{");
            ladder_seat_json(&b, &g->seats[k], 1);
            sb_putc(&b, '}');
        }
        sb_puts(&b, "]}");
    }
    sb_puts(&b, "]}");
    free(games);
    *status = 200;
    return sb_take(&b);
}

int srv_ladder_get(srv_server *s, const char *uri, unsigned *status, char **body)
{
    const char *rest;
    int missing;
    if (strcmp(uri, "/api/ladder") == 0) {
        rest = NULL;
    } else if (strncmp(uri, "/api/players/", 13) == 0) {
        rest = uri + 13;
    } else {
        /* /api/games/ID/ladder: an id of 12 hex digits */
        if (strncmp(uri, "/api/games/", 11) != 0 || strlen(uri) != 11 + 12 + 7 ||
            strcmp(uri + 23, "/ladder") != 0)
            return 0;
        char id[2 * SRV_ID_BYTES + 1];
        memcpy(id, uri + 11, 12);
        id[12] = '\0';
        *body = srv_is_hex(id, 12) ? ladder_game_json(s, id, 0, &missing) : NULL;
        *status = *body ? 200 : missing || !srv_is_hex(id, 12) ? 404 : 500;
        if (!*body)
            *body = ladder_error(*status == 404 ? "not a ladder game" : "the ladder could not be read");
        return 1;
    }
    if (!s->store->ladder) {
        *status = 404;
        *body = ladder_error("this server keeps no ladder");
    } else {
        *body = rest ? ladder_player(s, rest, status) : ladder_list(s, status);
    }
    return 1;
}

int srv_ladder_check(const srv_server *s, const srv_create *req, char *err, size_t errsize)
{
    int people = 0;
    if (!s->store->ladder) {
        snprintf(err, errsize, "this server keeps no ladder: create the game without \"ladder\"");
        return -1;
    }
    for (int i = 0; i < req->players; i++) {
        if (srv_spec_is_human(req->spec[i])) {
            people++;
        } else if (!ladder_computer_row(req->spec[i])) {
            snprintf(err, errsize, "player %d \"%s\" has no ladder rating: a ladder game's "
                     "computers are easy, medium, hard, greedy or random", i,
                     req->spec[i]);
            return -1;
        }
    }
    if (!people) {
        snprintf(err, errsize, "a ladder game needs a person's seat");
        return -1;
    }
    return 0;
}

int srv_ladder_open(srv_server *s, const char *id, char *err, size_t errsize)
{
    srv_ladder_store *l = s->store->ladder;
    if (l->open_game(l, id, (int64_t)time(NULL)) < 0) {
        snprintf(err, errsize, "the game could not be opened to the ladder: %.160s", l->err);
        return -1;
    }
    return 0;
}

int srv_ladder_sign(srv_server *s, srv_game *gm, int seat, const char *name, const char *secret,
                    char *err, size_t errsize)
{
    srv_ladder_store *l = s->store->ladder;
    srv_ladder_seat seats[SRV_LADDER_SEATS];
    srv_ladder_player p;
    char hash[SRV_HASH_HEX + 1];
    int n = 0, rated = 0, rc;
    if (seat < 0) {
        snprintf(err, errsize, "spectators do not sign: a seat signs with its player's name");
        return -1;
    }
    srv_host_flush(s);  /* the ladder's writes never join the batch of moves */
    if (!l || (rc = l->game(l, gm->id, seats, &n, &rated)) > 0) {
        snprintf(err, errsize, "this game is not open to the ladder");
        return -1;
    }
    if (rc < 0 || (rc = l->player(l, name, &p)) < 0) {
        srv_log(s, "ladder: %s", l->err);
        snprintf(err, errsize, "the ladder could not be read: try again");
        return -1;
    }
    srv_token_hash(secret, hash);
    if (rc > 0 || p.computer || !srv_hash_equal(hash, p.hash)) {
        /* one message for both: it tells no guesser which names exist */
        snprintf(err, errsize, "no ladder player \"%s\" with that secret", name);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (seats[i].seat == seat) {
            if (strcmp(seats[i].name, p.name) == 0) {
                ladder_tell(s, gm);  /* signed already, by the same name: a page reloaded */
                return 0;
            }
            snprintf(err, errsize, "this seat is signed by %s already", seats[i].name);
            return -1;
        }
    if (carc_is_over(gm->g) || (gm->index > 0 && carc_turn(gm->g) > seat)) {
        snprintf(err, errsize, "too late to sign: a seat signs before its first turn");
        return -1;
    }
    if ((rc = l->sign(l, gm->id, seat, p.name)) != 0) {
        if (rc < 0)
            srv_log(s, "ladder: %s", l->err);
        if (rc > 0)
            snprintf(err, errsize, "%s signs another seat of this game already", p.name);
        else
            snprintf(err, errsize, "the seat could not be signed: try again");
        return -1;
    }
    srv_log(s, "ladder: game %s seat %d signed by %s", gm->id, seat, p.name);
    ladder_tell(s, gm);
    return 0;
}

void srv_ladder_finished(srv_server *s, srv_game *gm)
{
    srv_ladder_store *l = s->store->ladder;
    srv_ladder_seat signed_[SRV_LADDER_SEATS], seats[SRV_LADDER_SEATS];
    int n = 0, rated = 0, k = 0;
    int rating[SRV_LADDER_SEATS], score[SRV_LADDER_SEATS], delta[SRV_LADDER_SEATS],
        rank[SRV_LADDER_SEATS];
    if (!l || !carc_is_over(gm->g) || gm->durable < gm->index || gm->seats > SRV_LADDER_SEATS)
        return;
    int rc = l->game(l, gm->id, signed_, &n, &rated);
    if (rc != 0 || rated) {
        if (rc < 0)
            srv_log(s, "ladder: game %s: %s", gm->id, l->err);
        return;  /* not a ladder game, or rated already */
    }
    for (int i = 0; i < gm->seats; i++) {
        srv_ladder_seat *x = &seats[k];
        memset(x, 0, sizeof *x);
        x->seat = i;
        const char *row = ladder_computer_row(gm->spec[i]);
        if (srv_spec_is_human(gm->spec[i])) {
            for (int j = 0; j < n; j++)
                if (signed_[j].seat == i && !signed_[j].computer)
                    memcpy(x->name, signed_[j].name, sizeof x->name);
        } else if (row) {
            snprintf(x->name, sizeof x->name, "%s", row);
            x->computer = 1;
        }
        srv_ladder_player p;
        if (!x->name[0] || l->player(l, x->name, &p) != 0)
            break;  /* unsigned (or the row is gone): the game is not rated */
        rating[k] = p.rating;
        score[k] = carc_score(gm->g, i);
        k++;
    }
    if (k < gm->seats) {
        if (l->rate(l, gm->id, (int64_t)time(NULL), seats, 0) < 0)
            srv_log(s, "ladder: game %s: %s", gm->id, l->err);
        srv_log(s, "ladder: game %s over, not rated: seat %d is not signed", gm->id, k);
        ladder_tell(s, gm);
        return;
    }
    srv_elo_deltas(k, rating, score, SRV_LADDER_K, delta, rank);
    for (int i = 0; i < k; i++) {
        seats[i].delta = delta[i];
        seats[i].rank = rank[i];
    }
    rc = l->rate(l, gm->id, (int64_t)time(NULL), seats, k);
    if (rc < 0) {
        /* left unrated: the next start tries again (srv_ladder_catch_up) */
        srv_log(s, "ladder: game %s not rated: %s", gm->id, l->err);
        return;
    }
    if (rc == 0)
        srv_log(s, "ladder: game %s rated", gm->id);
    ladder_tell(s, gm);
}

void srv_ladder_catch_up(srv_server *s)
{
    srv_ladder_store *l = s->store->ladder;
    char **ids;
    int n;
    if (!l)
        return;
    if (l->unrated(l, &ids, &n) < 0) {
        srv_log(s, "ladder: %s", l->err);
        return;
    }
    for (int i = 0; i < n; i++) {
        int why;
        srv_game *gm = srv_host_find(s, ids[i], &why);
        if (!gm)
            continue;  /* another process holds it: it rates it */
        srv_ladder_finished(s, gm);
        srv_host_evict_if_idle(s, gm);
    }
    srv_strings_free(ids, n);
}

void srv_ladder_rematch(srv_server *s, const char *from, const char *to)
{
    srv_ladder_store *l = s->store->ladder;
    srv_ladder_seat seats[SRV_LADDER_SEATS];
    int n, rated;
    char err[SRV_ERR];
    if (!l || l->game(l, from, seats, &n, &rated) != 0)
        return;  /* not a ladder game */
    if (srv_ladder_open(s, to, err, sizeof err) < 0) {
        srv_log(s, "ladder: rematch %s: %s", to, err);
        return;
    }
    /* the same tokens open the same seats: each person's seat is signed by the name that
     * signed it before (its page signing again with that name is accepted) */
    for (int i = 0; i < n; i++)
        if (!seats[i].computer && l->sign(l, to, seats[i].seat, seats[i].name) < 0)
            srv_log(s, "ladder: rematch %s: %s", to, l->err);
}
