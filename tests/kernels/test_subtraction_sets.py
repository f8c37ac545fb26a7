"""The batch periodicity kernel against ``nimlab.periodicity`` and brute force."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.kernels.subtraction_sets import periodicities

sets = st.lists(st.integers(1, 40), min_size=1, max_size=6, unique=True).map(sorted)


def _array(rows: list[list[int]]) -> np.ndarray:
    width = max(len(r) for r in rows)
    return np.array([[0] * (width - len(r)) + r for r in rows], dtype=np.int64)


@given(st.lists(sets, min_size=1, max_size=8))
def test_agrees_with_periodicity(rows: list[list[int]]) -> None:
    pre, per, top, checked, _, _ = periodicities(_array(rows), 10**7)
    for i, s in enumerate(rows):
        spec = "subtraction:" + ",".join(map(str, s))
        expected = nimlab.periodicity(spec)
        assert expected.proven
        assert (pre[i], per[i], checked[i]) == (
            expected.preperiod,
            expected.period,
            expected.checked_to,
        )
        values = nimlab.grundy_sequence(spec, int(pre[i] + per[i]))
        assert top[i] == int(values.max())


@given(sets)
def test_outcome_period_is_the_least_period_of_the_p_positions(s: list[int]) -> None:
    _, _, _, checked, out_pre, out_per = periodicities(_array([s]), 10**7)
    length = 4 * int(checked[0])
    values = nimlab.grundy_sequence("subtraction:" + ",".join(map(str, s)), length)
    outcomes = [int(v == 0) for v in values.tolist()]
    # brute force: the least p with outcomes[n + p] = outcomes[n] from some n0 to the end
    for p in range(1, length // 2):
        n = length - p - 1
        while n >= 0 and outcomes[n + p] == outcomes[n]:
            n -= 1
        if length - p - (n + 1) >= length // 4:
            assert (out_pre[0], out_per[0]) == (n + 1, p)
            return
    raise AssertionError("no period found by brute force")


def test_a_limit_leaves_a_set_unproven() -> None:
    pre, per, _, checked, out_pre, out_per = periodicities(_array([[29, 71, 100]]), 1000)
    assert (pre[0], per[0], out_pre[0], out_per[0]) == (-1, -1, -1, -1)
    assert checked[0] == 1000
    pre, per, *_ = periodicities(_array([[29, 71, 100]]), 10**6)
    assert (pre[0], per[0]) == (0, 4495)  # additive: a + b = c, a quadratic period


@given(st.integers(1, 20_000))
def test_divisors_below_p_in_order(p: int) -> None:
    from nimlab.kernels.subtraction_sets import _divisors

    out = np.zeros(4096, dtype=np.int64)
    assert out[: _divisors(p, out)].tolist() == [d for d in range(1, p) if p % d == 0]
