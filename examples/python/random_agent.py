"""A random agent in the PettingZoo AEC environment: one game with both expansions,
every move printed in carc's notation, then the scores.

    .venv/bin/python examples/python/random_agent.py [--players 3] [--seed 1]
"""
import argparse

import numpy as np

from carc import encoding, envs

ap = argparse.ArgumentParser()
ap.add_argument("--players", type=int, default=2)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--expansions", default="gifts,christmas")
ap.add_argument("--quiet", action="store_true")
args = ap.parse_args()

env = envs.aec_env(players=args.players, expansions=args.expansions)
env.reset(seed=args.seed)
rng = np.random.default_rng(args.seed)
returns = {a: 0.0 for a in env.possible_agents}
steps = 0
for agent in env.agent_iter():
    obs, reward, terminated, truncated, info = env.last()
    returns[agent] += reward
    if terminated or truncated:
        env.step(None)
        continue
    legal = info["legal_actions"]  # the mask's ids: faster than np.flatnonzero on the mask
    action = legal[int(rng.random() * len(legal))]
    env.step(action)
    steps += 1
    if not args.quiet:
        print(f"{agent}: {encoding.describe(action)}")
game = env.unwrapped.game
if not args.quiet:
    print("the moves in carc's notation:", "; ".join(game.moves))
print(f"{steps} actions, {len(game.moves)} moves; scores {game.scores()}, "
      f"winners {game.winners()}, returns {returns}")
