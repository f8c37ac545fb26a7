"""Take-and-break codes with hexadecimal digits: the plain mex, heaps broken into up to three.

Digit d_k (k ≥ 0) of a code ``d0.d1d2...``: removing k tokens may leave no
heap (bit 1, k ≥ 1), one heap (bit 2, k ≥ 1), two non-empty heaps (bit 4) or
three non-empty heaps (bit 8). The options leaving three heaps a ≤ b ≤ c with
a + b + c = m are about m²/12 per removal, so a sequence of N values costs
about N³/36 steps per such digit: this kernel is the exact reference for
codes the sparse-space kernel (two heaps at most) does not serve.

>>> take_and_break_sequence((0, 8), 10).tolist()  # 0.8: take one, leave exactly three heaps
[0, 0, 0, 0, 1, 1, 1, 2, 2, 2]
>>> from nimlab.kernels.one_heap import octal_sequence
>>> bool((take_and_break_sequence((0, 7, 7), 300) == octal_sequence((0, 7, 7), 300)).all())
True
"""

from __future__ import annotations

import numpy as np

from nimlab.kernels.arrays import smallest_unsigned
from nimlab.kernels.jit import njit


@njit(cache=True)
def take_and_break_mex(digits: np.ndarray, out: np.ndarray, start: int) -> None:
    """Fill ``out[start:]`` from ``out[:start]`` by the mex over every option of the code."""
    count = out.shape[0]
    limit = 1  # a power of two above every value so far: nim-sums of them stay below it
    for a in range(start):
        while out[a] >= limit:
            limit *= 2
    stamp = np.full(limit + 1, -1, dtype=np.int64)
    for n in range(start, count):
        for k in range(min(digits.shape[0], n + 1)):
            d = digits[k]
            m = n - k
            if d & 1 and m == 0 and k > 0:
                stamp[0] = n
            if d & 2 and m >= 1 and k > 0:
                stamp[out[m]] = n
            if d & 4 and m >= 2:
                for a in range(1, m // 2 + 1):
                    stamp[out[a] ^ out[m - a]] = n
            if d & 8 and m >= 3:
                for a in range(1, m // 3 + 1):
                    ga = out[a]
                    for b in range(a, (m - a) // 2 + 1):
                        stamp[ga ^ out[b] ^ out[m - a - b]] = n
        g = 0
        while stamp[g] == n:
            g += 1
        out[n] = g
        if g >= limit:  # a new bit: option values may now reach twice as far
            limit *= 2
            bigger = np.full(limit + 1, -1, dtype=np.int64)
            bigger[: stamp.shape[0]] = stamp
            stamp = bigger


def take_and_break_sequence(
    digits: tuple[int, ...], count: int, prefix: np.ndarray | None = None
) -> np.ndarray:
    """G(0..count-1) of the code ``digits`` (each 0..15), extending ``prefix`` if given.

    ``uint32`` holds the values of any count this cubic kernel can reach.
    """
    d = np.asarray(digits, dtype=np.int64)
    out = np.zeros(count, dtype=np.uint32)
    known = 0
    if prefix is not None:
        known = min(len(prefix), count)
        out[:known] = prefix[:known]
    if count:
        take_and_break_mex(d, out, known)
    return out.astype(smallest_unsigned(int(out.max(initial=0))))
