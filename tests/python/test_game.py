"""carc.Game: moves as notation and as action ids, apply, undo, clone, views, the record,
determinism from a seed, and bad input (a refused move raises and changes nothing)."""
import json
import random
import subprocess

import numpy as np
import pytest

import carc
from carc import encoding
from carc._carc import ffi, lib
from conftest import QUICK, SETS


def random_game(players=2, exps="gifts,christmas", seed=1, moves=None, rng_seed=0):
    g = carc.Game(players=players, expansions=exps, seed=seed)
    rng = random.Random(rng_seed)
    n = 0
    while not g.over and (moves is None or n < moves):
        g.apply_action(rng.choice(g.legal_actions()))
        n += 1
    return g


def test_new_game_basics():
    g = carc.Game(players=3, expansions="gifts,christmas", seed=7)
    assert g.players == 3 and g.seed == 7 and g.expansions == "gifts,christmas"
    assert g.pending() == {"decision": "place", "seat": 0, "active": 0}
    assert g.current_seat == 0 and not g.over and g.turn == 1
    assert g.scores() == [0, 0, 0] and g.winners() == []
    assert g.events()[0].startswith("draw ")
    assert g.legal() and all(isinstance(m, str) for m in g.legal())
    g.check()


def test_apply_notation_and_events():
    g = carc.Game(seed=3)
    move = g.legal()[0]
    ev = g.apply(move)
    assert any(e.startswith("place 0 ") for e in ev)
    assert g.moves == [move]
    assert g.pending()["decision"] in ("follower", "place")


def test_every_legal_move_has_actions_that_play_it():
    """The actions of every legal move lead to the very move: applying them gives the
    same state as applying the notation (every expansion set, many positions)."""
    checked = 0
    for exps in SETS:
        for seed in range(3 if QUICK else 8):
            g = carc.Game(players=2 + seed % 4, expansions=exps, seed=seed)
            rng = random.Random(seed)
            while not g.over:
                legal = g.legal()
                sample = legal if len(legal) <= 12 else rng.sample(legal, 12)
                for mv in sample:
                    acts = g.actions_of(mv)
                    assert acts, f"{mv!r} has no actions"
                    a, b = g.clone(), g.clone()
                    a.apply(mv)
                    for i, act in enumerate(acts):
                        assert act in b.legal_actions(), (mv, acts, i)
                        r = b.apply_action(act)
                        assert (r is None) == (i < len(acts) - 1)
                    assert a.state_bytes() == b.state_bytes(), mv
                    checked += 1
                assert lib.cpy_prefix_clashes(g._g, g._buf) == 0
                # the batch's shortcut: a legal one-action move decoded from its action
                # alone is the move carc_legal lists
                dec, res = ffi.new("carc_move *"), ffi.new("carc_move *")
                for act in g.legal_actions():
                    one = ffi.new("int32_t[4]", [act])
                    if lib.cpy_decode_single(g._g, act, dec):
                        assert lib.cpy_resolve(g._g, one, 1, g._buf, res) == 1
                        assert lib.carc_move_equal(dec, res), encoding.describe(act)
                g.apply(rng.choice(legal))
    assert checked > 1000


def test_first_actions_cover_the_legal_moves():
    g = random_game(moves=40)
    firsts = {g.actions_of(m)[0] for m in g.legal()}
    assert firsts == set(g.legal_actions())
    mask = g.action_mask()
    assert mask.dtype == np.int8 and mask.shape == (carc.ACTIONS,)
    assert set(np.flatnonzero(mask)) == firsts


def test_describe_names_every_section():
    assert encoding.describe(encoding.PASS) == "pass"
    assert encoding.describe(encoding.GIFT) == "open synod"
    assert encoding.describe(encoding.PLAY + 30) == "play mastermind"
    g = carc.Game(seed=5)
    mv = g.legal()[0]  # "K (x,y) rN"
    (a,) = g.actions_of(mv)
    d = encoding.describe(a)
    assert d.startswith("place slot0 ") and d.split(" ", 2)[2] == mv.split(" ", 1)[1]


