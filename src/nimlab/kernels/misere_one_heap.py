"""Misère Grundy values of single heaps, for games whose every move leaves at most one heap.

In misère play a heap's value is not the nim-sum of its parts' values, so a game
whose moves split heaps needs a search over many-heap positions (or its misère
quotient). Where every move from one heap leaves at most one heap (subtraction
games, all-but games, octal codes whose digits are 0–3, Nim), the options of a heap
are single heaps or the empty position, and Conway's misère value g⁻ follows the
mex rule over them as the normal value does over its options:

* g⁻(0) = 1 (the empty position: the player to move has no move, and wins);
* g⁻(n) = 1 when the heap of n has no move, else mex{g⁻(m) : m an option of n}
  (a move that removes the whole heap reaches the empty position, value 1).

These are the kernels of that recursion; the mex is taken with stamps, as in
:mod:`nimlab.kernels.one_heap`.

>>> misere_take_only((2, 4, 7), (2, 4, 7), 12).tolist()  # subtraction:2,4,7
[1, 1, 0, 0, 2, 2, 1, 3, 0, 1, 2, 0]
>>> misere_take_only((1,), (), 4).tolist()  # octal 0.1: take a heap of one stone only
[1, 0, 1, 1]
>>> misere_all_but((), 5).tolist()  # Nim: g⁻(0) = 1, g⁻(1) = 0, else n
[1, 0, 2, 3, 4]

Two heaps follow the same rule, a move changing one of them (a heap of 0 is no heap):
:func:`misere_take_only_table`.

>>> misere_take_only_table((1, 2, 3), (1, 2, 3), 3).tolist()  # Nim: ⟨1, 1⟩ is N (take one)
[[1, 0, 2], [0, 1, 3], [2, 3, 0]]
"""

from __future__ import annotations

import numpy as np

from nimlab.kernels.arrays import smallest_unsigned
from nimlab.kernels.jit import njit


@njit(cache=True)
def _take_only(ks: np.ndarray, whole: np.ndarray, part: np.ndarray, out: np.ndarray) -> None:
    """g⁻(0..len(out)-1): from a heap of n a move takes k = ks[j] stones, emptying the
    heap (allowed when ``whole[j]`` and n = k) or leaving n − k ≥ 1 (when ``part[j]``)."""
    stamp = np.full(ks.shape[0] + 3, -1, dtype=np.int64)
    for n in range(out.shape[0]):
        moves = 0
        for j in range(ks.shape[0]):
            k = ks[j]
            if k > n:
                break
            if k == n and whole[j]:
                stamp[1] = n  # the empty position's value
                moves += 1
            elif k < n and part[j]:
                stamp[out[n - k]] = n
                moves += 1
        if moves == 0:
            out[n] = 1
            continue
        m = 0
        while stamp[m] == n:
            m += 1
        out[n] = m


def misere_take_only(whole: tuple[int, ...], part: tuple[int, ...], count: int) -> np.ndarray:
    """g⁻(0..count-1) when a move takes k ∈ ``whole`` stones from a heap of exactly k, or
    k ∈ ``part`` stones from a larger heap (a subtraction game S: both are S; an
    octal code: bit 1 and bit 2 of digit k)."""
    ks, empties, leaves = _moves(whole, part)
    out = np.zeros(count, dtype=smallest_unsigned(max(len(ks) + 1, 1)))
    _take_only(ks, empties, leaves, out)
    return out


