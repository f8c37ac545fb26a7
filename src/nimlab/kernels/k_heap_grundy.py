"""Grundy values and remoteness of every three- or four-heap position of a split/delete game.

The P-position kernels of :mod:`nimlab.kernels.k_heap` decide outcomes with one
lookup per kind of move; a Grundy value needs the values of all the options.
The positions of the box (sorted heaps 1 ≤ h₁ ≤ … ≤ h_k ≤ top) are numbered in
colexicographic order by the combinatorial number system, rank = Σᵢ C(hᵢ − 1 + i,
i + 1) (i from 0): the largest heap first, then the next. Every move removes some
heaps (deleted or split) and adds parts, each smaller than a heap it split, so an
option is always earlier in that order (its heaps above the largest heap removed
are the same, and it holds fewer of that one): one pass in rank order finds every
option already valued. A smaller box is the start of a larger one.

Two ways to gather a position's option values:

* **lines** (every variant but ``split-delete-nim:half``): the options fall into
  sets that are whole families of positions, each valued before any position that
  asks for it (see the comment above :func:`_grundy_table_lines`); a position ORs
  a bitset per line its moves reach, O(lines × words) with no option listed;
* **listed** (every variant; the reference and ``split-delete-nim:half``): the
  options of each position from the rules, one step each — exactly
  :meth:`~nimlab.games.capabilities.FixedCountMoves.options_in_box` steps.

Either way the mex is the Grundy value and the remoteness follows Steinhaus's rule
as the search does (:mod:`nimlab.solve.search`); tests compare both ways with it
on every variant.

>>> from nimlab.games.capabilities import FixedCountMoves
>>> values, remoteness = grundy_table(FixedCountMoves("split-delete", "single"), 3, 3)
>>> [int(values[rank_of((1, 1, h))]) for h in (1, 2, 3)], int(remoteness[rank_of((1, 1, 3))])
([0, 1, 2], 1)
>>> listed_grundy_table(3, True, 1, 1, False, 3)[2]  # the options listed to heap 3
80
"""

from __future__ import annotations

from typing import Any

import numpy as np

from nimlab.games.capabilities import (
    KEEP_NONE_LINES,
    KEEP_ONE_LINES,
    REDUCE_LINES,
    TOTAL_LINES,
    FixedCountMoves,
)
from nimlab.kernels.jit import njit
from nimlab.kernels.shapes import first_words, rank_of

__all__ = ["grundy_table", "listed_grundy_table", "rank_of"]


@njit(cache=True)
def _binomials(n: int, k: int) -> Any:
    table = np.zeros((n + 1, k + 1), dtype=np.int64)
    for i in range(n + 1):
        table[i, 0] = 1
        for j in range(1, min(i, k) + 1):
            table[i, j] = table[i - 1, j - 1] + (table[i - 1, j] if j <= i - 1 else 0)
    return table


@njit(cache=True)
def _next_position(heap: Any, k: int) -> None:
    """Step the sorted ``heap`` to the next position in colexicographic order: the first
    heap below its successor (or the last) grows by one, the heaps before it fall to 1."""
    i = 0
    while i < k - 1 and heap[i] == heap[i + 1]:
        i += 1
    heap[i] += 1
    for j in range(i):
        heap[j] = 1


@njit(cache=True)
def _rank(option: Any, k: int, binom: Any) -> int:
    """Sort ``option`` (k heaps, insertion sort) and return its rank."""
    for i in range(1, k):
        x = option[i]
        j = i - 1
        while j >= 0 and option[j] > x:
            option[j + 1] = option[j]
            j -= 1
        option[j + 1] = x
    r = 0
    for i in range(k):
        r += binom[option[i] - 1 + i, i + 1]
    return r


@njit(cache=True)
def _popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True)
def _mark(here: int, r: int, table: Any, stamp: Any, state: Any) -> None:
    """Take the option of rank ``r`` into the position ``here``'s mex and remoteness.

    ``state``: [1] least remoteness of a P-option (−1: none), [2] greatest remoteness of
    any option (−1: no option yet), [3] steps. ``stamp`` is longer than every value
    of the table so far, so one more than the largest.
    """
    v = table[r, 0]
    stamp[v] = here + 1
    d = table[r, 1]
    if v == 0 and (state[1] < 0 or d < state[1]):
        state[1] = d
    if d > state[2]:
        state[2] = d
    state[3] += 1


