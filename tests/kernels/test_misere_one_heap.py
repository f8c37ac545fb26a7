"""The compiled misère one-heap kernels against the misère search, which knows no kernel."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.limits import Limits
from nimlab.solve.context import Context
from nimlab.solve.misere_heaps import compiled_misere, misere_heap_array
from nimlab.solve.search import Search

HEAPS = 48


def _by_search(spec: str, count: int) -> list[int]:
    game = nimlab.game(spec)
    search = Search(game, True, Limits().budget())
    return [search.grundy(game.position((n,))) for n in range(count)]


def _by_kernel(spec: str, count: int) -> list[int]:
    game = nimlab.game(spec)
    assert compiled_misere(game), spec
    with Context():
        return misere_heap_array(game, count, Limits().budget()).tolist()


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 14), min_size=1, max_size=5))
def test_subtraction_games(subtraction_set: set[int]) -> None:
    spec = "subtraction:" + ",".join(map(str, sorted(subtraction_set)))
    assert _by_kernel(spec, HEAPS) == _by_search(spec, HEAPS)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=4), st.integers(1, 3))
def test_octal_codes_that_never_split_a_heap(digits: list[int], last: int) -> None:
    spec = "octal:0." + "".join(map(str, [*digits, last]))
    assert _by_kernel(spec, HEAPS) == _by_search(spec, HEAPS)


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 12), max_size=4))
def test_all_but_games_and_nim(excluded: set[int]) -> None:
    spec = "all-but:" + ",".join(map(str, sorted(excluded))) if excluded else "nim"
    assert _by_kernel(spec, HEAPS) == _by_search(spec, HEAPS)


def test_infinite_subtraction_sets() -> None:
    for spec in ("subtraction:squares", "subtraction:powers-of-2"):
        assert _by_kernel(spec, 200) == _by_search(spec, 200)


def test_games_that_split_heaps_are_left_to_the_search() -> None:
    for spec in ("kayles", "octal:0.4", "grundy-game", "octal:4.3", "wythoff"):
        assert not compiled_misere(nimlab.game(spec))


SIDE = 14

GAMES = st.one_of(
    st.sets(st.integers(1, 10), min_size=1, max_size=4).map(
        lambda s: "subtraction:" + ",".join(map(str, sorted(s)))
    ),
    st.tuples(st.lists(st.integers(0, 3), max_size=3), st.integers(1, 3)).map(
        lambda d: "octal:0." + "".join(map(str, [*d[0], d[1]]))
    ),
    st.sets(st.integers(1, 8), max_size=3).map(
        lambda s: "all-but:" + ",".join(map(str, sorted(s))) if s else "nim"
    ),
)


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_two_heap_tables_match_the_misere_search(spec: str) -> None:
    from nimlab.solve.misere_heaps import misere_table_2

    game = nimlab.game(spec)
    search = Search(game, True, Limits().budget())
    with Context():
        table = misere_table_2(game, SIDE, Limits().budget())
    assert table is not None
    for a in range(SIDE):
        for b in range(a, SIDE):
            assert table[a, b] == table[b, a] == search.grundy(game.position((a, b))), (a, b)
