"""Take-away games n/m: positions, clamping and moves."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlab.errors import InvalidGame, InvalidPosition
from nimlab.games.take_away import TakeAway


@pytest.mark.parametrize(
    ("text", "position", "printed"),
    [
        ("10", (10, 9), "10/9"),
        ("1", (1, 0), "1/0"),
        ("0", (0, 0), "0/0"),
        ("10/3", (10, 3), "10/3"),
        ("10/99", (10, 10), "10/10"),
        ("5/0", (5, 0), "5/0"),
        (" 7 / 2 ", (7, 2), "7/2"),
    ],
)
def test_positions(text: str, position: tuple[int, int], printed: str) -> None:
    g = TakeAway(2)
    assert g.parse_position(text) == position
    assert g.format_position(position) == printed


@pytest.mark.parametrize("text", ["-1", "5/-1", "a", "3/", "/3", "1,2", "3/1/1"])
def test_bad_positions(text: str) -> None:
    with pytest.raises(InvalidPosition):
        TakeAway(1).parse_position(text)


@given(st.integers(1, 4), st.integers(0, 40), st.integers(0, 45))
def test_moves_follow_the_rule(c: int, n: int, m: int) -> None:
    g = TakeAway(c)
    pos = g.validate((n, m))
    assert sorted(g.options(pos)) == sorted(
        (n - k, min(c * k, n - k)) for k in range(1, min(n, m) + 1)
    )


def test_multiplier_must_be_a_positive_integer() -> None:
    for bad in [0, -2, 1.5, True]:
        with pytest.raises(InvalidGame):
            TakeAway(bad)  # type: ignore[arg-type]
