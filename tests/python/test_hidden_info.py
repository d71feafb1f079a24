"""The hidden-information twin test: two games that differ only in what a seat may not
know give that seat identical observations (board planes, public vector, own hand, action
mask). Twins are made two ways:

- carc_determinize (Game.determinized): a game dealt again from the seat's view, with the
  stack order, the other seats' gifts and Christmas cards and the deck orders drawn anew
  (what tests/support/twin.c does by hand inside the state);
- fixed stacks that agree on the tiles drawn so far and differ in the order of the rest,
  played with the same moves: every seat's observation is the same until the stacks'
  first difference is drawn, and differs once it is (so the test can tell). Tiles drawn
  are counted from the `draw` events (a tile put back under Take 2 goes to the bottom)."""
import random

import numpy as np

import carc
from carc._carc import lib
from carc.game import _parse_expansions
from conftest import QUICK, SETS

# the base sets and two of Inns & Cathedrals and Traders & Builders (6 players with inns)
TWIN_SETS = SETS + ["inns,traders", "inns,traders,gifts,christmas"]
# and for the deals, two of The River and The Abbot (the river stack's order hidden, its
# size and the lake at its bottom known: R10)
DEAL_SETS = TWIN_SETS + ["river,abbot", "gifts,christmas,inns,traders,river,abbot"]


def same_obs(a, b):
    return all(np.array_equal(a[k], b[k]) for k in ("board", "public", "hand", "action_mask"))


def test_determinized_twins_observe_the_same():
    twins = differing = 0
    for exps in DEAL_SETS:
        for seed in range(4 if QUICK else 12):
            players = 2 + seed % (5 if "inns" in exps else 4)
            g = carc.Game(players=players, expansions=exps, seed=seed)
            rng = random.Random(seed)
            step = 0
            while not g.over:
                if step % 7 == 0:
                    for seat in range(players):
                        t = g.determinized(seat, seed * 1000 + step)
                        assert same_obs(g.observe(seat), t.observe(seat)), (exps, seed, step, seat)
                        t.check()
                        twins += 1
                        if t.state_bytes() != g.state_bytes():
                            differing += 1
                g.apply_action(rng.choice(g.legal_actions()))
                step += 1
    assert twins > 500
    assert differing > twins * 0.9  # the twins really differ in what is hidden


def stack_names(rng, exps):
    """The tiles of the set's stack (the start tile left out) in a random order, as names."""
    bits = _parse_expansions(exps)
    names = []
    for k, name in enumerate(carc.TILE_NAMES):
        names += [name] * lib.carc_tile_count(bits, k)
    names.remove("D")  # the start tile
    rng.shuffle(names)
    return names


def test_stack_order_twins_observe_the_same_until_the_difference_is_drawn():
    told_apart = 0
    for exps in TWIN_SETS:
        for k in ([10, 40] if QUICK else [5, 20, 35, 50, 60]):
            rng = random.Random(k)
            a_stack = stack_names(rng, exps)
            rest = list(a_stack[k:])
            while rest == a_stack[k:] or rest[0] == a_stack[k]:
                rng.shuffle(rest)
            b_stack = a_stack[:k] + rest
            a = carc.Game(players=3, expansions=exps, seed=k, stack=a_stack)
            b = carc.Game(players=3, expansions=exps, seed=k, stack=b_stack)
            draws = lambda events: sum(e.startswith("draw ") for e in events)  # noqa: E731
            drawn = draws(a.events())
            while not a.over:
                obs_equal = all(same_obs(a.observe(s), b.observe(s)) for s in range(3))
                if drawn <= k:
                    assert obs_equal, (exps, k, drawn)
                    assert a.state_bytes() != b.state_bytes()
                else:
                    if not obs_equal:
                        told_apart += 1
                    break
                mv = rng.choice(a.legal())
                drawn += draws(a.apply(mv))
                b.apply(mv)
    assert told_apart >= 3
