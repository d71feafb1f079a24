"""The Python package with The River and The Abbot (issue 20): constants from the C headers
(88 tile kinds, 15 ports with G, the recall move, the abbot), a random game per set played
to the end by actions with every action legal and the encoding of every legal move checked
(test_bigbox's check_encoding), the abbot on a garden and the recall as actions, and the
observation's river and garden planes and public entries against the game's queries."""
import random

import numpy as np
import pytest

import carc
from carc import encoding
from carc._carc import ffi, lib
from conftest import QUICK, RIVER_ABBOT_SETS
from test_bigbox import batch_games_finished, check_encoding, check_observation

RIVER = lib.CARC_EDGE_RIVER


def river_sides(kind, rot):
    """The board sides (N E S W = 0..3) where a tile of `kind` turned `rot` shows a river."""
    d = lib.carc_tile_def_of(kind)
    return [side for side in range(4) if d.edges[(side - rot) % 4] == RIVER]


def test_constants_come_from_the_headers():
    # the first 88 kinds are those of the six expansions; later boxes add theirs after
    assert carc.TILE_KINDS == lib.CARC_TILE_KINDS >= 88 and len(carc.TILE_NAMES) == carc.TILE_KINDS
    assert carc.TILE_NAMES[65] == "RI/s" and carc.TILE_NAMES[66] == "RI.1/I.e"
    assert set(carc.TILE_NAMES[65:88]) == {
        "RI/s", "RI.1/I.e", "RI.1/CICI", "RI.1/CIRI", "RI.1/LIRI", "RI.1/RIrI", "RI.1/IFI",
        "RI.1/CcII", "RI.1/RrII", "RI.1/II", "RI.1/IIG", "Eg", "Hg", "Ig", "Mg", "Ng", "Rg", "Ug",
        "Vg", "IC/CCCCG", "IC/RFr.iG", "TB/CcRR.wG", "TB/CcR.cG"}
    assert carc.EXPANSIONS[:6] == ["gifts", "christmas", "inns", "traders", "river", "abbot"]
    assert encoding.PORTS[-1] == "I2" and len(encoding.PORTS) == lib.CARC_PORTS == 16
    assert lib.CARC_PORT_G == 14 and lib.CARC_PORT_C == 12
    assert lib.CARC_MOVE_RECALL == 10 and lib.CARC_FIG_ABBOT == 2
    assert carc.FIGURES[lib.CARC_FIG_ABBOT] == "abbot"
    assert carc.SCORE_CATEGORIES[-1] == "gardens" and len(carc.SCORE_CATEGORIES) == 8
    # the new sections follow the old ones, which did not move
    at = 0
    for name, base, n in encoding.SECTIONS:
        assert base == at, name
        at += n
    assert at == carc.ACTIONS
    assert encoding.AGAIN == 21233
    assert encoding.ABBOT_G == encoding.SEG_I + encoding.CELLS
    assert encoding.RECALL == encoding.ABBOT_G + 1
    assert encoding.SEG_G == encoding.RECALL + 2 * encoding.CELLS
    # the sections of later boxes (issue 30) follow these
    assert encoding.SECTIONS[[n for n, _, _ in encoding.SECTIONS].index("seg_g") + 1][1] == \
        encoding.SEG_G + encoding.CELLS
    names = [encoding.describe(a) for a in range(carc.ACTIONS)]
    assert len(set(names)) == carc.ACTIONS
    assert names[encoding.ABBOT_G] == "follower abbot G"
    assert names[encoding.FIG_FOLLOWER + 1 * 14 + 12] == "follower abbot C"
    c0 = encoding.R * encoding.W + encoding.R  # the cell of (0,0)
    assert names[encoding.RECALL + 2 * c0] == "recall (0,0) C"
    assert names[encoding.RECALL + 2 * c0 + 1] == "recall (0,0) G"
    assert names[encoding.SEG_G + c0] == "seg (0,0) G"
    assert len(encoding.CHANNEL_NAMES) == carc.CHANNELS >= 53  # later boxes' channels after
    assert encoding.CHANNEL_NAMES[46:53] == ["river_N", "river_E", "river_S", "river_W", "garden",
                                           "river_end", "abbot"]
    assert encoding.public_range("expansions_river_abbot").stop - \
        encoding.public_range("expansions_river_abbot").start == 2
    encoding.public_range("river_left_div11")


def test_river_start_and_queries():
    g = carc.Game(players=2, expansions="river", seed=5)
    v = g.view(0)
    start = [t for t in v["board"] if t["x"] == 0 and t["y"] == 0][0]
    assert start["tile"] == "RI/s" and start["rot"] == 0
    assert g.river_end == (1, 0)  # R2: the spring's river faces east
    assert g.river_left == 10  # 12 less the spring and the tile in hand
    # every placement listed continues the river at its open end
    for mv in g.legal():
        assert "(1,0)" in mv, mv
    plain = carc.Game(players=2, seed=5)
    assert plain.river_left == 0 and plain.river_end is None


