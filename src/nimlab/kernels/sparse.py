"""Octal games and Grundy's game by the sparse-space method.

Naively G(n) is the mex over all splits a + b = n − k, O(n) per heap and
O(n²) per sequence. The sparse-space phenomenon (Berlekamp, Conway and Guy,
*Winning Ways* ch. 4, "Sparse space spells speed"; Gangolli and Plambeck,
"A note on periodicity in some octal games", IJGT 18 (1989); A. Flammenkamp,
"Sparse- and common-positions of Sprague–Grundy values of octal games",
wwwhomes.uni-bielefeld.de/achim/octal_sparse.html) makes it nearly O(n):

Fix a bit mask m and classify each heap a ≥ 1 by
s(a) = parity(G(a) & m) ⊕ (a & 1 if the classification uses the domain).
For a split a + b = n − k, parity((G(a) ⊕ G(b)) & m) = s(a) ⊕ s(b) ⊕
(n − k & 1 if domain), so the pairs of two *common* heaps (s = 1 − σ) can only
produce values of one parity class, the *dense* class. Heaps with s = σ are
*rare*: for the games the method suits only finitely many, or few, exist.
Values of the other class can only come from pairs with a rare heap, which
are enumerated exactly (rare list × split digits). The mex is then found by
walking the values upward: a value of the exact class that is not marked is
the answer; a value of the dense class is looked for among all pairs, and a
witness turns up after a few steps unless G(n) is itself a rare value — the
only case that costs a full O(n) scan.

The result does not depend on the mask, only the speed does. The mask, the
domain flag and σ are chosen to minimise the rare heaps among the values so
far (σ is fixed by the requirement that common heaps have values outside the
dense class), and chosen again when rare heaps keep appearing. A game
without sparse space degrades gracefully to the naive recursion.

>>> from nimlab.kernels.one_heap import octal_sequence
>>> seq, info = sparse_sequence((0, 7, 7), False, 2000, 10**9)  # Kayles
>>> bool((seq == octal_sequence((0, 7, 7), 2000)).all()), info.status, info.rare
(True, 0, 9)
>>> seq[71:83].tolist()  # one period, from the preperiod 71
[7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2]
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from nimlab.kernels.bits import parity
from nimlab.kernels.jit import njit
from nimlab.kernels.one_heap import octal_naive

WARM_UP = 128
"""Heaps computed by the naive recursion before the first classification."""
MASK_BITS = 12
"""Masks are searched among the values' low bits (12 bits: 4096 masks)."""

OK, OVER_BUDGET, OVERFLOW = 0, 1, 2


class SparseInfo(NamedTuple):
    """How a sparse-space run went: status, heaps done, steps, final mask and rare count."""

    status: int
    done: int
    steps: int
    mask: int
    domain: bool
    rare: int


@njit(cache=True)
def _choose(out: np.ndarray, n: int, split_k: np.ndarray) -> tuple[int, bool, int]:
    """The (mask, domain, σ) with the fewest rare heaps among 1..n-1."""
    top = 0
    for a in range(1, n):
        if out[a] > top:
            top = out[a]
    bits = 0
    while (1 << bits) <= top:
        bits += 1
    bits = min(bits, MASK_BITS)
    size = 1 << bits
    hist = np.zeros((size, 2), dtype=np.int64)
    for a in range(1, n):
        hist[np.int64(out[a]) & (size - 1), a & 1] += 1
    # Under the domain classification σ must equal the parity of every split digit.
    domain_sigma = -1
    if split_k.shape[0] > 0:
        domain_sigma = split_k[0] & 1
        for k in split_k:
            if k & 1 != domain_sigma:
                domain_sigma = -1
    best_rare, best_mask, best_domain, best_sigma = n + 1, 0, False, 0
    for mask in range(1, size):
        for domain in (False, True):
            if domain and domain_sigma < 0:
                continue
            sigma = domain_sigma if domain else 0
            rare = 0
            for v in range(size):
                pv = parity(v & mask)
                for par in range(2):
                    s = pv ^ (par if domain else 0)
                    if s == sigma:
                        rare += hist[v, par]
            if rare < best_rare:
                best_rare, best_mask, best_domain, best_sigma = rare, mask, domain, sigma
    return best_mask, best_domain, best_sigma


@njit(cache=True)
def _is_rare(value: int, a: int, mask: int, domain: bool, sigma: int) -> bool:
    s = parity(value & mask) ^ ((a & 1) if domain else 0)
    return s == sigma


@njit(cache=True)
def rare_list(out: np.ndarray, n: int, mask: int, domain: bool, sigma: int) -> tuple:  # type: ignore[type-arg]
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
def _push(items: np.ndarray, used: int, value: int) -> np.ndarray:
    """Store ``value`` at ``items[used]``, doubling the array when it is full."""
    if used == items.shape[0]:
        longer = np.empty(2 * used, dtype=np.int64)
        longer[:used] = items
        items = longer
    items[used] = value
    return items


