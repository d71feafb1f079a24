"""docs/PYTHON.md's and docs/PERFORMANCE.md's sizes of the package (actions per window,
board planes, public vector, sections) are those the installed package gives: the block
doc_figures.py prints, in both docs; and a changed figure is caught."""
import doc_figures


def test_docs_hold_the_printed_block():
    assert doc_figures.main(["doc_figures.py", "--check"]) == 0


def test_a_changed_figure_is_caught():
    new = doc_figures.block()
    text = "before\n" + new + "after\n"
    assert doc_figures.replaced(text, new) == text
    stale = text.replace(f"{doc_figures.carc.ACTIONS:,}", "25,141", 1)
    assert stale != text and doc_figures.replaced(stale, new) == text
    assert doc_figures.replaced("no block here\n", new) is None


def test_board_shapes_written_in_the_docs_have_the_channels_of_now():
    """A board shape written with a number of channels, `(n, 53, W, W)`, went stale
    when boxes added channels (PYTHON.md said 53 for a batch's board after 77): every
    such shape in docs/PYTHON.md names carc.CHANNELS' number or the constant."""
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "PYTHON.md").read_text()
    counts = re.findall(r"\((?:n, )?(\d+), (?:W|\d+), (?:W|\d+)\)", text)
    assert all(int(c) == doc_figures.carc.CHANNELS for c in counts), counts
