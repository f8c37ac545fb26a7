"""Moves of the split/delete games decided by their rules, for positions too big to list.

A heap of 10^30 stones splits in 5·10^29 ways, so neither ``moves`` nor a search can
list a huge position's moves. Play still needs two things of such a position: whether a
typed position is reached by one move (and the move, described as ``moves`` describes
it), and a few legal moves. Both are answered here from seed 001's rules, without
listing:

* :func:`split_delete_to` — split k heaps in two, delete k of the heaps (Split-and-delete
  Nim): each heap of the target is one the move kept, either unsplit or a part of a
  split heap; a split heap keeps none, one (any size below it) or both of its parts
  (their sum is the heap);
* :func:`delete_split_to` — delete k heaps, split k others (Delete Nim): the target is
  the heaps left unsplit and k pairs, each pair summing to a split heap; the heaps left
  over are the deleted ones.

Tests check both against the listed moves of every small position.

>>> split_delete_to((5, 8), (3, 5), 1).text
'split 8 into 3+5, delete 5'
>>> delete_split_to((5, 8), (1, 4), (1,)).text
'delete 8, split 5 into 1+4'
>>> delete_split_to((5, 8), (2, 2), (1,)) is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from nimlab.errors import TooLarge
from nimlab.files import shown
from nimlab.games.actions import DeleteSplit, SplitDelete
from nimlab.games.base import MOVE_SCAN, Heaps, Move, Position

Pieces = tuple[int, ...]
"""The parts of a split heap the move keeps: none, one, or both."""


class _Budget:
    """The cases a rule check may look at (at most :data:`MOVE_SCAN`)."""

    def __init__(self, heaps: Heaps, to: Position) -> None:
        self.left = MOVE_SCAN
        self.heaps, self.to = heaps, to

    def spend(self, cases: int = 1) -> None:
        self.left -= cases
        if self.left < 0:
            raise self.refusal()

    def refusal(self) -> TooLarge:
        """The refusal of a check with too many cases."""
        return TooLarge(
            f"deciding whether {_text(self.to)} is one move from {_text(self.heaps)} "
            f"looked at {MOVE_SCAN:,} cases without an answer; choose one of the "
            "listed moves (#N) instead",
            ja=f"{_text(self.heaps)} から {_text(self.to)} へ 1 手で移れるかを "
            f"{MOVE_SCAN:,} 通り調べても決まりませんでした。一覧の手（#N）を選んでください",
        )


def _text(heaps: Position) -> str:
    """A position as a message shows it (cut short)."""
    return shown(",".join(map(str, heaps)), 60)


def split_delete_move(heaps: Position, split: list[tuple[int, int]], delete: list[int]) -> Move:
    """Split heap i into x + (h_i − x) for each (i, x) (i ascending), then delete these sizes.

    The action is the one ``SplitDeleteNim.moves`` gives the same move.

    >>> split_delete_move((3, 4), [(1, 1)], [3]).text
    'split 4 into 1+3, delete 3'
    """
    chosen = {i for i, _ in split}
    pool = [h for i, h in enumerate(heaps) if i not in chosen]
    parts: list[tuple[int, tuple[int, ...]]] = []
    for i, x in split:
        pair = (min(x, heaps[i] - x), max(x, heaps[i] - x))
        pool.extend(pair)
        parts.append((heaps[i], pair))
    gone: list[int] = []
    for size in delete:
        gone.append(next(j for j, h in enumerate(pool) if h == size and j not in gone))
    gone.sort()
    to = tuple(sorted(h for j, h in enumerate(pool) if j not in gone))
    return Move(to, SplitDelete(tuple(parts), tuple(pool[j] for j in gone)))


def split_delete_to(heaps: Heaps, to: Heaps, k: int) -> Move | None:
    """The move that splits k heaps of ``heaps`` in two, then deletes k of the heaps,
    leaving ``to`` — or None if there is none.

    With the heaps C split and R the others, ``to`` is reached exactly when its heaps
    beyond R (the multiset ``to`` ⊖ R) can be kept parts of C: each heap h of C keeps
    none, one (any size below h) or two of them (summing to h). The rest of ``to`` is
    unsplit heaps of R, and whatever else the pool holds is deleted — k heaps, always.

    >>> split_delete_to((5, 8), (2, 5), 1).text
    'split 8 into 2+6, delete 6'
    >>> split_delete_to((4, 4, 9, 9), (1, 3, 4, 5), 2).text
    'split 4 into 1+3 and 9 into 4+5, delete 4 and 9'
    """
    if len(to) != len(heaps):  # the number of heaps never changes
        return None
    budget = _Budget(heaps, to)
    target = Counter(to)
    for chosen in _distinct(heaps, k, budget, least=2):  # a heap of one stone cannot split
        rest = Counter(heaps) - Counter(chosen)
        parts = sorted((target - rest).elements(), reverse=True)
        if len(parts) > 2 * k:
            continue
        kept = _kept_parts(parts, chosen, budget)
        if kept is not None:
            return _split_delete_action(heaps, chosen, rest - target, kept)
    return None


def _distinct(heaps: Heaps, r: int, budget: _Budget, least: int = 1) -> Iterator[Heaps]:
    """The sub-multisets of r of the ``heaps`` of at least ``least`` stones, each once, in
    ascending order — by how many of each size they take, so that a thousand heaps of two
    sizes give a few hundred, not C(1000, r) combinations.

    >>> list(_distinct((1, 1, 5, 6), 2, _Budget((), ())))
    [(1, 1), (1, 5), (1, 6), (5, 6)]
    """
    sizes = sorted((h, c) for h, c in Counter(heaps).items() if h >= least)
    after = [0] * (len(sizes) + 1)  # heaps of the sizes from i on
    for i in range(len(sizes) - 1, -1, -1):
        after[i] = after[i + 1] + sizes[i][1]
    taken: list[int] = []

    def pick(i: int, left: int) -> Iterator[Heaps]:
        budget.spend()
        if left == 0:
            budget.spend(r)
            yield tuple(taken)
            return
        if after[i] < left:
            return
        size, count = sizes[i]
        for take in range(min(count, left), -1, -1):  # the most of the smallest first
            taken.extend([size] * take)
            yield from pick(i + 1, left - take)
            del taken[len(taken) - take :]

    return pick(0, r)


def _kept_parts(parts: list[int], split: Heaps, budget: _Budget) -> list[Pieces] | None:
    """The ``parts`` (largest first) shared among the heaps ``split`` — each heap h none,
    one below h, or two summing to h — or None if they cannot be. Heaps of one size with
    the same parts so far are alike, so the search goes by how many heaps are in each
    such state, not heap by heap.

    >>> _kept_parts([5, 3, 1], (4, 8), _Budget((), ()))  # 4 keeps 3 + 1, 8 keeps 5
    [(3, 1), (5,)]
    """
    if len(parts) > DEEPEST:
        raise budget.refusal()
    states: Counter[tuple[int, Pieces]] = Counter((h, ()) for h in split)

    def place(i: int) -> bool:
        if i == len(parts):
            return True
        x = parts[i]
        for (h, got), count in list(states.items()):
            budget.spend()
            fits = x < h if not got else len(got) == 1 and got[0] + x == h
            if not count or not fits:
                continue
            states[h, got] -= 1
            states[h, (*got, x)] += 1
            if place(i + 1):
                return True
            states[h, (*got, x)] -= 1
            states[h, got] += 1
        return False

    if not place(0):
        return None
    kept: list[Pieces] = []
    for h in split:  # hand the states back to the heaps
        got = next(g for (size, g), count in states.items() if size == h and count)
        states[h, got] -= 1
        kept.append(got)
    return kept


DEEPEST = 800
"""The most parts a rule check places, one call deeper each (Python's recursion limit)."""


def _split_delete_action(
    heaps: Heaps, chosen: tuple[int, ...], rest: Counter[int], kept: list[Pieces]
) -> Move:
    split: list[tuple[int, int]] = []
    delete = list((+rest).elements())  # the unsplit heaps ``to`` does not keep
    taken: set[int] = set()
    for h, parts in zip(chosen, kept, strict=True):
        i = next(i for i, g in enumerate(heaps) if g == h and i not in taken)
        taken.add(i)
        x = parts[0] if parts else 1
        split.append((i, x))
        delete.extend((h - x,) if len(parts) == 1 else (1, h - 1) if not parts else ())
    split.sort()
    return split_delete_move(heaps, split, delete)


def delete_split_to(heaps: Heaps, to: Heaps, counts: tuple[int, ...]) -> Move | None:
    """The move that deletes k heaps of ``heaps`` and splits k of the others in two
    (k one of ``counts``), leaving ``to`` — or None if there is none.

    >>> delete_split_to((3, 6, 7, 9), (1, 2, 2, 4), (2,)).text
    'delete 7 and 9, split 3 into 1+2 and 6 into 2+4'
    """
    if len(to) != len(heaps):
        return None
    budget = _Budget(heaps, to)
    n = len(heaps)
    for k in counts:
        if k > DEEPEST:  # pairs are matched one call deeper each
            raise budget.refusal()
        for unsplit in _distinct(to, n - 2 * k, budget):
            left = Counter(heaps) - Counter(unsplit)
            if left.total() != 2 * k:  # an unsplit heap that is not one of ``heaps``
                continue
            pieces = sorted((Counter(to) - Counter(unsplit)).elements())
            for pairs in _pairs(pieces, left, budget):  # ``left`` now holds the rest
                gone = tuple(sorted((+left).elements()))
                done = tuple(sorted((a + b, (a, b)) for a, b in pairs))
                return Move(to, DeleteSplit(gone, done))
    return None


def partition_of_one(heaps: Heaps, to: Heaps) -> Move | None:
    """Delete every heap but one and split it into len(heaps) parts (``all-but-one``).

    >>> partition_of_one((2, 7), (3, 4)).text
    'delete 2, split 7 into 3+4'
    """
    h = sum(to)
    if len(to) != len(heaps) or h not in heaps:
        return None
    gone = tuple(sorted((Counter(heaps) - Counter((h,))).elements()))
    return Move(to, DeleteSplit(gone, ((h, to),)))


def _pairs(
    pieces: list[int], heaps: Counter[int], budget: _Budget
) -> Iterator[list[tuple[int, int]]]:
    """Each way to pair up ``pieces`` (sorted) so that every pair sums to a heap of
    ``heaps``, a heap at most once."""
    budget.spend()
    if not pieces:
        yield []
        return
    first, others = pieces[0], pieces[1:]
    for j, other in enumerate(others):
        h = first + other
        if (j and others[j - 1] == other) or not heaps[h]:
            continue
        heaps[h] -= 1
        for pairs in _pairs(others[:j] + others[j + 1 :], heaps, budget):
            yield [(first, other), *pairs]
        heaps[h] += 1


def split_delete_sample(heaps: Heaps, k: int) -> Move | None:
    """A move that splits k heaps of ``heaps`` in two and deletes k heaps, however big:
    the largest k heaps of two stones or more become 1 + (h − 1), and k heaps of one
    stone go. None if no k heaps can be split.

    >>> split_delete_sample((3, 10**30), 1).text
    'split 1000000000000000000000000000000 into 1+999999999999999999999999999999, delete 1'
    """
    big = [i for i, h in enumerate(heaps) if h >= 2][-k:]
    if len(big) < k:
        return None
    return split_delete_move(heaps, [(i, 1) for i in big], [1] * k)


def delete_split_sample(heaps: Heaps, k: int, all_but_one: bool) -> Move | None:
    """A move that deletes the k smallest heaps and splits k of the others (the largest)
    into 1 + (h − 1), or with ``all_but_one`` splits the last heap into 1, …, 1, rest.
    None if that is not possible.

    >>> delete_split_sample((3, 10**30), 1, False).text
    'delete 3, split 1000000000000000000000000000000 into 1+999999999999999999999999999999'
    """
    gone, kept = heaps[:k], heaps[k:]
    if all_but_one:
        (h,) = kept
        n = len(heaps)
        if h < n:
            return None
        parts = (1,) * (n - 1) + (h - n + 1,)
        return Move(parts, DeleteSplit(gone, ((h, parts),)))
    split = [h for h in kept if h >= 2][-k:]
    if len(split) < k:
        return None
    rest = list(kept)
    for h in split:
        rest.remove(h)
    to = tuple(sorted([*rest, *(x for h in split for x in (1, h - 1))]))
    return Move(to, DeleteSplit(gone, tuple((h, (1, h - 1)) for h in split)))
