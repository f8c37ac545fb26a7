"""Bit helpers against their definitions."""

from __future__ import annotations

import time

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from nimlab.kernels.bits import ctz, cycles, mex_of, parity, set_bit


@given(st.integers(1, 2**64 - 1))
def test_ctz(x: int) -> None:
    assert int(ctz(np.uint64(x))) == (x & -x).bit_length() - 1


@given(st.integers(0, 2**32 - 1))
def test_parity(x: int) -> None:
    assert int(parity(np.int64(x))) == bin(x).count("1") % 2


@given(st.lists(st.sets(st.integers(0, 191), max_size=40), min_size=3, max_size=3))
def test_mex_of_three_bitsets(sets: list[set[int]]) -> None:
    words = [np.zeros(3, dtype=np.uint64) for _ in sets]
    for w, values in zip(words, sets, strict=True):
        for v in values:
            set_bit(w, v)
    union = set().union(*sets)
    assert int(mex_of(*words)) == min(set(range(193)) - union)


@njit(cache=True)
def _cycles_apart() -> tuple[int, int]:
    return int(cycles()), int(cycles())


def test_the_cycle_counter_goes_forward_with_time() -> None:
    # The block engine shares work between its two threads by these counts (never the
    # values): the counter must run forward, at a steady rate, inside compiled code.
    first, second = _cycles_apart()
    assert second >= first > 0
    start, _ = _cycles_apart()
    time.sleep(0.05)
    end, _ = _cycles_apart()
    assert end - start > 1_000_000  # 50 ms at any clock above 20 MHz
