"""A small AlphaZero-style loop with carc.Search (docs/PYTHON.md, "Search with your
evaluator"), numpy only: a model guides the search, the search plays itself, and the
model learns from those games (the root's visit distribution for the priors, the final
lead for the value). Each iteration then plays the searcher against `random`,
`greedy` and the same search with a uniform evaluator, and prints the curve.

The model is deliberately tiny, so that it learns in minutes on a CPU: the value is
tanh(w . x + b) over three numbers of the observation's public vector, by seat relative
to the seat to move (its projected score, `projection_div100`: what it would score if the
game ended now, less the best other seat's; that lead again times the share of the game
played; the followers in supply less the other's times the share of the game left), and
the priors are a softmax of one learned logit per action id over the legal ids, the
placements' kept uniform (a cell means nothing from one board to the next). Untrained (every weight 0) it is the
uniform evaluator: value 0, uniform priors.

    .venv/bin/python examples/python/alphazero.py [--iterations 1] [--games 24]
        [--eval-games 24] [--simulations 2048] [--selfplay-simulations 512] [--batch 8]
        [--lead-scale 25] [--expansions base] [--seed 1] [--workers 2]

Self-play searches with 512 simulations a decision (its games are data); the evaluation
games with 2048 for the learned search and for the uniform one alike (measured: 512 were
too few to beat `greedy` clearly, docs/PYTHON.md). `--workers N` plays the games in N
processes; every game's searches and players are seeded from the game, so the rows do not
depend on N.
"""
import argparse
import multiprocessing
import time

import numpy as np

import carc


def _range(name):
    return carc.encoding.public_range(name)


PROJECTION = _range("projection_div100")
SUPPLY, LEFT = _range("supply_div7"), _range("stack_left_fraction")
FEATURES = ("projected lead", "projected lead x played", "supply lead x left")


def lead(rows):
    """Column 0 (the seat to move) less the best of the others (rows past the players
    are 0, and a lead over them would be wrong: the players' count is in the rows)."""
    return rows[:, 0] - rows[:, 1:].max(axis=1)


def features(obs, players):
    """The value's inputs for a batch of observations (n rows): points over 10, so that
    the weights move at the rate of the others."""
    pub = obs["public"]
    left = pub[:, LEFT][:, 0]
    proj = lead(pub[:, PROJECTION][:, :players] * 10)
    supply = lead(pub[:, SUPPLY][:, :players] * 7)
    return np.stack([proj, proj * (1 - left), supply * left], axis=1).astype(np.float32)


class Model:
    """The evaluator's model: value weights over `features`, a logit per action id."""

    def __init__(self, encoding, players):
        self.players = players
        self.w = np.zeros(len(FEATURES), dtype=np.float32)
        self.b = np.float32(0)
        self.logits = np.zeros(encoding.ACTIONS, dtype=np.float32)
        # a placement's id is a cell and a rotation, which mean nothing from one tile and
        # board to the next: those keep a uniform prior (logit 0), the others (which
        # follower where, pass) learn theirs
        self.learns = np.ones(encoding.ACTIONS, dtype=bool)
        self.learns[encoding.PLACE:encoding.SEG] = False

    def value(self, x):
        return np.tanh(x @ self.w + self.b)

    def priors(self, ids):
        z = self.logits[ids]
        p = np.exp(z - z.max())
        return p / p.sum()

    def evaluate(self, obs, legal):
        """carc.Search's evaluator: priors per legal id, the value of each seat to move."""
        return [self.priors(ids) for ids in legal], self.value(features(obs, self.players))

    def train(self, samples, steps, lr, epochs, rng):
        """The value by full-batch gradient descent on the squared error against the
        final leads; the priors by SGD on the cross-entropy against the search's visits."""
        x = np.stack([s[0] for s in samples])
        z = np.array([s[3] for s in samples], dtype=np.float32)
        for _ in range(steps):
            v = np.tanh(x @ self.w + self.b)
            g = (v - z) * (1 - v * v)
            self.w -= lr * (x.T @ g) / len(z)
            self.b -= lr * g.mean()
        for _ in range(epochs):
            for i in rng.permutation(len(samples)):
                _, ids, target, _ = samples[i]
                self.logits[ids] -= 0.05 * (self.priors(ids) - target) * self.learns[ids]


def result(g, seat):
    """The final reward of `seat`: +1 a winner, -1 not, 0 when every seat won."""
    w = g.winners()
    if len(w) == g.players:
        return 0.0
    return 1.0 if seat in w else -1.0


def final_lead(g, seat, scale):
    """The value target of `seat`'s positions: its final score less the best other's,
    over `scale` points, within -1..1. AlphaZero's target is the result (+1, -1): with
    a few hundred positions it makes the value as sharp as a few points' lead can
    justify, and a search whose values saturate cannot tell moves apart (measured: 0.25
    against greedy after one iteration, below); the lead has the result's sign and
    keeps the size of the win."""
    s = g.scores()
    return float(np.clip((s[seat] - max(x for i, x in enumerate(s) if i != seat)) / scale,
                         -1, 1))


