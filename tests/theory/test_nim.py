"""Nim: the nim-sum oracle against brute force, and at any size."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.games.heap import Nim
from nimlab.limits import Limits
from nimlab.solve.heaps import HeapValues
from nimlab.solve.search import Search
from nimlab.theory.nim import MISERE_NIM, NIM_SUM, nim_value
from reference import Brute

BRUTE = Brute(Nim())


@given(st.lists(st.integers(0, 7), max_size=4).map(lambda hs: tuple(sorted(hs))), st.integers(0, 7))
def test_against_brute_force(heaps: tuple[int, ...], target: int) -> None:
    game = Nim()
    answer = NIM_SUM.analyze(game, heaps)
    assert answer.grundy == BRUTE.grundy(heaps) and answer.complete
    assert {m.to for m in answer.winning_moves} == {o for o in game.options(heaps) if BRUTE.is_p(o)}
    to_target = {m.to for m in NIM_SUM.moves_to_value(game, heaps, target)}
    assert to_target == {o for o in game.options(heaps) if BRUTE.grundy(o) == target}
    texts = {(m.to, m.text) for m in game.moves(heaps)}
    assert all((m.to, m.text) in texts for m in answer.winning_moves)


@given(st.lists(st.integers(0, 10**50), min_size=1, max_size=6))
def test_huge_heaps(heaps: list[int]) -> None:
    position = tuple(sorted(heaps))
    answer = NIM_SUM.analyze(Nim(), position)
    for move in answer.winning_moves:
        assert NIM_SUM.grundy(Nim(), move.to) == 0
        assert sum(move.to) < sum(position)
    assert (answer.outcome == "N") == bool(answer.winning_moves)


def test_seed003_example_and_value_source() -> None:
    a = nimlab.analyze("nim", "3,4,5")
    assert a.method.startswith("Bouton's theorem") and "seed 003" in a.method
    assert nim_value(Nim(), 10**30) == 10**30
    assert nim_value(nimlab.game("kayles"), 5) is None  # type: ignore[arg-type]
    values = HeapValues(Nim(), Limits().budget())
    assert values(10**40) == 10**40 and values.sources_used == {"G(n) = n (Nim, seed 003)"}


@given(st.lists(st.integers(0, 6), max_size=4).map(lambda hs: tuple(sorted(hs))))
def test_misere_rule_against_misere_search(heaps: tuple[int, ...]) -> None:
    game, search = Nim(), Search(Nim(), misere=True)
    answer = MISERE_NIM.analyze(game, heaps)
    assert answer.grundy == search.grundy(heaps) and answer.complete
    assert answer.outcome == ("P" if search.is_p(heaps) else "N")
    assert {m.to for m in answer.winning_moves} == {
        o for o in game.options(heaps) if search.is_p(o)
    }


def test_misere_huge_heap_is_answered_by_the_rule() -> None:
    a = nimlab.analyze("nim", str(10**40), misere=True)
    assert a.outcome == "N" and a.method.startswith("Bouton's misère rule")
    assert [m.to for m in a.winning_moves] == ["1"]


@pytest.mark.parametrize("heaps", [1, 2, 3, 4])
def test_misere_p_positions_by_bouton_are_those_of_search(heaps: int) -> None:
    """``ppositions nim --heaps 3 --max 100 --misere`` searched 16 s and was refused, its plan
    naming the quotient (helper audit); Bouton's misère rule lists them."""
    from itertools import combinations_with_replacement

    g = nimlab.game("nim")
    for top in range(7):
        search = Search(g, True, Limits(max_states=10**8).budget())
        boxed = combinations_with_replacement(range(top + 1), heaps)
        expected = tuple(p for p in boxed if search.grundy(p) == 0)
        assert tuple(MISERE_NIM.p_positions(g, heaps, top, Limits())) == expected
    found = nimlab.p_positions("nim", heaps=3, max_heap=100, misere=True)
    assert len(found.positions) == 1418 and (0, 0, 1) in found.positions
    assert (
        nimlab.plan("nim", "ppositions", heaps=3, max_heap=100, misere=True).steps[0].method.name
        == "oracle:misere-nim"
    )
