"""Self-play through the batched API: 10,000 games of random play with action masks
(actions drawn in numpy from each game's legal actions), then games and decisions per
second. The C side steps every game in one call, with the GIL released.

    .venv/bin/python examples/python/selfplay_batch.py [--games 10000] [--envs 256]
        [--expansions gifts,christmas] [--observations]
"""
import argparse
import time

import numpy as np

import carc

ap = argparse.ArgumentParser()
ap.add_argument("--games", type=int, default=10000)
ap.add_argument("--envs", type=int, default=256, help="games stepped per call")
ap.add_argument("--players", type=int, default=2)
ap.add_argument("--expansions", default="base")
ap.add_argument("--observations", action="store_true",
                help="also write board planes, public vector and hand every step")
ap.add_argument("--seed", type=int, default=1)
args = ap.parse_args()

batch = carc.Batch(args.envs, players=args.players, expansions=args.expansions, seed=args.seed,
                   observations=args.observations)
rng = np.random.default_rng(args.seed)
wins = np.zeros(carc.game.MAX_PLAYERS)
finished = actions = 0
start = time.perf_counter()
while finished < args.games:
    batch.step(batch.random_actions(rng))
    actions += batch.n
    ended = batch.done.astype(bool)
    if ended.any():
        finished += int(ended.sum())
        wins += (batch.rewards[ended] > 0).sum(axis=0)
elapsed = time.perf_counter() - start
print(f"{finished} games ({args.players} players, {args.expansions}, "
      f"{'full observations' if args.observations else 'masks only'}) in {elapsed:.2f} s: "
      f"{finished / elapsed:,.0f} games/s, {actions / elapsed:,.0f} decisions/s")
print("wins by seat:", [int(w) for w in wins[:args.players]])
