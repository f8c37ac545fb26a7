"""Misère answers read from the quotient: an answer with or without its winning moves."""

from __future__ import annotations

from nimlab.misere.answers import analyze


def test_an_answer_without_moves_lists_no_option_and_says_so() -> None:
    full = analyze("kayles", (3, 5, 8))
    bare = analyze("kayles", (3, 5, 8), with_moves=False)
    assert full.outcome == bare.outcome == "N" and full.element == bare.element
    assert full.winning_moves and full.winning_moves_complete
    assert bare.winning_moves == () and not bare.winning_moves_complete
    p = analyze("kayles", (1, 1, 1), with_moves=False)  # a P-position has none to list
    assert p.outcome == "P" and p.winning_moves == () and p.winning_moves_complete
