"""The board window as an option (`window=`, an odd width from 31 to 63): the default
window's ids, names and shapes unchanged (fixed tables, and a digest of every id's name
taken from the encoding before the option existed); in other windows every legal move of
random games of several expansion sets written as actions and read back to the same move,
with the same names as in the default window; observations of a wider window agreeing with
the default's; the batch and the environments in another window; with The River, the
recommended window holding every legal move of random games (FALLBACK never needed); and
bad windows refused before anything is made."""
import hashlib
import random
import re

import numpy as np
import pytest

import carc
from carc import encoding
from carc._carc import ffi, lib
from conftest import QUICK
from window_reach import play

# The window docs/PYTHON.md recommends for games with The River (window_reach.py).
RIVER_WINDOW = 45


# ---- the default window: unchanged --------------------------------------------------------

# (name, first id, count) of the default window, as before the window was an option
DEFAULT_SECTIONS = [
    ("pass", 0, 1), ("draw", 1, 1), ("block", 2, 1), ("fallback", 3, 1), ("gift", 4, 5),
    ("play", 9, 32), ("discard", 41, 32), ("seat", 73, 5), ("follower", 78, 13),
    ("place", 91, 7688), ("seg", 7779, 12493), ("pos", 20272, 961), ("again", 21233, 1),
    ("seat5", 21234, 1), ("follower_i", 21235, 1), ("fig_follower", 21236, 56),
    ("figure", 21292, 4), ("seg_i", 21296, 961), ("abbot_g", 22257, 1),
    ("recall", 22258, 1922), ("seg_g", 24180, 961)]
DEFAULT_NAMES = {
    0: "pass", 3: "fallback", 4: "open synod", 9: "play score_three",
    41: "discard score_three", 73: "seat +0", 78: "follower N", 90: "follower C",
    91: "place slot0 (-15,-15) r0", 92: "place slot0 (-15,-15) r1",
    3935: "place slot1 (-15,-15) r0", 7778: "place slot1 (15,15) r3",
    7779: "seg (-15,-15) N", 19271: "seg (1,13) N", 20271: "seg (15,15) C",
    20272: "pos (-15,-15)", 21232: "pos (15,15)", 21233: "again", 21234: "seat +5",
    21235: "follower I", 21236: "follower large N", 21291: "follower pig I",
    21292: "figure large", 21295: "figure pig", 22256: "seg (15,15) I",
    22257: "follower abbot G", 22258: "recall (-15,-15) C", 23217: "recall (-1,0) G",
    24179: "recall (15,15) G", 24180: "seg (-15,-15) G", 25140: "seg (15,15) G"}
# The Princess & the Dragon's and The Tower's sections (issue 30), after all of those
ISSUE30_SECTIONS = [
    ("walk", 25141, 4), ("fairy", 25145, 1), ("princess", 25146, 1), ("follower_at", 25147, 1),
    ("ransom", 25148, 30), ("exchange", 25178, 5), ("floor", 25183, 961), ("seg_t", 26144, 961),
    # Abbey & Mayor's, after those
    ("fig_follower2", 27105, 28), ("follower_i2", 27133, 7), ("figure2", 27140, 2),
    ("ransom2", 27142, 12), ("exchange2", 27154, 2), ("abbey", 27156, 1), ("barn", 27157, 4),
    ("seg_i2", 27161, 961)]
# sha256 of every id's describe() joined by newlines (the ids below WALK, 25,141 then
# ACTIONS), from the package before the window was an option (commit af8faaf)
DEFAULT_NAMES_SHA256 = "892d6059e1e0035ad6a8837b530c0d03f97db7204e8b8687907d5d995db39df7"
# the same of the ids of The Princess & the Dragon and The Tower (WALK to FIG_FOLLOWER2,
# 25,141 to 27,105), from the package before Abbey & Mayor's ids came after them
DRAGON_TOWER_NAMES_SHA256 = "b8859eeeb11acff2f8dbcc04932094f8f68fbb030966939c7db3b3a9aa1ee224"


