/*
 * play_ui.h - what the files of `carc play` share, and the one header of the tui library
 * (src/tui/): the command itself, its options and --headless, is src/cmd/cmd_play.c.
 *
 * One job per file:
 *   play_session.c  the game itself: the full state, the seats (human or computer),
 *                   the recorder; applies moves, lets computers choose from their view,
 *                   writes what happened into each seat's log, saves the record
 *   play_log.c      a seat's log: a ring of lines
 *   play_tile.c     a tile as a 3 x 7 grid of cells (which segment owns each cell)
 *   play_model.c    what the screen shows, as data: status, current move, key line
 *   play_paint.c    drawing primitives: colours, cells, strings, a tile's cells, a
 *                   figure's characters
 *   play_draw.c     the layout, the board, the log, the whole game screen
 *   play_panel.c    the side panel: hand, scores, the choice list and its details
 *   play_text.c     shared words: choices with card names, what a choice is about, wrapping
 *   play_keys.c     keys of a human decision: the placement cursor, choice lists,
 *                   targets on the board, undo; the viewport
 *   play_screens.c  whole screens: hand-over, help, tiles left, too small, final scoring
 *   play_tui.c      the screen's main loop: whose decision, routing keys, resizes
 *   play_view.c     the record viewer (--view): a saved game step by step
 *
 * Information: only play_session.c touches the full state. Every screen is drawn
 * from carc_view of the seat at the keyboard (RULES.md 6), and a seat's legal moves
 * come from its own view; the session's log keeps one copy per seat, each built from
 * that seat's view of the events, so a hand-over never shows another seat's cards.
 */
#ifndef CARC_PLAY_UI_H
#define CARC_PLAY_UI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>

#include "carc.h"
#include "carc_ai.h"
#include "carc_record.h"

enum {
    PLAY_LINE = 400,       /* bytes of one log line (a card's text fits) */
    PLAY_LOG_CAP = 600,    /* lines a seat's log keeps */
    PLAY_KIND_LEN = 16,    /* "human", "random", "greedy", "mcts" */
    PLAY_PATH = 512,
    PLAY_MIN_W = 80,       /* the smallest terminal the game screen fits */
    PLAY_MIN_H = 24
};

/* ---- play_log.c ------------------------------------------------------------- */

enum play_log_class {
    PLOG_PLAIN = 0, /* an event */
    PLOG_TURN,      /* the draw that opens a turn */
    PLOG_MOVE,      /* a move, with a computer's note */
    PLOG_ERROR,     /* a move carc_apply refused, and why */
    PLOG_INFO       /* anything else (saved the record, ...) */
};

typedef struct play_log {
    char (*text)[PLAY_LINE];
    unsigned char *cls;
    int cap, count, head;  /* head: index of the oldest line */
} play_log;

int play_log_init(play_log *l, int cap);   /* -1 on out of memory */
void play_log_free(play_log *l);
void play_log_add(play_log *l, int cls, const char *text);
int play_log_count(const play_log *l);
/* Line i, 0 the oldest kept; *cls gets its class. */
const char *play_log_line(const play_log *l, int i, int *cls);

/* ---- play_session.c --------------------------------------------------------- */

typedef struct play_seat {
    int human;
    char kind[PLAY_KIND_LEN];
    carc_player *ai;   /* NULL for a human */
    play_log log;      /* what this seat has seen */
} play_seat;

/* One applied move of the history (for undo and for rebuilding the logs). */
typedef struct play_hist {
    carc_move move;
    int seat;     /* who decided it */
    int reveals;  /* its events showed something hidden (a draw, a card) */
    int automatic;  /* a lone pass made for a human: not a decision undo takes back */
    int decision;   /* the decision it answered (enum carc_decision) */
} play_hist;

typedef struct play_session {
    carc_config cfg;
    int nseats, humans;
    play_seat seat[CARC_MAX_PLAYERS];
    carc_game *g;        /* the full state: read only inside play_session.c */
    carc_game *before;   /* the state before the last move, for the recorder */
    carc_game *scratch;  /* a view for computers and for logging */
    carc_game *view;     /* the view of view_seat, refreshed by play_session_view */
    int view_seat;
    carc_recorder *rec;
    carc_move *moves;    /* the legal moves of the pending decision, from its seat's view */
    int nmoves;
    long applied;        /* moves applied so far: a new decision when it changes */
    int turn_shown;      /* the last turn whose opening draw was logged */
    int last_x, last_y, last_seat, have_last;  /* the last tile placed (public) */
    int headless;        /* print the full account of each move on stdout */
    /* Where computer players' notes on their choices go (search statistics), or
     * NULL. Never into a seat's log: a note can depend on the computer's hidden
     * hand (how many moves it weighed), which other seats may not learn (RULES 6). */
    FILE *debug;
    play_hist *hist;     /* every move applied, in order */
    int nhist, hist_cap;
    int hist_lost;       /* the history could not keep a move: no undo */
    int auto_apply;      /* the move being applied was made for a human (a lone pass) */
} play_session;

