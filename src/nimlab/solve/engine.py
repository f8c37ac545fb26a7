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
from dataclasses import replace
from typing import Any

from nimlab.checks import check_flag
from nimlab.errors import TooLarge
from nimlab.games.actions import InComponent
from nimlab.games.base import HeapRuleset, Move, Position, Ruleset, as_heap_ruleset
from nimlab.limits import Budget, Limits, check_limits
from nimlab.registry import game as as_game
from nimlab.solve.compiled import kernel_answer, kernel_grundy, kernel_values
from nimlab.solve.context import current
from nimlab.solve.heaps import HeapValues, source_method
from nimlab.solve.methods import (
    COMPILED_GRUNDY,
    MEX,
    SEARCH_PART,
    Method,
    render_method,
    search_method,
    sprague_grundy,
)
from nimlab.solve.oracles import find_oracle, moves_room, out_of_reach
from nimlab.solve.periodicity import options_of_value
from nimlab.solve.planner import (
    MISERE_SEARCH,
    SEARCH,
    Plan,
    Step,
    plan,
    search_lower_bound,
    search_work,
)
from nimlab.solve.results import Analysis, Outcome, WinningMove
from nimlab.solve.search import Search


def analyze(
    game: str | Ruleset,
    position: str | Iterable[Any],
    *,
    misere: bool = False,
    limits: Limits | None = None,
    optional: bool = True,
) -> Analysis:
    """Outcome, Grundy value, remoteness and every winning move of ``position``.

    The :mod:`planner <nimlab.solve.planner>` chooses the methods; this runs them.
    Without ``optional`` only the first step runs: the outcome and winning moves, with
    the Grundy value and remoteness only where that step gives them (play asks no more,
    and a search for them may spend the whole state limit in vain).
    """
    g = as_game(game)
    pos = g.position(position)
    limits = check_limits(limits)
    try:
        the_plan = plan(g, "analyze", pos, misere=misere, limits=limits).check(limits)
        if not check_flag(optional, "optional"):
            the_plan = replace(the_plan, steps=the_plan.steps[:1])
        return run_plan(the_plan, g, pos, misere, limits)
    except TooLarge as error:
        raise _noted(error, g, pos, bool(misere)) from None


def _noted(error: TooLarge, g: Ruleset, pos: Position, misere: bool) -> TooLarge:
    """``error`` with the reason a theorem of the game did not answer, if one gives it
    (``analyze kayles 401 --misere``: the quotient covers heaps up to 400)."""
    why = None if error.note else out_of_reach(g, pos, misere)
    if why is None:
        return error
    return TooLarge(error.reason, error.limit, why[0], ja=error.ja, note_ja=why[1])


def run_plan(the_plan: Plan, g: Ruleset, pos: Position, misere: bool, limits: Limits) -> Analysis:
    """Carry out an analysis plan: its first step answers, the optional ones fill in."""
    first, *rest = the_plan.steps
    name = first.method.name
    remoteness: int | None = None
    if name.startswith("oracle:"):
        oracle = find_oracle(g, pos, misere)
        assert oracle is not None
        try:
            answer = oracle.analyze_within(g, pos, limits)
        except TooLarge as cannot:  # a theorem that could not finish within its own bound:
            try:  # search, unless the search's lower bound is over the limits too
                fallback = _search_plan(the_plan, g, pos, misere).check(limits)
            except TooLarge:  # then the theorem's need is the one to name (its 64 bytes,
                raise cannot from None  # not the search's 15,000,000 states)
            return run_plan(fallback, g, pos, misere, limits)
        outcome, value, moves = answer.outcome, answer.grundy, answer.winning_moves
        complete, method, remoteness = answer.complete, oracle.how, answer.remoteness
    elif name == "sprague-grundy":
        evaluator = Evaluator(limits.budget())
        value = evaluator.grundy(g, pos)
        moves = tuple(evaluator.moves_to_value(g, pos, 0))
        outcome, complete, method = _outcome(value), evaluator.complete, evaluator.method(g)
    elif name.startswith("kernel:"):
        fast = kernel_answer(g, pos, limits, force=True)
        assert fast is not None
        outcome = "P" if fast.p_position else "N"
        value, moves, complete, method = fast.grundy, tuple(fast.winning_moves), True, fast.method
        remoteness = fast.remoteness
        if value is None and fast.p_position:
            value = 0  # a P-position's Grundy value, whatever table said it is one
    else:
        search = Search(g, misere, limits.budget())
        value, remoteness = search.value(pos)
        moves = tuple(m for m in g.moves(pos) if search.grundy(m.to) == 0)
        method = search_method(len(search.memo), misere)
        outcome, complete = _outcome(value), True
    for step in rest:
        if step.answers == "remoteness" and (remoteness is None or value is None):
            searched = _search_within(g, pos, misere, limits)
            if searched is not None:
                value = searched[0] if value is None else value
                remoteness = searched[1] if remoteness is None else remoteness
        elif step.answers == "grundy" and step.method.name.startswith("kernel:"):
            if value is None:
                known = _kernel_values_if_fits(g, pos, limits)
                if known is not None:
                    value = known[0]
                    remoteness = known[1] if remoteness is None else remoteness
        elif step.answers == "grundy" and (value is None or remoteness is None):
            # A small search within the state limit gives both values.
            searched = _search_within(g, pos, misere, limits, limits.budget())
            if searched is not None:
                if value is None and name.startswith("kernel:"):  # the search said it all
                    method = search_method(searched[2], misere)
                value = searched[0] if value is None else value
                remoteness = searched[1] if remoteness is None else remoteness
    found = (outcome, value, remoteness)
    return _analysis(g, pos, found, moves, complete, method, limits.max_memory)


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
    limits = check_limits(limits)
    if check_flag(misere, "misere"):
        # As analyze: a theorem's value, else a search the planner does not refuse up front
        # (it searched at once: misère Nim of 10^30 ran 28 s before its memory ran out).
        oracle = find_oracle(g, pos, True)
        value = None if oracle is None else oracle.grundy(g, pos)
        if value is not None:
            return value
        the_plan = plan(g, "analyze", pos, misere=True, limits=limits)
        if oracle is not None:  # a theorem without the value: its search's bound is checked
            the_plan = _search_plan(the_plan, g, pos, True)  # (misère Kayles of 10^30)
        the_plan.check(limits)
        return Search(g, True, limits.budget()).grundy(pos)
    return Evaluator(limits.budget()).grundy(g, pos)


