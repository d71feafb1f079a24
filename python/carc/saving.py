"""Games and batches as bytes (docs/PYTHON.md, "Saving and pickling"): the versioned
format that `pickle`, `multiprocessing`, `Game.to_bytes`, `Batch.to_bytes`, `carc.save`
and `carc.load` share.

    0   8 bytes  b"carc-py\\0"   what the bytes are
    8   u16      FORMAT         this format's version
    10  u8       kind           1 a Game, 2 a Batch
    11  ...      body           (below, little-endian)
    -4  u32      CRC-32 (zlib.crc32) of everything before it but the engine's bytes,
                 which carry their own checksum: damage, not tampering

A game's body: its window, whether it was determinized and from which seat, the actions
of a move under way, its configuration (carc_config, with no seed when determinized),
its moves (carc_move each), then the engine's state as carc_state_save writes it (and,
for a determinized game, the state it was dealt as first). The engine's bytes carry their
own header (the state layout's fingerprint, a checksum), and carc_state_load runs
carc_check on what it reads, so bytes of another build or damaged bytes are refused with
carc.LoadError and a one-line message. The format is for this build of the package
(checkpoints, other processes); a record (Game.record()) is the one that outlives builds.
"""
from __future__ import annotations

import os
import struct
import zlib
from typing import TYPE_CHECKING, Any

from ._carc import ffi, lib
from .game import MAX_TOKENS, CarcError

if TYPE_CHECKING:
    from .batch import Batch
    from .game import Game

MAGIC = b"carc-py\0"
FORMAT = 1
KIND_GAME, KIND_BATCH = 1, 2
_KINDS = {KIND_GAME: "a Game", KIND_BATCH: "a Batch"}


class LoadError(CarcError, ValueError):
    """Bytes that are not a saved carc game or batch, of another format version or
    build, damaged, or of the other kind than asked."""


class _Writer:
    def __init__(self, kind):
        self.parts = []
        self.crc = 0
        self.add(MAGIC + struct.pack("<HB", FORMAT, kind))

    def add(self, raw, covered=True):
        self.parts.append(raw)
        if covered:
            self.crc = zlib.crc32(raw, self.crc)

    def pack(self, fmt, *values):
        self.add(struct.pack("<" + fmt, *values))

    def blob(self, data):
        self.pack("I", len(data))
        self.add(bytes(data))

    def engine(self, data):
        """The engine's bytes of a state: checked by carc_state_load, not by the CRC."""
        self.pack("I", len(data))
        self.add(data, covered=False)

    def done(self):
        return b"".join(self.parts) + struct.pack("<I", self.crc)


class _Reader:
    def __init__(self, data, want):
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"saved data is bytes, got {type(data).__name__}")
        data = bytes(data)
        if len(data) < len(MAGIC) + 7 or not data.startswith(MAGIC):
            raise LoadError("not a saved carc game or batch (no carc-py header)")
        version, kind = struct.unpack_from("<HB", data, len(MAGIC))
        if version != FORMAT:
            raise LoadError(f"saved by carc format version {version}: this package reads "
                            f"version {FORMAT}")
        if want is not None and kind != want:
            raise LoadError(f"this is {_KINDS.get(kind, f'kind {kind}')}, not "
                            f"{_KINDS[want]}")
        (self.want_crc,) = struct.unpack_from("<I", data, len(data) - 4)
        self.kind = kind
        self.data = data[:-4]
        self.at = len(MAGIC) + 3
        self.crc = zlib.crc32(self.data[:self.at])

    def _take(self, n, covered=True):
        if n > len(self.data) - self.at:
            raise LoadError("saved carc data damaged: it ends early")
        raw = self.data[self.at:self.at + n]
        self.at += n
        if covered:
            self.crc = zlib.crc32(raw, self.crc)
        return raw

    def unpack(self, fmt):
        fmt = "<" + fmt
        return struct.unpack(fmt, self._take(struct.calcsize(fmt)))

    def blob(self):
        (n,) = self.unpack("I")
        return self._take(n)

    def engine(self):
        (n,) = self.unpack("I")
        return self._take(n, covered=False)

    def end(self):
        """After the last field: nothing left, and the CRC right (the fields read so far
        are used only after this)."""
        if self.at != len(self.data):
            raise LoadError("saved carc data damaged: bytes past its end")
        if self.crc != self.want_crc:
            raise LoadError("saved carc data damaged: CRC-32 mismatch")


def state_bytes(g: Any) -> bytes:
    """The engine's bytes of a game (carc_state_save)."""
    n = lib.carc_state_save(g, ffi.NULL, 0)
    buf = ffi.new("char[]", n)
    lib.carc_state_save(g, buf, n)
    return ffi.buffer(buf, n)[:]


def state_load(data: bytes) -> Any:
    """A game (cdata, freed with it) from carc_state_save's bytes; LoadError if refused."""
    err = ffi.new("carc_error *")
    g = lib.carc_state_load(data, len(data), err)
    if g == ffi.NULL:
        raise LoadError(ffi.string(err.msg).decode("utf-8", "replace"), err.code)
    return ffi.gc(g, lib.carc_free)


