"""Nim: the Grundy value of a position is the nim-sum of its heaps (seed 003; Bouton 1902).

A position is a P-position exactly when the nim-sum is 0 (seed 003, Theorem 4.2).
From any other position, every heap h with h ⊕ s < h (s the nim-sum) can be
reduced to h ⊕ s, and these are all the winning moves.

>>> from nimlab.games.heap import Nim
>>> answer = NIM_SUM.analyze(Nim(), (3, 4, 5))
>>> answer.grundy, [(m.to, m.text) for m in answer.winning_moves]
(2, [((1, 4, 5), 'take 2 from the heap of 3')])
"""

from __future__ import annotations

from typing import ClassVar

from nimlab.games.base import HeapRuleset, Move, Position, Ruleset
from nimlab.games.heap import Nim
from nimlab.solve.oracles import Oracle, OracleAnswer
from nimlab.theory.common import nim_sum


class NimSum(Oracle):
    """Bouton's theorem for Nim with any number of heaps of any size."""

    name: ClassVar[str] = "nim"
    title: ClassVar[str] = "Bouton's theorem: the Grundy value is the nim-sum of the heaps"
    source: ClassVar[str] = "seed 003, Theorems 3.5 and 4.2; Bouton 1902"

    def applies(self, game: Ruleset, position: Position) -> bool:
        return type(game) is Nim

    def grundy(self, game: Ruleset, position: Position) -> int:
        return nim_sum(position)

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        s = nim_sum(position)
        moves = self.moves_to_value(game, position, 0)
        return OracleAnswer("P" if s == 0 else "N", s, tuple(moves), True)

    def moves_to_value(self, game: Ruleset, position: Position, target: int) -> list[Move]:
        """Reduce a heap h to h ⊕ s ⊕ target wherever that is smaller than h."""
        assert isinstance(game, HeapRuleset)
        change = nim_sum(position) ^ target
        moves: list[Move] = []
        seen: set[int] = set()
        for i, h in enumerate(position):
            left = h ^ change
            if h in seen or left >= h:
                continue
            seen.add(h)
            rest = position[:i] + position[i + 1 :]
            moves.append(Move(tuple(sorted((*rest, left))), game.heap_move_text(h, (left,))))
        return moves


def nim_value(game: HeapRuleset, n: int) -> int | None:
    """Value source: G(n) = n for a heap of Nim."""
    return n if type(game) is Nim else None


NIM_SUM = NimSum()