/* Creates the game from cfg and the seats from kinds ("human" or a computer player
 * name); computers get seeds derived from cfg->seed and their seat, and budget_ms.
 * Returns 0, or -1 with err filled (everything freed). */
int play_session_init(play_session *s, const carc_config *cfg, int nseats,
                      const char kinds[][PLAY_KIND_LEN], int budget_ms, carc_error *err);
void play_session_free(play_session *s);
/* Logs the events of carc_new (the first draw); call once, after setting headless. */
void play_session_start(play_session *s);
/* The pending decision (public: who owes what). */
carc_pending play_session_pending(const play_session *s);
/* Refreshes s->view to what `seat` may know and returns it (owned by the session,
 * valid until the next call). */
const carc_game *play_session_view(play_session *s, int seat);
/* Fills s->moves with the legal moves of the pending decision, listed from the
 * deciding seat's own view; returns how many. */
int play_session_legal(play_session *s);
/* Applies a move for the seat that owes the pending decision and logs it with the
 * note (may be NULL) and its events. On refusal logs carc_apply's message in that
 * seat's log and returns the error code (err filled, the game unchanged). */
int play_session_apply(play_session *s, const carc_move *m, const char *note,
                       carc_error *err);
/* The pending seat is a computer: it chooses from its own view and the move is
 * applied. Returns CARC_OK or an error code with err filled. */
int play_session_computer(play_session *s, carc_error *err);
/* The index in s->hist of the decision `seat` (a human) would take back with undo:
 * its last one, if no move since (itself included) revealed anything hidden and no
 * other human seat decided since; computers' moves after it go with it. -1: none. */
int play_session_undo_from(const play_session *s, int seat);
/* Takes back that decision and every move after it: the game is played again from
 * the start without them (logs and record rebuilt). Returns 0 with msg saying what
 * was undone, or -1 with msg saying why not (nothing changed). */
int play_session_undo(play_session *s, int seat, char *msg, size_t size);
/* Reads and parses a record file; NULL with msg saying why (not found, not a
 * record: the file and what is wrong). Caller frees with carc_record_free. */
carc_record *play_record_load(const char *path, char *msg, size_t size);
/* Plays the game again from the start with moves[0..n-1] (an array the caller owns,
 * not s->hist), rebuilding the record and the logs. Returns 0, or -1 with err. */
int play_session_goto(play_session *s, const play_hist *moves, int n, carc_error *err);
/* Applies the moves of a record to a session just created from its configuration
 * (`carc play --resume`). Returns 0, or -1 with msg naming the move refused. */
int play_session_resume(play_session *s, const carc_record *rec, char *msg, size_t size);
/* Writes the record (one JSON line) to path. Returns 0, or -1 with msg set. */
int play_session_save(const play_session *s, const char *path, char *msg, size_t size);
/* "seat 1 (mcts)" or, in the log of that seat, "seat 1 (you)". */
void play_seat_label(const play_session *s, int seat, int reader, char *buf, size_t size);

/* ---- play_tile.c ------------------------------------------------------------ */

enum { PT_ROWS = 3, PT_COLS = 7 };

enum play_cell_type {
    PC_FIELD = 0, PC_CITY, PC_ROAD, PC_CLOISTER,
    PC_RIVER,   /* water (The River): no segment, never a road */
    PC_GARDEN   /* a garden (The Abbot): its own segment, one cell */
};

/* A symbol printed on a tile (play_tile.c chooses its cell). */
enum play_mark {
    PMK_NONE = 0, PMK_PENNANT, PMK_INN, PMK_CATHEDRAL,
    PMK_WINE, PMK_GRAIN, PMK_CLOTH, /* PMK_WINE + enum carc_goods */
    PMK_BRIDGE_NS, PMK_BRIDGE_EW,   /* two roads crossing without meeting: which is on top */
    PMK_SPRING, PMK_LAKE,           /* water cells: where the river rises, where it ends */
    PMK_BRIDGE_RIVER                /* a road cell over the water (RI.1/RIrI's bridge) */
};

