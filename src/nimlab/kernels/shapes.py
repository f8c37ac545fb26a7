"""Which kernel serves which game, what it costs, and the calls into it.

This module imports neither numba nor numpy at import time, so a solver can
ask "is there a kernel, and is the work big enough to repay loading it?"
for free. A kernel is used where the pure-Python work would exceed
``KERNEL_MIN_STATES``: below that, loading numba (about 0.4 s) costs more
than it saves, and small inputs such as ``nimlab analyze nim 3,4,5`` stay on
the pure-Python path.

>>> from nimlab.games.heap import Subtraction
>>> one_heap_work(Subtraction((2, 4, 7)), 1000)
3000
>>> from nimlab.limits import Limits
>>> one_heap_array(Subtraction((2, 4, 7)), 12, Limits().budget()).tolist()
[0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1]
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from nimlab.games.base import HeapRuleset, Ruleset
from nimlab.games.capabilities import (  # noqa: F401 - the kernels' move flags, re-exported
    DIAGONAL,
    K_REDUCE,
    KEEP_NONE_LINES,
    KEEP_ONE_LINES,
    PAIR_AND_ONE,
    REDUCE,
    REDUCE_LINES,
    SPLIT_ALL,
    SPLIT_KEEP,
    SPLIT_KEEP_SPLITTABLE,
    SUMS,
    TOTAL_LINES,
    TWO_PAIRS,
    TWO_REDUCED,
)
from nimlab.kernels.arrays import as_array, smallest_unsigned  # noqa: F401 - re-exported
from nimlab.limits import Budget, amount, kernel_states

if TYPE_CHECKING:
    from nimlab.kernels.arrays import Array

KERNEL_MIN_STATES = 300_000
"""Pure-Python work (in states) above which a compiled kernel is used instead.

