"""The Python package with Abbey & Mayor (issue 30): its action sections after every older
id (which kept theirs), random games of each set played to the end by actions with every
legal move's actions read back to the same move (the abbey, a mayor, a wagon placed and
moved after a scoring, a barn at each corner, a follower on port I2 all seen), the new
board planes and public entries against the seat's view as a dict, and the package's
machinery with the box on: the environments (PettingZoo's api_test and seed_test,
Gymnasium's check_env), no illegal action over many random episodes of a batch, pickling
and state bytes."""
import pickle
import random

import numpy as np
import pytest

import carc
from carc import encoding
from carc._carc import ffi, lib
from conftest import ABBEY_SETS, QUICK

SEATS = ["me", "next", "next2", "next3", "next4", "next5"]
CORNERS = ["NW", "NE", "SE", "SW"]
# the window of the tests' games: wide enough that no legal move of theirs is outside it
WINDOW = 45


def test_constants_and_sections():
    assert carc.EXPANSIONS[8] == "abbey"
    assert carc.FIGURES[5:] == ["mayor", "wagon", "barn"]
    assert carc.ACTION_FIGURES == carc.FIGURES[:5] and carc.AM_FIGURES == ["mayor", "wagon"]
    names = [n for n, _, _ in encoding.SECTIONS]
    assert names[names.index("seg_t"):] == ["seg_t", "fig_follower2", "follower_i2", "figure2",
                                            "ransom2", "exchange2", "abbey", "barn", "seg_i2"]
    at = 0
    for name, base, n in encoding.SECTIONS:
        assert base == at, name
        at += n
    assert at == carc.ACTIONS
    # the older ids did not move: the new sections begin where the last one ended
    assert encoding.FIG_FOLLOWER2 == encoding.SEG_T + encoding.CELLS == 27105
    fp = lib.CARC_PORT_I + 1
    assert encoding.FOLLOWER_I2 == encoding.FIG_FOLLOWER2 + 2 * fp
    assert encoding.FIGURE2 == encoding.FOLLOWER_I2 + 7
    assert encoding.RANSOM2 == encoding.FIGURE2 + 2
    assert encoding.EXCHANGE2 == encoding.RANSOM2 + 2 * carc.MAX_PLAYERS
    assert encoding.ABBEY == encoding.EXCHANGE2 + 2
    assert encoding.BARN == encoding.ABBEY + 1 and encoding.SEG_I2 == encoding.BARN + 4
    assert carc.ACTIONS == encoding.SEG_I2 + encoding.CELLS
    c0 = encoding.DEFAULT.cell(0, 0)
    d = encoding.describe
    assert d(encoding.FIG_FOLLOWER2 + 1) == "follower mayor E"
    assert d(encoding.FIG_FOLLOWER2 + fp + lib.CARC_PORT_C) == "follower wagon C"
    assert d(encoding.FOLLOWER_I2) == "follower meeple I2"
    assert d(encoding.FIGURE2 + 1) == "figure wagon"
    assert d(encoding.RANSOM2 + carc.MAX_PLAYERS + 2) == "ransom wagon seat +2"
    assert d(encoding.EXCHANGE2) == "exchange mayor"
    assert d(encoding.ABBEY) == "abbey"
    assert [d(encoding.BARN + k) for k in range(4)] == ["barn " + c for c in CORNERS]
    assert d(encoding.SEG_I2 + c0) == "seg (0,0) I2"
    new = range(encoding.FIG_FOLLOWER2, carc.ACTIONS)
    assert len({d(a) for a in new}) == len(new)
    # a wider window has the same sections, longer
    wide = encoding.for_window(WINDOW)
    assert wide.ACTIONS == lib.cpy_actions_w(WINDOW) and wide.SEG_I2 + wide.CELLS == wide.ACTIONS
    assert wide.describe(wide.BARN + 2) == "barn SE"
    assert carc.CHANNELS == 77
    assert encoding.CHANNEL_NAMES[69:] == ["mayor", "wagon"] + ["barn_" + s for s in SEATS]
    sizes = {n: length for n, _, length in encoding.PUBLIC_LAYOUT}
    assert sizes["expansions_abbey"] == 1 and sizes["abbey_held"] == carc.MAX_PLAYERS
    assert sizes["figures_in_supply_mayor_wagon_barn"] == 3 * carc.MAX_PLAYERS
    assert encoding.PUBLIC_LAYOUT[-1][0] == "figures_in_supply_mayor_wagon_barn"