class Evaluator:
    """Normal-play Grundy values by decomposition, sharing work across a call."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.values: dict[HeapRuleset, HeapValues] = {}
        self.searches: dict[Ruleset, Search] = {}
        self.used: set[Method] = set()
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
                self.used.add(oracle.how)
                return value
        heap_game = as_heap_ruleset(game)
        if heap_game is not None:
            values = self.heap_values(heap_game)
            values(max(pos, default=0))  # one pass of the table up to the largest heap
            return values.of(pos)
        if game.summands():
            total = 0
            for c, p in zip(game.summands(), pos, strict=True):
                total ^= self.grundy(c, p)
            return total
        value = kernel_grundy(game, pos, self.budget)
        if value is not None:
            self.used.add(COMPILED_GRUNDY)
            return value
        if game not in self.searches:
            self.searches[game] = Search(game, budget=self.budget)
        self.used.add(SEARCH_PART)
        return self.searches[game].grundy(pos)

    def moves_to_value(self, game: Ruleset, pos: Position, target: int) -> list[Move]:
        """Every move from ``pos`` to a position of Grundy value ``target`` (one per position)."""
        oracle = find_oracle(game, pos)
        known = None if oracle is None else oracle.moves_to_value(game, pos, target)
        if known is not None:  # a theorem lists them, at any size
            return known
        found: dict[Position, Move] = {}
        heap_game = as_heap_ruleset(game)
        if heap_game is not None:
            values = self.heap_values(heap_game)
            total = values.of(pos)
            if total == target:  # no option has the value of its position (the mex)
                return []
            for move in _heap_moves(heap_game, pos, values, total ^ target, self):
                found.setdefault(move.to, move)
        elif game.summands():
            parts = [self.grundy(c, p) for c, p in zip(game.summands(), pos, strict=True)]
            total = 0
            for v in parts:
                total ^= v
            if total == target:  # each part would keep its own value: none does (a
                return []  # delete-nim part of 10^30 listed all its moves; audit)
            for i, (c, p) in enumerate(zip(game.summands(), pos, strict=True)):
                try:
                    moves = self.moves_to_value(c, p, total ^ parts[i] ^ target)
                except TooLarge:  # a part's moves over the limits: the others' still count
                    self.complete = False  # (Wythoff's at 10^30 refused a Nim heap's; audit)
                    continue
                for move in moves:
                    to = (*pos[:i], move.to, *pos[i + 1 :])
                    found.setdefault(to, Move(to, InComponent(i, c.spec, move.action)))
        else:
            for move in game.moves(pos):
                self.budget.spend()
                if move.to not in found and self.grundy(game, move.to) == target:
                    found[move.to] = move
        return list(found.values())

    def method(self, game: Ruleset) -> Method:
        """Sprague–Grundy, with the methods that gave the parts' values."""
        sources = set(self.used)
        for values in self.values.values():
            sources |= {source_method(name) for name in values.sources_used}
            if values.table:
                sources.add(MEX)
        whole = "components" if game.summands() else "heaps"
        return sprague_grundy(whole, tuple(sources) or (MEX,))


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
        by_period = options_of_value(game, n, need, evaluator.budget)  # beyond a proven period
        if by_period is not None:
            evaluator.complete &= by_period[1]
            for result in by_period[0]:
                yield Move(tuple(sorted(rest + result)), game.heap_move(n, result))
            continue
        for result in game.heap_options(n):
            evaluator.budget.spend()
            if values.of(result) == need:
                yield Move(tuple(sorted(rest + result)), game.heap_move(n, result))


