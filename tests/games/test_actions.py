"""What a move does, as data: every kind is registered, frozen, hashable and round-trips."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields

import pytest
from hypothesis import given

from nimlab.games import actions as actions_module
from nimlab.games.actions import (
    ACTIONS,
    Action,
    InComponent,
    Take,
)
from strategies_moves import EXAMPLES, KINDS, actions


def test_the_set_of_kinds_is_closed_and_registered() -> None:
    assert set(Action.__subclasses__()) == set(ACTIONS)
    assert {type(a) for a in EXAMPLES} == set(ACTIONS)
    assert set(KINDS) | {InComponent} == set(ACTIONS)
    kinds = [cls.kind for cls in ACTIONS]
    assert all(kinds) and len(set(kinds)) == len(kinds)


@pytest.mark.parametrize("action", EXAMPLES, ids=repr)
def test_repr_pastes_back(action: Action) -> None:
    assert eval(repr(action), vars(actions_module)) == action
    assert repr(action).startswith(type(action).__name__ + "(")


@pytest.mark.parametrize("action", EXAMPLES, ids=repr)
def test_actions_are_frozen_hashable_values_of_data(action: Action) -> None:
    assert hash(action) == hash(eval(repr(action), vars(actions_module)))
    name = fields(action)[0].name
    with pytest.raises(FrozenInstanceError):
        setattr(action, name, 0)
    for f in fields(action):
        value = getattr(action, f.name)
        assert value is None or isinstance(value, int | tuple | str | Action), (action, f.name)


@given(actions())
def test_any_action_round_trips(action: Action) -> None:
    assert eval(repr(action), vars(actions_module)) == action


def test_optional_fields_are_shown_only_when_set() -> None:
    assert repr(Take(3, 2)) == "Take(heap=3, amount=2)"
    assert repr(Take(5, 1, (1, 4))) == "Take(heap=5, amount=1, leaving=(1, 4))"
    assert Take(3, 2) != Take(3, 2, (0, 1))
