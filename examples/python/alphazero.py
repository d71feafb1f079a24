"""A small AlphaZero-style loop with carc.Search (docs/PYTHON.md, "Search with your
evaluator"), numpy only: a model guides the search, the search plays itself, and the
model learns from those games (the root's visit distribution for the priors, the final
result for the value). Each iteration then plays the searcher against `random`,
`greedy` and the same search with a uniform evaluator, and prints the curve.

The model is deliberately tiny: the value is tanh(w . x + b) over a few entries of the
observation's public vector (the scores and score parts by seat relative to the seat to
move, the stack left), and the priors are a softmax of one learned logit per action id
(where to place, which follower) over the legal ids.

    .venv/bin/python examples/python/alphazero.py [--iterations 6] [--games 16]
        [--eval-games 20] [--simulations 128] [--expansions base] [--seed 1]
"""
import argparse
import time

import numpy as np

import carc


LAYOUT = {name: (off, n) for name, off, n in carc.encoding.PUBLIC_LAYOUT}
PUBLIC_FEATURES = np.concatenate([np.arange(LAYOUT[k][0], LAYOUT[k][0] + LAYOUT[k][1]) for k in
                                  ("score_div100", "score_parts_div100",
                                   "stack_left_fraction")])


def features(obs):
    """The value's inputs for a batch of observations (n rows): points over 10, so that
    a linear model's weights move at the rate of the others."""
    return obs["public"][:, PUBLIC_FEATURES] * 10


class Model:
    """The evaluator's model: value weights over `features`, a logit per action id."""

    def __init__(self, actions, rng):
        self.w = rng.normal(0, 0.01, len(PUBLIC_FEATURES)).astype(np.float32)
        self.b = np.float32(0)
        self.logits = np.zeros(actions, dtype=np.float32)

    def value(self, x):
        return np.tanh(x @ self.w + self.b)

    def priors(self, ids):
        z = self.logits[ids]
        p = np.exp(z - z.max())
        return p / p.sum()

    def evaluate(self, obs, legal):
        """carc.Search's evaluator: priors per legal id, the value of each seat to move."""
        return [self.priors(ids) for ids in legal], self.value(features(obs))

    def train(self, samples, epochs, lr, rng):
        """SGD on (features, legal ids, visit policy, result): squared error of the value,
        cross-entropy of the priors against the search's visits."""
        for _ in range(epochs):
            for i in rng.permutation(len(samples)):
                x, ids, target, z = samples[i]
                v = np.tanh(x @ self.w + self.b)
                g = (v - z) * (1 - v * v)
                self.w -= lr * g * x
                self.b -= lr * g
                self.logits[ids] -= lr * (self.priors(ids) - target)


def margin(g, seat):
    """The value target of `seat`'s positions: its final score less the best other's,
    over 50 points, within -1..1. A result (+1, -1) would be AlphaZero's; with a few
    dozen games an iteration its noise swamps a linear model, and the margin carries
    the same sign with far less of it."""
    s = g.scores()
    return float(np.clip((s[seat] - max(x for i, x in enumerate(s) if i != seat)) / 50, -1, 1))


def result(g, seat):
    """The final reward of `seat`: +1 a winner, -1 not, 0 when every seat won."""
    w = g.winners()
    if len(w) == g.players:
        return 0.0
    return 1.0 if seat in w else -1.0


def self_play(search, args, seed):
    """One game of the searcher against itself: its training samples."""
    g = carc.Game(2, args.expansions, seed=seed)
    history = []
    while not g.over:
        seat = g.current_seat
        if len(g.legal()) == 1:
            g.apply(g.legal()[0])
            continue
        r = search.run(g)
        obs = {k: v[None] for k, v in g.observe(seat).items()}
        history.append((features(obs)[0], r.legal_actions, r.policy, seat))
        g.apply(r.move)
    return [(x, ids, pol, margin(g, seat)) for x, ids, pol, seat in history]


def match(search, opponent, games, args, seed0):
    """The searcher's score (a win 1, a shared win 0.5) against `opponent` (a carc.Player
    or another carc.Search) over `games` games, seats alternating."""
    score = 0.0
    for k in range(games):
        g = carc.Game(2, args.expansions, seed=seed0 + k)
        me = k % 2
        while not g.over:
            if g.current_seat == me:
                g.apply(search.run(g).move)
            elif isinstance(opponent, carc.Search):
                g.apply(opponent.run(g).move)
            else:
                g.apply(opponent.choose(g))
        score += (1 + result(g, me)) / 2
    return score / games


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=6)
    ap.add_argument("--games", type=int, default=16, help="self-play games per iteration")
    ap.add_argument("--eval-games", type=int, default=20, help="per opponent per iteration")
    ap.add_argument("--simulations", type=int, default=128)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--expansions", default="base")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    model = Model(carc.Game(2, args.expansions).actions, rng)
    search = carc.Search(model.evaluate, simulations=args.simulations, batch=args.batch,
                         seed=args.seed)
    uniform = carc.Search(carc.uniform_evaluator, simulations=args.simulations,
                          batch=args.batch, seed=args.seed + 1)
    opponents = {"random": carc.Player("random", seed=args.seed),
                 "greedy": carc.Player("greedy", seed=args.seed), "uniform search": uniform}
    print(f"{args.expansions}, 2 players, {args.simulations} simulations a decision, "
          f"{args.games} self-play games an iteration, {args.eval_games} games per opponent")
    print("iteration  samples  " + "  ".join(f"vs {n:>14}" for n in opponents) + "  seconds")
    eval_seed = 1_000_000  # the evaluation games' seeds, the same every iteration
    samples = []
    for it in range(args.iterations + 1):
        t = time.time()
        if it:  # iteration 0 is the untrained model
            for k in range(args.games):
                samples += self_play(search, args, seed=args.seed * 100_000 + it * 1000 + k)
            samples = samples[-20_000:]
            model.train(samples, args.epochs, args.lr, rng)
        scores = [match(search, o, args.eval_games, args, eval_seed) for o in opponents.values()]
        print(f"{it:9d}  {len(samples):7d}  " + "  ".join(f"{s:17.2f}" for s in scores)
              + f"  {time.time() - t:7.1f}", flush=True)


if __name__ == "__main__":
    main()
