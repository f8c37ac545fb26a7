"""Text rendering helpers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.cli import render


def test_analysis_block_lists_moves_and_method() -> None:
    text = render.analysis(nimlab.analyze("nim", "3,4,5"))
    assert "outcome     N" in text and "take 2 from the heap of 3" in text and "method" in text
    assert "every move leads to an N-position" in render.analysis(nimlab.analyze("nim", "1,1"))


def test_values_rows_start_with_their_index() -> None:
    assert render.values(list(range(25)), per_line=10).splitlines()[2].startswith("20:")


def test_periodicity_text_is_honest() -> None:
    found = nimlab.periodicity("kayles")
    assert "proven by the X" in render.periodicity(found, "X")
    none = nimlab.periodicity("grundy-game", max_length=100)
    assert "no period found in the first 100 values" in render.periodicity(none, None)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 2**32 - 1), max_size=260).flatmap(
        lambda xs: st.tuples(
            st.just(xs),
            st.sampled_from(["uint16", "uint32", "int64", "uint64"]).filter(
                lambda t: not xs or max(xs) <= np.iinfo(t).max
            ),
        )
    ),
    st.integers(1, 25),
    st.integers(0, 10**13),
    st.integers(1, 40),
)
def test_numpy_laid_rows_are_the_rows_one_value_at_a_time(
    values_dtype: tuple[list[int], str], per_line: int, start: int, rows_at_once: int
) -> None:
    """``sequence`` text is laid out by numpy (10^8 values took 34 s one value at a time):
    byte for byte what :func:`render.value_rows` writes, however the rows are cut."""
    values, dtype = values_dtype
    saved = render.ROWS_AT_ONCE
    render.ROWS_AT_ONCE = rows_at_once
    try:
        fast = "".join(render.value_lines(np.array(values, dtype=dtype), per_line, start))
    finally:
        render.ROWS_AT_ONCE = saved
    slow = "".join(row + "\n" for row in render.value_rows(values, per_line, start))
    assert fast == slow


@pytest.mark.parametrize(
    ("start", "count"),
    [(2**63, 45), (2**64 - 30, 60), (10**24, 41), (10**18 - 50, 100), (10**18 - 20, 20)],
)
def test_rows_numbered_past_what_numpy_holds_are_written_too(start: int, count: int) -> None:
    """`sequence subtraction:2,4,7 --from 9223372036854775808 --to ...` printed part of its
    rows, then a traceback: numpy's integers could not hold the row numbers."""
    values = np.arange(count, dtype=np.uint16) % 7
    fast = "".join(render.value_lines(values, 20, start))
    assert fast == "".join(row + "\n" for row in render.value_rows(values.tolist(), 20, start))
