"""The shared pieces: v2, nim-sums, and how a Theorem lists winning moves."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.theory.common import MOVE_SCAN_LIMIT, nim_sum, scan_winning_moves, v2
from nimlab.theory.take_away import FIBONACCI_NIM


@given(st.integers(1, 10**60))
def test_v2(n: int) -> None:
    k = v2(n)
    assert n % 2**k == 0 and (n >> k) % 2 == 1


def test_v2_needs_a_positive_number() -> None:
    with pytest.raises(ValueError):
        v2(0)


def test_nim_sum() -> None:
    assert nim_sum([]) == 0 and nim_sum([3, 4, 5]) == 2 and nim_sum([7, 7]) == 0


def test_scan_winning_moves() -> None:
    g = nimlab.game("nim")
    moves = scan_winning_moves(g, (1, 2, 4), lambda p: nim_sum(p) == 0)
    assert [m.to for m in moves] == [(1, 2, 3)]  # type: ignore[union-attr]
    assert scan_winning_moves(g, (1, 2, 4), lambda p: True, limit=3) is None


def test_a_theorem_lists_every_winning_move_when_few_else_its_own() -> None:
    g = nimlab.game("fibonacci-nim")
    few = FIBONACCI_NIM.analyze(g, (31, 30))
    assert few.complete and len(few.winning_moves) == 2
    many = FIBONACCI_NIM.analyze(g, (10**6 + 1, 10**6))
    assert not many.complete and [m.to for m in many.winning_moves] == [(10**6, 2)]
    assert FIBONACCI_NIM.move_count(g, (10**6 + 1, 10**6)) > MOVE_SCAN_LIMIT
