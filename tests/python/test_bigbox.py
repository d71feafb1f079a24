"""The Python package with Inns & Cathedrals and Traders & Builders: constants from the C
headers, 2..6 players, a random game per set played to the end by actions with every
action legal, the action encoding of every legal move of those games (its actions play
exactly that move, through carc_move; no two moves share actions; none is the beginning
of another's; the mask is the first actions), the figure and `again` in the actions, and
the big-box parts of the observation (figures, goods, double turns, board planes) against
the seat's view and the game's queries."""
import random

import numpy as np
import pytest

import carc
from carc import encoding
from carc._carc import ffi, lib
from conftest import BIGBOX_SETS, QUICK


def test_constants_come_from_the_headers():
    assert carc.MAX_PLAYERS == lib.CARC_MAX_PLAYERS == 6
    assert carc.SEAT_PUBLIC == lib.CARC_SEAT_PUBLIC == 6
    assert carc.MIN_PLAYERS == 2
    assert len(carc.DECISIONS) == lib.CARC_DECISIONS and "double_turn" in carc.DECISIONS
    assert carc.FIGURES == ["meeple", "large", "abbot", "builder", "pig", "mayor", "wagon", "barn"]
    assert carc.ACTION_FIGURES == carc.FIGURES[:5]
    assert carc.GOODS == ["wine", "grain", "cloth"]
    assert carc.SCORE_CATEGORIES[6] == "goods" and len(carc.SCORE_CATEGORIES) == 8
    assert len(carc.TILE_NAMES) == carc.TILE_KINDS >= 88  # The River and The Abbot, and later boxes
    assert carc.TILE_NAMES[:24] == [chr(ord("A") + i) for i in range(24)]
    assert carc.EXPANSIONS[:4] == ["gifts", "christmas", "inns", "traders"]
    assert encoding.PORTS[13] == "I" and encoding.FIG_PORTS == 14
    # the sections tile the id space without a gap, and the old ids did not move
    at = 0
    for name, base, n in encoding.SECTIONS:
        assert base == at, name
        at += n
    assert at == carc.ACTIONS
    assert encoding.AGAIN == 21233 and encoding.POS == 21233 - encoding.CELLS
    names = [encoding.describe(a) for a in range(carc.ACTIONS)]
    assert len(set(names)) == carc.ACTIONS  # every id its own name
    assert names[encoding.AGAIN] == "again" and names[encoding.SEAT5] == "seat +5"
    assert names[encoding.FIG_FOLLOWER + 3 * 14 + 13] == "follower pig I"
    assert names[encoding.FIGURE] == "figure large"
    assert encoding.CHANNEL_NAMES[45] == "pig_next5"  # then The River's and The Abbot's
    assert encoding.CHANNEL_NAMES[:25][-1] == "held_next4"
    for name in ("figures_in_supply", "goods_fraction", "goods_supply_fraction", "turn_part",
                 "double_due", "players_onehot_2to6"):
        encoding.public_range(name)


def test_players_and_expansions():
    for exps in BIGBOX_SETS:
        for p in range(2, 6):
            g = carc.Game(players=p, expansions=exps, seed=p)
            assert g.players == p and set(g.expansions.split(",")) == set(exps.split(","))
    g = carc.Game(players=6, expansions="inns", seed=1)
    assert g.scores() == [0] * 6
    for exps in ("base", "traders", "gifts,christmas,traders"):
        with pytest.raises(carc.ConfigError):
            carc.Game(players=6, expansions=exps)
    with pytest.raises(carc.ConfigError):
        carc.Game(players=7, expansions="inns")
    with pytest.raises(carc.ConfigError):
        carc.Game(expansions="inns,dragons")
    # a fixed stack of expansion tiles by name
    names = [n for n in carc.TILE_NAMES if n.startswith("IC/")][:3]
    g = carc.Game(expansions="inns", stack=names + ["U"])
    assert g.events()[0].split()[1] == names[0]
    with pytest.raises(carc.ConfigError):
        carc.Game(expansions="inns", stack=["IC/nope"])
    with pytest.raises(TypeError):
        carc.Game(expansions="inns", stack=[3])


def _move(g, text):
    m = ffi.new("carc_move *")
    err = ffi.new("carc_error *")
    assert lib.carc_move_parse(g._g, text.encode(), m, err) == 0, text
    return m


