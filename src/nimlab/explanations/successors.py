"""Seed 001's successor sets: which positions one move reaches (its tables 1–4).

Seed 001 (Abuku, Sakai, Shinoda, Suetsugu) compares four games on two heaps by
the positions one move reaches from ⟨a, b⟩, drawn as a board where a coin on
⟨6, 8⟩ may move to every cell marked ○ (tables 1–4). To compare them on one
board it plays Nim and Wythoff's Nim with "leave at least one stone in each
heap", so every game has the positions ⟨a, b⟩ with a, b ≥ 1 and ends at ⟨1, 1⟩:
that is the ordinary game on ⟨a − 1, b − 1⟩, one stone added to each heap.

>>> sorted(successor_cells("delete-nim:single", (6, 8)))[:4]
[(1, 5), (1, 7), (2, 4), (2, 6)]
>>> [name for name, _, _ in SEED_TABLES]
['nim', 'wythoff', 'split-delete-nim:single', 'delete-nim:single']
>>> sorted(seed_cells("nim", 1, (2, 3)))  # ⟨2, 3⟩ with a stone kept in each heap
[(1, 2), (1, 3), (2, 1), (2, 2), (3, 1)]
"""

from __future__ import annotations

from nimlab.errors import NotApplicable
from nimlab.games.base import Move, Position, Ruleset
from nimlab.limits import Limits, check_limits
from nimlab.registry import game as as_game

Cell = tuple[int, int]

SEED_TABLES: tuple[tuple[str, int, int], ...] = (
    ("nim", 1, 1),
    ("wythoff", 1, 2),
    ("split-delete-nim:single", 0, 3),
    ("delete-nim:single", 0, 4),
)
"""The games of seed 001's tables 1–4: (spec, stones added to each heap, table number)."""


def successors(
    game: str | Ruleset, position: Position, limit: int, limits: Limits | None = None
) -> tuple[list[Move], bool]:
    """Up to ``limit`` moves from ``position`` (one per position reached), and if that is all."""
    g = as_game(game)
    budget = check_limits(limits).budget()
    found: dict[Position, Move] = {}
    for move in g.moves(g.position(position)):
        budget.spend()
        found.setdefault(move.to, move)
        if len(found) > limit:
            return list(found.values())[:limit], False
    return list(found.values()), True


def successor_cells(game: str | Ruleset, position: Cell, shift: int = 0) -> set[Cell]:
    """The cells ⟨x, y⟩ (both ways round) of the two-heap positions one move reaches.

    With ``shift`` = 1 the game is played on ⟨a − 1, b − 1⟩ and a stone is added
    back to each heap: seed 001's "leave at least one stone" rule.
    """
    g = as_game(game)
    a, b = position
    start = g.position([a - shift, b - shift])
    cells: set[Cell] = set()
    for move in g.moves(start):
        if len(move.to) == 2:
            x, y = (h + shift for h in move.to)
            cells.update({(x, y), (y, x)})
    return cells


def seed_cells(game: str, shift: int, position: Cell) -> set[Cell]:
    """One of seed 001's tables 1–4 for ⟨a, b⟩ (a, b ≥ 1): the cells a coin there may move to."""
    if min(position) < 1:
        raise NotApplicable(
            "seed 001's tables have a stone in each heap: ⟨a, b⟩ with a, b ≥ 1",
            ja="シード 001 の表はどの山にも石が 1 個以上あります: a, b ≥ 1 の ⟨a, b⟩",
        )
    return successor_cells(game, position, shift)
