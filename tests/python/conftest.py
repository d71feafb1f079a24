"""What the Python tests share: where the repository and `carc` are, and the number of
games (CARC_QUICK=1 plays fewer; CARC_PY_GAMES sets the engine agreement's count)."""
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
QUICK = os.environ.get("CARC_QUICK", "") not in ("", "0")
SETS = ["base", "gifts", "christmas", "gifts,christmas"]
# the sets of Inns & Cathedrals and Traders & Builders (as tests/test_random_bigbox.c)
BIGBOX_SETS = ["inns", "traders", "inns,traders", "inns,traders,gifts", "inns,traders,christmas",
               "inns,traders,gifts,christmas"]
# the sets of The River and The Abbot (as tests/test_random_bigbox.c)
RIVER_ABBOT_SETS = ["river", "abbot", "river,abbot", "inns,traders,river,abbot",
                    "gifts,christmas,inns,traders,river,abbot"]
# the sets of The Princess & the Dragon and The Tower (issue 30), alone, together and with
# every earlier box
DRAGON_TOWER_SETS = ["dragon", "tower", "dragon,tower", "inns,traders,river,abbot,dragon,tower",
                     "gifts,christmas,inns,traders,river,abbot,dragon,tower"]
# the sets of Abbey & Mayor (issue 30): alone, with the two boxes before it, and all nine
ABBEY_SETS = ["abbey", "dragon,tower,abbey", "inns,traders,abbey",
              "gifts,christmas,inns,traders,river,abbot,dragon,tower,abbey"]


def carc_bin():
    p = os.environ.get("CARC_BIN") or str(ROOT / "build" / "carc")
    return p if os.access(p, os.X_OK) else None


@pytest.fixture(scope="session")
def carc_path():
    p = carc_bin()
    if not p:
        pytest.skip("needs the carc binary (make build, or CARC_BIN)")
    return p


def games(full, quick):
    n = os.environ.get("CARC_PY_GAMES")
    if n:
        return int(n)
    return quick if QUICK else full


def run_doc_snippet(section):
    """Runs the first ```python block of docs/PYTHON.md's `## section` and returns its
    globals (the docs' examples are tested as written)."""
    text = (ROOT / "docs" / "PYTHON.md").read_text()
    part = text[text.index("## " + section + "\n"):]
    code = part[part.index("```python\n") + 10:part.index("```\n", part.index("```python\n"))]
    out = {}
    exec(compile(code, "PYTHON.md: " + section, "exec"), out)
    return out
