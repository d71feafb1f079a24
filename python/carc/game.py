"""carc.Game: one game of carc, driven from Python (docs/PYTHON.md, "The game object")."""
from __future__ import annotations

import json
import operator
from typing import TYPE_CHECKING, Any, Sequence, Union, cast

import numpy as np

from ._carc import ffi, lib

if TYPE_CHECKING:
    from .encoding import Encoding

# What apply_action takes as an action id: an int, a numpy integer or float, a 0-d array
# (a float or 0-d array only holding a whole number).
ActionLike = Union[int, float, np.integer, np.floating, np.ndarray]

ACTIONS = lib.cpy_actions()           # of the default window
WINDOW = lib.cpy_window()             # the default window's width (31: x, y in -15..15)
WINDOW_MIN = lib.cpy_window_min()     # the widths a game may take: odd, 31..63
WINDOW_MAX = lib.cpy_window_max()
CHANNELS = lib.cpy_channels()
PUBLIC_SIZE = lib.cpy_public_size()
HAND_SIZE = lib.cpy_hand_size()
# Every constant below is read from include/carc.h (through the cffi build), not written here.
MAX_MOVES = lib.CARC_MAX_MOVES
MIN_PLAYERS = lib.CARC_MIN_PLAYERS
MAX_PLAYERS = lib.CARC_MAX_PLAYERS   # 6, with Inns & Cathedrals only; else 5
SEAT_PUBLIC = lib.CARC_SEAT_PUBLIC
MAX_TOKENS = lib.CPY_MAX_TOKENS      # actions one move takes at most
TILE_KINDS = lib.CARC_TILE_KINDS
STACK_MAX = lib.CARC_STACK
NOTATION_MAX = lib.CARC_NOTATION_MAX  # a move in notation always fits (its NUL included)
# Every seed the package takes (a game's, a batch's, a player's, a determinization's) is
# 0..SEED_MAX: a record's seed is a signed 64-bit JSON integer (docs/RECORD.md), so a game
# with a larger seed could not be written down nor rebuilt.
SEED_MAX = 2**63 - 1
# Game.undo keeps the state after every UNDO_EVERY moves once it replayed them: an undo
# then replays at most this many moves (a snapshot is one state, carc_state_size bytes).
UNDO_EVERY = 16


def _names(fn, n):
    return [ffi.string(fn(i)).decode() for i in range(n)]


DECISIONS = _names(lib.carc_decision_name, lib.CARC_DECISIONS)
_DECISIONS = DECISIONS
FIGURES = _names(lib.carc_figure_name, lib.CARC_FIGURES)          # meeple .. pig, mayor, wagon, barn
# the kinds of the action sections fig_follower, figure, ransom and exchange (meeple .. pig);
# Abbey & Mayor's followers (mayor, wagon) have sections of their own (fig_follower2,
# figure2, ransom2, exchange2, AM_FIGURES) and the barn the section barn (docs/PYTHON.md)
ACTION_FIGURES = FIGURES[:lib.CPY_FIGURES]
AM_FIGURES = FIGURES[lib.CPY_FIGURES:lib.CPY_FIGURES + lib.CPY_AM_FIGURES]
GOODS = _names(lib.carc_goods_name, lib.CARC_GOODS_KINDS)         # wine, grain, cloth
SCORE_CATEGORIES = _names(lib.carc_score_category_name, lib.CARC_SCORE_CATEGORIES)
PORTS = _names(lib.carc_port_name, lib.CARC_PORTS)                # N E S W NW .. WN C I G
TILE_NAMES = [ffi.string(lib.carc_tile_def_of(k).name).decode() for k in range(TILE_KINDS)]
# in the registry's order, the order of their bits (expansion i has bit 1 << i)
EXPANSIONS = [ffi.string(lib.carc_expansion_at(i).name).decode()
              for i in range(lib.carc_expansion_count())]


def tiles() -> list[dict[str, Any]]:
    """The tile catalogue (as `carc tiles --json`): per kind its letter, count, edges,
    pennant, cloister and segments."""
    p = lib.carc_tiles_json()
    try:
        return json.loads(ffi.string(p).decode())
    finally:
        lib.free(p)


class CarcError(Exception):
    """An error the engine reported; `message` is the engine's one-line message and
    `code` its status code (enum carc_status)."""

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class ConfigError(CarcError, ValueError):
    """A configuration carc_new refused (players, expansions, stack...)."""


class IllegalMoveError(CarcError, ValueError):
    """A move or action that is not legal now; the game is unchanged."""


class GameOverError(CarcError):
    """A move after the end of the game; the game is unchanged."""


