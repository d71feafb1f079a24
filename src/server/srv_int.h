/*
 * srv_int.h - what the files of the server share. One file per job:
 *   server.c           libwebsockets: the context, its one protocol's callback, the
 *                      service loop until the stop flag (srv_run); the clock, the
 *                      bounded log; descriptors in reserve
 *   srv_host.c         hosting the live games: find or load one (claimed from the
 *                      store: one owner per game), what follows a change, group
 *                      commit per service pass, idle games out of memory, expiry,
 *                      computer seats' decisions out and their answers back
 *   srv_http.c         HTTP routes: the JSON API and the static pages; security
 *                      headers; the replays' limits and answers; the client's address
 *   srv_ws.c           WebSocket sessions: joining a seat (or waiting for a game another
 *                      process holds), moves in, frames out, close codes
 *   srv_game.c         one live game: create, rebuild from its log, moves, frames
 *   srv_replay.c       a record played again step by step: POST /api/replay (on the
 *                      replay worker's thread), and the history a session gets
 *   srv_registry.c     the live games by id
 *   srv_bots.c         computer seats thinking on worker threads, earliest deadline
 *                      first, long searches kept off one worker
 *   srv_frame_pool.c   state frames: shared, counted; written by a pool of threads
 *   srv_frame_write.c  writing a frame: the full state, or a delta from the one before
 *   srv_msg.c          parsing what clients send (strict, capped)
 *   srv_token.c        ids, seat tokens, their hashes
 *   srv_rate.c         games created per address (a token bucket each)
 *   srv_unjoined.c     games created per address that nobody joined yet (a cap)
 *   srv_conns.c        open connections per peer address (a cap at accept)
 *   srv_sqlite.c       the SQLite store (srv_store.h)
 *   srv_pg.c           the PostgreSQL store (srv_store.h); srv_store_open picks one
 *   srv_openlog.c      the SQLite store's moves of every unfinished game in memory
 *                      (srv_openlog.h)
 *   srv_ladder.c       the ladder (issue 32): players' names and secrets, ladder games,
 *                      seats signed, games rated once they are over, its API's answers
 *   srv_elo.c          the ladder's rating formula
 *   srv_ladder_sqlite.c, srv_ladder_pg.c  the ladder's tables in each store
 *                      (srv_ladder_store.h; srv_ladder_store.c: what both share)
 *   srv_clock.c        the seats' clocks of a game: deadlines, their text in the store
 *   srv_absent.c       clocks run out, absent seats voted out, seats taken back: a
 *                      computer plays a seat meanwhile; the clock frame
 *   srv_undo.c         undo by agreement: a seat's last move taken back once every
 *                      other person accepts; the undo frame
 *
 * Threads: everything here runs on the service thread except the inside of
 * srv_bots.c, whose workers see only copies of one seat's view, the inside of
 * srv_frame_pool.c, whose workers write frames from immutable copies of a game's
 * state (srv_frame_write, of srv_frame_write.c, which touches only its arguments)
 * and touch nothing else, and the two replay workers of srv_replay.c (POST
 * /api/replay; the sessions' histories), which play a record they were handed (their
 * own copy) and hand the answer back.
 */
#ifndef CARC_SRV_INT_H
#define CARC_SRV_INT_H

#include <libwebsockets.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "carc.h"
#include "carc_record.h"
#include "server.h"
#include "srv_ladder_store.h"
#include "srv_store.h"

enum {
    SRV_ID_BYTES = 6,         /* game ids: 12 hex digits */
    SRV_REMATCH_KEEP = 256,   /* rematches remembered (srv_host_rematch) */
    SRV_TOKEN_BYTES = 16,     /* seat tokens: 128 bits, 32 hex digits */
    SRV_HASH_HEX = 64,        /* SHA-256 of a token, in hex */
    SRV_MSG_MAX = 4096,       /* the largest message or request body accepted */
    SRV_RECORD_MAX = 262144,  /* the largest record POST /api/replay accepts */
    /* Request headers: libwebsockets keeps a request's headers in a buffer of
     * SRV_HEADER_BUFFER bytes per connection reading them, and closes one that overflows
     * it without a status; the server answers 431 above SRV_HEADER_MAX bytes (what
     * libwebsockets knows of them: srv_http_headers_size), so that every request the
     * buffer holds gets a status. */
    SRV_HEADER_MAX = 4096,
    SRV_HEADER_BUFFER = 16384,
    SRV_SPEC_MAX = 16,        /* "mcts:60000" fits */
    SRV_SEATS = CARC_MAX_PLAYERS,
    SRV_ERR = 256
};

/* ---- srv_token.c ------------------------------------------------------------ */

/* Writes 2*nbytes hex digits of getrandom() output and a NUL; 0, or -1. */
int srv_random_hex(char *out, size_t nbytes);
/* A random seed below 2^53 (so that JavaScript reads it exactly); 0 on failure. */
uint64_t srv_random_seed(void);
/* SHA-256 of token as 64 hex digits and a NUL. */
void srv_token_hash(const char *token, char out[SRV_HASH_HEX + 1]);
/* 1 if the two hashes are equal, comparing every byte whatever differs (no timing
 * hint of how much of a guess was right). */
int srv_hash_equal(const char *a, const char *b);
/* 1 if s is exactly n lowercase hex digits. */
int srv_is_hex(const char *s, size_t n);

/* ---- srv_msg.c ---------------------------------------------------------------- */

enum srv_msg_type { SRV_MSG_MOVE = 1, SRV_MSG_SYNC, SRV_MSG_CHAT, SRV_MSG_REMATCH, SRV_MSG_SIGN,
                    SRV_MSG_VOTE, SRV_MSG_BACK, SRV_MSG_UNDO, SRV_MSG_UNDO_ANSWER };

/* Chat: a message holds 1 to SRV_CHAT_MAX bytes of UTF-8 without control characters;
 * a session may send SRV_CHAT_BURST at once, then one every SRV_CHAT_EVERY seconds;
 * a session opening gets the last SRV_CHAT_KEEP of its game. */