@njit(cache=True)
def _splits(heap: Any, split_mask: int, k: int, pool: Any, start: int, t: int) -> None:
    """Write the ``t``-th way (mixed radix over ⌊h/2⌋) of splitting the heaps of
    ``split_mask`` into ``pool[start:]``, two parts each."""
    at = start
    for i in range(k):
        if split_mask >> i & 1:
            ways = heap[i] // 2
            x = 1 + t % ways
            t //= ways
            pool[at] = x
            pool[at + 1] = heap[i] - x
            at += 2


@njit(cache=True)
def _listed_grundy_table(
    k: int, split_first: bool, least: int, most: int, all_but_one: bool, top: int
) -> Any:
    binom = _binomials(top + k + 1, k + 1)
    n = binom[top + k - 1, k]  # the positions of the box
    table = np.zeros((n, 2), dtype=np.int32)  # value and remoteness side by side: one load
    stamp = np.zeros(64, dtype=np.int64)
    heap = np.ones(k, dtype=np.int64)
    pool = np.zeros(2 * k, dtype=np.int64)
    option = np.zeros(k, dtype=np.int64)
    state = np.zeros(4, dtype=np.int64)
    full = (1 << k) - 1
    largest = 0  # the largest value so far: every option's value is at most this
    for here in range(n):
        if largest + 2 > stamp.shape[0]:  # room for every option's value and their mex
            stamp = np.zeros(2 * (largest + 2), dtype=np.int64)
        if here:
            _next_position(heap, k)
        state[1], state[2] = -1, -1
        if all_but_one:
            for keep in range(k):  # each heap kept in turn (equal heaps each time)
                h = heap[keep]
                # partitions a ≤ b ≤ c (≤ d) of h into k parts
                for a in range(1, h // k + 1):
                    if k == 3:
                        for b in range(a, (h - a) // 2 + 1):
                            option[0], option[1], option[2] = a, b, h - a - b
                            _mark(here, _rank(option, k, binom), table, stamp, state)
                    else:
                        for b in range(a, (h - a) // 3 + 1):
                            for c in range(b, (h - a - b) // 2 + 1):
                                option[0], option[1], option[2] = a, b, c
                                option[3] = h - a - b - c
                                _mark(here, _rank(option, k, binom), table, stamp, state)
        else:
            for split_mask in range(1, full + 1):
                s = _popcount(split_mask)
                if s < least or s > most:
                    continue
                ways = 1
                for i in range(k):
                    if split_mask >> i & 1:
                        ways *= heap[i] // 2
                if ways == 0:  # a heap of one stone cannot be split
                    continue
                for t in range(ways):
                    if split_first:
                        # the k − s heaps not split, then the 2s parts; delete s of the k + s
                        size = 0
                        for i in range(k):
                            if not split_mask >> i & 1:
                                pool[size] = heap[i]
                                size += 1
                        _splits(heap, split_mask, k, pool, size, t)
                        for gone in range(1 << (k + s)):
                            if _popcount(gone) != s:
                                continue
                            at = 0
                            for i in range(k + s):
                                if not gone >> i & 1:
                                    option[at] = pool[i]
                                    at += 1
                            _mark(here, _rank(option, k, binom), table, stamp, state)
                    else:
                        # delete s of the heaps not split; keep the rest and the parts
                        _splits(heap, split_mask, k, pool, 0, t)
                        others = full ^ split_mask
                        gone = others
                        while gone:  # every subset of the others, s of them deleted
                            if _popcount(gone) == s:
                                at = 2 * s
                                for j in range(2 * s):
                                    option[j] = pool[j]
                                for i in range(k):
                                    if others >> i & 1 and not gone >> i & 1:
                                        option[at] = heap[i]
                                        at += 1
                                _mark(here, _rank(option, k, binom), table, stamp, state)
                            gone = (gone - 1) & others
        if state[2] < 0:  # no move: value 0, remoteness 0
            continue
        v = 0
        while stamp[v] == here + 1:
            v += 1
        table[here, 0] = v
        largest = max(largest, v)
        table[here, 1] = 1 + (state[1] if state[1] >= 0 else state[2])
    return table, state[3]


def listed_grundy_table(
    heaps: int, split_first: bool, least: int, most: int, all_but_one: bool, top: int
) -> tuple[Any, Any, int]:
    """Grundy values and remoteness of every sorted position of ``heaps`` (3 or 4) heaps
    from 1 to ``top``, by :func:`rank_of`, and the options gone through.

    ``split_first``: split then delete (split-delete-nim), else delete then split;
    ``least``..``most`` heaps split a move; ``all_but_one``: keep one heap and split it
    into ``heaps`` parts (the counts are then unused).
    """
    if heaps not in (3, 4):
        raise ValueError(f"the k-heap Grundy kernel takes 3 or 4 heaps, not {heaps}")
    table, steps = _listed_grundy_table(heaps, split_first, least, most, all_but_one, top)
    return table[:, 0], table[:, 1], int(steps)


def grundy_table(moves: FixedCountMoves, heaps: int, top: int) -> tuple[Any, Any]:
    """Grundy values and remoteness of every sorted position of ``heaps`` (3 or 4) heaps
    from 1 to ``top``, by :func:`rank_of`: by lines where they hold every option, else
    listed."""
    if heaps not in (3, 4):
        raise ValueError(f"the k-heap Grundy kernel takes 3 or 4 heaps, not {heaps}")
    families = moves.line_families(heaps)
    if families is None:
        least, most = moves.counts(heaps)
        split_first, all_but_one = moves.order == "split-delete", moves.variant == "all-but-one"
        values, remoteness, _ = listed_grundy_table(
            heaps, split_first, least, most, all_but_one, top
        )
        return values, remoteness
    words = first_words(top)
    while True:
        table, reached = _grundy_table_lines(heaps, families, top, words)
        if reached == table.shape[0]:
            return table[:, 0], table[:, 1]
        words *= 2  # a value past the bitsets: again, wider


# -- lines: the option values of a whole family at once ----------------------------------
#
# Most variants' options fall into *lines*, sets of positions that are all options of any
# position asking for them and are all valued before it (they are its options):
#
# * REDUCE (split a heap and delete one part: h becomes any y < h): the line of the k − 1
#   other heaps T holds T + {y} for every y valued so far — exactly y < h, as T + {y} with
#   y > h comes after T + {h} in the order;
# * KEEP_ONE (split one heap h into two, delete one other heap): the line of the k − 2 kept
#   heaps and the sum h holds every kept + {x, h − x};
# * KEEP_NONE (four heaps: split two heaps h1, h2 and delete the other two): the line of
#   the sums (h1, h2) holds every {x, h1 − x, y, h2 − y};
# * TOTALS (keep one heap h and split it into k parts): the line of the total h.
#
# Each valued position is added to every line it belongs to (its value as a bit, and the
# least remoteness of a P-position and the greatest of any, for Steinhaus's rule); each
# position ORs the bitsets of the lines its moves reach and takes the mex. No option is
# listed: O(lines × words) a position.


@njit(cache=True)
def _sub_rank(heap: Any, k: int, skip_a: int, skip_b: int, binom: Any) -> int:
    """The rank (in its own box) of the sorted heaps of ``heap`` but indexes skip_a, skip_b."""
    r, i = 0, 0
    for j in range(k):
        if j != skip_a and j != skip_b:
            r += binom[heap[j] - 1 + i, i + 1]
            i += 1
    return r


@njit(cache=True)
def _take(bits: Any, low: Any, high: Any, line: int, acc: Any, state: Any) -> None:
    for w in range(acc.shape[0]):
        acc[w] |= bits[line, w]
    if high[line] >= 0:
        if low[line] >= 0 and (state[1] < 0 or low[line] < state[1]):
            state[1] = low[line]
        if high[line] > state[2]:
            state[2] = high[line]


@njit(cache=True)
def _put(bits: Any, low: Any, high: Any, line: int, v: int, r: int) -> None:
    bits[line, v >> 6] |= np.uint64(1) << np.uint64(v & 63)
    if v == 0 and (low[line] < 0 or r < low[line]):
        low[line] = r
    if r > high[line]:
        high[line] = r


@njit(cache=True)
def _lines(count: int, words: int) -> Any:
    """``count`` empty lines: a bitset of ``words`` words each, and the least remoteness
    of a P-position and the greatest of any position in it (−1: none yet)."""
    return (
        np.zeros((count, words), dtype=np.uint64),
        np.full(count, -1, dtype=np.int32),
        np.full(count, -1, dtype=np.int32),
    )


@njit(cache=True)
def _grundy_table_lines(k: int, families: int, top: int, words: int) -> Any:
    binom = _binomials(top + k + 1, k + 1)
    n = binom[top + k - 1, k]
    table = np.zeros((n, 2), dtype=np.int32)
    reduce = families & REDUCE_LINES
    keep_one = families & KEEP_ONE_LINES
    keep_none = families & KEEP_NONE_LINES
    totals = families & TOTAL_LINES
    # lines: REDUCE by the rank of k − 1 heaps; KEEP_ONE by (rank of k − 2 heaps, sum);
    # KEEP_NONE by (s1, s2); TOTALS by the total (sums above top are never asked for)
    r_bits, r_low, r_high = _lines(binom[top + k - 2, k - 1] if reduce else 1, words)
    k_bits, k_low, k_high = _lines(binom[top + k - 3, k - 2] * (top + 1) if keep_one else 1, words)
    s_bits, s_low, s_high = _lines((top + 1) * (top + 1) if keep_none else 1, words)
    t_bits, t_low, t_high = _lines(top + 1 if totals else 1, words)
    heap = np.ones(k, dtype=np.int64)
    acc = np.zeros(words, dtype=np.uint64)
    state = np.zeros(3, dtype=np.int64)
    for here in range(n):
        if here:
            _next_position(heap, k)
        acc[:] = 0
        state[1], state[2] = -1, -1
        for a in range(k):
            if reduce:  # h = heap[a] becomes any smaller heap
                _take(r_bits, r_low, r_high, _sub_rank(heap, k, a, -1, binom), acc, state)
            if totals:  # heap[a] kept and split into k parts, the others deleted
                _take(t_bits, t_low, t_high, heap[a], acc, state)
            for b in range(k):
                if keep_one and b != a:  # split heap[a], delete heap[b]
                    line = _sub_rank(heap, k, a, b, binom) * (top + 1) + heap[a]
                    _take(k_bits, k_low, k_high, line, acc, state)
                if keep_none and b > a:  # split heap[a] and heap[b], delete the others
                    _take(s_bits, s_low, s_high, heap[a] * (top + 1) + heap[b], acc, state)
        if state[2] < 0:
            v, r = 0, 0
        else:
            v = 0
            for w in range(words):
                if acc[w] != ~np.uint64(0):
                    x = ~acc[w]
                    t = 0
                    while not (x >> np.uint64(t)) & np.uint64(1):
                        t += 1
                    v = 64 * w + t
                    break
                v = 64 * (w + 1)
            r = 1 + (state[1] if state[1] >= 0 else state[2])
        if v >= 64 * words:  # too many values for the words: the caller widens them
            return table, here
        table[here, 0], table[here, 1] = v, r
        for a in range(k):
            if reduce:
                _put(r_bits, r_low, r_high, _sub_rank(heap, k, a, -1, binom), v, r)
            for b in range(a + 1, k):
                s = heap[a] + heap[b]
                if keep_one and s <= top:
                    line = _sub_rank(heap, k, a, b, binom) * (top + 1) + s
                    _put(k_bits, k_low, k_high, line, v, r)
        if keep_none:  # the three ways to pair four heaps
            for b in range(1, 4):
                c, d = (2, 3) if b == 1 else ((1, 3) if b == 2 else (1, 2))
                s1, s2 = heap[0] + heap[b], heap[c] + heap[d]
                if s1 > s2:
                    s1, s2 = s2, s1
                if s2 <= top:
                    _put(s_bits, s_low, s_high, s1 * (top + 1) + s2, v, r)
        if totals:
            s = 0
            for a in range(k):
                s += heap[a]
            if s <= top:
                _put(t_bits, t_low, t_high, s, v, r)
    return table, n