def _err_text(err):
    return ffi.string(err.msg).decode("utf-8", "replace")


def _parse_expansions(expansions):
    if expansions is None:
        expansions = "base"
    if isinstance(expansions, (list, tuple)):
        expansions = ",".join(expansions) if expansions else "base"
    if not isinstance(expansions, str):
        raise TypeError(f"expansions must be a str such as 'gifts,christmas', got {type(expansions).__name__}")
    out = ffi.new("unsigned *")
    err = ffi.new("carc_error *")
    if lib.carc_expansions_parse(expansions.encode(), out, err) != 0:
        raise ConfigError(_err_text(err), err.code)
    return out[0]


def _expansions_name(bits):
    """The expansions of a set of bits as a str ("base", "gifts,christmas", ...)."""
    buf = ffi.new("char[]", lib.CARC_EXPANSIONS_NAME_SIZE)
    return ffi.string(lib.carc_expansions_name(bits, buf, len(buf))).decode()


def _check_int(name, value):
    """value as a Python int (numpy integers too); TypeError for anything else."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}") from None


def _check_seed(value, name="seed"):
    """value as a Python int in 0..SEED_MAX (the one seed range of the package): TypeError
    for a value that is not an int, ConfigError (a ValueError) outside the range."""
    value = _check_int(name, value)
    if not 0 <= value <= SEED_MAX:
        raise ConfigError(f"{name} must be 0..2^63-1, got {value}")
    return value


def _action_int(action):
    """An action id as a Python int: ints and numpy integers, 0-d integer arrays and
    floats (Python, numpy, 0-d arrays) holding a whole number, as agents and Gymnasium
    spaces give them; TypeError for anything else (a bool, a str, a fraction, an array
    of several values)."""
    if isinstance(action, int) and not isinstance(action, bool):
        return action
    if isinstance(action, np.ndarray) and action.ndim == 0:
        action = action[()]
    if isinstance(action, (bool, np.bool_)):
        raise TypeError("an action is an int, got bool")
    if isinstance(action, np.integer):
        return int(action)
    if isinstance(action, (float, np.floating)):
        if float(action).is_integer():
            return int(action)
        raise TypeError(f"an action is a whole number, got {float(action)!r}")
    raise TypeError(f"an action is an int, got {type(action).__name__}")


def _check_window(window):
    """window as a Python int, the width of the board window (odd, WINDOW_MIN..WINDOW_MAX):
    TypeError for a value that is not an int, ConfigError for a width not allowed."""
    window = _check_int("window", window)
    if not (WINDOW_MIN <= window <= WINDOW_MAX and window % 2 == 1):
        raise ConfigError(f"window must be an odd width from {WINDOW_MIN} to {WINDOW_MAX}, "
                          f"got {window}")
    return window


class Game:
    """A game of carc.

    `Game(players=2, expansions="inns,traders,gifts,christmas", seed=1)` (2..5 players,
    6 with inns); `stack` optionally fixes the order of the tiles drawn, as `carc engine`'s
    `new stack=`: a str of base letters A..X, or a list of tile names ("U", "IC/RFr.i";
    carc.TILE_NAMES), at most carc.STACK_MAX.

    Moves are strings in carc's notation (docs/NOTATION.md) or, through `legal_actions`
    and `apply_action`, the ids of the fixed action encoding (docs/PYTHON.md). A refused
    move raises and leaves the game exactly as it was.

    `window` is the width of the board window the actions and the board planes cover
    (x, y in -(window-1)/2..(window-1)/2 around the start tile): an odd int from 31 (the
    default, carc.WINDOW) to 63. Its action ids and observation shapes are those of
    `self.encoding` (carc.encoding.for_window(window)); the default's are the module
    constants carc.ACTIONS and carc.encoding's."""

    __slots__ = ("_g", "_cfg", "_moves", "_pre", "_np", "_bufc", "_err", "_view", "_viewp",
                 "_ids", "_applied", "_detached", "_seat", "_start", "_window", "_nact", "_snaps",
                 "_replayed")

    def __init__(self, players: int = 2, expansions: str | Sequence[str] | None = "base",
                 seed: int = 1, *, stack: str | Sequence[str] | None = None,
                 return_pos: int | None = None, window: int = WINDOW,
                 _empty: bool = False) -> None:
        window = _check_window(window)  # first: a bad window creates nothing
        self._window = window
        self._nact = lib.cpy_actions_w(window)
        self._bufc = None  # the legal moves' scratch (_buf), made when first needed
        self._err = ffi.new("carc_error *")
        self._view = None
        self._pre = ffi.new("int32_t[]", MAX_TOKENS)
        self._np = ffi.new("int *")
        self._applied = ffi.new("carc_move *")
        # a determinized game: the seat whose view it was dealt from and the state it was
        # dealt as (its moves are those since), else -1 and None
        self._detached, self._seat, self._start = False, -1, None
        # undo's snapshots: the state after the first k moves, for k a multiple of
        # UNDO_EVERY (a cache: not copied by clone, not saved); moves it replayed
        self._snaps: dict[int, Any] = {}
        self._replayed = 0
        if _empty:
            return
        players = _check_int("players", players)
        seed = _check_seed(seed)
        cfg = ffi.new("carc_config *")
        lib.carc_config_init(cfg)
        cfg.players = players
        cfg.seed = seed
        cfg.expansions = _parse_expansions(expansions)
        if stack is not None:
            if not isinstance(stack, (str, list, tuple)):
                raise TypeError("stack must be a str of tile letters A..X or a list of tile names")
            if len(stack) > STACK_MAX:
                raise ConfigError(f"stack holds at most {STACK_MAX} tiles, got {len(stack)}")
            for i, ch in enumerate(stack):
                if not isinstance(ch, str):
                    raise TypeError(f"stack: a tile name is a str, got {type(ch).__name__}")
                raw = ch.encode()
                k = (lib.carc_tile_kind_named(raw, len(raw))
                     if raw and b"\x00" not in raw else -1)
                if k < 0:
                    raise ConfigError(f"stack: {ch!r} is not a tile name (a letter A..X or "
                                      "an expansion tile's name: carc.TILE_NAMES)")
                cfg.stack[i] = k
            cfg.stack_len = len(stack)
            if return_pos is not None:
                cfg.return_pos = _check_int("return_pos", return_pos)
        elif return_pos is not None:
            raise ConfigError("return_pos needs a fixed stack")
        g = lib.carc_new(cfg, self._err)
        if g == ffi.NULL:
            raise ConfigError(_err_text(self._err), self._err.code)
        self._g = ffi.gc(g, lib.carc_free)
        self._cfg = cfg
        self._moves: list[bytes] = []  # each move played, as carc_move's bytes

    @property
    def _buf(self) -> Any:
        # CARC_MAX_MOVES moves (24 KB, zeroed): made once per game, and only for a game
        # that lists moves, so that clones and loaded games cost no more than their state
        if self._bufc is None:
            self._bufc = ffi.new("carc_move[]", MAX_MOVES)
        return self._bufc

    # ---- copies ------------------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy (the state is one flat value: a memcpy)."""
        c = Game(_empty=True)
        g = lib.carc_clone(self._g)
        if g == ffi.NULL:
            raise MemoryError("carc_clone")
        c._g = ffi.gc(g, lib.carc_free)
        c._cfg = self._cfg  # never written after creation
        c._window, c._nact = self._window, self._nact
        c._moves = list(self._moves)
        c._copy_prefix(self)
        c._detached, c._seat, c._start = self._detached, self._seat, self._start  # never written
        c._snaps = dict(self._snaps)  # states never written: shared
        return c

    def _copy_prefix(self, other):
        ffi.memmove(self._pre, other._pre, 4 * MAX_TOKENS)
        self._np[0] = other._np[0]

    __copy__ = clone

    def __deepcopy__(self, memo: Any) -> Game:
        return self.clone()

    # ---- saving (carc/saving.py, docs/PYTHON.md "Saving and pickling") -------------------
    def to_bytes(self) -> bytes:
        """The game as bytes of the package's versioned format: its state, configuration,
        moves and any move under way (a determinized game: only what it was dealt and
        its own moves since). `Game.from_bytes` and `carc.loads` read them back."""
        from .saving import write_game
        return write_game(self)

    @classmethod
    def from_bytes(cls, data: bytes) -> Game:
        """A game from `to_bytes`'s bytes; carc.LoadError (a ValueError) for bytes that are
        not a saved game, of another format version or build, or damaged."""
        from .saving import read_game
        return read_game(data, cls)

    def __reduce__(self):
        from .saving import loads
        return (loads, (self.to_bytes(),))

    # ---- what is owed ---------------------------------------------------------------
    @property
    def players(self) -> int:
        return lib.carc_players(self._g)

    @property
    def seed(self) -> int:
        return self._cfg.seed

    @property
    def expansions(self) -> str:
        return _expansions_name(self._cfg.expansions)

    @property
    def window(self) -> int:
        """The width of the board window (31 by default): x, y in -(window-1)/2..(window-1)/2."""
        return self._window

    @property
    def actions(self) -> int:
        """The number of action ids of this game's window (carc.ACTIONS for the default)."""
        return self._nact

    @property
    def encoding(self) -> Encoding:
        """The action encoding of this game's window (carc.encoding.for_window): its
        sections, `describe(id)`, cells."""
        from .encoding import for_window
        return for_window(self._window)

    @property
    def over(self) -> bool:
        return bool(lib.carc_is_over(self._g))

    @property
    def turn(self) -> int:
        return lib.carc_turn(self._g)

    def pending(self) -> dict[str, Any]:
        """The decision owed: {"decision": NAME, "seat": SEAT, "active": SEAT}
        ("over" and seat -1 at the end)."""
        p = lib.carc_pending_decision(self._g)
        name = "over" if p.seat < 0 else _DECISIONS[p.decision]
        return {"decision": name, "seat": p.seat, "active": p.active}

    @property
    def current_seat(self) -> int:
        """The seat that owes the pending decision (-1 once the game is over)."""
        return lib.carc_pending_decision(self._g).seat

    def scores(self) -> list[int]:
        return [lib.carc_score(self._g, s) for s in range(self.players)]

    def score_parts(self) -> list[dict[str, int]]:
        """Points by category for each seat: a list of {category: points} (roads,
        cities, cloisters, fields, cards, gifts, goods, gardens)."""
        return [{c: lib.carc_score_part(self._g, s, i) for i, c in enumerate(SCORE_CATEGORIES)}
                for s in range(self.players)]

    def figures(self, seat: int) -> dict[str, int]:
        """The figures `seat` has in supply by kind: {"meeple": 7, "large": 1, "abbot": 0,
        "builder": 1, "pig": 1} (a figure the game's expansions do not use counts 0)."""
        seat = self._seat_arg(seat)
        if seat == SEAT_PUBLIC:
            raise ValueError("figures takes a seat 0..players-1")
        counts = ffi.new("int[]", lib.CARC_FIGURES)
        lib.carc_supply_figures(self._g, seat, counts)
        return dict(zip(FIGURES, counts))

    def goods(self, seat: int | str | None = None) -> dict[str, int]:
        """Goods tokens (Traders & Builders) by kind, {"wine": n, "grain": n, "cloth": n}:
        a seat's, or with seat None (or "supply") those left in the common supply."""
        if seat is None or seat == "supply":
            s = -1
        else:
            s = self._seat_arg(seat)
            if s == SEAT_PUBLIC:
                raise ValueError("goods takes a seat 0..players-1 or None for the supply")
        counts = ffi.new("int[]", lib.CARC_GOODS_KINDS)
        lib.carc_goods(self._g, s, counts)
        return dict(zip(GOODS, counts))

    @property
    def double_due(self) -> bool:
        """True while a double turn is due this turn (its first part; TB6)."""
        return bool(lib.carc_double_due(self._g))

    @property
    def turn_part(self) -> int:
        """1 while the turn running is the second part of a double turn (TB11), else 0."""
        return lib.carc_turn_part(self._g)

    # ---- The River and The Abbot ---------------------------------------------------------
    @property
    def river_left(self) -> int:
        """Tiles left in the river stack, the lake included (R3, R10: public); 0 once the
        river phase is over and without The River."""
        return lib.carc_river_left(self._g)

    @property
    def river_end(self) -> tuple[int, int] | None:
        """The river's open end (R5), the empty position a river tile must continue, as
        (x, y); None when there is none."""
        x, y = ffi.new("int *"), ffi.new("int *")
        return (x[0], y[0]) if lib.carc_river_end(self._g, x, y) else None

    def recall_points(self, move: str) -> int | None:
        """The points a recall (notation, e.g. "recall (1,2) cloister:C") would score now
        (A6), or None when it is not legal now."""
        m = self._parse(move)
        p = lib.carc_recall_points(self._g, m)
        return None if p < 0 else p

    def winners(self) -> list[int]:
        w = lib.carc_winners(self._g)
        return [s for s in range(self.players) if w >> s & 1]

    @property
    def moves(self) -> list[str]:
        """The moves played so far, in notation."""
        return [text for _, text in self._replay()]

    # ---- legal moves -------------------------------------------------------------
    def legal(self) -> list[str]:
        """Every legal move of the pending decision in canonical notation, in the order
        carc_legal lists them (as `carc engine`'s `legal`)."""
        size = MAX_MOVES * (NOTATION_MAX + 2)
        text = ffi.new("char[]", size)
        n = lib.cpy_legal_text(self._g, self._buf, text, size)
        if n < 0:
            raise CarcError("legal: the moves do not fit the text buffer")
        if n == 0:
            return []
        return ffi.unpack(text, n).decode().split("\n")[:-1]

    def legal_actions(self) -> list[int]:
        """The action ids legal now (sorted): the first action of every legal move, or
        after `apply_action` began a move of several actions, its next ones."""
        self._scratch()  # the ids' buffer, made once per game (not per call: 12 KB zeroed)
        n = lib.cpy_legal_actions_w(self._g, self._window, self._pre, self._np[0], self._buf,
                                    self._ids)
        return ffi.unpack(self._ids, n)

    def action_mask(self) -> np.ndarray:
        """legal_actions() as an int8 numpy array of `actions` entries (0 or 1)."""
        m = np.zeros(self._nact, dtype=np.int8)
        m[self.legal_actions()] = 1
        return m

    def actions_of(self, move: str) -> tuple[int, ...]:
        """The action ids a move (notation) is written as, as a tuple; () when it has a
        coordinate outside the window (then only the fallback action reaches it)."""
        m = self._parse(move)
        out = ffi.new("int32_t[]", MAX_TOKENS)
        n = lib.cpy_move_tokens_w(self._g, self._window, m, out)
        return tuple(out[0:n])

    def outside_window(self) -> int:
        """How many legal moves now have a coordinate outside the window (no actions:
        an agent cannot choose them; FALLBACK is legal when every legal move is such)."""
        return lib.cpy_outside_w(self._g, self._window, self._buf)

    @property
    def action_prefix(self) -> tuple[int, ...]:
        """The actions chosen so far of a move of several actions (empty otherwise)."""
        return tuple(self._pre[0:self._np[0]])

    # ---- playing -----------------------------------------------------------------------
    def _parse(self, move):
        if not isinstance(move, str):
            raise TypeError(f"a move is a str in carc notation, got {type(move).__name__}")
        if "\x00" in move:
            raise IllegalMoveError("a move holds a NUL byte")
        m = ffi.new("carc_move *")
        if lib.carc_move_parse(self._g, move.encode(), m, self._err) != 0:
            raise IllegalMoveError(_err_text(self._err), self._err.code)
        return m

    def _apply(self, m):
        if lib.carc_is_over(self._g):
            raise GameOverError("the game is over", 3)
        if lib.carc_apply(self._g, m, self._err) != 0:
            code = self._err.code
            cls = GameOverError if code == 3 else IllegalMoveError
            raise cls(_err_text(self._err), code)

    def apply(self, move: str | int) -> list[str] | None:
        """Plays one move given in notation (any port of a segment accepted) and returns
        the events it caused (the protocol's event strings). Raises IllegalMoveError
        (or GameOverError) and changes nothing when the move is refused. An int is taken
        as an action id (apply_action)."""
        if isinstance(move, int) and not isinstance(move, bool):
            return cast("list[str] | None", self.apply_action(move))
        if self._np[0]:
            raise IllegalMoveError("a move of several actions is under way (action_prefix); "
                                   "finish it with apply_action or cancel_actions()")
        if lib.carc_is_over(self._g):
            raise GameOverError("the game is over", 3)
        m = self._parse(move)
        self._apply(m)
        self._moves.append(bytes(ffi.buffer(m)))
        return self.events()

    def apply_action(self, action: ActionLike, events: bool = True) -> list[str] | bool | None:
        """Plays one action id of the fixed encoding. Returns the events when the action
        completed a move (True instead with events=False, which is faster), else None
        (the move needs more actions: legal_actions() lists them). Raises
        IllegalMoveError, changing nothing, for an action not legal now."""
        action = _action_int(action)
        if lib.carc_is_over(self._g):
            raise GameOverError("the game is over", 3)
        if not 0 <= action < self._nact:
            raise IllegalMoveError(f"action {action} is outside 0..{self._nact - 1}")
        r = lib.cpy_apply_action_w(self._g, self._window, self._pre, self._np, action, self._buf,
                                   self._applied, self._err)
        if r == 0:
            return None
        if r == 1:
            self._moves.append(bytes(ffi.buffer(self._applied)))
            return self.events() if events else True
        if r == -2:
            raise IllegalMoveError(_err_text(self._err), self._err.code)
        raise IllegalMoveError(f"action {action} is not legal now (legal_actions() lists "
                               f"{'the next actions of the move begun' if self._np[0] else 'them'})")

    def cancel_actions(self) -> None:
        """Forgets the actions chosen of a move not finished."""
        self._np[0] = 0

    def events(self) -> list[str]:
        """The events of the last move (or of the start), as the protocol's strings."""
        size = 192 * 64
        text = ffi.new("char[]", size)
        n = lib.cpy_events_text(self._g, text, size)
        if n < 0:  # many events (a final scoring with six seats): every one fits in this
            size = lib.CARC_MAX_EVENTS * 258
            text = ffi.new("char[]", size)
            n = lib.cpy_events_text(self._g, text, size)
        if n <= 0:
            return []
        return ffi.unpack(text, n).decode().split("\n")[:-1]

    def undo(self) -> str:
        """Takes back the last move; returns it in notation. A move of several actions
        under way is forgotten first. The game before it is replayed from the nearest
        snapshot the game keeps (every UNDO_EVERY moves, taken by undo's replays and
        kept while the moves before them stand): after the first undo's replay from the
        start, an undo replays fewer than UNDO_EVERY moves plus those applied since the
        last undo, not the whole game."""
        self._np[0] = 0
        if not self._moves:
            raise IllegalMoveError("no move to take back")
        target = len(self._moves) - 1
        snaps = self._snaps
        for k in [k for k in snaps if k > target]:  # the moves after them are going
            del snaps[k]
        at = max(snaps, default=0)
        g = lib.carc_clone(snaps[at]) if at else None
        g = ffi.gc(g, lib.carc_free) if g is not None else self._initial()
        m = ffi.new("carc_move *")
        for i in range(at, target):
            ffi.memmove(m, self._moves[i], len(self._moves[i]))
            if lib.carc_apply(g, m, self._err) != 0:
                raise CarcError("undo: replay failed: " + _err_text(self._err))
            self._replayed += 1
            if (i + 1) % UNDO_EVERY == 0 and i + 1 not in snaps:
                snaps[i + 1] = ffi.gc(lib.carc_clone(g), lib.carc_free)
        ffi.memmove(m, self._moves[target], len(self._moves[target]))
        text = ffi.new("char[]", NOTATION_MAX)
        lib.carc_move_format(g, m, text, NOTATION_MAX)
        self._g = g
        del self._moves[target]
        return ffi.string(text).decode()

    # ---- views, record ------------------------------------------------------------------
    def _json(self, g, with_legal):
        p = lib.carc_state_json(g, 1 if with_legal else 0)
        if p == ffi.NULL:
            raise MemoryError("carc_state_json")
        try:
            return json.loads(ffi.string(p).decode())
        finally:
            lib.free(p)

    def state(self, legal: bool = False) -> dict[str, Any]:
        """The full state as a dict (docs/RECORD.md, "State JSON"): every hidden part too."""
        return self._json(self._g, legal)

    def view(self, seat: int | str | None, legal: bool = False) -> dict[str, Any]:
        """What `seat` may know (RULES.md §6) as a dict of the state JSON; seat "public"
        (or None) for a spectator's view."""
        seat = self._seat_arg(seat)
        v = self._view_game(seat)
        return self._json(v, legal)

    def _seat_arg(self, seat):
        if seat is None or seat == "public":
            return SEAT_PUBLIC
        seat = _check_int("seat", seat)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1} or 'public', got {seat}")
        return seat

    def _view_game(self, seat):
        v = lib.carc_clone(self._g)
        if v == ffi.NULL:
            raise MemoryError("carc_clone")
        v = ffi.gc(v, lib.carc_free)
        lib.carc_view(self._g, seat, v)
        return v

    def observe(self, seat: int, full: bool = True) -> dict[str, np.ndarray]:
        """The observation of `seat` as numpy arrays (docs/PYTHON.md, "Observations"):
        {"board": uint8 (CHANNELS, window, window), "public": float32, "hand": float32,
        "action_mask": int8 (actions,)}, built from the seat's view only; the mask is
        zero unless the seat owes the pending decision. full=False: the mask only."""
        seat = self._seat_arg(seat)
        if seat == SEAT_PUBLIC:
            raise ValueError("observe takes a seat 0..players-1")
        return self._observe(seat, full)

    def _observe(self, seat, full=True):
        return self._observe_legal(seat, full)[0]

    def _observe_legal(self, seat, full=True):
        """(the observation of `seat`, its legal action ids as a sorted list: empty unless
        it owes the decision), from one listing of the legal moves. The AEC environment
        calls it every step: the scratch and names it needs are looked up once."""
        if self._view is None:
            self._scratch()
        w = self._window
        fb = ffi.from_buffer
        mask = np.empty(self._nact, dtype=np.int8)
        buf = self._bufc if self._bufc is not None else self._buf
        if not full:
            k = lib.cpy_observe_legal_w(self._g, w, seat, self._pre, self._np[0], ffi.NULL,
                                        buf, ffi.NULL, ffi.NULL, ffi.NULL,
                                        fb("uint8_t[]", mask), self._ids)
            return {"action_mask": mask}, ffi.unpack(self._ids, k)
        board = np.empty((CHANNELS, w, w), dtype=np.uint8)
        pub = np.empty(PUBLIC_SIZE, dtype=np.float32)
        hand = np.empty(HAND_SIZE, dtype=np.float32)
        k = lib.cpy_observe_legal_w(self._g, w, seat, self._pre, self._np[0], self._viewp, buf,
                                    fb("uint8_t[]", board), fb("float[]", pub),
                                    fb("float[]", hand), fb("uint8_t[]", mask), self._ids)
        return {"board": board, "public": pub, "hand": hand, "action_mask": mask}, \
            ffi.unpack(self._ids, k)

    def _scratch(self):
        """The view and legal ids the observations are written through, made once."""
        if self._view is None:
            self._view = ffi.new("char[]", lib.carc_state_size())
            self._viewp = ffi.cast("carc_game *", self._view)  # _view keeps it alive
            self._ids = ffi.new("int32_t[]", MAX_MOVES)

    def determinized(self, seat: int, seed: int) -> Game:
        """A playable game that agrees with everything `seat` may know and deals what it
        may not (the stack order, other hands, the decks) at random from `seed`
        (carc_determinize): a twin for the hidden-information tests and for search.

        It is made from the seat's view alone and keeps nothing else of this game: not
        its seed (its `seed` is 0) nor its moves. Its own history starts at the deal:
        `moves`, `undo` and `record()` are those of the moves applied to it since
        (docs/PYTHON.md, "Saving and pickling")."""
        seat = self._seat_arg(seat)
        seed = _check_seed(seed)
        if seat == SEAT_PUBLIC:
            raise ValueError("determinized takes a seat 0..players-1")
        v = self._view_game(seat)
        c = Game(_empty=True, window=self._window)
        g = lib.carc_clone(self._g)
        lib.carc_determinize(v, seed, g)
        c._g = ffi.gc(g, lib.carc_free)
        cfg = ffi.new("carc_config *")
        cfg[0] = lib.carc_config_of(v)  # the view's: seed 0, no fixed orders
        c._cfg = cfg
        c._moves = []
        c._copy_prefix(self)
        # its hidden parts are not those a configuration deals: its start is the deal
        c._detached, c._seat = True, seat
        c._start = ffi.gc(lib.carc_clone(g), lib.carc_free)
        return c

    # ---- chance (carc/chance.py, docs/PYTHON.md "Chance") ------------------------------
    def next_tiles(self) -> dict[str, float]:
        """{tile name: probability} of the tile the next turn begins with, as every seat
        may know it; {} when no tile is left to draw."""
        from .chance import next_tiles
        return next_tiles(self)

    def card_outcomes(self, move: str, samples: int = 2000, seed: int = 0,
                      exact: bool = True) -> dict[str, float]:
        """{card name: probability} of the gift or card `move` draws for the mover
        ("none": none): exact, from the cards of its deck the mover cannot see, when the
        deals agree on one deck; else (and with exact=False) the frequencies over
        `samples` deals of what the mover may not know (carc.chance.card_outcomes)."""
        from .chance import card_outcomes
        return card_outcomes(self, move, samples, seed, exact)

    def apply_outcome(self, move: str, tile: str | None = None, card: str | None = None,
                      seed: int = 0, tries: int | None = None) -> Game:
        """A new game dealt from the mover's view (as `determinized`) in which `move` was
        applied and its draw came out as asked: `tile` the tile the next turn begins with,
        `card` the gift or card the move drew for the mover. This game is
        unchanged; ValueError for an outcome that cannot come."""
        from .chance import apply_outcome
        return apply_outcome(self, move, tile, card, seed, tries)

    @property
    def determinized_from(self) -> int | None:
        """The seat whose view a determinized game was dealt from, else None."""
        return self._seat if self._detached else None

    def _initial(self):
        """A new game at this game's start: its configuration's first state, or the state
        a determinized game was dealt as."""
        if self._detached:
            g = lib.carc_clone(self._start)
            if g == ffi.NULL:
                raise MemoryError("carc_clone")
            return ffi.gc(g, lib.carc_free)
        g = lib.carc_new(self._cfg, self._err)
        if g == ffi.NULL:
            raise CarcError(_err_text(self._err), self._err.code)
        return ffi.gc(g, lib.carc_free)

    def _replay(self):
        """(state before, notation) of every move played, replayed from the start."""
        g = self._initial()
        m = ffi.new("carc_move *")
        text = ffi.new("char[]", NOTATION_MAX)
        out = []
        for raw in self._moves:
            ffi.memmove(m, raw, len(raw))
            lib.carc_move_format(g, m, text, NOTATION_MAX)
            out.append((None, ffi.string(text).decode()))
            if lib.carc_apply(g, m, self._err) != 0:
                raise CarcError("replay failed: " + _err_text(self._err))
        return out

    def record(self) -> dict[str, Any]:
        """The game record so far (docs/RECORD.md) as a dict; `carc replay` accepts it.
        A determinized game's is the record of its own moves since the deal, with no
        `seed` (no configuration deals it, so `carc replay` refuses it) and a key
        `determinized`: {"seat": the seat it was dealt from, "start": the dealt state as
        state JSON}."""
        g = self._initial()
        rec = ffi.gc(lib.carc_recorder_new(self._cfg, g), lib.carc_recorder_free)
        before = ffi.gc(lib.carc_clone(g), lib.carc_free)
        m = ffi.new("carc_move *")
        for raw in self._moves:
            ffi.memmove(m, raw, len(raw))
            lib.carc_copy(before, g)
            if lib.carc_apply(g, m, self._err) != 0:
                raise CarcError("record: replay failed: " + _err_text(self._err))
            lib.carc_recorder_add(rec, before, m, g)
        p = lib.carc_recorder_json(rec, g)
        try:
            out = json.loads(ffi.string(p).decode())
        finally:
            lib.free(p)
        if self._detached:
            del out["seed"]
            out["determinized"] = {"seat": self._seat, "start": self._json(self._start, False)}
        return out

    def board_text(self) -> str:
        p = lib.carc_board_text(self._g)
        try:
            return ffi.string(p).decode()
        finally:
            lib.free(p)

    def check(self) -> None:
        """Runs carc_check (every invariant of the state); raises CarcError if broken."""
        if lib.carc_check(self._g, self._err) != 0:
            raise CarcError(_err_text(self._err), self._err.code)

    def state_bytes(self) -> bytes:
        """The raw state (for equality tests: two games with equal bytes are equal)."""
        return bytes(ffi.buffer(ffi.cast("char *", self._g), lib.carc_state_size()))

    def __repr__(self):
        win = "" if self._window == WINDOW else f" window={self._window}"
        return (f"<carc.Game players={self.players} expansions={self.expansions!r} "
                f"seed={self.seed}{win} moves={len(self._moves)} pending={self.pending()}>")