enum { SRV_CHAT_MAX = 280, SRV_CHAT_BURST = 5, SRV_CHAT_EVERY = 3, SRV_CHAT_KEEP = 100 };

/* A client message: {"type": "move", "index": N, "move": "..."},
 * {"type": "state"} (send me the current state), {"type": "chat", "text": "..."},
 * {"type": "rematch"} (a seat of a finished game asks for the same game again),
 * {"type": "sign", ...} (a ladder seat signed, below), {"type": "vote", "seat": S} (hand the absent seat S to a computer player) or
 * {"type": "back"} (a seat a computer plays is taken back by its owner),
 * {"type": "undo", "index": N} (the seat asks to take back its last move, the one
 * before index N) or {"type": "undo_answer", "index": N, "accept": B} (another seat's
 * answer to that request: srv_undo.c). */
typedef struct srv_msg {
    int type;
    long index;
    int seat;            /* "vote" */
    int accept;          /* "undo_answer": 1 accepted, 0 refused */
    char move[CARC_NOTATION_MAX];
    char text[SRV_CHAT_MAX + 1];
    /* {"type": "sign", "name": NAME, "secret": SECRET}: a ladder game's seat signed
     * with a player's name (srv_ladder.c) */
    char name[SRV_LADDER_NAME_MAX + 1];
    char secret[2 * SRV_TOKEN_BYTES + 1];
} srv_msg;

/* Parses one WebSocket message. 0, or -1 with one line in err naming what is wrong
 * (out->type SRV_MSG_CHAT when it was a chat message refused). */
int srv_msg_parse(const char *buf, size_t len, srv_msg *out, char *err, size_t errsize);
/* The same through a JSON tree only (srv_msg_parse reads the usual move message
 * without one): for the fuzz target, which checks that both agree. */
int srv_msg_parse_json(const char *buf, size_t len, srv_msg *out, char *err, size_t errsize);

/* ---- srv_clock.c ---------------------------------------------------------------- */

/* A game's clocks: none, real-time (a bank per seat, an increment per decision) or
 * turn-based (a time for each decision). */
enum { SRV_CLOCK_NONE = 0, SRV_CLOCK_LIVE = 1, SRV_CLOCK_TURN = 2 };
/* Real-time: a seat taken back by its owner has at least this much (or `move`). */
#define SRV_CLOCK_BACK_MS 60000
/* The limits of a clock a game may be created with (POST /api/games "clock"). */
#define SRV_CLOCK_START_MAX 86400   /* real-time: seconds to start with */
#define SRV_CLOCK_MOVE_MAX 3600     /* real-time: seconds a decision adds */
#define SRV_CLOCK_HOURS_MAX 720     /* turn-based: hours a decision may take */
/* The text of a clock in the store: "1" and the numbers below, at most this long. */
enum { SRV_CLOCK_TEXT = 64 + 21 * SRV_SEATS };

typedef struct srv_clock {
    int kind;            /* SRV_CLOCK_* */
    int64_t start_ms;    /* real-time: each seat's time at the start */
    int64_t move_ms;     /* real-time: added per decision; turn-based: the time of one */
    int index;           /* the game's index this state is of (-1: not started) */
    int running;         /* the seat whose clock runs, -1: none */
    int64_t deadline;    /* unix ms: when the running seat's time is up */
    int64_t left[SRV_SEATS];  /* ms left of the seats whose clock does not run */
    unsigned away;       /* seats a computer plays (time ran out, or voted out) */
} srv_clock;

void srv_clock_init(srv_clock *c, int kind, int64_t start_ms, int64_t move_ms);
/* The game is at `index` and `seat` is the seat to time (a seat of people whose
 * decision is pending, and not away), -1 for none: a new index ends the running
 * seat's decision (its increment added), then starts seat's. */
void srv_clock_turn(srv_clock *c, int index, int seat, int64_t now);
/* Milliseconds seat has left at `now` (0 once its time is up). */
int64_t srv_clock_left(const srv_clock *c, int seat, int64_t now);
/* The running seat whose time is up at `now`, or -1. */
int srv_clock_expired(const srv_clock *c, int64_t now);
/* Seat is played by a computer from now on (its clock stops), or taken back by its
 * owner (with at least SRV_CLOCK_BACK_MS, or one decision's time). */
void srv_clock_hand_over(srv_clock *c, int seat, int64_t now);
void srv_clock_take_back(srv_clock *c, int seat, int64_t now);
/* The text kept in the store for the first `seats` seats; 0, or -1 if size is short. */
int srv_clock_write(const srv_clock *c, int seats, char *out, size_t size);
/* The game went back to `index` (undo by agreement) and `seat` is the seat to time
 * now (-1: none): the running clock stops without an increment, then seat's runs from
 * what it has left (turn-based: the whole time of a decision). */
void srv_clock_undo(srv_clock *c, int index, int seat, int64_t now);
/* Reads it back; 0, or -1 (c zeroed) if it is not a clock's text. */
int srv_clock_read(srv_clock *c, int seats, const char *text);
/* The lobby's real-time presets, "fast", "normal" and "slow": 0 and c set, or -1. */
int srv_clock_preset(const char *name, srv_clock *c);

/* A request to create a game (POST /api/games). */
typedef struct srv_create {
    int players;
    char spec[SRV_SEATS][SRV_SPEC_MAX];  /* "human", "random", "greedy", "mcts", "mcts:MS" */
    unsigned expansions;
    int has_seed;
    uint64_t seed;
    /* a rematch: the seats' token hashes of the game before (a seat's token opens its
     * seat in both), NULL for new tokens */
    const char (*hashes)[SRV_HASH_HEX + 1];
    int ladder;  /* "ladder": true: open to the ladder (srv_ladder.c) */
    srv_clock clock;     /* "clock": kind SRV_CLOCK_NONE without one */
} srv_create;

