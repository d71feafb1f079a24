"""The Python package with The Princess & the Dragon and The Tower (issue 30): the
constants and action sections (after every older id, which kept theirs), random games of
each set played to the end by actions with every legal move's actions read back to the
same move (the dragon's walk, the fairy, the princess, a follower through a portal or on a
tower's top, a floor, a capture, a ransom, an exchange all seen), the new board planes and
public entries against the seat's view as a dict, and the package's machinery with the
boxes on: the environments (PettingZoo's api_test and seed_test, Gymnasium's check_env),
rewards against the final scores, no illegal action over many random episodes of a batch,
pickling and state bytes, hidden information, carc.search and the next tile."""
import random

import numpy as np
import pytest

import carc
from carc import encoding
from carc._carc import ffi, lib
from box_checks import (batch_round_trips, batch_rows_as_game, busy_round_trips,
                        default_window_game, env_checks, first_action_of, random_games,
                        read_back, twins)
from conftest import DRAGON_TOWER_SETS, QUICK

# The new move kinds, and the follower placed elsewhere than on the tile just placed
NEW_KINDS = {lib.CARC_MOVE_WALK: "walk", lib.CARC_MOVE_ASSIGN: "fairy",
             lib.CARC_MOVE_REMOVE: "princess", lib.CARC_MOVE_FLOOR: "floor",
             lib.CARC_MOVE_CAPTURE: "capture", lib.CARC_MOVE_RANSOM: "ransom",
             lib.CARC_MOVE_EXCHANGE: "exchange"}
MARKS = {"v": "volcano", "d": "dragon_symbol", "g": "portal", "p": "princess"}
SEATS = ["me", "next", "next2", "next3", "next4", "next5"]
# the window of the tests' games: wide enough that no legal move of theirs is outside it
WINDOW = 45


def test_constants_and_sections():
    assert carc.EXPANSIONS[6:8] == ["dragon", "tower"]
    d = carc.DECISIONS
    assert d[d.index("double_turn") + 1:d.index("double_turn") + 4] == ["dragon", "capture",
                                                                       "exchange"]
    assert ffi.string(lib.carc_port_name(lib.CARC_PORT_T)).decode() == "T"
    names = [n for n, _, _ in encoding.SECTIONS]
    assert names[names.index("seg_g"):names.index("seg_t") + 1] == [
        "seg_g", "walk", "fairy", "princess", "follower_at", "ransom", "exchange", "floor",
        "seg_t"]
    at = 0
    for name, base, n in encoding.SECTIONS:
        assert base == at, name
        at += n
    assert at == carc.ACTIONS
    # the older ids did not move: the new sections begin where the last one ended
    assert encoding.WALK == encoding.SEG_G + encoding.CELLS == 25141
    assert (encoding.FAIRY, encoding.PRINCESS, encoding.FOLLOWER_AT, encoding.RANSOM) == (
        encoding.WALK + 4, encoding.WALK + 5, encoding.WALK + 6, encoding.WALK + 7)
    assert encoding.EXCHANGE == encoding.RANSOM + len(carc.ACTION_FIGURES) * carc.MAX_PLAYERS
    assert encoding.FLOOR == encoding.EXCHANGE + len(carc.ACTION_FIGURES)
    assert encoding.SEG_T == encoding.FLOOR + encoding.CELLS
    assert encoding.FIG_FOLLOWER2 == encoding.SEG_T + encoding.CELLS == 27105  # Abbey & Mayor's next
    c0 = encoding.DEFAULT.cell(0, 0)
    assert [encoding.describe(encoding.WALK + k) for k in range(4)] == [
        "walk N", "walk E", "walk S", "walk W"]
    assert encoding.describe(encoding.FAIRY) == "fairy"
    assert encoding.describe(encoding.PRINCESS) == "princess"
    assert encoding.describe(encoding.FOLLOWER_AT) == "follower_at"
    assert encoding.describe(encoding.RANSOM + 1 * carc.MAX_PLAYERS + 2) == "ransom large seat +2"
    assert encoding.describe(encoding.EXCHANGE) == "exchange meeple"
    assert encoding.describe(encoding.FLOOR + c0) == "floor (0,0)"
    assert encoding.describe(encoding.SEG_T + c0) == "seg (0,0) T"
    assert len({encoding.describe(a) for a in range(encoding.WALK, encoding.FIG_FOLLOWER2)}) == \
        encoding.FIG_FOLLOWER2 - encoding.WALK
    assert encoding.CHANNEL_NAMES[69] == "mayor"  # Abbey & Mayor's channels follow
    assert encoding.CHANNEL_NAMES[53:69] == [
        "dragon", "fairy", "volcano", "dragon_symbol", "portal", "princess", "dragon_visited",
        "tower", "tower_height"] + ["tower_top_" + s for s in SEATS] + ["tower_top_large"]
    sizes = {n: length for n, _, length in encoding.PUBLIC_LAYOUT}
    assert sizes["expansions_dragon_tower"] == 2 and sizes["floors_div10"] == carc.MAX_PLAYERS
    assert sizes["prisoners_by_holder_owner_div7"] == carc.MAX_PLAYERS ** 2
    names = [n for n, _, _ in encoding.PUBLIC_LAYOUT]
    assert names[names.index("prisoners_by_holder_owner_div7") + 1] == "expansions_abbey"
    # the marks come from the engine (carc_tile_symbol); the names end in the mark's letter
    for k, name in enumerate(carc.TILE_NAMES):
        mark = lib.carc_tile_symbol(k)
        if name.startswith("DG/"):
            assert list(MARKS)[mark - 1] == name.split(".")[-1][0], name
        else:
            assert mark == 0, name
    assert lib.carc_tile_symbol(-1) == lib.carc_tile_symbol(carc.TILE_KINDS) == 0


