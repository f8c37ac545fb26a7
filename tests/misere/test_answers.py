"""Misère answers: the bound on a heap's options that lets a listing be refused up front."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.misere.answers import _option_bound

DIGITS = st.tuples(st.lists(st.integers(0, 7), max_size=3), st.integers(1, 7)).map(
    lambda ds: "".join(map(str, [*ds[0], ds[1]]))
)


@settings(max_examples=60, deadline=None)
@given(digits=DIGITS, d0=st.sampled_from(["0", "4"]), h=st.integers(0, 60))
def test_the_bound_is_never_below_the_options_listed(digits: str, d0: str, h: int) -> None:
    game = nimlab.game(f"octal:{d0}.{digits}")
    listed = {tuple(sorted(r)) for r in game.heap_options(h)}
    bound = _option_bound(game, h)
    assert bound is not None and bound >= len(listed)


def test_the_bound_of_the_named_games() -> None:
    for spec in ("kayles", "dawson-kayles", "grundy-game", "subtraction:1,3,4", "nim"):
        game = nimlab.game(spec)
        for h in range(50):
            bound = _option_bound(game, h)
            assert bound is not None and bound >= len(set(game.heap_options(h))), (spec, h)


def test_an_answer_without_moves_lists_no_option_and_says_so() -> None:
    from nimlab.misere.answers import analyze

    full = analyze("kayles", (3, 5, 8))
    bare = analyze("kayles", (3, 5, 8), with_moves=False)
    assert full.outcome == bare.outcome == "N" and full.element == bare.element
    assert full.winning_moves and full.winning_moves_complete
    assert bare.winning_moves == () and not bare.winning_moves_complete
    p = analyze("kayles", (1, 1, 1), with_moves=False)  # a P-position has none to list
    assert p.outcome == "P" and p.winning_moves == () and p.winning_moves_complete
