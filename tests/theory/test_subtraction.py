"""Game I and subtraction {1..k}: G(n) = n mod (k+1), against brute force and at any size."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.games.heap import Subtraction
from nimlab.theory.subtraction import GAME_ONE, game_one_value, take_limit
from reference import Brute


@given(
    st.integers(1, 6),
    st.lists(st.integers(0, 20), max_size=3).map(lambda hs: tuple(sorted(hs))),
    st.integers(0, 7),
)
def test_against_brute_force(k: int, heaps: tuple[int, ...], target: int) -> None:
    game = Subtraction(tuple(range(1, k + 1)))
    brute = Brute(game)
    answer = GAME_ONE.analyze(game, heaps)
    assert answer.grundy == brute.grundy(heaps) and answer.complete
    assert {m.to for m in answer.winning_moves} == {o for o in game.options(heaps) if brute.is_p(o)}
    to_target = {m.to for m in GAME_ONE.moves_to_value(game, heaps, target)}
    assert to_target == {o for o in game.options(heaps) if brute.grundy(o) == target}


def test_applies_only_to_1_to_k() -> None:
    assert take_limit(Subtraction((1, 2, 3))) == 3
    assert take_limit(Subtraction((1, 3))) is None
    assert take_limit(nimlab.game("nim")) is None
    assert game_one_value(Subtraction((2, 3)), 7) is None


def test_seed000_game_one_at_any_size() -> None:
    n = 10**40 + 2
    a = nimlab.analyze("subtraction:1,2,3", str(n))
    assert a.grundy == 2 and [m.move for m in a.winning_moves] == [f"take 2 from the heap of {n}"]
    assert "Game I" in a.method and "seed 000" in a.method
    # A sum with a huge Game I heap works through the value source.
    assert nimlab.grundy("subtraction:1,2,3 + nim", f"{n} + 1") == 3
