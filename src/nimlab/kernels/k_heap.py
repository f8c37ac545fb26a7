"""P-positions of the three- and four-heap split/delete games, with O(1) move checks.

A position is P exactly when no move reaches a P-position. Instead of listing
the options of each position, the P-positions found so far are indexed by
what a move keeps and what it creates, so that each kind of move is one
array lookup (seed 001 §5; Abuku, Sakai, Shinoda, Suetsugu):

* ``REDUCE`` — split a heap and delete one part: one heap becomes any smaller
  heap. By Proposition 4 of seed 001 a pair of heaps has at most one partner
  in a three-heap P-position (and, the same way, a triple in a four-heap one),
  so ``partner[pair]`` answers "can this heap be reduced onto a P-position?"
  by one comparison: the partner exists and is smaller.
* ``SPLIT_KEEP`` — split heap h into x + y and delete another heap, keeping
  the rest: the result is P exactly when a P-position has the kept heaps and
  a pair summing to h, indexed by (pair sum, kept heaps).
* ``SPLIT_ALL`` — delete all heaps but one and split it into as many parts
  (``delete-nim:all-but-one``): indexed by the P-positions' totals.
* four heaps, two heaps split (the ``half`` variants): ``TWO_PAIRS`` — both
  split heaps survive as pairs (sums s1, s2); ``PAIR_AND_ONE`` — one survives
  as a pair, the other loses a part and one kept heap is deleted (the least
  single heap per kept heap and pair sum); ``TWO_PAIRS_KEPT`` — both kept
  heaps survive, one split heap entirely deleted (``SPLIT_KEEP`` whose deleted
  heap must have been splittable); ``TWO_REDUCED`` — both split heaps lose a
  part (for each kept pair and bound t, the least w2 over P-positions with
  w1 < t ≤ ..., a prefix minimum).

Positions are visited in order of their largest heap, then of the sum of the
others, so every option (a smaller total, no larger heap) is decided first;
an index entry matches a query only when the position it came from is an
option, so no move is ever listed.

>>> p_positions_3(REDUCE | SPLIT_KEEP, 5).tolist()  # split-delete-nim:single
[[1, 1, 1], [1, 3, 3], [1, 4, 4], [2, 2, 2], [2, 3, 5]]
>>> half = p_positions_4(TWO_PAIRS | PAIR_AND_ONE | SPLIT_KEEP_SPLITTABLE | TWO_REDUCED, 23)
>>> [d for a, b, c, d in half.tolist() if a == b == c == 4]  # D(4) of Theorem 3, seed 001
[4, 5, 7, 10, 12, 13, 15, 18, 20, 21, 23]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from nimlab.games.capabilities import K_REDUCE as REDUCE
from nimlab.games.capabilities import (
    PAIR_AND_ONE,
    SPLIT_ALL,
    SPLIT_KEEP,
    SPLIT_KEEP_SPLITTABLE,
    TWO_PAIRS,
    TWO_REDUCED,
)
from nimlab.kernels.jit import njit


@njit(cache=True)
def _grow(found: Any, count: int) -> Any:
    if count < found.shape[0]:
        return found
    longer = np.empty((2 * found.shape[0], found.shape[1]), dtype=found.dtype)
    longer[:count] = found
    return longer


@njit(cache=True)
def _p_positions_3(moves: int, top: int) -> Any:
    none = np.int32(0)
    partner = np.zeros((top + 1, top + 1), dtype=np.int32)  # symmetric; 0 = no partner
    keeps = np.zeros((top + 1, top + 1), dtype=np.bool_)  # keeps[s, u]: P-position {u, x, y}, x+y=s
    kept = np.zeros((top + 1, top + 1), dtype=np.bool_)  # its transpose, for row-wise access
    totals = np.zeros(top + 1, dtype=np.bool_)
    found = np.empty((64, 3), dtype=np.int32)
    count = 0
    reduce, split, split_all = moves & REDUCE, moves & SPLIT_KEEP, moves & SPLIT_ALL
    utop = np.uint64(top)
    # Heaps as unsigned integers: numba then skips its negative-index wraparound
    # (a branch per lookup), a third of the time.
    for ci in range(1, top + 1):
        c = np.uint64(ci)
        for s in range(2, 2 * ci + 1):  # s = a + b with a ≤ b ≤ c
            for ai in range(max(1, s - ci), s // 2 + 1):
                a, b = np.uint64(ai), np.uint64(s - ai)
                if reduce and (
                    partner[a, b] != none or partner[c, a] != none or partner[c, b] != none
                ):
                    continue
                if split and (
                    keeps[a, b]
                    or keeps[a, c]
                    or kept[a, b]
                    or kept[c, b]
                    or keeps[c, a]
                    or keeps[c, b]
                ):  # split a keeping b or c; split b keeping a or c; split c keeping a or b
                    continue
                if split_all and (totals[a] or totals[b] or totals[c]):
                    continue
                found = _grow(found, count)
                found[count, 0], found[count, 1], found[count, 2] = a, b, c
                count += 1
                partner[a, b] = partner[b, a] = c
                partner[a, c] = partner[c, a] = b
                partner[b, c] = partner[c, b] = a
                for pair, third in ((a + b, c), (a + c, b), (b + c, a)):
                    if pair <= utop:
                        keeps[pair, third] = kept[third, pair] = True
                if a + b + c <= utop:
                    totals[a + b + c] = True
    return found[:count]


@njit(cache=True)
def _by_pair(found: Any, top: int) -> Any:
    """``found`` in lexicographic order by a stable counting sort on the pair (a, b).

    The positions were found in order of c, so within one pair c already
    increases: O(count + top²), where a comparison sort of millions of rows
    would cost more than finding them.
    """
    n = top + 1
    start = np.zeros(n * n + 1, dtype=np.int64)
    for i in range(found.shape[0]):
        start[found[i, 0] * n + found[i, 1] + 1] += 1
    for k in range(n * n):
        start[k + 1] += start[k]
    out = np.empty_like(found)
    for i in range(found.shape[0]):
        key = found[i, 0] * n + found[i, 1]
        out[start[key]] = found[i]
        start[key] += 1
    return out


def p_positions_3(moves: int, top: int) -> np.ndarray:
    """The P-positions ⟨a, b, c⟩, 1 ≤ a ≤ b ≤ c ≤ top, in lexicographic order."""
    return _by_pair(_p_positions_3(moves, top), top)  # type: ignore[no-any-return]


# The six ways to choose two of four heaps (indices), each followed by the other two.
_CHOICES = np.array(
    [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2], [1, 2, 0, 3], [1, 3, 0, 2], [2, 3, 0, 1]],
    dtype=np.int64,
)


@njit(cache=True, inline="always")
def _size(flag: int, moves: int, n: int) -> int:
    """The side of an index array: ``n`` if ``moves`` uses it, else 1 (a dummy)."""
    return n if moves & flag else 1


@njit(cache=True)
def _is_p_4(
    h: Any, moves: int, partner: Any, keeps: Any, pairs: Any, single: Any, reduced: Any, totals: Any
) -> bool:
    """True when no move from the sorted four heaps ``h`` reaches a P-position found so far."""
    if moves & REDUCE:
        for r in range(4):
            x, y, z = h[0 if r else 1], h[1 if r > 1 else 2], h[2 if r == 3 else 3]
            if partner[x, y, z] != 0:
                return False
    if moves & SPLIT_ALL:
        for r in range(4):
            if totals[h[r]]:
                return False
    for i in range(6):
        first, second = h[_CHOICES[i, 0]], h[_CHOICES[i, 1]]
        third, fourth = h[_CHOICES[i, 2]], h[_CHOICES[i, 3]]
        if moves & (SPLIT_KEEP | SPLIT_KEEP_SPLITTABLE):  # keep first, second; split one other
            anyone = moves & SPLIT_KEEP
            if keeps[first, second, third] and (anyone or fourth >= 2):
                return False
            if keeps[first, second, fourth] and (anyone or third >= 2):
                return False
        if moves & TWO_PAIRS and pairs[first, second]:  # split first and second
            return False
        if moves & PAIR_AND_ONE and (  # split first, second; keep one of third, fourth
            single[third, first] < second
            or single[third, second] < first
            or single[fourth, first] < second
            or single[fourth, second] < first
        ):
            return False
        if moves & TWO_REDUCED and reduced[first, second, third] < fourth:
            return False  # keep first, second; reduce third and fourth (third ≤ fourth)
    return True


@njit(cache=True)
def _p_positions_4(moves: int, top: int) -> Any:
    n = top + 1
    m = _size(REDUCE, moves, n)
    partner = np.zeros((m, m, m), dtype=np.int16)
    m = _size(SPLIT_KEEP | SPLIT_KEEP_SPLITTABLE, moves, n)
    keeps = np.zeros((m, m, m), dtype=np.bool_)
    m = _size(TWO_PAIRS, moves, n)
    pairs = np.zeros((m, m), dtype=np.bool_)
    m = _size(PAIR_AND_ONE, moves, n)
    single = np.full((m, m), n, dtype=np.int16)  # n: no such P-position (no bound is above it)
    m = _size(TWO_REDUCED, moves, n)
    reduced = np.full((m, m, m), n, dtype=np.int16)
    totals = np.zeros(_size(SPLIT_ALL, moves, n), dtype=np.bool_)
    found = np.empty((64, 4), dtype=np.int32)
    count = 0
    h = np.empty(4, dtype=np.int64)
    for d in range(1, top + 1):
        for s in range(3, 3 * d + 1):  # s = a + b + c with a ≤ b ≤ c ≤ d
            for a in range(max(1, s - 2 * d), s // 3 + 1):
                for b in range(max(a, s - a - d), (s - a) // 2 + 1):
                    h[0], h[1], h[2], h[3] = a, b, s - a - b, d
                    if not _is_p_4(h, moves, partner, keeps, pairs, single, reduced, totals):
                        continue
                    found = _grow(found, count)
                    found[count] = h
                    count += 1
                    _index_4(h, moves, top, partner, keeps, pairs, single, reduced, totals)
    return found[:count]


@njit(cache=True)
def _index_4(
    h: Any,
    moves: int,
    top: int,
    partner: Any,
    keeps: Any,
    pairs: Any,
    single: Any,
    reduced: Any,
    totals: Any,
) -> None:
    """Add the P-position ``h`` (sorted) to the indexes its moves are checked against."""
    if moves & REDUCE:
        partner[h[1], h[2], h[3]] = h[0]
        partner[h[0], h[2], h[3]] = h[1]
        partner[h[0], h[1], h[3]] = h[2]
        partner[h[0], h[1], h[2]] = h[3]
    total = h[0] + h[1] + h[2] + h[3]
    if moves & SPLIT_ALL and total <= top:
        totals[total] = True
    for i in range(6):
        first, second = h[_CHOICES[i, 0]], h[_CHOICES[i, 1]]
        third, fourth = h[_CHOICES[i, 2]], h[_CHOICES[i, 3]]
        rest = third + fourth
        if moves & (SPLIT_KEEP | SPLIT_KEEP_SPLITTABLE) and rest <= top:
            keeps[first, second, rest] = True
        if moves & TWO_PAIRS and first + second <= top and rest <= top:
            pairs[first + second, rest] = pairs[rest, first + second] = True
        if moves & PAIR_AND_ONE and rest <= top:  # keep first or second, the other single
            single[first, rest] = min(single[first, rest], second)
            single[second, rest] = min(single[second, rest], first)
        if moves & TWO_REDUCED:
            for t in range(third + 1, top + 1):
                reduced[first, second, t] = min(reduced[first, second, t], fourth)


def p_positions_4(moves: int, top: int) -> np.ndarray:
    """The P-positions ⟨a, b, c, d⟩, 1 ≤ a ≤ b ≤ c ≤ d ≤ top, in lexicographic order."""
    found = _p_positions_4(moves, top)
    n = top + 1
    key = ((found[:, 0].astype(np.int64) * n + found[:, 1]) * n + found[:, 2]) * n + found[:, 3]
    return found[np.argsort(key)]  # type: ignore[no-any-return]  # one key: faster than lexsort


def index_bytes(heaps: int, moves: int, top: int) -> int:
    """Bytes of the index arrays of a P-position table of ``heaps`` heaps up to ``top``."""
    n = top + 1
    if heaps == 3:
        return n * n * (4 + 1 + 1 + 8) + n  # partner, keeps, kept; the sort's counts
    cube = sum(
        size
        for flag, size in ((REDUCE, 2), (SPLIT_KEEP | SPLIT_KEEP_SPLITTABLE, 1), (TWO_REDUCED, 2))
        if moves & flag
    )
    return n**3 * cube + 3 * n * n + n