def move_kind(g, m, last):
    """The kind of an Abbey & Mayor move (for the tests' tally), or None."""
    fig = carc.FIGURES[m.figure] if m.kind == lib.CARC_MOVE_FOLLOWER else None
    if m.kind == lib.CARC_MOVE_ABBEY:
        return "abbey"
    if fig == "barn":
        return "barn " + CORNERS[m.port - lib.CARC_PORT_CNW]
    if fig == "wagon" and g.pending()["decision"] == "wagon":
        return "wagon moves"
    if fig in ("mayor", "wagon"):
        return fig
    if m.kind == lib.CARC_MOVE_FOLLOWER and m.port == lib.CARC_PORT_I2:
        return "I2"
    return None


def check_encoding(g, buf, seen):
    """Every legal move of g's pending decision, in g's window: its actions read back to
    the same carc_move, distinct from every other's, none the beginning of another's; the
    first actions are the mask. Each new move's kind goes into `seen`."""
    w = g.window
    n = lib.carc_legal(g._g, buf, lib.CARC_MAX_MOVES)
    toks = ffi.new("int32_t[]", carc.MAX_TOKENS)
    out = ffi.new("carc_move *")
    scratch = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    by_actions = {}
    last = g.view(0)["last_placed"]
    for i in range(n):
        k = lib.cpy_move_tokens_w(g._g, w, buf + i, toks)
        assert k > 0, "a legal move without actions"
        acts = tuple(toks[0:k])
        assert acts not in by_actions, ("two moves share actions", acts)
        by_actions[acts] = i
        pre = ffi.new("int32_t[]", list(acts))
        assert lib.cpy_resolve_w(g._g, w, pre, k, scratch, out) == 1
        assert lib.carc_move_equal(out, buf + i), acts
        kind = move_kind(g, buf[i], last)
        if kind:
            seen.add(kind)
    assert lib.cpy_prefix_clashes_w(g._g, w, buf) == 0
    assert sorted({a[0] for a in by_actions}) == g.legal_actions()


def check_observation(g, seat):
    """The new planes and public entries of `seat`'s observation against its view."""
    o = g.observe(seat)
    board, pub = o["board"], o["public"]
    v = g.view(seat)
    p, R, C = g.players, g.encoding.R, encoding.CHANNEL
    rel = lambda s: (s - seat) % p  # noqa: E731
    want = {name: np.zeros(board.shape[1:], np.uint8) for name in encoding.CHANNEL_NAMES[69:]}
    for f in v["followers"]:
        if abs(f["x"]) > R or abs(f["y"]) > R:
            continue
        at = (f["y"] + R, f["x"] + R)
        if f["figure"] in ("mayor", "wagon"):
            want[f["figure"]][at] = 1
            assert board[C["follower_" + SEATS[rel(f["seat"])]]][at] == 1
        elif f["figure"] == "barn":
            assert f["port"] == "SE"  # a corner is named from its north-west tile
            want["barn_" + SEATS[rel(f["seat"])]][at] = 1
    for name, plane in want.items():
        assert np.array_equal(board[C[name]], plane), name
    get = lambda name: pub[encoding.public_range(name)]  # noqa: E731
    exps = g.expansions.split(",")
    assert get("expansions_abbey")[0] == float("abbey" in exps)
    held = np.zeros(carc.MAX_PLAYERS, np.float32)
    figs = np.zeros((carc.MAX_PLAYERS, 3), np.float32)
    for s in range(p):
        held[rel(s)] = float(bool(v.get("held_abbeys") and v["held_abbeys"][s]))
        for k, name in enumerate(["mayor", "wagon", "barn"]):
            figs[rel(s), k] = v["figures"][s].get(name, 0)
    assert np.array_equal(get("abbey_held"), held)
    assert np.array_equal(get("figures_in_supply_mayor_wagon_barn").reshape(figs.shape), figs)


NEED = {"abbey", "mayor", "wagon", "wagon moves", "I2"} | {"barn " + c for c in CORNERS}


def choose(rng, g, legal, seen):
    """A random legal action, but more often one that begins a move of a kind not seen
    yet."""
    buf = g._buf
    n = lib.carc_legal(g._g, buf, lib.CARC_MAX_MOVES)
    last = g.view(0)["last_placed"]
    toks = ffi.new("int32_t[]", carc.MAX_TOKENS)
    want = []
    for i in range(n):
        kind = move_kind(g, buf[i], last)
        if kind and kind not in seen and lib.cpy_move_tokens_w(g._g, g.window, buf + i, toks):
            want.append(toks[0])
    if want and rng.random() < 0.8:
        return rng.choice(want)
    return rng.choice(legal)


