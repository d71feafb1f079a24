"""The fixed action encoding and the observation layout (docs/PYTHON.md).

One Discrete space of ACTIONS ids covers every decision of every expansion set. A move
is one action, or a few for the moves that name a card and then its targets:

    id range                      what
    PASS, DRAW, BLOCK             pass / decline / close; draw the offered card; block
    FALLBACK                      the first legal move, legal only when no legal move
                                  can be written in the window (never seen in random play)
    GIFT + (card - 1)             open gift card 1..5 (its targets follow)
    PLAY + (card - 6)             play Christmas card 6..37 (its targets follow)
    DISCARD + (card - 6)          discard a Christmas card (hand limit)
    SEAT + r                      whose follower a swap takes, r seats after the actor
    FOLLOWER + port               a follower on the tile placed this turn, port 0..12
    PLACE + (slot*CELLS + cell)*4 + rot   place hand tile `slot` (0, or 1 under Take 2 /
                                  Draw two) at a cell of the window, rotation 0..3
    SEG + cell*13 + port          a segment target: a card's, a gift's, a `target` move's
    POS + cell                    a position target (Mastermind)
    -- the ids above are those of the encoding before Inns & Cathedrals and Traders &
       Builders, unchanged; the big-box sections follow --
    AGAIN                         take the second part of a double turn (TB11)
    SEAT5                         the seat 5 after the actor (6 players)
    FOLLOWER_I                    a meeple on the inner field (port I)
    FIG_FOLLOWER + (fig-1)*14 + port   a large meeple (1), abbot (2), builder (3) or pig
                                  (4) on the tile placed this turn, port 0..13 (N..I)
    FIGURE + fig - 1              the figure a gift, card or target move names (not a
                                  meeple): right after the gift or card, first in a target
    SEG_I + cell                  a segment target at port I
    -- The River and The Abbot (issue 20) --
    ABBOT_G                       the abbot on the garden (port G) of the tile placed
                                  this turn (A4)
    RECALL + cell*2 + g           recall the abbot from the cloister (g = 0, port C) or
                                  the garden (g = 1, port G) at cell (A6)
    SEG_G + cell                  a segment target at port G (Cash Out of an abbot on a
                                  garden, GI4)
    -- The Princess & the Dragon and The Tower (issue 30) --
    WALK + dir                    the dragon's step (PD7) to the tile N, E, S, W (0..3) of
                                  the one it stands on
    FAIRY                         the fairy next to one's follower (PD9): then FIGURE (not
                                  a meeple) and the follower's place (SEG, SEG_I, SEG_G,
                                  SEG_T)
    PRINCESS                      the princess sends a follower home (PD12): then FIGURE,
                                  its place, and SEAT + r, whose follower
    FOLLOWER_AT                   a follower placed elsewhere than on the tile placed this
                                  turn (a portal, PD11; a tower's top, TW4): then FIGURE
                                  and its place
    RANSOM + fig*6 + r            buy back one's figure `fig` held by the seat r after the
                                  actor (TW8)
    EXCHANGE + fig                the figure given back in an exchange (TW6)
    FLOOR + cell                  a floor on the tower at cell (TW3)
    SEG_T + cell                  a target at port T, a tower's top (a capture, TW5; a
                                  follower there)
    A capture (TW5) is FIGURE (not a meeple), its place, then SEAT + r, whose follower.
    -- Abbey & Mayor (issue 30) --
    FIG_FOLLOWER2 + (fig-5)*14 + port   a mayor (5) or wagon (6) on the tile placed this
                                  turn, port 0..13 (N..I); a wagon moving onto it (AM8)
    FOLLOWER_I2 + fig             a follower `fig` (meeple 0 .. wagon 6) on the second
                                  inner field (port I2, AM12) of the tile placed this turn
    FIGURE2 + fig - 5             the mayor or wagon a move names, where FIGURE names the
                                  others (a wagon moving elsewhere than onto the tile
                                  placed, AM8: FOLLOWER_AT, FIGURE2 + 1, its place)
    RANSOM2 + (fig-5)*6 + r       RANSOM of one's mayor or wagon (TW8)
    EXCHANGE2 + fig - 5           EXCHANGE of a mayor or wagon (TW6)
    ABBEY                         the abbey instead of a drawn tile (AM3, AM5); then PLACE
    BARN + corner                 the barn on corner NW, NE, SE, SW (0..3) of the tile
                                  placed this turn (AM9)
    SEG_I2 + cell                 a segment target at port I2

cell = (y + R) * W + (x + R) for -R <= x, y <= R around the start tile: W is the window's
width, R = (W - 1) / 2. The module's constants and `describe` are those of the default
window (W = 31, R = 15, ACTIONS = carc.ACTIONS); a game, an environment or a batch made with
another `window` (an odd width from 31 to 63) has the same sections in the same order,
those of the cells longer: `for_window(window)` (or `game.encoding`) gives its Encoding,
with the same names as attributes (`enc.ACTIONS`, `enc.PLACE`, `enc.SECTIONS`, ...) and
its own `describe`. The ids below PLACE are the same in every window.
"""
from __future__ import annotations

