"""carc.SelfPlay (docs/PYTHON.md, "Vectorised self-play"): each seat's actions from its
own policy, in batches."""
import numpy as np
import pytest

import carc
from conftest import run_doc_snippet


def random_policy(seed):
    rng = np.random.default_rng(seed)

    def policy(obs, legal, rows):
        return np.array([ids[int(rng.integers(len(ids)))] for ids in legal], dtype=np.int32)
    return policy


@pytest.mark.parametrize("players,expansions", [(2, "base"), (3, "gifts,christmas"),
                                                (4, "inns,traders,river,abbot")])
def test_each_seat_gets_its_own_games(players, expansions):
    calls = {s: 0 for s in range(players)}
    ref = carc.Batch(16, players=players, expansions=expansions, seed=3)

    def seat_policy(s):
        pick = random_policy(s)

        def policy(obs, legal, rows):
            calls[s] += 1
            b = sp.batch
            assert (b.seat[rows] == s).all() and rows.size
            assert np.array_equal(obs["board"], b.board[rows])
            assert np.array_equal(obs["public"], b.public[rows])
            for k, i in enumerate(rows):  # the legal ids: the mask's, sorted
                assert list(legal[k]) == list(np.flatnonzero(b.mask[i].view(bool)))
            return pick(obs, legal, rows)
        return policy
    sp = carc.SelfPlay(16, [seat_policy(s) for s in range(players)], expansions=expansions,
                       seed=3)
    for _ in range(120):
        sp.step()
        # the same actions routed by hand into a Batch of the same seed: the same games
        ref.step(sp._actions)
        assert np.array_equal(ref.seat, sp.batch.seat) and np.array_equal(ref.mask, sp.batch.mask)
    assert all(calls[s] > 0 for s in range(players))


def test_play_reports_ended_games():
    sp = carc.SelfPlay(8, [random_policy(1), random_policy(2)], seed=5, observations=False)
    out = sp.play(10)
    assert len(out) >= 10 and sp.batch.games_done >= 10
    for r in out:
        s = r["scores"]
        best = max(s)
        want = [0.0] * 2 if s.count(best) == 2 else [1.0 if x == best else -1.0 for x in s]
        assert r["rewards"] == want
    # reproducible: the same seed and policies give the same games
    again = carc.SelfPlay(8, [random_policy(1), random_policy(2)], seed=5, observations=False)
    assert again.play(10) == out


def test_one_policy_for_every_seat():
    p = random_policy(4)
    sp = carc.SelfPlay(4, [p, p, p], expansions="base", seed=2)
    assert len(sp.play(3)) >= 3


def test_bad_policies_are_refused_and_nothing_moves():
    sp = carc.SelfPlay(4, [random_policy(1), lambda o, legal, rows: np.full(len(rows), 2)],
                       seed=9)
    while not (sp.batch.seat == 1).any():
        sp.batch.step(sp.batch.random_actions(np.random.default_rng(0)))
    before = [sp.batch.state(i) for i in range(4)]
    with pytest.raises(carc.IllegalMoveError, match="seat 1's policy: action 2 is not legal"):
        sp.step()
    assert [sp.batch.state(i) for i in range(4)] == before
    sp.policies[1] = lambda o, legal, rows: np.zeros(len(rows) + 1, dtype=np.int32)
    with pytest.raises(ValueError, match="seat 1's policy: one integer action per row"):
        sp.step()
    sp.policies[1] = lambda o, legal, rows: [ids[0] + 0.5 for ids in legal]
    with pytest.raises(ValueError, match="one integer action per row"):
        sp.step()
    with pytest.raises(TypeError):
        carc.SelfPlay(4, [random_policy(1), "greedy"])
    with pytest.raises(carc.ConfigError):
        carc.SelfPlay(4, [random_policy(1)])  # one player


def test_the_docs_snippet_runs():
    out = run_doc_snippet("Vectorised self-play")
    assert len(out["results"]) >= 100