int srv_create_parse(const char *buf, size_t len, srv_create *out, char *err, size_t errsize);
/* Checks a player spec; 0, or -1 with a message. */
int srv_spec_check(const char *spec, char *err, size_t errsize);
int srv_spec_is_human(const char *spec);
/* POST /api/players's body, {"name": NAME}: the name (its characters not checked yet:
 * srv_ladder_name_check). 0, or -1 with err. */
int srv_player_parse(const char *buf, size_t len, char name[SRV_LADDER_NAME_MAX + 1],
                     char *err, size_t errsize);

/* ---- srv_frame_pool.c --------------------------------------------------------------- */

/* What a frame's view holds, kept for the next delta frame (srv_frame_write.c): the
 * number of tiles on the board and a hash of every other top-level member
 * ("key":value) of the view's JSON. */
enum { SRV_PARTS = 32 };
typedef struct srv_parts {
    int ok;            /* 1: known; 0: unknown (unwritten, not kept, out of memory):
                        * a delta from here carries the whole view; -1 before writing:
                        * keep them (srv_frame_write) */
    int board;         /* tiles on the board */
    int n;
    uint64_t h[SRV_PARTS];
} srv_parts;

/* A state frame, shared by the game's cache and every session it is queued for.
 * buf holds LWS_PRE bytes for libwebsockets, then the frame's len bytes and a NUL;
 * buf is NULL until the frame is written (srv_frame_pool_drain) or if writing it ran
 * out of memory. refs is touched on the service thread only. */
typedef struct srv_frame {
    int refs;
    size_t len;
    unsigned char *buf;
    srv_parts parts;   /* written with buf */
    unsigned epoch;    /* the pool's epoch it was queued in (srv_frame_pool_epoch); 0:
                        * written on the service thread */
} srv_frame;

/* A new frame holding a copy of text (NULL text: an unwritten frame); refs = 1.
 * NULL on out of memory. */
srv_frame *srv_frame_new(const char *text);
void srv_frame_unref(srv_frame *f);

/* An immutable copy of a game's state at one index, shared by the jobs that write
 * its frames (refs on the service thread only). */
typedef struct srv_snap {
    int refs;
    carc_game *g;
} srv_snap;

typedef struct srv_frame_pool srv_frame_pool;

/* Starts `workers` threads (0: the service thread writes every frame itself, in
 * srv_frame_pool_drain). NULL on failure. */
srv_frame_pool *srv_frame_pool_new(int workers);
/* A snapshot of g (a copy, refs = 1); NULL on out of memory. */
srv_snap *srv_frame_pool_snap(srv_frame_pool *p, const carc_game *g);
void srv_frame_pool_snap_unref(srv_frame_pool *p, srv_snap *s);
/* Queues the writing of f (unwritten) from snap, as a delta from base unless base is
 * NULL (srv_frame_write); takes a reference to each. base must be written before the
 * job runs: not queued in the current epoch (srv_frame_pool_epoch). Sets f->epoch.
 * 0, or -1 (out of memory: nothing queued). */
int srv_frame_pool_submit(srv_frame_pool *p, srv_frame *f, srv_snap *snap, const char *id,
                          int index, int seat, srv_frame *base);
/* The current epoch (>= 1): it moves on at every drain, so a frame queued in an
 * earlier epoch is written. */
unsigned srv_frame_pool_epoch(const srv_frame_pool *p);
/* Writes the queued frames that no worker has started (on the calling service
 * thread), waits for the others: on return every submitted frame is written (or
 * failed), and visible to the caller. */
void srv_frame_pool_drain(srv_frame_pool *p);
/* Drains, stops the workers and frees everything (NULL is harmless). */
void srv_frame_pool_free(srv_frame_pool *p);

/* ---- srv_frame_write.c -------------------------------------------------------------- */

/* Writes into f (unwritten) the frame of game `id` at `index` for seat (-1: a
 * spectator) from g, the full state: the seat's view is made in `view` (scratch,
 * allocated by the caller). base NULL: a full state frame; else a delta frame from
 * the view base holds (a frame of the same seat at index - 1, written: its parts are
 * read). f->parts are filled for a delta, and for a full frame if f->parts.ok < 0 on
 * entry (else left unknown). Touches nothing but its arguments, so any thread may
 * call it. On out of memory f stays unwritten (srv_frame_write.c). */
void srv_frame_write(srv_frame *f, const char *id, int index, const carc_game *g, int seat,
                     carc_game *view, const srv_frame *base);

/* ---- srv_game.c --------------------------------------------------------------------- */

typedef struct srv_conn srv_conn;

