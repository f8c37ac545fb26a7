"""Wythoff: both routes, and the correction of seed 000's printed strategy."""

from __future__ import annotations

from nimlab.explanations import explain


def test_wythoff_both_routes_and_the_correction() -> None:
    steps = explain("wythoff", "1,3").steps  # n = 2: odd-zero, p_2 = up(2) = 3
    assert steps[0].data == {"p": 1, "q": 3, "n": 2, "p_n": 3, "q_n": 5}
    assert "strategy (3)" in steps[2].text and "up(p) = 2" in steps[2].text
    even = explain("wythoff", "1,2").steps  # n = 1 is even-zero: p_1 = up(1) − 1
    assert "as printed compares p with up(n) = 2" in even[1].text
    assert "strategy (1)" in even[2].text
    assert "strategy (2)" in explain("wythoff", "4,6").steps[2].text
    assert "(0, 0)" in explain("wythoff", "5,5").steps[0].text


def test_the_strategy_names_the_single_heap_move_to_the_same_position() -> None:
    """2,3: strategy (2) said "take 1 from both heaps" and the winning move listed was "take 2
    from the heap of 3" — both reach (1, 2) (split/delete audit's cosmetic note)."""
    from nimlab.explanations import explain

    steps = explain("wythoff", "2,3").steps
    strategy = next(s for s in steps if s.kind == "strategy")
    assert "take 1 from both heaps" in strategy.text
    assert "Taking 2 from the heap of 3 alone leaves the same position" in strategy.text
    other = next(s for s in explain("wythoff", "5,9").steps if s.kind == "strategy")
    assert "alone leaves the same position" not in other.text
    ja = next(s for s in explain("wythoff", "2,3", lang="ja").steps if s.kind == "strategy")
    assert "同じ局面" in ja.text