@njit(cache=True)
def _witnesses_one(
    out: np.ndarray,
    stamp: np.ndarray,
    n: int,
    m: int,
    c: int,
    unequal: bool,
) -> int:
    """Mark the values below ``c`` of splits a + b = m until every missing one was found.

    The values of the splits are gathered in a bitset, 32 splits at a time,
    and compared with the bitset of the values still needed after each block:
    no per-split bookkeeping. Returns the splits looked at.
    """
    half = m // 2
    if unequal and 2 * half == m:
        half -= 1
    words = (stamp.shape[0] >> 6) + 1
    needed = np.zeros(words, dtype=np.uint64)
    seen = np.zeros(words, dtype=np.uint64)
    one = np.uint64(1)
    for v in range(c):
        if stamp[v] != n:
            needed[v >> 6] |= one << np.uint64(v & 63)
    top_word = (c >> 6) + 1
    a = 1
    um = np.uint64(m)
    while a <= half:
        stop = min(a + 32, half + 1)
        for i in range(a, stop):
            ui = np.uint64(i)
            x = np.uint64(out[ui] ^ out[um - ui])
            seen[x >> np.uint64(6)] |= one << (x & np.uint64(63))
        a = stop
        done = True
        for w in range(top_word):
            if needed[w] & ~seen[w]:
                done = False
                break
        if done:
            break
    for v in range(c):
        if seen[v >> 6] & (one << np.uint64(v & 63)):
            stamp[v] = n
    return a


@njit(cache=True)
def _witnesses(
    out: np.ndarray,
    stamp: np.ndarray,
    n: int,
    split_k: np.ndarray,
    c: int,
    missing: int,
    unequal: bool,
) -> int:
    """As ``_witnesses_one`` for several split digits, interleaved by the smaller part."""
    a = 1
    steps = 0
    while missing > 0 and 2 * a <= n:
        for k in split_k:
            m = n - k
            if 2 * a > m or (unequal and 2 * a == m):
                continue
            x = np.int64(out[a] ^ out[m - a])
            if x < c and stamp[x] != n:
                stamp[x] = n
                missing -= 1
        steps += split_k.shape[0]
        a += 1
    return steps


@njit(cache=True)
def largest(out: np.ndarray, n: int) -> int:
    """The largest of G(0..n-1) (0 if n = 0): read once, when a run starts, then carried."""
    top = 0
    for a in range(n):
        top = max(top, int(out[a]))
    return top


@njit(cache=True)
def sparse_octal(
    digits: np.ndarray, unequal: bool, out: np.ndarray, steps_allowed: int, start: int
) -> tuple[int, int, int, int, bool, int]:
    """Fill ``out[start:]`` with G(start..len-1), given G(0..start-1) in ``out[:start]``.

    Returns (status, done, steps, mask, domain, rare). ``digits`` and
    ``unequal`` are as in :func:`nimlab.kernels.one_heap.octal_naive`. Status
    ``OVER_BUDGET`` stops after ``steps_allowed`` steps; ``OVERFLOW`` when a
    value does not fit ``out``'s dtype. ``done`` heaps are filled.
    """
    count = out.shape[0]
    t = digits.shape[0]
    split_k = np.array([k for k in range(t) if digits[k] & 4], dtype=np.int64)
    warm = max(min(count, WARM_UP), start)
    steps = 0
    if start < warm:
        octal_naive(digits, unequal, out[:warm], start)
        steps = np.int64(warm) * warm * max(t, 1)
    mask, domain, sigma = _choose(out, warm, split_k)
    rare, rare_values, n_rare = rare_list(out, warm, mask, domain, sigma)
    result = sparse_run(
        digits, unequal, out, warm, count, steps_allowed, steps, mask, domain, sigma, rare,
        rare_values, n_rare, warm, n_rare, largest(out, warm),
    )  # fmt: skip
    status, done, steps, mask, domain = result[0], result[1], result[2], result[3], result[4]
    return status, done, steps, mask, domain, result[8]


