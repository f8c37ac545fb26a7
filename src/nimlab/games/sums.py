"""Disjunctive sums ``A + B``: a move is a move in exactly one component.

>>> from nimlab.games.heap import Nim, Subtraction
>>> g = Sum((Nim(), Subtraction((1, 2, 3))))
>>> g.spec, g.parse_position("3,4 + 5")
('nim + subtraction:1,2,3', ((3, 4), (5,)))
>>> g.format_position(((3, 4), (5,)))
'3,4 + 5'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from nimlab.errors import InvalidGame, InvalidPosition
from nimlab.games.actions import InComponent
from nimlab.games.base import Move, Position, Ruleset
from nimlab.games.capabilities import Capabilities
from nimlab.text import quoted

EMPTY = "∅"
"""How a sum writes a component with no heaps left (its own text would be empty)."""


@dataclass(frozen=True, repr=False)
class Sum(Ruleset):
    """The disjunctive sum of two or more games (seeds 003, 004)."""

    components: tuple[Ruleset, ...]
    family: ClassVar[str] = "sum"

    def __post_init__(self) -> None:
        parts = self.components
        if not isinstance(parts, (tuple, list)) or not all(isinstance(c, Ruleset) for c in parts):
            raise InvalidGame(
                f"a sum takes a tuple of games, e.g. Sum((Nim(), Kayles)) or nim + kayles, "
                f"got {parts!r:.60}",
                ja=f"ゲームの和にはゲームのタプル（例 Sum((Nim(), Kayles)) や nim + kayles）を"
                f"与えます（{parts!r:.60} が与えられた）",
            )
        flat: list[Ruleset] = []
        for c in self.components:
            flat.extend(c.components if isinstance(c, Sum) else (c,))
        if len(flat) < 2:
            raise InvalidGame(
                "a sum needs at least two games, e.g. nim + subtraction:1,2,3",
                ja="ゲームの和には 2 つ以上のゲームが必要です。例 nim + subtraction:1,2,3",
            )
        object.__setattr__(self, "components", tuple(flat))

    @property
    def spec(self) -> str:
        return " + ".join(c.spec for c in self.components)

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities("sum")

    def summands(self) -> tuple[Ruleset, ...]:
        return self.components

    def example_position(self) -> str:
        return " + ".join(c.example_position() for c in self.components)

    def parse_position(self, text: str) -> Position:
        if not isinstance(text, str):
            raise InvalidPosition(
                f"a position is text such as '3,4 + 5', got {text!r}",
                ja=f"局面は '3,4 + 5' のような文字列です（{text!r} が与えられた）",
            )
        parts = text.split("+")
        if len(parts) != len(self.components):
            raise InvalidPosition(
                f"bad position {text!r} for {self.spec}: the sum has {len(self.components)} "
                f"components but the position has {len(parts)}; separate them with '+', "
                f"e.g. {' + '.join(['3,4'] * len(self.components))}",
                ja=f"{self.spec} の局面 {text!r} が不正です: 和の成分は {len(self.components)} 個"
                f"ですが、局面は {len(parts)} 個です。'+' で区切ります。例 "
                f"{' + '.join(['3,4'] * len(self.components))}",
            )
        return tuple(
            c.parse_position("" if p.strip() == EMPTY else p)
            for c, p in zip(self.components, parts, strict=True)
        )

    def validate(self, position: Any) -> Position:
        if not isinstance(position, tuple) or len(position) != len(self.components):
            raise InvalidPosition(
                f"a position of {self.spec} is a tuple of {len(self.components)} component "
                f"positions, got {quoted(position)}",
                ja=f"{self.spec} の局面は {len(self.components)} 個の成分の局面の組です"
                f"（{quoted(position)} が与えられた）",
            )
        return tuple(c.position(p) for c, p in zip(self.components, position, strict=True))

    def format_position(self, position: Position) -> str:
        """Components joined by ``+``; a component with no heaps left is ``∅`` (never empty).

        >>> from nimlab.registry import game
        >>> g = game("nim + kayles")
        >>> g.format_position(((3,), ())), g.parse_position("3 + ∅")
        ('3 + ∅', ((3,), ()))
        """
        return " + ".join(
            c.format_position(p) or EMPTY for c, p in zip(self.components, position, strict=True)
        )

    def moves(self, position: Position) -> Iterator[Move]:
        for i, (c, p) in enumerate(zip(self.components, position, strict=True)):
            for move in c.moves(p):
                to = (*position[:i], move.to, *position[i + 1 :])
                yield Move(to, InComponent(i, c.spec, move.action))

    @property
    def options_bytes(self) -> int:
        # its own generator around one component's at a time
        return 500 + max(c.options_bytes for c in self.components)

    def options(self, position: Position) -> Iterator[Position]:
        for i, (c, p) in enumerate(zip(self.components, position, strict=True)):
            for to in c.options(p):
                yield (*position[:i], to, *position[i + 1 :])

    def move_to(self, position: Position, to: Position) -> Move | None:
        """The move in the one component ``to`` changes, as that component decides it."""
        changed = [i for i, (p, q) in enumerate(zip(position, to, strict=True)) if p != q]
        if len(changed) != 1:
            return None
        (i,) = changed
        c = self.components[i]
        move = c.move_to(position[i], to[i])
        return None if move is None else Move(to, InComponent(i, c.spec, move.action))

    def some_moves(self, position: Position, limit: int) -> list[Move]:
        moves: list[Move] = []
        for i, (c, p) in enumerate(zip(self.components, position, strict=True)):
            for m in c.some_moves(p, limit - len(moves)):
                to = (*position[:i], m.to, *position[i + 1 :])
                moves.append(Move(to, InComponent(i, c.spec, m.action)))
        return moves
