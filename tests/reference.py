"""An independent brute-force reference: plain recursion straight from the definitions.

Deliberately naive (recursive, memoised with a dict) and separate from
``nimlab.solve.search`` so that the engine is checked against something it does
not share code with. Only for small positions.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from nimlab.games.base import Ruleset


class Brute:
    """Grundy values, outcomes and remoteness by the textbook recursions."""

    def __init__(self, game: Ruleset) -> None:
        self.game = game
        self._grundy: dict[Hashable, int] = {}
        self._misere: dict[Hashable, bool] = {}
        self._remote: dict[tuple[Hashable, bool], int] = {}

    def options(self, position: Any) -> set[Any]:
        return set(self.game.options(position))

    def grundy(self, position: Any) -> int:
        if position not in self._grundy:
            seen = {self.grundy(o) for o in self.options(position)}
            g = 0
            while g in seen:
                g += 1
            self._grundy[position] = g
        return self._grundy[position]

    def is_p(self, position: Any, misere: bool = False) -> bool:
        if not misere:
            return self.grundy(position) == 0
        if position not in self._misere:
            opts = self.options(position)
            # Misère: with no move the player to move wins, so a terminal position is N.
            self._misere[position] = bool(opts) and not any(self.is_p(o, True) for o in opts)
        return self._misere[position]

    def remoteness(self, position: Any, misere: bool = False) -> int:
        key = (position, misere)
        if key not in self._remote:
            opts = self.options(position)
            if not opts:
                r = 0
            elif self.is_p(position, misere):
                r = 1 + max(self.remoteness(o, misere) for o in opts)
            else:
                r = 1 + min(self.remoteness(o, misere) for o in opts if self.is_p(o, misere))
            self._remote[key] = r
        return self._remote[key]
