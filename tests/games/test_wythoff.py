"""Wythoff's game: the queen's moves."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nimlab.games.actions import Take, TakeBoth
from nimlab.games.wythoff import Wythoff


@given(st.integers(0, 25), st.integers(0, 25))
def test_options_are_the_queen_moves(a: int, b: int) -> None:
    a, b = sorted((a, b))
    expected = {tuple(sorted((x, b))) for x in range(a)}
    expected |= {tuple(sorted((a, y))) for y in range(b)}
    expected |= {(a - k, b - k) for k in range(1, a + 1)}
    assert set(Wythoff().options((a, b))) == expected


def test_move_text_shows_the_heaps_in_place() -> None:
    moves = {m.to: m for m in Wythoff().moves((1000, 2000))}
    assert moves[(618, 1000)].action == Take(2000, 1382, leaving=(1000, 618))
    assert moves[(618, 1000)].text == "take 1382 from the heap of 2000, leaving (1000, 618)"
    assert moves[(0, 1000)].action == TakeBoth(1000, (0, 1000))
