"""Two-heap Grundy tables and k-heap P-position tables.

The games whose heaps keep at least one stone (Split-and-delete Nim, Delete
Nim) index tables from 1, as seed 001 does; the others from 0. Large tables
of the games :mod:`nimlab.kernels` covers (Wythoff; two-, three- and four-heap
split/delete games; heap games) are computed by compiled kernels.

>>> grundy_table("delete-nim:single", 4).rows
((0, 1, 0, 2), (1, 1, 2, 2), (0, 2, 0, 2), (2, 2, 2, 2))
>>> p_positions("split-delete-nim:single", heaps=3, max_heap=5).positions
((1, 1, 1), (1, 3, 3), (1, 4, 4), (2, 2, 2), (2, 3, 5))
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations_with_replacement
from math import comb
from operator import xor

from nimlab.checks import check_int
from nimlab.errors import NotApplicable, TooLarge
from nimlab.games.base import (
    HeapsRuleset,
    Ruleset,
    as_heap_ruleset,
    as_heaps_ruleset,
    needs_ja,
)
from nimlab.limits import PYTHON_VALUE_BYTES, Budget, Limits, amount, check_limits
from nimlab.registry import game as as_game
from nimlab.solve.compiled import p_positions_k, table_2
from nimlab.solve.heaps import heap_array, heap_values
from nimlab.solve.misere_heaps import misere_table_2
from nimlab.solve.oracles import find_lister
from nimlab.solve.planner import Plan, plan, search_lower_bound
from nimlab.solve.results import GrundyTable, PPositions
from nimlab.solve.search import Search


def _heaps_game(game: Ruleset, command: str, count: int) -> HeapsRuleset:
    shaped = as_heaps_ruleset(game)
    if shaped is None:
        raise NotApplicable(
            f"{command} applies to games whose positions are heaps; {game.spec} is not one",
            ja=f"`{command}` は局面が山のゲーム用です。{game.spec} は違います",
        )
    game = shaped
    problem = game.check_count(count)
    if problem is not None:
        raise NotApplicable(
            f"{game.spec} needs {problem}, so it has no {count}-heap {command}",
            ja=(
                f"{game.spec} には {needs_ja(problem)} が必要なので、{count} 山の {command} "
                "はありません"
            ),
        )
    return game


def grundy_table(
    game: str | Ruleset,
    size: int,
    *,
    misere: bool = False,
    limits: Limits | None = None,
    origin: int | None = None,
) -> GrundyTable:
    """Grundy values of ⟨a, b⟩ for a, b in origin .. origin+size-1.

    ``origin`` defaults to the game's least heap (1 for the split/delete
    games, else 0); a larger origin gives the true values of those positions.

    >>> grundy_table("subtraction:2,4,7", 3, origin=1)[1, 2]  # G(1) ⊕ G(2) = 0 ⊕ 1
    1
    """
    g = _heaps_game(as_game(game), "table", 2)
    size = check_int(size, "size", least=1)
    limits = check_limits(limits)
    lo = g.min_heap
    if origin is None:
        origin = lo
    origin = check_int(origin, "origin", least=lo)
    span = size + origin - lo  # computed from the least heap, then cut at the origin
    limits.check(span * span, "table cells")
    plan(g, "table", size=span, misere=misere).check(limits)
    cut = origin - lo
    heap_game = as_heap_ruleset(g)
    if heap_game is not None and not misere:
        import numpy as np

        budget = limits.budget()
        values = heap_array(heap_game, lo + span, budget)[origin:]
        budget.check_memory(
            size * size * values.itemsize * 2,
            f"a {amount(size)}×{amount(size)} table",
            ja=f"{amount(size)}×{amount(size)} の表",
        )
        return GrundyTable(g.spec, origin, np.bitwise_xor.outer(values, values))
    budget = limits.budget()
    compiled = misere_table_2(g, span, budget) if misere else table_2(g, span, budget)
    if compiled is not None:
        return GrundyTable(g.spec, origin, compiled[cut:, cut:])
    search = Search(g, misere, limits.budget())
    cells = [[0] * size for _ in range(size)]
    for i in range(size):
        for j in range(i, size):
            cells[i][j] = cells[j][i] = search.grundy((origin + i, origin + j))
    return GrundyTable.from_rows(g.spec, origin, cells)


def p_positions(
    game: str | Ruleset,
    heaps: int,
    max_heap: int,
    *,
    misere: bool = False,
    limits: Limits | None = None,
) -> PPositions:
    """Every P-position with ``heaps`` heaps, each at most ``max_heap``, sorted."""
    heaps = check_int(heaps, "heaps", least=1)
    g = _heaps_game(as_game(game), "ppositions", heaps)
    lo = g.min_heap
    max_heap = check_int(max_heap, "max_heap", least=lo)
    limits = check_limits(limits)
    span = max_heap - lo + 1
    limits.check(comb(span + heaps - 2, heaps - 1), "positions")  # the state limit, named first
    the_plan = plan(g, "ppositions", heaps=heaps, max_heap=max_heap, misere=misere).check(limits)
    listed = _listed(the_plan, g, heaps, max_heap, misere, limits)
    if listed is not None:
        return PPositions(g.spec, heaps, max_heap, tuple(listed))
    heap_game = as_heap_ruleset(g)
    if heap_game is not None and not misere:
        budget = limits.budget()
        values = heap_values(heap_game, max_heap + 1, budget)
        found = tuple(_zero_sums(values, lo, heaps, budget))
        return PPositions(g.spec, heaps, max_heap, found)
    limits.check(comb(span + heaps - 1, heaps), "positions")
    compiled = None if misere else p_positions_k(g, heaps, max_heap, limits.budget())
    if compiled is not None:
        return PPositions(g.spec, heaps, max_heap, tuple(compiled))
    table = misere_table_2(g, max_heap + 1, limits.budget()) if misere and heaps == 2 else None
    if table is not None:  # the zeros of the misère table, a ≤ b, from the least heap
        import numpy as np

        zeros = np.argwhere(np.triu(table[lo:, lo:] == 0)) + lo
        return PPositions(g.spec, heaps, max_heap, tuple(map(tuple, zeros.tolist())))
    search = Search(g, misere, limits.budget())
    found = tuple(
        p
        for p in combinations_with_replacement(range(lo, max_heap + 1), heaps)
        if search.grundy(p) == 0
    )
    return PPositions(g.spec, heaps, max_heap, found)


def _listed(
    the_plan: Plan, g: Ruleset, heaps: int, max_heap: int, misere: bool, limits: Limits
) -> Iterator[tuple[int, ...]] | None:
    """The P-positions of the box from the theorem the plan names (the misère quotient),
    or None: no theorem lists them, or it could not be built within the limits and a
    search may still fit (a search that cannot is not run: the theorem's refusal stands)."""
    if not the_plan.steps or not the_plan.steps[0].method.name.startswith("oracle:"):
        return None
    lister = find_lister(g, heaps, max_heap, misere)
    assert lister is not None
    try:
        return lister.p_positions(g, heaps, max_heap, limits)
    except TooLarge:
        if search_lower_bound(g, (max_heap,) * heaps) > limits.max_states:
            raise
        return None


def _zero_sums(values: list[int], lo: int, k: int, budget: Budget) -> Iterator[tuple[int, ...]]:
    """Sorted k-tuples of heaps ≥ lo whose values have nim-sum 0, in lexicographic order.

    >>> list(_zero_sums([0, 1, 2, 3], 0, 3, Limits().budget()))[:3]
    [(0, 0, 0), (0, 1, 1), (0, 2, 2)]
    """
    by_value: dict[int, list[int]] = {}
    for h in range(lo, len(values)):
        by_value.setdefault(values[h], []).append(h)
    return sorted_products(values, lo, k, budget, xor, 0, lambda total: by_value.get(total, []))


def sorted_products(
    labels: Sequence[int],
    lo: int,
    k: int,
    budget: Budget,
    times: Callable[[int, int], int],
    one: int,
    completing: Callable[[int], Sequence[int]],
) -> Iterator[tuple[int, ...]]:
    """Sorted k-tuples of heaps h with lo ≤ h < len(labels) whose labels' product lands
    where ``completing`` says, in lexicographic order: the P-positions of a box, the label
    of a heap being its Grundy value (nim-sum, ``times`` xor) or its element of a misère
    quotient (the quotient's product).

    ``completing(total)`` lists, ascending, the heaps whose label completes a product of
    ``total`` (the first k − 1 heaps') to a P-position. The first k − 1 heaps run through
    every sorted prefix like an odometer (no recursion, so a thousand heaps are fine); the
    last is every heap ``completing`` lists from the prefix's last on. Each prefix step and
    each tuple found is charged to ``budget``, and the tuples kept are charged against its
    memory limit.

    >>> evens = lambda total: [h for h in range(4) if (total + h) % 2 == 0]  # sum is even
    >>> list(sorted_products([0, 1, 2, 3], 0, 2, Limits().budget(), lambda a, b: a + b, 0, evens))
    [(0, 0), (0, 2), (1, 1), (1, 3), (2, 2), (3, 3)]
    """
    if k == 1:
        yield from ((h,) for h in completing(one) if h >= lo)
        return
    top = len(labels) - 1
    if top < lo:
        return
    tuple_bytes = 2 * ((k + 8) * 8 + PYTHON_VALUE_BYTES)  # the tuple, its slot, and its JSON copy
    prefix = [lo] * (k - 1)
    totals = [one] * k  # totals[i]: the product of the labels of prefix[:i]
    for i in range(k - 1):
        totals[i + 1] = times(totals[i], labels[lo])
    budget.spend(k)
    found = 0
    while True:
        candidates = completing(totals[k - 1])
        first = bisect_left(candidates, prefix[-1])
        if first < len(candidates):
            budget.spend(len(candidates) - first)
            found += len(candidates) - first
            budget.check_memory(  # a lower bound: more may follow
                found * tuple_bytes,
                f"the first {amount(found)} P-positions of {k:,} heaps",
                ja=f"山 {k:,} 個の P 局面の最初の {amount(found)} 個",
            )
            for h in candidates[first:]:
                yield (*prefix, h)
        i = k - 2
        while i >= 0 and prefix[i] == top:
            i -= 1
        if i < 0:
            return
        start = prefix[i] + 1
        budget.spend(k - 1 - i)
        for j in range(i, k - 1):
            prefix[j] = start
            totals[j + 1] = times(totals[j], labels[start])