@pytest.mark.parametrize("exps", ABBEY_SETS)
def test_random_games_every_action_and_move(exps):
    """Random games to the end by actions, every action taken legal; the encoding of every
    legal move at every decision; the observation checked at some decisions; until every
    new kind of move was legal (in the first set, Abbey & Mayor alone)."""
    buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    seen = set()
    ngames, most = (1, 8) if QUICK else (2, 10)
    need = NEED if exps == ABBEY_SETS[0] else set()
    k = total_steps = 0
    while k < ngames or (not need <= seen and k < most):
        players = 2 + k % 4
        g = carc.Game(players=players, expansions=exps, seed=400 + k, window=WINDOW)
        rng = random.Random(k)
        steps = 0
        while not g.over:
            if not g.action_prefix:
                check_encoding(g, buf, seen)
                if steps % (40 if QUICK else 9) == 0:
                    check_observation(g, g.current_seat)
                    check_observation(g, (g.current_seat + 1) % players)
            legal = g.legal_actions()
            a = choose(rng, g, legal, seen) if not g.action_prefix else rng.choice(legal)
            assert g.action_mask()[a] == 1
            g.apply_action(a)
            steps += 1
        total_steps += steps
        k += 1
        g.check()
        check_observation(g, 0)
        assert [sum(p.values()) for p in g.score_parts()] == g.scores()
    assert need <= seen, need - seen
    assert total_steps > 50 * k


def test_default_window_game_by_actions():
    """In the default window too, a whole game of the box by actions, with the
    observation's planes checked along the way."""
    g = carc.Game(players=3, expansions="abbey", seed=11)
    rng = random.Random(11)
    steps = 0
    while not g.over:
        if steps % 30 == 0 and not g.action_prefix:
            check_observation(g, g.current_seat)
        g.apply_action(rng.choice(g.legal_actions()))
        steps += 1
    assert g.outside_window() == 0 and steps > 100


@pytest.mark.parametrize("exps", ["abbey", ABBEY_SETS[-1]])
def test_batch_no_illegal_action_and_rows_as_game(exps):
    """Many random episodes through the batch, every action drawn from its legal ids and
    accepted (an illegal one raises); a row equals a carc.Game played with the same
    actions, its final scores included."""
    n = 16
    b = carc.Batch(n, players=3, expansions=exps, seed=5)
    games = [carc.Game(players=3, expansions=exps, seed=5 + j) for j in range(n)]
    rng = np.random.default_rng(2)
    ended = steps = 0
    need = 8 if QUICK else 30
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
        ended += int(b.done.sum())
    assert ended >= need and steps > 100


def test_pickling_and_state_bytes_round_trips():
    """Games with a wagon decision, the abbey decision or a move under way pickle and load
    equal byte for byte, and play on the same; a batch too."""
    rng = random.Random(4)
    kept = 0
    for seed in range(1, 30):
        g = carc.Game(players=3, expansions="abbey,tower", seed=seed)
        while not g.over:
            busy = g.pending()["decision"] in ("abbey", "wagon") or g.action_prefix
            if busy and rng.random() < 0.15:
                for h in (pickle.loads(pickle.dumps(g)), carc.Game.from_bytes(g.to_bytes())):
                    assert h.state_bytes() == g.state_bytes() and h.moves == g.moves
                    assert h.action_prefix == g.action_prefix
                    a = rng.choice(g.legal_actions())
                    c = g.clone()
                    c.apply_action(a)
                    h.apply_action(a)
                    assert h.state_bytes() == c.state_bytes()
                kept += 1
            g.apply_action(rng.choice(g.legal_actions()))
        if kept >= (8 if QUICK else 25):
            break
    assert kept >= 8
    b = carc.Batch(4, players=2, expansions="abbey", seed=9)
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


def test_hidden_information_twins():
    """Two deals of one seat's view give that seat the same observation: the abbeys held
    and the figures in supply are public (AM13), the stack's order is not."""
    rng = random.Random(7)
    checked = 0
    for seed in range(1, 4):
        g = carc.Game(players=3, expansions="abbey,gifts,christmas", seed=seed)
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
    assert checked > 10


pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")


@pytest.mark.parametrize("exps", ["abbey", ABBEY_SETS[-1]])
def test_pettingzoo_and_gymnasium_checks(exps):
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, seed_test

    from carc import envs
    api_test(envs.aec_env(players=3, expansions=exps), num_cycles=200 if QUICK else 600)
    seed_test(lambda: envs.aec_env(players=2, expansions=exps), num_cycles=200)
    env = envs.GymEnv(opponents=["random", "greedy"], expansions=exps)
    check_env(env, skip_render_check=True)
