"""Chance made explicit (docs/PYTHON.md, "Chance"): the next tile's distribution, the
cards a move may bring, and a move applied with the outcome of its draw chosen, for
expectimax and chance-node search written in Python. Game.next_tiles,
Game.card_outcomes and Game.apply_outcome call these."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ._carc import ffi, lib
from .game import (SEED_MAX, TILE_KINDS, TILE_NAMES, GameOverError,
                   IllegalMoveError, _check_int, _check_seed, _err_text)

if TYPE_CHECKING:
    from .game import Game

CARD_NAMES = {c: ffi.string(lib.carc_card_name(c)).decode() for c in range(1, lib.CARC_CARDS)}
_CARD_IDS = {name: c for c, name in CARD_NAMES.items()}


def next_tiles(game: Game) -> dict[str, float]:
    """{tile name: probability} of the tile the next turn begins with, as every seat may
    know it (the stack's contents are public, its order hidden); {} when none is left."""
    counts = ffi.new("int[]", TILE_KINDS)
    total = lib.cpy_next_tiles(game._g, counts)
    return {TILE_NAMES[k]: counts[k] / total for k in range(TILE_KINDS) if counts[k]} \
        if total else {}


def _prepare(game, move):
    if game.over:
        raise GameOverError("the game is over", 3)
    if game.action_prefix:
        raise IllegalMoveError("a move of several actions is under way (action_prefix)")
    return game._parse(move)


def _run(game, m, tile, card, seed, tries):
    out = ffi.new("char[]", lib.carc_state_size())
    drawn, gained = ffi.new("int *"), ffi.new("int *")
    err = ffi.new("carc_error *")
    r = lib.cpy_outcome(game._g, m, tile, card, seed, tries, ffi.cast("carc_game *", out),
                        drawn, gained, err)
    if r < 0:
        raise IllegalMoveError(_err_text(err), err.code)
    return r, drawn[0], gained[0]


def card_outcomes(game: Game, move: str, samples: int = 2000, seed: int = 0,
                  exact: bool = True) -> dict[str, float]:
    """{card name: probability} of the gift or Christmas card `move` draws for the mover
    (kept, played at once or discarded; "none" when it draws none).

    exact=True (the default): the deck the move draws from is found by applying it in a
    few deals of what the mover may not know; the card is then uniform among that deck's
    cards the mover cannot see (the deck's copies less its hand, the card in play and the
    face-up discards: those left in the deck and in the other hands, whose contents are
    known only by their sizes, RULES.md 6), so the probabilities are exact. When the
    deals disagree (a draw from two decks, or none in some) or draw a card outside that
    pool (an empty deck shuffled again), and with exact=False: the frequencies over
    `samples` deals, an estimate."""
    m = _prepare(game, move)
    samples = _check_int("samples", samples)
    if samples < 1:
        raise ValueError("samples must be at least 1")
    seed = _check_seed(seed)
    if exact:
        got = {_run(game, m, -1, -1, (seed + i) & SEED_MAX, 1)[2]
               for i in range(min(samples, 16))}
        pool = ffi.new("int[]", lib.CARC_CARDS)
        if got == {-1}:
            return {"none": 1.0}
        if len(got) >= 1 and -1 not in got:
            total = lib.cpy_card_pool(game._g, next(iter(got)), pool)
            if total > 0 and all(pool[c] > 0 for c in got):
                return {CARD_NAMES[c]: pool[c] / total
                        for c in sorted(CARD_NAMES, key=lambda c: CARD_NAMES[c]) if pool[c] > 0}
    tally: dict[str, int] = {}
    for i in range(samples):
        _, _, gained = _run(game, m, -1, -1, (seed + i) & SEED_MAX, 1)
        name = CARD_NAMES[gained] if gained > 0 else "none"
        tally[name] = tally.get(name, 0) + 1
    return {k: v / samples for k, v in sorted(tally.items())}


def apply_outcome(game: Game, move: str, tile: str | None = None, card: str | None = None,
                  seed: int = 0, tries: int | None = None) -> Game:
    """A new game: `game`'s seat to move's view, its hidden parts dealt anew (as
    `determinized(seat, s)`, for the first s from `seed` on that fits), with `move`
    applied and its draw come out as asked: `tile` the tile name the next turn begins
    with, `card` the gift or card name the move draws for the mover. ValueError
    when no deal of `tries` (64 per tile left) gives it: an outcome of probability 0 (a
    tile not left, a move that draws none)."""
    m = _prepare(game, move)
    seed = _check_seed(seed)
    kind = -1
    if tile is not None:
        if tile not in TILE_NAMES:
            raise ValueError(f"{tile!r} is not a tile name (carc.TILE_NAMES)")
        kind = TILE_NAMES.index(tile)
    cid = -1
    if card is not None:
        if card not in _CARD_IDS:
            raise ValueError(f"{card!r} is not a gift or card name (carc.chance.CARD_NAMES)")
        cid = _CARD_IDS[card]
    if tries is None:
        tries = 64 * max(lib.carc_stack_left(game._g) + lib.carc_river_left(game._g), 40)
    tries = _check_int("tries", tries)
    found, _, _ = _run(game, m, kind, cid, seed, tries)
    if not found:
        asked = " and ".join(x for x in (tile and f"tile {tile}", card and f"card {card}") if x)
        raise ValueError(f"no deal of {tries} gives {asked or 'that'} after {move!r}: "
                         "not a possible outcome")
    out = game.determinized(game.current_seat, (seed + found - 1) & SEED_MAX)
    out.apply(move)
    return out
