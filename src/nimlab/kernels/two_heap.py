"""Two-heap games: Grundy tables by bitset mex, P-positions by O(1) checks.

The moves of the two-heap games of nimlab are unions of three kinds, each a
whole line of the table:

* ``REDUCE`` — take stones from one heap: ⟨a, b⟩ → ⟨x, b⟩, x < a, and
  ⟨a, y⟩, y < b (Wythoff; and Split-and-delete Nim, where splitting a heap and
  deleting one part leaves any smaller heap ≥ 1);
* ``DIAGONAL`` — the same number from both heaps: ⟨a − k, b − k⟩ (Wythoff);
* ``SUMS`` — split one heap in two and delete the other: ⟨x, y⟩ with
  x + y = a or x + y = b (Split-and-delete Nim and Delete Nim, seed 001 §4).

Cells are filled in order of a + b, since every move lowers the total, and
each line keeps a bitset of the Grundy values met so far: the heap-line of h
(every cell with a heap h), the diagonal b − a, the anti-diagonal x + y = s.
At ⟨a, b⟩ those bitsets hold exactly the values of its options, so the mex
is the first zero bit of their union: O(N²·V/64) for values below V (V ≤ 3N),
with no option ever listed. Each line also keeps the index of its first word
that is not all ones; the words below the highest of those are full in the
union, so the scan starts there (about half the time of scanning from word 0
for Wythoff 4096²). For P-positions only one bit per line is needed
(is there a P-position on it yet?), O(1) per cell and O(N²) in all.

>>> table = grundy_table_2(REDUCE | DIAGONAL, 0, 4)  # Wythoff
>>> table.tolist()
[[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
>>> p_positions_2(REDUCE | DIAGONAL, 0, 10).tolist()
[[0, 0], [1, 2], [3, 5], [4, 7], [6, 10]]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from nimlab.games.capabilities import DIAGONAL, REDUCE, SUMS
from nimlab.kernels.bits import ALL_ONES, ctz
from nimlab.kernels.jit import njit

__all__ = ["DIAGONAL", "REDUCE", "SUMS", "grundy_table_2", "p_positions_2", "table_bytes"]


def value_bound(moves: int, top: int) -> int:
    """An upper bound on every Grundy value of the table up to heap ``top`` (its option count)."""
    return (3 * top if moves & (REDUCE | DIAGONAL) else top) + 2


def table_bytes(moves: int, origin: int, size: int) -> int:
    """Bytes of the table and the line bitsets of a ``size`` × ``size`` table."""
    top = origin + size - 1
    words = value_bound(moves, top) // 64 + 1
    value = 2 if value_bound(moves, top) < 65536 else 4
    return size * size * value + 3 * (top + 1) * words * 8


@njit(cache=True, inline="always")
def _skip_full(bits: Any, line: Any, low: Any) -> None:
    """Advance ``low[line]`` past the words of ``bits[line]`` that are all ones."""
    words = bits.shape[1]
    while low[line] < words and bits[line, low[line]] == ALL_ONES:
        low[line] += 1


@njit(cache=True)
def _fill(moves: int, origin: int, size: int, out: Any, words: int) -> None:
    top = origin + size - 1
    one = np.uint64(1)
    lines = np.zeros((top + 1, words), dtype=np.uint64)
    diagonals = np.zeros((top + 1 if moves & DIAGONAL else 1, words), dtype=np.uint64)
    sums = np.zeros((top + 1 if moves & SUMS else 1, words), dtype=np.uint64)
    # Per line, the first word not yet all ones: the words below it are full in
    # the union too, so the mex is looked for from the highest of these.
    lines_low = np.zeros(top + 1, dtype=np.uint64)
    diagonals_low = np.zeros(diagonals.shape[0], dtype=np.uint64)
    sums_low = np.zeros(sums.shape[0], dtype=np.uint64)
    reduce, diagonal, split = moves & REDUCE, moves & DIAGONAL, moves & SUMS
    uwords = np.uint64(words)
    for total in range(2 * origin, 2 * top + 1):
        for ai in range(max(origin, total - top), total // 2 + 1):
            # Unsigned indices: numba skips its negative-index wraparound checks.
            a, b = np.uint64(ai), np.uint64(total - ai)
            first = np.uint64(0)
            if reduce:
                first = max(lines_low[a], lines_low[b])
            if diagonal:
                first = max(first, diagonals_low[b - a])
            if split:
                first = max(first, sums_low[a], sums_low[b])
            g = words * 64
            for i in range(first, uwords):
                w = np.uint64(0)
                if reduce:
                    w |= lines[a, i] | lines[b, i]
                if diagonal:
                    w |= diagonals[b - a, i]
                if split:
                    w |= sums[a, i] | sums[b, i]
                if w != ALL_ONES:
                    g = int(i) * 64 + int(ctz(~w))
                    break
            i_a, i_b = np.uint64(ai - origin), np.uint64(total - ai - origin)
            out[i_a, i_b] = g
            out[i_b, i_a] = g
            word, bit = np.uint64(g >> 6), one << np.uint64(g & 63)
            lines[a, word] |= bit
            lines[b, word] |= bit
            _skip_full(lines, a, lines_low)
            _skip_full(lines, b, lines_low)
            if diagonal:
                diagonals[b - a, word] |= bit
                _skip_full(diagonals, b - a, diagonals_low)
            if split and total <= top:
                t = np.uint64(total)
                sums[t, word] |= bit
                _skip_full(sums, t, sums_low)


def grundy_table_2(moves: int, origin: int, size: int) -> np.ndarray:
    """Grundy values of ⟨origin+i, origin+j⟩, 0 ≤ i, j < size, for the moves given."""
    bound = value_bound(moves, origin + size - 1)
    out = np.zeros((size, size), dtype=np.uint16 if bound < 65536 else np.uint32)
    if size:
        _fill(moves, origin, size, out, bound // 64 + 1)
    return out


@njit(cache=True)
def _p_positions(moves: int, origin: int, top: int) -> Any:
    lines = np.zeros(top + 1, dtype=np.bool_)
    diagonals = np.zeros(top + 1, dtype=np.bool_)
    sums = np.zeros(top + 1, dtype=np.bool_)
    found = np.empty((64, 2), dtype=np.int64)
    count = 0
    reduce, diagonal, split = moves & REDUCE, moves & DIAGONAL, moves & SUMS
    for total in range(2 * origin, 2 * top + 1):
        for a in range(max(origin, total - top), total // 2 + 1):
            b = total - a
            if reduce and (lines[a] or lines[b]):
                continue
            if diagonal and diagonals[b - a]:
                continue
            if split and (sums[a] or sums[b]):
                continue
            if count == found.shape[0]:
                longer = np.empty((2 * count, 2), dtype=np.int64)
                longer[:count] = found
                found = longer
            found[count, 0], found[count, 1] = a, b
            count += 1
            lines[a] = lines[b] = True
            diagonals[b - a] = True
            if total <= top:
                sums[total] = True
    return found[:count]


def p_positions_2(moves: int, origin: int, top: int) -> np.ndarray:
    """The P-positions ⟨a, b⟩, origin ≤ a ≤ b ≤ top, sorted (as an array of pairs)."""
    found = _p_positions(moves, origin, top)
    order = np.lexsort((found[:, 1], found[:, 0]))
    return found[order]  # type: ignore[no-any-return]
