"""Nim, subtraction games, Grundy's game and user heap functions: their heap options."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.errors import InvalidGame
from nimlab.games.actions import RemoveHeap, ReplaceHeap, Split, Take
from nimlab.games.base import Move
from nimlab.games.heap import GrundyGame, Nim, Subtraction, heap_game
from nimlab.games.wording import render_move


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


def test_heap_moves_and_their_texts() -> None:
    cases = [
        (Subtraction((3,)), 7, (4,), Take(7, 3), "take 3 from the heap of 7"),
        (GrundyGame(), 7, (3, 4), Split(7, (3, 4)), "split the heap of 7 into 3+4"),
        (Nim(), 7, (), RemoveHeap(7), "remove the heap of 7"),
        (Nim(), 7, (2, 3), ReplaceHeap(7, (2, 3)), "replace the heap of 7 by 2+3"),
    ]
    for g, n, result, action, text in cases:
        assert g.heap_move(n, result) == action
        assert render_move(action, "en") == text


def test_heap_game_moves_say_what_happened() -> None:
    g = heap_game(lambda n: [(), (1, n - 2)] if n >= 3 else [], name="g")
    assert list(g.moves((4,))) == [Move((), RemoveHeap(4)), Move((1, 2), ReplaceHeap(4, (1, 2)))]


def test_heap_game_from_a_function() -> None:
    g = heap_game(lambda n: [n - 1, (n // 2, n - 1 - n // 2)] if n >= 2 else [], name="f")
    assert list(g.heap_options(5)) == [(4,), (2, 2)]
    assert nimlab.analyze(g, "5").game == "f"


def test_a_heap_function_that_grows_a_heap_is_refused() -> None:
    g = heap_game(lambda n: [n + 1], name="up")
    with pytest.raises(InvalidGame, match="must be smaller"):
        nimlab.analyze(g, "3")


@pytest.mark.parametrize(
    ("function", "said"),
    [
        (lambda n: ["a"], "an option of a heap of 0 is 'a'"),
        (lambda n: None, "the function gave None"),
        (lambda n: [n / 2] if n else [], "an option of a heap of 1 is 0.5"),
        (lambda n: [True] if n else [], "is True"),  # True is no heap
        (lambda n: "ab", "the function gave 'ab'"),
    ],
)
def test_a_function_game_whose_options_are_not_heaps_is_refused_naming_them(
    function: Any, said: str
) -> None:
    """Found by the API audit: such options raised Python's own ``TypeError``."""
    game = nimlab.heap_game(function, name="t")
    with pytest.raises(InvalidGame, match=re.escape(said)):
        nimlab.analyze(game, "3")


def test_a_function_game_may_give_lists_and_numpy_integers() -> None:
    import numpy as np

    game = nimlab.heap_game(lambda n: [[n - 1], np.int64(n - 2)] if n > 1 else [], name="t")
    assert list(game.heap_options(5)) == [(4,), (3,)]
    assert nimlab.analyze(game, "5").outcome == nimlab.analyze("subtraction:1,2", "5").outcome


@pytest.mark.parametrize("function", [lambda n: [n + 1], lambda n: [n - 1, -1] if n else []])
def test_a_function_game_whose_moves_do_not_shrink_is_refused_in_misere_play(
    function: Callable[[int], list[int]],
) -> None:
    # Normal play checked it; the misère search walked the endless chain until its limit.
    g = nimlab.heap_game(function, name="endless")
    with pytest.raises(InvalidGame, match="must be smaller"):
        nimlab.analyze(g, "3", misere=True)
