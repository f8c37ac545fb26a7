"""Oracles: closed forms from the literature behind the same ``analyze``.

An oracle answers positions of one game exactly, at any size, from a
theorem. It carries its source (seed file, theorem) and is cross-checked
against exhaustive search by ``nimlab verify`` and the tests. ``analyze``
asks the registered oracles first and names the one it used in ``method``.

Theories register their oracles through an entry point this module owns:
:func:`register_theories` names a module that registers oracles when imported.
The package root (``nimlab/__init__.py``) names :mod:`nimlab.theory`; another
package may name its own. :func:`oracles` imports every named module once, on
first use, so the solver never imports the modules above it.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, ClassVar

from nimlab.games.base import Heaps, Move, Position, Ruleset
from nimlab.solve.methods import Method, render_method
from nimlab.solve.results import Outcome

if TYPE_CHECKING:
    from nimlab.limits import Limits


@dataclass(frozen=True)
class OracleAnswer:
    """What a theorem says of one position."""

    outcome: Outcome
    grundy: int | None
    winning_moves: tuple[Move, ...]
    complete: bool
    remoteness: int | None = None


MOVES_MEMORY_SHARE = 8
"""The winning moves listed may take this fraction of ``max_memory``: each names the whole
position it leads to (9,367 of a 20,000-heap Nim position took 1.3 GB). Past it a list is
cut, and says it is not complete."""


def moves_room(each: int, max_memory: int) -> int:
    """How many moves of ``each`` bytes a list may hold within ``max_memory`` (at least one).

    >>> moves_room(16 * 20_000 + 200, 2**31)
    838
    """
    return max(1, max_memory // MOVES_MEMORY_SHARE // each)


def listed(moves: Iterable[Move], heaps: int, limits: Limits) -> tuple[tuple[Move, ...], bool]:
    """The first of ``moves`` (to positions of ``heaps`` heaps) that fit the memory limit, and
    whether that is all of them."""
    room = moves_room(16 * heaps + 200, limits.max_memory)  # a tuple's pointers, its objects
    first = tuple(islice(moves, room + 1))
    return first[:room], len(first) <= room


class Oracle(ABC):
    """A closed form for one game (or family), valid for positions it ``applies`` to."""

    name: ClassVar[str]
    """Short identifier, used by ``nimlab verify NAME``."""
    title: ClassVar[str]
    """What it computes, for ``method``."""
    source: ClassVar[str]
    """Where the result comes from: seed file and theorem, or the literature."""
    misere: ClassVar[bool] = False
    """True for an oracle of misère play."""

    @abstractmethod
    def applies(self, game: Ruleset, position: Position) -> bool:
        """True when this oracle answers ``position`` of ``game``."""

    @abstractmethod
    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        """The outcome, Grundy value where known, and winning moves."""

    def analyze_within(self, game: Ruleset, position: Position, limits: Limits) -> OracleAnswer:
        """:meth:`analyze` within the caller's ``limits``, for an oracle whose work grows
        with the position (a closed form's does not: it ignores them)."""
        return self.analyze(game, position)

    def planned_states(self, game: Ruleset, position: Position) -> int | None:
        """The work a plan states for this theorem's answer: 1 for a closed form, None
        where it is not known before the answer is made (charged as it goes)."""
        return 1

    def heap_values(self, game: Ruleset, start: int, stop: int) -> list[int] | None:
        """The (misère, for a misère oracle) Grundy values of the single heaps start..stop-1
        from the theorem, or None when it gives no values of single heaps."""
        return None

    def grundy(self, game: Ruleset, position: Position) -> int | None:
        """The Grundy value, or None if the theorem gives only the outcome."""
        return self.analyze(game, position).grundy

    def moves_to_value(self, game: Ruleset, position: Position, target: int) -> list[Move] | None:
        """Every move to a position of Grundy value ``target`` (for sums), or None if unknown."""
        return None

    def out_of_reach(self, game: Ruleset, position: Position) -> tuple[str, str] | None:
        """Why this theorem does not answer ``position`` though it answers ``game``, in
        English and Japanese (for a refusal's note), or None."""
        return None

    def lists_p_positions(self, game: Ruleset, heaps: int, max_heap: int) -> bool:
        """Whether :meth:`p_positions` answers this box (asked by the planner: no work)."""
        return False

    def p_positions(
        self, game: Ruleset, heaps: int, max_heap: int, limits: Limits
    ) -> Iterator[Heaps]:
        """Every P-position of ``heaps`` heaps of at most ``max_heap`` stones (from the
        game's least heap), each sorted, in lexicographic order, charged to ``limits`` as
        it goes; only where :meth:`lists_p_positions` said so."""
        raise NotImplementedError(f"{self.name} lists no P-positions")

    title_ja: ClassVar[str] = ""
    """The title in Japanese (a theorem without it fails a test naming it)."""
    source_ja: ClassVar[str] = ""
    """The source in Japanese."""

    @property
    def how(self) -> Method:
        """This theorem as a :class:`~nimlab.solve.methods.Method` value."""
        name = f"oracle:{self.name}"
        return Method(name, self.title, self.source, (), (), self.title_ja, self.source_ja)

    @property
    def method(self) -> str:
        return render_method(self.how, "en")


_ORACLES: list[Oracle] = []
_loaded = False


def register_oracle(oracle: Oracle) -> Oracle:
    """Add an oracle; later registrations are asked after earlier ones."""
    _ORACLES.append(oracle)
    return oracle


_THEORIES: list[str] = []


def register_theories(module: str) -> None:
    """Name a module whose import registers oracles; it is imported on first use."""
    global _loaded
    if module not in _THEORIES:
        _THEORIES.append(module)
        _loaded = False


def oracles() -> list[Oracle]:
    """Every registered oracle (importing the named theory modules once)."""
    global _loaded
    if not _loaded:
        _loaded = True
        for module in _THEORIES:
            importlib.import_module(module)
    return list(_ORACLES)


def out_of_reach(game: Ruleset, position: Position, misere: bool = False) -> tuple[str, str] | None:
    """Why a theorem for ``game`` does not answer ``position``, if one says so (English,
    Japanese): the note of a refusal that would otherwise only name a limit."""
    for oracle in oracles():
        if oracle.misere == misere:
            why = oracle.out_of_reach(game, position)
            if why is not None:
                return why
    return None


def find_lister(game: Ruleset, heaps: int, max_heap: int, misere: bool) -> Oracle | None:
    """The first oracle that lists the P-positions of ``heaps`` heaps up to ``max_heap``."""
    for oracle in oracles():
        if oracle.misere == misere and oracle.lists_p_positions(game, heaps, max_heap):
            return oracle
    return None


def find_oracle(game: Ruleset, position: Position, misere: bool = False) -> Oracle | None:
    """The first oracle that answers ``position`` of ``game`` under the given play."""
    for oracle in oracles():
        if oracle.misere == misere and oracle.applies(game, position):
            return oracle
    return None