def test_default_window_ids_unchanged():
    # the ids of the six expansions' games did not move when issue 30's came after them
    # and those of issue 30's first two when Abbey & Mayor's came after them
    assert carc.WINDOW == 31 and encoding.WALK == 25141 and encoding.FIG_FOLLOWER2 == 27105
    assert carc.ACTIONS == 28122
    assert (carc.WINDOW_MIN, carc.WINDOW_MAX) == (31, 63)
    assert encoding.SECTIONS == DEFAULT_SECTIONS + ISSUE30_SECTIONS
    assert (encoding.R, encoding.W, encoding.CELLS) == (15, 31, 961)
    for a, name in DEFAULT_NAMES.items():
        assert encoding.describe(a) == name, a
    names = "\n".join(encoding.describe(a) for a in range(encoding.WALK))
    assert hashlib.sha256(names.encode()).hexdigest() == DEFAULT_NAMES_SHA256
    names = "\n".join(encoding.describe(a) for a in range(encoding.WALK, encoding.FIG_FOLLOWER2))
    assert hashlib.sha256(names.encode()).hexdigest() == DRAGON_TOWER_NAMES_SHA256
    d = encoding.for_window(31)
    assert d is encoding.DEFAULT and d is encoding.for_window(np.int64(31))
    assert d.SECTIONS == DEFAULT_SECTIONS + ISSUE30_SECTIONS and d.ACTIONS == carc.ACTIONS
    assert (d.PLACE, d.SEG, d.POS, d.AGAIN, d.SEG_G) == (
        encoding.PLACE, encoding.SEG, encoding.POS, encoding.AGAIN, encoding.SEG_G)
    assert d.BOARD_SHAPE == (carc.CHANNELS, 31, 31)
    g = carc.Game()
    assert g.window == 31 and g.actions == carc.ACTIONS and g.encoding is encoding.DEFAULT
    assert "window" not in repr(g)
    b = carc.Batch(2)
    assert b.window == 31 and b.mask.shape == (2, carc.ACTIONS)
    assert b.board.shape == (2, carc.CHANNELS, 31, 31)


def test_default_window_ids_follow_the_old_formula():
    """In the default window a placement's id is PLACE + (slot * 961 + cell) * 4 + rot
    with cell = (y + 15) * 31 + (x + 15), and a recall's RECALL + cell * 2 + g, as before;
    `window=31` given or not is the same game, action for action."""
    for exps in ("base", "river,abbot"):
        g = carc.Game(players=3, expansions=exps, seed=4)
        h = carc.Game(players=3, expansions=exps, seed=4, window=31)
        rng = random.Random(4)
        while not g.over:
            assert g.legal_actions() == h.legal_actions()
            if not g.action_prefix:
                for mv in g.legal():
                    m = re.match(r"^(\S+) \((-?\d+),(-?\d+)\) r(\d)$", mv)
                    if m and m.group(1) in carc.TILE_NAMES:
                        x, y, rot = int(m.group(2)), int(m.group(3)), int(m.group(4))
                        want = () if max(abs(x), abs(y)) > 15 else (
                            91 + ((y + 15) * 31 + (x + 15)) * 4 + rot,)
                        assert g.actions_of(mv) == want, mv
                    m = re.match(r"^recall \((-?\d+),(-?\d+)\) (cloister:C|garden:G)$", mv)
                    if m:
                        x, y = int(m.group(1)), int(m.group(2))
                        want = 22258 + ((y + 15) * 31 + (x + 15)) * 2 + (m.group(3) == "garden:G")
                        assert g.actions_of(mv) == (want,), mv
            a = rng.choice(g.legal_actions())
            g.apply_action(a)
            h.apply_action(a)
        assert g.state_bytes() == h.state_bytes()


# ---- other windows: every legal move round-trips ------------------------------------------

