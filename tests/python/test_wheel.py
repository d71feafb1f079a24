"""The package as a user gets it (issue 34): `python -m build` makes an sdist and, from
it, a wheel; the wheel holds the extension, the type hints (py.typed) and its
dependencies' metadata; installed into a new virtual environment it imports from there
and runs the examples. The new environment sees numpy, cffi, gymnasium and pettingzoo
through a .pth file naming .venv's site-packages (no network: pip's resolution of the
dependencies is not what this tests), after its own site-packages, so `carc` is the
wheel's (checked)."""
import pathlib
import subprocess
import sys
import sysconfig
import zipfile

import pytest

from conftest import ROOT

pytest.importorskip("build")
EX = ROOT / "examples" / "python"


def run(args, **kw):
    r = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=300, **kw)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    return r.stdout


def test_build_install_and_run_examples(tmp_path):
    dist = tmp_path / "dist"
    # sdist, then the wheel built from the unpacked sdist (so the sdist must be complete);
    # no isolation: the build requirements are .venv's pinned ones
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, "."], cwd=ROOT)
    sdist = next(dist.glob("carc-*.tar.gz"))
    wheel = next(dist.glob("carc-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "carc/py.typed" in names and "carc/_carc.pyi" in names
    assert any(n.startswith("carc/_carc") and n.endswith(".so") for n in names)
    assert "Requires-Dist: numpy" in meta and "Requires-Dist: cffi" in meta
    assert "Typing :: Typed" in meta and sdist.stat().st_size > 100_000

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    py = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", py, "install", "-q", "--no-deps",
         "--no-index", "--disable-pip-version-check", wheel])
    site = pathlib.Path(run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
                        .strip())
    (site / "zz_carc_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    where = run([py, "-c", "import carc, carc.envs; print(carc.__file__, carc.__version__)"],
                cwd=tmp_path)
    assert where.startswith(str(site)), where

    def example(*args):
        return run([py, EX / args[0], *args[1:]], cwd=tmp_path)
    assert "winners" in example("random_agent.py", "--players", "3", "--seed", "2", "--quiet")
    assert "games/s" in example("selfplay_batch.py", "--games", "200", "--envs", "16",
                                "--expansions", "gifts,christmas")
    assert "greedy vs mcts" in example("vs_computer.py", "--episodes", "1", "--mcts-iterations",
                                       "20", "--opponents", "greedy,random")
    assert "Game.apply_action" in example("bench.py", "--seconds", "0.02", "--envs", "8",
                                          "--sets", "base")
