"""Remoteness for play: how many more moves perfect play lasts from a position.

One source per session or call: the k-heap Grundy table where it serves the game
(3- and 4-heap split/delete games, normal play, positions too large for search)
and fits the state limit, else one search shared by every position asked, within
``Limits.remoteness_states``. Past that the answer is None, never guessed.

>>> from nimlab.registry import game
>>> Remoteness(game("nim"), Limits()).value((1, 2))
(3, 3)
>>> Remoteness(game("delete-nim:single"), Limits()).value((39, 53, 56))  # the table
(7, 13)
"""

from __future__ import annotations

from nimlab.errors import TooLarge
from nimlab.games.base import Position, Ruleset
from nimlab.limits import Limits
from nimlab.solve.search import Search


class Remoteness:
    """(Grundy value, remoteness) of positions of one game, or None once too big."""

    def __init__(self, game: Ruleset, limits: Limits, misere: bool = False) -> None:
        self.game, self.limits, self.misere = game, limits, misere
        self.search = Search(game, misere, budget=limits.remoteness_budget())
        self.failed = False
        self.tabled = False  # a table answered: ask it first from then on, even for small
        # positions (the options of a position it answered are in its box; searching one
        # of them alone could spend the whole remoteness limit in vain)

    def value(self, position: Position) -> tuple[int, int] | None:
        """The Grundy value (misère: the misère one) and the remoteness of ``position``."""
        if not self.misere:
            from nimlab.solve.compiled import k_heap_values

            try:
                known = k_heap_values(self.game, position, self.limits.budget(), force=self.tabled)
            except TooLarge:
                known = None
            if known is not None:
                self.tabled = True
                return known
        if self.failed:
            return None
        from nimlab.solve.planner import search_lower_bound

        if search_lower_bound(self.game, position) > self.limits.remoteness_states:
            # certain not to fit: the search would spend the whole limit in vain (Nim at
            # 10^30, 10^30: 13 s a move); smaller positions may still fit
            return None
        try:
            return self.search.value(position)
        except TooLarge:
            self.failed = True
            return None

    def __call__(self, position: Position) -> int | None:
        """The remoteness of ``position`` alone."""
        known = self.value(position)
        return None if known is None else known[1]
