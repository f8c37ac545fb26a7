"""The split/delete moves decided by the rules agree with the listed moves, every variant."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.errors import TooLarge
from nimlab.games.split_delete import DeleteNim, SplitDeleteNim, _FixedCountGame
from nimlab.games.split_moves import split_delete_to

VARIANTS = [
    *(SplitDeleteNim(v) for v in ("single", "half")),
    *(DeleteNim(v) for v in ("single", "half", "less-than-half", "all-but-one")),
]


def _counts(g: _FixedCountGame) -> tuple[int, ...]:
    return (2, 4) if g.variant == "half" else (2, 3, 4)


@pytest.mark.parametrize("g", VARIANTS, ids=lambda g: g.spec)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_rules_reach_exactly_the_listed_positions(
    g: _FixedCountGame, data: st.DataObject
) -> None:
    n = data.draw(st.sampled_from(_counts(g)))
    heaps = tuple(sorted(data.draw(st.lists(st.integers(1, 9), min_size=n, max_size=n))))
    listed = set(g.moves(heaps))
    reached = {m.to for m in listed}
    for to in reached:
        move = g._rule_move(heaps, to)
        assert move is not None and move.to == to and move in listed
    for size in (n - 1, n, n + 1, n + 2):  # a move never changes the number of heaps
        targets = itertools.combinations_with_replacement(range(1, max(heaps) + 1), size)
        for to in itertools.islice(targets, 400):  # every position the move could leave
            assert (g.move_to(heaps, to) is not None) == (to in reached), to


@pytest.mark.parametrize("g", VARIANTS, ids=lambda g: g.spec)
def test_the_sample_move_is_legal_and_found_whenever_a_move_is(g: _FixedCountGame) -> None:
    for n in _counts(g):
        for heaps in itertools.combinations_with_replacement(range(1, 8), n):
            legal = set(g.moves(heaps))
            sample = g._sample_move(heaps)
            assert sample is None or sample in legal
            assert (sample is not None) == bool(legal)


def test_huge_positions_ask_the_rules_and_small_ones_list() -> None:
    n = 10**30
    half = nimlab.game("split-delete-nim:half")
    move = half.move_to((n, n, n, n), (1, n - 1, n - 1, n))
    assert move is not None
    one = f"{n} into 1+{n - 1}"
    assert move.text == f"split {one} and {one}, delete {n} and 1"
    assert half.move_to((n, n, n, n), (1, 1, 1, n)) is None
    assert half.some_moves((n, n, n, n), 5)[0].to == (n - 1, n - 1, n, n)
    dn = nimlab.game("delete-nim:all-but-one")
    assert dn.move_to((5, n), (1, n - 1)) is not None
    assert dn.move_to((5, n), (2, 2)) is None  # 4 is not a heap


def test_a_rule_check_that_runs_long_is_refused() -> None:
    heaps = tuple(range(2, 42))  # 40 heaps, 20 split: C(40, 20) choices to rule out
    with pytest.raises(TooLarge, match="choose one of the listed moves"):
        split_delete_to(heaps, (1,) * 40, 20)  # forty 1s: twenty heaps of 2 would be needed
    # a legal one is found at once (the heaps beyond the unsplit ones are the kept parts)
    move = split_delete_to(heaps, tuple(range(1, 41)), 20)
    assert move is not None and move.to == tuple(range(1, 41))


def test_big_half_positions_take_their_own_sample_and_long_targets_back() -> None:
    # The review found the sample move of twelve distinct huge heaps refused when typed,
    # and (1,)*500 + (3,)*500 → (1,)*501 + (2,)*499 refused after 30 s.
    n = 10**30
    half = nimlab.game("split-delete-nim:half")
    heaps = tuple(n + i for i in range(12))
    sample = half.some_moves(heaps, 1)[0]
    assert half.move_to(heaps, sample.to) == sample or half.move_to(heaps, sample.to)
    big = (1,) * 500 + (3,) * 500
    assert half.move_to(big, (1,) * 501 + (2,) * 499) is not None


@pytest.mark.parametrize("g", VARIANTS, ids=lambda g: g.spec)
def test_the_moves_of_huge_heaps_are_listed_lazily(g: _FixedCountGame) -> None:
    import tracemalloc

    n = 10**6  # half a million splits a heap: listing them first would take tens of MB
    heaps = (n, n + 1, n + 2, n + 3) if g.variant != "all-but-one" else (n, n + 1, n + 2)
    tracemalloc.start()
    try:
        first = list(itertools.islice(g.moves(heaps), 100))
        options = list(itertools.islice(g.options(heaps), 100))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(first) == len(options) == 100 and peak < 5_000_000


@pytest.mark.parametrize(
    ("spec", "heaps", "to"),
    [
        ("split-delete-nim:single", (199_999, 200_000), (100_000, 200_000)),
        ("split-delete-nim:half", (200, 201, 202, 203), (101, 101, 200, 201)),
        ("delete-nim:all-but-one", (95, 96, 97, 98, 99, 100), (15, 16, 16, 16, 16, 16)),
        ("delete-nim:half", (2, 2, 2, 120, 120, 120), (60, 60, 60, 60, 60, 60)),
    ],
)
def test_a_move_far_down_the_list_is_found(spec: str, heaps: tuple[int, ...], to: Any) -> None:
    # The list was looked through for its first 200,000 moves only, and a move past them
    # was called illegal (the computer then played a losing move from a winning position).
    move = nimlab.game(spec).move_to(heaps, to)
    assert move is not None and move.to == to


def test_a_target_of_another_number_of_heaps_is_no_move() -> None:
    n = 10**30
    assert nimlab.game("split-delete-nim:single").move_to((1, n), (1, 1, n - 1)) is None
    assert nimlab.game("delete-nim:all-but-one").move_to((5, n), (1, 1, 1, 1, 1)) is None
    assert nimlab.game("delete-nim:single").move_to((n, n), (1, 1, n - 1, n - 1)) is None
