"""verify: every theorem against search; a wrong theorem is caught and reported."""

from __future__ import annotations

from typing import ClassVar

import pytest

from nimlab.errors import InvalidOption
from nimlab.games.actions import MoveTo
from nimlab.games.base import Move, Position, Ruleset
from nimlab.limits import Limits
from nimlab.solve.oracles import Oracle, OracleAnswer
from nimlab.theory.verify import OracleCheck, checks, heaps, verify


def test_every_check_agrees_at_a_small_bound() -> None:
    results = verify(bound=5)
    assert [r.name for r in results] == list(checks())
    assert all(r.agree and r.checked > 0 and not r.problems for r in results), [
        (r.name, r.problems) for r in results if not r.agree
    ]
    for r in results:
        assert set(r.to_dict()) == {"name", "source", "bound", "checked", "agree"}
        assert "5" in r.scope and r.source


def test_names_and_bounds_are_checked() -> None:
    with pytest.raises(InvalidOption, match="verify knows: nim, misere-nim, game-one"):
        verify(["nim", "nimm"])
    with pytest.raises(InvalidOption, match="bound"):
        verify(["nim"], bound=0)
    assert verify(["game-two"])[0].bound == checks()["game-two"].default_bound


class EqualHeapsNim(Oracle):
    """A wrong theorem: 'Nim is P exactly when all heaps are equal', with a false move text."""

    name: ClassVar[str] = "wrong"
    title: ClassVar[str] = "wrong"
    source: ClassVar[str] = "nowhere"

    def applies(self, game: Ruleset, position: Position) -> bool:
        return game.spec == "nim"

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        if len(set(position)) <= 1:
            return OracleAnswer("P", 0, (), True)
        low = min(position)
        to = tuple(sorted(low for _ in position))
        return OracleAnswer("N", None, (Move(to, MoveTo(",".join(map(str, to)))),), True)


def test_a_wrong_theorem_disagrees_with_search() -> None:
    check = OracleCheck(EqualHeapsNim(), ("nim",), heaps(0, (2, 3)), 4, "heaps ≤ {bound}")
    result = check.run(4, Limits())
    assert not result.agree and result.problems and result.checked == 15 + 35
    assert any("search says" in p or "not a legal move" in p for p in result.problems)


def test_a_check_over_the_limit_keeps_what_it_compared_and_the_others_run() -> None:
    # found by the CLI fuzz of 2026-11-27: `verify --max 19` spent its budget on
    # half-theorem-3, then refused without naming it and threw every result away
    small = Limits(max_states=200_000)
    stopped, nim = verify(["half-theorem-3", "nim"], bound=19, limits=small)
    assert stopped.refused is not None and stopped.refused.limit == "max_states"
    assert not stopped.agree and not stopped.problems and stopped.checked > 0
    assert stopped.to_dict()["refused"].startswith("this needs more than 200,000 states")
    assert nim.agree and nim.refused is None and "refused" not in nim.to_dict()
