"""Which of the two exact octal engines runs, chosen by timing both on the sequence itself.

The block engine (:func:`nimlab.kernels.sparse_blocks.block_extend`) uses every core and
wins when a heap costs thousands of steps (0.6, Grundy's game, 0.14: 2.4–3.3× the
sequential kernel from 2^20 to 2^21 on the 2-core machine). The sequential kernel
(:func:`nimlab.kernels.sparse_blocks.sequential_extend`) has less bookkeeping a heap and
wins when a heap costs a few hundred steps (4.344 2.9×, 4.406 1.8×, 0.104 2×). The steps
a value do not tell the two apart (0.054 at 137 steps a value is faster in blocks, 4.344
at 213 is not), so :class:`OctalRun` times them: below ``trial_from`` heaps it runs the
sequential kernel (the block engine's first call costs about half a second to load);
from there, each time the sequence has doubled (every third time once one engine is
clearly faster), a few thousand heaps run on each engine and the faster per heap is kept.
Both engines carry the same state and give the same values (tests), so the choice
changes the time, never an answer.

>>> import numpy as np
>>> from nimlab.kernels.sparse_blocks import block_sequence
>>> run = OctalRun((0, 6), False, trial_from=8192)
>>> out, done = np.zeros(40_000, dtype=np.uint16), 0
>>> for stop in (8192, 16_384, 40_000):
...     done = run.extend(out, done, stop).done
>>> bool((out == block_sequence((0, 6), False, 40_000)[0]).all()), sorted(run.seconds_per_heap)
(True, ['blocks', 'sequential'])
"""

from __future__ import annotations

import threading
import time

import numpy as np

from nimlab.kernels.sparse import OK, OVER_BUDGET, OVERFLOW, SparseInfo, sparse_sequence
from nimlab.kernels.sparse_blocks import (
    START,
    BlockInfo,
    BlockState,
    block_extend,
    block_sequence,
    sequential_extend,
)

TRIAL_FROM = 1 << 14
"""Heaps from which the engine not in use is tried (below, the sequential kernel runs)."""
TRIAL_HEAPS = 1 << 13
"""Heaps a trial computes on the engine not in use."""
CLEAR = 1.5
"""Once one engine is this many times faster than the other, trials come at every
third doubling instead of every doubling."""
TRIAL_SECONDS = 2.0
"""The block engine is not tried when the sequential kernel's work left is shorter…"""
LONG = 1 << 17
"""…or, before the sequential kernel was timed, when fewer heaps than this are left."""
FIRST_CHUNK = 1 << 15
"""Heaps in the first chunk of :func:`octal_sequence`; later chunks grow with the sequence."""

ENGINES = ("sequential", "blocks")
_warm: set[bool] = set()


def _warm_up(unequal: bool) -> None:
    """Load the block engine's compiled code once (about half a second), off the clock."""
    if unequal not in _warm:
        block_sequence((4,) if unequal else (0, 6), unequal, START + 2048)
        _warm.add(unequal)


