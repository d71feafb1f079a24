"""Issue 31's levels for people from Python: carc.Player("easy"), ("medium") and ("hard")
play from the deciding seat's view like any other player, each move legal, the same moves
for the same seeds; their budget is their own (iterations= does not change medium's)."""
import carc


def moves_of(name: str, decisions: int, **options) -> list[str]:
    """The first `decisions` moves of a seeded game in which `name` plays both seats."""
    g = carc.Game(players=2, expansions="gifts,christmas", seed=5)
    p = carc.Player(name, seed=3, **options)
    played = []
    for _ in range(decisions):
        move = p.choose(g)
        assert move in g.legal()
        g.apply(move)
        played.append(move)
    return played


def test_levels_play_legal_seeded_moves():
    for name, decisions in (("easy", 20), ("medium", 8), ("hard", 1)):
        first = moves_of(name, decisions)
        assert len(first) == decisions
        if name != "hard":  # hard is medium's search with 100 times the iterations
            assert moves_of(name, decisions) == first


def test_a_level_keeps_its_budget():
    assert moves_of("medium", 6, iterations=2) == moves_of("medium", 6)