class Player:
    """One of carc's computer players (include/carc_ai.h, docs/AI.md): "random",
    "greedy" or "mcts" (`iterations` per decision, or `budget_ms` of time: not
    reproducible). `choose(game)` returns the move, in notation, for the seat that owes
    the pending decision, decided from that seat's view only."""

    def __init__(self, name: str = "greedy", seed: int = 1, budget_ms: int = 0,
                 iterations: int = 1000) -> None:
        if not isinstance(name, str):
            raise TypeError("a player's name is a str: random, greedy or mcts")
        seed = _check_seed(seed)
        opt = ffi.new("carc_ai_options *")
        lib.carc_ai_options_init(opt)
        opt.seed = seed
        opt.budget_ms = _check_int("budget_ms", budget_ms)
        opt.iterations = _check_int("iterations", iterations)
        err = ffi.new("carc_error *")
        p = lib.carc_player_new(name.encode(), opt, err)
        if p == ffi.NULL:
            raise ConfigError(_err_text(err), err.code)
        self._p = ffi.gc(p, lib.carc_player_free)
        self.name = name
        self._options = (name, seed, opt.budget_ms, opt.iterations)

    def __reduce__(self):
        # a new player with the same options: its generator starts again from its seed
        return (Player, self._options)

    def choose(self, game: Game) -> str:
        if game.over:
            raise GameOverError("the game is over", 3)
        seat = game.current_seat
        v = game._view_game(seat)
        m = ffi.new("carc_move *")
        note = ffi.new("char[200]")
        if lib.carc_player_choose(self._p, v, m, note, 200) != 0:
            raise CarcError(f"{self.name}: no move")
        text = ffi.new("char[]", NOTATION_MAX)
        if lib.carc_move_format(game._g, m, text, NOTATION_MAX) < 0:
            raise CarcError(f"{self.name}: the move chosen cannot be written")
        return ffi.string(text).decode()

    def __repr__(self):
        return f"<carc.Player {self.name}>"
