"""Bit helpers shared by the kernels: trailing zeros, parity, bitset mex, dtypes, and
the cycle counter.

>>> import numpy as np
>>> int(ctz(np.uint64(40))), int(parity(np.int64(7)))
(3, 1)
>>> words = np.zeros(2, dtype=np.uint64)
>>> set_bit(words, 0); set_bit(words, 1); set_bit(words, 3)
>>> int(mex_of(words, words, words))
2
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from nimlab.kernels.jit import njit

ALL_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True, inline="always")
def ctz(x: Any) -> Any:
    """The number of trailing zero bits of a non-zero word (one machine instruction)."""
    return trailing_zeros(x)  # type: ignore[call-arg]  # an intrinsic: numba adds the context


@njit(cache=True, inline="always")
def parity(x: int) -> int:
    """1 if ``x`` has an odd number of 1 bits (x < 2^32), else 0."""
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


@njit(cache=True, inline="always")
def set_bit(words: np.ndarray, v: int) -> None:
    """Add ``v`` to the bitset ``words``."""
    words[v >> 6] |= np.uint64(1) << np.uint64(v & 63)


@njit(cache=True)
def mex_of(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> int:
    """The least value in none of the three bitsets (the mex of their union)."""
    for i in range(a.shape[0]):
        w = a[i] | b[i] | c[i]
        if w != ALL_ONES:
            return i * 64 + int(ctz(~w))
    return int(a.shape[0]) * 64


COUNTER = "llvm.readcyclecounter"


@intrinsic
def _read_cycle_counter(typingctx: Any) -> Any:  # pragma: no cover - compiled
    """LLVM's cycle counter intrinsic (``rdtsc`` on x86): no call into any library, so a
    function using it is cached like any other."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        counter = builder.module.globals.get(COUNTER)
        if counter is None:
            counter = ir.Function(builder.module, ir.FunctionType(ir.IntType(64), []), COUNTER)
        return builder.call(counter, [])

    return types.uint64(), codegen


@njit(cache=True, inline="always")
def cycles() -> Any:
    """The processor's cycle counter (``rdtsc``): for sharing work out by time, never
    for results."""
    return _read_cycle_counter()  # type: ignore[call-arg]  # numba adds the context
