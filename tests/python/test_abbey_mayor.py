"""The Python package with Abbey & Mayor (issue 30): its action sections after every older
id (which kept theirs), random games of each set played to the end by actions with every
legal move's actions read back to the same move (the abbey, a mayor, a wagon placed and
moved after a scoring, a barn at each corner, a follower on port I2 all seen), the new
board planes and public entries against the seat's view as a dict, and the package's
machinery with the box on: the environments (PettingZoo's api_test and seed_test,
Gymnasium's check_env), no illegal action over many random episodes of a batch, pickling
and state bytes."""
import random

import numpy as np
import pytest

import carc
from carc import encoding
from carc._carc import ffi, lib
from box_checks import (batch_round_trips, batch_rows_as_game, busy_round_trips,
                        default_window_game, env_checks, first_action_of, random_games,
                        read_back, twins)
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
    # the abbey's ranges at the end, but for the projected scores of issue 34's example
    assert [n for n, _, _ in encoding.PUBLIC_LAYOUT][-4:] == [
        "expansions_abbey", "abbey_held", "figures_in_supply_mayor_wagon_barn",
        "projection_div100"]


def move_kind(g, m):
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
    """Every legal move's actions read back (box_checks.read_back); each new move's kind
    goes into `seen`."""
    def tally(m, acts):
        kind = move_kind(g, m)
        if kind:
            seen.add(kind)
    read_back(g, buf, tally)


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


@pytest.mark.parametrize("exps", ABBEY_SETS)
def test_random_games_every_action_and_move(exps):
    """Random games to the end by actions, every action taken legal; the encoding of every
    legal move at every decision; the observation checked at some decisions; until every
    new kind of move was legal (in the first set, Abbey & Mayor alone), the moves of a
    kind not seen yet chosen more often."""
    buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    seen = set()
    need = NEED if exps == ABBEY_SETS[0] else set()

    def choose(rng, g, legal):
        want = first_action_of(g, lambda m: move_kind(g, m) not in seen | {None})
        return rng.choice(want) if want and rng.random() < 0.8 else rng.choice(legal)
    k, total_steps = random_games(exps, 400, WINDOW, lambda g: check_encoding(g, buf, seen),
                                  check_observation, choose, lambda: need <= seen)
    assert need <= seen, need - seen
    assert total_steps > 50 * k


def test_default_window_game_by_actions():
    """In the default window too, a whole game of the box by actions, with the
    observation's planes checked along the way."""
    assert default_window_game("abbey", check_observation) > 100


@pytest.mark.parametrize("exps", ["abbey", ABBEY_SETS[-1]])
def test_batch_no_illegal_action_and_rows_as_game(exps):
    """Many random episodes through the batch, none with an illegal action, rows as
    carc.Game, rewards as the final scores (box_checks.batch_rows_as_game)."""
    assert batch_rows_as_game(exps, 8 if QUICK else 30) > 100


def test_pickling_and_state_bytes_round_trips():
    """Games with a wagon decision, the abbey decision or a move under way pickle and load
    equal byte for byte, and play on the same; a batch too."""
    def busy(g):
        return g.pending()["decision"] in ("abbey", "wagon") or g.action_prefix
    assert busy_round_trips("abbey,tower", busy) >= 8
    batch_round_trips("abbey")


def test_hidden_information_twins():
    """Two deals of one seat's view give that seat the same observation: the abbeys held
    and the figures in supply are public (AM13), the stack's order is not."""
    assert twins("abbey,gifts,christmas", range(1, 4)) > 10


pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")


@pytest.mark.parametrize("exps", ["abbey", ABBEY_SETS[-1]])
def test_pettingzoo_and_gymnasium_checks(exps):
    env_checks(exps)


def test_every_listed_move_applies_with_the_dragon():
    """Every legal move at every follower decision of random games with the dragon's
    portal and barns applies (a regression: after the merges the portal listed moves into
    a barn field that carc_apply refuses, AM10 with PD11); seed 7 with 4 seats met it."""
    exps = "gifts,christmas,inns,traders,river,abbot,dragon,tower,abbey"
    checked = 0
    for seed in (7, 15) if QUICK else (7, 15, 21, 33):
        rng = random.Random(seed)
        g = carc.Game(players=2 + seed % 5, expansions=exps, seed=seed)
        while not g.over:
            legal = g.legal()
            if g.pending()["decision"] == "follower":
                for m in legal:
                    g.clone().apply(m)  # raises IllegalMoveError on a move it listed
                checked += len(legal)
            g.apply(rng.choice(legal))
    assert checked > 1000
