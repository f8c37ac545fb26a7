"""The sparse-space method in blocks, the far half of each block on every core.

:mod:`nimlab.kernels.sparse` computes G(n) one heap after the other. Here the
heaps are taken in blocks [B, B + L) with L ≤ B/4, and the work of each heap
is split by *where its options' values live*:

* a split a + b = m (m = n − k) whose parts are both below B reads only values
  known before the block starts. For a rare heap r that is the case when
  r > m − B (the other part m − r < B); for the witness search (pairs of any
  class) when the smaller part a ≥ n − B + 1. These *far* options of every
  heap of the block are gathered in parallel (``prange``), one bitset per heap;
* the rest — moves that leave one heap, splits with a rare heap r ≤ m − B
  (the other part inside the block), splits with a rare heap found inside the
  block, and the witness pairs with a ≤ n − B — read values of the block
  itself and are added heap after heap, in order (the *near* pass), which then
  takes the mex exactly as the sequential method does.

Why this is exact: the far pass only reads values below B, which are final
when the block starts; the near pass reads values below n, final by
induction. Every option of n is counted by one of the two passes (the rare
heaps known at B are split at r ≤ m − B / r > m − B, the witness range at
a ≤ n − B / a > n − B), the far pass only ever *adds* genuine options of n,
and the near pass finishes the witness search over every split it has not
looked at whenever a dense value is still unaccounted for. So G(n) is the mex
of exactly the same option set as in :func:`nimlab.kernels.sparse.sparse_octal`,
whatever the number of threads (the far pass's bitsets do not depend on how
the heaps are shared among them). The classification (mask, domain, σ) only
changes between blocks, and only the speed depends on it.

What it buys: the rare heaps are mostly small (0.6: 1583 rare heaps, 831 of
them below 4096; Grundy's game: 1273), so for L = 1024 most rare pairs and
almost all of the witness search are far work, shared by the cores; the near
pass is a few hundred steps per heap. Bitsets replace the stamp array: the
dense and exact classes are two precomputed bitsets, the first missing value
and the still-needed dense values are a few word operations.

>>> import numpy as np
>>> from nimlab.kernels.sparse import sparse_sequence
>>> old, _ = sparse_sequence((0, 6), False, 20000, 10**12)
>>> new, info = block_sequence((0, 6), False, 20000)
>>> bool((old == new).all()), info.status
(True, 0)
"""

from __future__ import annotations

import os
from typing import NamedTuple

import numpy as np
from numba import njit, prange

from nimlab.kernels.bits import ctz, parity
from nimlab.kernels.sparse import OK, OVERFLOW, _choose, _is_rare, sparse_octal

# The OpenMP threads of the far pass sleep between blocks instead of spinning (read when
# the thread pool starts, at the first parallel call): on a machine shared with other
# work a spinning thread takes the core the near pass needs.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

BLOCK = 1024
"""Heaps per block (L)."""
START = 4 * BLOCK
"""Heaps computed by the sequential kernel before the first block (so L ≤ B/4)."""
CHUNKS = 16
"""Pieces of a block's far pass handed to the threads."""

ONE = np.uint64(1)
ZERO = np.uint64(0)


class BlockState(NamedTuple):
    """What the block engine carries from one call to the next (see :func:`initial_state`)."""

    mask: int
    domain: bool
    sigma: int
    rare: np.ndarray  # the rare heaps, ascending (capacity ≥ n_rare)
    rare_values: np.ndarray  # G of each
    n_rare: int
    chosen_at: int
    rare_at_choice: int


class BlockInfo(NamedTuple):
    """How a block run went: status (``OK``/``OVERFLOW``), heaps done, steps, final state."""

    status: int
    done: int
    steps: int
    state: BlockState