def check_encoding_w(g, d, buf):
    """check_encoding (test_bigbox) in g's window: every legal move's actions read back to
    the same carc_move, no two moves sharing actions, none beginning another's, the first
    actions the mask, one-action moves decoded from the action alone (the batch's
    shortcut); and each move named as in the default window (game d, the same position)."""
    w = g.window
    enc = g.encoding
    n = lib.carc_legal(g._g, buf, lib.CARC_MAX_MOVES)
    toks = ffi.new("int32_t[]", carc.MAX_TOKENS)
    toks31 = ffi.new("int32_t[]", carc.MAX_TOKENS)
    out = ffi.new("carc_move *")
    scratch = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    by_actions = {}
    outside = 0
    for i in range(n):
        k = lib.cpy_move_tokens_w(g._g, w, buf + i, toks)
        k31 = lib.cpy_move_tokens(d._g, buf + i, toks31)
        if k == 0:
            outside += 1
            assert k31 == 0
            continue
        acts = tuple(toks[0:k])
        assert all(0 <= a < g.actions for a in acts)
        assert acts not in by_actions, ("two moves share actions", acts)
        by_actions[acts] = i
        pre = ffi.new("int32_t[]", list(acts))
        assert lib.cpy_resolve_w(g._g, w, pre, k, scratch, out) == 1
        assert lib.carc_move_equal(out, buf + i), acts
        if k == 1 and lib.cpy_decode_single_w(g._g, w, acts[0], out):
            assert lib.carc_move_equal(out, buf + i), enc.describe(acts[0])
        if k31:
            assert [encoding.describe(a) for a in toks31[0:k31]] == \
                [enc.describe(a) for a in acts], acts
    assert lib.cpy_prefix_clashes_w(g._g, w, buf) == 0
    assert g.outside_window() == outside
    firsts = sorted({a[0] for a in by_actions})
    if n and not firsts:
        firsts = [enc.FALLBACK]
    assert firsts == g.legal_actions()
    assert np.array_equal(np.flatnonzero(g.action_mask()), firsts)


@pytest.mark.parametrize("exps,window", [
    ("base", 33), ("gifts,christmas", 41), ("inns,traders", 41), ("river,abbot", 45),
    ("gifts,christmas,inns,traders,river,abbot", 63)])
def test_other_window_every_legal_move_round_trips(exps, window):
    """Random games to the end by actions in another window: at every decision the
    encoding of every legal move checked (check_encoding_w), every action taken legal."""
    buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    for k in range(2 if QUICK else 4):
        players = 2 + k % 4
        g = carc.Game(players=players, expansions=exps, seed=700 + k, window=window)
        d = carc.Game(players=players, expansions=exps, seed=700 + k)
        assert g.window == window and g.actions == encoding.for_window(window).ACTIONS
        rng = random.Random(k)
        while not g.over:
            if not g.action_prefix:
                check_encoding_w(g, d, buf)
            a = rng.choice(g.legal_actions())
            if g.apply_action(a, events=False):  # the default window's game plays the move too
                m = ffi.new("carc_move *")
                ffi.memmove(m, g._moves[-1], len(g._moves[-1]))
                d._apply(m)
        g.check()
        assert g.state_bytes() == d.state_bytes()


def test_other_window_sections():
    for w in range(31, 64, 2):
        e = encoding.for_window(w)
        at = 0
        for name, base, n in e.SECTIONS:
            assert base == at, (w, name)
            at += n
        # 197 fixed ids and 28 per cell, and Abbey & Mayor's 56 and 1 (seg_i2)
        assert at == e.ACTIONS == 253 + 29 * w * w == lib.cpy_actions_w(w)
        assert [s[0] for s in e.SECTIONS] == [s[0] for s in DEFAULT_SECTIONS + ISSUE30_SECTIONS]
        # the sections before PLACE keep their ids in every window
        assert e.SECTIONS[:9] == DEFAULT_SECTIONS[:9]
        r = (w - 1) // 2
        assert e.describe(e.PLACE) == f"place slot0 ({-r},{-r}) r0"
        assert e.describe(e.SEG_G + e.CELLS - 1) == f"seg ({r},{r}) G"
        assert e.describe(e.SEG_T + e.CELLS - 1) == f"seg ({r},{r}) T"
        assert e.describe(e.FLOOR) == f"floor ({-r},{-r})"
        assert e.cell(r, r) == e.CELLS - 1 and e.cell(r + 1, 0) is None
        assert e.cell_xy(e.cell(3, -7)) == (3, -7)
    e = encoding.for_window(63)
    names = [e.describe(a) for a in range(e.ACTIONS)]
    assert len(set(names)) == e.ACTIONS == 115354
    with pytest.raises(ValueError):
        e.describe(e.ACTIONS)