@njit(cache=True)
def sparse_run(
    digits: np.ndarray,
    unequal: bool,
    out: np.ndarray,
    start: int,
    stop: int,
    steps_allowed: int,
    steps: int,
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
    """The heaps start..stop-1 one after the other, going on from a classification
    (mask, domain, σ), its rare heaps and their values (arrays with room to grow, the
    first ``n_rare`` in use), when it was chosen and the largest value so far (``top``,
    of G(0..start-1)) — the state the block engine carries too
    (:class:`nimlab.kernels.sparse_blocks.BlockState`), so the two engines can take
    turns on one sequence. ``steps`` counts on from the given number. Nothing here looks
    at the values far below ``start`` (a call's cost does not grow with the sequence).

    Returns (status, done, steps, mask, domain, sigma, rare, rare_values, n_rare,
    chosen_at, rare_at_choice, top).
    """
    t = digits.shape[0]
    whole_k = np.array([k for k in range(1, t) if digits[k] & 1], dtype=np.int64)
    one_k = np.array([k for k in range(1, t) if digits[k] & 2], dtype=np.int64)
    split_k = np.array([k for k in range(t) if digits[k] & 4], dtype=np.int64)
    top_value = np.int64(np.iinfo(out.dtype).max)
    limit = 1  # every value so far is below `limit`, a power of two
    while limit <= top:
        limit *= 2
    stamp = np.full(limit + 1, -1, dtype=np.int64)

    for n in range(start, stop):
        if steps > steps_allowed:
            return (
                OVER_BUDGET, n, steps, mask, domain, sigma, rare, rare_values, n_rare,
                chosen_at, rare_at_choice, top,
            )  # fmt: skip
        # 1. The options known exactly: whole heaps, one heap left, splits with a rare heap.
        for k in whole_k:
            if k == n:
                stamp[0] = n
        for k in one_k:
            if k < n:
                stamp[out[n - k]] = n
        for k in split_k:
            m = n - k
            um = np.uint64(m)
            for i in range(n_rare):
                a = rare[i]
                if a >= m:
                    break
                if unequal and 2 * a == m:
                    continue
                ua = np.uint64(a)
                stamp[np.uint64(out[ua] ^ out[um - ua])] = n
            steps += n_rare
        # 2. Walk up to the first value of an exact class that is not an option (c);
        #    dense-class values below it that are not marked yet still need a witness.
        missing = 0
        c = limit
        for v in range(limit):
            if stamp[v] == n:
                continue
            dense = False
            pv = parity(v & mask)
            for k in split_k:
                m = n - k
                if m >= (3 if unequal else 2) and pv == ((m & 1) if domain else 0):
                    dense = True
            if not dense:
                c = v
                break
            missing += 1
        steps += c
        # 3. Look for those witnesses among all splits, the smaller part growing
        #    (for every split digit at once: a witness may exist for one digit only).
        if missing > 0:
            if split_k.shape[0] == 1:
                steps += _witnesses_one(out, stamp, n, n - split_k[0], c, unequal)
            else:
                steps += _witnesses(out, stamp, n, split_k, c, missing, unequal)
        g = c
        for v in range(c):
            if stamp[v] != n:
                g = v
                break
        if g > top_value:
            return (
                OVERFLOW, n, steps, mask, domain, sigma, rare, rare_values, n_rare, chosen_at,
                rare_at_choice, top,
            )  # fmt: skip
        out[n] = g
        top = max(top, g)
        if g >= limit:  # a new bit: every option value may now reach twice as far
            limit *= 2
            bigger = np.full(limit + 1, -1, dtype=np.int64)
            bigger[: stamp.shape[0]] = stamp
            stamp = bigger
        # 4. Keep the rare list (and re-choose the classification if it keeps growing).
        if _is_rare(g, n, mask, domain, sigma):
            rare = _push(rare, n_rare, n)
            rare_values = _push(rare_values, n_rare, g)
            n_rare += 1
            if n_rare > 2 * rare_at_choice + 32 and n >= 2 * chosen_at:
                mask, domain, sigma = _choose(out, n + 1, split_k)
                rare, rare_values, n_rare = rare_list(out, n + 1, mask, domain, sigma)
                steps += n + (1 << MASK_BITS)
                chosen_at, rare_at_choice = n, n_rare
    return (
        OK, stop, steps, mask, domain, sigma, rare, rare_values, n_rare, chosen_at,
        rare_at_choice, top,
    )  # fmt: skip


def sparse_sequence(
    digits: tuple[int, ...],
    unequal: bool,
    count: int,
    steps_allowed: int,
    prefix: np.ndarray | None = None,
) -> tuple[np.ndarray, SparseInfo]:
    """G(0..count-1) in ``uint16`` (``uint32`` if a value needs it) and how the run went.

    ``prefix``, the values already known for the first heaps, is extended
    rather than computed again.
    """
    d = np.asarray(digits, dtype=np.int64)
    known = np.zeros(0, dtype=np.uint16) if prefix is None else prefix[:count]
    for dtype in (np.uint16, np.uint32):
        if known.dtype.itemsize > np.dtype(dtype).itemsize:
            continue
        out = np.zeros(count, dtype=dtype)
        out[: len(known)] = known
        info = SparseInfo(*sparse_octal(d, unequal, out, steps_allowed, len(known)))
        if info.status != OVERFLOW:
            return out, info
    raise OverflowError("a Grundy value does not fit in 32 bits")
