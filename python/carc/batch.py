"""carc.Batch: many games stepped in one call from C (docs/PYTHON.md, "Batched API").

The caller owns the numpy buffers (the attributes below, allocated once); every call
writes into them and creates no Python object per game. cffi releases the GIL for the
whole of each call, so other Python threads run meanwhile (and several batches can be
stepped from several threads at once; one batch is stepped from one thread at a time)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import numpy as np
from numpy.typing import ArrayLike

from ._carc import ffi, lib
from .game import (CHANNELS, HAND_SIZE, MAX_PLAYERS, PUBLIC_SIZE, WINDOW, ConfigError,
                   IllegalMoveError, _check_int, _check_seed, _check_window, _err_text,
                   _parse_expansions)

if TYPE_CHECKING:
    from .encoding import Encoding


class Batch:
    """`Batch(n, players=2, expansions="base", seed=1, observations=True, ids_cap=512,
    window=31)`.

    `window`: the width of the board window of every game (odd, 31..63; carc.Game's),
    W below; `actions` is its number of action ids (carc.ACTIONS for the default) and
    `encoding` its carc.encoding.Encoding.

    Buffers (row i is game i), rewritten by every `step`:
      mask    int8   (n, actions)  legal actions now (kept up to date entry by entry:
                                   do not write into it)
      ids     int32  (n, ids_cap)  the legal actions as a list, `nids` of them (unsorted)
      nids    int32  (n,)
      seat    int32  (n,)          the seat that owes the next action
      rewards float32 (n, MAX_PLAYERS)  by seat (6 columns; those past `players` stay 0):
                                   +1 winners, -1 the others (0 all if all win), on the
                                   step that ended a game, else 0
      done    uint8  (n,)          1 when this step ended game i; the row then already
                                   shows the next game (auto-reset)
      scores  int32  (n, MAX_PLAYERS) the final scores of the game that just ended
      board   uint8  (n, CHANNELS, W, W), public float32 (n, PUBLIC_SIZE),
      hand    float32 (n, HAND_SIZE): the observation of `seat` (only with observations);
                                   board rows are patched in place, only the cells that
                                   changed (do not write into them), unless
                                   patch_board=False (written whole every step)

    Game j started by the batch (the first n are rows 0..n-1, then each game that ends
    is replaced by the next) is seeded (seed + j) mod 2^63, so a batch is reproducible and
    each of its games is a carc.Game(seed=...) (seeds are 0..2^63-1 everywhere).

    `buffers={"board": arr, ...}` (or `use_buffers`) makes it write into arrays the caller
    allocated instead."""

    def __init__(self, n: int, players: int = 2, expansions: str | Sequence[str] | None = "base",
                 seed: int = 1, observations: bool = True, ids_cap: int = 512,
                 patch_board: bool = True, buffers: dict[str, np.ndarray] | None = None,
                 window: int = WINDOW) -> None:
        window = _check_window(window)  # first: a bad window creates nothing
        n = _check_int("n", n)
        players = _check_int("players", players)
        seed = _check_seed(seed)
        ids_cap = _check_int("ids_cap", ids_cap)
        if n < 1:
            raise ValueError("n must be at least 1")
        exps = _parse_expansions(expansions)
        # what to_bytes saves of the configuration
        self._args = {"players": players, "expansions": exps, "seed": seed, "ids_cap": ids_cap,
                      "patch_board": bool(patch_board)}
        err = ffi.new("carc_error *")
        b = lib.cpy_batch_new_w(n, players, exps, seed, ids_cap, window, err)
        if b == ffi.NULL:
            raise ConfigError(_err_text(err), err.code)
        self._b = ffi.gc(b, lib.cpy_batch_free)
        self.n = n
        self.players = players
        self.window = window
        self.actions = lib.cpy_actions_w(window)
        self.mask = np.zeros((n, self.actions), dtype=np.int8)
        self.ids = np.zeros((n, ids_cap), dtype=np.int32)
        self.nids = np.zeros(n, dtype=np.int32)
        self.seat = np.zeros(n, dtype=np.int32)
        self.rewards = np.zeros((n, MAX_PLAYERS), dtype=np.float32)
        self.done = np.zeros(n, dtype=np.uint8)
        self.scores = np.zeros((n, MAX_PLAYERS), dtype=np.int32)
        self.observations = bool(observations)
        self.board: np.ndarray | None
        self.public: np.ndarray | None
        self.hand: np.ndarray | None
        if observations:
            self.board = np.zeros((n, CHANNELS, window, window), dtype=np.uint8)
            self.public = np.zeros((n, PUBLIC_SIZE), dtype=np.float32)
            self.hand = np.zeros((n, HAND_SIZE), dtype=np.float32)
        else:
            self.board = self.public = self.hand = None
        lib.cpy_batch_patch(self._b, 1 if patch_board else 0)
        self._out = ffi.new("cpy_buffers *")
        self._keep: list[Any] = []  # the cffi views of the buffers, alive while bound
        if buffers:
            self.use_buffers(**buffers)
        else:
            self._bind()
            lib.cpy_batch_observe(self._b, self._out)

    def use_buffers(self, **arrays: np.ndarray) -> None:
        """Writes into arrays the caller gives (e.g. shared memory, or views into its own
        larger arrays) instead of the batch's own: any of mask, ids, nids, seat, rewards,
        done, scores, board, public, hand, each C-contiguous with the shape and dtype of
        the attribute it replaces. Every row is then written whole (rewrite)."""
        for name, arr in arrays.items():
            if name not in self._BUFFERS:
                raise ValueError(f"unknown buffer {name!r} ({', '.join(self._BUFFERS)})")
            cur = getattr(self, name)
            if cur is None:
                raise ValueError(f"{name}: this batch writes no observations")
            if not isinstance(arr, np.ndarray):
                raise TypeError(f"{name} must be a numpy array")
            if arr.shape != cur.shape or arr.dtype != cur.dtype:
                raise ValueError(f"{name} must have shape {cur.shape} and dtype {cur.dtype}, "
                                 f"got {arr.shape} {arr.dtype}")
            if not arr.flags.c_contiguous or not arr.flags.writeable:
                raise ValueError(f"{name} must be C-contiguous and writeable")
        for name, arr in arrays.items():
            setattr(self, name, arr)
        self._keep = []
        self._bind()
        lib.cpy_batch_observe(self._b, self._out)

    _BUFFERS = ("mask", "ids", "nids", "seat", "rewards", "done", "scores", "board", "public",
                "hand")

    def _ptr(self, ctype, arr):
        if arr is None:
            return ffi.NULL
        c = ffi.from_buffer(ctype, arr)
        self._keep.append(c)
        return c

    def _bind(self):
        o = self._out
        o.mask = self._ptr("uint8_t[]", self.mask)
        o.ids = self._ptr("int32_t[]", self.ids)
        o.nids = self._ptr("int32_t[]", self.nids)
        o.seat = self._ptr("int32_t[]", self.seat)
        o.rewards = self._ptr("float[]", self.rewards)
        o.done = self._ptr("uint8_t[]", self.done)
        o.scores = self._ptr("int32_t[]", self.scores)
        o.board = self._ptr("uint8_t[]", self.board)
        o.pub = self._ptr("float[]", self.public)
        o.hand = self._ptr("float[]", self.hand)

    def to_bytes(self) -> bytes:
        """The batch as bytes of the package's versioned format (carc/saving.py): its
        configuration, every game's full state and move under way, and its counters;
        `Batch.from_bytes` (or `carc.loads`) makes a batch that steps on exactly as this
        one would. Buffers the caller gave (use_buffers) are not saved: the loaded batch
        has its own, written whole."""
        from .saving import write_batch
        return write_batch(self)

    @classmethod
    def from_bytes(cls, data: bytes) -> Batch:
        """A batch from `to_bytes`'s bytes; carc.LoadError for bytes that are not a
        saved batch, of another format version or build, or damaged."""
        from .saving import read_batch
        return read_batch(data, cls)

    def __reduce__(self):
        from .saving import loads
        return (loads, (self.to_bytes(),))

    def rewrite(self) -> None:
        """Writes every row of the buffers whole again (masks, legal lists, seats,
        observations; rewards and done cleared): after the caller wrote into them."""
        lib.cpy_batch_observe(self._b, self._out)

    def step(self, actions: ArrayLike) -> int:
        """One action per game (int32 array of n). Raises IllegalMoveError, changing
        nothing in any game, when one is not legal; returns the moves completed."""
        raw = np.asarray(actions)
        if raw.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, got an array of {raw.dtype}")
        if raw.shape != (self.n,):
            raise ValueError(f"actions must have shape ({self.n},), got {raw.shape}")
        bad = np.flatnonzero((raw < 0) | (raw >= self.actions))
        if bad.size:  # before the cast to int32, which would wrap them
            i = int(bad[0])
            raise IllegalMoveError(f"game {i}: action {int(raw[i])} is outside "
                                   f"0..{self.actions - 1}")
        a = np.ascontiguousarray(raw, dtype=np.int32)
        r = lib.cpy_batch_step(self._b, ffi.from_buffer("int32_t[]", a), self._out)
        if r < 0:
            i = -r - 1
            raise IllegalMoveError(f"game {i}: action {int(a[i])} is not legal now")
        return r

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal action per game (numpy, from `ids` and `nids`)."""
        k = (rng.random(self.n) * np.minimum(self.nids, self.ids.shape[1])).astype(np.int64)
        return self.ids[np.arange(self.n), k]

    def play_random(self, steps: int, seed: int = 1) -> int:
        """`steps` uniformly random actions per game chosen inside C (the engine side
        alone, for benchmarks); returns the moves completed."""
        return lib.cpy_batch_random(self._b, steps, seed, self._out)

    @property
    def encoding(self) -> Encoding:
        """The action encoding of the batch's window (carc.encoding.for_window)."""
        from .encoding import for_window
        return for_window(self.window)

    @property
    def games_done(self) -> int:
        return lib.cpy_batch_games_done(self._b)

    @property
    def decisions(self) -> int:
        """Moves applied so far over every game."""
        return lib.cpy_batch_decisions(self._b)

    def state(self, i: int) -> dict[str, Any]:
        """The full state of game i as a dict (state JSON), for inspection."""
        import json
        g = lib.cpy_batch_game(self._b, i)
        if g == ffi.NULL:
            raise IndexError(i)
        p = lib.carc_state_json(g, 0)
        try:
            return json.loads(ffi.string(p).decode())
        finally:
            lib.free(p)
