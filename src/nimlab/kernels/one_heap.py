"""Grundy sequences of one-heap games: subtraction games and the plain octal recursion.

A subtraction game S has G(n) = mex{G(n − s) : s ∈ S, s ≤ n} and every value
is at most |S|, so the values fit in ``uint8`` for |S| < 256 and, for |S| ≤ 63,
the option values of one heap fit in one 64-bit word: the mex is the number of
trailing ones of that word, one instruction (``subtraction_bitset``). Larger
sets mark the values seen in a stamp array (``subtraction_stamps``).

``octal_naive`` is the textbook recursion over every option of an octal game
(O(n²) with splitting digits), kept as the compiled reference for
:mod:`nimlab.kernels.sparse` and for short sequences.

>>> import numpy as np
>>> subtraction_sequence((2, 4, 7), 20).tolist()
[0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2]
>>> subtraction_sequence(tuple(range(1, 101)), 6).tolist()
[0, 1, 2, 3, 4, 5]
>>> all_but_sequence((1,), 12).tolist()  # never take exactly one stone
[0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
>>> octal_sequence((0, 7, 7), 12).tolist()  # Kayles
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
"""

from __future__ import annotations

import numpy as np

from nimlab.kernels.arrays import smallest_unsigned
from nimlab.kernels.bits import ctz
from nimlab.kernels.jit import njit


@njit(cache=True)
def subtraction_bitset(subtraction_set: np.ndarray, out: np.ndarray) -> None:
    """G(0..len(out)-1) of the subtraction game, for a sorted S of at most 63 elements."""
    count = out.shape[0]
    size = subtraction_set.shape[0]
    top = subtraction_set[size - 1]
    one = np.uint64(1)
    for n in range(min(top, count)):  # heaps smaller than max(S): check each s
        seen = np.uint64(0)
        for j in range(size):
            if subtraction_set[j] > n:
                break
            seen |= one << np.uint64(out[n - subtraction_set[j]])
        out[n] = ctz(~seen)
    # Every s applies. Unsigned indices spare numba's negative-index wraparound
    # (a branch per load), and indexed loops are faster than iterating.
    offsets = subtraction_set.astype(np.uint64)
    for n in range(top, count):
        seen = np.uint64(0)
        un = np.uint64(n)
        for j in range(size):
            seen |= one << np.uint64(out[un - offsets[j]])
        out[n] = ctz(~seen)


@njit(cache=True)
def subtraction_stamps(subtraction_set: np.ndarray, out: np.ndarray) -> None:
    """G(0..len(out)-1) of the subtraction game, for any sorted S (values ≤ |S|)."""
    stamp = np.full(subtraction_set.shape[0] + 2, -1, dtype=np.int64)
    for n in range(out.shape[0]):
        for s in subtraction_set:
            if s > n:
                break
            stamp[out[n - s]] = n
        m = 0
        while stamp[m] == n:
            m += 1
        out[n] = m


def subtraction_sequence(subtraction_set: tuple[int, ...], count: int) -> np.ndarray:
    """G(0..count-1) of the subtraction game with the sorted set ``subtraction_set``."""
    s = np.asarray(subtraction_set, dtype=np.int64)
    out = np.zeros(count, dtype=smallest_unsigned(len(subtraction_set)))
    if count and subtraction_set:  # an empty set (primes below 2): no moves, every value 0
        if len(subtraction_set) <= 63:
            subtraction_bitset(s, out)
        else:
            subtraction_stamps(s, out)
    return out


@njit(cache=True)
def all_but(excluded: np.ndarray, out: np.ndarray) -> None:
    """G(0..len(out)-1) of the all-but game: remove any k ≥ 1 stones with k not in ``excluded``.

    The options of n are every smaller heap except n − x for x in X. With
    ``counts[v]`` the number of smaller heaps of value v, a value v is missing
    from the options exactly when every heap of value v is excluded; so the
    mex is the least of the mex M of all smaller values and the values v =
    G(n − x) whose count equals how often they occur among the excluded heaps:
    O(|X|) per heap.
    """
    count = out.shape[0]
    counts = np.zeros(count + 1, dtype=np.int64)
    hits = np.zeros(count + 1, dtype=np.int64)
    size = excluded.shape[0]
    whole = 0  # the mex of every value so far
    for n in range(count):
        for j in range(size):
            if excluded[j] > n:
                break
            hits[out[n - excluded[j]]] += 1
        best = whole
        for j in range(size):
            if excluded[j] > n:
                break
            v = out[n - excluded[j]]
            if v < best and hits[v] == counts[v]:
                best = v
        for j in range(size):
            if excluded[j] > n:
                break
            hits[out[n - excluded[j]]] = 0
        out[n] = best
        counts[best] += 1
        while counts[whole] > 0:
            whole += 1


def all_but_sequence(excluded: tuple[int, ...], count: int) -> np.ndarray:
    """G(0..count-1) of the all-but game with the sorted excluded set ``excluded``."""
    out = np.zeros(count, dtype=smallest_unsigned(max(count - 1, 0)))
    if count:
        all_but(np.asarray(excluded, dtype=np.int64), out)
    return out


@njit(cache=True)
def octal_naive(digits: np.ndarray, unequal: bool, out: np.ndarray, start: int) -> None:
    """Fill ``out[start:]`` from ``out[:start]`` by the mex over every option.

    Digit d_k of ``digits`` (k ≥ 0): bit 1 — remove a whole heap of k, bit 2 —
    leave one heap, bit 4 — leave two heaps. ``unequal`` forbids splitting
    into two equal heaps (Grundy's game is ``(4,)`` with ``unequal``).
    """
    stamp = np.full(2 * max_option_count(digits, out.shape[0]) + 2, -1, dtype=np.int64)
    for n in range(start, out.shape[0]):
        for k in range(min(digits.shape[0], n + 1)):
            d = digits[k]
            left = n - k
            if d & 1 and left == 0 and k > 0:
                stamp[0] = n
            if d & 2 and left >= 1 and k > 0:
                stamp[out[left]] = n
            if d & 4 and left >= 2:
                for a in range(1, left // 2 + 1):
                    if unequal and 2 * a == left:
                        continue
                    stamp[out[a] ^ out[left - a]] = n
        m = 0
        while stamp[m] == n:
            m += 1
        out[n] = m


@njit(cache=True)
def max_option_count(digits: np.ndarray, count: int) -> int:
    """An upper bound on the options of a heap below ``count`` (so on every value)."""
    total = 0
    for k in range(digits.shape[0]):
        d = digits[k]
        total += (1 if d & 1 else 0) + (1 if d & 2 else 0) + (count // 2 + 1 if d & 4 else 0)
    return total


def octal_sequence(digits: tuple[int, ...], count: int, unequal: bool = False) -> np.ndarray:
    """G(0..count-1) of an octal game by the naive recursion."""
    d = np.asarray(digits, dtype=np.int64)
    out = np.zeros(count, dtype=smallest_unsigned(max(int(max_option_count(d, count)), 255)))
    octal_naive(d, unequal, out, 0)
    return out