typedef struct play_cell {
    signed char seg;     /* segment index of the tile kind, -1 for none */
    unsigned char type;  /* enum play_cell_type */
    unsigned char arms;  /* a road cell: the directions its line runs, N=1 E=2 S=4 W=8 */
    unsigned char mark;  /* enum play_mark: a pennant, an inn, a cathedral, goods, the
                            spring, the lake, a bridge */
} play_cell;

/* Paints tile kind `kind` in rotation `rot` into a 3 x 7 grid. */
void play_tile_paint(int kind, int rot, play_cell out[PT_ROWS][PT_COLS]);
/* The cell of the grid where a follower on the segment with port `port` is drawn:
 * writes row and column, returns 0 if the tile has no such segment. */
int play_tile_port_cell(int kind, int rot, int port, play_cell grid[PT_ROWS][PT_COLS],
                        int *row, int *col);

/* ---- play_tui.c and the screen's files ------------------------------------- */

typedef struct play_options {
    char save_path[PLAY_PATH];  /* where `s` writes the record */
    int delay_ms;               /* pause between computer moves when no human plays */
} play_options;

enum play_mode {
    PM_PLAY = 0,   /* the game: a human decides, or computers play */
    PM_TURN_END,   /* hot seat: what the turn scored, on the screen of who played it */
    PM_HANDOVER,   /* "pass the keyboard to seat N" */
    PM_OVER,       /* final scoring */
    PM_REPLAY      /* the record viewer (play_view.c) */
};

enum play_status { PS_HINT = 0, PS_INFO, PS_ERROR };

struct play_ui {
    play_session *s;
    const play_options *opt;
    int viewer;          /* the human seat whose screen is shown; -1 before the first */
    int next_seat;       /* PM_HANDOVER: the seat to pass the keyboard to */
    int mode;
    int help;            /* the help screen is up: its page + 1 */
    int info;            /* the tiles-left and points screen is up: its page, from 1 */
    int overview;        /* the whole board zoomed out, one cell pair per tile (o) */
    int turn_end;        /* hot seat: the turn's result is shown before the hand-over */
    int turn_score[CARC_MAX_PLAYERS];  /* scores when the viewer's turn began */
    int confirm_quit;    /* q was pressed once */
    int quit;
    int unicode, colors;
    /* layout, from the terminal size */
    int W, H, panel_w, board_x, board_y, board_w, board_h, log_y, log_h;
    /* board viewport: the position drawn at the board area's top-left cell */
    int org_x, org_y, org_set;
    int follow;          /* keep the focus in view (turned off by scrolling by hand) */
    /* the decision on screen */
    long decision;       /* s->applied when the cursor and list were set up */
    int dkind;           /* the decision the keys serve (CARC_DEC_NONE: none) */
    int tile_i, ntiles, tiles[2];  /* placement: the tile kinds one may place */
    int cx, cy, crot;    /* placement cursor */
    int *order, nlist, sel, list_top;  /* choice list: indexes into s->moves */
    int figure;          /* the follower step: the figure whose places the list shows */
    unsigned figmask;    /* the follower step: bit per figure with a legal place */
    int log_back;        /* lines scrolled back in the log */
    char status[PLAY_LINE];
    int status_kind;
    int thinking;        /* the status line says a computer is thinking */
    char saved[PLAY_PATH];  /* the record was saved there */
    char keyline[PLAY_LINE];  /* the key help line (play_model_keyline) */
    int replay_at, replay_n;  /* PM_REPLAY: moves shown, moves in the record */
};

typedef struct play_ui play_ui;

/* play_tui.c: runs the game on the terminal until it is quit. Returns 0, or 1 when
 * the terminal could not be set up. */
int play_tui_run(play_session *s, const play_options *opt);
/* A record step by step on the terminal (`carc play --view`, `carc replay --view`),
 * in play_view.c; returns an exit code. */
int play_view_run(const char *path);
/* Sets up the terminal for ui (locale, curses modes, colours); returns the curses
 * SCREEN, or NULL after a message on stderr. play_tui_close ends it. */
void *play_tui_open(play_ui *ui);
void play_tui_close(void *scr);

/* play_view.c: play_view_run (above), a record step by step (forward,
 * back, to either end), the board, logs and scores as they were. */

/* play_paint.c: drawing primitives */
/* Sets up the colour pairs (ui->colors 0 when the terminal has none). */
void play_paint_init(play_ui *ui);
/* Puts a UTF-8 string at (y,x), clipped to n columns. Returns the columns written. */
int play_put(play_ui *ui, int y, int x, int n, const char *utf8, int attr);
/* The attribute of a colour pair by role (enum play_color), or a fallback. */
int play_attr(const play_ui *ui, int role);
/* One character cell at (y,x): a wide character, or its ASCII stand-in. */
void play_glyph(const play_ui *ui, int y, int x, wchar_t w, char a, int attr);
/* 1 if screen cell (y,x) lies in the board area (right of the ruler). */
int play_paint_in_board(const play_ui *ui, int y, int x);
/* A figure on the board as text (a meeple "0", the others "L0", "B0", "P0": a letter
 * and the seat's digit) into out; returns its cells (1 or 2). */
