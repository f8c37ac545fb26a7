"""What the theorems share: the 2-adic valuation, nim-sums, and a base for oracles.

>>> v2(12), v2(7), nim_sum([3, 4, 5])
(2, 0, 2)
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable

from nimlab.games.base import Move, Position, Ruleset
from nimlab.solve.oracles import Oracle, OracleAnswer

MOVE_SCAN_LIMIT = 5_000
"""Winning moves are listed completely by checking every move when there are at most
this many; beyond, an oracle lists the theorem's own move and says the list is partial."""


def v2(n: int) -> int:
    """The 2-adic valuation: the k with 2^k dividing n exactly (n ≥ 1)."""
    if n < 1:
        raise ValueError(f"v2 is defined for n ≥ 1, got {n}")
    return (n & -n).bit_length() - 1


def nim_sum(values: Iterable[int]) -> int:
    """The nim-sum ⊕ (binary addition without carries) of the values."""
    total = 0
    for v in values:
        total ^= v
    return total


def scan_winning_moves(
    game: Ruleset,
    position: Position,
    is_p: Callable[[Position], bool],
    limit: int = MOVE_SCAN_LIMIT,
) -> list[Move] | None:
    """Every move to a position ``is_p`` accepts (one per position), or None if over ``limit``."""
    found: dict[Position, Move] = {}
    for count, move in enumerate(game.moves(position)):
        if count >= limit:
            return None
        if move.to not in found and is_p(move.to):
            found[move.to] = move
    return list(found.values())


class Theorem(Oracle):
    """An oracle that decides P-positions; its Grundy value is known at least at P (0)."""

    @abstractmethod
    def is_p(self, game: Ruleset, position: Position) -> bool:
        """True when the theorem says ``position`` is a P-position."""

    def grundy(self, game: Ruleset, position: Position) -> int | None:
        return 0 if self.is_p(game, position) else None

    def move_count(self, game: Ruleset, position: Position) -> int:
        """An upper bound on the number of moves from ``position`` (0: unknown but cheap).

        Rulesets may build whole lists of splits, so a theorem whose positions can
        have huge heaps says how many moves there are before any is generated.
        """
        return 0

    def answer(
        self,
        game: Ruleset,
        position: Position,
        theorem_moves: Callable[[], list[Move]],
        grundy: int | None = None,
    ) -> OracleAnswer:
        """The answer at ``position``: P with no moves, or N with every winning move.

        Winning moves are found by checking every move against the theorem when
        there are few; otherwise ``theorem_moves`` (the proof's own moves) are
        listed and the list is marked incomplete.
        """
        if self.is_p(game, position):
            return OracleAnswer("P", 0, (), True)
        moves = None
        if self.move_count(game, position) <= MOVE_SCAN_LIMIT:
            moves = scan_winning_moves(game, position, lambda p: self.is_p(game, p))
        if moves is not None:
            return OracleAnswer("N", grundy, tuple(moves), True)
        return OracleAnswer("N", grundy, tuple(theorem_moves()), False)
