"""Grundy values of the take-away states (n, m): n stones, at most m may be taken.

G(n, m) = mex{G(n − k, min(C·k, n − k)) : 1 ≤ k ≤ m}. Going along a row
(n fixed, m growing) adds one option at a time, so the mex only grows: each
row costs O(n) with a stamp array, and the triangle 0 ≤ m ≤ n ≤ N costs
O(N²). Row n is stored at offset n(n+1)/2 (values ≤ m fit in ``uint16`` for
N < 65536).

>>> table = take_away_table(2, 9)
>>> [int(table[row_offset(n) + max(n - 1, 0)]) for n in range(9)]  # fresh games, Fibonacci Nim
[0, 0, 0, 0, 3, 0, 4, 4, 0]

The remoteness R(n, m) goes along the rows the same way: a state with a P-option is one
more than the least remoteness of its P-options, else one more than the greatest of all
(0 with no move).

>>> far = take_away_remoteness(2, 9, table)
>>> [int(far[row_offset(n) + max(n - 1, 0)]) for n in range(9)]
[0, 0, 2, 2, 3, 4, 5, 5, 6]
"""

from __future__ import annotations

import numpy as np

from nimlab.kernels.jit import njit


def row_offset(n: int) -> int:
    """Where row n (the states (n, 0..n)) starts in the triangle."""
    return n * (n + 1) // 2


def cells(rows: int) -> int:
    """The number of states (n, m) with 0 ≤ m ≤ n < rows."""
    return rows * (rows + 1) // 2


@njit(cache=True)
def _fill(multiplier: int, rows: int, out: np.ndarray) -> None:
    stamp = np.full(rows + 2, -1, dtype=np.int64)
    for n in range(rows):
        base = n * (n + 1) // 2
        out[base] = 0  # (n, 0): no move
        g = 0
        for k in range(1, n + 1):
            left = n - k
            limit = min(multiplier * k, left)
            stamp[out[left * (left + 1) // 2 + limit]] = n
            while stamp[g] == n:
                g += 1
            out[base + k] = g


def value_bytes(rows: int) -> int:
    """Bytes per value of the table of ``rows`` rows (values ≤ m < rows)."""
    return 2 if rows <= 65536 else 4


def take_away_table(multiplier: int, rows: int) -> np.ndarray:
    """G(n, m) for 0 ≤ m ≤ n < rows, as a flat triangle (see :func:`row_offset`)."""
    out = np.zeros(cells(rows), dtype=np.uint16 if value_bytes(rows) == 2 else np.uint32)
    if rows:
        _fill(multiplier, rows, out)
    return out


@njit(cache=True)
def _fill_remoteness(multiplier: int, rows: int, values: np.ndarray, far: np.ndarray) -> None:
    for n in range(rows):
        base = n * (n + 1) // 2
        far[base] = 0  # (n, 0): no move
        best_p = -1  # least remoteness of a P-option so far
        worst = -1  # greatest remoteness of any option so far
        for k in range(1, n + 1):
            left = n - k
            cell = left * (left + 1) // 2 + min(multiplier * k, left)
            r = int(far[cell])
            if values[cell] == 0 and (best_p < 0 or r < best_p):
                best_p = r
            if r > worst:
                worst = r
            far[base + k] = best_p + 1 if best_p >= 0 else worst + 1


def take_away_remoteness(multiplier: int, rows: int, values: np.ndarray) -> np.ndarray:
    """R(n, m) for 0 ≤ m ≤ n < rows, from the Grundy values ``values`` of
    :func:`take_away_table` (the same triangle; remoteness ≤ n fits its type)."""
    far = np.zeros(cells(rows), dtype=values.dtype)
    if rows:
        _fill_remoteness(multiplier, rows, values[: cells(rows)], far)
    return far