class OctalRun:
    """A sequence of one octal game extended chunk by chunk on the faster engine.

    ``stop``, the length the sequence is meant to reach, spares a short run the
    block engine's loading when the sequential kernel is done sooner. Called from any
    thread but the main one (a Dask worker's, a server's), the run stays on the
    sequential kernel: the work around it is parallel already, and the block engine's
    threads would only compete with it.
    """

    def __init__(
        self,
        digits: tuple[int, ...],
        unequal: bool,
        state: BlockState | None = None,
        trial_from: int = TRIAL_FROM,
        stop: int | None = None,
    ) -> None:
        self.digits, self.unequal, self.state, self.stop = digits, unequal, state, stop
        self.engine = "sequential"
        self.seconds_per_heap: dict[str, float] = {}
        self.next_trial = trial_from

    def extend(
        self, out: np.ndarray, start: int, stop: int, steps_allowed: int = 2**62
    ) -> BlockInfo:
        """Fill ``out[start:stop]`` given ``out[:start]`` (as :func:`block_extend`; the
        sequential kernel also stops with ``OVER_BUDGET`` past ``steps_allowed``).

        At a trial :data:`TRIAL_HEAPS` heaps of the chunk go to the engine not in use, as
        many to the one in use, so both are timed on neighbouring heaps, and the rest to
        the faster per heap, which is kept.
        """
        if start < self.next_trial or not self._worth_a_trial(start):
            return self._run(self.engine, out, start, stop, steps_allowed)
        other = ENGINES[1 - ENGINES.index(self.engine)]
        if other == "blocks":
            _warm_up(self.unequal)
        self.next_trial = 2 * start
        done, steps = start, 0
        for engine in (other, self.engine):  # each on TRIAL_HEAPS heaps, the other first
            info = self._run(engine, out, done, min(stop, done + TRIAL_HEAPS), steps_allowed)
            done, steps, steps_allowed = info.done, steps + info.steps, steps_allowed - info.steps
            if info.status != OK or done >= stop:
                return BlockInfo(info.status, done, steps, info.state)
        rates = sorted(self.seconds_per_heap[e] for e in ENGINES)
        self.engine = min(ENGINES, key=self.seconds_per_heap.__getitem__)
        if rates[1] > CLEAR * rates[0]:
            self.next_trial = 8 * start
        rest = self._run(self.engine, out, done, stop, steps_allowed)
        return BlockInfo(rest.status, rest.done, steps + rest.steps, rest.state)

    def _worth_a_trial(self, start: int) -> bool:
        if self.engine == "blocks":
            return True
        if threading.current_thread() is not threading.main_thread():
            return False  # a Dask or server thread: parallel already, one core each
        if self.stop is None:
            return True
        rate = self.seconds_per_heap.get("sequential")
        if rate is None:  # going on from values computed elsewhere: judged by the length
            return self.stop - start >= LONG
        return rate * (self.stop - start) > TRIAL_SECONDS

    def _run(
        self, engine: str, out: np.ndarray, start: int, stop: int, steps_allowed: int
    ) -> BlockInfo:
        began = time.perf_counter()
        if engine == "blocks":
            info = block_extend(self.digits, self.unequal, out, start, stop, self.state)
        else:
            info = sequential_extend(
                self.digits, self.unequal, out, start, stop, self.state, steps_allowed
            )
        if info.done > start:
            self.seconds_per_heap[engine] = (time.perf_counter() - began) / (info.done - start)
        self.state = info.state
        return info


def octal_sequence(
    digits: tuple[int, ...],
    unequal: bool,
    count: int,
    steps_allowed: int,
    prefix: np.ndarray | None = None,
) -> tuple[np.ndarray, SparseInfo]:
    """As :func:`nimlab.kernels.sparse.sparse_sequence` (the same values, status and
    budget), on the faster engine once the sequence is long enough to try both: chunks
    growing with the sequence, the budget checked after each (the block engine's chunk
    may overrun it by a quarter of the work so far).

    >>> values, info = octal_sequence((4,), True, 5000, 10**12)
    >>> values[:12].tolist(), info.status
    ([0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2], 0)
    """
    known = 0 if prefix is None else min(len(prefix), count)
    if count < 2 * TRIAL_FROM or known >= count:
        return sparse_sequence(digits, unequal, count, steps_allowed, prefix)
    wide = prefix is not None and prefix.dtype.itemsize > 2
    out = np.zeros(count, dtype=np.uint32 if wide else np.uint16)
    if prefix is not None:
        out[:known] = prefix[:known]
    run = OctalRun(digits, unequal, trial_from=TRIAL_FROM, stop=count)
    done, steps, status = known, 0, OK
    while done < count and status == OK:
        stop = min(count, done + max(FIRST_CHUNK, done // 4))
        info = run.extend(out, done, stop, steps_allowed - steps)
        done, steps, status = info.done, steps + info.steps, info.status
        if status == OVERFLOW and out.dtype == np.uint16:
            out, status = out.astype(np.uint32), OK
        elif status == OVERFLOW:
            raise OverflowError("a Grundy value does not fit in 32 bits")
        if status == OK and steps > steps_allowed and done < count:
            status = OVER_BUDGET
    state = run.state
    assert state is not None
    return out, SparseInfo(status, done, steps, state.mask, state.domain, state.n_rare)
