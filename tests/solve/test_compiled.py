"""The compiled paths behind analyze / grundy / grundy_table / p_positions, against brute force.

``KERNEL_MIN_STATES`` is lowered to 0 so that small random positions, which
brute force can check, go through the kernels.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.errors import TooLarge
from nimlab.kernels.shapes import k_heap_moves, two_heap_moves
from nimlab.limits import Limits
from nimlab.solve import compiled
from nimlab.solve.compiled import kernel_answer, kernel_grundy, p_positions_k, table_2
from reference import Brute
from strategies import SPECS, positions

TWO_HEAP = [spec for spec in SPECS if two_heap_moves(nimlab.game(spec)) is not None]
TAKE_AWAY = [s for s in SPECS if nimlab.game(s).capabilities.take_away_multiplier is not None]
GAMES = TWO_HEAP + TAKE_AWAY


@pytest.fixture(autouse=True)
def _always_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "KERNEL_MIN_STATES", 0)


@pytest.mark.parametrize("spec", GAMES)
@given(data=st.data())
def test_kernel_answer_matches_brute_force(spec: str, data: st.DataObject) -> None:
    game = nimlab.game(spec)
    pos: Any = data.draw(positions(game), label="position")
    answer = kernel_answer(game, pos, Limits())
    served = spec in TAKE_AWAY or len(pos) == 2 or k_heap_moves(game, len(pos))
    if answer is None:  # no kernel for this number of heaps, or nothing to compute
        assert not served or compiled.search_work(game, pos) == 0
        return
    brute = Brute(game)
    assert answer.p_position == brute.is_p(pos)
    if answer.grundy is not None:
        assert answer.grundy == brute.grundy(pos)
        assert kernel_grundy(game, pos, Limits().budget()) == answer.grundy
    assert {m.to for m in answer.winning_moves} == {
        m.to for m in game.moves(pos) if brute.is_p(m.to)
    }


@pytest.mark.parametrize("spec", TWO_HEAP)
def test_tables_and_p_positions_match_brute_force(spec: str) -> None:
    game = nimlab.game(spec)
    brute = Brute(game)
    table = table_2(game, 8, Limits().budget())
    assert table is not None
    lo = 0 if spec == "wythoff" else 1
    for a in range(8):
        for b in range(8):
            assert table[a, b] == brute.grundy(tuple(sorted((a + lo, b + lo))))
    for heaps in (2, 3, 4):
        if game.check_count(heaps) is not None:  # type: ignore[attr-defined]
            continue
        found = p_positions_k(game, heaps, 5, Limits().budget())
        assert found is not None
        assert all(brute.is_p(p) for p in found)
        assert len(found) == len(nimlab.p_positions(spec, heaps, 5, limits=Limits()))


def test_memory_is_refused_before_the_table_is_built() -> None:
    with pytest.raises(TooLarge, match="max_memory"):
        table_2(nimlab.game("wythoff"), 4096, Limits(max_states=10**9, max_memory=10**6).budget())
    with pytest.raises(TooLarge, match="max_states"):
        table_2(nimlab.game("wythoff"), 4096, Limits(max_states=10**6).budget())


def test_a_huge_list_of_p_positions_is_refused_before_it_is_built() -> None:
    game = nimlab.game("delete-nim:single")  # most three-heap positions are P
    with pytest.raises(TooLarge, match=r"P-positions would need .*Limits.max_memory"):
        p_positions_k(game, 3, 60, Limits(max_memory=10**5).budget())
    assert p_positions_k(game, 3, 60, Limits().budget())


def test_a_large_take_away_state_gets_its_remoteness_from_the_table() -> None:
    """Found by the theory audit of 2026-11-28: analyze("take-away:2", "1000/1000") spent
    about 2 s on a search for the remoteness and gave up; the kernel's table gives it."""
    from nimlab.solve.search import Search

    answer = nimlab.analyze("take-away:2", "1000/1000")
    assert answer.remoteness == 1  # take all
    far = nimlab.analyze("take-away:2", "1000/17")
    assert far.remoteness is not None and far.remoteness % 2 == 1  # an N-position
    far_game = nimlab.game("take-away:2")
    budget = Limits().budget()
    assert far.remoteness == compiled._take_away_remoteness(far_game, (1000, 17), budget)
    # the same remoteness as a search where one fits (the search from 60/60)
    small = Search(far_game).value((60, 60))[1]
    assert nimlab.analyze("take-away:2", "60/60").remoteness == small
    # over the state limit (a table not yet made) the remoteness is left out, not refused
    limited = nimlab.analyze("take-away:3", "1000/17", limits=Limits(max_states=600_000))
    assert limited.outcome == "N" and limited.remoteness is None
