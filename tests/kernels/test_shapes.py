"""Choosing a kernel by the shape of the game, and refusing work and memory up front."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import nimlab
from nimlab.errors import TooLarge
from nimlab.games.heap import GrundyGame, Subtraction
from nimlab.kernels.shapes import (
    DIAGONAL,
    K_REDUCE,
    REDUCE,
    SPLIT_KEEP,
    SUMS,
    as_array,
    k_heap_moves,
    one_heap_array,
    one_heap_work,
    smallest_unsigned,
    two_heap_moves,
)
from nimlab.limits import Limits


def test_kernels_by_shape() -> None:
    assert two_heap_moves(nimlab.game("wythoff")) == REDUCE | DIAGONAL
    assert two_heap_moves(nimlab.game("split-delete-nim:half")) == REDUCE | SUMS
    assert two_heap_moves(nimlab.game("delete-nim:all-but-one")) == SUMS
    assert two_heap_moves(nimlab.game("nim")) is None
    single = nimlab.game("split-delete-nim:single")
    assert k_heap_moves(single, 3) == K_REDUCE | SPLIT_KEEP
    assert k_heap_moves(single, 5) is None
    assert k_heap_moves(nimlab.game("wythoff"), 3) is None
    assert one_heap_work(nimlab.game("wythoff"), 10) is None  # type: ignore[arg-type]
    assert one_heap_work(Subtraction((1, 2)), 10) == 20


def test_values_are_stored_in_the_smallest_unsigned_type() -> None:
    assert smallest_unsigned(0) is np.uint8 and smallest_unsigned(65536) is np.uint32
    assert as_array([1, 300]).dtype == np.uint16
    with pytest.raises(OverflowError):
        smallest_unsigned(2**64)


def test_one_heap_array_matches_the_reference() -> None:
    budget = Limits().budget()
    assert one_heap_array(nimlab.game("nim"), 5, budget).tolist() == [0, 1, 2, 3, 4]  # type: ignore[arg-type]
    grundy = one_heap_array(GrundyGame(), 300, budget)
    assert grundy[:12].tolist() == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]


def test_a_sequence_of_10_to_the_8_fits_in_100_megabytes() -> None:
    # uint8 values: 10^8 of them are 10^8 bytes; a limit of 99 MB is refused up front.
    limits = Limits(max_states=10**9, max_memory=99_000_000)
    with pytest.raises(TooLarge, match="max_memory"):
        one_heap_array(Subtraction((2, 4, 7)), 10**8, limits.budget())


def test_work_over_the_state_limit_is_refused_before_allocating() -> None:
    with pytest.raises(TooLarge, match="max_states"):
        one_heap_array(Subtraction((2, 4, 7)), 10**15, Limits().budget())
    with pytest.raises(TooLarge, match="max_states"):  # the sparse kernel stops on its budget
        one_heap_array(nimlab.game("octal:0.6"), 200_000, Limits(max_states=10_000).budget())  # type: ignore[arg-type]


def test_small_commands_never_load_numba() -> None:
    code = (
        "import sys; from nimlab.cli.main import main; "
        "main(['analyze', 'nim', '3,4,5']); main(['sequence', 'kayles', '--to', '50']); "
        "print('numba' in sys.modules, 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1].split()[0] == "False"


def test_a_theorem_answer_too_big_for_any_table_never_loads_numpy() -> None:
    # Wythoff's theorem answers; the table that would give the Grundy value is refused first.
    code = (
        "import sys; from nimlab.cli.main import main; "
        f"main(['analyze', 'wythoff', '{10**40},{3 * 10**40}']); "
        "print('numba' in sys.modules, 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "False False"