def check_encoding(g, buf, seen):
    """Every legal move's actions read back (box_checks.read_back); each move's kind goes
    into `seen`."""
    last = g.view(0)["last_placed"]

    def tally(m, acts):
        if m.kind in NEW_KINDS:
            seen.add(NEW_KINDS[m.kind])
        if m.kind == lib.CARC_MOVE_FOLLOWER and m.port == lib.CARC_PORT_T:
            seen.add("tower top")
        elif m.kind == lib.CARC_MOVE_FOLLOWER and last and (m.x, m.y) != (last["x"], last["y"]):
            seen.add("portal")
        if acts[0] == encoding.FOLLOWER_AT:
            assert m.kind == lib.CARC_MOVE_FOLLOWER
    read_back(g, buf, tally)


def check_observation(g, seat):
    """The new planes and public entries of `seat`'s observation against its view."""
    o = g.observe(seat)
    board, pub = o["board"], o["public"]
    v = g.view(seat)
    p, R, C = g.players, g.encoding.R, encoding.CHANNEL
    rel = lambda s: (s - seat) % p  # noqa: E731
    want = {name: np.zeros(board.shape[1:], np.uint8) for name in encoding.CHANNEL_NAMES[53:69]}

    def put(name, x, y, value=1):
        if abs(x) <= R and abs(y) <= R:
            want[name][y + R, x + R] = value
    for t in v["board"]:
        parts = t["tile"].split(".")
        if t["tile"].startswith("DG/"):
            put(MARKS[parts[-1][0]], t["x"], t["y"])
    dg = v.get("dragon")
    if dg:
        if dg["dragon"]:
            put("dragon", dg["dragon"]["x"], dg["dragon"]["y"])
        if dg["fairy"]:
            put("fairy", dg["fairy"]["x"], dg["fairy"]["y"])
        for at in (dg["walk"] or {"visited": []})["visited"]:
            put("dragon_visited", at["x"], at["y"])
    tw = v.get("tower")
    if tw:
        for t in tw["towers"]:
            put("tower", t["x"], t["y"])
            put("tower_height", t["x"], t["y"], t["height"])
        tops = [f for f in v["followers"] if f["port"] == "T"]
        for f in tops:
            put("tower_top_" + SEATS[rel(f["seat"])], f["x"], f["y"])
            if f["figure"] != "meeple":
                put("tower_top_large", f["x"], f["y"])
        closed = {(t["x"], t["y"]) for t in tw["towers"] if t["closed"]}
        assert closed == {(f["x"], f["y"]) for f in tops}
    for name, plane in want.items():
        assert np.array_equal(board[C[name]], plane), name
    get = lambda name: pub[encoding.public_range(name)]  # noqa: E731
    exps = g.expansions.split(",")
    assert list(get("expansions_dragon_tower")) == [float("dragon" in exps), float("tower" in exps)]
    fairy_seat = np.zeros(carc.MAX_PLAYERS, np.float32)
    if dg and dg["fairy"] and dg["fairy"]["follower"]:
        fairy_seat[rel(dg["fairy"]["follower"]["seat"])] = 1
    assert np.array_equal(get("fairy_follower_seat_onehot"), fairy_seat)
    assert get("dragon_on_board")[0] == float(bool(dg and dg["dragon"]))
    assert get("fairy_on_board")[0] == float(bool(dg and dg["fairy"]))
    assert get("set_aside_div12")[0] == pytest.approx(len(dg["aside"]) / 12 if dg else 0)
    walked = dg["walk"]["moves"] if dg and dg["walk"] else 0
    assert get("dragon_moves_div6")[0] == pytest.approx(walked / 6)
    floors = np.zeros(carc.MAX_PLAYERS, np.float32)
    prisoners = np.zeros((carc.MAX_PLAYERS, carc.MAX_PLAYERS), np.float32)
    if tw:
        for s, f in enumerate(tw["floors"]):
            floors[rel(s)] = f / 10
        for pr in tw["prisoners"]:
            prisoners[rel(pr["holder"]), rel(pr["owner"])] += 1 / 7
    assert np.allclose(get("floors_div10"), floors)
    assert np.allclose(get("prisoners_by_holder_owner_div7").reshape(prisoners.shape), prisoners)


