"""The compiled paths behind ``analyze``, ``grundy``, ``grundy_table`` and ``p_positions``.

Each function answers with a kernel of :mod:`nimlab.kernels` when the game
has the shape the kernel serves (two heaps, three or four heaps, take-away
states) and exhaustive search would be large (over ``KERNEL_MIN_STATES``);
otherwise it returns ``None`` and the caller searches as before. Work and
memory are checked against the limits before anything is computed.

>>> from nimlab.games.wythoff import Wythoff
>>> kernel_grundy(Wythoff(), (200, 300), Limits().budget())
74
>>> kernel_grundy(Wythoff(), (2, 3), Limits().budget()) is None  # small: search does it
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Any

from nimlab.errors import TooLarge
from nimlab.games.base import Move, Position, Ruleset
from nimlab.kernels.shapes import (
    KERNEL_MIN_STATES,
    box_size,
    k_heap_grundy_bytes,
    k_heap_grundy_states,
    k_heap_moves,
    rank_of,
    two_heap_moves,
)
from nimlab.limits import PYTHON_VALUE_BYTES, Budget, Limits, amount
from nimlab.solve.context import current
from nimlab.solve.methods import Method, kernel_p_positions, kernel_table
from nimlab.solve.planner import search_work
from nimlab.solve.tablebase import GRUNDY_2, K_HEAP_GRUNDY, TAKE_AWAY, keep_table, load_table

if TYPE_CHECKING:
    import numpy.typing as npt


def table_2(game: Ruleset, size: int, budget: Budget) -> npt.NDArray[Any] | None:
    """The two-heap Grundy table of ``game`` from its least heap, if a kernel serves it."""
    moves = two_heap_moves(game)
    if moves is None or size**3 <= KERNEL_MIN_STATES:
        return None
    stored = load_table(GRUNDY_2, game, size, budget)
    if stored is not None:
        import numpy as np

        return np.array(np.asarray(stored.values)[:size, :size])
    table = _table_2(moves, _least_heap(game), size, budget)
    keep_table(GRUNDY_2, game, size, table)
    return table


def _table_2(moves: int, lo: int, size: int, budget: Budget) -> npt.NDArray[Any]:
    from nimlab.kernels.two_heap import grundy_table_2, table_bytes, value_bound

    budget.check_memory(
        table_bytes(moves, lo, size),
        f"a {amount(size)}×{amount(size)} table",
        ja=f"{amount(size)}×{amount(size)} の表",
    )
    words = value_bound(moves, lo + size - 1) // 64 + 1
    budget.spend_kernel(size * size, size * size * words // 4)
    return grundy_table_2(moves, lo, size)


def p_positions_k(
    game: Ruleset, heaps: int, top: int, budget: Budget, force: bool = False
) -> list[tuple[int, ...]] | None:
    """Every P-position with ``heaps`` heaps, each ≤ ``top``, sorted, if a kernel serves it.

    Small tables are left to search, unless ``force`` (the planner chose the kernel).
    """
    lo = _least_heap(game)
    positions = comb(top - lo + heaps, heaps)
    if not force and positions * top <= KERNEL_MIN_STATES:
        return None
    moves2 = two_heap_moves(game) if heaps == 2 else None
    moves = k_heap_moves(game, heaps)
    if moves2 is None and moves is None:
        return None
    kind = f"p-positions-{heaps}"
    stored = load_table(kind, game, top, budget)
    if stored is not None:  # every P-position of the stored box with heaps ≤ top, in order
        rows: list[list[int]] = stored.values.tolist()  # type: ignore[assignment]  # 2-D
        need = len(rows) * (TUPLE_BYTES + heaps * PYTHON_VALUE_BYTES)
        budget.check_memory(
            need, f"{amount(len(rows))} P-positions", ja=f"P 局面 {amount(len(rows))} 個"
        )
        return [tuple(p) for p in rows if p[-1] <= top]
    budget.spend_kernel(positions)
    if moves2 is not None:
        from nimlab.kernels.two_heap import p_positions_2

        budget.check_memory(3 * (top + 1), "the P-position table", ja="P 局面の表")
        found = p_positions_2(moves2, lo, top)
    else:
        from nimlab.kernels.k_heap import index_bytes, p_positions_3, p_positions_4

        assert moves is not None
        budget.check_memory(
            index_bytes(heaps, moves, top),
            f"the {heaps}-heap P-position index",
            ja=f"山 {heaps} 個の P 局面の索引",
        )
        found = (p_positions_3 if heaps == 3 else p_positions_4)(moves, top)
    # Most of a big answer is Python objects: a tuple and its ints per position.
    need = len(found) * (TUPLE_BYTES + heaps * PYTHON_VALUE_BYTES)
    budget.check_memory(
        need, f"{amount(len(found))} P-positions", ja=f"P 局面 {amount(len(found))} 個"
    )
    keep_table(kind, game, top, found.astype("uint16" if top < 2**16 else "uint32"))
    return [tuple(p) for p in found.tolist()]


TUPLE_BYTES = 48
"""About the bytes of a Python tuple (and its slot in a list), without its items."""


@dataclass(frozen=True)
class KernelAnswer:
    """What a kernel says of one position: outcome, Grundy value and remoteness where
    known, winning moves."""

    p_position: bool
    grundy: int | None
    winning_moves: list[Move]
    method: Method
    remoteness: int | None = None


def kernel_answer(
    game: Ruleset, pos: Position, limits: Limits, force: bool = False
) -> KernelAnswer | None:
    """Analyse ``pos`` by a kernel when one serves the game and search would be large.

    With ``force`` (the planner chose the kernel) the size of the search is not asked.
    """
    if not force and search_work(game, pos) <= KERNEL_MIN_STATES:
        return None
    budget = limits.budget()
    k_table = k_heap_table(game, pos, budget)
    if k_table is not None:  # Grundy values and remoteness of the whole box
        value, far = (int(x) for x in k_table[:, rank_of(pos)])
        moves = [m for m in game.moves(pos) if k_table[0, rank_of(m.to)] == 0]
        what = f"{len(pos)}-heap Grundy table"
        return KernelAnswer(value == 0, value, moves, kernel_table(what), far)
    lookup = _grundy_lookup(game, pos, budget)
    if lookup is not None:
        value = lookup(pos)
        moves = [m for m in game.moves(pos) if lookup(m.to) == 0]
        take_away = game.capabilities.take_away_multiplier is not None
        what = "take-away states" if take_away else "two-heap Grundy table"
        reach = _take_away_remoteness(game, pos, budget) if take_away else None
        return KernelAnswer(value == 0, value, moves, kernel_table(what), reach)
    if k_heap_moves(game, len(pos)) is None:
        return None
    found = p_positions_k(game, len(pos), max(pos), budget, force)
    if found is None:
        return None
    p = set(found)
    moves = [m for m in game.moves(pos) if m.to in p]
    here = pos in p  # (its Grundy value, 0 if here, is the engine's to say)
    return KernelAnswer(here, None, moves, kernel_p_positions(len(pos), max(pos), here))


def kernel_grundy(game: Ruleset, pos: Position, budget: Budget, force: bool = False) -> int | None:
    """The Grundy value of a large two-heap or take-away position from a compiled table.

    Small positions are left to search, unless ``force`` (the planner chose the kernel).
    """
    known = kernel_values(game, pos, budget, force)
    return None if known is None else known[0]


def kernel_values(
    game: Ruleset, pos: Position, budget: Budget, force: bool = False
) -> tuple[int, int | None] | None:
    """The Grundy value of a large position from a compiled table, and its remoteness
    where the table holds it (the k-heap tables do), as :func:`kernel_grundy`."""
    if not force and search_work(game, pos) <= KERNEL_MIN_STATES:
        return None
    known = k_heap_values(game, pos, budget, force=True)
    if known is not None:
        return known
    lookup = _grundy_lookup(game, pos, budget)
    if lookup is None:
        return None
    if game.capabilities.take_away_multiplier is None:
        return lookup(pos), None
    return lookup(pos), _take_away_remoteness(game, pos, budget)


def _take_away_remoteness(game: Ruleset, pos: Position, budget: Budget) -> int | None:
    """The remoteness of the take-away state ``pos`` from the table of the states up to its
    row, computed from the Grundy values (kept beside them in the context) if it fits what
    ``budget`` has left; else None (the remoteness is optional).

    >>> from nimlab.registry import game
    >>> _take_away_remoteness(game("take-away:2"), (8, 7), Limits().budget())
    6
    """
    rows = pos[0] + 1
    cache = current().tables
    key = ("remoteness", game)
    known = cache.get(key)
    if known is None or known[0] < rows:
        from nimlab.kernels.take_away import cells, take_away_remoteness, value_bytes

        try:
            values = _table(game, rows, budget)
            budget.check_memory(
                cells(rows) * value_bytes(rows),
                f"the remoteness of {amount(cells(rows))} take-away states",
                ja=f"take-away の状態 {amount(cells(rows))} 個の遠さ",
            )
            budget.spend_kernel(cells(rows))
        except TooLarge:
            return None
        multiplier = game.capabilities.take_away_multiplier
        assert multiplier is not None
        far = take_away_remoteness(multiplier, rows, values)
        known = (rows, far)
        cache.put(key, known, int(far.nbytes))
    n, m = pos[0], pos[1]
    return int(known[1][n * (n + 1) // 2 + m])


def k_heap_values(
    game: Ruleset, pos: Position, budget: Budget, force: bool = False
) -> tuple[int, int] | None:
    """The Grundy value and remoteness of a 3- or 4-heap split/delete position from the
    k-heap Grundy table, if one serves the game and fits ``budget`` (small positions are
    left to search, unless ``force``).

    >>> from nimlab.registry import game
    >>> k_heap_values(game("delete-nim:single"), (39, 53, 56), Limits().budget())
    (7, 13)
    """
    if not force and search_work(game, pos) <= KERNEL_MIN_STATES:
        return None
    k_table = k_heap_table(game, pos, budget)
    if k_table is None:
        return None
    value, remoteness = (int(x) for x in k_table[:, rank_of(pos)])
    return value, remoteness


def k_heap_table(game: Ruleset, pos: Position, budget: Budget) -> npt.NDArray[Any] | None:
    """Grundy values (row 0) and remoteness (row 1) of every sorted position of
    ``len(pos)`` heaps up to ``pos``'s largest, by
    :func:`~nimlab.kernels.k_heap_grundy.rank_of`, if the k-heap Grundy kernel serves the
    game and its work fits what ``budget`` has left (else ``None``: the caller decides the
    outcome another way).

    The ranks of a smaller box are the first ones of a larger box (the positions are in
    order of their largest heap), so a table kept for a larger box answers.
    """
    if game.capabilities.fixed_count_moves is None:  # no kernel (a sum's position is no heaps)
        return None
    heaps, top = len(pos), max(pos, default=0)
    if top < 1 or min(pos) < 1:
        return None
    need = k_heap_grundy_states(game, heaps, top, budget.remaining)
    if need is None or need > budget.remaining:
        return None
    if k_heap_grundy_bytes(game, heaps, top) > budget.max_memory:
        return None
    positions = box_size(heaps, top)
    cache, key = current().tables, (game, heaps)
    known = cache.get(key)
    if known is not None and known[0] >= top:
        return known[1]  # type: ignore[no-any-return]
    import numpy as np

    kind = f"{K_HEAP_GRUNDY}-{heaps}"
    stored = load_table(kind, game, top, budget)
    if stored is not None:
        table = np.asarray(stored.values)
    else:
        from nimlab.kernels.k_heap_grundy import grundy_table

        moves = game.capabilities.fixed_count_moves
        assert moves is not None
        budget.check_memory(
            k_heap_grundy_bytes(game, heaps, top),
            f"the Grundy table of {amount(positions)} {heaps}-heap positions",
            ja=f"山 {heaps} 個の局面 {amount(positions)} 個のグランディ数表",
        )
        budget.spend_kernel(need)
        values, remoteness = grundy_table(moves, heaps, top)
        table = np.stack([values, remoteness])
        keep_table(kind, game, top, table)
    cache.put(key, (top, table), int(table.nbytes))
    return table


def _grundy_lookup(
    game: Ruleset, pos: Position, budget: Budget
) -> Callable[[Position], int] | None:
    """G of every position up to ``pos``'s largest heap, from a table (computed if needed)."""
    if game.capabilities.take_away_multiplier is not None:
        rows = pos[0] + 1
        table = _table(game, rows, budget)
        return lambda p: int(table[p[0] * (p[0] + 1) // 2 + p[1]])
    moves = two_heap_moves(game)
    if moves is None or len(pos) != 2:
        return None
    lo = _least_heap(game)
    table = _table(game, pos[1] - lo + 1, budget)
    return lambda p: int(table[p[0] - lo, p[1] - lo])


def _table(game: Ruleset, rows: int, budget: Budget) -> Any:
    cache = current().tables  # the last table computed per game, with its number of rows
    known = cache.get(game)
    if known is not None and known[0] >= rows:
        return known[1]
    multiplier = game.capabilities.take_away_multiplier
    kind = GRUNDY_2 if multiplier is None else TAKE_AWAY
    stored = load_table(kind, game, rows, budget)
    if stored is not None:
        cache.put(game, (stored.size, stored.values), stored.values.nbytes)
        return stored.values
    least_cells = rows * (rows + 1) // 2  # both shapes have at least a triangle of cells
    if least_cells > budget.remaining:
        budget.spend_kernel(least_cells)  # refused before numpy and the kernels are loaded
    if multiplier is not None:
        from nimlab.kernels.take_away import cells, take_away_table, value_bytes

        budget.check_memory(
            cells(rows) * value_bytes(rows),
            f"{amount(cells(rows))} take-away states",
            ja=f"take-away の状態 {amount(cells(rows))} 個",
        )
        budget.spend_kernel(cells(rows))
        table = take_away_table(multiplier, rows)
    else:
        moves = two_heap_moves(game)
        assert moves is not None
        table = _table_2(moves, _least_heap(game), rows, budget)
    cache.put(game, (rows, table), int(table.nbytes))
    keep_table(kind, game, rows, table)
    return table


def _least_heap(game: Ruleset) -> int:
    return game.capabilities.least_heap
