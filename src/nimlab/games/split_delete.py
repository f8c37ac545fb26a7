"""Split-and-delete Nim and Delete(-and-split) Nim, for any number of heaps (seed 001).

Every heap has at least one stone and the number of heaps n never changes.

* ``split-delete-nim:single`` — split one heap in two, then delete one of the
  n+1 heaps. ``split-delete-nim:half`` (n even) — split n/2 heaps, then delete
  n/2 of the 3n/2 heaps.
* ``delete-nim:single`` — delete one heap, then split one of the others.
  ``delete-nim:half`` (n even) — delete n/2 heaps, split each of the rest.
  ``delete-nim:less-than-half`` — delete k heaps (1 ≤ k ≤ n/2), split k of the
  rest. ``delete-nim:all-but-one`` — delete n−1 heaps, split the last into n.

With two heaps every split-delete variant is the paper's Split-and-delete Nim
and every delete-nim variant its Delete-and-split Nim. The paper's example:
from ⟨2, 5⟩, Split-and-delete Nim reaches ⟨2, 4⟩ but Delete Nim cannot.

>>> (2, 4) in set(SplitDeleteNim("single").options((2, 5)))
True
>>> (2, 4) in set(DeleteNim("single").options((2, 5)))
False
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import ClassVar

from nimlab.errors import InvalidGame
from nimlab.games.actions import DeleteSplit, SplitDelete
from nimlab.games.base import MOVE_SCAN, Heaps, HeapsRuleset, Move, Needs, Position
from nimlab.games.capabilities import (
    K_REDUCE,
    PAIR_AND_ONE,
    REDUCE,
    SPLIT_ALL,
    SPLIT_HALF,
    SPLIT_KEEP,
    SPLIT_KEEP_SPLITTABLE,
    SUMS,
    TWO_PAIRS,
    TWO_REDUCED,
    Capabilities,
    FixedCountMoves,
)
from nimlab.games.meter import charge
from nimlab.games.split_moves import (
    delete_split_sample,
    delete_split_to,
    partition_of_one,
    split_delete_sample,
    split_delete_to,
)

SPLIT_DELETE_VARIANTS = ("single", "half")
DELETE_VARIANTS = ("single", "half", "less-than-half", "all-but-one")


def splits(h: int) -> Iterator[tuple[int, int]]:
    """The ways to split a heap of h into two non-empty heaps, smaller part first."""
    return ((x, h - x) for x in range(1, h // 2 + 1))


LISTED_SPLITS = 4096
"""Up to this many splits in all, :func:`each_split` lists each heap's splits first."""


def each_split(heaps: list[int]) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to split each of ``heaps`` in two, as ``itertools.product`` of their
    :func:`splits` orders them — but lazily: a heap of 10^30 stones is never listed.

    >>> list(each_split([2, 4]))
    [((1, 1), (1, 3)), ((1, 1), (2, 2))]
    """
    if not heaps:
        return iter([()])
    if len(heaps) == 1:
        return ((p,) for p in splits(heaps[0]))
    rest = heaps[1:]
    if sum(h // 2 for h in rest) <= LISTED_SPLITS:  # the searches' case: product is faster
        # the first heap's splits are not listed: a search that dives through the first
        # option of each position (and may be stopped there) does not pay for them all
        listed = [list(splits(h)) for h in rest]
        return ((p, *others) for p in splits(heaps[0]) for others in product(*listed))
    return ((p, *others) for p in splits(heaps[0]) for others in each_split(rest))


def partitions(h: int, parts: int, smallest: int = 1) -> Iterator[Heaps]:
    """Partitions of h into exactly ``parts`` parts ≥ ``smallest``, ascending."""
    if parts == 1:
        if h >= smallest:
            yield (h,)
        return
    for first in range(smallest, h // parts + 1):
        for tail in partitions(h - first, parts - 1, first):
            yield (first, *tail)


def _without(heaps: Heaps, indices: tuple[int, ...]) -> Heaps:
    drop = set(indices)
    return tuple(h for i, h in enumerate(heaps) if i not in drop)


def _distinct_choices(heaps: Heaps, k: int, minimum: int = 1) -> Iterator[tuple[int, ...]]:
    """Index sets of k heaps (each ≥ minimum), one per multiset of chosen sizes."""
    seen: set[Heaps] = set()
    examined = 0
    for chosen in combinations(range(len(heaps)), k):
        examined += 1
        if examined == 64:  # every choice examined is work, whether it yields or not
            charge(examined)
            examined = 0
        values = tuple(heaps[i] for i in chosen)
        if min(values, default=minimum) >= minimum and values not in seen:
            seen.add(values)
            yield chosen


@cache
def _index_choices(m: int, k: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every choice of k of the indexes 0..m-1, with the indexes not chosen."""
    return tuple(
        (chosen, tuple(i for i in range(m) if i not in chosen))
        for chosen in combinations(range(m), k)
    )


