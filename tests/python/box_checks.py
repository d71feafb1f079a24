"""What the tests of each expansion box check the same way (test_dragon_tower.py,
test_abbey_mayor.py): every legal move's actions read back, random games to the end by
actions, batch rows against carc.Game, pickling, hidden-information twins and the
environments' checkers, each for the box's sets."""
import pickle
import random

import numpy as np

import carc
from carc._carc import ffi, lib
from conftest import QUICK


# the one-action moves the batch's shortcut (cpy_decode_single) does not decode, looked up
# in the legal moves instead: a gift or card with no target, a card's target (whether a
# target action ends the move depends on the card)
NOT_DECODED = (lib.CARC_MOVE_GIFT, lib.CARC_MOVE_CARD, lib.CARC_MOVE_TARGET)


def read_back(g, buf, on_move):
    """Every legal move of g's pending decision, in g's window: its actions read back to
    the same carc_move, distinct from every other's, none the beginning of another's; the
    first actions are the mask. A one-action move is decoded from its action alone
    (cpy_decode_single, the batch's shortcut) to the same move, and the first action of a
    longer move is not decoded (the batch would apply a move cut short).
    on_move(move, actions) is called for each."""
    w = g.window
    n = lib.carc_legal(g._g, buf, lib.CARC_MAX_MOVES)
    toks = ffi.new("int32_t[]", carc.MAX_TOKENS)
    out = ffi.new("carc_move *")
    single = ffi.new("carc_move *")
    scratch = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    by_actions = {}
    for i in range(n):
        k = lib.cpy_move_tokens_w(g._g, w, buf + i, toks)
        assert k > 0, "a legal move without actions"
        acts = tuple(toks[0:k])
        assert acts not in by_actions, ("two moves share actions", acts)
        by_actions[acts] = i
        pre = ffi.new("int32_t[]", list(acts))
        assert lib.cpy_resolve_w(g._g, w, pre, k, scratch, out) == 1
        assert lib.carc_move_equal(out, buf + i), acts
        decoded = lib.cpy_decode_single_w(g._g, w, acts[0], single)
        if k == 1:
            assert decoded or buf[i].kind in NOT_DECODED, g.encoding.describe(acts[0])
            assert not decoded or lib.carc_move_equal(single, buf + i), \
                g.encoding.describe(acts[0])
        else:
            assert not decoded, ("a longer move's first action decoded alone", acts)
        on_move(buf[i], acts)
    assert lib.cpy_prefix_clashes_w(g._g, w, buf) == 0
    assert sorted({a[0] for a in by_actions}) == g.legal_actions()


def first_action_of(g, wanted):
    """The first actions of the legal moves for which wanted(move) is true."""
    buf = g._buf
    n = lib.carc_legal(g._g, buf, lib.CARC_MAX_MOVES)
    toks = ffi.new("int32_t[]", carc.MAX_TOKENS)
    return [toks[0] for i in range(n)
            if wanted(buf[i]) and lib.cpy_move_tokens_w(g._g, g.window, buf + i, toks) > 0]


def random_games(exps, seed0, window, check_encoding, check_observation, choose, done):
    """Random games of `exps` to the end by actions (2 to 5 seats), every action taken
    legal: check_encoding(g) at every decision, check_observation(g, seat) at some, the
    first action of each move from choose(rng, g, legal); at least 2 games (1 with
    CARC_QUICK), then more until done() or 10 (the same with CARC_QUICK: 8 left the
    princess unseen in one set). Returns (games, actions)."""
    ngames, most = (1 if QUICK else 2), 10
    k = total_steps = 0
    while k < ngames or (not done() and k < most):
        players = 2 + k % 4
        g = carc.Game(players=players, expansions=exps, seed=seed0 + k, window=window)
        rng = random.Random(k)
        steps = 0
        while not g.over:
            if not g.action_prefix:
                check_encoding(g)
                if steps % (40 if QUICK else 9) == 0:
                    check_observation(g, g.current_seat)
                    check_observation(g, (g.current_seat + 1) % players)
            legal = g.legal_actions()
            a = choose(rng, g, legal) if not g.action_prefix else rng.choice(legal)
            assert g.action_mask()[a] == 1
            g.apply_action(a)
            steps += 1
        total_steps += steps
        k += 1
        g.check()
        check_observation(g, 0)
        assert [sum(p.values()) for p in g.score_parts()] == g.scores()
    return k, total_steps


