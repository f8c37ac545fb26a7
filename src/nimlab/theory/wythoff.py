"""Wythoff's game, solved twice: by Beatty sequences and by Fibonacci representations.

The P-positions are (0, 0) and (p_k, q_k), k ≥ 1, where

* p_k = ⌊kφ⌋ and q_k = ⌊kφ²⌋ = p_k + k (Wythoff 1907; seed 002; seed 001 §4),
  computed exactly with integers: ⌊kφ⌋ = ⌊(k + ⌊k√5⌋)/2⌋ and ⌊k√5⌋ = isqrt(5k²);
* p_k = up(k) if φ(k) ends in an odd number of 0s, up(k) − 1 if even, and
  q_k = up(p_k) (seed 000 §4, the Game IV theorem).

Every positive integer is exactly one p_k or q_k, so each heap x has one
*partner* y with {x, y} a P-position. The winning moves from (a, b), a ≤ b, are
all found from partners: reduce b to the partner of a, reduce a to the partner
of b, or take from both down to (p_d, q_d) with d = b − a.

>>> [(lower(k), upper(k)) for k in range(5)]
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
>>> beatty_partner(1000), fibonacci_partner(1000)
(618, 618)
>>> from nimlab.games.wythoff import Wythoff
>>> [m.text for m in WYTHOFF_BEATTY.analyze(Wythoff(), (1000, 2000)).winning_moves]
['take 1382 from the heap of 2000, leaving (1000, 618)']
"""

from __future__ import annotations

from abc import abstractmethod
from math import isqrt
from typing import ClassVar

from nimlab.games.base import Move, Position, Ruleset
from nimlab.games.wythoff import queen_move
from nimlab.solve.oracles import OracleAnswer
from nimlab.theory.common import Theorem
from nimlab.theory.zeckendorf import down, is_even_zero, up


def lower(k: int) -> int:
    """p_k = ⌊kφ⌋ with φ = (1 + √5)/2, exactly."""
    return (k + isqrt(5 * k * k)) // 2


def upper(k: int) -> int:
    """q_k = ⌊kφ²⌋ = ⌊kφ⌋ + k, exactly."""
    return lower(k) + k


def beatty_partner(x: int) -> int:
    """The y with {x, y} a P-position, from the Beatty sequences."""
    if x == 0:
        return 0
    c = x + 1
    r = isqrt(5 * c * c)  # ⌊c√5⌋
    k = (r - c) // 2  # ⌊c/φ⌋: the only k that can have ⌊kφ⌋ = x
    if k >= 1 and lower(k) == x:
        return upper(k)
    k = (3 * c - r - 1) // 2  # ⌊c/φ²⌋: the only k that can have ⌊kφ²⌋ = x
    if upper(k) != x:  # impossible by Beatty's theorem (1/φ + 1/φ² = 1)
        raise ArithmeticError(f"{x} is in neither Beatty sequence")
    return lower(k)


def fibonacci_p(n: int) -> int:
    """p_n by seed 000's theorem: up(n) for odd-zero n, up(n) − 1 for even-zero n."""
    if n == 0:
        return 0
    return up(n) - (1 if is_even_zero(n) else 0)


def fibonacci_partner(x: int) -> int:
    """The partner by seed 000: even-zero x is some p_k, partner up(x); odd-zero x is q_k."""
    return up(x) if is_even_zero(x) else down(x)


class WythoffTheorem(Theorem):
    """Wythoff's P-positions from a pair sequence (p_k, q_k) and partners."""

    @abstractmethod
    def pair(self, k: int) -> tuple[int, int]:
        """(p_k, q_k): the P-position whose heaps differ by k."""

    @abstractmethod
    def partner(self, x: int) -> int:
        """The y with {x, y} a P-position."""

    def applies(self, game: Ruleset, position: Position) -> bool:
        return game.family == "wythoff"  # not a user's ruleset that only took the name

    def is_p(self, game: Ruleset, position: Position) -> bool:
        a, b = position
        return self.pair(b - a) == (a, b)

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        if self.is_p(game, position):
            return OracleAnswer("P", 0, (), True)
        return OracleAnswer("N", None, tuple(self.winning_moves(position)), True)

    def winning_moves(self, position: Position) -> list[Move]:
        """Every move to a P-position (one per position reached)."""
        a, b = position
        targets = [_pair(a, self.partner(a)), _pair(self.partner(b), b), self.pair(b - a)]
        found: dict[Position, Move] = {}
        for to in targets:
            move = queen_move(position, to) if to != position else None
            if move is not None and to not in found:
                found[to] = move
        return list(found.values())


def _pair(x: int, y: int) -> tuple[int, int]:
    return (x, y) if x <= y else (y, x)


class WythoffBeatty(WythoffTheorem):
    name: ClassVar[str] = "wythoff-beatty"
    title: ClassVar[str] = "Wythoff's theorem: P-positions (⌊kφ⌋, ⌊kφ²⌋), exact integer φ"
    source: ClassVar[str] = "seed 002 (p_i = ⌊iφ⌋, q_i = ⌊iφ²⌋); seed 001 §4; Wythoff 1907"
    title_ja: ClassVar[str] = "ワイトホフの定理: P局面は (⌊kφ⌋, ⌊kφ²⌋)(φ は整数演算で厳密に)"
    source_ja: ClassVar[str] = "シード 002 (p_i = ⌊iφ⌋, q_i = ⌊iφ²⌋); シード 001 §4; Wythoff 1907"

    def pair(self, k: int) -> tuple[int, int]:
        return lower(k), upper(k)

    def partner(self, x: int) -> int:
        return beatty_partner(x)


class WythoffFibonacci(WythoffTheorem):
    name: ClassVar[str] = "wythoff-fibonacci"
    title: ClassVar[str] = "Game IV: p_n, q_n from the Fibonacci representation (up/down)"
    source: ClassVar[str] = "seed 000 §4, Game IV theorem and strategy (p compared with p_n)"
    title_ja: ClassVar[str] = "ゲーム IV: フィボナッチ表現から p_n, q_n を求める(up/down)"
    source_ja: ClassVar[str] = "シード 000 §4, ゲーム IV の定理と必勝法(p を p_n と比べる)"

    def pair(self, k: int) -> tuple[int, int]:
        p = fibonacci_p(k)
        return p, up(p)

    def partner(self, x: int) -> int:
        return fibonacci_partner(x)

    def strategy_move(self, position: Position) -> Move | None:
        """Seed 000's practical strategy, with p compared to p_n (not up(n) as printed).

        For p ≤ q and n = q − p: p = p_n is P; p > p_n takes p − p_n from both;
        p < p_n moves q to up(p) when p is even-zero, to down(p) when odd-zero.
        """
        p, q = position
        pn = fibonacci_p(q - p)
        if p == pn:
            return None
        if p > pn:
            return queen_move(position, (pn, q - (p - pn)))
        y = up(p) if is_even_zero(p) else down(p)
        return queen_move(position, _pair(p, y))


WYTHOFF_BEATTY = WythoffBeatty()
WYTHOFF_FIBONACCI = WythoffFibonacci()