import functools

from ._carc import ffi, lib
from .game import (ACTIONS, ACTION_FIGURES, AM_FIGURES, CHANNELS, FIGURES, HAND_SIZE, MAX_PLAYERS, PUBLIC_SIZE, WINDOW,
                   _check_window)


def _table(fn):
    out, i = [], 0
    name, a, b = ffi.new("char **"), ffi.new("int *"), ffi.new("int *")
    while fn(i, name, a, b):
        out.append((ffi.string(name[0]).decode(), a[0], b[0]))
        i += 1
    return out


NPORTS = lib.CARC_PORTS          # N E S W NW NE EN ES SE SW WS WN C I G
OLD_PORTS = lib.CARC_PORT_C + 1  # the ports of the FOLLOWER and SEG sections: N..C
FIG_PORTS = lib.CARC_PORT_I + 1  # the ports of the FIG_FOLLOWER section: N..I

PORTS = [ffi.string(lib.carc_port_name(p)).decode() for p in range(NPORTS)]
GIFTS = [ffi.string(lib.carc_card_name(c)).decode() for c in range(1, 6)]
CARDS = [ffi.string(lib.carc_card_name(c)).decode() for c in range(6, lib.CARC_CARDS)]


class Encoding:
    """The action ids of one window width (`for_window(window)`): `SECTIONS` (name, first
    id, count), `ACTIONS`, each section's first id by its name in capitals (`PASS`,
    `PLACE`, `SEG`, ..., `SEG_G`), `W` (= `window`), `R`, `CELLS`, `BOARD_SHAPE` (the
    board planes' shape), `cell(x, y)`, `cell_xy(cell)` and `describe(id)`. Read from
    _carc_py.c's sections for that width."""

    # the first id of each section, set from the table (declared for type checkers)
    PASS: int
    DRAW: int
    BLOCK: int
    FALLBACK: int
    GIFT: int
    PLAY: int
    DISCARD: int
    SEAT: int
    FOLLOWER: int
    PLACE: int
    SEG: int
    POS: int
    AGAIN: int
    SEAT5: int
    FOLLOWER_I: int
    FIG_FOLLOWER: int
    FIGURE: int
    SEG_I: int
    ABBOT_G: int
    RECALL: int
    SEG_G: int
    WALK: int
    FAIRY: int
    PRINCESS: int
    FOLLOWER_AT: int
    RANSOM: int
    EXCHANGE: int
    FLOOR: int
    SEG_T: int
    FIG_FOLLOWER2: int
    FOLLOWER_I2: int
    FIGURE2: int
    RANSOM2: int
    EXCHANGE2: int
    ABBEY: int
    BARN: int
    SEG_I2: int

    def __init__(self, window: int = WINDOW) -> None:
        w = _check_window(window)
        self.window = self.W = w
        self.R = (w - 1) // 2
        self.CELLS = w * w
        self.SECTIONS = _table(lambda i, n, a, b: lib.cpy_action_section_w(w, i, n, a, b))
        self.ACTIONS = lib.cpy_actions_w(w)
        self.BOARD_SHAPE = (CHANNELS, w, w)
        for name, base, _ in self.SECTIONS:
            setattr(self, name.upper(), base)
        assert self.SECTIONS[-1][1] + self.SECTIONS[-1][2] == self.ACTIONS, \
            "encoding.py and _carc_py.c disagree"

    def __repr__(self):
        return f"<carc.encoding.Encoding window={self.W} actions={self.ACTIONS}>"

    def cell(self, x: int, y: int) -> int | None:
        """The cell of position (x, y), or None outside the window."""
        if not (-self.R <= x <= self.R and -self.R <= y <= self.R):
            return None
        return (y + self.R) * self.W + (x + self.R)

    def cell_xy(self, cell: int) -> tuple[int, int]:
        return cell % self.W - self.R, cell // self.W - self.R

    def describe(self, action: int) -> str:
        """A readable name of an action id, e.g. 'place slot0 (1,0) r2' or 'seg (0,-1) S':
        the same move has the same name in every window."""
        a = int(action)
        if not 0 <= a < self.ACTIONS:
            raise ValueError(f"action {a} outside 0..{self.ACTIONS - 1}")
        cell_xy = self.cell_xy
        if a >= self.WALK:
            return self._describe_new(a)
        if a < self.GIFT:
            return ["pass", "draw", "block", "fallback"][a]
        if a < self.PLAY:
            return "open " + GIFTS[a - self.GIFT]
        if a < self.DISCARD:
            return "play " + CARDS[a - self.PLAY]
        if a < self.SEAT:
            return "discard " + CARDS[a - self.DISCARD]
        if a < self.FOLLOWER:
            return f"seat +{a - self.SEAT}"
        if a < self.PLACE:
            return "follower " + PORTS[a - self.FOLLOWER]
        if a >= self.SEG_G:
            x, y = cell_xy(a - self.SEG_G)
            return f"seg ({x},{y}) G"
        if a >= self.RECALL:
            cell, garden = divmod(a - self.RECALL, 2)
            x, y = cell_xy(cell)
            return f"recall ({x},{y}) {'G' if garden else 'C'}"
        if a == self.ABBOT_G:
            return "follower abbot G"
        if a >= self.SEG_I:
            x, y = cell_xy(a - self.SEG_I)
            return f"seg ({x},{y}) I"
        if a >= self.FIGURE:
            return "figure " + FIGURES[a - self.FIGURE + 1]
        if a >= self.FIG_FOLLOWER:
            fig, port = divmod(a - self.FIG_FOLLOWER, FIG_PORTS)
            return f"follower {FIGURES[fig + 1]} {PORTS[port]}"
        if a == self.FOLLOWER_I:
            return "follower I"
        if a == self.SEAT5:
            return "seat +5"
        if a == self.AGAIN:
            return "again"
        if a < self.SEG:
            i = a - self.PLACE
            rot = i % 4
            slot, cell = divmod(i // 4, self.CELLS)
            x, y = cell_xy(cell)
            return f"place slot{slot} ({x},{y}) r{rot}"
        if a < self.POS:
            cell, port = divmod(a - self.SEG, OLD_PORTS)
            x, y = cell_xy(cell)
            return f"seg ({x},{y}) {PORTS[port]}"
        x, y = cell_xy(a - self.POS)
        return f"pos ({x},{y})"

    def _describe_new(self, a: int) -> str:
        """describe() for the sections of issue 30 (The Princess & the Dragon, The Tower,
        Abbey & Mayor)."""
        if a >= self.FIG_FOLLOWER2:
            return self._describe_abbey(a)
        if a >= self.SEG_T:
            x, y = self.cell_xy(a - self.SEG_T)
            return f"seg ({x},{y}) T"
        if a >= self.FLOOR:
            x, y = self.cell_xy(a - self.FLOOR)
            return f"floor ({x},{y})"
        if a >= self.EXCHANGE:
            return "exchange " + ACTION_FIGURES[a - self.EXCHANGE]
        if a >= self.RANSOM:
            fig, r = divmod(a - self.RANSOM, MAX_PLAYERS)
            return f"ransom {FIGURES[fig]} seat +{r}"
        if a >= self.WALK + 4:
            return ["fairy", "princess", "follower_at"][a - self.WALK - 4]
        return "walk " + "NESW"[a - self.WALK]


    def _describe_abbey(self, a: int) -> str:
        """describe() for Abbey & Mayor's sections."""
        if a >= self.SEG_I2:
            x, y = self.cell_xy(a - self.SEG_I2)
            return f"seg ({x},{y}) I2"
        if a >= self.BARN:
            return "barn " + ["NW", "NE", "SE", "SW"][a - self.BARN]
        if a == self.ABBEY:
            return "abbey"
        if a >= self.EXCHANGE2:
            return "exchange " + AM_FIGURES[a - self.EXCHANGE2]
        if a >= self.RANSOM2:
            fig, r = divmod(a - self.RANSOM2, MAX_PLAYERS)
            return f"ransom {AM_FIGURES[fig]} seat +{r}"
        if a >= self.FIGURE2:
            return "figure " + AM_FIGURES[a - self.FIGURE2]
        if a >= self.FOLLOWER_I2:
            return f"follower {FIGURES[a - self.FOLLOWER_I2]} I2"
        fig, port = divmod(a - self.FIG_FOLLOWER2, FIG_PORTS)
        return f"follower {AM_FIGURES[fig]} {PORTS[port]}"


@functools.lru_cache(maxsize=None)
def _for_window(window):
    return Encoding(window)


def for_window(window: int = WINDOW) -> Encoding:
    """The Encoding of a window width (odd, WINDOW_MIN..WINDOW_MAX; TypeError or
    carc.ConfigError otherwise), one object per width."""
    return _for_window(_check_window(window))


# The default window's encoding, and its constants as the module's (docs/PYTHON.md).
DEFAULT = for_window(WINDOW)
# The sections of the action ids, (name, first id, count), read from _carc_py.c.
SECTIONS = DEFAULT.SECTIONS
_S = {name: base for name, base, _ in SECTIONS}
R = DEFAULT.R
W = DEFAULT.W
CELLS = DEFAULT.CELLS
PASS, DRAW, BLOCK, FALLBACK = _S["pass"], _S["draw"], _S["block"], _S["fallback"]
GIFT, PLAY, DISCARD, SEAT = _S["gift"], _S["play"], _S["discard"], _S["seat"]
FOLLOWER, PLACE, SEG, POS = _S["follower"], _S["place"], _S["seg"], _S["pos"]
AGAIN, SEAT5, FOLLOWER_I = _S["again"], _S["seat5"], _S["follower_i"]
FIG_FOLLOWER, FIGURE, SEG_I = _S["fig_follower"], _S["figure"], _S["seg_i"]
ABBOT_G, RECALL, SEG_G = _S["abbot_g"], _S["recall"], _S["seg_g"]
WALK, FAIRY, PRINCESS, FOLLOWER_AT = _S["walk"], _S["fairy"], _S["princess"], _S["follower_at"]
RANSOM, EXCHANGE, FLOOR, SEG_T = _S["ransom"], _S["exchange"], _S["floor"], _S["seg_t"]
FIG_FOLLOWER2, FOLLOWER_I2, FIGURE2 = _S["fig_follower2"], _S["follower_i2"], _S["figure2"]
RANSOM2, EXCHANGE2, ABBEY, BARN = _S["ransom2"], _S["exchange2"], _S["abbey"], _S["barn"]
SEG_I2 = _S["seg_i2"]
assert SECTIONS[-1][1] + SECTIONS[-1][2] == ACTIONS, "encoding.py and _carc_py.h disagree"

CHANNEL_NAMES = [ffi.string(lib.cpy_channel_name(c)).decode() for c in range(CHANNELS)]
CHANNEL = {name: i for i, name in enumerate(CHANNEL_NAMES)}

# The public vector: (name, offset, length); seats are relative (0 = the observer,
# 1 = the next seat in turn order, ...), each range by seat holding MAX_PLAYERS entries.
PUBLIC_LAYOUT = _table(lib.cpy_public_range)
assert PUBLIC_LAYOUT[-1][1] + PUBLIC_LAYOUT[-1][2] == PUBLIC_SIZE
HAND_LAYOUT = [("gift:" + g) for g in GIFTS] + [("card:" + c) for c in CARDS]
assert len(HAND_LAYOUT) == HAND_SIZE


def public_range(name: str) -> slice:
    """The slice of the public vector named `name` (a PUBLIC_LAYOUT entry)."""
    for n, off, length in PUBLIC_LAYOUT:
        if n == name:
            return slice(off, off + length)
    raise KeyError(name)


def cell_xy(cell: int) -> tuple[int, int]:
    """(x, y) of a cell of the default window."""
    return DEFAULT.cell_xy(cell)


def describe(action: int) -> str:
    """A readable name of an action id of the default window, e.g. 'place slot0 (1,0) r2'
    or 'seg (0,-1) S' (for another window: for_window(window).describe)."""
    return DEFAULT.describe(action)
