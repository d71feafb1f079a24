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