@pytest.mark.parametrize("exps", DRAGON_TOWER_SETS)
def test_random_games_every_action_and_move(exps):
    """Random games to the end by actions, every action taken legal; the encoding of every
    legal move at every decision; the observation checked at some decisions; until every
    new kind of move was legal (with the box that brings it), the kinds not seen yet
    chosen more often."""
    buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    seen = set()
    need = set()
    if "dragon" in exps:
        need |= {"walk", "fairy", "princess", "portal"}
    if "tower" in exps:  # the exchange: test_exchange_by_actions
        need |= {"floor", "capture", "ransom", "tower top"}

    def choose(rng, g, legal):
        want = first_action_of(g, lambda m: NEW_KINDS.get(m.kind) in need - seen)
        return rng.choice(want) if want and rng.random() < 0.8 else rng.choice(legal)
    k, total_steps = random_games(exps, 300, WINDOW, lambda g: check_encoding(g, buf, seen),
                                  check_observation, choose, lambda: need <= seen)
    assert need <= seen, need - seen
    assert total_steps > 100 * k


@pytest.mark.parametrize("exps", ["inns,tower", "inns,traders,river,abbot,dragon,tower"])
def test_exchange_by_actions(exps):
    """The exchange (TW6) is a decision when the captor's followers the other holds differ
    in kind (a meeple and the large meeple): 2-player games that build, capture other
    seats' followers and place the large meeple until one comes; each choice is one
    action (EXCHANGE + figure) that plays that move."""
    buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    for seed in range(1, 60):
        rng = random.Random(seed)
        g = carc.Game(players=2, expansions=exps, seed=seed, window=WINDOW)
        while not g.over:
            legal = g.legal()
            if g.pending()["decision"] == "exchange":
                check_encoding(g, buf, set())
                assert sorted(legal) == ["exchange", "exchange large"]
                for mv, fig in (("exchange", 0), ("exchange large", 1)):
                    assert g.actions_of(mv) == (encoding.for_window(WINDOW).EXCHANGE + fig,)
                    a, b = g.clone(), g.clone()
                    a.apply(mv)
                    b.apply_action(g.actions_of(mv)[0])
                    assert a.state_bytes() == b.state_bytes()
                return
            me = f"seat:{g.current_seat}"
            pref = [m for m in legal if m.startswith("capture") and me not in m] or \
                [m for m in legal if m.startswith("floor")] or \
                [m for m in legal if m.startswith("large")]
            g.apply(rng.choice(pref) if pref and rng.random() < 0.9 else rng.choice(legal))
    pytest.fail("no exchange decision in 59 games")


def test_default_window_game_by_actions():
    """In the default window too, a whole game of both boxes by actions, with the
    observation's planes checked along the way."""
    assert default_window_game("dragon,tower", check_observation) > 100


@pytest.mark.parametrize("exps", ["dragon,tower", "gifts,christmas,inns,traders,dragon,tower"])
def test_batch_no_illegal_action_and_rows_as_game(exps):
    """Many random episodes through the batch, none with an illegal action, rows as
    carc.Game, rewards as the final scores (box_checks.batch_rows_as_game)."""
    assert batch_rows_as_game(exps, 10 if QUICK else 40) > 100


pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")


@pytest.mark.parametrize("exps", ["dragon", "tower", "dragon,tower",
                                  "gifts,christmas,inns,traders,river,abbot,dragon,tower"])
def test_pettingzoo_and_gymnasium_checks(exps):
    env_checks(exps)


