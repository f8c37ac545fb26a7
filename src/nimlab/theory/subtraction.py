"""Game I and its family: the subtraction game {1, ..., k} has G(n) = n mod (k+1).

Seed 000 §1 proves it for k = 3 (take 1–3 stones: n is a P-position exactly when
4 divides n, and the winning take is n mod 4); the same induction works for every
k, and seed 004 §3 computes the Grundy values 0 1 2 3 0 1 2 3 ... of {1, 2, 3}.

>>> from nimlab.games.heap import Subtraction
>>> game = Subtraction((1, 2, 3))
>>> [m.text for m in GAME_ONE.analyze(game, (10,)).winning_moves]
['take 2 from the heap of 10']
>>> GAME_ONE.grundy(game, (10**40 + 3, 5))  # 3 ⊕ 1
2
"""

from __future__ import annotations

from typing import ClassVar

from nimlab.games.base import HeapRuleset, Move, Position, Ruleset, as_heap_ruleset
from nimlab.solve.oracles import Oracle, OracleAnswer
from nimlab.theory.common import nim_sum


def take_limit(game: Ruleset) -> int | None:
    """k if ``game`` is the subtraction game {1, ..., k}, else None."""
    kernel = game.capabilities.one_heap
    if game.family != "subtraction" or kernel is None or not kernel.subtraction_set:
        return None
    s = kernel.subtraction_set
    return s[-1] if s[-1] == len(s) else None


class GameOne(Oracle):
    """Subtraction {1..k}: G(n) = n mod (k+1), for any number of heaps of any size."""

    name: ClassVar[str] = "game-one"
    title: ClassVar[str] = "Game I: take 1..k, G(n) = n mod (k+1)"
    source: ClassVar[str] = "seed 000 §1, Game I theorem; seed 004 §3"
    title_ja: ClassVar[str] = "ゲーム I: 1〜k 個取る、G(n) = n mod (k+1)"
    source_ja: ClassVar[str] = "シード 000 §1, ゲーム I の定理; シード 004 §3"

    def applies(self, game: Ruleset, position: Position) -> bool:
        return take_limit(game) is not None

    def grundy(self, game: Ruleset, position: Position) -> int:
        k = take_limit(game)
        assert k is not None
        return nim_sum(h % (k + 1) for h in position)

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        s = self.grundy(game, position)
        moves = self.moves_to_value(game, position, 0)
        return OracleAnswer("P" if s == 0 else "N", s, tuple(moves), True)

    def moves_to_value(self, game: Ruleset, position: Position, target: int) -> list[Move]:
        """In each heap h, the one take t ≤ k (if any) with G(h − t) = G(h) ⊕ s ⊕ target."""
        k = take_limit(game)
        heap_game = as_heap_ruleset(game)
        assert k is not None and heap_game is not None
        game = heap_game
        change = self.grundy(game, position) ^ target
        moves: list[Move] = []
        seen: set[int] = set()
        for i, h in enumerate(position):
            g = h % (k + 1)
            want = g ^ change
            if h in seen or want == g or want > k:
                continue
            seen.add(h)
            take = g - want if want < g else g + k + 1 - want
            if take > h:
                continue
            rest = position[:i] + position[i + 1 :]
            left = (h - take,)
            moves.append(Move(tuple(sorted(rest + left)), game.heap_move(h, left)))
        return moves


def game_one_value(game: HeapRuleset, n: int) -> int | None:
    """Value source: G(n) = n mod (k+1) for the subtraction game {1..k}."""
    k = take_limit(game)
    return None if k is None else n % (k + 1)


GAME_ONE = GameOne()
