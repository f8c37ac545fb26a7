"""Misère closed forms against exhaustive misère search (written here, sharing no code)."""

from __future__ import annotations

from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from nimlab.misere.closed_forms import (
    CLOSED_FORMS,
    misere_nim_p,
    misere_wythoff_p,
    shifted_subtraction_p,
    take_up_to_p,
)


@cache
def nim_search(heaps: tuple[int, ...]) -> bool:
    """True when the sorted heaps are a misère Nim P-position (exhaustive)."""
    moves = [
        tuple(sorted((*heaps[:i], k, *heaps[i + 1 :])))
        for i, h in enumerate(heaps)
        for k in range(h)
    ]
    if not moves:
        return False  # the player to move cannot move: wins
    return all(not nim_search(m) for m in moves)


@cache
def subtraction_search(subset: tuple[int, ...], n: int, misere: bool) -> bool:
    moves = [n - s for s in subset if s <= n]
    if not moves:
        return not misere
    return all(not subtraction_search(subset, m, misere) for m in moves)


@given(st.lists(st.integers(0, 7), max_size=5))
def test_misere_nim(heaps: list[int]) -> None:
    assert misere_nim_p(heaps) == nim_search(tuple(sorted(heaps)))


@given(st.integers(1, 8), st.integers(0, 200))
def test_take_up_to(k: int, n: int) -> None:
    assert take_up_to_p(k, n) == subtraction_search(tuple(range(1, k + 1)), n, True)


@given(st.sets(st.integers(2, 9), max_size=4), st.integers(0, 120))
def test_shifted_subtraction(rest: set[int], n: int) -> None:
    subset = tuple(sorted({1} | rest))
    assert shifted_subtraction_p(lambda m: subtraction_search(subset, m, False), n) == (
        subtraction_search(subset, n, True)
    )


def wythoff_table(size: int) -> list[list[bool]]:
    """P[a][b] for misère Wythoff by exhaustive search, bottom-up."""
    p = [[False] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            options = [(a - k, b) for k in range(1, a + 1)]
            options += [(a, b - k) for k in range(1, b + 1)]
            options += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
            p[a][b] = bool(options) and all(not p[x][y] for x, y in options)
    return p


def test_misere_wythoff_exhaustive() -> None:
    size = 161
    p = wythoff_table(size)
    for a in range(size):
        for b in range(size):
            assert misere_wythoff_p(a, b) == p[a][b], (a, b)


def test_every_closed_form_has_a_source() -> None:
    assert {f.name for f in CLOSED_FORMS} >= {"misere-nim", "misere-wythoff"}
    assert all(f.source and f.statement and f.checked for f in CLOSED_FORMS)
