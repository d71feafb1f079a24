"""Saving and pickling (issue 34, problem 2): games, determinized games, batches and the
environments through pickle, multiprocessing and files, in a versioned format that
refuses foreign and damaged bytes, and a determinized game's bytes holding only what its
seat may know."""
import multiprocessing
import pickle
import struct
import zlib

import numpy as np
import pytest

import carc
from carc import saving
from carc._carc import ffi, lib

SETS = ["base", "gifts,christmas", "inns,traders", "river,abbot",
        "gifts,christmas,inns,traders,river,abbot"]


def played(exps, moves, seed=3, players=3):
    g = carc.Game(players=players, expansions=exps, seed=seed)
    play_on(g, moves, seed)
    return g


def same_game(a, b):
    assert a.state_bytes() == b.state_bytes()
    assert a.moves == b.moves and a.action_prefix == b.action_prefix
    assert (a.window, a.seed, a.expansions, a.players) == (b.window, b.seed, b.expansions,
                                                           b.players)


def play_on(g, n, seed=9):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if g.over:
            break
        a = g.legal_actions()
        g.apply_action(a[int(rng.random() * len(a))])
    return g.state_bytes()


@pytest.mark.parametrize("exps", SETS)
def test_game_pickles_and_plays_on_the_same(exps):
    for moves in (0, 40, 400):
        g = played(exps, moves)
        h = pickle.loads(pickle.dumps(g))
        same_game(g, h)
        assert h.record() == g.record()
        if g.moves:
            assert h.clone().undo() == g.clone().undo()
        assert play_on(h, 30) == play_on(g, 30)
    w = carc.Game(players=2, expansions=exps, seed=5, window=45)
    same_game(w, carc.Game.from_bytes(w.to_bytes()))


def test_move_under_way_and_fixed_stack_kept():
    g = carc.Game(players=2, expansions="gifts,christmas", seed=1, stack="UVKD")
    while not g.over:
        starts = [a for a in g.legal_actions()
                  if carc.encoding.GIFT <= a < carc.encoding.DISCARD]
        if starts:
            g.apply_action(starts[0])
            break
        g.apply_action(g.legal_actions()[0])
    h = pickle.loads(pickle.dumps(g))
    same_game(g, h)
    assert h.legal_actions() == g.legal_actions()
    assert h.record() == g.record()


def test_determinized_game_record_and_saving():
    """A determinized game's history starts at its deal: no seed, no moves of the game it
    came from; its record is that of its own moves, with the dealt start."""
    g = played("gifts,christmas", 30, players=2)
    d = g.determinized(1, 77)
    dealt = d.state_bytes()
    assert d.seed == 0 and d.moves == [] and d.determinized_from == 1
    assert g.determinized_from is None
    rec = d.record()
    assert "seed" not in rec and rec["moves"] == [] and rec["determinized"]["seat"] == 1
    assert rec["determinized"]["start"] == d.state()
    play_on(d, 3)
    assert len(d.moves) == 3 and d.record()["moves"] == d.moves
    e = pickle.loads(pickle.dumps(d))
    same_game(d, e)
    assert e.determinized_from == 1 and e.record() == d.record()
    assert e.undo() == d.moves[-1] and e.moves == d.moves[:-1]
    d1 = d.clone()
    d1.undo()
    assert play_on(e.clone(), 20) == play_on(d1, 20)
    while e.moves:
        e.undo()
    assert e.state_bytes() == dealt  # not past the deal
    with pytest.raises(carc.IllegalMoveError):
        e.undo()


def test_determinized_bytes_hold_only_the_seat_view():
    """Two games that differ only in what seat 0 may not know (the order of the stack
    below the tiles drawn) give the same bytes when determinized for seat 0 with one seed;
    and the full game's bytes differ (they hold its stack)."""
    base = "UVKDEFGHIJLNORSTW"
    a = carc.Game(players=2, expansions="base", seed=1, stack=base)
    b = carc.Game(players=2, expansions="base", seed=1, stack=base[:4] + base[4:][::-1])
    for g in (a, b):
        for _ in range(3):
            g.apply(g.legal()[0])
    assert a.view(0) == b.view(0) and a.state_bytes() != b.state_bytes()
    assert a.to_bytes() != b.to_bytes()
    da, db = a.determinized(0, 5), b.determinized(0, 5)
    assert da.to_bytes() == db.to_bytes()
    assert pickle.dumps(da) == pickle.dumps(db)
    # and a seed the full game was dealt from is not in them
    g = carc.Game(players=2, expansions="gifts,christmas", seed=0x5EC12E7C0FFEE)
    raw = pickle.dumps(g.determinized(1, 3))
    assert struct.pack("<Q", 0x5EC12E7C0FFEE) not in raw
    assert struct.pack("<Q", 0x5EC12E7C0FFEE) in pickle.dumps(g)