def self_play(job):
    """One game of the searcher against itself (`job`: the model, the options, the
    game's seed): its training samples (features, legal ids, visit distribution, the
    final lead of the seat that moved)."""
    model, args, seed = job
    search = carc.Search(model.evaluate, simulations=args.selfplay_simulations,
                         batch=args.batch, seed=seed)
    g = carc.Game(args.players, args.expansions, seed=seed)
    history = []
    while not g.over:
        seat = g.current_seat
        if len(g.legal()) == 1:
            g.apply(g.legal()[0])
            continue
        r = search.run(g)
        obs = {k: v[None] for k, v in g.observe(seat).items()}
        history.append((features(obs, g.players)[0], r.legal_actions, r.policy, seat))
        g.apply(r.move)
    return [(x, ids, pol, final_lead(g, seat, args.lead_scale))
            for x, ids, pol, seat in history]


def match_game(job):
    """One evaluation game (`job`: the model, the options, the opponent's name, the
    game's index k): the searcher plays seat k mod players, each game with searches and
    players seeded from k, so that a game is the same whichever worker plays it. Its
    score (a win 1, a shared win 0.5, a loss 0) and lead in points (its final score
    less the best other's)."""
    model, args, opponent, k = job
    seed = EVAL_SEED + k
    search = carc.Search(model.evaluate, simulations=args.simulations, batch=args.batch,
                         seed=seed)
    if opponent == "uniform search":
        other = carc.Search(carc.uniform_evaluator, simulations=args.simulations,
                            batch=args.batch, seed=seed + 1)
    else:
        other = carc.Player(opponent, seed=seed)
    g = carc.Game(args.players, args.expansions, seed=seed)
    me = k % args.players
    while not g.over:
        if len(g.legal()) == 1:
            g.apply(g.legal()[0])
        elif g.current_seat == me:
            g.apply(search.run(g).move)
        elif isinstance(other, carc.Search):
            g.apply(other.run(g).move)
        else:
            g.apply(other.choose(g))
    s = g.scores()
    return (1 + result(g, me)) / 2, s[me] - max(x for i, x in enumerate(s) if i != me)


def interval(x):
    """The mean of `x` and the half-width of its 95% interval (normal approximation,
    the sample's own deviation: a score of 0, 0.5 or 1 a game is not a coin toss when
    games are shared)."""
    half = 1.96 * x.std(ddof=1) / np.sqrt(len(x)) if len(x) > 1 else float("nan")
    return x.mean(), half


EVAL_SEED = 1_000_000  # the evaluation games' seeds, the same every iteration
OPPONENTS = ("random", "greedy", "uniform search")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=1)
    ap.add_argument("--games", type=int, default=24, help="self-play games per iteration")
    ap.add_argument("--keep", type=int, default=20_000,
                    help="the latest samples trained on")
    ap.add_argument("--eval-games", type=int, default=24, help="per opponent per iteration")
    ap.add_argument("--lead-scale", type=float, default=25,
                    help="points of final lead that make a value of 1")
    ap.add_argument("--simulations", type=int, default=2048,
                    help="a decision's in the evaluation games (both searches)")
    ap.add_argument("--selfplay-simulations", type=int, default=512)
    ap.add_argument("--batch", type=int, default=8,
                    help="leaves per evaluator call: fewer, the search sees more values first")
    ap.add_argument("--steps", type=int, default=2000, help="value descent steps")
    ap.add_argument("--lr", type=float, default=0.5)
    ap.add_argument("--epochs", type=int, default=3, help="prior epochs")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--expansions", default="base")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1,
                    help="processes playing the games (the results do not depend on it)")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    model = Model(carc.Game(args.players, args.expansions).encoding, args.players)
    pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
    run = pool.map if pool else (lambda f, jobs: list(map(f, jobs)))
    print(f"{args.expansions}, {args.players} players; self-play {args.games} games an "
          f"iteration at {args.selfplay_simulations} simulations a decision; evaluation "
          f"{args.eval_games} games per opponent at {args.simulations} simulations (batches "
          f"of {args.batch}); each cell: score (a win 1, a shared win 0.5) with the "
          "half-width of its 95% interval, mean lead in points")
    print("iteration  samples  " + "  ".join(f"{'vs ' + n:>24}" for n in OPPONENTS)
          + "  seconds  value weights (" + ", ".join(FEATURES) + ")")
    samples = []
    for it in range(args.iterations + 1):
        t = time.time()
        if it:  # iteration 0 is the untrained model: the uniform evaluator
            jobs = [(model, args, args.seed * 100_000 + it * 1000 + k)
                    for k in range(args.games)]
            for game_samples in run(self_play, jobs):
                samples += game_samples
            samples = samples[-args.keep:]
            model.train(samples, args.steps, args.lr, args.epochs, rng)
        text = []
        for o in OPPONENTS:
            if not it and o == "uniform search":  # untrained, it is the uniform search
                text.append(f"{'-':>4} {'-':>5} {'-':>6}")
                continue
            results = np.array(run(match_game, [(model, args, o, k)
                                                for k in range(args.eval_games)]))
            mean, half = interval(results[:, 0])
            text.append(f"{mean:4.2f} {'±' + format(half, '.2f'):>5} "
                        f"{results[:, 1].mean():+6.1f}")
        print(f"{it:9d}  {len(samples):7d}  " + "  ".join(f"{x:>24}" for x in text)
              + f"  {time.time() - t:7.1f}  " + " ".join(f"{w:+.3f}" for w in model.w),
              flush=True)
    if pool:
        pool.close()


if __name__ == "__main__":
    main()
