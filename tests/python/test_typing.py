"""The type hints (issue 34): mypy finds nothing to report in the package's own sources,
and, through the installed package's py.typed, checks a user's code against them: a
correct use passes, and wrong types (a str as an action, a Batch of "4" games, a
seat as a str where an int is asked, the result of undo used as a list) are reported.
Two mypy runs, each a few seconds of CPU (the package; the user's code, good and bad)."""
import subprocess
import sys

import pytest

from conftest import ROOT

pytest.importorskip("mypy")

GOOD = '''
import numpy as np
import carc
from carc import envs

g: carc.Game = carc.Game(players=2, expansions="gifts,christmas", seed=1)
ids: list[int] = g.legal_actions()
g.apply_action(ids[0])
g.apply_action(np.int64(ids[0]))
moves: list[str] = g.moves
data: bytes = g.to_bytes()
h: carc.Game = carc.Game.from_bytes(data)
d: carc.Game = h.determinized(0, 5)
seat: int | None = d.determinized_from
b = carc.Batch(4, seed=2)
n: int = b.step(b.random_actions(np.random.default_rng(1)))
env = envs.GymEnv(opponents=["random", lambda obs, info: info["legal_actions"][0]])
obs, info = env.reset(seed=1)
mask: np.ndarray = env.action_masks()
'''

BAD = '''
import carc

g = carc.Game(players=2, seed=1)
g.apply_action("pass")
carc.Batch("4")
g.figures("0")
undone: list[str] = g.undo()
'''


def mypy(*args, cwd):
    return subprocess.run([sys.executable, "-m", "mypy", "--no-incremental",
                           "--cache-dir=/dev/null", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def test_the_package_checks():
    r = mypy("--ignore-missing-imports", "-p", "carc", cwd=ROOT / "python")
    assert r.returncode == 0, r.stdout + r.stderr


def test_user_code_checked_against_the_hints(tmp_path):
    (tmp_path / "good.py").write_text(GOOD)
    (tmp_path / "bad.py").write_text(BAD)
    r = mypy("--ignore-missing-imports", "good.py", "bad.py", cwd=tmp_path)
    assert r.returncode == 1 and "good.py" not in r.stdout, r.stdout + r.stderr
    for line in (5, 6, 7, 8):
        assert f"bad.py:{line}: error" in r.stdout, r.stdout
    assert "Found 4 errors in 1 file" in r.stdout, r.stdout