def write_game(game: Game) -> bytes:
    w = _Writer(KIND_GAME)
    seat = game._seat if game._detached else -1
    w.pack("BBbB", game._window, 1 if game._detached else 0, seat, game._np[0])
    w.pack(f"{MAX_TOKENS}i", *game._pre[0:MAX_TOKENS])
    w.blob(ffi.buffer(game._cfg))
    w.pack("II", ffi.sizeof("carc_move"), len(game._moves))
    w.add(b"".join(game._moves))
    if game._detached:
        w.engine(state_bytes(game._start))
    w.engine(state_bytes(game._g))
    return w.done()


def read_game(data: bytes, cls: type[Game]) -> Game:
    r = _Reader(data, KIND_GAME)
    window, detached, seat, np_ = r.unpack("BBbB")
    prefix = r.unpack(f"{MAX_TOKENS}i")
    cfg_raw = r.blob()
    if len(cfg_raw) != ffi.sizeof("carc_config"):
        raise LoadError("saved carc game of another build: its configuration's size differs")
    move_size, nmoves = r.unpack("II")
    if move_size != ffi.sizeof("carc_move"):
        raise LoadError("saved carc game of another build: its moves' size differs")
    raw = r._take(nmoves * move_size)
    moves = [raw[i * move_size:(i + 1) * move_size] for i in range(nmoves)]
    start = state_load(r.engine()) if detached else None
    g = state_load(r.engine())
    r.end()
    if not (0 <= np_ < MAX_TOKENS) or (detached and not 0 <= seat < lib.carc_players(g)):
        raise LoadError("saved carc data damaged: a field out of range")
    cfg = ffi.new("carc_config *")
    ffi.memmove(cfg, cfg_raw, len(cfg_raw))
    if cfg.players != lib.carc_players(g) or lib.carc_view_seat(g) >= 0:
        raise LoadError("saved carc data damaged: its configuration does not match its state")
    game = cls(_empty=True, window=window)
    game._g, game._cfg, game._moves = g, cfg, moves
    game._detached, game._seat, game._start = bool(detached), seat, start
    ffi.memmove(game._pre, ffi.new("int32_t[]", list(prefix)), 4 * MAX_TOKENS)
    game._np[0] = np_
    return game


def write_batch(batch: Batch) -> bytes:
    b = batch._b
    w = _Writer(KIND_BATCH)
    a = batch._args
    w.pack("IBIQIBBB", batch.n, a["players"], a["expansions"], a["seed"], a["ids_cap"],
           batch.window, 1 if batch.observations else 0, 1 if a["patch_board"] else 0)
    counters = ffi.new("uint64_t[3]")
    lib.cpy_batch_counters(b, counters)
    w.pack("3Q", *counters)
    pre = ffi.new("int32_t[]", MAX_TOKENS)
    for i in range(batch.n):
        np_ = lib.cpy_batch_prefix(b, i, pre)
        w.pack(f"B{MAX_TOKENS}i", np_, *pre)
        w.engine(state_bytes(lib.cpy_batch_game(b, i)))
    return w.done()


def read_batch(data: bytes, cls: type[Batch]) -> Batch:
    r = _Reader(data, KIND_BATCH)
    n, players, exps, seed, ids_cap, window, obs, patch = r.unpack("IBIQIBBB")
    counters = r.unpack("3Q")
    rows = []
    for _ in range(n):
        np_, *prefix = r.unpack(f"B{MAX_TOKENS}i")
        rows.append((np_, prefix, state_load(r.engine())))
    r.end()
    from .game import _expansions_name
    batch = cls(n, players=players, expansions=_expansions_name(exps), seed=seed,
                observations=bool(obs), ids_cap=ids_cap, patch_board=bool(patch), window=window)
    for i, (np_, prefix, g) in enumerate(rows):
        if lib.cpy_batch_restore(batch._b, i, g, ffi.new("int32_t[]", prefix), np_) != 0:
            raise LoadError(f"saved carc batch damaged: game {i} does not fit the batch")
    lib.cpy_batch_set_counters(batch._b, ffi.new("uint64_t[3]", list(counters)))
    batch.rewrite()
    return batch


def loads(data: bytes) -> Game | Batch:
    """A Game or a Batch from the bytes of `to_bytes` (or of carc.save's file)."""
    from .batch import Batch
    from .game import Game
    kind = _Reader(data, None).kind
    if kind == KIND_GAME:
        return read_game(data, Game)
    if kind == KIND_BATCH:
        return read_batch(data, Batch)
    raise LoadError(f"saved carc data of an unknown kind {kind}")


def save(obj: Game | Batch, path: str | os.PathLike[str]) -> None:
    """Writes a Game or a Batch to the file `path` (its to_bytes), atomically (a temporary
    file renamed over it)."""
    data = obj.to_bytes()
    tmp = f"{os.fspath(path)}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def load(path: str | os.PathLike[str]) -> Game | Batch:
    """The Game or Batch carc.save wrote to `path`."""
    with open(path, "rb") as f:
        return loads(f.read())
