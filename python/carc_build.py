"""cffi (API mode) build of carc._carc: the engine, record layer, players and toolbox
compiled from this repository's own sources (src/), with python/carc/_carc_py.c, the
package's C side. Run by setup.py (`pip install .` at the repository's root)."""
import glob
import os

from cffi import FFI

# Relative to the working directory for setuptools (pip install, python -m build);
# absolute with CARC_BUILD_ABSOLUTE=1, for ffibuilder.compile(tmpdir=...) (tests/python/
# asan.sh), which works in tmpdir and puts each object at tmpdir/<source's path>: a
# relative path would put them beside the sources.
_HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
ROOT = os.path.abspath(_HERE) if os.environ.get("CARC_BUILD_ABSOLUTE") else os.path.relpath(_HERE)


def _rel(*parts):
    return os.path.normpath(os.path.join(ROOT, *parts))


SOURCES = sorted(
    glob.glob(_rel("src", "base", "*.c"))
    + glob.glob(_rel("src", "engine", "*.c"))
    + glob.glob(_rel("src", "engine", "*", "*.c"))
    + glob.glob(_rel("src", "record", "*.c"))
    + glob.glob(_rel("src", "ai", "*.c"))
) + [_rel("python", "carc", "_carc_py.c"), _rel("python", "carc", "_carc_search.c"),
                _rel("python", "carc", "_carc_chance.c")]

