"""How many witness splits a heap needs, by the order its splits are looked at.

The sparse-space method proves every dense value below c is an option of heap n by a
witness split (docs/engine.md). This study takes heaps near the end of 0.6 and of
Grundy's game and counts the splits looked at until each heap's dense values are all
found, for two orders of the smaller part a:

* in order: a = 1024, 1025, … then 1 … 1023 (the block engine's far range, then the
  parts in the block);
* sampled: first ``--samples`` parts a = 1024 + j·s (one in every s), then in order.

Run (about a minute; values from the block engine):

    .venv/bin/python research/octal/witness_order.py --log2 21
"""

from __future__ import annotations

import argparse

import numpy as np
from numba import njit

from nimlab.kernels.bits import parity
from nimlab.kernels.sparse_blocks import block_sequence, initial_state

GAMES = {"0.6": ((0, 6), False, 1), "grundy-game": ((4,), True, 0)}


@njit(cache=True)
def _splits_needed(
    out: np.ndarray,
    mask: int,
    rare: np.ndarray,
    heaps: np.ndarray,
    k: int,
    unequal: bool,
    stride: int,
    samples: int,
) -> np.ndarray:
    """For each heap, the splits looked at until its dense values below G(n) are found."""
    needed = np.zeros(heaps.shape[0], dtype=np.int64)
    for h in range(heaps.shape[0]):
        n = heaps[h]
        m = n - k
        half = m // 2
        if unequal and 2 * half == m:
            half -= 1
        given = np.zeros(1 << 16, dtype=np.bool_)
        for r in rare:
            if r < m and not (unequal and 2 * r == m):
                given[out[r] ^ out[m - r]] = True
        missing = np.zeros(1 << 16, dtype=np.bool_)
        left = 0
        for v in range(int(out[n])):
            if parity(v & mask) == 0 and not given[v]:
                missing[v] = True
                left += 1
        looked = 0
        order = 0
        while left > 0 and order < 3:
            if order == 0:
                a, stop, step, most = 1024, half + 1, stride, samples
            elif order == 1:
                a, stop, step, most = 1024, half + 1, 1, half
            else:
                a, stop, step, most = 1, min(1024, half + 1), 1, half
            count = 0
            while left > 0 and a < stop and count < most:
                x = out[a] ^ out[m - a]
                looked += 1
                count += 1
                if missing[x]:
                    missing[x] = False
                    left -= 1
                a += step
            order += 1
        needed[h] = looked
    return needed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log2", type=int, default=21, help="values computed: 2^LOG2")
    parser.add_argument("--samples", type=int, default=4096)
    args = parser.parse_args()
    count = 2**args.log2
    print(f"heaps N-8192 … N-1, every 7th, N = 2^{args.log2}; witness splits a heap needs")
    print("| game | order | mean | median | 90th percentile |")
    print("|---|---|---:|---:|---:|")
    for name, (digits, unequal, k) in GAMES.items():
        out, _ = block_sequence(digits, unequal, count)
        state = initial_state(digits, out, count)
        assert not state.domain  # the dense values are then those of even parity(v & mask)
        rare = state.rare[: state.n_rare]
        heaps = np.arange(count - 8192, count - 1, 7, dtype=np.int64)
        for stride in (0, 3, 5, 13, 17, 23):
            samples = 0 if stride == 0 else args.samples
            looked = _splits_needed(
                out, state.mask, rare, heaps, k, unequal, max(stride, 1), samples
            )
            order = "in order" if stride == 0 else f"1 in {stride}, then in order"
            print(
                f"| {name} | {order} | {looked.mean():,.0f} | {np.median(looked):,.0f} "
                f"| {np.percentile(looked, 90):,.0f} |"
            )


if __name__ == "__main__":
    main()