Measured on the development VM: the pure-Python solvers do 1.2-3 million
states a second, and loading numba with a cached kernel takes about 0.35 s,
so a cold process breaks even between 0.3 and 1 million states. The low end
is chosen because long-running processes (the web app, a notebook) pay the
load once and then gain on every call.
"""


def one_heap_work(game: Ruleset, count: int) -> int | None:
    """The pure-Python states for G(0..count-1) of ``game``, or None if no kernel serves it."""
    kernel = game.capabilities.one_heap
    return None if kernel is None else kernel.work(count)


def two_heap_moves(game: Ruleset) -> int | None:
    """The moves of ``game`` with two heaps as two-heap kernel flags, or None if no kernel.

    With two heaps every Split-and-delete variant is Split-and-delete Nim and
    every Delete Nim variant is Delete-and-split Nim (seed 001 §4).

    >>> from nimlab.games.wythoff import Wythoff
    >>> two_heap_moves(Wythoff()) == REDUCE | DIAGONAL
    True
    """
    return game.capabilities.two_heap_kernel


def k_heap_moves(game: Ruleset, heaps: int) -> int | None:
    """The moves of ``game`` with 3 or 4 heaps as k-heap kernel flags, or None if no kernel.

    >>> from nimlab.games.split_delete import SplitDeleteNim
    >>> k_heap_moves(SplitDeleteNim("single"), 3) == K_REDUCE | SPLIT_KEEP
    True
    """
    return game.capabilities.k_heap_kernel(heaps)


def _k_heap_kernels() -> dict[tuple[int, str], int]:
    """Every (heaps, spec) a k-heap kernel serves among the registered split/delete games."""
    from nimlab.games.split_delete import (
        DELETE_VARIANTS,
        SPLIT_DELETE_VARIANTS,
        DeleteNim,
        SplitDeleteNim,
    )

    games: list[Ruleset] = [SplitDeleteNim(v) for v in SPLIT_DELETE_VARIANTS]
    games += [DeleteNim(v) for v in DELETE_VARIANTS]
    return {(k, g.spec): f for g in games for k, f in g.capabilities.k_heap_kernels}


_K_HEAP_MOVES = _k_heap_kernels()
"""(heaps, spec) → k-heap kernel flags, as the games declare them (for tests and benchmarks)."""


def one_heap_array(
    game: HeapRuleset, count: int, budget: Budget, prefix: Array | None = None
) -> Array:
    """G(0..count-1) of a game :func:`one_heap_work` accepts, by its compiled kernel.

    Work is charged to ``budget`` and refused up front where it is known in
    advance (subtraction games: count × |S| steps; every game: count positions
    and the array's bytes); the sparse-space kernel is stopped when it runs
    over the budget, and extends ``prefix`` (values known) instead of
    starting again.
    """
    import numpy as np

    if count > budget.remaining:
        budget.need(count)  # refused before anything is allocated (and not counted)
    kernel = game.capabilities.one_heap
    if kernel is None:
        raise ValueError(f"{game.spec} declares no one-heap kernel")
    if kernel.kind == "identity":
        dtype = smallest_unsigned(max(count - 1, 0))
        budget.check_memory(
            count * np.dtype(dtype).itemsize,
            f"{amount(count)} Grundy values",
            ja=f"グランディ数 {amount(count)} 個",
        )
        budget.spend_kernel(count)
        return np.arange(count, dtype=dtype)  # G(n) = n: every smaller heap is an option
    if kernel.kind == "subtraction":
        size = len(kernel.subtraction_set)
        itemsize = np.dtype(smallest_unsigned(size)).itemsize
        budget.check_memory(
            count * itemsize,
            f"{amount(count)} Grundy values",
            ja=f"グランディ数 {amount(count)} 個",
        )
        budget.spend_kernel(count, count * size)
        from nimlab.kernels.one_heap import subtraction_sequence

        return subtraction_sequence(kernel.subtraction_set, count)
    if kernel.kind == "take-and-break":
        budget.check_memory(
            8 * count, f"{amount(count)} Grundy values", ja=f"グランディ数 {amount(count)} 個"
        )
        known = 0 if prefix is None else len(prefix)
        budget.spend_kernel(count - known, kernel.work(count) - kernel.work(known))
        from nimlab.kernels.take_and_break import take_and_break_sequence

        return take_and_break_sequence(kernel.digits, count, prefix)
    if kernel.kind == "subtraction-rule":
        from nimlab.games.subtraction_rules import members

        bound = kernel.work(count) // max(count, 1)  # members below count, at most
        budget.check_memory(
            count + 8 * bound,
            f"{amount(count)} Grundy values",
            ja=f"グランディ数 {amount(count)} 個",
        )
        budget.spend_kernel(count, kernel.work(count))
        from nimlab.kernels.one_heap import subtraction_sequence

        return subtraction_sequence(members(kernel.rule, max(count - 1, 0)), count)
    if kernel.kind == "all-but":
        itemsize = np.dtype(smallest_unsigned(max(count - 1, 0))).itemsize
        budget.check_memory(
            count * (itemsize + 16),
            f"{amount(count)} Grundy values",
            ja=f"グランディ数 {amount(count)} 個",
        )
        budget.spend_kernel(count, kernel.work(count))
        from nimlab.kernels.one_heap import all_but_sequence

        return all_but_sequence(kernel.excluded, count)
    budget.check_memory(
        2 * count, f"{amount(count)} Grundy values", ja=f"グランディ数 {amount(count)} 個"
    )
    from nimlab.kernels.octal_engine import octal_sequence

    digits, unequal = kernel.digits, kernel.unequal
    values, info = octal_sequence(digits, unequal, count, budget.kernel_steps(), prefix)
    known = 0 if prefix is None else len(prefix)
    budget.spend_kernel(info.done - known, info.steps)  # raises if it stopped over the budget
    return values


K_HEAP_STEP_WEIGHT = 8
"""A step of the k-heap Grundy kernel's listed options (sort an option's heaps, rank it,
read its value and remoteness) is charged as this many steps of a bitset kernel: measured
50–80 ns a step on the 2-core VM, against a few nanoseconds for a bit set. By lines, a
position is charged one state (about 0.7–1.7 µs measured, as a state of search)."""


def box_size(heaps: int, top: int) -> int:
    """The sorted positions of ``heaps`` heaps from 1 to ``top``: C(top + heaps − 1, heaps).

    >>> box_size(4, 30), box_size(0, 30), box_size(3, 0)
    (40920, 1, 0)
    """
    return comb(top + heaps - 1, heaps) if top >= 1 else int(heaps == 0)


def rank_of(position: tuple[int, ...]) -> int:
    """The index of a sorted position of heaps ≥ 1 in the k-heap Grundy kernel's tables
    (:mod:`nimlab.kernels.k_heap_grundy`; here, so that a stored table is read without
    loading numba).

    >>> [rank_of(p) for p in ((1, 1), (1, 2), (2, 2), (1, 3))]
    [0, 1, 2, 3]
    """
    return sum(comb(h - 1 + i, i + 1) for i, h in enumerate(position))


def first_words(top: int) -> int:
    """The 64-bit words a line's bitset of the k-heap Grundy kernel starts with (values up
    to about 3·top: the largest seen to heap 100 is 2.5·top); a run that finds a larger
    value starts again with twice as many."""
    return (3 * top) // 64 + 1


def k_heap_grundy_states(game: Ruleset, heaps: int, top: int, cap: int) -> int | None:
    """The states the k-heap Grundy table of ``game`` (``heaps`` = 3 or 4 heaps, each
    1..``top``) is charged, or None if no kernel serves it. A box of more than ``cap``
    positions is not counted through: its size is returned (the charge is at least that).

    >>> from nimlab.games.split_delete import DeleteNim, SplitDeleteNim
    >>> k_heap_grundy_states(DeleteNim("less-than-half"), 4, 30, 10**9)  # by lines
    40920
    >>> k_heap_grundy_states(SplitDeleteNim("half"), 4, 30, 10**9)  # listed: 209 M options
    26175600
    >>> k_heap_grundy_states(DeleteNim("less-than-half"), 4, 10**30, 10**9) > 10**100
    True
    """
    moves = game.capabilities.fixed_count_moves
    if moves is None or heaps not in (3, 4) or k_heap_moves(game, heaps) is None:
        return None
    positions = box_size(heaps, top)
    if positions > cap or moves.line_families(heaps) is not None:
        return positions
    return kernel_states(positions, K_HEAP_STEP_WEIGHT * moves.options_in_box(heaps, top))


def k_heap_grundy_bytes(game: Ruleset, heaps: int, top: int) -> int:
    """Bytes the k-heap Grundy kernel needs for ``heaps`` heaps to ``top``: the value and
    remoteness of each position (4 bytes each) and, by lines, a bitset and two remoteness
    figures a line.

    >>> from nimlab.games.split_delete import DeleteNim
    >>> k_heap_grundy_bytes(DeleteNim("single"), 4, 100) // 10**6  # 35 MB of them the table
    59
    """
    need = 8 * box_size(heaps, top)
    moves = game.capabilities.fixed_count_moves
    families = None if moves is None else moves.line_families(heaps)
    if families is None:
        return need
    line = 8 * first_words(top) + 8
    if families & REDUCE_LINES:
        need += line * box_size(heaps - 1, top)
    if families & KEEP_ONE_LINES:
        need += line * box_size(heaps - 2, top) * (top + 1)
    if families & KEEP_NONE_LINES:
        need += line * (top + 1) ** 2
    if families & TOTAL_LINES:
        need += line * (top + 1)
    return need