int play_figure_glyphs(int figure, int seat, char out[3]);
/* A figure's letter on the board and in the panel (L, A, B, P), 0 for the meeple. */
char play_figure_letter(int figure);
/* Draws a tile grid at screen (y,x), clipped to the board area when clip is set. */
void play_paint_tile(play_ui *ui, int y, int x, play_cell g[PT_ROWS][PT_COLS], int clip);

/* play_draw.c: the layout, the board, the log, the whole game screen */
void play_draw_layout(play_ui *ui);
void play_draw_game(play_ui *ui, const carc_game *v);

/* play_model.c: what the screen shows, read by drawing, changed by input */
void play_set_status(play_ui *ui, int kind, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* A short description of the pending decision for seat-relative text; stack_left
 * (carc_stack_left: public) tells the final round's abbeys (AM5) from the others. */
const char *play_decision_text(int decision, int stack_left);
/* The move under the cursor or the list selection, for highlighting; 0 if none. */
int play_model_current(const play_ui *ui, carc_move *m);
/* The board position a choice is about (its target), for the cursor over targets;
 * returns 0 for a choice without one. */
int play_model_target(const carc_move *m, int *x, int *y);
/* The index in the choice list of the pass, or -1. */
int play_model_pass_index(const play_ui *ui);
/* 1 for the windows (T2, T8): only p closes them, never Enter. */
int play_model_is_window(int decision);
/* The key help line of the current state (in ui->keyline). */
const char *play_model_keyline(play_ui *ui);

enum play_color {
    PCOL_FIELD = 1, PCOL_CITY, PCOL_ROAD, PCOL_CLOISTER, PCOL_PENNANT,
    PCOL_SPOT, PCOL_CURSOR, PCOL_TARGET, PCOL_LAST, PCOL_TITLE, PCOL_ERROR, PCOL_HINT,
    PCOL_INFO,
    PCOL_INN, PCOL_CATHEDRAL,          /* marks on tiles */
    PCOL_RIVER, PCOL_BRIDGE, PCOL_GARDEN, /* water, a road's bridge over it, a garden */
    PCOL_WINE, PCOL_GRAIN, PCOL_CLOTH, /* goods on a city (PCOL_WINE + enum carc_goods) */
    PCOL_GOODS_TEXT,                   /* goods in the panel: three pairs on the background */
    PCOL_SEAT0 = PCOL_GOODS_TEXT + CARC_GOODS_KINDS, /* ... PCOL_SEAT0 + 5 */
    PCOL_DRAGON = PCOL_SEAT0 + CARC_MAX_PLAYERS, /* the dragon, its track, a volcano */
    PCOL_FAIRY,                                  /* the fairy */
    PCOL_COUNT
};

/* play_panel.c: the side panel; decides: the viewer owes the pending decision. */
void play_panel_draw(play_ui *ui, const carc_game *v, int decides);

/* play_text.c */
/* Bytes of text t that go on a row of `room` columns (broken at a space). */
int play_wrap_next(const char *t, int room);
/* Rows text t takes at `room` columns, rows after the first indented by indent. */
int play_wrap_count(const char *t, int room, int indent);
/* The River: 1 while river tiles are drawn and placed (the river stack holds some, or
 * one is in hand); *last (may be NULL) gets 1 when the one in hand is the last. */
int play_river_phase(const carc_game *v, int *last);
/* The bits of the expansions named, registry names separated by spaces ("inns
 * traders"): the terminal's own notes on how it draws an expansion are rows keyed by
 * its name, not tests of its bit. */
unsigned play_exp_named(const char *names);
/* 1 when one of these expansions brings cards (a gift or Christmas hand to show). */
int play_has_cards(unsigned exp);
/* The score category called name (carc_score_category_name), -1 if none. */
int play_category_named(const char *name);
/* 1 when the game has a figure whose strength is not the meeple's (the large meeple,
 * the builder, the pig): a meeple is then named as such, not "a follower". */
int play_other_strengths(unsigned exp);
/* 1 when the game has a follower stronger than the meeple: strengths are shown. */
int play_stronger_follower(unsigned exp);
/* A tile's description (carc_tile_def.description, the tile unrotated) as the tile
 * shows turned by rot quarter turns clockwise: "Straight road N-S" turned once reads
 * "Straight road E-W" (issue 32: the words match the picture beside them). */
void play_turned_words(const char *desc, int rot, char *out, size_t size);
/* A card's name for players ("Synod", "Swap: Road"), carc_card_info_of's. */
const char *play_card_title(int card);
/* A segment in players' words: "the road (east)", with_tile: "the road at 1,0 (east)"
 * (the board's rulers number the columns and rows); a cloister is "the cloister", no
 * port the empty spot at x,y. Never notation (issue 21). */
void play_seg_words(const carc_game *v, int x, int y, int port, int with_tile, char *buf,
                    size_t size);
/* A figure in players' words into buf: "the large meeple", "the builder", "the pig",
 * any other by its name ("the mayor", "the wagon", "the barn"); a meeple is "a meeple"
 * in games with other figures, else "a follower". */
void play_figure_words(const carc_game *v, int figure, char *buf, size_t size);
/* A move in players' words: "a follower on the road (east)", "open Synod on the
 * cloister at 2,1", "end the turn (close the window)". */
void play_move_words(const carc_game *v, int decision, const carc_move *m, char *buf,
                     size_t size);
/* A legal move as a choice of the list: play_move_words, and what a wasted gift or a
 * draw means here. */
void play_option_text(const carc_game *v, int decision, const carc_move *m, char *buf,
                      size_t size);
/* What a choice is about, as lines: the card's text, the deck an offer comes from,
 * each target feature and what it is worth now. Returns the number of lines. */
int play_option_details(const carc_game *v, int viewer, int decision, const carc_move *m,
                        char lines[][PLAY_LINE * 2], int max);

/* "city:N at (1,0): city of 4 tiles, 1 pennant, complete, worth 10 now; followers:
 * you 1" for the feature through segment (x,y,port); "" if there is none. */
void play_feature_text(const carc_game *v, int viewer, int x, int y, int port, char *buf,
                       size_t size);

/* play_keys.c */
/* Sets up the cursor or the list for a new decision of the viewer (s->moves). */
void play_keys_begin(play_ui *ui, const carc_game *v);
/* Handles one key of the viewer's decision; may apply a move. Returns 1 if the key
 * was used, 0 if it does nothing here (the status line then says so). */
int play_keys_decision(play_ui *ui, const carc_game *v, int ch);
/* Keys that work on every game screen: scrolling, fitting the board, the log, undo
 * (while deciding), the tiles-left screen, help, quit. Returns 1 if used. */
int play_keys_common(play_ui *ui, const carc_game *v, int ch);
/* Keeps a board position in view, scrolling no more than needed. */
void play_keys_focus(play_ui *ui, int x, int y);
/* `c`: centres the whole board when it fits, else the cursor or the last tile. */
void play_keys_fit(play_ui *ui, const carc_game *v);
/* Keeps the whole board in view while it fits (not moving while it stays in view),
 * else the cursor, the selected target or the last tile; nothing once the board was
 * scrolled by hand in this decision. */
void play_keys_autofocus(play_ui *ui, const carc_game *v);
/* 1 for Enter in any of its codes. */
int play_key_enter(int ch);

/* play_screens.c */
void play_screen_handover(play_ui *ui);
void play_screen_help(play_ui *ui, const carc_game *v);
/* `i`: the tiles left in the stack by kind and every seat's points per category, over
 * the board area; page ui->info of the kinds (Space the next), ui->info set to 0 past
 * the last. */
void play_screen_info(play_ui *ui, const carc_game *v);
/* The whole board zoomed out (o): a tile as two cells (what it shows most: city,
 * cloister, road or field) with the seats of its followers, any board size fitted to
 * the screen, the last tile and the spots of the tile in hand marked. */
void play_screen_overview(play_ui *ui, const carc_game *v);
void play_screen_too_small(play_ui *ui);
/* The final scoring in the side panel (the board stays). */
void play_screen_final_panel(play_ui *ui, const carc_game *v, int y, int x, int w, int h);
/* The final scoring as text lines on a stream (headless). */
void play_final_text(const play_session *s, const carc_game *g, FILE *out);

/* Curses attributes as int (they are unsigned), for the files that include curses.h
 * before this header. */
#ifdef A_BOLD
#define AT_NORMAL ((int)A_NORMAL)
#define AT_BOLD ((int)A_BOLD)
#define AT_DIM ((int)A_DIM)
#define AT_REVERSE ((int)A_REVERSE)
#define AT_UNDERLINE ((int)A_UNDERLINE)
#define AT_BLINK ((int)A_BLINK)
#endif

#endif
