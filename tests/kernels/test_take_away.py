"""The take-away states kernel against the generic solver."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nimlab.games.take_away import TakeAway
from nimlab.kernels.take_away import cells, row_offset, take_away_remoteness, take_away_table
from nimlab.solve.search import Search


@given(st.integers(1, 4), st.integers(0, 24))
def test_table_matches_the_generic_solver(multiplier: int, rows: int) -> None:
    table = take_away_table(multiplier, rows)
    assert len(table) == cells(rows)
    search = Search(TakeAway(multiplier))
    for n in range(rows):
        for m in range(n + 1):
            assert table[row_offset(n) + m] == search.grundy((n, m)), (n, m)


@given(st.integers(1, 6), st.integers(0, 40))
def test_remoteness_matches_the_generic_solver(multiplier: int, rows: int) -> None:
    """Found by the theory audit of 2026-11-28: the remoteness of a take-away state was
    searched (up to 2 s) and often given up; the table now gives it exactly."""
    values = take_away_table(multiplier, rows)
    far = take_away_remoteness(multiplier, rows, values)
    assert len(far) == cells(rows)
    search = Search(TakeAway(multiplier))
    for n in range(rows):
        for m in range(n + 1):
            assert far[row_offset(n) + m] == search.value((n, m))[1], (n, m)