def _moves(
    whole: tuple[int, ...], part: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The numbers taken, sorted, and for each whether it may empty a heap, leave one."""
    takes = sorted(set(whole) | set(part))
    emptying, leaving = set(whole), set(part)
    return (
        np.array(takes, dtype=np.int64),
        np.array([k in emptying for k in takes], dtype=np.bool_),
        np.array([k in leaving for k in takes], dtype=np.bool_),
    )


@njit(cache=True)
def _all_but(excluded: np.ndarray, out: np.ndarray) -> None:
    """g⁻(0..len(out)-1) of the all-but game: remove any k ≥ 1 stones, k not in ``excluded``.

    As :func:`nimlab.kernels.one_heap.all_but`: the options of n ≥ 1 are every smaller
    heap but n − x for x in X (heap 0 the empty position, g⁻ = 1), so a value v is
    missing exactly when every smaller heap of value v is excluded; the mex is the least
    of the mex of all smaller values and those v. A heap with every k ≤ n excluded has
    no move: g⁻ = 1.
    """
    count = out.shape[0]
    counts = np.zeros(count + 2, dtype=np.int64)
    hits = np.zeros(count + 2, dtype=np.int64)
    size = excluded.shape[0]
    whole = 0  # the mex of the values of all smaller heaps
    for n in range(count):
        barred = 0
        for j in range(size):
            if excluded[j] > n:
                break
            barred += 1
            hits[out[n - excluded[j]]] += 1
        if n == 0 or barred == n:  # the empty position, or no move: misère value 1
            best = 1
        else:
            best = whole
            for j in range(barred):
                v = out[n - excluded[j]]
                if v < best and hits[v] == counts[v]:
                    best = v
        for j in range(barred):
            hits[out[n - excluded[j]]] = 0
        out[n] = best
        counts[best] += 1
        while counts[whole] > 0:
            whole += 1


def misere_all_but(excluded: tuple[int, ...], count: int) -> np.ndarray:
    """g⁻(0..count-1) of the all-but game with the sorted excluded set (Nim: none)."""
    out = np.zeros(count, dtype=smallest_unsigned(max(count, 1)))
    if count:
        _all_but(np.asarray(excluded, dtype=np.int64), out)
    return out


@njit(cache=True, inline="always")
def _mark_moves(
    ks: np.ndarray,
    whole: np.ndarray,
    part: np.ndarray,
    out: np.ndarray,
    heap: int,
    other: int,
    stamp: np.ndarray,
    mark: int,
) -> int:
    """Stamp the values of the positions a move on ``heap`` reaches, ``other`` left as it is
    (emptying the heap leaves the single heap ``other``); the number of such moves."""
    moves = 0
    for j in range(ks.shape[0]):
        k = ks[j]
        if k > heap:
            break
        if k == heap and whole[j]:
            stamp[out[0, other]] = mark
            moves += 1
        elif k < heap and part[j]:
            left = heap - k
            stamp[out[min(left, other), max(left, other)]] = mark
            moves += 1
    return moves


@njit(cache=True)
def _take_only_table(ks: np.ndarray, whole: np.ndarray, part: np.ndarray, out: np.ndarray) -> None:
    """g⁻ of the two-heap positions ⟨a, b⟩, a, b < len(out), a move taking k = ks[j] from one
    heap as in :func:`_take_only` (a heap of 0 is no heap: ⟨0, b⟩ is the single heap b)."""
    size = out.shape[0]
    stamp = np.full(2 * ks.shape[0] + 3, -1, dtype=np.int64)
    mark = 0
    for a in range(size):
        for b in range(a, size):
            mark += 1
            moves = _mark_moves(ks, whole, part, out, a, b, stamp, mark)
            moves += _mark_moves(ks, whole, part, out, b, a, stamp, mark)
            if moves == 0:
                value = 1
            else:
                value = 0
                while stamp[value] == mark:
                    value += 1
            out[a, b] = value
            out[b, a] = value


def misere_take_only_table(whole: tuple[int, ...], part: tuple[int, ...], size: int) -> np.ndarray:
    """g⁻(⟨a, b⟩) for a, b < size, moves as in :func:`misere_take_only`."""
    ks, empties, leaves = _moves(whole, part)
    out = np.zeros((size, size), dtype=smallest_unsigned(2 * len(ks) + 1))
    _take_only_table(ks, empties, leaves, out)
    return out
