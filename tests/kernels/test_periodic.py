"""The period finder: plain and compiled agree, and every accepted period is real."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from nimlab.kernels.periodic import (
    GUY_SMITH,
    OBSERVED,
    WINDOW,
    least_period,
    least_period_compiled,
)


@st.composite
def eventually_periodic(draw: st.DrawFn) -> list[int]:
    head = draw(st.lists(st.integers(0, 5), max_size=12))
    block = draw(st.lists(st.integers(0, 5), min_size=1, max_size=8))
    saltus = draw(st.sampled_from([0, 0, 1, 2]))
    length = draw(st.integers(len(head) + 2 * len(block), 120))
    values = list(head)
    k = 0
    while len(values) < length:
        values.append(block[k % len(block)] + saltus * (k // len(block)))
        k += 1
    return values


@given(
    eventually_periodic(),
    st.sampled_from([OBSERVED, WINDOW, GUY_SMITH]),
    st.integers(1, 6),
    st.booleans(),
)
def test_plain_and_compiled_agree_and_hold(
    values: list[int], kind: int, parameter: int, arithmetic: bool
) -> None:
    found = least_period(values, kind, parameter, arithmetic)
    assert least_period_compiled(np.array(values, dtype=np.int64), kind, parameter, arithmetic) == (
        found
    )
    n0, p, s = found
    if p < 0:
        return
    assert all(values[n + p] == values[n] + s for n in range(n0, len(values) - p))
    assert n0 == 0 or values[n0 - 1 + p] != values[n0 - 1] + s  # the preperiod is least
    verified = len(values) - p
    if kind == WINDOW:
        assert verified - n0 >= parameter
    elif kind == GUY_SMITH:
        assert verified >= 2 * n0 + p + parameter


def test_the_least_period_is_found_first() -> None:
    assert least_period([1, 2] * 10, WINDOW, 2, False) == (0, 2, 0)
    assert least_period([0, 1, 2, 3], WINDOW, 3, False) == (-1, -1, -1)


def test_the_arithmetic_period_search_stops_at_its_step_limit() -> None:
    # Differences 1 then 2: every p agrees for a long way back before it fails.
    values = list(range(1000)) + [999 + 2 * k for k in range(1, 1000)]
    assert least_period(values, WINDOW, 5000, True, 1000) == (-2, -2, -2)
    arr = np.array(values, dtype=np.int64)
    assert least_period_compiled(arr, WINDOW, 5000, True, 1000) == (-2, -2, -2)
    assert least_period(values, WINDOW, 5000, True) == (-1, -1, -1)


def test_long_runs_cost_linear_time_without_saltus() -> None:
    # S = {k}: G(n) = ⌊n/k⌋ mod 2; wrong periods agree on long runs (the Z-function is O(L)).
    k = 3000
    values = [(n // k) % 2 for n in range(8 * k)]
    assert least_period(values, WINDOW, k, False) == (0, 2 * k, 0)
