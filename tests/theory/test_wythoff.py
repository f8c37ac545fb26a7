"""Wythoff: Beatty and Fibonacci forms against brute force, each other, and at any size."""

from __future__ import annotations

import time

from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.games.wythoff import Wythoff
from nimlab.theory.wythoff import (
    WYTHOFF_BEATTY,
    WYTHOFF_FIBONACCI,
    beatty_partner,
    fibonacci_p,
    fibonacci_partner,
    lower,
    upper,
)
from nimlab.theory.zeckendorf import up
from reference import Brute

BRUTE = Brute(Wythoff())
GAME = Wythoff()
PAIR = st.tuples(st.integers(0, 40), st.integers(0, 40)).map(lambda p: tuple(sorted(p)))


def test_p_positions_are_the_mex_construction() -> None:
    # Seed 000's algorithm: p_n is the least unused number, q_n = p_n + n.
    used: set[int] = set()
    for n in range(1, 2000):
        p = next(x for x in range(1, 4 * n) if x not in used)
        used |= {p, p + n}
        assert (lower(n), upper(n)) == (p, p + n) == (fibonacci_p(n), up(fibonacci_p(n)))
        assert beatty_partner(p) == p + n and beatty_partner(p + n) == p
        assert fibonacci_partner(p) == p + n and fibonacci_partner(p + n) == p


@given(PAIR)
def test_both_forms_against_brute_force(position: tuple[int, int]) -> None:
    winning = {o for o in GAME.options(position) if BRUTE.is_p(o)}
    legal = set(GAME.moves(position))
    for oracle in (WYTHOFF_BEATTY, WYTHOFF_FIBONACCI):
        answer = oracle.analyze(GAME, position)
        assert (answer.outcome == "P") == BRUTE.is_p(position)
        assert answer.complete and {m.to for m in answer.winning_moves} == winning
        assert all(m in legal for m in answer.winning_moves)


@given(st.integers(0, 10**60), st.integers(0, 10**60))
def test_both_forms_agree_at_any_size(x: int, y: int) -> None:
    assert beatty_partner(x) == fibonacci_partner(x)
    assert (lower(x), upper(x)) == WYTHOFF_FIBONACCI.pair(x)
    position = (min(x, y), max(x, y))
    beatty = WYTHOFF_BEATTY.analyze(GAME, position)
    fib = WYTHOFF_FIBONACCI.analyze(GAME, position)
    assert beatty == fib
    for move in beatty.winning_moves:  # each lands on a P-position and is a legal move
        a, b = move.to
        assert WYTHOFF_BEATTY.is_p(GAME, move.to)
        da, db = position[0] - a, position[1] - b
        taken = sorted((da, db)), sorted((position[0] - b, position[1] - a))
        assert any(t[0] == 0 < t[1] or t[0] == t[1] > 0 for t in taken)


@given(st.integers(0, 10**60), st.integers(0, 10**60))
def test_seed000_strategy_corrected(x: int, y: int) -> None:
    position = (min(x, y), max(x, y))
    move = WYTHOFF_FIBONACCI.strategy_move(position)
    moves = WYTHOFF_FIBONACCI.analyze(GAME, position).winning_moves
    if move is None:
        assert WYTHOFF_FIBONACCI.is_p(GAME, position)
    else:
        assert move in moves


def test_seed000_strategy_as_printed_misjudges_1_2() -> None:
    # Step (1) as printed compares p with up(n): (1, 2) has n = 1, up(1) = 2 ≠ 1 = p, so it
    # would call the P-position (1, 2) a first-player win. Comparing with p_1 = 1 is right.
    assert up(1) == 2 and fibonacci_p(1) == 1
    assert WYTHOFF_FIBONACCI.strategy_move((1, 2)) is None


def test_seed002_1000_2000() -> None:
    a = nimlab.analyze("wythoff", "1000,2000")
    assert [(m.to, m.move) for m in a.winning_moves] == [
        ("618,1000", "take 1382 from the heap of 2000, leaving (1000, 618)")
    ]
    assert a.winning_moves_complete and "seed 002" in a.method
    # 1000 = q_382 and 618 = p_382 (seed 002).
    assert (lower(382), upper(382)) == (618, 1000)


def test_huge_positions_are_instant_and_exact() -> None:
    start = time.perf_counter()
    a = nimlab.analyze("wythoff", f"{10**40},{3 * 10**40}")
    assert time.perf_counter() - start < 1.0  # generous: the answer takes milliseconds
    assert a.outcome == "N" and a.winning_moves_complete and a.remoteness is None
    for m in a.winning_moves:
        x, y = (int(v) for v in m.to.split(","))
        assert WYTHOFF_BEATTY.is_p(GAME, (x, y)) and WYTHOFF_FIBONACCI.is_p(GAME, (x, y))
    k = 10**40
    assert nimlab.analyze("wythoff", f"{lower(k)},{upper(k)}").outcome == "P"


def test_both_forms_agree_at_4000_digits() -> None:
    x = 10**3999 + 12345  # the largest heaps a position may have (core's digit cap)
    assert beatty_partner(x) == fibonacci_partner(x)
    assert (lower(x), upper(x)) == WYTHOFF_FIBONACCI.pair(x)