def _deletions(pool: Heaps, k: int) -> Iterator[tuple[Heaps, Heaps]]:
    """(the heaps deleted, the heaps kept, sorted) for each choice of k heaps of ``pool``
    with distinct sizes, in the order of :func:`_distinct_choices` (and charged as it is).

    >>> list(_deletions((2, 1, 1), 1))
    [((2,), (1, 1)), ((1,), (1, 2))]
    """
    seen: set[Heaps] = set()
    get = pool.__getitem__
    examined = 0
    for chosen, others in _index_choices(len(pool), k):
        examined += 1
        if examined == 64:
            charge(examined)
            examined = 0
        names = tuple(map(get, chosen))
        if names not in seen:
            seen.add(names)
            yield names, tuple(sorted(map(get, others)))


def _each_once(candidates: Iterator[Heaps]) -> Iterator[Heaps]:
    """Each of ``candidates`` once. Each one looked at is work: sixteen are charged as one
    state (a state of a search costs about as much).

    >>> list(_each_once(iter([(1, 2), (1, 1), (1, 2)])))
    [(1, 2), (1, 1)]
    """
    seen: set[Heaps] = set()
    examined = 0
    for candidate in candidates:
        examined += 1
        if examined == 64:
            charge(4)
            examined = 0
        if candidate not in seen:
            seen.add(candidate)
            yield candidate


def _split_and_keep(heaps: Heaps, k: int) -> Iterator[Heaps]:
    """The positions left by splitting k heaps in two, then deleting k heaps: each once.

    The pool is sorted, so every choice of the heaps kept (``combinations``) comes out
    sorted, and the same position twice is the same tuple.

    >>> sorted(_split_and_keep((2, 5), 1))
    [(1, 1), (1, 2), (1, 4), (1, 5), (2, 2), (2, 3), (2, 4)]
    """

    def kept() -> Iterator[Heaps]:
        for chosen in _distinct_choices(heaps, k, minimum=2):
            rest = _without(heaps, chosen)
            for pieces in each_split([heaps[i] for i in chosen]):
                pool = tuple(sorted(rest + tuple(x for pair in pieces for x in pair)))
                yield from combinations(pool, len(heaps))

    return _each_once(kept())


