"""Bit helpers against their definitions."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from nimlab.kernels.bits import ctz, mex_of, parity, set_bit


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
