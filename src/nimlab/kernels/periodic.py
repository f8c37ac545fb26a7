"""The least period of a computed Grundy sequence that a criterion accepts.

For each candidate period p (smallest first), how far back from the end
G(n+p) = G(n) + s holds gives the preperiod n0 (one past the first
disagreement). Without saltus these runs come for every p at once from the
Z-function of the reversed sequence, in O(length) even when the values have
long constant runs (S = {k}); with saltus each p is scanned backwards, a
number of comparisons bounded by the caller (``max_steps``).

The criteria (see :mod:`nimlab.solve.periodicity`): ``WINDOW`` — agreement on
``parameter`` consecutive values proves it (subtraction games, max S);
``GUY_SMITH`` — agreement for n0 ≤ n < k·max(n0, 1) + (k − 1)·p + t proves it (octal games,
t = ``parameter``, k = ``parts`` = 2; codes breaking a heap into three: k = 3);
``OBSERVED`` — no proof: the period must repeat
``parameter`` times and cover at least half of the values.

The algorithm is written once, in plain Python (:func:`least_period`, used
for short sequences without loading numba) and compiled by numba for long
ones (:func:`least_period_compiled`).

>>> values = [0, 0, 1, 1, 2, 2, 0, 3] + [1, 0, 2] * 4
>>> least_period(values, WINDOW, 7, False)
(8, 3, 0)
>>> least_period(list(range(0, 40, 2)), OBSERVED, 3, True)
(0, 1, 2)
>>> import numpy as np
>>> least_period_compiled(np.array(values, dtype=np.uint8), WINDOW, 7, False)
(8, 3, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

OBSERVED, WINDOW, GUY_SMITH = 0, 1, 2
NO_STEP_LIMIT = 1 << 62


def least_period(
    values: Sequence[int],
    kind: int,
    parameter: int,
    arithmetic: bool,
    max_steps: int = NO_STEP_LIMIT,
    parts: int = 2,
) -> tuple[int, int, int]:
    """(preperiod, period, saltus) of the least period ``kind`` accepts; (-1, -1, -1) if none.

    Without saltus, how far back from the end G(n+p) = G(n) holds is known for
    every p at once from the Z-function of the reversed sequence, in O(length)
    (Gusfield, *Algorithms on Strings, Trees and Sequences*, 1997, §1.4). With
    saltus each p is scanned backwards; (-2, -2, -2) when that would take more
    than ``max_steps`` comparisons.
    """
    length = len(values)
    last = int(values[length - 1]) if length else 0
    run = [0] * (length + 1)  # run[p]: the values n, counted back from the end, where p holds
    if not arithmetic:
        left = right = 0
        for i in range(1, length):
            k = min(right - i, run[i - left]) if i < right else 0
            while i + k < length and values[length - 1 - k] == values[length - 1 - i - k]:
                k += 1
            run[i] = k
            if i + k > right:
                left, right = i, i + k
    steps = 0
    for p in range(1, length // 2 + 1):
        saltus = last - int(values[length - 1 - p]) if arithmetic else 0
        if arithmetic:
            if saltus <= 0:
                continue
            n = length - p - 1
            while n >= 0 and int(values[n + p]) == int(values[n]) + saltus:
                n -= 1
            run[p] = length - p - 1 - n
            steps += run[p] + 1
            if steps > max_steps:
                return -2, -2, -2
        verified_to = length - p  # G(n+p) = G(n) + s is known for n0 <= n < verified_to
        n0 = verified_to - run[p]
        if kind == WINDOW:
            accepted = run[p] >= parameter
        elif kind == GUY_SMITH:
            accepted = verified_to >= parts * max(n0, 1) + (parts - 1) * p + parameter
        else:
            accepted = run[p] >= parameter * p and 2 * run[p] >= verified_to
        if accepted:
            return n0, p, saltus
    return -1, -1, -1


_compiled: Callable[..., tuple[int, int, int]] | None = None


def least_period_compiled(
    values: Any,
    kind: int,
    parameter: int,
    arithmetic: bool,
    max_steps: int = NO_STEP_LIMIT,
    parts: int = 2,
) -> tuple[int, int, int]:
    """:func:`least_period` compiled by numba, for a numpy array of values."""
    global _compiled
    if _compiled is None:
        from numba import njit

        _compiled = njit(cache=True)(least_period)
    n0, p, s = _compiled(values, kind, parameter, arithmetic, max_steps, parts)
    return int(n0), int(p), int(s)