class _FixedCountGame(HeapsRuleset):
    """A game of seed 001: n heaps of at least one stone, n fixed; a named variant."""

    def example_position(self) -> str:
        return "3,4"

    variant: str
    variants: ClassVar[tuple[str, ...]]
    min_heap: ClassVar[int] = 1

    def __post_init__(self) -> None:
        if self.variant not in self.variants:
            raise InvalidGame(
                f"unknown {self.family} variant {self.variant!r}; "
                f"accepted: {', '.join(self.variants)}",
                ja=f"{self.family} の変種 {self.variant!r} は不明です。"
                f"使えるもの: {', '.join(self.variants)}",
            )

    @property
    def spec(self) -> str:
        return f"{self.family}:{self.variant}"

    _two_heap_moves: ClassVar[int]
    _k_heap_moves: ClassVar[dict[str, tuple[tuple[int, int], ...]]]
    _any_count_moves: ClassVar[dict[str, int]]
    """The k-heap move flags every count of heaps allows, by variant (the planner's lower
    bounds read them: ``Capabilities.any_count_moves``)."""
    _p_matrix_sources: ClassVar[dict[str, str]] = {}
    _grundy_table_source: ClassVar[str]
    _order: ClassVar[str]

    @property
    def capabilities(self) -> Capabilities:
        # With two heaps every split-delete variant is Split-and-delete Nim and every
        # delete-nim variant Delete-and-split Nim (seed 001 §4): one two-heap kernel each.
        return Capabilities(
            "heaps",
            least_heap=self.min_heap,
            two_heap_kernel=self._two_heap_moves,
            k_heap_kernels=self._k_heap_moves.get(self.variant, ()),
            p_matrix_source=self._p_matrix_sources.get(self.variant, ""),
            grundy_table_source=self._grundy_table_source,
            splits_heaps=True,
            any_count_moves=self._any_count_moves.get(self.variant, 0),
            fixed_count_moves=FixedCountMoves(self._order, self.variant),
        )

    @property
    def options_bytes(self) -> int:
        # the variants but ``single`` list each option once: sets of what they have seen
        # and a generator per choice of heaps (measured: up to 2.2 KB more than 400)
        return 500 if self.variant == "single" else 2800

    def check_count(self, count: int) -> Needs | None:
        if count < 2:
            return Needs("at least 2 heaps", "2 個以上の山")
        if self.variant == "half" and count % 2:
            return Needs("an even number of heaps", "偶数個の山")
        return None

    # Huge heaps have too many splits to list: their moves come from the rules.

    def _huge(self, position: Position) -> bool:
        """Whether ``position`` has about as many moves as :data:`MOVE_SCAN` or more (its
        splits — of one heap, or of two for the other variants — times the heaps then
        deleted): its legal moves are then shown by a sample, not the first listed."""
        splits: int = sum(h // 2 for h in position)
        ways = splits if self.variant == "single" else splits * splits
        return ways * (len(position) + 1) > MOVE_SCAN

    def move_to(self, position: Position, to: Position) -> Move | None:
        """Decided by the rules whatever the size (exact: tests compare it with the listed
        moves of every small position, every variant); the number of heaps never changes."""
        if len(to) != len(position):
            return None
        return self._rule_move(position, to)

    def some_moves(self, position: Position, limit: int) -> list[Move]:
        if not self._huge(position):
            return super().some_moves(position, limit)
        move = self._sample_move(position)
        return [move][:limit] if move is not None else []

    @abstractmethod
    def _rule_move(self, position: Position, to: Position) -> Move | None:
        """The move to ``to`` decided by the rules, without listing (``split_moves``)."""

    @abstractmethod
    def _sample_move(self, position: Position) -> Move | None:
        """One legal move of a position of any size (None at a terminal position)."""


@dataclass(frozen=True, repr=False)
class SplitDeleteNim(_FixedCountGame):
    """Split-and-delete Nim (Abuku, Sakai, Shinoda, Suetsugu): split, then delete."""

    variant: str
    family: ClassVar[str] = "split-delete-nim"
    _order: ClassVar[str] = "split-delete"
    variants: ClassVar[tuple[str, ...]] = SPLIT_DELETE_VARIANTS
    _two_heap_moves: ClassVar[int] = REDUCE | SUMS
    _p_matrix_sources: ClassVar[dict[str, str]] = {"single": "Table 9 of seed 001"}
    _grundy_table_source: ClassVar[str] = "Table 7 of seed 001 (Split-and-delete Nim)"
    _k_heap_moves: ClassVar[dict[str, tuple[tuple[int, int], ...]]] = {
        "single": ((3, K_REDUCE | SPLIT_KEEP), (4, K_REDUCE | SPLIT_KEEP)),
        "half": ((4, TWO_PAIRS | PAIR_AND_ONE | SPLIT_KEEP_SPLITTABLE | TWO_REDUCED),),
    }
    # split a heap, delete one of its parts (reduce it) or another heap; half: split the
    # larger half of the heaps and delete the other
    _any_count_moves: ClassVar[dict[str, int]] = {
        "single": K_REDUCE | SPLIT_KEEP,
        "half": SPLIT_HALF,
    }

    def moves(self, position: Position) -> Iterator[Move]:
        heaps: Heaps = position
        k = 1 if self.variant == "single" else len(heaps) // 2
        for chosen in _distinct_choices(heaps, k, minimum=2):
            rest = _without(heaps, chosen)
            for pieces in each_split([heaps[i] for i in chosen]):
                pool = rest + tuple(x for pair in pieces for x in pair)
                done = tuple((heaps[i], p) for i, p in zip(chosen, pieces, strict=True))
                for names, kept in _deletions(pool, k):
                    yield Move(kept, SplitDelete(done, names))

    def options(self, position: Position) -> Iterator[Position]:
        heaps: Heaps = position
        if self.variant == "single":
            # The hot case written out: reduce one heap, or split it and drop another.
            for i, h in enumerate(heaps):
                if h < 2 or (i and heaps[i - 1] == h):
                    continue
                rest = heaps[:i] + heaps[i + 1 :]
                for x in range(1, h):
                    yield tuple(sorted((*rest, x)))
                for x, y in splits(h):
                    for j in range(len(rest)):
                        if j and rest[j - 1] == rest[j]:
                            continue
                        yield tuple(sorted((*rest[:j], *rest[j + 1 :], x, y)))
            return
        yield from _split_and_keep(heaps, len(heaps) // 2)

    def _splits(self, heaps: Heaps) -> int:
        return 1 if self.variant == "single" else len(heaps) // 2

    def _rule_move(self, position: Position, to: Position) -> Move | None:
        return split_delete_to(position, to, self._splits(position))

    def _sample_move(self, position: Position) -> Move | None:
        return split_delete_sample(position, self._splits(position))


@dataclass(frozen=True, repr=False)
class DeleteNim(_FixedCountGame):
    """Delete(-and-split) Nim (Abuku–Suetsugu; Shinoda; Abuku et al.): delete, then split."""

    variant: str
    family: ClassVar[str] = "delete-nim"
    _order: ClassVar[str] = "delete-split"
    _grundy_table_source: ClassVar[str] = "Table 8 of seed 001 (Delete-and-split Nim)"
    variants: ClassVar[tuple[str, ...]] = DELETE_VARIANTS
    _two_heap_moves: ClassVar[int] = SUMS
    _k_heap_moves: ClassVar[dict[str, tuple[tuple[int, int], ...]]] = {
        "single": ((3, SPLIT_KEEP), (4, SPLIT_KEEP)),
        "less-than-half": ((3, SPLIT_KEEP), (4, SPLIT_KEEP | TWO_PAIRS)),
        "half": ((4, TWO_PAIRS),),
        "all-but-one": ((3, SPLIT_ALL), (4, SPLIT_ALL)),
    }
    # delete one heap (less than half: at least one), split another
    _any_count_moves: ClassVar[dict[str, int]] = {
        "single": SPLIT_KEEP,
        "less-than-half": SPLIT_KEEP,
        "all-but-one": SPLIT_ALL,
        "half": SPLIT_HALF,
    }

    def _delete_counts(self, n: int) -> range:
        if self.variant == "single":
            return range(1, 2)
        if self.variant == "half":
            return range(n // 2, n // 2 + 1)
        if self.variant == "less-than-half":
            return range(1, n // 2 + 1)
        return range(n - 1, n)

    def moves(self, position: Position) -> Iterator[Move]:
        heaps: Heaps = position
        n = len(heaps)
        for k in self._delete_counts(n):
            for deleted in _distinct_choices(heaps, k):
                rest = _without(heaps, deleted)
                gone = tuple(heaps[i] for i in deleted)
                if self.variant == "all-but-one":
                    (h,) = rest
                    for parts in partitions(h, n):
                        yield Move(parts, DeleteSplit(gone, ((h, parts),)))
                    continue
                for chosen in _distinct_choices(rest, k, minimum=2):
                    kept = _without(rest, chosen)
                    for pieces in each_split([rest[i] for i in chosen]):
                        to = tuple(sorted(kept + tuple(x for pair in pieces for x in pair)))
                        done = tuple((rest[i], p) for i, p in zip(chosen, pieces, strict=True))
                        yield Move(to, DeleteSplit(gone, done))

    def options(self, position: Position) -> Iterator[Position]:
        heaps: Heaps = position
        if self.variant != "single":
            yield from self._distinct_options(heaps)
            return
        # The hot case written out (searches of five heaps and more, misère play): delete
        # one heap, split another in two; equal heaps (the position is sorted) once.
        for i, gone in enumerate(heaps):
            if i and heaps[i - 1] == gone:
                continue
            rest = heaps[:i] + heaps[i + 1 :]
            for j, h in enumerate(rest):
                if h < 2 or (j and rest[j - 1] == h):
                    continue
                kept = rest[:j] + rest[j + 1 :]
                for x in range(1, h // 2 + 1):
                    yield tuple(sorted((*kept, x, h - x)))

    def _distinct_options(self, heaps: Heaps) -> Iterator[Heaps]:
        """The options of the other variants, each once (the moves reach most of them
        many times)."""

        def reached() -> Iterator[Heaps]:
            n = len(heaps)
            for k in self._delete_counts(n):
                for deleted in _distinct_choices(heaps, k):
                    rest = _without(heaps, deleted)
                    if self.variant == "all-but-one":
                        yield from partitions(rest[0], n)
                        continue
                    for chosen in _distinct_choices(rest, k, minimum=2):
                        kept = _without(rest, chosen)
                        for pieces in each_split([rest[i] for i in chosen]):
                            yield tuple(sorted(kept + tuple(x for pair in pieces for x in pair)))

        return _each_once(reached())

    def _rule_move(self, position: Position, to: Position) -> Move | None:
        if self.variant == "all-but-one":
            return partition_of_one(position, to)
        return delete_split_to(position, to, tuple(self._delete_counts(len(position))))

    def _sample_move(self, position: Position) -> Move | None:
        k = self._delete_counts(len(position))[0]
        return delete_split_sample(position, k, self.variant == "all-but-one")
