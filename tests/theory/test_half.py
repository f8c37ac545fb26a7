"""Theorem 3 (4-heap half Split-and-delete Nim): S, D(a), P-positions, the proof's moves."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.games.split_delete import SplitDeleteNim
from nimlab.solve.search import Search
from nimlab.theory.half import HALF_THEOREM_3, in_d
from nimlab.theory.split_delete import in_s

GAME = SplitDeleteNim("half")
SEARCH = Search(GAME)
SMALL = st.lists(st.integers(1, 9), min_size=4, max_size=4).map(lambda h: tuple(sorted(h)))
LARGE = st.lists(st.integers(1, 10**30), min_size=4, max_size=4).map(lambda h: tuple(sorted(h)))


def d_by_definition(a: int, top: int) -> set[int]:
    d: set[int] = set()
    for m in range(a, top + 1):
        if (m <= 2 * a - 1 and in_s(m)) or (m >= 2 * a and m - a not in d):
            d.add(m)
    return d


def test_d_of_a() -> None:
    assert {m for m in range(1, 24) if in_d(4, m)} == {4, 5, 7, 10, 12, 13, 15, 18, 20, 21, 23}
    for a in [x for x in range(2, 60) if in_s(x)]:
        assert {m for m in range(1, 400) if in_d(a, m)} == d_by_definition(a, 399)
    assert all(in_d(1, m) for m in range(1, 50))


@given(SMALL)
def test_against_search(position: tuple[int, ...]) -> None:
    answer = HALF_THEOREM_3.analyze(GAME, position)
    assert (answer.outcome == "P") == (SEARCH.grundy(position) == 0)
    winning = {o for o in GAME.options(position) if SEARCH.grundy(o) == 0}
    assert answer.complete and {m.to for m in answer.winning_moves} == winning
    if answer.outcome == "N":
        move = HALF_THEOREM_3.proof_move(position)
        assert move.to in winning
        assert move in set(GAME.moves(position))


@given(LARGE)
def test_proof_moves_at_any_size(position: tuple[int, ...]) -> None:
    if HALF_THEOREM_3.is_p(GAME, position):
        return
    move = HALF_THEOREM_3.proof_move(position)
    assert HALF_THEOREM_3.is_p(GAME, move.to)
    assert sum(move.to) < sum(position)


@given(st.integers(1, 10**20), st.integers(1, 10**20))
def test_p_positions_at_any_size(a: int, d: int) -> None:
    a, d = min(a, d), max(a, d)
    expected = in_s(a) and in_d(a, d)
    assert HALF_THEOREM_3.is_p(GAME, (a, a, a, d)) == expected


def test_analyze_uses_theorem3() -> None:
    a = nimlab.analyze("split-delete-nim:half", f"{10**20},{10**20},{10**20},{3 * 10**20}")
    assert "Theorem 3" in a.method and a.outcome in ("P", "N")
    big = nimlab.analyze("split-delete-nim:half", "40,41,90,95")
    assert big.outcome == "N" and not big.winning_moves_complete and len(big.winning_moves) == 1