def check_encoding(g, buf, seen):
    """Every legal move of g's pending decision: its actions, back to the same carc_move
    (cpy_resolve), distinct from every other's, none a beginning of another's; the
    first actions are the mask."""
    n = lib.carc_legal(g._g, buf, lib.CARC_MAX_MOVES)
    toks = ffi.new("int32_t[]", carc.MAX_TOKENS)
    out = ffi.new("carc_move *")
    by_actions = {}
    for i in range(n):
        k = lib.cpy_move_tokens(g._g, buf + i, toks)
        assert k > 0, "a legal move without actions"
        acts = tuple(toks[0:k])
        assert acts not in by_actions, ("two moves share actions", acts)
        by_actions[acts] = i
        pre = ffi.new("int32_t[]", list(acts))
        scratch = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
        assert lib.cpy_resolve(g._g, pre, k, scratch, out) == 1
        assert lib.carc_move_equal(out, buf + i), acts
        m = buf[i]
        if m.kind == 2 and m.figure:  # CARC_MOVE_FOLLOWER with a figure
            seen.add("follower:" + carc.FIGURES[m.figure])
        elif m.figure:
            seen.add("figure")
        if m.kind == 9:  # CARC_MOVE_AGAIN
            seen.add("again")
        for a in acts:
            if a >= encoding.SEG_I or a == encoding.FOLLOWER_I:
                seen.add("port I")
            if a == encoding.SEAT5:
                seen.add("seat5")
    assert lib.cpy_prefix_clashes(g._g, buf) == 0
    assert sorted({a[0] for a in by_actions}) == g.legal_actions()


def check_observation(g, seat):
    o = g.observe(seat)
    pub, board = o["public"], o["board"]
    p = g.players
    rel = lambda s: (s - seat) % p  # noqa: E731
    figs = pub[encoding.public_range("figures_in_supply")].reshape(carc.MAX_PLAYERS, -1)
    goods = pub[encoding.public_range("goods_fraction")].reshape(carc.MAX_PLAYERS, -1)
    totals = g.goods()  # at the start only; compared as fractions of the set's totals below
    for s in range(p):
        f = g.figures(s)
        assert figs[rel(s)][0] == pytest.approx(f["meeple"] / 7)
        assert list(figs[rel(s)][1:]) == [f[k] for k in carc.ACTION_FIGURES[1:]]
        have = g.goods(s)
        assert (goods[rel(s)] > 0).tolist() == [have[k] > 0 for k in carc.GOODS]
    supply = pub[encoding.public_range("goods_supply_fraction")]
    assert (supply > 0).tolist() == [totals[k] > 0 for k in carc.GOODS]
    assert pub[encoding.public_range("double_due")][0] == float(g.double_due)
    assert pub[encoding.public_range("turn_part")][0] == float(g.turn_part)
    dec = pub[encoding.public_range("decision_onehot")]
    if not g.over:
        assert carc.DECISIONS[int(np.argmax(dec))] == g.pending()["decision"]
    # board planes from the seat's view as a dict
    v = g.view(seat)
    R, C = encoding.R, encoding.CHANNEL
    want = {name: np.zeros((encoding.W, encoding.W), np.uint8)
            for name in ("large", "builder", "pig", "follower", "inn", "cathedral")}
    fol = np.zeros((carc.MAX_PLAYERS, encoding.W, encoding.W), np.uint8)
    bld = np.zeros_like(fol)
    pig = np.zeros_like(fol)
    for f in v["followers"]:
        if abs(f["x"]) > R or abs(f["y"]) > R:
            continue
        at = (f["y"] + R, f["x"] + R)
        r = rel(f["seat"])
        if f["figure"] == "builder":
            bld[r][at] = 1
        elif f["figure"] == "pig":
            pig[r][at] = 1
        else:
            fol[r][at] = 1
            if f["figure"] == "large":
                want["large"][at] = 1
    names = ["follower_me", "follower_next", "follower_next2", "follower_next3",
             "follower_next4", "follower_next5"]
    for r in range(carc.MAX_PLAYERS):
        assert np.array_equal(board[C[names[r]]], fol[r]), r
        suffix = ["me", "next", "next2", "next3", "next4", "next5"][r]
        assert np.array_equal(board[C["builder_" + suffix]], bld[r]), r
        assert np.array_equal(board[C["pig_" + suffix]], pig[r]), r
    assert np.array_equal(board[C["large"]], want["large"])
    defs = {t["id"]: t for t in carc.tiles()}
    for t in v["board"]:
        if abs(t["x"]) > R or abs(t["y"]) > R:
            continue
        d = defs[t["tile"]]
        segs = d["segments"]
        at = (t["y"] + R, t["x"] + R)
        assert board[C["inn"]][at] == any(s.get("inn") for s in segs), d["id"]
        assert board[C["cathedral"]][at] == any(s.get("cathedral") for s in segs), d["id"]
        for k in carc.GOODS:
            assert board[C["goods_" + k]][at] == any(s.get("goods") == k for s in segs), d["id"]