def test_wider_window_observations_agree_with_the_default():
    """The same game in windows 31 and 41: the public vector and hand equal; the board
    planes of the wider window, cut to the default's cells, equal the default's while every
    tile lies in it; the masks name the same actions while no legal move is outside 31."""
    e41 = encoding.for_window(41)
    lo, hi = 20 - 15, 20 + 16
    for exps, seed in (("gifts,christmas", 3), ("inns,traders", 5), ("river,abbot", 964)):
        players = 2 + seed % 4
        g = carc.Game(players=players, expansions=exps, seed=seed, window=41)
        rng = random.Random(seed)
        while not g.over:
            g.apply_action(rng.choice(g.legal_actions()))
        moves = g.moves
        g = carc.Game(players=players, expansions=exps, seed=seed, window=41)
        d = carc.Game(players=players, expansions=exps, seed=seed)
        compared = 0
        for i, mv in enumerate(moves + [None]):
            if i % 3 == 0 or mv is None:
                seat = g.current_seat if not g.over else 0
                o, od = g.observe(seat), d.observe(seat)
                assert o["board"].shape == (carc.CHANNELS, 41, 41)
                assert o["action_mask"].shape == (e41.ACTIONS,)
                assert np.array_equal(o["public"], od["public"])
                assert np.array_equal(o["hand"], od["hand"])
                tiles = [(t["x"], t["y"]) for t in g.view(seat)["board"]]
                assert all(max(abs(x), abs(y)) <= 20 for x, y in tiles)
                assert o["board"][0].sum() == len(tiles)
                if all(max(abs(x), abs(y)) <= 15 for x, y in tiles):
                    assert np.array_equal(o["board"][:, lo:hi, lo:hi], od["board"])
                    compared += 1
                if d.outside_window() == 0:
                    assert sorted(e41.describe(a) for a in np.flatnonzero(o["action_mask"])) == \
                        sorted(encoding.describe(a) for a in np.flatnonzero(od["action_mask"]))
            if mv is not None:
                g.apply(mv)
                d.apply(mv)
        assert compared > 5


def test_moves_outside_a_wider_window():
    """test_game's east walk in windows 41 and 63: placements at x > 15 have actions up
    to the window's edge, none past it, and FALLBACK is legal only when nothing else is."""
    for window in (41, 63):
        g = carc.Game(expansions="base", seed=1, window=window)
        r = (window - 1) // 2
        inside = outside = 0
        while not g.over:
            legal, acts = g.legal(), g.legal_actions()
            assert acts
            assert (acts == [encoding.FALLBACK]) == all(not g.actions_of(m) for m in legal)
            assert g.outside_window() == sum(1 for m in legal if not g.actions_of(m))
            places = [m for m in legal if re.match(r"^[A-X] \(", m)]
            if places:
                m = max(places, key=lambda m: int(re.search(r"\((-?\d+),", m).group(1)))
                x = int(re.search(r"\((-?\d+),", m).group(1))
                if 15 < x <= r:
                    inside += 1
                    (a,) = g.actions_of(m)
                    assert g.encoding.describe(a) == "place slot0 " + m.split(" ", 1)[1]
                elif x > r:
                    outside += 1
                    assert g.actions_of(m) == ()
                g.apply(m)
            else:
                g.apply("pass" if "pass" in legal else legal[0])
        assert inside >= 5 and outside > 0, (window, inside, outside)


# ---- The River: the recommended window holds every legal move ---------------------------

