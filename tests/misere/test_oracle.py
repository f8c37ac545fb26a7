"""``analyze --misere`` through the misère quotient: the solver asks it as a theorem."""

from __future__ import annotations

from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.limits import Limits
from nimlab.misere.quotient import quotient
from nimlab.solve.oracles import find_oracle
from nimlab.solve.planner import plan
from nimlab.solve.search import Search
from nimlab.theory.misere_quotient import MISERE_QUOTIENT, SEARCH_BOX


def test_forty_heaps_of_kayles_are_answered_through_the_quotient() -> None:
    heaps = tuple(3 + i % 9 for i in range(40))
    a = nimlab.analyze("kayles", heaps, misere=True)
    assert a.how is not None and a.how.name == "oracle:misere-quotient"
    q = quotient(nimlab.game("kayles"), max(heaps))
    assert (a.outcome == "P") == q.is_p(heaps)
    assert a.winning_moves and all(
        q.is_p(nimlab.game("kayles").position(m.to)) for m in a.winning_moves
    )


def test_small_positions_stay_with_search() -> None:
    assert find_oracle(nimlab.game("kayles"), (3, 4), misere=True) is None
    assert find_oracle(nimlab.game("kayles"), (9, 9, 9, 9, 9), misere=True) is not None
    assert SEARCH_BOX < 10**5


@settings(max_examples=12, deadline=None)
@given(
    spec=st.sampled_from(["kayles", "octal:0.07", "subtraction:1,3", "grundy-game"]),
    heaps=st.lists(st.integers(4, 9), min_size=5, max_size=5),
)
def test_quotient_answers_agree_with_misere_search(spec: str, heaps: list[int]) -> None:
    game = nimlab.game(spec)
    position = game.position(heaps)
    a = nimlab.analyze(game, position, misere=True)
    search = Search(game, misere=True)
    assert (a.outcome == "P") == search.is_p(position)
    for move in a.winning_moves:
        assert search.is_p(game.position(move.to)), move
    expected = {o for o in game.options(position) if search.is_p(o)}
    assert {game.position(m.to) for m in a.winning_moves} == expected


def test_explain_misere_shows_the_quotient_arithmetic() -> None:
    from nimlab.explanations import explain

    e = explain("kayles", "5,6,7,8,9", misere=True)
    kinds = [s.kind for s in e.steps]
    assert kinds[:2] == ["quotient", "product"] and e.outcome == "P"
    assert "∈ P" in e.steps[1].text and "5 → " in e.steps[0].lines[0]
    ja = explain("kayles", "3,5,7,9,11,13", misere=True, lang="ja")
    assert "ミゼール商" in ja.steps[0].text and "∉ P" in ja.steps[1].text


def test_one_big_heap_of_a_game_that_splits_goes_to_the_quotient() -> None:
    # Its box is small (101 cells) but the search reaches every way of breaking the heap
    # up: `analyze kayles 100 --misere` searched 18 s before its refusal.
    from nimlab.theory.misere_quotient import SPLIT_SEARCH_STONES

    kayles = nimlab.game("kayles")
    a = nimlab.analyze(kayles, (100,), misere=True)
    assert a.how is not None and a.how.name == "oracle:misere-quotient"
    q = quotient(kayles, 100)
    assert (a.outcome == "P") == q.is_p((100,))
    assert {m.to for m in a.winning_moves} == {
        kayles.format_position(o) for o in kayles.options((100,)) if q.is_p(o)
    }
    assert find_oracle(kayles, (SPLIT_SEARCH_STONES - 1,), misere=True) is None  # searched
    assert find_oracle(kayles, (20, SPLIT_SEARCH_STONES - 20), misere=True) is not None
    from nimlab.theory.misere_quotient import MISERE_QUOTIENT

    assert not MISERE_QUOTIENT.applies(nimlab.game("subtraction:1,3"), (60,))  # no split


def test_a_repeated_factor_is_written_as_a_power() -> None:
    # found by the audit of 2026-11-27: "b · b · … · b" forty times
    from nimlab.misere.answers import analyze as misere_analyze
    from nimlab.registry import game

    answer = misere_analyze(game("kayles"), (2,) * 40 + (5,))
    assert answer.arithmetic.startswith("b^40 · ") and answer.arithmetic.count("·") == 1


def test_a_refusal_past_the_quotients_heaps_says_how_far_it_reaches() -> None:
    # `analyze kayles 401 --misere` was refused naming only --max-states: the quotient,
    # which answers heap 400 at once, is built for heaps up to LARGEST_HEAP.
    import pytest

    from nimlab.errors import TooLarge
    from nimlab.limits import Limits
    from nimlab.solve.context import Context
    from nimlab.theory.misere_quotient import LARGEST_HEAP

    big, tight = f"{LARGEST_HEAP + 1},3", Limits(max_states=100)
    # in a fresh context: a proven quotient another test left in the cache answers any heap
    with Context(), pytest.raises(TooLarge) as refused:
        nimlab.analyze("kayles", big, misere=True, limits=tight)
    assert f"at most {LARGEST_HEAP} stones" in str(refused.value)
    assert f"{LARGEST_HEAP} 個以下" in refused.value.render(None, "ja")
    # no such note in normal play (in a fresh context too: 401,3 is a P-position, and with
    # the values another test left in the cache it is answered with no work at all)
    with Context(), pytest.raises(TooLarge) as normal:
        nimlab.analyze("octal:0.7", big, limits=tight)
    assert "quotient" not in str(normal.value)
    assert nimlab.analyze("kayles", str(LARGEST_HEAP), misere=True).outcome == "N"


@settings(max_examples=25, deadline=None)
@given(
    spec=st.sampled_from(
        [
            "kayles",
            "dawson-kayles",
            "octal:0.07",
            "grundy-game",
            "nim",
            "subtraction:1,2",
            "octal:4.7",
            "take-and-break:0.B1",
            "octal:0.51",
        ]
    ),
    heaps=st.integers(1, 3),
    top=st.integers(0, 8),
)
def test_the_p_positions_of_a_box_read_off_the_quotient_are_those_of_search(
    spec: str, heaps: int, top: int
) -> None:
    game = nimlab.game(spec)
    least = game.capabilities.least_heap
    listed = tuple(MISERE_QUOTIENT.p_positions(game, heaps, top, Limits()))
    search = Search(game, True, Limits(max_states=10**8).budget())
    boxed = combinations_with_replacement(range(least, top + 1), heaps)
    assert listed == tuple(p for p in boxed if search.grundy(p) == 0)


def test_misere_p_positions_of_a_game_that_splits_are_read_off_the_quotient() -> None:
    """``ppositions kayles --heaps 2 --max 100 --misere`` searched 40 s (every way of breaking
    the heaps up) and was refused over the state limit; read off the quotient it takes a
    second or two (fuzz)."""
    the_plan = plan("kayles", "ppositions", heaps=2, max_heap=100, misere=True)
    assert the_plan.steps[0].method.name == "oracle:misere-quotient"
    found = nimlab.p_positions("kayles", heaps=2, max_heap=100, misere=True)
    q = quotient(nimlab.game("kayles"), 100)
    assert found.positions == tuple(
        (a, b) for a in range(101) for b in range(a, 101) if q.is_p((a, b))
    )
    assert (0, 1) in found.positions and (100, 100) in found.positions
    small = plan("kayles", "ppositions", heaps=2, max_heap=5, misere=True)
    assert small.steps[0].method.name == "misere-search"  # small boxes stay with search
