"""Chance made explicit (docs/PYTHON.md, "Chance"): Game.next_tiles against the engine's
own draws, Game.apply_outcome and Game.card_outcomes."""
import collections
import json

import numpy as np
import pytest

import carc
from conftest import QUICK, run_doc_snippet


def hand_tile(g):
    """The first tile the seat to move holds (its view), or None."""
    tiles = g.view(g.current_seat).get("hand_tiles") or []
    return tiles[0] if tiles else None


def turn_end(g, rng):
    """Plays random moves until the pending move ends the turn (a follower decision of
    the base game), and returns that move."""
    while True:
        legal = g.legal()
        if g.pending()["decision"] == "follower":
            return legal[0]
        g.apply(legal[int(rng.integers(len(legal)))])


def drawn(g, move, samples):
    """How often each tile came next over `samples` deals of the mover's view, drawn by
    the engine itself (determinized, then the move applied)."""
    c = collections.Counter()
    for s in range(samples):
        d = g.determinized(g.current_seat, 10_000 + s)
        d.apply(move)
        c[hand_tile(d)] += 1
    return c


@pytest.mark.parametrize("expansions,moves", [("base", 0), ("base", 30), ("gifts,christmas", 20),
                                              ("river", 0), ("river", 8), ("inns,traders", 40)])
def test_next_tiles_is_the_engines_draw(expansions, moves):
    rng = np.random.default_rng(len(expansions) + moves)
    g = carc.Game(2, expansions, seed=5)
    for _ in range(moves):
        legal = g.legal()
        g.apply(legal[int(rng.integers(len(legal)))])
    move = turn_end(g, rng) if expansions != "gifts,christmas" else None
    if move is None:  # any set: apply until a move ends the turn
        while True:
            turn = g.turn
            probe = g.clone()
            probe.apply(g.legal()[0])
            if probe.turn > turn:
                move = g.legal()[0]
                break
            g.apply(g.legal()[0])
    p = g.next_tiles()
    assert p and abs(sum(p.values()) - 1) < 1e-9
    n = 1500
    seen = drawn(g, move, n)
    assert set(seen) <= set(p)
    tv = sum(abs(seen.get(k, 0) / n - q) for k, q in p.items()) / 2
    assert tv < 0.08, (tv, p, seen)


def test_the_river_phase():
    g = carc.Game(2, "river", seed=2)
    rng = np.random.default_rng(2)
    lake = None
    while g.river_left:
        p = g.next_tiles()
        river_tiles = [t for t in p if t.startswith("RI")]
        assert river_tiles == list(p)  # river tiles only while the river lasts
        if g.river_left == 1:
            assert len(p) == 1
            lake = next(iter(p))
        g.apply(g.legal()[int(rng.integers(len(g.legal())))])
    assert lake is not None and lake not in g.next_tiles()
    assert not any(t.startswith("RI") for t in g.next_tiles())


def test_apply_outcome_chooses_the_tile():
    g = carc.Game(2, "base", seed=9)
    rng = np.random.default_rng(9)
    move = turn_end(g, rng)
    before = g.state_bytes()
    for tile, q in g.next_tiles().items():
        h = g.apply_outcome(move, tile=tile, seed=3)
        assert hand_tile(h) == tile and h.determinized_from == g.current_seat
        assert h.moves == [move]
    assert g.state_bytes() == before
    a = g.apply_outcome(move, tile="V", seed=4)
    b = g.apply_outcome(move, tile="V", seed=4)
    assert a.state_bytes() == b.state_bytes()
    # what the mover may not know plays no part: a twin gives the same
    twin = g.determinized(g.current_seat, 77)
    assert twin.next_tiles() == g.next_tiles()
    assert twin.apply_outcome(move, tile="V", seed=4).state_bytes() == a.state_bytes()


