"""Seed 002's ○× board built cell by cell: the marks are the outcomes, the reasons hold."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlab.errors import NotApplicable
from nimlab.explanations.board import board_steps
from nimlab.registry import game
from nimlab.solve.search import Search

GAMES = ["wythoff", "nim", "subtraction:1,2,3", "subtraction:2,4,7"]


@given(st.sampled_from(GAMES), st.integers(1, 14))
def test_every_mark_is_the_outcome_the_search_finds(spec: str, size: int) -> None:
    board = board_steps(spec, size)
    g = game(spec)
    search = Search(g)
    assert sorted(s.cell for s in board.steps) == [(x, y) for x in range(size) for y in range(size)]
    for step in board.steps:
        x, y = step.cell
        assert step.outcome == ("P" if search.is_p(g.position([x, y])) else "N"), step


@given(st.sampled_from(GAMES), st.integers(1, 14))
def test_each_reason_is_true_when_it_is_given(spec: str, size: int) -> None:
    board = board_steps(spec, size)
    marked: dict[tuple[int, int], str] = {}
    for step in board.steps:
        if step.outcome == "P":  # every move reaches a cell already marked ×
            assert all(marked.get(c) == "N" for c in step.options), step
        else:  # one move reaches the ○ cell it names, already marked
            assert step.via in step.options and marked[step.via] == "P", step
        marked[step.cell] = step.outcome


def test_the_seeds_order_and_words() -> None:
    board = board_steps("wythoff", 8)
    p_cells = [s.cell for s in board.steps if s.outcome == "P"]
    # seed 002: (0,0), then (1,2) and (2,1), (3,5) and (5,3), (4,7) and (7,4)
    assert p_cells == [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3), (4, 7), (7, 4)]
    assert board.steps[0].options == ()
    assert "no move is possible" in board.text(0, "en")
    assert "1手も動けない" in board.text(0, "ja")
    k = board.index((4, 6))  # the seed: from (4,6) go down-left to (3,5)
    assert board.steps[k].via == (3, 5)
    assert "(3,5)" in board.text(k, "en") and "(3,5)" in board.text(k, "ja")
    long = board.text(board.index((7, 4)), "en")
    assert "more" in long  # a ○ cell with many moves names eight and counts the rest


def test_the_board_moves_like_the_queen_not_like_sorted_heaps() -> None:
    # From (4,5) Wythoff reaches (2,4)? No: that is position {2,4}, but not a queen move.
    options = board_steps("wythoff", 6).steps[board_steps("wythoff", 6).index((4, 5))].options
    assert (2, 4) not in options and (4, 2) in options and (3, 4) in options


@pytest.mark.parametrize("spec", ["kayles", "grundy-game", "split-delete-nim:single"])
def test_other_moves_are_refused_with_a_reason(spec: str) -> None:
    with pytest.raises(NotApplicable, match=r"→ \([0-9,]+\) is another kind of move"):
        board_steps(spec, 4)  # the position as heaps, never a Python tuple such as (0,)
