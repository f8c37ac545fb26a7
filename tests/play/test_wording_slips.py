"""The wording slips of issue 15, in both languages: "take 1 to 1", "1 more moves", an empty
component in a sum, "zero(s)"."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from nimlab.explanations.wythoff import _parity
from nimlab.play.moves import describe
from nimlab.play.session import reason
from nimlab.registry import game


@given(st.lists(st.integers(0, 6), min_size=1, max_size=4))
def test_no_range_from_1_to_1(heaps: list[int]) -> None:
    for spec in ("nim", "wythoff", "fibonacci-nim"):
        g = game(spec)
        if spec == "wythoff":
            position = g.position(heaps[:2] if len(heaps) >= 2 else [*heaps, 1])
        elif spec == "fibonacci-nim":
            position = g.position(str(max(heaps[0], 1)))
        else:
            position = g.position(heaps)
        en, ja = describe(g, position), describe(g, position, "ja")
        assert not re.search(r"\b1 to 1\b", en), en
        assert "1〜1" not in ja, ja
        assert en != ja


def test_take_1_and_ranges() -> None:
    nim = game("nim")
    assert describe(nim, (1, 3)) == "take 1 from the heap of 1, take 1 to 3 from the heap of 3"
    assert describe(nim, (1, 3), "ja") == "1 個の山から 1 個、3 個の山から 1〜3 個取る"
    assert describe(game("fibonacci-nim"), (2, 1)) == "take 1 (type `take K`)"
    assert describe(game("wythoff"), (1, 1)) == (
        "take 1 from the heap of 1, 1 from the heap of 1, or 1 from both (`take K from both`)"
    )


def test_one_more_move_is_singular() -> None:
    assert reason("win", 1).endswith("(the game ends in 1 more move)")
    assert reason("win", 3).endswith("(the game ends in 3 more moves)")
    assert reason("delay", 1).endswith("(1 more move)")
    assert reason("delay", 2).endswith("(2 more moves)")
    assert reason("win", 1, "ja").endswith("（あと 1 手で終わる）")


def test_no_empty_component_in_a_sum() -> None:
    g = game("nim + kayles")
    texts = [g.format_position(m.to) for m in g.moves(g.parse_position("3 + 1"))]
    assert "3 + ∅" in texts
    assert not any(t.endswith("+ ") or "+  +" in t or t.startswith(" +") for t in texts)
    for t in texts:
        assert g.format_position(g.parse_position(t)) == t  # still round trips


def test_zero_is_singular_in_the_fibonacci_code() -> None:
    assert "ends in 1 zero:" in _parity(2, "en")  # φ(2) = 10
    assert "ends in 2 zeros:" in _parity(3, "en")  # φ(3) = 100
