"""carc.Game against the `carc engine` line protocol on the same seeds: identical legal
moves at every decision and identical scores at the end, over games of every expansion
set (1,000 per set, 250 per set of Inns & Cathedrals and Traders & Builders, 15 per set
with The Princess & the Dragon, The Tower or Abbey & Mayor; CARC_QUICK=1: 60, 30 and 6; CARC_PY_GAMES=N:
N per set); in the first
20 games of each set, every seat's view and the public one (with the legal moves) equal to
the protocol's `view` at every 9th decision."""
import json
import random
import subprocess

import pytest

import carc
from conftest import ABBEY_SETS, BIGBOX_SETS, DRAGON_TOWER_SETS, SETS, games

PER_SET = games(1000, 60)
# the big-box sets: their games are longer (up to 113 tiles, 6 seats with inns) and
# tests/test_random_bigbox.c already plays 10,000 per set in C; here the bindings agree
PER_BIGBOX_SET = games(250, 30)
# The Princess & the Dragon and The Tower (issue 30): tests/test_random_dragon.c and
# test_random_tower.c play thousands in C; here the bindings agree (Abbey & Mayor's sets
# too: tests/test_random_abbey.c)
PER_DRAGON_TOWER_SET = games(15, 6)


def play_game(players, exps, seed, rng, views):
    g = carc.Game(players=players, expansions=exps, seed=seed)
    steps = []
    while not g.over:
        legal = g.legal()
        move = rng.choice(legal)
        seen = []
        if views and len(steps) % 9 == 0:  # every seat's view and the public one, as dicts
            seen = [(s, g.view(s, legal=True)) for s in list(range(players)) + ["public"]]
        steps.append((legal, move, seen))
        g.apply(move)
    return steps, g.scores()


@pytest.mark.parametrize("exps", SETS + BIGBOX_SETS + DRAGON_TOWER_SETS + ABBEY_SETS)
def test_legal_moves_and_scores_agree(carc_path, exps):
    rng = random.Random(hash(exps) & 0xffff)
    cmds, expect = [], []
    per_set = PER_BIGBOX_SET if exps in BIGBOX_SETS else \
        PER_DRAGON_TOWER_SET if exps in DRAGON_TOWER_SETS + ABBEY_SETS else PER_SET
    for k in range(per_set):
        players = 2 + k % (5 if "inns" in exps else 4)  # 6 players with inns
        seed = 1000 * k + 17
        steps, scores = play_game(players, exps, seed, rng, views=k < 20)
        cmds.append(f"new players={players} seed={seed} expansions={exps}")
        expect.append(("new", None))
        for legal, move, seen in steps:
            for seat, view in seen:
                cmds.append(f"view {seat} legal")
                expect.append(("view", view))
            cmds.append("legal")
            expect.append(("legal", legal))
            cmds.append("play " + move)
            expect.append(("play", move))
        cmds.append("scores")
        expect.append(("scores", scores))
    cmds.append("quit")
    out = subprocess.run([carc_path, "engine"], input="\n".join(cmds) + "\n",
                         capture_output=True, text=True, check=True).stdout.split("\n")
    assert len(out) >= len(expect)
    decisions = 0
    for i, (kind, want) in enumerate(expect):
        line = out[i]
        assert line.startswith("="), f"{cmds[i]!r} -> {line!r}"
        if kind == "legal":
            assert json.loads(line[2:]) == want, f"legal differs at command {i}"
            decisions += 1
        elif kind == "play":
            assert json.loads(line[2:])["move"] == want
        elif kind == "view":
            assert json.loads(line[2:]) == want, f"{cmds[i]} differs at command {i}"
        elif kind == "scores":
            assert json.loads(line[2:]) == want, f"scores differ at command {i}"
    assert decisions > 50 * per_set
