"""Propositions 2, 4, 5 and Table 5 of seed 001 as checked properties."""

from __future__ import annotations

import pytest

from nimlab.games.split_delete import SplitDeleteNim
from nimlab.limits import Limits
from nimlab.theory.properties import CHECKS, PROPOSITION_4, _partners
from reference import Brute


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.name)
def test_each_property_holds_to_its_bound(check) -> None:  # type: ignore[no-untyped-def]
    result = check.run(12, Limits())
    assert result.agree and result.checked > 0 and "12" in result.scope


def test_partners_match_brute_force() -> None:
    brute = Brute(SplitDeleteNim("single"))
    partners = _partners(7, Limits().budget())
    for (a, b), cs in partners.items():
        assert cs == [c for c in range(1, 8) if brute.is_p(tuple(sorted((a, b, c))))]
    assert partners[1, 1] == [1] and partners[1, 2] == []  # Table 9: 1 and ×


def test_scope_says_the_bound() -> None:
    assert "≤ 30" in PROPOSITION_4.scope(30)