def test_card_names_match_the_engine():
    g = carc.Game(players=2, expansions="gifts,christmas", seed=1)
    # the Christmas cards of the hand layout parse as cards; the gifts as gifts
    for i, name in enumerate(encoding.GIFTS):
        m = ffi.new("carc_move *")
        err = ffi.new("carc_error *")
        assert lib.carc_move_parse(g._g, f"open {name}".encode(), m, err) == 0, name
        assert m.card == i + 1
    for i, name in enumerate(encoding.CARDS):
        m = ffi.new("carc_move *")
        err = ffi.new("carc_error *")
        assert lib.carc_move_parse(g._g, f"discard {name}".encode(), m, err) == 0, name
        assert m.card == i + 6


def test_determinism_from_a_seed():
    for exps in SETS:
        a = random_game(players=3, exps=exps, seed=11, rng_seed=5)
        b = random_game(players=3, exps=exps, seed=11, rng_seed=5)
        assert a.state_bytes() == b.state_bytes()
        assert a.record() == b.record()
        assert a.scores() == b.scores()
    c = random_game(players=3, seed=12, rng_seed=5)
    assert c.record() != a.record()


def test_clone_is_independent():
    g = random_game(moves=30)
    c = g.clone()
    assert c.state_bytes() == g.state_bytes() and c.moves == g.moves
    c.apply_action(c.legal_actions()[0])
    assert c.state_bytes() != g.state_bytes()
    assert len(c.moves) == len(g.moves) + 1


def test_undo_gives_back_the_state_before():
    g = carc.Game(players=2, expansions="gifts,christmas", seed=4)
    rng = random.Random(2)
    states = [g.state_bytes()]
    for _ in range(60):
        g.apply(rng.choice(g.legal()))
        states.append(g.state_bytes())
    for k in range(5):
        g.undo()
        assert g.state_bytes() == states[-2 - k]
    with pytest.raises(carc.IllegalMoveError):
        carc.Game().undo()


def test_views_hide_what_a_seat_may_not_know():
    g = random_game(players=3, seed=9, moves=120)
    full = g.state()
    assert full["view"] is None
    v0 = g.view(0, legal=True)
    assert v0["view"] == 0
    for s in (1, 2):
        assert v0["christmas"]["hands"][s]["cards"] == []
        assert v0["gifts"]["hands"][s]["cards"] == []
    pub = g.view("public")
    assert pub["view"] == "public"
    owner = g.current_seat
    assert g.view(owner, legal=True)["legal"] == g.legal()
    with pytest.raises(ValueError):
        g.view(3)
    with pytest.raises(TypeError):
        g.view("0")


