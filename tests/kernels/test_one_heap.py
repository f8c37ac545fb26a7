"""One-heap kernels against the generic mex recursion (``heap_values``) on random games."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from nimlab.games.heap import GrundyGame, Subtraction
from nimlab.games.octal import Octal
from nimlab.kernels.one_heap import octal_sequence, subtraction_sequence
from nimlab.limits import Limits
from nimlab.solve.heaps import heap_values
from strategies_kernels import octal_digits


def generic(game: Subtraction | Octal | GrundyGame, count: int) -> list[int]:
    """The pure-Python reference (small counts never reach a kernel)."""
    return heap_values(game, count, Limits().budget())


@given(st.sets(st.integers(1, 40), min_size=1, max_size=10), st.integers(0, 300))
def test_subtraction_bitset_matches_generic(subtraction_set: set[int], count: int) -> None:
    s = tuple(sorted(subtraction_set))
    values = subtraction_sequence(s, count)
    assert values.dtype == np.uint8
    assert values.tolist() == generic(Subtraction(s), count)


@given(st.sets(st.integers(1, 150), min_size=64, max_size=100), st.integers(0, 400))
def test_subtraction_stamps_for_large_sets(subtraction_set: set[int], count: int) -> None:
    s = tuple(sorted(subtraction_set))  # |S| > 63: the stamp-array kernel
    assert subtraction_sequence(s, count).tolist() == generic(Subtraction(s), count)


@given(octal_digits(), st.integers(0, 90))
def test_octal_naive_matches_generic(digits: tuple[int, ...], count: int) -> None:
    assert octal_sequence(digits, count).tolist() == generic(Octal(digits), count)


def test_grundy_game_is_four_with_unequal_splits() -> None:
    assert octal_sequence((4,), 80, unequal=True).tolist() == generic(GrundyGame(), 80)
