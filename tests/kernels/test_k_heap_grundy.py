"""The k-heap Grundy kernel, by lines and listed, against exhaustive search, for every
variant it serves."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.games.capabilities import FixedCountMoves
from nimlab.kernels.k_heap_grundy import grundy_table, listed_grundy_table, rank_of
from nimlab.kernels.shapes import (
    _K_HEAP_MOVES,
    box_size,
    k_heap_grundy_bytes,
    k_heap_grundy_states,
)
from nimlab.solve.search import Search

TOPS = {3: 9, 4: 6}
"""The largest heap exhaustive search is asked about, per number of heaps."""


def moves_of(spec: str) -> FixedCountMoves:
    moves = nimlab.game(spec).capabilities.fixed_count_moves
    assert moves is not None
    return moves


def kernel_table(spec: str, heaps: int, top: int) -> tuple[list[int], list[int], int]:
    """The listed kernel's values, remoteness and steps."""
    moves = moves_of(spec)
    least, most = moves.counts(heaps)
    values, remoteness, steps = listed_grundy_table(
        heaps, moves.order == "split-delete", least, most, moves.variant == "all-but-one", top
    )
    return values.tolist(), remoteness.tolist(), steps


def chosen_table(spec: str, heaps: int, top: int) -> tuple[list[int], list[int]]:
    """The values and remoteness of the kernel as analyze runs it (lines where they serve)."""
    values, remoteness = grundy_table(moves_of(spec), heaps, top)
    return values.tolist(), remoteness.tolist()


@pytest.mark.parametrize(("heaps", "spec"), sorted(_K_HEAP_MOVES))
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_values_and_remoteness_are_those_of_search(
    heaps: int, spec: str, data: st.DataObject
) -> None:
    top = data.draw(st.integers(1, TOPS[heaps]), label="top")
    values, remoteness, _ = kernel_table(spec, heaps, top)
    assert chosen_table(spec, heaps, top) == (values, remoteness)
    search = Search(nimlab.game(spec))
    box = list(combinations_with_replacement(range(1, top + 1), heaps))
    assert len(values) == len(box) == box_size(heaps, top)
    for position in box:
        r = rank_of(position)
        assert (values[r], remoteness[r]) == search.value(position), position


@pytest.mark.parametrize(("heaps", "spec"), sorted(_K_HEAP_MOVES))
def test_lines_give_what_the_listed_options_give_further(heaps: int, spec: str) -> None:
    top = {3: 40, 4: 16}[heaps]
    values, remoteness, _ = kernel_table(spec, heaps, top)
    assert chosen_table(spec, heaps, top) == (values, remoteness)


def test_lines_widen_their_bitsets_when_a_value_is_past_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import nimlab.kernels.k_heap_grundy as kernel

    expected = chosen_table("split-delete-nim:single", 4, 30)
    assert max(expected[0]) > 64  # so one word is too few
    monkeypatch.setattr(kernel, "first_words", lambda top: 1)
    assert chosen_table("split-delete-nim:single", 4, 30) == expected


@pytest.mark.parametrize(("heaps", "spec"), sorted(_K_HEAP_MOVES))
def test_steps_are_the_options_counted_without_visiting(heaps: int, spec: str) -> None:
    moves = nimlab.game(spec).capabilities.fixed_count_moves
    assert moves is not None
    for top in (1, 2, 7, TOPS[heaps] + 3):
        assert kernel_table(spec, heaps, top)[2] == moves.options_in_box(heaps, top)


@given(st.lists(st.integers(1, 40), min_size=1, max_size=4))
def test_rank_numbers_the_box_in_order_of_the_largest_heap(heaps: list[int]) -> None:
    position = tuple(sorted(heaps))
    top = position[-1]
    box = sorted(
        combinations_with_replacement(range(1, top + 1), len(position)),
        key=lambda p: p[::-1],  # colexicographic: the largest heap first
    )
    assert rank_of(position) == box.index(position)
    assert rank_of(position) < box_size(len(position), top)  # within the box of its top


def test_a_smaller_box_is_the_start_of_a_larger_one() -> None:
    small = kernel_table("delete-nim:single", 4, 5)
    large = kernel_table("delete-nim:single", 4, 8)
    n = len(small[0])
    assert (large[0][:n], large[1][:n]) == (small[0], small[1])


def test_the_charge_counts_the_box_and_stops_at_the_cap() -> None:
    game = nimlab.game("delete-nim:less-than-half")
    assert k_heap_grundy_states(game, 4, 30, 10**9) == box_size(4, 30)  # lines: one a position
    half = nimlab.game("split-delete-nim:half")  # listed: 8 steps an option, 64 a state
    assert (
        k_heap_grundy_states(half, 4, 30, 10**9)
        == 8 * moves_of("split-delete-nim:half").options_in_box(4, 30) // 64
    )
    assert k_heap_grundy_states(half, 4, 10**6, 10**9) == box_size(4, 10**6)
    assert k_heap_grundy_states(game, 5, 30, 10**9) is None  # no kernel for five heaps
    assert k_heap_grundy_states(nimlab.game("wythoff"), 3, 30, 10**9) is None


def test_the_bytes_grow_with_the_lines_each_variant_keeps() -> None:
    single = k_heap_grundy_bytes(nimlab.game("delete-nim:single"), 4, 50)
    reduce = k_heap_grundy_bytes(nimlab.game("split-delete-nim:single"), 4, 50)
    half = k_heap_grundy_bytes(nimlab.game("split-delete-nim:half"), 4, 50)
    assert half == 8 * box_size(4, 50) < single < reduce


def test_counts_of_each_variant() -> None:
    assert FixedCountMoves("split-delete", "half").counts(4) == (2, 2)
    assert FixedCountMoves("delete-split", "all-but-one").counts(3) == (2, 2)
    assert FixedCountMoves("delete-split", "less-than-half").counts(3) == (1, 1)


def test_only_three_or_four_heaps() -> None:
    with pytest.raises(ValueError, match="3 or 4 heaps, not 5"):
        listed_grundy_table(5, True, 1, 1, False, 3)
    with pytest.raises(ValueError, match="3 or 4 heaps, not 2"):
        grundy_table(moves_of("delete-nim:single"), 2, 3)
