"""What a move does, in the game's own terms: a small closed set of frozen values.

A :class:`~nimlab.games.moves.Move` pairs the position reached with one of these
actions. Every field is data (ints and tuples of ints; a component's spec and a
position in the game's own notation, both of which round-trip through the
registry and ``parse_position``), never words: the words in English and
Japanese come from :mod:`nimlab.games.wording`, which renders every kind listed
in :data:`ACTIONS`.

The ``repr`` of an action is code you can paste back:

>>> Take(3, 2)
Take(heap=3, amount=2)
>>> SplitDelete(splits=((8, (3, 5)),), deleted=(5,))
SplitDelete(splits=((8, (3, 5)),), deleted=(5,))
>>> InComponent(0, "nim", Take(3, 2))
InComponent(index=0, component='nim', action=Take(heap=3, amount=2))
>>> eval(repr(Take(2000, 1382, leaving=(1000, 618)))) == Take(2000, 1382, (1000, 618))
True
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import ClassVar

Heaps = tuple[int, ...]


@dataclass(frozen=True)
class Action:
    """What happened in one move. Subclasses are the closed set in :data:`ACTIONS`."""

    kind: ClassVar[str] = ""
    """A short stable name of the kind (``"take"``, ``"split-delete"``, ...)."""

    def cell_from(self, x: int, y: int) -> tuple[int, int] | None:
        """The pair of heaps this move reaches from the heaps (x, y), x's first, for a move
        that takes from one heap or both (seed 002's ○× board); None for other kinds.

        >>> Take(5, 2).cell_from(3, 5), TakeBoth(2, (1, 3)).cell_from(3, 5)
        ((3, 3), (1, 3))
        >>> Split(5, (2, 3)).cell_from(3, 5) is None
        True
        """
        return None

    def __repr__(self) -> str:
        shown = []
        for f in fields(self):
            value = getattr(self, f.name)
            if f.default is not MISSING and value == f.default:
                continue  # an optional field left at its default is not shown
            shown.append(f"{f.name}={value!r}")
        return f"{type(self).__name__}({', '.join(shown)})"


@dataclass(frozen=True, repr=False)
class Take(Action):
    """Take ``amount`` stones from one heap of ``heap`` stones, leaving one heap.

    ``leaving`` is the whole position reached, heaps in their order before the
    move, for games that say it (Wythoff's game: ``(1000, 618)``); ``None`` otherwise.
    """

    heap: int
    amount: int
    leaving: Heaps | None = None
    kind: ClassVar[str] = "take"

    def cell_from(self, x: int, y: int) -> tuple[int, int] | None:
        if self.leaving is not None:
            return (self.leaving[0], self.leaving[1]) if len(self.leaving) == 2 else None
        return (x - self.amount, y) if self.heap == x else (x, y - self.amount)


@dataclass(frozen=True, repr=False)
class TakeBoth(Action):
    """Take ``amount`` stones from both heaps (Wythoff's diagonal move), reaching ``leaving``."""

    amount: int
    leaving: Heaps
    kind: ClassVar[str] = "take-both"

    def cell_from(self, x: int, y: int) -> tuple[int, int] | None:
        return (self.leaving[0], self.leaving[1]) if len(self.leaving) == 2 else None


@dataclass(frozen=True, repr=False)
class TakeAll(Action):
    """Take every stone of a heap of ``heap`` (an octal game's digit with bit 1)."""

    heap: int
    kind: ClassVar[str] = "take-all"


@dataclass(frozen=True, repr=False)
class RemoveHeap(Action):
    """Remove a heap of ``heap`` stones, leaving nothing in its place (a heap game's ``()``)."""

    heap: int
    kind: ClassVar[str] = "remove-heap"


@dataclass(frozen=True, repr=False)
class Split(Action):
    """Split a heap of ``heap`` stones into ``parts`` without taking any (Grundy's game)."""

    heap: int
    parts: Heaps
    kind: ClassVar[str] = "split"


@dataclass(frozen=True, repr=False)
class TakeAndSplit(Action):
    """Take ``amount`` from a heap of ``heap`` and leave the rest as ``parts`` (octal games)."""

    heap: int
    amount: int
    parts: Heaps
    kind: ClassVar[str] = "take-and-split"


@dataclass(frozen=True, repr=False)
class ReplaceHeap(Action):
    """Replace a heap of ``heap`` by the heaps ``parts`` (a user's heap game)."""

    heap: int
    parts: Heaps
    kind: ClassVar[str] = "replace-heap"


@dataclass(frozen=True, repr=False)
class SplitDelete(Action):
    """Split heaps, then delete heaps (Split-and-delete Nim, seed 001).

    ``splits`` holds ``(heap, parts)`` for each heap split; ``deleted`` the sizes of
    the heaps deleted afterwards, in the order they are named.
    """

    splits: tuple[tuple[int, Heaps], ...]
    deleted: Heaps
    kind: ClassVar[str] = "split-delete"


@dataclass(frozen=True, repr=False)
class DeleteSplit(Action):
    """Delete heaps, then split heaps (Delete(-and-split) Nim, seed 001)."""

    deleted: Heaps
    splits: tuple[tuple[int, Heaps], ...]
    kind: ClassVar[str] = "delete-split"


@dataclass(frozen=True, repr=False)
class TakeCapped(Action):
    """Take ``amount`` stones in a take-away game; the opponent may then take ``next_limit``."""

    amount: int
    next_limit: int
    kind: ClassVar[str] = "take-capped"


@dataclass(frozen=True, repr=False)
class InComponent(Action):
    """``action`` made in component ``index`` (0-based) of a sum, that component's spec given."""

    index: int
    component: str
    action: Action
    kind: ClassVar[str] = "in-component"


@dataclass(frozen=True, repr=False)
class MoveTo(Action):
    """A move known only by the position it reaches, written in the game's own notation.

    A user's game that lists ``options`` but not ``moves`` describes its moves this way.
    """

    position: str
    kind: ClassVar[str] = "move-to"


ACTIONS: tuple[type[Action], ...] = (
    Take,
    TakeBoth,
    TakeAll,
    RemoveHeap,
    Split,
    TakeAndSplit,
    ReplaceHeap,
    SplitDelete,
    DeleteSplit,
    TakeCapped,
    InComponent,
    MoveTo,
)
"""Every kind of action; each has an English and a Japanese rendering in ``wording``."""

__all__ = [
    "ACTIONS",
    "Action",
    "DeleteSplit",
    "InComponent",
    "MoveTo",
    "RemoveHeap",
    "ReplaceHeap",
    "Split",
    "SplitDelete",
    "Take",
    "TakeAll",
    "TakeAndSplit",
    "TakeBoth",
    "TakeCapped",
]