def test_batch_pickles_and_steps_on_the_same():
    rng = np.random.default_rng(1)
    b = carc.Batch(6, players=3, expansions="gifts,christmas", seed=11)
    for _ in range(200):
        b.step(b.random_actions(rng))
    c = pickle.loads(pickle.dumps(b))
    for name in ("mask", "nids", "seat", "board", "public", "hand"):
        assert np.array_equal(getattr(b, name), getattr(c, name)), name
    for i in range(b.n):  # the list's order too (random_actions draws by position)
        assert np.array_equal(b.ids[i, :b.nids[i]], c.ids[i, :c.nids[i]])
    assert (c.games_done, c.decisions) == (b.games_done, b.decisions)
    for step in range(600):
        acts = b.random_actions(np.random.default_rng(step))
        b.step(acts)
        c.step(acts)
    for name in ("mask", "nids", "seat", "board", "public", "hand", "rewards", "done", "scores"):
        assert np.array_equal(getattr(b, name), getattr(c, name)), name
    assert b.games_done == c.games_done > 0 and b.decisions == c.decisions
    m = carc.Batch(2, expansions="base", observations=False, window=33)
    n = carc.Batch.from_bytes(m.to_bytes())
    assert n.board is None and n.window == 33 and np.array_equal(m.mask, n.mask)


def test_environments_pickle():
    pytest.importorskip("pettingzoo")
    from carc import envs
    aec = envs.aec_env(players=3, expansions="inns,traders")
    aec.reset(seed=4)
    for _ in range(25):
        aec.step(aec.last()[4]["legal_actions"][0])
    copy = pickle.loads(pickle.dumps(aec))
    assert copy.agent_selection == aec.agent_selection
    assert copy.game.state_bytes() == aec.game.state_bytes()
    for env in (aec, copy):
        for _ in range(25):
            env.step(env.last()[4]["legal_actions"][-1])
        env.reset()
    assert copy.game.state_bytes() == aec.game.state_bytes()  # the same generator
    gym = envs.GymEnv(opponents=["greedy", "random"], expansions="base")
    obs, info = gym.reset(seed=2)
    gym.step(info["legal_actions"][0])
    g2 = pickle.loads(pickle.dumps(gym))
    assert g2.game.state_bytes() == gym.game.state_bytes()
    assert g2.reset(seed=3)[0]["board"].tobytes() == gym.reset(seed=3)[0]["board"].tobytes()
    p = pickle.loads(pickle.dumps(carc.Player("mcts", seed=4, iterations=30)))
    assert p.name == "mcts" and p._options == ("mcts", 4, 0, 30)


def _worker(blob):
    g = pickle.loads(blob)
    return g.to_bytes(), play_on(g, 20)


def test_through_multiprocessing():
    games = [played(e, 30) for e in ("base", "inns,traders,river,abbot")]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        out = pool.map(_worker, [pickle.dumps(g) for g in games])
        batch = pool.apply(pickle.loads, (pickle.dumps(carc.Batch(3, seed=2)),))
    for g, (raw, after) in zip(games, out):
        assert raw == g.to_bytes() and after == play_on(g.clone(), 20)
    assert np.array_equal(batch.mask, carc.Batch(3, seed=2).mask)


def test_files(tmp_path):
    g = played("gifts,christmas", 50)
    carc.save(g, tmp_path / "g.carc")
    same_game(g, carc.load(tmp_path / "g.carc"))
    b = carc.Batch(2, seed=3)
    carc.save(b, str(tmp_path / "b.carc"))
    assert np.array_equal(carc.load(tmp_path / "b.carc").mask, b.mask)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.carc", "g.carc"]


def _recrc(data):
    return data[:-4] + struct.pack("<I", zlib.crc32(data[:-4]))


def test_foreign_and_damaged_bytes_refused():
    g = played("gifts,christmas", 20)
    data = g.to_bytes()
    cases = {
        b"": "not a saved carc",
        b"hello world, not carc": "not a saved carc",
        pickle.dumps([1, 2, 3]): "not a saved carc",
        data[:8] + b"\x02\x00" + data[10:]: "format version 2",
        data[:-1] + bytes([data[-1] ^ 1]): "damaged",
        data[:200] + bytes([data[200] ^ 0x10]) + data[201:]: "damaged",
        data[:-40]: "damaged",
        carc.Batch(1).to_bytes(): "a Batch, not a Game",
    }
    for bad, msg in cases.items():
        with pytest.raises(carc.LoadError, match=msg):
            carc.Game.from_bytes(bad)
    with pytest.raises(TypeError):
        carc.Game.from_bytes("text")
    # the engine's own bytes, with the outer CRC made right again: the engine refuses them
    sb = saving.state_bytes(g._g)
    at = data.index(sb)
    for offset, msg in ((16, "another engine build"), (40, "checksum"), (0, "not a carc state"),
                        (8, "format version")):
        raw = bytearray(data)
        raw[at + offset] ^= 0x01
        with pytest.raises(carc.LoadError, match=msg):
            carc.Game.from_bytes(_recrc(bytes(raw)))
    # a state that passes the checksums but not carc_check: 9 players (the payload
    # begins with the state's fixed part: seed, expansions (16 bits), fixed_stack,
    # return_pos, view_seat, players at byte 13)
    state = bytearray(sb)
    payload = bytearray(state[32:])
    payload[13] = 9
    h = 0xcbf29ce484222325  # FNV-1a 64, as state_bytes.c
    for byte in payload:
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    state[32:] = payload
    state[24:32] = struct.pack("<Q", h)
    with pytest.raises(carc.LoadError, match="invalid: players 9"):
        saving.state_load(bytes(state))
    assert lib.carc_state_load(ffi.NULL, 0, ffi.new("carc_error *")) == ffi.NULL