def test_record_replays_with_carc(carc_path, tmp_path):
    g = random_game(players=2, exps="gifts,christmas", seed=21)
    rec = g.record()
    assert rec["moves"] == g.moves
    p = tmp_path / "r.jsonl"
    p.write_text(json.dumps(rec) + "\n")
    r = subprocess.run([carc_path, "replay", str(p)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_observe_shapes():
    g = random_game(players=4, seed=2, moves=50)
    for s in range(4):
        o = g.observe(s)
        assert o["board"].shape == (carc.CHANNELS, carc.WINDOW, carc.WINDOW)
        assert o["public"].shape == (carc.PUBLIC_SIZE,)
        assert o["hand"].shape == (carc.HAND_SIZE,)
        assert o["action_mask"].any() == (s == g.current_seat)
    assert g.observe(0)["board"][0].sum() == len(g.state()["board"])


@pytest.mark.parametrize("exps,players", [
    ("base", 2), ("gifts,christmas", 3), ("inns,traders", 6),
    ("gifts,christmas,inns,traders,river,abbot,dragon,tower,abbey", 4)])
def test_projection_entry_is_the_engines(exps, players):
    """The public entries projection_div100 are each seat's carc_projection (the score if
    the game ended now) by seat relative to the observer, the same in every seat's view
    as in the full state (the board is public), and the final scores at the end."""
    g = carc.Game(players=players, expansions=exps, seed=3, window=45)
    rng = random.Random(3)
    full = ffi.new("int[]", carc.MAX_PLAYERS)
    rng_range = encoding.public_range("projection_div100")
    assert rng_range.stop == carc.PUBLIC_SIZE and rng_range.stop - rng_range.start == 6
    checked = 0
    while True:
        if not g.action_prefix:
            lib.carc_projection(g._g, full)
            for seat in range(players):
                got = g.observe(seat)["public"][rng_range] * 100
                want = [full[(seat + r) % players] if r < players else 0
                        for r in range(carc.MAX_PLAYERS)]
                assert np.allclose(got, want, atol=1e-3), (seat, got, want)
            checked += 1
        if g.over:
            break
        g.apply_action(rng.choice(g.legal_actions()))
    assert list(full)[:players] == g.scores() and checked > 50


# ---- bad input: a clear exception, nothing changed --------------------------------------

def unchanged(g, fn, exc):
    before = (g.state_bytes(), g.legal(), g.legal_actions(), g.moves, g.action_prefix)
    with pytest.raises(exc) as ei:
        fn()
    assert (g.state_bytes(), g.legal(), g.legal_actions(), g.moves, g.action_prefix) == before
    return str(ei.value)


def test_bad_actions_change_nothing():
    g = random_game(moves=25)
    legal = set(g.legal_actions())
    masked = next(a for a in range(carc.ACTIONS) if a not in legal)
    assert "not legal" in unchanged(g, lambda: g.apply_action(masked), carc.IllegalMoveError)
    assert "outside" in unchanged(g, lambda: g.apply_action(carc.ACTIONS), carc.IllegalMoveError)
    unchanged(g, lambda: g.apply_action(-1), carc.IllegalMoveError)
    unchanged(g, lambda: g.apply_action("0"), TypeError)
    unchanged(g, lambda: g.apply_action(1.5), TypeError)
    unchanged(g, lambda: g.apply_action(None), TypeError)
    unchanged(g, lambda: g.apply_action(True), TypeError)
    g.apply_action(np.int64(sorted(legal)[0]))  # numpy integers are ints
    assert carc.Game(players=np.int32(3), seed=np.uint64(5)).players == 3
    d = g.determinized(0, 1)  # its history starts at the deal (test_saving.py)
    assert d.moves == [] and "seed" not in d.record()
    unchanged(d, d.undo, carc.IllegalMoveError)


def test_bad_moves_change_nothing():
    g = random_game(moves=10)
    msg = unchanged(g, lambda: g.apply("Z (1,0) r0"), carc.IllegalMoveError)
    assert "unknown tile" in msg
    unchanged(g, lambda: g.apply("nonsense"), carc.IllegalMoveError)
    unchanged(g, lambda: g.apply(""), carc.IllegalMoveError)
    unchanged(g, lambda: g.apply("pass\x00"), carc.IllegalMoveError)
    unchanged(g, lambda: g.apply(b"pass"), TypeError)
    # a well-formed move that is illegal here: the engine's reason
    while g.pending()["decision"] != "place":
        g.apply(g.legal()[0])
    tile = g.state()["hand_tiles"][0]
    msg = unchanged(g, lambda: g.apply(f"{tile} (40,40) r0"), carc.IllegalMoveError)
    assert msg


def test_a_move_after_the_end_raises():
    g = random_game(exps="base", seed=3)
    assert g.over and g.pending()["decision"] == "over" and g.legal() == []
    unchanged(g, lambda: g.apply("pass"), carc.GameOverError)
    unchanged(g, lambda: g.apply_action(0), carc.GameOverError)


def test_bad_configurations():
    for kw, exc in [({"players": 1}, carc.ConfigError), ({"players": 6}, carc.ConfigError),
                    ({"players": "2"}, TypeError), ({"expansions": "gifts,,christmas"}, carc.ConfigError),
                    ({"expansions": "dragons"}, carc.ConfigError), ({"expansions": 3}, TypeError),
                    ({"seed": -1}, carc.ConfigError), ({"seed": 2**63}, carc.ConfigError),
                    ({"seed": 1.5}, TypeError), ({"stack": "AZ"}, carc.ConfigError),
                    ({"stack": "A" * 3}, carc.ConfigError), ({"return_pos": 2}, carc.ConfigError)]:
        with pytest.raises(exc):
            carc.Game(**kw)
    assert issubclass(carc.ConfigError, ValueError)


def test_fixed_stack():
    g = carc.Game(stack="UVK")
    assert g.state()["hand_tiles"] == ["U"]


def test_moves_outside_the_window():
    """A game walked east (always the easternmost placement) goes far past the window
    (x > 15): such placements have no actions and are not in the mask, the mask is never
    empty while a move is legal, and FALLBACK is legal only when nothing else is."""
    import re
    from carc import encoding
    g = carc.Game(expansions="base", seed=1)
    outside = 0
    while not g.over:
        legal, acts = g.legal(), g.legal_actions()
        assert acts
        assert (acts == [encoding.FALLBACK]) == all(not g.actions_of(m) for m in legal)
        places = [m for m in legal if re.match(r"^[A-X] \(", m)]
        if places:
            m = max(places, key=lambda m: int(re.search(r"\((-?\d+),", m).group(1)))
            if int(re.search(r"\((-?\d+),", m).group(1)) > 15:
                outside += 1
                assert g.actions_of(m) == ()
            g.apply(m)
        else:
            g.apply("pass" if "pass" in legal else legal[0])
    assert outside > 10


def test_board_planes_against_the_view():
    """The board planes rebuilt from the seat's view as a dict: tiles, followers by
    relative seat, and the tiles crossed by features that hold a follower of each seat."""
    from carc import encoding
    R = encoding.R
    for exps in SETS:
        g = carc.Game(players=3, expansions=exps, seed=8)
        rng = random.Random(8)
        k = 0
        while not g.over:
            if k % 4 == 0:
                seat = g.current_seat
                board = g.observe(seat)["board"]
                v = g.view(seat)
                want = np.zeros_like(board)
                for t in v["board"]:
                    if abs(t["x"]) <= R and abs(t["y"]) <= R:
                        want[0, t["y"] + R, t["x"] + R] = 1
                for f in v["followers"]:
                    want[12 + (f["seat"] - seat) % 3, f["y"] + R, f["x"] + R] = 1
                for feat in v["features"]:
                    for s, n in enumerate(feat["followers"]):
                        if n:
                            for x, y, _port in feat["segments"]:
                                want[20 + (s - seat) % 3, y + R, x + R] = 1
                for ch in [0, 12, 13, 14, 15, 16, 20, 21, 22, 23, 24]:
                    assert np.array_equal(board[ch], want[ch]), (exps, k, ch)
            g.apply_action(rng.choice(g.legal_actions()))
            k += 1


def test_undo_replays_from_snapshots():
    """undo gives the game a replay of its moves but the last would give, in any order of
    undos and new moves (determinized games and clones too), and after the first undo's
    replay from the start it replays fewer than UNDO_EVERY moves each time, plus the moves
    applied since the last undo."""
    every = carc.game.UNDO_EVERY
    for exps in ("base", "gifts,christmas", "inns,traders,river,abbot"):
        rng = np.random.default_rng(len(exps))
        g = carc.Game(players=3, expansions=exps, seed=8)
        while len(g.moves) < 5 * every and not g.over:
            g.apply(g.legal()[int(rng.random() * len(g.legal()))])
        added = 0
        for round_ in range(12):
            before = g._replayed
            n = len(g._moves)
            last = g.moves[-1]
            assert g.undo() == last
            if round_:  # the moves since the last snapshot: those added since, and < every
                assert g._replayed - before < every + added
            added = 0
            fresh = carc.Game(players=3, expansions=exps, seed=8)
            for mv in g.moves:
                fresh.apply(mv)
            assert g.state_bytes() == fresh.state_bytes() and len(g._moves) == n - 1
            if round_ % 3 == 2:  # new moves after undos: the snapshots before them stand
                added = int(rng.integers(1, every))
                for _ in range(added):
                    g.apply(g.legal()[0])
        c = g.clone()
        c.undo()
        g.undo()
        assert c.state_bytes() == g.state_bytes()
    d = carc.Game(players=2, seed=3).determinized(0, 4)
    start = d.state_bytes()
    for _ in range(2 * every + 3):
        d.apply(d.legal()[-1])
    while d.moves:
        d.undo()
    assert d.state_bytes() == start
