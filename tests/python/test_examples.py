"""The examples of examples/python/ run and print what they promise (small sizes)."""
import subprocess
import sys

from conftest import ROOT

EX = ROOT / "examples" / "python"


def run(*args):
    r = subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_random_agent():
    out = run(EX / "random_agent.py", "--players", "3", "--seed", "2")
    assert "winners" in out and "player_2:" in out


def test_selfplay_batch():
    out = run(EX / "selfplay_batch.py", "--games", "300", "--envs", "32",
              "--expansions", "gifts,christmas", "--observations")
    assert "games/s" in out and "decisions/s" in out


def test_vs_computer():
    out = run(EX / "vs_computer.py", "--episodes", "1", "--mcts-iterations", "20",
              "--opponents", "greedy,random")
    assert "mean reward" in out and "greedy vs mcts" in out


def test_bench_window():
    out = run(EX / "bench.py", "--seconds", "0.02", "--envs", "8", "--window", "33",
              "--sets", "base")
    assert "window 33" in out and "Game.apply_action" in out and "two batches" in out
    assert "pickle a Game" in out and "ids by np.flatnonzero on the int8 mask" in out
    assert "carc.Search" in out and "us per leaf" in out


def test_alphazero():
    out = run(EX / "alphazero.py", "--iterations", "1", "--games", "2", "--eval-games", "2",
              "--simulations", "12", "--selfplay-simulations", "12", "--workers", "2")
    rows = [line.split() for line in out.splitlines() if line[:9].strip().isdigit()]
    assert [r[0] for r in rows] == ["0", "1"] and int(rows[1][1]) > 0  # samples learned from
    assert "vs uniform search" in out and "95% interval" in out
    # each row: the iteration, samples, per opponent its score, the half-width of the
    # score's 95% interval and the mean lead, seconds, 3 weights: untrained every weight 0
    # (the uniform evaluator), then learned
    assert all(len(r) == 15 for r in rows)
    assert all(r[3].startswith("±") and r[6].startswith("±") for r in rows)
    assert rows[0][8:11] == ["-", "-", "-"]  # untrained it is the uniform search: not played
    assert all(float(w) == 0 for w in rows[0][-3:]) and any(float(w) for w in rows[1][-3:])
