"""Take-away games n/m: a position is N exactly when its smallest term ℓ(n) may be taken.

One theorem in three forms. Write n as a sum of terms of a sequence H in the
greedy way; ℓ(n) is the smallest term. Then n/m is an N-position exactly when
ℓ(n) ≤ m, and taking ℓ(n) wins:

* Game II (C = 1, seed 000 §2): H = 1, 2, 4, 8, ...; ℓ(n) = 2^p for n = 2^p(2q+1),
  the rightmost binary 1;
* Game III / Fibonacci Nim (C = 2, seed 000 §3, the twins game of seed 002):
  H = the Fibonacci numbers, ℓ(n) the smallest term of the Zeckendorf representation;
* take-away:C for every C ≥ 1 (Whinihan 1963, Schwenk 1970; beyond the seeds):
  H_1 = 1, H_{j+1} = H_j + H_m with m least such that C·H_m ≥ H_j.

>>> from nimlab.games.take_away import TakeAway
>>> answer = FIBONACCI_NIM.analyze(TakeAway(2), (31, 30))
>>> answer.outcome
'N'
>>> for move in answer.winning_moves:  # ℓ(31) = 2, and 21 is a Fibonacci number
...     print(move.text)
take 2 (the opponent may then take up to 4)
take 10 (the opponent may then take up to 20)
>>> GAME_TWO.is_p(TakeAway(1), (24, 7))  # 24 = 2^3·3 and 8 may not be taken
True
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar

from nimlab.errors import NotApplicable
from nimlab.games.base import Move, Position, Ruleset
from nimlab.games.take_away import capped_take
from nimlab.solve.oracles import OracleAnswer
from nimlab.theory.common import Theorem
from nimlab.theory.zeckendorf import smallest_term, take_away_sequence


def take(game: Ruleset, position: Position, k: int) -> Move:
    """The move that takes k stones from n/m, described as ``TakeAway.moves`` does."""
    return capped_take(position[0], k, _multiplier(game))


class TakeAwayTheorem(Theorem):
    """n/m is P exactly when n = 0 or ℓ(n) > m; the winning move takes ℓ(n)."""

    multiplier: ClassVar[int | None]
    """The C this form of the theorem is for (None: every C)."""

    @abstractmethod
    def smallest(self, c: int, n: int) -> int:
        """ℓ(n), the smallest term of n's representation (n ≥ 1)."""

    def reaches(self, c: int, n: int) -> bool:
        """True if ℓ(n) can be computed within nimlab's limits."""
        return True

    def applies(self, game: Ruleset, position: Position) -> bool:
        c = game.capabilities.take_away_multiplier
        return c is not None and self.multiplier in (None, c) and self.reaches(c, position[0])

    def is_p(self, game: Ruleset, position: Position) -> bool:
        n: int = position[0]
        return n == 0 or self.smallest(_multiplier(game), n) > position[1]

    def move_count(self, game: Ruleset, position: Position) -> int:
        return int(position[1])

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        n = position[0]
        c = _multiplier(game)
        return self.answer(game, position, lambda: [take(game, position, self.smallest(c, n))])


class GameTwo(TakeAwayTheorem):
    multiplier: ClassVar[int | None] = 1
    name: ClassVar[str] = "game-two"
    title: ClassVar[str] = "Game II: n = 2^p(2q+1) is N exactly when 2^p may be taken"
    source: ClassVar[str] = "seed 000 §2, Game II theorems"
    title_ja: ClassVar[str] = "ゲーム II: n = 2^p(2q+1) は 2^p 個取れるときちょうど N局面"
    source_ja: ClassVar[str] = "シード 000 §2, ゲーム II の定理"

    def smallest(self, c: int, n: int) -> int:
        return n & -n


class FibonacciNim(TakeAwayTheorem):
    multiplier: ClassVar[int | None] = 2
    name: ClassVar[str] = "fibonacci-nim"
    title: ClassVar[str] = "Game III: take ℓ(n), the smallest Zeckendorf term, when allowed"
    source: ClassVar[str] = "seed 000 §3, Game III theorem; seed 002 (the twins game)"
    title_ja: ClassVar[str] = "ゲーム III: 取れるならフィボナッチ表現の最小項 ℓ(n) 個を取る"
    source_ja: ClassVar[str] = "シード 000 §3, ゲーム III の定理; シード 002 (双子のゲーム)"

    def smallest(self, c: int, n: int) -> int:
        return smallest_term(n)


class TakeAwayC(TakeAwayTheorem):
    multiplier: ClassVar[int | None] = None
    name: ClassVar[str] = "take-away-c"
    title: ClassVar[str] = (
        "take-away:C: take ℓ_C(n), the smallest term over H (generalised Zeckendorf)"
    )
    source: ClassVar[str] = "Whinihan 1963; Schwenk 1970 (beyond the seeds)"
    title_ja: ClassVar[str] = (
        "取り数制限ゲーム(C 倍): H 上の最小項 ℓ_C(n) 個を取る(一般化したゼッケンドルフ表現)"
    )
    source_ja: ClassVar[str] = "Whinihan 1963; Schwenk 1970 (シード文書の範囲外)"

    def reaches(self, c: int, n: int) -> bool:
        return take_away_sequence(c).reaches(n)

    def smallest(self, c: int, n: int) -> int:
        return take_away_sequence(c).smallest(n)


GAME_TWO = GameTwo()
FIBONACCI_NIM = FibonacciNim()
TAKE_AWAY_C = TakeAwayC()


def _multiplier(game: Ruleset) -> int:
    """C of a take-away game (the oracles apply only to games that declare one)."""
    c = game.capabilities.take_away_multiplier
    if c is None:
        raise NotApplicable(
            f"{game.spec} is not a take-away game",
            ja=f"{game.spec} は取り数制限ゲームではありません",
        )
    return c
