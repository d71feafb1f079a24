"""How far random games reach from the start tile, and which board window holds them
(docs/PYTHON.md, "Limits"): random games played by actions (each action drawn uniformly
from the legal ones, as a random agent does), in a window wide enough to hold them all
(63 by default). Per game: the farthest tile placed and the farthest legal move listed
(max(|x|, |y|) of any coordinate of any legal move at any decision: a placement next to
the board, or a target on it), and whether any legal move had no actions in the window.
Prints, per window width, how many games listed some legal move outside it.

    .venv/bin/python tests/python/window_reach.py --games 1000 --expansions river,abbot

test_window.py plays some of the same games (play() with the same seeds)."""
import argparse
import random
import sys

import carc
from carc._carc import ffi, lib


def play(exps, players, seed, window=carc.WINDOW_MAX, buf=None, on_decision=None):
    """One random game by actions: game seed `seed`, choices from random.Random(seed).
    Returns (farthest tile placed, farthest legal move listed, decisions at which some
    legal move had no actions in `window`, whether FALLBACK was ever legal)."""
    g = carc.Game(players=players, expansions=exps, seed=seed, window=window)
    enc = g.encoding
    rng = random.Random(seed)
    if buf is None:
        buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    far_tile = far_move = outside = 0
    fallback = False
    while not g.over:
        if not g.action_prefix:
            n = lib.carc_legal(g._g, buf, lib.CARC_MAX_MOVES)
            for i in range(n):
                m = buf[i]
                far_move = max(far_move, abs(m.x), abs(m.y), abs(m.x2), abs(m.y2))
            if g.outside_window():
                outside += 1
            if on_decision:
                on_decision(g)
        legal = g.legal_actions()
        fallback |= enc.FALLBACK in legal
        a = rng.choice(legal)
        g.apply_action(a, events=False)
        if enc.PLACE <= a < enc.SEG:
            x, y = enc.cell_xy((a - enc.PLACE) // 4 % enc.CELLS)
            far_tile = max(far_tile, abs(x), abs(y))
    return far_tile, far_move, outside, fallback


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--first", type=int, default=1, help="the first game's seed")
    ap.add_argument("--expansions", default="river,abbot")
    ap.add_argument("--window", type=int, default=carc.WINDOW_MAX,
                    help="the window the games are played in (63: none leaves it)")
    args = ap.parse_args()
    buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    tiles, moves, outside_games, fallback_games = [], [], 0, 0
    for k in range(args.games):
        seed = args.first + k
        t, m, out, fb = play(args.expansions, 2 + seed % 4, seed, args.window, buf)
        tiles.append((t, seed))
        moves.append((m, seed))
        outside_games += out > 0
        fallback_games += fb
    n = args.games
    tiles.sort()
    moves.sort()
    print(f"{n} random games by actions, {args.expansions}, 2..5 players (seed s: 2 + s % 4), "
          f"seeds {args.first}..{args.first + n - 1}, window {args.window}")
    print(f"farthest tile from the start: {tiles[-1][0]} (seed {tiles[-1][1]}); "
          f"median {tiles[n // 2][0]}, 99% of games within {tiles[(99 * n) // 100 - 1][0]}")
    print(f"farthest legal move listed: {moves[-1][0]} (seed {moves[-1][1]}); "
          f"median {moves[n // 2][0]}, 99% of games within {moves[(99 * n) // 100 - 1][0]}")
    print(f"games with some legal move outside window {args.window}: {outside_games}; "
          f"with FALLBACK legal: {fallback_games}")
    print("window  games listing a legal move outside it")
    for w in range(carc.WINDOW_MIN, carc.WINDOW_MAX + 1, 2):
        r = (w - 1) // 2
        k = sum(1 for m, _ in moves if m > r)
        print(f"{w:6d}  {k}")
        if k == 0:
            break
    far = [s for m, s in moves[::-1] if m == moves[-1][0]]
    print("seeds of the farthest:", " ".join(map(str, far[:10])))
    return 1 if outside_games and args.window == carc.WINDOW_MAX else 0


if __name__ == "__main__":
    sys.exit(main())
