"""nimlab.theory registers every oracle (in order) and the single-heap closed forms."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.solve import heaps
from nimlab.solve.oracles import find_oracle, oracles
from nimlab.theory import THEOREMS


def test_every_theorem_is_registered_once_in_order() -> None:
    registered = [o for o in oracles() if o in THEOREMS]
    assert registered == list(THEOREMS)
    names = [o.name for o in THEOREMS]
    assert len(set(names)) == len(names)
    for oracle in THEOREMS:
        assert oracle.title and oracle.source and oracle.source in oracle.method


def test_value_sources_are_registered() -> None:
    names = [name for name, _ in heaps._SOURCES]
    assert "G(n) = n (Nim, seed 003)" in names
    assert "G(n) = n mod (k+1) (Game I, seed 000)" in names


def test_the_first_applicable_theorem_answers() -> None:
    wythoff = nimlab.game("wythoff")
    assert find_oracle(wythoff, (1, 2)).name == "wythoff-beatty"  # type: ignore[union-attr]
    assert find_oracle(nimlab.game("take-away:2"), (5, 4)).name == "fibonacci-nim"  # type: ignore[union-attr]
    assert find_oracle(nimlab.game("take-away:7"), (5, 4)).name == "take-away-c"  # type: ignore[union-attr]
    assert find_oracle(nimlab.game("kayles"), (5,)) is None
    assert find_oracle(nimlab.game("nim"), (5,), misere=True).name == "misere-nim"  # type: ignore[union-attr]
    # misère, one heap of a subtraction game with 1 ∈ S: the shifted closed form
    shifted = find_oracle(nimlab.game("subtraction:1,2"), (5,), misere=True)
    assert shifted is not None and shifted.name == "misere-subtraction"
    assert find_oracle(nimlab.game("subtraction:2,3"), (5,), misere=True) is None
    assert find_oracle(nimlab.game("subtraction:1,2"), (2, 3), misere=True) is None


@pytest.mark.parametrize(
    ("name", "position"),
    [
        ("nim", "3,4"),
        ("wythoff", "3,4"),
        ("wythoff", "2,3,4,5"),
        ("split-delete-nim:half", "2,3,4,5"),
    ],
)
def test_a_users_ruleset_named_like_a_built_in_game_gets_none_of_its_theorems(
    name: str, position: str
) -> None:
    # The theorems matched the name: a game with no move at all, named "nim", had G(3,4) = 7
    # by Bouton's theorem and a "winning" move to 3,3; named "wythoff", 2,3,4,5 crashed.
    dead = nimlab.heap_game(lambda n: [], name=name)
    answer = nimlab.analyze(dead, position)
    assert (answer.outcome, answer.grundy, answer.winning_moves) == ("P", 0, ())
    assert nimlab.grundy(dead, position) == 0
    assert nimlab.grundy_sequence(dead, 6, misere=True).tolist() == [1] * 6
    assert "Bouton" not in nimlab.explain(dead, position).text()
