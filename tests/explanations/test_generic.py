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


def test_a_position_too_large_to_search_is_explained_from_the_p_position_table() -> None:
    """explain split-delete-nim:single 45,70,105 was refused (exit 3) though the 3-heap
    kernel knows it is P and which moves win (split/delete audit). Within 50,000 states the
    kernel fits (heaps ≤ 40) and a search of these positions does not (over 300,000)."""
    import nimlab
    from nimlab.limits import Limits
    from nimlab.solve.context import Context
    from nimlab.solve.search import Search

    small = Limits(max_states=50_000)
    cases = (
        ("split-delete-nim:single", (17, 31, 40), "P"),
        ("delete-nim:single", (20, 31, 40), "N"),
    )
    for spec, position, outcome in cases:
        with Context():
            first = explain(spec, position, limits=small).steps[0]
        assert first.kind == "p-table", first.text
        words = "every option is an N-position" if outcome == "P" else "so moving there wins"
        assert words in first.text
        value = Search(nimlab.game(spec), False, Limits(max_states=10**8).budget()).grundy(position)
        assert (value == 0) == (outcome == "P")  # the table's verdict, by search
