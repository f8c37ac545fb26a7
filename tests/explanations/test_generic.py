"""Games no theorem covers, explained from search."""

from __future__ import annotations

from nimlab.explanations import explain


def test_generic_search() -> None:
    steps = explain("split-delete-nim:single", "2,3,5").steps
    assert steps[0].kind == "search" and "every option is an N-position" in steps[0].text
    n = explain("grundy-game", "7")
    assert n.steps[0].kind == "mex"  # grundy-game is a heap game: seed 004's mex steps
    end = explain("split-delete-nim:single", "1,1,1").steps[0]
    assert "end position" in end.text
