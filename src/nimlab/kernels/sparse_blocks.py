"""The sparse-space method in blocks, the far half of each block on every core.

:mod:`nimlab.kernels.sparse` computes G(n) one heap after the other. Here the
heaps are taken in blocks [B, B + L) with L ≤ B/4, and the work of each heap
is split by *where its options' values live*:

* a split a + b = m (m = n − k) whose parts are both below B reads only values
  known before the block starts. For a rare heap r that is the case when
  r > m − B (the other part m − r < B); for the witness search (pairs of any
  class) when the smaller part a > n − B − k. These *far* options of every
  heap of the block are gathered in parallel (``prange``), one bitset per heap;
* the rest — moves that leave one heap, splits with a rare heap r ≤ m − B
  (the other part inside the block), splits with a rare heap found inside the
  block, and the witness pairs the far pass did not look at — read values of the
  block itself and are added heap after heap, in order (the *near* pass), which
  then takes the mex exactly as the sequential method does.

Why this is exact: the far pass only reads values below B, which are final
when the block starts; the near pass reads values below n, final by
induction. Every option of n is counted by one of the two passes (the rare
heaps known at B are split at r ≤ m − B / r > m − B), the far pass only ever
*adds* genuine options of n, and the near pass finishes the witness search over
every split it has not looked at whenever a dense value is still unaccounted
for (from where the far search stopped, or from the start of the far range when
the near options raised c past the values the far search looked for). So G(n)
is the mex of exactly the same option set as in
:func:`nimlab.kernels.sparse.sparse_octal`, whatever the number of threads. The
classification (mask, domain, σ) only changes between blocks, and only the
speed depends on it.

How the far pass is fast: the work is marking values in bitsets, and a heap at
a time it is bound by the dependent loads and by stores waiting on each other.
So the far pass works on *tiles* of consecutive heaps: a rare heap r against a
tile reads G(m − r) for consecutive m — one vectorised run — and sets one bit in
each heap's bitset, no two in a row in the same word (:func:`_tile_run`); the
first witness splits are taken the same way, the tile at once, while most of its
heaps still lack a value — not consecutive splits but one in every 17, which
covers the dense values in fewer splits; the rest of each heap's search tests a
run of splits against the values still wanted, a byte table per split while many
are wanted, vector compares once at most eight are (:func:`_seek`), and looks at
the run again only when it found one. The near pass pushes each final value of
the block to the later heaps it is a rare pair's partner of.

The near pass is in order, on one thread; beside it the other thread marks the next
block's *early pairs*, the rare pairs whose partners lie below the block being finished
(:func:`_overlap`), and the next far pass pairs the rest. The threads spin briefly between
these parallel regions instead of sleeping at once (``GOMP_SPINCOUNT``, below). Measured on
the 2-core machine (``bench`` has the figures at 2^24): 0.6 and Grundy's game 3.8× and
6.2× the C program of the old method. The rare heaps are mostly small (0.6: 1583 rare
heaps, 831 of them below 4096; Grundy's game: 1273), so for L = 1024 almost all
rare pairs and witness splits are far work; the near pass is about a hundred steps per heap.

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
from numba import get_num_threads

from nimlab.kernels.bits import ctz, cycles, parity
from nimlab.kernels.jit import njit, prange
from nimlab.kernels.sparse import (
    OK,
    OVERFLOW,
    _choose,
    _is_rare,
    largest,
    rare_list,
    sparse_octal,
    sparse_run,
)

# How the OpenMP threads wait between parallel regions (read when the thread pool starts,
# at the first parallel call), unless the user says otherwise: they spin for a moment
# (GOMP_SPINCOUNT 600: about 16 µs on the 2-core machine), long enough to span the gap
# between two regions of a block, then sleep. Sleeping at once (PASSIVE alone) costs a
# wake-up of tens of microseconds at every region: 0.6 to 2^22 took 3.5 s instead of
# 2.7 s. Spinning longer takes the core from the other thread when the machine is shared:
# beside a busy loop the same run took 5.5 s sleeping at once or spinning 600, 6.2 s
# spinning 1,000 and 7.4–8 s spinning 3,000 (``docs/engine.md``). The thread pool is
# started here, with the two set for that moment only: the rest of the process (a notebook,
# the libraries it loads later) keeps its own environment (packaging audit).
if "OMP_WAIT_POLICY" not in os.environ and "GOMP_SPINCOUNT" not in os.environ:
    os.environ["OMP_WAIT_POLICY"] = "PASSIVE"
    os.environ["GOMP_SPINCOUNT"] = "600"
    try:
        get_num_threads()  # starts numba's threading layer, which reads them now
    finally:
        del os.environ["OMP_WAIT_POLICY"], os.environ["GOMP_SPINCOUNT"]

BLOCK = 1024
"""Heaps per block (L)."""
START = 4 * BLOCK
"""Heaps computed by the sequential kernel before the first block (so L ≤ B/4)."""
CHUNKS = 4
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
    top: int  # the largest value so far: no call reads all the values before its start


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


@njit(cache=True, inline="always")
def _dense_exact(
    classes: np.ndarray,
    n: int,
    split_k: np.ndarray,
    unequal: bool,
    domain: bool,
    by_parity: np.ndarray,
    uniform: bool,
    own: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Heap n's dense values and exact-class values (bitsets): the rows of ``by_parity``
    for n's parity when they hold for every heap of the block, else computed into ``own``."""
    if uniform:
        return by_parity[n & 1, 0], by_parity[n & 1, 1]
    _dense(classes, n, split_k, unequal, domain, own[0])
    for w in range(own.shape[1]):
        own[1, w] = (classes[0, w] | classes[1, w]) & ~own[0, w]
    return own[0], own[1]