typedef struct srv_game {
    char id[2 * SRV_ID_BYTES + 1];
    int seats;
    char spec[SRV_SEATS][SRV_SPEC_MAX];
    char hash[SRV_SEATS][SRV_HASH_HEX + 1];  /* "" for a computer seat */
    char expansions[CARC_EXPANSIONS_NAME_SIZE];  /* carc_expansions_name */
    uint64_t seed;
    int64_t created;
    carc_game *g;        /* the full state: read only here and in frames built from views */
    carc_game *next;     /* scratch: a move is tried here first */
    carc_game *view;     /* scratch for carc_view */
    carc_recorder *rec;
    char owner[64];      /* the address that created it here ("": loaded from the
                          * store): its computers' share of the workers, and the cap
                          * on its games of computers only (--bot-games-per-ip) */
    int people;          /* seats of people */
    int index;           /* moves applied = the index the next move must name */
    int durable;         /* moves committed (<= index): frames of a later state wait */
    int bot_index;       /* index a computer is thinking about, -1 if none */
    double touched;      /* last move or session change (seconds, monotonic): idle eviction */
    double taken;        /* when this process took it over from the store (0: it created
                          * it): a game is handed on at most once per SRV_HAND_OVER_HOLD */
    srv_frame *frames[SRV_SEATS + 1];  /* frames of the current index; [SRV_SEATS] =
                                        * spectator; written, or queued (srv_frame_pool.c) */
    srv_frame *deltas[SRV_SEATS + 1];  /* delta frames of the current index, from base */
    srv_frame *base[SRV_SEATS + 1];    /* a frame (full or delta) of index - 1 per slot,
                                        * kept while a delta session of the seat is
                                        * there (else NULL): deltas start there */
    srv_snap *snap;      /* the state of the current index shared by its queued frames */
    srv_frame *history[SRV_SEATS + 1];  /* the history frame of the current index per
                                         * seat ([SRV_SEATS]: spectators), made once
                                         * for every session that opens (issue 22, H2) */
    int history_job[SRV_SEATS + 1];     /* 1 + the index whose history the replay
                                         * worker is making for the slot, 0: none */
    srv_conn *conns;     /* WebSocket sessions on this game */
    struct srv_game *hnext;  /* registry chain */
    /* issue 32: clocks and absent seats (srv_absent.c) */
    srv_clock clock;     /* the seats' clocks, and the seats a computer plays */
    int clock_kept;      /* the store has a clock row of this game */
    double seen[SRV_SEATS];  /* monotonic: a seat's last session left (0: never here) */
    double decided;      /* monotonic: the pending decision began (or the game loaded) */
    int absent_index;    /* the index `decided` is of */
    unsigned votes;      /* seats that voted to hand the absent seat to a computer */
    int told_absent;     /* the absent seat the sessions were last told of, -1 */
    int clock_told;      /* a clock frame was sent: every change is told from then on */
    /* issue 32: undo by agreement (srv_undo.c) */
    int last_seat;       /* the seat that made the last move (index - 1), -1: none */
    int last_bot;        /* a computer made it (a computer seat, or one playing a seat
                          * of people for now): nobody may ask to take it back */
    int undo_seat;       /* the seat asking to take its last move back, -1: no request */
    int undo_index;      /* the game's index when it asked (the move is index - 1) */
    unsigned undo_yes;   /* the seats that accepted */
    double undo_until;   /* monotonic: the request lapses then */
} srv_game;

/* Creates a game from a request, stores its row, and writes the seat tokens (""
 * for computer seats). NULL with err on failure (nothing stored). */
srv_game *srv_game_create(const srv_create *req, srv_store *st,
                          char tokens[SRV_SEATS][2 * SRV_TOKEN_BYTES + 1], char *err,
                          size_t errsize);
/* Rebuilds a game from the store by replaying its log. NULL with *missing = 1 if
 * there is no such game, 2 if it expired, NULL with err if it does not replay. */
srv_game *srv_game_load(srv_store *st, const char *id, int *missing, char *err,
                        size_t errsize);
void srv_game_free(srv_game *gm);
/* The seat whose token this is, or -1 (constant time over the seats). */
int srv_game_seat_of(const srv_game *gm, const char *token);
/* Plays a move for `seat` answering `index`: validated, committed to the store, then
 * applied. 0, or -1 with err (the game unchanged). */
int srv_game_move(srv_game *gm, srv_store *st, int seat, long index, const carc_move *m,
                  char *err, size_t errsize);
int srv_game_move_text(srv_game *gm, srv_store *st, int seat, long index, const char *text,
                       char *err, size_t errsize);
/* Puts the state of `from` (a game loaded anew from the store) into gm, keeping gm's
 * sessions, and frees `from`: after a failed commit, gm is back where its log is. */
void srv_game_take_state(srv_game *gm, srv_game *from);
/* The state frame of the current index for seat (-1: a spectator), built once per
 * index and owned by the game (take a reference to keep it). NULL on out of memory. */
srv_frame *srv_game_frame(srv_game *gm, int seat);
/* The same, but unless it is built already it is only queued in pool, to be written
 * by srv_frame_pool_drain: the caller must not read it before (its sessions hold it until
 * the commit, which drains first). NULL pool: srv_game_frame. */
srv_frame *srv_game_frame_queued(srv_game *gm, int seat, srv_frame_pool *pool);
/* The delta frame of the current index for seat, from the frame of index - 1 (built
 * once per index, owned by the game; queued in pool as srv_game_frame_queued does
 * if pool and queue, else written at once). NULL if the game has no frame of that
 * seat at index - 1 (the session then gets the full frame) or on out of memory. */
srv_frame *srv_game_delta(srv_game *gm, int seat, srv_frame_pool *pool, int queue);
/* The public summary JSON (caller frees). */
char *srv_game_summary(const srv_game *gm);
/* The record JSON once the game is over (caller frees), else NULL. */
char *srv_game_record(const srv_game *gm);
/* The computer seat that owes the pending decision (a seat of people a computer
 * plays for now included: srv_absent.c), or -1. */
int srv_game_bot_seat(const srv_game *gm);
/* The computer player of a seat: its spec, or "greedy" for a seat of people a
 * computer plays for now. */
const char *srv_game_bot_spec(const srv_game *gm, int seat);
/* {"type":"error","index":N,"message":...} (caller frees). */
char *srv_error_frame(long index, const char *message);

/* ---- srv_replay.c -------------------------------------------------------------------- */

/* {"steps":[{"events","move","view"}...]}: the record `text` played again, the public
 * view after the start and after each move (caller frees); NULL with err set if the
 * text is no record or a move is refused. */
char *srv_replay_json(const char *text, char *err, size_t errsize);
/* {"type":"history","index":N,"steps":[{"events","scores","turn"}...]}: the game so far,
 * the start and every move, as seat (-1: a spectator) saw it (caller frees); NULL on
 * out of memory. */
char *srv_history_frame(const srv_game *gm, int seat);
/* The same from the game's record text at `index` (any thread: the replay worker). */
char *srv_history_from_record(const char *text, int index, int seat);

/* The replay worker (one thread): POST /api/replay's records played again off the
 * service thread. A job is handed over whole; the thread writes json (or err) and
 * posts it back, then wakes the service thread (wake(arg)); `conn` is the request
 * waiting for it, read and cleared only on the service thread (NULL: it closed). */
