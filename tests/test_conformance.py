"""The conformance suite: the same properties for every registered game.

Terminal positions have no moves; Grundy 0 exactly at P-positions; every listed
winning move leads to a P-position and the list is complete; spec and position
strings round-trip; normal and misère outcomes and remoteness agree with an
independent brute force.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.registry import ALIASES, FAMILIES, family_of
from reference import Brute
from strategies import SPECS, positions

GAMES = {spec: nimlab.game(spec) for spec in SPECS}


def test_every_family_and_alias_is_covered() -> None:
    every = [*GAMES.values()]
    every += [c for g in GAMES.values() for c in g.summands()]
    families = {g.family for g in every} | {f.name for g in every if (f := family_of(g))}
    assert set(FAMILIES) <= families
    assert {s for s in SPECS if s in ALIASES} == set(ALIASES) - {"kayles"}  # kayles: in a sum


@pytest.mark.parametrize("spec", SPECS)
def test_spec_round_trips(spec: str) -> None:
    g = GAMES[spec]
    assert nimlab.game(g.spec) == g
    assert nimlab.game(g.spec).spec == g.spec


@pytest.mark.parametrize("spec", SPECS)
@given(data=st.data())
def test_position_round_trips(spec: str, data: st.DataObject) -> None:
    g = GAMES[spec]
    p = data.draw(positions(g))
    text = g.format_position(p)
    assert g.parse_position(text) == p
    assert g.format_position(g.parse_position(text)) == text


@pytest.mark.parametrize("spec", SPECS)
@given(data=st.data())
def test_moves_and_options_agree(spec: str, data: st.DataObject) -> None:
    g = GAMES[spec]
    p = data.draw(positions(g))
    moves = list(g.moves(p))
    assert {m.to for m in moves} == set(g.options(p))
    for m in moves:
        assert g.validate(m.to) == m.to  # every option is a canonical position of the game
        assert m.text


@pytest.mark.parametrize("spec", SPECS)
@given(data=st.data())
def test_analysis_matches_brute_force(spec: str, data: st.DataObject) -> None:
    g = GAMES[spec]
    p: Any = data.draw(positions(g))
    brute = Brute(g)
    a = nimlab.analyze(g, p)
    terminal = not brute.options(p)
    assert g.is_terminal(p) == terminal
    assert a.grundy == brute.grundy(p)
    assert (a.outcome == "P") == (a.grundy == 0) == brute.is_p(p)
    if terminal:
        assert a.outcome == "P" and a.remoteness == 0 and not a.winning_moves
    winning = {g.format_position(o) for o in brute.options(p) if brute.is_p(o)}
    assert {m.to for m in a.winning_moves} == winning
    assert a.winning_moves_complete
    if a.remoteness is not None:
        assert a.remoteness == brute.remoteness(p)
    assert a.position == g.format_position(p) and a.game == g.spec


@pytest.mark.parametrize("spec", SPECS)
@given(data=st.data())
def test_misere_matches_brute_force(spec: str, data: st.DataObject) -> None:
    g = GAMES[spec]
    p: Any = data.draw(positions(g))
    brute = Brute(g)
    a = nimlab.analyze(g, p, misere=True)
    assert (a.outcome == "P") == brute.is_p(p, misere=True) == (a.grundy == 0)
    winning = {g.format_position(o) for o in brute.options(p) if brute.is_p(o, misere=True)}
    assert {m.to for m in a.winning_moves} == winning
    assert a.remoteness == brute.remoteness(p, misere=True)