def test_impossible_outcomes_and_bad_input():
    g = carc.Game(2, "base", seed=9)
    rng = np.random.default_rng(9)
    move = turn_end(g, rng)
    gone = [t for t in carc.TILE_NAMES[:24] if t not in g.next_tiles()]
    before = g.state_bytes()
    if gone:
        with pytest.raises(ValueError, match="not a possible outcome"):
            g.apply_outcome(move, tile=gone[0], tries=500)
    with pytest.raises(ValueError, match="not a tile name"):
        g.apply_outcome(move, tile="nope")
    with pytest.raises(ValueError, match="not a gift or card name"):
        g.apply_outcome(move, card="nope")
    with pytest.raises(carc.IllegalMoveError):
        g.apply_outcome("Q (9,9) r0", tile="V")
    # a move that draws no tile (a placement: the follower decision follows)
    g2 = carc.Game(2, "base", seed=9)
    with pytest.raises(ValueError, match="not a possible outcome"):
        g2.apply_outcome(g2.legal()[0], tile="V", tries=200)
    assert g.state_bytes() == before
    while not g.over:
        g.apply(g.legal()[0])
    assert g.next_tiles() == {}
    with pytest.raises(carc.GameOverError):
        g.apply_outcome("pass")


def test_card_outcomes():
    """A Christmas card draw: the cards it may bring, and one chosen."""
    rng = np.random.default_rng(4)
    for seed in range(1, 30):
        g = carc.Game(2, "christmas", seed=seed)
        while not g.over and g.pending()["decision"] != "card_draw":
            g.apply(g.legal()[int(rng.integers(len(g.legal())))])
        if not g.over:
            break
    assert not g.over, "no card_draw decision found"
    draw = [m for m in g.legal() if m != "pass"][0]
    p = g.card_outcomes(draw, samples=400, seed=1)
    assert abs(sum(p.values()) - 1) < 1e-9 and "none" not in p and len(p) > 1
    assert g.card_outcomes(draw, samples=400, seed=1) == p  # deterministic
    assert g.card_outcomes("pass", samples=20) == {"none": 1.0}
    seat = g.current_seat

    def shown(game, card):  # the card's copies the seat sees: its hand, in play, discards
        return json.dumps(game.view(seat)["christmas"]).count(f'"{card}"')
    for card in list(p)[:4]:
        h = g.apply_outcome(draw, card=card, seed=2)
        assert h.moves == [draw]
        assert shown(h, card) == shown(g, card) + 1
    with pytest.raises(ValueError, match="not a possible outcome"):
        g.apply_outcome("pass", card=list(p)[0], tries=50)


def test_the_docs_expectimax_runs():
    out = run_doc_snippet("Chance")
    assert out["best"] in out["g"].legal()


def test_card_outcomes_exact():
    """Issue 34: card_outcomes is exact: the card a draw brings is uniform among the
    offered deck's cards the mover cannot see, the deck's left and those from it in the
    other hands (public only by their sizes, RULES.md 6), so each probability is k / N with
    N those two counts; the deals' frequencies approach it; a twin that differs only in
    what the mover may not know gives the same."""
    rng = np.random.default_rng(4)
    found = None
    for seed in range(1, 40):
        g = carc.Game(3, "christmas", seed=seed)
        while not g.over:
            if g.pending()["decision"] == "card_draw":
                x = g.view(g.current_seat)["christmas"]
                deck = x["offered"]
                others = sum(h["from_" + deck] for s, h in enumerate(x["hands"])
                             if s != g.current_seat)
                if others > 0:
                    found = (g, x["decks"][deck]["left"] + others)
                    break
            g.apply(g.legal()[int(rng.integers(len(g.legal())))])
        if found:
            break
    assert found, "no draw with cards of its deck in other hands"
    g, n = found
    draw = [m for m in g.legal() if m != "pass"][0]
    exact = g.card_outcomes(draw)
    assert abs(sum(exact.values()) - 1) < 1e-12 and "none" not in exact
    for p in exact.values():
        assert abs(p * n - round(p * n)) < 1e-9 and round(p * n) >= 1
    samples = 1500 if QUICK else 4000
    est = g.card_outcomes(draw, samples=samples, seed=3, exact=False)
    assert set(est) <= set(exact)
    for card, p in exact.items():
        assert abs(est.get(card, 0.0) - p) < 0.01 + 4 * (p * (1 - p) / samples) ** 0.5, card
    assert g.determinized(g.current_seat, 9).card_outcomes(draw) == exact
    assert g.card_outcomes("pass") == {"none": 1.0}
