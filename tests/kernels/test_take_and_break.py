"""The take-and-break kernel against a plain mex, the octal kernels, and the 3-heap criterion."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.games.capabilities import PeriodCriterion
from nimlab.kernels.one_heap import octal_sequence
from nimlab.kernels.take_and_break import take_and_break_sequence
from nimlab.registry import game
from nimlab.solve.periodicity import criterion, find_period
from strategies_kernels import octal_digits


def naive(digits: tuple[int, ...], count: int) -> list[int]:
    """G(0..count-1) by the definition: the mex over every multiset of parts a move leaves."""
    values: list[int] = []
    for n in range(count):
        seen = set()
        for k, d in enumerate(digits):
            m = n - k
            if m < 0:
                continue
            if d & 1 and k and m == 0:
                seen.add(0)
            if d & 2 and k and m >= 1:
                seen.add(values[m])
            if d & 4:
                seen |= {values[a] ^ values[m - a] for a in range(1, m)}
            if d & 8:
                seen |= {
                    values[a] ^ values[b] ^ values[m - a - b]
                    for a in range(1, m)
                    for b in range(1, m - a)
                }
        g = 0
        while g in seen:
            g += 1
        values.append(g)
    return values


@st.composite
def hex_digits(draw: st.DrawFn) -> tuple[int, ...]:
    d0 = draw(st.sampled_from([0, 4, 8, 12]))
    rest = draw(st.lists(st.integers(0, 15), min_size=1, max_size=3))
    digits = (d0, *rest)
    while len(digits) > 1 and digits[-1] == 0:
        digits = digits[:-1]
    return digits if digits != (0,) else (0, 8)


@settings(max_examples=80, deadline=None)
@given(hex_digits(), st.integers(0, 40))
def test_the_kernel_is_the_plain_mex(digits: tuple[int, ...], count: int) -> None:
    assert take_and_break_sequence(digits, count).tolist() == naive(digits, count)


@settings(max_examples=40, deadline=None)
@given(octal_digits())
def test_octal_codes_agree_with_the_octal_kernel(digits: tuple[int, ...]) -> None:
    assert (take_and_break_sequence(digits, 300) == octal_sequence(digits, 300)).all()


@settings(max_examples=20, deadline=None)
@given(hex_digits(), st.integers(1, 60))
def test_a_prefix_is_extended(digits: tuple[int, ...], known: int) -> None:
    whole = take_and_break_sequence(digits, 80)
    assert (take_and_break_sequence(digits, 80, whole[:known]) == whole).all()


CODES = ["0.B1", "0.F", "0.A7", "0.F1", "0.B", "0.D", "4.F"]
"""Codes with a 3-heap digit whose period the engine proves within 64 values."""


def test_proven_periods_hold_much_further() -> None:
    """Each period the 3-heap criterion accepts holds on 8 times the values it needed."""
    proven = 0
    for code in CODES:
        g = game("take-and-break:" + code)
        digits = g.digits  # type: ignore[attr-defined]
        values = take_and_break_sequence(digits, 200)
        found = find_period(values, criterion(g))
        if found is None:
            continue
        n0, p, _ = found
        need = 3 * n0 + 2 * p + len(digits) - 1 + p
        far = take_and_break_sequence(digits, max(8 * need, 400))
        assert all(far[n + p] == far[n] for n in range(n0, len(far) - p)), code
        proven += 1
    assert proven == len(CODES)


def test_the_two_heap_bound_would_accept_too_early() -> None:
    """The k = 3 bound is larger than Guy–Smith's 2·n0 + p + t, and checked as such."""
    three = PeriodCriterion("guy-smith", 1, parts=3)
    two = PeriodCriterion("guy-smith", 1)
    assert two.proves(10, 4, 25) and not three.proves(10, 4, 25)
    assert three.proves(10, 4, 39)


def test_kernel_values_are_unsigned_and_small() -> None:
    values = take_and_break_sequence((0, 8), 30)
    assert values.dtype == np.uint8 and values[:10].tolist() == [0, 0, 0, 0, 1, 1, 1, 2, 2, 2]


@settings(max_examples=40, deadline=None)
@given(hex_digits())
def test_the_engines_routes_agree_with_the_plain_mex(digits: tuple[int, ...]) -> None:
    """Small counts go through the declared rule in Python, large ones through the kernel."""
    from nimlab.games.octal import Octal
    from nimlab.limits import Limits
    from nimlab.solve.heaps import _declared_values, heap_array

    g = game("take-and-break:" + Octal.code_of(digits))
    kernel = g.capabilities.one_heap
    assert kernel is not None
    table: list[int] = []
    _declared_values(kernel, table, 40, Limits().budget())
    assert table == naive(digits, 40)
    assert heap_array(g, 40, Limits().budget()).tolist() == table  # type: ignore[arg-type]
