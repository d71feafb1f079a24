#!/usr/bin/env python3
"""bench/eval_fit.py CSV... - fits the linear weights of mcts's evaluation
(src/ai/eval_weights.def, docs/AI.md "Fourth round") to played games.

Each CSV is bench/eval_positions's output (two seats: a row per seat and position,
ai_project's projection, the terms of ai_eval_terms, the final score). The value
eval.c gives a seat is its projection plus the weighted terms, and the searcher uses
the margin over the other seat; so for every position the fit asks the weights w
that make

    (final0 - final1) - (proj0 - proj1)  ~  sum_k w_k (term_k0 - term_k1)

in least squares (no intercept: the seats are symmetric). It prints each weight
with its standard error, and the mean squared error of the margin predicted by the
projection alone, by the projection plus eval_weights.def's weights (--current,
name=value pairs as in the file) and by the fit. --without name,... leaves those
weights out of the fit (held at 0: abbot_fill, which is measured apart). Standard library only (a 12 x 12
solve), so no virtual environment is needed.
"""
import csv
import math
import sys

NAMES = ["city_close", "cloister_fill", "supply", "returns", "field_tiles", "abbot_fill", "barn",
         "barn_field", "field_cities", "abbot_supply", "inn_close", "builder"]


def read_pairs(paths, min_left):
    """(x, y) per position: the term differences and the margin left to explain."""
    data = []
    for path in paths:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
        terms = [k for k in rows[0] if k.startswith("term")]
        for a, b in zip(rows[0::2], rows[1::2]):
            if (a["game"], a["left"], a["seat"], b["seat"]) != (b["game"], b["left"], "0", "1"):
                sys.exit(f"eval_fit: {path}: rows are not seat 0, seat 1 pairs")
            if int(a["left"]) < min_left:
                continue
            x = [float(a[t]) - float(b[t]) for t in terms]
            y = (float(a["final"]) - float(b["final"])) - (float(a["proj"]) - float(b["proj"]))
            data.append((x, y))
    return data


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting; None if singular."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-12:
            return None
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [vr - f * vc for vr, vc in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data, use):
    """Least squares over the terms in `use` (indices); weights, errors, mse."""
    k = len(use)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for x, y in data:
        xs = [x[i] for i in use]
        for i in range(k):
            xty[i] += xs[i] * y
            for j in range(k):
                xtx[i][j] += xs[i] * xs[j]
    w = solve(xtx, xty)
    if w is None:
        return None, None, None
    sse = sum((y - sum(w[i] * x[use[i]] for i in range(k))) ** 2 for x, y in data)
    n = len(data)
    s2 = sse / max(1, n - k)
    errs = []
    for i in range(k):
        e = [1.0 if j == i else 0.0 for j in range(k)]
        col = solve(xtx, e)
        errs.append(math.sqrt(max(0.0, s2 * col[i])))
    return w, errs, sse / n


def main():
    args = sys.argv[1:]
    current = {}
    min_left = 0
    without = []
    paths = []
    while args:
        a = args.pop(0)
        if a == "--current" and args:
            for pair in args.pop(0).split(","):
                name, value = pair.split("=")
                current[name] = float(value)
        elif a == "--min-left" and args:
            min_left = int(args.pop(0))
        elif a == "--without" and args:
            without = args.pop(0).split(",")
            unknown = [name for name in without if name not in NAMES]
            if unknown:
                sys.exit(f"eval_fit: --without: no weight {unknown[0]}")
        elif a.startswith("--"):
            sys.exit("usage: bench/eval_fit.py [--current name=v,...] [--min-left N] [--without name,...] CSV...")
        else:
            paths.append(a)
    if not paths:
        sys.exit("usage: bench/eval_fit.py [--current name=v,...] [--min-left N] [--without name,...] CSV...")
    data = read_pairs(paths, min_left)
    if not data:
        sys.exit("eval_fit: no positions")
    n = len(data)
    mse0 = sum(y * y for _, y in data) / n
    print(f"positions: {n}")
    print(f"mse, projection alone: {mse0:.2f}")
    if current:
        wc = [current.get(name, 0.0) for name in NAMES]
        msec = sum((y - sum(wc[i] * x[i] for i in range(len(NAMES)))) ** 2 for x, y in data) / n
        print(f"mse, projection + current weights: {msec:.2f}")
    # a term that is 0 at every position (a figure the set does not have) is left out,
    # and so is a weight held at 0 (--without: abbot_fill, measured apart)
    use = [i for i in range(len(NAMES))
           if NAMES[i] not in without and any(x[i] != 0.0 for x, _ in data)]
    w, errs, mse = fit(data, use)
    if w is None:
        sys.exit("eval_fit: the terms are linearly dependent")
    print(f"mse, projection + fitted weights: {mse:.2f}")
    for i, wi, ei in zip(use, w, errs):
        print(f"{NAMES[i]} {wi:.3f} +- {ei:.3f}")


if __name__ == "__main__":
    main()