@njit(cache=True)
def _by_parity(
    classes: np.ndarray, b: int, split_k: np.ndarray, unequal: bool, domain: bool
) -> tuple[np.ndarray, bool]:
    """Row [p] the dense and exact-class values of the heaps n ≥ b of parity p, and whether
    they hold for every such heap: every m = n − k large enough to split, as in every
    block but those of codes longer than the block's start."""
    rows = np.empty((2, 2, classes.shape[1]), dtype=np.uint64)
    for n in (b, b + 1):
        _dense_exact(classes, n, split_k, unequal, domain, rows, False, rows[n & 1])
    least = 3 if unequal else 2
    top_k = 0
    for k in split_k:
        top_k = max(top_k, k)
    return rows, b - top_k >= least


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


SEEK = 32
"""Splits per probe of the witness search while many values are wanted (:func:`_seek`)."""
FEW = 8
"""With at most this many values wanted the probe compares each split with each of them…"""
SEEK_FEW = 64
"""…this many splits at a time (:func:`_probe_few`)."""
TILED = 8192
"""At most this many witness splits of every heap of a tile are sampled tile-wide…"""
STAGE = 256
"""…in stages of at most this many (the first of four times as many as a heap of the tile
needs values, at least :data:`FIRST_STAGE`; each next one twice as many)…"""
FIRST_STAGE = 16
SHARE = 2
"""…while more than 1/SHARE of the tile's heaps still lack a value…"""
STRIDE = 17
"""…one smaller part in every STRIDE (see :func:`_far_pass`)."""


@njit(cache=True, inline="always")
def _probe_few(out: np.ndarray, a: int, m: int, count: int, few: np.ndarray) -> bool:
    """Whether G(a + t) ⊕ G(m − t) is one of the :data:`FEW` values ``few`` for some t < count
    (``out`` in ``uint16``, the values the engine stores up to 65,535).

    The least of x ⊕ w over the splits and the wanted w is zero exactly on a hit, and
    in 16-bit lanes (sixteen splits to an AVX2 vector) it needs no table look-up and no
    branch: about 0.15 ns a split against 0.45–0.65 ns for the byte table of
    :func:`_seek` (measured on the 2-core machine). Other widths take the table.
    """
    ua = np.uint64(a)
    um = np.uint64(m)
    w0, w1, w2, w3 = np.uint16(few[0]), np.uint16(few[1]), np.uint16(few[2]), np.uint16(few[3])
    w4, w5, w6, w7 = np.uint16(few[4]), np.uint16(few[5]), np.uint16(few[6]), np.uint16(few[7])
    least = np.uint16(0xFFFF)
    for t in range(count):
        ut = np.uint64(t)
        x = np.uint16(out[ua + ut] ^ out[um - ut])
        least = min(
            least,
            np.uint16(x ^ w0), np.uint16(x ^ w1), np.uint16(x ^ w2), np.uint16(x ^ w3),
            np.uint16(x ^ w4), np.uint16(x ^ w5), np.uint16(x ^ w6), np.uint16(x ^ w7),
        )  # fmt: skip
    return bool(least == 0)


