"""Nim, subtraction games, Grundy's game and user heap functions: their heap options."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.errors import InvalidGame
from nimlab.games.heap import GrundyGame, Nim, Subtraction, heap_game


@given(st.integers(0, 60))
def test_nim_heap_options_are_every_smaller_heap(n: int) -> None:
    assert sorted(Nim().heap_options(n)) == [(k,) for k in range(n)]


@given(st.sets(st.integers(1, 12), min_size=1, max_size=5), st.integers(0, 40))
def test_subtraction_options_follow_the_definition(s: set[int], n: int) -> None:
    g = Subtraction(tuple(s))
    assert sorted(g.heap_options(n)) == sorted((n - x,) for x in s if x <= n)
    assert g.spec == "subtraction:" + ",".join(map(str, sorted(s)))


def test_subtraction_validates_its_set() -> None:
    for bad in [(), (0,), (-1, 2), (1.5,)]:
        with pytest.raises(InvalidGame):
            Subtraction(bad)  # type: ignore[arg-type]


@given(st.integers(0, 40))
def test_grundy_game_splits_into_unequal_nonempty_heaps(n: int) -> None:
    options = list(GrundyGame().heap_options(n))
    assert all(a != b and a >= 1 and b >= 1 and a + b == n for a, b in options)
    assert len(options) == max(0, (n - 1) // 2)


def test_move_texts() -> None:
    assert Subtraction((3,)).heap_move_text(7, (4,)) == "take 3 from the heap of 7"
    assert GrundyGame().heap_move_text(7, (3, 4)) == "split the heap of 7 into 3+4"
    assert Nim().heap_move_text(7, ()) == "remove the heap of 7"


def test_heap_game_from_a_function() -> None:
    g = heap_game(lambda n: [n - 1, (n // 2, n - 1 - n // 2)] if n >= 2 else [], name="f")
    assert list(g.heap_options(5)) == [(4,), (2, 2)]
    assert nimlab.analyze(g, "5").game == "f"


def test_a_heap_function_that_grows_a_heap_is_refused() -> None:
    g = heap_game(lambda n: [n + 1], name="up")
    with pytest.raises(InvalidGame, match="must be smaller"):
        nimlab.analyze(g, "3")
