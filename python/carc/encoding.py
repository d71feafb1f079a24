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

cell = (y + R) * W + (x + R) for -R <= x, y <= R around the start tile (R = 15, W = 31).
"""
from ._carc import ffi, lib
from .game import ACTIONS, CHANNELS, FIGURES, HAND_SIZE, PUBLIC_SIZE, WINDOW


def _table(fn):
    out, i = [], 0
    name, a, b = ffi.new("char **"), ffi.new("int *"), ffi.new("int *")
    while fn(i, name, a, b):
        out.append((ffi.string(name[0]).decode(), a[0], b[0]))
        i += 1
    return out


# The sections of the action ids, (name, first id, count), read from _carc_py.c.
SECTIONS = _table(lib.cpy_action_section)
_S = {name: base for name, base, _ in SECTIONS}
R = (WINDOW - 1) // 2
W = WINDOW
CELLS = W * W
PASS, DRAW, BLOCK, FALLBACK = _S["pass"], _S["draw"], _S["block"], _S["fallback"]
GIFT, PLAY, DISCARD, SEAT = _S["gift"], _S["play"], _S["discard"], _S["seat"]
FOLLOWER, PLACE, SEG, POS = _S["follower"], _S["place"], _S["seg"], _S["pos"]
AGAIN, SEAT5, FOLLOWER_I = _S["again"], _S["seat5"], _S["follower_i"]
FIG_FOLLOWER, FIGURE, SEG_I = _S["fig_follower"], _S["figure"], _S["seg_i"]
ABBOT_G, RECALL, SEG_G = _S["abbot_g"], _S["recall"], _S["seg_g"]
NPORTS = lib.CARC_PORTS          # N E S W NW NE EN ES SE SW WS WN C I G
OLD_PORTS = lib.CARC_PORT_C + 1  # the ports of the FOLLOWER and SEG sections: N..C
FIG_PORTS = lib.CARC_PORT_I + 1  # the ports of the FIG_FOLLOWER section: N..I
assert SECTIONS[-1][1] + SECTIONS[-1][2] == ACTIONS, "encoding.py and _carc_py.h disagree"

PORTS = [ffi.string(lib.carc_port_name(p)).decode() for p in range(NPORTS)]
GIFTS = [ffi.string(lib.carc_card_name(c)).decode() for c in range(1, 6)]
CARDS = [ffi.string(lib.carc_card_name(c)).decode() for c in range(6, lib.CARC_CARDS)]

CHANNEL_NAMES = [ffi.string(lib.cpy_channel_name(c)).decode() for c in range(CHANNELS)]
CHANNEL = {name: i for i, name in enumerate(CHANNEL_NAMES)}

# The public vector: (name, offset, length); seats are relative (0 = the observer,
# 1 = the next seat in turn order, ...), each range by seat holding MAX_PLAYERS entries.
PUBLIC_LAYOUT = _table(lib.cpy_public_range)
assert PUBLIC_LAYOUT[-1][1] + PUBLIC_LAYOUT[-1][2] == PUBLIC_SIZE
HAND_LAYOUT = [("gift:" + g) for g in GIFTS] + [("card:" + c) for c in CARDS]
assert len(HAND_LAYOUT) == HAND_SIZE


def public_range(name):
    """The slice of the public vector named `name` (a PUBLIC_LAYOUT entry)."""
    for n, off, length in PUBLIC_LAYOUT:
        if n == name:
            return slice(off, off + length)
    raise KeyError(name)


def cell_xy(cell):
    return cell % W - R, cell // W - R


def describe(action):
    """A readable name of an action id, e.g. 'place slot0 (1,0) r2' or 'seg (0,-1) S'."""
    a = int(action)
    if not 0 <= a < ACTIONS:
        raise ValueError(f"action {a} outside 0..{ACTIONS - 1}")
    if a < GIFT:
        return ["pass", "draw", "block", "fallback"][a]
    if a < PLAY:
        return "open " + GIFTS[a - GIFT]
    if a < DISCARD:
        return "play " + CARDS[a - PLAY]
    if a < SEAT:
        return "discard " + CARDS[a - DISCARD]
    if a < FOLLOWER:
        return f"seat +{a - SEAT}"
    if a < PLACE:
        return "follower " + PORTS[a - FOLLOWER]
    if a >= SEG_G:
        x, y = cell_xy(a - SEG_G)
        return f"seg ({x},{y}) G"
    if a >= RECALL:
        cell, garden = divmod(a - RECALL, 2)
        x, y = cell_xy(cell)
        return f"recall ({x},{y}) {'G' if garden else 'C'}"
    if a == ABBOT_G:
        return "follower abbot G"
    if a >= SEG_I:
        x, y = cell_xy(a - SEG_I)
        return f"seg ({x},{y}) I"
    if a >= FIGURE:
        return "figure " + FIGURES[a - FIGURE + 1]
    if a >= FIG_FOLLOWER:
        fig, port = divmod(a - FIG_FOLLOWER, FIG_PORTS)
        return f"follower {FIGURES[fig + 1]} {PORTS[port]}"
    if a == FOLLOWER_I:
        return "follower I"
    if a == SEAT5:
        return "seat +5"
    if a == AGAIN:
        return "again"
    if a < SEG:
        i = a - PLACE
        rot = i % 4
        slot, cell = divmod(i // 4, CELLS)
        x, y = cell_xy(cell)
        return f"place slot{slot} ({x},{y}) r{rot}"
    if a < POS:
        cell, port = divmod(a - SEG, OLD_PORTS)
        x, y = cell_xy(cell)
        return f"seg ({x},{y}) {PORTS[port]}"
    x, y = cell_xy(a - POS)
    return f"pos ({x},{y})"