# Constants and array sizes are read from the C headers at build time (`...`), never
# written here: the structs whose layout Python relies on are declared field by field
# and cffi checks them against include/carc.h when it compiles.
CDEF = r"""
#define CARC_MIN_PLAYERS ...
#define CARC_MAX_PLAYERS ...
#define CARC_SEAT_PUBLIC ...
#define CARC_FOLLOWERS ...
#define CARC_BASE_KINDS ...
#define CARC_TILE_KINDS ...
#define CARC_BASE_TILES ...
#define CARC_TILES ...
#define CARC_STACK ...
#define CARC_MAX_MOVES ...
#define CARC_MAX_SEGMENTS ...
#define CARC_DECISIONS ...
#define CARC_FIGURES ...
#define CARC_GOODS_KINDS ...
#define CARC_SCORE_CATEGORIES ...
#define CARC_PORTS ...
#define CARC_PORT_I ...
#define CARC_PORT_C ...
#define CARC_PORT_G ...
#define CARC_EDGE_RIVER ...
#define CARC_FEAT_GARDEN ...
#define CARC_FIG_ABBOT ...
#define CARC_MOVE_FOLLOWER ...
#define CARC_MOVE_GIFT ...
#define CARC_MOVE_CARD ...
#define CARC_MOVE_TARGET ...
#define CARC_MOVE_RECALL ...
#define CARC_MOVE_WALK ...
#define CARC_MOVE_ASSIGN ...
#define CARC_MOVE_REMOVE ...
#define CARC_MOVE_FLOOR ...
#define CARC_MOVE_CAPTURE ...
#define CARC_MOVE_RANSOM ...
#define CARC_MOVE_EXCHANGE ...
#define CARC_MOVE_ABBEY ...
#define CARC_PORT_T ...
#define CARC_PORT_I2 ...
#define CARC_PORT_CNW ...
#define CARC_SYMBOL_VOLCANO ...
#define CARC_SYMBOL_DRAGON ...
#define CARC_SYMBOL_PORTAL ...
#define CARC_SYMBOL_PRINCESS ...
#define CARC_CARDS ...
#define CARC_MOVE_KINDS ...
#define CARC_EXP_GIFTS ...
#define CARC_EXP_CHRISTMAS ...
#define CARC_EXP_INNS ...
#define CARC_EXP_TRADERS ...
#define CARC_EXP_RIVER ...
#define CARC_EXP_ABBOT ...
#define CPY_MAX_TOKENS ...
#define CPY_FIGURES ...
#define CPY_AM_FIGURES ...
#define CPY_CH_TOWER_HEIGHT ...
#define CARC_NOTATION_MAX ...
#define CARC_EXPANSIONS_NAME_SIZE ...
#define CARC_MAX_EVENTS ...
typedef struct carc_game carc_game;
typedef struct carc_error { int code; char msg[...]; } carc_error;
typedef struct carc_config {
    int players; uint64_t seed; unsigned expansions; int stack_len; uint8_t stack[...];
    int return_pos;
    int gift_deck_len; uint8_t gift_deck[...];
    int cloister_deck_len; uint8_t cloister_deck[...];
    int roadside_deck_len; uint8_t roadside_deck[...];
    int aside_len; int aside_pos[...];
} carc_config;
typedef struct carc_move {
    uint8_t kind; uint8_t card; uint8_t tile; uint8_t rot; int8_t x; int8_t y; uint8_t port;
    int8_t x2; int8_t y2; uint8_t port2; uint8_t seat2; uint8_t figure;
} carc_move;
typedef struct carc_tile_def {
    char letter; uint8_t count; uint8_t edges[4]; const char *name; unsigned expansion; ...;
} carc_tile_def;
typedef struct carc_pending { int decision; int seat; int active; } carc_pending;
typedef struct carc_ai_options { uint64_t seed; int budget_ms; int iterations; } carc_ai_options;
typedef struct carc_player carc_player;
typedef struct carc_recorder carc_recorder;

void carc_config_init(carc_config *cfg);
carc_game *carc_new(const carc_config *cfg, carc_error *err);
void carc_free(carc_game *g);
carc_game *carc_clone(const carc_game *g);
void carc_copy(carc_game *dst, const carc_game *src);
size_t carc_state_size(void);
carc_config carc_config_of(const carc_game *g);
carc_pending carc_pending_decision(const carc_game *g);
int carc_legal(const carc_game *g, carc_move *out, int cap);
int carc_legal_count(const carc_game *g);
int carc_apply(carc_game *g, const carc_move *m, carc_error *err);
void carc_view(const carc_game *g, int seat, carc_game *out);
int carc_view_seat(const carc_game *g);
void carc_determinize(const carc_game *view, uint64_t seed, carc_game *out);
int carc_check(const carc_game *g, carc_error *err);
size_t carc_state_save(const carc_game *g, void *buf, size_t cap);
carc_game *carc_state_load(const void *buf, size_t size, carc_error *err);
int carc_players(const carc_game *g);
int carc_is_over(const carc_game *g);
int carc_turn(const carc_game *g);
int carc_score(const carc_game *g, int seat);
void carc_projection(const carc_game *g, int scores[]);
unsigned carc_winners(const carc_game *g);
int carc_stack_left(const carc_game *g);
int carc_river_left(const carc_game *g);
int carc_river_end(const carc_game *g, int *x, int *y);
int carc_recall_points(const carc_game *g, const carc_move *m);
int carc_tile_symbol(int kind);
int carc_tower_height(const carc_game *g, int x, int y, int *closed);
int carc_floors(const carc_game *g, int seat);
int carc_prisoners(const carc_game *g, int holder, int owner, int counts[]);
const char *carc_decision_name(int decision);
int carc_tile_kind(char letter);
int carc_tile_kind_named(const char *name, size_t len);
const carc_tile_def *carc_tile_def_of(int kind);
int carc_tile_count(unsigned expansions, int kind);
const char *carc_expansion_name(unsigned bit);
const char *carc_figure_name(int figure);
const char *carc_goods_name(int goods);
const char *carc_port_name(int port);
const char *carc_card_name(int card);
const char *carc_score_category_name(int category);
int carc_score_part(const carc_game *g, int seat, int category);
int carc_supply(const carc_game *g, int seat);
int carc_supply_figures(const carc_game *g, int seat, int counts[]);
int carc_goods(const carc_game *g, int seat, int counts[]);
int carc_turn_part(const carc_game *g);
int carc_double_due(const carc_game *g);

int carc_move_format(const carc_game *g, const carc_move *m, char *buf, size_t size);
int carc_move_parse(const carc_game *g, const char *text, carc_move *out, carc_error *err);
char *carc_state_json(const carc_game *g, int with_legal);
int carc_expansions_parse(const char *s, unsigned *out, carc_error *err);
const char *carc_expansions_name(unsigned expansions, char *buf, size_t size);
char *carc_board_text(const carc_game *g);
char *carc_tiles_json(void);
carc_recorder *carc_recorder_new(const carc_config *cfg, const carc_game *g);
int carc_recorder_add(carc_recorder *r, const carc_game *before, const carc_move *m,
                      const carc_game *after);
char *carc_recorder_json(const carc_recorder *r, const carc_game *g);
void carc_recorder_free(carc_recorder *r);

void carc_ai_options_init(carc_ai_options *opt);
carc_player *carc_player_new(const char *name, const carc_ai_options *opt, carc_error *err);
void carc_player_free(carc_player *p);
int carc_player_choose(carc_player *p, const carc_game *view, carc_move *out, char *note,
                       size_t note_size);

void free(void *);

int cpy_actions(void);
int cpy_action_section(int i, const char **name, int *base, int *len);
int cpy_window_ok(int window);
int cpy_actions_w(int window);
int cpy_action_section_w(int window, int i, const char **name, int *base, int *len);
int cpy_window_min(void);
int cpy_window_max(void);
const char *cpy_channel_name(int ch);
int cpy_public_range(int i, const char **name, int *off, int *len);
int cpy_window(void);
int cpy_channels(void);
int cpy_hand_size(void);
int cpy_public_size(void);
int cpy_move_tokens(const carc_game *g, const carc_move *m, int32_t out[]);
int cpy_move_tokens_w(const carc_game *g, int window, const carc_move *m, int32_t out[]);
int cpy_outside_w(const carc_game *g, int window, carc_move *buf);
int cpy_legal_actions_w(const carc_game *g, int window, const int32_t *prefix, int np,
                        carc_move *buf, int32_t *ids);
int cpy_resolve_w(const carc_game *g, int window, const int32_t *prefix, int np, carc_move *buf,
                  carc_move *out);
int cpy_decode_single_w(const carc_game *g, int window, int32_t a, carc_move *out);
int cpy_apply_action_w(carc_game *g, int window, int32_t *prefix, int *np, int32_t action,
                       carc_move *buf, carc_move *applied, carc_error *err);
int cpy_prefix_clashes_w(const carc_game *g, int window, carc_move *buf);
void cpy_observe_full_w(const carc_game *g, int window, int seat, const int32_t *prefix, int np,
                        carc_game *view, carc_move *buf, uint8_t *board, float *pub, float *hand,
                        uint8_t *mask);
int cpy_observe_legal_w(const carc_game *g, int window, int seat, const int32_t *prefix, int np,
                        carc_game *view, carc_move *buf, uint8_t *board, float *pub, float *hand,
                        uint8_t *mask, int32_t *legal);
int cpy_legal_actions(const carc_game *g, const int32_t *prefix, int np, carc_move *buf,
                      int32_t *ids);
int cpy_resolve(const carc_game *g, const int32_t *prefix, int np, carc_move *buf,
                carc_move *out);
int cpy_prefix_clashes(const carc_game *g, carc_move *buf);
int cpy_decode_single(const carc_game *g, int32_t a, carc_move *out);
int carc_move_equal(const carc_move *a, const carc_move *b);
int cpy_apply_action(carc_game *g, int32_t *prefix, int *np, int32_t action, carc_move *buf,
                     carc_move *applied, carc_error *err);
void cpy_observe(const carc_game *g, int seat, carc_game *view, uint8_t *board, float *pub,
                 float *hand);
void cpy_observe_full(const carc_game *g, int seat, const int32_t *prefix, int np,
                      carc_game *view, carc_move *buf, uint8_t *board, float *pub, float *hand,
                      uint8_t *mask);
int cpy_legal_text(const carc_game *g, carc_move *buf, char *text, size_t size);
int cpy_events_text(const carc_game *g, char *text, size_t size);

typedef struct cpy_batch cpy_batch;
typedef struct cpy_buffers {
    uint8_t *mask; int32_t *ids; int32_t *nids; int32_t *seat; float *rewards;
    uint8_t *done; int32_t *scores; uint8_t *board; float *pub; float *hand;
} cpy_buffers;
cpy_batch *cpy_batch_new(int n, int players, unsigned expansions, uint64_t seed, int ids_cap,
                         carc_error *err);
cpy_batch *cpy_batch_new_w(int n, int players, unsigned expansions, uint64_t seed, int ids_cap,
                           int window, carc_error *err);
int cpy_batch_window(const cpy_batch *b);
void cpy_batch_free(cpy_batch *b);
void cpy_batch_observe(cpy_batch *b, const cpy_buffers *out);
void cpy_batch_patch(cpy_batch *b, int on);
int cpy_batch_step(cpy_batch *b, const int32_t *actions, const cpy_buffers *out);
int64_t cpy_batch_random(cpy_batch *b, int steps, uint64_t seed, const cpy_buffers *out);
int cpy_batch_prefix(const cpy_batch *b, int i, int32_t out[]);
void cpy_batch_counters(const cpy_batch *b, uint64_t out[3]);
int cpy_batch_restore(cpy_batch *b, int i, const carc_game *g, const int32_t *prefix, int np);
void cpy_batch_set_counters(cpy_batch *b, const uint64_t in[3]);
int64_t cpy_batch_games_done(const cpy_batch *b);
int64_t cpy_batch_decisions(const cpy_batch *b);
const carc_game *cpy_batch_game(const cpy_batch *b, int i);
"""

