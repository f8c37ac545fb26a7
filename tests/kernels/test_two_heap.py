"""Two-heap kernels against the generic solver, for every two-heap game they serve."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.kernels.shapes import two_heap_moves
from nimlab.kernels.two_heap import grundy_table_2, p_positions_2, table_bytes
from nimlab.solve.search import Search
from strategies import SPECS

GAMES = [spec for spec in SPECS if two_heap_moves(nimlab.game(spec)) is not None]


def _origin(spec: str) -> int:
    return 0 if spec == "wythoff" else 1


@pytest.mark.parametrize("spec", GAMES)
@given(size=st.integers(0, 11))
def test_grundy_table_matches_the_generic_solver(spec: str, size: int) -> None:
    game = nimlab.game(spec)
    moves = two_heap_moves(game)
    assert moves is not None
    lo = _origin(spec)
    table = grundy_table_2(moves, lo, size)
    search = Search(game)  # the generic solver
    for i in range(size):
        for j in range(size):
            assert table[i, j] == search.grundy(tuple(sorted((lo + i, lo + j))))


@pytest.mark.parametrize("spec", GAMES)
@given(top=st.integers(1, 14))
def test_p_positions_are_the_zeros_of_the_table(spec: str, top: int) -> None:
    moves = two_heap_moves(nimlab.game(spec))
    assert moves is not None
    lo = _origin(spec)
    table = grundy_table_2(moves, lo, top - lo + 1)
    zeros = [
        [a, b] for a in range(lo, top + 1) for b in range(a, top + 1) if table[a - lo, b - lo] == 0
    ]
    assert p_positions_2(moves, lo, top).tolist() == zeros


def test_wythoff_p_positions_are_the_beatty_pairs() -> None:
    pairs = p_positions_2(two_heap_moves(nimlab.game("wythoff")) or 0, 0, 1000).tolist()
    # ⌊kφ⌋, ⌊kφ²⌋ in exact integers: ⌊kφ⌋ = (k + isqrt(5k²)) // 2
    from math import isqrt

    assert pairs == [
        [(k + isqrt(5 * k * k)) // 2, (k + isqrt(5 * k * k)) // 2 + k] for k in range(len(pairs))
    ]


def test_table_bytes_counts_the_table_and_the_bitsets() -> None:
    moves = two_heap_moves(nimlab.game("wythoff")) or 0
    assert table_bytes(moves, 0, 4096) > 4096 * 4096 * 2
