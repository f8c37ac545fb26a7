"""The seeds' own tables, computed by the seeds' own algorithms.

* :func:`w_table` — seed 000's table of w(n), the least winning take from n
  stones with no limit, and the "code" built from it (Games II and III; any
  take-away:C). The code turns out to be n's representation over the sequence H
  (binary for C = 1, Fibonacci for C = 2), and w(n) = ℓ(n).
* :func:`wythoff_table` — seed 000's Game IV table: p_n is the least number not
  yet used, q_n = p_n + n, with their Fibonacci representations.
* :func:`p_matrix` — Table 9 of seed 001: for heaps a, b the c with ⟨a, b, c⟩ a
  P-position, searched up to a stated bound.

>>> [(r.n, r.w, r.code) for r in w_table("fibonacci-nim", 8).rows[-3:]]
[(6, 1, '1001'), (7, 2, '1010'), (8, 8, '10000')]
>>> [(r.n, r.p, r.q, r.q_code) for r in wythoff_table(3).rows]
[(1, 1, 2, '10'), (2, 3, 5, '1000'), (3, 4, 7, '1010')]
>>> p_matrix("split-delete-nim:single", size=3, max_heap=8).cells
(((1,), (), (3,)), ((), (2,), (5,)), ((3,), (5,), (1,)))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from nimlab.checks import check_int
from nimlab.errors import InvalidOption, NotApplicable
from nimlab.games.base import Ruleset
from nimlab.limits import PYTHON_VALUE_BYTES, Limits, amount, check_limits
from nimlab.registry import game as as_game
from nimlab.solve.compiled import TUPLE_BYTES
from nimlab.solve.results import PPositions
from nimlab.solve.tables import p_positions
from nimlab.theory.zeckendorf import code

WTABLE_GAMES = "take-le-prev (Game II), fibonacci-nim (Game III) and take-away:C for any C ≥ 1"
WTABLE_GAMES_JA = (
    "take-le-prev（ゲーム II）、fibonacci-nim（ゲーム III）と任意の C ≥ 1 の take-away:C"
)


def _count(value: object, option: str, least: int = 1) -> int:
    return check_int(value, option, least)


@dataclass(frozen=True)
class WRow:
    """One row of seed 000's table: n, w(n) and n's code."""

    n: int
    w: int
    code: str

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "w": self.w, "code": self.code}


@dataclass(frozen=True)
class WTable:
    """w(n) and codes for n = 1..N of a take-away game."""

    game: str
    rows: tuple[WRow, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "rows": [r.to_dict() for r in self.rows]}


W_ROW_BYTES = 320
"""About the bytes one row of :func:`w_table` holds: the row, w(n), n's code as a number
and as text (275 measured at 10^6 rows; the text of the table is made as it is written)."""


def w_table(game: str | Ruleset, to: int, *, limits: Limits | None = None) -> WTable:
    """Seed 000's algorithm: w(n) is the least k with w(n−k) > C·k, or n; then the codes.

    Numbers with w(n) = n get the codes 1, 10, 100, ... in turn; every other n gets
    code(w(n)) + code(n − w(n)), added as binary numbers.
    """
    g = as_game(game)
    multiplier = g.capabilities.take_away_multiplier
    if multiplier is None:
        raise NotApplicable(
            f"wtable applies to {WTABLE_GAMES}; {g.spec} is not one",
            ja=f"`wtable` は {WTABLE_GAMES_JA} 用です。{g.spec} は違います",
        )
    to = _count(to, "to")
    limits = check_limits(limits)
    limits.check(to, "table rows")
    limits.check_memory(to * W_ROW_BYTES, "the table of w(n)", ja="w(n) の表")
    budget = limits.budget()
    c = multiplier
    w = [0] * (to + 1)
    codes = [0] * (to + 1)
    fresh = 1  # the code the next n with w(n) = n gets
    for n in range(1, to + 1):
        k = 1
        while k < n and w[n - k] <= c * k:
            k += 1
        budget.spend(k)
        w[n] = k
        if k == n:
            codes[n], fresh = fresh, fresh << 1
        else:
            codes[n] = codes[k] + codes[n - k]
    rows = tuple(WRow(n, w[n], format(codes[n], "b")) for n in range(1, to + 1))
    return WTable(g.spec, rows)


@dataclass(frozen=True)
class WythoffRow:
    """n, p_n, q_n of seed 000's Game IV table, with their Fibonacci representations."""

    n: int
    p: int
    q: int

    @property
    def n_code(self) -> str:
        return code(self.n)

    @property
    def p_code(self) -> str:
        return code(self.p)

    @property
    def q_code(self) -> str:
        return code(self.q)

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "n_code": self.n_code,
            "p": self.p,
            "p_code": self.p_code,
            "q": self.q,
            "q_code": self.q_code,
        }