typedef struct srv_replay_job {
    struct srv_replay_job *next;
    char *text;       /* the record (the job owns it) */
    char *json;       /* the answer, or NULL with err */
    char err[SRV_ERR];
    struct srv_conn *conn;  /* POST /api/replay's request */
    char addr[64];    /* its client, once the request closed while the job was on */
    int counted;      /* it counts among that address's replays in progress */
    /* a session's history frame (srv_ws.c): the game, its index, the seat (-1: a
     * spectator) */
    int history;
    char game[2 * SRV_ID_BYTES + 1];
    int index, seat;
} srv_replay_job;
typedef struct srv_replays srv_replays;
srv_replays *srv_replays_new(void (*wake)(void *), void *arg);
void srv_replays_submit(srv_replays *r, srv_replay_job *job);
/* One finished job, or NULL. */
srv_replay_job *srv_replays_take(srv_replays *r);
/* Stops the thread (after the job it is on) and frees every job. */
void srv_replays_free(srv_replays *r);
void srv_replay_job_free(srv_replay_job *j);

/* ---- srv_registry.c ------------------------------------------------------------------ */

typedef struct srv_registry {
    srv_game *bucket[1024];
    size_t count;
} srv_registry;

srv_game *srv_registry_find(srv_registry *r, const char *id);
void srv_registry_add(srv_registry *r, srv_game *gm);
/* Takes a game out (the caller then owns it). */
void srv_registry_remove(srv_registry *r, srv_game *gm);
/* Frees every game. */
void srv_registry_clear(srv_registry *r);

/* ---- srv_bots.c ------------------------------------------------------------------- */

typedef struct srv_bots srv_bots;

/* Starts `workers` threads for searches and one for the quick players (random,
 * greedy); a budget over max_ms is cut to it; wake(arg) is called from a worker after
 * it posts a result (lws_cancel_service). NULL on failure. */
srv_bots *srv_bots_new(int workers, int max_ms, void (*wake)(void *), void *arg);
/* Queues a decision: the player `spec` chooses for `view` (copied). waited_on: a
 * person plays in the game (its searches go before those of games of computers
 * only); addr: the game's creator (searches are shared fairly between addresses).
 * 0 or -1. */
int srv_bots_submit(srv_bots *b, const char *game_id, int index, const char *spec,
                    uint64_t seed, const carc_game *view, int waited_on, const char *addr);
/* Takes one posted result; 1 if there was one. */
int srv_bots_take(srv_bots *b, char game_id[2 * SRV_ID_BYTES + 1], int *index,
                  carc_move *m, int *ok);
/* Stops the workers and frees everything; a search still under way after a second
 * is left to the process's exit (with b). */
void srv_bots_free(srv_bots *b);
/* A player's time budget a decision in ms ("mcts" 100, "mcts:MS" MS, else 0). */
int srv_spec_budget_ms(const char *spec);

/* ---- srv_rate.c ------------------------------------------------------------------------ */

typedef struct srv_rate {
    struct srv_rate_entry *e;
    int n, cap;
} srv_rate;

/* Takes one game creation for addr at time `now` (seconds, monotonic) with a budget of
 * per_minute (>= 1): 0 if allowed, else the seconds until it would be (> 0). */
double srv_rate_take(srv_rate *r, const char *addr, int per_minute, double now);
void srv_rate_free(srv_rate *r);

/* ---- srv_unjoined.c --------------------------------------------------------------------- */

typedef struct srv_unjoined {
    struct srv_unjoined_entry *e;
    int n, cap;
} srv_unjoined;

/* The games addr created within the last `window` seconds that no session joined
 * here (older entries are forgotten). */
int srv_unjoined_count(srv_unjoined *u, const char *addr, double now, double window);
void srv_unjoined_add(srv_unjoined *u, const char *addr, const char *id, double now);
/* A session of game id opened: it is joined. */
void srv_unjoined_joined(srv_unjoined *u, const char *id);
void srv_unjoined_free(srv_unjoined *u);

/* ---- srv_conns.c -------------------------------------------------------------------------- */

typedef struct srv_conns {
    uint32_t *peer;  /* [fd]: the IPv4 peer it was accepted from (network order), 0: none */
    int cap, high;
} srv_conns;

/* The IPv4 peer of socket fd (network order) and its text in addr; 0 (addr "") if it
 * is none. */
uint32_t srv_conns_peer(int fd, char *addr, size_t size);
/* A connection accepted on fd from peer: 0 if the peer held fewer than max
 * connections (it is now counted), else -1 (the caller closes it). */
int srv_conns_admit(srv_conns *t, int fd, uint32_t peer, int max);
void srv_conns_free(srv_conns *t);

/* ---- the server (server.c, srv_host.c, srv_http.c, srv_ws.c) ----------------------- */

struct lws;
struct lws_context;

typedef struct srv_ip {
    char addr[64];
    int conns;
} srv_ip;

typedef struct srv_server {
    const srv_options *opt;
    struct lws_context *ctx;
    srv_store *store;
    srv_registry reg;
    srv_bots *bots;
    srv_frame_pool *pool;  /* the threads that write frames of moves in a batch */
    srv_ip *ips;
    int nips, capips;
    char web[4096];
    /* group commit (srv_host.c): the games that moved in this service pass (their
     * moves are in the store's open batch; their frames wait for its commit) */
    int batch;  /* a pass is open (srv_host_pass_begin) */
    char (*moved)[2 * SRV_ID_BYTES + 1];
    int nmoved, capmoved;
    int failed;  /* the store failed and a game could not be reloaded: stop */
    int released;  /* stopping: every claim was let go (srv_host_release_all) */
    srv_rate rate;       /* games created per address (srv_rate.c) */
    srv_unjoined unjoined;  /* games created per address nobody joined (srv_unjoined.c) */
    srv_conns conns;     /* open connections per peer (srv_conns.c) */
    lws_sorted_usec_list_t tick;  /* wakes the loop every second (server.c) */
    double next_sweep;   /* when to look for idle games again (srv_host_sweep_idle) */
    double next_expiry;  /* when to look for abandoned games again (--expire-days) */
    int fd_limit, fd_reserve;  /* descriptors: the process's limit, those kept back */
    int fd_full;         /* new connections are closed: told once (server.c) */
    /* POST /api/replay (srv_http.c): the worker, the replays in progress per address
     * and in all, and a rate per address */
    srv_replays *replays;
    srv_replays *histories;  /* a second worker: the sessions' histories, never queued
                              * behind replays */
    srv_ip *rips;
    int nrips, caprips, nreplays;
    srv_rate replay_rate;
    /* WebSocket sessions waiting for a game another process holds (srv_ws.c) */
    struct srv_conn **waiting;
    int nwait, capwait;
    double next_retry;
    /* the last SRV_REMATCH_KEEP rematches made (srv_host_rematch): a game's id and its
     * rematch's, a ring; in memory only, not kept over a restart */
    char rematch[SRV_REMATCH_KEEP][2][2 * SRV_ID_BYTES + 1];
    int nrematch;
    srv_rate name_rate;  /* ladder names made per address (srv_ladder.c) */
    double next_clock;   /* when to look at the clocks and absent seats again (srv_absent.c) */
    double next_undo;    /* when to look for undo requests whose time is up (srv_undo.c) */
} srv_server;

