"""carc.search: tree search guided by the caller's evaluator (docs/PYTHON.md, "Search
with your evaluator"), the engine's carc_guided (include/carc_ai.h, docs/AI.md) driven
from Python.

The search runs in C and stops at a batch of new positions (leaves); the evaluator
gets them at once, as the package's observations and legal action ids, and returns
priors per legal action id and values; C goes on with the next batch. cffi releases
the GIL for every C call, so other threads run while C searches."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence, Tuple, Union

import numpy as np

from ._carc import ffi, lib
from .game import (CHANNELS, HAND_SIZE, MAX_MOVES, MAX_TOKENS, NOTATION_MAX, PUBLIC_SIZE,
                   CarcError, ConfigError, Game, GameOverError, _check_int, _check_seed,
                   _err_text)

# What an evaluator returns: priors (a 2-D array over every action id, or one 1-D array
# per leaf aligned with its legal ids) and values (one per leaf, or one per seat).
Priors = Union[np.ndarray, Sequence[Any]]
Evaluator = Callable[[dict, list], Tuple[Priors, Any]]


@dataclass
class SearchResult:
    """What a search found at the root: `move` (notation) and `actions` (its action ids,
    for apply_action one after another) are the most visited move; `legal_actions` the
    root's legal action ids (sorted), `visits` the visits of the moves beginning with
    each, `policy` those visits as a distribution (a training target for the priors);
    `simulations` the walks done (fed leaves and finished games)."""
    move: str
    actions: tuple
    legal_actions: np.ndarray
    visits: np.ndarray
    policy: np.ndarray
    simulations: int


class Search:
    """A search guided by `evaluator`, kept from decision to decision (its tree arena
    and buffers are allocated once).

    `evaluator(observations, legal_action_ids)` gets a batch of n leaves:
    `observations` a dict of numpy arrays, row i the observation of leaf i's seat to
    move from that seat's view (as `Game.observe`): "board" uint8 (n, CHANNELS, W, W),
    "public" float32 (n, PUBLIC_SIZE), "hand" float32 (n, 37), "seat" int32 (n,) the absolute
    seat to move, and with `action_mask=True` "action_mask" int8 (n, actions);
    `legal_action_ids` a list of n sorted int32 arrays. The arrays are the search's
    buffers, overwritten by the next batch: copy what you keep. It returns
    `(priors, values)`: priors a float array (n, actions) over every action id (a
    policy head's output; only the legal entries are read) or a sequence of n arrays,
    each as long as that leaf's legal ids; any non-negative scale, all zero uniform.
    values (n,) the value of each leaf for its seat to move, or (n, players) by seat
    relative to it (column 0 the seat to move, 1 the next...), in -1..1 (the package's
    reward scale: 1 a win); a single value gives every other seat its negation."""

    def __init__(self, evaluator: Evaluator, simulations: int = 256, batch: int = 64,
                 c_puct: float = 1.5, max_nodes: int = 1 << 18, seed: int = 1,
                 window: int | None = None, action_mask: bool = False) -> None:
        if not callable(evaluator):
            raise TypeError("evaluator must be callable: f(observations, legal_action_ids)")
        self.evaluator = evaluator
        self.simulations = _check_int("simulations", simulations)
        if self.simulations < 1:
            raise ConfigError(f"simulations must be at least 1, got {self.simulations}")
        opt = ffi.new("carc_guided_options *")
        lib.carc_guided_options_init(opt)
        opt.seed = _check_seed(seed)
        opt.batch = _check_int("batch", batch)
        opt.max_nodes = _check_int("max_nodes", max_nodes)
        if isinstance(c_puct, bool) or not isinstance(c_puct, (int, float, np.floating,
                                                                np.integer)):
            raise TypeError(f"c_puct must be a number, got {type(c_puct).__name__}")
        opt.c_puct = float(c_puct)
        self._opt = opt
        self._window = window
        self._mask = bool(action_mask)
        self._s = None
        self._s_window = None

    def _searcher(self, window):
        if self._s is None or self._s_window != window:
            err = ffi.new("carc_error *")
            s = lib.cpy_search_new(self._opt, window, err)
            if s == ffi.NULL:
                raise ConfigError(_err_text(err), err.code)
            self._s, self._s_window = ffi.gc(s, lib.cpy_search_free), window
            n = self._opt.batch
            self._board = np.zeros((n, CHANNELS, window, window), dtype=np.uint8)
            self._pub = np.zeros((n, PUBLIC_SIZE), dtype=np.float32)
            self._hand = np.zeros((n, HAND_SIZE), dtype=np.float32)
            self._ids = np.zeros((n, MAX_MOVES), dtype=np.int32)
            self._nids = np.zeros(n, dtype=np.int32)
            self._seat = np.zeros(n, dtype=np.int32)
            self._ptrs = (ffi.from_buffer("uint8_t[]", self._board),
                          ffi.from_buffer("float[]", self._pub),
                          ffi.from_buffer("float[]", self._hand),
                          ffi.from_buffer("int32_t[]", self._ids),
                          ffi.from_buffer("int32_t[]", self._nids),
                          ffi.from_buffer("int32_t[]", self._seat))
        return self._s

    def run(self, game: Game) -> SearchResult:
        """Searches the decision pending in `game` from the view of the seat that owes
        it (the search knows what that seat may know, nothing more) and returns what it
        found. An exception of the evaluator propagates (the search is dropped)."""
        if not isinstance(game, Game):
            raise TypeError(f"search takes a carc.Game, got {type(game).__name__}")
        if game.over:
            raise GameOverError("the game is over", 3)
        if game.action_prefix:
            raise CarcError("a move of several actions is under way (action_prefix): "
                            "search before its first action")
        window = game.window if self._window is None else self._window
        s = self._searcher(window)
        err = ffi.new("carc_error *")
        if lib.cpy_search_begin(s, game._g, err) != 0:
            raise CarcError(_err_text(err), err.code)
        players = game.players
        nact = lib.cpy_actions_w(window)
        board, pub, hand, ids, nids, seat = self._ptrs
        cap = MAX_MOVES
        stalled = 0
        while True:
            done = lib.cpy_search_iterations(s)
            if done >= self.simulations:
                break
            want = min(self._opt.batch, self.simulations - done)
            k = lib.cpy_search_leaves(s, want, board, pub, hand, ids, cap, nids, seat)
            if k < 0:
                raise CarcError("search: the leaves could not be listed")
            if k == 0:
                # every walk finished a game (valued in C); stop if none did either
                stalled = stalled + 1 if lib.cpy_search_iterations(s) == done else 0
                if stalled > 1:
                    break
                continue
            counts = self._nids[:k]
            legal = [self._ids[i, :counts[i]] for i in range(k)]
            obs = {"board": self._board[:k], "public": self._pub[:k], "hand": self._hand[:k],
                   "seat": self._seat[:k]}
            if self._mask:
                mask = np.zeros((k, nact), dtype=np.int8)
                rows = np.repeat(np.arange(k), counts)
                flat = np.concatenate(legal) if k else np.zeros(0, np.int32)
                mask[rows, flat] = 1
                obs["action_mask"] = mask
            out = self.evaluator(obs, legal)
            if not isinstance(out, (tuple, list)) or len(out) != 2:
                raise TypeError("the evaluator returns (priors, values)")
            flat_priors = _priors(out[0], legal, counts, nact)
            flat_values = _values(out[1], k, players)
            if lib.cpy_search_feed(s, ffi.from_buffer("float[]", flat_priors),
                                   ffi.from_buffer("float[]", flat_values), err) != 0:
                raise ValueError(_err_text(err))
        return self._result(s, game)

    def _result(self, s, game):
        root_ids = ffi.new("int32_t[]", MAX_MOVES)
        root_visits = ffi.new("uint32_t[]", MAX_MOVES)
        k = lib.cpy_search_root(s, root_ids, root_visits)
        legal_ids = np.frombuffer(ffi.buffer(root_ids, 4 * k), dtype=np.int32).copy()
        visits = np.frombuffer(ffi.buffer(root_visits, 4 * k), dtype=np.uint32).astype(np.int64)
        total = visits.sum()
        policy = (visits / total if total else np.full(k, 1.0 / max(k, 1))).astype(np.float32)
        m = ffi.new("carc_move *")
        if not lib.cpy_search_best(s, m):
            raise CarcError("search: no move")
        text = ffi.new("char[]", NOTATION_MAX)
        if lib.carc_move_format(game._g, m, text, NOTATION_MAX) < 0:
            raise CarcError("search: the move found cannot be written")
        tokens = ffi.new("int32_t[]", MAX_TOKENS)
        nt = lib.cpy_move_tokens_w(game._g, game.window, m, tokens)
        return SearchResult(move=ffi.string(text).decode(), actions=tuple(tokens[0:nt]),
                            legal_actions=legal_ids, visits=visits, policy=policy,
                            simulations=int(lib.cpy_search_iterations(s)))


def _priors(priors, legal, counts, nact):
    """The evaluator's priors as one float32 array, leaf after leaf, each leaf's aligned
    with its legal ids."""
    k = len(legal)
    if isinstance(priors, np.ndarray) and priors.ndim == 2:
        if priors.shape != (k, nact):
            raise ValueError(f"priors as a 2-D array are (leaves, actions) = ({k}, {nact}), "
                             f"got {priors.shape}")
        rows = np.repeat(np.arange(k), counts)
        return np.ascontiguousarray(priors[rows, np.concatenate(legal)], dtype=np.float32)
    if isinstance(priors, (str, bytes)) or not hasattr(priors, "__len__") or len(priors) != k:
        raise ValueError(f"priors: one array per leaf ({k}) or a ({k}, {nact}) array")
    parts = []
    for i, p in enumerate(priors):
        p = np.asarray(p, dtype=np.float32)
        if p.shape != (counts[i],):
            raise ValueError(f"priors of leaf {i}: {counts[i]} entries (its legal ids), "
                             f"got shape {p.shape}")
        parts.append(p)
    return np.ascontiguousarray(np.concatenate(parts) if parts else np.zeros(0, np.float32))


def _values(values, k, players):
    """The evaluator's values as (k, players) float32, by seat relative to each leaf's
    seat to move."""
    v = np.asarray(values, dtype=np.float32)
    if v.shape == (k,) or v.shape == (k, 1):
        v = v.reshape(k, 1)
        full = np.empty((k, players), dtype=np.float32)
        full[:, :1] = v
        full[:, 1:] = -v
        return full
    if v.shape != (k, players):
        raise ValueError(f"values: ({k},) for the seats to move or ({k}, {players}) by seat, "
                         f"got shape {v.shape}")
    return np.ascontiguousarray(v)


def search(game: Game, evaluator: Evaluator, simulations: int = 256, batch: int = 64,
           c_puct: float = 1.5, max_nodes: int = 1 << 18, seed: int = 1,
           action_mask: bool = False) -> SearchResult:
    """One search of `game`'s pending decision guided by `evaluator` (Search, whose
    documentation says what the evaluator gets and returns)."""
    return Search(evaluator, simulations=simulations, batch=batch, c_puct=c_puct,
                  max_nodes=max_nodes, seed=seed, action_mask=action_mask).run(game)


def uniform_evaluator(observations: dict, legal_action_ids: list) -> tuple:
    """Uniform priors and a value of 0 for every leaf: the search with no knowledge."""
    n = len(legal_action_ids)
    return [np.ones(len(ids), dtype=np.float32) for ids in legal_action_ids], \
        np.zeros(n, dtype=np.float32)
