"""Misère Grundy values of single heaps by a compiled kernel, where the game allows it.

A heap game whose every move leaves at most one heap (subtraction and all-but games,
octal codes with digits 0–3, Nim) has misère values of single heaps that follow a mex
recursion over single heaps (:mod:`nimlab.kernels.misere_one_heap`): no search of
many-heap positions, and, for a finite set of moves, a window criterion that proves
their period (:attr:`~nimlab.games.capabilities.OneHeapKernel.misere_window`). Other
games' misère values come from the misère search (:func:`misere_search_values`).

>>> from nimlab.registry import game
>>> from nimlab.limits import Limits
>>> misere_heap_array(game("subtraction:2,4,7"), 12, Limits().budget()).tolist()
[1, 1, 0, 0, 2, 2, 1, 3, 0, 1, 2, 0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimlab.games.base import HeapRuleset, Ruleset
from nimlab.limits import Budget, amount
from nimlab.solve.context import current

if TYPE_CHECKING:
    from nimlab.kernels.arrays import Array


def compiled_misere(game: Ruleset) -> bool:
    """Whether the misère values of ``game``'s single heaps come from the compiled kernel."""
    kernel = game.capabilities.one_heap
    return kernel is not None and kernel.single_heap_moves


def misere_work(game: Ruleset, count: int) -> int:
    """The steps of the compiled kernel for g⁻(0..count-1): the normal kernel's (Nim's as an
    all-but game with nothing excluded, one step a heap)."""
    kernel = game.capabilities.one_heap
    assert kernel is not None and kernel.single_heap_moves
    return kernel.compiled_steps(count)


def misere_heap_array(game: HeapRuleset, count: int, budget: Budget) -> Array:
    """g⁻(0), …, g⁻(count-1) by the compiled kernel (:func:`compiled_misere` games), kept in
    the current context; the work and the array's bytes are charged before it runs."""
    import numpy as np

    from nimlab.kernels import misere_one_heap as kernels
    from nimlab.kernels.arrays import smallest_unsigned

    key = ("misère values", game)
    cache = current().heap_arrays
    cached: Array | None = cache.get(key)
    if cached is not None and len(cached) >= count:
        return cached[:count]
    if count > budget.remaining:
        budget.need(count)  # refused before anything is allocated
    kernel = game.capabilities.one_heap
    assert kernel is not None and kernel.single_heap_moves
    budget.check_memory(
        count * np.dtype(smallest_unsigned(max(count, 1))).itemsize,
        f"{amount(count)} misère Grundy values",
        ja=f"ミゼールのグランディ数 {amount(count)} 個",
    )
    budget.spend_kernel(count, misere_work(game, count))
    if kernel.kind in ("identity", "all-but"):  # counts, not the list of every move
        values = kernels.misere_all_but(kernel.excluded, count)
    else:
        values = kernels.misere_take_only(*_takes(game, count - 1), count)
    values.flags.writeable = False  # callers get views of the cache: keep it intact
    cache.put(key, values, int(values.nbytes))
    return values


def _takes(game: Ruleset, top: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The numbers k of stones a move may take from heaps up to ``top``: (those it may take
    from a heap of exactly k, emptying it; those it may take from a larger heap)."""
    kernel = game.capabilities.one_heap
    assert kernel is not None and kernel.single_heap_moves
    if kernel.kind == "subtraction":
        return kernel.subtraction_set, kernel.subtraction_set
    if kernel.kind == "subtraction-rule":
        from nimlab.games.subtraction_rules import members

        listed = members(kernel.rule, max(top, 0))
        return listed, listed
    if kernel.kind in ("identity", "all-but"):
        barred = set(kernel.excluded)
        every = tuple(k for k in range(1, top + 1) if k not in barred)
        return every, every
    # an octal code of digits 0-3: bit 1 takes a whole heap of k, bit 2 leaves one
    whole = tuple(k for k, d in enumerate(kernel.digits) if k and d & 1)
    return whole, tuple(k for k, d in enumerate(kernel.digits) if k and d & 2)


def misere_table_2(game: Ruleset, size: int, budget: Budget) -> Array | None:
    """g⁻ of the two-heap positions ⟨a, b⟩, a, b < ``size``, by the compiled kernel for the
    :func:`compiled_misere` games (a move changes one heap; a heap of 0 is no heap), else
    None. The work (each cell's moves) and the table's bytes are charged first."""
    if not compiled_misere(game):
        return None
    import numpy as np

    from nimlab.kernels import misere_one_heap as kernels
    from nimlab.kernels.arrays import smallest_unsigned

    whole, part = _takes(game, size - 1)
    moves = len(set(whole) | set(part))
    budget.check_memory(
        size * size * np.dtype(smallest_unsigned(2 * moves + 1)).itemsize,
        f"a {amount(size)}×{amount(size)} table",
        ja=f"{amount(size)}×{amount(size)} の表",
    )
    budget.spend_kernel(size * size, size * (size + 1) * moves)
    return kernels.misere_take_only_table(whole, part, size)


def misere_search_values(game: HeapRuleset, start: int, stop: int, budget: Budget) -> list[int]:
    """The misère Grundy values of the single heaps start..stop-1, by misère search."""
    from nimlab.solve.search import Search

    search = Search(game, True, budget)
    return [search.grundy(game.position((n,))) for n in range(start, stop)]
