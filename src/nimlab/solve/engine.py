"""``analyze`` and ``grundy``: one exact solver over any ruleset.

The method is chosen by what is known about the game, in this order:

1. an oracle — a theorem from the seeds or the literature that answers the
   position at any size (:mod:`nimlab.theory`);
2. the Sprague–Grundy theorem — a heap game's value is the nim-sum of its
   heaps' values, a sum's the nim-sum of its components' (normal play);
3. exhaustive search of the game graph (:mod:`nimlab.solve.search`).

>>> a = analyze("nim", "3,4,5")
>>> a.outcome, a.grundy, [m.to for m in a.winning_moves]
('N', 2, ['1,4,5'])
>>> analyze("subtraction:2,4,7", "8").to_dict()["outcome"]
'N'
>>> analyze("nim", "1,1", misere=True).outcome
'N'
"""

from __future__ import annotations

from collections.abc import Iterable
from math import prod
from typing import Any

from nimlab.errors import TooLarge
from nimlab.games.base import HeapRuleset, Move, Position, Ruleset
from nimlab.games.sums import Sum
from nimlab.games.take_away import TakeAway
from nimlab.limits import Budget, Limits
from nimlab.registry import game as as_game
from nimlab.solve.compiled import kernel_answer, kernel_grundy
from nimlab.solve.heaps import HeapValues
from nimlab.solve.oracles import find_oracle
from nimlab.solve.periodicity import options_of_value
from nimlab.solve.results import Analysis, Outcome, WinningMove
from nimlab.solve.search import Search


def analyze(
    game: str | Ruleset,
    position: str | Iterable[Any],
    *,
    misere: bool = False,
    limits: Limits | None = None,
) -> Analysis:
    """Outcome, Grundy value, remoteness and every winning move of ``position``."""
    g = as_game(game)
    pos = g.position(position)
    limits = limits or Limits()
    oracle = find_oracle(g, pos, misere)
    if oracle is not None:
        answer = oracle.analyze(g, pos)
        value, remoteness = answer.grundy, answer.remoteness
        if value is None or remoteness is None:
            # Theorems often give only the outcome; search fills in the rest when small.
            searched = _search_if_small(g, pos, misere, limits)
            if searched is not None:
                value = searched[0] if value is None else value
                remoteness = searched[1] if remoteness is None else remoteness
        if value is None and not misere:
            value = _kernel_grundy_if_fits(g, pos, limits)
        return _analysis(
            g,
            pos,
            answer.outcome,
            value,
            remoteness,
            answer.winning_moves,
            answer.complete,
            oracle.method,
        )
    if not misere and isinstance(g, HeapRuleset | Sum):
        evaluator = Evaluator(limits.budget())
        value = evaluator.grundy(g, pos)
        moves = evaluator.moves_to_value(g, pos, 0)
        return _analysis(
            g,
            pos,
            _outcome(value),
            value,
            _remoteness_if_small(g, pos, False, limits),
            moves,
            evaluator.complete,
            evaluator.method(g),
        )
    fast = None if misere else kernel_answer(g, pos, limits)
    if fast is not None:
        remoteness = _remoteness_if_small(g, pos, misere, limits)
        outcome: Outcome = "P" if fast.p_position else "N"
        return _analysis(
            g, pos, outcome, fast.grundy, remoteness, fast.winning_moves, True, fast.method
        )
    search = Search(g, misere, limits.budget())
    value, remoteness = search.value(pos)
    moves = [m for m in g.moves(pos) if search.grundy(m.to) == 0]
    kind = "misère search" if misere else "exhaustive search"
    method = f"{kind} of the game graph ({len(search.memo):,} positions)"
    return _analysis(g, pos, _outcome(value), value, remoteness, moves, True, method)


def grundy(
    game: str | Ruleset,
    position: str | Iterable[Any],
    *,
    misere: bool = False,
    limits: Limits | None = None,
) -> int:
    """The Grundy value of ``position`` (misère: the misère Grundy value).

    >>> grundy("nim + subtraction:1,2,3", "3,4 + 6")
    5
    """
    g = as_game(game)
    pos = g.position(position)
    budget = (limits or Limits()).budget()
    if misere:
        return Search(g, True, budget).grundy(pos)
    return Evaluator(budget).grundy(g, pos)


