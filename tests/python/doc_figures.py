"""The Python package's sizes as docs/PYTHON.md and docs/PERFORMANCE.md quote them, printed
from the installed package (not written by hand): the action ids per window, the board
planes, the public vector and the hand, and the action sections of the default window.

    .venv/bin/python tests/python/doc_figures.py           # print the block
    .venv/bin/python tests/python/doc_figures.py --check   # each doc's block equal to it
    .venv/bin/python tests/python/doc_figures.py --write   # rewrite the docs' blocks

Each doc holds the block between `<!-- python_figures -->` and `<!-- end python_figures -->`
(test_doc_figures.py runs --check)."""
import pathlib
import sys

import carc
from carc import encoding

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = [ROOT / "docs" / "PYTHON.md", ROOT / "docs" / "PERFORMANCE.md"]
BEGIN, END = "<!-- python_figures -->", "<!-- end python_figures -->"
WINDOWS = [31, 41, 45, 63]


def block():
    lines = [BEGIN,
             "(printed by `.venv/bin/python tests/python/doc_figures.py`; "
             "`tests/python/test_doc_figures.py` checks it)", "",
             f"Board channels: {carc.CHANNELS}; public vector: {carc.PUBLIC_SIZE} float32 "
             f"entries; hand: {carc.HAND_SIZE}; a move is at most {carc.MAX_TOKENS} actions.",
             "",
             "| window | actions (ids) | board planes | board bytes (uint8) |",
             "| ---: | ---: | --- | ---: |"]
    for w in WINDOWS:
        e = encoding.for_window(w)
        c, h, ww = e.BOARD_SHAPE
        name = f"{w} (default)" if w == carc.WINDOW else str(w)
        lines.append(f"| {name} | {e.ACTIONS:,} | {c} × {h} × {ww} | {c * h * ww:,} |")
    lines += ["", "| section (default window) | first id | ids |", "| --- | ---: | ---: |"]
    for name, base, n in encoding.SECTIONS:
        lines.append(f"| `{name}` | {base:,} | {n:,} |")
    lines.append(END)
    return "\n".join(lines) + "\n"


def replaced(text, new):
    if BEGIN not in text or END not in text:
        return None
    a = text.index(BEGIN)
    b = text.index(END) + len(END) + 1
    return text[:a] + new + text[b:]


def main(argv):
    new = block()
    if len(argv) < 2:
        sys.stdout.write(new)
        return 0
    status = 0
    for doc in DOCS:
        text = doc.read_text()
        out = replaced(text, new)
        if out is None:
            print(f"{doc.name}: no {BEGIN} ... {END} block")
            status = 1
        elif argv[1] == "--write":
            doc.write_text(out)
        elif out != text:
            print(f"{doc.name}: the block differs from what the package gives; run "
                  "`.venv/bin/python tests/python/doc_figures.py --write`")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
