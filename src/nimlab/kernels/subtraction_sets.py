"""The proven periodicity of many subtraction games in one compiled call.

A sweep over a family of subtraction sets asks for (preperiod, period) of
hundreds of thousands of small games; a Python call per game would cost more
than the game. :func:`periodicities` takes the sets as the rows of one array
(padded with zeros on the left, so the last column is max S) and returns the
answers as arrays, with the same algorithm as
:func:`nimlab.solve.periodicity.periodicity`:

* values G(0..L-1) by the bitset mex (|S| ≤ 63, so every value is < 64),
  with L = max(64, 4·max S), doubling until a period is proven;
* the least period p the max(S)-window criterion accepts (G(n+p) = G(n) for
  max S consecutive n proves it for every n ≥ n0), compared from the end
  backwards as in :mod:`nimlab.kernels.periodic`; then the least divisor of p
  that is itself a period of one block (a window can accept a multiple of
  the least period first);
* the (preperiod, period) of the outcomes alone (P exactly when G = 0): the
  outcomes obey the same window recursion, so their period is proven too.

The preperiod is the least n0 for the least period. ``checked`` is how many
values were computed (the ``checked_to`` of ``periodicity``); a set whose
values would pass ``max_values`` is left unproven (period −1).

>>> import numpy as np
>>> sets = np.array([[0, 1, 2], [2, 4, 7], [0, 0, 3]], dtype=np.int64)
>>> pre, per, top, checked, out_pre, out_per = periodicities(sets, 10**6)
>>> pre.tolist(), per.tolist(), top.tolist(), checked.tolist()
([0, 8, 0], [3, 3, 6], [2, 3, 1], [64, 64, 64])
>>> out_pre.tolist(), out_per.tolist()  # {2,4,7}: P-positions 0, 1 and 6 + 3k
([0, 4, 0], [3, 3, 6])
"""

from __future__ import annotations

import numpy as np

from nimlab.kernels.bits import ctz
from nimlab.kernels.jit import njit

MAX_SET_SIZE = 63
"""The largest subtraction set the kernel takes (option values fit one 64-bit word)."""


@njit(cache=True, inline="always")
def _extend(s: np.ndarray, first: int, size: int, values: np.ndarray, start: int, end: int) -> None:
    """G(start..end-1) from G(0..start-1), for the set s[first:first+size] (sorted)."""
    one = np.uint64(1)
    top = s[first + size - 1]
    for n in range(start, end):
        seen = np.uint64(0)
        if n >= top:
            for j in range(first, first + size):
                seen |= one << np.uint64(values[n - s[j]])
        else:
            for j in range(first, first + size):
                if s[j] > n:
                    break
                seen |= one << np.uint64(values[n - s[j]])
        values[n] = ctz(~seen)


@njit(cache=True)
def _least_window_period(values: np.ndarray, length: int, window: int) -> tuple[int, int]:
    """(n0, p) of the least period the window criterion accepts in values[:length]; p = -1: none."""
    for p in range(1, length // 2 + 1):
        n = length - p - 1
        while n >= 0 and values[n + p] == values[n]:
            n -= 1
        n0 = n + 1
        if length - p - n0 >= window:
            return n0, p
    return -1, -1


@njit(cache=True)
def _divisors(p: int, out: np.ndarray) -> int:
    """Write the divisors of p below p into ``out`` in increasing order; their number.

    Trial division up to √p: a few divisions instead of one per candidate.
    """
    small = 0
    i = 1
    while i * i <= p:
        if p % i == 0 and i < p:
            out[small] = i
            small += 1
        i += 1
    count = small
    for k in range(small - 1, -1, -1):  # the co-divisors p / d, increasing
        d = p // out[k]
        if d != out[k] and d != p:
            out[count] = d
            count += 1
    return count


@njit(cache=True, inline="always")
def _block_has_period(values: np.ndarray, n0: int, p: int, d: int, zeros: bool) -> bool:
    """Does the block values[n0:n0+p] (or its zero pattern) repeat cyclically with shift d?"""
    j = n0 + d
    end = n0 + p
    for i in range(n0, end):
        if zeros:
            if (values[i] == 0) != (values[j] == 0):
                return False
        elif values[i] != values[j]:
            return False
        j += 1
        if j == end:
            j = n0
    return True


@njit(cache=True)
def _least_divisor(values: np.ndarray, n0: int, p: int, divisors: np.ndarray, zeros: bool) -> int:
    """The least d dividing p such that the block values[n0:n0+p] has period d."""
    for k in range(_divisors(p, divisors)):
        if _block_has_period(values, n0, p, divisors[k], zeros):
            return int(divisors[k])
    return p


@njit(cache=True)
def _outcome_period(values: np.ndarray, n0: int, p: int, divisors: np.ndarray) -> tuple[int, int]:
    """(preperiod, least period) of the outcomes (G = 0 or not), given the values' (n0, p).

    The outcomes repeat with every period of the values, so their least
    period d divides p; their preperiod is at most n0.
    """
    d = _least_divisor(values, n0, p, divisors, True)
    n = n0 - 1
    while n >= 0 and (values[n] == 0) == (values[n + d] == 0):
        n -= 1
    return n + 1, d


@njit(cache=True)
def periodicities(
    sets: np.ndarray, max_values: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per row of ``sets``: preperiod, period, largest value, values computed,
    and the preperiod and period of the outcomes (P-positions: G = 0).

    Each row is a sorted subtraction set, left-padded with zeros. Rows whose
    period is not proven within ``max_values`` values get preperiods and
    periods −1 (and the largest value among the values computed).
    """
    count, width = sets.shape
    preperiod = np.full(count, -1, dtype=np.int64)
    period = np.full(count, -1, dtype=np.int64)
    largest = np.zeros(count, dtype=np.int64)
    checked = np.zeros(count, dtype=np.int64)
    outcome_preperiod = np.full(count, -1, dtype=np.int64)
    outcome_period = np.full(count, -1, dtype=np.int64)
    values = np.zeros(max(max_values, 1), dtype=np.uint8)
    divisors = np.zeros(4096, dtype=np.int64)  # numbers below 2^63 have fewer divisors
    flat = sets.ravel()
    for i in range(count):
        first = i * width
        while flat[first] == 0:
            first += 1
        size = i * width + width - first
        top = flat[first + size - 1]
        length = min(max(64, 4 * top), max_values)
        done = 0
        while True:
            _extend(flat, first, size, values, done, length)
            done = length
            n0, p = _least_window_period(values, length, top)
            if p > 0:
                p = _least_divisor(values, n0, p, divisors, False)
                preperiod[i] = n0
                period[i] = p
                outcome_preperiod[i], outcome_period[i] = _outcome_period(values, n0, p, divisors)
                end = n0 + p
                break
            if length >= max_values:
                end = length
                break
            length = min(2 * length, max_values)
        checked[i] = done
        m = 0
        for n in range(end):
            if values[n] > m:
                m = values[n]
        largest[i] = m
    return preperiod, period, largest, checked, outcome_preperiod, outcome_period