@dataclass(frozen=True)
class WythoffTable:
    """The P-positions {p_n, q_n} of Wythoff's game for n = 1..N."""

    rows: tuple[WythoffRow, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"game": "wythoff", "rows": [r.to_dict() for r in self.rows]}


WYTHOFF_ROW_BYTES = 400
"""About the bytes one row holds: the row, its numbers and their two entries of the numbers
used (320 measured at 10^6 rows; its codes and text are made as it is written)."""


def wythoff_table(to: int, *, limits: Limits | None = None) -> WythoffTable:
    """Seed 000's algorithm: p_n is the least number not used by earlier p, q; q_n = p_n + n."""
    to = _count(to, "to")
    limits = check_limits(limits)
    limits.check(6 * to, "table cells")  # n, p_n, q_n and their three codes
    limits.check_memory(to * WYTHOFF_ROW_BYTES, "the Wythoff table", ja="ワイトホフの表")
    used: set[int] = set()
    p = 1
    rows = []
    for n in range(1, to + 1):
        while p in used:
            p += 1
        used.update((p, p + n))
        rows.append(WythoffRow(n, p, p + n))
    return WythoffTable(tuple(rows))


@dataclass(frozen=True)
class PMatrix:
    """Table 9's layout: cells[a][b] lists every c ≤ ``max`` with ⟨a, b, c⟩ a P-position."""

    game: str
    origin: int
    max: int
    cells: tuple[tuple[tuple[int, ...], ...], ...]
    found: PPositions

    def labels(self) -> list[list[str]]:
        """The cells as the paper prints them: c, or × when no c ≤ ``max`` exists."""
        return list(self.label_rows())

    def label_rows(self) -> Iterator[list[str]]:
        """The rows of :meth:`labels` one by one (a table is printed a row at a time)."""
        return (["/".join(map(str, cell)) or "×" for cell in row] for row in self.cells)

    def to_dict(self) -> dict[str, Any]:
        return {
            "origin": self.origin,
            "max": self.max,
            "rows": [[list(cell) for cell in row] for row in self.cells],
        }


def p_matrix(
    game: str | Ruleset,
    size: int,
    max_heap: int,
    *,
    misere: bool = False,
    limits: Limits | None = None,
) -> PMatrix:
    """For a, b in origin..origin+size−1, the c ≤ ``max_heap`` completing a 3-heap P-position."""
    g = as_game(game)
    found = p_positions(g, heaps=3, max_heap=max_heap, misere=misere, limits=limits)
    lo = g.capabilities.least_heap
    size = _count(size, "size")
    if lo + size - 1 > max_heap:
        raise InvalidOption(
            f"size {size} needs heaps up to {lo + size - 1}, above max_heap {max_heap}; "
            "the partners of a row are only known up to max_heap",
            field="size",
            ja=f"size {size} には {lo + size - 1} までの山が必要で、"
            f"max_heap {max_heap} を超えます。行の相手は max_heap までしかわかりません",
        )
    cells = partner_cells(found.positions, lo, size, check_limits(limits))
    return PMatrix(g.spec, lo, max_heap, cells, found)


