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
from nimlab.games.base import Heaps, HeapsRuleset, Move, Position
from nimlab.games.capabilities import DIAGONAL, REDUCE, Capabilities


@dataclass(frozen=True, repr=False)
class Wythoff(HeapsRuleset):
    """Wythoff's game (Wythoff 1907); P-positions (⌊kφ⌋, ⌊kφ²⌋)."""

    family: ClassVar[str] = "wythoff"

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities("heaps", two_heap_kernel=REDUCE | DIAGONAL)

    @property
    def spec(self) -> str:
        return "wythoff"

    def check_count(self, count: int) -> str | None:
        return None if count == 2 else "exactly 2 heaps"

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


def _pair(x: int, y: int) -> Heaps:
    return (x, y) if x <= y else (y, x)
