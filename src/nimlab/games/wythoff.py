"""Wythoff's game: Game IV of seed 000, the queens of seed 002.

Two heaps; remove any positive number of stones from one heap, or the same
number from both (a chess queen moving towards the corner).

>>> g = Wythoff()
>>> sorted(set(g.options((1, 2))))
[(0, 1), (0, 2), (1, 1)]
>>> [m.text for m in g.moves((1, 2))][-1]
'take 1 from both heaps, leaving (0, 1)'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from nimlab.games.actions import Take, TakeBoth
from nimlab.games.base import Heaps, HeapsRuleset, Move, Needs, Position
from nimlab.games.capabilities import DIAGONAL, REDUCE, Capabilities


@dataclass(frozen=True, repr=False)
class Wythoff(HeapsRuleset):
    """Wythoff's game (Wythoff 1907); P-positions (⌊kφ⌋, ⌊kφ²⌋)."""

    def example_position(self) -> str:
        return "3,5"

    family: ClassVar[str] = "wythoff"

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            "heaps",
            two_heap_kernel=REDUCE | DIAGONAL,
            grundy_table_source="Table 6 of seed 001 (Wythoff's Nim, every heap ≥ 1: ⟨a, b⟩ is "
            "Wythoff's ⟨a−1, b−1⟩)",
        )

    @property
    def spec(self) -> str:
        return "wythoff"

    def check_count(self, count: int) -> Needs | None:
        return None if count == 2 else Needs("exactly 2 heaps", "ちょうど 2 個の山")

    def moves(self, position: Position) -> Iterator[Move]:
        a, b = position
        for k in range(1, b + 1):
            yield Move(_pair(a, b - k), Take(b, k, leaving=(a, b - k)))
        if a != b:
            for k in range(1, a + 1):
                yield Move(_pair(a - k, b), Take(a, k, leaving=(a - k, b)))
        for k in range(1, a + 1):
            yield Move((a - k, b - k), TakeBoth(k, (a - k, b - k)))

    def options(self, position: Position) -> Iterator[Position]:
        a, b = position
        for k in range(1, b + 1):
            yield _pair(a, b - k)
        for k in range(1, a + 1):
            yield _pair(a - k, b)
            yield (a - k, b - k)

    def move_to(self, position: Position, to: Position) -> Move | None:
        return queen_move(position, to)


def queen_move(position: Position, to: Position) -> Move | None:
    """The move from ``position`` to ``to`` described as :meth:`Wythoff.moves` does, if a
    queen makes it (from one heap, or the same number from both), else None.

    >>> queen_move((4, 6), (3, 5)).text
    'take 1 from both heaps, leaving (3, 5)'
    >>> queen_move((4, 6), (1, 2)) is None
    True
    """
    a, b = position
    x, y = to
    for keep, cut, other in ((a, b, (x, y)), (a, b, (y, x))):
        if other[0] == keep and 0 <= other[1] < cut:  # take from the heap of b
            return Move(to, Take(cut, cut - other[1], leaving=(keep, other[1])))
    for z, w in ((x, y), (y, x)):
        if w == b and 0 <= z < a:  # take from the heap of a
            return Move(to, Take(a, a - z, leaving=(z, b)))
    if a - x == b - y > 0:
        return Move(to, TakeBoth(a - x, (x, y)))
    return None


def _pair(x: int, y: int) -> Heaps:
    return (x, y) if x <= y else (y, x)