def _outcome(value: int) -> Outcome:
    return "P" if value == 0 else "N"


def _analysis(
    game: Ruleset,
    pos: Position,
    answer: tuple[Outcome, int | None, int | None],
    moves: Iterable[Move],
    complete: bool,
    method: Method,
    max_memory: int,
) -> Analysis:
    outcome, value, remoteness = answer
    # each move's text, its action and their objects (see oracles.MOVES_MEMORY_SHARE)
    room = moves_room(2 * len(game.format_position(pos)) + 200, max_memory)
    unique: dict[Position, Move] = {}
    for m in moves:
        if len(unique) == room and m.to not in unique:
            complete = False
            break
        unique.setdefault(m.to, m)
    return Analysis(
        game=game.spec,
        position=game.format_position(pos),
        outcome=outcome,
        grundy=value,
        remoteness=remoteness,
        winning_moves=tuple(
            WinningMove(game.format_position(m.to), m.action) for m in unique.values()
        ),
        winning_moves_complete=complete,
        method=render_method(method, "en"),
        how=method,
    )


def _search_plan(the_plan: Plan, g: Ruleset, pos: Position, misere: bool) -> Plan:
    """The plan with its theorem replaced by exhaustive search (the fallback), with the
    search's lower bound: a search certain to go over the limit is refused, not run
    (``subtraction:1,1000000000000`` at 10^8 under misère play searched 15 s in vain)."""
    search = MISERE_SEARCH if misere else SEARCH
    step = Step(search, "grundy", search_work(g, pos), least=search_lower_bound(g, pos))
    return replace(the_plan, steps=(step,), dropped=the_plan.steps)


def _kernel_values_if_fits(
    game: Ruleset, pos: Position, limits: Limits
) -> tuple[int, int | None] | None:
    """The Grundy value (and the remoteness, from a k-heap table) from a compiled table
    when one fits ``limits``, else ``None``.

    Used where a theorem gave the outcome only: the answer stands either way.
    """
    try:
        return kernel_values(game, pos, limits.budget(), force=True)
    except TooLarge:
        return None


def _search_within(
    game: Ruleset, pos: Position, misere: bool, limits: Limits, budget: Budget | None = None
) -> tuple[int, int, int] | None:
    """(Grundy value, remoteness, positions visited) by search within ``budget``, else None.

    The budget defaults to ``limits.remoteness_states``, the limit of the optional search.
    The answer is kept in the current context, a search in vain too (not one cut short by
    a deadline): the same position asked again (each turn of a game, each hint) costs
    nothing, where it could cost the whole state limit each time.
    """
    budget = budget or limits.remoteness_budget()
    key = ("search", game, pos, misere, budget.limit, limits.max_memory)
    cache = current().searched
    known: tuple[int, int, int] | bool | None = cache.get(key)
    if known is not None:
        return None if isinstance(known, bool) else known
    search = Search(game, misere, budget)
    # the entry's key (a tuple of six), the position's tuple and its heaps, and the answer
    held = KEPT_SEARCH_BYTES + _position_bytes(pos)
    try:
        value, remoteness = search.value(pos)
    except TooLarge as error:
        if error.limit != "max_seconds":
            cache.put(key, False, held)
        return None
    found = (value, remoteness, len(search.memo))
    cache.put(key, found, held)
    return found


def _position_bytes(pos: Any) -> int:
    """About the bytes of a position: its tuples and their ints (a sum's are nested).

    >>> _position_bytes((3, 4)), _position_bytes(((3,), (10**100,))) > 100
    (136, True)
    """
    if isinstance(pos, tuple):
        return 56 + 8 * len(pos) + sum(_position_bytes(part) for part in pos)
    return 32 + int(pos).bit_length() // 8 if isinstance(pos, int) else 64


KEPT_SEARCH_BYTES = 1_300
"""Bytes of one kept optional search besides its heaps (key, cache entry, answer: about 1,400
measured with tracemalloc for four small heaps)."""
