"""Disjunctive sums: components, positions and moves in exactly one component."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.errors import InvalidGame, InvalidPosition
from nimlab.games.actions import InComponent, Take
from nimlab.games.base import Move
from nimlab.games.sums import Sum


def test_sums_flatten_and_print_canonically() -> None:
    g = Sum((nimlab.game("nim + kayles"), nimlab.Wythoff()))
    assert g.spec == "nim + octal:0.77 + wythoff"
    assert g.parse_position("3 + 4 + 1,2") == ((3,), (4,), (1, 2))


def test_position_component_count_must_match() -> None:
    g = nimlab.game("nim + wythoff")
    with pytest.raises(InvalidPosition, match="2 components but the position has 3"):
        g.parse_position("1 + 2 + 3")
    with pytest.raises(InvalidPosition, match="exactly 2 heaps"):
        g.parse_position("1 + 2")
    with pytest.raises(InvalidPosition):
        g.validate(((1,),))


def test_a_move_is_a_move_in_exactly_one_component() -> None:
    g = nimlab.game("nim + nim")
    options = set(g.options(((2,), (1,))))
    assert options == {((0,), (1,)), ((1,), (1,)), ((2,), (0,))}
    moves = list(g.moves(((2,), (1,))))
    assert moves[0] == Move(((1,), (1,)), InComponent(0, "nim", Take(2, 1)))
    assert moves[0].text == "in nim (component 1): take 1 from the heap of 2"


def test_a_sum_needs_two_games() -> None:
    with pytest.raises(InvalidGame):
        Sum((nimlab.Nim(),))
