"""Rulesets report the work of their move generators; a search counts it against its budget."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.errors import TooLarge
from nimlab.games.meter import charge, metered
from nimlab.limits import Limits


def test_charge_reaches_only_a_metered_block() -> None:
    spent: list[int] = []
    with metered(spent.append):
        charge(2)
        with metered(lambda n: spent.append(-n)):
            charge(1)
        charge(4)
    charge(100)
    assert spent == [2, -1, 4]


@pytest.mark.parametrize(
    "spec", ["delete-nim:half", "split-delete-nim:half", "delete-nim:less-than-half"]
)
def test_many_heaps_are_refused_within_the_state_limit(spec: str) -> None:
    # Regression: the enumeration of distinct choices of heaps was not charged, so 12 heaps
    # ran for minutes (split-delete-nim:half over 60 s) despite --max-states.
    heaps = ",".join(str(h) for h in range(30, 42))
    counted: list[int] = []
    with pytest.raises(TooLarge, match="max_states"), metered(counted.append):
        nimlab.analyze(spec, heaps, limits=Limits(max_states=20_000))
    assert counted == []  # the search meters its own budget, not an outer meter