# The search guided by the caller's evaluator (include/carc_ai.h, _carc_search.h).
CDEF_SEARCH = r"""
typedef struct carc_guided_options {
    uint64_t seed; double c_puct; int max_nodes; int batch;
} carc_guided_options;
void carc_guided_options_init(carc_guided_options *opt);
typedef struct cpy_search cpy_search;
cpy_search *cpy_search_new(const carc_guided_options *opt, int window, carc_error *err);
void cpy_search_free(cpy_search *s);
int cpy_search_begin(cpy_search *s, const carc_game *g, carc_error *err);
int cpy_search_leaves(cpy_search *s, int n, uint8_t *board, float *pub, float *hand,
                      int32_t *ids, int ids_cap, int32_t *nids, int32_t *seat);
int cpy_search_feed(cpy_search *s, const float *priors, const float *values, carc_error *err);
long cpy_search_iterations(const cpy_search *s);
int cpy_search_root(cpy_search *s, int32_t *ids, uint32_t *visits);
int cpy_search_best(const cpy_search *s, carc_move *out);
typedef struct carc_guided carc_guided;
carc_guided *carc_guided_new(const carc_guided_options *opt, carc_error *err);
void carc_guided_free(carc_guided *s);
int carc_guided_begin(carc_guided *s, const carc_game *g, carc_error *err);
int carc_guided_leaves(carc_guided *s, int n, const carc_game **out);
int carc_guided_feed(carc_guided *s, const float *priors, const float *values,
                     carc_error *err);
int carc_guided_root(const carc_guided *s, carc_move *moves, uint32_t *visits, int cap);
int carc_guided_best(const carc_guided *s, carc_move *out);
long carc_guided_iterations(const carc_guided *s);
"""