@njit(cache=True)
def _split_digits(digits: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    t = digits.shape[0]
    whole_k = np.array([k for k in range(1, t) if digits[k] & 1], dtype=np.int64)
    one_k = np.array([k for k in range(1, t) if digits[k] & 2], dtype=np.int64)
    split_k = np.array([k for k in range(t) if digits[k] & 4], dtype=np.int64)
    return whole_k, one_k, split_k


@njit(cache=True)
def _rare_list(out: np.ndarray, n: int, mask: int, domain: bool, sigma: int) -> tuple:  # type: ignore[type-arg]
    """The rare heaps among 1..n-1 and their values, in arrays with room to grow."""
    count = 0
    for a in range(1, n):
        if _is_rare(int(out[a]), a, mask, domain, sigma):
            count += 1
    rare = np.empty(max(64, 2 * count), dtype=np.int64)
    values = np.empty(max(64, 2 * count), dtype=np.int64)
    i = 0
    for a in range(1, n):
        if _is_rare(int(out[a]), a, mask, domain, sigma):
            rare[i] = a
            values[i] = out[a]
            i += 1
    return rare, values, count


@njit(cache=True)
def _classes(mask: int, limit: int, words: int) -> np.ndarray:
    """Row p: the bitset of the values v < limit with parity(v & mask) = p."""
    classes = np.zeros((2, words), dtype=np.uint64)
    for v in range(limit):
        p = parity(v & mask)
        classes[p, v >> 6] |= ONE << np.uint64(v & 63)
    return classes


@njit(cache=True)
def _dense(
    classes: np.ndarray, n: int, split_k: np.ndarray, unequal: bool, domain: bool, d: np.ndarray
) -> None:
    """Fill ``d`` with the dense values of heap n: those common–common splits may give."""
    d[:] = 0
    least = 3 if unequal else 2
    for k in split_k:
        m = n - k
        if m >= least:
            p = (m & 1) if domain else 0
            for w in range(d.shape[0]):
                d[w] |= classes[p, w]


@njit(cache=True)
def _first_missing(exact_or_all: np.ndarray, hits: np.ndarray, limit: int) -> int:
    """The least value of the set ``exact_or_all`` not in ``hits`` (``limit`` if none)."""
    for w in range(hits.shape[0]):
        z = exact_or_all[w] & ~hits[w]
        if z != ZERO:
            return min(w * 64 + int(ctz(z)), limit)
    return limit


@njit(cache=True)
def _needed(d: np.ndarray, hits: np.ndarray, c: int, need: np.ndarray) -> bool:
    """``need`` = the dense values below c not in ``hits``; whether there is one."""
    anything = False
    for w in range(need.shape[0]):
        lo = w * 64
        if lo >= c:
            need[w] = 0
            continue
        x = d[w] & ~hits[w]
        if c - lo < 64:
            x &= (ONE << np.uint64(c - lo)) - ONE
        need[w] = x
        if x != ZERO:
            anything = True
    return anything


@njit(cache=True)
def _search(
    out: np.ndarray,
    n: int,
    split_k: np.ndarray,
    unequal: bool,
    a: int,
    cap: int,
    need: np.ndarray,
    hits: np.ndarray,
) -> tuple[int, int]:
    """Add to ``hits`` the splits a, a+1, … (a < cap) until ``need`` ⊆ ``hits``.

    Scans 64 smaller parts at a time for every split digit and then compares
    the bitsets. Returns (the next smaller part not looked at, splits looked at).
    """
    top = 0
    for k in split_k:
        m = n - k
        half = m // 2
        if unequal and 2 * half == m:
            half -= 1
        top = max(top, half + 1)
    stop_all = min(top, cap)
    steps = 0
    while a < stop_all:
        block_end = min(a + 64, stop_all)
        for k in split_k:
            m = n - k
            half = m // 2
            if unequal and 2 * half == m:
                half -= 1
            stop = min(block_end, half + 1)
            um = np.uint64(m)
            for i in range(a, stop):
                ui = np.uint64(i)
                x = np.uint64(out[ui] ^ out[um - ui])
                hits[x >> np.uint64(6)] |= ONE << (x & np.uint64(63))
            steps += max(stop - a, 0)
        a = block_end
        done = True
        for w in range(need.shape[0]):
            if need[w] & ~hits[w]:
                done = False
                break
        if done:
            break
    return a, steps


@njit(cache=True, inline="always")
def _popcount(x: np.uint64) -> int:
    count = 0
    while x:
        x &= x - ONE
        count += 1
    return count


@njit(cache=True)
def _first_above(rare: np.ndarray, count: int, x: int) -> int:
    """The first index j < count with rare[j] > x (rare ascending)."""
    lo, hi = 0, count
    while lo < hi:
        mid = (lo + hi) // 2
        if rare[mid] > x:
            hi = mid
        else:
            lo = mid + 1
    return lo


@njit(cache=True, parallel=True)
def _far_pass(
    out: np.ndarray,
    b: int,
    length: int,
    split_k: np.ndarray,
    unequal: bool,
    domain: bool,
    rare: np.ndarray,
    rare_values: np.ndarray,
    n_rare: int,
    classes: np.ndarray,
    limit: int,
    hits: np.ndarray,
    a_end: np.ndarray,
    spare: int,
) -> int:
    """The far options of the heaps b..b+length-1 into ``hits[i]``.

    ``a_end[i]`` is where heap b + i's witness search stopped (the near pass goes on from there).
    """
    words = hits.shape[1]
    chunks = min(CHUNKS, length)
    steps = np.zeros(chunks, dtype=np.int64)
    for chunk in prange(chunks):
        d = np.empty(words, dtype=np.uint64)
        need = np.empty(words, dtype=np.uint64)
        exact = np.empty(words, dtype=np.uint64)
        lo = chunk * length // chunks
        hi = (chunk + 1) * length // chunks
        work = 0
        for i in range(lo, hi):
            n = b + i
            row = hits[i]
            row[:] = 0
            for k in split_k:
                m = n - k
                um = np.uint64(m)
                for j in range(_first_above(rare, n_rare, m - b), n_rare):
                    r = rare[j]
                    if r >= m:
                        break
                    if unequal and 2 * r == m:
                        continue
                    x = np.uint64(rare_values[j]) ^ np.uint64(out[um - np.uint64(r)])
                    row[x >> np.uint64(6)] |= ONE << (x & np.uint64(63))
                    work += 1
            _dense(classes, n, split_k, unequal, domain, d)
            for w in range(words):
                exact[w] = (classes[0, w] | classes[1, w]) & ~d[w]
            c = _first_missing(exact, row, limit)
            first = max(1, n - b + 1)
            a = first
            if _needed(d, row, c, need):
                # A bounded search: a value may be missing here only because an option of
                # the near pass gives it (as a move leaving one heap may: no more than
                # ``spare`` of them), or because n is rare.
                count = 0
                for w in range(words):
                    count += _popcount(need[w])
                if count <= spare:
                    a_end[i] = a
                    continue
                budget = 512 + 64 * count
                a, looked = _search(out, n, split_k, unequal, first, first + budget, need, row)
                work += looked
            a_end[i] = a
        steps[chunk] = work
    return int(steps.sum())


@njit(cache=True)
def _near_pass(
    out: np.ndarray,
    b: int,
    length: int,
    whole_k: np.ndarray,
    one_k: np.ndarray,
    split_k: np.ndarray,
    unequal: bool,
    mask: int,
    domain: bool,
    sigma: int,
    rare: np.ndarray,
    rare_values: np.ndarray,
    n_rare0: int,
    n_rare: int,
    classes: np.ndarray,
    limit: int,
    hits: np.ndarray,
    a_end: np.ndarray,
) -> tuple:  # type: ignore[type-arg]
    """Finish the heaps b.. in order; stops after a value ≥ ``limit`` or one out of range.

    Returns (status, heaps done, steps, rare, rare_values, n_rare).
    """
    words = hits.shape[1]
    top_value = np.int64(np.iinfo(out.dtype).max)
    d = np.empty(words, dtype=np.uint64)
    need = np.empty(words, dtype=np.uint64)
    exact = np.empty(words, dtype=np.uint64)
    every = classes[0] | classes[1]
    steps = 0
    for i in range(length):
        n = b + i
        row = hits[i]
        for k in whole_k:
            if k == n:
                row[0] |= ONE
        for k in one_k:
            if k < n:
                x = np.uint64(out[n - k])
                row[x >> np.uint64(6)] |= ONE << (x & np.uint64(63))
        for k in split_k:
            m = n - k
            um = np.uint64(m)
            for j in range(n_rare0):  # rare heaps known at b whose partner lies in the block
                r = rare[j]
                if r > m - b or r >= m:
                    break
                if unequal and 2 * r == m:
                    continue
                x = np.uint64(rare_values[j]) ^ np.uint64(out[um - np.uint64(r)])
                row[x >> np.uint64(6)] |= ONE << (x & np.uint64(63))
            for j in range(n_rare0, n_rare):  # rare heaps found in the block
                r = rare[j]
                if r >= m:
                    break
                if unequal and 2 * r == m:
                    continue
                x = np.uint64(rare_values[j]) ^ np.uint64(out[um - np.uint64(r)])
                row[x >> np.uint64(6)] |= ONE << (x & np.uint64(63))
            steps += n_rare - n_rare0 + 1
        _dense(classes, n, split_k, unequal, domain, d)
        for w in range(words):
            exact[w] = (classes[0, w] | classes[1, w]) & ~d[w]
        c = _first_missing(exact, row, limit)
        if _needed(d, row, c, need):
            # The splits with a part in the block, then the far splits not looked at yet.
            _, looked = _search(out, n, split_k, unequal, 1, max(1, n - b + 1), need, row)
            steps += looked
            if _needed(d, row, c, need):
                _, looked = _search(out, n, split_k, unequal, a_end[i], n, need, row)
                steps += looked
        g = min(_first_missing(every, row, limit), c)
        if g > top_value:
            return OVERFLOW, i, steps, rare, rare_values, n_rare
        out[n] = g
        if _is_rare(g, n, mask, domain, sigma):
            if n_rare == rare.shape[0]:
                longer = np.empty(2 * n_rare, dtype=np.int64)
                longer[:n_rare] = rare
                rare = longer
                longer_v = np.empty(2 * n_rare, dtype=np.int64)
                longer_v[:n_rare] = rare_values
                rare_values = longer_v
            rare[n_rare] = n
            rare_values[n_rare] = g
            n_rare += 1
        if g >= limit:
            return OK, i + 1, steps, rare, rare_values, n_rare
    return OK, length, steps, rare, rare_values, n_rare


@njit(cache=True)
def _extend(
    digits: np.ndarray,
    unequal: bool,
    out: np.ndarray,
    start: int,
    stop: int,
    mask: int,
    domain: bool,
    sigma: int,
    rare: np.ndarray,
    rare_values: np.ndarray,
    n_rare: int,
    chosen_at: int,
    rare_at_choice: int,
) -> tuple:  # type: ignore[type-arg]
    whole_k, one_k, split_k = _split_digits(digits)
    top = 0
    for a in range(start):
        top = max(top, int(out[a]))
    limit = 64
    while limit <= top:
        limit *= 2
    words = limit // 64
    classes = _classes(mask, limit, words)
    hits = np.zeros((BLOCK, words), dtype=np.uint64)
    a_end = np.zeros(BLOCK, dtype=np.int64)
    steps = 0
    n = start
    while n < stop:
        length = min(BLOCK, stop - n, n // 4)
        steps += _far_pass(
            out, n, length, split_k, unequal, domain, rare, rare_values, n_rare, classes,
            limit, hits, a_end, one_k.shape[0],
        )  # fmt: skip
        status, done, looked, rare, rare_values, n_rare_now = _near_pass(
            out, n, length, whole_k, one_k, split_k, unequal, mask, domain, sigma, rare,
            rare_values, n_rare, n_rare, classes, limit, hits, a_end,
        )  # fmt: skip
        steps += looked
        n_rare = n_rare_now
        n += done
        if status != OK:
            state = (mask, domain, sigma, rare, rare_values, n_rare, chosen_at, rare_at_choice)
            return (status, n, steps, *state)
        if done < length or int(out[n - 1]) >= limit:  # a new bit: wider bitsets
            while limit <= int(out[n - 1]):
                limit *= 2
            words = limit // 64
            classes = _classes(mask, limit, words)
            hits = np.zeros((BLOCK, words), dtype=np.uint64)
        if n_rare > 2 * rare_at_choice + 32 and n >= 2 * chosen_at:
            mask, domain, sigma = _choose(out, n, split_k)
            rare, rare_values, n_rare = _rare_list(out, n, mask, domain, sigma)
            classes = _classes(mask, limit, words)
            steps += n + 4096
            chosen_at, rare_at_choice = n, n_rare
    state = (mask, domain, sigma, rare, rare_values, n_rare, chosen_at, rare_at_choice)
    return (OK, n, steps, *state)


def initial_state(digits: tuple[int, ...], out: np.ndarray, done: int) -> BlockState:
    """The classification chosen on G(0..done-1) (done ≥ 1) and its rare heaps."""
    d = np.asarray(digits, dtype=np.int64)
    _, _, split_k = _split_digits(d)
    mask, domain, sigma = _choose(out, done, split_k)
    rare, values, count = _rare_list(out, done, mask, domain, sigma)
    return BlockState(int(mask), bool(domain), int(sigma), rare, values, int(count), done, count)


def block_extend(
    digits: tuple[int, ...],
    unequal: bool,
    out: np.ndarray,
    start: int,
    stop: int,
    state: BlockState | None = None,
) -> BlockInfo:
    """Fill ``out[start:stop]`` given ``out[:start]``; ``state`` from the previous call if any.

    Heaps below :data:`START` are computed by the sequential kernel. Status
    ``OVERFLOW`` when a value does not fit ``out``'s dtype (``done`` heaps are
    filled; widen ``out`` and call again).
    """
    d = np.asarray(digits, dtype=np.int64)
    steps = 0
    if start < min(START, stop):
        first = min(START, stop)
        status, done, steps, *_ = sparse_octal(d, unequal, out[:first], 2**62, start)
        if status != OK:
            return BlockInfo(status, done, steps, state or initial_state(digits, out, done))
        start, state = first, None
    if state is None:
        state = initial_state(digits, out, start)
    if start >= stop:
        return BlockInfo(OK, start, steps, state)
    result = _extend(d, unequal, out, start, stop, *state)
    status, done, more = result[:3]
    return BlockInfo(int(status), int(done), steps + int(more), BlockState(*result[3:]))


def block_sequence(
    digits: tuple[int, ...], unequal: bool, count: int
) -> tuple[np.ndarray, BlockInfo]:
    """G(0..count-1) by blocks, in ``uint16`` (``uint32`` if a value needs it)."""
    out = np.zeros(count, dtype=np.uint16)
    info = block_extend(digits, unequal, out, 0, count)
    if info.status == OVERFLOW:
        wide = out.astype(np.uint32)
        info = block_extend(digits, unequal, wide, info.done, count, info.state)
        return wide, info
    return out, info
