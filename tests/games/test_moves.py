"""A move is a value: the position reached and an action; its words are a view."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.games import actions
from nimlab.games.actions import InComponent, MoveTo, Take, TakeCapped
from nimlab.games.base import Move as MoveFromBase
from nimlab.games.moves import Move
from nimlab.registry import game


def test_move_is_one_class_wherever_it_is_imported() -> None:
    assert MoveFromBase is Move is nimlab.Move


def test_a_move_round_trips_and_compares() -> None:
    m = Move(((1,), (3,)), InComponent(0, "nim", Take(3, 2)))
    pasted = eval(repr(m), {"Move": Move, **vars(actions)})
    assert pasted == m and hash(pasted) == hash(m)
    assert m != Move(((1,), (3,)), InComponent(1, "nim", Take(3, 2)))
    assert len({m, pasted}) == 1


def test_text_is_english_and_words_are_per_language() -> None:
    m = Move((5, 2), TakeCapped(2, 4))
    assert m.text == "take 2 (the opponent may then take up to 4)"
    assert m.words("ja") == "2 個取る（相手は次に 4 個まで取れる）"
    assert m.words("en") == m.text


def test_an_action_is_required_not_words() -> None:
    with pytest.raises(TypeError, match="MoveTo"):
        Move((1,), "take 2 from the heap of 3")  # type: ignore[arg-type]
    assert Move((1,), MoveTo("1")).text == "move to 1"


@pytest.mark.parametrize(
    ("spec", "position"),
    [
        ("nim", "3,4,5"),
        ("kayles", "7"),
        ("octal:4.07", "9"),
        ("grundy-game", "9"),
        ("wythoff", "4,6"),
        ("fibonacci-nim", "20/19"),
        ("split-delete-nim:half", "3,4,5,6"),
        ("delete-nim:all-but-one", "3,5,6"),
        ("nim + kayles", "3 + 4"),
    ],
)
def test_every_move_of_a_game_is_structured(spec: str, position: str) -> None:
    g = game(spec)
    for move in g.moves(g.parse_position(position)):
        assert isinstance(move.action, actions.Action)
        assert move.text and move.words("ja")