# Chance made explicit (_carc_chance.h).
CDEF_CHANCE = r"""
int cpy_next_tiles(const carc_game *g, int counts[]);
int cpy_card_pool(const carc_game *g, int card, int counts[]);
int cpy_outcome(const carc_game *g, const carc_move *m, int tile, int card, uint64_t seed,
                int tries, carc_game *out, int *drawn, int *gained, carc_error *err);
"""

# The registry of expansions (include/carc.h): what the package reads of each
# expansion instead of naming it. The struct is declared in part (`...;`), so that
# fields added at its end need no word here.
CDEF_REGISTRY = r"""
typedef struct carc_expansion_info {
    unsigned bit;
    const char *name;
    const char *title;
    ...;
} carc_expansion_info;
int carc_expansion_count(void);
const carc_expansion_info *carc_expansion_at(int i);
"""

ffibuilder = FFI()
ffibuilder.cdef(CDEF)
ffibuilder.cdef(CDEF_REGISTRY)
ffibuilder.cdef(CDEF_SEARCH)
ffibuilder.cdef(CDEF_CHANCE)
ffibuilder.set_source(
    "carc._carc",
    '#include <stdlib.h>\n#include "carc.h"\n#include "carc_record.h"\n#include "carc_ai.h"\n'
    '#include "_carc_py.h"\n#include "_carc_search.h"\n#include "_carc_chance.h"\n',
    sources=SOURCES,
    include_dirs=[_rel("include"), _rel("src", "base"), _rel("src", "engine"),
                  _rel("src", "record"), _rel("src", "ai"), _rel("python", "carc")],
    libraries=["jansson", "m"],
    extra_compile_args=["-std=gnu11", "-O2", "-fvisibility=hidden"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
