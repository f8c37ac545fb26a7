"""Fibonacci representations, up/down and the take-away sequences H, against definitions."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlab.theory import zeckendorf as z

HUGE = st.integers(0, 10**80)


def test_seed000_examples() -> None:
    # §3: φ(31) = 1010010 = f7 + f5 + f2; ℓ(31) = 2, ℓ(29) = 8, ℓ(21) = 21.
    assert z.code(31) == "1010010" and z.zeckendorf(31) == [7, 5, 2]
    assert (z.smallest_term(31), z.smallest_term(29), z.smallest_term(21)) == (2, 8, 21)
    # Codes missing from Game III's table all have adjacent 1s: 11, 110, 111, 1011, ...
    codes = {z.code(n) for n in range(1, 200)}
    assert not {"11", "110", "111", "1011", "1100"} & codes


def test_seed002_examples() -> None:
    # 30 = F7 + F5 + F1, 1000 = F15 + F6, 40 = F8 + F4 + F1, 10 = F5 + F2.
    assert z.zeckendorf(30) == [7, 5, 1]
    assert z.zeckendorf(1000) == [15, 6]
    assert z.zeckendorf(40) == [8, 4, 1] and z.zeckendorf(10) == [5, 2]


@given(HUGE)
def test_representation_is_zeckendorf(n: int) -> None:
    indices = z.zeckendorf(n)
    assert sum(z.fibonacci(k) for k in indices) == n
    assert all(i - j >= 2 for i, j in itertools.pairwise(indices))  # non-adjacent
    text = z.code(n)
    assert "11" not in text
    assert int(text, 2) == sum(1 << (k - 1) for k in indices) or n == 0


@given(HUGE)
def test_up_and_down(n: int) -> None:
    assert z.code(z.up(n)) == (z.code(n) + "0" if n else "0")
    if n:
        assert z.down(z.up(n)) == n
        assert z.is_even_zero(n) == (z.trailing_zeros(n) % 2 == 0)
        assert z.smallest_term(n) == z.fibonacci(z.trailing_zeros(n) + 1)


def test_errors() -> None:
    with pytest.raises(ValueError):
        z.down(1)  # φ(1) = 1 ends in 1
    with pytest.raises(ValueError):
        z.smallest_term(0)
    with pytest.raises(ValueError):
        z.fibonacci(0)
    with pytest.raises(ValueError):
        z.zeckendorf(-1)


def test_take_away_sequences_for_c_1_and_2() -> None:
    assert z.take_away_sequence(1).terms_upto(300) == [2**k for k in range(9)]
    assert z.take_away_sequence(2).terms_upto(100) == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]


def definition(c: int, top: int) -> list[int]:
    """H_1 = 1, H_{j+1} = H_j + H_m with m least such that C·H_m ≥ H_j, literally."""
    h = [1]
    while h[-1] <= top:
        h.append(h[-1] + next(x for x in h if c * x >= h[-1]))
    return [x for x in h if x <= top]


@pytest.mark.parametrize("c", [1, 2, 3, 4, 5, 7, 10, 50])
def test_take_away_sequence_matches_its_definition(c: int) -> None:
    assert z.take_away_sequence(c).terms_upto(5000) == definition(c, 5000)


@given(st.integers(1, 12), HUGE)
def test_greedy_representation(c: int, n: int) -> None:
    seq = z.take_away_sequence(c)
    terms = seq.representation(n)
    assert sum(terms) == n
    assert all(big > c * small for big, small in itertools.pairwise(terms))
    if n:
        assert seq.smallest(n) == terms[-1]
        assert int(seq.code(n), 2) == sum(1 << (seq.index(t) - 1) for t in terms)


def test_a_huge_multiplier_costs_nothing_below_it() -> None:
    seq = z.take_away_sequence(10**90)
    assert seq.representation(10**80) == [10**80]
    assert seq.code(5) == "10000"


def test_sequences_longer_than_the_limit_are_refused() -> None:
    seq = z.TakeAwaySequence(10**6)
    assert not seq.reaches(10**60)
    with pytest.raises(ValueError, match="terms"):
        seq.representation(10**60)
