"""Take-away games with a memory: take at most C times what the opponent took.

A position is ``n/m``: n stones, at most m of them may be taken now. After
taking k (1 ≤ k ≤ m) the opponent may take at most C·k. In a fresh game of n
stones the first player may take anything but all, so ``n`` means
``n/(n-1)``. C = 1 is Game II of seed 000 (``take-le-prev``), C = 2 is
Fibonacci Nim, Game III of seed 000 and the "twins" game of seed 002.

>>> g = TakeAway(2)
>>> g.parse_position("10"), g.parse_position("10/25"), g.format_position((1, 0))
((10, 9), (10, 10), '1/0')
>>> [m.text for m in g.moves((5, 2))]
['take 1 (the opponent may then take up to 2)', 'take 2 (the opponent may then take up to 3)']
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from nimlab.errors import InvalidGame, InvalidPosition
from nimlab.games.actions import TakeCapped
from nimlab.games.base import Move, Position, Ruleset, integers, is_integer, to_int
from nimlab.games.capabilities import Capabilities
from nimlab.text import quoted

_POSITION = re.compile(r"\s*(-?[0-9]+)\s*(?:/\s*(-?[0-9]+)\s*)?")


@dataclass(frozen=True, repr=False)
class TakeAway(Ruleset):
    """The take-away game with multiplier C ≥ 1 (Whinihan; Schwenk)."""

    def example_position(self) -> str:
        return "10"

    multiplier: int
    family: ClassVar[str] = "take-away"

    def __post_init__(self) -> None:
        c = self.multiplier
        if not is_integer(c) or c < 1:  # numpy's integers too, never a bool
            raise InvalidGame(
                f"take-away needs an integer multiplier C ≥ 1, got {quoted(c)}; e.g. take-away:2",
                ja=f"take-away には 1 以上の整数の倍率 C が必要です（{quoted(c)} が与えられた）。"
                "例 take-away:2",
            )
        c = int(c)
        object.__setattr__(self, "multiplier", c)
        if c >= 10**100:  # as the spec's parser refuses it (and Python would not print it)
            raise InvalidGame(
                "take-away's multiplier C has more than 100 digits; write e.g. take-away:2",
                ja="take-away の倍率 C が 100 桁を超えています。例 take-away:2",
            )

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities("take-away", take_away_multiplier=self.multiplier)

    @property
    def spec(self) -> str:
        return f"take-away:{self.multiplier}"

    def parse_position(self, text: str) -> Position:
        match = _POSITION.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise InvalidPosition(
                f"bad position {text!r} for {self.spec}: write n (a fresh game of n stones) "
                "or n/m (n stones, at most m may be taken now), e.g. 10 or 10/3",
                ja=f"{self.spec} の局面 {text!r} が不正です: n（石 n 個の最初の局面）か "
                "n/m（石 n 個、今は m 個まで取れる）と書きます。例 10、10/3",
            )
        n = to_int(match.group(1), "stone count", ja="石の数")
        if match.group(2) is None:
            if n < 0:
                raise InvalidPosition(
                    f"bad position {text!r}: the number of stones is ≥ 0",
                    ja=f"局面 {text!r} が不正です: 石の数は 0 以上です",
                )
            return (n, max(n - 1, 0))
        return self.validate((n, to_int(match.group(2), "take limit", ja="取れる数の上限")))

    def validate(self, position: Any) -> Position:
        if (
            not isinstance(position, tuple)
            or len(position) != 2
            or not all(
                isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in position
            )
        ):
            raise InvalidPosition(
                f"a position of {self.spec} is (n, m): n stones, at most m may be taken now; "
                f"got {quoted(position)}",
                ja=f"{self.spec} の局面は (n, m): 石 n 個、今は m 個まで取れる"
                f"（{quoted(position)} が与えられた）",
            )
        n, m = integers(position, self.spec)
        if n < 0:
            raise InvalidPosition(
                f"bad position {n}/{m}: the number of stones n must be ≥ 0",
                ja=f"局面 {n}/{m} が不正です: 石の数 n は 0 以上です",
            )
        if m < 0:
            raise InvalidPosition(
                f"bad position {n}/{m}: the most that may be taken, m, must be ≥ 0 "
                "(m = 0 is a position with no move; m ≥ n means anything may be taken)",
                ja=f"局面 {n}/{m} が不正です: 取れる最大数 m は 0 以上です"
                "（m = 0 は手のない局面、m ≥ n は何個でも取れる）",
            )
        return (n, min(m, n))

    def format_position(self, position: Position) -> str:
        return f"{position[0]}/{position[1]}"

    def moves(self, position: Position) -> Iterator[Move]:
        n, m = position
        return (capped_take(n, k, self.multiplier) for k in range(1, m + 1))

    def move_to(self, position: Position, to: Position) -> Move | None:
        n, m = position
        k = n - to[0]
        if not 1 <= k <= m:
            return None
        move = capped_take(n, k, self.multiplier)
        return move if move.to == to else None

    def options(self, position: Position) -> Iterator[Position]:
        n, m = position
        c = self.multiplier
        return ((n - k, min(c * k, n - k)) for k in range(1, m + 1))


def capped_take(n: int, k: int, c: int) -> Move:
    """The move that takes k of n stones when the opponent may then take at most c·k.

    >>> capped_take(20, 3, 2)
    Move(to=(17, 6), action=TakeCapped(amount=3, next_limit=6))
    """
    left = n - k
    limit = min(c * k, left)
    return Move((left, limit), TakeCapped(k, limit))
