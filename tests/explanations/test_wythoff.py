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
