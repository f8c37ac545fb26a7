"""Text rendering helpers."""

from __future__ import annotations

import nimlab
from nimlab.cli import render


def test_analysis_block_lists_moves_and_method() -> None:
    text = render.analysis(nimlab.analyze("nim", "3,4,5"))
    assert "outcome     N" in text and "take 2 from the heap of 3" in text and "method" in text
    assert "every move leads to an N-position" in render.analysis(nimlab.analyze("nim", "1,1"))


def test_values_rows_start_with_their_index() -> None:
    assert render.values(list(range(25)), per_line=10).splitlines()[2].startswith("20:")


def test_periodicity_text_is_honest() -> None:
    found = nimlab.periodicity("kayles")
    assert "proven by the X" in render.periodicity(found, "X")
    none = nimlab.periodicity("grundy-game", max_length=100)
    assert "no period found in the first 100 values" in render.periodicity(none, None)