@pytest.mark.parametrize("exps", BIGBOX_SETS)
def test_random_games_every_action_and_move(exps):
    """Random games to the end by actions, every action taken legal; the encoding of
    every legal move at every decision; the observation checked at some decisions."""
    buf = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    seen = set()
    ngames = 2 if QUICK else 5
    need = ({"follower:large"} if "inns" in exps else set()) | (
        {"follower:builder", "follower:pig", "again"} if "traders" in exps else set()) | {
        "port I"} | ({"figure"} if "gifts" in exps or "christmas" in exps else set())
    total_steps = 0
    k = 0
    # the games asked for, then more (up to 12) until each figure, `again`, a move at port
    # I and (with gifts or christmas) a gift or card naming a figure were legal
    while k < ngames or (not need <= seen and k < 12):
        players = [2, 3, 4, 5, 6][k % 5] if "inns" in exps else 2 + k % 4
        g = carc.Game(players=players, expansions=exps, seed=100 + k)
        rng = random.Random(k)
        steps = 0
        while not g.over:
            if not g.action_prefix:
                check_encoding(g, buf, seen)
                if steps % (25 if QUICK else 7) == 0:
                    check_observation(g, g.current_seat)
                    g.check()
            legal = g.legal_actions()
            a = rng.choice(legal)
            assert g.action_mask()[a] == 1
            g.apply_action(a)
            steps += 1
        total_steps += steps
        k += 1
        g.check()
        check_observation(g, 0)
        assert len(g.scores()) == players and g.winners()
        parts = g.score_parts()
        assert [sum(p.values()) for p in parts] == g.scores()
    assert need <= seen, seen
    assert total_steps > 100 * k


def test_figure_moves_are_distinct_actions():
    """A meeple and a large meeple (and a builder, a pig) on the same place are different
    actions, each playing its own move; `again` is its own action."""
    found = set()
    for seed in range(40):
        g = carc.Game(players=2, expansions="inns,traders", seed=seed)
        rng = random.Random(seed)
        while not g.over and len(found) < 4:
            legal = g.legal()
            if g.pending()["decision"] == "follower":
                by_place = {}
                for mv in legal:
                    words = mv.split()
                    if mv == "pass":
                        continue
                    fig = words[0] if words[0] in carc.FIGURES else "meeple"
                    place = words[-1]
                    by_place.setdefault(place, {})[fig] = mv
                for place, figs in by_place.items():
                    if len(figs) > 1:
                        acts = {f: g.actions_of(mv) for f, mv in figs.items()}
                        assert len(set(acts.values())) == len(acts)
                        for f, mv in figs.items():
                            a, b = g.clone(), g.clone()
                            a.apply(mv)
                            b.apply_action(acts[f][0])
                            assert a.state_bytes() == b.state_bytes(), mv
                            assert encoding.describe(acts[f][0]).startswith("follower")
                            found.add(f)
            if g.pending()["decision"] == "double_turn":
                assert sorted(g.legal_actions()) == [encoding.PASS, encoding.AGAIN]
                assert encoding.describe(encoding.AGAIN) == "again"
                found.add("again")
            g.apply(rng.choice(legal))
        if len(found) >= 4:
            break
    assert {"meeple", "large", "again"} <= found, found


def batch_games_finished(b):
    """Steps batch b by random actions until two games ended (at most 3,000 steps, 1,500
    with CARC_QUICK): how many did."""
    rng = np.random.default_rng(1)
    done = 0
    for _ in range(3000 if not QUICK else 1500):
        b.step(b.random_actions(rng))
        done += int(b.done.sum())
        if done >= 2:
            break
    return done


def test_batch_bigbox():
    b = carc.Batch(8, players=6, expansions="inns,traders", seed=3)
    assert b.rewards.shape == (8, 6) and b.scores.shape == (8, 6)
    assert batch_games_finished(b) >= 1
