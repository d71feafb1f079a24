"""A picture of the board for the environments' render_mode="rgb_array" (docs/PYTHON.md,
"Environments"): an RGB image drawn with numpy from a seat's board planes (its
observation, so it shows nothing that seat may not know), one square of CELL pixels per
cell of the window. It is for watching an agent (Gymnasium's RecordVideo), not a faithful
drawing of the tiles: each tile is its field colour with a band on each city edge, a line
from its centre to each road edge, a blue band on each river edge, a red square for a
cloister, a dot for a pennant, and one dot per follower in its owner's colour."""
from __future__ import annotations

import numpy as np

from .encoding import CHANNEL

CELL = 8  # pixels per cell: a 31-wide window is a 248 x 248 image

_EMPTY = (32, 32, 32)
_FRONTIER = (56, 56, 56)
_FIELD = (96, 150, 64)
_CITY = (170, 110, 60)
_ROAD = (235, 235, 220)
_RIVER = (60, 110, 220)
_CLOISTER = (200, 40, 40)
_PENNANT = (40, 60, 200)
_LAST = (250, 220, 40)
# a follower's colour by seat (absolute), seats 0..5
_SEATS = [(230, 30, 30), (30, 30, 230), (250, 250, 40), (20, 20, 20), (200, 40, 200),
          (255, 140, 0)]


def _patterns(c):
    """Boolean c x c masks of the parts of a cell: edge bands and road lines N E S W,
    the centre square, a pennant dot, an outline, follower dots by relative seat."""
    y, x = np.mgrid[0:c, 0:c]
    b = max(1, c // 4)
    mid = (x >= c // 2 - 1) & (x <= c // 2)
    midy = (y >= c // 2 - 1) & (y <= c // 2)
    band = {"N": y < b, "E": x >= c - b, "S": y >= c - b, "W": x < b}
    road = {"N": mid & (y <= c // 2), "E": midy & (x >= c // 2 - 1),
            "S": mid & (y >= c // 2 - 1), "W": midy & (x <= c // 2)}
    centre = (abs(2 * x - (c - 1)) <= c // 3) & (abs(2 * y - (c - 1)) <= c // 3)
    pennant = (x == b) & (y == b)
    outline = (x == 0) | (y == 0) | (x == c - 1) | (y == c - 1)
    dots = [(y == 1 + 2 * (r // 3)) & (x >= 1 + 2 * (r % 3)) & (x <= 2 + 2 * (r % 3)) & (c >= 8)
            for r in range(6)]
    return band, road, centre, pennant, outline, dots


def board_rgb(board: np.ndarray, observer: int = 0, players: int = 2,
              cell: int = CELL) -> np.ndarray:
    """The board planes of one observation (uint8 (CHANNELS, W, W), the seat `observer`'s
    of a game of `players`) as an RGB image, uint8 (W * cell, W * cell, 3)."""
    board = np.asarray(board)
    w = board.shape[-1]
    img = np.empty((w * cell, w * cell, 3), dtype=np.uint8)
    img[:] = _EMPTY
    band, road, centre, pennant, outline, dots = _patterns(cell)

    def paint(cells, pattern, colour):
        if cells.any():
            px = np.kron(cells.astype(bool), np.ones((cell, cell), dtype=bool))
            img[px & np.tile(pattern, (w, w))] = colour

    full = np.ones((cell, cell), dtype=bool)
    paint(board[CHANNEL["frontier"]], full, _FRONTIER)
    paint(board[CHANNEL["tile"]], full, _FIELD)
    for d in "NESW":
        paint(board[CHANNEL["city_" + d]], band[d], _CITY)
        paint(board[CHANNEL["river_" + d]], band[d], _RIVER)
        paint(board[CHANNEL["road_" + d]], road[d], _ROAD)
    paint(board[CHANNEL["cloister"]], centre, _CLOISTER)
    paint(board[CHANNEL["pennant"]], pennant, _PENNANT)
    paint(board[CHANNEL["last_placed"]], outline, _LAST)
    rel = ["follower_me", "follower_next", "follower_next2", "follower_next3",
           "follower_next4", "follower_next5"]
    for r, name in enumerate(rel[:players]):
        paint(board[CHANNEL[name]], dots[r], _SEATS[(observer + r) % players])
    return img