def check_river_observation(g, seat):
    o = g.observe(seat)
    pub, board = o["public"], o["board"]
    C, R = encoding.CHANNEL, encoding.R
    exps = set(g.expansions.split(","))
    assert list(pub[encoding.public_range("expansions_river_abbot")]) == [
        float("river" in exps), float("abbot" in exps)]
    assert pub[encoding.public_range("river_left_div11")][0] == pytest.approx(g.river_left / 11)
    end = np.zeros((encoding.W, encoding.W), np.uint8)
    if g.river_end is not None:
        x, y = g.river_end
        end[y + R, x + R] = 1
    assert np.array_equal(board[C["river_end"]], end)
    v = g.view(seat)
    gardens = {t["id"] for t in carc.tiles() if any(sg["type"] == "garden" for sg in t["segments"])}
    river = np.zeros((4, encoding.W, encoding.W), np.uint8)
    garden = np.zeros((encoding.W, encoding.W), np.uint8)
    for t in v["board"]:
        if abs(t["x"]) > R or abs(t["y"]) > R:
            continue
        kind = carc.TILE_NAMES.index(t["tile"])
        for side in river_sides(kind, t["rot"]):
            river[side][t["y"] + R, t["x"] + R] = 1
        garden[t["y"] + R, t["x"] + R] = t["tile"] in gardens
    for side, name in enumerate(("river_N", "river_E", "river_S", "river_W")):
        assert np.array_equal(board[C[name]], river[side]), name
    assert np.array_equal(board[C["garden"]], garden)
    abbot = np.zeros((encoding.W, encoding.W), np.uint8)
    for f in v["followers"]:
        if abs(f["x"]) <= R and abs(f["y"]) <= R and f["figure"] == "abbot":
            abbot[f["y"] + R, f["x"] + R] = 1
            assert f["port"] in ("C", "G") or f["port"] in (lib.CARC_PORT_C, lib.CARC_PORT_G)
    assert np.array_equal(board[C["abbot"]], abbot)
    if "abbot" not in exps:
        assert not board[C["garden"]].any() and not abbot.any()
    if "river" not in exps:
        assert not river.any() and g.river_end is None


@pytest.mark.parametrize("exps", RIVER_ABBOT_SETS)
def test_random_games_every_action_and_move(exps):
    """Random games to the end by actions, every action taken legal; the encoding of every
    legal move at every decision; the observation checked at some decisions; recalls and
    the abbot on a garden met as actions (with The Abbot)."""
    buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    seen = set()
    ngames = 2 if QUICK else 4
    need = {"follower:abbot", "recall", "abbot_g"} if "abbot" in exps else set()
    if "river" in exps:
        need.add("river")
    k = 0
    while k < ngames or (not need <= seen and k < 12):
        players = 2 + k % 4
        g = carc.Game(players=players, expansions=exps, seed=500 + k)
        rng = random.Random(k)
        steps = 0
        while not g.over:
            if not g.action_prefix:
                check_encoding(g, buf, seen)
                if g.river_end is not None and g.pending()["decision"] == "place":
                    seen.add("river")
                if steps % (25 if QUICK else 7) == 0:
                    check_observation(g, g.current_seat)
                    check_river_observation(g, g.current_seat)
                    g.check()
            legal = g.legal_actions()
            for a in legal:
                if encoding.RECALL <= a < encoding.SEG_G:
                    seen.add("recall")
                if a == encoding.ABBOT_G:
                    seen.add("abbot_g")
            # a recall when one is legal, now and then, so that games see its points
            recalls = [a for a in legal if encoding.RECALL <= a < encoding.SEG_G]
            a = recalls[0] if recalls and rng.random() < 0.3 else rng.choice(legal)
            if a in recalls:
                cell, gd = divmod(a - encoding.RECALL, 2)
                x, y = encoding.cell_xy(cell)
                mv = f"recall ({x},{y}) {'garden:G' if gd else 'cloister:C'}"
                pts = g.recall_points(mv)
                assert pts is not None and pts >= 1, mv
                assert g.actions_of(mv) == (a,)
                seat, before = g.current_seat, g.scores()
                g.apply_action(a)
                assert g.scores()[seat] >= before[seat] + pts
            else:
                g.apply_action(a)
            steps += 1
        k += 1
        g.check()
        check_observation(g, 0)
        check_river_observation(g, 0)
        parts = g.score_parts()
        assert [sum(p.values()) for p in parts] == g.scores()
        if "abbot" not in exps:
            assert all(p["gardens"] == 0 for p in parts)
    assert need <= seen, seen


def test_batch_river_abbot():
    b = carc.Batch(8, players=3, expansions="gifts,christmas,inns,traders,river,abbot", seed=3)
    assert batch_games_finished(b) >= 1
