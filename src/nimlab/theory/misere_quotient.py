"""The misère quotient as a theorem the solver asks: sums of many heaps under misère play.

Registered with the solver by :mod:`nimlab.theory`, like the seeds' theorems (the
quotient itself lives in :mod:`nimlab.misere`, imported only when a position needs it):
``analyze --misere`` of a heap game whose
exhaustive search would be large maps each heap to its element of the
quotient, multiplies, and reads the outcome and every winning move off the
P-portion (Plambeck and Siegel 2008). Where the quotient cannot be built within
its own bound, the solver falls back to misère search.

>>> import nimlab
>>> a = nimlab.analyze("kayles", ",".join(["7"] * 40), misere=True)
>>> a.outcome, a.method.startswith("misère quotient")
('P', True)
"""

from __future__ import annotations

from dataclasses import replace
from math import prod
from typing import ClassVar

from nimlab.games.base import Move, Position, Ruleset, as_heap_ruleset
from nimlab.limits import Limits
from nimlab.solve.oracles import Oracle, OracleAnswer

SEARCH_BOX = 20_000
"""Positions whose box of smaller heaps is at most this are left to exhaustive search
(it gives the misère Grundy value and the remoteness as well)."""
SPLIT_SEARCH_STONES = 32
"""In a game that splits heaps the search reaches every way of breaking the heaps up, far
more than their box: a misère search of one Kayles heap of 32 takes 0.3 s, and each four
stones more multiply it by about 2.5. From this many stones in all, the quotient answers."""
LARGEST_HEAP = 400
"""The quotient is built for heaps up to this size at most."""
QUOTIENT_LIMITS = Limits(max_states=3_000_000)
"""The work one quotient may take before the solver falls back to search."""


class MisereQuotientOracle(Oracle):
    """Misère outcomes of sums of heaps through the misère quotient of the game."""

    name: ClassVar[str] = "misere-quotient"
    title: ClassVar[str] = (
        "misère quotient: each heap's element, multiplied, read off the P-portion"
    )
    source: ClassVar[str] = "Plambeck and Siegel, Misère quotients for impartial games (2008)"
    title_ja: ClassVar[str] = "ミゼール商: 各山の元の積が P 部分に入るかで決まる"
    source_ja: ClassVar[str] = "Plambeck・Siegel「不偏ゲームのミゼール商」(2008)"
    misere: ClassVar[bool] = True

    def applies(self, game: Ruleset, position: Position) -> bool:
        if as_heap_ruleset(game) is None or not position:
            return False
        if not all(isinstance(h, int) for h in position) or max(position) > LARGEST_HEAP:
            return False
        if prod(h + 1 for h in position) > SEARCH_BOX:
            return True
        kernel = game.capabilities.one_heap
        return kernel is not None and kernel.splits and sum(position) >= SPLIT_SEARCH_STONES

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        return self.analyze_within(game, position, QUOTIENT_LIMITS)

    def out_of_reach(self, game: Ruleset, position: Position) -> tuple[str, str] | None:
        """A heap over :data:`LARGEST_HEAP`: the quotient is not built that far.

        >>> from nimlab.registry import game
        >>> MISERE_QUOTIENT.out_of_reach(game("kayles"), (401,))[0]
        'the misère quotient answers heaps of at most 400 stones, and this position has one of 401'
        >>> MISERE_QUOTIENT.out_of_reach(game("kayles"), (400, 3)) is None
        True
        """
        if as_heap_ruleset(game) is None or not position:
            return None
        if not all(isinstance(h, int) for h in position) or max(position) <= LARGEST_HEAP:
            return None
        top = max(position)
        return (
            f"the misère quotient answers heaps of at most {LARGEST_HEAP} stones, and this "
            f"position has one of {top:,}",
            f"ミゼール商が答えるのは石が {LARGEST_HEAP} 個以下の山で、"
            f"この局面には石が {top:,} 個の山があります",
        )

    def analyze_within(self, game: Ruleset, position: Position, limits: Limits) -> OracleAnswer:
        """The answer from a quotient built within the caller's ``limits`` and at most
        :data:`QUOTIENT_LIMITS` (past those the solver searches instead)."""
        from nimlab.misere.answers import analyze

        heap_game = as_heap_ruleset(game)
        assert heap_game is not None
        game = heap_game
        within = replace(limits, max_states=min(limits.max_states, QUOTIENT_LIMITS.max_states))
        answer = analyze(game, position, within)
        moves = tuple(
            Move(game.position(m.position), game.heap_move(m.heap, m.result))
            for m in answer.winning_moves
        )
        return OracleAnswer("P" if answer.outcome == "P" else "N", None, moves, True)


MISERE_QUOTIENT = MisereQuotientOracle()