PARTNER_BYTES = 240
"""Bytes per P-position of sorting their partners, at the most (230 measured): in each of its
6 orders (a, b, c) a cell number and a c, twice while they are gathered into one array and
again while they are put in order (a dict of sets of partners took 2,000)."""
CELL_BYTES = 56
"""About the bytes of one cell of a P-matrix: its tuple and its slot in the row."""
PARTNER_CELL_BYTES = 40
"""About the bytes of one c in a cell: a Python int and its slot in the cell's tuple."""
POSITION_BYTES = TUPLE_BYTES + 3 * PYTHON_VALUE_BYTES
"""About the bytes of one 3-heap P-position, held while its matrix is made."""

Cells = tuple[tuple[tuple[int, ...], ...], ...]


def partner_cells(
    positions: Sequence[tuple[int, ...]], lo: int, size: int, limits: Limits
) -> Cells:
    """cells[a − lo][b − lo]: the c, ascending, with ⟨a, b, c⟩ one of ``positions`` (3-heap
    P-positions) in some order, for a and b below lo + size.

    >>> partner_cells([(0, 1, 1), (1, 2, 3)], 0, 3, Limits())
    (((), (1,), ()), ((1,), (0,), (3,)), ((), (3,), ()))
    """
    cell, partner = _partners(positions, lo, size, limits)
    limits.check_memory(  # with the positions, held meanwhile
        size * size * CELL_BYTES + len(cell) * PARTNER_CELL_BYTES + len(positions) * POSITION_BYTES,
        f"a {amount(size)}×{amount(size)} matrix of P-positions",
        ja=f"P 局面の {amount(size)}×{amount(size)} の行列",
    )
    starts = cell.searchsorted([a * size for a in range(size + 1)]).tolist()
    return tuple(
        _row(cell[start:end].tolist(), partner[start:end].tolist(), a * size, size)
        for a, start, end in zip(range(size), starts, starts[1:], strict=False)
    )


def _partners(
    positions: Sequence[tuple[int, ...]], lo: int, size: int, limits: Limits
) -> tuple[Any, Any]:
    """(cells, partners): for every order (a, b, c) of every position with a and b in the
    matrix, the cell (a − lo)·size + (b − lo) and c, sorted by cell then c, each pair once."""
    import numpy as np

    limits.check_memory(  # with the positions, held meanwhile
        len(positions) * (PARTNER_BYTES + POSITION_BYTES),
        f"the partners of {amount(len(positions))} P-positions",
        ja=f"P 局面 {amount(len(positions))} 個の組の相手",
    )
    found = np.array(positions, dtype=np.int64).reshape(-1, 3)
    found -= lo
    cells, partners = [], []
    for i, j, k in ((0, 1, 2), (1, 0, 2), (0, 2, 1), (2, 0, 1), (1, 2, 0), (2, 1, 0)):
        inside = (found[:, i] < size) & (found[:, j] < size)
        cells.append(found[inside, i] * size + found[inside, j])
        partners.append(found[inside, k] + lo)
    del found
    cell, partner = np.concatenate(cells), np.concatenate(partners)
    del cells, partners
    order = np.lexsort((partner, cell))
    cell = cell[order]  # one array gathered at a time
    partner = partner[order]
    del order
    fresh = np.ones(len(cell), dtype=bool)
    fresh[1:] = (cell[1:] != cell[:-1]) | (partner[1:] != partner[:-1])
    cell = cell[fresh]
    return cell, partner[fresh]


def _row(
    cells: list[int], partners: list[int], first: int, size: int
) -> tuple[tuple[int, ...], ...]:
    """One row of :func:`partner_cells` from its sorted (cell, c) pairs; ``first`` is the
    number of its first cell."""
    row: list[tuple[int, ...]] = [()] * size
    start = 0
    for i in range(1, len(cells) + 1):
        if i == len(cells) or cells[i] != cells[start]:
            row[cells[start] - first] = tuple(partners[start:i])
            start = i
    return tuple(row)


def paper_table(game: Ruleset, origin: int) -> str | None:
    """Which of seed 001's Grundy tables 5–8 this two-heap table is, if any (the game
    declares it; those tables count heaps from 1)."""
    source = game.capabilities.grundy_table_source
    return source if source and origin >= 1 else None