/* Per-connection data (HTTP or WebSocket). */
struct srv_conn {
    struct lws *wsi;
    int is_ws;
    /* HTTP */
    char uri[512];
    int post;              /* 1: POST /api/games, 2: POST /api/replay */
    char *body;
    size_t body_len;
    int body_over;
    double deadline;       /* the request's headers and body must be in by then; its
                            * answer must be sent by then once it has started */
    srv_replay_job *job;   /* POST /api/replay: the worker's job it waits for */
    char *answer;          /* an answer written a piece per writable callback */
    size_t answer_len, answer_off;
    unsigned answer_status;
    int answer_started;    /* its headers are written */
    int replay_counted;    /* counted in s->rips and s->nreplays */
    /* WebSocket */
    srv_game *game;
    int seat;              /* -1: spectator */
    int delta;             /* asked for delta frames (?frames=delta) */
    int sent;              /* the index of the last state frame queued, -1: none (or
                            * dropped): the next is a full frame */
    srv_conn *next;        /* in game->conns */
    struct srv_out *out, *out_tail;
    int nout;
    char *rx;
    size_t rx_len;
    int rx_over;
    char addr[64];
    int counted;
    int closing;           /* 1: refused, 2: dropped (too slow), 3: its game was handed
                            * to another process (srv_ws_hand_over) */
    int hist_wait;         /* joined, waiting for its history (the replay worker):
                            * it is sent nothing before */
    /* a session waiting for a game another process holds (srv_ws_retry) */
    int waiting;
    char wait_id[2 * SRV_ID_BYTES + 1];
    char wait_token[2 * SRV_TOKEN_BYTES + 1];  /* its token ("": a spectator) */
    double wait_until;
    double chat_tokens;    /* chat messages this session may still send now */
    double chat_at;        /* when chat_tokens was last refilled */
};

/* ---- server.c ----------------------------------------------------------------------- */

