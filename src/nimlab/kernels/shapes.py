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

from typing import TYPE_CHECKING, Any

from nimlab.games.base import HeapRuleset, Ruleset
from nimlab.games.heap import GrundyGame, Nim, Subtraction
from nimlab.games.octal import Octal
from nimlab.games.split_delete import DeleteNim, SplitDeleteNim
from nimlab.games.wythoff import Wythoff
from nimlab.limits import Budget, amount

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.unsignedinteger[Any]]

KERNEL_MIN_STATES = 300_000
"""Pure-Python work (in states) above which a compiled kernel is used instead.

Measured on the development VM: the pure-Python solvers do 1.2-3 million
states a second, and loading numba with a cached kernel takes about 0.35 s,
so a cold process breaks even between 0.3 and 1 million states. The low end
is chosen because long-running processes (the web app, a notebook) pay the
load once and then gain on every call.
"""

# The moves of the two-heap kernels (see nimlab.kernels.two_heap).
REDUCE, DIAGONAL, SUMS = 1, 2, 4
# The moves of the k-heap kernels (see nimlab.kernels.k_heap).
K_REDUCE, SPLIT_KEEP, SPLIT_ALL = 1, 2, 4
TWO_PAIRS, PAIR_AND_ONE, SPLIT_KEEP_SPLITTABLE, TWO_REDUCED = 8, 16, 32, 64


def one_heap_work(game: HeapRuleset, count: int) -> int | None:
    """The pure-Python states for G(0..count-1) of ``game``, or None if no kernel serves it."""
    if isinstance(game, Subtraction):
        return count * len(game.subtraction_set)
    if isinstance(game, Nim | GrundyGame):
        return count * count // 2
    if isinstance(game, Octal):
        splits = sum(1 for d in game.digits if d & 4)
        return count * len(game.digits) + splits * count * count // 4
    return None


def two_heap_moves(game: Ruleset) -> int | None:
    """The moves of ``game`` with two heaps as two-heap kernel flags, or None if no kernel.

    With two heaps every Split-and-delete variant is Split-and-delete Nim and
    every Delete Nim variant is Delete-and-split Nim (seed 001 §4).

    >>> two_heap_moves(Wythoff()) == REDUCE | DIAGONAL
    True
    """
    if isinstance(game, Wythoff):
        return REDUCE | DIAGONAL
    if isinstance(game, SplitDeleteNim):
        return REDUCE | SUMS
    if isinstance(game, DeleteNim):
        return SUMS
    return None


_K_HEAP_MOVES = {
    (3, "split-delete-nim:single"): K_REDUCE | SPLIT_KEEP,
    (3, "delete-nim:single"): SPLIT_KEEP,
    (3, "delete-nim:less-than-half"): SPLIT_KEEP,
    (3, "delete-nim:all-but-one"): SPLIT_ALL,
    (4, "split-delete-nim:single"): K_REDUCE | SPLIT_KEEP,
    (4, "split-delete-nim:half"): TWO_PAIRS | PAIR_AND_ONE | SPLIT_KEEP_SPLITTABLE | TWO_REDUCED,
    (4, "delete-nim:single"): SPLIT_KEEP,
    (4, "delete-nim:half"): TWO_PAIRS,
    (4, "delete-nim:less-than-half"): SPLIT_KEEP | TWO_PAIRS,
    (4, "delete-nim:all-but-one"): SPLIT_ALL,
}


def k_heap_moves(game: Ruleset, heaps: int) -> int | None:
    """The moves of ``game`` with 3 or 4 heaps as k-heap kernel flags, or None if no kernel.

    >>> k_heap_moves(SplitDeleteNim("single"), 3) == K_REDUCE | SPLIT_KEEP
    True
    """
    if not isinstance(game, SplitDeleteNim | DeleteNim):
        return None
    return _K_HEAP_MOVES.get((heaps, game.spec))


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
        budget.spend(count)  # refused before anything is allocated
    if isinstance(game, Nim):
        dtype = smallest_unsigned(max(count - 1, 0))
        budget.check_memory(count * np.dtype(dtype).itemsize, f"{amount(count)} Grundy values")
        budget.spend_kernel(count)
        return np.arange(count, dtype=dtype)  # G(n) = n: every smaller heap is an option
    if isinstance(game, Subtraction):
        size = len(game.subtraction_set)
        itemsize = np.dtype(smallest_unsigned(size)).itemsize
        budget.check_memory(count * itemsize, f"{amount(count)} Grundy values")
        budget.spend_kernel(count, count * size)
        from nimlab.kernels.one_heap import subtraction_sequence

        return subtraction_sequence(game.subtraction_set, count)
    digits, unequal = ((4,), True) if isinstance(game, GrundyGame) else (game.digits, False)  # type: ignore[attr-defined]
    budget.check_memory(2 * count, f"{amount(count)} Grundy values")
    from nimlab.kernels.sparse import sparse_sequence

    values, info = sparse_sequence(digits, unequal, count, budget.kernel_steps(), prefix)
    known = 0 if prefix is None else len(prefix)
    budget.spend_kernel(info.done - known, info.steps)  # raises if it stopped over the budget
    return values


def as_array(values: list[int]) -> Array:
    """A list of Grundy values as a numpy array of the smallest unsigned type that fits."""
    import numpy as np

    return np.asarray(values, dtype=smallest_unsigned(max(values, default=0)))


def smallest_unsigned(top: int) -> type[np.unsignedinteger[Any]]:
    """The smallest numpy unsigned type that holds ``0..top``.

    >>> smallest_unsigned(255), smallest_unsigned(256)
    (<class 'numpy.uint8'>, <class 'numpy.uint16'>)
    """
    import numpy as np

    for t in (np.uint8, np.uint16, np.uint32, np.uint64):
        if top <= np.iinfo(t).max:
            return t
    raise OverflowError(f"{top} does not fit in 64 bits")
