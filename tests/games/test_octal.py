"""Octal codes: parsing and the moves each digit allows (Winning Ways ch. 4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlab.errors import InvalidGame
from nimlab.games.actions import Split, Take, TakeAll, TakeAndSplit
from nimlab.games.octal import Octal
from nimlab.games.wording import render_move


def options_by_definition(digits: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    found: set[tuple[int, ...]] = set()
    for k, d in enumerate(digits):
        left = n - k
        if left < 0:
            continue
        if k and d & 1 and left == 0:
            found.add(())
        if k and d & 2 and left > 0:
            found.add((left,))
        if d & 4:
            found |= {tuple(sorted((a, left - a))) for a in range(1, left)}
    return found


@given(
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=1, max_size=5).filter(any),
    st.integers(0, 25),
)
def test_heap_options_follow_the_digits(d0: int, rest: list[int], n: int) -> None:
    g = Octal((d0, *rest))
    assert set(g.heap_options(n)) == options_by_definition(g.digits, n)


@pytest.mark.parametrize(
    ("code", "digits", "t"),
    [("0.77", (0, 7, 7), 2), (".07", (0, 0, 7), 2), ("4.0", (4,), 0), ("0.137", (0, 1, 3, 7), 3)],
)
def test_codes(code: str, digits: tuple[int, ...], t: int) -> None:
    g = Octal.from_code(code)
    assert g.digits == digits and g.max_removal == t
    assert Octal.from_code(g.code) == g


@pytest.mark.parametrize("code", ["0.8", "1.7", "0..7", "x", "", ".", "0." + "7" * 65])
def test_bad_codes(code: str) -> None:
    with pytest.raises(InvalidGame):
        Octal.from_code(code)


def test_heap_moves_and_their_texts() -> None:
    g = Octal.from_code("4.77")
    cases = [
        (5, (2, 3), Split(5, (2, 3)), "split the heap of 5 into 2+3"),
        (5, (1, 2), TakeAndSplit(5, 2, (1, 2)), "take 2 from the heap of 5, leaving 1+2"),
        (2, (), TakeAll(2), "take the whole heap of 2"),
        (5, (4,), Take(5, 1), "take 1 from the heap of 5"),
    ]
    for n, result, action, text in cases:
        assert g.heap_move(n, result) == action
        assert render_move(action, "en") == text
