"""Grundy values of single heaps of a heap game: the Sprague–Grundy route.

By the Sprague–Grundy theorem a position of a :class:`HeapRuleset` has the
nim-sum of its heaps' values, so only G(0), G(1), ... are ever computed.
``HeapValues`` first asks the registered *value sources* (closed forms, a
proven period) and otherwise extends a cached table by mex recursion, or by
a compiled kernel (:mod:`nimlab.kernels`) where the work is large.

>>> from nimlab.games.heap import Subtraction
>>> from nimlab.limits import Limits
>>> heap_values(Subtraction((2, 4, 7)), 14, Limits().budget())
[0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1, 0, 2]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from nimlab.errors import InvalidGame, TooLarge
from nimlab.games.base import HeapRuleset
from nimlab.games.capabilities import OneHeapKernel
from nimlab.kernels.shapes import KERNEL_MIN_STATES, one_heap_work
from nimlab.limits import Budget, amount
from nimlab.solve.context import current
from nimlab.solve.methods import Method, value_source
from nimlab.solve.tablebase import HEAP_VALUES, keep_table, load_table

if TYPE_CHECKING:
    from nimlab.kernels.arrays import Array
    from nimlab.solve.tablebase import Stored

HeapValueSource = Callable[[HeapRuleset, int], int | None]
"""``(game, n) -> G(n)``, or ``None`` where the source does not know it."""

_SOURCES: list[tuple[str, HeapValueSource]] = []
_SOURCE_METHODS: dict[str, Method] = {}
"""Registered once at import, by the modules that define them (a closed form, a period)."""
LIST_ITEM_BYTES = 8
"""Bytes a cached list of small ints costs per value (the slot; small ints are shared)."""


def register_value_source(name: str, source: HeapValueSource, name_ja: str = "") -> HeapValueSource:
    """Add a named source of single-heap Grundy values (a closed form or a period).

    ``name`` and ``name_ja`` are its words in English and Japanese (for ``method``).
    """
    _SOURCES.append((name, source))
    _SOURCE_METHODS[name] = value_source(name, name_ja)
    return source


HeapValueFallback = Callable[[HeapRuleset, int, Budget], int | None]
"""``(game, n, budget) -> G(n)`` within what is left of ``budget``, or ``None``."""
_FALLBACKS: list[tuple[str, HeapValueFallback]] = []


def register_value_fallback(
    name: str, source: HeapValueFallback, name_ja: str = ""
) -> HeapValueFallback:
    """Add a source asked only when computing G(0..n) was refused over the limits (a proven
    period, found from far fewer values than a large heap needs)."""
    _FALLBACKS.append((name, source))
    _SOURCE_METHODS[name] = value_source(name, name_ja)
    return source


def source_method(name: str) -> Method:
    """The method value of a registered value source, by its name."""
    return _SOURCE_METHODS.get(name) or value_source(name, "")


def heap_values(game: HeapRuleset, count: int, budget: Budget) -> list[int]:
    """G(0), ..., G(count-1) by mex recursion, extending a per-game cache."""
    cache = current().heap_tables
    table = cache.get(game) or []
    if len(table) >= count:
        return table[:count]
    if _use_kernel(game, count):
        return heap_array(game, count, budget).tolist()  # type: ignore[no-any-return]
    kernel = game.capabilities.one_heap
    stored = _stored(game, count, budget)
    if stored is not None:
        table = stored.values.tolist()
        cache.put(game, table, LIST_ITEM_BYTES * len(table))
        return table[:count]
    table = list(table)
    budget.check_memory(  # the list of values (kernels check their arrays the same way)
        LIST_ITEM_BYTES * count,
        f"{amount(count)} Grundy values as a list",
        ja=f"リストにしたグランディ数 {amount(count)} 個",
    )
    if kernel is not None:  # the declared rule, as whole sets per heap: no option tuples
        # Known work is refused before it starts, as the kernels refuse it: a search that then
        # tries fewer values still has its budget (spent in vain, it had none left for them).
        budget.need(_declared_cost(kernel, len(table), count))
        _declared_values(kernel, table, count, budget)
        cache.put(game, table, LIST_ITEM_BYTES * len(table))
        _keep(game, table)
        return table[:count]
    for n in range(len(table), count):
        seen: set[int] = set()
        for result in game.heap_options(n):
            budget.spend()
            g = 0
            for h in result:
                if not 0 <= h < n:
                    raise InvalidGame(
                        f"{game.spec}: a move from a heap of {n} leaves a heap of {h}; "
                        "every heap left must be smaller than the heap moved in",
                        ja=f"{game.spec}: {n} 個の山からの手が {h} 個の山を残します。"
                        "残る山はどれも手を指した山より小さくなければなりません",
                    )
                g ^= table[h]
            seen.add(g)
        m = 0
        while m in seen:
            m += 1
        table.append(m)
    cache.put(game, table, LIST_ITEM_BYTES * len(table))  # replaced whole: readers see it complete
    return table[:count]


def heap_array(game: HeapRuleset, count: int, budget: Budget) -> Array:
    """G(0), ..., G(count-1) as a numpy array of the smallest unsigned type that fits.

    Large counts of the games :mod:`nimlab.kernels` covers are computed by a
    compiled kernel; the arrays are cached in the current :class:`Context`.

    >>> from nimlab.games.octal import Octal
    >>> from nimlab.limits import Limits
    >>> heap_array(Octal.from_code("0.07"), 10, Limits().budget()).tolist()
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]
    """
    cache = current().heap_arrays
    cached: Array | None = cache.get(game)
    if cached is not None and len(cached) >= count:
        return cached[:count]
    if not _use_kernel(game, count):
        from nimlab.kernels.arrays import as_array

        return as_array(heap_values(game, count, budget))
    stored = _stored(game, count, budget)
    if stored is not None:
        import numpy as np

        values = np.array(stored.values)
    else:
        from nimlab.kernels.shapes import one_heap_array

        values = one_heap_array(game, count, budget, cached)
        keep_table(HEAP_VALUES, game, len(values), values)
    values.flags.writeable = False  # callers get views of the cache: keep it intact
    cache.put(game, values, int(values.nbytes))
    return values[:count]


STORE_MIN_WORK = 200_000
"""Work (pure-Python states) from which single-heap values are kept in the tablebase.

