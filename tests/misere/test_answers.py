"""Misère answers read from the quotient: an answer with or without its winning moves."""

from __future__ import annotations

import numpy as np
import pytest

from nimlab.errors import InvalidPosition
from nimlab.misere.answers import analyze


def test_an_answer_without_moves_lists_no_option_and_says_so() -> None:
    full = analyze("kayles", (3, 5, 8))
    bare = analyze("kayles", (3, 5, 8), with_moves=False)
    assert full.outcome == bare.outcome == "N" and full.element == bare.element
    assert full.winning_moves and full.winning_moves_complete
    assert bare.winning_moves == () and not bare.winning_moves_complete
    p = analyze("kayles", (1, 1, 1), with_moves=False)  # a P-position has none to list
    assert p.outcome == "P" and p.winning_moves == () and p.winning_moves_complete


def test_a_position_is_checked_as_the_game_checks_it() -> None:
    """Found by the API audit of 2026-11-28: numpy's integers were "not an integer ≥ 0" and
    None raised TypeError."""
    expected = analyze("kayles", (3, 4)).outcome
    assert analyze("kayles", np.array([3, 4])).outcome == expected
    assert analyze("kayles", [np.int64(4), 3]).outcome == expected
    for bad, words in [(None, "is text"), ([-1, 3], "negative"), ([3.5], "not an integer")]:
        with pytest.raises(InvalidPosition, match=words):
            analyze("kayles", bad)  # type: ignore[arg-type]