def batch_rows_as_game(exps, need):
    """Random episodes through a batch of 16 3-seat games until `need` ended, every
    action drawn from its legal ids and accepted (an illegal one raises); the rewards of
    each ended game agree with its final scores; two rows equal a carc.Game played with
    the same actions. Returns the steps."""
    n = 16
    b = carc.Batch(n, players=3, expansions=exps, seed=5)
    games = [carc.Game(players=3, expansions=exps, seed=5 + j) for j in range(n)]
    rng = np.random.default_rng(2)
    ended = steps = 0
    while ended < need:
        acts = b.random_actions(rng)
        b.step(acts)  # raises IllegalMoveError on an illegal action
        steps += 1
        for j in range(2):  # two rows followed by carc.Game
            if games[j] is not None:
                games[j].apply_action(int(acts[j]))
                if games[j].over:
                    assert b.done[j] and list(b.scores[j][:3]) == games[j].scores()
                    games[j] = None
                else:
                    assert np.array_equal(b.mask[j], games[j].action_mask())
                    o = games[j].observe(games[j].current_seat)
                    assert np.array_equal(b.board[j], o["board"])
                    assert np.array_equal(b.public[j], o["public"])
        for j in np.flatnonzero(b.done):
            sc = b.scores[j][:3]
            winners = sc == sc.max()
            want = np.where(winners, 1.0, -1.0) if not winners.all() else np.zeros(3)
            assert np.array_equal(b.rewards[j][:3], want), (sc, b.rewards[j])
        ended += int(b.done.sum())
    return steps


def default_window_game(exps, check_observation):
    """A whole 3-seat game of `exps` by actions in the default window, the observation
    checked every 30 actions: returns the actions taken (no legal move was outside)."""
    g = carc.Game(players=3, expansions=exps, seed=11)
    rng = random.Random(11)
    steps = 0
    while not g.over:
        if steps % 30 == 0 and not g.action_prefix:
            check_observation(g, g.current_seat)
        g.apply_action(rng.choice(g.legal_actions()))
        steps += 1
    assert g.outside_window() == 0
    return steps


def busy_round_trips(exps, busy):
    """Random 3-seat games of `exps`; at some decisions where busy(g) (something under
    way), g pickled and through to_bytes loads equal byte for byte and plays on the same.
    Returns how many were checked (8 to 25, or fewer when the games end first)."""
    rng = random.Random(4)
    kept = 0
    for seed in range(1, 30):
        g = carc.Game(players=3, expansions=exps, seed=seed)
        while not g.over:
            if busy(g) and rng.random() < 0.15:
                game_round_trips(g, rng)
                kept += 1
            g.apply_action(rng.choice(g.legal_actions()))
        if kept >= (8 if QUICK else 25):
            break
    return kept


def game_round_trips(g, rng):
    """g pickled and through to_bytes loads equal byte for byte and plays on the same."""
    for h in (pickle.loads(pickle.dumps(g)), carc.Game.from_bytes(g.to_bytes())):
        assert h.state_bytes() == g.state_bytes() and h.moves == g.moves
        assert h.action_prefix == g.action_prefix
        a = rng.choice(g.legal_actions())
        c = g.clone()
        c.apply_action(a)
        h.apply_action(a)
        assert h.state_bytes() == c.state_bytes()


def batch_round_trips(exps):
    """A batch of 2-seat games pickled after 150 steps plays the next 150 as the original."""
    b = carc.Batch(4, players=2, expansions=exps, seed=9)
    nrng = np.random.default_rng(0)
    for _ in range(150):
        b.step(b.random_actions(nrng))
    b2 = pickle.loads(pickle.dumps(b))
    for _ in range(150):
        acts = b.random_actions(nrng)
        b.step(acts)
        b2.step(acts)
        assert np.array_equal(b.mask, b2.mask) and np.array_equal(b.board, b2.board)
        assert np.array_equal(b.public, b2.public)


def twins(exps, seeds):
    """Two deals of one seat's view (what the seat may not know dealt anew) give that seat
    the same observation, at random decisions of 3-seat games: returns how many seats
    were checked."""
    rng = random.Random(7)
    checked = 0
    for seed in seeds:
        g = carc.Game(players=3, expansions=exps, seed=seed)
        while not g.over:
            if rng.random() < 0.05 and not g.action_prefix:
                for seat in range(3):
                    a, b = g.determinized(seat, 1), g.determinized(seat, 2)
                    oa, ob = a.observe(seat), b.observe(seat)
                    for key in oa:
                        assert np.array_equal(oa[key], ob[key]), key
                    assert np.array_equal(g.observe(seat)["public"], oa["public"])
                    checked += 1
            g.apply_action(rng.choice(g.legal_actions()))
    return checked


def env_checks(exps):
    """PettingZoo's api_test and seed_test, Gymnasium's check_env."""
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, seed_test

    from carc import envs
    api_test(envs.aec_env(players=3, expansions=exps), num_cycles=200 if QUICK else 600)
    seed_test(lambda: envs.aec_env(players=2, expansions=exps), num_cycles=200)
    env = envs.GymEnv(opponents=["random", "greedy"], expansions=exps)
    check_env(env, skip_render_check=True)
