"""The block (parallel) sparse-space engine against the sequential one, the naive mex and OEIS.

The sequential engine (:func:`nimlab.kernels.sparse.sparse_sequence`) and the
naive recursion (:func:`nimlab.kernels.one_heap.octal_sequence`) are separate
code paths. Every octal code 0.d1d2d3 with a splitting digit is compared to
2^16 when ``NIMLAB_ALL_OCTAL_CODES=1`` (448 codes; 12 minutes on the shared 2-core
machine with the tiled engine, most of it in the codes without sparse space, O(n²) in
both engines; ``NIMLAB_ALL_OCTAL_LOG2`` sets another length); otherwise a seeded random
sample of them to 2^14.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.kernels.one_heap import octal_sequence
from nimlab.kernels.sparse import OK, OVERFLOW, sparse_sequence
from nimlab.kernels.sparse_blocks import (
    BLOCK,
    FEW,
    START,
    _classes,
    _early_pass,
    _far_pass,
    _probe_few,
    _split_digits,
    block_extend,
    block_sequence,
    initial_state,
)
from strategies_kernels import octal_digits

PAST_START = START + 3 * BLOCK + 17  # three blocks and a partial one

# OEIS A002188, Sprague-Grundy values of Grundy's game, n = 0..104 (offset 0).
A002188 = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
    3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
    2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
    7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
]  # fmt: skip
# OEIS A002186, Kayles (0.77), n = 0..104; "from n = 71 on periodic with period 12".
A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
    7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
    7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
]  # fmt: skip
# OEIS A002187, Dawson's Chess (0.137), n = 0..131; Dawson's Kayles (0.07) has a(n-1);
# "period 34 with the only exceptions at n = 0, 14, 16, 17, 31, 34 and 51".
A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
    1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
    3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
]  # fmt: skip


def three_digit_codes() -> list[tuple[int, ...]]:
    """Every octal code 0.d1d2d3 (trailing zeros dropped) with a splitting digit."""
    codes = set()
    for rest in product(range(8), repeat=3):
        if any(d & 4 for d in rest):
            digits = (0, *rest)
            while digits[-1] == 0:
                digits = digits[:-1]
            codes.add(digits)
    return sorted(codes)


def test_there_are_448_codes() -> None:
    assert len(three_digit_codes()) == 8**3 - 4**3


ALL = os.environ.get("NIMLAB_ALL_OCTAL_CODES") == "1"
# 0.064 and 0.446 split at two digits: a witness probe that switched to comparing against
# the few values still wanted between one digit's run and the next compared against a
# list not filled yet, and 0.064 went wrong from heap 4,443 on.
TWO_SPLIT_DIGITS = [(0, 0, 6, 4), (0, 4, 4, 6)]
CODES = (
    three_digit_codes()
    if ALL
    else random.Random(14).sample(three_digit_codes(), 6) + TWO_SPLIT_DIGITS
)
LENGTH = 2 ** int(os.environ.get("NIMLAB_ALL_OCTAL_LOG2", "16")) if ALL else 2**14


@pytest.mark.parametrize("digits", CODES, ids=lambda d: "0." + "".join(map(str, d[1:])))
def test_blocks_equal_the_sequential_engine(digits: tuple[int, ...]) -> None:
    sequential, info = sparse_sequence(digits, False, LENGTH, 10**14)
    assert info.status == OK
    parallel, blocks = block_sequence(digits, False, LENGTH)
    assert blocks.status == OK and blocks.done == LENGTH
    assert np.array_equal(parallel, sequential)


@settings(max_examples=12, deadline=None)
@given(octal_digits(splitting=True), st.integers(0, 2 * BLOCK))
def test_blocks_equal_the_naive_mex(digits: tuple[int, ...], extra: int) -> None:
    count = START + BLOCK + extra
    values, info = block_sequence(digits, False, count)
    assert info.status == OK
    assert values.tolist() == octal_sequence(digits, count).tolist()


def test_grundy_game_equals_the_naive_mex_and_oeis() -> None:
    values, _ = block_sequence((4,), True, PAST_START)
    assert values[: len(A002188)].tolist() == A002188
    assert values.tolist() == octal_sequence((4,), PAST_START, unequal=True).tolist()


def test_kayles_oeis_and_its_period() -> None:
    values, _ = block_sequence((0, 7, 7), False, 4 * START)
    assert values[: len(A002186)].tolist() == A002186
    n = np.arange(83, 4 * START)
    assert (values[n] == values[n - 12]).all()  # periodic from 71, period 12


def test_dawsons_kayles_oeis_and_its_period() -> None:
    values, _ = block_sequence((0, 0, 7), False, 2 * START)
    assert values[1 : len(A002187) + 1].tolist() == A002187  # 0.07: a(n - 1)
    n = np.arange(52 + 1 + 34, 2 * START)  # the last exception of a is 51, of 0.07 is 52
    assert (values[n] == values[n - 34]).all()


def test_grundy_game_rare_values_agree_with_the_sequential_engine() -> None:
    # Past the last rare heap of Grundy's game below 2^17 (82860; Flammenkamp's list).
    count = 2**17
    sequential, _ = sparse_sequence((4,), True, count, 10**14)
    parallel, info = block_sequence((4,), True, count)
    assert np.array_equal(parallel, sequential)
    assert info.state.n_rare == 1273


def test_couples_to_2_to_the_17_equal_the_sequential_engine() -> None:
    # 0.6 past its last rare heap (20,627), through the tiled witness stages: a near pass
    # that went on only from where the far search stopped, after a move leaving one heap
    # raised c past the values that search looked for, missed options from heap 4,407 on.
    count = 2**17
    sequential, _ = sparse_sequence((0, 6), False, count, 10**14)
    parallel, info = block_sequence((0, 6), False, count)
    assert info.status == OK and np.array_equal(parallel, sequential)


def test_the_tiles_do_not_depend_on_the_threads() -> None:
    import numba

    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one, _ = block_sequence((4,), True, 3 * START)
    finally:
        numba.set_num_threads(before)
    every, _ = block_sequence((4,), True, 3 * START)
    assert np.array_equal(one, every)


@pytest.mark.parametrize(("digits", "unequal"), [((0, 6), False), ((4,), True)])
def test_the_values_and_steps_are_those_of_one_thread_with_two(
    digits: tuple[int, ...], unequal: bool
) -> None:
    # Block k's near pass runs beside block k + 1's far pass, cut at block k's start:
    # the work a run counts (its budget) must not depend on how the threads met.
    import numba

    count = 12 * START
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one, one_info = block_sequence(digits, unequal, count)
    finally:
        numba.set_num_threads(before)
    for _ in range(2):
        every, info = block_sequence(digits, unequal, count)
        assert np.array_equal(one, every) and info.steps == one_info.steps


def _far_pass_of(
    digits: tuple[int, ...], unequal: bool, b: int, early: tuple[int, int, int] | None
) -> tuple[np.ndarray, ...]:
    """The far pass of the block b..b+BLOCK-1 on the true values below b: whole, or
    after the early pairs (``early`` = count of rare heaps known, offset, first index)."""
    values, _ = block_sequence(digits, unequal, b)
    out = np.zeros(b + BLOCK, dtype=values.dtype)
    out[:b] = values
    state = initial_state(digits, out, b)
    _, _, split_k = _split_digits(np.asarray(digits, dtype=np.int64))
    limit = 64
    while limit <= int(values.max()):
        limit *= 2
    classes = _classes(state.mask, limit, limit // 64)
    hits = np.full((BLOCK, limit // 64), 12345, dtype=np.uint64)  # junk the passes clear
    a_start, a_end, reach = (np.zeros(BLOCK, dtype=np.int64) for _ in range(3))
    steps = 0
    extra: tuple[int, ...] = ()
    if early is not None:
        steps += _early_pass(out, b, BLOCK, split_k, unequal, state.rare, *early, hits)
        extra = early
    steps += _far_pass(
        out, b, BLOCK, split_k, unequal, state.domain, state.rare, state.n_rare, classes,
        limit, hits, a_start, a_end, reach, *extra,
    )  # fmt: skip
    return hits, a_start, a_end, reach, np.array([steps])


@pytest.mark.parametrize(
    ("digits", "unequal"),
    [
        ((0, 6), False),
        ((4,), True),
        ((0, 4, 5), False),
        ((0, 0, 6, 4), False),
        ((0, 1, 4, 6), True),
    ],
)
def test_the_early_pairs_and_the_rest_are_the_whole_far_pass(
    digits: tuple[int, ...], unequal: bool
) -> None:
    # The near pass of a block runs beside the rare pairs of the next block whose partners
    # lie below it (the early pairs); the far pass then pairs the rest. Together they must
    # mark exactly what the whole far pass marks, take the same steps and leave the same
    # witness bookkeeping, wherever the early pairs start (moved to even out the threads).
    b = 6 * START
    whole = _far_pass_of(digits, unequal, b, None)
    values, _ = block_sequence(digits, unequal, b)
    state = initial_state(digits, values, b - BLOCK)  # the rare heaps known a block before
    assert state.n_rare > 0
    for first in (0, 1, state.n_rare // 3, state.n_rare // 2, state.n_rare, state.n_rare + 7):
        split = _far_pass_of(digits, unequal, b, (state.n_rare, BLOCK, first))
        for a, c in zip(whole, split, strict=True):
            assert np.array_equal(a, c), first
    # Codes of several split digits (k = 2, 3) have early pairs too; in 0.45 every rare heap
    # is below 200, so nothing is early there (the review of 2026-11-27).
    values, _ = block_sequence(digits, unequal, b + BLOCK)
    _, _, split_k = _split_digits(np.asarray(digits, dtype=np.int64))
    hits = np.zeros((BLOCK, whole[0].shape[1]), dtype=np.uint64)
    early = _early_pass(
        values, b, BLOCK, split_k, unequal, state.rare, state.n_rare, BLOCK, 0, hits
    )
    assert (early > 0) == (digits != (0, 4, 5)), early


def test_the_threads_spin_briefly_unless_told_otherwise() -> None:
    # Set as the OpenMP threads start (libgomp shows what it read: OMP_DISPLAY_ENV); a
    # user's own OMP_WAIT_POLICY or GOMP_SPINCOUNT is left as it is (docs/engine.md has
    # the figures behind 600), and the process's environment is its own again after.
    script = (
        "import os, nimlab.kernels.sparse_blocks\n"
        "print(os.environ.get('OMP_WAIT_POLICY'), os.environ.get('GOMP_SPINCOUNT'))"
    )
    bare = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    for extra, read, expected in [
        ({}, {"OMP_WAIT_POLICY": "'PASSIVE'", "GOMP_SPINCOUNT": "'600'"}, "None None"),
        ({"OMP_WAIT_POLICY": "ACTIVE"}, {}, "ACTIVE None"),
        ({"GOMP_SPINCOUNT": "0"}, {}, "None 0"),
    ]:
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True,
            env={**bare, **extra, "OMP_DISPLAY_ENV": "VERBOSE"}, timeout=120,
        )  # fmt: skip
        assert done.stdout.split() == expected.split(), done.stderr[-500:]
        shown = dict(
            line.strip().split(" = ", 1) for line in done.stderr.splitlines() if " = " in line
        )
        assert {name: shown.get(name) for name in read} == read, done.stderr[-800:]


@given(st.integers(1, 5), st.integers(START // 2, 3 * START))
@settings(max_examples=8, deadline=None)
def test_a_run_cut_anywhere_and_resumed_is_the_same(cuts: int, count: int) -> None:
    whole, _ = block_sequence((0, 6), False, count)
    out = np.zeros(count, dtype=np.uint16)
    stops = sorted({count * (i + 1) // (cuts + 1) for i in range(cuts)} | {count})
    done = 0
    for stop in stops:  # a fresh state each time, as after a restart
        info = block_extend((0, 6), False, out, done, stop)
        assert info.status == OK and info.done == stop
        done = stop
    assert np.array_equal(out, whole)


def test_a_sequence_goes_on_from_its_first_values_with_or_without_the_state() -> None:
    whole, _ = block_sequence((0, 6), False, 12_000)
    first, info = block_sequence((0, 6), False, 6_000)
    more, rest = block_sequence((0, 6), False, 12_000, first, info.state)
    assert rest.status == OK and np.array_equal(more, whole)
    # From 8-bit values and no state: the state is rebuilt, and 0.6's value 256 at heap
    # 10,344 makes the rest go on in 32 bits.
    wide, rest = block_sequence((0, 6), False, 12_000, first.astype(np.uint8))
    assert rest.status == OK and wide.dtype == np.uint32 and np.array_equal(wide, whole)


def test_a_value_past_the_dtype_stops_with_overflow_and_widening_continues() -> None:
    # 0.6's values pass 255 first at heap 10,344: an 8-bit array meets the overflow.
    count = 12_000
    reference, _ = sparse_sequence((0, 6), False, count, 10**12)
    narrow = np.zeros(count, dtype=np.uint8)
    info = block_extend((0, 6), False, narrow, 0, count)
    assert info.status == OVERFLOW and info.done == 10_344
    assert np.array_equal(narrow[: info.done], reference[: info.done])
    assert info.state.top == int(narrow[: info.done].max())  # the value past 255 not kept
    wide = narrow.astype(np.uint16)
    rest = block_extend((0, 6), False, wide, info.done, count, info.state)
    assert rest.status == OK and np.array_equal(wide, reference)
    assert rest.state.top == int(reference.max())


@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 200),
    st.lists(st.integers(0, 300), min_size=1, max_size=FEW),
    st.sampled_from([400, 65_535]),
)
@settings(max_examples=200, deadline=None)
def test_the_few_values_probe_finds_a_split_exactly_when_there_is_one(
    seed: int, count: int, wanted: list[int], top: int
) -> None:
    # The compare probe of the witness search against a plain check (uint16 values: the
    # other widths take the byte table).
    rng = np.random.default_rng(seed)
    out = rng.integers(0, top + 1, 3 * count + 10).astype(np.uint16)
    a = int(rng.integers(0, count + 1))
    m = a + count - 1 + int(rng.integers(0, count + 1))
    few = np.array(wanted + [wanted[0]] * (FEW - len(wanted)), dtype=np.int64)
    plain = any(int(out[a + t]) ^ int(out[m - t]) in wanted for t in range(count))
    assert _probe_few(out, a, m, count, few) == plain


@pytest.mark.parametrize(
    ("digits", "unequal", "b"),
    [((0, 6), False, 10), ((4,), True, 9), ((0, 0, 0, 0, 0, 6), False, 5), ((0, 4, 0, 4), True, 4)],
)
def test_the_dense_and_exact_rows_by_parity_are_those_of_every_heap(
    digits: tuple[int, ...], unequal: bool, b: int
) -> None:
    from nimlab.kernels.sparse_blocks import (
        _by_parity,
        _classes,
        _dense,
        _dense_exact,
        _split_digits,
    )

    _, _, split_k = _split_digits(np.array(digits, dtype=np.int64))
    for mask in (1, 6, 494):
        classes = _classes(mask, 512, 8)
        every = classes[0] | classes[1]
        for domain in (False, True):
            rows, uniform = _by_parity(classes, b, split_k, unequal, domain)
            assert uniform == (b - max(split_k) >= (3 if unequal else 2))
            own = np.empty((2, 8), dtype=np.uint64)
            for n in range(b, b + 6):
                d = np.empty(8, dtype=np.uint64)
                _dense(classes, n, split_k, unequal, domain, d)
                if uniform:
                    assert np.array_equal(rows[n & 1, 0], d)
                    assert np.array_equal(rows[n & 1, 1], every & ~d)
                elif n < b + 2:  # the rows are still those of b and b + 1 themselves
                    assert np.array_equal(rows[n & 1, 0], d)
                dense, exact = _dense_exact(
                    classes, n, split_k, unequal, domain, rows, uniform, own
                )  # every heap, uniform or not, gets its own rows
                assert np.array_equal(dense, d) and np.array_equal(exact, every & ~d)


BOUNDS_SCRIPT = """
import numpy as np
from nimlab.kernels.sparse import sparse_sequence
from nimlab.kernels.sparse_blocks import START, block_extend, block_sequence
cases = [((0, 0, 6, 4), False, 2**14), ((0, 4, 4, 6), False, 2**14), ((4,), True, 3 * START)]
for digits, unequal, count in cases:
    reference, _ = sparse_sequence(digits, unequal, count, 10**14)
    values, _ = block_sequence(digits, unequal, count)
    assert np.array_equal(values, reference), digits
narrow = np.zeros(12_000, dtype=np.uint8)  # 0.6 passes 255 inside a block
info = block_extend((0, 6), False, narrow, 0, 12_000)
wide = narrow.astype(np.uint16)
block_extend((0, 6), False, wide, info.done, 12_000, info.state)
assert np.array_equal(wide, sparse_sequence((0, 6), False, 12_000, 10**12)[0])
print("in bounds")
"""


def test_the_block_engine_stays_in_bounds(tmp_path: Path) -> None:
    # Numba does not check indexes; compiled afresh with NUMBA_BOUNDSCHECK=1 every array
    # access is checked. A value past the bitsets' limit at the end of a block, pushed
    # into later heaps' bitsets, once wrote past them (and crashed on 0.064).
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", BOUNDS_SCRIPT], capture_output=True, text=True, env=env, timeout=900
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "in bounds"
