"""Take-away theorems (Games II and III, take-away:C) against search and at any size."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlab.games.take_away import TakeAway
from nimlab.solve.search import Search
from nimlab.theory.take_away import (
    FIBONACCI_NIM,
    GAME_TWO,
    TAKE_AWAY_C,
    TakeAwayTheorem,
    take,
)

SEARCHES = {c: Search(TakeAway(c)) for c in range(1, 9)}
FORMS: list[TakeAwayTheorem] = [GAME_TWO, FIBONACCI_NIM, TAKE_AWAY_C]


def small_positions(c_values: list[int]) -> st.SearchStrategy[tuple[int, int, int]]:
    return st.tuples(st.sampled_from(c_values), st.integers(0, 70)).flatmap(
        lambda cn: st.tuples(st.just(cn[0]), st.just(cn[1]), st.integers(0, cn[1]))
    )


@pytest.mark.parametrize("oracle", FORMS, ids=lambda o: o.name)
@given(data=st.data())
def test_against_search(oracle: TakeAwayTheorem, data: st.DataObject) -> None:
    cs = [oracle.multiplier] if oracle.multiplier else list(range(1, 9))
    c, n, m = data.draw(small_positions(cs))  # type: ignore[list-item]
    game, search = TakeAway(c), SEARCHES[c]
    assert oracle.applies(game, (n, m))
    answer = oracle.analyze(game, (n, m))
    assert (answer.outcome == "P") == (search.grundy((n, m)) == 0)
    winning = {to for to in game.options((n, m)) if search.grundy(to) == 0}
    assert answer.complete and {mv.to for mv in answer.winning_moves} == winning
    legal = set(game.moves((n, m)))
    assert all(mv in legal for mv in answer.winning_moves)


@pytest.mark.parametrize("oracle", FORMS, ids=lambda o: o.name)
@given(st.integers(1, 10**70), st.integers(0, 10**70), st.integers(1, 6), st.data())
def test_at_any_size_the_theorem_is_consistent(
    oracle: TakeAwayTheorem, n: int, m: int, c: int, data: st.DataObject
) -> None:
    c = oracle.multiplier or c
    game = TakeAway(c)
    pos = game.validate((n, m))
    answer = oracle.analyze(game, pos)
    if answer.outcome == "N":  # the theorem's move reaches a P-position
        assert answer.winning_moves and all(oracle.is_p(game, mv.to) for mv in answer.winning_moves)
        assert not answer.complete or pos[1] <= 5000
    else:  # every move leaves an N-position (some takes checked: small, large, random)
        takes = {1, pos[1], data.draw(st.integers(1, max(pos[1], 1)))} if pos[1] else set()
        takes |= set(range(1, min(pos[1], 30) + 1))
        assert all(not oracle.is_p(game, take(game, pos, k).to) for k in takes)


def test_seed000_game_two_theorem() -> None:
    # Fresh games: n = 2^p is P, everything else N; the move removes the rightmost binary 1.
    game = TakeAway(1)
    assert [n for n in range(1, 70) if GAME_TWO.is_p(game, (n, n - 1))] == [1, 2, 4, 8, 16, 32, 64]
    assert GAME_TWO.analyze(game, (22, 21)).winning_moves[0].text.startswith("take 2 ")


def test_seed002_twins_game() -> None:
    # Twins game: Fibonacci starting squares are lost; from 12 the move goes to 11.
    game = TakeAway(2)
    assert [n for n in range(1, 60) if FIBONACCI_NIM.is_p(game, (n, n - 1))] == [
        1, 2, 3, 5, 8, 13, 21, 34, 55,
    ]  # fmt: skip
    assert [mv.to for mv in FIBONACCI_NIM.analyze(game, (12, 11)).winning_moves] == [(11, 2)]


def test_take_describes_moves_as_the_ruleset_does() -> None:
    game = TakeAway(3)
    assert [take(game, (9, 5), k) for k in range(1, 6)] == list(game.moves((9, 5)))


def test_huge_positions_are_answered_instantly() -> None:
    n = 10**60 + 7
    answer = FIBONACCI_NIM.analyze(TakeAway(2), (n, n - 1))
    assert answer.outcome == "N" and not answer.complete  # the theorem's move only
    assert TAKE_AWAY_C.applies(TakeAway(5), (10**200, 3))
    assert not TAKE_AWAY_C.applies(TakeAway(10**6), (10**300, 3))  # H would be too long


def test_grundy_values_are_given_only_at_p_positions() -> None:
    assert GAME_TWO.grundy(TakeAway(1), (8, 7)) == 0
    assert GAME_TWO.grundy(TakeAway(1), (9, 8)) is None