# The games of window_reach.py whose legal moves reached farthest from the start (seed, set):
# over 1,000 river,abbot games (seeds 1..1000) the farthest legal move was 19 (seed 964)
# and the farthest tile 18 (seed 998); over 10,000 per set, 20 (river, seed 8635) and 22
# (inns,traders,river,abbot seed 8852; all six seed 9063). Re-measure if the engine's
# random games change.
FAR_GAMES = [(964, "river,abbot"), (998, "river,abbot"), (6676, "river,abbot"),
             (8635, "river"), (8852, "inns,traders,river,abbot"),
             (9063, "gifts,christmas,inns,traders,river,abbot")]


def test_river_window_holds_every_legal_move():
    """Random river,abbot games by actions (window_reach.play, 2..5 players) in the
    recommended window: no legal move is ever outside it and FALLBACK is never legal;
    the games that went farthest in the measurement went past the default window."""
    buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    n = 60 if QUICK else 300
    far = 0
    for seed in range(1, n + 1):
        tile, move, outside, fallback = play("river,abbot", 2 + seed % 4, seed, RIVER_WINDOW, buf)
        assert outside == 0 and not fallback, seed
        far = max(far, move)
    for seed, exps in FAR_GAMES:
        tile, move, outside, fallback = play(exps, 2 + seed % 4, seed, RIVER_WINDOW, buf)
        assert outside == 0 and not fallback, (seed, exps)
        assert 15 < move <= (RIVER_WINDOW - 1) // 2, (seed, exps, move)
        far = max(far, move)
    assert far > 15


def test_river_default_window_leaves_moves_out():
    """The same far games in the default window: some legal moves have no action (what
    the option is for), and the mask never empties."""
    total = 0
    for seed, exps in FAR_GAMES:
        seen = []
        tile, move, outside, fallback = play(exps, 2 + seed % 4, seed, carc.WINDOW,
                                             on_decision=lambda g: seen.append(g.legal_actions()))
        assert all(seen)
        total += outside
    assert total > 0


# ---- the batch and the environments in another window ------------------------------------

def test_batch_rows_agree_with_games_other_window():
    n, seed, players, exps, window = 4, 40, 3, "river,abbot", 45
    b = carc.Batch(n, players=players, expansions=exps, seed=seed, window=window)
    assert b.window == window and b.actions == encoding.for_window(window).ACTIONS
    assert b.encoding is encoding.for_window(window)
    assert b.mask.shape == (n, b.actions) and b.board.shape == (n, carc.CHANNELS, window, window)
    games = [carc.Game(players=players, expansions=exps, seed=seed + i, window=window)
             for i in range(n)]
    started, ended = n, 0
    rng = np.random.default_rng(2)
    for _ in range(700 if QUICK else 1400):
        for i, g in enumerate(games):
            assert b.seat[i] == g.current_seat
            o = g.observe(g.current_seat)
            assert np.array_equal(o["action_mask"], b.mask[i])
            assert sorted(b.ids[i, :b.nids[i]]) == g.legal_actions()
            assert np.array_equal(o["board"], b.board[i])
            assert np.array_equal(o["public"], b.public[i])
        acts = b.random_actions(rng)
        b.step(acts)
        for i in range(n):
            games[i].apply_action(int(acts[i]))
            if games[i].over:
                assert b.done[i] == 1
                assert list(b.scores[i, :players]) == games[i].scores()
                games[i] = carc.Game(players=players, expansions=exps, seed=seed + started,
                                     window=window)
                started += 1
                ended += 1
    assert ended >= 2
    with pytest.raises(carc.IllegalMoveError, match="outside"):
        b.step(np.zeros(n, dtype=np.int64) + b.actions)
    b.play_random(200)
    assert b.games_done > ended