@njit(cache=True)
def _seek(
    out: np.ndarray,
    n: int,
    split_k: np.ndarray,
    unequal: bool,
    a: int,
    cap: int,
    need: np.ndarray,
    hits: np.ndarray,
    wanted: np.ndarray,
    few: np.ndarray,
) -> tuple[int, int]:
    """Add to ``hits`` the values of ``need`` given by the splits a, a+1, … (a < cap), until
    every one is found.

    ``wanted`` (one byte per value below the bitsets' limit, all zero) marks the values
    still looked for. While more than :data:`FEW` are, each probe of :data:`SEEK` splits
    only ORs their ``wanted`` bytes, a branch-free loop with no stores (about 0.45 ns a
    split against 1.2 ns for marking each split's value in a bitset); then each probe
    of :data:`SEEK_FEW` splits compares their nim-sums with the few values still
    wanted, listed in ``few`` (:func:`_probe_few`, about 0.15 ns a split). Only a probe
    that found something is gone through again to see which. Most of a search waits
    for the last one or two values (figures from the 2-core machine). ``wanted`` is
    all zero again on return. Returns (the next smaller part not looked at, splits
    looked at).
    """
    left = 0
    for w in range(need.shape[0]):
        x = need[w] & ~hits[w]
        while x != ZERO:
            wanted[w * 64 + int(ctz(x))] = 1
            left += 1
            x &= x - ONE
    if left == 0:
        return a, 0
    top = 0
    for k in split_k:
        m = n - k
        half = m // 2
        if unequal and 2 * half == m:
            half -= 1
        top = max(top, half + 1)
    stop_all = min(top, cap)
    steps = 0
    stale = True  # ``few`` no longer lists the values still wanted
    while a < stop_all and left > 0:
        # ``few`` lists the values wanted when it was filled: a superset of those wanted
        # now, so a probe against it misses nothing. (The mode is fixed for the whole
        # run of every split digit: a hit in one may bring ``left`` down to FEW.)
        by_compare = left <= FEW and out.itemsize == 2
        if by_compare and stale:
            j = 0
            for w in range(need.shape[0]):
                x = need[w] & ~hits[w]
                while x != ZERO:
                    few[j] = w * 64 + int(ctz(x))
                    j += 1
                    x &= x - ONE
            for t in range(j, FEW):
                few[t] = few[0]
            stale = False
        end = min(a + (SEEK_FEW if by_compare else SEEK), stop_all)
        for k in split_k:
            m = n - k
            half = m // 2
            if unequal and 2 * half == m:
                half -= 1
            count = min(end, half + 1) - a
            if count <= 0:
                continue
            ua = np.uint64(a)
            um = np.uint64(m - a)
            steps += count
            if by_compare:
                found = _probe_few(out, a, m - a, count, few)
            else:
                hit = np.uint8(0)
                for t in range(count):
                    ut = np.uint64(t)
                    hit |= wanted[np.uint64(out[ua + ut] ^ out[um - ut])]
                found = hit != 0
            if found:
                for t in range(count):
                    ut = np.uint64(t)
                    x = np.uint64(out[ua + ut] ^ out[um - ut])
                    if wanted[x]:
                        wanted[x] = 0
                        left -= 1
                        hits[x >> np.uint64(6)] |= ONE << (x & np.uint64(63))
                stale = True
        a = end
    if left > 0:
        for w in range(need.shape[0]):
            x = need[w] & ~hits[w]
            while x != ZERO:
                wanted[w * 64 + int(ctz(x))] = 0
                x &= x - ONE
    return a, steps


@njit(cache=True, inline="always")
def _tile_run(
    out: np.ndarray,
    base: int,
    r: int,
    first: int,
    count: int,
    flat: np.ndarray,
    words: int,
    buf: np.ndarray,
) -> None:
    """Mark G(r) ⊕ G(base + t) in the bitset of heap first + t, for t < count.

    One heap r (a rare heap, or the smaller part of a witness split) against a tile of
    consecutive heaps: the values are read in one vectorised pass, then set in the heaps'
    bitsets (no two in a row touch one word, so the stores do not wait on each other).
    """
    value = out[r]
    ub = np.uint64(base)
    for t in range(count):
        buf[t] = value ^ out[ub + np.uint64(t)]
    row = np.uint64(first) * np.uint64(words)
    w = np.uint64(words)
    for t in range(count):
        x = np.uint64(buf[t])
        flat[row + np.uint64(t) * w + (x >> np.uint64(6))] |= ONE << (x & np.uint64(63))


@njit(cache=True, inline="always")
def _popcount(x: np.uint64) -> int:
    count = 0
    while x:
        x &= x - ONE
        count += 1
    return count


@njit(cache=True)
def _missing(need: np.ndarray) -> int:
    """How many values the bitset ``need`` holds."""
    count = 0
    for w in range(need.shape[0]):
        count += _popcount(need[w])
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


