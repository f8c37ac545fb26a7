"""Grundy sequences of heap games, and of fresh take-away games.

Long sequences come from compiled kernels; beyond a proven period they are
read off the period, so a window far out costs nothing to compute.

>>> grundy_sequence("subtraction:2,4,7", 14).tolist()
[0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1, 0, 2]
>>> grundy_sequence("subtraction:2,4,7", 10**18 + 3, start=10**18).tolist()
[2, 1, 0]
>>> grundy_sequence("take-le-prev", 9).tolist()  # 0 exactly at 1, 2, 4, 8 (and 0): seed 000
[0, 0, 0, 2, 0, 3, 3, 3, 0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimlab.checks import check_int
from nimlab.errors import InvalidOption, NotApplicable
from nimlab.games.base import HeapRuleset, Ruleset, as_heap_ruleset
from nimlab.kernels.arrays import as_array, smallest_unsigned
from nimlab.kernels.shapes import KERNEL_MIN_STATES
from nimlab.limits import PYTHON_VALUE_BYTES, Budget, Limits, amount, check_limits
from nimlab.registry import game as as_game
from nimlab.solve.heaps import heap_array
from nimlab.solve.misere_heaps import misere_heap_array, misere_search_values
from nimlab.solve.periodicity import PERIOD_SOURCE_FROM, ProvenPeriod, proven_period
from nimlab.solve.planner import plan
from nimlab.solve.results import GrundySequence
from nimlab.solve.search import Search

if TYPE_CHECKING:
    from nimlab.kernels.arrays import Array


def check_count(n: object, what: str = "to") -> int:
    """Check a count argument: an integer ≥ 0 (the shared :func:`~nimlab.checks.check_int`)."""
    return check_int(n, what)


def sequence_array(
    game: Ruleset, stop: int, limits: Limits, start: int = 0, misere: bool = False
) -> Array:
    """G(start..stop-1) (heap games; fresh games for take-away) as a numpy array.

    With ``misere`` the misère Grundy values of single heaps (heap games only).
    """
    stop = check_count(stop)
    start = check_count(start, "start")
    if start > stop:
        raise InvalidOption(
            f"start ({amount(start)}) is past the end of the sequence ({amount(stop)})",
            field="start",
            ja=f"start（{amount(start)}）が数列の終わり（{amount(stop)}）を過ぎています",
        )
    limits.check(stop - start, "values")
    the_plan = plan(game, "sequence", stop=stop, misere=misere)
    first = the_plan.steps[0].method.name
    if start == stop:  # no heap (a plan's cost is that of the heaps up to its largest)
        return as_array([])
    the_plan.check(limits)
    if first == "misere-search":
        return as_array(misere_values(game, start, stop, limits.budget()))
    if misere and "kernel:misere-one-heap" in (s.method.name for s in the_plan.steps):
        heap_game = as_heap_ruleset(game)
        assert heap_game is not None
        budget = limits.budget()
        if first == "period" and stop > PERIOD_SOURCE_FROM:
            known = proven_period(heap_game, limits, stop // 2, misere=True)
            if known is not None:
                return _from_period(heap_game, known, start, stop, budget, misere=True)
        return _narrowed(misere_heap_array(heap_game, stop, budget)[start:])
    if misere:  # a theorem's values of single heaps (misère Nim)
        from nimlab.solve.oracles import find_oracle

        oracle = find_oracle(game, (max(stop - 1, 0),), True)
        values = None if oracle is None else oracle.heap_values(game, start, stop)
        assert values is not None, the_plan  # the plan chose it for these values
        return as_array(values)
    multiplier = game.capabilities.take_away_multiplier
    if multiplier is not None:
        return _fresh_take_away(game, multiplier, start, stop, limits)
    heap_game = as_heap_ruleset(game)
    if heap_game is not None:
        game = heap_game
        budget = limits.budget()
        if first == "period" and stop > PERIOD_SOURCE_FROM:
            # A period proven within half the values asked for is cheaper than computing them all.
            known = proven_period(game, limits, stop // 2)
            if known is not None:
                return _from_period(game, known, start, stop, budget)
        return _narrowed(heap_array(game, stop, budget)[start:])
    raise NotApplicable(
        f"sequence applies to heap games (nim, subtraction, octal, grundy-game) and take-away; "
        f"{game.spec} is not one — try `table` or `ppositions`",
        ja="`sequence` は山のゲーム（nim、subtraction、octal、grundy-game）と take-away 用です。"
        f"{game.spec} は違います — `table` か `ppositions` を試してください",
    )


def _narrowed(values: Array) -> Array:
    """``values`` in the smallest unsigned type that holds them (a cached array may be wider)."""
    if not len(values):
        return values
    narrow = smallest_unsigned(int(values.max()))
    return values if values.dtype == narrow else values.astype(narrow)


def sequence_values(
    game: Ruleset, n: int, limits: Limits, start: int = 0, misere: bool = False
) -> list[int]:
    """G(start..n-1) as a list (heap games; fresh games for take-away)."""
    if isinstance(n, int) and isinstance(start, int) and n > start:
        limits.check(n - start, "values")  # the state limit is named first
        limits.check_memory(
            (n - start) * PYTHON_VALUE_BYTES,
            f"{amount(n - start)} values as a list",
            ja=f"リストにした値 {amount(n - start)} 個",
        )
    return sequence_array(game, n, limits, start, misere).tolist()  # type: ignore[no-any-return]


def grundy_sequence(
    game: str | Ruleset,
    n: int,
    *,
    limits: Limits | None = None,
    start: int = 0,
    misere: bool = False,
) -> Array:
    """G(start), ..., G(n-1) as a numpy array of the smallest unsigned type that fits.

    For a heap game these are the values of single heaps; for a take-away game
    the values of fresh games of start, ..., n-1 stones. With ``misere``, the
    misère Grundy values of single heaps (Conway's g⁻; 1 at the empty heap).

    >>> grundy_sequence("nim", 5, misere=True).tolist()  # misère Nim: 1, 0, then n
    [1, 0, 2, 3, 4]
    """
    return sequence_array(as_game(game), n, check_limits(limits), start, misere)


def sequence(
    game: str | Ruleset,
    stop: int,
    *,
    start: int = 0,
    misere: bool = False,
    limits: Limits | None = None,
) -> GrundySequence:
    """G(start..stop-1) as a result that displays in a notebook (values and a bar plot).

    >>> s = sequence("subtraction:powers-of-2", 10**20 + 3, start=10**20)
    >>> s.tolist(), s[10**20 + 1]
    ([1, 2, 0], 2)
    """
    g = as_game(game)
    values = sequence_array(g, stop, check_limits(limits), start, misere)
    return GrundySequence(g.spec, start, values, misere)


def misere_values(game: Ruleset, start: int, stop: int, budget: Budget) -> list[int]:
    """The misère Grundy values of the single heaps start..stop-1, by misère search."""
    heap_game = as_heap_ruleset(game)
    if heap_game is None:
        raise NotApplicable(
            f"sequence --misere applies to heap games; {game.spec} is not one",
            ja=f"`sequence --misere` は山のゲーム用です。{game.spec} は違います",
        )
    return misere_search_values(heap_game, start, stop, budget)


def _from_period(
    game: HeapRuleset,
    known: ProvenPeriod,
    start: int,
    stop: int,
    budget: Budget,
    misere: bool = False,
) -> Array:
    """G(start..stop-1) (``misere``: g⁻): the preperiod computed, the rest repeated from one
    period."""
    import numpy as np

    n0, p = known.preperiod, known.period
    values = misere_heap_array if misere else heap_array
    head = values(game, min(stop, n0), budget)[start:] if start < n0 else as_array([])
    block = np.asarray(known.block, dtype=smallest_unsigned(max(known.block)))
    dtype = np.promote_types(head.dtype, block.dtype)
    budget.check_memory(
        (stop - start) * dtype.itemsize,
        f"{amount(stop - start)} Grundy values",
        ja=f"グランディ数 {amount(stop - start)} 個",
    )
    out = np.empty(stop - start, dtype=dtype)
    out[: len(head)] = head
    first = max(start, n0)
    if first < stop:
        tail = out[first - start :]
        rolled = np.roll(block, -((first - n0) % p))[: len(tail)]
        tail[: len(rolled)] = rolled
        filled = len(rolled)
        while filled < len(tail):  # double the filled part: log(n) block copies
            more = min(filled, len(tail) - filled)
            tail[filled : filled + more] = tail[:more]
            filled += more
    return out


def _fresh_take_away(
    game: Ruleset, multiplier: int, start: int, stop: int, limits: Limits
) -> Array:
    states = stop * (stop + 1) // 2
    limits.check(states, "take-away states")
    if states <= KERNEL_MIN_STATES:
        search = Search(game, budget=limits.budget())
        return as_array([search.grundy((k, max(k - 1, 0))) for k in range(start, stop)])
    import numpy as np

    from nimlab.kernels.take_away import take_away_table, value_bytes

    need = states * value_bytes(stop)
    limits.budget().check_memory(
        need,
        f"the {amount(states)} take-away states below {stop}",
        ja=f"{stop} 未満の take-away の状態 {amount(states)} 個",
    )
    table = take_away_table(multiplier, stop)
    rows = np.arange(start, stop, dtype=np.int64)
    values: Array = table[rows * (rows + 1) // 2 + np.maximum(rows - 1, 0)]
    return values.astype(smallest_unsigned(int(values.max(initial=0))))