/* Seconds on a monotonic clock. */
double srv_now(void);
/* Logs one line on stderr unless quiet. */
void srv_log(const srv_server *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- srv_host.c --------------------------------------------------------------------- */

/* Finds a game, loading it from the store if it is not live. NULL if it cannot be
 * had, with why: SRV_NO_GAME, SRV_EXPIRED, SRV_DAMAGED (its log does not load: the
 * server's log says why), or SRV_ELSEWHERE (another process holds it: store claim). */
enum { SRV_NO_GAME = 1, SRV_EXPIRED, SRV_DAMAGED, SRV_ELSEWHERE };
srv_game *srv_host_find(srv_server *s, const char *id, int *why);
/* The rematch of a finished game (issue 32): a new game with the same seats, players
 * and expansions (a new seed), whose seats open with the same tokens; made once (the
 * server remembers it: srv_host_rematch_of). NULL with err if gm is not over or it
 * cannot be made. */
srv_game *srv_host_rematch(srv_server *s, srv_game *gm, char *err, size_t errsize);
/* The id of the rematch made of game id, or NULL if none is remembered. */
const char *srv_host_rematch_of(const srv_server *s, const char *id);
/* The message and HTTP status of a why of srv_host_find. */
const char *srv_host_why(int why, unsigned *status);
/* At start: expires the abandoned games (--expire-days), then rebuilds the unfinished
 * games that have a computer seat, keeping live only those whose decision a computer
 * owes (the others, and games of people only, load when asked for). Returns the live
 * ones, -1 on a store error; *total: the unfinished games. */
int srv_host_rebuild(srv_server *s, int *total);
/* After a game changed: frames to its sessions, and a computer's turn queued. */
void srv_host_changed(srv_server *s, srv_game *gm);
/* Frees a finished game nobody is watching (it is loaded back from the store if
 * asked for again). Never call it while a caller up the stack holds gm. */
void srv_host_evict_if_idle(srv_server *s, srv_game *gm);
/* Takes a game out of memory and lets another process claim it. */
void srv_host_drop(srv_server *s, srv_game *gm);
/* A game another process asks for (a session of it reached that process) is handed
 * over: its sessions here are closed with "reconnect" (1012) and the game let go, so
 * that they follow it (issue 33, H1). A game taken over less than this many seconds
 * ago waits that long first, so that a proxy that splits a game's sessions between
 * two processes cannot toss it back and forth faster. */
#define SRV_HAND_OVER_HOLD 1.0
/* Hands over the games other processes asked for (store ask/asked; service loop). */
void srv_host_asked(srv_server *s);
/* At stop, after the last commit: every game this process holds is let go at once,
 * before its sessions close, so that they find it free wherever they reconnect. */
void srv_host_release_all(srv_server *s);
/* Frees the unfinished games nobody has touched for opt->idle_evict seconds (at most
 * every few seconds; they stay in the store and are rebuilt when asked for). */
void srv_host_sweep_idle(srv_server *s);
/* Takes the last move of gm back (undo by agreement, srv_undo.c): the pass's batch is
 * committed first, then the move is cut from the store's log with the clock kept in
 * one transaction of their own, and gm rebuilt from its log (the store is the truth).
 * 0, or -1 with err (nothing changed; the pass goes on). */
int srv_host_undo(srv_server *s, srv_game *gm, char *err, size_t errsize);
/* Drains the computer players' results (on the service thread). */
void srv_host_take_bot_moves(srv_server *s);
/* Asks the workers for the pending decision if a computer owes it (and none is
 * thinking about it yet): part of srv_host_changed. */
void srv_host_bot_turn(srv_server *s, srv_game *gm);
/* Group commit. A service pass opens a batch of the store (its batch_begin); every
 * move accepted in it is noted (srv_host_note_move) and its frames wait;
 * srv_host_pass_end commits the batch (batch_end), then lets the frames go, or, if
 * the commit failed, rebuilds each game that moved from its log and tells its
 * sessions. HTTP handlers end the pass first (srv_host_flush), so an answer never
 * shows an uncommitted move and a game row is never part of a batch. */
void srv_host_pass_begin(srv_server *s);
void srv_host_pass_end(srv_server *s);
void srv_host_flush(srv_server *s);
void srv_host_note_move(srv_server *s, srv_game *gm);

/* ---- srv_http.c --------------------------------------------------------------------- */

int srv_http_request(srv_server *s, srv_conn *c, struct lws *wsi);
/* 400 for a request without a Host header (RFC 9112 3.2: an HTTP/1.1 request must
 * have one; an HTTP/0.9 request, "GET /", has no headers at all): returns -1, the
 * connection closes once answered; else 0 and nothing was sent. Issue 33, Low: a
 * header named by a strict prefix of Host ("Hos:") and HTTP/0.9 were served. */
int srv_http_host_check(struct lws *wsi);
/* 400 for a path that holds a NUL byte (%00: libwebsockets hands the path over decoded,
 * so "/%00.png" reached the server as "/" and was served the lobby); -1 then (closed
 * once answered), else 0. */
int srv_http_nul_check(struct lws *wsi, const char *uri);
/* 414 for a path longer than the server keeps. */
int srv_http_too_long(struct lws *wsi);
/* The bytes of the request's headers that libwebsockets knows by name (the URI and
 * its arguments included; a header it does not know is not counted). */
int srv_http_headers_size(struct lws *wsi);
/* 431 when the request's headers hold more than SRV_HEADER_MAX bytes: returns -1 (the
 * connection closes once answered), else 0 and nothing was sent. For a page, the API
 * and a WebSocket's upgrade (LWS_CALLBACK_HTTP_CONFIRM_UPGRADE) alike. */
int srv_http_headers_check(struct lws *wsi);
int srv_http_body(srv_server *s, srv_conn *c, const void *in, size_t len);
int srv_http_body_done(srv_server *s, srv_conn *c, struct lws *wsi);
void srv_http_done(srv_conn *c);
/* The connection closed or its transaction ended: a replay waiting or being sent is
 * let go. */
void srv_http_closed(srv_server *s, srv_conn *c);
/* The replay worker's finished jobs to their requests (EVENT_WAIT_CANCELLED). */
void srv_http_take_replays(srv_server *s);
/* An answer's next piece (LWS_CALLBACK_HTTP_WRITEABLE). */
int srv_http_writable(srv_server *s, srv_conn *c, struct lws *wsi);
/* 1 if addr is one of --trusted-proxy. */
int srv_http_trusted(const srv_server *s, const char *addr);
/* The client's address: the peer's (srv_http.c). */
void srv_client_addr(const srv_server *s, struct lws *wsi, char *out, size_t size);

/* ---- srv_ws.c ----------------------------------------------------------------------- */

/* 0 if addr may open one more WebSocket (the per-address cap), else -1. */
int srv_ws_admit(srv_server *s, struct lws *wsi);
int srv_ws_open(srv_server *s, srv_conn *c, struct lws *wsi);
int srv_ws_receive(srv_server *s, srv_conn *c, struct lws *wsi, const void *in, size_t len);
int srv_ws_writable(srv_server *s, srv_conn *c, struct lws *wsi);
void srv_ws_closed(srv_server *s, srv_conn *c);
/* A close frame from the client (payload in, len): a code RFC 6455 does not allow a
 * peer to send (5000, 65535, 1005...) is answered with 1002, protocol error, not
 * echoed (the payload is rewritten in place: lws echoes it). What the callback
 * returns (-1: close without an echo). */
int srv_ws_peer_close(unsigned char *in, size_t len);
/* The sessions waiting for a game another process holds: joined if this process can
 * now claim it, refused once --request-timeout has passed (service loop). */
void srv_ws_retry(srv_server *s);
/* Pushes the current frame to every session of the game. */
void srv_ws_broadcast(srv_server *s, srv_game *gm);
/* Queues a frame of text for session c, or for every session of the game (c NULL)
 * that is not waiting for its history. */
void srv_ws_send_text(srv_game *gm, srv_conn *c, const char *text);

/* ---- srv_absent.c ------------------------------------------------------------------- */

/* The wall clock in unix milliseconds (deadlines outlive the process). */
int64_t srv_absent_wall_ms(void);
/* {"type":"clock",...}: the seats' clocks, the seats a computer plays, the absent seat
 * that may be voted out and the votes (caller frees; NULL on out of memory). */
char *srv_absent_frame(const srv_server *s, const srv_game *gm);
/* After a change of the game (srv_host_changed): the clocks follow its index, are kept
 * in the store, and the sessions told. */
void srv_absent_changed(srv_server *s, srv_game *gm);
/* From the service loop (at most five times a second): clocks run out (the seat to a
 * computer), absent seats that may now be voted out told. */
void srv_absent_tick(srv_server *s);
/* A session joined (after its state): told the clocks; a seat back before being voted
 * out ends the vote. */
void srv_absent_joined(srv_server *s, srv_conn *c);
/* A session of seat left its game (its absence is counted from now). */
void srv_absent_left(srv_game *gm, int seat);
/* {"type":"vote","seat":S} and {"type":"back"} of session c: 0, or -1 with err (nothing
 * changed). */
int srv_absent_vote(srv_server *s, srv_conn *c, int seat, char *err, size_t errsize);
int srv_absent_back(srv_server *s, srv_conn *c, char *err, size_t errsize);
/* The seats of people a computer does not play now, but `seat`: those who vote on an
 * absent seat, or answer seat's undo request (srv_undo.c). */
unsigned srv_absent_people(const srv_game *gm, int seat);
/* The seats of a mask as a JSON list ("[0,2]") for the clock and undo frames. */
void srv_seats_json(strbuf *b, unsigned mask, int seats);
/* 1 if the game must stay live: a clock runs (its end is seen only while live). */
int srv_absent_keeps(const srv_game *gm);
/* Reads the game's clock row from the store into gm (none: no clock). 0, or -1 with
 * err. */
int srv_absent_load(srv_store *st, srv_game *gm, char *err, size_t errsize);
/* Undo by agreement: the clock of a game whose last move was taken back (gm rebuilt
 * from its log at the index before): `was` is its clock before, kept but for the
 * decision now pending again, which runs from what its seat has left (turn-based: the
 * whole time of a decision); no seat gains an increment by it. Kept in the store (in
 * the open batch: srv_host_undo's). */
void srv_absent_undone(srv_server *s, srv_game *gm, const srv_clock *was);

/* ---- srv_undo.c ------------------------------------------------------------------------ */

/* {"type":"undo","index":N} of session c: the request made (the others have
 * opt->undo_seconds to answer) (every session told, the
 * computers' and the asker's acceptance counted, granted at once if no person is left
 * to ask), or -1 with err (nothing changed). */
int srv_undo_ask(srv_server *s, srv_conn *c, long index, char *err, size_t errsize);
/* {"type":"undo_answer","index":N,"accept":B} of session c: 0 (a refusal ends the
 * request; the last acceptance grants it), or -1 with err. */
int srv_undo_answer(srv_server *s, srv_conn *c, long index, int accept, char *err,
                    size_t errsize);
/* After a move of gm: a request pending ends (the game moved on). */
void srv_undo_moved(srv_server *s, srv_game *gm);
/* A session joined (after its state): told of a request pending. */
void srv_undo_joined(srv_server *s, srv_conn *c);
/* From the service loop: requests whose time is up lapse. */
void srv_undo_tick(srv_server *s);

/* A history frame the replay worker made (job->history): to the sessions of its game
 * waiting for it (takes the job). */
void srv_ws_history_done(srv_server *s, srv_replay_job *job);
/* The history worker's finished jobs to their sessions (EVENT_WAIT_CANCELLED). */
void srv_ws_take_histories(srv_server *s);
/* The game leaves this process for another that asked for it: each of its sessions
 * is sent what it has queued, then closed with 1012 (service restart) and a reason
 * saying to reconnect; the game has no session left after. */
void srv_ws_hand_over(srv_game *gm);
/* The game's moves are committed: its sessions' waiting frames may go. */
void srv_ws_release(srv_game *gm);
/* The game's uncommitted moves are lost: its sessions' waiting frames are dropped,
 * and each is told why. */
void srv_ws_drop_held(srv_game *gm, const char *message);

/* ---- srv_elo.c, srv_ladder.c ---------------------------------------------------------- */

enum { SRV_LADDER_K = 32, SRV_LADDER_LIST_MAX = 500, SRV_LADDER_HISTORY_MAX = 100 };

/* The ladder's formula (srv_elo.c): n seats' ratings and final scores; each seat's
 * rating change with factor k, and its rank (1: first; ties share). */
void srv_elo_deltas(int n, const int *rating, const int *score, int k, int *delta, int *rank);
/* 0 if name may be chosen (SRV_LADDER_NAME_MIN to _MAX letters, digits, '_' or '-',
 * not a computer player's), else -1 with err. */
int srv_ladder_name_check(const char *name, char *err, size_t errsize);
/* POST /api/players: a new name for the client at addr (a budget per address as for
 * games); the answer's JSON (caller frees) and *status. */
char *srv_ladder_create_player(srv_server *s, const char *addr, const char *body, size_t len,
                               int over, unsigned *status);
/* GET /api/ladder, /api/players/NAME and /api/games/ID/ladder: 1 if uri is one of
 * them (*status and *body, the JSON, set; caller frees), else 0. */
int srv_ladder_get(srv_server *s, const char *uri, unsigned *status, char **body);
/* POST /api/games with "ladder": true: may req be a ladder game here? 0, or -1 with
 * err. Then, once the game is created, srv_ladder_open opens it (0, or -1 with err). */
int srv_ladder_check(const srv_server *s, const srv_create *req, char *err, size_t errsize);
int srv_ladder_open(srv_server *s, const char *id, char *err, size_t errsize);
/* A "sign" message from seat of gm: 0 and its sessions told ({"type": "ladder"}), or
 * -1 with err (nothing changed). */
int srv_ladder_sign(srv_server *s, srv_game *gm, int seat, const char *name,
                    const char *secret, char *err, size_t errsize);
/* The game's last move is durable and the game is over: a ladder game is rated (once;
 * closed unrated if a person's seat is unsigned) and its sessions told. No batch may
 * be open. */
void srv_ladder_finished(srv_server *s, srv_game *gm);
/* At start: the ladder games over but not rated (the process stopped in between) are
 * rated now. */
void srv_ladder_catch_up(srv_server *s);
/* The rematch `to` of a ladder game `from` is opened to the ladder too. */
void srv_ladder_rematch(srv_server *s, const char *from, const char *to);

/* ---- srv_ws.c (the ladder's frames) ---------------------------------------------------- */

/* Queues text (a JSON frame) for every session of gm. */
void srv_ws_send_all(srv_game *gm, const char *text);

#endif
