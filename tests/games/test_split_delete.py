"""Split-and-delete Nim and Delete Nim: moves straight from seed 001's rules."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from nimlab.games.actions import DeleteSplit, SplitDelete
from nimlab.games.base import Move
from nimlab.games.split_delete import DeleteNim, SplitDeleteNim, partitions, splits


def _multisets(items: tuple[int, ...], k: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(c)) for c in combinations(items, k)}


def _remove(items: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    left = Counter(items) - Counter(taken)
    return tuple(sorted(left.elements()))


def _split_all(heaps: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every way to split each of ``heaps`` into two non-empty heaps (pieces sorted)."""
    results: set[tuple[int, ...]] = {()}
    for h in heaps:
        results = {tuple(sorted((*r, x, h - x))) for r in results for x in range(1, h)}
    return results


def split_then_delete(heaps: tuple[int, ...], k: int) -> set[tuple[int, ...]]:
    found = set()
    for chosen in _multisets(heaps, k):
        if min(chosen) < 2:
            continue
        rest = _remove(heaps, chosen)
        for pieces in _split_all(chosen):
            pool = tuple(sorted(rest + pieces))
            found |= {_remove(pool, d) for d in _multisets(pool, k)}
    return found


def delete_then_split(heaps: tuple[int, ...], k: int) -> set[tuple[int, ...]]:
    found = set()
    for deleted in _multisets(heaps, k):
        rest = _remove(heaps, deleted)
        for chosen in _multisets(rest, k):
            if min(chosen) < 2:
                continue
            kept = _remove(rest, chosen)
            found |= {tuple(sorted(kept + p)) for p in _split_all(chosen)}
    return found


heaps = (
    st.integers(2, 4)
    .flatmap(lambda n: st.lists(st.integers(1, 7), min_size=n, max_size=n))
    .map(lambda hs: tuple(sorted(hs)))
)


@given(heaps)
def test_split_delete_single(position: tuple[int, ...]) -> None:
    assert set(SplitDeleteNim("single").options(position)) == split_then_delete(position, 1)


@given(heaps.filter(lambda p: len(p) % 2 == 0))
def test_split_delete_half(position: tuple[int, ...]) -> None:
    assert set(SplitDeleteNim("half").options(position)) == split_then_delete(
        position, len(position) // 2
    )


@given(heaps)
def test_delete_nim_variants(position: tuple[int, ...]) -> None:
    n = len(position)
    assert set(DeleteNim("single").options(position)) == delete_then_split(position, 1)
    less = set().union(*(delete_then_split(position, k) for k in range(1, n // 2 + 1)))
    assert set(DeleteNim("less-than-half").options(position)) == less
    if n % 2 == 0:
        assert set(DeleteNim("half").options(position)) == delete_then_split(position, n // 2)
    abo = {p for h in position for p in partitions(h, n)}
    assert set(DeleteNim("all-but-one").options(position)) == abo


@given(
    st.integers(5, 7)
    .flatmap(lambda n: st.lists(st.integers(1, 9), min_size=n, max_size=n))
    .map(lambda hs: tuple(sorted(hs)))
)
def test_delete_nim_single_lists_the_options_its_moves_reach(
    position: tuple[int, ...],
) -> None:
    # The written-out options of the hot case (searches of five heaps and more): the
    # positions of seed 001's rule, each as often as the moves reach it.
    game = DeleteNim("single")
    listed = list(game.options(position))
    assert set(listed) == delete_then_split(position, 1)
    assert Counter(listed) == Counter(move.to for move in game.moves(position))


@given(st.lists(st.integers(1, 6), min_size=6, max_size=6).map(lambda hs: tuple(sorted(hs))))
def test_split_delete_half_of_six_heaps_lists_each_option_once(
    position: tuple[int, ...],
) -> None:
    # Written out for searches (a six-heap half position has thousands of moves, most
    # reaching the same few positions): seed 001's rule, each position once.
    listed = list(SplitDeleteNim("half").options(position))
    assert len(listed) == len(set(listed))
    assert set(listed) == split_then_delete(position, 3)
    assert set(listed) == {move.to for move in SplitDeleteNim("half").moves(position)}


def test_the_papers_example_and_terminal_positions() -> None:
    # From ⟨2, 5⟩ split-and-delete reaches ⟨2, 4⟩; delete-and-split cannot (seed 001, §2).
    assert (2, 4) in set(SplitDeleteNim("single").options((2, 5)))
    assert (2, 4) not in set(DeleteNim("single").options((2, 5)))
    assert SplitDeleteNim("single").is_terminal((1, 1))
    assert SplitDeleteNim("half").is_terminal((1, 1, 1, 9))
    assert not SplitDeleteNim("half").is_terminal((1, 1, 2, 9))


def test_two_heaps_make_every_variant_the_same_game() -> None:
    for p in [(1, 5), (2, 5), (4, 4), (3, 8)]:
        assert set(SplitDeleteNim("half").options(p)) == set(SplitDeleteNim("single").options(p))
        delete = {v: set(DeleteNim(v).options(p)) for v in ("single", "half", "less-than-half")}
        assert delete["single"] == delete["half"] == delete["less-than-half"]
        assert set(DeleteNim("all-but-one").options(p)) == delete["single"]


def test_helpers() -> None:
    assert list(splits(5)) == [(1, 4), (2, 3)]
    assert list(partitions(6, 3)) == [(1, 1, 4), (1, 2, 3), (2, 2, 2)]


def test_move_texts() -> None:
    moves = set(SplitDeleteNim("single").moves((5, 6)))
    assert Move((3, 3), SplitDelete(((6, (3, 3)),), (5,))) in moves
    assert "split 6 into 3+3, delete 5" in {m.text for m in moves}
    moves = set(DeleteNim("single").moves((5, 6)))
    assert Move((3, 3), DeleteSplit((5,), ((6, (3, 3)),))) in moves
    assert "delete 5, split 6 into 3+3" in {m.text for m in moves}
    half = {m.text for m in SplitDeleteNim("half").moves((4, 4, 4, 8))}
    assert "split 4 into 1+3 and 8 into 4+4, delete 1 and 3" in half
    everything = {m.text for m in DeleteNim("all-but-one").moves((2, 3, 6))}
    assert "delete 2 and 3, split 6 into 1+1+4" in everything


@given(st.lists(st.integers(0, 40), min_size=0, max_size=3))
def test_each_split_is_the_product_of_the_heaps_splits_in_its_order(heaps: list[int]) -> None:
    from itertools import product

    from nimlab.games.split_delete import each_split

    assert list(each_split(heaps)) == list(product(*(list(splits(h)) for h in heaps)))


def test_each_split_does_not_list_the_first_heaps_splits_before_the_first_option() -> None:
    # A misère search diving through the first option of each position listed all 4,000
    # splits of a heap of 8,000 at every step: 17.6 M splits for 100,000 steps.
    import nimlab.games.split_delete as split_delete

    drawn = Counter[int]()

    def counted(h: int):  # type: ignore[no-untyped-def]
        for pair in splits(h):
            drawn[h] += 1
            yield pair

    original = split_delete.splits
    split_delete.splits = counted
    try:
        first = next(split_delete.each_split([8000, 3]))
    finally:
        split_delete.splits = original
    assert first == ((1, 7999), (1, 2))
    assert drawn[8000] == 1 and drawn[3] == 1
