"""The sparse-space kernel against the naive recursion and the generic solver."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlab.games.octal import Octal
from nimlab.kernels.one_heap import octal_sequence
from nimlab.kernels.sparse import OK, OVER_BUDGET, WARM_UP, sparse_sequence
from nimlab.limits import Limits
from nimlab.solve.heaps import heap_values
from strategies_kernels import octal_digits

LENGTH = 3 * WARM_UP  # past the warm-up, so the sparse-space loop itself is exercised


@given(octal_digits(splitting=True))
def test_sparse_space_matches_naive_and_generic(digits: tuple[int, ...]) -> None:
    values, info = sparse_sequence(digits, False, LENGTH, 10**9)
    assert info.status == OK and info.done == LENGTH
    assert values.tolist() == octal_sequence(digits, LENGTH).tolist()
    assert values[:60].tolist() == heap_values(Octal(digits), 60, Limits().budget())


@given(st.integers(WARM_UP + 1, LENGTH))
def test_grundy_game(count: int) -> None:
    values, _ = sparse_sequence((4,), True, count, 10**9)
    assert values.tolist() == octal_sequence((4,), count, unequal=True).tolist()


@given(octal_digits(splitting=True), st.integers(1, LENGTH - 1))
def test_a_known_prefix_is_extended(digits: tuple[int, ...], known: int) -> None:
    whole, _ = sparse_sequence(digits, False, LENGTH, 10**9)
    extended, info = sparse_sequence(digits, False, LENGTH, 10**9, whole[:known].copy())
    assert extended.tolist() == whole.tolist() and info.done == LENGTH


def test_kayles_is_sparse() -> None:
    values, info = sparse_sequence((0, 7, 7), False, 5000, 10**9)
    assert values.tolist() == octal_sequence((0, 7, 7), 5000).tolist()
    assert info.rare < 20  # Kayles has finitely many rare values (Winning Ways, ch. 4)


def test_stops_over_the_step_budget() -> None:
    values, info = sparse_sequence((0, 6), False, 5000, 10_000)
    assert info.status == OVER_BUDGET and WARM_UP <= info.done < 5000
    assert values[: info.done].tolist() == octal_sequence((0, 6), info.done).tolist()


@pytest.mark.parametrize(
    "digits", [(0, 6), (0, 7, 7), (0, 0, 7), (4, 0, 7), (0, 1, 3, 7), (0, 4, 4, 4), (0, 5, 6)]
)
def test_long_runs_match_the_naive_recursion(digits: tuple[int, ...]) -> None:
    # Long enough for the classification to be chosen again as rare heaps accumulate.
    values, info = sparse_sequence(digits, False, 6000, 10**10)
    assert info.status == OK
    assert values.tolist() == octal_sequence(digits, 6000).tolist()
