"""carc.Batch: rows agree with carc.Game on the same seeds (masks, seats, observations,
rewards, auto-reset), a bad action changes nothing, the GIL is released during a call,
and memory does not grow over 100,000 games (CARC_QUICK=1: 20,000)."""
import threading
import time

import numpy as np
import pytest

import carc
from carc.envs import final_rewards
from conftest import QUICK, SETS


@pytest.mark.parametrize("exps,patch,players",
                         [(e, True, 3) for e in SETS] + [("gifts,christmas", False, 3)]
                         + [("inns,traders", True, 6), ("inns,traders,gifts,christmas", True, 4),
                            ("inns,traders", False, 5)])
def test_batch_rows_agree_with_games(exps, patch, players):
    n, seed = 6, 100
    b = carc.Batch(n, players=players, expansions=exps, seed=seed, patch_board=patch)
    games = [carc.Game(players=players, expansions=exps, seed=seed + i) for i in range(n)]
    started = n
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(2500 if not QUICK else 900):
        for i, g in enumerate(games):
            assert b.seat[i] == g.current_seat
            mask = np.flatnonzero(b.mask[i])
            assert list(mask) == g.legal_actions()
            assert sorted(b.ids[i, :b.nids[i]]) == list(mask)
            o = g.observe(g.current_seat)
            assert np.array_equal(o["board"], b.board[i])
            assert np.array_equal(o["public"], b.public[i])
            assert np.array_equal(o["hand"], b.hand[i])
            assert np.array_equal(o["action_mask"], b.mask[i])
        acts = b.random_actions(rng)
        moves = b.step(acts)
        completed = 0
        for i in range(n):
            r = games[i].apply_action(int(acts[i]))
            completed += r is not None
            if games[i].over:
                assert b.done[i] == 1
                want = final_rewards(games[i])
                assert list(b.rewards[i, :players]) == want
                assert list(b.scores[i, :players]) == games[i].scores()
                games[i] = carc.Game(players=players, expansions=exps, seed=seed + started)
                started += 1
                ended += 1
            else:
                assert b.done[i] == 0 and not b.rewards[i].any()
        assert moves == completed
    assert ended >= 6 and b.games_done == ended


def test_bad_action_changes_nothing():
    b = carc.Batch(4, expansions="gifts,christmas", seed=7)
    rng = np.random.default_rng(0)
    for _ in range(30):
        b.step(b.random_actions(rng))
    before = [b.state(i) for i in range(4)], b.mask.copy(), b.board.copy(), b.seat.copy()
    acts = b.random_actions(rng)
    acts[2] = int(np.flatnonzero(b.mask[2] == 0)[0])
    with pytest.raises(carc.IllegalMoveError, match="game 2"):
        b.step(acts)
    for bad in ([0, 0, 0], np.zeros(4, dtype=np.int32) + carc.ACTIONS,
                np.zeros(4, dtype=np.int64) + 2**32 + int(acts[0])):  # would wrap in int32
        with pytest.raises((ValueError, carc.IllegalMoveError)):
            b.step(bad)
    for bad in (["pass"] * 4, np.zeros(4), [None] * 4):
        with pytest.raises(TypeError):
            b.step(bad)
    after = [b.state(i) for i in range(4)], b.mask, b.board, b.seat
    # a caller that wrote into the buffers gets them back whole
    b.board[:] = 7
    b.mask[:] = 1
    b.rewrite()
    assert before[0] == after[0]
    for x, y in zip(before[1:], after[1:]):
        assert np.array_equal(x, y)
    with pytest.raises(carc.ConfigError):
        carc.Batch(2, players=9)
    with pytest.raises(ValueError):
        carc.Batch(0)


def test_the_gil_is_released():
    b = carc.Batch(64, expansions="gifts,christmas", observations=False)
    start = time.perf_counter()
    b.play_random(500)
    steps = max(500, int(500 * 0.6 / (time.perf_counter() - start)))  # one call of ~0.6 s
    ticks = 0
    done = threading.Event()

    def run():
        b.play_random(steps)
        done.set()

    t = threading.Thread(target=run)
    start = time.perf_counter()
    t.start()
    while not done.is_set():
        ticks += 1
    t.join()
    elapsed = time.perf_counter() - start
    # one C call of over 0.2 s: had it held the GIL, the loop above would have run only
    # at Python's switch interval (5 ms), a hundred times at most
    assert elapsed > 0.2, elapsed
    assert ticks > 20000, (ticks, elapsed)


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def test_memory_does_not_grow():
    target = 20000 if QUICK else 100000
    b = carc.Batch(256, expansions="gifts,christmas", observations=False, seed=5)
    while b.games_done < target // 10:
        b.play_random(50)
    base = rss_kib()
    while b.games_done < target:
        b.play_random(50)
    grown = rss_kib() - base
    assert grown < 2048, f"RSS grew {grown} KiB over {b.games_done} games"
    # and through the game object: games made, played, cloned, viewed and dropped
    def some_games(k):
        for s in range(k):
            g = carc.Game(players=2, expansions="gifts,christmas", seed=s)
            while not g.over:
                g.apply_action(g.legal_actions()[0])
            g.clone().view(0)
            g.observe(1)
            g.record()
    some_games(50)
    base = rss_kib()
    some_games(300 if QUICK else 1000)
    grown = rss_kib() - base
    assert grown < 2048, f"RSS grew {grown} KiB over carc.Game games"


def test_caller_buffers():
    n = 5
    board = np.zeros((n, carc.CHANNELS, carc.WINDOW, carc.WINDOW), dtype=np.uint8)
    big = np.zeros((n + 3, carc.ACTIONS), dtype=np.int8)
    mask = big[2:2 + n]  # a view into a larger array of the caller's
    a = carc.Batch(n, expansions="gifts,christmas", seed=3, buffers={"board": board, "mask": mask})
    b = carc.Batch(n, expansions="gifts,christmas", seed=3)
    assert a.board is board and a.mask is mask
    rng = np.random.default_rng(2)
    for _ in range(300):
        acts = b.random_actions(rng)
        a.step(acts)
        b.step(acts)
        assert np.array_equal(board, b.board) and np.array_equal(mask, b.mask)
    assert not big[:2].any() and not big[2 + n:].any()
    for bad in [{"board": board[:, :, :, :5]}, {"mask": mask.astype(np.uint8)},
                {"board": np.zeros_like(board)[:, :, ::2]}, {"colour": board}]:
        with pytest.raises(ValueError):
            a.use_buffers(**bad)
    with pytest.raises(TypeError):
        a.use_buffers(board=board.tolist())
    with pytest.raises(ValueError):
        carc.Batch(2, observations=False).use_buffers(board=board[:2])