def test_envs_other_window():
    pytest.importorskip("pettingzoo")
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test
    from carc import envs
    e = encoding.for_window(45)
    env = envs.aec_env(players=3, expansions="river,abbot", window=45)
    space = env.observation_space("player_0")
    assert space["board"].shape == (carc.CHANNELS, 45, 45)
    assert space["action_mask"].shape == (e.ACTIONS,)
    assert env.action_space("player_0") == gymnasium.spaces.Discrete(e.ACTIONS)
    api_test(env, num_cycles=200 if QUICK else 500)
    env.reset(seed=1)
    assert env.game.window == 45
    mask_env = envs.aec_env(players=2, expansions="river", window=41, observation="mask")
    assert mask_env.observation_space("player_0")["action_mask"].shape == (
        encoding.for_window(41).ACTIONS,)
    gym = envs.GymEnv(opponents=["random"], expansions="river,abbot", window=45)
    assert gym.action_space.n == e.ACTIONS
    assert gym.observation_space["board"].shape == (carc.CHANNELS, 45, 45)
    check_env(gym, skip_render_check=True)
    obs, _ = gym.reset(seed=3)
    assert obs["board"].shape == (carc.CHANNELS, 45, 45) and gym.action_masks().shape == (e.ACTIONS,)
    # the default environments' spaces are those before the option
    d = envs.aec_env(players=2)
    assert d.observation_space("player_0")["board"].shape == (carc.CHANNELS, 31, 31)
    assert d.action_space("player_0") == gymnasium.spaces.Discrete(carc.ACTIONS)
    assert envs.GymEnv(opponents=["random"]).action_space.n == carc.ACTIONS


# ---- bad windows ---------------------------------------------------------------------------

BAD_WINDOWS = [(30, carc.ConfigError), (32, carc.ConfigError), (29, carc.ConfigError),
               (1, carc.ConfigError), (0, carc.ConfigError), (-31, carc.ConfigError),
               (65, carc.ConfigError), (101, carc.ConfigError), (2**40 + 1, carc.ConfigError),
               (31.0, TypeError), ("31", TypeError), (None, TypeError), (True, TypeError),
               ([31], TypeError)]


@pytest.mark.parametrize("window,exc", BAD_WINDOWS)
def test_bad_window_refused(window, exc):
    """Every constructor refuses a bad window with one message naming it, before anything
    else is checked or made (a configuration bad in another way too reports the window)."""
    makers = [
        lambda: carc.Game(window=window),
        lambda: carc.Game(players=1, expansions="dragons", window=window),
        lambda: carc.Batch(2, window=window),
        lambda: carc.Batch(0, players=9, window=window),
        lambda: encoding.for_window(window),
        lambda: encoding.Encoding(window),
    ]
    try:
        from carc import envs
        makers += [lambda: envs.aec_env(window=window),
                   lambda: envs.aec_env(players=1, window=window),
                   lambda: envs.GymEnv(opponents=["nobody"], window=window),
                   lambda: envs.observation_space(True, window),
                   lambda: envs.action_space(window)]
    except ImportError:
        pass
    for make in makers:
        with pytest.raises(exc) as ei:
            make()
        msg = str(ei.value)
        assert msg.startswith("window must be"), msg
        if exc is carc.ConfigError:
            assert msg == f"window must be an odd width from 31 to 63, got {window}"
            assert isinstance(ei.value, ValueError)


def test_good_windows_and_the_c_side_check():
    for w in (31, 33, 45, 61, 63, np.int32(41)):
        g = carc.Game(window=w)
        assert g.window == int(w) and type(g.window) is int
        assert g.observe(0)["board"].shape == (carc.CHANNELS, int(w), int(w))
    err = ffi.new("carc_error *")
    for w in (30, 65, 29, 0):
        assert not lib.cpy_window_ok(w)
        assert lib.cpy_batch_new_w(2, 2, 0, 1, 16, w, err) == ffi.NULL
        assert ffi.string(err.msg).decode() == f"window must be an odd width from 31 to 63, got {w}"
    # a game keeps its window through clone and determinized
    g = carc.Game(players=2, expansions="gifts,christmas", seed=2, window=41)
    for _ in range(20):
        g.apply_action(g.legal_actions()[0])
    for c in (g.clone(), g.determinized(0, 5)):
        assert c.window == 41 and c.actions == g.actions
        assert c.observe(0)["board"].shape == (carc.CHANNELS, 41, 41)
    assert g.clone().legal_actions() == g.legal_actions()
    assert "window=41" in repr(g)