@pytest.mark.parametrize("players,exps", [(3, "dragon,tower"), (4, "inns,traders,dragon,tower")])
def test_aec_rewards_agree_with_final_scores(players, exps):
    from carc import envs
    env = envs.aec_env(players=players, expansions=exps)
    env_score = envs.aec_env(players=players, expansions=exps, reward="score")
    for seed in range(2 if QUICK else 4):
        totals = []
        for e in (env, env_score):
            e.reset(seed=seed)
            rng = np.random.default_rng(seed)
            total = {a: 0.0 for a in e.possible_agents}
            for agent in e.agent_iter():
                obs, reward, term, trunc, info = e.last()
                total[agent] += reward
                if term or trunc:
                    e.step(None)
                    continue
                ids = info["legal_actions"]
                e.step(ids[int(rng.integers(len(ids)))])
            totals.append(total)
            scores = e.unwrapped.game.scores()
        best = max(scores)
        for s, agent in enumerate(env.possible_agents):
            want = 0.0 if scores.count(best) == players else (1.0 if scores[s] == best else -1.0)
            assert totals[0][agent] == want
            other = max(sc for t, sc in enumerate(scores) if t != s)
            assert totals[1][agent] == pytest.approx((scores[s] - other) / 100)


def test_pickling_and_state_bytes_round_trips():
    """Games of both boxes with a dragon movement, a capture or prisoners under way pickle
    and load equal byte for byte, and play on the same."""
    def busy(g):
        v = g.view("public")
        return (v["dragon"]["walk"] is not None or v["tower"]["prisoners"] or
                g.pending()["decision"] in ("capture", "exchange") or g.action_prefix)
    assert busy_round_trips("dragon,tower,inns", busy) >= 8
    batch_round_trips("dragon,tower")


def test_hidden_information_twins():
    """Two deals of one seat's view (what the seat may not know dealt anew) give that seat
    the same observation and the same mask: the set-aside tiles, towers, prisoners and the
    dragon are public, the stack's order is not."""
    assert twins("dragon,tower,gifts,christmas", range(1, 6)) > 20


def test_search_runs_with_the_boxes():
    """carc.search with a uniform evaluator from positions of both boxes (a walk decision
    among them): its move is legal and its visits are on legal actions."""
    done = set()
    rng = random.Random(2)
    for seed in range(1, 20):
        g = carc.Game(players=3, expansions="dragon,tower", seed=seed)
        while not g.over and len(done) < 3:
            d = g.pending()["decision"]
            if d in ("dragon", "follower", "capture") and d not in done and len(g.legal()) > 1:
                r = carc.search(g, carc.uniform_evaluator, simulations=48, batch=16, seed=1)
                assert r.move in g.legal() and set(r.legal_actions) == set(g.legal_actions())
                assert sum(r.visits) > 0
                done.add(d)
            g.apply(rng.choice(g.legal()))
        if len(done) == 3:
            break
    assert {"dragon", "follower"} <= done, done


def test_next_tiles_leaves_out_set_aside_and_dragon_tiles():
    """While the dragon is off the board, the next turn never begins with a dragon tile
    (it would be set aside, PD4), and tiles set aside are in no stack: next_tiles weighs
    neither, and agrees with the tiles the engine draws over deals of the mover's view."""
    rng = random.Random(1)
    def wanted(g):
        v = g.view(0)["dragon"]
        return v["aside"] and not v["dragon"] and g.pending()["decision"] == "follower"
    for seed in range(1, 40):
        g = carc.Game(players=2, expansions="dragon", seed=seed)
        while not g.over and not wanted(g):
            g.apply(rng.choice(g.legal()))
        if not g.over:
            break
    else:
        pytest.skip("no position with tiles set aside")
    v = g.view(0)
    assert v["dragon"]["dragon"] is None and v["dragon"]["aside"]
    nt = g.next_tiles()
    assert nt and abs(sum(nt.values()) - 1) < 1e-9
    for name in nt:
        assert lib.carc_tile_symbol(carc.TILE_NAMES.index(name)) != lib.CARC_SYMBOL_DRAGON
    # the engine's draws: the move applied in deals of the mover's view
    move = "pass"
    seat = g.current_seat
    counts = {}
    n = 600 if QUICK else 1500
    for s in range(n):
        d = g.determinized(seat, s + 1)
        d.apply(move)
        if d.over:
            continue
        tile = d.view(d.current_seat)["hand_tiles"][0]
        counts[tile] = counts.get(tile, 0) + 1
    assert set(counts) <= set(nt)
    for name, p in nt.items():
        assert abs(counts.get(name, 0) / n - p) < 0.05 + 3 * (p * (1 - p) / n) ** 0.5, name