@njit(cache=True, inline="always")
def _tile_bounds(
    rare: np.ndarray, n_rare: int, b: int, lo: int, hi: int, k: int, unequal: bool
) -> tuple[int, int, int, int]:
    """The rare heaps (by index) paired with the tile lo..hi-1 at once for split digit k:
    [j_all, j_b0) and [j_b1, j_top) — those above every heap's i − k and below every
    m = b + i − k, and, for unequal splits, never half of one. With fewer rare heaps
    (``n_rare``) each bound is the same one capped at ``n_rare``."""
    m_lo = b + lo - k
    m_hi = b + hi - 1 - k
    j_all = _first_above(rare, n_rare, hi - 1 - k)  # r > i - k for every heap
    j_top = max(_first_above(rare, n_rare, m_lo - 1), j_all)  # r < m for every heap
    j_b0, j_b1 = j_top, j_top
    if unequal:  # the rare heaps that are half of some m of the tile
        j_b0 = min(max(_first_above(rare, n_rare, (m_lo + 1) // 2 - 1), j_all), j_top)
        j_b1 = min(max(_first_above(rare, n_rare, m_hi // 2), j_b0), j_top)
    return j_all, j_b0, j_b1, j_top


@njit(cache=True, inline="always")
def _early_from(
    rare: np.ndarray, early_n: int, early_off: int, early_lo: int, hi: int, k: int
) -> int:
    """The first rare heap (index) a tile ending at hi pairs early (:func:`_early_pass`):
    r > early_off + hi − 1 − k, so that every partner m − r lies below the block before,
    and index ≥ ``early_lo``. The early pairs are those of :func:`_tile_bounds` from here
    up to ``early_n``."""
    return max(_first_above(rare, early_n, early_off + hi - 1 - k), early_lo)


@njit(cache=True, inline="always")
def _tile_runs(
    out: np.ndarray,
    rare: np.ndarray,
    j0: int,
    j1: int,
    skip0: int,
    skip1: int,
    m_lo: int,
    lo: int,
    hi: int,
    flat: np.ndarray,
    words: int,
    buf: np.ndarray,
) -> int:
    """:func:`_tile_run` for the rare heaps j0 ≤ j < j1 but those skip0 ≤ j < skip1;
    returns how many."""
    done = 0
    for j in range(j0, min(j1, skip0)):
        _tile_run(out, m_lo - rare[j], rare[j], lo, hi - lo, flat, words, buf)
        done += 1
    for j in range(max(j0, skip1, skip0), j1):
        _tile_run(out, m_lo - rare[j], rare[j], lo, hi - lo, flat, words, buf)
        done += 1
    return done


@njit(cache=True)
def _early_pass(
    out: np.ndarray,
    b: int,
    length: int,
    split_k: np.ndarray,
    unequal: bool,
    rare: np.ndarray,
    early_n: int,
    early_off: int,
    early_lo: int,
    hits: np.ndarray,
) -> int:
    """The rare pairs of the block b..b+length-1 whose partners lie below b − early_off,
    marked while the block before (early_off heaps) is still being finished.

    Only the first ``early_n`` rare heaps (those known before that block) from index
    ``early_lo`` on are paired, and only those paired with a whole tile at once, above
    every heap's i − k by more than ``early_off`` (:func:`_early_from`); :func:`_far_pass`
    then pairs the rest. Returns the steps.
    """
    words = hits.shape[1]
    flat = hits.reshape(-1)
    chunks = min(CHUNKS, length)
    buf = np.empty(length, dtype=out.dtype)
    work = 0
    for chunk in range(chunks):
        lo = chunk * length // chunks
        hi = (chunk + 1) * length // chunks
        for i in range(lo, hi):
            hits[i, :] = 0
        for k in split_k:
            j_all, j_b0, j_b1, j_top = _tile_bounds(rare, early_n, b, lo, hi, k, unequal)
            f = _early_from(rare, early_n, early_off, early_lo, hi, k)
            m_lo = b + lo - k
            done = _tile_runs(out, rare, max(j_all, f), j_b0, early_n, early_n, m_lo, lo, hi,
                              flat, words, buf)  # fmt: skip
            done += _tile_runs(out, rare, max(j_b1, f), j_top, early_n, early_n, m_lo, lo, hi,
                               flat, words, buf)  # fmt: skip
            work += done * (hi - lo)
    return work


@njit(cache=True, parallel=True)
def _far_pass(
    out: np.ndarray,
    b: int,
    length: int,
    split_k: np.ndarray,
    unequal: bool,
    domain: bool,
    rare: np.ndarray,
    n_rare: int,
    classes: np.ndarray,
    limit: int,
    hits: np.ndarray,
    a_start: np.ndarray,
    a_end: np.ndarray,
    reach: np.ndarray,
    early_n: int = 0,
    early_off: int = 0,
    early_lo: int = 0,
) -> int:
    """The far options of the heaps b..b+length-1 into ``hits[i]``.

    The block is cut into :data:`CHUNKS` runs of consecutive heaps (*tiles*), one per
    thread at a time; the tiles depend on the block only, never on the threads.

    * A rare heap r that is far for every heap of the tile (above the tile's last
      i − k, below its first m and, for unequal splits, never half of one of its m) is
      paired with the whole tile at once (:func:`_tile_run`); the few others heap by
      heap, with every check.
    * Each heap's c (first exact-class value not given) and the dense values below it
      still needed follow; witness splits cannot change c, as a split with a rare part
      gives nothing the rare pairs did not.
    * Witness splits are then *sampled* tile-wide: the smaller parts a = a_start + j·17
      (``a_start[i]`` the tile's end, so a > i − k: both parts below b), in stages
      (the first sized by the values the tile's heaps need, so that a game with few
      values does not take 256 samples where 16 do; doubling up to :data:`STAGE`),
      while more than half of the tile's heaps still lack a value; then each
      heap searches on alone (:func:`_seek`), every split from ``a_start`` on, for a
      bounded number of splits. Neighbouring splits give correlated nim-sums (G(a) and
      G(a + 1) are alike, and so are G(m − a) and G(m − a − 1)), so a value a heap
      lacks after a run of consecutive splits tends to stay missing for a while; splits
      17 apart behave much more like independent samples, and the dense values are
      covered in far fewer splits (``research/octal/witness_order.py``; in
      ``docs/engine.md``). The samples only add genuine
      options: the in-order search from ``a_start`` is what the near pass relies on.

    ``a_end[i]`` is where heap b + i's search stopped and ``reach[i]`` its c: the near pass
    goes on from ``a_end[i]``, or from ``a_start[i]`` if its own c is larger.

    With ``early_n`` > 0 the bitsets already hold the rare pairs :func:`_early_pass` marked
    (same ``early_*`` arguments) while the block before was finished; they are kept and
    those pairs not marked again.
    """
    words = hits.shape[1]
    by_parity, uniform = _by_parity(classes, b, split_k, unequal, domain)
    chunks = min(CHUNKS, length)
    steps = np.zeros(chunks, dtype=np.int64)
    flat = hits.reshape(-1)
    for chunk in prange(chunks):
        own = np.empty((2, words), dtype=np.uint64)
        wanted = np.zeros(limit, dtype=np.uint8)
        few = np.zeros(FEW, dtype=np.int64)
        lo = chunk * length // chunks
        hi = (chunk + 1) * length // chunks
        buf = np.empty(hi - lo, dtype=out.dtype)
        needs = np.empty((hi - lo, words), dtype=np.uint64)
        lacking = np.zeros(hi - lo, dtype=np.bool_)
        work = 0
        if early_n == 0:
            for i in range(lo, hi):
                hits[i, :] = 0
        for k in split_k:
            m_lo = b + lo - k
            j_all, j_b0, j_b1, j_top = _tile_bounds(rare, n_rare, b, lo, hi, k, unequal)
            f = _early_from(rare, early_n, early_off, early_lo, hi, k)
            done = _tile_runs(out, rare, j_all, j_b0, f, early_n, m_lo, lo, hi, flat, words, buf)
            done += _tile_runs(out, rare, j_b1, j_top, f, early_n, m_lo, lo, hi, flat, words, buf)
            work += done * (hi - lo)
            for i in range(lo, hi):  # the rest heap by heap
                m = b + i - k
                um = np.uint64(m)
                row = hits[i]
                for part in range(3):
                    if part == 0:
                        j, j_stop = _first_above(rare, n_rare, i - k), j_all
                    elif part == 1:
                        j, j_stop = j_b0, j_b1
                    else:
                        j, j_stop = j_top, n_rare
                    while j < j_stop:
                        r = rare[j]
                        if r >= m:
                            break
                        j += 1
                        if unequal and 2 * r == m:
                            continue
                        x = np.uint64(out[r]) ^ np.uint64(out[um - np.uint64(r)])
                        row[x >> np.uint64(6)] |= ONE << (x & np.uint64(63))
                        work += 1
        # The dense values each heap still needs (witness splits give no exact-class value
        # the rare pairs have not given, so c is final here).
        active = 0
        most = 0  # the most values a heap of the tile needs
        for i in range(lo, hi):
            row = hits[i]
            d, exact = _dense_exact(
                classes, b + i, split_k, unequal, domain, by_parity, uniform, own
            )
            c = _first_missing(exact, row, limit)
            reach[i] = c
            lacking[i - lo] = _needed(d, row, c, needs[i - lo])
            active += lacking[i - lo]
            if lacking[i - lo]:
                most = max(most, _missing(needs[i - lo]))
        # The first witness splits, the tile at once (smaller parts from hi: a > i - k for
        # every heap; both parts below b; a < m / 2), in stages while most heaps still lack
        # a value; then each heap's own search.
        first = max(1, hi)
        room = TILED
        for k in split_k:
            span = (b + lo - k - 1) // 2 - first + 1  # a < m / 2 for every heap of the tile
            room = max(min(room, (span + STRIDE - 1) // STRIDE), 0)
        tiled = 0
        size = min(max(FIRST_STAGE, 4 * most), STAGE)  # games with few values: short stages
        while tiled < room and SHARE * active > hi - lo:
            stage = min(size, room - tiled)
            size = min(2 * size, STAGE)
            for k in split_k:
                m_lo = b + lo - k
                for j in range(tiled, tiled + stage):
                    a = first + j * STRIDE
                    _tile_run(out, m_lo - a, a, lo, hi - lo, flat, words, buf)
            work += stage * (hi - lo) * split_k.shape[0]
            tiled += stage
            active = 0
            for t in range(hi - lo):
                if lacking[t]:
                    lacking[t] = _needed(needs[t], hits[lo + t], limit, needs[t])
                    active += lacking[t]
        for i in range(lo, hi):
            a_start[i] = first
            a = first
            if lacking[i - lo]:
                budget = 8192 + 64 * _missing(needs[i - lo])
                a, looked = _seek(
                    out, b + i, split_k, unequal, a, a + budget, needs[i - lo], hits[i], wanted,
                    few,
                )  # fmt: skip
                work += looked
            a_end[i] = a
        steps[chunk] = work
    return int(steps.sum())


@njit(cache=True)
def _with_room(
    rare: np.ndarray, rare_values: np.ndarray, n_rare: int, size: int
) -> tuple[np.ndarray, np.ndarray]:
    """The first ``n_rare`` rare heaps and their values in new arrays of ``size``."""
    longer = np.empty(size, dtype=np.int64)
    longer[:n_rare] = rare[:n_rare]
    longer_v = np.empty(size, dtype=np.int64)
    longer_v[:n_rare] = rare_values[:n_rare]
    return longer, longer_v


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
    a_start: np.ndarray,
    a_end: np.ndarray,
    reach: np.ndarray,
) -> tuple:  # type: ignore[type-arg]
    """Finish the heaps b.. in order; stops after a value ≥ ``limit`` or one out of range.

    Returns (status, heaps done, steps, rare, rare_values, n_rare).
    """
    words = hits.shape[1]
    top_value = np.int64(np.iinfo(out.dtype).max)
    own = np.empty((2, words), dtype=np.uint64)
    need = np.empty(words, dtype=np.uint64)
    every = classes[0] | classes[1]
    by_parity, uniform = _by_parity(classes, b, split_k, unequal, domain)
    wanted = np.zeros(limit, dtype=np.uint8)
    few = np.zeros(FEW, dtype=np.int64)
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
        for k in split_k:  # (rare heaps known at b with a partner in the block: pushed below)
            m = n - k
            um = np.uint64(m)
            for j in range(n_rare0, n_rare):  # rare heaps found in the block
                r = rare[j]
                if r >= m:
                    break
                if unequal and 2 * r == m:
                    continue
                x = np.uint64(rare_values[j]) ^ np.uint64(out[um - np.uint64(r)])
                row[x >> np.uint64(6)] |= ONE << (x & np.uint64(63))
            steps += n_rare - n_rare0 + 1
        d, exact = _dense_exact(classes, n, split_k, unequal, domain, by_parity, uniform, own)
        c = _first_missing(exact, row, limit)
        if _needed(d, row, c, need):
            # The splits with a part in the block, then the far splits not looked at yet:
            # those after a_end, or all of them if c grew here (the far pass looked only
            # for the values below its own c).
            first = a_start[i]
            _, looked = _seek(out, n, split_k, unequal, 1, first, need, row, wanted, few)
            steps += looked
            if _needed(d, row, c, need):
                start = a_end[i] if c <= reach[i] else first
                _, looked = _seek(out, n, split_k, unequal, start, n, need, row, wanted, few)
                steps += looked
        g = min(_first_missing(every, row, limit), c)
        if g > top_value:
            return OVERFLOW, i, steps, rare, rare_values, n_rare
        out[n] = g
        if _is_rare(g, n, mask, domain, sigma):
            if n_rare == rare.shape[0]:
                rare, rare_values = _with_room(rare, rare_values, n_rare, 2 * n_rare)
            rare[n_rare] = n
            rare_values[n_rare] = g
            n_rare += 1
        if g >= limit:  # ends the block before the push: g would not fit the bitsets
            return OK, i + 1, steps, rare, rare_values, n_rare
        # Push: n is the partner of the rare heaps r known at b in the splits n + r of the
        # heaps n + r + k later in the block. Each lands in another heap's bitset, so the
        # stores do not wait on each other (pulling them heap by heap, each heap's own
        # stores did: a quarter of the whole near pass).
        gv = np.uint64(g)
        for k in split_k:
            for j in range(n_rare0):
                t = i + rare[j] + k
                if t >= length:
                    break
                x = gv ^ np.uint64(rare_values[j])
                hits[t, x >> np.uint64(6)] |= ONE << (x & np.uint64(63))
    return OK, length, steps, rare, rare_values, n_rare


@njit(cache=True, parallel=True)
def _overlap(
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
    n_rare: int,
    classes: np.ndarray,
    limit: int,
    hits: np.ndarray,
    a_start: np.ndarray,
    a_end: np.ndarray,
    reach: np.ndarray,
    next_length: int,
    next_hits: np.ndarray,
    early_lo: int,
    result: np.ndarray,
) -> None:
    """The near pass of the block b..b+length-1 on one thread and, beside it, the early
    rare pairs of the next block (``next_length`` heaps from b + length, into
    ``next_hits``; none if 0) on the other: neither reads what the other writes.

    ``rare`` must have room for ``length`` more heaps (the near pass then appends in
    place while the early pass reads the first ``n_rare``). ``result``: the near pass's
    status, heaps done, steps and rare count, the early pass's steps, and the cycles
    each took.
    """
    if n_rare + length > rare.shape[0]:  # the near pass would append to a copy
        raise ValueError("no room for the block's rare heaps")
    for side in prange(2):
        start = cycles()
        if side == 0:
            status, done, steps, _, _, now = _near_pass(
                out, b, length, whole_k, one_k, split_k, unequal, mask, domain, sigma, rare,
                rare_values, n_rare, n_rare, classes, limit, hits, a_start, a_end, reach,
            )  # fmt: skip
            result[0] = status
            result[1] = done
            result[2] = steps
            result[3] = now
            result[5] = np.int64(cycles() - start)
        elif next_length > 0:
            result[4] = _early_pass(
                out, b + length, next_length, split_k, unequal, rare, n_rare, length,
                early_lo, next_hits,
            )  # fmt: skip
            result[6] = np.int64(cycles() - start)


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
    top: int,
) -> tuple:  # type: ignore[type-arg]
    """Blocks from ``start`` to ``stop``: each block's far pass, then its near pass beside
    the next block's early rare pairs (:func:`_overlap`), whose far pass then does the
    rest. The early pairs are thrown away when the next block is not the one they were
    marked for (a block cut short, wider bitsets, a new classification)."""
    whole_k, one_k, split_k = _split_digits(digits)
    limit = 64
    while limit <= top:
        limit *= 2
    words = limit // 64
    classes = _classes(mask, limit, words)
    hits = np.zeros((BLOCK, words), dtype=np.uint64)
    next_hits = np.zeros((BLOCK, words), dtype=np.uint64)
    a_start = np.zeros(BLOCK, dtype=np.int64)
    a_end = np.zeros(BLOCK, dtype=np.int64)
    reach = np.zeros(BLOCK, dtype=np.int64)
    result = np.zeros(7, dtype=np.int64)
    steps = 0
    n = start
    length = min(BLOCK, stop - n, n // 4)
    if n < stop:
        steps += _far_pass(
            out, n, length, split_k, unequal, domain, rare, n_rare, classes, limit, hits,
            a_start, a_end, reach,
        )  # fmt: skip
    early_lo = 0  # the early pairs start at this rare heap: moved to even out the threads
    while n < stop:
        after = n + length
        next_length = min(BLOCK, stop - after, after // 4) if after < stop else 0
        if n_rare + length > rare.shape[0]:  # room for the near pass to append in place
            size = max(2 * rare.shape[0], n_rare + length)
            rare, rare_values = _with_room(rare, rare_values, n_rare, size)
        known = n_rare
        result[:] = 0
        _overlap(
            out, n, length, whole_k, one_k, split_k, unequal, mask, domain, sigma, rare,
            rare_values, n_rare, classes, limit, hits, a_start, a_end, reach, next_length,
            next_hits, early_lo, result,
        )  # fmt: skip
        status, done = int(result[0]), int(result[1])
        steps += result[2]
        n_rare = int(result[3])
        for a in range(n, n + done):
            top = max(top, int(out[a]))
        n += done
        if status != OK:
            state = (mask, domain, sigma, rare, rare_values, n_rare, chosen_at, rare_at_choice)
            return (status, n, steps, *state, top)
        early = done == length and next_length > 0
        if done < length or int(out[n - 1]) >= limit:  # a new bit: wider bitsets
            while limit <= int(out[n - 1]):
                limit *= 2
            words = limit // 64
            classes = _classes(mask, limit, words)
            hits = np.zeros((BLOCK, words), dtype=np.uint64)
            next_hits = np.zeros((BLOCK, words), dtype=np.uint64)
            early = False
        if n_rare > 2 * rare_at_choice + 32 and n >= 2 * chosen_at:
            mask, domain, sigma = _choose(out, n, split_k)
            rare, rare_values, n_rare = rare_list(out, n, mask, domain, sigma)
            classes = _classes(mask, limit, words)
            steps += n + 4096
            chosen_at, rare_at_choice = n, n_rare
            early = False
            early_lo = 0  # another list of rare heaps
        if n >= stop:
            break
        hits, next_hits = next_hits, hits
        next_start = length
        length = min(BLOCK, stop - n, n // 4)
        if early:  # (pairs thrown away are not counted: the steps never depend on timing)
            steps += result[4] + _far_pass(
                out, n, length, split_k, unequal, domain, rare, n_rare, classes, limit, hits,
                a_start, a_end, reach, known, next_start, early_lo,
            )  # fmt: skip
            # Even out the two threads: move the first early pair halfway towards the one
            # that makes them last as long as the near pass did.
            near, far = result[5], result[6]
            first = _early_from(rare, known, next_start, early_lo, BLOCK, 0)
            if known > first and far > 0:
                share = (known - first) * near // far  # early rare heaps the near pass fits
                early_lo = max(0, min(known, (early_lo + known - share) // 2))
            else:  # none was early (all the rare heaps below early_lo): start lower
                early_lo //= 2
        else:
            steps += _far_pass(
                out, n, length, split_k, unequal, domain, rare, n_rare, classes, limit, hits,
                a_start, a_end, reach,
            )  # fmt: skip
    state = (mask, domain, sigma, rare, rare_values, n_rare, chosen_at, rare_at_choice)
    return (OK, n, steps, *state, top)


def initial_state(digits: tuple[int, ...], out: np.ndarray, done: int) -> BlockState:
    """The classification chosen on G(0..done-1) (done ≥ 1) and its rare heaps."""
    d = np.asarray(digits, dtype=np.int64)
    _, _, split_k = _split_digits(d)
    mask, domain, sigma = _choose(out, done, split_k)
    rare, values, count = rare_list(out, done, mask, domain, sigma)
    top = largest(out, done)
    return BlockState(
        int(mask), bool(domain), int(sigma), rare, values, int(count), done, count, top
    )


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
    return _go_on(digits, unequal, out, start, stop, state, None)


def sequential_extend(
    digits: tuple[int, ...],
    unequal: bool,
    out: np.ndarray,
    start: int,
    stop: int,
    state: BlockState | None = None,
    steps_allowed: int = 2**62,
) -> BlockInfo:
    """As :func:`block_extend`, but one heap after the other on one core
    (:func:`nimlab.kernels.sparse.sparse_run`), from and to the same state: the faster
    engine for games with little work a heap. Status ``OVER_BUDGET`` once more than
    ``steps_allowed`` steps were taken (``done`` heaps are filled).

    >>> out = np.zeros(30_000, dtype=np.uint16)
    >>> first = block_extend((0, 6), False, out, 0, 20_000)
    >>> rest = sequential_extend((0, 6), False, out, 20_000, 30_000, first.state)
    >>> bool((out == block_sequence((0, 6), False, 30_000)[0]).all()), rest.done
    (True, 30000)
    """
    return _go_on(digits, unequal, out, start, stop, state, steps_allowed)


def _go_on(
    digits: tuple[int, ...],
    unequal: bool,
    out: np.ndarray,
    start: int,
    stop: int,
    state: BlockState | None,
    steps_allowed: int | None,
) -> BlockInfo:
    """The heaps below :data:`START` by the sequential kernel, the state to go on from,
    then the block engine (``steps_allowed`` None) or the sequential kernel."""
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
    if steps_allowed is None:
        result = _extend(d, unequal, out, start, stop, *state)
        steps += int(result[2])
    else:
        result = sparse_run(d, unequal, out, start, stop, steps_allowed, steps, *state)
        steps = int(result[2])
    return BlockInfo(int(result[0]), int(result[1]), steps, BlockState(*result[3:]))


def block_sequence(
    digits: tuple[int, ...],
    unequal: bool,
    count: int,
    values: np.ndarray | None = None,
    state: BlockState | None = None,
) -> tuple[np.ndarray, BlockInfo]:
    """G(0..count-1) by blocks, in ``uint16`` (``uint32`` if a value needs it); going on
    from ``values`` (the first values, of either width) and the ``state`` of the call that
    made them, if given.

    >>> first, info = block_sequence((0, 6), False, 10_000)
    >>> more, _ = block_sequence((0, 6), False, 20_000, first, info.state)
    >>> bool((more == block_sequence((0, 6), False, 20_000)[0]).all())
    True
    """
    done = 0 if values is None else len(values)
    out = np.zeros(count, dtype=np.uint16 if values is None else values.dtype)
    if values is not None:
        out[:done] = values
    info = block_extend(digits, unequal, out, done, count, state)
    if info.status == OVERFLOW:
        wide = out.astype(np.uint32)
        info = block_extend(digits, unequal, wide, info.done, count, info.state)
        return wide, info
    return out, info
