"""carc's computer players as opponents: a Gymnasium episode loop of a simple agent (it
takes the first legal action, or a random one with --random) against `greedy` (or any of
random, greedy, mcts), then a game between two of carc's players through carc.Game.

    .venv/bin/python examples/python/vs_computer.py [--opponents greedy] [--episodes 5]
"""
import argparse

import numpy as np

import carc
from carc import envs

ap = argparse.ArgumentParser()
ap.add_argument("--opponents", default="greedy", help="comma-separated, one per other seat")
ap.add_argument("--episodes", type=int, default=5)
ap.add_argument("--expansions", default="gifts,christmas")
ap.add_argument("--random", action="store_true")
ap.add_argument("--mcts-iterations", type=int, default=200)
args = ap.parse_args()

env = envs.GymEnv(opponents=args.opponents.split(","), expansions=args.expansions,
                  mcts_iterations=args.mcts_iterations)
rng = np.random.default_rng(1)
total = 0.0
for ep in range(args.episodes):
    obs, info = env.reset(seed=ep)
    done = False
    while not done:
        legal = info["legal_actions"]  # the ids obs["action_mask"] allows
        action = legal[int(rng.random() * len(legal))] if args.random else legal[0]
        obs, reward, done, truncated, info = env.step(action)
    total += reward
    print(f"episode {ep}: reward {reward:+.0f}, scores {info['scores']} (the agent is seat 0)")
print(f"mean reward {total / args.episodes:+.2f} against {args.opponents}")

# two of carc's own players through the game object
g = carc.Game(players=2, expansions=args.expansions, seed=7)
players = [carc.Player("greedy", seed=1), carc.Player("mcts", seed=2, iterations=args.mcts_iterations)]
while not g.over:
    g.apply(players[g.current_seat].choose(g))
print(f"greedy vs mcts ({args.mcts_iterations} iterations): scores {g.scores()}, "
      f"winners {g.winners()}")