class Evaluator:
    """Normal-play Grundy values by decomposition, sharing work across a call."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.values: dict[HeapRuleset, HeapValues] = {}
        self.searches: dict[Ruleset, Search] = {}
        self.used: set[str] = set()
        self.complete = True  # False once a list of moves had to be cut short

    def heap_values(self, game: HeapRuleset) -> HeapValues:
        if game not in self.values:
            self.values[game] = HeapValues(game, self.budget)
        return self.values[game]

    def grundy(self, game: Ruleset, pos: Position) -> int:
        oracle = find_oracle(game, pos)
        if oracle is not None:
            value = oracle.grundy(game, pos)
            if value is not None:
                self.used.add(oracle.method)
                return value
        if isinstance(game, HeapRuleset):
            values = self.heap_values(game)
            values(max(pos, default=0))  # one pass of the table up to the largest heap
            return values.of(pos)
        if isinstance(game, Sum):
            total = 0
            for c, p in zip(game.components, pos, strict=True):
                total ^= self.grundy(c, p)
            return total
        value = kernel_grundy(game, pos, self.budget)
        if value is not None:
            self.used.add("compiled Grundy table")
            return value
        if game not in self.searches:
            self.searches[game] = Search(game, budget=self.budget)
        self.used.add("exhaustive search")
        return self.searches[game].grundy(pos)

    def moves_to_value(self, game: Ruleset, pos: Position, target: int) -> list[Move]:
        """Every move from ``pos`` to a position of Grundy value ``target`` (one per position)."""
        oracle = find_oracle(game, pos)
        known = None if oracle is None else oracle.moves_to_value(game, pos, target)
        if known is not None:  # a theorem lists them, at any size
            return known
        found: dict[Position, Move] = {}
        if isinstance(game, HeapRuleset):
            values = self.heap_values(game)
            total = values.of(pos)
            for move in _heap_moves(game, pos, values, total ^ target, self):
                found.setdefault(move.to, move)
        elif isinstance(game, Sum):
            parts = [self.grundy(c, p) for c, p in zip(game.components, pos, strict=True)]
            total = 0
            for v in parts:
                total ^= v
            for i, (c, p) in enumerate(zip(game.components, pos, strict=True)):
                for move in self.moves_to_value(c, p, total ^ parts[i] ^ target):
                    to = (*pos[:i], move.to, *pos[i + 1 :])
                    found.setdefault(to, Move(to, f"in {c.spec} (component {i + 1}): {move.text}"))
        else:
            for move in game.moves(pos):
                self.budget.spend()
                if move.to not in found and self.grundy(game, move.to) == target:
                    found[move.to] = move
        return list(found.values())

    def method(self, game: Ruleset) -> str:
        sources = set(self.used)
        for values in self.values.values():
            sources |= values.sources_used
            if values.table:
                sources.add("mex recursion over single heaps")
        how = "; ".join(sorted(sources)) or "mex recursion over single heaps"
        whole = "components" if isinstance(game, Sum) else "heaps"
        return f"Sprague–Grundy: nim-sum of the {whole}' Grundy values ({how})"


def _heap_moves(
    game: HeapRuleset,
    heaps: tuple[int, ...],
    values: HeapValues,
    wanted: int,
    evaluator: Evaluator,
) -> Iterable[Move]:
    """Moves in one heap n that change the nim-sum by ``wanted``."""
    seen: set[int] = set()
    for i, n in enumerate(heaps):
        if n in seen:
            continue
        seen.add(n)
        need = wanted ^ values(n)
        rest = heaps[:i] + heaps[i + 1 :]
        by_period = options_of_value(game, n, need)  # a huge heap beyond a proven period
        if by_period is not None:
            evaluator.complete &= by_period[1]
            for result in by_period[0]:
                yield Move(tuple(sorted(rest + result)), game.heap_move_text(n, result))
            continue
        for result in game.heap_options(n):
            evaluator.budget.spend()
            if values.of(result) == need:
                yield Move(tuple(sorted(rest + result)), game.heap_move_text(n, result))


def _outcome(value: int) -> Outcome:
    return "P" if value == 0 else "N"


def _analysis(
    game: Ruleset,
    pos: Position,
    outcome: Outcome,
    value: int | None,
    remoteness: int | None,
    moves: Iterable[Move],
    complete: bool,
    method: str,
) -> Analysis:
    unique: dict[Position, Move] = {}
    for m in moves:
        unique.setdefault(m.to, m)
    return Analysis(
        game=game.spec,
        position=game.format_position(pos),
        outcome=outcome,
        grundy=value,
        remoteness=remoteness,
        winning_moves=tuple(
            WinningMove(game.format_position(m.to), m.text) for m in unique.values()
        ),
        winning_moves_complete=complete,
        method=method,
    )


def _state_box(game: Ruleset, pos: Position) -> int:
    """An upper bound on the positions reachable from ``pos``, where easy to give."""
    if isinstance(game, Sum):
        return int(prod(_state_box(c, p) for c, p in zip(game.components, pos, strict=True)))
    if isinstance(game, TakeAway):
        n, m = pos
        return int((n + 1) * (m + 1))
    if all(isinstance(h, int) for h in pos):
        return int(prod(h + 1 for h in pos))
    return 1


def _remoteness_if_small(game: Ruleset, pos: Position, misere: bool, limits: Limits) -> int | None:
    """Remoteness by search when the search fits ``limits.remoteness_states``, else None."""
    searched = _search_if_small(game, pos, misere, limits)
    return None if searched is None else searched[1]


def _kernel_grundy_if_fits(game: Ruleset, pos: Position, limits: Limits) -> int | None:
    """The Grundy value from a compiled table when one fits ``limits``, else ``None``.

    Used where a theorem gave the outcome only: the answer stands either way.
    """
    try:
        return kernel_grundy(game, pos, limits.budget())
    except TooLarge:
        return None


def _search_if_small(
    game: Ruleset, pos: Position, misere: bool, limits: Limits
) -> tuple[int, int] | None:
    """(Grundy value, remoteness) by search when it fits ``limits.remoteness_states``."""
    if _state_box(game, pos) > 50 * limits.remoteness_states:
        return None
    try:
        return Search(game, misere, limits.remoteness_budget()).value(pos)
    except TooLarge:
        return None