Below it, computing them again costs less than a read of the tablebase."""


def _stored(game: HeapRuleset, count: int, budget: Budget) -> Stored | None:
    work = one_heap_work(game, count)
    if work is None or work < STORE_MIN_WORK:
        return None
    return load_table(HEAP_VALUES, game, count, budget)


def _keep(game: HeapRuleset, table: list[int]) -> None:
    """Keep values computed in Python (as unsigned ints of the smallest width that fits)."""
    work = one_heap_work(game, len(table))
    if work is None or work < STORE_MIN_WORK:
        return
    from array import array

    top = max(table, default=0)
    code = "H" if top < 2**16 else "I" if top < 2**32 else "Q" if top < 2**64 else None
    if code is not None:
        keep_table(HEAP_VALUES, game, len(table), array(code, table))


COLD_KERNEL_MIN_STATES = 3_000_000
"""Work below which a process that has not loaded numba yet stays in Python.

The declared rules run as set comprehensions at 10-20 million options a
second, so up to this much work costs about what loading numba alone does
(0.35 s); a process that has loaded numba already uses the kernels from
``KERNEL_MIN_STATES`` on.
"""


def _use_kernel(game: HeapRuleset, count: int) -> bool:
    work = one_heap_work(game, count)
    if work is None:
        return False
    loaded = "numba" in sys.modules
    return work > (KERNEL_MIN_STATES if loaded else COLD_KERNEL_MIN_STATES)


def _declared_cost(kernel: OneHeapKernel, start: int, count: int) -> int:
    """At least the states :func:`_declared_values` spends extending G(0..start-1) to count
    (exactly, but for splitting digits: a lower bound, never refusing what would fit).

    >>> _declared_cost(OneHeapKernel("identity"), 0, 2000)  # (kernel.work says 2,000,000)
    2000
    >>> _declared_cost(OneHeapKernel("subtraction", subtraction_set=(2, 4, 7)), 10, 20)
    30
    """
    heaps = max(count - start, 0)
    if kernel.kind == "identity":
        return heaps
    if kernel.kind == "all-but":
        return heaps * (len(kernel.excluded) + 1)
    if kernel.kind == "subtraction":
        return heaps * len(kernel.subtraction_set)
    if kernel.kind == "subtraction-rule":
        from nimlab.games.subtraction_rules import members

        return heaps * len(members(kernel.rule, max(count - 1, 0)))
    t = len(kernel.digits)
    splits = sum(1 for d in kernel.digits if d & 12)

    def below(x: int) -> int:  # Σ over n < x of max(0, n − t − 1)
        return max(0, x - t - 1) * max(0, x - t - 2) // 2

    # a split digit k < t spends (n − k − unequal) // 2 ≥ (n − t − 1) / 2 at heap n
    return heaps * t + splits * (below(count) - below(start)) // 2


def _declared_values(kernel: OneHeapKernel, table: list[int], count: int, budget: Budget) -> None:
    """Extend ``table`` to G(0..count-1) by the rule the kernel descriptor declares.

    The same rules as the compiled kernels (:mod:`nimlab.kernels`) and the
    rulesets' own ``heap_options``, written as one set per heap so that small
    questions need not load numba.

    >>> from nimlab.limits import Limits
    >>> grundy_game = OneHeapKernel("sparse", digits=(4,), unequal=True)
    >>> t: list[int] = []
    >>> _declared_values(grundy_game, t, 12, Limits().budget())
    >>> t  # Grundy's game
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    """
    if kernel.kind == "identity":
        budget.spend(max(count - len(table), 0))
        table.extend(range(len(table), count))
        return
    if kernel.kind == "all-but":
        _all_but_values(kernel.excluded, table, count, budget)
        return
    subtraction = kernel.subtraction_set
    if kernel.kind == "subtraction-rule":  # the members that small heaps may take
        from nimlab.games.subtraction_rules import members

        subtraction = members(kernel.rule, max(count - 1, 0))
    digits = kernel.digits
    half = 1 if kernel.unequal else 0  # Grundy's game: the two parts must differ
    for n in range(len(table), count):
        if kernel.kind in ("subtraction", "subtraction-rule"):
            seen = {table[n - s] for s in subtraction if s <= n}
            budget.spend(len(subtraction))
        else:
            seen = set()
            for k, d in enumerate(digits):
                if k > n:
                    break
                left = n - k
                if d & 1 and left == 0 and k > 0:
                    seen.add(0)
                if d & 2 and left >= 1 and k > 0:
                    seen.add(table[left])
                if d & 4 and left >= 2:
                    top = (left - half) // 2
                    seen.update({table[a] ^ table[left - a] for a in range(1, top + 1)})
                    budget.spend(top)
                if d & 8 and left >= 3:  # three heaps a ≤ b ≤ c
                    for a in range(1, left // 3 + 1):
                        rest = left - a
                        seen.update(
                            {table[a] ^ table[b] ^ table[rest - b] for b in range(a, rest // 2 + 1)}
                        )
                        budget.spend(rest // 2 - a + 1)
            budget.spend(len(digits))
        m = 0
        while m in seen:
            m += 1
        table.append(m)


def _all_but_values(
    excluded: tuple[int, ...], table: list[int], count: int, budget: Budget
) -> None:
    """Extend ``table`` for the all-but game without ``excluded``, as the compiled kernel does.

    Every smaller heap is an option but the excluded ones, so the mex is the
    least of the mex of all smaller values and the values that every heap
    holding them is excluded from.

    >>> from nimlab.limits import Limits
    >>> t: list[int] = []
    >>> _all_but_values((2, 3), t, 12, Limits().budget())
    >>> t
    [0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5]
    """
    counts: dict[int, int] = {}
    for v in table:
        counts[v] = counts.get(v, 0) + 1
    whole = 0
    while counts.get(whole):
        whole += 1
    for n in range(len(table), count):
        budget.spend(len(excluded) + 1)
        hits: dict[int, int] = {}
        for x in excluded:
            if x > n:
                break
            v = table[n - x]
            hits[v] = hits.get(v, 0) + 1
        best = min([whole, *(v for v, k in hits.items() if k == counts[v])])
        table.append(best)
        counts[best] = counts.get(best, 0) + 1
        while counts.get(whole):
            whole += 1


class HeapValues:
    """G(n) for the heaps of one game, from sources where they know, else from the table."""

    def __init__(self, game: HeapRuleset, budget: Budget) -> None:
        self.game = game
        self.budget = budget
        self.table: list[int] = []
        self.sources_used: set[str] = set()
        self.known: dict[int, int] = {}
        """Values a source or a fallback gave, past the table: asked again, they cost a
        lookup (a proven period asked 750,000 times over the splits of a heap of 3,000
        took two minutes)."""

    def __call__(self, n: int) -> int:
        if n < len(self.table):
            return self.table[n]
        value = self.known.get(n)
        if value is not None:
            return value
        for name, source in _SOURCES:
            value = source(self.game, n)
            if value is not None:
                self.sources_used.add(name)
                self.known[n] = value
                return value
        work = one_heap_work(self.game, n + 1)
        if work is not None and work > self.budget.remaining:  # refused unless a fallback knows
            value = self._fallback(n)
            if value is not None:
                return value
        try:
            self.table = heap_values(self.game, n + 1, self.budget)
        except TooLarge:
            value = self._fallback(n)
            if value is None:
                raise
            return value
        return self.table[n]

    def _fallback(self, n: int) -> int | None:
        for name, fallback in _FALLBACKS:
            value = fallback(self.game, n, self.budget)
            if value is not None:
                self.sources_used.add(name)
                self.known[n] = value
                return value
        return None

    def of(self, heaps: Iterable[int]) -> int:
        """The nim-sum of the heaps' values."""
        g = 0
        for h in heaps:
            g ^= self(h)
        return g
